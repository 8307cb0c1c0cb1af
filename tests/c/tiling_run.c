/* Seed 001 execution: a 3x3 box tiling kernel (fast and/or flexible, blocks 1x1 and 4x4) in every
 * border mode, and a 16x16-block pointwise kernel with a scalar, tile memory and an optional
 * input, on sizes that are and are not block multiples. Every output pixel is compared with plain
 * C, and each pixel must have been computed exactly once, by the function the seed says. */
#include "tiling_kernels.h"

static const vx_uint32 SIZES[][2] = {{64, 48}, {67, 45}, {1, 1}, {3, 200}, {16, 16}, {33, 2}};
#define NSIZES (sizeof SIZES / sizeof SIZES[0])
#define SENTINEL 0xEE

static vx_uint8 input_pixel(vx_uint32 x, vx_uint32 y)
{
    return (vx_uint8)(x * 7u + y * 13u + (x * y) % 5u);
}

static vx_image input_image(vx_context ctx, vx_uint32 w, vx_uint32 h, vx_uint8 *copy)
{
    vx_image img = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
    CHECK_REF(img);
    for (vx_uint32 y = 0; y < h; y++)
        for (vx_uint32 x = 0; x < w; x++)
            copy[y * w + x] = input_pixel(x, y);
    vx_rectangle_t all = {0, 0, w, h};
    vx_imagepatch_addressing_t addr = {w, h, 1, (vx_int32)w, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 0};
    CHECK_OK(vxCopyImagePatch(img, &all, 0, &addr, copy, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    return img;
}

static void read_image(vx_image img, vx_uint32 w, vx_uint32 h, vx_uint8 *out)
{
    vx_rectangle_t all = {0, 0, w, h};
    vx_imagepatch_addressing_t addr = {w, h, 1, (vx_int32)w, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 0};
    CHECK_OK(vxCopyImagePatch(img, &all, 0, &addr, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
}

static vx_uint8 in_buf[MAX_PIXELS], out_buf[MAX_PIXELS], mask_buf[MAX_PIXELS];
static int fast_pixels_seen;

/* Each pixel: computed exactly as expected_hit says, equal to `want`, or untouched. */
static void compare(vx_uint32 w, vx_uint32 h, const unsigned *want_hit, const vx_uint8 *want, const char *what)
{
    for (vx_uint32 i = 0; i < w * h; i++) {
        vx_uint8 expect = want_hit[i] ? want[i] : SENTINEL;
        if (hits[i] != want_hit[i] || out_buf[i] != expect) {
            fprintf(stderr, "%s: pixel (%u, %u): hit %u (expected %u), value %u (expected %u)\n", what, i % w, i / w,
                    hits[i], want_hit[i], out_buf[i], expect);
            exit(1);
        }
        fast_pixels_seen += hits[i] == HIT_FAST;
    }
    CHECK(violations == 0);
}

static unsigned want_hit[MAX_PIXELS];
static vx_uint8 want[MAX_PIXELS];

static void run_box(vx_context ctx, vx_kernel k, int fast, int flexible, vx_uint32 w, vx_uint32 h,
                    const vx_border_t *border, vx_int32 block)
{
    char what[128];
    snprintf(what, sizeof what, "box %s%s %ux%u border %#x block %d", fast ? "fast" : "",
             flexible ? "+flexible" : "", w, h, (unsigned)border->mode, block);
    vx_graph g = vxCreateGraph(ctx);
    vx_image in = input_image(ctx, w, h, in_buf);
    vx_image out = u8_image(ctx, w, h, SENTINEL);
    vx_node n = vxCreateGenericNode(g, k);
    CHECK_REF(n);
    CHECK_OK(vxSetParameterByIndex(n, 0, (vx_reference)in));
    CHECK_OK(vxSetParameterByIndex(n, 1, (vx_reference)out));
    CHECK_OK(vxSetNodeAttribute(n, VX_NODE_BORDER, border, sizeof *border));
    vx_tile_block_size_t bs = {block, block};
    CHECK_OK(vxSetNodeAttribute(n, VX_NODE_OUTPUT_TILE_BLOCK_SIZE, &bs, sizeof bs));
    int refused = (!flexible && border->mode != VX_BORDER_UNDEFINED);
    if (refused) {                     /* no flexible function for the border the node asks for */
        CHECK_REFUSED(vxVerifyGraph(g), VX_ERROR_NOT_SUPPORTED);
    } else {
        memset(hits, 0, sizeof hits);
        self_border = border->mode == VX_BORDER_MODE_SELF;
        CHECK_OK(vxProcessGraph(g));
        read_image(out, w, h, out_buf);
        for (vx_uint32 y = 0; y < h; y++)
            for (vx_uint32 x = 0; x < w; x++) {
                want_hit[y * w + x] = expected_hit((vx_int32)x, (vx_int32)y, (vx_int32)w, (vx_int32)h, 1, block,
                                                   block, border->mode, fast, flexible);
                want[y * w + x] = box_reference(in_buf, (vx_int32)w, (vx_int32)h, (vx_int32)x, (vx_int32)y, border);
            }
        compare(w, h, want_hit, want, what);
    }
    CHECK_OK(vxReleaseNode(&n));
    CHECK_OK(vxReleaseImage(&in));
    CHECK_OK(vxReleaseImage(&out));
    CHECK_OK(vxReleaseGraph(&g));
}

static void run_pointwise(vx_context ctx, vx_kernel k, int fast, int flexible, vx_uint32 w, vx_uint32 h,
                          int with_mask)
{
    char what[128];
    snprintf(what, sizeof what, "pointwise %s%s %ux%u mask %d", fast ? "fast" : "", flexible ? "+flexible" : "",
             w, h, with_mask);
    vx_uint8 kv = 41;
    vx_graph g = vxCreateGraph(ctx);
    vx_image in = input_image(ctx, w, h, in_buf);
    vx_image out = u8_image(ctx, w, h, SENTINEL);
    vx_image mask = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
    for (vx_uint32 i = 0; i < w * h; i++)
        mask_buf[i] = (vx_uint8)(i * 31u);
    vx_rectangle_t all = {0, 0, w, h};
    vx_imagepatch_addressing_t addr = {w, h, 1, (vx_int32)w, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 0};
    CHECK_OK(vxCopyImagePatch(mask, &all, 0, &addr, mask_buf, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    vx_scalar s = vxCreateScalar(ctx, VX_TYPE_UINT8, &kv);
    vx_node n = vxCreateGenericNode(g, k);
    CHECK_OK(vxSetParameterByIndex(n, 0, (vx_reference)in));
    CHECK_OK(vxSetParameterByIndex(n, 1, (vx_reference)s));
    CHECK_OK(vxSetParameterByIndex(n, 2, (vx_reference)out));
    if (with_mask)
        CHECK_OK(vxSetParameterByIndex(n, 3, (vx_reference)mask));
    memset(hits, 0, sizeof hits);
    CHECK_OK(vxProcessGraph(g));
    read_image(out, w, h, out_buf);
    for (vx_uint32 y = 0; y < h; y++)
        for (vx_uint32 x = 0; x < w; x++) {
            vx_uint32 i = y * w + x;
            want_hit[i] = expected_hit((vx_int32)x, (vx_int32)y, (vx_int32)w, (vx_int32)h, 0, PW_BLOCK, PW_BLOCK,
                                       VX_BORDER_UNDEFINED, fast, flexible);
            want[i] = (vx_uint8)((vx_uint8)(in_buf[i] + kv) ^ (with_mask ? mask_buf[i] : 0));
        }
    compare(w, h, want_hit, want, what);
    /* a new value of the scalar is seen by the next run, without verification */
    kv = 200;
    CHECK_OK(vxCopyScalar(s, &kv, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    memset(hits, 0, sizeof hits);
    CHECK_OK(vxProcessGraph(g));
    read_image(out, w, h, out_buf);
    for (vx_uint32 i = 0; i < w * h; i++)
        want[i] = (vx_uint8)((vx_uint8)(in_buf[i] + kv) ^ (with_mask ? mask_buf[i] : 0));
    compare(w, h, want_hit, want, what);
    CHECK_OK(vxReleaseNode(&n));
    CHECK_OK(vxReleaseScalar(&s));
    CHECK_OK(vxReleaseImage(&in));
    CHECK_OK(vxReleaseImage(&out));
    CHECK_OK(vxReleaseImage(&mask));
    CHECK_OK(vxReleaseGraph(&g));
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs = context_references(ctx);
    struct { vx_kernel box, pw; int fast, flexible; } kernels[3] = {
        {box_kernel(ctx, "test.box.both", box_flexible, box_fast),
         pointwise_kernel(ctx, "test.pw.both", pw_flexible, pw_fast), 1, 1},
        {box_kernel(ctx, "test.box.fast", NULL, box_fast), pointwise_kernel(ctx, "test.pw.fast", NULL, pw_fast), 1, 0},
        {box_kernel(ctx, "test.box.flexible", box_flexible, NULL),
         pointwise_kernel(ctx, "test.pw.flexible", pw_flexible, NULL), 0, 1},
    };
    vx_uint32 with_kernels = context_references(ctx);
    vx_border_t borders[4] = {{VX_BORDER_UNDEFINED, {{0}}}, {VX_BORDER_CONSTANT, {{0}}},
                              {VX_BORDER_REPLICATE, {{0}}}, {VX_BORDER_MODE_SELF, {{0}}}};
    borders[1].constant_value.U8 = 7;
    for (int kk = 0; kk < 3; kk++)
        for (unsigned s = 0; s < NSIZES; s++) {
            for (int b = 0; b < 4; b++)
                for (vx_int32 block = 1; block <= 4; block += 3)
                    run_box(ctx, kernels[kk].box, kernels[kk].fast, kernels[kk].flexible, SIZES[s][0], SIZES[s][1],
                            &borders[b], block);
            for (int m = 0; m < 2; m++)
                run_pointwise(ctx, kernels[kk].pw, kernels[kk].fast, kernels[kk].flexible, SIZES[s][0], SIZES[s][1], m);
        }
    CHECK(fast_pixels_seen > 0);
    CHECK(context_references(ctx) == with_kernels);
    for (int kk = 0; kk < 3; kk++) {
        CHECK_OK(vxRemoveKernel(kernels[kk].box));
        CHECK_OK(vxRemoveKernel(kernels[kk].pw));
    }
    CHECK(context_references(ctx) == refs);
    CHECK_OK(vxReleaseContext(&ctx));
    printf("ok\n");
    return 0;
}
