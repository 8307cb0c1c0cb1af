/* LaplacianPyramid and LaplacianReconstruct against plain C: U8 and S16 inputs of odd sizes
 * (the borders' pixels meet in the narrowest), one to four levels, as nodes and through vxu; reconstructing gives the input back. Then
 * refusals. */
#include <VX/vx.h>
#include <VX/vxu.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "std_images.h"

enum { W = 37, H = 23, MAX_LEVELS = 4, MAX_PIXELS = 641 * 23 };

static const int k5[5] = {1, 4, 6, 4, 1};

static int clampi(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* The 5x5 Gaussian of `in` (w x h, replicated borders) at its even pixels. */
static void gaussian_half(const int32_t *in, int w, int h, int32_t *out)
{
    int ow = (w + 1) / 2, oh = (h + 1) / 2;
    for (int y = 0; y < oh; y++)
        for (int x = 0; x < ow; x++) {
            int32_t sum = 0;
            for (int i = 0; i < 5; i++)
                for (int j = 0; j < 5; j++)
                    sum += k5[i] * k5[j] * in[clampi(2 * y + i - 2, 0, h - 1) * w + clampi(2 * x + j - 2, 0, w - 1)];
            out[y * ow + x] = sum >> 8;
        }
}

/* `in` ((w + 1) / 2 x (h + 1) / 2, replicated past its borders) spread over the even pixels of a
 * zero image, convolved with the Gaussian (scale 256, floor) times 4, at w x h: the conformance
 * tests' reference. */
static void upsample(const int32_t *in, int w, int h, int32_t *out)
{
    int iw = (w + 1) / 2, ih = (h + 1) / 2;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int64_t sum = 0;
            for (int i = 0; i < 5; i++)
                for (int j = 0; j < 5; j++) {
                    int yy = y + i - 2, xx = x + j - 2;      /* even: in's pixel half way */
                    if ((yy & 1) == 0 && (xx & 1) == 0)
                        sum += k5[i] * k5[j] * in[clampi(yy / 2, 0, ih - 1) * iw + clampi(xx / 2, 0, iw - 1)];
                }
            out[y * w + x] = (int32_t)(sum >> 8) * 4;
        }
}

static void check_same(const int32_t *got, const int32_t *want, int n, const char *what, int level)
{
    for (int k = 0; k < n; k++)
        if (got[k] != want[k]) {
            fprintf(stderr, "%s level %d pixel %d: %d, expected %d\n", what, level, k, got[k], want[k]);
            exit(1);
        }
}

static int32_t input[MAX_PIXELS], g[MAX_LEVELS + 1][MAX_PIXELS], up[MAX_PIXELS], want[MAX_PIXELS], got[MAX_PIXELS];

/* Both kernels at w x h, U8 and S16, one to four levels, as nodes and through vxu. */
static void check_size(vx_context ctx, int w, int h)
{
    int ws[MAX_LEVELS + 2] = {w}, hs[MAX_LEVELS + 2] = {h};
    for (int i = 1; i <= MAX_LEVELS + 1; i++)
        ws[i] = (ws[i - 1] + 1) / 2, hs[i] = (hs[i - 1] + 1) / 2;
    const vx_df_image formats[2] = {VX_DF_IMAGE_U8, VX_DF_IMAGE_S16};
    for (int f = 0; f < 2; f++) {
        vx_image in = vxCreateImage(ctx, (vx_uint32)w, (vx_uint32)h, formats[f]);
        uint32_t seed = 3 + f;
        for (int k = 0; k < w * h; k++) {
            seed = seed * 1664525u + 1013904223u;
            input[k] = f ? (int32_t)(seed >> 21) - 1024 : (int32_t)(seed >> 24);
        }
        copy_image(in, input, VX_WRITE_ONLY);
        for (vx_size levels = 1; levels <= MAX_LEVELS; levels++)
            for (int immediate = 0; immediate < 2; immediate++) {
                vx_pyramid lap = vxCreatePyramid(ctx, levels, VX_SCALE_PYRAMID_HALF, (vx_uint32)w, (vx_uint32)h, VX_DF_IMAGE_S16);
                vx_image low = vxCreateImage(ctx, (vx_uint32)ws[levels], (vx_uint32)hs[levels], formats[f]);
                vx_image back = vxCreateImage(ctx, (vx_uint32)w, (vx_uint32)h, formats[f]);
                CHECK_OK(RUN(immediate, ctx, vxuLaplacianPyramid(ctx, in, lap, low),
                             vxLaplacianPyramidNode(graph_, in, lap, low)));
                memcpy(g[0], input, sizeof(int32_t) * (size_t)(w * h));
                for (vx_size i = 0; i < levels; i++) {
                    gaussian_half(g[i], ws[i], hs[i], g[i + 1]);
                    upsample(g[i + 1], ws[i], hs[i], up);
                    for (int k = 0; k < ws[i] * hs[i]; k++)
                        want[k] = clampi(g[i][k] - up[k], -32768, 32767);
                    vx_image level = vxGetPyramidLevel(lap, (vx_uint32)i);
                    read_image(level, got);
                    check_same(got, want, ws[i] * hs[i], "laplacian", (int)i);
                    vxReleaseImage(&level);
                }
                read_image(low, got);
                check_same(got, g[levels], ws[levels] * hs[levels], "lowest", (int)levels);
                CHECK_OK(RUN(immediate, ctx, vxuLaplacianReconstruct(ctx, lap, low, back),
                             vxLaplacianReconstructNode(graph_, lap, low, back)));
                read_image(back, got);
                check_same(got, input, w * h, "reconstructed", 0);
                vxReleasePyramid(&lap), vxReleaseImage(&low), vxReleaseImage(&back);
            }
        vxReleaseImage(&in);
    }
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    const int sizes[][2] = {{W, H}, {641, 9}, {5, 3}, {6, 4}, {1, 1}};
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++)
        check_size(ctx, sizes[k][0], sizes[k][1]);
    int ws[2] = {W, (W + 1) / 2}, hs[2] = {H, (H + 1) / 2};

    /* reconstruction of any pyramid: every level's sum saturated to the output's format (the
     * conformance tests' reference holds each level in it) */
    int ws3 = (ws[1] + 1) / 2, hs3 = (hs[1] + 1) / 2;
    vx_pyramid lap2 = vxCreatePyramid(ctx, 2, VX_SCALE_PYRAMID_HALF, W, H, VX_DF_IMAGE_S16);
    vx_image l0 = vxGetPyramidLevel(lap2, 0), l1 = vxGetPyramidLevel(lap2, 1);
    vx_image low3 = test_image(ctx, ws3, hs3, VX_DF_IMAGE_U8, 8, g[2]);
    vx_image out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    for (int k = 0; k < W * H; k++)
        g[0][k] = (k * 37) % 700 - 350, g[1][k] = (k * 53) % 900 - 450;
    copy_image(l0, g[0], VX_WRITE_ONLY);
    copy_image(l1, g[1], VX_WRITE_ONLY);
    CHECK_OK(vxuLaplacianReconstruct(ctx, lap2, low3, out));
    upsample(g[2], ws[1], hs[1], up);
    for (int k = 0; k < ws[1] * hs[1]; k++)
        g[3][k] = clampi(up[k] + g[1][k], 0, 255);
    upsample(g[3], W, H, up);
    for (int k = 0; k < W * H; k++)
        want[k] = clampi(up[k] + g[0][k], 0, 255);
    read_image(out, got);
    check_same(got, want, W * H, "saturated", 0);
    vxReleaseImage(&l0), vxReleaseImage(&l1), vxReleaseImage(&low3), vxReleasePyramid(&lap2);
    vx_pyramid lap = vxCreatePyramid(ctx, 1, VX_SCALE_PYRAMID_HALF, W, H, VX_DF_IMAGE_S16);
    vx_image low = test_image(ctx, ws[1], hs[1], VX_DF_IMAGE_U8, 8, g[1]);

    /* refusals */
    vx_image in = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8), rgb = vxCreateImage(ctx, W, H, VX_DF_IMAGE_RGB);
    vx_image low_s16 = vxCreateImage(ctx, ws[1], hs[1], VX_DF_IMAGE_S16), wrong = vxCreateImage(ctx, 5, 5, VX_DF_IMAGE_U8);
    vx_pyramid orb = vxCreatePyramid(ctx, 1, VX_SCALE_PYRAMID_ORB, W, H, VX_DF_IMAGE_S16);
    vx_pyramid u8 = vxCreatePyramid(ctx, 1, VX_SCALE_PYRAMID_HALF, W, H, VX_DF_IMAGE_U8);
    CHECK_REFUSED(vxuLaplacianPyramid(ctx, rgb, lap, low), VX_ERROR_INVALID_FORMAT);
    CHECK_REFUSED(vxuLaplacianPyramid(ctx, in, orb, low), VX_ERROR_NOT_SUPPORTED);
    CHECK_REFUSED(vxuLaplacianPyramid(ctx, in, u8, low), VX_ERROR_INVALID_FORMAT);
    CHECK_REFUSED_LAST(vxuLaplacianPyramid(ctx, in, lap, low_s16), VX_ERROR_INVALID_FORMAT);
    CHECK_REFUSED_LAST(vxuLaplacianPyramid(ctx, in, lap, wrong), VX_ERROR_INVALID_DIMENSION);
    CHECK_REFUSED(vxuLaplacianReconstruct(ctx, lap, wrong, out), VX_ERROR_INVALID_DIMENSION);
    CHECK_REFUSED(vxuLaplacianReconstruct(ctx, orb, low, out), VX_ERROR_NOT_SUPPORTED);
    CHECK_REFUSED_LAST(vxuLaplacianReconstruct(ctx, lap, low_s16, out), VX_ERROR_INVALID_FORMAT);
    vxReleaseImage(&in), vxReleaseImage(&rgb), vxReleaseImage(&low_s16), vxReleaseImage(&wrong);
    vxReleasePyramid(&orb), vxReleasePyramid(&u8);
    vxReleaseImage(&low), vxReleaseImage(&out), vxReleasePyramid(&lap);
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
