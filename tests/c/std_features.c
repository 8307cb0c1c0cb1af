/* FastCorners and HarrisCorners against plain C, on an odd-size image of random pixels and flat
 * squares, as a node and through vxu. FAST: thresholds integer and fractional, with and without
 * non-maximum suppression, into an array big enough and into one too small (the count says all).
 * Harris: every gradient and block size, minimum distances 0 to 5. Then the refusals. */
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

/* Harris by the spec's steps: 2-D Sobel windows, the structure matrix over the block, Mc above
 * the threshold away from the border, 3x3 suppression as FAST's, then strongest first, dropping a
 * corner nearer than min_distance to one kept. Returns the number kept. */
static int harris_reference(const int32_t *img, double t, double min_distance, double k, int gs, int bs,
                            vx_keypoint_t *out)
{
    static const int smooth[3][7] = {{1, 2, 1}, {1, 4, 6, 4, 1}, {1, 6, 15, 20, 15, 6, 1}};
    static const int deriv[3][7] = {{-1, 0, 1}, {-1, -2, 0, 2, 1}, {-1, -4, -5, 0, 5, 4, 1}};
    static double vc[W * H];
    static struct { double s; int x, y; } list[W * H];
    int gr = gs / 2, br = bs / 2, b = gr + br, n = 0, kept = 0;
    double scale = 1.0 / ((double)(1 << (gs - 1)) * bs * 255.0);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            vc[y * W + x] = 0.0;
            if (x < b || y < b || x >= W - b || y >= H - b)
                continue;
            int64_t sxx = 0, syy = 0, sxy = 0;
            for (int by = y - br; by <= y + br; by++)
                for (int bx = x - br; bx <= x + br; bx++) {
                    int64_t gx = 0, gy = 0;
                    for (int i = 0; i < gs; i++)
                        for (int j = 0; j < gs; j++) {
                            int v = img[(by - gr + i) * W + bx - gr + j];
                            gx += smooth[gs / 2 - 1][i] * deriv[gs / 2 - 1][j] * v;
                            gy += deriv[gs / 2 - 1][i] * smooth[gs / 2 - 1][j] * v;
                        }
                    sxx += gx * gx, syy += gy * gy, sxy += gx * gy;
                }
            double a = (double)sxx * (scale * scale), d = (double)syy * (scale * scale), m = (double)sxy * (scale * scale);
            double mc = a * d - m * m - k * (a + d) * (a + d);
            vc[y * W + x] = mc > t ? mc : 0.0;
        }
    for (int y = 1; y < H - 1; y++)
        for (int x = 1; x < W - 1; x++) {
            double v = vc[y * W + x];
            int max = v > 0.0;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    double o = vc[(y + dy) * W + x + dx];
                    if ((dx || dy) && ((dy < 0 || (dy == 0 && dx < 0)) ? v < o : v <= o))
                        max = 0;
                }
            if (max) {                          /* insertion into the list, strongest first, stable */
                int at = n++;
                while (at > 0 && list[at - 1].s < v)
                    list[at] = list[at - 1], at--;
                list[at].s = v, list[at].x = x, list[at].y = y;
            }
        }
    for (int i = 0; i < n; i++) {
        int near = 0;
        for (int j = 0; j < kept; j++) {
            double dx = out[j].x - list[i].x, dy = out[j].y - list[i].y;
            near |= sqrt(dx * dx + dy * dy) < min_distance;
        }
        if (!near)
            out[kept++] = (vx_keypoint_t){list[i].x, list[i].y, (vx_float32)list[i].s, 0, 0, 1, 0};
    }
    return kept;
}

static void harris(vx_context ctx, vx_image in, const int32_t *values)
{
    static vx_keypoint_t want[W * H], got[W * H];
    const vx_float32 distances[3] = {0.0f, 2.5f, 5.0f}, k = 0.05f;
    for (vx_int32 gs = 3; gs <= 7; gs += 2)
        for (vx_int32 bs = 3; bs <= 7; bs += 2)
            for (int di = 0; di < 3; di++)
                for (int immediate = 0; immediate < 2; immediate++) {
                    vx_float32 t = 1e-4f;
                    int expected = harris_reference(values, t, distances[di], k, gs, bs, want);
                    CHECK(expected > 2);
                    vx_size count = 12345, items;
                    vx_array corners = vxCreateArray(ctx, VX_TYPE_KEYPOINT, W * H);
                    vx_scalar st = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &t);
                    vx_scalar sd = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &distances[di]);
                    vx_scalar sk = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &k);
                    vx_scalar num = vxCreateScalar(ctx, VX_TYPE_SIZE, &count);
                    CHECK_OK(RUN(immediate, ctx, vxuHarrisCorners(ctx, in, st, sd, sk, gs, bs, corners, num),
                                 vxHarrisCornersNode(graph_, in, st, sd, sk, gs, bs, corners, num)));
                    CHECK_OK(vxCopyScalar(num, &count, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
                    CHECK_OK(vxQueryArray(corners, VX_ARRAY_NUMITEMS, &items, sizeof items));
                    if (count != (vx_size)expected || items != count) {
                        fprintf(stderr, "harris gs %d bs %d distance %g: %zu corners, %zu items, expected %d\n", gs,
                                bs, distances[di], count, items, expected);
                        exit(1);
                    }
                    CHECK_OK(vxCopyArrayRange(corners, 0, items, sizeof(vx_keypoint_t), got, VX_READ_ONLY,
                                              VX_MEMORY_TYPE_HOST));
                    for (vx_size i = 0; i < items; i++)
                        if (memcmp(&got[i], &want[i], sizeof got[i]) != 0) {
                            fprintf(stderr, "harris gs %d bs %d distance %g keypoint %zu: (%d, %d) %g, expected "
                                    "(%d, %d) %g\n", gs, bs, distances[di], i, got[i].x, got[i].y, got[i].strength,
                                    want[i].x, want[i].y, want[i].strength);
                            exit(1);
                        }
                    vxReleaseArray(&corners), vxReleaseScalar(&st), vxReleaseScalar(&sd), vxReleaseScalar(&sk);
                    vxReleaseScalar(&num);
                }
    /* refusals */
    vx_float32 f = 0.05f, far = 31.0f;
    vx_int32 four = 4;
    vx_scalar sf = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &f), sfar = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &far);
    vx_scalar si = vxCreateScalar(ctx, VX_TYPE_INT32, &four);
    vx_array corners = vxCreateArray(ctx, VX_TYPE_KEYPOINT, 10);
    vx_image s16 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_S16);
    CHECK_REFUSED(vxuHarrisCorners(ctx, s16, sf, sf, sf, 3, 3, corners, NULL), VX_ERROR_INVALID_FORMAT);
    CHECK_REFUSED(vxuHarrisCorners(ctx, in, sf, sfar, sf, 3, 3, corners, NULL), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(vxuHarrisCorners(ctx, in, sf, sf, sf, 4, 3, corners, NULL), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(vxuHarrisCorners(ctx, in, sf, sf, sf, 3, 9, corners, NULL), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(vxuHarrisCorners(ctx, in, si, sf, sf, 3, 3, corners, NULL), VX_ERROR_INVALID_TYPE);
    vxReleaseScalar(&sf), vxReleaseScalar(&sfar), vxReleaseScalar(&si), vxReleaseArray(&corners);
    vxReleaseImage(&s16);
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

    harris(ctx, in, values);

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
