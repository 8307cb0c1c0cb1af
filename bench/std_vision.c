/* The vision kernels of issue 13 on 1080p frames (graphs verified once, vxProcessGraph timed),
 * each beside a plain-C loop doing the same work:
 *
 *  nonlinear_median_5x5     NonLinearFilter median over a 5x5 box, REPLICATE border
 *  accumulate / _weighted / _square   the 1.0 accumulations, in place
 *  match_template_l2_8x8    MatchTemplate, L2 metric, an 8x8 template
 *  bilateral_u8_d5          BilateralFilter of a [1920, 1080] U8 tensor, diameter 5
 *  laplacian_pyramid_4 / laplacian_reconstruct_4   4 levels
 *  hough_lines_p            HoughLinesP over a 1080p image of 40 segments
 *  optical_flow_pyr_lk      OpticalFlowPyrLK, 4 levels, 1000 points, 9x9 window, 10 iterations
 *  hog_cells_8x8_9 / hog_features   HOG of 8x8 cells, 16x16 blocks, 64x128 windows
 *  scalar_operation         one ScalarOperation node (ADD of two int32), per graph run
 *  swap_u8 / move_u8        vx_khr_swap_move on two U8 images (plain C: a swap loop, memcpy) */
#include <VX/vx.h>
#include <VX/vx_khr_swap_move.h>
#include <VX/vxu.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"

enum { W = 1920, H = 1080 };

static void plain_median(const uint8_t *in, uint8_t *out)
{
    for (long y = 0; y < H; y++)
        for (long x = 0; x < W; x++) {
            int v[25], n = 0;
            for (int i = -2; i <= 2; i++)
                for (int j = -2; j <= 2; j++) {
                    int e = bench_pixel(in, W, H, x + j, y + i), k = n++;
                    for (; k > 0 && v[k - 1] > e; k--) v[k] = v[k - 1];
                    v[k] = e;
                }
            out[y * W + x] = (uint8_t)v[12];
        }
}

static void plain_accumulate(const uint8_t *in, int16_t *acc, int kind)
{
    for (long i = 0; i < (long)W * H; i++) {
        int32_t v = kind == 0 ? acc[i] + in[i] : (uint16_t)acc[i] + ((in[i] * in[i]) >> 3);
        acc[i] = (int16_t)(v > 32767 ? 32767 : v);
    }
}

static void plain_weighted(const uint8_t *in, uint8_t *acc)
{
    for (long i = 0; i < (long)W * H; i++) acc[i] = (uint8_t)((1.0f - 0.25f) * acc[i] + 0.25f * in[i]);
}

static void plain_match(const uint8_t *src, const uint8_t *tpl, int16_t *out)
{
    for (long y = 0; y <= H - 8; y++)
        for (long x = 0; x <= W - 8; x++) {
            int64_t s = 0;
            for (int j = 0; j < 8; j++)
                for (int i = 0; i < 8; i++) {
                    int d = src[(y + j) * W + x + i] - tpl[j * 8 + i];
                    s += d * d;
                }
            double r = (double)s / 64;
            out[y * (W - 7) + x] = (int16_t)(r > 32767 ? 32767 : r);
        }
}

static void plain_bilateral(const uint8_t *in, uint8_t *out)
{
    double space[25], values[256];
    for (int i = 0; i < 25; i++) space[i] = exp(-((i / 5 - 2) * (i / 5 - 2) + (i % 5 - 2) * (i % 5 - 2)) / (2.0 * 2 * 2));
    for (int d = 0; d < 256; d++) values[d] = exp(-(double)d * d / (2.0 * 30 * 30));
    for (long y = 0; y < H; y++)
        for (long x = 0; x < W; x++) {
            double ws = 0, sum = 0;
            int c = in[y * W + x];
            for (int i = 0; i < 25; i++) {
                int dx = i % 5 - 2, dy = i / 5 - 2;
                if (dx * dx + dy * dy > 4)
                    continue;
                int v = bench_pixel(in, W, H, x + dx, y + dy);
                double wk = space[i] * values[abs(v - c)];
                ws += wk, sum += wk * v;
            }
            out[y * W + x] = (uint8_t)floor(sum / ws + 0.5);
        }
}

static const int k5[5] = {1, 4, 6, 4, 1};

static int32_t grid_at(const int32_t *g, long w, long h, long x, long y)
{
    x = x < 0 ? 0 : x >= w ? w - 1 : x;
    y = y < 0 ? 0 : y >= h ? h - 1 : y;
    return g[y * w + x];
}

static void half(const int32_t *g, long w, long h, int32_t *o)
{
    for (long y = 0; y < (h + 1) / 2; y++)
        for (long x = 0; x < (w + 1) / 2; x++) {
            int32_t s = 0;
            for (int i = 0; i < 25; i++) s += k5[i / 5] * k5[i % 5] * grid_at(g, w, h, 2 * x + i % 5 - 2, 2 * y + i / 5 - 2);
            o[y * ((w + 1) / 2) + x] = s >> 8;
        }
}

static void up(const int32_t *g, long w, long h, int32_t *o)
{
    for (long y = 0; y < h; y++)
        for (long x = 0; x < w; x++) {
            int64_t s = 0;
            for (int i = 0; i < 25; i++) {
                long xx = x + i % 5 - 2, yy = y + i / 5 - 2;
                xx = xx < 0 ? 0 : xx >= w ? w - 1 : xx, yy = yy < 0 ? 0 : yy >= h ? h - 1 : yy;
                if (xx % 2 == 0 && yy % 2 == 0)
                    s += k5[i / 5] * k5[i % 5] * g[(yy / 2) * ((w + 1) / 2) + xx / 2];
            }
            o[y * w + x] = (int32_t)(s >> 6);
        }
}

/* 4 levels: L_i = G_i - up(G_{i+1}) (reconstruct: the sums back) */
static void plain_laplacian(int32_t *g[5], int32_t *l[4], int reconstruct)
{
    long w = W, h = H;
    for (int i = 0; i < 4; i++, w = (w + 1) / 2, h = (h + 1) / 2) {
        if (!reconstruct)
            half(g[i], w, h, g[i + 1]);
        up(g[i + 1], w, h, l[i]);
        for (long k = 0; k < w * h; k++) l[i][k] = reconstruct ? l[i][k] + g[i][k] : g[i][k] - l[i][k];
    }
}

static void plain_hog_cells(const uint8_t *in, int16_t *mags, int16_t *bins)
{
    const double pi = 3.14159265358979323846;
    static double sums[W / 8][10];
    for (long y = 0; y < H; y++) {
        for (long x = 0; x < W; x++) {
            double gx = bench_pixel(in, W, H, x + 1, y) - bench_pixel(in, W, H, x - 1, y), gy = bench_pixel(in, W, H, x, y + 1) - bench_pixel(in, W, H, x, y - 1);
            double m = sqrt(gx * gx + gy * gy), t = atan2(gy, gx);
            t = t < 0 ? t + pi : t;
            int b = (int)(t * 9 / pi);
            sums[x / 8][0] += m, sums[x / 8][1 + (b < 9 ? b : 8)] += m;
        }
        if (y % 8 == 7)
            for (long c = 0; c < W / 8; c++) {
                mags[(y / 8) * (W / 8) + c] = (int16_t)(sums[c][0] / 64 * 16);
                for (int b = 0; b < 9; b++) bins[(b * (H / 8) + y / 8) * (W / 8) + c] = (int16_t)(sums[c][1 + b] / 64 * 256);
                memset(sums[c], 0, sizeof sums[c]);
            }
    }
}

/* L2-Hys blocks of 2x2 cells of 9 bins (Q8) at every cell, then copied into each 64x128 window
 * 16 apart (blocks 8 apart). */
static void plain_hog_features(const int16_t *bins, int16_t *feat)
{
    enum { CX = W / 8, CY = H / 8, WX = (W - 64) / 16 + 1, WY = (H - 128) / 16 + 1, PER = 36, NB = 7 * 15 };
    static int16_t blocks[CY][CX][PER];
    for (int cy = 0; cy + 1 < CY; cy++)
        for (int cx = 0; cx + 1 < CX; cx++) {
            double v[PER], norm = 0;
            for (int k = 0; k < PER; k++) v[k] = bins[((k % 9) * CY + cy + k / 18) * CX + cx + (k / 9) % 2] / 256.0;
            for (int k = 0; k < PER; k++) norm += v[k] * v[k];
            norm = sqrt(norm);
            for (int k = 0; norm > 0 && k < PER; k++) v[k] = v[k] / norm > 0.2 ? 0.2 : v[k] / norm;
            norm = 0;
            for (int k = 0; k < PER; k++) norm += v[k] * v[k];
            norm = sqrt(norm);
            for (int k = 0; k < PER; k++) blocks[cy][cx][k] = (int16_t)(norm > 0 ? v[k] / norm * 16384 : 0);
        }
    for (int wy = 0; wy < WY; wy++)
        for (int wx = 0; wx < WX; wx++)
            for (int b = 0; b < NB; b++)
                for (int k = 0; k < PER; k++)
                    feat[((long)(b * PER + k) * WY + wy) * WX + wx] = blocks[wy * 2 + b / 7][wx * 2 + b % 7][k];
}

/* Progressive probabilistic Hough, raster order: vote, follow the best line both ways, remove it. */
static void plain_hough(const uint8_t *img, const vx_hough_lines_p_t *p, vx_line2d_t *lines, long *count)
{
    enum { NA = 180, NR = 2 * (W + H) + 3 };
    static int32_t acc[NA][NR];
    static uint8_t st[H][W];
    double cs[NA], sn[NA];
    memset(acc, 0, sizeof acc);
    for (int n = 0; n < NA; n++) cs[n] = cos(n * (double)p->theta), sn[n] = sin(n * (double)p->theta);
    for (long i = 0; i < (long)W * H; i++) st[i / W][i % W] = img[i] != 0;
    *count = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            if (!st[y][x])
                continue;
            int best = 0, top = -1, end[2][2] = {{x, y}, {x, y}};
            for (int n = 0; n < NA; n++) {
                int v = ++acc[n][lround(x * cs[n] + y * sn[n]) + (NR - 1) / 2];
                if (v > top)
                    top = v, best = n;
            }
            st[y][x] = 2;
            if (top < p->threshold)
                continue;
            double a = -sn[best], b = cs[best];
            int xmajor = fabs(a) > fabs(b);
            for (int pass = 0; pass < 2; pass++)
                for (int k = 0; k < 2; k++) {
                    int64_t px = x, py = y, dx, dy;
                    if (xmajor)
                        dx = a > 0 ? 1 : -1, dy = llround(b * 65536 / fabs(a)), py = py * 65536 + 32768;
                    else
                        dy = b > 0 ? 1 : -1, dx = llround(a * 65536 / fabs(b)), px = px * 65536 + 32768;
                    if (k)
                        dx = -dx, dy = -dy;
                    for (int gap = 0;; px += dx, py += dy) {
                        int cx = (int)(xmajor ? px : px >> 16), cy = (int)(xmajor ? py >> 16 : py);
                        if (cx < 0 || cy < 0 || cx >= W || cy >= H)
                            break;
                        if (pass) {
                            if (st[cy][cx] == 2)
                                for (int n = 0; n < NA; n++) acc[n][lround(cx * cs[n] + cy * sn[n]) + (NR - 1) / 2]--;
                            st[cy][cx] = 0;
                            if (cx == end[k][0] && cy == end[k][1])
                                break;
                        } else if (st[cy][cx]) {
                            gap = 0, end[k][0] = cx, end[k][1] = cy;
                        } else if (++gap > p->line_gap) {
                            break;
                        }
                    }
                }
            if (abs(end[1][0] - end[0][0]) >= p->line_length || abs(end[1][1] - end[0][1]) >= p->line_length)
                lines[(*count)++ % 1000] = (vx_line2d_t){(float)end[0][0], (float)end[0][1], (float)end[1][0], (float)end[1][1]};
        }
}

/* Pyramidal Lucas-Kanade over 4 levels (w x h each), 9x9 windows, 10 iterations or 0.01. */
static double bil(const uint8_t *p, long w, long h, double x, double y)
{
    double fx = floor(x), fy = floor(y), ax = x - fx, ay = y - fy;
    long x0 = (long)fx, y0 = (long)fy;
    return (1 - ay) * ((1 - ax) * bench_pixel(p, w, h, x0, y0) + ax * bench_pixel(p, w, h, x0 + 1, y0)) +
           ay * ((1 - ax) * bench_pixel(p, w, h, x0, y0 + 1) + ax * bench_pixel(p, w, h, x0 + 1, y0 + 1));
}

static double scharr_at(const uint8_t *p, long w, long h, double x, double y, int vertical)
{
    double e = 0.5;           /* central differences of the bilinear surface, Scharr-weighted */
    if (vertical)
        return (3 * (bil(p, w, h, x - 1, y + e) - bil(p, w, h, x - 1, y - e)) + 10 * (bil(p, w, h, x, y + e) - bil(p, w, h, x, y - e)) +
                3 * (bil(p, w, h, x + 1, y + e) - bil(p, w, h, x + 1, y - e))) / 16;
    return (3 * (bil(p, w, h, x + e, y - 1) - bil(p, w, h, x - e, y - 1)) + 10 * (bil(p, w, h, x + e, y) - bil(p, w, h, x - e, y)) +
            3 * (bil(p, w, h, x + e, y + 1) - bil(p, w, h, x - e, y + 1))) / 16;
}

static void plain_lk(uint8_t *const olds[4], uint8_t *const news[4], const long *ws, const long *hs,
                     const vx_keypoint_t *pts, vx_keypoint_t *out)
{
    for (int k = 0; k < 1000; k++) {
        double gx = 0, gy = 0;
        int ok = 1;
        for (int l = 3; l >= 0 && ok; l--) {
            double s = 1.0 / (1 << l), cx = pts[k].x * s, cy = pts[k].y * s, gxx = 0, gxy = 0, gyy = 0, win[81][3];
            for (int i = 0; i < 81; i++) {
                double px = cx + i % 9 - 4, py = cy + i / 9 - 4;
                win[i][0] = bil(olds[l], ws[l], hs[l], px, py);
                win[i][1] = scharr_at(olds[l], ws[l], hs[l], px, py, 0);
                win[i][2] = scharr_at(olds[l], ws[l], hs[l], px, py, 1);
                gxx += win[i][1] * win[i][1], gxy += win[i][1] * win[i][2], gyy += win[i][2] * win[i][2];
            }
            double det = gxx * gyy - gxy * gxy, vx = 0, vy = 0;
            ok = det != 0;
            for (int it = 0; ok && it < 10; it++) {
                double bx = 0, by = 0;
                for (int i = 0; i < 81; i++) {
                    double d = win[i][0] - bil(news[l], ws[l], hs[l], cx + gx + vx + i % 9 - 4, cy + gy + vy + i / 9 - 4);
                    bx += d * win[i][1], by += d * win[i][2];
                }
                double ex = (gyy * bx - gxy * by) / det, ey = (gxx * by - gxy * bx) / det;
                vx += ex, vy += ey;
                if (ex * ex + ey * ey <= 0.0001)
                    break;
            }
            gx = (gx + vx) * (l ? 2 : 1), gy = (gy + vy) * (l ? 2 : 1);
        }
        out[k] = pts[k];
        out[k].x = (int32_t)lround(pts[k].x + gx), out[k].y = (int32_t)lround(pts[k].y + gy), out[k].tracking_status = ok;
    }
}

static void plain_swap(uint8_t *a, uint8_t *b)
{
    for (long i = 0; i < (long)W * H; i++) {
        uint8_t t = a[i];
        a[i] = b[i];
        b[i] = t;
    }
}

int main(void)
{
    vx_context ctx = vxCreateContext();
    uint8_t *pa = malloc(W * H), *pbin = calloc(W * H, 1), tpl[64];
    int16_t *ps = calloc((size_t)W * H, 2), *ps2 = calloc((size_t)W * H, 2);
    uint32_t seed = 1;
    for (long i = 0; i < (long)W * H; i++) {
        seed = seed * 1664525u + 1013904223u;
        pa[i] = (uint8_t)(128 + 60 * sin(i % W / 9.0) * cos(i / W / 7.0) + (seed >> 29));
    }
    for (int s = 0; s < 40; s++)                 /* segments for Hough */
        for (int t = 0; t < 400; t++) {
            long x = (s * 47 + t * (s % 3)) % W, y = (s * 26 + t * ((s + 1) % 2)) % H;
            pbin[y * W + x] = 255;
        }
    for (int i = 0; i < 64; i++) tpl[i] = pa[(500 + i / 8) * W + 700 + i % 8];
    vx_rectangle_t rect = {0, 0, W, H}, trect = {0, 0, 8, 8};
    vx_imagepatch_addressing_t addr = {W, H, 1, W, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 8};
    vx_imagepatch_addressing_t taddr = {8, 8, 1, 8, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 8};
    vx_image a = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8), bin = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_image t8 = vxCreateImage(ctx, 8, 8, VX_DF_IMAGE_U8), moved = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vxCopyImagePatch(a, &rect, 0, &addr, pa, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
    vxCopyImagePatch(moved, &rect, 0, &addr, pa + 2, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);   /* shifted by 2 */
    vxCopyImagePatch(bin, &rect, 0, &addr, pbin, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
    vxCopyImagePatch(t8, &trect, 0, &taddr, tpl, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
    vx_border_t replicate = {VX_BORDER_REPLICATE, {{0}}};

    /* graphs */
    enum { G_MEDIAN, G_ACC, G_WEIGHTED, G_SQUARE, G_MATCH, G_BILATERAL, G_LAP, G_REC, G_HOUGH, G_LK, G_CELLS, G_FEATURES,
           G_SCALAR, G_SWAP, G_MOVE, GRAPHS };
    vx_graph g[GRAPHS];
    for (int k = 0; k < GRAPHS; k++) g[k] = vxCreateGraph(ctx);
    vx_matrix box = vxCreateMatrixFromPattern(ctx, VX_PATTERN_BOX, 5, 5);
    vx_image med = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8), acc16 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_S16);
    vx_image acc8 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8), sq16 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_S16);
    vx_image match = vxCreateImage(ctx, W - 7, H - 7, VX_DF_IMAGE_S16);
    vx_float32 alpha = 0.25f;
    vx_uint32 shift = 3;
    vx_scalar s_alpha = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &alpha), s_shift = vxCreateScalar(ctx, VX_TYPE_UINT32, &shift);
    vx_size tdims[2] = {W, H};
    vx_tensor tin = vxCreateTensor(ctx, 2, tdims, VX_TYPE_UINT8, 0), tout = vxCreateTensor(ctx, 2, tdims, VX_TYPE_UINT8, 0);
    vx_size tstart[2] = {0, 0}, tstride[2] = {1, W};
    vxCopyTensorPatch(tin, 2, tstart, tdims, tstride, pa, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
    vx_pyramid lap = vxCreatePyramid(ctx, 4, VX_SCALE_PYRAMID_HALF, W, H, VX_DF_IMAGE_S16);
    vx_image low = vxCreateImage(ctx, (W + 15) / 16, (H + 15) / 16, VX_DF_IMAGE_U8), back = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_hough_lines_p_t hp = {1.0f, 3.14159265f / 180, 80, 30, 3, 3.14159265f, 0.0f};
    vx_array lines = vxCreateArray(ctx, VX_TYPE_LINE_2D, 1000);
    vx_size zero = 0;
    vx_scalar nlines = vxCreateScalar(ctx, VX_TYPE_SIZE, &zero);
    vx_pyramid p_old = vxCreatePyramid(ctx, 4, VX_SCALE_PYRAMID_HALF, W, H, VX_DF_IMAGE_U8);
    vx_pyramid p_new = vxCreatePyramid(ctx, 4, VX_SCALE_PYRAMID_HALF, W, H, VX_DF_IMAGE_U8);
    vxuGaussianPyramid(ctx, a, p_old), vxuGaussianPyramid(ctx, moved, p_new);
    vx_keypoint_t pts[1000];
    for (int k = 0; k < 1000; k++) pts[k] = (vx_keypoint_t){40 + (k % 40) * 45, 40 + (k / 40) * 40, 0, 0, 0, 1, 0};
    vx_array olds = vxCreateArray(ctx, VX_TYPE_KEYPOINT, 1000), news = vxCreateArray(ctx, VX_TYPE_KEYPOINT, 1000);
    vxAddArrayItems(olds, 1000, pts, sizeof pts[0]);
    vx_float32 eps = 0.01f;
    vx_uint32 iters = 10;
    vx_bool no = vx_false_e;
    vx_scalar s_eps = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &eps), s_it = vxCreateScalar(ctx, VX_TYPE_UINT32, &iters);
    vx_scalar s_no = vxCreateScalar(ctx, VX_TYPE_BOOL, &no);
    vx_size mdims[2] = {W / 8, H / 8}, bdims[3] = {W / 8, H / 8, 9};
    vx_tensor mags = vxCreateTensor(ctx, 2, mdims, VX_TYPE_INT16, 4), bins = vxCreateTensor(ctx, 3, bdims, VX_TYPE_INT16, 8);
    vx_hog_t hog = {8, 8, 16, 16, 8, 9, 64, 128, 16, 0.2f};
    vx_size fdims[3] = {(W - 64) / 16 + 1, (H - 128) / 16 + 1, 7 * 15 * 36};
    vx_tensor feat = vxCreateTensor(ctx, 3, fdims, VX_TYPE_INT16, 14);
    vx_int32 two = 2, three = 3, sum_v = 0;
    vx_scalar sa = vxCreateScalar(ctx, VX_TYPE_INT32, &two), sb = vxCreateScalar(ctx, VX_TYPE_INT32, &three);
    vx_scalar sc = vxCreateScalar(ctx, VX_TYPE_INT32, &sum_v);
    vx_node nodes[GRAPHS] = {
        vxNonLinearFilterNode(g[G_MEDIAN], VX_NONLINEAR_FILTER_MEDIAN, a, box, med),
        vxAccumulateImageNode(g[G_ACC], a, acc16),
        vxAccumulateWeightedImageNode(g[G_WEIGHTED], a, s_alpha, acc8),
        vxAccumulateSquareImageNode(g[G_SQUARE], a, s_shift, sq16),
        vxMatchTemplateNode(g[G_MATCH], a, t8, VX_COMPARE_L2, match),
        vxBilateralFilterNode(g[G_BILATERAL], tin, 5, 2.0f, 30.0f, tout),
        vxLaplacianPyramidNode(g[G_LAP], a, lap, low),
        vxLaplacianReconstructNode(g[G_REC], lap, low, back),
        vxHoughLinesPNode(g[G_HOUGH], bin, &hp, lines, nlines),
        vxOpticalFlowPyrLKNode(g[G_LK], p_old, p_new, olds, olds, news, VX_TERM_CRITERIA_BOTH, s_eps, s_it, s_no, 9),
        vxHOGCellsNode(g[G_CELLS], a, 8, 8, 9, mags, bins),
        vxHOGFeaturesNode(g[G_FEATURES], a, mags, bins, &hog, sizeof hog, feat),
        vxScalarOperationNode(g[G_SCALAR], VX_SCALAR_OP_ADD, sa, sb, sc),
        vxSwapNode(g[G_SWAP], (vx_reference)med, (vx_reference)acc8),
        vxMoveNode(g[G_MOVE], (vx_reference)a, (vx_reference)back),
    };
    vxSetNodeAttribute(nodes[G_MEDIAN], VX_NODE_BORDER, &replicate, sizeof replicate);
    vxSetNodeAttribute(nodes[G_BILATERAL], VX_NODE_BORDER, &replicate, sizeof replicate);
    for (int k = 0; k < GRAPHS; k++)
        if (vxVerifyGraph(g[k]) != VX_SUCCESS || vxProcessGraph(g[k]) != VX_SUCCESS) {
            fprintf(stderr, "graph %d failed\n", k);
            return 1;
        }

    /* plain-C buffers */
    uint8_t *po = malloc(W * H);
    int16_t *pm = malloc(sizeof(int16_t) * (W - 7) * (H - 7)), *pmag = malloc(2 * (W / 8) * (H / 8));
    int16_t *pbins = malloc(2 * 9 * (W / 8) * (H / 8));
    int32_t *pg[5], *pl[4];
    for (int i = 0; i < 5; i++) pg[i] = malloc(sizeof(int32_t) * W * H);
    for (int i = 0; i < 4; i++) pl[i] = malloc(sizeof(int32_t) * W * H);
    for (long i = 0; i < (long)W * H; i++) pg[0][i] = pa[i];
    double ours[GRAPHS], plain[GRAPHS];
    for (int k = 0; k < GRAPHS; k++) {
        int reps = k == G_SCALAR || k == G_ACC || k == G_WEIGHTED || k == G_SQUARE || k >= G_SWAP ? 5 : 3;
        int its = k == G_SCALAR ? 200 : 1;
        BENCH_NS(ours[k], reps, its, vxProcessGraph(g[k]));
    }
    BENCH_NS(plain[G_MEDIAN], 3, 1, plain_median(pa, po); bench_sink += po[i_]);
    BENCH_NS(plain[G_ACC], 5, 1, plain_accumulate(pa, ps, 0); bench_sink += ps[i_]);
    BENCH_NS(plain[G_WEIGHTED], 5, 1, plain_weighted(pa, po); bench_sink += po[i_]);
    BENCH_NS(plain[G_SQUARE], 5, 1, plain_accumulate(pa, ps2, 1); bench_sink += ps2[i_]);
    BENCH_NS(plain[G_MATCH], 3, 1, plain_match(pa, tpl, pm); bench_sink += pm[i_]);
    BENCH_NS(plain[G_BILATERAL], 3, 1, plain_bilateral(pa, po); bench_sink += po[i_]);
    BENCH_NS(plain[G_LAP], 3, 1, plain_laplacian(pg, pl, 0); bench_sink += pl[0][i_]);
    BENCH_NS(plain[G_REC], 3, 1, plain_laplacian(pg, pl, 1); bench_sink += pl[0][i_]);
    BENCH_NS(plain[G_CELLS], 3, 1, plain_hog_cells(pa, pmag, pbins); bench_sink += pmag[i_]);
    int16_t *pfeat = malloc(sizeof(int16_t) * fdims[0] * fdims[1] * fdims[2]);
    BENCH_NS(plain[G_FEATURES], 3, 1, plain_hog_features(pbins, pfeat); bench_sink += pfeat[i_]);
    static vx_line2d_t plines[1000];
    long pcount = 0;
    BENCH_NS(plain[G_HOUGH], 3, 1, plain_hough(pbin, &hp, plines, &pcount); bench_sink += pcount);
    uint8_t *lo[4], *ln[4];
    long lw[4] = {W}, lh[4] = {H};
    for (int l = 0; l < 4; l++) {
        vx_image io = vxGetPyramidLevel(p_old, (vx_uint32)l), in_ = vxGetPyramidLevel(p_new, (vx_uint32)l);
        lw[l] = l ? (lw[l - 1] + 1) / 2 : W, lh[l] = l ? (lh[l - 1] + 1) / 2 : H;
        lo[l] = malloc((size_t)lw[l] * lh[l]), ln[l] = malloc((size_t)lw[l] * lh[l]);
        vx_rectangle_t r = {0, 0, (vx_uint32)lw[l], (vx_uint32)lh[l]};
        vx_imagepatch_addressing_t ad = {(vx_uint32)lw[l], (vx_uint32)lh[l], 1, (vx_int32)lw[l], VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 8};
        vxCopyImagePatch(io, &r, 0, &ad, lo[l], VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxCopyImagePatch(in_, &r, 0, &ad, ln[l], VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxReleaseImage(&io), vxReleaseImage(&in_);
    }
    static vx_keypoint_t pout[1000];
    BENCH_NS(plain[G_LK], 3, 1, plain_lk(lo, ln, lw, lh, pts, pout); bench_sink += pout[i_].x);
    uint8_t *po2 = calloc(W * H, 1);
    BENCH_NS(plain[G_SWAP], 5, 1, plain_swap(po, po2); bench_sink += po[i_]);
    BENCH_NS(plain[G_MOVE], 5, 1, memcpy(po2, pa, (size_t)W * H); bench_sink += po2[i_]);
    volatile int32_t x = 2, y = 3;
    BENCH_NS(plain[G_SCALAR], 5, 200, bench_sink += x + y);
    static const char *names[GRAPHS] = {
        "nonlinear_median_5x5_replicate_1920x1080", "accumulate_1920x1080", "accumulate_weighted_1920x1080",
        "accumulate_square_1920x1080", "match_template_l2_8x8_1920x1080", "bilateral_u8_d5_1920x1080",
        "laplacian_pyramid_4_1920x1080", "laplacian_reconstruct_4_1920x1080", "hough_lines_p_1920x1080",
        "optical_flow_pyr_lk_1000pts_1920x1080", "hog_cells_8x8_9_1920x1080", "hog_features_64x128_1920x1080",
        "scalar_operation_add_graph", "swap_u8_1920x1080", "move_u8_1920x1080"};
    bench_begin("std_vision");
    for (int k = 0; k < GRAPHS; k++) bench_row(k == 0, names[k], ours[k], plain[k]);
    bench_end();
    return 0;
}
