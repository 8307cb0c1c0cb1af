/* Host side of the demo kernel library: user kernels with a NULL process function, their targets
 * listed with tivxAddKernelTarget; vxPublishKernels also registers the target side, as a TIOVX
 * application's init does on each core. */
#include <VX/vx.h>
#include <TI/tivx.h>
#include "tivx_demo.h"

/* Every output is described as the object given. */
static vx_status VX_CALLBACK tivxDemoValidate(vx_node node, const vx_reference parameters[], vx_uint32 num,
                                              vx_meta_format metas[])
{
    vx_status status = VX_SUCCESS;
    (void)node;
    for (vx_uint32 i = 0; i < num; i++)
        if (metas[i] != NULL && parameters[i] != NULL)
            tivxCheckStatus(&status, vxSetMetaFormatFromReference(metas[i], parameters[i]));
    return status;
}

static vx_status add_kernel(vx_context context, const char *name, const vx_enum types[], const vx_enum dirs[],
                            vx_uint32 num, const char *const targets[], vx_uint32 num_targets)
{
    vx_enum id;
    vx_status status = vxAllocateUserKernelId(context, &id);
    if (status != VX_SUCCESS)
        return status;
    vx_kernel kernel = vxAddUserKernel(context, name, id, NULL, num, tivxDemoValidate, NULL, NULL);
    status = vxGetStatus((vx_reference)kernel);
    for (vx_uint32 i = 0; i < num && status == VX_SUCCESS; i++)
        status = vxAddParameterToKernel(kernel, i, dirs[i], types[i], VX_PARAMETER_STATE_REQUIRED);
    for (vx_uint32 t = 0; t < num_targets && status == VX_SUCCESS; t++)
        status = tivxAddKernelTarget(kernel, targets[t]);
    if (status == VX_SUCCESS)
        status = vxFinalizeKernel(kernel);
    if (status != VX_SUCCESS && vxGetStatus((vx_reference)kernel) == VX_SUCCESS)
        vxRemoveKernel(kernel);
    else if (status == VX_SUCCESS)
        vxReleaseKernel(&kernel);
    return status;
}

VX_API_ENTRY vx_status VX_API_CALL vxPublishKernels(vx_context context)
{
    static const vx_enum add_types[] = {VX_TYPE_IMAGE, VX_TYPE_SCALAR, VX_TYPE_IMAGE, VX_TYPE_USER_DATA_OBJECT,
                                        VX_TYPE_SCALAR};
    static const vx_enum add_dirs[] = {VX_INPUT, VX_INPUT, VX_OUTPUT, VX_OUTPUT, VX_OUTPUT};
    static const char *const add_targets[] = {TIVX_TARGET_DSP1, TIVX_TARGET_DSP2};
    static const vx_enum sleep_types[] = {VX_TYPE_SCALAR, VX_TYPE_SCALAR, VX_TYPE_USER_DATA_OBJECT,
                                          VX_TYPE_USER_DATA_OBJECT};
    static const vx_enum sleep_dirs[] = {VX_INPUT, VX_INPUT, VX_INPUT, VX_OUTPUT};
    static const char *const sleep_targets[] = {TIVX_TARGET_DSP1, TIVX_TARGET_DSP2, TIVX_TARGET_MPU_0};
    static const char *const orphan_targets[] = {TIVX_TARGET_DSP2};
    static const vx_enum describe_types[] = {VX_TYPE_PYRAMID, VX_TYPE_OBJECT_ARRAY, VX_TYPE_TENSOR, VX_TYPE_ARRAY,
                                             VX_TYPE_USER_DATA_OBJECT};
    static const vx_enum describe_dirs[] = {VX_INPUT, VX_INPUT, VX_INPUT, VX_OUTPUT, VX_OUTPUT};
    static const char *const describe_targets[] = {TIVX_TARGET_MPU_0};
    static const vx_enum data_types[] = {VX_TYPE_MATRIX, VX_TYPE_LUT, VX_TYPE_THRESHOLD, VX_TYPE_CONVOLUTION,
                                         VX_TYPE_DISTRIBUTION, VX_TYPE_REMAP, VX_TYPE_USER_DATA_OBJECT};
    static const vx_enum data_dirs[] = {VX_OUTPUT, VX_OUTPUT, VX_OUTPUT, VX_OUTPUT, VX_OUTPUT, VX_OUTPUT, VX_OUTPUT};
    static const char *const data_targets[] = {TIVX_TARGET_DSP1};

    tivxAddTargetKernelDemo();
    vx_status status = add_kernel(context, TIVX_DEMO_ADD_CONST_NAME, add_types, add_dirs,
                                  TIVX_DEMO_ADD_CONST_MAX_PARAMS, add_targets, 2);
    tivxCheckStatus(&status, add_kernel(context, TIVX_DEMO_SLEEP_NAME, sleep_types, sleep_dirs,
                                        TIVX_DEMO_SLEEP_MAX_PARAMS, sleep_targets, 3));
    tivxCheckStatus(&status, add_kernel(context, TIVX_DEMO_DESCRIBE_NAME, describe_types, describe_dirs,
                                        TIVX_DEMO_DESCRIBE_MAX_PARAMS, describe_targets, 1));
    tivxCheckStatus(&status, add_kernel(context, TIVX_DEMO_DATA_NAME, data_types, data_dirs, TIVX_DEMO_DATA_MAX_PARAMS,
                                        data_targets, 1));
    tivxCheckStatus(&status, add_kernel(context, TIVX_DEMO_ORPHAN_NAME, sleep_types, sleep_dirs,
                                        TIVX_DEMO_SLEEP_MAX_PARAMS, orphan_targets, 1));
    if (status != VX_SUCCESS)
        tivxRemoveTargetKernelDemo();
    return status;
}

VX_API_ENTRY vx_status VX_API_CALL vxUnpublishKernels(vx_context context)
{
    static const char *const names[] = {TIVX_DEMO_ADD_CONST_NAME, TIVX_DEMO_SLEEP_NAME, TIVX_DEMO_DESCRIBE_NAME,
                                        TIVX_DEMO_DATA_NAME, TIVX_DEMO_ORPHAN_NAME};
    vx_status status = VX_SUCCESS;
    for (int i = 0; i < 5; i++) {
        vx_kernel kernel = vxGetKernelByName(context, names[i]);
        tivxCheckStatus(&status, vxGetStatus((vx_reference)kernel));
        if (vxGetStatus((vx_reference)kernel) == VX_SUCCESS && vxRemoveKernel(kernel) != VX_SUCCESS)
            vxReleaseKernel(&kernel);
    }
    tivxRemoveTargetKernelDemo();
    return status;
}
