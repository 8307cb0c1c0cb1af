/* A module with one C kernel for the Pythonic graph tests: "test.c.add10", U8 image in -> out,
 * out = min(in + 10, 255). */
#include "kernels.h"

static vx_status VX_CALLBACK add10(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)n;
    u8_map in, out;
    TRY(map_u8((vx_image)p[0], VX_READ_ONLY, &in));
    TRY(map_u8((vx_image)p[1], VX_WRITE_ONLY, &out));
    for (vx_uint32 y = 0; y < in.height; y++)
        for (vx_uint32 x = 0; x < in.width; x++) {
            unsigned v = in.p[y * in.stride + x] + 10u;
            out.p[y * out.stride + x] = (vx_uint8)(v > 255 ? 255 : v);
        }
    TRY(vxUnmapImagePatch((vx_image)p[1], out.id));
    return vxUnmapImagePatch((vx_image)p[0], in.id);
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
