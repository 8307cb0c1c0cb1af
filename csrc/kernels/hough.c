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

/* Adds `sign` to the counts of (x, y); the angle of the largest count after it (the middle of the
 * first run of neighbouring angles with that count). */
static int32_t vote(hough *hg, uint32_t x, uint32_t y, int32_t sign, int32_t *best)
{
    int32_t top = INT32_MIN, first = 0, last = 0, *cell = hg->cells;
    for (int32_t n = 0; n < hg->numangle; n++)   /* first the cells (no dependence on the counts) */
        cell[n] = rho_index(hg, n, x, y) + n * hg->numrho;
    for (int32_t n = 0; n < hg->numangle; n++) {
        int32_t *c = &hg->acc[cell[n]];
        *c += sign;
        if (*c > top)
            top = *c, first = last = n;
        else if (*c == top && last == n - 1)
            last = n;
    }
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
            if (*st == VOTED && good) {
                int32_t ignored;
                vote(hg, (uint32_t)px, (uint32_t)py, -1, &ignored);
            }
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
    hough hg = {in.width, in.height, 0, 0, NULL, NULL, NULL, NULL, NULL};
    hg.numangle = (int32_t)lround((hp->theta_max - hp->theta_min) / hp->theta);
    hg.numangle = hg.numangle < 1 ? 1 : hg.numangle;
    hg.numrho = 2 * (int32_t)ceil((double)(hg.w + hg.h) / hp->rho) + 3;
    hg.state = malloc((size_t)hg.w * hg.h);
    hg.acc = calloc((size_t)hg.numangle * hg.numrho, sizeof *hg.acc);
    hg.cosines = malloc(sizeof(double) * 2 * (size_t)hg.numangle);
    hg.cells = malloc(sizeof(int32_t) * (size_t)hg.numangle);
    if (hg.state == NULL || hg.acc == NULL || hg.cosines == NULL || hg.cells == NULL) {
        free(hg.state), free(hg.acc), free(hg.cosines), free(hg.cells);
        return VX_ERROR_NO_MEMORY;
    }
    hg.sines = hg.cosines + hg.numangle;
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
            int32_t top, angle = vote(&hg, x, y, 1, &top), end[2][2] = {{(int32_t)x, (int32_t)y}, {(int32_t)x, (int32_t)y}};
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
