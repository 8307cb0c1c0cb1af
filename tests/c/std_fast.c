/* FastCorners against a reference built on the segment test alone, at the sizes where the SIMD row
 * loops have edges: widths 7 (no full step), 33, 641 (a step plus a few lanes), images smaller than
 * the circle's 7x7, and an ROI (row stride != width). Pixels are full-range noise, coarse noise
 * (4 levels: many equal strengths, so suppression ties matter) and flat squares; thresholds 0 to
 * 255 with and without suppression. Run under each PVX_SIMD level by the test. */
#include <VX/vx.h>
#include <VX/vxu.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "std_images.h"

static const int ring[16][2] = {{0, -3}, {1, -3}, {2, -2}, {3, -1}, {3, 0}, {3, 1}, {2, 2}, {1, 3},
                                {0, 3}, {-1, 3}, {-2, 2}, {-3, 1}, {-3, 0}, {-3, -1}, {-2, -2}, {-1, -3}};

/* The segment test at t: 9 circle pixels in a row (cyclically) all > p + t or all < p - t. */
static int segment(const int32_t *img, int w, int x, int y, int t)
{
    int32_t p = img[y * w + x];
    int bright = 0, dark = 0;
    for (int k = 0; k < 25; k++) {
        int32_t v = img[(y + ring[k % 16][1]) * w + x + ring[k % 16][0]];
        bright = v > p + t ? bright + 1 : 0;
        dark = v < p - t ? dark + 1 : 0;
        if (bright == 9 || dark == 9)
            return 1;
    }
    return 0;
}

/* The strength (the largest t passing; the test passes for every smaller t) by bisection; -1 when
 * not a corner at `t` or within 3 pixels of the edge. */
static int strength(const int32_t *img, int w, int h, int x, int y, int t)
{
    if (x < 3 || y < 3 || x >= w - 3 || y >= h - 3 || !segment(img, w, x, y, t))
        return -1;
    int lo = t, hi = 256;                      /* passes at lo, fails at hi */
    while (hi - lo > 1) {
        int mid = (lo + hi) / 2;
        *(segment(img, w, x, y, mid) ? &lo : &hi) = mid;
    }
    return lo;
}

/* The expected corners in raster order (kept: >= the neighbours before, > those after); their number. */
static size_t expected(const int32_t *img, int w, int h, int t, int nonmax, int *s, vx_keypoint_t *out)
{
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) s[y * w + x] = strength(img, w, h, x, y, t);
    size_t n = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int v = s[y * w + x], kept = v >= 0;
            for (int k = 0; k < 9 && kept && nonmax; k++) {
                int dx = k % 3 - 1, dy = k / 3 - 1;
                if (k != 4 && x + dx >= 0 && y + dy >= 0 && x + dx < w && y + dy < h)
                    kept = k < 4 ? v >= s[(y + dy) * w + x + dx] : v > s[(y + dy) * w + x + dx];
            }
            if (kept)
                out[n++] = (vx_keypoint_t){x, y, (vx_float32)v, 0, 0, 1, 0};
        }
    return n;
}

static void check_fast(vx_context ctx, vx_image in, const int32_t *img, int w, int h, const char *what)
{
    int *s = malloc(sizeof *s * (size_t)w * h);
    vx_keypoint_t *want = malloc(sizeof *want * (size_t)w * h), *got = malloc(sizeof *got * (size_t)w * h);
    const vx_float32 thresholds[5] = {0.0f, 20.0f, 60.9f, 120.0f, 255.0f};
    for (int ti = 0; ti < 5; ti++)
        for (int nonmax = 0; nonmax < 2; nonmax++) {
            size_t n = expected(img, w, h, (int)thresholds[ti], nonmax, s, want), items, count = 12345;
            vx_array corners = vxCreateArray(ctx, VX_TYPE_KEYPOINT, (vx_size)w * h);
            vx_scalar thresh = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &thresholds[ti]);
            vx_scalar num = vxCreateScalar(ctx, VX_TYPE_SIZE, &count);
            CHECK_OK(vxuFastCorners(ctx, in, thresh, nonmax ? vx_true_e : vx_false_e, corners, num));
            CHECK_OK(vxCopyScalar(num, &count, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
            CHECK_OK(vxQueryArray(corners, VX_ARRAY_NUMITEMS, &items, sizeof items));
            if (count != n || items != n) {
                fprintf(stderr, "%s %dx%d threshold %g nonmax %d: %zu corners, %zu items, expected %zu\n", what, w, h,
                        thresholds[ti], nonmax, count, items, n);
                exit(1);
            }
            if (n > 0)
                CHECK_OK(vxCopyArrayRange(corners, 0, n, sizeof *got, got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
            for (size_t k = 0; k < n; k++)
                if (memcmp(&got[k], &want[k], sizeof got[k]) != 0) {
                    fprintf(stderr, "%s %dx%d threshold %g nonmax %d keypoint %zu: (%d, %d) %g, expected (%d, %d) %g\n",
                            what, w, h, thresholds[ti], nonmax, k, got[k].x, got[k].y, got[k].strength, want[k].x,
                            want[k].y, want[k].strength);
                    exit(1);
                }
            vxReleaseArray(&corners), vxReleaseScalar(&thresh), vxReleaseScalar(&num);
        }
    free(s), free(want), free(got);
}

/* Noise in the left third, coarse noise in the middle, flat squares on the right. */
static void fill(int32_t *img, int w, int h, uint32_t seed)
{
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            seed = seed * 1664525u + 1013904223u;
            int square = (x / 8 + y / 8) % 2 && x % 8 < 5 && y % 8 < 5;
            img[y * w + x] = x < w / 3 ? (int32_t)(seed >> 24) : x < 2 * w / 3 ? (int32_t)(seed >> 30) * 80
                                                                               : (square ? 200 : 40);
        }
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    static const int sizes[][2] = {{7, 7}, {33, 17}, {641, 11}, {40, 9}, {6, 30}, {30, 6}, {5, 5}, {64, 38}};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        int w = sizes[i][0], h = sizes[i][1];
        int32_t *img = malloc(sizeof *img * (size_t)w * h);
        fill(img, w, h, 5u + (uint32_t)i);
        vx_image in = vxCreateImage(ctx, (vx_uint32)w, (vx_uint32)h, VX_DF_IMAGE_U8);
        copy_image(in, img, VX_WRITE_ONLY);
        check_fast(ctx, in, img, w, h, "image");
        vxReleaseImage(&in);
        free(img);
    }
    /* an ROI of a wider image: rows further apart than its width */
    enum { RW = 97, RH = 23, X0 = 5, Y0 = 3, W = 70, H = 17 };
    static int32_t whole[RW * RH], part[W * H];
    fill(whole, RW, RH, 99);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) part[y * W + x] = whole[(y + Y0) * RW + x + X0];
    vx_image big = vxCreateImage(ctx, RW, RH, VX_DF_IMAGE_U8);
    copy_image(big, whole, VX_WRITE_ONLY);
    vx_rectangle_t rect = {X0, Y0, X0 + W, Y0 + H};
    vx_image roi = vxCreateImageFromROI(big, &rect);
    check_fast(ctx, roi, part, W, H, "roi");
    vxReleaseImage(&roi), vxReleaseImage(&big);
    CHECK(context_references(ctx) == start);
    vxReleaseContext(&ctx);
    puts("ok");
    return 0;
}
