/* OpticalFlowPyrLK against plain C (pyramidal Lucas-Kanade written out in fixed point): a smooth
 * pattern moved by (2.6, -1.4), three-level pyramids (and one-level ones), every termination
 * criterion, with and without initial estimates, windows 3 to 10 (even ones too: the window
 * centred on the point, offsets j - (n - 1) / 2), as a node and through vxu; points in a flat
 * area are lost, points already lost stay lost, tracked points land on the true motion. Only the
 * finest level decides: with four levels, points next to the bottom edge (outside the coarsest
 * level) are tracked. Refusals. */
#include <VX/vx.h>
#include <VX/vxu.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "std_images.h"

enum { W = 80, H = 60, LEVELS = 3, MAX_LEVELS = 4, POINTS = 13 };   /* MAX_LEVELS: the deepest pyramid a case uses */
static int n_levels = LEVELS;                 /* of the pyramids in use */
#define SHIFT_X 2.6
#define SHIFT_Y (-1.4)

typedef struct img {
    int w, h;
    uint8_t v[W * H];
} img;

static img old_lv[MAX_LEVELS], new_lv[MAX_LEVELS];

static double pattern(double x, double y)
{
    if (x > 66)
        return 128;                             /* flat: nothing to track */
    return 128 + 60 * sin(x / 4.1) * cos(y / 3.3) + 40 * sin((x + 2 * y) / 6.7);
}

static double px(const img *im, int x, int y)
{
    x = x < 0 ? 0 : x >= im->w ? im->w - 1 : x;
    y = y < 0 ? 0 : y >= im->h ? im->h - 1 : y;
    return im->v[y * im->w + x];
}

/* The Scharr derivative (times 32) at pixel (x, y): the 3x3 weights on the neighbours. */
static double scharr(const img *im, int x, int y, int vertical)
{
    static const int k[3][3] = {{-3, 0, 3}, {-10, 0, 10}, {-3, 0, 3}};
    double sum = 0;                            /* integers: exact in any order */
    for (int i = -1; i <= 1; i++)
        for (int j = -1; j <= 1; j++)
            sum += (vertical ? k[j + 1][i + 1] : k[i + 1][j + 1]) * px(im, x + j, y + i);
    return sum;
}

/* A window of n samples a side whose first sample lies at (sx, sy): every sample at a whole pixel
 * from it, so all share its fraction, taken to 1/128 pixel a side; the bilinear weights of the four
 * pixels around a sample are then integers summing to 2^14. */
typedef struct window {
    long x, y;                                 /* the pixel at or left of / above the first sample */
    long w[4];                                 /* top left, top right, bottom left, bottom right */
} window;

static window window_at(double sx, double sy)
{
    window win;
    win.x = (long)floor(sx), win.y = (long)floor(sy);
    long ax = lround((sx - (double)win.x) * 128), ay = lround((sy - (double)win.y) * 128);
    win.w[0] = (128 - ax) * (128 - ay), win.w[1] = ax * (128 - ay), win.w[2] = (128 - ax) * ay, win.w[3] = ax * ay;
    return win;
}

/* what = 0 the value (times 32), 1 the x gradient, 2 the y gradient (Scharr sums: the derivatives
 * times 32), bilinear at sample (j, i) of the window, rounded to an integer */
static long sample(const img *im, const window *win, int what, int j, int i)
{
    long sum = 0;
    for (int k = 0; k < 4; k++) {
        int x = (int)win->x + j + (k & 1), y = (int)win->y + i + (k >> 1);
        sum += win->w[k] * (long)(what == 0 ? px(im, x, y) : scharr(im, x, y, what == 2));
    }
    int shift = what == 0 ? 9 : 14;            /* 2^14 weights, values kept times 32 */
    return (long)floor((double)sum / (1 << shift) + 0.5);
}

/* A window of n samples a side: sample j at offset j - (n - 1) / 2 from the point. A level where
 * the gradients are too weak or the point leaves the image loses the point at the finest level;
 * at a coarser one it ends that level (the flow so far kept). G and b are integer sums (times
 * 32^2 both); the step G^-1 b in double. */
static vx_keypoint_t reference(vx_keypoint_t p, const vx_keypoint_t *estimate, vx_enum term, double eps,
                               unsigned iterations, int n)
{
    vx_keypoint_t out = p;
    out.error = 0;
    if (p.tracking_status == 0)
        return out;
    unsigned max_it = term == VX_TERM_CRITERIA_EPSILON ? 100 : iterations;
    int use_eps = term != VX_TERM_CRITERIA_ITERATIONS;
    double h = (n - 1) / 2.0;
    double scale = 1.0 / (1 << (n_levels - 1));
    double gx = estimate ? (estimate->x - p.x) * scale : 0, gy = estimate ? (estimate->y - p.y) * scale : 0;
    for (int l = n_levels - 1; l >= 0; l--, scale *= 2) {
        double cx = p.x * scale, cy = p.y * scale, vx = 0, vy = 0;
        window old_win = window_at(cx - h, cy - h);
        long long gxx = 0, gxy = 0, gyy = 0;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                long dx = sample(&old_lv[l], &old_win, 1, j, i), dy = sample(&old_lv[l], &old_win, 2, j, i);
                gxx += dx * dx, gxy += dx * dy, gyy += dy * dy;
            }
        double a = (double)gxx, b = (double)gxy, c = (double)gyy, det = a * c - b * b;
        if ((a + c - sqrt((a - c) * (a - c) + 4 * b * b)) / (2.0 * n * n * 1024) < 1e-4 || det == 0) {
            if (l == 0) {
                out.tracking_status = 0;
                return out;
            }
            gx *= 2, gy *= 2;
            continue;
        }
        for (unsigned it = 0; it < max_it; it++) {
            double qx = cx + gx + vx, qy = cy + gy + vy;
            if (!(qx >= 0 && qy >= 0 && qx <= new_lv[l].w - 1 && qy <= new_lv[l].h - 1)) {
                if (l == 0) {
                    out.tracking_status = 0;
                    return out;
                }
                break;
            }
            window new_win = window_at(qx - h, qy - h);
            long long bx = 0, by = 0;
            for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++) {
                    long d = sample(&old_lv[l], &old_win, 0, j, i) - sample(&new_lv[l], &new_win, 0, j, i);
                    bx += d * sample(&old_lv[l], &old_win, 1, j, i);
                    by += d * sample(&old_lv[l], &old_win, 2, j, i);
                }
            double ex = (c * (double)bx - b * (double)by) / det, ey = (a * (double)by - b * (double)bx) / det;
            vx += ex, vy += ey;
            if (use_eps && ex * ex + ey * ey <= eps * eps)
                break;
        }
        gx += vx, gy += vy;
        if (l > 0)
            gx *= 2, gy *= 2;
    }
    double fx = p.x + gx, fy = p.y + gy;
    if (!(fx >= 0 && fy >= 0 && fx <= W - 1 && fy <= H - 1)) {
        out.tracking_status = 0;
        return out;
    }
    out.x = (vx_int32)lround(fx), out.y = (vx_int32)lround(fy);
    return out;
}

static vx_pyramid pyramid_of(vx_context ctx, double sx, double sy, img *levels)
{
    static int32_t values[W * H];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            values[y * W + x] = (int32_t)lround(pattern(x - sx, y - sy));
    vx_image base = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    copy_image(base, values, VX_WRITE_ONLY);
    vx_pyramid pyr = vxCreatePyramid(ctx, (vx_size)n_levels, VX_SCALE_PYRAMID_HALF, W, H, VX_DF_IMAGE_U8);
    CHECK_OK(vxuGaussianPyramid(ctx, base, pyr));
    for (vx_uint32 l = 0; l < (vx_uint32)n_levels; l++) {
        vx_image level = vxGetPyramidLevel(pyr, l);
        vx_uint32 w, h;
        CHECK_OK(vxQueryImage(level, VX_IMAGE_WIDTH, &w, sizeof w));
        CHECK_OK(vxQueryImage(level, VX_IMAGE_HEIGHT, &h, sizeof h));
        levels[l].w = (int)w, levels[l].h = (int)h;
        read_image(level, values);
        for (vx_uint32 k = 0; k < w * h; k++)
            levels[l].v[k] = (uint8_t)values[k];
        vxReleaseImage(&level);
    }
    vxReleaseImage(&base);
    return pyr;
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    vx_pyramid old_pyr = pyramid_of(ctx, 0, 0, old_lv), new_pyr = pyramid_of(ctx, SHIFT_X, SHIFT_Y, new_lv);
    vx_keypoint_t olds[POINTS], estimates[POINTS], got[POINTS];
    for (int k = 0; k < POINTS; k++) {
        olds[k] = (vx_keypoint_t){12 + (k % 5) * 10, 14 + (k / 5) * 12, 1.0f, 0.0f, 0.0f, 1, 0.0f};
        estimates[k] = olds[k];
        estimates[k].x += 2, estimates[k].y -= 1;
    }
    olds[10].x = 75;                           /* in the flat area (the window of 10 too) */
    olds[11].tracking_status = 0;              /* lost already */
    vx_array old_arr = vxCreateArray(ctx, VX_TYPE_KEYPOINT, POINTS), est_arr = vxCreateArray(ctx, VX_TYPE_KEYPOINT, POINTS);
    CHECK_OK(vxAddArrayItems(old_arr, POINTS, olds, sizeof olds[0]));
    CHECK_OK(vxAddArrayItems(est_arr, POINTS, estimates, sizeof estimates[0]));
    const vx_enum terms[3] = {VX_TERM_CRITERIA_ITERATIONS, VX_TERM_CRITERIA_EPSILON, VX_TERM_CRITERIA_BOTH};
    enum { WINDOWS = 5 };
    const vx_size windows[WINDOWS] = {3, 5, 6, 9, 10};
    vx_float32 eps = 0.01f;
    vx_uint32 iterations = 6;
    int on_target = 0;
    for (int t = 0; t < 3; t++)
        for (int e = 0; e < 2; e++)
            for (int wi = 0; wi < WINDOWS; wi++)
                for (int immediate = 0; immediate < 2; immediate++) {
                    vx_bool use = e ? vx_true_e : vx_false_e;
                    vx_scalar s_eps = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &eps);
                    vx_scalar s_it = vxCreateScalar(ctx, VX_TYPE_UINT32, &iterations);
                    vx_scalar s_use = vxCreateScalar(ctx, VX_TYPE_BOOL, &use);
                    vx_array new_arr = vxCreateArray(ctx, VX_TYPE_KEYPOINT, POINTS);
                    CHECK_OK(RUN(immediate, ctx,
                                 vxuOpticalFlowPyrLK(ctx, old_pyr, new_pyr, old_arr, est_arr, new_arr, terms[t], s_eps,
                                                     s_it, s_use, windows[wi]),
                                 vxOpticalFlowPyrLKNode(graph_, old_pyr, new_pyr, old_arr, est_arr, new_arr, terms[t],
                                                        s_eps, s_it, s_use, windows[wi])));
                    vx_size items = 0;
                    CHECK_OK(vxQueryArray(new_arr, VX_ARRAY_NUMITEMS, &items, sizeof items));
                    CHECK(items == POINTS);
                    CHECK_OK(vxCopyArrayRange(new_arr, 0, POINTS, sizeof got[0], got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
                    for (int k = 0; k < POINTS; k++) {
                        vx_keypoint_t want = reference(olds[k], e ? &estimates[k] : NULL, terms[t], eps, iterations,
                                                       (int)windows[wi]);
                        if (memcmp(&got[k], &want, sizeof want) != 0) {
                            fprintf(stderr, "term %#x estimate %d window %d immediate %d point %d: (%d, %d) status %d, "
                                    "expected (%d, %d) status %d\n", terms[t], e, (int)windows[wi], immediate, k,
                                    got[k].x, got[k].y, got[k].tracking_status, want.x, want.y, want.tracking_status);
                            return 1;
                        }
                        if (k == 10 || k == 11)
                            CHECK(got[k].tracking_status == 0);
                        else if (windows[wi] > 3 && got[k].tracking_status)
                            on_target += abs(got[k].x - (int)lround(olds[k].x + SHIFT_X)) <= 1 &&
                                         abs(got[k].y - (int)lround(olds[k].y + SHIFT_Y)) <= 1;
                    }
                    vxReleaseScalar(&s_eps), vxReleaseScalar(&s_it), vxReleaseScalar(&s_use), vxReleaseArray(&new_arr);
                }
    CHECK(on_target >= 350);                    /* of 3 x 2 x 4 x 2 x 11 = 528 */

    /* pyramids of one level */
    n_levels = 1;
    vx_pyramid old1 = pyramid_of(ctx, 0, 0, old_lv), new1 = pyramid_of(ctx, SHIFT_X, SHIFT_Y, new_lv);
    {
        vx_bool use = vx_true_e;
        vx_scalar s_eps = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &eps), s_it = vxCreateScalar(ctx, VX_TYPE_UINT32, &iterations);
        vx_scalar s_use = vxCreateScalar(ctx, VX_TYPE_BOOL, &use);
        vx_array new_arr = vxCreateArray(ctx, VX_TYPE_KEYPOINT, POINTS);
        CHECK_OK(vxuOpticalFlowPyrLK(ctx, old1, new1, old_arr, est_arr, new_arr, VX_TERM_CRITERIA_BOTH, s_eps, s_it,
                                     s_use, 7));
        CHECK_OK(vxCopyArrayRange(new_arr, 0, POINTS, sizeof got[0], got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        for (int k = 0; k < POINTS; k++) {
            vx_keypoint_t want = reference(olds[k], &estimates[k], VX_TERM_CRITERIA_BOTH, eps, iterations, 7);
            CHECK(memcmp(&got[k], &want, sizeof want) == 0);
        }
        vxReleaseScalar(&s_eps), vxReleaseScalar(&s_it), vxReleaseScalar(&s_use), vxReleaseArray(&new_arr);
    }
    vxReleasePyramid(&old1), vxReleasePyramid(&new1);

    /* pyramids of four levels (the coarsest 10 x 8): points next to the bottom edge lie outside the
     * coarsest level, and are tracked by the finer ones; windows 6 and 9 */
    n_levels = 4;
    vx_pyramid old4 = pyramid_of(ctx, 0, 0, old_lv), new4 = pyramid_of(ctx, SHIFT_X, SHIFT_Y, new_lv);
    vx_keypoint_t edge[6];
    for (int k = 0; k < 6; k++) edge[k] = (vx_keypoint_t){8 + 10 * k, 57 + k % 2, 1.0f, 0.0f, 0.0f, 1, 0.0f};
    vx_array edge_arr = vxCreateArray(ctx, VX_TYPE_KEYPOINT, 6);
    CHECK_OK(vxAddArrayItems(edge_arr, 6, edge, sizeof edge[0]));
    for (int w = 6; w <= 9; w += 3) {
        vx_bool use = vx_false_e;
        vx_scalar s_eps = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &eps), s_it = vxCreateScalar(ctx, VX_TYPE_UINT32, &iterations);
        vx_scalar s_use = vxCreateScalar(ctx, VX_TYPE_BOOL, &use);
        vx_array new_arr = vxCreateArray(ctx, VX_TYPE_KEYPOINT, 6);
        CHECK_OK(vxuOpticalFlowPyrLK(ctx, old4, new4, edge_arr, edge_arr, new_arr, VX_TERM_CRITERIA_BOTH, s_eps, s_it,
                                     s_use, (vx_size)w));
        CHECK_OK(vxCopyArrayRange(new_arr, 0, 6, sizeof got[0], got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        for (int k = 0; k < 6; k++) {
            vx_keypoint_t want = reference(edge[k], NULL, VX_TERM_CRITERIA_BOTH, eps, iterations, w);
            CHECK(memcmp(&got[k], &want, sizeof want) == 0);
            CHECK(got[k].tracking_status == 1);
            CHECK(abs(got[k].x - (int)lround(edge[k].x + SHIFT_X)) <= 1 && abs(got[k].y - (int)lround(edge[k].y + SHIFT_Y)) <= 1);
        }
        vxReleaseScalar(&s_eps), vxReleaseScalar(&s_it), vxReleaseScalar(&s_use), vxReleaseArray(&new_arr);
    }
    vxReleaseArray(&edge_arr), vxReleasePyramid(&old4), vxReleasePyramid(&new4);
    n_levels = LEVELS;

    /* refusals */
    vx_scalar s_eps = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &eps), s_it = vxCreateScalar(ctx, VX_TYPE_UINT32, &iterations);
    vx_bool yes = vx_true_e;
    vx_float32 negative = -1.0f;
    vx_scalar s_use = vxCreateScalar(ctx, VX_TYPE_BOOL, &yes), s_neg = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &negative);
    vx_array new_arr = vxCreateArray(ctx, VX_TYPE_KEYPOINT, POINTS), coords = vxCreateArray(ctx, VX_TYPE_COORDINATES2D, 4);
    vx_array few = vxCreateArray(ctx, VX_TYPE_KEYPOINT, POINTS);
    CHECK_OK(vxAddArrayItems(few, 2, olds, sizeof olds[0]));
    vx_pyramid orb = vxCreatePyramid(ctx, LEVELS, VX_SCALE_PYRAMID_ORB, W, H, VX_DF_IMAGE_U8);
    vx_pyramid two = vxCreatePyramid(ctx, 2, VX_SCALE_PYRAMID_HALF, W, H, VX_DF_IMAGE_U8);
    vx_pyramid s16 = vxCreatePyramid(ctx, LEVELS, VX_SCALE_PYRAMID_HALF, W, H, VX_DF_IMAGE_S16);
#define LK(o, nw, pts, est, out, term, e, it, use, win) \
    vxuOpticalFlowPyrLK(ctx, o, nw, pts, est, out, term, e, it, use, win)
    CHECK_REFUSED(LK(old_pyr, two, old_arr, est_arr, new_arr, VX_TERM_CRITERIA_BOTH, s_eps, s_it, s_use, 5), VX_ERROR_INVALID_DIMENSION);
    CHECK_REFUSED(LK(orb, orb, old_arr, est_arr, new_arr, VX_TERM_CRITERIA_BOTH, s_eps, s_it, s_use, 5), VX_ERROR_NOT_SUPPORTED);
    CHECK_REFUSED(LK(s16, s16, old_arr, est_arr, new_arr, VX_TERM_CRITERIA_BOTH, s_eps, s_it, s_use, 5), VX_ERROR_INVALID_FORMAT);
    CHECK_REFUSED(LK(old_pyr, new_pyr, coords, est_arr, new_arr, VX_TERM_CRITERIA_BOTH, s_eps, s_it, s_use, 5), VX_ERROR_INVALID_TYPE);
    CHECK_REFUSED(LK(old_pyr, new_pyr, old_arr, est_arr, new_arr, VX_TERM_CRITERIA_BOTH + 1, s_eps, s_it, s_use, 5), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(LK(old_pyr, new_pyr, old_arr, est_arr, new_arr, VX_TERM_CRITERIA_BOTH, s_neg, s_it, s_use, 5), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(LK(old_pyr, new_pyr, old_arr, est_arr, new_arr, VX_TERM_CRITERIA_BOTH, s_it, s_it, s_use, 5), VX_ERROR_INVALID_TYPE);
    vx_size max_window = 0;
    CHECK_OK(vxQueryContext(ctx, VX_CONTEXT_OPTICAL_FLOW_MAX_WINDOW_DIMENSION, &max_window, sizeof max_window));
    CHECK(max_window >= 10);
    CHECK_REFUSED(LK(old_pyr, new_pyr, old_arr, est_arr, new_arr, VX_TERM_CRITERIA_BOTH, s_eps, s_it, s_use, 2), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(LK(old_pyr, new_pyr, old_arr, est_arr, new_arr, VX_TERM_CRITERIA_BOTH, s_eps, s_it, s_use, max_window + 1),
                  VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(LK(old_pyr, new_pyr, old_arr, few, new_arr, VX_TERM_CRITERIA_BOTH, s_eps, s_it, s_use, 5), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED_LAST(LK(old_pyr, new_pyr, old_arr, est_arr, coords, VX_TERM_CRITERIA_BOTH, s_eps, s_it, s_use, 5), VX_ERROR_INVALID_TYPE);
    vxReleaseScalar(&s_eps), vxReleaseScalar(&s_it), vxReleaseScalar(&s_use), vxReleaseScalar(&s_neg);
    vxReleaseArray(&new_arr), vxReleaseArray(&coords), vxReleaseArray(&few), vxReleaseArray(&old_arr), vxReleaseArray(&est_arr);
    vxReleasePyramid(&orb), vxReleasePyramid(&two), vxReleasePyramid(&s16);
    vxReleasePyramid(&old_pyr), vxReleasePyramid(&new_pyr);
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
