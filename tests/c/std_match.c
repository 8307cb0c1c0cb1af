/* MatchTemplate against plain C: every metric, templates of several shapes (one the whole source),
 * a map of the fitting positions and one of the source's size, as a node and through vxu, on
 * sources narrower than a vector and wider than many (odd numbers of positions); a planted copy of
 * the template is found. Then refusals. */
#include <VX/vx.h>
#include <VX/vxu.h>
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "std_images.h"

enum { W = 40, H = 31 };

/* The spec's formulas, straight: normalised metrics scaled by 2^15, each result truncated and
 * saturated to S16. */
static int32_t reference(const int32_t *src, int sw, const int32_t *tpl, int tw, int th, vx_enum metric, int x, int y)
{
    int64_t hamming = 0, l1 = 0, l2 = 0, ccorr = 0, tt = 0, ii = 0;
    for (int j = 0; j < th; j++)
        for (int i = 0; i < tw; i++) {
            int64_t t = tpl[j * tw + i], v = src[(y + j) * sw + x + i];
            hamming += t ^ v, l1 += llabs(t - v), l2 += (t - v) * (t - v), ccorr += t * v, tt += t * t, ii += v * v;
        }
    double area = (double)tw * th, norm = sqrt((double)tt * (double)ii), r;
    switch (metric) {
    case VX_COMPARE_HAMMING: r = (double)hamming / area; break;
    case VX_COMPARE_L1: r = (double)l1 / area; break;
    case VX_COMPARE_L2: r = (double)l2 / area; break;
    case VX_COMPARE_CCORR: r = (double)ccorr / area; break;
    case VX_COMPARE_L2_NORM: r = (double)l2 / norm * 32768.0; break;
    default: r = (double)ccorr / norm * 32768.0; break;
    }
    return r != r ? 0 : r >= 32767 ? 32767 : r <= -32768 ? -32768 : (int32_t)r;
}

/* Every metric and shape on a w x h source; the number of metrics whose best match is the planted
 * copy at (11, 7) (when the source is large enough). */
static int match(vx_context ctx, int w, int h, int seed)
{
    static int32_t src_values[641 * 31], tpl_values[641 * 31], got[641 * 31];
    vx_image src = test_image(ctx, (vx_uint32)w, (vx_uint32)h, VX_DF_IMAGE_U8, seed, src_values);
    const int shapes[7][2] = {{1, 1}, {5, 3}, {8, 8}, {3, 6}, {33, 21}, {32, 5}, {w, h}};
    int found = 0;
    for (int s = 0; s < 7; s++) {
        int tw = shapes[s][0] < w ? shapes[s][0] : w, th = shapes[s][1] < h ? shapes[s][1] : h;
        /* the template: the source's block at (11, 7) when it fits (a perfect match there) */
        int px = tw + 11 <= w ? 11 : 0, py = th + 7 <= h ? 7 : 0;
        for (int j = 0; j < th; j++)
            for (int i = 0; i < tw; i++)
                tpl_values[j * tw + i] = src_values[(py + j) * w + px + i];
        vx_image tpl = vxCreateImage(ctx, (vx_uint32)tw, (vx_uint32)th, VX_DF_IMAGE_U8);
        copy_image(tpl, tpl_values, VX_WRITE_ONLY);
        for (vx_enum metric = VX_COMPARE_HAMMING; metric <= VX_COMPARE_CCORR_NORM; metric++)
            for (int full = 0; full < 2; full++)
                for (int immediate = 0; immediate < 2; immediate++) {
                    int ow = full ? w : w - tw + 1, oh = full ? h : h - th + 1;
                    vx_image out = vxCreateImage(ctx, (vx_uint32)ow, (vx_uint32)oh, VX_DF_IMAGE_S16);
                    CHECK_OK(RUN(immediate, ctx, vxuMatchTemplate(ctx, src, tpl, metric, out),
                                 vxMatchTemplateNode(graph_, src, tpl, metric, out)));
                    read_image(out, got);
                    int32_t best = metric >= VX_COMPARE_CCORR ? -32768 : 32767, at = -1;
                    for (int y = 0; y < oh; y++)
                        for (int x = 0; x < ow; x++) {
                            int fits = x <= w - tw && y <= h - th;
                            int32_t want = fits ? reference(src_values, w, tpl_values, tw, th, metric, x, y) : 0;
                            if (got[y * ow + x] != want) {
                                fprintf(stderr, "source %dx%d template %dx%d metric %#x full %d immediate %d (%d, %d): "
                                        "%d, expected %d\n", w, h, tw, th, metric, full, immediate, x, y,
                                        got[y * ow + x], want);
                                exit(1);
                            }
                            int better = metric == VX_COMPARE_CCORR_NORM ? want > best
                                         : metric != VX_COMPARE_CCORR && want < best;
                            if (fits && better)
                                best = want, at = y * w + x;
                        }
                    found += tw > 1 && px == 11 && py == 7 && metric != VX_COMPARE_CCORR && at == py * w + px;
                    CHECK_OK(vxReleaseImage(&out));
                }
        /* a virtual output gets the fitting positions */
        vx_graph g = vxCreateGraph(ctx);
        vx_image v = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
        vx_node n = vxMatchTemplateNode(g, src, tpl, VX_COMPARE_L1, v);
        CHECK_OK(vxVerifyGraph(g));
        vx_uint32 vw, vh;
        CHECK_OK(vxQueryImage(v, VX_IMAGE_WIDTH, &vw, sizeof vw));
        CHECK_OK(vxQueryImage(v, VX_IMAGE_HEIGHT, &vh, sizeof vh));
        CHECK(vw == (vx_uint32)(w - tw + 1) && vh == (vx_uint32)(h - th + 1));
        vxReleaseNode(&n), vxReleaseImage(&v), vxReleaseGraph(&g);
        vxReleaseImage(&tpl);
    }
    vxReleaseImage(&src);
    return found;
}

/* Templates large enough for match.c's FFT sums (stats_rows_fft.inc; at SSE2 and AVX2), on
 * sources a power of two or 3 x 2^k wide or just over one, with output rows no multiple of the
 * transforms' 16: random pixels, then flat ones where every CCORR mean is an integer, so a sum one
 * too low shows: 255 everywhere against a template of ones (mean 255), and 128 against a template
 * of 255 (mean 32640: near the largest sums, where the FFTs' error bound is widest). */
static void large(vx_context ctx, int w, int h, int tw, int th, int seed)
{
    static int32_t src_values[300 * 120], tpl_values[64 * 64], got[300 * 120];
    int ow = w - tw + 1, oh = h - th + 1;
    for (int flat = 0; flat < 3; flat++) {
        vx_image src = test_image(ctx, (vx_uint32)w, (vx_uint32)h, VX_DF_IMAGE_U8, (uint32_t)seed, src_values);
        vx_image tpl = test_image(ctx, (vx_uint32)tw, (vx_uint32)th, VX_DF_IMAGE_U8, (uint32_t)seed + 1, tpl_values);
        if (flat) {
            for (int k = 0; k < w * h; k++)
                src_values[k] = flat == 1 ? 255 : 128;
            for (int k = 0; k < tw * th; k++)
                tpl_values[k] = flat == 1 ? 1 : 255;
            copy_image(src, src_values, VX_WRITE_ONLY), copy_image(tpl, tpl_values, VX_WRITE_ONLY);
        }
        vx_image out = vxCreateImage(ctx, (vx_uint32)ow, (vx_uint32)oh, VX_DF_IMAGE_S16);
        for (vx_enum metric = VX_COMPARE_L2; metric <= VX_COMPARE_CCORR_NORM; metric++) {
            CHECK_OK(vxuMatchTemplate(ctx, src, tpl, metric, out));
            read_image(out, got);
            for (int y = 0; y < oh; y++)
                for (int x = 0; x < ow; x++) {
                    int32_t want = reference(src_values, w, tpl_values, tw, th, metric, x, y);
                    if (got[y * ow + x] != want ||
                        (flat && metric == VX_COMPARE_CCORR && want != (flat == 1 ? 255 : 32640))) {
                        fprintf(stderr, "source %dx%d template %dx%d metric %#x flat %d (%d, %d): %d, expected %d\n",
                                w, h, tw, th, metric, flat, x, y, got[y * ow + x], want);
                        exit(1);
                    }
                }
        }
        vxReleaseImage(&out), vxReleaseImage(&tpl), vxReleaseImage(&src);
    }
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    CHECK(match(ctx, W, H, 21) >= 12);         /* the planted copy is the best match of most metrics */
    match(ctx, 641, 9, 22);                    /* 634 positions of an 8x8 template: no multiple of a vector */
    match(ctx, 7, 5, 23);                      /* fewer positions than a vector */
    /* rests after AVX-512's steps of 128 positions: 1-3 vectors (170: 42, 35, 10), 5-7 (100: 100,
     * 93, 68), 2 and 4 (60 x 40: 60, 53, 28) */
    match(ctx, 170, 9, 25);
    match(ctx, 100, 9, 26);
    match(ctx, 60, 40, 27);
    match(ctx, 1, 1, 24);
    match(ctx, 120, 67, 28);                   /* 33x21 by FFTs (128 points) */
    large(ctx, 240, 120, 32, 32, 29);          /* 256 points, 89 output rows */
    large(ctx, 256, 80, 24, 17, 30);           /* the source as wide as the transform */
    large(ctx, 300, 100, 48, 48, 31);          /* 512 points, 53 output rows */
    large(ctx, 129, 70, 64, 40, 32);           /* 192 points (3 x 64) for a source just over 128 */
    large(ctx, 160, 120, 32, 32, 33);          /* 192 points (3 x 64) */
    large(ctx, 192, 90, 33, 40, 34);           /* the source as wide as 3 x 64 */
    large(ctx, 97, 100, 40, 40, 35);           /* 128 points for a source just over 96 */
    large(ctx, 193, 100, 48, 48, 36);          /* 256 points for a source just over 192 */
    large(ctx, 290, 90, 64, 64, 37);           /* 384 points (3 x 128), the largest template here */
    for (int k = 0; k < 6; k++) {              /* random shapes */
        uint32_t r = (uint32_t)k * 2654435761u;
        large(ctx, 96 + (int)(r % 205), 70 + (int)(r / 205 % 51), 20 + (int)(r / 10455 % 45),
              20 + (int)(r / 470475 % 45), 38 + k);
    }

    vx_image src = test_image(ctx, W, H, VX_DF_IMAGE_U8, 21, (int32_t[W * H]){0});
    /* refusals */
    vx_image out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_S16), u8 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_image big = vxCreateImage(ctx, W + 1, 2, VX_DF_IMAGE_U8), tpl = vxCreateImage(ctx, 3, 3, VX_DF_IMAGE_U8);
    vx_image odd = vxCreateImage(ctx, W - 1, H, VX_DF_IMAGE_S16), s16 = vxCreateImage(ctx, 3, 3, VX_DF_IMAGE_S16);
    vx_image wide = vxCreateImage(ctx, 300, 300, VX_DF_IMAGE_U8), huge = vxCreateImage(ctx, 256, 257, VX_DF_IMAGE_U8);
    vx_image wide_out = vxCreateImage(ctx, 300, 300, VX_DF_IMAGE_S16);
    CHECK_REFUSED(vxuMatchTemplate(ctx, src, tpl, VX_COMPARE_CCORR_NORM + 1, out), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(vxuMatchTemplate(ctx, src, s16, VX_COMPARE_L1, out), VX_ERROR_INVALID_FORMAT);
    CHECK_REFUSED(vxuMatchTemplate(ctx, src, big, VX_COMPARE_L1, out), VX_ERROR_INVALID_DIMENSION);
    CHECK_REFUSED(vxuMatchTemplate(ctx, wide, huge, VX_COMPARE_L1, wide_out), VX_ERROR_INVALID_DIMENSION);
    CHECK_REFUSED(vxuMatchTemplate(ctx, src, tpl, VX_COMPARE_L1, odd), VX_ERROR_INVALID_DIMENSION);
    CHECK_REFUSED(vxuMatchTemplate(ctx, src, tpl, VX_COMPARE_L1, u8), VX_ERROR_INVALID_FORMAT);
    vxReleaseImage(&out), vxReleaseImage(&u8), vxReleaseImage(&big), vxReleaseImage(&tpl), vxReleaseImage(&odd);
    vxReleaseImage(&s16), vxReleaseImage(&wide), vxReleaseImage(&huge), vxReleaseImage(&wide_out);
    vxReleaseImage(&src);
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
