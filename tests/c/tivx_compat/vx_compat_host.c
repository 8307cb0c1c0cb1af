/*
 * Host side of the compat kernels: user kernels without a host function, their targets, validators
 * in TIOVX style, and the module entry points vxLoadKernels calls.
 */
#include <TI/tivx.h>
#include "tivx_compat_kernels.h"
#include "tivx_compat_utils.h"

typedef struct
{
    const char *name;
    vx_uint32 num_params;
    vx_enum dirs[2];
    vx_enum types[2];
    vx_bool sink;
} tivxCompatKernelInfo;

static const tivxCompatKernelInfo compat_kernels[] =
{
    {TIVX_KERNEL_COMPAT_SCALAR_SOURCE_NAME, TIVX_KERNEL_COMPAT_SCALAR_SOURCE_MAX_PARAMS,
        {VX_OUTPUT}, {VX_TYPE_SCALAR}, (vx_bool)vx_false_e},
    {TIVX_KERNEL_COMPAT_SCALAR_INTERMEDIATE_NAME, TIVX_KERNEL_COMPAT_SCALAR_INTERMEDIATE_MAX_PARAMS,
        {VX_INPUT, VX_OUTPUT}, {VX_TYPE_SCALAR, VX_TYPE_SCALAR}, (vx_bool)vx_false_e},
    {TIVX_KERNEL_COMPAT_SCALAR_SINK_NAME, TIVX_KERNEL_COMPAT_SCALAR_SINK_MAX_PARAMS,
        {VX_INPUT}, {VX_TYPE_SCALAR}, (vx_bool)vx_true_e},
    {TIVX_KERNEL_COMPAT_NOT_NAME, TIVX_KERNEL_COMPAT_NOT_MAX_PARAMS,
        {VX_INPUT, VX_OUTPUT}, {VX_TYPE_IMAGE, VX_TYPE_IMAGE}, (vx_bool)vx_false_e},
    {TIVX_KERNEL_COMPAT_PYRAMID_SOURCE_NAME, TIVX_KERNEL_COMPAT_PYRAMID_SOURCE_MAX_PARAMS,
        {VX_OUTPUT}, {VX_TYPE_PYRAMID}, (vx_bool)vx_false_e},
    {TIVX_KERNEL_COMPAT_PYRAMID_SINK_NAME, TIVX_KERNEL_COMPAT_PYRAMID_SINK_MAX_PARAMS,
        {VX_INPUT}, {VX_TYPE_PYRAMID}, (vx_bool)vx_true_e},
    {TIVX_KERNEL_COMPAT_CMD_TIMEOUT_NAME, TIVX_KERNEL_COMPAT_CMD_TIMEOUT_MAX_PARAMS,
        {VX_INPUT}, {VX_TYPE_SCALAR}, (vx_bool)vx_false_e},
};

static vx_kernel compat_kernel_refs[dimof(compat_kernels)];

/* Outputs are described by the objects given (a u8 scalar, an image like the input, the pyramid
 * itself); inputs of the not kernel must be U8 images. */
static vx_status VX_CALLBACK tivxAddKernelCompatValidate(vx_node node, const vx_reference parameters[],
    vx_uint32 num, vx_meta_format metas[])
{
    vx_status status = VX_SUCCESS;
    vx_uint32 i;

    for (i = 0U; i < num; i++)
    {
        if (NULL == parameters[i])
        {
            status = VX_ERROR_INVALID_PARAMETERS;
            VX_PRINT(VX_ZONE_ERROR, "One or more REQUIRED parameters are set to NULL\n");
        }
    }
    if ((VX_SUCCESS == status) && (2U == num))
    {
        vx_enum type;

        tivxCheckStatus(&status, vxQueryReference(parameters[0], VX_REFERENCE_TYPE, &type, sizeof(type)));
        if ((VX_SUCCESS == status) && ((vx_enum)VX_TYPE_IMAGE == type))
        {
            vx_df_image fmt = VX_DF_IMAGE_VIRT;

            tivxCheckStatus(&status, vxQueryImage((vx_image)parameters[0], VX_IMAGE_FORMAT, &fmt, sizeof(fmt)));
            if (VX_DF_IMAGE_U8 != fmt)
            {
                status = VX_ERROR_INVALID_FORMAT;
                VX_PRINT(VX_ZONE_ERROR, "'in' should be an image of type:\n VX_DF_IMAGE_U8 \n");
            }
            else
            {
                tivxCheckStatus(&status, vxSetMetaFormatFromReference(metas[1], parameters[0]));
            }
            return status;
        }
    }
    for (i = 0U; (i < num) && (VX_SUCCESS == status); i++)
    {
        vx_enum type;

        tivxCheckStatus(&status, vxQueryReference(parameters[i], VX_REFERENCE_TYPE, &type, sizeof(type)));
        if ((VX_SUCCESS == status) && ((vx_enum)VX_TYPE_SCALAR == type))
        {
            vx_enum scalar_type;

            tivxCheckStatus(&status, vxQueryScalar((vx_scalar)parameters[i], VX_SCALAR_TYPE, &scalar_type,
                sizeof(scalar_type)));
            if ((VX_SUCCESS == status) && (VX_TYPE_UINT8 != scalar_type) && (VX_TYPE_UINT32 != scalar_type))
            {
                status = VX_ERROR_INVALID_PARAMETERS;
                VX_PRINT(VX_ZONE_ERROR, "'in' should be a scalar of type:\n VX_TYPE_UINT8 \n");
            }
        }
        if (VX_SUCCESS == status)
        {
            vx_parameter param = vxGetParameterByIndex(node, i);
            vx_enum dir = VX_INPUT;

            tivxCheckStatus(&status, vxQueryParameter(param, VX_PARAMETER_DIRECTION, &dir, sizeof(dir)));
            tivxCheckStatus(&status, vxReleaseParameter(&param));
            if ((VX_SUCCESS == status) && ((vx_enum)VX_OUTPUT == dir))
            {
                tivxCheckStatus(&status, vxSetMetaFormatFromReference(metas[i], parameters[i]));
            }
        }
    }
    return status;
}

static vx_status tivxAddKernelCompat(vx_context context, vx_uint32 k)
{
    const tivxCompatKernelInfo *info = &compat_kernels[k];
    vx_kernel kernel = NULL;
    vx_status status;
    vx_enum kernel_id;
    vx_uint32 index;

    status = vxAllocateUserKernelId(context, &kernel_id);
    if (VX_SUCCESS != status)
    {
        VX_PRINT(VX_ZONE_ERROR, "Unable to allocate user kernel ID\n");
    }
    if (VX_SUCCESS == status)
    {
        kernel = vxAddUserKernel(context, info->name, kernel_id, NULL, info->num_params,
            tivxAddKernelCompatValidate, NULL, NULL);
        status = vxGetStatus((vx_reference)kernel);
    }
    for (index = 0U; (index < info->num_params) && (VX_SUCCESS == status); index++)
    {
        status = vxAddParameterToKernel(kernel, index, info->dirs[index], info->types[index],
            VX_PARAMETER_STATE_REQUIRED);
    }
    if (VX_SUCCESS == status)
    {
        tivxCheckStatus(&status, tivxAddKernelTarget(kernel, TIVX_TARGET_DSP1));
        tivxCheckStatus(&status, tivxAddKernelTarget(kernel, TIVX_TARGET_DSP2));
        tivxCheckStatus(&status, tivxAddKernelTarget(kernel, TIVX_TARGET_MPU_0));
    }
    if ((VX_SUCCESS == status) && ((vx_bool)vx_true_e == info->sink))
    {
        status = tivxSetKernelSinkDepth(kernel, 1);
    }
    if (VX_SUCCESS == status)
    {
        status = vxFinalizeKernel(kernel);
    }
    if ((VX_SUCCESS != status) && (NULL != kernel))
    {
        vxReleaseKernel(&kernel);
        kernel = NULL;
    }
    compat_kernel_refs[k] = kernel;
    return status;
}

VX_API_ENTRY vx_status VX_API_CALL vxPublishKernels(vx_context context)
{
    vx_status status = VX_SUCCESS;
    vx_uint32 k;

    tivxRegisterCompatTargetKernels();
    for (k = 0U; (k < dimof(compat_kernels)) && (VX_SUCCESS == status); k++)
    {
        status = tivxAddKernelCompat(context, k);
    }
    return status;
}

VX_API_ENTRY vx_status VX_API_CALL vxUnpublishKernels(vx_context context)
{
    vx_status status = VX_SUCCESS;
    vx_uint32 k;

    for (k = 0U; k < dimof(compat_kernels); k++)
    {
        if (NULL != compat_kernel_refs[k])
        {
            tivxCheckStatus(&status, vxRemoveKernel(compat_kernel_refs[k]));
            compat_kernel_refs[k] = NULL;
        }
    }
    tivxUnRegisterCompatTargetKernels();
    return status;
}
