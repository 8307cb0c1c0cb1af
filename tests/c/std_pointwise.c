/* The pointwise standard kernels against plain C, pixel by pixel, as graph nodes and through vxu,
 * for every format combination and policy, on widths around the vector loops' (odd ones, 1, past
 * 32 and 64) with extreme values in the inputs, and Multiply of U8 on every product a b. */
#include <VX/vx.h>
#include <VX/vxu.h>
#include <stdlib.h>

#include "check.h"
#include "std_images.h"

typedef struct pointwise_case {
    vx_enum kernel;
    vx_df_image fa, fb, fo;
    vx_enum policy, rounding;
    vx_float32 scale;
    vx_int32 shift;
    vx_threshold thresh;
    vx_lut lut;
} pointwise_case;

static vx_status run(vx_context ctx, int immediate, const pointwise_case *c, vx_image a, vx_image b, vx_image o)
{
    vx_scalar scale = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &c->scale);
    vx_scalar shift = vxCreateScalar(ctx, VX_TYPE_INT32, &c->shift);
    vx_status s = VX_FAILURE;
    switch (c->kernel) {
    case VX_KERNEL_AND: s = RUN(immediate, ctx, vxuAnd(ctx, a, b, o), vxAndNode(graph_, a, b, o)); break;
    case VX_KERNEL_OR: s = RUN(immediate, ctx, vxuOr(ctx, a, b, o), vxOrNode(graph_, a, b, o)); break;
    case VX_KERNEL_XOR: s = RUN(immediate, ctx, vxuXor(ctx, a, b, o), vxXorNode(graph_, a, b, o)); break;
    case VX_KERNEL_NOT: s = RUN(immediate, ctx, vxuNot(ctx, a, o), vxNotNode(graph_, a, o)); break;
    case VX_KERNEL_ABSDIFF: s = RUN(immediate, ctx, vxuAbsDiff(ctx, a, b, o), vxAbsDiffNode(graph_, a, b, o)); break;
    case VX_KERNEL_ADD:
        s = RUN(immediate, ctx, vxuAdd(ctx, a, b, c->policy, o), vxAddNode(graph_, a, b, c->policy, o));
        break;
    case VX_KERNEL_SUBTRACT:
        s = RUN(immediate, ctx, vxuSubtract(ctx, a, b, c->policy, o), vxSubtractNode(graph_, a, b, c->policy, o));
        break;
    case VX_KERNEL_MULTIPLY:
        s = RUN(immediate, ctx, vxuMultiply(ctx, a, b, c->scale, c->policy, c->rounding, o),
                vxMultiplyNode(graph_, a, b, scale, c->policy, c->rounding, o));
        break;
    case VX_KERNEL_THRESHOLD:
        s = RUN(immediate, ctx, vxuThreshold(ctx, a, c->thresh, o), vxThresholdNode(graph_, a, c->thresh, o));
        break;
    case VX_KERNEL_TABLE_LOOKUP:
        s = RUN(immediate, ctx, vxuTableLookup(ctx, a, c->lut, o), vxTableLookupNode(graph_, a, c->lut, o));
        break;
    case VX_KERNEL_CONVERTDEPTH:
        s = RUN(immediate, ctx, vxuConvertDepth(ctx, a, o, c->policy, c->shift),
                vxConvertDepthNode(graph_, a, o, c->policy, shift));
        break;
    }
    vxReleaseScalar(&scale);
    vxReleaseScalar(&shift);
    return s;
}

/* Plain C: the value the spec gives for inputs va, vb. */
static int32_t reference(const pointwise_case *c, int32_t va, int32_t vb, const int32_t *lut_values)
{
    int sat = c->policy == VX_CONVERT_POLICY_SATURATE;
    vx_enum type;
    vx_pixel_value_t v, lo, hi, yes, no;
    switch (c->kernel) {
    case VX_KERNEL_AND: return va & vb;
    case VX_KERNEL_OR: return va | vb;
    case VX_KERNEL_XOR: return va ^ vb;
    case VX_KERNEL_NOT: return 255 - va;
    case VX_KERNEL_ABSDIFF: return to_format(llabs((long long)va - vb), c->fo, 1);
    case VX_KERNEL_ADD: return to_format((int64_t)va + vb, c->fo, sat);
    case VX_KERNEL_SUBTRACT: return to_format((int64_t)va - vb, c->fo, sat);
    case VX_KERNEL_MULTIPLY: {
        double r = (double)va * vb * c->scale;
        int64_t t = (int64_t)r;                /* toward zero */
        double f = r - (double)t;
        if (c->rounding == VX_ROUND_POLICY_TO_NEAREST_EVEN)
            t += f > 0.5 || (f == 0.5 && (t & 1)) ? 1 : f < -0.5 || (f == -0.5 && (t & 1)) ? -1 : 0;
        return to_format(t, c->fo, sat);
    }
    case VX_KERNEL_THRESHOLD:
        vxQueryThreshold(c->thresh, VX_THRESHOLD_TYPE, &type, sizeof type);
        if (type == VX_THRESHOLD_TYPE_BINARY)
            CHECK_OK(vxCopyThresholdValue(c->thresh, &v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        else
            CHECK_OK(vxCopyThresholdRange(c->thresh, &lo, &hi, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        vxCopyThresholdOutput(c->thresh, &yes, &no, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        if (type == VX_THRESHOLD_TYPE_BINARY)
            return va > (c->fa == VX_DF_IMAGE_U8 ? v.U8 : v.S16) ? yes.U8 : no.U8;
        return va > (c->fa == VX_DF_IMAGE_U8 ? hi.U8 : hi.S16) || va < (c->fa == VX_DF_IMAGE_U8 ? lo.U8 : lo.S16)
                   ? no.U8 : yes.U8;
    case VX_KERNEL_TABLE_LOOKUP: return lut_values[va + (c->fa == VX_DF_IMAGE_U8 ? 0 : 32768)];
    case VX_KERNEL_CONVERTDEPTH:
        return c->fa == VX_DF_IMAGE_U8 ? va << c->shift : to_format(va >> c->shift, VX_DF_IMAGE_U8, sat);
    }
    return -1;
}

/* The sizes of every case: w x h */
static const vx_uint32 sizes[][2] = {{37, 23}, {1, 3}, {7, 2}, {33, 2}, {641, 2}};
enum { MAX_PIXELS = 256 * 256 };

static int32_t lut_values[65536];

/* 256 S16 values: both ends of the range and small ones (halves after the scale's shift). */
static int32_t s16_value(int k)
{
    return k < 64 ? -32768 + k : k < 128 ? 32767 - (k - 64) : (k - 192) * 37;
}

/* The inputs of the all-products case: a 256 x 256 pair with a = x, b = y (U8), or those
 * S16 values of x and y. */
static vx_image all_products(vx_context ctx, vx_df_image f, int second, int32_t *values)
{
    for (int k = 0; k < MAX_PIXELS; k++) {
        int v = second ? k / 256 : k % 256;
        values[k] = f == VX_DF_IMAGE_S16 ? s16_value(v) : v;
    }
    vx_image img = vxCreateImage(ctx, 256, 256, f);
    CHECK_REF(img);
    copy_image(img, values, VX_WRITE_ONLY);
    return img;
}

/* One case at size s (NULL: every product of two all_products values), as a node and (the first size) through
 * vxu, on fresh images; the references return to the start. */
static void check_size(vx_context ctx, const pointwise_case *c, const vx_uint32 *s)
{
    vx_uint32 refs = context_references(ctx), w = s ? s[0] : 256, h = s ? s[1] : 256;
    static int32_t va[MAX_PIXELS], vb[MAX_PIXELS], got[MAX_PIXELS];
    for (int immediate = 0; immediate < (s == sizes[0] ? 2 : 1); immediate++) {
        vx_image a = s ? test_image(ctx, w, h, c->fa, 1, va) : all_products(ctx, c->fa, 0, va);
        vx_image b = s ? test_image(ctx, w, h, c->fb, 2, vb) : all_products(ctx, c->fb, 1, vb);
        vx_image o = vxCreateImage(ctx, w, h, c->fo);
        CHECK_OK(run(ctx, immediate, c, a, b, o));
        read_image(o, got);
        for (vx_uint32 k = 0; k < w * h; k++) {
            int32_t want = reference(c, va[k], vb[k], lut_values);
            if (got[k] != want) {
                fprintf(stderr, "kernel %#x formats %#x %#x -> %#x policy %#x rounding %#x scale %g shift %d "
                        "immediate %d size %ux%u: pixel %u: %d op %d = %d, expected %d\n", c->kernel, c->fa, c->fb,
                        c->fo, c->policy, c->rounding, c->scale, c->shift, immediate, w, h, k, va[k], vb[k],
                        got[k], want);
                exit(1);
            }
        }
        vxReleaseImage(&a);
        vxReleaseImage(&b);
        vxReleaseImage(&o);
    }
    CHECK(context_references(ctx) == refs);
}

static void check_case(vx_context ctx, const pointwise_case *c)
{
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
        check_size(ctx, c, sizes[k]);
    if (c->kernel == VX_KERNEL_MULTIPLY && c->fa == c->fb)
        check_size(ctx, c, NULL);
}

static vx_threshold make_threshold(vx_context ctx, vx_enum type, vx_df_image in, vx_int32 a, vx_int32 b)
{
    vx_threshold t = vxCreateThresholdForImage(ctx, type, in, VX_DF_IMAGE_U8);
    CHECK_REF(t);
    vx_pixel_value_t lo = {{0}}, hi = {{0}}, yes = {{0}}, no = {{0}};
    if (in == VX_DF_IMAGE_U8)
        lo.U8 = (vx_uint8)a, hi.U8 = (vx_uint8)b;
    else
        lo.S16 = (vx_int16)a, hi.S16 = (vx_int16)b;
    yes.U8 = 200, no.U8 = 7;
    if (type == VX_THRESHOLD_TYPE_BINARY)
        CHECK_OK(vxCopyThresholdValue(t, &lo, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    else
        CHECK_OK(vxCopyThresholdRange(t, &lo, &hi, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(vxCopyThresholdOutput(t, &yes, &no, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    return t;
}

static vx_lut make_lut(vx_context ctx, vx_enum type)
{
    vx_size count = type == VX_TYPE_UINT8 ? 256 : 65536;
    vx_lut lut = vxCreateLUT(ctx, type, count);
    CHECK_REF(lut);
    static vx_uint8 u8[256];
    static vx_int16 s16[65536];
    for (vx_size i = 0; i < count; i++) {
        lut_values[i] = type == VX_TYPE_UINT8 ? (u8[i] = (vx_uint8)(i * 7 + 3)) : (s16[i] = (vx_int16)(i * 13 - 5));
    }
    CHECK_OK(vxCopyLUT(lut, type == VX_TYPE_UINT8 ? (void *)u8 : (void *)s16, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    return lut;
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    const vx_df_image U8 = VX_DF_IMAGE_U8, S16 = VX_DF_IMAGE_S16;
    const vx_enum policies[] = {VX_CONVERT_POLICY_WRAP, VX_CONVERT_POLICY_SATURATE};
    const vx_enum roundings[] = {VX_ROUND_POLICY_TO_ZERO, VX_ROUND_POLICY_TO_NEAREST_EVEN};
    const vx_df_image combos[][3] = {{U8, U8, U8}, {U8, U8, S16}, {U8, S16, S16}, {S16, U8, S16}, {S16, S16, S16}};
    /* every kind of the U8 rows: 2^-n, 1/255, in fixed point (ties at 0.75, 0.375), in double (below 2^-9) */
    const vx_float32 scales[] = {1.0f, 1.0f / 255, 0.5f, 3.0f, 1.0f / 32768, 1.0f / 256, 1.0f / 512, 0.3f, 0.75f,
                                 0.375f, 1.0f / 3, 0.999f, 0.001f};

    const vx_enum bitwise[] = {VX_KERNEL_AND, VX_KERNEL_OR, VX_KERNEL_XOR, VX_KERNEL_NOT};
    for (int k = 0; k < 4; k++)
        check_case(ctx, &(pointwise_case){.kernel = bitwise[k], .fa = U8, .fb = U8, .fo = U8});
    check_case(ctx, &(pointwise_case){.kernel = VX_KERNEL_ABSDIFF, .fa = U8, .fb = U8, .fo = U8});
    check_case(ctx, &(pointwise_case){.kernel = VX_KERNEL_ABSDIFF, .fa = S16, .fb = S16, .fo = S16});
    for (int c = 0; c < 5; c++)
        for (int p = 0; p < 2; p++) {
            check_case(ctx, &(pointwise_case){.kernel = VX_KERNEL_ADD, .fa = combos[c][0], .fb = combos[c][1], .fo = combos[c][2], .policy = policies[p]});
            check_case(ctx, &(pointwise_case){.kernel = VX_KERNEL_SUBTRACT, .fa = combos[c][0], .fb = combos[c][1], .fo = combos[c][2], .policy = policies[p]});
            for (int r = 0; r < 2; r++)
                for (int s = 0; s < (int)(sizeof scales / sizeof scales[0]); s++)
                    check_case(ctx, &(pointwise_case){.kernel = VX_KERNEL_MULTIPLY, .fa = combos[c][0], .fb = combos[c][1], .fo = combos[c][2], .policy = policies[p], .rounding = roundings[r], .scale = scales[s]});
        }
    const vx_df_image thresh_formats[] = {U8, S16};
    for (int f = 0; f < 2; f++) {
        vx_int32 lo = f ? -1000 : 50, hi = f ? 2000 : 180;
        vx_threshold binary = make_threshold(ctx, VX_THRESHOLD_TYPE_BINARY, thresh_formats[f], lo, 0);
        vx_threshold range = make_threshold(ctx, VX_THRESHOLD_TYPE_RANGE, thresh_formats[f], lo, hi);
        check_case(ctx, &(pointwise_case){.kernel = VX_KERNEL_THRESHOLD, .fa = thresh_formats[f], .fb = U8, .fo = U8, .thresh = binary});
        check_case(ctx, &(pointwise_case){.kernel = VX_KERNEL_THRESHOLD, .fa = thresh_formats[f], .fb = U8, .fo = U8, .thresh = range});
        vx_threshold top = make_threshold(ctx, VX_THRESHOLD_TYPE_BINARY, thresh_formats[f], f ? 32767 : 255, 0);
        check_case(ctx, &(pointwise_case){.kernel = VX_KERNEL_THRESHOLD, .fa = thresh_formats[f], .fb = U8, .fo = U8, .thresh = top});
        vxReleaseThreshold(&binary);
        vxReleaseThreshold(&range);
        vxReleaseThreshold(&top);
        vx_lut lut = make_lut(ctx, f ? VX_TYPE_INT16 : VX_TYPE_UINT8);
        check_case(ctx, &(pointwise_case){.kernel = VX_KERNEL_TABLE_LOOKUP, .fa = thresh_formats[f], .fb = U8, .fo = thresh_formats[f], .lut = lut});
        vxReleaseLUT(&lut);
    }
    const vx_int32 shifts[] = {0, 3, 7};
    for (int s = 0; s < 3; s++)
        for (int p = 0; p < 2; p++) {
            check_case(ctx, &(pointwise_case){.kernel = VX_KERNEL_CONVERTDEPTH, .fa = U8, .fb = U8, .fo = S16, .policy = policies[p], .shift = shifts[s]});
            check_case(ctx, &(pointwise_case){.kernel = VX_KERNEL_CONVERTDEPTH, .fa = S16, .fb = U8, .fo = U8, .policy = policies[p], .shift = shifts[s]});
        }
    CHECK(context_references(ctx) == start);
    CHECK(log_entries == 0);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
