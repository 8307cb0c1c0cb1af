/* FastCorners against plain C, on an odd-size image of random pixels and flat squares, as a node
 * and through vxu: thresholds integer and fractional, with and without non-maximum suppression,
 * into an array big enough and into one too small (the count says all). Then the refusals.
 * (HarrisCorners: std_harris.c.) */
#include <VX/vx.h>
#include <VX/vxu.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "std_images.h"

enum { W = 37, H = 29 };

static const int circle[16][2] = {{0, -3}, {1, -3}, {2, -2}, {3, -1}, {3, 0}, {3, 1}, {2, 2}, {1, 3},
                                  {0, 3}, {-1, 3}, {-2, 2}, {-3, 1}, {-3, 0}, {-3, -1}, {-2, -2}, {-1, -3}};

/* The segment test at threshold t: 9 contiguous circle pixels all brighter than p + t or all
 * darker than p - t (runs counted around the circle twice). */
static int is_corner(const int32_t *img, int x, int y, int t)
{
    int32_t p = img[y * W + x];
    for (int sign = -1; sign <= 1; sign += 2) {
        int run = 0;
        for (int k = 0; k < 32; k++) {
            int32_t v = img[(y + circle[k % 16][1]) * W + x + circle[k % 16][0]];
            run = sign * (v - p) > t ? run + 1 : 0;
            if (run >= 9)
                return 1;
        }
    }
    return 0;
}

/* The spec's strength: the largest threshold at which the pixel is still a corner; -1 if none. */
static int strength_of(const int32_t *img, int x, int y, int t)
{
    if (x < 3 || y < 3 || x >= W - 3 || y >= H - 3)
        return -1;
    for (int s = 255; s >= t; s--)
        if (is_corner(img, x, y, s))
            return s;
    return -1;
}

/* The expected keypoints in raster order; returns their number. */
static int reference(const int32_t *img, int t, int nonmax, vx_keypoint_t *out)
{
    static int strength[W * H];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) strength[y * W + x] = strength_of(img, x, y, t);
    int count = 0;
    for (int y = 3; y < H - 3; y++)
        for (int x = 3; x < W - 3; x++) {
            int s = strength[y * W + x], kept = s >= 0;
            for (int dy = -1; dy <= 1 && nonmax && kept; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    int o = strength[(y + dy) * W + x + dx], before = dy < 0 || (dy == 0 && dx < 0);
                    if ((dx || dy) && (before ? s < o : s <= o))
                        kept = 0;
                }
            if (kept)
                out[count++] = (vx_keypoint_t){x, y, (vx_float32)s, 0, 0, 1, 0};
        }
    return count;
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    static int32_t values[W * H];
    static vx_keypoint_t want[W * H], got[W * H];
    uint32_t seed = 11;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            seed = seed * 1664525u + 1013904223u;
            int square = (x / 8 + y / 8) % 2 && x % 8 < 5 && y % 8 < 5;          /* flat squares: clean corners */
            values[y * W + x] = x < W / 2 ? (square ? 200 : 40) : (int32_t)(seed >> 24);
        }
    vx_image in = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    copy_image(in, values, VX_WRITE_ONLY);
    const vx_float32 thresholds[3] = {0.0f, 20.0f, 60.9f};
    for (int ti = 0; ti < 3; ti++)
        for (int nonmax = 0; nonmax < 2; nonmax++)
            for (int small = 0; small < 2; small++)
                for (int immediate = 0; immediate < 2; immediate++) {
                    int expected = reference(values, (int)thresholds[ti], nonmax, want);
                    CHECK(expected > 4);
                    vx_size capacity = small ? 3 : W * H, count = 12345;
                    vx_array corners = vxCreateArray(ctx, VX_TYPE_KEYPOINT, capacity);
                    vx_scalar thresh = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &thresholds[ti]);
                    vx_scalar num = vxCreateScalar(ctx, VX_TYPE_SIZE, &count);
                    vx_bool nms = nonmax ? vx_true_e : vx_false_e;
                    CHECK_OK(RUN(immediate, ctx, vxuFastCorners(ctx, in, thresh, nms, corners, num),
                                 vxFastCornersNode(graph_, in, thresh, nms, corners, num)));
                    CHECK_OK(vxCopyScalar(num, &count, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
                    vx_size items;
                    CHECK_OK(vxQueryArray(corners, VX_ARRAY_NUMITEMS, &items, sizeof items));
                    if (count != (vx_size)expected || items != (small ? 3 : (vx_size)expected)) {
                        fprintf(stderr, "threshold %g nonmax %d small %d immediate %d: %zu corners, %zu items, "
                                "expected %d\n", thresholds[ti], nonmax, small, immediate, count, items, expected);
                        return 1;
                    }
                    CHECK_OK(vxCopyArrayRange(corners, 0, items, sizeof(vx_keypoint_t), got, VX_READ_ONLY,
                                              VX_MEMORY_TYPE_HOST));
                    for (vx_size k = 0; k < items; k++)
                        if (memcmp(&got[k], &want[k], sizeof got[k]) != 0) {
                            fprintf(stderr, "threshold %g nonmax %d immediate %d keypoint %zu: (%d, %d) %g %d, "
                                    "expected (%d, %d) %g\n", thresholds[ti], nonmax, immediate, k, got[k].x,
                                    got[k].y, got[k].strength, got[k].tracking_status, want[k].x, want[k].y,
                                    want[k].strength);
                            return 1;
                        }
                    vxReleaseArray(&corners), vxReleaseScalar(&thresh), vxReleaseScalar(&num);
                }
    /* the count is optional */
    vx_float32 ten = 10.0f;
    vx_scalar thresh = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &ten);
    vx_array corners = vxCreateArray(ctx, VX_TYPE_KEYPOINT, W * H);
    CHECK_OK(vxuFastCorners(ctx, in, thresh, vx_true_e, corners, NULL));
    vx_size items;
    CHECK_OK(vxQueryArray(corners, VX_ARRAY_NUMITEMS, &items, sizeof items));
    CHECK(items == (vx_size)reference(values, 10, 1, want));

    /* refusals */
    vx_image s16 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_S16);
    vx_float32 too_big = 256.0f, negative = -1.0f;
    vx_uint32 u32 = 0;
    vx_scalar big = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &too_big), neg = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &negative);
    vx_scalar int_thresh = vxCreateScalar(ctx, VX_TYPE_UINT32, &u32), count32 = vxCreateScalar(ctx, VX_TYPE_UINT32, &u32);
    CHECK_REFUSED(vxuFastCorners(ctx, s16, thresh, vx_true_e, corners, NULL), VX_ERROR_INVALID_FORMAT);
    CHECK_REFUSED(vxuFastCorners(ctx, in, big, vx_true_e, corners, NULL), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(vxuFastCorners(ctx, in, neg, vx_true_e, corners, NULL), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(vxuFastCorners(ctx, in, int_thresh, vx_true_e, corners, NULL), VX_ERROR_INVALID_TYPE);
    CHECK_REFUSED(vxuFastCorners(ctx, in, thresh, vx_true_e, corners, count32), VX_ERROR_INVALID_TYPE);
    vxReleaseImage(&s16), vxReleaseScalar(&big), vxReleaseScalar(&neg), vxReleaseScalar(&int_thresh);
    vxReleaseScalar(&count32), vxReleaseScalar(&thresh), vxReleaseArray(&corners), vxReleaseImage(&in);
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
