/* The row loops of the standard kernels on U8 data, one set per SIMD level (rows.c
 * compiles the same source for each). Not seen by cffi: only the kernel files include it. */
#ifndef PVX_ROWS_H
#define PVX_ROWS_H
#include <stddef.h>
#include <stdint.h>

/* The pointwise operations, the index of pvx_rows.pointwise and of binary_rows (kernels.h). */
enum { OP_AND, OP_OR, OP_XOR, OP_NOT, OP_ABSDIFF, OP_ADD, OP_SUBTRACT, OP_MIN, OP_MAX, OP_MAGNITUDE, OP_PHASE,
       OP_COUNT };

/* out[x] = f(a[x], b[x]) for x < w (pointwise; b unused by Not). */
typedef void pvx_row2_f(const uint8_t *a, const uint8_t *b, void *out, uint32_t w);
/* out[x] = f(the 3x3 window of columns x..x+2 of rows u, m, d) for x < w. */
typedef void pvx_row3_f(const uint8_t *u, const uint8_t *m, const uint8_t *d, void *out, uint32_t w);

/* Rows o[0 .. n) of a 3x3 filter from the rows r[0 .. n + 2): o[j][x] = f(the 3x3 window of columns
 * x..x+2 of rows r[j .. j + 2]) for x < w, the values of the filter's pvx_row3_f row by row. */
typedef void pvx_rows3_f(const uint8_t *const *r, uint8_t *const *o, uint32_t n, uint32_t w);

/* out[x] = f(gx[x], gy[x]) on S16 gradients (Magnitude, Phase). */
typedef void pvx_gradient_row_f(const int16_t *gx, const int16_t *gy, void *out, uint32_t w);

enum { PVX_SELECT_MAX = 81 };                 /* mask elements: 9 x 9 */

typedef struct pvx_rows {
    pvx_row2_f *pointwise[OP_COUNT][2][2];     /* [op][output is S16][saturate] */
    pvx_row3_f *box, *gaussian, *median, *erode, *dilate, *sobel_x, *sobel_y;   /* U8 -> U8, Sobel -> S16 */
    /* the same U8 filters several rows at once (fused passes: runtime/fusion.c); NULL below AVX2 */
    pvx_rows3_f *box_rows, *gaussian_rows, *median_rows, *erode_rows, *dilate_rows;
    /* Sobel3x3's both outputs at once (the values of sobel_x and sobel_y) */
    void (*sobel)(const uint8_t *u, const uint8_t *m, const uint8_t *d, int16_t *gx, int16_t *gy, uint32_t w);
    /* out = lower <= v <= upper ? yes : no (never when lower > upper) */
    void (*threshold)(const uint8_t *in, uint8_t *out, uint32_t w, uint8_t lower, uint8_t upper, uint8_t yes,
                      uint8_t no);
    void (*threshold_s16)(const int16_t *in, uint8_t *out, uint32_t w, int16_t lower, int16_t upper, uint8_t yes,
                          uint8_t no);
    /* U1 pixels from bytes (0 -> 0, else 1), eight a byte from bit 0; the last byte's bits past w kept */
    void (*pack_bits)(const uint8_t *in, uint8_t *out, uint32_t w);
    /* threshold of U8 straight to U1 (yes, no: 0 or 1); NULL below AVX-512 (threshold, then pack_bits) */
    void (*threshold_bits)(const uint8_t *in, uint8_t *out, uint32_t w, uint8_t lower, uint8_t upper, uint8_t yes,
                           uint8_t no);
    /* out = a * b * scale rounded (nearest even or toward zero), saturated or wrapped to U8 or (s16) S16;
     * 0 <= scale <= 1; h rows of w pixels, each image's rows its stride (bytes) apart */
    void (*multiply)(const uint8_t *a, ptrdiff_t sa, const uint8_t *b, ptrdiff_t sb, void *out, ptrdiff_t so,
                     uint32_t w, uint32_t h, double scale, int nearest, int saturate, int s16);
    /* a[x] = a[x] * b[x] * scale in double rounded so (nearest even or toward zero): |a b| <= 2^30, scale <= 1 */
    void (*scale_products)(int32_t *a, const int32_t *b, uint32_t w, double scale, int nearest);
    void (*lookup)(const uint8_t *in, uint8_t *out, uint32_t w, const uint8_t *table);   /* 256 entries */
    void (*widen)(const uint8_t *in, int16_t *out, uint32_t w, uint32_t shift);            /* v << shift */
    void (*narrow)(const int16_t *in, uint8_t *out, uint32_t w, uint32_t shift, int saturate); /* v >> shift */
    pvx_gradient_row_f *magnitude;                                  /* S16, rounded, saturated */
    void (*weighted)(const uint8_t *a, const uint8_t *b, uint8_t *out, uint32_t w, float alpha);
    /* The Accumulate kernels in place (accumulate.c has the formulas): acc + in saturated;
     * ((2^15 - weight) acc + weight in) >> 15 (weight <= 2^15); (uint16)acc + (in^2 >> shift) saturated */
    void (*accumulate)(const uint8_t *in, int16_t *acc, uint32_t w, uint32_t unused);
    void (*accumulate_weighted)(const uint8_t *in, uint8_t *acc, uint32_t w, uint32_t weight);
    void (*accumulate_square)(const uint8_t *in, int16_t *acc, uint32_t w, uint32_t shift);
    /* 2:1 down: out[x] = round half up of the mean of r0[2x], r0[2x + 1], r1[2x], r1[2x + 1] */
    void (*half_mean)(const uint8_t *r0, const uint8_t *r1, uint8_t *out, uint32_t w);
    /* ScaleImage by other ratios, separated (geometry.c): h[x] = sum over t < taps of
     * wt[t w + x] p[start[x] + t] (p: a row of floats), and out[x] = (2 v + bias) * inv truncated
     * for v = the sum over t < taps of wt[t] r[t][x] */
    void (*taps_row)(const float *p, const int32_t *start, const float *wt, uint32_t taps, float *h, uint32_t w);
    void (*blend_rows)(const float *const *r, const float *wt, uint32_t taps, float bias, float inv, uint8_t *out,
                       uint32_t w);
    /* the same for two taps on both axes, in 16 bits: h[8k + j] = wts[16k + 2j] p[base[k] + shuf[16k + 2j]]
     * + wts[16k + 2j + 1] p[base[k] + shuf[16k + 2j + 1]] (0 <= shuf < 16, 0 <= wts < 128), then
     * out[x] = (2 (wa a[x] + wb b[x]) + bias) * inv truncated */
    void (*pair_row)(const uint8_t *p, const int32_t *base, const int8_t *shuf, const int8_t *wts, uint32_t blocks,
                     int16_t *h);
    void (*pair_blend)(const int16_t *a, const int16_t *b, float wa, float wb, float bias, float inv, uint8_t *out,
                       uint32_t w);
    /* the Gaussian [1 2 1] (taps 3) or [1 4 6 4 1] (taps 5) of the rows r[0..taps) per column */
    void (*gauss_columns)(const uint8_t *const *r, uint32_t taps, uint16_t *col, uint32_t w);
    /* out[x] = the same Gaussian of col[2x .. 2x + taps) shifted right by 4 (3 taps) or 8 (5) */
    void (*gauss_decimate)(const uint16_t *col, uint32_t taps, uint8_t *out, uint32_t w);
    /* Convolve: out[x] = the sum of c[t] r[t][x] (t < taps <= 256) / 2^shift toward zero, saturated to
     * U8 or (s16) S16 */
    void (*dot)(const uint8_t *const *r, const int16_t *c, uint32_t taps, void *out, uint32_t w, uint32_t shift,
                int s16);
    /* NonLinearFilter: out[x] = the minimum (or max) of r[e][x], e < n; or the k-th smallest, the
     * comparators `pairs` (min to the first index) putting it at index k of n <= PVX_SELECT_MAX */
    void (*extreme)(const uint8_t *const *r, uint32_t n, int max, uint8_t *out, uint32_t w);
    void (*select)(const uint8_t *const *r, uint32_t n, const uint8_t (*pairs)[2], uint32_t npairs, uint32_t k,
                   uint8_t *out, uint32_t w);
    void (*median25)(const uint8_t *const *r, uint8_t *out, uint32_t w);     /* select of 25 for its median */
    void (*median5x5)(const uint8_t *const *r, uint8_t *out, uint32_t w);    /* of r[i][x + j], i, j < 5 */
    /* BilateralFilter (U8, one channel), a row of w pixels c = centre[x]: out[x] = floor(S / W + 0.5),
     * W the sum (from 0.0, taps k in order) of wk = table[k * 256 + |q - c|] for q = centre[x +
     * offsets[k]], S that of wk q, in double (as bilateral.c's plain loop) */
    void (*bilateral_row)(const int32_t *centre, const int32_t *offsets, uint32_t taps, const double *table,
                          double *out, uint32_t w);
    /* ColorConvert (BT.709, exactly as the plain loop): channels as a first byte and the bytes between
     * pixels (s: 3 RGB, 4 RGBX). RGB <-> RGBX; Y, U, V of a row; two rows' Y and the
     * U, V of their 2x2 blocks (stored every os bytes); RGB(X) from Y (every ys bytes) and U, V
     * (every cs bytes, one per sub pixels), of rows y0 and (unless NULL) y1 sharing the chroma. */
    void (*rgb_repack)(const uint8_t *in, uint32_t si, uint8_t *out, uint32_t so, uint32_t w);
    void (*rgb_to_yuv)(const uint8_t *in, uint32_t s, uint8_t *y, uint8_t *u, uint8_t *v, uint32_t w);
    void (*rgb_to_yuv420)(const uint8_t *r0, const uint8_t *r1, uint32_t s, uint8_t *y0, uint8_t *y1, uint8_t *u,
                          uint8_t *v, uint32_t os, uint32_t w);
    void (*yuv_to_rgb)(const uint8_t *y0, const uint8_t *y1, uint32_t ys, const uint8_t *u, const uint8_t *v,
                       uint32_t cs, uint32_t sub, uint8_t *out0, uint8_t *out1, uint32_t s, uint32_t w);
    /* YUV -> YUV chroma: out[os (rep j + k)] = (r0[is j] + r1[is j]) >> 1, k < rep, j < n */
    void (*chroma_resample)(const uint8_t *r0, const uint8_t *r1, uint32_t is, uint8_t *out, uint32_t os, uint32_t rep,
                            uint32_t n);
    pvx_gradient_row_f *phase;                          /* U8, exactly as the plain loop */
    /* ChannelExtract, ChannelCombine: pvx_step_row, pvx_interleave_row below */
    void (*step_row)(uint8_t *e, uint32_t step, uint8_t *u, uint32_t w, int to_u8);
    void (*interleave)(const uint8_t *const *in, uint32_t channels, uint8_t *out, uint32_t w);
    /* Feature detectors (features.c). The Sobel of size gs (3, 5, 7) of w pixels from the rows
     * r[0..gs), each padded by gs / 2 columns on both sides */
    void (*sobel_rows)(const uint8_t *const *r, uint32_t gs, int32_t *gx, int32_t *gy, uint32_t w);
    /* Canny: mag = |gx| + |gy|, or gx^2 + gy^2 (l2: within int32 up to gradient size 5) */
    void (*canny_magnitude)(const int32_t *gx, const int32_t *gy, int32_t *mag, uint32_t w, int l2);
    /* Harris, on exact integers in double (all below 2^53): p (3 rows of `stride`: the row of products
     * gx^2, gy^2, gx gy leaving the block) replaced by this row's; c (3 rows, the block's column sums)
     * += new - old. Then vc[x] = Mc of the sums of c over columns x .. x + bs, or 0 when <= threshold. */
    void (*harris_products)(const int32_t *gx, const int32_t *gy, double *p, double *c, size_t stride, uint32_t w);
    void (*harris_score)(const double *c, size_t stride, uint32_t bs, double scale2, double k, double threshold,
                         double *vc, uint32_t w);
    /* Canny's suppression for gradient sizes 3 and 5 (features.c, canny_suppress_row, says how):
     * map[x] = 0, 1 (weak) or 2 (edge) for mid[x + 1], of rows of w + 2 magnitudes */
    void (*canny_suppress)(const int32_t *up, const int32_t *mid, const int32_t *down, const int32_t *gx,
                           const int32_t *gy, int32_t lower, int32_t upper, uint8_t *map, uint32_t w);
    /* keep[x] = 1 where mid[x + 1] > 0, >= up[x .. x + 2] and mid[x], > mid[x + 2] and down[x .. x + 2] */
    void (*harris_maxima)(const double *up, const double *mid, const double *down, uint8_t *keep, uint32_t w);
} pvx_rows;

/* Channel moves, the same loops for every level (rows.c compiles them per level, kernels.c
 * for plain): inlined with constant strides, so each pixel size gets a loop the compiler can
 * vectorize. d[x * db] = s[x * sb] over a row. */
static inline __attribute__((always_inline)) void pvx_strided_row(const uint8_t *restrict s, size_t sb,
                                                                  uint8_t *restrict d, size_t db, uint32_t w)
{
    for (size_t x = 0; x < w; x++)
        d[x * db] = s[x * sb];
}

/* Every `step`-th byte of e into u (to_u8), or u into every `step`-th byte of e. */
static inline __attribute__((always_inline)) void pvx_step_row(uint8_t *e, uint32_t step, uint8_t *u, uint32_t w,
                                                               int to_u8)
{
    switch (step * 2 + !!to_u8) {
    case 1 * 2 + 1: pvx_strided_row(e, 1, u, 1, w); break;
    case 2 * 2 + 1: pvx_strided_row(e, 2, u, 1, w); break;
    case 3 * 2 + 1: pvx_strided_row(e, 3, u, 1, w); break;
    case 4 * 2 + 1: pvx_strided_row(e, 4, u, 1, w); break;
    case 2 * 2: pvx_strided_row(u, 1, e, 2, w); break;
    case 3 * 2: pvx_strided_row(u, 1, e, 3, w); break;
    case 4 * 2: pvx_strided_row(u, 1, e, 4, w); break;
    default: to_u8 ? pvx_strided_row(e, step, u, 1, w) : pvx_strided_row(u, 1, e, step, w); break;
    }
}

/* RGB (3 channels) or RGBX (4) pixels from planes in[0..channels). */
static inline __attribute__((always_inline)) void pvx_interleave_row(const uint8_t *const *in, uint32_t channels,
                                                                     uint8_t *restrict o, uint32_t w)
{
    const uint8_t *restrict r = in[0], *restrict g = in[1], *restrict b = in[2];
    if (channels == 3)
        for (size_t x = 0; x < w; x++) o[3 * x] = r[x], o[3 * x + 1] = g[x], o[3 * x + 2] = b[x];
    else {
        const uint8_t *restrict a = in[3];
        for (size_t x = 0; x < w; x++) o[4 * x] = r[x], o[4 * x + 1] = g[x], o[4 * x + 2] = b[x], o[4 * x + 3] = a[x];
    }
}

/* The loops of the level in use; under PVX_SIMD_PLAIN every entry is NULL (the generic loops run). */
PVX_HIDDEN const pvx_rows *pvx_rows_in_use(void);
#endif
