/* A module with one C kernel for the Ctrl-C tests: "test.c.sigint", U8 image in -> out (a copy),
 * that raises SIGINT on its thread as if the user pressed Ctrl-C while it ran. */
#include <signal.h>

#include "kernels.h"

static vx_uint8 same(vx_uint8 v)
{
    return v;
}

static vx_status VX_CALLBACK copy_then_sigint(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)n;
    vx_status status = u8_pointwise(p, same);
    raise(SIGINT);
    return status;
}

VX_API_ENTRY vx_status VX_API_CALL vxPublishKernels(vx_context context)
{
    vx_enum id;
    TRY(vxAllocateUserKernelId(context, &id));
    vx_kernel k = vxAddUserKernel(context, "test.c.sigint", id, copy_then_sigint, 2, like_input, NULL, NULL);
    TRY(vxGetStatus((vx_reference)k));
    TRY(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    TRY(vxAddParameterToKernel(k, 1, VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    TRY(vxFinalizeKernel(k));
    return vxReleaseKernel(&k);
}

VX_API_ENTRY vx_status VX_API_CALL vxUnpublishKernels(vx_context context)
{
    vx_kernel k = vxGetKernelByName(context, "test.c.sigint");
    TRY(vxGetStatus((vx_reference)k));
    return vxRemoveKernel(k);
}
