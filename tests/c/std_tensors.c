/* The tensor kernels against plain C: TensorAdd and TensorSubtract on UINT8, INT8 and Q7.8 INT16
 * tensors of odd sizes, equal and broadcast dimensions, both policies, as a node and through vxu.
 * Then the refusals. TensorMultiply likewise with its scale and both roundings;
 * TensorTableLookup, TensorConvertDepth, TensorTranspose, TensorMatrixMultiply. */
#include <VX/vx.h>
#include <VX/vxu.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

#ifndef D0_SIZE
#define D0_SIZE 5                 /* the innermost size (-D: around the vector widths) */
#endif
#ifndef D1_SIZE
#define D1_SIZE 3                 /* (-D: whole 32 x 32 blocks for the transposes) */
#endif
enum { N = 3, D0 = D0_SIZE, D1 = D1_SIZE, D2 = 7, COUNT = D0 * D1 * D2 };

static vx_size item_size(vx_enum type)
{
    return type == VX_TYPE_INT16 ? 2 : 1;
}

/* Copies a packed tensor from or to `values` (int32, innermost dimension first). */
static void copy_tensor(vx_tensor t, const vx_size *dims, vx_enum type, int32_t *values, vx_enum usage)
{
    vx_size count = dims[0] * dims[1] * dims[2], es = item_size(type);
    vx_size start[N] = {0}, stride[N] = {es, es * dims[0], es * dims[0] * dims[1]};
    uint8_t *buf = malloc(es * count);
    for (vx_size k = 0; usage == VX_WRITE_ONLY && k < count; k++) {
        if (type == VX_TYPE_INT16)
            ((int16_t *)buf)[k] = (int16_t)values[k];
        else
            buf[k] = (uint8_t)values[k];
    }
    CHECK_OK(vxCopyTensorPatch(t, N, start, dims, stride, buf, usage, VX_MEMORY_TYPE_HOST));
    for (vx_size k = 0; usage == VX_READ_ONLY && k < count; k++)
        values[k] = type == VX_TYPE_INT16 ? ((int16_t *)buf)[k] : type == VX_TYPE_INT8 ? (int8_t)buf[k] : buf[k];
    free(buf);
}

static int32_t to_type(int64_t v, vx_enum type, int saturate)
{
    int64_t lo = type == VX_TYPE_UINT8 ? 0 : type == VX_TYPE_INT8 ? INT8_MIN : INT16_MIN;
    int64_t hi = type == VX_TYPE_UINT8 ? UINT8_MAX : type == VX_TYPE_INT8 ? INT8_MAX : INT16_MAX;
    if (saturate)
        return (int32_t)(v < lo ? lo : v > hi ? hi : v);
    return type == VX_TYPE_UINT8 ? (uint8_t)v : type == VX_TYPE_INT8 ? (int8_t)(uint8_t)v : (int16_t)(uint16_t)v;
}

/* A tensor of pseudo-random values over the type's whole range. */
static vx_tensor random_tensor(vx_context ctx, const vx_size *dims, vx_enum type, vx_int8 q, uint32_t seed,
                               int32_t *values)
{
    vx_tensor t = vxCreateTensor(ctx, N, dims, type, q);
    CHECK_REF(t);
    for (vx_size k = 0; k < dims[0] * dims[1] * dims[2]; k++) {
        seed = seed * 1664525u + 1013904223u;
        values[k] = to_type((int32_t)(seed >> 8), type, 0);
        if (type == VX_TYPE_INT16 && k < 4)            /* the extremes, paired differently per seed */
            values[k] = (k + seed) & 1 ? INT16_MAX : INT16_MIN;
    }
    copy_tensor(t, dims, type, values, VX_WRITE_ONLY);
    return t;
}

static vx_status run_add_sub(vx_context ctx, int subtract, int immediate, vx_tensor a, vx_tensor b, vx_enum policy,
                             vx_tensor out)
{
    if (immediate)
        return subtract ? vxuTensorSubtract(ctx, a, b, policy, out) : vxuTensorAdd(ctx, a, b, policy, out);
    vx_graph g = vxCreateGraph(ctx);
    vx_node n = subtract ? vxTensorSubtractNode(g, a, b, policy, out) : vxTensorAddNode(g, a, b, policy, out);
    CHECK_REF(n);
    vx_status s = vxProcessGraph(g);
    CHECK_OK(vxReleaseNode(&n));
    CHECK_OK(vxReleaseGraph(&g));
    return s;
}

static int64_t round_policy(double v, vx_enum rounding)
{
    return (int64_t)(rounding == VX_ROUND_POLICY_TO_NEAREST_EVEN ? nearbyint(v) : trunc(v));
}

static vx_status run_multiply(vx_context ctx, int immediate, vx_tensor a, vx_tensor b, vx_scalar scale, vx_enum policy,
                              vx_enum rounding, vx_tensor out)
{
    if (immediate)
        return vxuTensorMultiply(ctx, a, b, scale, policy, rounding, out);
    vx_graph g = vxCreateGraph(ctx);
    vx_node n = vxTensorMultiplyNode(g, a, b, scale, policy, rounding, out);
    CHECK_REF(n);
    vx_status s = vxProcessGraph(g);
    CHECK_OK(vxReleaseNode(&n));
    CHECK_OK(vxReleaseGraph(&g));
    return s;
}

/* Reports the first element of `got` (D0 x D1 x D2) differing from `want`. */
static int compare(const char *what, int t, const int32_t *got, const int32_t *want)
{
    for (int k = 0; k < COUNT; k++)
        if (got[k] != want[k]) {
            fprintf(stderr, "%s type %d element %d: %d, expected %d\n", what, t, k, got[k], want[k]);
            return 1;
        }
    return 0;
}

/* TensorMultiply: a * b * scale / 2^q, both roundings, both policies, equal and broadcast shapes. */
static int test_multiply(vx_context ctx, const vx_size *dims, const vx_size (*second)[N])
{
    static int32_t va[COUNT], vb[COUNT], got[COUNT], want[COUNT];
    const struct { vx_enum type; vx_int8 q; } types[3] = {{VX_TYPE_UINT8, 0}, {VX_TYPE_INT8, 0}, {VX_TYPE_INT16, 8}};
    /* 1, 1/128 and 256 on Q7.8: shifts 8, 15 and 0 */
    const vx_float32 scales[6] = {1.0f, 1.0f / 255, 2.7f, 1.0f / 128, 256.0f, 0.5f};
    for (int t = 0; t < 3; t++)
        for (int s = 0; s < 6; s++) {
            vx_tensor a = random_tensor(ctx, dims, types[t].type, types[t].q, 31 + t, va);
            vx_tensor b = random_tensor(ctx, second[s % 3], types[t].type, types[t].q, 43 + s, vb);
            vx_tensor out = vxCreateTensor(ctx, N, dims, types[t].type, types[t].q);
            vx_float32 f = scales[s];
            vx_scalar scale = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &f);
            for (int mode = 0; mode < 8; mode++) {
                int saturate = mode & 1, immediate = mode >> 2;
                vx_enum policy = saturate ? VX_CONVERT_POLICY_SATURATE : VX_CONVERT_POLICY_WRAP;
                vx_enum rounding = mode & 2 ? VX_ROUND_POLICY_TO_NEAREST_EVEN : VX_ROUND_POLICY_TO_ZERO;
                CHECK_OK(run_multiply(ctx, immediate, a, b, scale, policy, rounding, out));
                copy_tensor(out, dims, types[t].type, got, VX_READ_ONLY);
                const vx_size *bd = second[s % 3];
                for (vx_size z = 0; z < D2; z++)
                    for (vx_size y = 0; y < D1; y++)
                        for (vx_size x = 0; x < D0; x++) {
                            double ea = va[(z * D1 + y) * D0 + x];
                            double eb = vb[((bd[2] == 1 ? 0 : z) * bd[1] + (bd[1] == 1 ? 0 : y)) * bd[0] + (bd[0] == 1 ? 0 : x)];
                            double product = ea * eb * f / (1 << types[t].q);
                            want[(z * D1 + y) * D0 + x] = to_type(round_policy(product, rounding), types[t].type, saturate);
                        }
                if (compare(mode & 2 ? "multiply nearest even" : "multiply to zero", t, got, want))
                    return 1;
            }
            vxReleaseScalar(&scale), vxReleaseTensor(&a), vxReleaseTensor(&b), vxReleaseTensor(&out);
        }
    vx_tensor u8 = vxCreateTensor(ctx, N, dims, VX_TYPE_UINT8, 0), s8 = vxCreateTensor(ctx, N, dims, VX_TYPE_INT8, 0);
    vx_tensor o = vxCreateTensor(ctx, N, dims, VX_TYPE_UINT8, 0);
    vx_float32 one = 1, negative = -1;
    vx_scalar scale = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &one), bad = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &negative);
    vx_scalar int_scale = vxCreateScalar(ctx, VX_TYPE_INT32, &(vx_int32){1});
    CHECK_REFUSED(vxuTensorMultiply(ctx, u8, s8, scale, VX_CONVERT_POLICY_WRAP, VX_ROUND_POLICY_TO_ZERO, o),
                  VX_ERROR_INVALID_TYPE);
    CHECK_REFUSED(vxuTensorMultiply(ctx, u8, u8, bad, VX_CONVERT_POLICY_WRAP, VX_ROUND_POLICY_TO_ZERO, o),
                  VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(vxuTensorMultiply(ctx, u8, u8, int_scale, VX_CONVERT_POLICY_WRAP, VX_ROUND_POLICY_TO_ZERO, o),
                  VX_ERROR_INVALID_TYPE);
    CHECK_REFUSED(vxuTensorMultiply(ctx, u8, u8, scale, VX_CONVERT_POLICY_WRAP, VX_CONVERT_POLICY_WRAP, o),
                  VX_ERROR_INVALID_VALUE);
    vxReleaseScalar(&scale), vxReleaseScalar(&bad), vxReleaseScalar(&int_scale);
    vxReleaseTensor(&u8), vxReleaseTensor(&s8), vxReleaseTensor(&o);
    return 0;
}

/* The node of `g` run once, graph and node released: the run's status. */
static vx_status run_node(vx_graph g, vx_node n)
{
    CHECK_REF(n);
    vx_status s = vxProcessGraph(g);
    CHECK_OK(vxReleaseNode(&n));
    CHECK_OK(vxReleaseGraph(&g));
    return s;
}

/* TensorTableLookup: UINT8 with a 256-entry LUT, Q7.8 INT16 with full and short LUTs (offset
 * count / 2; an index outside the LUT keeps the value). */
static int test_table_lookup(vx_context ctx, const vx_size *dims)
{
    static int32_t va[COUNT], got[COUNT], want[COUNT];
    static int16_t table[65536];
    const struct { vx_enum type; vx_int8 q; vx_size count; } cases[3] = {
        {VX_TYPE_UINT8, 0, 256}, {VX_TYPE_INT16, 8, 65536}, {VX_TYPE_INT16, 8, 301}};
    for (int t = 0; t < 3; t++) {
        vx_tensor a = random_tensor(ctx, dims, cases[t].type, cases[t].q, 57 + t, va);
        vx_tensor out = vxCreateTensor(ctx, N, dims, cases[t].type, cases[t].q);
        vx_lut lut = vxCreateLUT(ctx, cases[t].type, cases[t].count);
        CHECK_REF(lut);
        uint32_t seed = 5 + t;
        for (vx_size k = 0; k < cases[t].count; k++) {
            seed = seed * 1664525u + 1013904223u;
            table[k] = (int16_t)(seed >> 8);
        }
        uint8_t bytes[256];
        for (int k = 0; k < 256; k++)
            bytes[k] = (uint8_t)table[k];
        CHECK_OK(vxCopyLUT(lut, cases[t].type == VX_TYPE_UINT8 ? (void *)bytes : (void *)table, VX_WRITE_ONLY,
                           VX_MEMORY_TYPE_HOST));
        vx_uint32 offset;
        CHECK_OK(vxQueryLUT(lut, VX_LUT_OFFSET, &offset, sizeof offset));
        for (int k = 0; k < COUNT; k++) {
            int64_t index = (int64_t)offset + va[k];
            want[k] = index < 0 || index >= (int64_t)cases[t].count ? va[k]
                      : cases[t].type == VX_TYPE_UINT8 ? bytes[index] : table[index];
        }
        for (int immediate = 0; immediate < 2; immediate++) {
            vx_graph g = vxCreateGraph(ctx);
            CHECK_OK(immediate ? vxuTensorTableLookup(ctx, a, lut, out) : run_node(g, vxTensorTableLookupNode(g, a, lut, out)));
            if (immediate)
                vxReleaseGraph(&g);
            copy_tensor(out, dims, cases[t].type, got, VX_READ_ONLY);
            if (compare("table lookup", t, got, want))
                return 1;
        }
        vxReleaseTensor(&a), vxReleaseTensor(&out), vxReleaseLUT(&lut);
    }
    vx_tensor u8 = vxCreateTensor(ctx, N, dims, VX_TYPE_UINT8, 0), s16 = vxCreateTensor(ctx, N, dims, VX_TYPE_INT16, 8);
    vx_tensor s8 = vxCreateTensor(ctx, N, dims, VX_TYPE_INT8, 0), s8_out = vxCreateTensor(ctx, N, dims, VX_TYPE_INT8, 0);
    vx_tensor s16_out = vxCreateTensor(ctx, N, dims, VX_TYPE_INT16, 8);
    vx_lut lut = vxCreateLUT(ctx, VX_TYPE_UINT8, 256);
    CHECK_REFUSED(vxuTensorTableLookup(ctx, s16, lut, s16_out), VX_ERROR_INVALID_TYPE);
    vx_tensor q16 = vxCreateTensor(ctx, N, dims, VX_TYPE_INT16, 16), q16_out = vxCreateTensor(ctx, N, dims, VX_TYPE_INT16, 16);
    vx_tensor qm1 = vxCreateTensor(ctx, N, dims, VX_TYPE_UINT8, -1), qm1_out = vxCreateTensor(ctx, N, dims, VX_TYPE_UINT8, -1);
    CHECK_REFUSED(vxuTensorTableLookup(ctx, q16, lut, q16_out), VX_ERROR_INVALID_TYPE);
    CHECK_REFUSED(vxuTensorTableLookup(ctx, qm1, lut, qm1_out), VX_ERROR_INVALID_TYPE);
    vxReleaseTensor(&q16), vxReleaseTensor(&q16_out), vxReleaseTensor(&qm1), vxReleaseTensor(&qm1_out);
    CHECK_REFUSED(vxuTensorTableLookup(ctx, s8, lut, s8_out), VX_ERROR_INVALID_TYPE);
    CHECK_REFUSED(vxuTensorTableLookup(ctx, u8, lut, s16_out), VX_ERROR_INVALID_TYPE);
    vxReleaseTensor(&u8), vxReleaseTensor(&s16), vxReleaseTensor(&s8), vxReleaseTensor(&s8_out);
    vxReleaseTensor(&s16_out), vxReleaseLUT(&lut);
    return 0;
}

/* TensorConvertDepth: ((in - offset) / norm) between the types and fixed point positions,
 * truncated toward zero, both policies. */
static int test_convert_depth(vx_context ctx, const vx_size *dims)
{
    static int32_t va[COUNT], got[COUNT], want[COUNT];
    /* the last four: shifts 3 (to U8), 15 (U8), 4 (S8), 4 (S16) */
    const struct { vx_enum from; vx_int8 qf; vx_enum to; vx_int8 qt; vx_float32 norm, offset; } cases[9] = {
        {VX_TYPE_UINT8, 0, VX_TYPE_INT16, 8, 255, 0}, {VX_TYPE_INT16, 8, VX_TYPE_UINT8, 0, 1.0f / 255, 0},
        {VX_TYPE_INT8, 0, VX_TYPE_INT16, 0, 0.5f, 3.5f}, {VX_TYPE_INT16, 8, VX_TYPE_INT8, 0, 0.25f, -1},
        {VX_TYPE_INT16, 8, VX_TYPE_INT16, 4, -3, 0.125f}, {VX_TYPE_INT16, 0, VX_TYPE_UINT8, 0, 8, 0},
        {VX_TYPE_INT16, 8, VX_TYPE_UINT8, 0, 128, 0}, {VX_TYPE_INT16, 0, VX_TYPE_INT8, 0, 16, 0},
        {VX_TYPE_INT16, 8, VX_TYPE_INT16, 0, 0.0625f, 0}};
    for (int t = 0; t < 9; t++) {
        vx_tensor a = random_tensor(ctx, dims, cases[t].from, cases[t].qf, 71 + t, va);
        vx_tensor out = vxCreateTensor(ctx, N, dims, cases[t].to, cases[t].qt);
        vx_scalar norm = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &cases[t].norm);
        vx_scalar offset = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &cases[t].offset);
        for (int mode = 0; mode < 4; mode++) {
            int saturate = mode & 1, immediate = mode >> 1;
            vx_enum policy = saturate ? VX_CONVERT_POLICY_SATURATE : VX_CONVERT_POLICY_WRAP;
            vx_graph g = vxCreateGraph(ctx);
            CHECK_OK(immediate ? vxuTensorConvertDepth(ctx, a, policy, norm, offset, out)
                               : run_node(g, vxTensorConvertDepthNode(g, a, policy, norm, offset, out)));
            if (immediate)
                vxReleaseGraph(&g);
            copy_tensor(out, dims, cases[t].to, got, VX_READ_ONLY);
            for (int k = 0; k < COUNT; k++) {
                double v = ((double)va[k] * (1.0 / (1 << cases[t].qf)) - cases[t].offset) / cases[t].norm *
                           (1 << cases[t].qt);
                want[k] = to_type((int64_t)trunc(v), cases[t].to, saturate);
            }
            if (compare(saturate ? "convert depth saturate" : "convert depth wrap", t, got, want))
                return 1;
        }
        vxReleaseTensor(&a), vxReleaseTensor(&out), vxReleaseScalar(&norm), vxReleaseScalar(&offset);
    }
    const vx_size small[N] = {D0, D1, 1};
    vx_tensor u8 = vxCreateTensor(ctx, N, dims, VX_TYPE_UINT8, 0), s16 = vxCreateTensor(ctx, N, dims, VX_TYPE_INT16, 8);
    vx_tensor f32 = vxCreateTensor(ctx, N, dims, VX_TYPE_FLOAT32, 0), s16_small = vxCreateTensor(ctx, N, small, VX_TYPE_INT16, 8);
    vx_float32 one = 1, zero = 0;
    vx_scalar s_one = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &one), s_zero = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &zero);
    vx_scalar s_int = vxCreateScalar(ctx, VX_TYPE_INT32, &(vx_int32){1});
    CHECK_REFUSED(vxuTensorConvertDepth(ctx, u8, VX_CONVERT_POLICY_WRAP, s_zero, s_zero, s16), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(vxuTensorConvertDepth(ctx, u8, VX_ROUND_POLICY_TO_ZERO, s_one, s_zero, s16), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(vxuTensorConvertDepth(ctx, u8, VX_CONVERT_POLICY_WRAP, s_int, s_zero, s16), VX_ERROR_INVALID_TYPE);
    CHECK_REFUSED(vxuTensorConvertDepth(ctx, u8, VX_CONVERT_POLICY_WRAP, s_one, s_zero, f32), VX_ERROR_INVALID_TYPE);
    CHECK_REFUSED(vxuTensorConvertDepth(ctx, u8, VX_CONVERT_POLICY_WRAP, s_one, s_zero, s16_small), VX_ERROR_INVALID_DIMENSION);
    vxReleaseTensor(&u8), vxReleaseTensor(&s16), vxReleaseTensor(&f32), vxReleaseTensor(&s16_small);
    vxReleaseScalar(&s_one), vxReleaseScalar(&s_zero), vxReleaseScalar(&s_int);
    return 0;
}

/* TensorTranspose of every pair of the three dimensions, each type, as node and through vxu. */
static int test_transpose(vx_context ctx, const vx_size *dims)
{
    static int32_t va[COUNT], got[COUNT], want[COUNT];
    const struct { vx_enum type; vx_int8 q; } types[3] = {{VX_TYPE_UINT8, 0}, {VX_TYPE_INT8, 0}, {VX_TYPE_INT16, 8}};
    const vx_size pairs[3][2] = {{0, 1}, {2, 0}, {1, 2}};
    for (int t = 0; t < 3; t++)
        for (int p = 0; p < 3; p++) {
            vx_size d1 = pairs[p][0], d2 = pairs[p][1], od[N] = {dims[0], dims[1], dims[2]};
            od[d1] = dims[d2], od[d2] = dims[d1];
            vx_tensor a = random_tensor(ctx, dims, types[t].type, types[t].q, 83 + t, va);
            vx_tensor out = vxCreateTensor(ctx, N, od, types[t].type, types[t].q);
            for (vx_size z = 0; z < od[2]; z++)
                for (vx_size y = 0; y < od[1]; y++)
                    for (vx_size x = 0; x < od[0]; x++) {
                        vx_size at[N] = {x, y, z}, from[N] = {x, y, z};
                        from[d1] = at[d2], from[d2] = at[d1];
                        want[(z * od[1] + y) * od[0] + x] = va[(from[2] * dims[1] + from[1]) * dims[0] + from[0]];
                    }
            for (int immediate = 0; immediate < 2; immediate++) {
                vx_graph g = vxCreateGraph(ctx);
                CHECK_OK(immediate ? vxuTensorTranspose(ctx, a, out, d1, d2)
                                   : run_node(g, vxTensorTransposeNode(g, a, out, d1, d2)));
                if (immediate)
                    vxReleaseGraph(&g);
                copy_tensor(out, od, types[t].type, got, VX_READ_ONLY);
                if (compare("transpose", t, got, want))
                    return 1;
            }
            vxReleaseTensor(&a), vxReleaseTensor(&out);
        }
    const vx_size swapped[N] = {D1, D0, D2};
    vx_tensor u8 = vxCreateTensor(ctx, N, dims, VX_TYPE_UINT8, 0), u8_out = vxCreateTensor(ctx, N, swapped, VX_TYPE_UINT8, 0);
    vx_tensor s8_out = vxCreateTensor(ctx, N, swapped, VX_TYPE_INT8, 0);
    CHECK_REFUSED(vxuTensorTranspose(ctx, u8, u8_out, 0, 3), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(vxuTensorTranspose(ctx, u8, u8_out, 0, 2), VX_ERROR_INVALID_DIMENSION);
    CHECK_REFUSED(vxuTensorTranspose(ctx, u8, s8_out, 0, 1), VX_ERROR_INVALID_TYPE);
    vxReleaseTensor(&u8), vxReleaseTensor(&u8_out), vxReleaseTensor(&s8_out);
    return 0;
}

/* A 2-dimensional tensor (columns x rows) of pseudo-random values: small ones (range 0: sums of
 * products mostly in range), the type's whole range (2; 1: INT16 within +-20000, so that only a few
 * pairs of products fit 32 bits), or of zeros to read back into when `seed` is 0. */
static vx_tensor matrix(vx_context ctx, vx_size columns, vx_size rows, vx_enum type, vx_int8 q, uint32_t seed,
                        int32_t *values, int range)
{
    vx_size dims[2] = {columns, rows}, es = item_size(type), start[2] = {0, 0}, stride[2] = {es, es * columns};
    vx_tensor t = vxCreateTensor(ctx, 2, dims, type, q);
    CHECK_REF(t);
    int16_t *buf = malloc(sizeof(int16_t) * columns * rows);
    for (vx_size k = 0; k < columns * rows; k++) {
        seed = seed * 1664525u + 1013904223u;
        int32_t r = (int32_t)(seed >> 8);
        if (range == 0)
            values[k] = type == VX_TYPE_UINT8 ? r & 7 : type == VX_TYPE_INT8 ? (r & 15) - 8 : (int16_t)r >> 5;
        else
            values[k] = type == VX_TYPE_UINT8 ? r & 255 : type == VX_TYPE_INT8 ? (int8_t)r
                        : range == 1 ? (int16_t)r % 20001 : (int16_t)r;
        if (type == VX_TYPE_INT16)
            buf[k] = (int16_t)values[k];
        else
            ((uint8_t *)buf)[k] = (uint8_t)values[k];
    }
    CHECK_OK(vxCopyTensorPatch(t, 2, start, dims, stride, buf, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    free(buf);
    return t;
}

/* TensorMatrixMultiply: every combination of transposes, with and without the bias, each type, value
 * range and shape (the second: rows and columns past the SIMD tiles', an odd inner size past the
 * vectors') */
static int test_matrix_multiply(vx_context ctx)
{
    const int shapes[2][3] = {{4, 5, 3}, {D1 + 2, D0 + 4, 19}};            /* M, K, NC */
    const struct { vx_enum type; vx_int8 q; } types[3] = {{VX_TYPE_UINT8, 0}, {VX_TYPE_INT8, 0}, {VX_TYPE_INT16, 8}};
    for (int shape = 0; shape < 2; shape++)
        for (int range = 0; range < 3; range++)
            for (int t = 0; t < 3; t++)
                for (int mode = 0; mode < 32; mode++) {
                    const int M = shapes[shape][0], K = shapes[shape][1], NC = shapes[shape][2];
                    int32_t *va = malloc(sizeof(int32_t) * (M * K + K * NC + 3 * M * NC)), *vb = va + M * K;
                    int32_t *vc = vb + K * NC, *got = vc + M * NC, *want = got + M * NC;
                    vx_tensor_matrix_multiply_params_t params = {mode & 1, (mode >> 1) & 1, (mode >> 2) & 1};
                    int bias = (mode >> 3) & 1, immediate = mode >> 4;
                    vx_enum type = types[t].type;
                    vx_int8 q = types[t].q;
                    /* stored shapes: op(A) M x K, op(B) K x NC, op(C) M x NC */
                    vx_tensor a = params.transpose_input1 ? matrix(ctx, M, K, type, q, 91 + mode, va, range)
                                                           : matrix(ctx, K, M, type, q, 91 + mode, va, range);
                    vx_tensor b = params.transpose_input2 ? matrix(ctx, K, NC, type, q, 97 + t, vb, range)
                                                           : matrix(ctx, NC, K, type, q, 97 + t, vb, range);
                    vx_tensor c = !bias ? NULL : params.transpose_input3 ? matrix(ctx, M, NC, type, q, 101, vc, range)
                                                                         : matrix(ctx, NC, M, type, q, 101, vc, range);
                    vx_tensor out = vxCreateTensor(ctx, 2, (vx_size[]){NC, M}, type, q);
                    for (int r = 0; r < M; r++)
                        for (int k = 0; k < NC; k++) {
                            int64_t sum = 0;
                            for (int i = 0; i < K; i++)
                                sum += (int64_t)(params.transpose_input1 ? va[i * M + r] : va[r * K + i]) *
                                       (params.transpose_input2 ? vb[k * K + i] : vb[i * NC + k]);
                            sum /= 1 << q;
                            if (bias)
                                sum += params.transpose_input3 ? vc[k * M + r] : vc[r * NC + k];
                            want[r * NC + k] = to_type(sum, type, 1);
                        }
                    vx_graph g = vxCreateGraph(ctx);
                    CHECK_OK(immediate ? vxuTensorMatrixMultiply(ctx, a, b, c, &params, out)
                                       : run_node(g, vxTensorMatrixMultiplyNode(g, a, b, c, &params, out)));
                    if (immediate)
                        vxReleaseGraph(&g);
                    vx_size es = item_size(type), start[2] = {0, 0}, stride[2] = {es, es * NC};
                    int16_t *buf = malloc(sizeof(int16_t) * M * NC);
                    CHECK_OK(vxCopyTensorPatch(out, 2, start, (vx_size[]){NC, M}, stride, buf, VX_READ_ONLY,
                                               VX_MEMORY_TYPE_HOST));
                    for (int k = 0; k < M * NC; k++) {
                        got[k] = type == VX_TYPE_INT16 ? buf[k] : type == VX_TYPE_INT8 ? ((int8_t *)buf)[k]
                                                                                        : ((uint8_t *)buf)[k];
                        if (got[k] != want[k]) {
                            fprintf(stderr, "matrix multiply shape %d range %d type %d mode %d element %d: %d, "
                                    "expected %d\n", shape, range, t, mode, k, got[k], want[k]);
                            return 1;
                        }
                    }
                    free(buf), free(va);
                    vxReleaseTensor(&a), vxReleaseTensor(&b), vxReleaseTensor(&out);
                    if (c)
                        vxReleaseTensor(&c);
                }
    enum { M = 4, K = 5, NC = 3 };
    int32_t scratch[64];
    vx_tensor a = matrix(ctx, K, M, VX_TYPE_UINT8, 0, 1, scratch, 0), b = matrix(ctx, NC, K, VX_TYPE_UINT8, 0, 2, scratch, 0);
    vx_tensor b_wrong = matrix(ctx, NC, M, VX_TYPE_UINT8, 0, 3, scratch, 0);
    vx_tensor s8 = matrix(ctx, NC, K, VX_TYPE_INT8, 0, 4, scratch, 0);
    vx_tensor out = vxCreateTensor(ctx, 2, (vx_size[]){NC, M}, VX_TYPE_UINT8, 0);
    vx_tensor_matrix_multiply_params_t plain = {vx_false_e, vx_false_e, vx_false_e}, bad = {2, vx_false_e, vx_false_e};
    CHECK_REFUSED(vxuTensorMatrixMultiply(ctx, a, b_wrong, NULL, &plain, out), VX_ERROR_INVALID_DIMENSION);
    CHECK_REFUSED(vxuTensorMatrixMultiply(ctx, a, s8, NULL, &plain, out), VX_ERROR_INVALID_TYPE);
    CHECK_REFUSED(vxuTensorMatrixMultiply(ctx, a, b, NULL, &bad, out), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(vxuTensorMatrixMultiply(ctx, a, b, NULL, NULL, out), VX_ERROR_INVALID_PARAMETERS);
    vx_graph g = vxCreateGraph(ctx);
    CHECK_CREATE_REFUSED(vxTensorMatrixMultiplyNode(g, a, b, NULL, NULL, out), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxReleaseGraph(&g));
    vxReleaseTensor(&a), vxReleaseTensor(&b), vxReleaseTensor(&b_wrong), vxReleaseTensor(&s8), vxReleaseTensor(&out);
    return 0;
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    static int32_t va[COUNT], vb[COUNT], got[COUNT];
    const vx_size dims[N] = {D0, D1, D2};
    const vx_size second[3][N] = {{D0, D1, D2}, {D0, 1, D2}, {1, D1, 1}};      /* equal, then broadcast */
    const struct { vx_enum type; vx_int8 q; } types[3] = {{VX_TYPE_UINT8, 0}, {VX_TYPE_INT8, 0}, {VX_TYPE_INT16, 8}};
    for (int t = 0; t < 3; t++)
        for (int s = 0; s < 3; s++) {
            vx_tensor a = random_tensor(ctx, dims, types[t].type, types[t].q, 11 + t, va);
            vx_tensor b = random_tensor(ctx, second[s], types[t].type, types[t].q, 23 + s, vb);
            vx_tensor out = vxCreateTensor(ctx, N, dims, types[t].type, types[t].q);
            for (int subtract = 0; subtract < 2; subtract++)
                for (int saturate = 0; saturate < 2; saturate++)
                    for (int immediate = 0; immediate < 2; immediate++) {
                        vx_enum policy = saturate ? VX_CONVERT_POLICY_SATURATE : VX_CONVERT_POLICY_WRAP;
                        CHECK_OK(run_add_sub(ctx, subtract, immediate, a, b, policy, out));
                        copy_tensor(out, dims, types[t].type, got, VX_READ_ONLY);
                        for (vx_size z = 0; z < D2; z++)
                            for (vx_size y = 0; y < D1; y++)
                                for (vx_size x = 0; x < D0; x++) {
                                    const vx_size *bd = second[s];
                                    int64_t ea = va[(z * D1 + y) * D0 + x];
                                    int64_t eb = vb[((bd[2] == 1 ? 0 : z) * bd[1] + (bd[1] == 1 ? 0 : y)) * bd[0] +
                                                    (bd[0] == 1 ? 0 : x)];
                                    int32_t want = to_type(subtract ? ea - eb : ea + eb, types[t].type, saturate);
                                    if (got[(z * D1 + y) * D0 + x] != want) {
                                        fprintf(stderr, "type %d shape %d subtract %d saturate %d immediate %d "
                                                "(%zu, %zu, %zu): %d, expected %d\n", t, s, subtract, saturate,
                                                immediate, x, y, z, got[(z * D1 + y) * D0 + x], want);
                                        return 1;
                                    }
                                }
                    }
            vxReleaseTensor(&a), vxReleaseTensor(&b), vxReleaseTensor(&out);
        }

    if (test_multiply(ctx, dims, second) || test_table_lookup(ctx, dims) || test_convert_depth(ctx, dims) ||
        test_transpose(ctx, dims) || test_matrix_multiply(ctx))
        return 1;

    /* refusals */
    const vx_size other[N] = {D0, 2, D2}, small[N] = {D0, D1, 1};
    vx_tensor u8 = vxCreateTensor(ctx, N, dims, VX_TYPE_UINT8, 0), s8 = vxCreateTensor(ctx, N, dims, VX_TYPE_INT8, 0);
    vx_tensor q7 = vxCreateTensor(ctx, N, dims, VX_TYPE_INT16, 7), q8 = vxCreateTensor(ctx, N, dims, VX_TYPE_INT16, 8);
    vx_tensor u8_other = vxCreateTensor(ctx, N, other, VX_TYPE_UINT8, 0);
    vx_tensor u8_small = vxCreateTensor(ctx, N, small, VX_TYPE_UINT8, 0);
    vx_tensor f32 = vxCreateTensor(ctx, N, dims, VX_TYPE_FLOAT32, 0), f32_out = vxCreateTensor(ctx, N, dims, VX_TYPE_FLOAT32, 0);
    vx_tensor out = vxCreateTensor(ctx, N, dims, VX_TYPE_UINT8, 0);
    CHECK_REFUSED(vxuTensorAdd(ctx, u8, s8, VX_CONVERT_POLICY_WRAP, out), VX_ERROR_INVALID_TYPE);
    CHECK_REFUSED(vxuTensorAdd(ctx, q8, q8, VX_CONVERT_POLICY_WRAP, q7), VX_ERROR_INVALID_TYPE);
    CHECK_REFUSED(vxuTensorSubtract(ctx, f32, f32, VX_CONVERT_POLICY_WRAP, f32_out), VX_ERROR_INVALID_TYPE);
    CHECK_REFUSED(vxuTensorAdd(ctx, u8, u8_other, VX_CONVERT_POLICY_WRAP, out), VX_ERROR_INVALID_DIMENSION);
    CHECK_REFUSED(vxuTensorAdd(ctx, u8, u8, VX_CONVERT_POLICY_WRAP, u8_small), VX_ERROR_INVALID_DIMENSION);
    CHECK_REFUSED(vxuTensorSubtract(ctx, u8, u8, VX_ROUND_POLICY_TO_ZERO, out), VX_ERROR_INVALID_VALUE);
    vxReleaseTensor(&u8), vxReleaseTensor(&s8), vxReleaseTensor(&q7), vxReleaseTensor(&q8);
    vxReleaseTensor(&u8_other), vxReleaseTensor(&u8_small), vxReleaseTensor(&f32), vxReleaseTensor(&f32_out), vxReleaseTensor(&out);
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
