/* The row loops of the statistics and matching kernels (stats.c, match.c) per SIMD level:
 * stats_rows.inc compiled by stats_rows.c for SSE2 and for AVX2 on x86-64. Under
 * PVX_SIMD=plain, and on other CPUs, there is no table: the kernels run their plain loops (the
 * reference the tests compare with). Every loop gives exactly the plain loop's integers. */
#ifndef PVX_STATS_ROWS_H
#define PVX_STATS_ROWS_H
#include <stddef.h>
#include <math.h>
#include <stdint.h>

typedef struct pvx_stats_rows {
    /* *sum, *squares: added the pixels and their squares over h rows of w pixels, `stride` bytes apart */
    void (*sums)(const uint8_t *in, ptrdiff_t stride, uint32_t w, uint32_t h, uint64_t *sum, uint64_t *squares);
    /* *lo, *hi updated over h rows of w pixels, `stride` bytes apart */
    void (*minmax)(const uint8_t *in, ptrdiff_t stride, uint32_t w, uint32_t h, uint8_t *lo, uint8_t *hi);
    /* count[k]: how many in[x] == v[k] (k = 0, 1); the first room[k] of those x into xs[k] */
    void (*extremes)(const uint8_t *in, uint32_t w, const uint8_t v[2], uint32_t *const xs[2], const uint32_t room[2],
                     uint32_t count[2]);
    /* out[x] = above[x] + in[0] + ... + in[x] (mod 2^32) */
    void (*integral)(const uint8_t *in, const uint32_t *above, uint32_t *out, uint32_t w);
    /* MatchTemplate, n positions: out[x] = sum over the template (tw x th bytes, contiguous) of
     * |rows[j][x + i] - t| (l1) or rows[j][x + i] ^ t */
    void (*distance)(const uint8_t *const *rows, const uint8_t *tpl, uint32_t tw, uint32_t th, int l1, uint32_t *out,
                     uint32_t n);
    /* MatchTemplate's cross-correlation over a ring of rows in the level's layout: each ring row
     * holds `ccorr_step` image rows (2: 16-bit pairs r | r + 1 << 16; 4, AVX-512: byte quads), built
     * by ccorr_row from rows[0 .. ccorr_step - 1] (w pixels; readable 32 words past them), the
     * template likewise once by ccorr_template (nr = ceil(th / ccorr_step) rows of tw words, a
     * template row past th as 0, then one word the level's loop needs). ccorr: out[x] = the sum
     * over k < nr, i < tw of ring[k][x + i] times template row k's word i (rows y + step k) */
    uint32_t ccorr_step;
    void (*ccorr_row)(const uint8_t *const *rows, uint32_t *out, uint32_t w);
    void (*ccorr_template)(const uint8_t *tpl, uint32_t tw, uint32_t th, uint32_t *out);
    void (*ccorr)(const uint32_t *const *ring, const uint32_t *tmpl, uint32_t tw, uint32_t nr, uint32_t *out,
                  uint32_t n);
    /* MatchTemplate's cross-correlation of every position by double FFTs along the rows
     * (stats_rows_fft.inc): out[y * (sw - tw + 1) + x] for y <= sh - th, x <= sw - tw, from the
     * source (sh rows of sw pixels, `stride` bytes apart) and the template (tw x th, contiguous);
     * exact while match.c's bound on the error holds. 0: out of memory */
    int (*ccorr_fft)(const uint8_t *src, ptrdiff_t stride, uint32_t sw, uint32_t sh, const uint8_t *tpl, uint32_t tw,
                     uint32_t th, uint32_t *out);
    /* out[x] from c[x] (the distance or ccorr sum) and q[x] (the window's squares), as match.c's
     * result(): the numerator v = c (l2 0) or q - 2 c + ts (l2 1), over area (norm 0) or
     * sqrt(ts * q) times 2^15 (norm 1), in double, truncated and saturated to S16, 0/0 -> 0 */
    void (*match_results)(const uint32_t *c, const uint32_t *q, double ts, double area, int l2, int norm, int16_t *out,
                          uint32_t n);
    /* INT16 tensor rows of n elements, exactly as tensors.c's element loop: a + sign * b;
     * a * b * scale rounded (nearest even or toward zero; |scale| <= 1 unless saturated); (a * f[0] -
     * f[1]) / f[2] * f[3] toward zero, saturated to [lo, hi], into 1- or 2-byte elements */
    void (*tensor_add)(const int16_t *a, const int16_t *b, int16_t *o, size_t n, int sign, int saturate);
    void (*tensor_multiply)(const int16_t *a, const int16_t *b, int16_t *o, size_t n, double scale, int nearest,
                            int saturate);
    void (*tensor_convert)(const int16_t *a, void *o, size_t n, const double f[4], int bytes, double lo, double hi);
    /* TensorMatrixMultiply: sums[r * columns + k] = the sum over i < inner (even) of a[r * inner + i]
     * b[i * columns + k], exactly when no `run` consecutive pairs of products can leave int32 (the
     * caller's bound); strip: scratch of 16 * inner */
    void (*matrix_sums)(const int16_t *a, const int16_t *b, size_t rows, size_t columns, size_t inner, size_t run,
                        int16_t *strip, int64_t *sums);
    /* TensorTranspose of 2-byte elements: out[r][c] = in[c][r] for r < rows, c < cols (rows of in
     * `is` bytes apart, of out `os`; elements packed in a row) */
    void (*transpose2)(const uint8_t *in, size_t is, uint8_t *out, size_t os, size_t rows, size_t cols);
} pvx_stats_rows;

PVX_HIDDEN const pvx_stats_rows *pvx_stats_rows_in_use(void);

/* MatchTemplate's FFT length for rows of w pixels: the least 2^k or 3 x 2^k (from 12) >= w
 * (stats_rows_fft.inc; match.c's bound and cost) */
static inline uint32_t pvx_fft_points(uint32_t w)
{
    uint32_t n = 1;
    while (n < w)
        n *= 2;
    return n >= 16 && n / 4 * 3 >= w ? n / 4 * 3 : n;
}

/* n when s = 2^-n for 0 <= n <= 30 (a scale the row loops apply as an exact shift), else -1 */
static inline int pvx_shift_of(double s)
{
    int e;
    return frexp(s, &e) == 0.5 && e <= 1 && e >= -29 ? 1 - e : -1;
}   /* NULL: the plain loops */
#endif
