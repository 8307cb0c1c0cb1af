/* ScalarOperation against plain C: every arithmetic and comparison operation over every pair of
 * number types (values of both signs and the extremes, results into every output type), the
 * logical operations over every pair of bools, division and modulus by zero, a virtual output;
 * then refusals. */
#include <VX/vx.h>
#include <math.h>
#include <string.h>

#include "check.h"

enum { TYPES = 8, VALUES = 3 };

static const vx_enum types[TYPES] = {VX_TYPE_INT8, VX_TYPE_UINT8, VX_TYPE_INT16, VX_TYPE_UINT16,
                                     VX_TYPE_INT32, VX_TYPE_UINT32, VX_TYPE_SIZE, VX_TYPE_FLOAT32};
/* per type: values; the last one is 0 (divisions by zero) */
static const double values[TYPES][VALUES] = {
    {-7, 100, 0}, {200, 3, 0}, {-30000, 12, 0}, {65535, 5, 0},
    {-2000000000, 9, 0}, {4000000000.0, 2, 0}, {1099511627776.0, 3, 0}, {-2.5, 1e10, 0}};

typedef union {
    vx_int8 i8; vx_uint8 u8; vx_int16 i16; vx_uint16 u16; vx_int32 i32; vx_uint32 u32; vx_size sz;
    vx_float32 f; vx_bool b;
} any;

static any from_double(vx_enum type, double v)
{
    any x;
    memset(&x, 0, sizeof x);
    switch (type) {
    case VX_TYPE_INT8: x.i8 = (vx_int8)v; break;
    case VX_TYPE_UINT8: x.u8 = (vx_uint8)v; break;
    case VX_TYPE_INT16: x.i16 = (vx_int16)v; break;
    case VX_TYPE_UINT16: x.u16 = (vx_uint16)v; break;
    case VX_TYPE_INT32: x.i32 = (vx_int32)v; break;
    case VX_TYPE_UINT32: x.u32 = (vx_uint32)v; break;
    case VX_TYPE_SIZE: x.sz = (vx_size)v; break;
    default: x.f = (vx_float32)v; break;
    }
    return x;
}

/* The plain-C reference: integers exactly in __int128, floats in double. */
static __int128 integer(vx_enum type, double v)
{
    return type == VX_TYPE_SIZE ? (__int128)(vx_size)v : (__int128)(long long)v;
}

/* The result written into `out_type`: an integer result wraps into an integer output, a float
 * result is truncated and saturated into one. */
static any converted(vx_enum out_type, int is_float, __int128 i, double f)
{
    any x;
    memset(&x, 0, sizeof x);
    double lo = 0, hi = 0;
    switch (out_type) {
    case VX_TYPE_INT8: lo = -128, hi = 127; break;
    case VX_TYPE_UINT8: hi = 255; break;
    case VX_TYPE_INT16: lo = -32768, hi = 32767; break;
    case VX_TYPE_UINT16: hi = 65535; break;
    case VX_TYPE_INT32: lo = -2147483648.0, hi = 2147483647.0; break;
    case VX_TYPE_UINT32: hi = 4294967295.0; break;
    case VX_TYPE_SIZE: hi = 18446744073709551615.0; break;
    case VX_TYPE_FLOAT32: x.f = is_float ? (vx_float32)f : (vx_float32)i; return x;
    case VX_TYPE_BOOL: x.b = i ? vx_true_e : vx_false_e; return x;
    }
    if (is_float) {
        f = trunc(f);
        if (out_type == VX_TYPE_SIZE && f >= hi)
            i = (__int128)(vx_size)-1;
        else
            i = f != f ? 0 : f < lo ? (__int128)lo : f > hi ? (__int128)hi : (__int128)f;
    }
    switch (out_type) {
    case VX_TYPE_INT8: x.i8 = (vx_int8)i; break;
    case VX_TYPE_UINT8: x.u8 = (vx_uint8)i; break;
    case VX_TYPE_INT16: x.i16 = (vx_int16)i; break;
    case VX_TYPE_UINT16: x.u16 = (vx_uint16)i; break;
    case VX_TYPE_INT32: x.i32 = (vx_int32)i; break;
    case VX_TYPE_UINT32: x.u32 = (vx_uint32)i; break;
    default: x.sz = (vx_size)i; break;
    }
    return x;
}

static any reference(vx_enum op, vx_enum ta, double a, vx_enum tb, double b, vx_enum out_type)
{
    int fl = ta == VX_TYPE_FLOAT32 || tb == VX_TYPE_FLOAT32;
    double fa = ta == VX_TYPE_FLOAT32 ? (double)(vx_float32)a : (double)integer(ta, a);
    double fb = tb == VX_TYPE_FLOAT32 ? (double)(vx_float32)b : (double)integer(tb, b);
    __int128 ia = fl ? 0 : integer(ta, a), ib = fl ? 0 : integer(tb, b);
    int less = fl ? fa < fb : ia < ib, equal = fl ? fa == fb : ia == ib;
    switch (op) {
    case VX_SCALAR_OP_EQUAL: return converted(VX_TYPE_BOOL, 0, equal, 0);
    case VX_SCALAR_OP_NOTEQUAL: return converted(VX_TYPE_BOOL, 0, !equal, 0);
    case VX_SCALAR_OP_LESS: return converted(VX_TYPE_BOOL, 0, less, 0);
    case VX_SCALAR_OP_LESSEQ: return converted(VX_TYPE_BOOL, 0, less || equal, 0);
    case VX_SCALAR_OP_GREATER: return converted(VX_TYPE_BOOL, 0, !less && !equal, 0);
    case VX_SCALAR_OP_GREATEREQ: return converted(VX_TYPE_BOOL, 0, !less, 0);
    case VX_SCALAR_OP_ADD: return converted(out_type, fl, ia + ib, fa + fb);
    case VX_SCALAR_OP_SUBTRACT: return converted(out_type, fl, ia - ib, fa - fb);
    case VX_SCALAR_OP_MULTIPLY: return converted(out_type, fl, ia * ib, fa * fb);
    case VX_SCALAR_OP_DIVIDE: return converted(out_type, fl, ib ? ia / ib : 0, fa / fb);
    case VX_SCALAR_OP_MODULUS: return converted(out_type, 0, ib ? ia % ib : 0, 0);
    case VX_SCALAR_OP_MIN: return converted(out_type, fl, less ? ia : ib, less ? fa : fb);
    default: return converted(out_type, fl, less ? ib : ia, less ? fb : fa);
    }
}

static vx_size size_of(vx_enum type)
{
    switch (type) {
    case VX_TYPE_INT8: case VX_TYPE_UINT8: return 1;
    case VX_TYPE_INT16: case VX_TYPE_UINT16: return 2;
    case VX_TYPE_SIZE: return sizeof(vx_size);
    default: return 4;
    }
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    vx_scalar a[TYPES], b[TYPES], out[TYPES][TYPES];
    any zero;
    memset(&zero, 0, sizeof zero);
    for (int t = 0; t < TYPES; t++) {
        a[t] = vxCreateScalar(ctx, types[t], &zero);
        b[t] = vxCreateScalar(ctx, types[t], &zero);
    }
    int checked = 0;
    for (vx_enum op = VX_SCALAR_OP_EQUAL; op <= VX_SCALAR_OP_MAX; op++) {
        int arithmetic = op >= VX_SCALAR_OP_ADD, tm = op == VX_SCALAR_OP_MODULUS ? TYPES - 1 : TYPES;
        vx_graph g = vxCreateGraph(ctx);
        for (int i = 0; i < tm; i++)
            for (int j = 0; j < tm; j++) {
                vx_enum ot = arithmetic ? types[(i + j + op) % tm] : VX_TYPE_BOOL;
                out[i][j] = vxCreateScalar(ctx, ot, &zero);
                vx_node n = vxScalarOperationNode(g, op, a[i], b[j], out[i][j]);
                CHECK_REF(n);
                CHECK_OK(vxReleaseNode(&n));
            }
        for (int va = 0; va < VALUES; va++)
            for (int vb = 0; vb < VALUES; vb++) {
                for (int t = 0; t < tm; t++) {
                    any x = from_double(types[t], values[t][va]), y = from_double(types[t], values[t][vb]);
                    CHECK_OK(vxCopyScalar(a[t], &x, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
                    CHECK_OK(vxCopyScalar(b[t], &y, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
                }
                CHECK_OK(vxProcessGraph(g));
                for (int i = 0; i < tm; i++)
                    for (int j = 0; j < tm; j++) {
                        vx_enum ot = arithmetic ? types[(i + j + op) % tm] : VX_TYPE_BOOL;
                        any got, want = reference(op, types[i], values[i][va], types[j], values[j][vb], ot);
                        memset(&got, 0, sizeof got);
                        CHECK_OK(vxCopyScalar(out[i][j], &got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
                        if (memcmp(&got, &want, size_of(ot)) != 0) {
                            fprintf(stderr, "op %#x types %#x %#x values %g %g into %#x: %#llx, expected %#llx\n",
                                    op, types[i], types[j], values[i][va], values[j][vb], ot,
                                    (unsigned long long)got.sz, (unsigned long long)want.sz);
                            return 1;
                        }
                        checked++;
                    }
            }
        for (int i = 0; i < tm; i++)
            for (int j = 0; j < tm; j++)
                CHECK_OK(vxReleaseScalar(&out[i][j]));
        CHECK_OK(vxReleaseGraph(&g));
    }
    CHECK(checked > 5000);

    /* logical operations, and a virtual output inferred as C's common type (uint8 + int16: int32) */
    vx_bool truth[2] = {vx_false_e, vx_true_e};
    vx_scalar p = vxCreateScalar(ctx, VX_TYPE_BOOL, &truth[0]), q = vxCreateScalar(ctx, VX_TYPE_BOOL, &truth[0]);
    vx_scalar r = vxCreateScalar(ctx, VX_TYPE_BOOL, &truth[0]);
    for (vx_enum op = VX_SCALAR_OP_AND; op <= VX_SCALAR_OP_NAND; op++)
        for (int k = 0; k < 4; k++) {
            int x = k & 1, y = k >> 1, want = op == VX_SCALAR_OP_AND ? x & y : op == VX_SCALAR_OP_OR ? x | y
                                              : op == VX_SCALAR_OP_XOR ? x ^ y : !(x & y);
            vx_bool got;
            CHECK_OK(vxCopyScalar(p, &truth[x], VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
            CHECK_OK(vxCopyScalar(q, &truth[y], VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
            vx_graph g = vxCreateGraph(ctx);
            vx_node n = vxScalarOperationNode(g, op, p, q, r);
            CHECK_OK(vxProcessGraph(g));
            CHECK_OK(vxCopyScalar(r, &got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
            CHECK(got == truth[want]);
            vxReleaseNode(&n), vxReleaseGraph(&g);
        }
    {
        vx_graph g = vxCreateGraph(ctx);
        vx_scalar v = vxCreateVirtualScalar(g, VX_TYPE_INVALID), w = vxCreateScalar(ctx, VX_TYPE_INT32, &zero);
        any x = from_double(VX_TYPE_UINT8, 200), y = from_double(VX_TYPE_INT16, -30000), got;
        CHECK_OK(vxCopyScalar(a[1], &x, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK_OK(vxCopyScalar(b[2], &y, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
        vx_node n1 = vxScalarOperationNode(g, VX_SCALAR_OP_MULTIPLY, a[1], b[2], v);
        vx_node n2 = vxScalarOperationNode(g, VX_SCALAR_OP_ADD, v, a[1], w);
        CHECK_OK(vxProcessGraph(g));
        vx_enum vt;
        CHECK_OK(vxQueryScalar(v, VX_SCALAR_TYPE, &vt, sizeof vt));
        CHECK(vt == VX_TYPE_INT32);
        CHECK_OK(vxCopyScalar(w, &got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK(got.i32 == 200 * -30000 + 200);
        vxReleaseNode(&n1), vxReleaseNode(&n2), vxReleaseScalar(&v), vxReleaseScalar(&w), vxReleaseGraph(&g);
    }

    /* refusals, at verification */
    struct { vx_enum op; vx_scalar a, b, out; vx_status status; } bad[] = {
        {VX_SCALAR_OP_MAX + 1, a[0], b[0], out[0][0], VX_ERROR_INVALID_VALUE},
        {VX_SCALAR_OP_AND, p, a[0], r, VX_ERROR_INVALID_TYPE},                 /* logical on a number */
        {VX_SCALAR_OP_ADD, p, a[0], a[1], VX_ERROR_INVALID_TYPE},              /* arithmetic on a bool */
        {VX_SCALAR_OP_LESS, a[0], b[0], a[1], VX_ERROR_INVALID_TYPE},          /* comparison into a number */
        {VX_SCALAR_OP_ADD, a[0], b[0], r, VX_ERROR_INVALID_TYPE},              /* arithmetic into a bool */
        {VX_SCALAR_OP_MODULUS, a[7], b[0], a[1], VX_ERROR_INVALID_TYPE},       /* modulus of a float */
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        vx_graph g = vxCreateGraph(ctx);
        vx_scalar o = bad[k].out != NULL ? bad[k].out : a[2];
        vx_node n = vxScalarOperationNode(g, bad[k].op, bad[k].a, bad[k].b, o);
        CHECK_REF(n);
        CHECK_REFUSED_LAST(vxVerifyGraph(g), bad[k].status);
        vxReleaseNode(&n), vxReleaseGraph(&g);
    }
    vxReleaseScalar(&p), vxReleaseScalar(&q), vxReleaseScalar(&r);
    for (int t = 0; t < TYPES; t++)
        vxReleaseScalar(&a[t]), vxReleaseScalar(&b[t]);
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
