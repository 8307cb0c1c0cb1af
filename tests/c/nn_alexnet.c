/* A whole network in Q7.8: AlexNet's shape (5 convolutions, 11x11 skip 4, 5x5 and three 3x3, with
 * ReLU and 3x3 skip 2 max pooling after the first, second and fifth; 3 fully connected layers, ReLU
 * between them) at a small spatial size (67x67x3 in, 10 classes out), as one graph with virtual
 * tensors between the layers, the first fully connected layer's weights 4-D. Weights, biases and
 * test images are made here (fixed seed) and quantized to Q7.8; the same quantized values go
 * through a float (double) reference of the same layers; each image must get the reference's
 * class, and every logit must stay near the reference's. */
#include <VX/vx.h>
#include <VX/vx_khr_nn.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define CLASSES 10
#define IMAGES 8

static uint64_t state = 22;

static double uniform(void)                    /* [-1, 1) */
{
    state = state * 6364136223846793005u + 1442695040888963407u;
    return (double)(state >> 11) / (double)(1ull << 52) - 1.0;
}

static int16_t q78(double v)
{
    double r = nearbyint(v * 256.0);
    return (int16_t)(r < INT16_MIN ? INT16_MIN : r > INT16_MAX ? INT16_MAX : r);
}

/* A float tensor [width, height, maps] (dims[0] fastest) and its Q7.8 twin in the graph. */
typedef struct blob {
    vx_size n, dims[4], count;
    double *v;
} blob;

static blob blob_of(vx_size n, vx_size d0, vx_size d1, vx_size d2, vx_size d3)
{
    blob b = {n, {d0, d1, d2, d3}, d0 * (n > 1 ? d1 : 1) * (n > 2 ? d2 : 1) * (n > 3 ? d3 : 1), NULL};
    b.v = calloc(b.count, sizeof *b.v);
    return b;
}

/* Random values of magnitude `scale`, already on the Q7.8 grid (the reference sees what the graph sees). */
static blob random_blob(vx_size n, vx_size d0, vx_size d1, vx_size d2, vx_size d3, double scale)
{
    blob b = blob_of(n, d0, d1, d2, d3);
    for (vx_size i = 0; i < b.count; i++)
        b.v[i] = q78(uniform() * scale) / 256.0;
    return b;
}

static vx_tensor tensor_of(vx_context ctx, const blob *b)
{
    vx_tensor t = vxCreateTensor(ctx, b->n, b->dims, VX_TYPE_INT16, 8);
    CHECK_REF(t);
    int16_t *q = malloc(b->count * sizeof *q);
    vx_size start[4] = {0}, stride[4];
    for (vx_size d = 0; d < b->n; d++)
        stride[d] = d ? stride[d - 1] * b->dims[d - 1] : sizeof(int16_t);
    for (vx_size i = 0; i < b->count; i++)
        q[i] = q78(b->v[i]);
    CHECK_OK(vxCopyTensorPatch(t, b->n, start, b->dims, stride, q, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    free(q);
    return t;
}

/* ------------------------------------------------------------ the float reference */
static blob convolve(const blob *x, const blob *w, const blob *bias, vx_size skip, vx_size pad)
{
    vx_size ow = (x->dims[0] + 2 * pad - w->dims[0]) / skip + 1, oh = (x->dims[1] + 2 * pad - w->dims[1]) / skip + 1;
    blob o = blob_of(3, ow, oh, w->dims[3], 1);
    for (vx_size f = 0; f < w->dims[3]; f++)
        for (vx_size oy = 0; oy < oh; oy++)
            for (vx_size ox = 0; ox < ow; ox++) {
                double acc = bias->v[f];
                for (vx_size c = 0; c < x->dims[2]; c++)
                    for (vx_size ky = 0; ky < w->dims[1]; ky++)
                        for (vx_size kx = 0; kx < w->dims[0]; kx++) {
                            int64_t ix = (int64_t)(ox * skip + kx) - (int64_t)pad, iy = (int64_t)(oy * skip + ky) - (int64_t)pad;
                            if (ix >= 0 && iy >= 0 && ix < (int64_t)x->dims[0] && iy < (int64_t)x->dims[1])
                                acc += x->v[(c * x->dims[1] + (vx_size)iy) * x->dims[0] + (vx_size)ix] *
                                       w->v[((f * w->dims[2] + c) * w->dims[1] + ky) * w->dims[0] + kx];
                        }
                o.v[(f * oh + oy) * ow + ox] = acc;
            }
    return o;
}

static void relu(blob *x)
{
    for (vx_size i = 0; i < x->count; i++)
        x->v[i] = x->v[i] > 0 ? x->v[i] : 0;
}

static blob max_pool(const blob *x)            /* 3x3, skip 2, no padding */
{
    vx_size ow = (x->dims[0] - 3) / 2 + 1, oh = (x->dims[1] - 3) / 2 + 1;
    blob o = blob_of(3, ow, oh, x->dims[2], 1);
    for (vx_size c = 0; c < x->dims[2]; c++)
        for (vx_size oy = 0; oy < oh; oy++)
            for (vx_size ox = 0; ox < ow; ox++) {
                double best = -INFINITY;
                for (vx_size ky = 0; ky < 3; ky++)
                    for (vx_size kx = 0; kx < 3; kx++)
                        best = fmax(best, x->v[(c * x->dims[1] + oy * 2 + ky) * x->dims[0] + ox * 2 + kx]);
                o.v[(c * oh + oy) * ow + ox] = best;
            }
    return o;
}

static blob dense(const blob *x, const blob *w, const blob *bias)
{
    vx_size ofm = w->dims[w->n - 1];
    blob o = blob_of(1, ofm, 1, 1, 1);
    for (vx_size f = 0; f < ofm; f++) {
        double acc = bias->v[f];
        for (vx_size j = 0; j < x->count; j++)
            acc += x->v[j] * w->v[f * x->count + j];
        o.v[f] = acc;
    }
    return o;
}

static void replace(blob *x, blob next)
{
    free(x->v);
    *x = next;
}

/* ------------------------------------------------------------ the network */
static vx_tensor keep(vx_tensor *held, int *n, vx_tensor t)
{
    CHECK_REF(t);
    return held[(*n)++] = t;
}

typedef struct layer {
    vx_size k, maps, skip, pad;
    int pool;
} layer;

static const layer CONVS[5] = {{11, 8, 4, 0, 1}, {5, 16, 1, 2, 1}, {3, 24, 1, 1, 0}, {3, 24, 1, 1, 0}, {3, 16, 1, 1, 1}};
static const vx_size DENSE[3] = {32, 32, CLASSES};
static blob cw[5], cb[5], fw[3], fb[3];

/* The float reference through the convolutions and the first `dense` fully connected layers. */
static blob forward(const blob *image, int dense_layers)
{
    blob a = blob_of(3, 67, 67, 3, 1);
    memcpy(a.v, image->v, image->count * sizeof *a.v);
    for (int i = 0; i < 5; i++) {
        replace(&a, convolve(&a, &cw[i], &cb[i], CONVS[i].skip, CONVS[i].pad));
        relu(&a);
        if (CONVS[i].pool)
            replace(&a, max_pool(&a));
    }
    for (int i = 0; i < dense_layers; i++) {
        replace(&a, dense(&a, &fw[i], &fb[i]));
        if (i < 2)
            relu(&a);
    }
    return a;
}

/* Test image m: a random texture plus a smooth pattern of its own, on the Q7.8 grid. */
static blob make_image(int m)
{
    blob image = blob_of(3, 67, 67, 3, 1);
    for (vx_size i = 0; i < image.count; i++) {
        vx_size px = i % 67, py = i / 67 % 67, c = i / (67 * 67);
        image.v[i] = q78(0.5 * uniform() + sin(0.1 * (m + 1) * (double)px + (double)c) * cos(0.07 * (double)(m * py))) / 256.0;
    }
    return image;
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs = context_references(ctx);
    vx_size maps = 3, fan = 0;
    for (int i = 0; i < 5; i++) {
        fan = CONVS[i].k * CONVS[i].k * maps;
        cw[i] = random_blob(4, CONVS[i].k, CONVS[i].k, maps, CONVS[i].maps, 2.45 / sqrt((double)fan));
        cb[i] = random_blob(1, CONVS[i].maps, 1, 1, 1, 0.1);
        maps = CONVS[i].maps;
    }
    vx_size inner = maps;                      /* the last pooling leaves 1 x 1 x maps */
    for (int i = 0; i < 3; i++) {
        fw[i] = i == 0 ? random_blob(4, 1, 1, inner, DENSE[i], 2.45 / sqrt((double)inner))
                       : random_blob(2, inner, DENSE[i], 1, 1, 2.45 / sqrt((double)inner));
        fb[i] = random_blob(1, DENSE[i], 1, 1, 1, 0.1);
        inner = DENSE[i];
    }
    /* The classifier's biases centre its logits over the test images (a random network otherwise
     * tends to give every image one class). */
    blob images[IMAGES];
    double mean[CLASSES] = {0};
    for (int m = 0; m < IMAGES; m++) {
        images[m] = make_image(m);
        blob f = forward(&images[m], 2), z = dense(&f, &fw[2], &fb[2]);
        for (int c = 0; c < CLASSES; c++)
            mean[c] += (z.v[c] - fb[2].v[c]) / IMAGES;
        free(f.v), free(z.v);
    }
    for (int c = 0; c < CLASSES; c++)
        fb[2].v[c] = q78(-mean[c]) / 256.0;

    vx_tensor input = tensor_of(ctx, &images[0]), logits = vxCreateTensor(ctx, 1, (vx_size[]){CLASSES}, VX_TYPE_INT16, 8);
    CHECK_REF(logits);
    vx_graph g = vxCreateGraph(ctx);
    vx_tensor x = input, held[64];
    int nheld = 0;
    vx_size side = 67;
    vx_nn_convolution_params_t params = {0, 0, VX_CONVERT_POLICY_SATURATE, VX_ROUND_POLICY_TO_NEAREST_EVEN,
                                         VX_NN_DS_SIZE_ROUNDING_FLOOR, 0, 0};
#define NEXT() keep(held, &nheld, vxCreateVirtualTensor(g, 0, NULL, VX_TYPE_INT16, 8))
#define ADD(node) do { vx_node n_ = (node); CHECK_REF(n_); CHECK_OK(vxReleaseNode(&n_)); } while (0)
    for (int i = 0; i < 5; i++) {
        vx_tensor w = held[nheld++] = tensor_of(ctx, &cw[i]), b = held[nheld++] = tensor_of(ctx, &cb[i]);
        params.padding_x = params.padding_y = CONVS[i].pad;
        /* the convolution's skip follows from its output's size: give the output's dimensions */
        vx_size o = (side + 2 * CONVS[i].pad - CONVS[i].k) / CONVS[i].skip + 1, od[3] = {o, o, CONVS[i].maps};
        side = o;
        vx_tensor c = held[nheld++] = vxCreateVirtualTensor(g, 3, od, VX_TYPE_INT16, 8);
        ADD(vxConvolutionLayer(g, x, w, b, &params, sizeof params, c));
        vx_tensor r = NEXT();
        ADD(vxActivationLayer(g, c, VX_NN_ACTIVATION_RELU, 0, 0, r));
        x = r;
        if (CONVS[i].pool) {
            side = (o - 3) / 2 + 1;
            vx_size pd[3] = {side, side, CONVS[i].maps};
            vx_tensor p = held[nheld++] = vxCreateVirtualTensor(g, 3, pd, VX_TYPE_INT16, 8);
            ADD(vxPoolingLayer(g, x, VX_NN_POOLING_MAX, 3, 3, 0, 0, VX_NN_DS_SIZE_ROUNDING_FLOOR, p));
            x = p;
        }
    }
    for (int i = 0; i < 3; i++) {
        vx_tensor w = held[nheld++] = tensor_of(ctx, &fw[i]), b = held[nheld++] = tensor_of(ctx, &fb[i]);
        vx_tensor f = i == 2 ? logits : NEXT();
        ADD(vxFullyConnectedLayer(g, x, w, b, VX_CONVERT_POLICY_SATURATE, VX_ROUND_POLICY_TO_NEAREST_EVEN, f));
        if (i < 2) {
            vx_tensor r = NEXT();
            ADD(vxActivationLayer(g, f, VX_NN_ACTIVATION_RELU, 0, 0, r));
            x = r;
        }
    }
    CHECK_OK(vxVerifyGraph(g));

    double worst = 0;
    int classes_seen = 0;
    for (int m = 0; m < IMAGES; m++) {
        const blob *image = &images[m];
        vx_size start[3] = {0}, stride[3] = {2, 2 * 67, 2 * 67 * 67};
        int16_t *q = malloc(image->count * sizeof *q);
        for (vx_size i = 0; i < image->count; i++)
            q[i] = q78(image->v[i]);
        CHECK_OK(vxCopyTensorPatch(input, 3, start, image->dims, stride, q, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
        free(q);
        CHECK_OK(vxProcessGraph(g));
        int16_t got[CLASSES];
        vx_size one[1] = {0}, cs[1] = {CLASSES}, gs[1] = {2};
        CHECK_OK(vxCopyTensorPatch(logits, 1, one, cs, gs, got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));

        blob a = forward(image, 3);
        int best = 0, ours = 0;
        for (int c = 0; c < CLASSES; c++) {
            best = a.v[c] > a.v[best] ? c : best;
            ours = got[c] > got[ours] ? c : ours;
            worst = fmax(worst, fabs(got[c] / 256.0 - a.v[c]));
        }
        if (ours != best) {
            fprintf(stderr, "image %d: class %d, the float reference says %d\n", m, ours, best);
            return 1;
        }
        classes_seen |= 1 << best;
        free(a.v);
        free(images[m].v);
    }
    /* the fixed-point logits follow the float ones closely (a few units of 1/256 per layer) */
    CHECK(worst < 0.05);
    CHECK(classes_seen & (classes_seen - 1));          /* more than one class among the images */
    printf("ok %.4f\n", worst);

    CHECK_OK(vxReleaseGraph(&g));
    for (int i = 0; i < nheld; i++)
        CHECK_OK(vxReleaseTensor(&held[i]));
    CHECK_OK(vxReleaseTensor(&input));
    CHECK_OK(vxReleaseTensor(&logits));
    for (int i = 0; i < 5; i++)
        free(cw[i].v), free(cb[i].v);
    for (int i = 0; i < 3; i++)
        free(fw[i].v), free(fb[i].v);
    CHECK(context_references(ctx) == refs);
    CHECK_OK(vxReleaseContext(&ctx));
    return 0;
}
