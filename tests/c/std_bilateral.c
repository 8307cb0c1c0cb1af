/* BilateralFilter against plain C: U8 and S16 tensors of [width, height], [1, width, height],
 * [2, width, height] and (a colour image) U8 [3, width, height] (a pixel of a 3-D tensor has a
 * colour of three values, as the conformance tests read one), several diameters and sigmas, every border mode, as a node and through
 * vxu (tests/test_standard_kernels.py runs this at every SIMD level). Then refusals. */
#include <VX/vx.h>
#include <VX/vxu.h>
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "std_images.h"

enum { W = 17, H = 12 };

typedef struct shape {
    vx_size num_dims, channels;
    vx_enum type;
} shape;

static void copy_tensor(vx_tensor t, const shape *s, int32_t *values, vx_enum usage)
{
    vx_size es = s->type == VX_TYPE_INT16 ? 2 : 1, count = s->channels * W * H;
    vx_size dims3[3] = {s->channels, W, H}, dims2[2] = {W, H}, start[3] = {0};
    vx_size stride3[3] = {es, es * s->channels, es * s->channels * W}, stride2[2] = {es, es * W};
    uint8_t *buf = malloc(es * count);
    for (vx_size k = 0; usage == VX_WRITE_ONLY && k < count; k++) {
        if (es == 2)
            ((int16_t *)buf)[k] = (int16_t)values[k];
        else
            buf[k] = (uint8_t)values[k];
    }
    CHECK_OK(vxCopyTensorPatch(t, s->num_dims, start, s->num_dims == 3 ? dims3 : dims2,
                               s->num_dims == 3 ? stride3 : stride2, buf, usage, VX_MEMORY_TYPE_HOST));
    for (vx_size k = 0; usage == VX_READ_ONLY && k < count; k++)
        values[k] = es == 2 ? ((int16_t *)buf)[k] : buf[k];
    free(buf);
}

static vx_tensor tensor(vx_context ctx, const shape *s)
{
    vx_size dims3[3] = {s->channels, W, H}, dims2[2] = {W, H};
    vx_tensor t = vxCreateTensor(ctx, s->num_dims, s->num_dims == 3 ? dims3 : dims2, s->type, 0);
    CHECK_REF(t);
    return t;
}

/* Channel c of pixel (x, y) per the border (UNDEFINED only read inside); a pixel of a 3-D tensor
 * has three, the values from its first on in element order (the last past the end), as the
 * conformance tests read a colour. */
static int32_t value(const int32_t *v, const shape *s, int c, int x, int y, const vx_border_t *b)
{
    if ((x < 0 || y < 0 || x >= W || y >= H) && b->mode == VX_BORDER_CONSTANT)
        return s->type == VX_TYPE_UINT8 ? b->constant_value.U8 : b->constant_value.S16;
    x = x < 0 ? 0 : x >= W ? W - 1 : x;
    y = y < 0 ? 0 : y >= H ? H - 1 : y;
    size_t f = ((size_t)y * W + x) * s->channels + (size_t)c, last = s->channels * W * H - 1;
    return v[f < last ? f : last];
}

static int32_t reference(const int32_t *v, const shape *s, int d, double ss, double sv, int c, int x, int y,
                         const vx_border_t *b)
{
    int r = d / 2;
    double weights = 0, sum = 0;
    for (int dy = -r; dy <= r; dy++)
        for (int dx = -r; dx <= r; dx++) {
            if (dx * dx + dy * dy > r * r)
                continue;
            double dist = 0;                  /* the channels' distances summed (the conformance tests') */
            for (vx_size k = 0; k < (s->num_dims == 3 ? 3 : 1); k++)
                dist += fabs((double)(value(v, s, (int)k, x + dx, y + dy, b) - value(v, s, (int)k, x, y, b)));
            double wk = exp(-(double)(dx * dx + dy * dy) / (2.0 * ss * ss)) * exp(-dist * dist / (2.0 * sv * sv));
            weights += wk, sum += wk * value(v, s, c, x + dx, y + dy, b);
        }
    double o = floor(sum / weights + 0.5);
    double lo = s->type == VX_TYPE_UINT8 ? 0 : -32768, hi = s->type == VX_TYPE_UINT8 ? 255 : 32767;
    return (int32_t)(o < lo ? lo : o > hi ? hi : o);
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    static int32_t in[3 * W * H], got[3 * W * H];
    const shape shapes[5] = {{2, 1, VX_TYPE_UINT8}, {2, 1, VX_TYPE_INT16}, {3, 1, VX_TYPE_UINT8}, {3, 2, VX_TYPE_INT16},
                             {3, 3, VX_TYPE_UINT8}};
    const struct { vx_int32 d; vx_float32 ss, sv; } settings[3] = {{3, 1.0f, 20.0f}, {5, 2.5f, 60.0f}, {9, 4.0f, 3000.0f}};
    vx_border_t borders[3] = {{VX_BORDER_UNDEFINED, {{0}}}, {VX_BORDER_CONSTANT, {{0}}}, {VX_BORDER_REPLICATE, {{0}}}};
    for (int sh = 0; sh < 5; sh++) {
        const shape *s = &shapes[sh];
        uint32_t seed = 77 + sh;
        for (vx_size k = 0; k < s->channels * W * H; k++) {   /* smooth areas and edges: both weights matter */
            seed = seed * 1664525u + 1013904223u;
            int32_t base = (k / s->channels) % W < W / 2 ? 40 : 200;
            in[k] = s->type == VX_TYPE_UINT8 ? base + (int32_t)(seed >> 28) : (base - 120) * 150 + (int32_t)(seed >> 22);
        }
        borders[1].constant_value.U8 = 90;
        if (s->type == VX_TYPE_INT16)
            borders[1].constant_value.S16 = -1234;
        vx_tensor src = tensor(ctx, s);
        copy_tensor(src, s, in, VX_WRITE_ONLY);
        for (int st = 0; st < 3; st++)
            for (int b = 0; b < 3; b++)
                for (int immediate = 0; immediate < 2; immediate++) {
                    vx_tensor dst = tensor(ctx, s);
                    CHECK_OK(RUN_BORDER(immediate, ctx, &borders[b],
                                        vxuBilateralFilter(ctx, src, settings[st].d, settings[st].ss, settings[st].sv, dst),
                                        vxBilateralFilterNode(graph_, src, settings[st].d, settings[st].ss, settings[st].sv,
                                                              dst)));
                    copy_tensor(dst, s, got, VX_READ_ONLY);
                    int r = borders[b].mode == VX_BORDER_UNDEFINED ? settings[st].d / 2 : 0;
                    for (int y = r; y < H - r; y++)
                        for (int x = r; x < W - r; x++)
                            for (int c = 0; c < (int)s->channels; c++) {
                                int32_t want = reference(in, s, settings[st].d, settings[st].ss, settings[st].sv, c, x, y,
                                                         &borders[b]);
                                int32_t g = got[((size_t)y * W + x) * s->channels + c];
                                if (g != want) {
                                    fprintf(stderr, "shape %d setting %d border %#x immediate %d (%d, %d, %d): %d, expected %d\n",
                                            sh, st, borders[b].mode, immediate, c, x, y, g, want);
                                    return 1;
                                }
                            }
                    CHECK_OK(vxReleaseTensor(&dst));
                }
        CHECK_OK(vxReleaseTensor(&src));
    }

    /* refusals */
    shape u8 = {2, 1, VX_TYPE_UINT8}, s16 = {2, 1, VX_TYPE_INT16}, four_ch = {3, 4, VX_TYPE_UINT8};
    vx_tensor a = tensor(ctx, &u8), a2 = tensor(ctx, &u8), b = tensor(ctx, &s16), c = tensor(ctx, &four_ch), d = tensor(ctx, &four_ch);
    vx_size small_dims[2] = {W, H - 1}, dims4[4] = {1, W, H, 1};
    vx_tensor small = vxCreateTensor(ctx, 2, small_dims, VX_TYPE_UINT8, 0);
    vx_tensor s8 = vxCreateTensor(ctx, 2, small_dims, VX_TYPE_INT8, 0), s8_out = vxCreateTensor(ctx, 2, small_dims, VX_TYPE_INT8, 0);
    vx_tensor four = vxCreateTensor(ctx, 4, dims4, VX_TYPE_UINT8, 0);
    vx_tensor four_out = vxCreateTensor(ctx, 4, dims4, VX_TYPE_UINT8, 0);
    CHECK_REFUSED(vxuBilateralFilter(ctx, a, 5, 1.0f, 1.0f, b), VX_ERROR_INVALID_TYPE);
    CHECK_REFUSED(vxuBilateralFilter(ctx, s8, 5, 1.0f, 1.0f, s8_out), VX_ERROR_INVALID_TYPE);
    CHECK_REFUSED(vxuBilateralFilter(ctx, a, 5, 1.0f, 1.0f, small), VX_ERROR_INVALID_DIMENSION);
    CHECK_REFUSED(vxuBilateralFilter(ctx, c, 5, 1.0f, 1.0f, d), VX_ERROR_INVALID_DIMENSION);
    CHECK_REFUSED(vxuBilateralFilter(ctx, four, 5, 1.0f, 1.0f, four_out), VX_ERROR_INVALID_DIMENSION);
    CHECK_REFUSED(vxuBilateralFilter(ctx, a, 4, 1.0f, 1.0f, a2), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(vxuBilateralFilter(ctx, a, 11, 1.0f, 1.0f, a2), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(vxuBilateralFilter(ctx, a, 5, 0.0f, 1.0f, a2), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(vxuBilateralFilter(ctx, a, 5, 1.0f, -2.0f, a2), VX_ERROR_INVALID_VALUE);
    vxReleaseTensor(&a), vxReleaseTensor(&a2), vxReleaseTensor(&b), vxReleaseTensor(&c), vxReleaseTensor(&d), vxReleaseTensor(&small);
    vxReleaseTensor(&s8), vxReleaseTensor(&s8_out), vxReleaseTensor(&four), vxReleaseTensor(&four_out);
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
