/* MatchTemplate: the spec's comparison metrics of a U8 template at each position of a U8 source,
 * sums exact in 64 bits, each result in double, truncated toward zero and saturated to S16. The
 * normalised metrics (L2_NORM, CCORR_NORM), mostly within [0, 1], are scaled by 2^15 first. */
#include "kernels.h"
#include "stats_rows.h"

#pragma GCC optimize("O3")

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct sums {
    int64_t hamming, l1, l2, ccorr, image_squares;
} sums;

static void window_sums(const plane *src, const plane *tpl, uint32_t x, uint32_t y, vx_enum metric, sums *s)
{
    int64_t hamming = 0, l1 = 0, l2 = 0, ccorr = 0, squares = 0;
    for (uint32_t j = 0; j < tpl->height; j++) {
        const uint8_t *restrict i_row = (const uint8_t *)row_of(src, y + j) + x;
        const uint8_t *restrict t_row = row_of(tpl, j);
        int32_t h = 0, a = 0;                  /* a row's sums fit 32 bits (w <= 65535), unsigned */
        uint32_t d = 0, c = 0, q = 0;
        switch (metric) {
        case VX_COMPARE_HAMMING: for (uint32_t i = 0; i < tpl->width; i++) h += i_row[i] ^ t_row[i]; break;
        case VX_COMPARE_L1:
            for (uint32_t i = 0; i < tpl->width; i++) a += i_row[i] > t_row[i] ? i_row[i] - t_row[i] : t_row[i] - i_row[i];
            break;
        case VX_COMPARE_L2:
            for (uint32_t i = 0; i < tpl->width; i++) d += (uint32_t)((i_row[i] - t_row[i]) * (i_row[i] - t_row[i]));
            break;
        case VX_COMPARE_CCORR:
            for (uint32_t i = 0; i < tpl->width; i++) c += (uint32_t)(i_row[i] * t_row[i]);
            break;
        case VX_COMPARE_L2_NORM:
            for (uint32_t i = 0; i < tpl->width; i++) {
                int32_t e = i_row[i] - t_row[i];
                d += (uint32_t)(e * e), q += (uint32_t)(i_row[i] * i_row[i]);
            }
            break;
        default:
            for (uint32_t i = 0; i < tpl->width; i++) c += (uint32_t)(i_row[i] * t_row[i]), q += (uint32_t)(i_row[i] * i_row[i]);
            break;
        }
        hamming += h, l1 += a, l2 += d, ccorr += c, squares += q;
    }
    *s = (sums){hamming, l1, l2, ccorr, squares};
}

static int16_t to_s16(double r)
{
    return r != r ? 0 : r >= INT16_MAX ? INT16_MAX : r <= INT16_MIN ? INT16_MIN : (int16_t)r;
}

/* A position's result from its exact sums (both paths: the same integers give the same value). */
static inline __attribute__((always_inline)) int16_t result(vx_enum metric, const sums *w, int64_t template_squares,
                                                            double area)
{
    double norm = metric >= VX_COMPARE_L2_NORM ? sqrt((double)template_squares * (double)w->image_squares) : 0, r;
    switch (metric) {
    case VX_COMPARE_HAMMING: r = (double)w->hamming / area; break;
    case VX_COMPARE_L1: r = (double)w->l1 / area; break;
    case VX_COMPARE_L2: r = (double)w->l2 / area; break;
    case VX_COMPARE_CCORR: r = (double)w->ccorr / area; break;
    case VX_COMPARE_L2_NORM: r = (double)w->l2 / norm * 32768.0; break;
    default: r = (double)w->ccorr / norm * 32768.0; break;
    }
    return to_s16(r);
}

/* Whether the cross-correlation of every position by double FFTs (stats_rows.h ccorr_fft) is
 * exact, and cheaper than the direct loop. Exact: each sum is an integer below 2^32, so rounding
 * the computed value gives it when the error is below 1/2. FFTs of n = 2^k points with twiddles
 * within mu = 10u of e^(2 pi i j / n) (u = 2^-53) err by at most eps ||y||_2, eps = k eta / (1 -
 * k eta), eta = mu + gamma_4 (sqrt 2 + mu) (Higham, Accuracy and Stability of Numerical Algorithms,
 * 2nd ed., Thm 24.2), below 16 k u. For n = 3 x 2^k, the radix-3 stage counts as two radix-2
 * stages: its twiddle products err by at most eta |y|, its 3-point sums (and the product by
 * sqrt(3) / 2) by less than 8u (|a| + |b| + |c|) an output (5u a component, first order), in
 * 2-norm 24u ||(a, b, c)||, so relative to the stage's norm sqrt 3 by 14u + eta < 2 eta (the
 * theorem's proof takes each stage's relative error; the stages' norms multiply to sqrt(n) as
 * for 2^k). With pixels
 * <= 255: ||A_row||_2 <= 255 n, |A_row(f)| <= 255 n,
 * ||T_row||_2 <= 255 sqrt(n tw), |T_row(f)| <= 255 tw; two rows share a transform (a factor 2 on
 * each error). The spectrum of an output row, sum over th template rows of A conj T, then errs by
 * at most 255^2 th n tw (4 eps (1 + sqrt(n / tw)) + (th + 4) u) in 2-norm (the transforms'
 * errors, then the products' and the sum's roundings); the inverse FFT divides that by sqrt(n)
 * and adds its own eps ||c||_2 <= eps sqrt(n) 255^2 tw th, both doubled for the two rows it
 * carries. The largest error of a sum is at most that 2-norm, which must stay below 1/4. Cheaper:
 * the direct loop costs a multiply-add per template pixel and position (pmaddwd: 16 an
 * instruction, VNNI 64) and the FFTs (us per thousand, measured at AVX2 on Zen 3, session 14:
 * 0.021 a direct multiply-add, 0.22 a tap of the spectra's sum per bin and output row, 0.22 a
 * row's point per stage of its transforms) count 1.3 times where the spectra outgrow the caches
 * (1280 x 720). */
static int fft_pays(const pvx_stats_rows *rows, uint32_t sw, uint32_t sh, uint32_t tw, uint32_t th)
{
    uint32_t n = pvx_fft_points(sw), k = n % 3 ? 0 : 2;
    for (uint32_t m = n % 3 ? n : n / 3; m > 1; m /= 2)
        k++;
    double u = 0x1p-53, eps = 16.0 * k * u, rn = sqrt((double)n), area = (double)tw * th;
    double error = 2.0 * 255.0 * 255.0 * area * rn * (4.0 * eps * (1.0 + sqrt((double)n / tw)) + (th + 4.0) * u + eps);
    if (error >= 0.25)
        return 0;
    double fit_w = sw - tw + 1, fit_h = sh - th + 1, out_h = ceil(fit_h / 16) * 16, rows_s = out_h + th + 7;
    double direct = 0.021 * fit_w * fit_h * area * 4.0 / ((double)rows->ccorr_step * rows->ccorr_step);
    double fft = 0.22 * (n / 2 + 1) * th * out_h + 0.22 * (rows_s + out_h + th) * n * k;
    return (n / 2 + 1) * rows_s * 16 > 2e6 ? 1.3 * fft < direct : fft < direct;
}

/* The row loops of the SIMD level (stats_rows.h), one row of positions at a time: Hamming and L1
 * tap by tap; the others from the cross-correlation (a ring of th rows in the level's layout, each
 * holding ccorr_step image rows, one new ring row per output row, against the template in that
 * layout) and the window sums of squares (column sums kept from row to row), as
 * L2 = squares - 2 ccorr + template squares. Every sum fits 32 bits: the template has at most
 * 65535 pixels. */
static vx_status match_rows(const pvx_stats_rows *rows, const plane *src, const plane *tpl, const plane *out,
                            vx_enum metric, int64_t template_squares, double area)
{
    uint32_t tw = tpl->width, th = tpl->height, fit_w = src->width - tw + 1, fit_h = src->height - th + 1;
    uint32_t step = rows->ccorr_step, nr = (th + step - 1) / step, sw = src->width, span = sw + 32;
    int direct = metric == VX_COMPARE_HAMMING || metric == VX_COMPARE_L1;
    int squared = metric == VX_COMPARE_L2 || metric == VX_COMPARE_L2_NORM || metric == VX_COMPARE_CCORR_NORM;
    uint32_t *all = NULL, *found = malloc(sizeof(uint32_t) * fit_w), *window = malloc(sizeof(uint32_t) * fit_w);
    uint32_t *column = calloc(sw, sizeof(uint32_t)), *ring = calloc((size_t)span * th, sizeof(uint32_t));
    uint32_t *tmpl = malloc(sizeof(uint32_t) * ((size_t)nr * tw + 1));
    uint8_t *t = malloc((size_t)tw * th);
    const uint8_t **at = malloc(sizeof(*at) * (th > 4 ? th : 4));
    const uint32_t **ring_rows = malloc(sizeof(*ring_rows) * nr);
    vx_status status = VX_ERROR_NO_MEMORY;
    if (!found || !window || !column || !ring || !tmpl || !t || !at || !ring_rows)
        goto done;
    for (uint32_t j = 0; j < th; j++)
        memcpy(t + (size_t)j * tw, row_of(tpl, j), tw);
    rows->ccorr_template(t, tw, th, tmpl);
    if (!direct && fft_pays(rows, sw, src->height, tw, th) &&
        (all = malloc(sizeof(uint32_t) * fit_w * fit_h)) != NULL &&
        !rows->ccorr_fft(src->ptr, src->stride, sw, src->height, t, tw, th, all))
        free(all), all = NULL;        /* no memory, or no FMA: the direct loop */
    for (uint32_t y = 0; y < out->height; y++) {
        int16_t *o = row_of(out, y);
        if (y >= fit_h) {
            memset(o, 0, sizeof(int16_t) * out->width);
            continue;
        }
        const uint32_t *sums = all != NULL ? all + (size_t)y * fit_w : found;
        if (all == NULL && direct) {
            for (uint32_t j = 0; j < th; j++)
                at[j] = row_of(src, y + j);
            rows->distance(at, t, tw, th, metric == VX_COMPARE_L1, found, fit_w);
        } else if (all == NULL) {
            for (uint32_t r = y ? y + th - 1 : 0; r < y + th; r++) {   /* the ring rows y lacks */
                for (uint32_t k = 0; k < step; k++)   /* rows past the image: template rows past th */
                    at[k] = row_of(src, r + k < src->height ? r + k : r);
                rows->ccorr_row(at, ring + (size_t)(r % th) * span, sw);
            }
            for (uint32_t k = 0; k < nr; k++)
                ring_rows[k] = ring + (size_t)((y + step * k) % th) * span;
            rows->ccorr(ring_rows, tmpl, tw, nr, found, fit_w);
        }
        if (squared) {
            uint32_t *restrict col = column, *restrict win = window;
            for (uint32_t r = y ? y + th - 1 : 0; r < y + th; r++) {   /* rows entering the window */
                const uint8_t *restrict a = row_of(src, r);
                for (uint32_t x = 0; x < sw; x++)
                    col[x] += (uint16_t)(a[x] * a[x]);      /* 255^2 fits 16 bits: pmullw */
            }
            if (y > 0) {                       /* the row leaving it */
                const uint8_t *restrict a = row_of(src, y - 1);
                for (uint32_t x = 0; x < sw; x++)
                    col[x] -= (uint16_t)(a[x] * a[x]);
            }
            uint32_t sum = 0;                  /* the window's: a running sum along the row (mod 2^32) */
            for (uint32_t i = 0; i < tw; i++)
                sum += col[i];
            for (uint32_t x = 0; x < fit_w; x++) {
                win[x] = sum;
                sum += x + tw < sw ? col[x + tw] - col[x] : 0;
            }
        }
        rows->match_results(sums, window, (double)template_squares, area,
                            metric == VX_COMPARE_L2 || metric == VX_COMPARE_L2_NORM, metric >= VX_COMPARE_L2_NORM, o,
                            fit_w);
        memset(o + fit_w, 0, sizeof(int16_t) * (out->width - fit_w));
    }
    status = VX_SUCCESS;
done:
    free(all), free(found), free(window), free(column), free(ring), free(tmpl), free(t), free(at), free(ring_rows);
    return status;
}

vx_status pvx_std_match_template(vx_node node, const vx_reference *p, vx_uint32 n)
{
    plane src, tpl, out;
    vx_status s;
    if ((s = plane_of(p[0], &src)) || (s = plane_of(p[1], &tpl)) || (s = plane_of(p[3], &out)))
        return s;
    vx_enum metric = scalar_enum(p[2]);
    double area = (double)tpl.width * tpl.height;
    int64_t template_squares = 0;
    for (uint32_t j = 0; j < tpl.height; j++)
        for (uint32_t i = 0; i < tpl.width; i++) {
            int64_t v = ((const uint8_t *)row_of(&tpl, j))[i];
            template_squares += v * v;
        }
    const pvx_stats_rows *rows = pvx_stats_rows_in_use();
    if (rows != NULL)
        return match_rows(rows, &src, &tpl, &out, metric, template_squares, area);
    uint32_t fit_w = src.width - tpl.width + 1, fit_h = src.height - tpl.height + 1;
    for (uint32_t y = 0; y < out.height; y++) {
        int16_t *o = row_of(&out, y);
        for (uint32_t x = 0; x < out.width; x++) {
            if (x >= fit_w || y >= fit_h) {
                o[x] = 0;
                continue;
            }
            sums w;
            window_sums(&src, &tpl, x, y, metric, &w);
            o[x] = result(metric, &w, template_squares, area);
        }
    }
    return VX_SUCCESS;
}
