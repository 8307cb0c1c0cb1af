/* A module with one C kernel for the Pythonic graph tests: "test.c.add10", U8 image in -> out,
 * out = min(in + 10, 255). */
#include "kernels.h"

static vx_uint8 plus_10(vx_uint8 v)
{
    return (vx_uint8)(v > 245 ? 255 : v + 10);
}

static vx_status VX_CALLBACK add10(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)n;
    return u8_pointwise(p, plus_10);
}

VX_API_ENTRY vx_status VX_API_CALL vxPublishKernels(vx_context context)
{
    vx_enum id;
    TRY(vxAllocateUserKernelId(context, &id));
    vx_kernel k = vxAddUserKernel(context, "test.c.add10", id, add10, 2, like_input, NULL, NULL);
    TRY(vxGetStatus((vx_reference)k));
    TRY(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    TRY(vxAddParameterToKernel(k, 1, VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    TRY(vxFinalizeKernel(k));
    return vxReleaseKernel(&k);
}

VX_API_ENTRY vx_status VX_API_CALL vxUnpublishKernels(vx_context context)
{
    vx_kernel k = vxGetKernelByName(context, "test.c.add10");
    TRY(vxGetStatus((vx_reference)k));
    return vxRemoveKernel(k);
}
