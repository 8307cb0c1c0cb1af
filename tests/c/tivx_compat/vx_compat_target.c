/*
 * Target side of the compat kernels: TIOVX style, descriptors told apart by their type code,
 * memory reached through tivxMemShared2TargetPtr and tivxMemBufferMap, context from tivxMemAlloc.
 */
#include <TI/tivx.h>
#include <TI/tivx_target_kernel.h>
#include <TI/tivx_task.h>
#include "tivx_compat_kernels.h"
#include "tivx_compat_utils.h"

typedef struct
{
    uint8_t local_val;
} tivxCompatSourceParams;

typedef struct
{
    uint32_t frames;
    uint32_t mismatches;
} tivxCompatSinkParams;

typedef struct
{
    uint32_t sum;
} tivxCompatPyramidParams;

typedef struct
{
    vx_bool fail_delete;
} tivxCompatTimeoutParams;

static tivx_target_kernel compat_target_kernels[7][3];

static const char *compat_targets[] = {TIVX_TARGET_DSP1, TIVX_TARGET_DSP2, TIVX_TARGET_MPU_0};

/* ------------------------------------------------------------------ common create / delete */

static vx_status VX_CALLBACK tivxCompatCreateContext(tivx_target_kernel_instance kernel, uint32_t size)
{
    vx_status status = VX_SUCCESS;
    void *prms = tivxMemAlloc(size, TIVX_MEM_EXTERNAL);

    if (NULL == prms)
    {
        status = VX_ERROR_NO_MEMORY;
        VX_PRINT(VX_ZONE_ERROR, "Unable to allocate the kernel context\n");
    }
    else
    {
        memset(prms, 0, size);
        status = tivxSetTargetKernelInstanceContext(kernel, prms, size);
    }
    return status;
}

static vx_status VX_CALLBACK tivxCompatDeleteContext(tivx_target_kernel_instance kernel)
{
    vx_status status;
    void *prms = NULL;
    uint32_t size = 0;

    status = tivxGetTargetKernelInstanceContext(kernel, &prms, &size);
    if ((VX_SUCCESS == status) && (NULL != prms))
    {
        tivxCheckStatus(&status, tivxMemFree(prms, size, TIVX_MEM_EXTERNAL));
    }
    return status;
}

static vx_status VX_CALLBACK tivxCompatCreate(tivx_target_kernel_instance kernel, tivx_obj_desc_t *obj_desc[],
    uint16_t num_params, void *priv_arg)
{
    return tivxCompatCreateContext(kernel, (uint32_t)(uintptr_t)priv_arg);
}

static vx_status VX_CALLBACK tivxCompatDelete(tivx_target_kernel_instance kernel, tivx_obj_desc_t *obj_desc[],
    uint16_t num_params, void *priv_arg)
{
    return tivxCompatDeleteContext(kernel);
}

/* ------------------------------------------------------------------ scalar source */

static vx_status VX_CALLBACK tivxCompatScalarSourceProcess(tivx_target_kernel_instance kernel,
    tivx_obj_desc_t *obj_desc[], uint16_t num_params, void *priv_arg)
{
    vx_status status = VX_SUCCESS;
    tivxCompatSourceParams *prms = NULL;
    uint32_t size;
    vx_enum state;

    if ((num_params != TIVX_KERNEL_COMPAT_SCALAR_SOURCE_MAX_PARAMS) ||
        (NULL == obj_desc[TIVX_KERNEL_COMPAT_SCALAR_SOURCE_OUT_IDX]) ||
        (obj_desc[TIVX_KERNEL_COMPAT_SCALAR_SOURCE_OUT_IDX]->type != TIVX_OBJ_DESC_SCALAR))
    {
        status = VX_FAILURE;
    }
    if (VX_SUCCESS == status)
    {
        status = tivxGetTargetKernelInstanceContext(kernel, (void **)&prms, &size);
    }
    if (VX_SUCCESS == status)
    {
        status = tivxGetTargetKernelInstanceState(kernel, &state);
    }
    if ((VX_SUCCESS == status) && (VX_NODE_STATE_STEADY == state))
    {
        tivx_obj_desc_scalar_t *out_desc = (tivx_obj_desc_scalar_t *)obj_desc[TIVX_KERNEL_COMPAT_SCALAR_SOURCE_OUT_IDX];

        prms->local_val++;
        tivxTaskWaitMsecs(1);
        out_desc->data.u08 = prms->local_val;
    }
    return status;
}

static vx_status VX_CALLBACK tivxCompatScalarSourceControl(tivx_target_kernel_instance kernel, uint32_t node_cmd_id,
    tivx_obj_desc_t *obj_desc[], uint16_t num_params, void *priv_arg)
{
    vx_status status = VX_SUCCESS;

    if ((TIVX_COMPAT_SCALAR_SRC_INC == node_cmd_id) && (1U == num_params) && (NULL != obj_desc[0]) &&
        (TIVX_OBJ_DESC_SCALAR == obj_desc[0]->type))
    {
        ((tivx_obj_desc_scalar_t *)obj_desc[0])->data.u08++;
    }
    else
    {
        status = VX_ERROR_NOT_SUPPORTED;
    }
    return status;
}

/* ------------------------------------------------------------------ scalar intermediate and sink */

static vx_status VX_CALLBACK tivxCompatScalarIntermediateProcess(tivx_target_kernel_instance kernel,
    tivx_obj_desc_t *obj_desc[], uint16_t num_params, void *priv_arg)
{
    vx_status status = VX_SUCCESS;
    vx_enum state = VX_NODE_STATE_STEADY;

    if ((num_params != TIVX_KERNEL_COMPAT_SCALAR_INTERMEDIATE_MAX_PARAMS) ||
        (NULL == obj_desc[TIVX_KERNEL_COMPAT_SCALAR_INTERMEDIATE_IN_IDX]) ||
        (NULL == obj_desc[TIVX_KERNEL_COMPAT_SCALAR_INTERMEDIATE_OUT_IDX]))
    {
        status = VX_FAILURE;
    }
    if (VX_SUCCESS == status)
    {
        status = tivxGetTargetKernelInstanceState(kernel, &state);
    }
    if ((VX_SUCCESS == status) && (VX_NODE_STATE_STEADY == state))
    {
        tivx_obj_desc_scalar_t *in_desc = (tivx_obj_desc_scalar_t *)obj_desc[TIVX_KERNEL_COMPAT_SCALAR_INTERMEDIATE_IN_IDX];
        tivx_obj_desc_scalar_t *out_desc = (tivx_obj_desc_scalar_t *)obj_desc[TIVX_KERNEL_COMPAT_SCALAR_INTERMEDIATE_OUT_IDX];

        out_desc->data.u08 = (vx_uint8)(in_desc->data.u08 + 1U);
    }
    return status;
}

static vx_status VX_CALLBACK tivxCompatScalarSinkProcess(tivx_target_kernel_instance kernel,
    tivx_obj_desc_t *obj_desc[], uint16_t num_params, void *priv_arg)
{
    vx_status status = VX_SUCCESS;
    tivxCompatSinkParams *prms = NULL;
    uint32_t size;
    vx_enum state = VX_NODE_STATE_STEADY;

    if ((num_params != TIVX_KERNEL_COMPAT_SCALAR_SINK_MAX_PARAMS) ||
        (NULL == obj_desc[TIVX_KERNEL_COMPAT_SCALAR_SINK_IN_IDX]))
    {
        status = VX_FAILURE;
    }
    if (VX_SUCCESS == status)
    {
        status = tivxGetTargetKernelInstanceContext(kernel, (void **)&prms, &size);
        tivxCheckStatus(&status, tivxGetTargetKernelInstanceState(kernel, &state));
    }
    if ((VX_SUCCESS == status) && (VX_NODE_STATE_STEADY == state))
    {
        tivx_obj_desc_scalar_t *in_desc = (tivx_obj_desc_scalar_t *)obj_desc[TIVX_KERNEL_COMPAT_SCALAR_SINK_IN_IDX];

        /* frame k (from 0) of source + intermediate is k + 2 */
        if (in_desc->data.u08 != (vx_uint8)(prms->frames + 2U))
        {
            VX_PRINT(VX_ZONE_WARNING, "frame %u: got %u\n", prms->frames, in_desc->data.u08);
            prms->mismatches++;
        }
        prms->frames++;
    }
    return status;
}

static vx_status VX_CALLBACK tivxCompatScalarSinkControl(tivx_target_kernel_instance kernel, uint32_t node_cmd_id,
    tivx_obj_desc_t *obj_desc[], uint16_t num_params, void *priv_arg)
{
    vx_status status = VX_SUCCESS;
    tivxCompatSinkParams *prms = NULL;
    uint32_t size;

    status = tivxGetTargetKernelInstanceContext(kernel, (void **)&prms, &size);
    if (VX_SUCCESS == status)
    {
        switch (node_cmd_id)
        {
            case TIVX_COMPAT_SINK_GET_STATS:
                if ((2U != num_params) || (NULL == obj_desc[0]) || (NULL == obj_desc[1]) ||
                    (TIVX_OBJ_DESC_SCALAR != obj_desc[0]->type) || (TIVX_OBJ_DESC_SCALAR != obj_desc[1]->type))
                {
                    status = VX_ERROR_INVALID_PARAMETERS;
                }
                else
                {
                    ((tivx_obj_desc_scalar_t *)obj_desc[0])->data.u32 = prms->frames;
                    ((tivx_obj_desc_scalar_t *)obj_desc[1])->data.u32 = prms->mismatches;
                }
                break;
            case TIVX_COMPAT_SINK_CHECK_NULL:
                if ((2U != num_params) || (NULL != obj_desc[0]) || (NULL == obj_desc[1]) ||
                    (TIVX_OBJ_DESC_SCALAR != obj_desc[1]->type))
                {
                    status = VX_FAILURE;
                }
                break;
            default:
                status = VX_ERROR_NOT_SUPPORTED;
                break;
        }
    }
    return status;
}

/* ------------------------------------------------------------------ not (U8 images) */

static vx_status VX_CALLBACK tivxCompatNotProcess(tivx_target_kernel_instance kernel,
    tivx_obj_desc_t *obj_desc[], uint16_t num_params, void *priv_arg)
{
    vx_status status = VX_SUCCESS;
    tivx_obj_desc_image_t *src, *dst;

    if ((num_params != TIVX_KERNEL_COMPAT_NOT_MAX_PARAMS) ||
        (NULL == obj_desc[TIVX_KERNEL_COMPAT_NOT_IN_IDX]) || (NULL == obj_desc[TIVX_KERNEL_COMPAT_NOT_OUT_IDX]) ||
        (TIVX_OBJ_DESC_IMAGE != obj_desc[TIVX_KERNEL_COMPAT_NOT_IN_IDX]->type) ||
        (TIVX_OBJ_DESC_IMAGE != obj_desc[TIVX_KERNEL_COMPAT_NOT_OUT_IDX]->type))
    {
        status = VX_FAILURE;
        VX_PRINT(VX_ZONE_ERROR, "not: the parameters are not two images\n");
    }
    if (VX_SUCCESS == status)
    {
        uint8_t *src_addr, *dst_addr;
        uint32_t x, y;

        src = (tivx_obj_desc_image_t *)obj_desc[TIVX_KERNEL_COMPAT_NOT_IN_IDX];
        dst = (tivx_obj_desc_image_t *)obj_desc[TIVX_KERNEL_COMPAT_NOT_OUT_IDX];
        VX_PRINT(VX_ZONE_INFO, "not: %ux%u\n", src->width, src->height);
        VX_PRINT_KERNEL(VX_ZONE_INFO, kernel, "the node's own zone\n");

        src_addr = tivxMemShared2TargetPtr(&src->mem_ptr[0]);
        dst_addr = tivxMemShared2TargetPtr(&dst->mem_ptr[0]);
        tivxCheckStatus(&status, tivxMemBufferMap(src_addr, src->mem_size[0], VX_MEMORY_TYPE_HOST, VX_READ_ONLY));
        tivxCheckStatus(&status, tivxMemBufferMap(dst_addr, dst->mem_size[0], VX_MEMORY_TYPE_HOST, VX_WRITE_ONLY));

        for (y = src->valid_roi.start_y; y < src->valid_roi.end_y; y++)
        {
            uint8_t *s = src_addr + y * (uint32_t)src->imagepatch_addr[0].stride_y;
            uint8_t *d = dst_addr + y * (uint32_t)dst->imagepatch_addr[0].stride_y;

            for (x = src->valid_roi.start_x; x < src->valid_roi.end_x; x++)
            {
                d[x] = (uint8_t)~s[x];
            }
        }

        tivxCheckStatus(&status, tivxMemBufferUnmap(src_addr, src->mem_size[0], VX_MEMORY_TYPE_HOST, VX_READ_ONLY));
        tivxCheckStatus(&status, tivxMemBufferUnmap(dst_addr, dst->mem_size[0], VX_MEMORY_TYPE_HOST, VX_WRITE_ONLY));
    }
    return status;
}

/* ------------------------------------------------------------------ pyramid source and sink */

static vx_status VX_CALLBACK tivxCompatPyramidSourceProcess(tivx_target_kernel_instance kernel,
    tivx_obj_desc_t *obj_desc[], uint16_t num_params, void *priv_arg)
{
    vx_status status = VX_SUCCESS;
    tivx_obj_desc_pyramid_t *pyr;
    tivx_obj_desc_t *levels[TIVX_PYRAMID_MAX_LEVEL_OBJECTS];
    uint32_t l, x, y;

    if ((num_params != TIVX_KERNEL_COMPAT_PYRAMID_SOURCE_MAX_PARAMS) ||
        (NULL == obj_desc[TIVX_KERNEL_COMPAT_PYRAMID_SOURCE_OUT_IDX]) ||
        (TIVX_OBJ_DESC_PYRAMID != obj_desc[TIVX_KERNEL_COMPAT_PYRAMID_SOURCE_OUT_IDX]->type))
    {
        status = VX_FAILURE;
    }
    if (VX_SUCCESS == status)
    {
        pyr = (tivx_obj_desc_pyramid_t *)obj_desc[TIVX_KERNEL_COMPAT_PYRAMID_SOURCE_OUT_IDX];
        tivxGetObjDescList(pyr->obj_desc_id, levels, pyr->num_levels);
        for (l = 0; (l < pyr->num_levels) && (VX_SUCCESS == status); l++)
        {
            tivx_obj_desc_image_t *img = (tivx_obj_desc_image_t *)levels[l];
            uint8_t *addr;

            if ((NULL == img) || (TIVX_OBJ_DESC_IMAGE != img->base.type))
            {
                status = VX_FAILURE;
                break;
            }
            addr = tivxMemShared2TargetPtr(&img->mem_ptr[0]);
            tivxCheckStatus(&status, tivxMemBufferMap(addr, img->mem_size[0], VX_MEMORY_TYPE_HOST, VX_WRITE_ONLY));
            for (y = 0; y < img->height; y++)
            {
                for (x = 0; x < img->width; x++)
                {
                    addr[y * (uint32_t)img->imagepatch_addr[0].stride_y + x] = TIVX_COMPAT_PYRAMID_PIXEL(x, y, l);
                }
            }
            tivxCheckStatus(&status, tivxMemBufferUnmap(addr, img->mem_size[0], VX_MEMORY_TYPE_HOST, VX_WRITE_ONLY));
        }
    }
    return status;
}

static vx_status VX_CALLBACK tivxCompatPyramidSinkProcess(tivx_target_kernel_instance kernel,
    tivx_obj_desc_t *obj_desc[], uint16_t num_params, void *priv_arg)
{
    vx_status status = VX_SUCCESS;
    tivxCompatPyramidParams *prms = NULL;
    uint32_t size, l, x, y, sum = 0;

    if ((num_params != TIVX_KERNEL_COMPAT_PYRAMID_SINK_MAX_PARAMS) ||
        (NULL == obj_desc[TIVX_KERNEL_COMPAT_PYRAMID_SINK_IN_IDX]) ||
        (TIVX_OBJ_DESC_PYRAMID != obj_desc[TIVX_KERNEL_COMPAT_PYRAMID_SINK_IN_IDX]->type))
    {
        status = VX_FAILURE;
    }
    if (VX_SUCCESS == status)
    {
        status = tivxGetTargetKernelInstanceContext(kernel, (void **)&prms, &size);
    }
    if (VX_SUCCESS == status)
    {
        tivx_obj_desc_pyramid_t *pyr = (tivx_obj_desc_pyramid_t *)obj_desc[TIVX_KERNEL_COMPAT_PYRAMID_SINK_IN_IDX];

        for (l = 0; l < pyr->num_levels; l++)
        {
            tivx_obj_desc_image_t *img = (tivx_obj_desc_image_t *)tivxGetObjDescElement(&pyr->base, (uint16_t)l);
            uint8_t *addr;

            if ((NULL == img) || (TIVX_OBJ_DESC_IMAGE != img->base.type) || (img->base.element_idx != l))
            {
                status = VX_FAILURE;
                break;
            }
            addr = tivxMemShared2TargetPtr(&img->mem_ptr[0]);
            for (y = 0; y < img->height; y++)
            {
                for (x = 0; x < img->width; x++)
                {
                    sum = sum * 31U + addr[y * (uint32_t)img->imagepatch_addr[0].stride_y + x];
                }
            }
        }
        /* one past the last level there is nothing */
        if (NULL != tivxGetObjDescElement(&pyr->base, (uint16_t)pyr->num_levels))
        {
            status = VX_FAILURE;
        }
        prms->sum = sum;
    }
    return status;
}

static vx_status VX_CALLBACK tivxCompatPyramidSinkControl(tivx_target_kernel_instance kernel, uint32_t node_cmd_id,
    tivx_obj_desc_t *obj_desc[], uint16_t num_params, void *priv_arg)
{
    vx_status status;
    tivxCompatPyramidParams *prms = NULL;
    uint32_t size;

    status = tivxGetTargetKernelInstanceContext(kernel, (void **)&prms, &size);
    if ((VX_SUCCESS == status) && (TIVX_COMPAT_PYRAMID_SINK_GET_SUM == node_cmd_id) && (1U == num_params) &&
        (NULL != obj_desc[0]) && (TIVX_OBJ_DESC_SCALAR == obj_desc[0]->type))
    {
        ((tivx_obj_desc_scalar_t *)obj_desc[0])->data.u32 = prms->sum;
    }
    else
    {
        status = VX_ERROR_NOT_SUPPORTED;
    }
    return status;
}

/* ------------------------------------------------------------------ command timeouts */

static vx_status VX_CALLBACK tivxCompatCmdTimeoutProcess(tivx_target_kernel_instance kernel,
    tivx_obj_desc_t *obj_desc[], uint16_t num_params, void *priv_arg)
{
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK tivxCompatCmdTimeoutControl(tivx_target_kernel_instance kernel, uint32_t node_cmd_id,
    tivx_obj_desc_t *obj_desc[], uint16_t num_params, void *priv_arg)
{
    vx_status status;
    tivxCompatTimeoutParams *prms = NULL;
    uint32_t size;

    status = tivxGetTargetKernelInstanceContext(kernel, (void **)&prms, &size);
    if ((VX_SUCCESS == status) && (TIVX_COMPAT_CMD_SLEEP == node_cmd_id) && (1U == num_params) &&
        (NULL != obj_desc[0]) && (TIVX_OBJ_DESC_SCALAR == obj_desc[0]->type))
    {
        tivxTaskWaitMsecs(((tivx_obj_desc_scalar_t *)obj_desc[0])->data.u32);
    }
    else if ((VX_SUCCESS == status) && (TIVX_COMPAT_CMD_FAIL_DELETE == node_cmd_id))
    {
        prms->fail_delete = (vx_bool)vx_true_e;
    }
    else
    {
        status = VX_ERROR_NOT_SUPPORTED;
    }
    return status;
}

static vx_status VX_CALLBACK tivxCompatCmdTimeoutDelete(tivx_target_kernel_instance kernel,
    tivx_obj_desc_t *obj_desc[], uint16_t num_params, void *priv_arg)
{
    vx_status status;
    tivxCompatTimeoutParams *prms = NULL;
    uint32_t size;
    vx_bool fail = (vx_bool)vx_false_e;

    status = tivxGetTargetKernelInstanceContext(kernel, (void **)&prms, &size);
    if ((VX_SUCCESS == status) && (NULL != prms))
    {
        fail = prms->fail_delete;
    }
    tivxCheckStatus(&status, tivxCompatDeleteContext(kernel));
    if ((VX_SUCCESS == status) && ((vx_bool)vx_true_e == fail))
    {
        status = VX_FAILURE;
    }
    return status;
}

/* ------------------------------------------------------------------ registration */

void tivxRegisterCompatTargetKernels(void)
{
    uint32_t t;

    for (t = 0; t < dimof(compat_targets); t++)
    {
        compat_target_kernels[0][t] = tivxAddTargetKernelByName(TIVX_KERNEL_COMPAT_SCALAR_SOURCE_NAME,
            compat_targets[t], tivxCompatScalarSourceProcess, tivxCompatCreate, tivxCompatDelete,
            tivxCompatScalarSourceControl, (void *)(uintptr_t)sizeof(tivxCompatSourceParams));
        compat_target_kernels[1][t] = tivxAddTargetKernelByName(TIVX_KERNEL_COMPAT_SCALAR_INTERMEDIATE_NAME,
            compat_targets[t], tivxCompatScalarIntermediateProcess, tivxCompatCreate, tivxCompatDelete, NULL,
            (void *)(uintptr_t)sizeof(uint32_t));
        compat_target_kernels[2][t] = tivxAddTargetKernelByName(TIVX_KERNEL_COMPAT_SCALAR_SINK_NAME,
            compat_targets[t], tivxCompatScalarSinkProcess, tivxCompatCreate, tivxCompatDelete,
            tivxCompatScalarSinkControl, (void *)(uintptr_t)sizeof(tivxCompatSinkParams));
        compat_target_kernels[3][t] = tivxAddTargetKernelByName(TIVX_KERNEL_COMPAT_NOT_NAME,
            compat_targets[t], tivxCompatNotProcess, tivxCompatCreate, tivxCompatDelete, NULL,
            (void *)(uintptr_t)sizeof(uint32_t));
        compat_target_kernels[4][t] = tivxAddTargetKernelByName(TIVX_KERNEL_COMPAT_PYRAMID_SOURCE_NAME,
            compat_targets[t], tivxCompatPyramidSourceProcess, tivxCompatCreate, tivxCompatDelete, NULL,
            (void *)(uintptr_t)sizeof(uint32_t));
        compat_target_kernels[5][t] = tivxAddTargetKernelByName(TIVX_KERNEL_COMPAT_PYRAMID_SINK_NAME,
            compat_targets[t], tivxCompatPyramidSinkProcess, tivxCompatCreate, tivxCompatDelete,
            tivxCompatPyramidSinkControl, (void *)(uintptr_t)sizeof(tivxCompatPyramidParams));
        compat_target_kernels[6][t] = tivxAddTargetKernelByName(TIVX_KERNEL_COMPAT_CMD_TIMEOUT_NAME,
            compat_targets[t], tivxCompatCmdTimeoutProcess, tivxCompatCreate, tivxCompatCmdTimeoutDelete,
            tivxCompatCmdTimeoutControl, (void *)(uintptr_t)sizeof(tivxCompatTimeoutParams));
    }
}

void tivxUnRegisterCompatTargetKernels(void)
{
    uint32_t k, t;

    for (k = 0; k < dimof(compat_target_kernels); k++)
    {
        for (t = 0; t < dimof(compat_targets); t++)
        {
            if (NULL != compat_target_kernels[k][t])
            {
                tivxRemoveTargetKernel(compat_target_kernels[k][t]);
                compat_target_kernels[k][t] = NULL;
            }
        }
    }
}
