/* The neural network layers (vx_khr_nn.h) against plain C: Convolution, Deconvolution,
 * FullyConnected, Pooling (max, avg), Softmax, Normalization (LRN, both types, and the 1.1
 * vxNormalizationLayer), Activation (every function), on Q7.8, INT8 and UINT8 tensors,
 * both overflow and both rounding policies. Then the refusals, the extension strings, and a small
 * network (convolution, relu, max pooling, fully connected, softmax) as one graph with virtual
 * tensors, run twice, against the chained references. ROIPooling: nn_fixed.c. */
#include <VX/vx.h>
#include <VX/vx_khr_nn.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

typedef struct kind {
    vx_enum type;
    vx_int8 q;
    int32_t lo, hi;          /* the range of the random values a test gives */
} kind;

static const kind KINDS[3] = {{VX_TYPE_INT16, 8, -700, 700}, {VX_TYPE_INT8, 0, -128, 127}, {VX_TYPE_UINT8, 0, 0, 255}};
static const vx_enum POLICIES[2] = {VX_CONVERT_POLICY_WRAP, VX_CONVERT_POLICY_SATURATE};
static const vx_enum ROUNDINGS[2] = {VX_ROUND_POLICY_TO_ZERO, VX_ROUND_POLICY_TO_NEAREST_EVEN};

/* A tensor and its values as int32, packed, dims[0] fastest. */
typedef struct tensor {
    vx_tensor t;
    vx_size n, dims[6], count;
    int32_t *v;
    const kind *k;
} tensor;

static uint32_t seed = 12345;

static int32_t random_in(int32_t lo, int32_t hi)
{
    seed = seed * 1664525u + 1013904223u;
    return lo + (int32_t)((seed >> 8) % (uint32_t)(hi - lo + 1));
}

static int64_t to_type(int64_t v, const kind *k, int saturate)
{
    int64_t lo = k->type == VX_TYPE_UINT8 ? 0 : k->type == VX_TYPE_INT8 ? INT8_MIN : INT16_MIN;
    int64_t hi = k->type == VX_TYPE_UINT8 ? UINT8_MAX : k->type == VX_TYPE_INT8 ? INT8_MAX : INT16_MAX;
    if (saturate)
        return v < lo ? lo : v > hi ? hi : v;
    return k->type == VX_TYPE_UINT8 ? (uint8_t)v : k->type == VX_TYPE_INT8 ? (int8_t)(uint8_t)v : (int16_t)(uint16_t)v;
}

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

/* A tensor of random values in [lo, hi] (written), or of zeros not written when lo > hi. */
static tensor make(vx_context ctx, const kind *k, vx_size n, const vx_size *dims, int32_t lo, int32_t hi)
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

static tensor random_tensor(vx_context ctx, const kind *k, vx_size n, const vx_size *dims)
{
    return make(ctx, k, n, dims, k->lo, k->hi);
}

static tensor output_tensor(vx_context ctx, const kind *k, vx_size n, const vx_size *dims)
{
    return make(ctx, k, n, dims, 1, 0);
}

static void drop(tensor *x)
{
    if (x->t)
        CHECK_OK(vxReleaseTensor(&x->t));
    free(x->v);
}

/* The output's values are `want` stored in its type (saturated or wrapped); `want` is freed. */
static void expect(tensor *out, int64_t *want, int saturate, const char *what)
{
    copy_values(out, VX_READ_ONLY);
    for (vx_size i = 0; i < out->count; i++)
        if (out->v[i] != to_type(want[i], out->k, saturate)) {
            fprintf(stderr, "%s (type %#x): element %zu is %d, expected %lld\n", what, (unsigned)out->k->type, i,
                    (int)out->v[i], (long long)to_type(want[i], out->k, saturate));
            exit(1);
        }
    free(want);
}

/* vxVerifyGraph's status on the graph of `node` (or its run's, `run`); both released. */
static vx_status finish(vx_graph g, vx_node node, int run)
{
    CHECK_REF(node);
    vx_status s = run ? vxProcessGraph(g) : vxVerifyGraph(g);
    CHECK_OK(vxReleaseNode(&node));
    CHECK_OK(vxReleaseGraph(&g));
    return s;
}

static void run_node(vx_graph g, vx_node node)
{
    CHECK_OK(finish(g, node, 1));
}

static int64_t *results(vx_size count)
{
    return calloc(count, sizeof(int64_t));
}

/* acc / 2^q per the rounding policy. */
static int64_t round_back(int64_t acc, int q, vx_enum rounding)
{
    double v = (double)acc / (double)(1 << q);
    return (int64_t)(rounding == VX_ROUND_POLICY_TO_NEAREST_EVEN ? nearbyint(v) : trunc(v));
}

/* Element (x, y, c, b) of a [width, height, maps, batches] tensor, 0 outside width x height. */
static int64_t at(const tensor *x, int64_t ix, int64_t iy, vx_size c, vx_size b)
{
    int64_t w = (int64_t)x->dims[0], h = (int64_t)x->dims[1];
    if (ix < 0 || iy < 0 || ix >= w || iy >= h)
        return 0;
    return x->v[((b * x->dims[2] + c) * (vx_size)h + (vx_size)iy) * (vx_size)w + (vx_size)ix];
}

static vx_size batches_of(const tensor *x)
{
    return x->count / (x->dims[0] * x->dims[1] * x->dims[2]);
}

/* ---------------------------------------------------------------- convolution */
typedef struct conv_case {
    vx_size n, dims[4], kx, ky, ofm, pad[2], dilation[2], skip[2];
    vx_enum ds_rounding;
    int bias;                /* 0 none, 1 [#OFM], 2 [width', height', #OFM] */
} conv_case;

static vx_size conv_out(vx_size in, vx_size pad, vx_size k, vx_size dilation, vx_size skip, int ceiling)
{
    vx_size span = in + 2 * pad - k - (k - 1) * dilation;
    return (ceiling ? (span + skip - 1) / skip : span / skip) + 1;
}

static int64_t *reference_convolution(const tensor *x, const tensor *w, const tensor *b, const conv_case *cc,
                                      const vx_size *od, vx_enum rounding)
{
    int q = x->k->q;
    vx_size batches = batches_of(x);
    int64_t *want = results(od[0] * od[1] * cc->ofm * batches), *r = want;
    for (vx_size bb = 0; bb < batches; bb++)
        for (vx_size f = 0; f < cc->ofm; f++)
            for (vx_size oy = 0; oy < od[1]; oy++)
                for (vx_size ox = 0; ox < od[0]; ox++) {
                    int64_t acc = 0;
                    for (vx_size c = 0; c < x->dims[2]; c++)
                        for (vx_size m = 0; m < cc->ky; m++)
                            for (vx_size k = 0; k < cc->kx; k++)
                                acc += at(x, (int64_t)(ox * cc->skip[0] + k * (cc->dilation[0] + 1) + cc->dilation[0]) - (int64_t)cc->pad[0],
                                          (int64_t)(oy * cc->skip[1] + m * (cc->dilation[1] + 1) + cc->dilation[1]) - (int64_t)cc->pad[1], c, bb) *
                                       w->v[((f * x->dims[2] + c) * cc->ky + m) * cc->kx + k];
                    if (b)
                        acc += (int64_t)b->v[cc->bias == 1 ? f : (f * od[1] + oy) * od[0] + ox] * (1 << q);
                    *r++ = round_back(acc, q, rounding);
                }
    return want;
}

static void check_convolution(vx_context ctx, const kind *k, const conv_case *cc)
{
    int ceiling = cc->ds_rounding == VX_NN_DS_SIZE_ROUNDING_CEILING;
    vx_size od[4] = {0, 0, cc->ofm, cc->dims[3]}, wd[4] = {cc->kx, cc->ky, cc->dims[2], cc->ofm};
    vx_size kd[2] = {cc->kx, cc->ky};
    for (int d = 0; d < 2; d++) {
        od[d] = conv_out(cc->dims[d], cc->pad[d], kd[d], cc->dilation[d], cc->skip[d], ceiling);
        /* the test's skip is the smallest giving that size (the one the layer infers) */
        CHECK(cc->skip[d] == 1 || conv_out(cc->dims[d], cc->pad[d], kd[d], cc->dilation[d], cc->skip[d] - 1, ceiling) != od[d]);
    }
    vx_size bd[3] = {od[0], od[1], cc->ofm};
    tensor x = random_tensor(ctx, k, cc->n, cc->dims), w = random_tensor(ctx, k, 4, wd);
    tensor b = cc->bias ? random_tensor(ctx, k, cc->bias == 1 ? 1 : 3, cc->bias == 1 ? &bd[2] : bd) : (tensor){0};
    for (int pi = 0; pi < 2; pi++)
        for (int ri = 0; ri < 2; ri++) {
            tensor out = output_tensor(ctx, k, cc->n, od);
            vx_nn_convolution_params_t params = {cc->pad[0], cc->pad[1], POLICIES[pi], ROUNDINGS[ri], cc->ds_rounding,
                                                 cc->dilation[0], cc->dilation[1]};
            vx_graph g = vxCreateGraph(ctx);
            run_node(g, vxConvolutionLayer(g, x.t, w.t, b.t, &params, sizeof params, out.t));
            expect(&out, reference_convolution(&x, &w, cc->bias ? &b : NULL, cc, od, ROUNDINGS[ri]), pi, "convolution");
            drop(&out);
        }
    drop(&x), drop(&w), drop(&b);
}

/* ---------------------------------------------------------------- deconvolution */
/* As the extension describes it: the input upscaled with zeros, padded by kernel - padding - 1
 * (and a more at the far end), then convolved with skip 1; the inputs placed below the input's own
 * width and height only (the conformance tests' reference). */
static int64_t *reference_deconvolution(const tensor *x, const tensor *w, const tensor *b, const vx_size *pad,
                                        const vx_size *a, const vx_size *up, const vx_size *od, vx_enum rounding)
{
    vx_size kx = w->dims[0], ky = w->dims[1], maps = x->dims[2], ofm = w->dims[3], batches = batches_of(x);
    vx_size uw = (x->dims[0] - 1) * up[0] + 1 + 2 * (kx - pad[0] - 1) + a[0];
    vx_size uh = (x->dims[1] - 1) * up[1] + 1 + 2 * (ky - pad[1] - 1) + a[1];
    CHECK(uw - kx + 1 == od[0] && uh - ky + 1 == od[1]);
    int32_t *u = calloc(uw * uh * maps * batches, sizeof *u);
    for (vx_size bb = 0; bb < batches; bb++)
        for (vx_size c = 0; c < maps; c++)
            for (vx_size iy = 0; iy * up[1] < x->dims[1]; iy++)
                for (vx_size ix = 0; ix * up[0] < x->dims[0]; ix++)
                    u[((bb * maps + c) * uh + (ky - pad[1] - 1) + iy * up[1]) * uw + (kx - pad[0] - 1) + ix * up[0]] =
                        (int32_t)at(x, (int64_t)ix, (int64_t)iy, c, bb);
    int64_t *want = results(od[0] * od[1] * ofm * batches), *r = want;
    for (vx_size bb = 0; bb < batches; bb++)
        for (vx_size f = 0; f < ofm; f++)
            for (vx_size oy = 0; oy < od[1]; oy++)
                for (vx_size ox = 0; ox < od[0]; ox++) {
                    int64_t acc = 0;
                    for (vx_size c = 0; c < maps; c++)
                        for (vx_size m = 0; m < ky; m++)
                            for (vx_size k = 0; k < kx; k++)
                                acc += (int64_t)u[((bb * maps + c) * uh + oy + m) * uw + ox + k] *
                                       w->v[((f * maps + c) * ky + m) * kx + k];
                    if (b)
                        acc += (int64_t)b->v[f] * (1 << x->k->q);
                    *r++ = round_back(acc, x->k->q, rounding);
                }
    free(u);
    return want;
}

static void check_deconvolution(vx_context ctx, const kind *k, vx_size n, const vx_size *dims, vx_size kx, vx_size ky,
                                const vx_size *pad, const vx_size *a, const vx_size *up, int bias)
{
    vx_size wd[4] = {kx, ky, dims[2], 3}, kd[2] = {kx, ky}, od[4] = {0, 0, 3, dims[3]};
    for (int d = 0; d < 2; d++)
        od[d] = (dims[d] - 1) * up[d] - 2 * pad[d] + kd[d] + a[d];
    tensor x = random_tensor(ctx, k, n, dims), w = random_tensor(ctx, k, 4, wd);
    tensor b = bias ? random_tensor(ctx, k, 1, &wd[3]) : (tensor){0};
    for (int pi = 0; pi < 2; pi++)
        for (int ri = 0; ri < 2; ri++) {
            tensor out = output_tensor(ctx, k, n, od);
            vx_nn_deconvolution_params_t params = {pad[0], pad[1], POLICIES[pi], ROUNDINGS[ri], a[0], a[1]};
            vx_graph g = vxCreateGraph(ctx);
            run_node(g, vxDeconvolutionLayer(g, x.t, w.t, b.t, &params, sizeof params, out.t));
            expect(&out, reference_deconvolution(&x, &w, bias ? &b : NULL, pad, a, up, od, ROUNDINGS[ri]), pi,
                   "deconvolution");
            drop(&out);
        }
    drop(&x), drop(&w), drop(&b);
}

/* ---------------------------------------------------------------- fully connected */
static int64_t *reference_fully_connected(const tensor *x, const tensor *w, const tensor *b, vx_enum rounding)
{
    vx_size inner = w->dims[0], ofm = w->dims[1], batches = x->count / inner;
    int64_t *want = results(ofm * batches);
    for (vx_size bb = 0; bb < batches; bb++)
        for (vx_size f = 0; f < ofm; f++) {
            int64_t acc = b ? (int64_t)b->v[f] * (1 << x->k->q) : 0;
            for (vx_size j = 0; j < inner; j++)
                acc += (int64_t)x->v[bb * inner + j] * w->v[f * inner + j];
            want[bb * ofm + f] = round_back(acc, x->k->q, rounding);
        }
    return want;
}

static void check_fully_connected(vx_context ctx, const kind *k, vx_size n, const vx_size *dims, vx_size inner,
                                  int bias)
{
    vx_size wd[2] = {inner, 7}, od[2] = {7, n == 1 || n == 3 ? 1 : dims[n - 1]};
    vx_size on = n == 2 || n == 4 ? 2 : 1;
    tensor x = random_tensor(ctx, k, n, dims), w = random_tensor(ctx, k, 2, wd);
    tensor b = bias ? random_tensor(ctx, k, 1, &wd[1]) : (tensor){0};
    if (bias) {         /* weights in a view with gaps between its rows (read another way) */
        vx_size pd[2] = {inner + 3, 8}, start[2] = {2, 1}, end[2] = {inner + 2, 8};
        vx_tensor parent = vxCreateTensor(ctx, 2, pd, k->type, k->q);
        CHECK_OK(vxReleaseTensor(&w.t));
        w.t = vxCreateTensorFromView(parent, 2, start, end);
        CHECK_REF(w.t);
        CHECK_OK(vxReleaseTensor(&parent));
        copy_values(&w, VX_WRITE_ONLY);
    }
    for (int pi = 0; pi < 2; pi++)
        for (int ri = 0; ri < 2; ri++) {
            tensor out = output_tensor(ctx, k, on, od);
            vx_graph g = vxCreateGraph(ctx);
            run_node(g, vxFullyConnectedLayer(g, x.t, w.t, b.t, POLICIES[pi], ROUNDINGS[ri], out.t));
            expect(&out, reference_fully_connected(&x, &w, bias ? &b : NULL, ROUNDINGS[ri]), pi, "fully connected");
            drop(&out);
        }
    drop(&x), drop(&w), drop(&b);
}

/* ---------------------------------------------------------------- pooling */
static void check_pooling(vx_context ctx, const kind *k, vx_enum type, const vx_size *size, const vx_size *pad,
                          const vx_size *skip, vx_enum ds_rounding)
{
    vx_size dims[4] = {9, 8, 3, 2}, od[4] = {0, 0, 3, 2};
    for (int d = 0; d < 2; d++)
        od[d] = conv_out(dims[d], pad[d], size[d], 0, skip[d], ds_rounding == VX_NN_DS_SIZE_ROUNDING_CEILING);
    tensor x = random_tensor(ctx, k, 4, dims), out = output_tensor(ctx, k, 4, od);
    vx_graph g = vxCreateGraph(ctx);
    run_node(g, vxPoolingLayer(g, x.t, type, size[0], size[1], pad[0], pad[1], ds_rounding, out.t));
    int64_t *want = results(out.count), *r = want;
    for (vx_size bb = 0; bb < 2; bb++)
        for (vx_size c = 0; c < 3; c++)
            for (vx_size oy = 0; oy < od[1]; oy++)
                for (vx_size ox = 0; ox < od[0]; ox++) {
                    int64_t best = INT64_MIN, sum = 0;
                    for (vx_size m = 0; m < size[1]; m++)
                        for (vx_size j = 0; j < size[0]; j++) {
                            int64_t v = at(&x, (int64_t)(ox * skip[0] + j) - (int64_t)pad[0],
                                           (int64_t)(oy * skip[1] + m) - (int64_t)pad[1], c, bb);
                            best = v > best ? v : best;
                            sum += v;
                        }
                    *r++ = type == VX_NN_POOLING_MAX ? best : (int64_t)nearbyint((double)sum / (double)(size[0] * size[1]));
                }
    expect(&out, want, 1, "pooling");
    drop(&x), drop(&out);
}

/* ---------------------------------------------------------------- softmax, activation, normalization */
static void check_softmax(vx_context ctx, const kind *k, vx_size n, const vx_size *dims)
{
    tensor x = random_tensor(ctx, k, n, dims), out = output_tensor(ctx, k, n, dims);
    vx_graph g = vxCreateGraph(ctx);
    run_node(g, vxSoftmaxLayer(g, x.t, out.t));
    vx_size axis = n <= 2 ? 0 : 2, stride = 1;
    for (vx_size d = 0; d < axis; d++)
        stride *= dims[d];
    double unit = 1 << k->q;
    int64_t *want = results(x.count);
    for (vx_size i = 0; i < x.count; i++) {
        vx_size first = i - (i / stride % dims[axis]) * stride;          /* the class 0 of i's vector */
        int32_t top = INT32_MIN;
        for (vx_size j = 0; j < dims[axis]; j++)
            top = x.v[first + j * stride] > top ? x.v[first + j * stride] : top;
        double sum = 0;
        for (vx_size j = 0; j < dims[axis]; j++)
            sum += exp((x.v[first + j * stride] - top) / unit);
        want[i] = (int64_t)nearbyint(exp((x.v[i] - top) / unit) / sum * unit);
    }
    expect(&out, want, 1, "softmax");
    drop(&x), drop(&out);
}

static double activation(vx_enum f, double x, double a, double b)
{
    if (f == VX_NN_ACTIVATION_LOGISTIC) return 1 / (1 + exp(-x));
    if (f == VX_NN_ACTIVATION_HYPERBOLIC_TAN) return a * tanh(b * x);
    if (f == VX_NN_ACTIVATION_RELU) return x > 0 ? x : 0;
    if (f == VX_NN_ACTIVATION_BRELU) return fmin(a, fmax(0, x));
    if (f == VX_NN_ACTIVATION_SOFTRELU) return log(1 + exp(x));
    if (f == VX_NN_ACTIVATION_ABS) return fabs(x);
    if (f == VX_NN_ACTIVATION_SQUARE) return x * x;
    if (f == VX_NN_ACTIVATION_SQRT) return x > 0 ? sqrt(x) : 0;
    return a * x + b;
}

/* `dims`: 4 dimensions; more elements than the type has values take the table path. */
static void check_activation(vx_context ctx, const kind *k, vx_enum f, const vx_size *dims)
{
    vx_float32 a = 1.5f, b = 0.75f;
    tensor x = random_tensor(ctx, k, 4, dims), out = output_tensor(ctx, k, 4, dims);
    vx_graph g = vxCreateGraph(ctx);
    run_node(g, vxActivationLayer(g, x.t, f, a, b, out.t));
    double unit = 1 << k->q;
    int64_t *want = results(x.count);
    for (vx_size i = 0; i < x.count; i++)
        want[i] = (int64_t)nearbyint(activation(f, x.v[i] / unit, a, b) * unit);
    expect(&out, want, 1, "activation");
    drop(&x), drop(&out);
}

/* bias < 0: vxNormalizationLayer (bias 1). */
static void check_normalization(vx_context ctx, const kind *k, vx_enum type, vx_size size, float bias)
{
    vx_size dims[4] = {7, 6, 5, 2};
    vx_float32 alpha = 0.5f, beta = 0.75f;
    tensor x = random_tensor(ctx, k, 4, dims), out = output_tensor(ctx, k, 4, dims);
    vx_graph g = vxCreateGraph(ctx);
    run_node(g, bias < 0 ? vxNormalizationLayer(g, x.t, type, size, alpha, beta, out.t)
                       : vxLocalResponseNormalizationLayer(g, x.t, type, size, alpha, beta, bias, out.t));
    int across = type == VX_NN_NORMALIZATION_ACROSS_MAPS;
    int64_t h = (int64_t)size / 2;
    double unit = 1 << k->q, count = across ? (double)size : (double)(size * size);
    int64_t *want = results(x.count), *r = want;
    for (vx_size bb = 0; bb < 2; bb++)
        for (int64_t c = 0; c < 5; c++)
            for (int64_t iy = 0; iy < 6; iy++)
                for (int64_t ix = 0; ix < 7; ix++) {
                    double sum = 0;
                    for (int64_t dc = across ? -h : 0; dc <= (across ? h : 0); dc++)
                        for (int64_t dy = across ? 0 : -h; dy <= (across ? 0 : h); dy++)
                            for (int64_t dx = across ? 0 : -h; dx <= (across ? 0 : h); dx++) {
                                if (c + dc < 0 || c + dc >= 5)
                                    continue;
                                double v = at(&x, ix + dx, iy + dy, (vx_size)(c + dc), bb) / unit;
                                sum += v * v;
                            }
                    double v = at(&x, ix, iy, (vx_size)c, bb) / unit;
                    *r++ = (int64_t)nearbyint(v / pow((bias < 0 ? 1.0 : bias) + alpha / count * sum, beta) * unit);
                }
    expect(&out, want, 1, "normalization");
    drop(&x), drop(&out);
}

/* ---------------------------------------------------------------- refusals */
static vx_status verify_convolution(vx_context ctx, vx_enum wtype, vx_int8 wq, vx_size ifm, vx_size out_width,
                                    vx_enum policy)
{
    vx_size xd[3] = {8, 8, 2}, wd[4] = {3, 3, ifm, 4}, od[3] = {out_width, 6, 4};
    vx_tensor x = vxCreateTensor(ctx, 3, xd, VX_TYPE_INT16, 8), w = vxCreateTensor(ctx, 4, wd, wtype, wq);
    vx_tensor o = vxCreateTensor(ctx, 3, od, VX_TYPE_INT16, 8);
    vx_nn_convolution_params_t params = {0, 0, policy, VX_ROUND_POLICY_TO_ZERO, VX_NN_DS_SIZE_ROUNDING_FLOOR, 0, 0};
    vx_graph g = vxCreateGraph(ctx);
    vx_status s = finish(g, vxConvolutionLayer(g, x, w, NULL, &params, sizeof params, o), 0);
    CHECK_OK(vxReleaseTensor(&x)); CHECK_OK(vxReleaseTensor(&w)); CHECK_OK(vxReleaseTensor(&o));
    return s;
}

/* Layers a validator refuses, on a Q7.8 [8, 8, 4] input. */
enum { EMPTY_POOLING, UNKNOWN_POOLING, LRN_SIZE_4, LRN_ALPHA_0, ACTIVATION_UNKNOWN, ACTIVATION_NEGATIVE,
       FC_WEIGHTS, DECONVOLUTION_PADDING, DECONVOLUTION_SIZE, ROI_AVERAGE, ROI_CORNERS_3 };

static vx_node refused_layer(vx_graph g, vx_tensor x, vx_tensor o, int which)
{
    const vx_size fc[2] = {100, 10}, weights[4] = {3, 3, 4, 4}, rois[2] = {4, 2}, rois3[2] = {3, 2};
    int deconvolution = which == DECONVOLUTION_PADDING || which == DECONVOLUTION_SIZE;
    const vx_size *dims = which == FC_WEIGHTS ? fc : deconvolution ? weights : which == ROI_AVERAGE ? rois : rois3;
    vx_tensor aux = vxCreateTensor(vxGetContext((vx_reference)g), dims == weights ? 4 : 2, dims, VX_TYPE_INT16, 8);
    vx_nn_deconvolution_params_t dp = {which == DECONVOLUTION_PADDING ? 3 : 0, 0, VX_CONVERT_POLICY_WRAP,
                                       VX_ROUND_POLICY_TO_ZERO, which == DECONVOLUTION_SIZE, which == DECONVOLUTION_SIZE};
    vx_nn_roi_pool_params_t rp = {which == ROI_AVERAGE ? VX_NN_POOLING_AVG : VX_NN_POOLING_MAX};
    vx_enum ds = VX_NN_DS_SIZE_ROUNDING_FLOOR;
    vx_node node = NULL;
    switch (which) {
    case EMPTY_POOLING: node = vxPoolingLayer(g, x, VX_NN_POOLING_MAX, 0, 2, 0, 0, ds, o); break;
    case UNKNOWN_POOLING: node = vxPoolingLayer(g, x, VX_NN_POOLING_MAX + 7, 2, 2, 0, 0, ds, o); break;
    case LRN_SIZE_4: node = vxLocalResponseNormalizationLayer(g, x, VX_NN_NORMALIZATION_SAME_MAP, 4, 1, 1, 1, o); break;
    case LRN_ALPHA_0: node = vxLocalResponseNormalizationLayer(g, x, VX_NN_NORMALIZATION_ACROSS_MAPS, 3, 0, 1, 1, o); break;
    case ACTIVATION_UNKNOWN: node = vxActivationLayer(g, x, VX_NN_ACTIVATION_LINEAR + 1, 1, 1, o); break;
    case ACTIVATION_NEGATIVE: node = vxActivationLayer(g, x, VX_NN_ACTIVATION_BRELU, -1, 0, o); break;
    case FC_WEIGHTS:            /* neither 8 nor 8 x 8 x 4 inputs */
        node = vxFullyConnectedLayer(g, x, aux, NULL, VX_CONVERT_POLICY_WRAP, VX_ROUND_POLICY_TO_ZERO, o);
        break;
    case DECONVOLUTION_PADDING: case DECONVOLUTION_SIZE:
        node = vxDeconvolutionLayer(g, x, aux, NULL, &dp, sizeof dp, o);
        break;
    default: node = vxROIPoolingLayer(g, x, aux, &rp, sizeof rp, o);
    }
    CHECK_OK(vxReleaseTensor(&aux));
    return node;
}

static vx_status verify_layer(vx_context ctx, int which, vx_size on, const vx_size *od)
{
    vx_size xd[3] = {8, 8, 4};
    vx_tensor x = vxCreateTensor(ctx, 3, xd, VX_TYPE_INT16, 8), o = vxCreateTensor(ctx, on, od, VX_TYPE_INT16, 8);
    vx_graph g = vxCreateGraph(ctx);
    vx_status s = finish(g, refused_layer(g, x, o, which), 0);
    CHECK_OK(vxReleaseTensor(&x)); CHECK_OK(vxReleaseTensor(&o));
    return s;
}

static void check_refusals(vx_context ctx)
{
    CHECK_OK(verify_convolution(ctx, VX_TYPE_INT16, 8, 2, 6, VX_CONVERT_POLICY_WRAP));
    CHECK_REFUSED_LAST(verify_convolution(ctx, VX_TYPE_INT16, 8, 3, 6, VX_CONVERT_POLICY_WRAP), VX_ERROR_INVALID_DIMENSION);
    CHECK_REFUSED_LAST(verify_convolution(ctx, VX_TYPE_INT8, 0, 2, 6, VX_CONVERT_POLICY_WRAP), VX_ERROR_INVALID_TYPE);
    CHECK_REFUSED_LAST(verify_convolution(ctx, VX_TYPE_INT16, 4, 2, 6, VX_CONVERT_POLICY_WRAP), VX_ERROR_INVALID_TYPE);
    CHECK_REFUSED_LAST(verify_convolution(ctx, VX_TYPE_INT16, 8, 2, 7, VX_CONVERT_POLICY_WRAP), VX_ERROR_INVALID_DIMENSION);
    CHECK_REFUSED_LAST(verify_convolution(ctx, VX_TYPE_INT16, 8, 2, 6, VX_ROUND_POLICY_TO_ZERO), VX_ERROR_INVALID_VALUE);

    /* the size of the parameters struct: at least the struct; no struct at all */
    vx_size xd[3] = {8, 8, 4}, wd[4] = {3, 3, 4, 4}, od[3] = {6, 6, 4};
    vx_tensor x = vxCreateTensor(ctx, 3, xd, VX_TYPE_INT16, 8), w = vxCreateTensor(ctx, 4, wd, VX_TYPE_INT16, 8);
    vx_tensor o = vxCreateTensor(ctx, 3, od, VX_TYPE_INT16, 8);
    vx_nn_convolution_params_t params = {0, 0, VX_CONVERT_POLICY_WRAP, VX_ROUND_POLICY_TO_ZERO, VX_NN_DS_SIZE_ROUNDING_FLOOR, 0, 0};
    vx_graph g = vxCreateGraph(ctx);
    CHECK_CREATE_REFUSED(vxConvolutionLayer(g, x, w, NULL, &params, sizeof params - 8, o), VX_ERROR_INVALID_PARAMETERS);
    CHECK_CREATE_REFUSED(vxConvolutionLayer(g, x, w, NULL, NULL, sizeof params, o), VX_ERROR_INVALID_PARAMETERS);
    vx_nn_roi_pool_params_t roi = {VX_NN_POOLING_MAX};
    CHECK_CREATE_REFUSED(vxROIPoolingLayer(g, x, w, &roi, 2, o), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_OK(vxReleaseTensor(&x)); CHECK_OK(vxReleaseTensor(&w)); CHECK_OK(vxReleaseTensor(&o));

    vx_size same[3] = {8, 8, 4}, pooled[3] = {7, 7, 4}, fc[1] = {10}, up[3] = {10, 10, 4}, rp[4] = {2, 2, 4, 2};
    vx_size five[5] = {8, 8, 4, 1, 1};
    CHECK_REFUSED_LAST(verify_layer(ctx, EMPTY_POOLING, 3, pooled), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED_LAST(verify_layer(ctx, UNKNOWN_POOLING, 3, pooled), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED_LAST(verify_layer(ctx, LRN_SIZE_4, 3, same), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED_LAST(verify_layer(ctx, LRN_ALPHA_0, 3, same), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED_LAST(verify_layer(ctx, ACTIVATION_UNKNOWN, 3, same), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED_LAST(verify_layer(ctx, ACTIVATION_NEGATIVE, 3, same), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED_LAST(verify_layer(ctx, FC_WEIGHTS, 1, fc), VX_ERROR_INVALID_DIMENSION);
    CHECK_REFUSED_LAST(verify_layer(ctx, DECONVOLUTION_PADDING, 3, up), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED_LAST(verify_layer(ctx, DECONVOLUTION_SIZE, 3, up), VX_ERROR_INVALID_DIMENSION);
    CHECK_REFUSED_LAST(verify_layer(ctx, ROI_AVERAGE, 4, rp), VX_ERROR_NOT_SUPPORTED);
    CHECK_REFUSED_LAST(verify_layer(ctx, ROI_CORNERS_3, 4, rp), VX_ERROR_INVALID_DIMENSION);

    /* softmax on 5 dimensions; an output of another type */
    vx_tensor x5 = vxCreateTensor(ctx, 5, five, VX_TYPE_INT16, 8), o5 = vxCreateTensor(ctx, 5, five, VX_TYPE_INT16, 8);
    vx_tensor o8 = vxCreateTensor(ctx, 3, same, VX_TYPE_UINT8, 0), x3 = vxCreateTensor(ctx, 3, same, VX_TYPE_INT16, 8);
    g = vxCreateGraph(ctx);
    CHECK_REFUSED_LAST(finish(g, vxSoftmaxLayer(g, x5, o5), 0), VX_ERROR_INVALID_DIMENSION);
    g = vxCreateGraph(ctx);
    CHECK_REFUSED_LAST(finish(g, vxSoftmaxLayer(g, x3, o8), 0), VX_ERROR_INVALID_TYPE);
    CHECK_OK(vxReleaseTensor(&x5)); CHECK_OK(vxReleaseTensor(&o5)); CHECK_OK(vxReleaseTensor(&o8));
    CHECK_OK(vxReleaseTensor(&x3));
}

/* The generic interface: the activation kernel by name, its parameters set one by one. */
static void check_generic_node(vx_context ctx)
{
    const kind *k = &KINDS[1];
    vx_size dims[3] = {5, 4, 3};
    vx_kernel kernel = vxGetKernelByName(ctx, "org.khronos.nn_extension.activation_layer");
    CHECK_REF(kernel);
    vx_uint32 count = 0;
    CHECK_OK(vxQueryKernel(kernel, VX_KERNEL_PARAMETERS, &count, sizeof count));
    CHECK(count == 5);
    tensor x = random_tensor(ctx, k, 3, dims), out = output_tensor(ctx, k, 3, dims);
    vx_enum relu = VX_NN_ACTIVATION_RELU;
    vx_float32 zero = 0;
    vx_scalar function = vxCreateScalar(ctx, VX_TYPE_ENUM, &relu), a = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &zero);
    vx_graph g = vxCreateGraph(ctx);
    vx_node node = vxCreateGenericNode(g, kernel);
    vx_reference params[5] = {(vx_reference)x.t, (vx_reference)function, (vx_reference)a, (vx_reference)a,
                              (vx_reference)out.t};
    for (vx_uint32 i = 0; i < 5; i++)
        CHECK_OK(vxSetParameterByIndex(node, i, params[i]));
    run_node(g, node);
    int64_t *want = results(x.count);
    for (vx_size i = 0; i < x.count; i++)
        want[i] = x.v[i] > 0 ? x.v[i] : 0;
    expect(&out, want, 1, "generic activation");
    CHECK_OK(vxReleaseScalar(&function)); CHECK_OK(vxReleaseScalar(&a)); CHECK_OK(vxReleaseKernel(&kernel));
    drop(&x), drop(&out);
}

/* ---------------------------------------------------------------- a small network */
/* [12, 12, 2] -> convolution 3x3, 4 maps, padding 1 -> relu -> max pooling 2x2 (skip 2) -> fully
 * connected to 10 -> softmax; Q7.8, virtual tensors between the layers. */
static void check_network(vx_context ctx)
{
    const kind *k = &KINDS[0];
    vx_size xd[3] = {12, 12, 2}, wd[4] = {3, 3, 2, 4}, bd[1] = {4}, pd[3] = {6, 6, 4};
    vx_size fd[2] = {144, 10}, od[1] = {10};
    tensor x = random_tensor(ctx, k, 3, xd), w = make(ctx, k, 4, wd, -120, 120), b = random_tensor(ctx, k, 1, bd);
    tensor fw = make(ctx, k, 2, fd, -4, 4), fb = random_tensor(ctx, k, 1, od), out = output_tensor(ctx, k, 1, od);
    vx_graph g = vxCreateGraph(ctx);
    /* conv and relu without dimensions or type: the layers give them (conv with skip 1) */
    vx_tensor conv = vxCreateVirtualTensor(g, 0, NULL, VX_TYPE_INVALID, 0), relu = vxCreateVirtualTensor(g, 0, NULL, VX_TYPE_INVALID, 0);
    vx_tensor pool = vxCreateVirtualTensor(g, 3, pd, VX_TYPE_INT16, 8), fc = vxCreateVirtualTensor(g, 1, od, VX_TYPE_INT16, 8);
    vx_nn_convolution_params_t params = {1, 1, VX_CONVERT_POLICY_SATURATE, VX_ROUND_POLICY_TO_NEAREST_EVEN,
                                         VX_NN_DS_SIZE_ROUNDING_FLOOR, 0, 0};
    vx_node nodes[5] = {
        vxConvolutionLayer(g, x.t, w.t, b.t, &params, sizeof params, conv),
        vxActivationLayer(g, conv, VX_NN_ACTIVATION_RELU, 0, 0, relu),
        vxPoolingLayer(g, relu, VX_NN_POOLING_MAX, 2, 2, 0, 0, VX_NN_DS_SIZE_ROUNDING_FLOOR, pool),
        vxFullyConnectedLayer(g, pool, fw.t, fb.t, VX_CONVERT_POLICY_SATURATE, VX_ROUND_POLICY_TO_NEAREST_EVEN, fc),
        vxSoftmaxLayer(g, fc, out.t)};
    for (int i = 0; i < 5; i++)
        CHECK_REF(nodes[i]);

    /* the chained references */
    conv_case cc = {3, {12, 12, 2, 1}, 3, 3, 4, {1, 1}, {0, 0}, {1, 1}, VX_NN_DS_SIZE_ROUNDING_FLOOR, 1};
    vx_size cod[2] = {12, 12};
    int64_t *c = reference_convolution(&x, &w, &b, &cc, cod, VX_ROUND_POLICY_TO_NEAREST_EVEN);
    int32_t pooled[144];
    for (vx_size m = 0; m < 4; m++)
        for (vx_size py = 0; py < 6; py++)
            for (vx_size px = 0; px < 6; px++) {
                int64_t best = 0;                                   /* relu: nothing below 0 */
                for (vx_size i = 0; i < 4; i++) {
                    int64_t v = to_type(c[(m * 12 + py * 2 + i / 2) * 12 + px * 2 + i % 2], k, 1);
                    best = v > best ? v : best;
                }
                pooled[(m * 6 + py) * 6 + px] = (int32_t)best;
            }
    free(c);
    tensor p = {NULL, 3, {6, 6, 4}, 144, pooled, k};
    int64_t *f = reference_fully_connected(&p, &fw, &fb, VX_ROUND_POLICY_TO_NEAREST_EVEN);
    int32_t top = INT32_MIN, logits[10];
    for (int i = 0; i < 10; i++) {
        logits[i] = (int32_t)to_type(f[i], k, 1);
        top = logits[i] > top ? logits[i] : top;
    }
    double sum = 0;
    for (int i = 0; i < 10; i++)
        sum += exp((logits[i] - top) / 256.0);
    for (int run = 0; run < 2; run++) {
        CHECK_OK(vxProcessGraph(g));
        int64_t *want = results(10);
        for (int i = 0; i < 10; i++)
            want[i] = (int64_t)nearbyint(exp((logits[i] - top) / 256.0) / sum * 256.0);
        expect(&out, want, 1, "network");
    }
    free(f);
    for (int i = 0; i < 5; i++)
        CHECK_OK(vxReleaseNode(&nodes[i]));
    CHECK_OK(vxReleaseTensor(&conv)); CHECK_OK(vxReleaseTensor(&relu));
    CHECK_OK(vxReleaseTensor(&pool)); CHECK_OK(vxReleaseTensor(&fc));
    CHECK_OK(vxReleaseGraph(&g));
    drop(&x), drop(&w), drop(&b), drop(&fw), drop(&fb), drop(&out);
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs = context_references(ctx);
    char ext[512] = {0};
    CHECK_OK(vxQueryContext(ctx, VX_CONTEXT_EXTENSIONS, ext, sizeof ext));
    CHECK(strstr(ext, OPENVX_KHR_NN) != NULL && strstr(ext, "KHR_NN_8") != NULL && strstr(ext, "KHR_NN_16") != NULL);

    const conv_case convs[3] = {
        {4, {9, 7, 3, 2}, 3, 3, 4, {1, 1}, {0, 0}, {1, 1}, VX_NN_DS_SIZE_ROUNDING_FLOOR, 1},
        {3, {11, 8, 2, 1}, 3, 2, 3, {0, 1}, {1, 1}, {2, 2}, VX_NN_DS_SIZE_ROUNDING_FLOOR, 2},
        {3, {8, 9, 3, 1}, 2, 2, 2, {1, 1}, {0, 0}, {2, 3}, VX_NN_DS_SIZE_ROUNDING_CEILING, 0},
    };
    vx_size dd[4] = {4, 3, 2, 2}, dd3[4] = {5, 4, 3, 1};
    vx_size pads[2][2] = {{1, 1}, {0, 2}}, extra[2][2] = {{1, 0}, {0, 1}}, ups[2][2] = {{2, 1}, {1, 3}};
    vx_size fc1[2] = {20, 3}, fc2[3] = {4, 3, 2}, fc4[4] = {2, 3, 2, 2};
    vx_size s1[1] = {9}, s2[2] = {6, 3}, s3[3] = {3, 2, 5}, s4[4] = {2, 3, 4, 2};
    vx_size two[2] = {2, 2}, three[2] = {3, 3}, zero[2] = {0, 0}, one[2] = {1, 1}, skip2[2] = {2, 2};
    vx_size activation_dims[4] = {10, 9, 3, 2};
    for (int t = 0; t < 3; t++) {
        const kind *k = &KINDS[t];
        for (int i = 0; i < 3; i++)
            check_convolution(ctx, k, &convs[i]);
        check_deconvolution(ctx, k, 4, dd, 3, 3, pads[0], extra[0], ups[0], 1);
        check_deconvolution(ctx, k, 3, dd3, 2, 4, pads[1], extra[1], ups[1], 0);
        check_fully_connected(ctx, k, 2, fc1, 20, 1);
        check_fully_connected(ctx, k, 3, fc2, 24, 0);
        check_fully_connected(ctx, k, 4, fc4, 12, 1);
        for (vx_enum type = VX_NN_POOLING_MAX; type <= VX_NN_POOLING_AVG; type++) {
            check_pooling(ctx, k, type, two, zero, skip2, VX_NN_DS_SIZE_ROUNDING_FLOOR);
            check_pooling(ctx, k, type, three, one, skip2, VX_NN_DS_SIZE_ROUNDING_CEILING);
        }
        check_softmax(ctx, k, 1, s1), check_softmax(ctx, k, 2, s2);
        check_softmax(ctx, k, 3, s3), check_softmax(ctx, k, 4, s4);
        for (vx_enum f = VX_NN_ACTIVATION_LOGISTIC; f <= VX_NN_ACTIVATION_LINEAR; f++)
            check_activation(ctx, k, f, activation_dims);
        check_normalization(ctx, k, VX_NN_NORMALIZATION_SAME_MAP, 3, 2.0f);
        check_normalization(ctx, k, VX_NN_NORMALIZATION_ACROSS_MAPS, 5, 1.5f);
        check_normalization(ctx, k, VX_NN_NORMALIZATION_ACROSS_MAPS, 3, -1);
    }
    vx_size q78_table_dims[4] = {64, 64, 17, 1};
    check_activation(ctx, &KINDS[0], VX_NN_ACTIVATION_SOFTRELU, q78_table_dims);
    check_refusals(ctx);
    check_generic_node(ctx);
    check_network(ctx);
    CHECK(context_references(ctx) == refs);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
