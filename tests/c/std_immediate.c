/* Immediate mode keeps the verified one-node graph of a vxu function for the next call with the
 * same arguments (csrc/runtime/immediate.h): outputs stay exact while the arguments, the images behind
 * reused handles, the policies and the immediate border change between calls, the same call
 * repeated sees new input values, refusals still come, and references return to their start. */
#include <VX/vx.h>
#include <VX/vxu.h>
#include <stdlib.h>

#include "check.h"
#include "std_images.h"

enum { W = 64, H = 48 };

static int32_t va[W * H], vb[W * H], got[W * H];

/* out == a + b in out's format under the policy, over a w x h image. */
static void check_add(vx_image out, int w, int h, vx_df_image f, int saturate)
{
    read_image(out, got);
    for (int k = 0; k < w * h; k++)
        if (got[k] != to_format((int64_t)va[k] + vb[k], f, saturate)) {
            fprintf(stderr, "pixel %d of %dx%d: %d, expected %d\n", k, w, h, got[k],
                    to_format((int64_t)va[k] + vb[k], f, saturate));
            exit(1);
        }
}

/* Box 3x3 at (x, y) under the border (reference in plain C). */
static int32_t box(int w, int h, int x, int y, const vx_border_t *b)
{
    int32_t s = 0;
    for (int k = 0; k < 9; k++)
        s += bordered_pixel(va, w, h, x + k % 3 - 1, y + k / 3 - 1, b, VX_DF_IMAGE_U8);
    return s / 9;
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    vx_image a = test_image(ctx, W, H, VX_DF_IMAGE_U8, 1, va), b = test_image(ctx, W, H, VX_DF_IMAGE_U8, 2, vb);
    vx_image o8 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8), o16 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_S16);
    for (int round = 0; round < 3; round++) {  /* the same calls again: the kept graphs run */
        CHECK_OK(vxuAdd(ctx, a, b, VX_CONVERT_POLICY_SATURATE, o8));
        check_add(o8, W, H, VX_DF_IMAGE_U8, 1);
        CHECK_OK(vxuAdd(ctx, a, b, VX_CONVERT_POLICY_WRAP, o8));
        check_add(o8, W, H, VX_DF_IMAGE_U8, 0);
        CHECK_OK(vxuAdd(ctx, a, b, VX_CONVERT_POLICY_WRAP, o16));
        check_add(o16, W, H, VX_DF_IMAGE_S16, 0);
        for (int k = 0; k < W * H; k++)
            va[k] = (va[k] * 7 + round) & 0xff;
        copy_image(a, va, VX_WRITE_ONLY);
    }
    /* more argument sets than graphs kept per function, in turn: the oldest is replaced */
    vx_image outs[6];
    for (int k = 0; k < 6; k++)
        outs[k] = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    for (int round = 0; round < 12; round++) {
        vx_image out = outs[round % 6];
        fill_u8(out, 1);
        CHECK_OK(vxuAdd(ctx, a, b, round % 2 ? VX_CONVERT_POLICY_SATURATE : VX_CONVERT_POLICY_WRAP, out));
        check_add(out, W, H, VX_DF_IMAGE_U8, round % 2);
    }
    for (int k = 0; k < 6; k++)
        CHECK_OK(vxReleaseImage(&outs[k]));
    /* the application releases what a kept graph holds; new images (maybe at the same handles)
     * of another size give results of their own */
    CHECK_OK(vxReleaseImage(&a));
    CHECK_OK(vxReleaseImage(&o8));
    a = test_image(ctx, W / 2 + 1, H / 2, VX_DF_IMAGE_U8, 3, va);
    vx_image b2 = test_image(ctx, W / 2 + 1, H / 2, VX_DF_IMAGE_U8, 4, vb);
    o8 = vxCreateImage(ctx, W / 2 + 1, H / 2, VX_DF_IMAGE_U8);
    for (int round = 0; round < 2; round++) {
        CHECK_OK(vxuAdd(ctx, a, b2, VX_CONVERT_POLICY_SATURATE, o8));
        check_add(o8, W / 2 + 1, H / 2, VX_DF_IMAGE_U8, 1);
    }
    /* a refusal is still a refusal, kept graph or not */
    CHECK_REFUSED_LAST(vxuAdd(ctx, a, b, VX_CONVERT_POLICY_SATURATE, o8), VX_ERROR_INVALID_DIMENSION);
    /* the immediate border changes between the same calls */
    vx_border_t borders[2] = {{VX_BORDER_CONSTANT, {{0}}}, {VX_BORDER_REPLICATE, {{0}}}};
    borders[0].constant_value.U8 = 200;
    for (int round = 0; round < 4; round++) {
        const vx_border_t *border = &borders[round % 2];
        CHECK_OK(vxSetContextAttribute(ctx, VX_CONTEXT_IMMEDIATE_BORDER, border, sizeof *border));
        CHECK_OK(vxuBox3x3(ctx, a, o8));
        read_image(o8, got);
        for (int y = 0; y < H / 2; y++)
            for (int x = 0; x < W / 2 + 1; x++)
                CHECK(got[y * (W / 2 + 1) + x] == box(W / 2 + 1, H / 2, x, y, border));
    }
    CHECK_OK(vxReleaseImage(&a));
    CHECK_OK(vxReleaseImage(&b));
    CHECK_OK(vxReleaseImage(&b2));
    CHECK_OK(vxReleaseImage(&o8));
    CHECK_OK(vxReleaseImage(&o16));
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
