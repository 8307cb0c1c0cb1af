/* A validator that sets VX_TENSOR_NUMBER_OF_DIMS and then VX_TENSOR_DIMS from a larger array
 * (sizeof(vx_size[4]) for 3 dims, as real kernels write it): the output has the dims it set, for
 * a real output (verification accepts it) and a virtual one (it takes that shape). */
#include <VX/vx.h>
#include <string.h>

#include "check.h"

static vx_status VX_CALLBACK run_nothing(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node, (void)p, (void)n;
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK validate(vx_node node, const vx_reference p[], vx_uint32 n, vx_meta_format metas[])
{
    (void)node, (void)p, (void)n;
    vx_size count = 3, dims[4] = {5, 4, 2, 0};
    vx_enum type = VX_TYPE_INT16;
    vx_int8 fixed = 8;
    TRY(vxSetMetaFormatAttribute(metas[1], VX_TENSOR_NUMBER_OF_DIMS, &count, sizeof count));
    TRY(vxSetMetaFormatAttribute(metas[1], VX_TENSOR_DIMS, dims, sizeof dims));
    TRY(vxSetMetaFormatAttribute(metas[1], VX_TENSOR_DATA_TYPE, &type, sizeof type));
    TRY(vxSetMetaFormatAttribute(metas[1], VX_TENSOR_FIXED_POINT_POSITION, &fixed, sizeof fixed));
    return VX_SUCCESS;
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    vx_enum id;
    CHECK_OK(vxAllocateUserKernelId(ctx, &id));
    vx_kernel k = vxAddUserKernel(ctx, "test.tensor.dims", id, run_nothing, 2, validate, NULL, NULL);
    CHECK_REF(k);
    CHECK_OK(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_TENSOR, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(k, 1, VX_OUTPUT, VX_TYPE_TENSOR, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxFinalizeKernel(k));
    vx_size dims[3] = {5, 4, 2};
    vx_tensor in = vxCreateTensor(ctx, 3, dims, VX_TYPE_INT16, 8), out = vxCreateTensor(ctx, 3, dims, VX_TYPE_INT16, 8);
    for (int virt = 0; virt < 2; virt++) {
        vx_graph g = vxCreateGraph(ctx);
        vx_tensor o = virt ? vxCreateVirtualTensor(g, 0, NULL, VX_TYPE_INT16, 8) : out;
        vx_node node = vxCreateGenericNode(g, k);
        CHECK_OK(vxSetParameterByIndex(node, 0, (vx_reference)in));
        CHECK_OK(vxSetParameterByIndex(node, 1, (vx_reference)o));
        vx_node reader = NULL;
        if (virt) {                            /* a reader of the virtual tensor: the same kernel */
            reader = vxCreateGenericNode(g, k);
            CHECK_OK(vxSetParameterByIndex(reader, 0, (vx_reference)o));
            CHECK_OK(vxSetParameterByIndex(reader, 1, (vx_reference)out));
        }
        CHECK_OK(vxVerifyGraph(g));
        CHECK_OK(vxProcessGraph(g));
        vx_size count = 0, got[4] = {0, 0, 0, 0};
        CHECK_OK(vxQueryTensor(o, VX_TENSOR_NUMBER_OF_DIMS, &count, sizeof count));
        CHECK_OK(vxQueryTensor(o, VX_TENSOR_DIMS, got, count * sizeof got[0]));
        CHECK(count == 3 && got[0] == 5 && got[1] == 4 && got[2] == 2);
        if (virt)
            vxReleaseNode(&reader), vxReleaseTensor(&o);
        vxReleaseNode(&node);
        vxReleaseGraph(&g);
    }
    vxReleaseTensor(&in), vxReleaseTensor(&out);
    CHECK_OK(vxRemoveKernel(k));
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
