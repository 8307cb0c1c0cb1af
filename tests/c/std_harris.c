/* HarrisCorners against plain C by the spec's steps, on images of random pixels and flat squares:
 * every gradient and block size, minimum distances 0 to 30, several sensitivities and thresholds,
 * as a node and through vxu, on odd sizes (widths 1 to 1100: the row loops' blocks are 1024
 * columns). Then the refusals. */
#include <VX/vx.h>
#include <VX/vxu.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "std_images.h"

typedef struct spot {
    double s;
    int x, y;
} spot;

/* Harris by the spec's steps: Sobel gradients, the structure matrix summed over the block, Mc above
 * the threshold away from the border, the 3x3 suppression of FAST (>= the neighbours before in
 * raster order, > those after), then strongest first (ties in raster order), dropping a corner
 * nearer than min_distance to one kept. Returns the number kept. */
static int harris_reference(const int32_t *img, int W, int H, double t, double min_distance, double k, int gs,
                            int bs, vx_keypoint_t *out)
{
    static const int smooth[3][7] = {{1, 2, 1}, {1, 4, 6, 4, 1}, {1, 6, 15, 20, 15, 6, 1}};
    static const int deriv[3][7] = {{-1, 0, 1}, {-1, -2, 0, 2, 1}, {-1, -4, -5, 0, 5, 4, 1}};
    int64_t *gx = calloc((size_t)W * H, sizeof *gx), *gy = calloc((size_t)W * H, sizeof *gy);
    double *vc = calloc((size_t)W * H, sizeof *vc);
    spot *list = malloc((size_t)W * H * sizeof *list);
    int gr = gs / 2, br = bs / 2, b = gr + br, n = 0, kept = 0;
    double scale = 1.0 / ((double)(1 << (gs - 1)) * bs * 255.0);
    for (int y = gr; y < H - gr; y++)
        for (int x = gr; x < W - gr; x++)
            for (int i = 0; i < gs; i++)
                for (int j = 0; j < gs; j++) {
                    int v = img[(y - gr + i) * W + x - gr + j];
                    gx[y * W + x] += smooth[gr - 1][i] * deriv[gr - 1][j] * v;
                    gy[y * W + x] += deriv[gr - 1][i] * smooth[gr - 1][j] * v;
                }
    for (int y = b; y < H - b; y++)
        for (int x = b; x < W - b; x++) {
            int64_t sxx = 0, syy = 0, sxy = 0;
            for (int by = y - br; by <= y + br; by++)
                for (int bx = x - br; bx <= x + br; bx++) {
                    int64_t u = gx[by * W + bx], v = gy[by * W + bx];
                    sxx += u * u, syy += v * v, sxy += u * v;
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
                list[at] = (spot){v, x, y};
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
    free(gx), free(gy), free(vc), free(list);
    return kept;
}

/* Flat squares on the left half (clean corners), random pixels on the right. */
static vx_image squares_and_noise(vx_context ctx, int W, int H, int32_t *values)
{
    uint32_t seed = 11;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            seed = seed * 1664525u + 1013904223u;
            int square = (x / 8 + y / 8) % 2 && x % 8 < 5 && y % 8 < 5;
            values[y * W + x] = x < W / 2 ? (square ? 200 : 40) : (int32_t)(seed >> 24);
        }
    vx_image in = vxCreateImage(ctx, (vx_uint32)W, (vx_uint32)H, VX_DF_IMAGE_U8);
    copy_image(in, values, VX_WRITE_ONLY);
    return in;
}

/* One run against the reference; returns the number of corners. */
static int check_harris(vx_context ctx, vx_image in, const int32_t *values, int W, int H, vx_float32 t,
                        vx_float32 distance, vx_float32 k, vx_int32 gs, vx_int32 bs, int immediate)
{
    vx_keypoint_t *want = malloc((size_t)W * H * sizeof *want), *got = malloc((size_t)W * H * sizeof *got);
    int expected = harris_reference(values, W, H, t, distance, k, gs, bs, want);
    vx_size count = 12345, items;
    vx_array corners = vxCreateArray(ctx, VX_TYPE_KEYPOINT, (vx_size)W * H);
    vx_scalar st = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &t), sd = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &distance);
    vx_scalar sk = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &k), num = vxCreateScalar(ctx, VX_TYPE_SIZE, &count);
    CHECK_OK(RUN(immediate, ctx, vxuHarrisCorners(ctx, in, st, sd, sk, gs, bs, corners, num),
                 vxHarrisCornersNode(graph_, in, st, sd, sk, gs, bs, corners, num)));
    CHECK_OK(vxCopyScalar(num, &count, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(vxQueryArray(corners, VX_ARRAY_NUMITEMS, &items, sizeof items));
    if (count != (vx_size)expected || items != count) {
        fprintf(stderr, "%dx%d gs %d bs %d distance %g k %g t %g: %zu corners, %zu items, expected %d\n", W, H, gs,
                bs, distance, k, t, count, items, expected);
        exit(1);
    }
    if (items > 0)
        CHECK_OK(vxCopyArrayRange(corners, 0, items, sizeof(vx_keypoint_t), got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    for (vx_size i = 0; i < items; i++)
        if (memcmp(&got[i], &want[i], sizeof got[i]) != 0) {
            fprintf(stderr, "%dx%d gs %d bs %d distance %g k %g keypoint %zu: (%d, %d) %g, expected (%d, %d) %g\n",
                    W, H, gs, bs, distance, k, i, got[i].x, got[i].y, got[i].strength, want[i].x, want[i].y,
                    want[i].strength);
            exit(1);
        }
    vxReleaseArray(&corners), vxReleaseScalar(&st), vxReleaseScalar(&sd), vxReleaseScalar(&sk);
    vxReleaseScalar(&num), free(want), free(got);
    return expected;
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    enum { W = 37, H = 29 };
    static int32_t values[1100 * 13];
    vx_image in = squares_and_noise(ctx, W, H, values);
    const vx_float32 distances[4] = {0.0f, 2.5f, 5.0f, 30.0f};
    for (vx_int32 gs = 3; gs <= 7; gs += 2)
        for (vx_int32 bs = 3; bs <= 7; bs += 2)
            for (int di = 0; di < 4; di++)
                for (int immediate = 0; immediate < 2; immediate++)
                    CHECK(check_harris(ctx, in, values, W, H, 1e-4f, distances[di], 0.05f, gs, bs, immediate) >
                          (di < 3 ? 2 : 0));
    /* sensitivities and thresholds: with k = 0.15 or a higher threshold fewer corners, with 0 more */
    const vx_float32 ks[3] = {0.04f, 0.15f, 0.1f}, ts[3] = {0.0f, 1e-5f, 2e-3f};
    for (int i = 0; i < 3; i++)
        CHECK(check_harris(ctx, in, values, W, H, ts[i], 1.5f, ks[i], 3 + 2 * i, 3, 0) > 0);
    vxReleaseImage(&in);
    /* odd sizes (none with a corner for width 1 or 7 with the larger sizes) */
    const int sizes[5][2] = {{1, 5}, {7, 9}, {33, 17}, {641, 13}, {1100, 12}};
    for (int s = 0; s < 5; s++) {
        in = squares_and_noise(ctx, sizes[s][0], sizes[s][1], values);
        for (vx_int32 gs = 3; gs <= 7; gs += 2)
            for (vx_int32 bs = 3; bs <= 7; bs += 2)
                check_harris(ctx, in, values, sizes[s][0], sizes[s][1], 1e-4f, distances[(gs + bs) / 2 % 4],
                             (gs + bs) % 4 ? 0.04f : 0.06f, gs, bs, 0);
        vxReleaseImage(&in);
    }
    /* refusals */
    in = squares_and_noise(ctx, W, H, values);
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
    vxReleaseImage(&s16), vxReleaseImage(&in);
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
