/* The standard vision kernels. Each run reads its images through plain rows of int32 values
 * (load_row/store_row convert from and to the image formats, applying the overflow policy), so
 * one loop per operation serves every format combination the validators admit; the pointwise
 * operations on U8 inputs, the common case, have dedicated row loops instead (u8_rows). */
#include "kernels.h"
#include "rows.h"
#include "stats_rows.h"

/* The row loops need vectorizing with a scalar epilogue, which -O2's cost model declines (x20). */
#pragma GCC optimize("O3")

#include <math.h>
#include <stdlib.h>
#include <string.h>


/* A plane of an image parameter (memory attached on the first run of a new image). */
vx_status plane_at(vx_reference ref, uint32_t index, plane *pl)
{
    pvx_image *img = pvx_image_with_memory(ref);
    if (img == NULL)
        return VX_ERROR_NOT_ALLOCATED;
    const pvx_image_plane *ip = &img->plane[index];
    pl->ptr = ip->ptr;
    pl->stride = ip->stride_y;
    pl->format = img->format;
    pl->width = (img->width + ip->step_x - 1) / ip->step_x;
    pl->height = (img->height + ip->step_y - 1) / ip->step_y;
    pl->pixel_bytes = ip->bits / 8;
    return VX_SUCCESS;
}

vx_status plane_of(vx_reference ref, plane *pl)
{
    return plane_at(ref, 0, pl);
}

const void *scalar_value(vx_reference ref)
{
    return pvx_memory_storage(&((pvx_scalar *)((pvx_ref *)ref)->desc)->mem);
}

vx_enum scalar_enum(vx_reference ref)
{
    return *(const vx_enum *)scalar_value(ref);
}

void *row_of(const plane *p, uint32_t y)
{
    return p->ptr + (ptrdiff_t)y * p->stride;
}

/* U1 rows (the spec's U1 addressing): pixel x is bit x % 8 of byte x / 8; the bits of a row's last
 * byte past the width are no pixel of this image, but may be pixels of the parent of an ROI: a
 * U1 row written keeps them. */
uint8_t u1_kept(uint32_t w)
{
    return (uint8_t)(0xffu << (w % 8));
}

void load_row(const plane *p, uint32_t y, int32_t *restrict dst)
{
    const void *restrict row = row_of(p, y);
    uint32_t w = p->width;
    if (p->format == VX_DF_IMAGE_U1)
        for (uint32_t x = 0; x < w; x++) dst[x] = ((const uint8_t *)row)[x / 8] >> (x % 8) & 1;
    else if (p->format == VX_DF_IMAGE_U8)
        for (uint32_t x = 0; x < w; x++) dst[x] = ((const uint8_t *)row)[x];
    else
        for (uint32_t x = 0; x < w; x++) dst[x] = ((const int16_t *)row)[x];
}

int32_t clamp(int32_t v, int32_t lo, int32_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* Saturate: clamp to the format's range; otherwise wrap (keep the low bits). U1: a value other
 * than 0 is 1. */
void store_row(const plane *p, uint32_t y, const int32_t *restrict src, int saturate)
{
    void *restrict row = row_of(p, y);
    uint32_t w = p->width;
    if (p->format == VX_DF_IMAGE_U1) {
        uint8_t *restrict o = row;
        for (uint32_t k = 0; k < (w + 7) / 8; k++) {
            uint8_t bits = 0;
            for (uint32_t j = 0; j < 8 && 8 * k + j < w; j++) bits |= (uint8_t)((src[8 * k + j] != 0) << j);
            uint8_t keep = 8 * k + 8 > w ? u1_kept(w) : 0;
            o[k] = (uint8_t)((o[k] & keep) | (bits & ~keep));
        }
    } else if (p->format == VX_DF_IMAGE_U8) {
        uint8_t *restrict o = row;
        if (saturate)
            for (uint32_t x = 0; x < w; x++) o[x] = (uint8_t)clamp(src[x], 0, UINT8_MAX);
        else
            for (uint32_t x = 0; x < w; x++) o[x] = (uint8_t)src[x];
    } else {
        int16_t *restrict o = row;
        if (saturate)
            for (uint32_t x = 0; x < w; x++) o[x] = (int16_t)clamp(src[x], INT16_MIN, INT16_MAX);
        else
            for (uint32_t x = 0; x < w; x++) o[x] = (int16_t)(uint16_t)src[x];
    }
}

/* The row buffers of one run: `rows` rows of `width` int32 each. */
int32_t *buffers(uint32_t width, uint32_t rows)
{
    return malloc(sizeof(int32_t) * (size_t)width * rows);
}

vx_status u1_to_u8(const plane *u1, plane *u8)
{
    *u8 = *u1;
    u8->format = VX_DF_IMAGE_U8, u8->pixel_bytes = 1, u8->stride = (int32_t)(u1->width ? u1->width : 1);
    u8->ptr = malloc((size_t)u8->stride * (u1->height ? u1->height : 1));
    int32_t *r = buffers(u1->width + 1, 1);
    if (u8->ptr == NULL || r == NULL) {
        free(u8->ptr), free(r);
        u8->ptr = NULL;
        return VX_ERROR_NO_MEMORY;
    }
    for (uint32_t y = 0; y < u1->height; y++) {
        uint8_t *o = row_of(u8, y);
        load_row(u1, y, r);
        for (uint32_t x = 0; x < u1->width; x++) o[x] = (uint8_t)r[x];
    }
    free(r);
    return VX_SUCCESS;
}

vx_status u8_to_u1(const plane *u8, const plane *u1)
{
    int32_t *r = buffers(u1->width + 1, 1);
    if (r == NULL)
        return VX_ERROR_NO_MEMORY;
    for (uint32_t y = 0; y < u1->height; y++) {
        const uint8_t *in = row_of(u8, y);
        for (uint32_t x = 0; x < u1->width; x++) r[x] = in[x];
        store_row(u1, y, r, 0);
    }
    free(r);
    return VX_SUCCESS;
}

vx_border_t u8_border(const vx_border_t *b, vx_df_image format)
{
    vx_border_t u8 = *b;
    if (format == VX_DF_IMAGE_U1)
        u8.constant_value.U8 = b->constant_value.U1 != vx_false_e;
    return u8;
}

static void combine(int op, int32_t *restrict a, const int32_t *restrict b, uint32_t w)
{
    switch (op) {
    case OP_AND: for (uint32_t x = 0; x < w; x++) a[x] &= b[x]; break;
    case OP_OR: for (uint32_t x = 0; x < w; x++) a[x] |= b[x]; break;
    case OP_XOR: for (uint32_t x = 0; x < w; x++) a[x] ^= b[x]; break;
    case OP_ABSDIFF: for (uint32_t x = 0; x < w; x++) a[x] = abs(a[x] - b[x]); break;
    case OP_ADD: for (uint32_t x = 0; x < w; x++) a[x] += b[x]; break;
    case OP_SUBTRACT: for (uint32_t x = 0; x < w; x++) a[x] -= b[x]; break;
    case OP_MIN: for (uint32_t x = 0; x < w; x++) a[x] = b[x] < a[x] ? b[x] : a[x]; break;
    case OP_MAX: for (uint32_t x = 0; x < w; x++) a[x] = b[x] > a[x] ? b[x] : a[x]; break;
    case OP_MAGNITUDE:        /* sqrt(gx^2 + gy^2) rounded (stored saturated to S16) */
        for (uint32_t x = 0; x < w; x++) a[x] = (int32_t)(sqrt((double)a[x] * a[x] + (double)b[x] * b[x]) + 0.5);
        break;
    case OP_PHASE: {          /* atan2(gy, gx) in [0, 2 pi) as 0..255, rounded (a full turn wraps to 0) */
        const double turn = 2.0 * 3.14159265358979323846;
        for (uint32_t x = 0; x < w; x++) {
            double t = atan2((double)b[x], (double)a[x]);
            a[x] = (int32_t)((t < 0 ? t + turn : t) * (256.0 / turn) + 0.5);
        }
        break;
    }
    }
}

/* The dedicated row loop (rows.h) of this operation for these planes: U8 inputs straight into the
 * output's format, vectorized, chosen once per run; NULL: the generic int32 rows. */
static pvx_row2_f *u8_rows(int op, const plane *a, const plane *b, const plane *o, int saturate)
{
    if (a->format != VX_DF_IMAGE_U8 || b->format != VX_DF_IMAGE_U8)
        return NULL;
    return pvx_rows_in_use()->pointwise[op][o->format == VX_DF_IMAGE_S16][saturate];
}

typedef struct {
    pvx_row2_f *row;
    const plane *a, *b, *o;
} pointwise_u8;

static void pointwise_u8_rows(void *arg, uint32_t first, uint32_t end)
{
    const pointwise_u8 *p = arg;
    for (uint32_t y = first; y < end; y++)
        p->row(row_of(p->a, y), row_of(p->b, y), row_of(p->o, y), p->o->width);
}

static void run_u8_rows(pvx_row2_f *row, const plane *a, const plane *b, const plane *o)
{
    pointwise_u8 p = {row, a, b, o};
    pvx_rows_in_bands(pointwise_u8_rows, &p, o->height, (uint64_t)o->width * o->height * PVX_COST_POINTWISE);
}

/* And, Or, Xor, Not of U1 rows: eight pixels a byte operation (vectorized by -O3 at every level);
 * the last byte's bits past the width kept. */
static void bitwise_bytes(int op, const uint8_t *restrict a, const uint8_t *restrict b, uint8_t *restrict o, uint32_t n)
{
    switch (op) {
    case OP_AND: for (uint32_t k = 0; k < n; k++) o[k] = a[k] & b[k]; break;
    case OP_OR: for (uint32_t k = 0; k < n; k++) o[k] = a[k] | b[k]; break;
    case OP_XOR: for (uint32_t k = 0; k < n; k++) o[k] = a[k] ^ b[k]; break;
    default: for (uint32_t k = 0; k < n; k++) o[k] = (uint8_t)~a[k]; break;
    }
}

typedef struct {
    int op;
    const plane *a, *b, *o;
} pointwise_u1;

static void pointwise_u1_rows(void *arg, uint32_t first, uint32_t end)
{
    const pointwise_u1 *p = arg;
    uint32_t w = p->o->width, whole = w / 8;
    uint8_t keep = u1_kept(w), last[1];
    for (uint32_t y = first; y < end; y++) {
        const uint8_t *a = row_of(p->a, y), *b = row_of(p->b, y);
        uint8_t *o = row_of(p->o, y);
        bitwise_bytes(p->op, a, b, o, whole);
        if (w % 8) {
            bitwise_bytes(p->op, a + whole, b + whole, last, 1);
            o[whole] = (uint8_t)((o[whole] & keep) | (last[0] & ~keep));
        }
    }
}

static void run_u1_rows(int op, const plane *a, const plane *b, const plane *o)
{
    pointwise_u1 p = {op, a, b, o};
    pvx_rows_in_bands(pointwise_u1_rows, &p, o->height, (uint64_t)o->width * o->height / 8);
}

/* in1, in2 -> out, row by row; `saturate` picks how results are stored. */
vx_status binary_rows(const vx_reference *p, vx_reference out_ref, int op, int saturate)
{
    plane a, b, o;
    vx_status s;
    if ((s = plane_of(p[0], &a)) || (s = plane_of(p[1], &b)) || (s = plane_of(out_ref, &o)))
        return s;
    if (o.format == VX_DF_IMAGE_U1) {          /* And, Or, Xor (the validators) */
        run_u1_rows(op, &a, &b, &o);
        return VX_SUCCESS;
    }
    pvx_row2_f *row = u8_rows(op, &a, &b, &o, saturate);
    if (row != NULL) {
        run_u8_rows(row, &a, &b, &o);
        return VX_SUCCESS;
    }
    int32_t *ra = buffers(o.width, 2);
    if (ra == NULL)
        return VX_ERROR_NO_MEMORY;
    int32_t *rb = ra + o.width;
    for (uint32_t y = 0; y < o.height; y++) {
        load_row(&a, y, ra);
        load_row(&b, y, rb);
        combine(op, ra, rb, o.width);
        store_row(&o, y, ra, saturate);
    }
    free(ra);
    return VX_SUCCESS;
}

vx_status pvx_std_and(vx_node node, const vx_reference *p, vx_uint32 n) { return binary_rows(p, p[2], OP_AND, 0); }
vx_status pvx_std_or(vx_node node, const vx_reference *p, vx_uint32 n) { return binary_rows(p, p[2], OP_OR, 0); }
vx_status pvx_std_xor(vx_node node, const vx_reference *p, vx_uint32 n) { return binary_rows(p, p[2], OP_XOR, 0); }
vx_status pvx_std_absdiff(vx_node node, const vx_reference *p, vx_uint32 n) { return binary_rows(p, p[2], OP_ABSDIFF, 1); }

vx_status pvx_std_add(vx_node node, const vx_reference *p, vx_uint32 n)
{
    return binary_rows(p, p[3], OP_ADD, scalar_enum(p[2]) == VX_CONVERT_POLICY_SATURATE);
}

vx_status pvx_std_subtract(vx_node node, const vx_reference *p, vx_uint32 n)
{
    return binary_rows(p, p[3], OP_SUBTRACT, scalar_enum(p[2]) == VX_CONVERT_POLICY_SATURATE);
}

/* One row through a per-pixel function of the input value. */
#define UNARY(in, out, saturate, EXPR)                                  \
    do {                                                                \
        int32_t *r = buffers((out).width, 1);                           \
        if (r == NULL)                                                  \
            return VX_ERROR_NO_MEMORY;                                  \
        for (uint32_t y = 0; y < (out).height; y++) {                   \
            load_row(&(in), y, r);                                      \
            for (uint32_t x = 0; x < (out).width; x++) {                \
                int32_t v = r[x];                                       \
                r[x] = (EXPR);                                          \
            }                                                           \
            store_row(&(out), y, r, saturate);                          \
        }                                                               \
        free(r);                                                        \
    } while (0)

/* U8 or U1 (the validator). */
vx_status pvx_std_not(vx_node node, const vx_reference *p, vx_uint32 n)
{
    plane in, out;
    vx_status s;
    if ((s = plane_of(p[0], &in)) || (s = plane_of(p[1], &out)))
        return s;
    if (out.format == VX_DF_IMAGE_U1) {
        run_u1_rows(OP_NOT, &in, &in, &out);
        return VX_SUCCESS;
    }
    pvx_row2_f *row = u8_rows(OP_NOT, &in, &in, &out, 0);
    if (row != NULL)
        run_u8_rows(row, &in, &in, &out);
    else
        UNARY(in, out, 0, ~v);
    return VX_SUCCESS;
}

/* a * b * scale in double, rounded per policy; wrap keeps the low bits of the integer result. */
vx_status pvx_std_multiply(vx_node node, const vx_reference *p, vx_uint32 n)
{
    plane a, b, o;
    vx_status s;
    if ((s = plane_of(p[0], &a)) || (s = plane_of(p[1], &b)) || (s = plane_of(p[5], &o)))
        return s;
    double scale = *(const vx_float32 *)scalar_value(p[2]);
    int saturate = scalar_enum(p[3]) == VX_CONVERT_POLICY_SATURATE;
    int nearest = scalar_enum(p[4]) == VX_ROUND_POLICY_TO_NEAREST_EVEN;
    const pvx_rows *rows = pvx_rows_in_use();
    int unit = scale >= 0.0 && scale <= 1.0;   /* the row loops' range: every product fits int32 */
    if (rows->multiply != NULL && unit && a.format == VX_DF_IMAGE_U8 && b.format == VX_DF_IMAGE_U8 &&
        (o.format == VX_DF_IMAGE_U8 || o.format == VX_DF_IMAGE_S16)) {
        rows->multiply(a.ptr, a.stride, b.ptr, b.stride, o.ptr, o.stride, o.width, o.height, scale, nearest, saturate,
                       o.format == VX_DF_IMAGE_S16);
        return VX_SUCCESS;
    }
    const pvx_stats_rows *s16 = pvx_stats_rows_in_use();   /* S16 products: the INT16 tensors' rows */
    if (s16 != NULL && unit && a.format == VX_DF_IMAGE_S16 && b.format == VX_DF_IMAGE_S16 &&
        o.format == VX_DF_IMAGE_S16) {
        for (uint32_t y = 0; y < o.height; y++)
            s16->tensor_multiply(row_of(&a, y), row_of(&b, y), row_of(&o, y), o.width, scale, nearest, saturate);
        return VX_SUCCESS;
    }
    int32_t *ra = buffers(o.width, 2);
    if (ra == NULL)
        return VX_ERROR_NO_MEMORY;
    int32_t *rb = ra + o.width;
    for (uint32_t y = 0; y < o.height; y++) {
        load_row(&a, y, ra);
        load_row(&b, y, rb);
        if (rows->scale_products != NULL && unit)
            rows->scale_products(ra, rb, o.width, scale, nearest);
        else
            for (uint32_t x = 0; x < o.width; x++) {
                double v = (double)ra[x] * rb[x] * scale;
                v = nearest ? nearbyint(v) : trunc(v);
                if (saturate)
                    ra[x] = v >= INT32_MAX ? INT32_MAX : v <= INT32_MIN ? INT32_MIN : (int32_t)v;
                else
                    ra[x] = (int32_t)(uint32_t)(int64_t)fmin(fmax(v, (double)INT64_MIN), (double)INT64_MAX);
            }
        store_row(&o, y, ra, saturate);
    }
    free(ra);
    return VX_SUCCESS;
}

int32_t pixel_value(const vx_pixel_value_t *v, vx_df_image format)
{
    return format == VX_DF_IMAGE_U8 ? v->U8 : format == VX_DF_IMAGE_U1 ? v->U1 != vx_false_e : v->S16;
}

/* A pixel-wise kernel run by its fused row function (the one fused passes call): the node's rows in
 * bands on the pool. `ins` parameters in, `out` parameter out. Where every plane's rows follow
 * each other without a gap (stride = width x pixel bytes; never U1), several rows go to a call as
 * one row of up to PIXEL_RUN pixels (the row functions work pixel by pixel and read only the
 * stage's width): a call a row cost 1.2x cv2's time for Threshold at 480x270 on Zen 3. */
enum { PIXEL_RUN = 8192 };

typedef struct {
    pvx_fused_stage s;
    plane in[2], out;
    uint32_t run;                 /* rows a call */
    vx_status status;
} pixel_run;

static int gapless(const plane *p)
{
    return p->pixel_bytes > 0 && (int64_t)p->stride == (int64_t)p->width * p->pixel_bytes;
}

static void pixel_rows(void *arg, uint32_t first, uint32_t end)
{
    pixel_run *u = arg;
    pvx_fused_stage s = u->s;
    int32_t *scratch = buffers(u->out.width * u->run, 2);
    if (scratch == NULL) {
        __atomic_store_n(&u->status, VX_ERROR_NO_MEMORY, __ATOMIC_RELAXED);
        return;
    }
    for (uint32_t y = first; y < end; y += u->run) {
        const uint8_t *in[2] = {row_of(&u->in[0], y), u->s.num_in > 1 ? row_of(&u->in[1], y) : NULL};
        uint8_t *out[1] = {row_of(&u->out, y)};
        s.width = u->out.width * (end - y < u->run ? end - y : u->run);
        s.row(&s, in, out, scratch);
    }
    free(scratch);
}

static vx_status pixel_kernel(vx_node node, const vx_reference *p, vx_enum kernel, pvx_fused_prepare_f *prepare,
                              pvx_fused_row_f *row, uint32_t num_in, uint32_t out)
{
    pixel_run u = {.s = {.row = row, .node = ((pvx_ref *)node)->desc, .num_in = num_in, .num_out = 1,
                         .params = p, .args = {kernel}}, .status = VX_SUCCESS};
    vx_status s;
    for (uint32_t i = 0; i < num_in; i++)
        if ((s = plane_of(p[i], &u.in[i])))
            return s;
    if ((s = plane_of(p[out], &u.out)))
        return s;
    u.s.width = u.out.width, u.s.height = u.out.height;
    if ((s = prepare(&u.s)))
        return s;
    int runs = gapless(&u.out) && u.out.width < PIXEL_RUN;
    for (uint32_t i = 0; i < num_in; i++)
        runs = runs && gapless(&u.in[i]);
    u.run = runs ? PIXEL_RUN / u.out.width : 1;
    pvx_rows_in_bands(pixel_rows, &u, u.out.height, (uint64_t)u.out.width * u.out.height);
    return u.status;
}

vx_status pvx_std_threshold(vx_node node, const vx_reference *p, vx_uint32 n)
{
    return pixel_kernel(node, p, VX_KERNEL_THRESHOLD, pvx_fuse_threshold_prepare, pvx_fuse_threshold_row, 1, 2);
}

/* Entry offset + v; values outside the table keep the input value (the validator makes U8 tables
 * complete, so only a short S16 table can be outside). */
vx_status pvx_std_table_lookup(vx_node node, const vx_reference *p, vx_uint32 n)
{
    plane in, out;
    vx_status s;
    if ((s = plane_of(p[0], &in)) || (s = plane_of(p[2], &out)))
        return s;
    pvx_lut *lut = ((pvx_ref *)p[1])->desc;
    const void *table = pvx_memory_storage(&lut->mem);
    if (table == NULL)
        return VX_ERROR_NO_MEMORY;
    int64_t count = (int64_t)lut->count, offset = lut->offset;
    const pvx_rows *rows = pvx_rows_in_use();
    if (rows->lookup != NULL && lut->data_type == VX_TYPE_UINT8 && count == 256 && offset == 0 &&
        in.format == VX_DF_IMAGE_U8 && out.format == VX_DF_IMAGE_U8) {
        for (uint32_t y = 0; y < out.height; y++)
            rows->lookup(row_of(&in, y), row_of(&out, y), out.width, table);
        return VX_SUCCESS;
    }
    if (lut->data_type == VX_TYPE_UINT8)
        UNARY(in, out, 0, (uint64_t)(offset + v) < (uint64_t)count ? ((const uint8_t *)table)[offset + v] : v);
    else
        UNARY(in, out, 0, (uint64_t)(offset + v) < (uint64_t)count ? ((const int16_t *)table)[offset + v] : v);
    return VX_SUCCESS;
}

/* U8 -> S16: v << shift; S16 -> U8: v >> shift (arithmetic), wrapped or saturated; U1 -> U8/S16: 0 or
 * every bit set; U8/S16 -> U1: 0 or (any other value) 1; the shift does not apply to U1. */
vx_status pvx_std_convert_depth(vx_node node, const vx_reference *p, vx_uint32 n)
{
    plane in, out;
    vx_status s;
    if ((s = plane_of(p[0], &in)) || (s = plane_of(p[1], &out)))
        return s;
    if (in.format != VX_DF_IMAGE_U1 && out.format != VX_DF_IMAGE_U1)
        return pixel_kernel(node, p, VX_KERNEL_CONVERTDEPTH, pvx_fuse_convert_depth_prepare,
                            pvx_fuse_convert_depth_row, 1, 1);
    if (in.format == VX_DF_IMAGE_U1)           /* 1: every bit of the output set (U8 255, S16 -1) */
        UNARY(in, out, 0, -v);
    else                                       /* store_row: not 0 is 1 */
        UNARY(in, out, 0, v);
    return VX_SUCCESS;
}

/* Source row y as width + 2 r values: the row with r values either side, rows and columns outside
 * the image replicated or constant per the border (UNDEFINED: replicated; never written out). */
void padded_row(const plane *p, int64_t y, uint32_t r, const vx_border_t *border, int32_t *dst)
{
    uint32_t w = p->width;
    int32_t constant = pixel_value(&border->constant_value, p->format);
    if (border->mode == VX_BORDER_CONSTANT && (y < 0 || y >= p->height)) {
        for (uint32_t x = 0; x < w + 2 * r; x++) dst[x] = constant;
        return;
    }
    load_row(p, (uint32_t)(y < 0 ? 0 : y >= p->height ? p->height - 1 : y), dst + r);
    for (uint32_t x = 0; x < r; x++) {
        int replicate = border->mode != VX_BORDER_CONSTANT;
        dst[x] = replicate ? dst[r] : constant;
        dst[w + r + x] = replicate ? dst[w + r - 1] : constant;
    }
}

/* A 3x3 neighbourhood operation over the image: `op` makes one output row from three padded
 * source rows. Under UNDEFINED the outer ring of pixels is not written. */
typedef void (*row3_f)(const int32_t *up, const int32_t *mid, const int32_t *down, int32_t *out, uint32_t w);

static vx_status filter_3x3(vx_node node, vx_reference in_ref, vx_reference out_ref, row3_f op)
{
    plane in, out;
    vx_status s;
    if ((s = plane_of(in_ref, &in)) || (s = plane_of(out_ref, &out)))
        return s;
    const vx_border_t *border = &((pvx_node *)((pvx_ref *)node)->desc)->border;
    uint32_t w = in.width, h = in.height, pw = w + 2;
    int32_t *rows = buffers(pw, 4);
    if (rows == NULL)
        return VX_ERROR_NO_MEMORY;
    int32_t *ring[3] = {rows, rows + pw, rows + 2 * pw}, *result = rows + 3 * pw;
    int undefined = border->mode == VX_BORDER_UNDEFINED;
    uint32_t first = undefined ? 1 : 0, last = undefined ? (h > 1 ? h - 1 : 0) : h;
    for (int k = 0; k < 3; k++) padded_row(&in, (int64_t)first - 1 + k, 1, border, ring[k]);
    for (uint32_t y = first; y < last; y++) {
        if (y > first) {                       /* slide the window down one row */
            int32_t *t = ring[0];
            ring[0] = ring[1], ring[1] = ring[2], ring[2] = t;
            padded_row(&in, (int64_t)y + 1, 1, border, ring[2]);
        }
        if (undefined) {                       /* keep what is in the first and last column */
            load_row(&out, y, result);
            if (w > 2) {
                int32_t keep0 = result[0], keep1 = result[w - 1];
                op(ring[0], ring[1], ring[2], result, w);
                result[0] = keep0, result[w - 1] = keep1;
            }
        } else
            op(ring[0], ring[1], ring[2], result, w);
        store_row(&out, y, result, 1);
    }
    free(rows);
    return VX_SUCCESS;
}

/* The same over U8 input with a vectorized row loop (rows.h) that reads the image rows in place:
 * rows outside the image are the nearest edge row (REPLICATE) or a constant row, and the first and
 * last columns, whose windows leave the image, go through the same loop on 3-pixel windows. Large
 * images run in bands of rows on the tile pool. */
typedef struct {
    plane in, out, gy;                         /* gy: Sobel's second output when both are computed */
    const vx_border_t *border;
    pvx_row3_f *op;                            /* NULL: Sobel's both outputs (rows.h `sobel`) */
    const uint8_t *outside;                    /* CONSTANT: a row of the constant */
    uint32_t first;                            /* output rows [first, first + band rows) */
} filter_u8;

/* Columns x - 1 .. x + 1 of the rows r[0..3) at an edge column x: columns outside the image are the
 * edge column or, when `outside` is not NULL, the constant outside[0]. */
static void edge_window(const uint8_t *const *r, uint32_t x, uint32_t w, const uint8_t *outside, uint8_t win[3][3])
{
    for (int k = 0; k < 3; k++)
        for (int j = 0; j < 3; j++) {
            int64_t xx = (int64_t)x - 1 + j;
            win[k][j] = xx >= 0 && xx < w ? r[k][xx] : outside ? outside[0] : r[k][xx < 0 ? 0 : w - 1];
        }
}

/* The first and last columns of output row `o` (of `ob` bytes a pixel) from the rows r[0..3) (rows
 * outside the image already the edge or constant row); `outside`: the constant row under CONSTANT,
 * else NULL. */
static void filter_u8_edges(pvx_row3_f *op, const uint8_t *const *r, uint8_t *o, uint32_t w, uint32_t ob,
                            const uint8_t *outside)
{
    for (uint32_t x = 0; x < w; x += w > 1 ? w - 1 : 1) {
        uint8_t win[3][3];
        edge_window(r, x, w, outside, win);
        op(win[0], win[1], win[2], o + (size_t)x * ob, 1);
    }
}

/* Output row `o` from the rows r[0..3); its edge columns unless `undefined`. */
static void filter_u8_row(pvx_row3_f *op, const uint8_t *const *r, uint8_t *o, uint32_t w, uint32_t ob,
                          int undefined, const uint8_t *outside)
{
    if (w > 2)
        op(r[0], r[1], r[2], o + ob, w - 2);
    if (!undefined)
        filter_u8_edges(op, r, o, w, ob, outside);
}

/* Both of Sobel's outputs of a row in one pass over its three input rows: the pixels filter_u8_row
 * gives with sobel_x and with sobel_y (the level's loops; not under PVX_SIMD_PLAIN). */
static void sobel_u8_row(const uint8_t *const *r, int16_t *gx, int16_t *gy, uint32_t w, int undefined,
                         const uint8_t *outside)
{
    const pvx_rows *rows = pvx_rows_in_use();
    if (w > 2)
        rows->sobel(r[0], r[1], r[2], gx + 1, gy + 1, w - 2);
    for (uint32_t x = 0; !undefined && x < w; x += w > 1 ? w - 1 : 1) {
        uint8_t win[3][3];
        edge_window(r, x, w, outside, win);
        rows->sobel(win[0], win[1], win[2], gx + x, gy + x, 1);
    }
}

static void filter_u8_rows(void *arg, uint32_t first, uint32_t end)
{
    const filter_u8 *f = arg;
    uint32_t h = f->in.height;
    for (uint32_t y = f->first + first; y < f->first + end; y++) {
        const uint8_t *r[3];
        for (int k = 0; k < 3; k++) {
            int64_t yy = (int64_t)y - 1 + k;
            r[k] = yy >= 0 && yy < h ? row_of(&f->in, (uint32_t)yy)
                 : f->outside ? f->outside : row_of(&f->in, yy < 0 ? 0 : h - 1);
        }
        int undefined = f->border->mode == VX_BORDER_UNDEFINED;
        if (f->op == NULL)
            sobel_u8_row(r, row_of(&f->out, y), row_of(&f->gy, y), f->in.width, undefined, f->outside);
        else
            filter_u8_row(f->op, r, row_of(&f->out, y), f->in.width, f->out.pixel_bytes, undefined, f->outside);
    }
}

/* op NULL: Sobel's gx into out_ref and gy into gy_ref */
static vx_status filter_3x3_u8(vx_node node, vx_reference in_ref, vx_reference out_ref, vx_reference gy_ref,
                               pvx_row3_f *op)
{
    filter_u8 f = {.op = op, .border = &((pvx_node *)((pvx_ref *)node)->desc)->border};
    vx_status s;
    if ((s = plane_of(in_ref, &f.in)) || (s = plane_of(out_ref, &f.out)) || (op == NULL && (s = plane_of(gy_ref, &f.gy))))
        return s;
    uint32_t w = f.in.width, h = f.in.height;
    int undefined = f.border->mode == VX_BORDER_UNDEFINED;
    if (undefined && (w < 3 || h < 3))
        return VX_SUCCESS;                     /* no pixel is defined */
    uint8_t *outside = NULL;
    if (f.border->mode == VX_BORDER_CONSTANT) {
        if ((outside = malloc(w)) == NULL)
            return VX_ERROR_NO_MEMORY;
        memset(outside, f.border->constant_value.U8, w);
    }
    f.outside = outside;
    f.first = undefined;
    pvx_rows_in_bands(filter_u8_rows, &f, h - 2 * undefined, (uint64_t)w * h * PVX_COST_FILTER3);
    free(outside);
    return VX_SUCCESS;
}

/* filter_3x3_u8 with `fast` where the level in use has one (NULL under PVX_SIMD_PLAIN), else the
 * generic rows `plain`. */
static vx_status filter_3x3_either(vx_node node, vx_reference in_ref, vx_reference out_ref, pvx_row3_f *fast,
                                   row3_f plain)
{
    if (fast != NULL && ((pvx_image *)((pvx_ref *)in_ref)->desc)->format == VX_DF_IMAGE_U8)
        return filter_3x3_u8(node, in_ref, out_ref, NULL, fast);
    return filter_3x3(node, in_ref, out_ref, plain);
}

static void box_row(const int32_t *u, const int32_t *m, const int32_t *d, int32_t *out, uint32_t w)
{
    for (uint32_t x = 0; x < w; x++)
        out[x] = (u[x] + u[x + 1] + u[x + 2] + m[x] + m[x + 1] + m[x + 2] + d[x] + d[x + 1] + d[x + 2]) / 9;
}

vx_status pvx_std_box_3x3(vx_node node, const vx_reference *p, vx_uint32 n)
{
    return filter_3x3_either(node, p[0], p[1], pvx_rows_in_use()->box, box_row);
}

static void gaussian_row(const int32_t *u, const int32_t *m, const int32_t *d, int32_t *out, uint32_t w)
{
    for (uint32_t x = 0; x < w; x++)
        out[x] = (u[x] + 2 * u[x + 1] + u[x + 2] + 2 * (m[x] + 2 * m[x + 1] + m[x + 2]) + d[x] + 2 * d[x + 1] +
                  d[x + 2]) >> 4;
}

static void dilate_row(const int32_t *u, const int32_t *m, const int32_t *d, int32_t *out, uint32_t w)
{
    for (uint32_t x = 0; x < w; x++) {
        int32_t v = u[x];
        const int32_t n[8] = {u[x + 1], u[x + 2], m[x], m[x + 1], m[x + 2], d[x], d[x + 1], d[x + 2]};
        for (int k = 0; k < 8; k++) v = n[k] > v ? n[k] : v;
        out[x] = v;
    }
}

static void erode_row(const int32_t *u, const int32_t *m, const int32_t *d, int32_t *out, uint32_t w)
{
    for (uint32_t x = 0; x < w; x++) {
        int32_t v = u[x];
        const int32_t n[8] = {u[x + 1], u[x + 2], m[x], m[x + 1], m[x + 2], d[x], d[x + 1], d[x + 2]};
        for (int k = 0; k < 8; k++) v = n[k] < v ? n[k] : v;
        out[x] = v;
    }
}

static void median_row(const int32_t *u, const int32_t *m, const int32_t *d, int32_t *out, uint32_t w)
{
    for (uint32_t x = 0; x < w; x++) {
        int32_t v[9] = {u[x], u[x + 1], u[x + 2], m[x], m[x + 1], m[x + 2], d[x], d[x + 1], d[x + 2]};
        for (int i = 1; i < 9; i++)            /* insertion sort of nine values */
            for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
                int32_t t = v[j];
                v[j] = v[j - 1], v[j - 1] = t;
            }
        out[x] = v[4];
    }
}

static void sobel_x_row(const int32_t *u, const int32_t *m, const int32_t *d, int32_t *out, uint32_t w)
{
    for (uint32_t x = 0; x < w; x++)
        out[x] = (u[x + 2] - u[x]) + 2 * (m[x + 2] - m[x]) + (d[x + 2] - d[x]);
}

static void sobel_y_row(const int32_t *u, const int32_t *m, const int32_t *d, int32_t *out, uint32_t w)
{
    for (uint32_t x = 0; x < w; x++)
        out[x] = (d[x] + 2 * d[x + 1] + d[x + 2]) - (u[x] + 2 * u[x + 1] + u[x + 2]);
}

vx_status pvx_std_gaussian_3x3(vx_node node, const vx_reference *p, vx_uint32 n)
{
    return filter_3x3_either(node, p[0], p[1], pvx_rows_in_use()->gaussian, gaussian_row);
}

vx_status pvx_std_dilate_3x3(vx_node node, const vx_reference *p, vx_uint32 n)
{
    return filter_3x3_either(node, p[0], p[1], pvx_rows_in_use()->dilate, dilate_row);
}

vx_status pvx_std_erode_3x3(vx_node node, const vx_reference *p, vx_uint32 n)
{
    return filter_3x3_either(node, p[0], p[1], pvx_rows_in_use()->erode, erode_row);
}

vx_status pvx_std_median_3x3(vx_node node, const vx_reference *p, vx_uint32 n)
{
    return filter_3x3_either(node, p[0], p[1], pvx_rows_in_use()->median, median_row);
}

/* Either output may be absent; with both, one pass computes them (the level's loops). */
vx_status pvx_std_sobel_3x3(vx_node node, const vx_reference *p, vx_uint32 n)
{
    vx_status s = VX_SUCCESS;
    if (p[1] != NULL && p[2] != NULL && pvx_rows_in_use()->sobel != NULL &&
        ((pvx_image *)((pvx_ref *)p[0])->desc)->format == VX_DF_IMAGE_U8)
        return filter_3x3_u8(node, p[0], p[1], p[2], NULL);
    if (p[1] != NULL)
        s = filter_3x3_either(node, p[0], p[1], pvx_rows_in_use()->sobel_x, sobel_x_row);
    if (s == VX_SUCCESS && p[2] != NULL)
        s = filter_3x3_either(node, p[0], p[2], pvx_rows_in_use()->sobel_y, sobel_y_row);
    return s;
}

channel_loc channel_of(vx_df_image format, uint32_t k)
{
    uint32_t chroma = k > 0;
    switch (format) {
    case VX_DF_IMAGE_RGB: return (channel_loc){0, k, 3, 1, 1};
    case VX_DF_IMAGE_RGBX: return (channel_loc){0, k, 4, 1, 1};
    case VX_DF_IMAGE_UYVY: return chroma ? (channel_loc){0, 2 * k - 2, 4, 2, 1} : (channel_loc){0, 1, 2, 1, 1};
    case VX_DF_IMAGE_YUYV: return chroma ? (channel_loc){0, 2 * k - 1, 4, 2, 1} : (channel_loc){0, 0, 2, 1, 1};
    case VX_DF_IMAGE_NV12: return chroma ? (channel_loc){1, k - 1, 2, 2, 2} : (channel_loc){0, 0, 1, 1, 1};
    case VX_DF_IMAGE_NV21: return chroma ? (channel_loc){1, 2 - k, 2, 2, 2} : (channel_loc){0, 0, 1, 1, 1};
    case VX_DF_IMAGE_IYUV: return (channel_loc){k, 0, 1, 1 + chroma, 1 + chroma};
    default: return (channel_loc){k, 0, 1, 1, 1};            /* YUV4, and single-plane formats */
    }
}

/* Channel k of a channel enum: VX_CHANNEL_0.., R/G/B/A or Y/U/V. */
static uint32_t channel_index(vx_enum channel)
{
    return channel >= VX_CHANNEL_Y ? (uint32_t)(channel - VX_CHANNEL_Y)
         : channel >= VX_CHANNEL_R ? (uint32_t)(channel - VX_CHANNEL_R) : (uint32_t)(channel - VX_CHANNEL_0);
}

/* Channel k of image `img` into (to_u8) or from the U8 image `u8`, which has the channel's size. */
static vx_status move_channel(vx_reference img, uint32_t k, vx_reference u8, int to_u8)
{
    channel_loc c = channel_of(((pvx_image *)((pvx_ref *)img)->desc)->format, k);
    plane pi, pu;
    vx_status s;
    if ((s = plane_at(img, c.plane, &pi)) || (s = plane_of(u8, &pu)))
        return s;
    void (*row)(uint8_t *, uint32_t, uint8_t *, uint32_t, int) = pvx_rows_in_use()->step_row;
    for (uint32_t y = 0; y < pu.height; y++)
        (row != NULL ? row : pvx_step_row)((uint8_t *)row_of(&pi, y) + c.offset, c.step, row_of(&pu, y), pu.width,
                                           to_u8);
    return VX_SUCCESS;
}

vx_status pvx_std_channel_extract(vx_node node, const vx_reference *p, vx_uint32 n)
{
    return move_channel(p[0], channel_index(scalar_enum(p[1])), p[2], 1);
}

/* RGB or RGBX from three or four U8 planes in one pass (each output byte written once). */
static int interleave(const vx_reference *p, vx_df_image format)
{
    uint32_t channels = format == VX_DF_IMAGE_RGB ? 3 : format == VX_DF_IMAGE_RGBX ? 4 : 0;
    plane in[4], out;
    for (uint32_t k = 0; k < channels; k++)
        if (p[k] == NULL || plane_of(p[k], &in[k]))
            return 0;
    if (channels == 0 || plane_of(p[4], &out))
        return 0;
    void (*row)(const uint8_t *const *, uint32_t, uint8_t *, uint32_t) = pvx_rows_in_use()->interleave;
    for (uint32_t y = 0; y < out.height; y++) {
        const uint8_t *rows[4];
        for (uint32_t k = 0; k < channels; k++) rows[k] = row_of(&in[k], y);
        (row != NULL ? row : pvx_interleave_row)(rows, channels, row_of(&out, y), out.width);
    }
    return 1;
}

/* Input k (0..3, the absent ones NULL) is channel k of the output. */
vx_status pvx_std_channel_combine(vx_node node, const vx_reference *p, vx_uint32 n)
{
    if (interleave(p, ((pvx_image *)((pvx_ref *)p[4])->desc)->format))
        return VX_SUCCESS;
    vx_status s = VX_SUCCESS;
    for (uint32_t k = 0; k < 4 && s == VX_SUCCESS; k++)
        if (p[k] != NULL)
            s = move_channel(p[4], k, p[k], 0);
    return s;
}

/* Magnitude (S16) or Phase (U8) of S16 gradients with the level's row loop, else the generic rows. */
vx_status pvx_std_magnitude(vx_node node, const vx_reference *p, vx_uint32 n)
{
    return pixel_kernel(node, p, VX_KERNEL_MAGNITUDE, pvx_fuse_pointwise_prepare, pvx_fuse_pointwise_row, 2, 2);
}

vx_status pvx_std_phase(vx_node node, const vx_reference *p, vx_uint32 n)
{
    return pixel_kernel(node, p, VX_KERNEL_PHASE, pvx_fuse_pointwise_prepare, pvx_fuse_pointwise_row, 2, 2);
}

/* ---- per-row entry points: fused passes (runtime/fusion.h) call them, and so do the 3x3 filters'
 * rows above and the pixel-wise kernels (pixel_kernel), so both ways give the same pixels ---- */
/* s->args[0] is the kernel's enum (graph/fusion.py or pixel_kernel sets it); prepare fills the rest per run. */

static vx_df_image param_format(const pvx_fused_stage *s, uint32_t index)
{
    vx_reference ref = s->params[index];
    return ref ? ((pvx_image *)((pvx_ref *)ref)->desc)->format : VX_DF_IMAGE_VIRT;
}

/* A row of the pass as a one-row plane, for load_row and store_row. */
static plane row_plane(const void *row, vx_df_image format, uint32_t w)
{
    return (plane){(uint8_t *)row, 0, format, w, 1, format == VX_DF_IMAGE_U8 ? 1 : 2};
}

static void take_border(pvx_fused_stage *s)
{
    s->border = s->node->border;
    s->first = 0, s->last = s->height, s->edge = 0;
}

/* The level's loop for several rows of a 3x3 filter with U8 input and output (rows.h pvx_rows3_f),
 * or NULL (Sobel; below AVX2). */
static pvx_rows3_f *filter_rows_op(vx_enum kernel)
{
    const pvx_rows *rows = pvx_rows_in_use();
    switch (kernel) {
    case VX_KERNEL_BOX_3x3: return rows->box_rows;
    case VX_KERNEL_GAUSSIAN_3x3: return rows->gaussian_rows;
    case VX_KERNEL_MEDIAN_3x3: return rows->median_rows;
    case VX_KERNEL_ERODE_3x3: return rows->erode_rows;
    case VX_KERNEL_DILATE_3x3: return rows->dilate_rows;
    default: return NULL;
    }
}

vx_status pvx_fuse_filter_prepare(pvx_fused_stage *s)
{
    take_border(s);
    if (s->border.mode == VX_BORDER_UNDEFINED)   /* the outer ring is not computed */
        s->first = 1, s->last = s->width < 3 || s->height < 3 ? 1 : s->height - 1, s->edge = 1;
    s->in_format[0] = param_format(s, 0);
    s->out_format[0] = param_format(s, 1);
    s->out_format[1] = s->node->num_parameters > 2 ? param_format(s, 2) : VX_DF_IMAGE_VIRT;
    s->fn = s->in_format[0] == VX_DF_IMAGE_U8 && s->out_format[0] == VX_DF_IMAGE_U8 ? filter_rows_op(s->args[0]) : NULL;
    /* (a stage computing for twins stores their rows one at a time: fusion.c several_rows) */
    s->rows = s->fn != NULL && s->width > 2 ? pvx_fuse_filter_rows : NULL;
    return VX_SUCCESS;
}

/* The row loops of output o of a 3x3 filter: the level's (NULL under plain) and the generic one. */
static void filter_ops(vx_enum kernel, uint32_t o, pvx_row3_f **fast, row3_f *plain)
{
    const pvx_rows *rows = pvx_rows_in_use();
    switch (kernel) {
    case VX_KERNEL_BOX_3x3: *fast = rows->box, *plain = box_row; break;
    case VX_KERNEL_GAUSSIAN_3x3: *fast = rows->gaussian, *plain = gaussian_row; break;
    case VX_KERNEL_MEDIAN_3x3: *fast = rows->median, *plain = median_row; break;
    case VX_KERNEL_ERODE_3x3: *fast = rows->erode, *plain = erode_row; break;
    case VX_KERNEL_DILATE_3x3: *fast = rows->dilate, *plain = dilate_row; break;
    default: *fast = o ? rows->sobel_y : rows->sobel_x, *plain = o ? sobel_y_row : sobel_x_row; break;
    }
}

/* n rows of a 3x3 filter at once (fusion.h pvx_fused_rows_f): the interior columns by the level's
 * several-rows loop (s->fn), then each row's edge columns as pvx_fuse_filter_row computes them. */
void pvx_fuse_filter_rows(const pvx_fused_stage *s, const uint8_t *const *in, uint8_t *const *out, uint32_t n,
                          int32_t *scratch)
{
    (void)scratch;
    uint32_t w = s->width;
    uint8_t *inner[n];
    for (uint32_t j = 0; j < n; j++)
        inner[j] = out[j] + 1;
    ((pvx_rows3_f *)s->fn)(in, inner, n, w - 2);
    if (s->border.mode == VX_BORDER_UNDEFINED)
        return;
    pvx_row3_f *op;
    row3_f plain;
    filter_ops(s->args[0], 0, &op, &plain);
    uint8_t c = s->border.constant_value.U8;
    for (uint32_t j = 0; j < n; j++)
        filter_u8_edges(op, in + j, out[j], w, 1, s->border.mode == VX_BORDER_CONSTANT ? &c : NULL);
}

void pvx_fuse_filter_row(const pvx_fused_stage *s, const uint8_t *const *in, uint8_t *const *out, int32_t *scratch)
{
    uint32_t w = s->width, pw = w + 2;
    int undefined = s->border.mode == VX_BORDER_UNDEFINED, constant = s->border.mode == VX_BORDER_CONSTANT;
    uint8_t c = s->border.constant_value.U8;
    if (s->args[0] == VX_KERNEL_SOBEL_3x3 && out[0] != NULL && out[1] != NULL && pvx_rows_in_use()->sobel != NULL) {
        sobel_u8_row(in, (int16_t *)out[0], (int16_t *)out[1], w, undefined, constant ? &c : NULL);
        return;
    }
    for (uint32_t o = 0; o < s->num_out; o++) {
        if (out[o] == NULL)
            continue;
        pvx_row3_f *fast;
        row3_f plain;
        filter_ops(s->args[0], o, &fast, &plain);
        if (fast != NULL) {
            filter_u8_row(fast, in, out[o], w, s->out_format[o] == VX_DF_IMAGE_U8 ? 1 : 2, undefined,
                          constant ? &c : NULL);
            continue;
        }
        int32_t *ring[3] = {scratch, scratch + pw, scratch + 2 * pw}, *result = scratch + 3 * pw;
        for (int k = 0; k < 3; k++) {            /* padded_row's values from the resolved rows */
            plane p = row_plane(in[k], VX_DF_IMAGE_U8, w);
            load_row(&p, 0, ring[k] + 1);
            ring[k][0] = constant ? c : ring[k][1];
            ring[k][w + 1] = constant ? c : ring[k][w];
        }
        plain(ring[0], ring[1], ring[2], result, w);
        plane p = row_plane(out[o], s->out_format[o], w);
        if (!undefined)
            store_row(&p, 0, result, 1);
        else if (w > 2) {                        /* the first and last columns are not written */
            plane mid = row_plane(out[o] + p.pixel_bytes, s->out_format[o], w - 2);
            store_row(&mid, 0, result + 1, 1);
        }
    }
}

/* And, Or, Xor, AbsDiff, Add, Subtract (binary_rows), Magnitude and Phase (gradient): args[1] the
 * operation, args[2] saturate. */
vx_status pvx_fuse_pointwise_prepare(pvx_fused_stage *s)
{
    take_border(s);
    uint32_t out = 2;
    int op, saturate = 0;
    switch (s->args[0]) {
    case VX_KERNEL_AND: op = OP_AND; break;
    case VX_KERNEL_OR: op = OP_OR; break;
    case VX_KERNEL_XOR: op = OP_XOR; break;
    case VX_KERNEL_ABSDIFF: op = OP_ABSDIFF, saturate = 1; break;
    case VX_KERNEL_ADD: op = OP_ADD, out = 3; break;
    case VX_KERNEL_SUBTRACT: op = OP_SUBTRACT, out = 3; break;
    case VX_KERNEL_MAGNITUDE: op = OP_MAGNITUDE, saturate = 1; break;
    case VX_KERNEL_PHASE: op = OP_PHASE; break;
    default: return VX_ERROR_NOT_SUPPORTED;
    }
    if (out == 3)
        saturate = scalar_enum(s->params[2]) == VX_CONVERT_POLICY_SATURATE;
    s->args[1] = op, s->args[2] = saturate;
    s->in_format[0] = param_format(s, 0), s->in_format[1] = param_format(s, 1);
    s->out_format[0] = param_format(s, out);
    return VX_SUCCESS;
}

void pvx_fuse_pointwise_row(const pvx_fused_stage *s, const uint8_t *const *in, uint8_t *const *out, int32_t *scratch)
{
    uint32_t w = s->width;
    int op = s->args[1], saturate = s->args[2];
    const pvx_rows *rows = pvx_rows_in_use();
    pvx_gradient_row_f *grad = op == OP_MAGNITUDE ? rows->magnitude : op == OP_PHASE ? rows->phase : NULL;
    vx_df_image grad_format = op == OP_MAGNITUDE ? VX_DF_IMAGE_S16 : VX_DF_IMAGE_U8;
    if (grad != NULL && s->in_format[0] == VX_DF_IMAGE_S16 && s->in_format[1] == VX_DF_IMAGE_S16 &&
        s->out_format[0] == grad_format) {
        grad((const int16_t *)in[0], (const int16_t *)in[1], out[0], w);
        return;
    }
    plane a = row_plane(in[0], s->in_format[0], w), b = row_plane(in[1], s->in_format[1], w);
    plane o = row_plane(out[0], s->out_format[0], w);
    pvx_row2_f *u8 = u8_rows(op, &a, &b, &o, saturate);
    if (u8 != NULL) {
        u8(in[0], in[1], out[0], w);
        return;
    }
    load_row(&a, 0, scratch);
    load_row(&b, 0, scratch + w);
    combine(op, scratch, scratch + w, w);
    store_row(&o, 0, scratch, saturate);
}

/* args[1] yes, [2] no, [3] lower, [4] upper (yes when lower <= v <= upper; none when lower > upper),
 * [5] the row loops run (U8 or S16 in; U8, or U1 by way of bytes, out) */
vx_status pvx_fuse_threshold_prepare(pvx_fused_stage *s)
{
    take_border(s);
    s->in_format[0] = param_format(s, 0), s->out_format[0] = param_format(s, 2);
    const pvx_threshold *t = ((pvx_ref *)s->params[1])->desc;
    vx_df_image in = s->in_format[0], out = s->out_format[0];
    s->args[1] = pixel_value(&t->true_value, out), s->args[2] = pixel_value(&t->false_value, out);
    s->args[5] = pvx_rows_in_use()->threshold != NULL && (in == VX_DF_IMAGE_U8 || in == VX_DF_IMAGE_S16) &&
                 (out == VX_DF_IMAGE_U8 || out == VX_DF_IMAGE_U1);
    if (t->type == VX_THRESHOLD_TYPE_BINARY) {  /* v > value: value + 1 <= v <= the format's top */
        int32_t v = pixel_value(&t->value, in), top = in == VX_DF_IMAGE_S16 ? INT16_MAX : UINT8_MAX;
        s->args[3] = v < top ? v + 1 : 1, s->args[4] = v < top ? top : 0;
    } else
        s->args[3] = pixel_value(&t->lower, in), s->args[4] = pixel_value(&t->upper, in);
    return VX_SUCCESS;
}

void pvx_fuse_threshold_row(const pvx_fused_stage *s, const uint8_t *const *in, uint8_t *const *out, int32_t *scratch)
{
    uint32_t w = s->width;
    int32_t yes = s->args[1], no = s->args[2], lower = s->args[3], upper = s->args[4];
    if (s->args[5]) {
        const pvx_rows *rows = pvx_rows_in_use();
        uint8_t *bytes = s->out_format[0] == VX_DF_IMAGE_U1 ? (uint8_t *)scratch : out[0];
        if (bytes != out[0] && s->in_format[0] == VX_DF_IMAGE_U8 && rows->threshold_bits != NULL) {
            rows->threshold_bits(in[0], out[0], w, (uint8_t)lower, (uint8_t)upper, (uint8_t)yes, (uint8_t)no);
            return;
        }
        if (s->in_format[0] == VX_DF_IMAGE_U8)
            rows->threshold(in[0], bytes, w, (uint8_t)lower, (uint8_t)upper, (uint8_t)yes, (uint8_t)no);
        else
            rows->threshold_s16((const int16_t *)(const void *)in[0], bytes, w, (int16_t)lower, (int16_t)upper,
                                (uint8_t)yes, (uint8_t)no);
        if (bytes != out[0])
            rows->pack_bits(bytes, out[0], w);
        return;
    }
    plane a = row_plane(in[0], s->in_format[0], w), o = row_plane(out[0], s->out_format[0], w);
    load_row(&a, 0, scratch);
    for (uint32_t x = 0; x < w; x++)
        scratch[x] = scratch[x] > upper || scratch[x] < lower ? no : yes;
    store_row(&o, 0, scratch, 0);
}

/* args[1] saturate, [2] shift */
vx_status pvx_fuse_convert_depth_prepare(pvx_fused_stage *s)
{
    take_border(s);
    s->in_format[0] = param_format(s, 0), s->out_format[0] = param_format(s, 1);
    s->args[1] = scalar_enum(s->params[2]) == VX_CONVERT_POLICY_SATURATE;
    s->args[2] = *(const vx_int32 *)scalar_value(s->params[3]);
    return VX_SUCCESS;
}

void pvx_fuse_convert_depth_row(const pvx_fused_stage *s, const uint8_t *const *in, uint8_t *const *out,
                                int32_t *scratch)
{
    uint32_t w = s->width;
    int saturate = s->args[1];
    int32_t shift = s->args[2];
    const pvx_rows *rows = pvx_rows_in_use();
    int widen = s->in_format[0] == VX_DF_IMAGE_U8 && s->out_format[0] == VX_DF_IMAGE_S16;
    int narrow = s->in_format[0] == VX_DF_IMAGE_S16 && s->out_format[0] == VX_DF_IMAGE_U8;
    if (rows->widen != NULL && (widen || narrow) && shift >= 0 && shift < 8) {
        if (widen)
            rows->widen(in[0], (int16_t *)out[0], w, (uint32_t)shift);
        else
            rows->narrow((const int16_t *)in[0], out[0], w, (uint32_t)shift, saturate);
        return;
    }
    plane a = row_plane(in[0], s->in_format[0], w), o = row_plane(out[0], s->out_format[0], w);
    load_row(&a, 0, scratch);
    int u8 = s->in_format[0] == VX_DF_IMAGE_U8;
    for (uint32_t x = 0; x < w; x++)
        scratch[x] = u8 ? scratch[x] << shift : scratch[x] >> shift;
    store_row(&o, 0, scratch, u8 ? 0 : saturate);
}

/* Fused (graph/fusion.py fuses channels of the first plane at full size only): args[1] the byte
 * offset, [2] the step. The channel is a scalar read per run: one moved to another plane (U or V
 * of NV12, NV21, IYUV) has another size than the output, which the validator refused. */
vx_status pvx_fuse_channel_extract_prepare(pvx_fused_stage *s)
{
    take_border(s);
    channel_loc c = channel_of(param_format(s, 0), channel_index(scalar_enum(s->params[1])));
    if (c.plane != 0 || c.sub_x != 1 || c.sub_y != 1)
        return VX_ERROR_INVALID_PARAMETERS;
    s->args[1] = (int32_t)c.offset, s->args[2] = (int32_t)c.step;
    return VX_SUCCESS;
}

void pvx_fuse_channel_extract_row(const pvx_fused_stage *s, const uint8_t *const *in, uint8_t *const *out,
                                  int32_t *scratch)
{
    void (*row)(uint8_t *, uint32_t, uint8_t *, uint32_t, int) = pvx_rows_in_use()->step_row;
    (row != NULL ? row : pvx_step_row)((uint8_t *)in[0] + s->args[1], (uint32_t)s->args[2], out[0], s->width, 1);
}
