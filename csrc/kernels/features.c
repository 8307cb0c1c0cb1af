/* The standard feature detectors HarrisCorners and CannyEdgeDetector (FastCorners: fast.c).
 * Keypoints go into the output array up to its capacity; the optional count scalar gets every
 * corner found. */
#include "kernels.h"
#include "rows.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void store_count(vx_reference scalar, vx_size count)
{
    if (scalar != NULL)
        *(vx_size *)pvx_memory_storage(&((pvx_scalar *)((pvx_ref *)scalar)->desc)->mem) = count;
}

/* Appends keypoint (x, y) of `strength` if the array has room. */
void add_keypoint(pvx_array *a, int32_t x, int32_t y, float strength)
{
    if (a->num_items < a->capacity)
        ((vx_keypoint_t *)pvx_memory_base(&a->mem))[a->num_items++] =
            (vx_keypoint_t){x, y, strength, 0.0f, 0.0f, 1, 0.0f};
}

/* Sobel of size 3, 5, 7: the smoothing row and the derivative row (Gx = smooth^T * deriv). */
static const int32_t sobel_smooth[3][7] = {{1, 2, 1}, {1, 4, 6, 4, 1}, {1, 6, 15, 20, 15, 6, 1}};
static const int32_t sobel_deriv[3][7] = {{-1, 0, 1}, {-1, -2, 0, 2, 1}, {-1, -4, -5, 0, 5, 4, 1}};

/* The Sobel gradients of size gs at every pixel, the input padded per `border` (the plain loops). */
static vx_status sobel_gradients(const plane *in, int32_t gs, const vx_border_t *border, int32_t *gx, int32_t *gy)
{
    uint32_t w = in->width, h = in->height, r = (uint32_t)gs / 2, pw = w + 2 * r;
    int32_t *rows = buffers(pw, (uint32_t)gs);
    if (rows == NULL)
        return VX_ERROR_NO_MEMORY;
    const int32_t *sm = sobel_smooth[r - 1], *de = sobel_deriv[r - 1];
    for (uint32_t y = 0; y < h; y++) {
        for (int32_t i = 0; i < gs; i++)
            padded_row(in, (int64_t)y - r + i, r, border, rows + (size_t)i * pw);
        for (uint32_t x = 0; x < w; x++) {
            int32_t sx = 0, sy = 0;
            for (int32_t i = 0; i < gs; i++) {
                const int32_t *row = rows + (size_t)i * pw + x;
                for (int32_t j = 0; j < gs; j++)
                    sx += sm[i] * de[j] * row[j], sy += de[i] * sm[j] * row[j];
            }
            gx[(size_t)y * w + x] = sx, gy[(size_t)y * w + x] = sy;
        }
    }
    free(rows);
    return VX_SUCCESS;
}

/* The same row by row for the SIMD row loops: a ring of gs input rows padded by gs / 2 columns per
 * the border (UNDEFINED as REPLICATE: those pixels are not used), rows loaded as they are needed. */
typedef struct gradient_ring {
    const plane *in;
    const vx_border_t *border;
    const pvx_rows *rows;
    uint32_t gs, r, pw;
    int64_t next;                              /* the next input row to load */
    uint8_t *ring;                             /* gs rows of pw bytes; input row v in slot (v + r) % gs */
} gradient_ring;

static void padded_u8_row(const gradient_ring *g, int64_t y, uint8_t *dst)
{
    uint32_t w = g->in->width, h = g->in->height, r = g->r;
    uint8_t constant = g->border->constant_value.U8;
    if (g->border->mode == VX_BORDER_CONSTANT && (y < 0 || y >= h)) {
        memset(dst, constant, w + 2 * r);
        return;
    }
    const uint8_t *src = row_of(g->in, (uint32_t)(y < 0 ? 0 : y >= h ? h - 1 : y));
    int replicate = g->border->mode != VX_BORDER_CONSTANT;
    memcpy(dst + r, src, w);
    memset(dst, replicate ? src[0] : constant, r);
    memset(dst + r + w, replicate ? src[w - 1] : constant, r);
}

/* gx, gy of row y (rows asked for in increasing order). */
static void next_gradients(gradient_ring *g, int64_t y, int32_t *gx, int32_t *gy)
{
    int64_t r = g->r, v = g->next > y - r ? g->next : y - r;
    for (; v <= y + r; v++) padded_u8_row(g, v, g->ring + (size_t)((v + r) % g->gs) * g->pw);
    g->next = v;
    const uint8_t *rows[7];
    for (uint32_t i = 0; i < g->gs; i++) rows[i] = g->ring + (size_t)((y + (int64_t)i) % g->gs) * g->pw;
    g->rows->sobel_rows(rows, g->gs, gx, gy, g->in->width);
}

typedef struct candidate {
    double strength;
    int32_t x, y;
} candidate;

/* Harris's 3x3 suppression of row y of vc (rows up, mid, down of w values, 0 where there is no
 * response): v kept when > 0, >= the neighbours before it in raster order and > those after. */
static size_t harris_suppress_row(const double *up, const double *mid, const double *down, int32_t y, int32_t b,
                                  int32_t w, candidate *c, size_t count)
{
    for (int32_t x = b; x < w - b; x++) {
        double v = mid[x];
        if (v > 0.0 && v >= up[x - 1] && v >= up[x] && v >= up[x + 1] && v >= mid[x - 1] && v > mid[x + 1] &&
            v > down[x - 1] && v > down[x] && v > down[x + 1])
            c[count++] = (candidate){v, x, y};
    }
    return count;
}

/* Mc above the threshold and its suppression by the plain loops, over whole-image buffers. */
static vx_status harris_plain(const plane *in, int32_t gs, int32_t bs, double k, double threshold, candidate *c,
                              size_t *count)
{
    int32_t w = (int32_t)in->width, h = (int32_t)in->height, br = bs / 2, b = gs / 2 + br;
    size_t size = (size_t)w * h;
    int32_t *gx = calloc(size, sizeof *gx), *gy = calloc(size, sizeof *gy);
    double *vc = calloc(size, sizeof *vc);
    const vx_border_t replicate = {VX_BORDER_REPLICATE, {{0}}};    /* only the inside is used */
    vx_status s = gx == NULL || gy == NULL || vc == NULL ? VX_ERROR_NO_MEMORY
                : sobel_gradients(in, gs, &replicate, gx, gy);
    double scale = 1.0 / ((double)(1 << (gs - 1)) * bs * 255.0), scale2 = scale * scale;
    for (int32_t y = b; s == VX_SUCCESS && y < h - b; y++)
        for (int32_t x = b; x < w - b; x++) {
            int64_t sxx = 0, syy = 0, sxy = 0;
            for (int32_t i = -br; i <= br; i++)
                for (int32_t j = -br; j <= br; j++) {
                    int64_t u = gx[(size_t)(y + i) * w + x + j], v = gy[(size_t)(y + i) * w + x + j];
                    sxx += u * u, syy += v * v, sxy += u * v;
                }
            double a = (double)sxx * scale2, d = (double)syy * scale2, m = (double)sxy * scale2;
            double mc = a * d - m * m - k * (a + d) * (a + d);
            vc[(size_t)y * w + x] = mc > threshold ? mc : 0.0;
        }
    *count = 0;
    for (int32_t y = b; s == VX_SUCCESS && y < h - b; y++)
        *count = harris_suppress_row(vc + (size_t)(y - 1) * w, vc + (size_t)y * w, vc + (size_t)(y + 1) * w, y, b,
                                     w, c, *count);
    free(gx), free(gy), free(vc);
    return s;
}

/* The byte index of the first nonzero byte (in address order) of a nonzero word, and the word
 * without it (bytes 0 or 1). */
static inline int32_t first_flag(uint64_t word)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return __builtin_ctzll(word) / 8;
#else
    return __builtin_clzll(word) / 8;
#endif
}

static inline uint64_t without_first_flag(uint64_t word)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return word & (word - 1);
#else
    return word & ~(1ull << (63 - __builtin_clzll(word)));
#endif
}

/* The same by rows: the products of a row's gradients into a ring of bs rows, the block's column sums
 * slid down (exact: integers in double), Mc of a row from them, suppressed one row behind. */
static vx_status harris_rows(const plane *in, int32_t gs, int32_t bs, double k, double threshold, candidate *c,
                             size_t *count, const pvx_rows *rows)
{
    int32_t w = (int32_t)in->width, h = (int32_t)in->height, r = gs / 2, br = bs / 2, b = r + br;
    *count = 0;
    if (w <= 2 * b || h <= 2 * b)
        return VX_SUCCESS;                     /* no block fits */
    const vx_border_t replicate = {VX_BORDER_REPLICATE, {{0}}};    /* only the inside is used */
    gradient_ring g = {in, &replicate, rows, (uint32_t)gs, (uint32_t)r, (uint32_t)(w + 2 * r), 0, NULL};
    size_t sw = (size_t)w;
    g.ring = malloc((size_t)gs * g.pw);
    int32_t *grad = malloc(2 * sw * sizeof *grad);
    double *products = calloc((size_t)bs * 3 * sw, sizeof *products), *sums = calloc(3 * sw, sizeof *sums);
    double *vc = calloc(3 * sw, sizeof *vc);   /* rows y % 3; 0 outside [b, w - b) */
    uint8_t *keep = calloc(sw + 8, 1);
    vx_status s = VX_ERROR_NO_MEMORY;
    if (g.ring != NULL && grad != NULL && products != NULL && sums != NULL && vc != NULL && keep != NULL) {
        double scale = 1.0 / ((double)(1 << (gs - 1)) * bs * 255.0), scale2 = scale * scale;
        for (int32_t y = r; y <= h - r; y++) {   /* gradient row y, the block centred on yc = y - br */
            int32_t yc = y - br;
            if (y < h - r) {
                next_gradients(&g, y, grad, grad + sw);
                rows->harris_products(grad, grad + sw, products + (size_t)(y % bs) * 3 * sw, sums, sw, (uint32_t)w);
            }
            if (yc < b)
                continue;
            double *row = vc + (size_t)(yc % 3) * sw;
            if (yc < h - b)
                rows->harris_score(sums + b - br, sw, (uint32_t)bs, scale2, k, threshold, row + b, (uint32_t)(w - 2 * b));
            else
                memset(row, 0, sw * sizeof *row);
            if (yc - 1 >= b) {                 /* suppression of row yc - 1 */
                const double *mid = vc + (size_t)((yc - 1) % 3) * sw;
                rows->harris_maxima(vc + (size_t)((yc - 2) % 3) * sw + b - 1, mid + b - 1, row + b - 1, keep,
                                    (uint32_t)(w - 2 * b));
                size_t n = *count;
                for (int32_t x0 = 0; x0 < w - 2 * b; x0 += 8) {   /* 8 flags a word, past the row 0 */
                    uint64_t word;
                    memcpy(&word, keep + x0, sizeof word);
                    while (word != 0) {        /* the set flags in address order */
                        int32_t x = b + x0 + first_flag(word);
                        c[n++] = (candidate){mid[x], x, yc - 1};
                        word = without_first_flag(word);
                    }
                }
                *count = n;
            }
            if (yc == h - b)
                break;
        }
        s = VX_SUCCESS;
    }
    free(g.ring), free(grad), free(products), free(sums), free(vc), free(keep);
    return s;
}

enum { DIGIT_BITS = 8, DIGITS = 4, BUCKETS = 1 << DIGIT_BITS };

/* The candidates (in raster order) stronger first, equal strengths in raster order: a stable LSD radix
 * sort on the high 32 bits of the strengths (positive doubles order as their bits) by 8-bit digits
 * (with 11-bit ones, a pass over a million candidates wrote to 2048 places at once and missed the
 * TLB on most writes),
 * skipping the digits all share, then insertion within the runs those bits leave equal (short).
 * Returns c or tmp, whichever holds the result. */
static candidate *stronger_first(candidate *c, candidate *tmp, size_t n, size_t (*count)[BUCKETS])
{
    for (size_t i = 0; i < n; i++) {
        uint64_t key;
        memcpy(&key, &c[i].strength, sizeof key);
        for (int d = 0; d < DIGITS; d++) count[d][(~key >> (32 + d * DIGIT_BITS)) & (BUCKETS - 1)]++;
    }
    for (int d = 0; d < DIGITS; d++) {
        size_t *at = count[d], start = 0, shared = 0;
        for (int k = 0; k < BUCKETS; k++) shared |= at[k] == n;
        if (shared)
            continue;
        for (int k = 0; k < BUCKETS; k++) {
            size_t m = at[k];
            at[k] = start, start += m;
        }
        for (size_t i = 0; i < n; i++) {
            uint64_t key;
            memcpy(&key, &c[i].strength, sizeof key);
            tmp[at[(~key >> (32 + d * DIGIT_BITS)) & (BUCKETS - 1)]++] = c[i];
        }
        candidate *t = c;
        c = tmp, tmp = t;
    }
    for (size_t i = 1; i < n; i++) {           /* only strictly stronger ones move: ties stay in raster order */
        candidate v = c[i];
        size_t j = i;
        for (; j > 0 && v.strength > c[j - 1].strength; j--) c[j] = c[j - 1];
        c[j] = v;
    }
    return c;
}

/* From the strongest down, a corner is dropped when it lies closer than min_distance to one kept:
 * each kept corner marks its disc in `near`, so a candidate is one look-up. `near` holds a bit per
 * pixel: candidates come in strength order, so look-ups land anywhere in the image, and a byte per
 * pixel (8 MB at 4K) missed the cache on most of them (Harris ran 3.5x slower per pixel at 4K
 * than at 640x480). A disc row, at most 61 bits (min_distance <= 30, as verification checks), is
 * one precomputed mask shifted into two words (each row of `near` has a spare word for the spill;
 * bits past the image are never looked up). */
static vx_status harris_select(candidate *c, size_t count, double min_distance, int32_t w, int32_t h,
                               pvx_array *corners, vx_size *found)
{
    size_t words = ((size_t)w + 63) / 64 + 1;
    uint64_t *near = calloc(words * h, sizeof *near);
    int32_t r = (int32_t)min_distance, *half = malloc((2 * (size_t)r + 1) * sizeof *half);
    uint64_t *mask = malloc((2 * (size_t)r + 1) * sizeof *mask);
    candidate *tmp = malloc((count + 1) * sizeof *tmp);
    size_t (*digits)[BUCKETS] = calloc(DIGITS, sizeof *digits);
    if (near == NULL || half == NULL || mask == NULL || tmp == NULL || digits == NULL) {
        free(near), free(half), free(mask), free(tmp), free(digits);
        return VX_ERROR_NO_MEMORY;
    }
    double r2 = min_distance * min_distance;
    for (int32_t dy = -r; dy <= r; dy++) {     /* the disc's half width in each row, -1: none */
        int32_t hw = -1;
        for (int32_t dx = 0; dx <= r && (double)(dx * dx + dy * dy) < r2; dx++) hw = dx;
        half[dy + r] = hw;                     /* bits r - hw .. r + hw from x - r */
        mask[dy + r] = hw < 0 ? 0 : ((2ull << (2 * hw)) - 1) << (r - hw);
    }
    c = stronger_first(c, tmp, count, digits);
    *found = 0;
    for (size_t i = 0; i < count; i++) {
        int32_t x = c[i].x, y = c[i].y, p = x - r;
        if (near[(size_t)y * words + (x >> 6)] >> (x & 63) & 1)
            continue;
        for (int32_t dy = -r; dy <= r; dy++) {
            int32_t v = y + dy, hw = half[dy + r];
            if (hw < 0 || v < 0 || v >= h)
                continue;
            uint64_t *row = near + (size_t)v * words, m = mask[dy + r];
            if (p < 0) {
                row[0] |= m >> -p;
            } else {
                unsigned s = (unsigned)p & 63;
                row[p >> 6] |= m << s;
                row[(p >> 6) + 1] |= s ? m >> (64 - s) : 0;
            }
        }
        (*found)++, add_keypoint(corners, x, y, (float)c[i].strength);
    }
    free(near), free(half), free(mask), free(tmp), free(digits);
    return VX_SUCCESS;
}

/* Harris: Sobel gradients of gradient_size scaled by 1 / (2^(gradient_size - 1) * block_size * 255),
 * their products summed over the block, Mc = det - k trace^2, kept where > the threshold and outside
 * the border of gradient_size / 2 + block_size / 2; then the 3x3 suppression of FastCorners, and
 * from the strongest down a corner is dropped when closer than min_distance to one kept. */
vx_status pvx_std_harris_corners(vx_node node, const vx_reference *p, vx_uint32 n)
{
    plane in;
    vx_status s;
    if ((s = plane_of(p[0], &in)))
        return s;
    double threshold = *(const vx_float32 *)scalar_value(p[1]);
    double min_distance = *(const vx_float32 *)scalar_value(p[2]);
    double k = *(const vx_float32 *)scalar_value(p[3]);
    int32_t gs = *(const vx_int32 *)scalar_value(p[4]), bs = *(const vx_int32 *)scalar_value(p[5]);
    pvx_array *corners = ((pvx_ref *)p[6])->desc;
    if (pvx_memory_storage(&corners->mem) == NULL)
        return VX_ERROR_NO_MEMORY;
    corners->num_items = 0;
    candidate *c = malloc(((size_t)in.width * in.height + 1) * sizeof *c);   /* + 1: harris_rows writes ahead */
    if (c == NULL)
        return VX_ERROR_NO_MEMORY;
    const pvx_rows *rows = pvx_rows_in_use();
    size_t count;
    vx_size found = 0;
    s = rows->harris_score != NULL ? harris_rows(&in, gs, bs, k, threshold, c, &count, rows)
                                   : harris_plain(&in, gs, bs, k, threshold, c, &count);
    if (s == VX_SUCCESS)
        s = harris_select(c, count, min_distance, (int32_t)in.width, (int32_t)in.height, corners, &found);
    free(c);
    if (s == VX_SUCCESS)
        store_count(p[7], found);
    return s;
}

/* Canny's suppression of row y: a pixel above `lower` is kept unless <= the neighbour before it
 * along the gradient direction quantized to 0, 45, 90, 135 degrees or < the one after (outside the
 * image: 0); mag rows up, mid, down hold w + 2 values (x at x + 1, zeros on both ends). Kept pixels
 * become 2 (edge: > upper, pushed on the stack) or 1 (weak) in `map` (its row y, x at x + 1). */
static size_t canny_suppress_row(const int32_t *up, const int32_t *mid, const int32_t *down, const int32_t *gx,
                                 const int32_t *gy, int64_t lower, int64_t upper, int32_t b, int32_t w, uint8_t *map,
                                 uint32_t map_row, uint32_t *stack, size_t top)
{
    for (int32_t x = b; x < w - b; x++) {
        int64_t m = mid[x + 1];
        if (m <= lower)
            continue;
        double ax = fabs((double)gx[x]), ay = fabs((double)gy[x]);
        int64_t before, after;
        if (ay <= ax * 0.41421356237309503)
            before = mid[x], after = mid[x + 2];
        else if (ay >= ax * 2.414213562373095)
            before = up[x + 1], after = down[x + 1];
        else if ((gx[x] > 0) == (gy[x] > 0))
            before = up[x], after = down[x + 2];
        else
            before = up[x + 2], after = down[x];
        if (m > before && m >= after) {
            map[map_row + x + 1] = m > upper ? 2 : 1;
            if (m > upper)
                stack[top++] = map_row + (uint32_t)x + 1;
        }
    }
    return top;
}

/* The plain loops: whole-image gradients and magnitudes, the map with the stack of edges. */
static vx_status canny_plain(const plane *in, int32_t gs, int l2, int64_t lower, int64_t upper,
                             const vx_border_t *border, int32_t b, uint8_t *map, uint32_t *stack, size_t *top)
{
    int32_t w = (int32_t)in->width, h = (int32_t)in->height;
    size_t size = (size_t)w * h, pw = (size_t)w + 2;
    int32_t *gx = malloc(size * sizeof *gx), *gy = malloc(size * sizeof *gy);
    int64_t *mag = malloc(size * sizeof *mag);
    vx_status s = gx == NULL || gy == NULL || mag == NULL ? VX_ERROR_NO_MEMORY
                : sobel_gradients(in, gs, border, gx, gy);
    for (size_t i = 0; s == VX_SUCCESS && i < size; i++) {
        int64_t x = gx[i], y = gy[i];
        mag[i] = l2 ? x * x + y * y : llabs(x) + llabs(y);
    }
    *top = 0;
    for (int32_t y = b; s == VX_SUCCESS && y < h - b; y++) {
        for (int32_t x = b; x < w - b; x++) {
            size_t i = (size_t)y * w + x;
            if (mag[i] <= lower)
                continue;
            double ax = fabs((double)gx[i]), ay = fabs((double)gy[i]);
            int dx, dy;                          /* the neighbour after, along the gradient */
            if (ay <= ax * 0.41421356237309503)
                dx = 1, dy = 0;
            else if (ay >= ax * 2.414213562373095)
                dx = 0, dy = 1;
            else
                dx = ((gx[i] > 0) == (gy[i] > 0)) ? 1 : -1, dy = 1;
            int64_t m = mag[i], before = 0, after = 0;
            if (x - dx >= 0 && x - dx < w && y - dy >= 0)
                before = mag[(size_t)(y - dy) * w + x - dx];
            if (x + dx >= 0 && x + dx < w && y + dy < h)
                after = mag[(size_t)(y + dy) * w + x + dx];
            if (m > before && m >= after) {
                uint32_t at = (uint32_t)((size_t)(y + 1) * pw + x + 1);
                map[at] = m > upper ? 2 : 1;
                if (m > upper)
                    stack[(*top)++] = at;
            }
        }
    }
    free(gx), free(gy), free(mag);
    return s;
}

/* Canny's hysteresis: the edges on the stack grow into the 8-connected weak pixels (1 -> 2, pushed
 * in turn). Neighbours above a pixel are looked at only from map index `lo` on, those below only
 * before `hi`: a band of rows keeps to its own rows (0, UINT32_MAX: the whole map). */
static void canny_grow(uint8_t *map, size_t pw, uint32_t *stack, size_t top, uint32_t lo, uint32_t hi)
{
    const ptrdiff_t around[8] = {-(ptrdiff_t)pw - 1, -(ptrdiff_t)pw, -(ptrdiff_t)pw + 1, -1, 1,
                                 (ptrdiff_t)pw - 1, (ptrdiff_t)pw, (ptrdiff_t)pw + 1};
    const uint8_t three[4] = {1, 1, 1, 0};    /* the weak bit of 3 bytes, in either byte order */
    uint32_t weak_bits;
    memcpy(&weak_bits, three, sizeof weak_bits);
    while (top > 0) {
        uint32_t i = stack[--top], up = 0, mid, down = 0;
        int above = i >= lo, below = i < hi;
        if (above)
            memcpy(&up, map + i - pw - 1, 4);
        memcpy(&mid, map + i - 1, 4);
        if (below)
            memcpy(&down, map + i + pw - 1, 4);
        if (((up | mid | down) & weak_bits) == 0)
            continue;                          /* no weak neighbour: most edge pixels */
        for (int k = above ? 0 : 3; k < (below ? 8 : 5); k++) {
            uint32_t j = (uint32_t)((ptrdiff_t)i + around[k]);
            uint8_t weak = map[j] == 1;
            map[j] = (uint8_t)(map[j] + weak), stack[top] = j, top += weak;
        }
    }
}

/* The edges (2) of `n` map bytes from index `at` pushed on the stack; returns the new top. Most
 * bytes are not edges: 8 at a time are skipped when none is (2 is the only value with bit 1). */
static size_t canny_push_edges(const uint8_t *map, uint32_t at, uint32_t n, uint32_t *stack, size_t top)
{
    uint32_t x = 0;
    for (; x + 8 <= n; x += 8) {
        uint64_t word;
        memcpy(&word, map + at + x, 8);
        if ((word & 0x0202020202020202u) == 0)
            continue;
        for (uint32_t k = x; k < x + 8; k++) {  /* without a branch */
            stack[top] = at + k;
            top += map[at + k] == 2;
        }
    }
    for (; x < n; x++) {
        stack[top] = at + x;
        top += map[at + x] == 2;
    }
    return top;
}

/* Canny by bands of rows with the SIMD row loops (int32 magnitudes: not for gradient size 7 with
 * L2). A band computes the gradients and magnitudes of its rows and the one above and below it
 * (each row y, then the suppression of row y - 1: by a row loop for gradient sizes 3 and 5, by
 * canny_suppress_row for 7), then grows its edges within its rows; the edges of its first and last
 * row are left on its stack (`seeds[first]` of them) for the growth across bands. Its stack is
 * stack[first * (w + 1)...]: a pixel is pushed at most once, + 1 written ahead per row. */
typedef struct canny_bands {
    const plane *in;
    const vx_border_t *border;
    const pvx_rows *rows;
    int32_t gs, l2, b;
    int64_t lower, upper;
    uint8_t *map;
    uint32_t *stack, *seeds;
    int failed;                                /* a band could not allocate (atomic) */
} canny_bands;

static void canny_band(void *arg, uint32_t first, uint32_t end)
{
    canny_bands *c = arg;
    const pvx_rows *rows = c->rows;
    int32_t w = (int32_t)c->in->width, h = (int32_t)c->in->height, gs = c->gs, r = gs / 2, b = c->b;
    size_t sw = (size_t)w, pw = sw + 2, top = 0;
    uint32_t *stack = c->stack + (size_t)first * (sw + 1);
    gradient_ring g = {c->in, c->border, rows, (uint32_t)gs, (uint32_t)r, (uint32_t)(w + 2 * r), -r, NULL};
    g.ring = malloc((size_t)gs * g.pw);
    int32_t *grad = malloc(4 * sw * sizeof *grad);   /* gx, gy of rows y % 2 */
    int32_t *mag = calloc(3 * pw, sizeof *mag);      /* rows y % 3, x at x + 1, zeros on both ends */
    if (g.ring == NULL || grad == NULL || mag == NULL) {
        free(g.ring), free(grad), free(mag);
        __atomic_store_n(&c->failed, 1, __ATOMIC_RELAXED);
        return;
    }
    for (int32_t y = first > 0 ? (int32_t)first - 1 : 0; y <= (int32_t)end; y++) {
        int32_t *m = mag + (size_t)((y + 3) % 3) * pw, *gx = grad + (size_t)(y % 2) * 2 * sw;
        if (y < h) {
            next_gradients(&g, y, gx, gx + sw);
            rows->canny_magnitude(gx, gx + sw, m + 1, (uint32_t)w, c->l2);
        } else
            memset(m, 0, pw * sizeof *m);      /* below the image */
        int32_t v = y - 1;                     /* row 0 reads the zeros the ring starts with above it */
        if (v >= (int32_t)first && v >= b && v < h - b && w > 2 * b) {
            const int32_t *vx = grad + (size_t)(v % 2) * 2 * sw, *above = mag + (size_t)((v + 2) % 3) * pw;
            const int32_t *mid = mag + (size_t)(v % 3) * pw;
            uint32_t at = (uint32_t)((size_t)(v + 1) * pw) + 1;      /* map of (0, v) */
            if (gs == 7)
                top = canny_suppress_row(above, mid, m, vx, vx + sw, c->lower, c->upper, b, w, c->map, at - 1,
                                         stack, top);
            else {                             /* thresholds within int32 here */
                rows->canny_suppress(above + b, mid + b, m + b, vx + b, vx + sw + b, (int32_t)c->lower,
                                     (int32_t)c->upper, c->map + at + b, (uint32_t)(w - 2 * b));
                top = canny_push_edges(c->map, at + (uint32_t)b, (uint32_t)(w - 2 * b), stack, top);
            }
        }
    }
    free(g.ring), free(grad), free(mag);
    canny_grow(c->map, pw, stack, top, (uint32_t)((first + 2) * pw), (uint32_t)(end * pw));
    top = 0;                                   /* the seeds: edges next to the bands above and below */
    if (first > 0)
        top = canny_push_edges(c->map, (uint32_t)((first + 1) * pw), (uint32_t)pw, stack, top);
    if (end < (uint32_t)h && end - 1 > first)
        top = canny_push_edges(c->map, (uint32_t)(end * pw), (uint32_t)pw, stack, top);
    c->seeds[first] = (uint32_t)top;
}

/* Canny's output rows b + [first, end): 255 or 0 (U1: 1 or 0, the columns outside [b, w - b) kept). */
typedef struct canny_output {
    const plane *out;
    const uint8_t *map;
    const pvx_rows *rows;
    int32_t b;
    int failed;                                /* a band could not allocate (atomic) */
} canny_output;

static void canny_output_rows(void *arg, uint32_t first, uint32_t end)
{
    canny_output *o = arg;
    int32_t w = (int32_t)o->out->width, b = o->b;
    size_t pw = (size_t)w + 2;
    int32_t *bits = o->out->format == VX_DF_IMAGE_U1 ? buffers(o->out->width, 1) : NULL;
    if (o->out->format == VX_DF_IMAGE_U1 && bits == NULL) {
        __atomic_store_n(&o->failed, 1, __ATOMIC_RELAXED);
        return;
    }
    for (uint32_t y = first + (uint32_t)b; y < end + (uint32_t)b; y++) {
        uint8_t *row = row_of(o->out, y);
        const uint8_t *edge = o->map + (size_t)(y + 1) * pw + 1;
        if (bits != NULL) {
            load_row(o->out, y, bits);
            for (int32_t x = b; x < w - b; x++) bits[x] = edge[x] == 2;
            store_row(o->out, y, bits, 0);
        } else if (o->rows->threshold != NULL)
            o->rows->threshold(edge + b, row + b, (uint32_t)(w - 2 * b), 2, 2, 255, 0);
        else
            for (int32_t x = b; x < w - b; x++) row[x] = edge[x] == 2 ? 255 : 0;
    }
    free(bits);
}

/* Canny: Sobel gradients of gradient_size (the input padded per the node's border), magnitude
 * |gx| + |gy| (L1) or gx^2 + gy^2 compared with squared thresholds (L2, so exact); suppressed
 * unless > the neighbour before it along the gradient direction quantized to 0, 45, 90, 135
 * degrees and >= the one after (outside the image: 0); edges are > upper, or > lower and
 * 8-connected to one. Output 255 or 0 (U1: 1 or 0); under UNDEFINED the outer gradient_size / 2 + 1 pixels are
 * left as they are. The map has a ring of zeros around the image, so growing needs no bounds. */
vx_status pvx_std_canny_edge_detector(vx_node node, const vx_reference *p, vx_uint32 n)
{
    plane in, out;
    vx_status s;
    if ((s = plane_of(p[0], &in)) || (s = plane_of(p[4], &out)))
        return s;
    const pvx_threshold *t = ((pvx_ref *)p[1])->desc;
    int32_t gs = *(const vx_int32 *)scalar_value(p[2]);
    int l2 = scalar_enum(p[3]) == VX_NORM_L2;
    const vx_border_t *border = &((pvx_node *)((pvx_ref *)node)->desc)->border;
    int64_t lower = pixel_value(&t->lower, t->input_format), upper = pixel_value(&t->upper, t->input_format);
    if (l2)                                   /* a negative threshold is below every magnitude */
        lower = lower < 0 ? -1 : lower * lower, upper = upper < 0 ? -1 : upper * upper;
    int32_t w = (int32_t)in.width, h = (int32_t)in.height;
    int32_t b = border->mode == VX_BORDER_UNDEFINED ? gs / 2 + 1 : 0;
    size_t pw = (size_t)w + 2, size = pw * ((size_t)h + 2), top = 0;
    uint8_t *map = calloc(size + 1, 1);       /* 0 none, 1 weak, 2 edge (+ 1: read 4 bytes at a time) */
    /* each pixel pushed at most once, + 1 written ahead per row (canny_bands) */
    uint32_t *stack = malloc(((size_t)w * h + (size_t)h + 1) * sizeof *stack), *seeds = calloc((size_t)h + 1, 4);
    const pvx_rows *rows = pvx_rows_in_use();
    if (map == NULL || stack == NULL || seeds == NULL)
        s = VX_ERROR_NO_MEMORY;
    else if (rows->canny_magnitude != NULL && !(gs == 7 && l2)) {
        canny_bands c = {&in, border, rows, gs, l2, b, lower, upper, map, stack, seeds, 0};
        pvx_rows_in_bands(canny_band, &c, (uint32_t)h, (uint64_t)w * h * PVX_COST_CANNY);
        s = c.failed ? VX_ERROR_NO_MEMORY : VX_SUCCESS;
        for (int32_t y = 0; y < h; y++)        /* the bands' seeds together at the bottom of the stack */
            if (seeds[y] > 0) {
                memmove(stack + top, stack + (size_t)y * ((size_t)w + 1), seeds[y] * sizeof *stack);
                top += seeds[y];
            }
    } else
        s = canny_plain(&in, gs, l2, lower, upper, border, b, map, stack, &top);
    if (s == VX_SUCCESS)
        canny_grow(map, pw, stack, top, 0, UINT32_MAX);
    canny_output o = {&out, map, rows, b, 0};
    if (s == VX_SUCCESS && w > 2 * b && h > 2 * b)
        pvx_rows_in_bands(canny_output_rows, &o, (uint32_t)(h - 2 * b), (uint64_t)w * h * PVX_COST_POINTWISE);
    if (s == VX_SUCCESS && o.failed)
        s = VX_ERROR_NO_MEMORY;
    free(map), free(stack), free(seeds);
    return s;
}
