/* HoughLinesP: the progressive probabilistic Hough transform (Matas, Galambos, Kittler) as the
 * conformance tests' reference lines were made, so that its order of pixels and its float arithmetic
 * are the definition: the set pixels of the valid rectangle, listed in raster order, are taken in a
 * pseudo-random order (a multiply-with-carry generator, x = (x mod 2^32) 4164903690 + (x >> 32)
 * from x = 2^64 - 1: the next pixel is entry (x mod 2^32) % remaining of the list, whose last entry
 * then takes its place). A pixel still present votes for the angles theta_min + n theta, n <
 * (int)((theta_max - theta_min) / theta) in float, at rho = round(x c_n + y s_n) (c_n, s_n the
 * float cos and sin over rho, the sum in float, rounded half away from zero); the first angle with
 * the largest count, when that count reaches the threshold, gives the line, followed both ways
 * from the pixel (one pixel a step along its major axis, the other in 16-bit fixed point) while
 * gaps stay within line_gap; the walk's pixels leave the image, and when the segment spans
 * line_length along x or y each of them takes back one vote per angle (voted or not) and the
 * segment is kept, its end with the smaller x (then y) first. Lines fill the array up to its
 * capacity; the count says how many were found. */
#include "kernels.h"

#pragma GCC optimize("O3")

#include <math.h>
#include <stdlib.h>

enum { ABSENT = 0, PRESENT = 1, SHIFT = 16 };

typedef struct hough {
    void (*cells_of)(struct hough *hg, uint32_t x, uint32_t y);   /* cells_plain or a SIMD level's */
    uint32_t w, h;
    int32_t numangle, numrho;
    uint8_t *state;                            /* per pixel: ABSENT or PRESENT */
    int32_t *acc;                              /* numangle x numrho */
    int32_t *cells;                            /* per angle: the cell of the pixel voting */
    float *cosines, *sines;                    /* per angle, over rho */
} hough;

/* (int)(v + 0.5) for v >= 0, (int)(v - 0.5) below, for |v| < 2^31: the part after the truncation is
 * exact. */
static inline int32_t round_half_away(double v)
{
    int32_t t = (int32_t)v;
    double f = v - t;
    return t + (f >= 0.5) - (f <= -0.5);
}

/* The accumulator cell of (x, y) at every angle into hg->cells: the rounded float sum plus the
 * middle of the rho range, plus n * numrho. */
static void cells_plain(hough *hg, uint32_t x, uint32_t y)
{
    float fx = (float)x, fy = (float)y;
    for (int32_t n = 0; n < hg->numangle; n++) {
        float v = fx * hg->cosines[n] + fy * hg->sines[n];
        hg->cells[n] = round_half_away(v) + (hg->numrho - 1) / 2 + n * hg->numrho;
    }
}

#if defined(__x86_64__)
#include <immintrin.h>

/* The same a vector of angles a step: float products and sum (no fused multiply-add), the fraction
 * after truncation exact in float, a half away from zero added back. cosines, sines and cells have
 * room for numangle rounded up to 8 (zeros past numangle: cells nobody reads). */
static void cells_sse2(hough *hg, uint32_t x, uint32_t y)
{
    __m128 vx = _mm_set1_ps((float)x), vy = _mm_set1_ps((float)y), half = _mm_set1_ps(0.5f), mhalf = _mm_set1_ps(-0.5f);
    __m128i cell = _mm_add_epi32(_mm_set1_epi32((hg->numrho - 1) / 2),
                                 _mm_setr_epi32(0, hg->numrho, 2 * hg->numrho, 3 * hg->numrho));
    __m128i step = _mm_set1_epi32(4 * hg->numrho);
    for (int32_t n = 0; n < hg->numangle; n += 4) {
        __m128 v = _mm_add_ps(_mm_mul_ps(vx, _mm_loadu_ps(hg->cosines + n)), _mm_mul_ps(vy, _mm_loadu_ps(hg->sines + n)));
        __m128i t = _mm_cvttps_epi32(v);
        __m128 f = _mm_sub_ps(v, _mm_cvtepi32_ps(t));
        /* compare masks are -1: subtracting the upper one adds 1 */
        t = _mm_add_epi32(_mm_sub_epi32(t, _mm_castps_si128(_mm_cmpge_ps(f, half))), _mm_castps_si128(_mm_cmple_ps(f, mhalf)));
        _mm_storeu_si128((__m128i *)(void *)(hg->cells + n), _mm_add_epi32(t, cell));
        cell = _mm_add_epi32(cell, step);
    }
}

#pragma GCC push_options
#pragma GCC target("avx2")
static void cells_avx2(hough *hg, uint32_t x, uint32_t y)
{
    __m256 vx = _mm256_set1_ps((float)x), vy = _mm256_set1_ps((float)y), half = _mm256_set1_ps(0.5f);
    __m256 mhalf = _mm256_set1_ps(-0.5f);
    __m256i cell = _mm256_add_epi32(_mm256_set1_epi32((hg->numrho - 1) / 2),
                                    _mm256_mullo_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_epi32(hg->numrho)));
    __m256i step = _mm256_set1_epi32(8 * hg->numrho);
    for (int32_t n = 0; n < hg->numangle; n += 8) {
        __m256 v = _mm256_add_ps(_mm256_mul_ps(vx, _mm256_loadu_ps(hg->cosines + n)),
                                 _mm256_mul_ps(vy, _mm256_loadu_ps(hg->sines + n)));
        __m256i t = _mm256_cvttps_epi32(v);
        __m256 f = _mm256_sub_ps(v, _mm256_cvtepi32_ps(t));
        t = _mm256_add_epi32(_mm256_sub_epi32(t, _mm256_castps_si256(_mm256_cmp_ps(f, half, _CMP_GE_OQ))),
                             _mm256_castps_si256(_mm256_cmp_ps(f, mhalf, _CMP_LE_OQ)));
        _mm256_storeu_si256((__m256i *)(void *)(hg->cells + n), _mm256_add_epi32(t, cell));
        cell = _mm256_add_epi32(cell, step);
    }
}
#pragma GCC pop_options
#endif

/* Takes back one vote per angle of (x, y). */
static void unvote(hough *hg, uint32_t x, uint32_t y)
{
    hg->cells_of(hg, x, y);
    for (int32_t n = 0; n < hg->numangle; n++) hg->acc[hg->cells[n]]--;
}

/* Adds the votes of (x, y); the first angle with the largest count after it. The counts are updated
 * without a branch (their cache misses overlap) and kept in `cells`; the largest is looked for
 * after. */
static int32_t vote(hough *hg, uint32_t x, uint32_t y, int32_t *best)
{
    int32_t *count = hg->cells, top = INT32_MIN, first;
    hg->cells_of(hg, x, y);                    /* first the cells (no dependence on the counts) */
    for (int32_t n = 0; n < hg->numangle; n++) count[n] = ++hg->acc[count[n]];
    for (int32_t n = 0; n < hg->numangle; n++) top = count[n] > top ? count[n] : top;
    first = hg->numangle;                      /* as a min reduction: vectorised, no branch to miss */
    for (int32_t n = 0; n < hg->numangle; n++) {
        int32_t at = count[n] == top ? n : hg->numangle;
        first = at < first ? at : first;
    }
    *best = top;
    return first;
}

/* Follows the line through (x0, y0) at angle n in direction k (0 along, 1 against); `clear`: the
 * second pass, which removes the pixels up to `end` (and, for a kept line, their votes), else
 * finds `end`. The step across the major axis is b 2^16 (a float product) over |a| in double. */
static void follow(hough *hg, uint32_t x0, uint32_t y0, int32_t n, int k, int32_t gap_max, int clear,
                   int good, int32_t end[2])
{
    float a = -hg->sines[n], b = hg->cosines[n];      /* the line's direction (scaled alike) */
    int xflag = fabsf(a) > fabsf(b);
    int64_t x, y, dx, dy;
    if (xflag) {
        dx = a > 0 ? 1 : -1, dy = round_half_away((double)(b * (float)(1 << SHIFT)) / fabs((double)a));
        x = x0, y = ((int64_t)y0 << SHIFT) + (1 << (SHIFT - 1));
    } else {
        dy = b > 0 ? 1 : -1, dx = round_half_away((double)(a * (float)(1 << SHIFT)) / fabs((double)b));
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
            if (*st == PRESENT && good)
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

/* The next of the pseudo-random sequence (multiply-with-carry). */
static uint32_t next_random(uint64_t *state)
{
    *state = (uint64_t)(uint32_t)*state * 4164903690u + (*state >> 32);
    return (uint32_t)*state;
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
    const vx_rectangle_t *valid = &((pvx_image *)((pvx_ref *)p[0])->desc)->valid;
    hough hg = {cells_plain, in.width, in.height, 0, 0, NULL, NULL, NULL, NULL, NULL};
#if defined(__x86_64__)
    hg.cells_of = pvx_simd() >= PVX_SIMD_AVX2 ? cells_avx2 : pvx_simd() == PVX_SIMD_SSE2 ? cells_sse2 : cells_plain;
#endif
    hg.numangle = (int32_t)((hp->theta_max - hp->theta_min) / hp->theta);
    hg.numangle = hg.numangle < 1 ? 1 : hg.numangle;
    hg.numrho = 2 * (int32_t)ceil((double)(hg.w + hg.h) / hp->rho) + 3;   /* every rounded rho, with room */
    hg.state = calloc((size_t)hg.w * hg.h, 1);
    hg.acc = calloc((size_t)hg.numangle * hg.numrho, sizeof *hg.acc);
    size_t padded = ((size_t)hg.numangle + 7) / 8 * 8;    /* for the SIMD steps */
    hg.cosines = calloc(2 * padded, sizeof(float));
    hg.cells = malloc(sizeof(int32_t) * padded);
    if (hg.state == NULL || hg.acc == NULL || hg.cosines == NULL || hg.cells == NULL) {
        free(hg.state), free(hg.acc), free(hg.cosines), free(hg.cells);
        return VX_ERROR_NO_MEMORY;
    }
    hg.sines = hg.cosines + padded;
    float irho = 1.0f / hp->rho;
    for (int32_t k = 0; k < hg.numangle; k++) {
        double t = (double)hp->theta_min + k * (double)hp->theta;
        hg.cosines[k] = (float)(cos(t) * irho), hg.sines[k] = (float)(sin(t) * irho);
    }
    size_t count = 0;
    for (uint32_t y = valid->start_y; y < valid->end_y; y++) {
        const uint8_t *row = row_of(&in, y);
        for (uint32_t x = valid->start_x; x < valid->end_x; x++) {
            uint8_t set = in.format == VX_DF_IMAGE_U1 ? (row[x / 8] >> (x % 8)) & 1 : row[x] != 0;
            hg.state[(size_t)y * hg.w + x] = set;
            count += set;
        }
    }
    uint32_t *order = malloc(sizeof *order * (count ? count : 1));
    if (order == NULL) {
        free(hg.state), free(hg.acc), free(hg.cosines), free(hg.cells);
        return VX_ERROR_NO_MEMORY;
    }
    count = 0;
    for (size_t i = 0; i < (size_t)hg.w * hg.h; i++)
        if (hg.state[i] != ABSENT)
            order[count++] = (uint32_t)i;
    lines->num_items = 0;
    vx_size found = 0;
    uint64_t random = UINT64_MAX;
    for (; count > 0; count--) {
        size_t at = next_random(&random) % count;
        uint32_t pixel = order[at], x = pixel % hg.w, y = pixel / hg.w;
        order[at] = order[count - 1];
        if (hg.state[pixel] == ABSENT)
            continue;
        int32_t top, angle = vote(&hg, x, y, &top), end[2][2] = {{(int32_t)x, (int32_t)y}, {(int32_t)x, (int32_t)y}};
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
        int swap = end[0][0] > end[1][0] || (end[0][0] == end[1][0] && end[0][1] > end[1][1]);
        const int32_t *a = end[swap], *b = end[!swap];
        if (lines->num_items < lines->capacity)
            ((vx_line2d_t *)pvx_memory_base(&lines->mem))[lines->num_items++] =
                (vx_line2d_t){(vx_float32)a[0], (vx_float32)a[1], (vx_float32)b[0], (vx_float32)b[1]};
    }
    *(vx_size *)pvx_memory_storage(&((pvx_scalar *)((pvx_ref *)p[3])->desc)->mem) = found;
    free(hg.state), free(hg.acc), free(hg.cosines), free(hg.cells), free(order);
    return VX_SUCCESS;
}
