/* OpticalFlowPyrLK: pyramidal Lucas-Kanade, in double. Per point, from the coarsest level down:
 * the old level's gradients (Scharr / 32 at the four pixels around a point, replicated borders,
 * interpolated bilinearly) and values are sampled over the window around the point; the new
 * level's values at the window moved by the guess plus the flow so far; each iteration adds
 * G^-1 b to the flow, up to num_iterations (ITERATIONS, BOTH) or 100 (EPSILON) of them, stopping
 * early once |G^-1 b| <= epsilon (EPSILON, BOTH); the guess doubles from level to level. A window
 * of n (any n >= 3, even ones too) samples a side is centred on the point: offsets j - (n - 1) / 2.
 * Only the finest level decides whether a point is lost (tracking_status 0): where its window's
 * smallest gradient eigenvalue per pixel is below 1e-4, or it leaves the image; at a coarser level
 * either only ends that level's iterations (the flow found so far kept). x and y are rounded (half
 * away from zero), strength, scale and orientation kept, error 0. */
#include "kernels.h"

#pragma GCC optimize("O3")

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { EPSILON_ONLY_ITERATIONS = 100 };

typedef struct level {
    plane old, new;
} level;

static double clamped(const plane *p, int64_t x, int64_t y)
{
    x = x < 0 ? 0 : x >= p->width ? p->width - 1 : x;
    y = y < 0 ? 0 : y >= p->height ? p->height - 1 : y;
    return ((const uint8_t *)row_of(p, (uint32_t)y))[x];
}

/* The Scharr gradient (times 32) at pixel (x, y), inside the plane: `vertical` for y. */
static double scharr(const plane *p, int64_t x, int64_t y, int vertical)
{
    if (vertical)
        return 3 * (clamped(p, x - 1, y + 1) - clamped(p, x - 1, y - 1)) + 10 * (clamped(p, x, y + 1) - clamped(p, x, y - 1)) +
               3 * (clamped(p, x + 1, y + 1) - clamped(p, x + 1, y - 1));
    return 3 * (clamped(p, x + 1, y - 1) - clamped(p, x - 1, y - 1)) + 10 * (clamped(p, x + 1, y) - clamped(p, x - 1, y)) +
           3 * (clamped(p, x + 1, y + 1) - clamped(p, x - 1, y + 1));
}

/* The bilinear interpolation of v (top left, top right, bottom left, bottom right) at (ax, ay). */
static inline double lerp2(double ax, double ay, const double *v)
{
    return (1 - ay) * ((1 - ax) * v[0] + ax * v[1]) + ay * ((1 - ax) * v[2] + ax * v[3]);
}

/* Bilinear at (x, y) of the plane's values (what 0) or gradients (1: x, 2: y), from the four
 * pixels around it (replicated borders). */
static double bilinear(const plane *p, int what, double x, double y)
{
    double fx = floor(x), fy = floor(y), ax = x - fx, ay = y - fy, v[4];
    for (int k = 0; k < 4; k++) {
        int64_t xx = (int64_t)fx + (k & 1), yy = (int64_t)fy + (k >> 1);
        xx = xx < 0 ? 0 : xx >= p->width ? p->width - 1 : xx;
        yy = yy < 0 ? 0 : yy >= p->height ? p->height - 1 : yy;
        v[k] = what == 0 ? clamped(p, xx, yy) : scharr(p, xx, yy, what == 2);
    }
    return lerp2(ax, ay, v);
}

/* floor(v) for |v| < 2^62 without a libm call */
static inline double floor_of(double v)
{
    double t = (double)(int64_t)v;
    return t > v ? t - 1 : t;
}

/* Bilinear at (x, y) of the plane's values as bilinear() computes it, when the four pixels around
 * (x, y) are inside (no clamping, no libm floor); 0 when they are not. */
static inline int bilinear_inside(const plane *p, double x, double y, double *out)
{
    double fx = floor_of(x), fy = floor_of(y);
    int64_t c = (int64_t)fx, r = (int64_t)fy;
    if (c < 0 || r < 0 || c + 1 >= p->width || r + 1 >= p->height)
        return 0;
    const uint8_t *q = (const uint8_t *)p->ptr + r * p->stride + c;
    double v[4] = {q[0], q[1], q[p->stride], q[p->stride + 1]};
    *out = lerp2(x - fx, y - fy, v);
    return 1;
}

/* Whether q + j is exact (so floor(q + j) = floor(q) + j and the fraction is q's) for every
 * |j| <= half: q > 0 and q + half in q's binade, where every integer step is a multiple of its ulp. */
static inline int shifts_exact(double q, int32_t half)
{
    uint64_t a, b;
    double e = q + half;
    memcpy(&a, &q, sizeof a), memcpy(&b, &e, sizeof b);
    return q > 0 && a >> 52 == b >> 52;
}

/* The pixel at the top left of the window of (qx, qy) (the (2 half + 2)^2 pixels bilinear reads)
 * when it lies inside the plane and every sample's floor and fraction follow from (qx, qy)'s;
 * else NULL. */
static const uint8_t *window_rows(const plane *p, int32_t half, double qx, double qy)
{
    if (!shifts_exact(qx, half) || !shifts_exact(qy, half))
        return NULL;
    int64_t x0 = (int64_t)floor_of(qx) - half, y0 = (int64_t)floor_of(qy) - half, side = 2 * half + 2;
    if (x0 < 0 || y0 < 0 || x0 + side > p->width || y0 + side > p->height)
        return NULL;
    return (const uint8_t *)row_of(p, (uint32_t)y0) + x0;
}

/* The window of (px, py) as track() samples it, from the pixels around it read once and their
 * Scharr gradients computed once per pixel (track() computes them per sample); 0 (nothing
 * written) when the window or the pixels the gradients read reach an edge, where clamping would
 * make a difference. */
static int window_inside(const plane *p, int32_t half, double px, double py, double *win)
{
    enum { SIDE = 32 };                        /* at most, gradient points per grid side */
    int32_t side = 2 * half + 2;
    int64_t x0 = (int64_t)floor_of(px) - half, y0 = (int64_t)floor_of(py) - half;   /* the first grid point */
    if (side > SIDE || x0 < 1 || y0 < 1 || x0 + side + 1 > p->width || y0 + side + 1 > p->height)
        return 0;
    int32_t st = p->stride;
    const uint8_t *at = (const uint8_t *)row_of(p, (uint32_t)y0) + x0;
    int32_t gxs[SIDE * SIDE], gys[SIDE * SIDE];
    for (int32_t r = 0; r < side; r++)
        for (int32_t c = 0; c < side; c++) {
            const uint8_t *q = at + r * st + c;
            gxs[r * SIDE + c] = 3 * (q[-st + 1] - q[-st - 1]) + 10 * (q[1] - q[-1]) + 3 * (q[st + 1] - q[st - 1]);
            gys[r * SIDE + c] = 3 * (q[st - 1] - q[-st - 1]) + 10 * (q[st] - q[-st]) + 3 * (q[st + 1] - q[-st + 1]);
        }
    for (int32_t i = -half, k = 0; i <= half; i++)
        for (int32_t j = -half; j <= half; j++, k++) {
            double x = px + j, y = py + i, fx = floor_of(x), fy = floor_of(y), ax = x - fx, ay = y - fy;
            int64_t c = (int64_t)fx - x0, r = (int64_t)fy - y0;
            if (c < 0 || r < 0 || c + 1 >= side || r + 1 >= side)
                return 0;
            size_t g = (size_t)(r * SIDE + c);
            const uint8_t *q = at + r * st + c;
            double v[4] = {q[0], q[1], q[st], q[st + 1]};
            double ux[4] = {gxs[g], gxs[g + 1], gxs[g + SIDE], gxs[g + SIDE + 1]};
            double uy[4] = {gys[g], gys[g + 1], gys[g + SIDE], gys[g + SIDE + 1]};
            win[3 * k] = lerp2(ax, ay, v), win[3 * k + 1] = lerp2(ax, ay, ux) / 32, win[3 * k + 2] = lerp2(ax, ay, uy) / 32;
        }
    return 1;
}

typedef struct criteria {
    uint32_t iterations;
    int use_epsilon;
    double epsilon;
    int32_t n;                                 /* window_dimension */
    int32_t half;                              /* n / 2: odd n, the offsets -half..half */
} criteria;

/* The offset of sample j (0..n - 1) of a window from its centre. */
static inline double offset(const criteria *c, int32_t j)
{
    return j - (c->n - 1) / 2.0;
}

/* The flow at one level from guess (gx, gy) of the point (px, py), added to the guess; 0 when the
 * point is lost at this level (the flow found before that still added). */
static int track(const level *lv, const criteria *c, double px, double py, double *gx, double *gy, double *win)
{
    int32_t n = c->n, k = 0, odd = n % 2;
    double *across = win + 3 * n * n;          /* (n + 1) x n */
    int fast = pvx_simd() != PVX_SIMD_PLAIN;
    if (!fast || !odd || !window_inside(&lv->old, c->half, px, py, win))
        for (int32_t i = 0; i < n; i++)
            for (int32_t j = 0; j < n; j++, k++) {
                double x = px + offset(c, j), y = py + offset(c, i);
                win[3 * k] = bilinear(&lv->old, 0, x, y);
                win[3 * k + 1] = bilinear(&lv->old, 1, x, y) / 32;
                win[3 * k + 2] = bilinear(&lv->old, 2, x, y) / 32;
            }
    double gxx = 0, gxy = 0, gyy = 0;
    for (k = 0; k < n * n; k++) {
        double dx = win[3 * k + 1], dy = win[3 * k + 2];
        gxx += dx * dx, gxy += dx * dy, gyy += dy * dy;
    }
    double det = gxx * gyy - gxy * gxy;
    double min_eigen = (gxx + gyy - sqrt((gxx - gyy) * (gxx - gyy) + 4 * gxy * gxy)) / (2.0 * n * n);
    if (min_eigen < 1e-4 || det == 0)
        return 0;
    double vx = 0, vy = 0;
    int kept = 1;
    for (uint32_t it = 0; it < c->iterations; it++) {
        double qx = px + *gx + vx, qy = py + *gy + vy, bx = 0, by = 0;
        if (!(qx >= 0 && qy >= 0 && qx <= lv->new.width - 1 && qy <= lv->new.height - 1)) {
            kept = 0;
            break;
        }
        const uint8_t *rows = fast && odd ? window_rows(&lv->new, c->half, qx, qy) : NULL;
        if (rows != NULL) {
            /* bilinear() at (qx + j, qy + i) (see window_rows), each row's horizontal part once:
             * it is the top of one sample and the bottom of the one above */
            double ax = qx - floor_of(qx), ay = qy - floor_of(qy);
            for (int32_t r = 0; r <= n; r++) {
                const uint8_t *q = rows + r * lv->new.stride;
                for (int32_t j = 0; j < n; j++) across[r * n + j] = (1 - ax) * q[j] + ax * q[j + 1];
            }
            for (k = 0; k < n * n; k++) {
                double diff = win[3 * k] - ((1 - ay) * across[k] + ay * across[k + n]);
                bx += diff * win[3 * k + 1], by += diff * win[3 * k + 2];
            }
        } else {
            k = 0;
            for (int32_t i = 0; i < n; i++)
                for (int32_t j = 0; j < n; j++, k++) {
                    double v, x = qx + offset(c, j), y = qy + offset(c, i);
                    if (!fast || !bilinear_inside(&lv->new, x, y, &v))
                        v = bilinear(&lv->new, 0, x, y);
                    double diff = win[3 * k] - v;
                    bx += diff * win[3 * k + 1], by += diff * win[3 * k + 2];
                }
        }
        double ex = (gyy * bx - gxy * by) / det, ey = (gxx * by - gxy * bx) / det;
        vx += ex, vy += ey;
        if (c->use_epsilon && ex * ex + ey * ey <= c->epsilon * c->epsilon)
            break;
    }
    *gx += vx, *gy += vy;
    return kept;
}

static vx_status levels_of(vx_reference old_pyr, vx_reference new_pyr, level *lv, vx_size count, vx_image *held)
{
    vx_status s = VX_SUCCESS;
    for (vx_uint32 i = 0; s == VX_SUCCESS && i < count; i++) {
        held[2 * i] = vxGetPyramidLevel((vx_pyramid)old_pyr, i);
        held[2 * i + 1] = vxGetPyramidLevel((vx_pyramid)new_pyr, i);
        if ((s = vxGetStatus((vx_reference)held[2 * i])) || (s = vxGetStatus((vx_reference)held[2 * i + 1])) ||
            (s = plane_of((vx_reference)held[2 * i], &lv[i].old)) || (s = plane_of((vx_reference)held[2 * i + 1], &lv[i].new)))
            break;
    }
    return s;
}

vx_status pvx_std_optical_flow_pyr_lk(vx_node node, const vx_reference *p, vx_uint32 n)
{
    pvx_array *olds = ((pvx_ref *)p[2])->desc, *estimates = ((pvx_ref *)p[3])->desc, *news = ((pvx_ref *)p[4])->desc;
    const vx_keypoint_t *old_pts = (const vx_keypoint_t *)pvx_memory_storage(&olds->mem);
    const vx_keypoint_t *est_pts = (const vx_keypoint_t *)pvx_memory_storage(&estimates->mem);
    vx_keypoint_t *new_pts = (vx_keypoint_t *)pvx_memory_storage(&news->mem);
    vx_enum termination = scalar_enum(p[5]);
    int32_t window = (int32_t)*(const vx_size *)scalar_value(p[9]);
    criteria c = {termination == VX_TERM_CRITERIA_EPSILON ? EPSILON_ONLY_ITERATIONS : *(const vx_uint32 *)scalar_value(p[7]),
                  termination != VX_TERM_CRITERIA_ITERATIONS, *(const vx_float32 *)scalar_value(p[6]), window, window / 2};
    int use_estimate = *(const vx_bool *)scalar_value(p[8]) == vx_true_e;
    vx_size count = 0;
    vx_status s = vxQueryPyramid((vx_pyramid)p[0], VX_PYRAMID_LEVELS, &count, sizeof count);
    level *lv = calloc(count ? count : 1, sizeof *lv);
    vx_image *held = calloc(2 * (count ? count : 1), sizeof *held);
    size_t side = (size_t)c.n;                 /* win: value, dx, dy per sample; then a row buffer */
    double *win = malloc(sizeof(double) * (3 * side * side + (side + 1) * side));
    if (s == VX_SUCCESS && (lv == NULL || held == NULL || win == NULL || old_pts == NULL || new_pts == NULL ||
                            est_pts == NULL))
        s = VX_ERROR_NO_MEMORY;
    if (s == VX_SUCCESS && use_estimate && estimates->num_items != olds->num_items)
        s = VX_ERROR_INVALID_PARAMETERS;
    if (s == VX_SUCCESS)
        s = levels_of(p[0], p[1], lv, count, held);
    vx_size points = olds->num_items < news->capacity ? olds->num_items : news->capacity;
    for (vx_size k = 0; s == VX_SUCCESS && k < points; k++) {
        vx_keypoint_t out = old_pts[k];
        out.error = 0.0f;
        if (old_pts[k].tracking_status != 0) {
            double scale = ldexp(1.0, -(int)(count - 1));
            double gx = use_estimate ? (est_pts[k].x - old_pts[k].x) * scale : 0;
            double gy = use_estimate ? (est_pts[k].y - old_pts[k].y) * scale : 0;
            int kept = 1;
            for (vx_size l = count; l-- > 0; scale *= 2) {
                kept = track(&lv[l], &c, old_pts[k].x * scale, old_pts[k].y * scale, &gx, &gy, win);
                if (l > 0)
                    gx *= 2, gy *= 2;
            }
            double fx = old_pts[k].x + gx, fy = old_pts[k].y + gy;
            kept = kept && fx >= 0 && fy >= 0 && fx <= lv[0].new.width - 1 && fy <= lv[0].new.height - 1;
            out.tracking_status = kept;
            if (kept)
                out.x = (vx_int32)lround(fx), out.y = (vx_int32)lround(fy);
        }
        new_pts[k] = out;
    }
    if (s == VX_SUCCESS)
        news->num_items = points;
    for (vx_size i = 0; held != NULL && i < count; i++) {
        if (held[2 * i] != NULL)
            vxReleaseImage(&held[2 * i]);
        if (held[2 * i + 1] != NULL)
            vxReleaseImage(&held[2 * i + 1]);
    }
    free(lv), free(held), free(win);
    return s;
}
