/* Issue 16: immediate mode honours VX_CONTEXT_IMMEDIATE_BORDER_POLICY; warps and Remap read only
 * the input's valid rectangle (the border beyond it) and their output is valid everywhere;
 * TableLookup of a virtual LUT; a pyramid slot of a delay is one handle for the node and the delay. */
#include <VX/vxu.h>

#include "check.h"

#define W 16u
#define H 16u

static void set_immediate(vx_context ctx, vx_enum mode, vx_enum policy)
{
    vx_border_t border = {mode, {{0}}};
    border.constant_value.U8 = 7;
    CHECK_OK(vxSetContextAttribute(ctx, VX_CONTEXT_IMMEDIATE_BORDER, &border, sizeof border));
    CHECK_OK(vxSetContextAttribute(ctx, VX_CONTEXT_IMMEDIATE_BORDER_POLICY, &policy, sizeof policy));
}

/* An identity remap of W x H, and a 2x3 matrix translating by (dx, dy). */
static vx_remap identity_remap(vx_context ctx)
{
    vx_remap r = vxCreateRemap(ctx, W, H, W, H);
    static vx_coordinates2df_t points[W * H];
    for (vx_uint32 y = 0; y < H; y++)
        for (vx_uint32 x = 0; x < W; x++)
            points[y * W + x] = (vx_coordinates2df_t){(vx_float32)x, (vx_float32)y};
    vx_rectangle_t all = {0, 0, W, H};
    CHECK_OK(vxCopyRemapPatch(r, &all, sizeof points[0] * W, points, VX_TYPE_COORDINATES2DF, VX_WRITE_ONLY,
                              VX_MEMORY_TYPE_HOST));
    return r;
}

static vx_matrix translation(vx_context ctx, vx_float32 dx, vx_float32 dy)
{
    vx_float32 m[3][2] = {{1, 0}, {0, 1}, {dx, dy}};
    vx_matrix mat = vxCreateMatrix(ctx, VX_TYPE_FLOAT32, 2, 3);
    CHECK_OK(vxCopyMatrix(mat, m, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    return mat;
}

static void border_policy(vx_context ctx, vx_image in, vx_image out)
{
    vx_remap r = identity_remap(ctx);
    vx_matrix m = translation(ctx, 0, 0);
    /* REPLICATE, which the warps and Remap do not support: UNDEFINED instead, or a refusal */
    set_immediate(ctx, VX_BORDER_REPLICATE, VX_BORDER_POLICY_DEFAULT_TO_UNDEFINED);
    CHECK_OK(vxuRemap(ctx, in, r, VX_INTERPOLATION_NEAREST_NEIGHBOR, out));
    CHECK(u8_pixel(out, 5, 5) == 5 * 16 + 5);
    CHECK_OK(vxuWarpAffine(ctx, in, m, VX_INTERPOLATION_NEAREST_NEIGHBOR, out));
    set_immediate(ctx, VX_BORDER_REPLICATE, VX_BORDER_POLICY_RETURN_ERROR);
    CHECK_REFUSED(vxuRemap(ctx, in, r, VX_INTERPOLATION_NEAREST_NEIGHBOR, out), VX_ERROR_NOT_SUPPORTED);
    CHECK_REFUSED(vxuWarpAffine(ctx, in, m, VX_INTERPOLATION_BILINEAR, out), VX_ERROR_NOT_SUPPORTED);
    CHECK_OK(vxuBox3x3(ctx, in, out));                 /* a kernel that supports it */
    set_immediate(ctx, VX_BORDER_CONSTANT, VX_BORDER_POLICY_RETURN_ERROR);
    CHECK_OK(vxuRemap(ctx, in, r, VX_INTERPOLATION_NEAREST_NEIGHBOR, out));
    /* in a graph the node's border is refused at verification */
    vx_graph g = vxCreateGraph(ctx);
    vx_node n = vxRemapNode(g, in, r, VX_INTERPOLATION_NEAREST_NEIGHBOR, out);
    vx_border_t replicate = {VX_BORDER_REPLICATE, {{0}}};
    CHECK_OK(vxSetNodeAttribute(n, VX_NODE_BORDER, &replicate, sizeof replicate));
    CHECK_REFUSED_LAST(vxVerifyGraph(g), VX_ERROR_NOT_SUPPORTED);
    CHECK_OK(vxReleaseNode(&n));
    CHECK_OK(vxReleaseGraph(&g));
    set_immediate(ctx, VX_BORDER_UNDEFINED, VX_BORDER_POLICY_DEFAULT_TO_UNDEFINED);
    CHECK_OK(vxReleaseRemap(&r));
    CHECK_OK(vxReleaseMatrix(&m));
}

/* Input valid rectangle [4, 12) x [4, 12); CONSTANT 7: output (x, y) of a translation by (2, 1)
 * is the input at (x + 2, y + 1) inside it and 7 elsewhere; the output is valid everywhere. */
static void valid_input(vx_context ctx, vx_image in, vx_image out)
{
    vx_rectangle_t part = {4, 4, 12, 12}, r;
    CHECK_OK(vxSetImageValidRectangle(in, &part));
    vx_matrix m = translation(ctx, 2, 1);
    set_immediate(ctx, VX_BORDER_CONSTANT, VX_BORDER_POLICY_RETURN_ERROR);
    for (int graph = 0; graph < 2; graph++) {
        fill_u8(out, 0);
        if (graph) {
            vx_graph g = vxCreateGraph(ctx);
            vx_node n = vxWarpAffineNode(g, in, m, VX_INTERPOLATION_NEAREST_NEIGHBOR, out);
            vx_border_t constant = {VX_BORDER_CONSTANT, {{0}}};
            constant.constant_value.U8 = 7;
            CHECK_OK(vxSetNodeAttribute(n, VX_NODE_BORDER, &constant, sizeof constant));
            CHECK_OK(vxProcessGraph(g));
            CHECK_OK(vxReleaseNode(&n));
            CHECK_OK(vxReleaseGraph(&g));
        } else {
            CHECK_OK(vxuWarpAffine(ctx, in, m, VX_INTERPOLATION_NEAREST_NEIGHBOR, out));
        }
        for (vx_uint32 y = 0; y < H; y++)
            for (vx_uint32 x = 0; x < W; x++) {
                int inside = x + 2 >= 4 && x + 2 < 12 && y + 1 >= 4 && y + 1 < 12;
                CHECK(u8_pixel(out, x, y) == (inside ? (y + 1) * 16 + x + 2 : 7));
            }
        CHECK_OK(vxGetValidRegionImage(out, &r));
        CHECK(r.start_x == 0 && r.start_y == 0 && r.end_x == W && r.end_y == H);
    }
    /* Remap likewise */
    vx_remap table = identity_remap(ctx);
    CHECK_OK(vxuRemap(ctx, in, table, VX_INTERPOLATION_BILINEAR, out));
    CHECK(u8_pixel(out, 3, 5) == 7 && u8_pixel(out, 4, 5) == 5 * 16 + 4 && u8_pixel(out, 11, 11) == 11 * 16 + 11);
    CHECK(u8_pixel(out, 12, 11) == 7);
    CHECK_OK(vxReleaseRemap(&table));
    CHECK_OK(vxSetImageValidRectangle(in, NULL));
    set_immediate(ctx, VX_BORDER_UNDEFINED, VX_BORDER_POLICY_DEFAULT_TO_UNDEFINED);
    CHECK_OK(vxReleaseMatrix(&m));
}

/* TableLookup of a virtual LUT that a Copy fills; a delay's pyramid slot as a node's output. */
static void virtual_lut_and_delay(vx_context ctx, vx_image in, vx_image out)
{
    vx_graph g = vxCreateGraph(ctx);
    vx_lut real = vxCreateLUT(ctx, VX_TYPE_UINT8, 256);
    vx_uint8 table[256];
    for (int i = 0; i < 256; i++)
        table[i] = (vx_uint8)(255 - i);
    CHECK_OK(vxCopyLUT(real, table, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    vx_lut v = vxCreateVirtualLUT(g, VX_TYPE_UINT8, 256);
    vx_node copy = vxCopyNode(g, (vx_reference)real, (vx_reference)v), look = vxTableLookupNode(g, in, v, out);
    CHECK_OK(vxProcessGraph(g));
    CHECK(u8_pixel(out, 3, 2) == 255 - (2 * 16 + 3));
    CHECK_OK(vxReleaseNode(&copy));
    CHECK_OK(vxReleaseNode(&look));
    CHECK_OK(vxReleaseLUT(&v));
    CHECK_OK(vxReleaseLUT(&real));
    CHECK_OK(vxReleaseGraph(&g));

    vx_pyramid exemplar = vxCreatePyramid(ctx, 3, VX_SCALE_PYRAMID_HALF, W, H, VX_DF_IMAGE_U8);
    vx_delay delay = vxCreateDelay(ctx, (vx_reference)exemplar, 2);
    g = vxCreateGraph(ctx);
    vx_node n = vxGaussianPyramidNode(g, in, (vx_pyramid)vxGetReferenceFromDelay(delay, 0));
    for (int age = 0; age < 2; age++) {
        vx_parameter p = vxGetParameterByIndex(n, 1);
        vx_reference ref = NULL;
        CHECK_OK(vxQueryParameter(p, VX_PARAMETER_REF, &ref, sizeof ref));
        CHECK(ref == vxGetReferenceFromDelay(delay, 0));
        CHECK_OK(vxReleaseReference(&ref));
        CHECK_OK(vxReleaseParameter(&p));
        CHECK_OK(vxProcessGraph(g));
        CHECK_OK(vxAgeDelay(delay));
    }
    CHECK_OK(vxReleaseNode(&n));
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_OK(vxReleaseDelay(&delay));
    CHECK_OK(vxReleasePyramid(&exemplar));
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs = context_references(ctx);
    vx_image in = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8), out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    for (vx_uint32 y = 0; y < H; y++)
        for (vx_uint32 x = 0; x < W; x++) {
            vx_uint8 v = (vx_uint8)(y * 16 + x);
            CHECK_OK(copy_u8_pixel(in, x, y, &v, VX_WRITE_ONLY));
        }
    border_policy(ctx, in, out);
    valid_input(ctx, in, out);
    virtual_lut_and_delay(ctx, in, out);
    CHECK_OK(vxReleaseImage(&in));
    CHECK_OK(vxReleaseImage(&out));
    CHECK(context_references(ctx) == refs);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
