/* vx_khr_nn in fixed point, case by case as a conformance run meets it: Convolution (kernels 11x11,
 * 6x6, 5x5, 3x3 and 3x4 padded, every dilation, FLOOR and CEILING output sizes), Deconvolution (the
 * same kernels, every a), FullyConnected (1-D and 3-D inputs, weights flattened or 4-D, up to 3
 * batch dimensions), each without bias, with a shared and with a per-location bias, on UINT8, INT8
 * and Q7.8 tensors, under the four combinations of overflow (WRAP, SATURATE) and rounding (TO_ZERO,
 * TO_NEAREST_EVEN) policy as four nodes of one graph (and Q7.8 once more with values over the whole
 * type, sums far past 32 bits); exact bytes against a plain reference: the
 * products summed exactly, the bias added at the products' position (2q), the sum rounded back to q
 * per the rounding policy, then wrapped or saturated to the type. Then ROIPooling with corners
 * anywhere around the input (integer coordinates, in every type), and a user kernel with tensor
 * parameters that keeps its VX_KERNEL_LOCAL_DATA_SIZE. */
#include <VX/vx.h>
#include <VX/vx_khr_nn.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

typedef struct kind {
    const char *name;
    vx_enum type;
    vx_int8 q;
    int64_t lo, hi;          /* the type's range */
} kind;

static const kind KINDS[3] = {{"U8", VX_TYPE_UINT8, 0, 0, UINT8_MAX},
                              {"S8", VX_TYPE_INT8, 0, INT8_MIN, INT8_MAX},
                              {"Q78", VX_TYPE_INT16, 8, INT16_MIN, INT16_MAX}};
static const vx_enum POLICIES[2] = {VX_CONVERT_POLICY_WRAP, VX_CONVERT_POLICY_SATURATE};
static const vx_enum ROUNDINGS[2] = {VX_ROUND_POLICY_TO_ZERO, VX_ROUND_POLICY_TO_NEAREST_EVEN};

static uint64_t state = 0x9e3779b97f4a7c15u;

static int64_t random_in(int64_t lo, int64_t hi)
{
    state = state * 6364136223846793005u + 1442695040888963407u;
    return lo + (int64_t)((state >> 33) % (uint64_t)(hi - lo + 1));
}

/* A tensor and its values, packed, dims[0] fastest. */
typedef struct tensor {
    vx_tensor t;
    vx_size n, dims[6], count;
    int64_t *v;
    const kind *k;
} tensor;

static void copy_values(tensor *x, vx_enum usage)
{
    vx_size es = x->k->type == VX_TYPE_INT16 ? 2 : 1, start[6] = {0}, stride[6];
    for (vx_size d = 0; d < x->n; d++)
        stride[d] = d ? stride[d - 1] * x->dims[d - 1] : es;
    uint8_t *buf = malloc(es * x->count);
    for (vx_size i = 0; usage == VX_WRITE_ONLY && i < x->count; i++) {
        if (es == 2)
            ((int16_t *)buf)[i] = (int16_t)x->v[i];
        else
            buf[i] = (uint8_t)x->v[i];
    }
    CHECK_OK(vxCopyTensorPatch(x->t, x->n, start, x->dims, stride, buf, usage, VX_MEMORY_TYPE_HOST));
    for (vx_size i = 0; usage == VX_READ_ONLY && i < x->count; i++)
        x->v[i] = es == 2 ? ((int16_t *)buf)[i] : x->k->type == VX_TYPE_INT8 ? (int8_t)buf[i] : buf[i];
    free(buf);
}

/* A tensor of values in [lo, hi] (written); an output (nothing written) when lo > hi. */
static tensor make(vx_context ctx, const kind *k, vx_size n, const vx_size *dims, int64_t lo, int64_t hi)
{
    tensor x = {vxCreateTensor(ctx, n, dims, k->type, k->q), n, {0}, 1, NULL, k};
    CHECK_REF(x.t);
    for (vx_size d = 0; d < n; d++)
        x.dims[d] = dims[d], x.count *= dims[d];
    x.v = calloc(x.count, sizeof *x.v);
    for (vx_size i = 0; lo <= hi && i < x.count; i++)
        x.v[i] = random_in(lo, hi);
    if (lo <= hi)
        copy_values(&x, VX_WRITE_ONLY);
    return x;
}

/* Values small enough that `terms` products of them sum to a few times the type's range, so both
 * overflow policies and both roundings have work to do. */
static tensor operand(vx_context ctx, const kind *k, vx_size n, const vx_size *dims, vx_size terms)
{
    double root = sqrt((double)terms);
    return make(ctx, k, n, dims, (int64_t)(k->lo / root), (int64_t)(k->hi / root));
}

static void drop(tensor *x)
{
    if (x->t)
        CHECK_OK(vxReleaseTensor(&x->t));
    free(x->v);
}

/* The definition: acc (products at position 2q, bias shifted to it) back to position q per the
 * rounding policy (toward zero, or to the nearest with ties to even), then into the type per the
 * overflow policy (wrap: the low bits, two's complement; saturate: clamped). */
static int64_t finish_sum(int64_t acc, const kind *k, vx_enum overflow, vx_enum rounding)
{
    int64_t unit = (int64_t)1 << k->q, v = acc / unit, rest = acc % unit;     /* C division: toward zero */
    if (rounding == VX_ROUND_POLICY_TO_NEAREST_EVEN && rest != 0) {
        int64_t twice = 2 * (rest < 0 ? -rest : rest);
        if (twice > unit || (twice == unit && (v & 1)))
            v += rest < 0 ? -1 : 1;
    }
    if (overflow == VX_CONVERT_POLICY_SATURATE)
        return v < k->lo ? k->lo : v > k->hi ? k->hi : v;
    uint64_t bits = (uint64_t)v & (k->type == VX_TYPE_INT16 ? 0xffffu : 0xffu);
    return k->type == VX_TYPE_UINT8 ? (int64_t)bits : k->type == VX_TYPE_INT8 ? (int8_t)bits : (int16_t)bits;
}

/* One layer case: `add` appends the layer with the given policies to a graph writing `out`. */
typedef vx_node (*add_layer)(vx_graph g, const void *self, vx_enum overflow, vx_enum rounding, vx_tensor out);
/* acc of output element i (bias included), the definition's sum before rounding. */
typedef int64_t (*sum_at)(const void *self, vx_size i);

static int failures;

/* The four policy combinations as four nodes of one graph, each output against the definition. */
static void check_policies(vx_context ctx, const kind *k, vx_size on, const vx_size *od, add_layer add, sum_at sum,
                           const void *self, const char *what)
{
    tensor out[4];
    vx_graph g = vxCreateGraph(ctx);
    for (int c = 0; c < 4; c++) {
        out[c] = make(ctx, k, on, od, 1, 0);
        vx_node node = add(g, self, POLICIES[c / 2], ROUNDINGS[c % 2], out[c].t);
        CHECK_REF(node);
        CHECK_OK(vxReleaseNode(&node));
    }
    vx_status s = vxVerifyGraph(g);
    if (s == VX_SUCCESS)
        s = vxProcessGraph(g);
    if (s != VX_SUCCESS) {
        fprintf(stderr, "%s %s: graph status %d\n", what, k->name, (int)s);
        failures++;
    }
    for (int c = 0; c < 4; c++) {
        if (s == VX_SUCCESS) {
            copy_values(&out[c], VX_READ_ONLY);
            for (vx_size i = 0; i < out[c].count; i++) {
                int64_t want = finish_sum(sum(self, i), k, POLICIES[c / 2], ROUNDINGS[c % 2]);
                if (out[c].v[i] != want) {
                    fprintf(stderr, "%s %s policies %d: element %zu is %lld, expected %lld\n", what, k->name, c, i,
                            (long long)out[c].v[i], (long long)want);
                    failures++;
                    break;
                }
            }
        }
        drop(&out[c]);
    }
    CHECK_OK(vxReleaseGraph(&g));
}

/* Element (x, y, c, b) of a [width, height, maps, batches] tensor. */
static int64_t at(const tensor *x, vx_size ix, vx_size iy, vx_size c, vx_size b)
{
    return x->v[((b * x->dims[2] + c) * x->dims[1] + iy) * x->dims[0] + ix];
}

/* ------------------------------------------------------------ convolution and deconvolution */
typedef struct spatial {
    tensor x, w, b;
    int bias;                          /* 0 none, 1 shared [#OFM], 2 per location [width', height', #OFM] */
    vx_size od[4], pad[2], dilation[2], skip[2], a[2], up[2];
    vx_enum ds_rounding;
} spatial;

static vx_tensor bias_of(const spatial *s)
{
    return s->bias ? s->b.t : NULL;
}

static int64_t bias_at(const spatial *s, vx_size ox, vx_size oy, vx_size f)
{
    if (!s->bias)
        return 0;
    return (s->bias == 1 ? s->b.v[f] : s->b.v[(f * s->od[1] + oy) * s->od[0] + ox]) * ((int64_t)1 << s->x.k->q);
}

static vx_node add_convolution(vx_graph g, const void *self, vx_enum overflow, vx_enum rounding, vx_tensor out)
{
    const spatial *s = self;
    vx_nn_convolution_params_t p = {s->pad[0], s->pad[1], overflow, rounding, s->ds_rounding, s->dilation[0],
                                    s->dilation[1]};
    return vxConvolutionLayer(g, s->x.t, s->w.t, bias_of(s), &p, sizeof p, out);
}

static void position(const spatial *s, vx_size i, vx_size *ox, vx_size *oy, vx_size *f, vx_size *b)
{
    *ox = i % s->od[0], *oy = i / s->od[0] % s->od[1], *f = i / (s->od[0] * s->od[1]) % s->od[2];
    *b = i / (s->od[0] * s->od[1] * s->od[2]);
}

/* sum over maps and taps of in[ox skip + kx (dilation + 1) + dilation - pad, ...] x w[kx, ky, c, f]
 * (a dilated kernel starts `dilation` elements in, as the conformance tests' reference has it) */
static int64_t convolution_sum(const void *self, vx_size i)
{
    const spatial *s = self;
    vx_size ox, oy, f, b;
    position(s, i, &ox, &oy, &f, &b);
    int64_t acc = bias_at(s, ox, oy, f);
    for (vx_size c = 0; c < s->x.dims[2]; c++)
        for (vx_size ky = 0; ky < s->w.dims[1]; ky++)
            for (vx_size kx = 0; kx < s->w.dims[0]; kx++) {
                int64_t ix = (int64_t)(ox * s->skip[0] + kx * (s->dilation[0] + 1) + s->dilation[0]) - (int64_t)s->pad[0];
                int64_t iy = (int64_t)(oy * s->skip[1] + ky * (s->dilation[1] + 1) + s->dilation[1]) - (int64_t)s->pad[1];
                if (ix >= 0 && iy >= 0 && ix < (int64_t)s->x.dims[0] && iy < (int64_t)s->x.dims[1])
                    acc += at(&s->x, (vx_size)ix, (vx_size)iy, c, b) *
                           s->w.v[((f * s->x.dims[2] + c) * s->w.dims[1] + ky) * s->w.dims[0] + kx];
            }
    return acc;
}

static vx_node add_deconvolution(vx_graph g, const void *self, vx_enum overflow, vx_enum rounding, vx_tensor out)
{
    const spatial *s = self;
    vx_nn_deconvolution_params_t p = {s->pad[0], s->pad[1], overflow, rounding, s->a[0], s->a[1]};
    return vxDeconvolutionLayer(g, s->x.t, s->w.t, bias_of(s), &p, sizeof p, out);
}

/* The input upscaled (up - 1 zeros between its elements), framed by kernel - pad - 1 zeros (and a
 * more at the far end), convolved with skip 1: output (ox, oy) reads upscaled (ox + kx, oy + ky), an
 * upscaled position below the input's own width and height only (the conformance tests' reference). */
static int64_t deconvolution_sum(const void *self, vx_size i)
{
    const spatial *s = self;
    vx_size ox, oy, f, b;
    position(s, i, &ox, &oy, &f, &b);
    int64_t acc = bias_at(s, ox, oy, f);
    for (vx_size c = 0; c < s->x.dims[2]; c++)
        for (vx_size ky = 0; ky < s->w.dims[1]; ky++)
            for (vx_size kx = 0; kx < s->w.dims[0]; kx++) {
                int64_t ux = (int64_t)(ox + kx) - (int64_t)(s->w.dims[0] - s->pad[0] - 1);
                int64_t uy = (int64_t)(oy + ky) - (int64_t)(s->w.dims[1] - s->pad[1] - 1);
                if (ux < 0 || uy < 0 || ux % (int64_t)s->up[0] || uy % (int64_t)s->up[1])
                    continue;
                if (ux < (int64_t)s->x.dims[0] && uy < (int64_t)s->x.dims[1])
                    acc += at(&s->x, (vx_size)ux / s->up[0], (vx_size)uy / s->up[1], c, b) * s->w.v[((f * s->x.dims[2] + c) * s->w.dims[1] + ky) * s->w.dims[0] + kx];
            }
    return acc;
}

typedef struct kernel_case {
    vx_size kx, ky, pad_x, pad_y;
} kernel_case;

static const kernel_case KERNELS[5] = {{11, 11, 0, 0}, {6, 6, 0, 0}, {5, 5, 0, 0}, {3, 3, 0, 0}, {3, 4, 1, 2}};
static const vx_size STEPS[3][2] = {{0, 0}, {0, 1}, {1, 0}};      /* dilations, and deconvolution's a */

/* Inputs, weights and biases of a case; od[0], od[1] and the spatial parameters already set. */
static void operands(vx_context ctx, const kind *k, spatial *s, const vx_size *in, vx_size batched,
                     const kernel_case *kc, int full)
{
    vx_size xd[4] = {in[0], in[1], (vx_size)random_in(1, 4), (vx_size)random_in(1, 3)};
    vx_size wd[4] = {kc->kx, kc->ky, xd[2], (vx_size)random_in(1, 4)};
    s->od[2] = wd[3], s->od[3] = xd[3];
    vx_size terms = full ? 1 : kc->kx * kc->ky * xd[2];
    s->x = operand(ctx, k, 3 + batched, xd, terms);
    s->w = operand(ctx, k, 4, wd, terms);
    if (s->bias)
        s->b = s->bias == 1 ? make(ctx, k, 1, &wd[3], k->lo, k->hi) : make(ctx, k, 3, &s->od[0], k->lo, k->hi);
}

static void drop_spatial(spatial *s)
{
    drop(&s->x), drop(&s->w);
    if (s->bias)
        drop(&s->b);
}

static void check_convolutions(vx_context ctx, const kind *k, int full)
{
    int n = 0;
    for (int kc = 0; kc < 5; kc++)
        for (int d = 0; d < 3; d++)
            for (int ceiling = 0; ceiling < 2; ceiling++)
                for (int bias = 0; bias < 3; bias++, n++) {
                    const kernel_case *c = &KERNELS[kc];
                    spatial s = {.bias = bias, .pad = {c->pad_x, c->pad_y}, .dilation = {STEPS[d][0], STEPS[d][1]},
                                 .ds_rounding = ceiling ? VX_NN_DS_SIZE_ROUNDING_CEILING : VX_NN_DS_SIZE_ROUNDING_FLOOR};
                    vx_size in[2], kd[2] = {c->kx, c->ky};
                    for (int a = 0; a < 2; a++) {
                        /* an input at least the dilated kernel's span, a skip of 1-3 (the smallest giving
                         * the output size: the one the layer infers) */
                        vx_size span = kd[a] + (kd[a] - 1) * s.dilation[a], pad = s.pad[a];
                        in[a] = (vx_size)random_in(span > 2 * pad ? (int64_t)(span - 2 * pad) : 1, (int64_t)(span + 6));
                        vx_size free_ = in[a] + 2 * pad - span, skip = (vx_size)random_in(1, 3);
                        s.od[a] = (ceiling ? (free_ + skip - 1) / skip : free_ / skip) + 1;
                        while (skip > 1 && (ceiling ? (free_ + skip - 2) / (skip - 1) : free_ / (skip - 1)) + 1 == s.od[a])
                            skip--;
                        s.skip[a] = skip;
                    }
                    operands(ctx, k, &s, in, (vx_size)(n & 1), c, full);
                    check_policies(ctx, k, s.x.n, s.od, add_convolution, convolution_sum, &s, "convolution");
                    drop_spatial(&s);
                }
}

static void check_deconvolutions(vx_context ctx, const kind *k, int full)
{
    int n = 0;
    for (int kc = 0; kc < 5; kc++)
        for (int d = 0; d < 3; d++)
            for (int bias = 0; bias < 3; bias++, n++) {
                const kernel_case *c = &KERNELS[kc];
                spatial s = {.bias = bias, .pad = {c->pad_x, c->pad_y}, .a = {STEPS[d][0], STEPS[d][1]}};
                vx_size in[2], kd[2] = {c->kx, c->ky};
                for (int a = 0; a < 2; a++)
                    do {          /* an output of at least one element */
                        in[a] = (vx_size)random_in(1, 6);
                        s.up[a] = (vx_size)random_in((int64_t)s.a[a] + 1, (int64_t)s.a[a] + 3);
                    } while ((in[a] - 1) * s.up[a] + kd[a] + s.a[a] <= 2 * s.pad[a]);
                for (int a = 0; a < 2; a++)
                    s.od[a] = (in[a] - 1) * s.up[a] + kd[a] + s.a[a] - 2 * s.pad[a];
                operands(ctx, k, &s, in, (vx_size)(n & 1), c, full);
                check_policies(ctx, k, s.x.n, s.od, add_deconvolution, deconvolution_sum, &s, "deconvolution");
                drop_spatial(&s);
            }
}

/* ------------------------------------------------------------ fully connected */
typedef struct dense {
    tensor x, w, b;
    int bias;
    vx_size inner, ofm;
} dense;

static vx_node add_fully_connected(vx_graph g, const void *self, vx_enum overflow, vx_enum rounding, vx_tensor out)
{
    const dense *s = self;
    return vxFullyConnectedLayer(g, s->x.t, s->w.t, s->bias ? s->b.t : NULL, overflow, rounding, out);
}

/* out[f, batch] = sum over j of in[j, batch] x w[j, f]: the input's core dimensions and the weights'
 * all but the last flattened alike, dims[0] fastest. */
static int64_t fully_connected_sum(const void *self, vx_size i)
{
    const dense *s = self;
    vx_size f = i % s->ofm, b = i / s->ofm;
    int64_t acc = s->bias ? s->b.v[f] * ((int64_t)1 << s->x.k->q) : 0;
    for (vx_size j = 0; j < s->inner; j++)
        acc += s->x.v[b * s->inner + j] * s->w.v[f * s->inner + j];
    return acc;
}

static void check_fully_connected(vx_context ctx, const kind *k)
{
    /* core dimensions 1 (weights 2-D) or 3 (weights 2-D or 4-D), 0-3 batch dimensions in all */
    static const int shapes[8][3] = {{1, 2, 0}, {1, 2, 1}, {1, 2, 2}, {1, 2, 3}, {3, 2, 0}, {3, 2, 1}, {3, 4, 0}, {3, 4, 1}};
    for (int c = 0; c < 8; c++)
        for (int bias = 0; bias < 2; bias++) {
            int core = shapes[c][0], wn = shapes[c][1], batch = shapes[c][2];
            dense s = {.bias = bias, .ofm = (vx_size)random_in(1, 9), .inner = 1};
            vx_size xd[4], wd[4], od[4] = {s.ofm};
            for (int d = 0; d < core + batch; d++)
                xd[d] = (vx_size)random_in(1, d < core ? 6 : 3);
            for (int d = 0; d < core; d++)
                s.inner *= xd[d];
            for (int d = 0; d < batch; d++)
                od[1 + d] = xd[core + d];
            if (wn == 2)
                wd[0] = s.inner, wd[1] = s.ofm;
            else
                wd[0] = xd[0], wd[1] = xd[1], wd[2] = xd[2], wd[3] = s.ofm;
            s.x = operand(ctx, k, (vx_size)(core + batch), xd, s.inner);
            s.w = operand(ctx, k, (vx_size)wn, wd, s.inner);
            if (bias)
                s.b = make(ctx, k, 1, &s.ofm, k->lo, k->hi);
            check_policies(ctx, k, (vx_size)(1 + batch), od, add_fully_connected, fully_connected_sum, &s,
                           wn == 4 ? "fully connected (4-D weights)" : "fully connected");
            drop(&s.x), drop(&s.w);
            if (bias)
                drop(&s.b);
        }
}

/* ------------------------------------------------------------ ROI pooling */
/* rois hold integer coordinates x1, y1, x2, y2 (inclusive) in the input's type, anywhere from 2
 * before the input to 2 past it; a bin of a w x h roi spans floor(i w / bins) to ceil((i + 1) w /
 * bins), an edge before the input or past it put at its end (the conformance tests' reference
 * clamps them as unsigned values); an empty bin is 0. The pooled size is the output's. */
static void check_roi_pooling(vx_context ctx, const kind *k, int batched)
{
    vx_size dims[4] = {(vx_size)random_in(1, 12), (vx_size)random_in(1, 12), (vx_size)random_in(1, 4), 2};
    vx_size count = (vx_size)random_in(1, 8), rd[3] = {4, count, dims[3]};
    vx_size od[5] = {(vx_size)random_in(1, 6), (vx_size)random_in(1, 6), dims[2], count, dims[3]};
    vx_size n = batched ? 4 : 3;
    tensor x = make(ctx, k, n, dims, k->lo, k->hi), rois = make(ctx, k, n - 1, rd, 1, 0);
    for (vx_size i = 0; i < rois.count; i++)
        rois.v[i] = random_in(k->type == VX_TYPE_UINT8 ? 0 : -2, (int64_t)dims[i % 2] + 2);
    copy_values(&rois, VX_WRITE_ONLY);
    tensor out = make(ctx, k, n + 1, od, 1, 0);
    vx_nn_roi_pool_params_t params = {VX_NN_POOLING_MAX};
    vx_graph g = vxCreateGraph(ctx);
    vx_node node = vxROIPoolingLayer(g, x.t, rois.t, &params, sizeof params, out.t);
    CHECK_REF(node);
    CHECK_OK(vxProcessGraph(g));
    CHECK_OK(vxReleaseNode(&node));
    CHECK_OK(vxReleaseGraph(&g));
    copy_values(&out, VX_READ_ONLY);
    vx_size i = 0;
    for (vx_size b = 0; b < (batched ? dims[3] : 1); b++)
        for (vx_size r = 0; r < count; r++) {
            const int64_t *c = &rois.v[(b * count + r) * 4];
            int64_t rw = (c[2] > c[0] ? c[2] - c[0] : 0) + 1, rh = (c[3] > c[1] ? c[3] - c[1] : 0) + 1;
            int64_t pw = (int64_t)od[0], ph = (int64_t)od[1], w = (int64_t)dims[0], h = (int64_t)dims[1];
            for (vx_size ch = 0; ch < dims[2]; ch++)
                for (int64_t by = 0; by < ph; by++)
                    for (int64_t bx = 0; bx < pw; bx++, i++) {
                        int64_t x0 = c[0] + bx * rw / pw, x1 = c[0] + ((bx + 1) * rw + pw - 1) / pw;
                        int64_t y0 = c[1] + by * rh / ph, y1 = c[1] + ((by + 1) * rh + ph - 1) / ph;
                        x0 = x0 < 0 || x0 > w ? w : x0, x1 = x1 < 0 || x1 > w ? w : x1;
                        y0 = y0 < 0 || y0 > h ? h : y0, y1 = y1 < 0 || y1 > h ? h : y1;
                        int64_t best = x0 < x1 && y0 < y1 ? k->lo : 0;
                        for (int64_t yy = y0; yy < y1; yy++)
                            for (int64_t xx = x0; xx < x1; xx++) {
                                int64_t v = at(&x, (vx_size)xx, (vx_size)yy, ch, b);
                                best = v > best ? v : best;
                            }
                        if (out.v[i] != best) {
                            fprintf(stderr, "roi pooling %s: element %zu is %lld, expected %lld\n", k->name, i,
                                    (long long)out.v[i], (long long)best);
                            failures++;
                            goto done;
                        }
                    }
        }
done:
    drop(&x), drop(&rois), drop(&out);
}

/* ------------------------------------------------------------ user kernel with tensors */
/* A user kernel with NN tensor parameters (Q7.8 [width, height, #IFM, #batches]) under the three
 * local data arrangements: none, VX_KERNEL_LOCAL_DATA_SIZE given (the implementation allocates;
 * the node may not change it), or 0 given and the initializer setting its own (freed by the
 * deinitializer); output meta from the input tensor or set attribute by attribute. */
static vx_size kernel_alloc;           /* what the initializer allocates (0: nothing) */
static vx_status init_size, init_ptr, deinit_size, deinit_ptr;
static int deinitialized, ran;
static vx_size run_size;

static vx_status VX_CALLBACK tensor_run(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)p, (void)n;
    void *ptr = NULL;
    TRY(vxQueryNode(node, VX_NODE_LOCAL_DATA_SIZE, &run_size, sizeof run_size));
    TRY(vxQueryNode(node, VX_NODE_LOCAL_DATA_PTR, &ptr, sizeof ptr));
    if (run_size)
        memset(ptr, 0x5a, run_size);           /* the memory is there, as large as given */
    ran = 1;
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK tensor_init(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)p, (void)n;
    vx_size size = kernel_alloc;
    void *ptr = size ? calloc(1, size) : NULL;
    init_size = vxSetNodeAttribute(node, VX_NODE_LOCAL_DATA_SIZE, &size, sizeof size);
    init_ptr = vxSetNodeAttribute(node, VX_NODE_LOCAL_DATA_PTR, &ptr, sizeof ptr);
    if (init_ptr != VX_SUCCESS)
        free(ptr);
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK tensor_deinit(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)p, (void)n;
    vx_size size = 0;
    void *ptr = NULL;
    TRY(vxQueryNode(node, VX_NODE_LOCAL_DATA_PTR, &ptr, sizeof ptr));
    if (kernel_alloc)
        free(ptr), ptr = NULL;
    deinit_size = vxSetNodeAttribute(node, VX_NODE_LOCAL_DATA_SIZE, &size, sizeof size);
    deinit_ptr = vxSetNodeAttribute(node, VX_NODE_LOCAL_DATA_PTR, &ptr, sizeof ptr);
    deinitialized = 1;
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK meta_from_reference(vx_node node, const vx_reference p[], vx_uint32 n, vx_meta_format m[])
{
    (void)node, (void)n;
    return vxSetMetaFormatFromReference(m[1], p[0]);
}

static vx_status VX_CALLBACK meta_from_attributes(vx_node node, const vx_reference p[], vx_uint32 n, vx_meta_format m[])
{
    (void)node, (void)n;
    vx_size rank = 0, dims[4];
    vx_enum type = 0;
    vx_int8 q = 0;
    TRY(vxQueryTensor((vx_tensor)p[0], VX_TENSOR_NUMBER_OF_DIMS, &rank, sizeof rank));
    TRY(vxQueryTensor((vx_tensor)p[0], VX_TENSOR_DIMS, dims, rank * sizeof(vx_size)));
    TRY(vxQueryTensor((vx_tensor)p[0], VX_TENSOR_DATA_TYPE, &type, sizeof type));
    TRY(vxQueryTensor((vx_tensor)p[0], VX_TENSOR_FIXED_POINT_POSITION, &q, sizeof q));
    TRY(vxSetMetaFormatAttribute(m[1], VX_TENSOR_NUMBER_OF_DIMS, &rank, sizeof rank));
    TRY(vxSetMetaFormatAttribute(m[1], VX_TENSOR_DIMS, dims, rank * sizeof(vx_size)));
    TRY(vxSetMetaFormatAttribute(m[1], VX_TENSOR_DATA_TYPE, &type, sizeof type));
    return vxSetMetaFormatAttribute(m[1], VX_TENSOR_FIXED_POINT_POSITION, &q, sizeof q);
}

static void check_user_kernel(vx_context ctx, vx_size given, vx_size allocated, int from_reference)
{
    kernel_alloc = allocated;
    vx_kernel kernel = vxAddUserKernel(ctx, "test.nn.tensor_local_data", VX_KERNEL_BASE(VX_ID_USER, 0) + 0x22,
                                       tensor_run, 2, from_reference ? meta_from_reference : meta_from_attributes,
                                       tensor_init, tensor_deinit);
    CHECK_REF(kernel);
    CHECK_OK(vxAddParameterToKernel(kernel, 0, VX_INPUT, VX_TYPE_TENSOR, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(kernel, 1, VX_OUTPUT, VX_TYPE_TENSOR, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxSetKernelAttribute(kernel, VX_KERNEL_LOCAL_DATA_SIZE, &given, sizeof given));
    vx_size got = 99;
    CHECK_OK(vxQueryKernel(kernel, VX_KERNEL_LOCAL_DATA_SIZE, &got, sizeof got));
    CHECK(got == given);
    CHECK_OK(vxFinalizeKernel(kernel));
    got = 99;
    vx_kernel by_name = vxGetKernelByName(ctx, "test.nn.tensor_local_data");
    CHECK_OK(vxQueryKernel(by_name, VX_KERNEL_LOCAL_DATA_SIZE, &got, sizeof got));
    CHECK(got == given);
    CHECK_OK(vxReleaseKernel(&by_name));
    vx_size dims[4] = {5, 4, 3, 2}, want = given + allocated;
    vx_tensor in = vxCreateTensor(ctx, 4, dims, VX_TYPE_INT16, 8), out = vxCreateTensor(ctx, 4, dims, VX_TYPE_INT16, 8);
    vx_graph g = vxCreateGraph(ctx);
    vx_node node = vxCreateGenericNode(g, kernel);
    CHECK_REF(node);
    got = 99;
    CHECK_OK(vxQueryNode(node, VX_NODE_LOCAL_DATA_SIZE, &got, sizeof got));       /* before verification */
    CHECK(got == given);
    CHECK_OK(vxSetParameterByIndex(node, 0, (vx_reference)in));
    CHECK_OK(vxSetParameterByIndex(node, 1, (vx_reference)out));
    for (int round = 0; round < 2; round++) {         /* verified, then verified again */
        deinitialized = 0;
        init_size = init_ptr = deinit_size = deinit_ptr = VX_FAILURE;
        if (round)
            CHECK_OK(vxSetParameterByIndex(node, 1, (vx_reference)out));
        CHECK_OK(vxVerifyGraph(g));
        CHECK(deinitialized == round);
        vx_size size = 99;
        void *ptr = NULL;
        CHECK_OK(vxQueryNode(node, VX_NODE_LOCAL_DATA_SIZE, &size, sizeof size));
        CHECK_OK(vxQueryNode(node, VX_NODE_LOCAL_DATA_PTR, &ptr, sizeof ptr));
        CHECK(size == want && (size == 0) == (ptr == NULL));
        CHECK(vxSetNodeAttribute(node, VX_NODE_LOCAL_DATA_SIZE, &size, sizeof size) != VX_SUCCESS);
        CHECK(vxSetNodeAttribute(node, VX_NODE_LOCAL_DATA_PTR, &ptr, sizeof ptr) != VX_SUCCESS);
        /* the node may set its local data in its (de)initializer only when the kernel gave no size */
        CHECK((init_size == VX_SUCCESS) == (given == 0) && (init_ptr == VX_SUCCESS) == (given == 0));
        CHECK(!round || ((deinit_size == VX_SUCCESS) == (given == 0) && (deinit_ptr == VX_SUCCESS) == (given == 0)));
    }
    ran = 0;
    CHECK_OK(vxProcessGraph(g));
    CHECK(ran && run_size == want);
    CHECK_OK(vxReleaseNode(&node));
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_OK(vxRemoveKernel(kernel));
    CHECK_OK(vxReleaseTensor(&in));
    CHECK_OK(vxReleaseTensor(&out));
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs = context_references(ctx);
    for (int t = 0; t < 3; t++) {
        check_convolutions(ctx, &KINDS[t], 0);
        check_deconvolutions(ctx, &KINDS[t], 0);
        check_fully_connected(ctx, &KINDS[t]);
        for (int r = 0; r < 4; r++)
            check_roi_pooling(ctx, &KINDS[t], r & 1);
    }
    /* Q7.8 values over the whole type: products up to 2^30, sums far past 32 bits (exact all the
     * same: what WRAP keeps of them shows it) */
    check_convolutions(ctx, &KINDS[2], 1);
    check_deconvolutions(ctx, &KINDS[2], 1);
    for (int from_reference = 0; from_reference < 2; from_reference++) {
        check_user_kernel(ctx, 0, 0, from_reference);
        check_user_kernel(ctx, 1234, 0, from_reference);
        check_user_kernel(ctx, 0, 10, from_reference);
    }
    CHECK(context_references(ctx) == refs);
    CHECK_OK(vxReleaseContext(&ctx));
    if (failures)
        return 1;
    puts("ok");
    return 0;
}
