/* The neural network layers (vx_khr_nn.h). Tensors are loaded into packed int32 arrays in index
 * order (dims[0] fastest); convolutions sum exact products in int64 and round the sum back by the
 * fixed point position per the rounding policy, the other layers compute in double and round to
 * nearest even; results are stored saturated (or wrapped, per a layer's overflow policy). Skip and
 * upscale follow from the output's dimensions (kernels/nn.py checked that they exist). */
#pragma GCC optimize("O3")             /* the convolution's row loops: vectorized */
#include "nn.h"
#include <VX/vx_khr_nn.h>

#include <math.h>
#include <stdlib.h>

static const pvx_tensor *tensor_at(vx_reference ref)
{
    return ((pvx_ref *)ref)->desc;
}

/* Elements in dimensions `from` and up (the batch count of a [width, height, maps, batches...]). */
static vx_size count_of(const pvx_tensor *t, vx_size from)
{
    vx_size n = 1;
    for (vx_size d = from; d < t->num_dims; d++)
        n *= t->dims[d];
    return n;
}

static vx_size size_value(vx_reference ref)
{
    return *(const vx_size *)scalar_value(ref);
}

static double float_value(vx_reference ref)
{
    return *(const vx_float32 *)scalar_value(ref);
}

/* A layer's working arrays: its tensor inputs as int32 (NULL for an absent optional one), its
 * output as int64. */
typedef struct layer {
    int32_t *in[3];
    int64_t *out;
    const pvx_tensor *o;
    double unit;             /* 2^fixed point position: a value is its integer / unit */
} layer;

static vx_status layer_open(layer *l, const vx_reference *inputs, int count, vx_reference output)
{
    *l = (layer){{NULL}, NULL, tensor_at(output), (double)(1 << tensor_at(output)->fixed_point_position)};
    l->out = malloc(count_of(l->o, 0) * sizeof *l->out);
    if (l->out == NULL)
        return VX_ERROR_NO_MEMORY;
    for (int k = 0; k < count; k++) {
        if (inputs[k] == NULL)
            continue;
        l->in[k] = malloc(count_of(tensor_at(inputs[k]), 0) * sizeof *l->in[k]);
        if (l->in[k] == NULL)
            return VX_ERROR_NO_MEMORY;
        vx_status s = pvx_tensor_load(inputs[k], l->in[k]);
        if (s != VX_SUCCESS)
            return s;
    }
    return VX_SUCCESS;
}

/* Stores the output after a good computation; frees the arrays either way. */
static vx_status layer_close(layer *l, vx_status status, vx_reference output, int saturate)
{
    if (status == VX_SUCCESS)
        status = pvx_tensor_store(output, l->out, saturate);
    free(l->out);
    for (int k = 0; k < 3; k++)
        free(l->in[k]);
    return status;
}

/* acc / unit rounded toward zero or to the nearest, ties to even. */
static int64_t divided(int64_t acc, int64_t unit, int nearest_even)
{
    if (!nearest_even)
        return acc / unit;
    int64_t f = acc >= 0 ? acc / unit : -((unit - 1 - acc) / unit);       /* floor */
    int64_t r2 = 2 * (acc - f * unit);
    return f + (r2 > unit || (r2 == unit && (f & 1)));
}

/* The smallest skip s giving `out` outputs from a span (round(span / s) + 1); 1 for one output. */
static vx_size skip_of(vx_size in, vx_size pad, vx_size kernel_span, vx_size out, int ceiling)
{
    vx_size span = in + 2 * pad - kernel_span;
    for (vx_size s = 1; s <= span; s++)
        if ((ceiling ? (span + s - 1) / s : span / s) + 1 == out)
            return s;
    return 1;
}

/* One axis of a convolution: output o, kernel tap m read input u = (o x skip + m x step - pad) / up
 * when that divides and lies among the first `reach` inputs (padding, and the zeros an upscale
 * inserts, read nothing). */
typedef struct axis {
    vx_size in, out, taps, skip, step, up, reach;
    int64_t pad;
} axis;

/* For one tap along one axis, the outputs that read an input element: `count` of them from `first`
 * every `step`, reading from input `in` every `in_step` (valid u is monotone in o and periodic
 * modulo up, so they form one arithmetic run). */
typedef struct run {
    vx_size first, count, step, in, in_step;
} run;

static vx_size gcd(vx_size a, vx_size b)
{
    return b ? gcd(b, a % b) : a;
}

static run run_of(const axis *a, vx_size tap)
{
    run r = {0, 0, a->up / gcd(a->skip, a->up), 0, 0};
    r.in_step = r.step * a->skip / a->up;
    int64_t t = (int64_t)(tap * a->step) - a->pad;
    for (vx_size o = 0; o < a->out; o++) {
        int64_t u = (int64_t)(o * a->skip) + t;
        if (u >= 0 && u % (int64_t)a->up == 0) {
            if ((vx_size)u / a->up < a->reach) {
                vx_size by_out = (a->out - o + r.step - 1) / r.step, in = (vx_size)u / a->up;
                vx_size by_in = (a->reach - in + r.in_step - 1) / r.in_step;
                r = (run){o, by_out < by_in ? by_out : by_in, r.step, in, r.in_step};
            }
            break;
        }
    }
    return r;
}

static run *runs_of(const axis *a)
{
    run *r = malloc(a->taps * sizeof *r);
    for (vx_size m = 0; r != NULL && m < a->taps; m++)
        r[m] = run_of(a, m);
    return r;
}

static int64_t largest_magnitude(const int32_t *v, vx_size count)
{
    int64_t top = 0;
    for (vx_size i = 0; i < count; i++)
        top = llabs(v[i]) > top ? llabs(v[i]) : top;
    return top;
}

/* Adds the int32 partial sums into the exact ones and clears them. */
static void flush(int64_t *acc, int32_t *part, vx_size count)
{
    for (vx_size i = 0; i < count; i++)
        acc[i] += part[i], part[i] = 0;
}

/* out[x, y, f, n] = round(sum over c, taps of in[.., .., c, n] x w[kx, ky, c, f] + bias) (convolution
 * and deconvolution alike: the runs say which outputs each tap adds to). Weight by weight, each
 * adds w x an input row segment to an output row segment (contiguous input, through phases for a
 * skip; contiguous output but for deconvolution's upscale): a loop the compiler vectorizes. The sums are exact: int32 partial
 * sums take `budget` weights (each adds at most one product of magnitude <= the inputs' largest x
 * the weights' largest to an output: within int32) before they go into int64 ones. */
static vx_status convolve(layer *l, const pvx_tensor *x, const pvx_tensor *b, const axis *ax, const axis *ay,
                          int nearest_even)
{
    run *xs = runs_of(ax), *ys = runs_of(ay);
    vx_size ow = ax->out, oh = ay->out, plane = ow * oh;
    int64_t *acc = malloc(plane * sizeof *acc);
    int32_t *part = calloc(plane, sizeof *part);
    if (xs == NULL || ys == NULL || acc == NULL || part == NULL) {
        free(xs), free(ys), free(acc), free(part);
        return VX_ERROR_NO_MEMORY;
    }
    vx_size maps = x->dims[2], ofm = l->o->dims[2], batches = count_of(x, 3), kx = ax->taps, ky = ay->taps;
    /* A skip s along x reads every s-th input: rows stored as s phases (phase p holds inputs p, p + s,
     * ...) make each run contiguous. */
    vx_size s = xs[0].in_step, width = (ax->in + s - 1) / s, rows = count_of(x, 1);
    const int32_t *input = l->in[0];
    int32_t *phased = NULL;
    if (s > 1) {
        phased = calloc(rows * s * width, sizeof *phased);
        if (phased == NULL) {
            free(xs), free(ys), free(acc), free(part);
            return VX_ERROR_NO_MEMORY;
        }
        for (vx_size r = 0; r < rows; r++)
            for (vx_size u = 0; u < ax->in; u++)
                phased[(r * s + u % s) * width + u / s] = input[r * ax->in + u];
        input = phased;
    }
    int64_t largest = largest_magnitude(l->in[0], count_of(x, 0)) * largest_magnitude(l->in[1], kx * ky * maps * ofm);
    vx_size budget = largest ? (vx_size)(INT32_MAX / largest) : (vx_size)-1, added = 0;
    int q = x->fixed_point_position;
    int64_t *out = l->out;
    for (vx_size n = 0; n < batches; n++)
        for (vx_size f = 0; f < ofm; f++) {
            for (vx_size i = 0; i < plane; i++)
                acc[i] = b == NULL ? 0 : (int64_t)l->in[2][b->num_dims == 1 ? f : f * plane + i] << q;
            for (vx_size c = 0; c < maps; c++) {
                const int32_t *in = input + (n * maps + c) * ay->in * s * width;
                const int32_t *w = l->in[1] + (f * maps + c) * kx * ky;
                for (vx_size m = 0; m < ky; m++)
                    for (vx_size k = 0; k < kx; k++) {
                        const run *ry = &ys[m], *rx = &xs[k];
                        int32_t wv = w[m * kx + k];
                        if (wv == 0 || ry->count == 0 || rx->count == 0)
                            continue;
                        if (added++ == budget)
                            flush(acc, part, plane), added = 1;
                        for (vx_size j = 0; j < ry->count; j++) {
                            int32_t *a = part + (ry->first + j * ry->step) * ow + rx->first;
                            const int32_t *row = in + ((ry->in + j * ry->in_step) * s + rx->in % s) * width + rx->in / s;
                            if (rx->step == 1)
                                for (vx_size i = 0; i < rx->count; i++)
                                    a[i] += wv * row[i];
                            else
                                for (vx_size i = 0; i < rx->count; i++)
                                    a[i * rx->step] += wv * row[i];
                        }
                    }
            }
            flush(acc, part, plane), added = 0;
            for (vx_size i = 0; i < plane; i++)
                *out++ = divided(acc[i], (int64_t)1 << q, nearest_even);
        }
    free(xs), free(ys), free(acc), free(part), free(phased);
    return VX_SUCCESS;
}

/* Convolution and deconvolution: inputs, weights, biases at 0-2, overflow at 5, rounding at 6. */
static vx_status convolution_layer(const vx_reference *p, const axis *a, int out)
{
    layer l;
    vx_status s = layer_open(&l, p, 3, p[out]);
    if (s == VX_SUCCESS)
        s = convolve(&l, tensor_at(p[0]), p[2] ? tensor_at(p[2]) : NULL, &a[0], &a[1],
                     scalar_enum(p[6]) == VX_ROUND_POLICY_TO_NEAREST_EVEN);
    return layer_close(&l, s, p[out], scalar_enum(p[5]) == VX_CONVERT_POLICY_SATURATE);
}

/* Tap m of output o reads input o x skip + m x (dilation + 1) + dilation - pad: the conformance
 * tests' reference starts a dilated kernel `dilation` elements in (a tap past the input reads 0).
 * p: inputs, weights, biases, padding x/y, overflow, rounding, down scale rounding, dilation x/y, outputs */
vx_status pvx_nn_convolution(vx_node node, const vx_reference *p, vx_uint32 n)
{
    const pvx_tensor *x = tensor_at(p[0]), *w = tensor_at(p[1]), *o = tensor_at(p[10]);
    int ceiling = scalar_enum(p[7]) == VX_NN_DS_SIZE_ROUNDING_CEILING;
    axis a[2];
    for (int d = 0; d < 2; d++) {
        vx_size pad = size_value(p[3 + d]), dilation = size_value(p[8 + d]), k = w->dims[d];
        a[d] = (axis){x->dims[d], o->dims[d], k,
                      skip_of(x->dims[d], pad, (k - 1) * (dilation + 1) + 1, o->dims[d], ceiling), dilation + 1, 1,
                      x->dims[d], (int64_t)pad - (int64_t)dilation};
    }
    return convolution_layer(p, a, 10);
}

/* The input upscaled (zeros inserted), padded by kernel - padding - 1 (and a on the far side),
 * convolved. Of the upscaled row only its first `width` positions are read (inputs i with
 * i x upscale < width): the conformance tests' reference bounds the upscaled position by the
 * input's own width. p: inputs, weights, biases, padding x/y, overflow, rounding, a x/y, outputs */
vx_status pvx_nn_deconvolution(vx_node node, const vx_reference *p, vx_uint32 n)
{
    const pvx_tensor *x = tensor_at(p[0]), *w = tensor_at(p[1]), *o = tensor_at(p[9]);
    axis a[2];
    for (int d = 0; d < 2; d++) {
        vx_size pad = size_value(p[3 + d]), extra = size_value(p[7 + d]), k = w->dims[d], in = x->dims[d];
        vx_size up = in > 1 ? (o->dims[d] + 2 * pad - k - extra) / (in - 1) : extra + 1;
        a[d] = (axis){in, o->dims[d], k, 1, 1, up, (in + up - 1) / up, (int64_t)k - (int64_t)pad - 1};
    }
    return convolution_layer(p, a, 9);
}

/* sum of in[j] x w[j] with 8-bit weights read in their type (INT32: loaded by layer_open); the
 * products fit in 32 bits. */
static int64_t dot(const int32_t *in, const void *w, vx_enum type, vx_size count)
{
    int64_t acc = 0;
    if (type == VX_TYPE_INT8)
        for (vx_size j = 0; j < count; j++)
            acc += in[j] * ((const int8_t *)w)[j];
    else if (type == VX_TYPE_UINT8)
        for (vx_size j = 0; j < count; j++)
            acc += in[j] * ((const uint8_t *)w)[j];
    else
        for (vx_size j = 0; j < count; j++)
            acc += in[j] * ((const int32_t *)w)[j];
    return acc;
}

/* In blocks of 16: a loop of known count is what -O2 vectorizes. */
static int64_t dot16(const int16_t *in, const int16_t *w, vx_size count)
{
    int64_t acc = 0;
    vx_size j = 0;
    for (; j + 16 <= count; j += 16)
        for (int u = 0; u < 16; u++)
            acc += in[j + u] * w[j + u];
    for (; j < count; j++)
        acc += in[j] * w[j];
    return acc;
}

/* out[f, n] = round(sum over j of in[j, n] x w[j, f] + bias[f]); the inputs' first dimensions
 * flattened as the weights' all but last ([#IFM or width x height x #IFM, #OFM], or [width, height,
 * #IFM, #OFM]). Packed weights (the bulk of the data) are read in place.
 * p: inputs, weights, biases, overflow, rounding, outputs */
vx_status pvx_nn_fully_connected(vx_node node, const vx_reference *p, vx_uint32 n)
{
    const pvx_tensor *w = tensor_at(p[1]);
    const uint8_t *weights = pvx_tensor_packed(p[1]);
    vx_reference inputs[3] = {p[0], weights ? NULL : p[1], p[2]};
    vx_enum type = weights ? w->data_type : VX_TYPE_INT32;
    layer l;
    vx_status s = layer_open(&l, inputs, 3, p[5]);
    if (s == VX_SUCCESS) {
        vx_size ofm = w->dims[w->num_dims - 1], inner = count_of(w, 0) / ofm, batches = count_of(l.o, 1);
        vx_size item = weights ? w->item_size : sizeof(int32_t);
        int q = w->fixed_point_position, nearest_even = scalar_enum(p[4]) == VX_ROUND_POLICY_TO_NEAREST_EVEN;
        weights = weights ? weights : (const uint8_t *)l.in[1];
        int16_t *narrow = type == VX_TYPE_INT16 ? malloc(inner * batches * sizeof *narrow) : NULL;
        for (vx_size j = 0; narrow != NULL && j < inner * batches; j++)
            narrow[j] = (int16_t)l.in[0][j];
        for (vx_size b = 0; b < batches; b++)
            for (vx_size f = 0; f < ofm; f++) {
                const uint8_t *wf = weights + f * inner * item;
                int64_t acc = narrow ? dot16(narrow + b * inner, (const int16_t *)wf, inner)
                                     : dot(l.in[0] + b * inner, wf, type, inner);
                if (l.in[2] != NULL)
                    acc += (int64_t)l.in[2][f] << q;
                l.out[b * ofm + f] = divided(acc, (int64_t)1 << q, nearest_even);
            }
        free(narrow);
    }
    return layer_close(&l, s, p[5], scalar_enum(p[3]) == VX_CONVERT_POLICY_SATURATE);
}

/* The input indices a pooling window covers along one axis (contiguous: no dilation), and
 * whether it covers padding too. */
typedef struct span {
    int64_t start, end;
    int padded;
} span;

static span *spans_of(const axis *a)
{
    span *sp = malloc(a->out * sizeof *sp);
    for (vx_size o = 0; sp != NULL && o < a->out; o++) {
        int64_t lo = (int64_t)(o * a->skip) - a->pad, hi = lo + (int64_t)a->taps;
        sp[o] = (span){lo < 0 ? 0 : lo, hi > (int64_t)a->in ? (int64_t)a->in : hi, lo < 0 || hi > (int64_t)a->in};
    }
    return sp;
}

/* Max or average (rounded to nearest even) of each window of the input padded with zeros; a
 * window counts its padding. p: inputs, type, size x/y, padding x/y, rounding, outputs */
vx_status pvx_nn_pooling(vx_node node, const vx_reference *p, vx_uint32 n)
{
    const pvx_tensor *x = tensor_at(p[0]), *o = tensor_at(p[7]);
    int ceiling = scalar_enum(p[6]) == VX_NN_DS_SIZE_ROUNDING_CEILING, max = scalar_enum(p[1]) == VX_NN_POOLING_MAX;
    axis a[2];
    for (int d = 0; d < 2; d++) {
        vx_size size = size_value(p[2 + d]), pad = size_value(p[4 + d]);
        a[d] = (axis){x->dims[d], o->dims[d], size, skip_of(x->dims[d], pad, size, o->dims[d], ceiling), 1, 1,
                      x->dims[d], (int64_t)pad};
    }
    layer l;
    vx_status s = layer_open(&l, p, 1, p[7]);
    span *xs = spans_of(&a[0]), *ys = spans_of(&a[1]);
    if (s == VX_SUCCESS && (xs == NULL || ys == NULL))
        s = VX_ERROR_NO_MEMORY;
    int64_t window = (int64_t)(a[0].taps * a[1].taps), *out = l.out;
    for (vx_size c = 0; s == VX_SUCCESS && c < count_of(x, 2); c++)
        for (vx_size oy = 0; oy < a[1].out; oy++)
            for (vx_size ox = 0; ox < a[0].out; ox++) {
                const span *sx = &xs[ox], *sy = &ys[oy];
                int64_t best = sx->padded || sy->padded ? 0 : INT64_MIN, sum = 0;
                for (int64_t iy = sy->start; iy < sy->end; iy++) {
                    const int32_t *row = l.in[0] + (c * a[1].in + (vx_size)iy) * a[0].in;
                    for (int64_t ix = sx->start; ix < sx->end; ix++) {
                        best = row[ix] > best ? row[ix] : best;
                        sum += row[ix];
                    }
                }
                *out++ = max ? best : divided(sum, window, 1);
            }
    free(xs), free(ys);
    return layer_close(&l, s, p[7], 1);
}

/* exp(x - max) / sum of exp over dimension 0 (1 or 2 dimensions) or 2 (3 or 4). p: inputs, outputs */
vx_status pvx_nn_softmax(vx_node node, const vx_reference *p, vx_uint32 n)
{
    const pvx_tensor *x = tensor_at(p[0]);
    vx_size along = x->num_dims <= 2 ? 0 : 2, length = x->dims[along], inner = 1;
    for (vx_size d = 0; d < along; d++)
        inner *= x->dims[d];
    layer l;
    vx_status s = layer_open(&l, p, 1, p[1]);
    for (vx_size k = 0; s == VX_SUCCESS && k < count_of(x, along + 1); k++)
        for (vx_size i = 0; i < inner; i++) {
            const int32_t *in = l.in[0] + k * length * inner + i;
            int32_t top = INT32_MIN;
            for (vx_size j = 0; j < length; j++)
                top = in[j * inner] > top ? in[j * inner] : top;
            double sum = 0;
            for (vx_size j = 0; j < length; j++)
                sum += exp((in[j * inner] - top) / l.unit);
            for (vx_size j = 0; j < length; j++)
                l.out[k * length * inner + i + j * inner] = rounded(exp((in[j * inner] - top) / l.unit) / sum * l.unit, 1);
        }
    return layer_close(&l, s, p[1], 1);
}

/* x / (bias + alpha / count x sum of squares)^beta over `size` maps around (across maps) or a
 * size x size square (same map), zero outside. vxNormalizationLayer has no bias parameter: 1.
 * p: inputs, type, size, alpha, beta, (bias,) outputs */
vx_status pvx_nn_normalization(vx_node node, const vx_reference *p, vx_uint32 n)
{
    const pvx_tensor *x = tensor_at(p[0]);
    int across = scalar_enum(p[1]) == VX_NN_NORMALIZATION_ACROSS_MAPS;
    int64_t half = (int64_t)size_value(p[2]) / 2, width = x->dims[0], height = x->dims[1], maps = x->dims[2];
    int64_t hc = across ? half : 0, hxy = across ? 0 : half;
    double alpha = float_value(p[3]), beta = float_value(p[4]), bias = n == 7 ? float_value(p[5]) : 1.0;
    double count = across ? 2 * half + 1 : (2 * half + 1) * (2 * half + 1);
    vx_size total = count_of(x, 0);
    layer l;
    vx_status s = layer_open(&l, p, 1, p[n - 1]);
    double *squares = s == VX_SUCCESS ? malloc(total * sizeof *squares) : NULL;
    if (s == VX_SUCCESS && squares == NULL)
        s = VX_ERROR_NO_MEMORY;
    for (vx_size k = 0; s == VX_SUCCESS && k < total; k++) {
        double v = l.in[0][k] / l.unit;
        squares[k] = v * v;
    }
    for (vx_size k = 0; s == VX_SUCCESS && k < total; k++) {
        int64_t ix = k % width, iy = k / width % height, c = k / (width * height) % maps;
        double sum = 0;
        for (int64_t dc = c - hc < 0 ? -c : -hc; dc <= hc && c + dc < maps; dc++)
            for (int64_t dy = iy - hxy < 0 ? -iy : -hxy; dy <= hxy && iy + dy < height; dy++)
                for (int64_t dx = ix - hxy < 0 ? -ix : -hxy; dx <= hxy && ix + dx < width; dx++)
                    sum += squares[(int64_t)k + (dc * height + dy) * width + dx];
        l.out[k] = rounded(l.in[0][k] / l.unit / pow(bias + alpha / count * sum, beta) * l.unit, 1);
    }
    free(squares);
    return layer_close(&l, s, p[n - 1], 1);
}

static double activate(vx_enum function, double x, double a, double b)
{
    switch (function) {
    case VX_NN_ACTIVATION_LOGISTIC: return 1 / (1 + exp(-x));
    case VX_NN_ACTIVATION_HYPERBOLIC_TAN: return a * tanh(b * x);
    case VX_NN_ACTIVATION_RELU: return x > 0 ? x : 0;
    case VX_NN_ACTIVATION_BRELU: return x < 0 ? 0 : x > a ? a : x;
    case VX_NN_ACTIVATION_SOFTRELU: return log(1 + exp(x));
    case VX_NN_ACTIVATION_ABS: return fabs(x);
    case VX_NN_ACTIVATION_SQUARE: return x * x;
    case VX_NN_ACTIVATION_SQRT: return x > 0 ? sqrt(x) : 0;
    default: return a * x + b;                                  /* LINEAR */
    }
}

/* f(x, a, b) per element; a tensor with more elements than its type has values looks each up in
 * a table of f over the type's values. p: inputs, function, a, b, outputs */
vx_status pvx_nn_activation(vx_node node, const vx_reference *p, vx_uint32 n)
{
    const pvx_tensor *x = tensor_at(p[0]);
    vx_enum function = scalar_enum(p[1]);
    double a = float_value(p[2]), b = float_value(p[3]);
    vx_size total = count_of(x, 0), values = (vx_size)1 << (8 * x->item_size);
    int32_t lowest = x->data_type == VX_TYPE_UINT8 ? 0 : -(int32_t)(values / 2);
    layer l;
    vx_status s = layer_open(&l, p, 1, p[4]);
    int64_t *table = s == VX_SUCCESS && total > values ? malloc(values * sizeof *table) : NULL;
    for (vx_size v = 0; table != NULL && v < values; v++)
        table[v] = rounded(activate(function, (lowest + (int64_t)v) / l.unit, a, b) * l.unit, 1);
    for (vx_size k = 0; s == VX_SUCCESS && k < total; k++)
        l.out[k] = table ? table[l.in[0][k] - lowest] : rounded(activate(function, l.in[0][k] / l.unit, a, b) * l.unit, 1);
    free(table);
    return layer_close(&l, s, p[4], 1);
}

/* A bin's edge clipped to [0, size]; one before the input lies past it (the conformance tests'
 * reference clamps the coordinate as an unsigned value), so a bin reaching before the input is empty. */
static int64_t bin_edge(int64_t v, int64_t size)
{
    return v < 0 || v > size ? size : v;
}

/* For each roi (x1, y1, x2, y2: integer element coordinates, stored as they are whatever the
 * tensor's fixed point position: Q7.8 could not address past element 127) of each batch, the maximum of each
 * of pooled width x pooled height bins over it (bin i covers floor(i size / bins) to
 * ceil((i + 1) size / bins)), clipped by bin_edge; an empty bin is 0. p: inputs, rois, type, outputs */
vx_status pvx_nn_roi_pooling(vx_node node, const vx_reference *p, vx_uint32 n)
{
    const pvx_tensor *x = tensor_at(p[0]), *r = tensor_at(p[1]), *o = tensor_at(p[3]);
    int64_t width = x->dims[0], height = x->dims[1], maps = x->dims[2], rois = r->dims[1];
    int64_t pw = o->dims[0], ph = o->dims[1];
    layer l;
    vx_status s = layer_open(&l, p, 2, p[3]);
    int64_t *out = l.out;
    for (vx_size b = 0; s == VX_SUCCESS && b < count_of(x, 3); b++)
        for (int64_t i = 0; i < rois; i++) {
            const int32_t *roi = l.in[1] + (b * rois + i) * 4;
            const int64_t corner[4] = {roi[0], roi[1], roi[2], roi[3]};
            int64_t rw = corner[2] - corner[0] + 1 > 1 ? corner[2] - corner[0] + 1 : 1;
            int64_t rh = corner[3] - corner[1] + 1 > 1 ? corner[3] - corner[1] + 1 : 1;
            for (int64_t c = 0; c < maps; c++) {
                const int32_t *plane = l.in[0] + (b * maps + c) * width * height;
                for (int64_t by = 0; by < ph; by++)
                    for (int64_t bx = 0; bx < pw; bx++) {
                        int64_t y0 = corner[1] + by * rh / ph, y1 = corner[1] + ((by + 1) * rh + ph - 1) / ph;
                        int64_t x0 = corner[0] + bx * rw / pw, x1 = corner[0] + ((bx + 1) * rw + pw - 1) / pw;
                        y0 = bin_edge(y0, height), y1 = bin_edge(y1, height);
                        x0 = bin_edge(x0, width), x1 = bin_edge(x1, width);
                        int32_t best = y0 < y1 && x0 < x1 ? INT32_MIN : 0;
                        for (int64_t yy = y0; yy < y1; yy++)
                            for (int64_t xx = x0; xx < x1; xx++)
                                best = plane[yy * width + xx] > best ? plane[yy * width + xx] : best;
                        *out++ = best;
                    }
            }
        }
    return layer_close(&l, s, p[3], 1);
}
