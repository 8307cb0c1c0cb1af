/* The standard statistics kernels and simple per-pixel operations (Histogram, EqualizeHistogram,
 * IntegralImage, MeanStdDev, MinMaxLoc, Min, Max, WeightedAverage, Copy, Swap, Move, Select,
 * ScalarOperation), over the row helpers of kernels.c. Statistics read the input's valid
 * rectangle, as the spec's sample does. */
#include "kernels.h"
#include "rows.h"
#include "stats_rows.h"

/* O3: the row loops (integral sums, weighted average) vectorize (see kernels.c). */
#pragma GCC optimize("O3")

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const vx_rectangle_t *valid_of(vx_reference ref)
{
    return &((pvx_image *)((pvx_ref *)ref)->desc)->valid;
}

static void *storage_of(vx_reference ref)
{
    return pvx_memory_storage((pvx_memory *)((pvx_ref *)ref)->desc);
}

/* Counts of each U8 value over the valid rectangle of `ref`. */
static vx_status histogram_256(vx_reference ref, uint32_t counts[256], uint32_t *total)
{
    plane in;
    vx_status s;
    if ((s = plane_of(ref, &in)))
        return s;
    const vx_rectangle_t *r = valid_of(ref);
    uint32_t part[4][256] = {{0}};            /* four counts per value: no wait on the previous store */
    for (uint32_t y = r->start_y; y < r->end_y; y++) {
        const uint8_t *row = row_of(&in, y);
        uint32_t x = r->start_x;
        for (; x + 4 <= r->end_x; x += 4)
            part[0][row[x]]++, part[1][row[x + 1]]++, part[2][row[x + 2]]++, part[3][row[x + 3]]++;
        for (; x < r->end_x; x++)
            part[0][row[x]]++;
    }
    for (int v = 0; v < 256; v++)
        counts[v] = part[0][v] + part[1][v] + part[2][v] + part[3][v];
    *total = (r->end_x - r->start_x) * (r->end_y - r->start_y);
    return VX_SUCCESS;
}

/* Bin of v: (v - offset) * bins / range, for v in [offset, offset + range). */
vx_status pvx_std_histogram(vx_node node, const vx_reference *p, vx_uint32 n)
{
    uint32_t counts[256], total;
    vx_status s;
    if ((s = histogram_256(p[0], counts, &total)))
        return s;
    pvx_distribution *d = ((pvx_ref *)p[1])->desc;
    int32_t *bins = storage_of(p[1]);
    if (bins == NULL)
        return VX_ERROR_NO_MEMORY;
    memset(bins, 0, d->bins * sizeof bins[0]);
    for (int64_t v = 0; v < 256; v++) {
        int64_t at = v - d->offset;
        if (at >= 0 && at < (int64_t)d->range)
            bins[(uint64_t)at * d->bins / d->range] += (int32_t)counts[v];
    }
    return VX_SUCCESS;
}

/* lut[v] = (cdf(v) - cdf_min) * 255 / (N - cdf_min), rounded to nearest, cdf_min the cdf of the
 * smallest value present; a constant image (N == cdf_min) maps to itself. */
vx_status pvx_std_equalize_histogram(vx_node node, const vx_reference *p, vx_uint32 n)
{
    uint32_t counts[256], total;
    plane in, out;
    vx_status s;
    if ((s = histogram_256(p[0], counts, &total)) || (s = plane_of(p[0], &in)) || (s = plane_of(p[1], &out)))
        return s;
    uint8_t lut[256];
    uint32_t cdf = 0, cdf_min = 0;
    for (int v = 0; v < 256; v++) {
        cdf += counts[v];
        if (cdf_min == 0)
            cdf_min = cdf;
        lut[v] = total == cdf_min ? (uint8_t)v
                 : (uint8_t)floor((double)(cdf - cdf_min) * 255.0 / (double)(total - cdf_min) + 0.5);
    }
    const pvx_rows *rows = pvx_rows_in_use();          /* TableLookup's loop (byte shuffles on AVX2) */
    for (uint32_t y = 0; y < out.height; y++) {
        const uint8_t *src = row_of(&in, y);
        uint8_t *dst = row_of(&out, y);
        if (rows->lookup != NULL)
            rows->lookup(src, dst, out.width, lut);
        else
            for (uint32_t x = 0; x < out.width; x++)
                dst[x] = lut[src[x]];
    }
    return VX_SUCCESS;
}

/* out(x, y): the sum of in over [0, x] x [0, y], modulo 2^32. */
vx_status pvx_std_integral_image(vx_node node, const vx_reference *p, vx_uint32 n)
{
    plane in, out;
    vx_status s;
    if ((s = plane_of(p[0], &in)) || (s = plane_of(p[1], &out)))
        return s;
    const pvx_stats_rows *rows = pvx_stats_rows_in_use();
    if (rows != NULL) {
        uint32_t *zero = calloc(out.width, sizeof *zero);      /* the row above the first */
        if (zero == NULL)
            return VX_ERROR_NO_MEMORY;
        for (uint32_t y = 0; y < out.height; y++)
            rows->integral(row_of(&in, y), y ? row_of(&out, y - 1) : zero, row_of(&out, y), out.width);
        free(zero);
        return VX_SUCCESS;
    }
    for (uint32_t y = 0; y < out.height; y++) {
        const uint8_t *src = row_of(&in, y);
        uint32_t *dst = row_of(&out, y);
        uint32_t sum = 0;
        for (uint32_t x = 0; x < out.width; x++)    /* the row's running sum, then the row above added */
            dst[x] = sum += src[x];
        if (y > 0) {
            const uint32_t *restrict above = row_of(&out, y - 1);
            uint32_t *restrict to = dst;
            for (uint32_t x = 0; x < out.width; x++)
                to[x] += above[x];
        }
    }
    return VX_SUCCESS;
}

/* Mean and population standard deviation over the valid rectangle, from exact integer sums. */
static vx_status sums_256(vx_reference ref, uint64_t *sum, uint64_t *squares, uint32_t *total)
{
    const pvx_stats_rows *rows = pvx_stats_rows_in_use();
    uint32_t counts[256];
    vx_status s;
    *sum = *squares = 0;
    if (rows == NULL) {
        if ((s = histogram_256(ref, counts, total)))
            return s;
        for (uint64_t v = 0; v < 256; v++)
            *sum += v * counts[v], *squares += v * v * counts[v];
        return VX_SUCCESS;
    }
    plane in;
    if ((s = plane_of(ref, &in)))
        return s;
    const vx_rectangle_t *r = valid_of(ref);
    if (r->start_y < r->end_y)
        rows->sums((const uint8_t *)row_of(&in, r->start_y) + r->start_x, in.stride, r->end_x - r->start_x,
                   r->end_y - r->start_y, sum, squares);
    *total = (r->end_x - r->start_x) * (r->end_y - r->start_y);
    return VX_SUCCESS;
}

/* The same over U1 pixels (0 or 1: squares are the sum). */
static vx_status sums_u1(vx_reference ref, uint64_t *sum, uint64_t *squares, uint32_t *total)
{
    plane in;
    vx_status s;
    if ((s = plane_of(ref, &in)))
        return s;
    const vx_rectangle_t *r = valid_of(ref);
    *sum = 0;
    for (uint32_t y = r->start_y; y < r->end_y; y++) {
        const uint8_t *row = row_of(&in, y);
        for (uint32_t x = r->start_x; x < r->end_x; x++) *sum += row[x / 8] >> (x % 8) & 1;
    }
    *squares = *sum;
    *total = (r->end_x - r->start_x) * (r->end_y - r->start_y);
    return VX_SUCCESS;
}

vx_status pvx_std_mean_stddev(vx_node node, const vx_reference *p, vx_uint32 n)
{
    uint32_t total;
    uint64_t sum, squares;
    vx_status s;
    if ((s = (((pvx_image *)((pvx_ref *)p[0])->desc)->format == VX_DF_IMAGE_U1 ? sums_u1 : sums_256)(p[0], &sum,
                                                                                                   &squares, &total)))
        return s;
    double mean = total ? (double)sum / total : 0.0;
    /* N^2 * variance = N * squares - sum^2, exact in 128 bits */
    double var = total ? (double)((unsigned __int128)total * squares - (unsigned __int128)sum * sum)
                         / ((double)total * total) : 0.0;
    *(vx_float32 *)storage_of(p[1]) = (vx_float32)mean;
    *(vx_float32 *)storage_of(p[2]) = (vx_float32)sqrt(var);
    return VX_SUCCESS;
}

/* Min and Max: per pixel, U8 or S16 alike. */
vx_status pvx_std_min(vx_node node, const vx_reference *p, vx_uint32 n) { return binary_rows(p, p[2], OP_MIN, 1); }
vx_status pvx_std_max(vx_node node, const vx_reference *p, vx_uint32 n) { return binary_rows(p, p[2], OP_MAX, 1); }

/* out = (1 - alpha) * img2 + alpha * img1 in float, truncated (the spec's sample). */
vx_status pvx_std_weighted_average(vx_node node, const vx_reference *p, vx_uint32 n)
{
    plane a, b, o;
    vx_status s;
    if ((s = plane_of(p[0], &a)) || (s = plane_of(p[2], &b)) || (s = plane_of(p[3], &o)))
        return s;
    vx_float32 alpha = *(const vx_float32 *)scalar_value(p[1]);
    const pvx_rows *rows = pvx_rows_in_use();
    if (rows->weighted != NULL) {
        for (uint32_t y = 0; y < o.height; y++)
            rows->weighted(row_of(&a, y), row_of(&b, y), row_of(&o, y), o.width, alpha);
        return VX_SUCCESS;
    }
    for (uint32_t y = 0; y < o.height; y++) {
        const uint8_t *ra = row_of(&a, y), *rb = row_of(&b, y);
        uint8_t *dst = row_of(&o, y);
        for (uint32_t x = 0; x < o.width; x++)
            dst[x] = (uint8_t)((1.0f - alpha) * (vx_float32)rb[x] + alpha * (vx_float32)ra[x]);
    }
    return VX_SUCCESS;
}

static void store_int(vx_reference scalar, int64_t v)
{
    void *at = storage_of(scalar);
    switch (((pvx_scalar *)((pvx_ref *)scalar)->desc)->data_type) {
    case VX_TYPE_UINT8: *(vx_uint8 *)at = (vx_uint8)v; break;
    case VX_TYPE_INT16: *(vx_int16 *)at = (vx_int16)v; break;
    case VX_TYPE_UINT32: *(vx_uint32 *)at = (vx_uint32)v; break;
    default: *(vx_size *)at = (vx_size)v; break;
    }
}

/* Appends (x, y) if the array (may be NULL) has room left. */
static void add_location(vx_reference ref, uint32_t x, uint32_t y)
{
    if (ref == NULL)
        return;
    pvx_array *a = ((pvx_ref *)ref)->desc;
    if (a->num_items < a->capacity)
        ((vx_coordinates2d_t *)pvx_memory_base(&a->mem))[a->num_items++] = (vx_coordinates2d_t){x, y};
}

/* Counts of the U8 extremes v[0], v[1] over the rectangle r, their places appended to the arrays
 * refs[k] (may be NULL) up to their capacities, row by row (raster order). */
static vx_status locate(const pvx_stats_rows *rows, const plane *in, const vx_rectangle_t *r, const uint8_t v[2],
                        const vx_reference refs[2], uint64_t counts[2])
{
    uint32_t w = r->end_x - r->start_x;
    uint32_t *xs[2] = {malloc(sizeof(uint32_t) * (w + 1)), malloc(sizeof(uint32_t) * (w + 1))};
    vx_status status = xs[0] == NULL || xs[1] == NULL ? VX_ERROR_NO_MEMORY : VX_SUCCESS;
    for (uint32_t y = r->start_y; y < r->end_y && status == VX_SUCCESS; y++) {
        uint32_t room[2], found[2];
        for (int k = 0; k < 2; k++) {
            pvx_array *a = refs[k] == NULL ? NULL : ((pvx_ref *)refs[k])->desc;
            vx_size left = a == NULL ? 0 : a->capacity - a->num_items;
            room[k] = left < w ? (uint32_t)left : w;
        }
        rows->extremes((const uint8_t *)row_of(in, y) + r->start_x, w, v, xs, room, found);
        for (int k = 0; k < 2; k++) {
            counts[k] += found[k];
            for (uint32_t j = 0; j < found[k] && j < room[k]; j++) {
                pvx_array *a = ((pvx_ref *)refs[k])->desc;
                ((vx_coordinates2d_t *)pvx_memory_base(&a->mem))[a->num_items++] =
                    (vx_coordinates2d_t){r->start_x + xs[k][j], y};
            }
        }
    }
    free(xs[0]), free(xs[1]);
    return status;
}

/* Over the valid rectangle: min and max values, their counts, and their locations in raster order
 * up to each array's capacity. Every output is optional. */
vx_status pvx_std_minmaxloc(vx_node node, const vx_reference *p, vx_uint32 n)
{
    plane in;
    vx_status s;
    if ((s = plane_of(p[0], &in)))
        return s;
    for (int k = 3; k <= 4; k++)
        if (p[k] != NULL) {
            if (storage_of(p[k]) == NULL)
                return VX_ERROR_NO_MEMORY;
            ((pvx_array *)((pvx_ref *)p[k])->desc)->num_items = 0;
        }
    const vx_rectangle_t *r = valid_of(p[0]);
    int32_t *row = buffers(in.width, 1);
    if (row == NULL)
        return VX_ERROR_NO_MEMORY;
    int32_t lo = INT32_MAX, hi = INT32_MIN;
    const pvx_stats_rows *rows = in.format == VX_DF_IMAGE_U8 ? pvx_stats_rows_in_use() : NULL;
    if (rows != NULL) {
        uint8_t l = 255, h = 0;
        if (r->start_y < r->end_y)
            rows->minmax((const uint8_t *)row_of(&in, r->start_y) + r->start_x, in.stride, r->end_x - r->start_x,
                         r->end_y - r->start_y, &l, &h);
        lo = l, hi = h;
    } else
        for (uint32_t y = r->start_y; y < r->end_y; y++) {
            load_row(&in, y, row);
            for (uint32_t x = r->start_x; x < r->end_x; x++)
                lo = row[x] < lo ? row[x] : lo, hi = row[x] > hi ? row[x] : hi;
        }
    uint64_t lows = 0, highs = 0;
    int counted = p[3] != NULL || p[4] != NULL || p[5] != NULL || p[6] != NULL;   /* else no second pass */
    if (counted && rows != NULL) {
        uint64_t counts[2] = {0, 0};
        if ((s = locate(rows, &in, r, (const uint8_t[2]){(uint8_t)lo, (uint8_t)hi}, &p[3], counts))) {
            free(row);
            return s;
        }
        lows = counts[0], highs = counts[1], counted = 0;
    }
    for (uint32_t y = counted ? r->start_y : r->end_y; y < r->end_y; y++) {
        load_row(&in, y, row);
        for (uint32_t x = r->start_x; x < r->end_x; x++) {
            if (row[x] == lo)
                lows++, add_location(p[3], x, y);
            if (row[x] == hi)
                highs++, add_location(p[4], x, y);
        }
    }
    free(row);
    if (r->start_x < r->end_x && r->start_y < r->end_y) {    /* an empty valid rectangle has no extremes */
        if (p[1] != NULL)
            store_int(p[1], lo);
        if (p[2] != NULL)
            store_int(p[2], hi);
    }
    if (p[5] != NULL)
        store_int(p[5], (int64_t)lows);
    if (p[6] != NULL)
        store_int(p[6], (int64_t)highs);
    return VX_SUCCESS;
}

/* Copy, Swap and Move share one walk over the objects: image planes row by row (views have their
 * own strides), an array's valid items (and counts), a container's parts in order, a threshold's
 * values, and the whole memory of the other types the validators admit (same meta, same size).
 * `move` copies from the first to the second, or exchanges them. */
typedef void (*move_f)(void *to, void *from, size_t bytes);

static void copy_bytes(void *to, void *from, size_t bytes)
{
    memcpy(to, from, bytes);
}

/* A plain loop, vectorized (-O2's cost model declines it: x2 slower at 1080p, bench/std_vision.c). */
__attribute__((optimize("O3"))) static void swap_bytes(void *a, void *b, size_t bytes)
{
    unsigned char *restrict x = a, *restrict y = b;
    for (size_t k = 0; k < bytes; k++) {
        unsigned char t = x[k];
        x[k] = y[k], y[k] = t;
    }
}

/* Tensors of the same shape and type, either a view (its elements at its strides): row by row
 * along dimension 0. */
static vx_status transfer_tensor(const pvx_tensor *a, const pvx_tensor *b, move_f move)
{
    uint8_t *pa = pvx_memory_storage((pvx_memory *)&a->mem), *pb = pvx_memory_storage((pvx_memory *)&b->mem);
    if (pa == NULL || pb == NULL)
        return VX_ERROR_NO_MEMORY;
    if (a->num_dims != b->num_dims || a->item_size != b->item_size || a->num_dims == 0)
        return VX_ERROR_NOT_COMPATIBLE;
    for (vx_size d = 0; d < a->num_dims; d++)
        if (a->dims[d] != b->dims[d])
            return VX_ERROR_NOT_COMPATIBLE;
    vx_size at[PVX_TENSOR_MAX_DIMS] = {0}, n = a->num_dims, size = a->item_size;
    int whole_rows = a->strides[0] == size && b->strides[0] == size;
    for (;;) {
        size_t oa = 0, ob = 0;
        for (vx_size d = 1; d < n; d++) oa += at[d] * a->strides[d], ob += at[d] * b->strides[d];
        if (whole_rows)
            move(pb + ob, pa + oa, a->dims[0] * size);
        else
            for (vx_size x = 0; x < a->dims[0]; x++) move(pb + ob + x * b->strides[0], pa + oa + x * a->strides[0], size);
        vx_size d = 1;
        while (d < n && ++at[d] == a->dims[d]) at[d++] = 0;
        if (d >= n)
            return VX_SUCCESS;
    }
}

static vx_status transfer(vx_reference from, vx_reference to, move_f move)
{
    const vx_reference p[2] = {from, to};
    vx_enum type = ((pvx_ref *)p[0])->type;
    void *d0 = ((pvx_ref *)p[0])->desc, *d1 = ((pvx_ref *)p[1])->desc;
    if (type == VX_TYPE_IMAGE) {
        for (uint32_t k = 0; k < ((pvx_image *)d0)->planes; k++) {
            plane a, b;
            vx_status s;
            if ((s = plane_at(p[0], k, &a)) || (s = plane_at(p[1], k, &b)))
                return s;
            if (a.width != b.width || a.height != b.height || a.format != b.format)
                return VX_ERROR_NOT_COMPATIBLE;
            if (b.format == VX_DF_IMAGE_U1) {  /* Copy (Swap and Move refuse U1): the last byte's other bits kept */
                uint8_t keep = u1_kept(b.width);
                for (uint32_t y = 0; y < b.height; y++) {
                    uint8_t *to = row_of(&b, y), *from = row_of(&a, y), last = to[b.width / 8];
                    move(to, from, ((size_t)b.width + 7) / 8);
                    if (b.width % 8)
                        to[b.width / 8] = (uint8_t)((last & keep) | (to[b.width / 8] & ~keep));
                }
                continue;
            }
            for (uint32_t y = 0; y < b.height; y++)
                move(row_of(&b, y), row_of(&a, y), (size_t)b.width * b.pixel_bytes);
        }
        return VX_SUCCESS;
    }
    if (type == VX_TYPE_PYRAMID || type == VX_TYPE_OBJECT_ARRAY) {
        const pvx_parts *a = d0, *b = d1;
        vx_status s = a->count == b->count ? VX_SUCCESS : VX_ERROR_NOT_COMPATIBLE;
        for (uint32_t k = 0; k < a->count && s == VX_SUCCESS; k++)
            s = transfer(a->items[k], b->items[k], move);
        return s;
    }
    if (type == VX_TYPE_THRESHOLD) {
        move(d1, d0, sizeof(pvx_threshold));
        return VX_SUCCESS;
    }
    if (type == VX_TYPE_TENSOR)
        return transfer_tensor(d0, d1, move);
    unsigned char *src = storage_of(p[0]), *dst = storage_of(p[1]);
    if (src == NULL || dst == NULL)
        return VX_ERROR_NO_MEMORY;
    /* what the validators checked, again: a parameter replaced without re-verification */
    if (type == VX_TYPE_ARRAY) {
        pvx_array *a = d0, *b = d1;
        vx_size count = a->num_items, most = move == swap_bytes && b->num_items > count ? b->num_items : count;
        if (a->item_size != b->item_size || most > a->capacity || most > b->capacity)
            return VX_ERROR_NOT_COMPATIBLE;
        move(dst, src, most * a->item_size);
        if (move == swap_bytes)
            a->num_items = b->num_items;
        b->num_items = count;
        return VX_SUCCESS;
    }
    if (((pvx_memory *)d0)->bytes != ((pvx_memory *)d1)->bytes)
        return VX_ERROR_NOT_COMPATIBLE;
    move(dst, src, ((pvx_memory *)d0)->bytes);
    if (type == VX_TYPE_CONVOLUTION)           /* the scale is data too */
        move(&((pvx_convolution *)d1)->scale, &((pvx_convolution *)d0)->scale, sizeof(vx_uint32));
    return VX_SUCCESS;
}

vx_status pvx_std_copy(vx_node node, const vx_reference *p, vx_uint32 n)
{
    return transfer(p[0], p[1], copy_bytes);
}

/* Swap, and Move (whose first object's contents are then unspecified: the second's former ones). */
vx_status pvx_std_swap(vx_node node, const vx_reference *p, vx_uint32 n)
{
    return transfer(p[0], p[1], swap_bytes);
}

/* Select: a copy of the true or the false value, as the condition says. */
vx_status pvx_std_select(vx_node node, const vx_reference *p, vx_uint32 n)
{
    return transfer(*(const vx_bool *)scalar_value(p[0]) ? p[1] : p[2], p[3], copy_bytes);
}

/* ScalarOperation: a number read exactly (integers of every width fit __int128), the operation in
 * integers when both operands are, else in double; the result converted to the output's type
 * as the spec says (float to integer: toward zero, saturated; integer to integer: wrapped). */
typedef struct number {
    int is_float;
    __int128 i;
    double f;
} number;

static number number_of(vx_reference ref)
{
    const void *v = scalar_value(ref);
    number x = {0, 0, 0.0};
    switch (((pvx_scalar *)((pvx_ref *)ref)->desc)->data_type) {
    case VX_TYPE_INT8: x.i = *(const vx_int8 *)v; break;
    case VX_TYPE_UINT8: x.i = *(const vx_uint8 *)v; break;
    case VX_TYPE_INT16: x.i = *(const vx_int16 *)v; break;
    case VX_TYPE_UINT16: x.i = *(const vx_uint16 *)v; break;
    case VX_TYPE_INT32: x.i = *(const vx_int32 *)v; break;
    case VX_TYPE_UINT32: x.i = *(const vx_uint32 *)v; break;
    case VX_TYPE_SIZE: x.i = *(const vx_size *)v; break;
    case VX_TYPE_BOOL: x.i = *(const vx_bool *)v != vx_false_e; break;
    default: x.is_float = 1, x.f = *(const vx_float32 *)v; break;
    }
    if (!x.is_float)
        x.f = (double)x.i;
    return x;
}

/* Float to integer: toward zero, saturated to [lo, hi] (NaN gives 0). */
static __int128 saturated(double f, __int128 lo, __int128 hi)
{
    return f != f ? 0 : f <= (double)lo ? lo : f >= (double)hi ? hi : (__int128)f;
}

static void store_number(vx_reference ref, number x)
{
    void *at = storage_of(ref);
    vx_enum type = ((pvx_scalar *)((pvx_ref *)ref)->desc)->data_type;
#define STORE(T, LO, HI) (*(T *)at = (T)(x.is_float ? saturated(x.f, LO, HI) : x.i))
    switch (type) {
    case VX_TYPE_INT8: STORE(vx_int8, INT8_MIN, INT8_MAX); break;
    case VX_TYPE_UINT8: STORE(vx_uint8, 0, UINT8_MAX); break;
    case VX_TYPE_INT16: STORE(vx_int16, INT16_MIN, INT16_MAX); break;
    case VX_TYPE_UINT16: STORE(vx_uint16, 0, UINT16_MAX); break;
    case VX_TYPE_INT32: STORE(vx_int32, INT32_MIN, INT32_MAX); break;
    case VX_TYPE_UINT32: STORE(vx_uint32, 0, UINT32_MAX); break;
    case VX_TYPE_SIZE: STORE(vx_size, 0, SIZE_MAX); break;
    case VX_TYPE_BOOL: *(vx_bool *)at = (x.is_float ? x.f != 0 : x.i != 0) ? vx_true_e : vx_false_e; break;
    default: *(vx_float32 *)at = (vx_float32)x.f; break;
    }
#undef STORE
}

vx_status pvx_std_scalar_operation(vx_node node, const vx_reference *p, vx_uint32 n)
{
    vx_enum op = scalar_enum(p[0]);
    number a = number_of(p[1]), b = number_of(p[2]), r = {0, 0, 0.0};
    int fl = a.is_float || b.is_float;
    int less = fl ? a.f < b.f : a.i < b.i, equal = fl ? a.f == b.f : a.i == b.i;
    switch (op) {
    case VX_SCALAR_OP_AND: r.i = a.i & b.i; break;
    case VX_SCALAR_OP_OR: r.i = a.i | b.i; break;
    case VX_SCALAR_OP_XOR: r.i = a.i ^ b.i; break;
    case VX_SCALAR_OP_NAND: r.i = !(a.i & b.i); break;
    case VX_SCALAR_OP_EQUAL: r.i = equal; break;
    case VX_SCALAR_OP_NOTEQUAL: r.i = !equal; break;
    case VX_SCALAR_OP_LESS: r.i = less; break;
    case VX_SCALAR_OP_LESSEQ: r.i = less || equal; break;
    case VX_SCALAR_OP_GREATER: r.i = !less && !equal; break;
    case VX_SCALAR_OP_GREATEREQ: r.i = !less; break;
    default:                                   /* arithmetic: integer division and modulus by 0 give 0 */
        r.is_float = fl;                       /* C's conversions: a float operand makes a float result */
        switch (op) {
        case VX_SCALAR_OP_MIN: r.i = less ? a.i : b.i, r.f = less ? a.f : b.f; break;
        case VX_SCALAR_OP_MAX: r.i = less ? b.i : a.i, r.f = less ? b.f : a.f; break;
        case VX_SCALAR_OP_ADD: r.i = a.i + b.i, r.f = a.f + b.f; break;
        case VX_SCALAR_OP_SUBTRACT: r.i = a.i - b.i, r.f = a.f - b.f; break;
        case VX_SCALAR_OP_MULTIPLY: r.i = (__int128)((unsigned __int128)a.i * (unsigned __int128)b.i), r.f = a.f * b.f; break;
        case VX_SCALAR_OP_DIVIDE: r.i = b.i ? a.i / b.i : 0, r.f = a.f / b.f; break;
        case VX_SCALAR_OP_MODULUS: r.i = b.i ? a.i % b.i : 0; break;
        default: return VX_ERROR_INVALID_PARAMETERS;
        }
    }
    if (!r.is_float)
        r.f = (double)r.i;
    store_number(p[3], r);
    return VX_SUCCESS;
}
