/* 1.0's Accumulate kernels (vx_compatibility.h) against plain C: the accumulator updated in place
 * twice, as a node, through vxu and (weighted, square) through vx_khr_bidirectional_parameters.h's
 * creators taking the scalar by value, over extremes of both images; AccumulateWeighted (in 15-bit
 * fixed point) within 1 of the spec's formula in float for every input and accumulator value; the
 * accumulator is VX_BIDIRECTIONAL and a graph runs its readers after the accumulation. Then refusals. */
#include <VX/vx.h>
#include <VX/vx_khr_bidirectional_parameters.h>
#include <VX/vxu.h>
#include <stdlib.h>

#include "check.h"
#include "std_images.h"

enum { W = 19, H = 7 };

static int32_t reference(vx_enum kernel, int32_t in, int32_t acc, vx_float32 alpha, vx_uint32 shift)
{
    int32_t v;
    switch (kernel) {
    case VX_KERNEL_ACCUMULATE: v = acc + in; return v > 32767 ? 32767 : v;
    case VX_KERNEL_ACCUMULATE_WEIGHTED: {
        int32_t k = (int32_t)((double)alpha * 32768.0 + 0.5);                /* alpha in 1/32768 */
        return ((32768 - k) * acc + k * in) >> 15;
    }
    default: v = (uint16_t)acc + (int32_t)((uint32_t)(in * in) >> shift); return v > 32767 ? 32767 : v;
    }
}

/* how: 0 a node, 1 vxu, 2 a node of the value-taking creator (Accumulate has none: a node) */
static vx_status run(vx_context ctx, int how, vx_enum kernel, vx_image in, vx_scalar s, vx_image acc)
{
    int immediate = how == 1;
    vx_float32 alpha;
    vx_uint32 shift;
    if (how == 2 && kernel == VX_KERNEL_ACCUMULATE_WEIGHTED) {
        CHECK_OK(vxCopyScalar(s, &alpha, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        graph_ = vxCreateGraph(ctx);
        return run_graph_node(vxAccumulateWeightedImageNodeX(graph_, in, alpha, acc));
    }
    if (how == 2 && kernel == VX_KERNEL_ACCUMULATE_SQUARE) {
        CHECK_OK(vxCopyScalar(s, &shift, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        graph_ = vxCreateGraph(ctx);
        return run_graph_node(vxAccumulateSquareImageNodeX(graph_, in, shift, acc));
    }
    switch (kernel) {
    case VX_KERNEL_ACCUMULATE:
        return RUN(immediate, ctx, vxuAccumulateImage(ctx, in, acc), vxAccumulateImageNode(graph_, in, acc));
    case VX_KERNEL_ACCUMULATE_WEIGHTED:
        return RUN(immediate, ctx, vxuAccumulateWeightedImage(ctx, in, s, acc),
                   vxAccumulateWeightedImageNode(graph_, in, s, acc));
    default:
        return RUN(immediate, ctx, vxuAccumulateSquareImage(ctx, in, s, acc),
                   vxAccumulateSquareImageNode(graph_, in, s, acc));
    }
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    enum { MAX = 641 * 2 };                  /* sizes around the vector loops' widths (odd, 1, past 32) */
    static const vx_uint32 sizes[][2] = {{W, H}, {1, 3}, {7, 2}, {33, 2}, {641, 2}};
    static int32_t in_values[MAX], acc_values[MAX], want[MAX], got[MAX];
    const vx_enum kernels[3] = {VX_KERNEL_ACCUMULATE, VX_KERNEL_ACCUMULATE_WEIGHTED, VX_KERNEL_ACCUMULATE_SQUARE};
    enum { SETTINGS = 6 };
    const vx_float32 alphas[SETTINGS] = {0.3f, 1.0f, 0.0f, 0.5f, 0.999f, 0.001f};
    const vx_uint32 shifts[SETTINGS] = {0, 7, 1, 15, 3, 8};
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
        vx_uint32 w = sizes[z][0], h = sizes[z][1], n = w * h;
        vx_image in = test_image(ctx, w, h, VX_DF_IMAGE_U8, 3, in_values);
        for (int k = 0; k < 3; k++)
            for (int setting = 0; setting < SETTINGS; setting++)
                for (int how = 0; how < 3; how++) {
                    vx_df_image f = kernels[k] == VX_KERNEL_ACCUMULATE_WEIGHTED ? VX_DF_IMAGE_U8 : VX_DF_IMAGE_S16;
                    vx_image acc = test_image(ctx, w, h, f, 9 + setting, acc_values);
                    vx_scalar s = kernels[k] == VX_KERNEL_ACCUMULATE_WEIGHTED
                                      ? vxCreateScalar(ctx, VX_TYPE_FLOAT32, &alphas[setting])
                                      : vxCreateScalar(ctx, VX_TYPE_UINT32, &shifts[setting]);
                    for (vx_uint32 i = 0; i < n; i++)
                        want[i] = acc_values[i];
                    for (int round = 0; round < 2; round++) {
                        CHECK_OK(run(ctx, how, kernels[k], in, s, acc));
                        for (vx_uint32 i = 0; i < n; i++)
                            want[i] = reference(kernels[k], in_values[i], want[i], alphas[setting], shifts[setting]);
                    }
                    read_image(acc, got);
                    for (vx_uint32 i = 0; i < n; i++)
                        if (got[i] != want[i]) {
                            fprintf(stderr, "kernel %d setting %d how %d size %ux%u pixel %u: %d, expected %d (in %d, "
                                    "acc %d)\n", kernels[k], setting, how, w, h, i, got[i], want[i], in_values[i],
                                    acc_values[i]);
                            return 1;
                        }
                    vxReleaseImage(&acc), vxReleaseScalar(&s);
                }
        vxReleaseImage(&in);
    }
    /* AccumulateWeighted on every (input, accumulator) pair: the fixed point above, and within 1 of
     * (1 - alpha) acc + alpha in in float (the conformance tests' reference and tolerance) */
    const vx_float32 cts_alphas[] = {0.5f, 0.0f, 1.0f, 0.25f, 0.95f, 0.999f, 0.001f, 0.3f, 1.0f / 3};
    static int32_t pair_in[256 * 256], pair_acc[256 * 256], pair_got[256 * 256];
    for (int i = 0; i < 256 * 256; i++)
        pair_in[i] = i % 256, pair_acc[i] = i / 256;
    for (size_t a = 0; a < sizeof cts_alphas / sizeof cts_alphas[0]; a++) {
        vx_image in = vxCreateImage(ctx, 256, 256, VX_DF_IMAGE_U8), acc = vxCreateImage(ctx, 256, 256, VX_DF_IMAGE_U8);
        vx_scalar s = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &cts_alphas[a]);
        copy_image(in, pair_in, VX_WRITE_ONLY);
        copy_image(acc, pair_acc, VX_WRITE_ONLY);
        CHECK_OK(vxuAccumulateWeightedImage(ctx, in, s, acc));
        read_image(acc, pair_got);
        for (int i = 0; i < 256 * 256; i++) {
            vx_float32 f = (1 - cts_alphas[a]) * (vx_float32)pair_acc[i] + cts_alphas[a] * (vx_float32)pair_in[i];
            int32_t cts = (int32_t)f;
            if (pair_got[i] != reference(VX_KERNEL_ACCUMULATE_WEIGHTED, pair_in[i], pair_acc[i], cts_alphas[a], 0) ||
                abs(pair_got[i] - cts) > 1) {
                fprintf(stderr, "alpha %g in %d acc %d: %d (float formula %d)\n", cts_alphas[a], pair_in[i],
                        pair_acc[i], pair_got[i], cts);
                return 1;
            }
        }
        vxReleaseImage(&in), vxReleaseImage(&acc), vxReleaseScalar(&s);
    }

    vx_image in = test_image(ctx, W, H, VX_DF_IMAGE_U8, 3, in_values);

    /* the accumulator is bidirectional; a node reading it, created first, runs after */
    vx_kernel kernel = vxGetKernelByEnum(ctx, VX_KERNEL_ACCUMULATE);
    vx_parameter param = vxGetKernelParameterByIndex(kernel, 1);
    vx_enum direction;
    CHECK_OK(vxQueryParameter(param, VX_PARAMETER_DIRECTION, &direction, sizeof direction));
    CHECK(direction == VX_BIDIRECTIONAL);
    vxReleaseParameter(&param), vxReleaseKernel(&kernel);
    vx_image acc = test_image(ctx, W, H, VX_DF_IMAGE_S16, 4, acc_values), copy = vxCreateImage(ctx, W, H, VX_DF_IMAGE_S16);
    vx_graph g = vxCreateGraph(ctx);
    vx_node reader = vxCopyNode(g, (vx_reference)acc, (vx_reference)copy), writer = vxAccumulateImageNode(g, in, acc);
    CHECK_OK(vxProcessGraph(g));
    read_image(copy, got);
    for (int i = 0; i < W * H; i++)
        CHECK(got[i] == reference(VX_KERNEL_ACCUMULATE, in_values[i], acc_values[i], 0, 0));
    vx_node second = vxAccumulateImageNode(g, in, acc);            /* two writers of one accumulator */
    CHECK_REFUSED_LAST(vxVerifyGraph(g), VX_ERROR_MULTIPLE_WRITERS);
    vxReleaseNode(&reader), vxReleaseNode(&writer), vxReleaseNode(&second), vxReleaseGraph(&g);

    /* the kernel by its 1.0 name, as a generic node */
    vx_kernel square = vxGetKernelByName(ctx, "org.khronos.openvx.accumulate_square");
    vx_uint32 two = 2;
    vx_scalar s_two = vxCreateScalar(ctx, VX_TYPE_UINT32, &two);
    vx_image acc2 = test_image(ctx, W, H, VX_DF_IMAGE_S16, 6, acc_values);
    g = vxCreateGraph(ctx);
    vx_node generic = vxCreateGenericNode(g, square);
    CHECK_OK(vxSetParameterByIndex(generic, 0, (vx_reference)in));
    CHECK_OK(vxSetParameterByIndex(generic, 1, (vx_reference)s_two));
    CHECK_OK(vxSetParameterByIndex(generic, 2, (vx_reference)acc2));
    CHECK_OK(vxProcessGraph(g));
    read_image(acc2, got);
    for (int i = 0; i < W * H; i++)
        CHECK(got[i] == reference(VX_KERNEL_ACCUMULATE_SQUARE, in_values[i], acc_values[i], 0, 2));
    vxReleaseNode(&generic), vxReleaseGraph(&g), vxReleaseKernel(&square), vxReleaseScalar(&s_two), vxReleaseImage(&acc2);

    /* refusals */
    vx_float32 too_much = 1.5f;
    vx_uint32 too_far = 16, shift = 1;
    vx_scalar alpha = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &too_much), far = vxCreateScalar(ctx, VX_TYPE_UINT32, &too_far);
    vx_scalar wrong = vxCreateScalar(ctx, VX_TYPE_INT32, &shift);
    vx_image u8 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8), small = vxCreateImage(ctx, W - 1, H, VX_DF_IMAGE_S16);
    vx_pixel_value_t zero = {{0}};
    vx_image uniform = vxCreateUniformImage(ctx, W, H, VX_DF_IMAGE_S16, &zero);
    CHECK_REFUSED(vxuAccumulateImage(ctx, in, u8), VX_ERROR_INVALID_FORMAT);
    CHECK_REFUSED(vxuAccumulateImage(ctx, copy, acc), VX_ERROR_INVALID_FORMAT);
    CHECK_REFUSED(vxuAccumulateImage(ctx, in, small), VX_ERROR_INVALID_DIMENSION);
    CHECK_REFUSED(vxuAccumulateImage(ctx, in, uniform), VX_ERROR_NOT_SUPPORTED);
    CHECK_REFUSED(vxuAccumulateWeightedImage(ctx, in, alpha, u8), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(vxuAccumulateWeightedImage(ctx, in, far, u8), VX_ERROR_INVALID_TYPE);
    CHECK_REFUSED(vxuAccumulateSquareImage(ctx, in, far, acc), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(vxuAccumulateSquareImage(ctx, in, wrong, acc), VX_ERROR_INVALID_TYPE);
    vxReleaseScalar(&alpha), vxReleaseScalar(&far), vxReleaseScalar(&wrong);
    vxReleaseImage(&u8), vxReleaseImage(&small), vxReleaseImage(&uniform);
    vxReleaseImage(&acc), vxReleaseImage(&copy), vxReleaseImage(&in);
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
