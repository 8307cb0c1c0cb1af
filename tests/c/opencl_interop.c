/* vx_khr_opencl_interop.h is shipped and compiles without OpenCL installed; with no OpenCL in
 * pyopenvx, vxCreateContextFromCL gives NULL, and the extension's memory type and attributes are
 * refused where they are passed. */
#include <VX/vx.h>
#include <VX/vx_khr_opencl_interop.h>
#include <string.h>

#include "check.h"

int main(void)
{
    CHECK(vxCreateContextFromCL((cl_context)NULL, (cl_command_queue)NULL) == NULL);
    CHECK(strcmp(OPENVX_KHR_OPENCL_INTEROP, "vx_khr_opencl_interop") == 0);
    CHECK(VX_MEMORY_TYPE_OPENCL_BUFFER == 0xE002 && VX_CONTEXT_CL_CONTEXT == 0x8010F &&
          VX_CONTEXT_CL_COMMAND_QUEUE == 0x80110 && VX_NODE_CL_COMMAND_QUEUE == 0x80309 &&
          VX_KERNEL_USE_OPENCL == 0x80404);
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    cl_context cl = NULL;
    CHECK(vxQueryContext(ctx, VX_CONTEXT_CL_CONTEXT, &cl, sizeof cl) != VX_SUCCESS);
    vx_imagepatch_addressing_t addr = {8, 8, 1, 8, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 8};
    void *ptrs[1] = {&addr};
    vx_image img = vxCreateImageFromHandle(ctx, VX_DF_IMAGE_U8, &addr, ptrs, VX_MEMORY_TYPE_OPENCL_BUFFER);
    CHECK(vxGetStatus((vx_reference)img) != VX_SUCCESS);
    vx_size dims[1] = {8};
    vx_tensor t = vxCreateTensor(ctx, 1, dims, VX_TYPE_UINT8, 0);
    vx_size zero[1] = {0}, stride[1] = {1};
    vx_uint8 buf[8];
    CHECK(vxCopyTensorPatch(t, 1, zero, dims, stride, buf, VX_READ_ONLY, VX_MEMORY_TYPE_OPENCL_BUFFER) != VX_SUCCESS);
    vxReleaseTensor(&t);
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
