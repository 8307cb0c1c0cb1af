/* HoughLinesP: the progressive probabilistic Hough transform, made deterministic by taking the
 * set pixels in a fixed pseudo-random order (the raster-order list shuffled by Fisher-Yates with
 * the 64-bit LCG x = x * 6364136223846793005 + 1442695040888963407 from x = 0, index (x >> 33) %
 * (i + 1)): in raster order a line's first votes would all come from its first pixels, and the
 * angle it is followed at would be off. Each pixel still present votes for every
 * angle theta_min + n theta (rho = round(x cos + y sin) / rho, in double, rounded half away from
 * zero); its best angle is the middle of the run of neighbouring angles sharing the first largest
 * count (a line found from its first few pixels ties with the angles next to its own, and following
 * the first of them would drift off it); when that count reaches the threshold, the line through it
 * at that angle is
 * followed both ways (one pixel a step along its major axis, 16-bit fixed point) while gaps stay
 * within line_gap; its pixels leave the image (those that voted take their votes back), and it is
 * kept when it spans line_length along x or y. Lines fill the array up to its capacity; the count
 * says how many were found. */
#include "kernels.h"

#pragma GCC optimize("O3")

#include <math.h>
#include <stdlib.h>

enum { ABSENT = 0, PRESENT = 1, VOTED = 2, SHIFT = 16 };

typedef struct hough {
    void (*cells_of)(struct hough *hg, uint32_t x, uint32_t y);   /* cells_plain or a SIMD level's */
    uint32_t w, h;
    int32_t numangle, numrho;
    uint8_t *state;                            /* per pixel: ABSENT, PRESENT or VOTED */
    int32_t *acc;                              /* numangle x numrho */
    int32_t *cells;                            /* per angle: the cell of the pixel voting */
    double *cosines, *sines;                   /* per angle, divided by rho */
} hough;

/* lround(v) for |v| < 2^31 without the libm call (it is one per angle of every vote): the part
 * after the truncation is exact, and a half rounds away from zero. */
static inline int32_t round_half_away(double v)
{
    int32_t t = (int32_t)v;
    double f = v - t;
    return t + (f >= 0.5) - (f <= -0.5);
}

static int32_t rho_index(const hough *hg, int32_t n, uint32_t x, uint32_t y)
{
    return round_half_away(x * hg->cosines[n] + y * hg->sines[n]) + (hg->numrho - 1) / 2;
}

/* The accumulator cell of (x, y) at every angle into hg->cells: rho_index + n * numrho. */
static void cells_plain(hough *hg, uint32_t x, uint32_t y)
{
    for (int32_t n = 0; n < hg->numangle; n++) hg->cells[n] = rho_index(hg, n, x, y) + n * hg->numrho;
}

#if defined(__x86_64__)
#include <immintrin.h>

/* The same a vector of angles a step, each lane as rho_index: products and sum in double (no fused
 * multiply-add), truncated, and the half away from zero added back in double (exact on integers).
 * cosines, sines and cells have room for numangle rounded up to 4 (zeros past numangle: cells
 * nobody reads). */
static void cells_sse2(hough *hg, uint32_t x, uint32_t y)
{
    __m128d vx = _mm_set1_pd(x), vy = _mm_set1_pd(y), half = _mm_set1_pd(0.5), one = _mm_set1_pd(1.0);
    __m128d mhalf = _mm_set1_pd(-0.5);
    __m128i cell = _mm_add_epi32(_mm_set1_epi32((hg->numrho - 1) / 2), _mm_setr_epi32(0, hg->numrho, 0, 0));
    __m128i step = _mm_set1_epi32(2 * hg->numrho);
    for (int32_t n = 0; n < hg->numangle; n += 2) {
        __m128d v = _mm_add_pd(_mm_mul_pd(vx, _mm_loadu_pd(hg->cosines + n)), _mm_mul_pd(vy, _mm_loadu_pd(hg->sines + n)));
        __m128d t = _mm_cvtepi32_pd(_mm_cvttpd_epi32(v)), f = _mm_sub_pd(v, t);
        t = _mm_sub_pd(_mm_add_pd(t, _mm_and_pd(_mm_cmpge_pd(f, half), one)), _mm_and_pd(_mm_cmple_pd(f, mhalf), one));
        _mm_storel_epi64((__m128i *)(void *)(hg->cells + n), _mm_add_epi32(_mm_cvttpd_epi32(t), cell));
        cell = _mm_add_epi32(cell, step);
    }
}

#pragma GCC push_options
#pragma GCC target("avx2")
static void cells_avx2(hough *hg, uint32_t x, uint32_t y)
{
    __m256d vx = _mm256_set1_pd(x), vy = _mm256_set1_pd(y), half = _mm256_set1_pd(0.5), one = _mm256_set1_pd(1.0);
    __m256d mhalf = _mm256_set1_pd(-0.5);
    __m128i cell = _mm_add_epi32(_mm_set1_epi32((hg->numrho - 1) / 2),
                                 _mm_mullo_epi32(_mm_setr_epi32(0, 1, 2, 3), _mm_set1_epi32(hg->numrho)));
    __m128i step = _mm_set1_epi32(4 * hg->numrho);
    for (int32_t n = 0; n < hg->numangle; n += 4) {
        __m256d v = _mm256_add_pd(_mm256_mul_pd(vx, _mm256_loadu_pd(hg->cosines + n)),
                                  _mm256_mul_pd(vy, _mm256_loadu_pd(hg->sines + n)));
        __m256d t = _mm256_cvtepi32_pd(_mm256_cvttpd_epi32(v)), f = _mm256_sub_pd(v, t);
        t = _mm256_sub_pd(_mm256_add_pd(t, _mm256_and_pd(_mm256_cmp_pd(f, half, _CMP_GE_OQ), one)),
                          _mm256_and_pd(_mm256_cmp_pd(f, mhalf, _CMP_LE_OQ), one));
        _mm_storeu_si128((__m128i *)(void *)(hg->cells + n), _mm_add_epi32(_mm256_cvttpd_epi32(t), cell));
        cell = _mm_add_epi32(cell, step);
    }
}
#pragma GCC pop_options
#endif

/* Takes back the votes of (x, y). */
static void unvote(hough *hg, uint32_t x, uint32_t y)
{
    hg->cells_of(hg, x, y);
    for (int32_t n = 0; n < hg->numangle; n++) hg->acc[hg->cells[n]]--;
}

/* Adds the votes of (x, y); the angle of the largest count after it (the middle of the first run of
 * neighbouring angles with that count). The counts are updated without a branch (their cache misses
 * overlap) and kept in `cells`; the largest is looked for after. */
static int32_t vote(hough *hg, uint32_t x, uint32_t y, int32_t *best)
{
    int32_t *count = hg->cells, top = INT32_MIN, first, last;
    hg->cells_of(hg, x, y);                    /* first the cells (no dependence on the counts) */
    for (int32_t n = 0; n < hg->numangle; n++) count[n] = ++hg->acc[count[n]];
    for (int32_t n = 0; n < hg->numangle; n++) top = count[n] > top ? count[n] : top;
    first = hg->numangle;                      /* as a min reduction: vectorised, no branch to miss */
    for (int32_t n = 0; n < hg->numangle; n++) {
        int32_t at = count[n] == top ? n : hg->numangle;
        first = at < first ? at : first;
    }
    for (last = first; last + 1 < hg->numangle && count[last + 1] == top;) last++;
    *best = top;
    return (first + last) / 2;
}

/* Follows the line through (x0, y0) at angle n in direction k (0 along, 1 against); `clear`: the
 * second pass, which removes the pixels up to `end` (and their votes), else finds `end`. */
static void follow(hough *hg, uint32_t x0, uint32_t y0, int32_t n, int k, int32_t gap_max, int clear,
                   int good, int32_t end[2])
{
    double a = -hg->sines[n], b = hg->cosines[n];     /* the line's direction (scaled alike) */
    int xflag = fabs(a) > fabs(b);
    int64_t x, y, dx, dy;
    if (xflag) {
        dx = a > 0 ? 1 : -1, dy = (int64_t)llround(b * (1 << SHIFT) / fabs(a));
        x = x0, y = ((int64_t)y0 << SHIFT) + (1 << (SHIFT - 1));
    } else {
        dy = b > 0 ? 1 : -1, dx = (int64_t)llround(a * (1 << SHIFT) / fabs(b));
        y = y0, x = ((int64_t)x0 << SHIFT) + (1 << (SHIFT - 1));
    }
    if (k)
        dx = -dx, dy = -dy;
    for (int32_t gap = 0;; x += dx, y += dy) {
        int64_t px = xflag ? x : x >> SHIFT, py = xflag ? y >> SHIFT : y;
        if (px < 0 || py < 0 || px >= hg->w || py >= hg->h)
            break;
        uint8_t *st = &hg->state[(size_t)py * hg->w + px];
        if (clear) {
            if (*st == VOTED && good)
                unvote(hg, (uint32_t)px, (uint32_t)py);
            *st = ABSENT;
            if (px == end[0] && py == end[1])
                break;
        } else if (*st != ABSENT) {
            gap = 0, end[0] = (int32_t)px, end[1] = (int32_t)py;
        } else if (++gap > gap_max) {
            break;
        }
    }
}

vx_status pvx_std_hough_lines_p(vx_node node, const vx_reference *p, vx_uint32 n)
{
    plane in;
    vx_status s;
    if ((s = plane_of(p[0], &in)))
        return s;
    pvx_array *params = ((pvx_ref *)p[1])->desc, *lines = ((pvx_ref *)p[2])->desc;
    const vx_hough_lines_p_t *hp = (const vx_hough_lines_p_t *)pvx_memory_storage(&params->mem);
    if (hp == NULL || pvx_memory_storage(&lines->mem) == NULL)
        return VX_ERROR_NO_MEMORY;
    hough hg = {cells_plain, in.width, in.height, 0, 0, NULL, NULL, NULL, NULL, NULL};
#if defined(__x86_64__)
    hg.cells_of = pvx_simd() >= PVX_SIMD_AVX2 ? cells_avx2 : pvx_simd() == PVX_SIMD_SSE2 ? cells_sse2 : cells_plain;
#endif
    hg.numangle = (int32_t)lround((hp->theta_max - hp->theta_min) / hp->theta);
    hg.numangle = hg.numangle < 1 ? 1 : hg.numangle;
    hg.numrho = 2 * (int32_t)ceil((double)(hg.w + hg.h) / hp->rho) + 3;
    hg.state = malloc((size_t)hg.w * hg.h);
    hg.acc = calloc((size_t)hg.numangle * hg.numrho, sizeof *hg.acc);
    size_t padded = ((size_t)hg.numangle + 3) / 4 * 4;    /* for the SIMD steps */
    hg.cosines = calloc(2 * padded, sizeof(double));
    hg.cells = malloc(sizeof(int32_t) * padded);
    if (hg.state == NULL || hg.acc == NULL || hg.cosines == NULL || hg.cells == NULL) {
        free(hg.state), free(hg.acc), free(hg.cosines), free(hg.cells);
        return VX_ERROR_NO_MEMORY;
    }
    hg.sines = hg.cosines + padded;
    for (int32_t k = 0; k < hg.numangle; k++) {
        double t = (double)hp->theta_min + k * (double)hp->theta;
        hg.cosines[k] = cos(t) / hp->rho, hg.sines[k] = sin(t) / hp->rho;
    }
    for (uint32_t y = 0; y < hg.h; y++) {
        const uint8_t *row = row_of(&in, y);
        for (uint32_t x = 0; x < hg.w; x++)
            hg.state[(size_t)y * hg.w + x] = (in.format == VX_DF_IMAGE_U1 ? (row[x / 8] >> (x % 8)) & 1 : row[x] != 0)
                                                 ? PRESENT : ABSENT;
    }
    size_t count = 0;
    for (size_t i = 0; i < (size_t)hg.w * hg.h; i++) count += hg.state[i] != ABSENT;
    uint32_t *order = malloc(sizeof *order * (count ? count : 1));
    if (order == NULL) {
        free(hg.state), free(hg.acc), free(hg.cosines), free(hg.cells);
        return VX_ERROR_NO_MEMORY;
    }
    count = 0;
    for (size_t i = 0; i < (size_t)hg.w * hg.h; i++)
        if (hg.state[i] != ABSENT)
            order[count++] = (uint32_t)i;
    uint64_t lcg = 0;
    for (size_t i = count; i-- > 1;) {
        lcg = lcg * 6364136223846793005u + 1442695040888963407u;
        size_t j = (size_t)((lcg >> 33) % (i + 1));
        uint32_t t = order[i];
        order[i] = order[j], order[j] = t;
    }
    lines->num_items = 0;
    vx_size found = 0;
    for (size_t i = 0; i < count; i++) {
            uint32_t x = order[i] % hg.w, y = order[i] / hg.w;
            uint8_t *st = &hg.state[order[i]];
            if (*st == ABSENT)
                continue;
            int32_t top, angle = vote(&hg, x, y, &top), end[2][2] = {{(int32_t)x, (int32_t)y}, {(int32_t)x, (int32_t)y}};
            *st = VOTED;
            if (top < hp->threshold)
                continue;
            for (int k = 0; k < 2; k++)
                follow(&hg, x, y, angle, k, hp->line_gap, 0, 0, end[k]);
            int good = abs(end[1][0] - end[0][0]) >= hp->line_length || abs(end[1][1] - end[0][1]) >= hp->line_length;
            for (int k = 0; k < 2; k++)
                follow(&hg, x, y, angle, k, hp->line_gap, 1, good, end[k]);
            if (!good)
                continue;
            found++;
            if (lines->num_items < lines->capacity)
                ((vx_line2d_t *)pvx_memory_base(&lines->mem))[lines->num_items++] =
                    (vx_line2d_t){(vx_float32)end[0][0], (vx_float32)end[0][1], (vx_float32)end[1][0], (vx_float32)end[1][1]};
        }
    *(vx_size *)pvx_memory_storage(&((pvx_scalar *)((pvx_ref *)p[3])->desc)->mem) = found;
    free(hg.state), free(hg.acc), free(hg.cosines), free(hg.cells), free(order);
    return VX_SUCCESS;
}
