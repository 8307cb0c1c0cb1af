/* MatchTemplate: the spec's comparison metrics of a U8 template at each position of a U8 source,
 * sums exact in 64 bits, each result in double, truncated toward zero and saturated to S16. The
 * normalised metrics (L2_NORM, CCORR_NORM), mostly within [0, 1], are scaled by 2^15 first. */
#include "pvx.h"

#pragma GCC optimize("O3")

#include <math.h>

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
            double norm = sqrt((double)template_squares * (double)w.image_squares), r;
            switch (metric) {
            case VX_COMPARE_HAMMING: r = (double)w.hamming / area; break;
            case VX_COMPARE_L1: r = (double)w.l1 / area; break;
            case VX_COMPARE_L2: r = (double)w.l2 / area; break;
            case VX_COMPARE_CCORR: r = (double)w.ccorr / area; break;
            case VX_COMPARE_L2_NORM: r = (double)w.l2 / norm * 32768.0; break;
            default: r = (double)w.ccorr / norm * 32768.0; break;
            }
            o[x] = to_s16(r);
        }
    }
    return VX_SUCCESS;
}
