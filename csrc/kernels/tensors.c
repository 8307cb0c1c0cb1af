/* The standard tensor kernels: element-wise loops over the output's index space (inputs of size 1
 * in a dimension broadcast along it), elements read and written as int32. */
#include "kernels.h"
#include "rows.h"
#include "stats_rows.h"

/* O3: the matrix products' dot loops vectorize */
#pragma GCC optimize("O3")

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int32_t load_element(const pvx_tensor *t, const uint8_t *p)
{
    switch (t->data_type) {
    case VX_TYPE_UINT8: return *p;
    case VX_TYPE_INT8: return *(const int8_t *)p;
    default: return *(const int16_t *)p;
    }
}

static int16_t int16_of(int64_t v, int saturate)
{
    return (int16_t)(uint16_t)(saturate ? (v < INT16_MIN ? INT16_MIN : v > INT16_MAX ? INT16_MAX : v) : v);
}

/* Saturate: clamp to the type's range; otherwise wrap (keep the low bits). */
static void store_element(const pvx_tensor *t, uint8_t *p, int64_t v, int saturate)
{
    switch (t->data_type) {
    case VX_TYPE_UINT8: *p = (uint8_t)(saturate ? (v < 0 ? 0 : v > UINT8_MAX ? UINT8_MAX : v) : v); break;
    case VX_TYPE_INT8:
        *(int8_t *)p = (int8_t)(uint8_t)(saturate ? (v < INT8_MIN ? INT8_MIN : v > INT8_MAX ? INT8_MAX : v) : v);
        break;
    default: *(int16_t *)p = int16_of(v, saturate);
    }
}

static const pvx_tensor *tensor_of(vx_reference ref)
{
    return ((pvx_ref *)ref)->desc;
}

/* Byte offset in `t` of output index `at`, a dimension of size 1 broadcast. */
static size_t offset_in(const pvx_tensor *t, const vx_size *at)
{
    size_t off = 0;
    for (vx_size d = 0; d < t->num_dims; d++)
        off += (t->dims[d] == 1 ? 0 : at[d]) * t->strides[d];
    return off;
}

/* Advances the index `at` over `dims` (innermost first); 0 once it wrapped around. */
static int next_index(vx_size *at, const vx_size *dims, vx_size n)
{
    for (vx_size d = 0; d < n; d++) {
        if (++at[d] < dims[d])
            return 1;
        at[d] = 0;
    }
    return 0;
}

static uint8_t *storage_of(const pvx_tensor *t)
{
    return pvx_memory_storage((pvx_memory *)&t->mem);
}

/* A rounded real number to int64: TO_ZERO truncates, TO_NEAREST_EVEN rounds half to even. */
int64_t rounded(double v, int nearest_even)
{
    double r = nearest_even ? nearbyint(v) : trunc(v);      /* nearbyint: the default mode, half to even */
    const double limit = (double)((int64_t)1 << 62);          /* beyond every type: saturates the same */
    return (int64_t)(r < -limit ? -limit : r > limit ? limit : r);
}

/* The SIMD level's row loops (stats_rows.h) over rows along dims[0]: each tensor whole along it
 * (no broadcast there), its elements next to each other, INT16 ones unless the caller checks more.
 * `at` walks the other dimensions; 0 when these loops do not apply. */
static int rows_apply(const pvx_tensor *const *t, int count, const pvx_tensor *o)
{
    for (int k = 0; k < count; k++)
        if (t[k]->dims[0] != o->dims[0] || t[k]->strides[0] != t[k]->item_size)
            return 0;
    return o->strides[0] == o->item_size && pvx_stats_rows_in_use() != NULL;
}

static int int16s(const pvx_tensor *const *t, int count)
{
    for (int k = 0; k < count; k++)
        if (t[k]->data_type != VX_TYPE_INT16)
            return 0;
    return 1;
}

/* The next row: the index over dims 1.. advanced; 0 once it wrapped around. */
static int next_row(vx_size *at, const pvx_tensor *o)
{
    return o->num_dims > 1 && next_index(at + 1, o->dims + 1, o->num_dims - 1);
}

/* The element-wise binary operations: `op` of the two (broadcast) inputs, in int64 or double. */
typedef struct binary_op {
    int sign;              /* add: 1, subtract: -1, multiply: 0 */
    double scale;          /* multiply: scale / 2^fixed_point_position */
    int nearest_even;
} binary_op;

static vx_status elementwise(const pvx_tensor *a, const pvx_tensor *b, const pvx_tensor *o, int saturate,
                             const binary_op *op)
{
    uint8_t *pa = storage_of(a), *pb = storage_of(b), *po = storage_of(o);
    if (pa == NULL || pb == NULL || po == NULL)
        return VX_ERROR_NO_MEMORY;
    vx_size at[PVX_TENSOR_MAX_DIMS] = {0};
    const pvx_tensor *all[3] = {a, b, o};
    const pvx_stats_rows *rows = pvx_stats_rows_in_use();
    if (rows_apply(all, 2, o) && int16s(all, 3) && isfinite(op->scale) && (saturate || fabs(op->scale) <= 1.0)) {
        do {
            const int16_t *ra = (const int16_t *)(pa + offset_in(a, at)), *rb = (const int16_t *)(pb + offset_in(b, at));
            int16_t *ro = (int16_t *)(po + offset_in(o, at));
            if (op->sign)
                rows->tensor_add(ra, rb, ro, o->dims[0], op->sign, saturate);
            else
                rows->tensor_multiply(ra, rb, ro, o->dims[0], op->scale, op->nearest_even, saturate);
        } while (next_row(at, o));
        return VX_SUCCESS;
    }
    do {
        int64_t x = load_element(a, pa + offset_in(a, at)), y = load_element(b, pb + offset_in(b, at));
        int64_t v = op->sign ? x + op->sign * y : rounded((double)(x * y) * op->scale, op->nearest_even);
        store_element(o, po + offset_in(o, at), v, saturate);
    } while (next_index(at, o->dims, o->num_dims));
    return VX_SUCCESS;
}

static vx_status add_or_subtract(const vx_reference *p, int sign)
{
    binary_op op = {sign, 0, 0};
    return elementwise(tensor_of(p[0]), tensor_of(p[1]), tensor_of(p[3]), scalar_enum(p[2]) == VX_CONVERT_POLICY_SATURATE,
                       &op);
}

vx_status pvx_std_tensor_add(vx_node node, const vx_reference *p, vx_uint32 n)
{
    return add_or_subtract(p, 1);
}

vx_status pvx_std_tensor_subtract(vx_node node, const vx_reference *p, vx_uint32 n)
{
    return add_or_subtract(p, -1);
}

/* out = a * b * scale in the tensors' fixed point (the product shifted back by its position). */
vx_status pvx_std_tensor_multiply(vx_node node, const vx_reference *p, vx_uint32 n)
{
    const pvx_tensor *a = tensor_of(p[0]);
    binary_op op = {0, *(const vx_float32 *)scalar_value(p[2]) / (double)(1 << a->fixed_point_position),
                    scalar_enum(p[4]) == VX_ROUND_POLICY_TO_NEAREST_EVEN};
    return elementwise(a, tensor_of(p[1]), tensor_of(p[5]), scalar_enum(p[3]) == VX_CONVERT_POLICY_SATURATE, &op);
}

/* out = lut[offset + in] per element; an index outside the LUT keeps the input value (as the image
 * TableLookup does). */
vx_status pvx_std_tensor_table_lookup(vx_node node, const vx_reference *p, vx_uint32 n)
{
    const pvx_tensor *a = tensor_of(p[0]), *o = tensor_of(p[2]);
    const pvx_lut *lut = ((pvx_ref *)p[1])->desc;
    uint8_t *pa = storage_of(a), *po = storage_of(o);
    const void *table = pvx_memory_storage((pvx_memory *)&lut->mem);
    if (pa == NULL || po == NULL || table == NULL)
        return VX_ERROR_NO_MEMORY;
    vx_size at[PVX_TENSOR_MAX_DIMS] = {0};
    if (rows_apply(&a, 1, o) && a->data_type == VX_TYPE_UINT8 && o->data_type == VX_TYPE_UINT8 &&
        lut->data_type == VX_TYPE_UINT8 && lut->count == 256 && lut->offset == 0) {
        do                                     /* the image TableLookup's rows (AVX2: byte shuffles) */
            pvx_rows_in_use()->lookup(pa + offset_in(a, at), po + offset_in(o, at), (uint32_t)o->dims[0], table);
        while (next_row(at, o));
        return VX_SUCCESS;
    }
    do {
        int64_t v = load_element(a, pa + offset_in(a, at)), k = (int64_t)lut->offset + v;
        if ((uint64_t)k < (uint64_t)lut->count)
            v = lut->data_type == VX_TYPE_UINT8 ? ((const uint8_t *)table)[k] : ((const int16_t *)table)[k];
        store_element(o, po + offset_in(o, at), v, 0);
    } while (next_index(at, o->dims, o->num_dims));
    return VX_SUCCESS;
}

/* out(i, j) = in(j, i) over dims 0 and 1 from the given first elements, in 32 x 32 blocks (a block
 * of each stays in cache); typed copies for 1, 2 and 4 byte elements; packed 2-byte rows by the
 * SIMD level's register tiles (stats_rows.h). */
static void transpose_blocks(const pvx_tensor *a, const uint8_t *pa, const pvx_tensor *o, uint8_t *po)
{
    enum { B = 32 };
    size_t cols = o->dims[0], rows = o->num_dims > 1 ? o->dims[1] : 1, size = o->item_size;
    size_t as0 = a->strides[0], as1 = a->num_dims > 1 ? a->strides[1] : 0, os0 = o->strides[0];
    size_t os1 = o->num_dims > 1 ? o->strides[1] : 0;
    if (size == 2 && os0 == 2 && as0 == 2) {
        pvx_stats_rows_in_use()->transpose2(pa, as1, po, os1, rows, cols);
        return;
    }
    for (size_t r0 = 0; r0 < rows; r0 += B)
        for (size_t c0 = 0; c0 < cols; c0 += B) {
            size_t r1 = r0 + B < rows ? r0 + B : rows, c1 = c0 + B < cols ? c0 + B : cols;
            for (size_t r = r0; r < r1; r++) {
                uint8_t *dst = po + r * os1;
                const uint8_t *src = pa + r * as0;      /* out row r: column r of in */
                switch (size) {
                case 1: for (size_t c = c0; c < c1; c++) dst[c * os0] = src[c * as1]; break;
                case 2: for (size_t c = c0; c < c1; c++) memcpy(dst + c * os0, src + c * as1, 2); break;
                case 4: for (size_t c = c0; c < c1; c++) memcpy(dst + c * os0, src + c * as1, 4); break;
                default: for (size_t c = c0; c < c1; c++) memcpy(dst + c * os0, src + c * as1, size); break;
                }
            }
        }
}

/* out[..i..j..] = in[..j..i..] for the two dimensions given: elements copied as bytes. */
vx_status pvx_std_tensor_transpose(vx_node node, const vx_reference *p, vx_uint32 n)
{
    const pvx_tensor *a = tensor_of(p[0]), *o = tensor_of(p[3]);
    vx_size d1 = *(const vx_size *)scalar_value(p[1]), d2 = *(const vx_size *)scalar_value(p[2]);
    uint8_t *pa = storage_of(a), *po = storage_of(o);
    if (pa == NULL || po == NULL)
        return VX_ERROR_NO_MEMORY;
    vx_size at[PVX_TENSOR_MAX_DIMS] = {0}, from[PVX_TENSOR_MAX_DIMS];
    if (d1 + d2 == 1 && pvx_stats_rows_in_use() != NULL) {     /* dims 0 and 1: in blocks */
        do
            transpose_blocks(a, pa + offset_in(a, at), o, po + offset_in(o, at));
        while (o->num_dims > 2 && next_index(at + 2, o->dims + 2, o->num_dims - 2));
        return VX_SUCCESS;
    }
    do {
        memcpy(from, at, sizeof at);
        from[d1] = at[d2], from[d2] = at[d1];
        memcpy(po + offset_in(o, at), pa + offset_in(a, from), o->item_size);
    } while (next_index(at, o->dims, o->num_dims));
    return VX_SUCCESS;
}

/* out = ((in - offset) / norm) in the values the fixed point positions give, truncated toward zero,
 * wrapped or saturated. */
vx_status pvx_std_tensor_convert_depth(vx_node node, const vx_reference *p, vx_uint32 n)
{
    const pvx_tensor *a = tensor_of(p[0]), *o = tensor_of(p[4]);
    int saturate = scalar_enum(p[1]) == VX_CONVERT_POLICY_SATURATE;
    double norm = *(const vx_float32 *)scalar_value(p[2]), offset = *(const vx_float32 *)scalar_value(p[3]);
    double in_unit = 1.0 / (1 << a->fixed_point_position), out_unit = 1 << o->fixed_point_position;
    uint8_t *pa = storage_of(a), *po = storage_of(o);
    if (pa == NULL || po == NULL)
        return VX_ERROR_NO_MEMORY;
    vx_size at[PVX_TENSOR_MAX_DIMS] = {0};
    const double f[4] = {in_unit, offset, norm, out_unit};       /* finite: no NaN on the way */
    if (rows_apply(&a, 1, o) && a->data_type == VX_TYPE_INT16 && saturate && norm != 0 && !isnan(norm) &&
        isfinite(offset)) {
        int bytes = o->data_type == VX_TYPE_INT16 ? 2 : 1;
        double lo = o->data_type == VX_TYPE_INT16 ? INT16_MIN : o->data_type == VX_TYPE_INT8 ? INT8_MIN : 0;
        double hi = o->data_type == VX_TYPE_INT16 ? INT16_MAX : o->data_type == VX_TYPE_INT8 ? INT8_MAX : UINT8_MAX;
        do
            pvx_stats_rows_in_use()->tensor_convert((const int16_t *)(pa + offset_in(a, at)), po + offset_in(o, at),
                                                    o->dims[0], f, bytes, lo, hi);
        while (next_row(at, o));
        return VX_SUCCESS;
    }
    do {
        double v = (load_element(a, pa + offset_in(a, at)) * in_unit - offset) / norm * out_unit;
        store_element(o, po + offset_in(o, at), rounded(v, 0), saturate);
    } while (next_index(at, o->dims, o->num_dims));
    return VX_SUCCESS;
}

/* Element (row, column) of a 2-dimensional tensor (dims[0]: columns), read transposed if asked. */
static int64_t matrix_element(const pvx_tensor *t, const uint8_t *base, vx_size row, vx_size column, vx_bool transposed)
{
    if (transposed) {
        vx_size swap = row;
        row = column, column = swap;
    }
    return load_element(t, base + column * t->strides[0] + row * t->strides[1]);
}

/* dst[r * ds + c] = element (r, c) of the 2-D tensor t (read transposed if asked) for r < rows,
 * c < cols, one typed loop per type; the largest magnitude into *most. */
static void pack_int16(const pvx_tensor *t, const uint8_t *base, vx_bool transposed, size_t rows, size_t cols,
                       int16_t *dst, size_t ds, int64_t *most)
{
    size_t sr = transposed ? t->strides[0] : t->strides[1], sc = transposed ? t->strides[1] : t->strides[0];
    int32_t lo = 0, hi = 0;
#define PACK(T)                                                                                    \
    for (size_t r = 0; r < rows; r++) {                                                            \
        const uint8_t *row = base + r * sr;                                                        \
        int16_t *restrict d = dst + r * ds;                                                        \
        if (sc == sizeof(T))                   /* rows in place: a loop the compiler vectorizes */ \
            for (size_t c = 0; c < cols; c++) {                                                    \
                int32_t v = ((const T *)(const void *)row)[c];                                     \
                d[c] = (int16_t)v, lo = v < lo ? v : lo, hi = v > hi ? v : hi;                     \
            }                                                                                      \
        else                                                                                       \
            for (size_t c = 0; c < cols; c++) {                                                    \
                int32_t v = *(const T *)(const void *)(row + c * sc);                              \
                d[c] = (int16_t)v, lo = v < lo ? v : lo, hi = v > hi ? v : hi;                     \
            }                                                                                      \
    }
    switch (t->data_type) {
    case VX_TYPE_UINT8: PACK(uint8_t) break;
    case VX_TYPE_INT8: PACK(int8_t) break;
    default: PACK(int16_t) break;
    }
#undef PACK
    *most = -(int64_t)lo > hi ? -(int64_t)lo : hi;
}

/* The same exact sums by the SIMD level's tiles (stats_rows.h matrix_sums): A's rows and B's rows
 * packed once into int16 rows (a zero row or column past an odd inner size), 32-bit sums over runs of
 * pairs of products short enough to stay within int32 (max|a| max|b| 2 run < 2^31), 64-bit totals.
 * Only a pair of two -32768 products each overflows a pair's 32-bit sum: then the element loop. */
static vx_status matrix_products(const pvx_tensor *a, const uint8_t *pa, vx_bool ta, const pvx_tensor *b,
                                 const uint8_t *pb, vx_bool tb, const pvx_tensor *c, const uint8_t *pc, vx_bool tc,
                                 const pvx_tensor *o, uint8_t *po, vx_size rows, vx_size columns, vx_size inner)
{
    size_t even = inner + (inner & 1);
    int16_t *ar = calloc(rows * even + 1, sizeof *ar), *br = calloc(even * columns + 1, sizeof *br);
    int16_t *strip = malloc(sizeof(int16_t) * 16 * even + 1);
    int64_t *sums = malloc(sizeof(int64_t) * rows * columns + 1);
    if (ar == NULL || br == NULL || strip == NULL || sums == NULL) {
        free(ar), free(br), free(strip), free(sums);
        return VX_ERROR_NO_MEMORY;
    }
    int64_t most_a, most_b;
    pack_int16(a, pa, ta, rows, inner, ar, even, &most_a);
    pack_int16(b, pb, tb, inner, columns, br, columns, &most_b);
    int64_t pair = 2 * most_a * most_b;            /* the most a madd lane adds */
    if (pair < INT32_MAX) {
        size_t run = pair == 0 ? even / 2 + 1 : (size_t)(INT32_MAX / pair);
        pvx_stats_rows_in_use()->matrix_sums(ar, br, rows, columns, even, run, strip, sums);
    } else
        for (vx_size r = 0; r < rows; r++)
            for (vx_size k = 0; k < columns; k++) {
                int64_t sum = 0;
                for (vx_size i = 0; i < inner; i++)
                    sum += (int64_t)ar[r * even + i] * br[i * columns + k];
                sums[r * columns + k] = sum;
            }
    const int position = a->fixed_point_position, type = o->data_type;
    const int64_t round = ((int64_t)1 << position) - 1;
    const int64_t lo = type == VX_TYPE_UINT8 ? 0 : type == VX_TYPE_INT8 ? INT8_MIN : INT16_MIN;
    const int64_t hi = type == VX_TYPE_UINT8 ? UINT8_MAX : type == VX_TYPE_INT8 ? INT8_MAX : INT16_MAX;
    const size_t os0 = o->strides[0], os1 = o->strides[1];
    for (vx_size r = 0; r < rows; r++) {
        int64_t *v = sums + r * columns;
        for (vx_size k = 0; k < columns; k++)
            v[k] = (v[k] + (v[k] < 0 ? round : 0)) >> position;              /* / 2^position toward zero */
        if (c)
            for (vx_size k = 0; k < columns; k++)
                v[k] += matrix_element(c, pc, r, k, tc);
        uint8_t *row = po + r * os1;
        if (type == VX_TYPE_INT16 && os0 == 2)
            for (vx_size k = 0; k < columns; k++)
                ((int16_t *)(void *)row)[k] = (int16_t)(v[k] < lo ? lo : v[k] > hi ? hi : v[k]);
        else if (type == VX_TYPE_INT16)
            for (vx_size k = 0; k < columns; k++)
                *(int16_t *)(void *)(row + k * os0) = (int16_t)(v[k] < lo ? lo : v[k] > hi ? hi : v[k]);
        else
            for (vx_size k = 0; k < columns; k++)
                row[k * os0] = (uint8_t)(v[k] < lo ? lo : v[k] > hi ? hi : v[k]);
    }
    free(ar), free(br), free(strip), free(sums);
    return VX_SUCCESS;
}

/* out = op(in1) x op(in2) (+ op(in3)): products summed exactly, shifted back by the fixed point
 * position (truncated toward zero), the bias added, saturated. */
vx_status pvx_std_tensor_matrix_multiply(vx_node node, const vx_reference *p, vx_uint32 n)
{
    const pvx_tensor *a = tensor_of(p[0]), *b = tensor_of(p[1]), *c = p[2] ? tensor_of(p[2]) : NULL;
    const pvx_tensor *o = tensor_of(p[6]);
    vx_bool ta = *(const vx_bool *)scalar_value(p[3]), tb = *(const vx_bool *)scalar_value(p[4]);
    vx_bool tc = *(const vx_bool *)scalar_value(p[5]);
    uint8_t *pa = storage_of(a), *pb = storage_of(b), *pc = c ? storage_of(c) : NULL, *po = storage_of(o);
    if (pa == NULL || pb == NULL || (c && pc == NULL) || po == NULL)
        return VX_ERROR_NO_MEMORY;
    vx_size rows = o->dims[1], columns = o->dims[0], inner = ta ? a->dims[1] : a->dims[0];
    int64_t unit = (int64_t)1 << a->fixed_point_position;
    if (pvx_stats_rows_in_use() != NULL)
        return matrix_products(a, pa, ta, b, pb, tb, c, pc, tc, o, po, rows, columns, inner);
    for (vx_size r = 0; r < rows; r++)
        for (vx_size k = 0; k < columns; k++) {
            int64_t sum = 0;
            for (vx_size i = 0; i < inner; i++)
                sum += matrix_element(a, pa, r, i, ta) * matrix_element(b, pb, i, k, tb);
            sum /= unit;
            if (c)
                sum += matrix_element(c, pc, r, k, tc);
            store_element(o, po + k * o->strides[0] + r * o->strides[1], sum, 1);
        }
    return VX_SUCCESS;
}

/* Whether the tensor's elements follow each other in index order (no view gaps). */
static int packed(const pvx_tensor *t)
{
    vx_size stride = t->item_size;
    for (vx_size d = 0; d < t->num_dims; stride *= t->dims[d], d++)
        if (t->strides[d] != stride)
            return 0;
    return 1;
}

static vx_size element_count(const pvx_tensor *t)
{
    vx_size n = 1;
    for (vx_size d = 0; d < t->num_dims; d++)
        n *= t->dims[d];
    return n;
}

/* A packed tensor's elements (to read in their type), NULL for a view with gaps or no memory. */
const void *pvx_tensor_packed(vx_reference ref)
{
    const pvx_tensor *t = tensor_of(ref);
    return packed(t) ? storage_of(t) : NULL;
}

/* The whole tensor as int32 in index order (dims[0] fastest), for kernels that compute on packed
 * values (nn/nn.c); a packed tensor in one typed loop. */
vx_status pvx_tensor_load(vx_reference ref, int32_t *dst)
{
    const pvx_tensor *t = tensor_of(ref);
    uint8_t *base = storage_of(t);
    if (base == NULL)
        return VX_ERROR_NO_MEMORY;
    vx_size n = element_count(t);
    if (packed(t) && t->data_type == VX_TYPE_INT16) {
        vx_size i = 0;
        for (; i + 16 <= n; i += 16)            /* blocks of a known count: what -O2 vectorizes */
            for (int u = 0; u < 16; u++)
                dst[i + u] = ((const int16_t *)base)[i + u];
        for (; i < n; i++)
            dst[i] = ((const int16_t *)base)[i];
    } else if (packed(t) && t->data_type == VX_TYPE_INT8)
        for (vx_size i = 0; i < n; i++)
            dst[i] = ((const int8_t *)base)[i];
    else if (packed(t) && t->data_type == VX_TYPE_UINT8)
        for (vx_size i = 0; i < n; i++)
            dst[i] = base[i];
    else {
        vx_size at[PVX_TENSOR_MAX_DIMS] = {0};
        do
            *dst++ = load_element(t, base + offset_in(t, at));
        while (next_index(at, t->dims, t->num_dims));
    }
    return VX_SUCCESS;
}

/* Packed values in index order into the tensor, saturated or wrapped to its type. */
vx_status pvx_tensor_store(vx_reference ref, const int64_t *src, int saturate)
{
    const pvx_tensor *t = tensor_of(ref);
    uint8_t *base = storage_of(t);
    if (base == NULL)
        return VX_ERROR_NO_MEMORY;
    vx_size n = element_count(t);
    if (packed(t) && t->data_type == VX_TYPE_INT16) {
        vx_size i = 0;
        for (; saturate && i + 16 <= n; i += 16)
            for (int u = 0; u < 16; u++)
                ((int16_t *)base)[i + u] = int16_of(src[i + u], 1);
        for (; i < n; i++)
            ((int16_t *)base)[i] = int16_of(src[i], saturate);
    } else if (packed(t))
        for (vx_size i = 0; i < n; i++)
            store_element(t, base + i, src[i], saturate);
    else {
        vx_size at[PVX_TENSOR_MAX_DIMS] = {0};
        do
            store_element(t, base + offset_in(t, at), *src++, saturate);
        while (next_index(at, t->dims, t->num_dims));
    }
    return VX_SUCCESS;
}
