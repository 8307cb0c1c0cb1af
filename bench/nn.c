/* The neural network layers (vx_khr_nn.h) on Q7.8 tensors of realistic sizes, each a one-node
 * verified graph run by vxProcessGraph, beside a plain-C loop over int16 arrays computing the
 * same values (checked equal before timing: the same work).
 *
 *  convolution     56x56x32 -> 56x56x32, 3x3, padding 1, biases (28.9 M multiply-adds)
 *  deconvolution   28x28x32 -> 56x56x16, 4x4, upscale 2, padding 1 (plain C scatters each input)
 *  fully_connected 4096 -> 1000, biases
 *  max_pooling     112x112x64 -> 56x56x64, 2x2 skip 2
 *  softmax         1000 classes x 16
 *  lrn_across      27x27x96, 5 maps (AlexNet's)
 *  relu, logistic  112x112x64
 *  roi_pooling     40x30x256, 32 rois -> 7x7 */
#include <VX/vx.h>
#include <VX/vx_khr_nn.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"

static uint32_t seed = 7;

static int16_t *random_values(size_t n, int lo, int hi)
{
    int16_t *v = malloc(n * sizeof *v);
    for (size_t i = 0; i < n; i++) {
        seed = seed * 1664525u + 1013904223u;
        v[i] = (int16_t)(lo + (int)((seed >> 8) % (uint32_t)(hi - lo + 1)));
    }
    return v;
}

static size_t count_of(vx_size n, const vx_size *dims)
{
    size_t c = 1;
    for (vx_size d = 0; d < n; d++)
        c *= dims[d];
    return c;
}

static vx_status copy(vx_tensor t, vx_size n, const vx_size *dims, int16_t *v, vx_enum usage)
{
    vx_size start[6] = {0}, stride[6];
    for (vx_size d = 0; d < n; d++)
        stride[d] = d ? stride[d - 1] * dims[d - 1] : 2;
    return vxCopyTensorPatch(t, n, start, dims, stride, v, usage, VX_MEMORY_TYPE_HOST);
}

/* A Q7.8 tensor holding `v` (NULL: left empty). */
static vx_tensor q78(vx_context ctx, vx_size n, const vx_size *dims, int16_t *v)
{
    vx_tensor t = vxCreateTensor(ctx, n, dims, VX_TYPE_INT16, 8);
    if (v != NULL && copy(t, n, dims, v, VX_WRITE_ONLY) != VX_SUCCESS)
        exit(1);
    return t;
}

static int16_t saturate(int64_t v)
{
    return (int16_t)(v < INT16_MIN ? INT16_MIN : v > INT16_MAX ? INT16_MAX : v);
}

/* acc / 256 rounded to nearest, ties to even. */
static int64_t round_q8(int64_t acc)
{
    int64_t f = acc >> 8, r = acc & 255;
    return f + (r > 128 || (r == 128 && (f & 1)));
}

/* ------------------------------------------------------------------------------ plain C */
enum { CW = 56, CH = 56, CC = 32, CO = 32 };

static void plain_convolution(const int16_t *in, const int16_t *w, const int16_t *b, int16_t *out)
{
    for (int f = 0; f < CO; f++)
        for (int oy = 0; oy < CH; oy++)
            for (int ox = 0; ox < CW; ox++) {
                int64_t acc = (int64_t)b[f] * 256;
                for (int c = 0; c < CC; c++)
                    for (int m = 0; m < 3; m++) {
                        int iy = oy - 1 + m;
                        if (iy < 0 || iy >= CH)
                            continue;
                        for (int k = 0; k < 3; k++) {
                            int ix = ox - 1 + k;
                            if (ix >= 0 && ix < CW)
                                acc += in[(c * CH + iy) * CW + ix] * w[((f * CC + c) * 3 + m) * 3 + k];
                        }
                    }
                out[(f * CH + oy) * CW + ox] = saturate(round_q8(acc));
            }
}

enum { DW = 28, DC = 32, DO = 16, DK = 4, DOW = 56 };

/* Each input element added to the outputs its taps reach: out[o] += in[i] w[k] for
 * o = 2 i + (kernel - padding - 1) - k; the inputs with 2 i below the width only (the layer's
 * definition, the conformance tests'). */
static void plain_deconvolution(const int16_t *in, const int16_t *w, int64_t *acc, int16_t *out)
{
    memset(acc, 0, sizeof(int64_t) * DOW * DOW * DO);
    for (int c = 0; c < DC; c++)
        for (int iy = 0; 2 * iy < DW; iy++)
            for (int ix = 0; 2 * ix < DW; ix++) {
                int64_t v = in[(c * DW + iy) * DW + ix];
                for (int f = 0; f < DO; f++)
                    for (int m = 0; m < DK; m++) {
                        int oy = 2 * iy + DK - 2 - m;
                        if (oy < 0 || oy >= DOW)
                            continue;
                        for (int k = 0; k < DK; k++) {
                            int ox = 2 * ix + DK - 2 - k;
                            if (ox >= 0 && ox < DOW)
                                acc[(f * DOW + oy) * DOW + ox] += v * w[((f * DC + c) * DK + m) * DK + k];
                        }
                    }
            }
    for (int i = 0; i < DOW * DOW * DO; i++)
        out[i] = saturate(round_q8(acc[i]));
}

enum { FI = 4096, FO = 1000 };

static void plain_fully_connected(const int16_t *in, const int16_t *w, const int16_t *b, int16_t *out)
{
    for (int f = 0; f < FO; f++) {
        int64_t acc = (int64_t)b[f] * 256;
        for (int j = 0; j < FI; j++)
            acc += in[j] * w[f * FI + j];
        out[f] = saturate(round_q8(acc));
    }
}

enum { PW = 112, PC = 64 };

static void plain_max_pooling(const int16_t *in, int16_t *out)
{
    for (int c = 0; c < PC; c++)
        for (int oy = 0; oy < PW / 2; oy++)
            for (int ox = 0; ox < PW / 2; ox++) {
                const int16_t *p = in + (c * PW + 2 * oy) * PW + 2 * ox;
                int16_t a = p[0] > p[1] ? p[0] : p[1], b = p[PW] > p[PW + 1] ? p[PW] : p[PW + 1];
                out[(c * PW / 2 + oy) * PW / 2 + ox] = a > b ? a : b;
            }
}

enum { SK = 1000, SB = 16 };

static void plain_softmax(const int16_t *in, int16_t *out)
{
    for (int b = 0; b < SB; b++) {
        const int16_t *v = in + b * SK;
        int16_t top = INT16_MIN;
        for (int j = 0; j < SK; j++)
            top = v[j] > top ? v[j] : top;
        double sum = 0;
        for (int j = 0; j < SK; j++)
            sum += exp((v[j] - top) / 256.0);
        for (int j = 0; j < SK; j++)
            out[b * SK + j] = saturate((int64_t)nearbyint(exp((v[j] - top) / 256.0) / sum * 256.0));
    }
}

enum { LW = 27, LC = 96, LN = 5 };

static void plain_lrn(const int16_t *in, int16_t *out, double alpha, double beta, double bias)
{
    for (int c = 0; c < LC; c++)
        for (int i = 0; i < LW * LW; i++) {
            double sum = 0;
            for (int d = c - LN / 2; d <= c + LN / 2; d++)
                if (d >= 0 && d < LC) {
                    double v = in[d * LW * LW + i] / 256.0;
                    sum += v * v;
                }
            double v = in[c * LW * LW + i] / 256.0;
            out[c * LW * LW + i] = saturate((int64_t)nearbyint(v / pow(bias + alpha / LN * sum, beta) * 256.0));
        }
}

static void plain_relu(const int16_t *in, int16_t *out, size_t n)
{
    for (size_t i = 0; i < n; i++)
        out[i] = in[i] > 0 ? in[i] : 0;
}

static void plain_logistic(const int16_t *in, int16_t *out, size_t n)
{
    for (size_t i = 0; i < n; i++)
        out[i] = saturate((int64_t)nearbyint(1 / (1 + exp(-(in[i] / 256.0))) * 256.0));
}

enum { RW = 40, RH = 30, RC = 256, RN = 32, RP = 7 };

static void plain_roi_pooling(const int16_t *in, const int16_t *rois, int16_t *out)
{
    for (int r = 0; r < RN; r++) {
        int x1 = rois[4 * r], y1 = rois[4 * r + 1], x2 = rois[4 * r + 2], y2 = rois[4 * r + 3];   /* element coordinates */
        int rw = x2 - x1 + 1 > 1 ? x2 - x1 + 1 : 1, rh = y2 - y1 + 1 > 1 ? y2 - y1 + 1 : 1;
        for (int c = 0; c < RC; c++)
            for (int by = 0; by < RP; by++)
                for (int bx = 0; bx < RP; bx++) {
                    int ys = y1 + by * rh / RP, ye = y1 + ((by + 1) * rh + RP - 1) / RP;
                    int xs = x1 + bx * rw / RP, xe = x1 + ((bx + 1) * rw + RP - 1) / RP;
                    ye = ye > RH ? RH : ye, xe = xe > RW ? RW : xe;
                    int16_t best = ys < ye && xs < xe ? INT16_MIN : 0;
                    for (int y = ys; y < ye; y++)
                        for (int x = xs; x < xe; x++)
                            best = in[(c * RH + y) * RW + x] > best ? in[(c * RH + y) * RW + x] : best;
                    out[((r * RC + c) * RP + by) * RP + bx] = best;
                }
    }
}

/* ------------------------------------------------------------------------------ the runs */
typedef struct layer_bench {
    const char *name;
    vx_graph graph;
    vx_tensor out;
    vx_size n, dims[5];
    int16_t *plain;          /* the plain-C output */
} layer_bench;

static int first_row = 1;

/* Checks that the graph gives the plain-C values, then times both (best of `repeats`). */
static void measure(layer_bench *b, int repeats, void (*plain)(void *), void *args)
{
    size_t n = count_of(b->n, b->dims);
    int16_t *ours = malloc(n * sizeof *ours);
    plain(args);
    if (vxVerifyGraph(b->graph) != VX_SUCCESS || vxProcessGraph(b->graph) != VX_SUCCESS ||
        copy(b->out, b->n, b->dims, ours, VX_READ_ONLY) != VX_SUCCESS || memcmp(ours, b->plain, n * 2) != 0) {
        fprintf(stderr, "%s: the graph does not give the plain-C values\n", b->name);
        exit(1);
    }
    double ours_ns, plain_ns;
    BENCH_NS(ours_ns, repeats, 1, vxProcessGraph(b->graph));
    BENCH_NS(plain_ns, repeats, 1, plain(args); bench_sink += b->plain[0]);
    bench_row(first_row, b->name, ours_ns, plain_ns);
    first_row = 0;
    free(ours);
}

typedef struct args {
    const int16_t *in, *w, *b;
    int16_t *out;
    int64_t *acc;
    size_t n;
} args;

static void run_convolution(void *p) { args *a = p; plain_convolution(a->in, a->w, a->b, a->out); }
static void run_deconvolution(void *p) { args *a = p; plain_deconvolution(a->in, a->w, a->acc, a->out); }
static void run_fully_connected(void *p) { args *a = p; plain_fully_connected(a->in, a->w, a->b, a->out); }
static void run_max_pooling(void *p) { args *a = p; plain_max_pooling(a->in, a->out); }
static void run_softmax(void *p) { args *a = p; plain_softmax(a->in, a->out); }
static void run_lrn(void *p) { args *a = p; plain_lrn(a->in, a->out, 1e-4f, 0.75f, 1.0f); }
static void run_relu(void *p) { args *a = p; plain_relu(a->in, a->out, a->n); }
static void run_logistic(void *p) { args *a = p; plain_logistic(a->in, a->out, a->n); }
static void run_roi_pooling(void *p) { args *a = p; plain_roi_pooling(a->in, a->w, a->out); }

/* A bench of a layer whose output has `n` dimensions `dims`; `node` is made on its graph. */
static layer_bench start(vx_context ctx, const char *name, vx_size n, const vx_size *dims)
{
    layer_bench b = {name, vxCreateGraph(ctx), q78(ctx, n, dims, NULL), n, {0}, NULL};
    memcpy(b.dims, dims, n * sizeof *dims);
    b.plain = calloc(count_of(n, dims), sizeof *b.plain);
    return b;
}

static void finish(layer_bench *b, vx_node node)
{
    vxReleaseNode(&node);
    vxReleaseGraph(&b->graph);
    vxReleaseTensor(&b->out);
    free(b->plain);
}

int main(void)
{
    vx_context ctx = vxCreateContext();
    bench_begin("nn");
    {   /* convolution */
        vx_size xd[3] = {CW, CH, CC}, wd[4] = {3, 3, CC, CO}, bd[1] = {CO}, od[3] = {CW, CH, CO};
        int16_t *x = random_values(count_of(3, xd), -512, 512), *w = random_values(count_of(4, wd), -40, 40);
        int16_t *bias = random_values(CO, -256, 256);
        vx_tensor tx = q78(ctx, 3, xd, x), tw = q78(ctx, 4, wd, w), tb = q78(ctx, 1, bd, bias);
        layer_bench b = start(ctx, "convolution_56x56x32_3x3x32", 3, od);
        vx_nn_convolution_params_t params = {1, 1, VX_CONVERT_POLICY_SATURATE, VX_ROUND_POLICY_TO_NEAREST_EVEN,
                                             VX_NN_DS_SIZE_ROUNDING_FLOOR, 0, 0};
        vx_node node = vxConvolutionLayer(b.graph, tx, tw, tb, &params, sizeof params, b.out);
        args a = {x, w, bias, b.plain, NULL, 0};
        measure(&b, 3, run_convolution, &a);
        finish(&b, node);
        vxReleaseTensor(&tx), vxReleaseTensor(&tw), vxReleaseTensor(&tb);
        free(x), free(w), free(bias);
    }
    {   /* deconvolution */
        vx_size xd[3] = {DW, DW, DC}, wd[4] = {DK, DK, DC, DO}, od[3] = {DOW, DOW, DO};
        int16_t *x = random_values(count_of(3, xd), -512, 512), *w = random_values(count_of(4, wd), -40, 40);
        int64_t *acc = malloc(sizeof(int64_t) * DOW * DOW * DO);
        vx_tensor tx = q78(ctx, 3, xd, x), tw = q78(ctx, 4, wd, w);
        layer_bench b = start(ctx, "deconvolution_28x28x32_4x4x16_up2", 3, od);
        vx_nn_deconvolution_params_t params = {1, 1, VX_CONVERT_POLICY_SATURATE, VX_ROUND_POLICY_TO_NEAREST_EVEN, 0, 0};
        vx_node node = vxDeconvolutionLayer(b.graph, tx, tw, NULL, &params, sizeof params, b.out);
        args a = {x, w, NULL, b.plain, acc, 0};
        measure(&b, 3, run_deconvolution, &a);
        finish(&b, node);
        vxReleaseTensor(&tx), vxReleaseTensor(&tw);
        free(x), free(w), free(acc);
    }
    {   /* fully connected */
        vx_size xd[1] = {FI}, wd[2] = {FI, FO}, od[1] = {FO};
        int16_t *x = random_values(FI, -512, 512), *w = random_values((size_t)FI * FO, -20, 20);
        int16_t *bias = random_values(FO, -256, 256);
        vx_tensor tx = q78(ctx, 1, xd, x), tw = q78(ctx, 2, wd, w), tb = q78(ctx, 1, od, bias);
        layer_bench b = start(ctx, "fully_connected_4096_1000", 1, od);
        vx_node node = vxFullyConnectedLayer(b.graph, tx, tw, tb, VX_CONVERT_POLICY_SATURATE,
                                             VX_ROUND_POLICY_TO_NEAREST_EVEN, b.out);
        args a = {x, w, bias, b.plain, NULL, 0};
        measure(&b, 5, run_fully_connected, &a);
        finish(&b, node);
        vxReleaseTensor(&tx), vxReleaseTensor(&tw), vxReleaseTensor(&tb);
        free(x), free(w), free(bias);
    }
    {   /* max pooling, relu, logistic on the same input */
        vx_size xd[3] = {PW, PW, PC}, od[3] = {PW / 2, PW / 2, PC};
        int16_t *x = random_values(count_of(3, xd), -1024, 1024);
        vx_tensor tx = q78(ctx, 3, xd, x);
        layer_bench b = start(ctx, "max_pooling_112x112x64_2x2", 3, od);
        vx_node node = vxPoolingLayer(b.graph, tx, VX_NN_POOLING_MAX, 2, 2, 0, 0, VX_NN_DS_SIZE_ROUNDING_FLOOR, b.out);
        args a = {x, NULL, NULL, b.plain, NULL, count_of(3, xd)};
        measure(&b, 5, run_max_pooling, &a);
        finish(&b, node);
        const char *names[2] = {"relu_112x112x64", "logistic_112x112x64"};
        vx_enum functions[2] = {VX_NN_ACTIVATION_RELU, VX_NN_ACTIVATION_LOGISTIC};
        void (*plains[2])(void *) = {run_relu, run_logistic};
        for (int k = 0; k < 2; k++) {
            b = start(ctx, names[k], 3, xd);
            node = vxActivationLayer(b.graph, tx, functions[k], 0, 0, b.out);
            a.out = b.plain;
            measure(&b, 5, plains[k], &a);
            finish(&b, node);
        }
        vxReleaseTensor(&tx);
        free(x);
    }
    {   /* softmax */
        vx_size xd[2] = {SK, SB};
        int16_t *x = random_values(count_of(2, xd), -2048, 2048);
        vx_tensor tx = q78(ctx, 2, xd, x);
        layer_bench b = start(ctx, "softmax_1000x16", 2, xd);
        vx_node node = vxSoftmaxLayer(b.graph, tx, b.out);
        args a = {x, NULL, NULL, b.plain, NULL, 0};
        measure(&b, 5, run_softmax, &a);
        finish(&b, node);
        vxReleaseTensor(&tx);
        free(x);
    }
    {   /* local response normalization */
        vx_size xd[3] = {LW, LW, LC};
        int16_t *x = random_values(count_of(3, xd), -1024, 1024);
        vx_tensor tx = q78(ctx, 3, xd, x);
        layer_bench b = start(ctx, "lrn_across_27x27x96_5", 3, xd);
        vx_node node = vxLocalResponseNormalizationLayer(b.graph, tx, VX_NN_NORMALIZATION_ACROSS_MAPS, LN, 1e-4f,
                                                         0.75f, 1.0f, b.out);
        args a = {x, NULL, NULL, b.plain, NULL, 0};
        measure(&b, 5, run_lrn, &a);
        finish(&b, node);
        vxReleaseTensor(&tx);
        free(x);
    }
    {   /* ROI pooling */
        vx_size xd[3] = {RW, RH, RC}, rd[2] = {4, RN}, od[4] = {RP, RP, RC, RN};
        int16_t *x = random_values(count_of(3, xd), -1024, 1024), rois[4 * RN];
        for (int r = 0; r < RN; r++) {
            int x1 = (r * 7) % 24, y1 = (r * 5) % 16;
            int16_t corners[4] = {(int16_t)x1, (int16_t)y1, (int16_t)(x1 + 8 + r % 9), (int16_t)(y1 + 6 + r % 7)};
            memcpy(rois + 4 * r, corners, sizeof corners);
        }
        vx_tensor tx = q78(ctx, 3, xd, x), tr = q78(ctx, 2, rd, rois);
        layer_bench b = start(ctx, "roi_pooling_40x30x256_32_7x7", 4, od);
        vx_nn_roi_pool_params_t params = {VX_NN_POOLING_MAX};
        vx_node node = vxROIPoolingLayer(b.graph, tx, tr, &params, sizeof params, b.out);
        args a = {x, rois, NULL, b.plain, NULL, 0};
        measure(&b, 5, run_roi_pooling, &a);
        finish(&b, node);
        vxReleaseTensor(&tx), vxReleaseTensor(&tr);
        free(x);
    }
    bench_end();
    vxReleaseContext(&ctx);
    return 0;
}
