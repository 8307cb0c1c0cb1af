/* Standard kernels in the context's registry, validator refusals, the scalars node creators make,
 * valid rectangles, and standard kernels mixed with a user kernel over virtual images. */
#include <VX/vx.h>
#include <VX/vxu.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "kernels.h"
#include "std_images.h"

static void registry(vx_context ctx)
{
    vx_kernel add = vxGetKernelByEnum(ctx, VX_KERNEL_ADD);
    CHECK_REF(add);
    vx_char name[VX_MAX_KERNEL_NAME];
    vx_uint32 params = 0;
    CHECK_OK(vxQueryKernel(add, VX_KERNEL_NAME, name, sizeof name));
    CHECK(strcmp(name, "org.khronos.openvx.add") == 0);
    CHECK_OK(vxQueryKernel(add, VX_KERNEL_PARAMETERS, &params, sizeof params));
    CHECK(params == 4);
    vx_kernel same = vxGetKernelByName(ctx, "org.khronos.openvx.add");
    CHECK(same == add);
    CHECK_OK(vxReleaseKernel(&same));
    /* a standard kernel is never removed; the refusal leaves the caller's reference */
    CHECK_REFUSED(vxRemoveKernel(add), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxReleaseKernel(&add));
    CHECK_REF(add = vxGetKernelByEnum(ctx, VX_KERNEL_BOX_3x3));
    CHECK_OK(vxReleaseKernel(&add));

    vx_uint32 count = context_u32(ctx, VX_CONTEXT_UNIQUE_KERNELS);
    CHECK(count >= 12);
    vx_kernel_info_t *table = calloc(count, sizeof *table);
    CHECK_OK(vxQueryContext(ctx, VX_CONTEXT_UNIQUE_KERNEL_TABLE, table, count * sizeof *table));
    int found = 0;
    for (vx_uint32 k = 0; k < count; k++)
        found += table[k].enumeration == VX_KERNEL_MULTIPLY && strcmp(table[k].name, "org.khronos.openvx.multiply") == 0;
    CHECK(found == 1);
    free(table);
}

/* vxVerifyGraph of one node refuses with `status`, one log entry; everything released after. */
static void refused(vx_context ctx, vx_graph g, vx_node node, vx_status status)
{
    CHECK_REF(node);
    CHECK_REFUSED(vxVerifyGraph(g), status);
    CHECK_OK(vxReleaseNode(&node));
    CHECK_OK(vxReleaseGraph(&g));
    (void)ctx;
}

static void refusals(vx_context ctx)
{
    vx_uint32 refs = context_references(ctx);
    vx_image u8 = vxCreateImage(ctx, 17, 9, VX_DF_IMAGE_U8), s16 = vxCreateImage(ctx, 17, 9, VX_DF_IMAGE_S16);
    vx_image small = vxCreateImage(ctx, 16, 9, VX_DF_IMAGE_U8), out = vxCreateImage(ctx, 17, 9, VX_DF_IMAGE_U8);
    vx_image rgb = vxCreateImage(ctx, 17, 9, VX_DF_IMAGE_RGB), tiny = vxCreateImage(ctx, 2, 9, VX_DF_IMAGE_U8);
    vx_image tiny_out = vxCreateImage(ctx, 2, 9, VX_DF_IMAGE_U8);
    vx_graph g;
    vx_float32 negative = -1.0f;
    vx_int32 big_shift = 8;
    vx_scalar scale = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &negative);
    vx_scalar shift = vxCreateScalar(ctx, VX_TYPE_INT32, &big_shift);
    vx_scalar wrong_type = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &negative);

    g = vxCreateGraph(ctx), refused(ctx, g, vxAndNode(g, u8, s16, out), VX_ERROR_INVALID_FORMAT);
    g = vxCreateGraph(ctx), refused(ctx, g, vxNotNode(g, rgb, out), VX_ERROR_INVALID_FORMAT);
    g = vxCreateGraph(ctx), refused(ctx, g, vxOrNode(g, u8, small, out), VX_ERROR_INVALID_DIMENSION);
    g = vxCreateGraph(ctx), refused(ctx, g, vxAbsDiffNode(g, u8, s16, out), VX_ERROR_INVALID_FORMAT);
    /* the output must be S16 when an input is: the declared U8 output does not match */
    g = vxCreateGraph(ctx), refused(ctx, g, vxAddNode(g, u8, s16, VX_CONVERT_POLICY_WRAP, out), VX_ERROR_INVALID_FORMAT);
    g = vxCreateGraph(ctx), refused(ctx, g, vxSubtractNode(g, u8, u8, 0x1234, out), VX_ERROR_INVALID_VALUE);
    g = vxCreateGraph(ctx);
    refused(ctx, g, vxMultiplyNode(g, u8, u8, scale, VX_CONVERT_POLICY_WRAP, VX_ROUND_POLICY_TO_ZERO, out),
            VX_ERROR_INVALID_VALUE);
    g = vxCreateGraph(ctx);
    refused(ctx, g, vxConvertDepthNode(g, u8, s16, VX_CONVERT_POLICY_WRAP, shift), VX_ERROR_INVALID_VALUE);
    g = vxCreateGraph(ctx);
    refused(ctx, g, vxConvertDepthNode(g, u8, s16, VX_CONVERT_POLICY_WRAP, wrong_type), VX_ERROR_INVALID_TYPE);
    g = vxCreateGraph(ctx), refused(ctx, g, vxBox3x3Node(g, tiny, tiny_out), VX_ERROR_INVALID_DIMENSION);
    vx_threshold t = vxCreateThresholdForImage(ctx, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_S16, VX_DF_IMAGE_U8);
    g = vxCreateGraph(ctx), refused(ctx, g, vxThresholdNode(g, u8, t, out), VX_ERROR_INVALID_FORMAT);
    vx_lut lut = vxCreateLUT(ctx, VX_TYPE_INT16, 65536);
    g = vxCreateGraph(ctx), refused(ctx, g, vxTableLookupNode(g, u8, lut, out), VX_ERROR_INVALID_TYPE);

    /* immediate mode refuses the same way, and its graph leaves nothing behind */
    CHECK_REFUSED(vxuAnd(ctx, u8, rgb, out), VX_ERROR_INVALID_FORMAT);
    CHECK_REFUSED(vxuMultiply(ctx, u8, u8, -2.0f, VX_CONVERT_POLICY_WRAP, VX_ROUND_POLICY_TO_ZERO, out),
                  VX_ERROR_INVALID_VALUE);
    /* creators: a NULL or wrong-typed required image */
    g = vxCreateGraph(ctx);
    CHECK_CREATE_REFUSED(vxAddNode(g, u8, NULL, VX_CONVERT_POLICY_WRAP, out), VX_ERROR_INVALID_REFERENCE);
    CHECK_CREATE_REFUSED(vxNotNode(g, (vx_image)scale, out), VX_ERROR_INVALID_REFERENCE);
    vx_uint32 nodes = 1;
    CHECK_OK(vxQueryGraph(g, VX_GRAPH_NUMNODES, &nodes, sizeof nodes));
    CHECK(nodes == 0);                         /* refused creators leave no node behind */
    CHECK_OK(vxReleaseGraph(&g));

    vxReleaseLUT(&lut);
    vxReleaseThreshold(&t);
    vxReleaseScalar(&scale), vxReleaseScalar(&shift), vxReleaseScalar(&wrong_type);
    vxReleaseImage(&u8), vxReleaseImage(&s16), vxReleaseImage(&small), vxReleaseImage(&out);
    vxReleaseImage(&rgb), vxReleaseImage(&tiny), vxReleaseImage(&tiny_out);
    CHECK(context_references(ctx) == refs);
}

/* The scalar vxAddNode makes from its policy is the node's parameter 2 and nobody else's. */
static void creator_scalars(vx_context ctx)
{
    vx_uint32 refs = context_references(ctx);
    vx_graph g = vxCreateGraph(ctx);
    vx_image a = vxCreateImage(ctx, 5, 3, VX_DF_IMAGE_U8), o = vxCreateImage(ctx, 5, 3, VX_DF_IMAGE_S16);
    vx_node n = vxAddNode(g, a, a, VX_CONVERT_POLICY_SATURATE, o);
    CHECK_REF(n);
    CHECK(context_references(ctx) == refs + 4);    /* graph, two images, node: the scalar is not counted */
    vx_parameter p = vxGetParameterByIndex(n, 2);
    vx_scalar s = NULL;
    CHECK_OK(vxQueryParameter(p, VX_PARAMETER_REF, &s, sizeof s));
    vx_enum type = 0, value = 0;
    CHECK_OK(vxQueryScalar(s, VX_SCALAR_TYPE, &type, sizeof type));
    CHECK_OK(vxCopyScalar(s, &value, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(type == VX_TYPE_ENUM && value == VX_CONVERT_POLICY_SATURATE);
    CHECK(ref_count(s) == 1);                      /* only the reference the query gave */
    CHECK_OK(vxReleaseScalar(&s));
    CHECK_OK(vxReleaseParameter(&p));
    CHECK_OK(vxVerifyGraph(g));
    CHECK_OK(vxProcessGraph(g));
    CHECK_OK(vxReleaseNode(&n));
    CHECK_OK(vxReleaseGraph(&g));
    vxReleaseImage(&a), vxReleaseImage(&o);
    CHECK(context_references(ctx) == refs);
}

/* A pointwise output's valid rectangle is the intersection of its inputs'. */
static void valid_rectangles(vx_context ctx)
{
    vx_image a = u8_image(ctx, 20, 10, 1), b = u8_image(ctx, 20, 10, 2), o = vxCreateImage(ctx, 20, 10, VX_DF_IMAGE_U8);
    vx_rectangle_t ra = {2, 1, 18, 9}, rb = {4, 0, 20, 7}, got;
    CHECK_OK(vxSetImageValidRectangle(a, &ra));
    CHECK_OK(vxSetImageValidRectangle(b, &rb));
    CHECK_OK(vxuOr(ctx, a, b, o));
    CHECK_OK(vxGetValidRegionImage(o, &got));
    CHECK(got.start_x == 4 && got.start_y == 1 && got.end_x == 18 && got.end_y == 7);
    vxReleaseImage(&a), vxReleaseImage(&b), vxReleaseImage(&o);
}

/* The user kernel: out = 255 - in, through maps. */
static vx_status VX_CALLBACK invert(vx_node node, const vx_reference *p, vx_uint32 n)
{
    u8_map in, out;
    (void)node, (void)n;
    TRY(map_u8((vx_image)p[0], VX_READ_ONLY, &in));
    TRY(map_u8((vx_image)p[1], VX_WRITE_ONLY, &out));
    for (vx_uint32 y = 0; y < in.height; y++)
        for (vx_uint32 x = 0; x < in.width; x++)
            out.p[y * out.stride + x] = (vx_uint8)(255 - in.p[y * in.stride + x]);
    vxUnmapImagePatch((vx_image)p[0], in.id);
    vxUnmapImagePatch((vx_image)p[1], out.id);
    return VX_SUCCESS;
}

/* a, b -> Add (virtual S16: U8 inputs may give S16) -> ConvertDepth shift 1 (virtual, format open) -> user invert
 * (virtual) -> Xor with b -> out, run twice; against plain C. */
static void mixed_graph(vx_context ctx)
{
    enum { W = 31, H = 13 };
    vx_uint32 refs = context_references(ctx);
    vx_kernel k = in_out_kernel(ctx, "test.std.invert", invert, like_input, VX_TYPE_IMAGE);
    static int32_t va[W * H], vb[W * H], got[W * H];
    vx_image a = test_image(ctx, W, H, VX_DF_IMAGE_U8, 3, va), b = test_image(ctx, W, H, VX_DF_IMAGE_U8, 4, vb);
    vx_image out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_graph g = vxCreateGraph(ctx);
    vx_image sum = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_S16);
    vx_image half = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_image inverted = vxCreateVirtualImage(g, W, H, VX_DF_IMAGE_U8);
    vx_int32 one = 1;
    vx_scalar shift = vxCreateScalar(ctx, VX_TYPE_INT32, &one);
    vx_node nodes[4] = {vxAddNode(g, a, b, VX_CONVERT_POLICY_WRAP, sum),
                        vxConvertDepthNode(g, sum, half, VX_CONVERT_POLICY_SATURATE, shift),
                        vxCreateGenericNode(g, k), vxXorNode(g, inverted, b, out)};
    CHECK_OK(vxSetParameterByIndex(nodes[2], 0, (vx_reference)half));
    CHECK_OK(vxSetParameterByIndex(nodes[2], 1, (vx_reference)inverted));
    for (int run = 0; run < 2; run++) {
        CHECK_OK(vxProcessGraph(g));
        read_image(out, got);
        for (int i = 0; i < W * H; i++) {
            int32_t want = (255 - to_format((va[i] + vb[i]) >> 1, VX_DF_IMAGE_U8, 1)) ^ vb[i];
            CHECK(got[i] == want);
        }
        va[0] = 77;
        copy_image(a, va, VX_WRITE_ONLY);      /* the second run sees new input */
    }
    vx_df_image fmt = 0;
    CHECK_OK(vxQueryImage(half, VX_IMAGE_FORMAT, &fmt, sizeof fmt));
    CHECK(fmt == VX_DF_IMAGE_U8);              /* the validator's choice for a virtual output */
    for (int i = 0; i < 4; i++)
        CHECK_OK(vxReleaseNode(&nodes[i]));
    vxReleaseScalar(&shift);
    vxReleaseImage(&sum), vxReleaseImage(&half), vxReleaseImage(&inverted);
    CHECK_OK(vxReleaseGraph(&g));
    vxReleaseImage(&a), vxReleaseImage(&b), vxReleaseImage(&out);
    CHECK_OK(vxRemoveKernel(k));
    CHECK(context_references(ctx) == refs);
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    registry(ctx);
    refusals(ctx);
    creator_scalars(ctx);
    valid_rectangles(ctx);
    mixed_graph(ctx);
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
