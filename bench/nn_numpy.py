"""The neural network layers (vx_khr_nn) at realistic shapes beside a numpy reference of the same
fixed-point definition (products summed exactly in int64, the bias at the products' position,
rounded back per the rounding policy, saturated), both single-threaded, results checked equal
before timing. Prints a table on stderr and a JSON object on stdout (bench/run.py collects it).

    python bench/nn_numpy.py

Each row: one verified one-node graph run by vxProcessGraph (ours) and the numpy call, the median
of several rounds, in ms.
"""
import json
import sys
import time

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from pyopenvx import constants as vx
from pyopenvx.api import ffi, lib

REPEATS, BUDGET_S = 10, 3.0
TYPES = {"Q78": (vx.VX_TYPE_INT16, 8, np.int16), "U8": (vx.VX_TYPE_UINT8, 0, np.uint8),
         "S8": (vx.VX_TYPE_INT8, 0, np.int8)}


def median_ms(*fns):
    """Median time of each of `fns` over 3 to REPEATS rounds (about BUDGET_S seconds), the calls of a
    round one after the other (load on the shared machine weighs on both alike)."""
    for fn in fns:
        fn()
    times, end = [[] for _ in fns], time.perf_counter() + BUDGET_S
    for k in range(REPEATS):
        for fn, t in zip(fns, times):
            t0 = time.perf_counter_ns()
            fn()
            t.append(time.perf_counter_ns() - t0)
        if k >= 2 and time.perf_counter() > end:
            break
    return [float(np.median(t)) / 1e6 for t in times]


def check(status, what):
    if status != vx.VX_SUCCESS:
        raise RuntimeError(f"{what}: status {status}")


class Net:
    """A context and the tensors of the layers (numpy arrays in C order: shape reversed dims)."""

    def __init__(self):
        self.ctx = lib.vxCreateContext()
        self.refs = []
        self.rng = np.random.default_rng(22)

    def keep(self, ref):
        check(lib.vxGetStatus(ffi.cast("vx_reference", ref)), "create")
        self.refs.append(ref)
        return ref

    def tensor(self, kind, shape, values=None):
        """A tensor of numpy `shape` (C order: the last axis is dims[0])."""
        vx_type, q, _ = TYPES[kind]
        dims = ffi.new("vx_size[]", list(reversed(shape)))
        t = self.keep(lib.vxCreateTensor(self.ctx, len(shape), dims, vx_type, q))
        if values is not None:
            self.copy(t, values, vx.VX_WRITE_ONLY)
        return t

    def copy(self, t, arr, usage):
        shape = arr.shape
        dims = ffi.new("vx_size[]", list(reversed(shape)))
        strides = ffi.new("vx_size[]", list(reversed(arr.strides)))
        start = ffi.new("vx_size[]", len(shape))
        check(lib.vxCopyTensorPatch(t, len(shape), start, dims, strides, ffi.from_buffer(arr), usage,
                                    vx.VX_MEMORY_TYPE_HOST), "copy")

    def random(self, kind, shape, terms):
        """Values whose sums of `terms` products reach a few times the type's range."""
        info = np.iinfo(TYPES[kind][2])
        root = np.sqrt(terms)
        return self.rng.integers(int(info.min / root), int(info.max / root) + 1, shape).astype(TYPES[kind][2])

    def run(self, add):
        g = self.keep(lib.vxCreateGraph(self.ctx))
        node = add(g)
        check(lib.vxGetStatus(ffi.cast("vx_reference", node)), "node")
        check(lib.vxVerifyGraph(g), "vxVerifyGraph")
        return lambda: check(lib.vxProcessGraph(g), "vxProcessGraph")

    def release(self):
        for ref in reversed(self.refs):
            lib.vxReleaseReference(ffi.new("vx_reference *", ffi.cast("vx_reference", ref)))
        lib.vxReleaseContext(ffi.new("vx_context *", self.ctx))


# -- the numpy reference ------------------------------------------------------------------------
def finish(acc, kind):
    """acc (at position 2q) rounded to q to the nearest, ties to even, saturated to the type."""
    _, q, dtype = TYPES[kind]
    unit = 1 << q
    f = acc // unit
    twice = 2 * (acc - f * unit)
    f += (twice > unit) | ((twice == unit) & (f & 1 == 1))
    info = np.iinfo(dtype)
    return np.clip(f, info.min, info.max).astype(dtype)


def np_convolution(x, w, b, kind, skip, pad, dilation=(0, 0)):
    """x (C, H, W), w (F, C, ky, kx), b (F,) or None: (F, H', W')."""
    _, q, _ = TYPES[kind]
    # a dilated kernel starts `dilation` elements in (the layer's definition, the conformance tests')
    xp = np.pad(x.astype(np.int64), ((0, 0), (pad[1], pad[1] + dilation[1]), (pad[0], pad[0] + dilation[0])))
    xp = xp[:, dilation[1]:, dilation[0]:]
    ky, kx = w.shape[2:]
    span = (ky + (ky - 1) * dilation[1], kx + (kx - 1) * dilation[0])
    win = sliding_window_view(xp, span, axis=(1, 2))[:, ::skip[1], ::skip[0], ::dilation[1] + 1, ::dilation[0] + 1]
    acc = np.tensordot(w.astype(np.int64), win, axes=([1, 2, 3], [0, 3, 4]))
    if b is not None:
        acc += b.astype(np.int64)[:, None, None] << q
    return finish(acc, kind)


def np_deconvolution(x, w, kind, up, pad):
    c, h, wd = x.shape
    ky, kx = w.shape[2:]
    u = np.zeros((c, (h - 1) * up + 1, (wd - 1) * up + 1), np.int64)
    u[:, ::up, ::up] = x
    u[:, h:, :], u[:, :, wd:] = 0, 0          # only upscaled positions below the input's own size
    edge = (kx - pad - 1, ky - pad - 1)
    u = np.pad(u, ((0, 0), (edge[1], edge[1]), (edge[0], edge[0])))
    return np_convolution(u, w, None, kind, (1, 1), (0, 0))


def np_fully_connected(x, w, b, kind):
    _, q, _ = TYPES[kind]
    acc = w.astype(np.int64) @ x.astype(np.int64).reshape(-1)
    return finish(acc + (b.astype(np.int64) << q), kind)


def np_max_pooling(x):                 # 2x2, skip 2
    c, h, w = x.shape
    return x.reshape(c, h // 2, 2, w // 2, 2).max(axis=(2, 4))


def np_roi_pooling(x, rois, pooled):
    c, h, w = x.shape
    out = np.zeros((len(rois), c, pooled, pooled), x.dtype)
    for r, (x1, y1, x2, y2) in enumerate(rois.astype(np.int64)):
        rw, rh = max(x2 - x1, 0) + 1, max(y2 - y1, 0) + 1
        for by in range(pooled):
            y0, y9 = np.clip([y1 + by * rh // pooled, y1 + -(-(by + 1) * rh // pooled)], 0, h)
            for bx in range(pooled):
                x0, x9 = np.clip([x1 + bx * rw // pooled, x1 + -(-(bx + 1) * rw // pooled)], 0, w)
                if y0 < y9 and x0 < x9:
                    out[r, :, by, bx] = x[:, y0:y9, x0:x9].max(axis=(1, 2))
    return out


# -- the layers ---------------------------------------------------------------------------------
def conv_params(pad, dilation=(0, 0)):
    return ffi.new("vx_nn_convolution_params_t *", {
        "padding_x": pad[0], "padding_y": pad[1], "overflow_policy": vx.VX_CONVERT_POLICY_SATURATE,
        "rounding_policy": vx.VX_ROUND_POLICY_TO_NEAREST_EVEN,
        "down_scale_size_rounding": vx.VX_NN_DS_SIZE_ROUNDING_FLOOR, "dilation_x": dilation[0],
        "dilation_y": dilation[1]})


def convolution(net, kind, x_shape, w_shape, skip, pad, dilation=(0, 0)):
    c, h, wd = x_shape
    f, _, ky, kx = w_shape
    x = net.random(kind, x_shape, c * ky * kx)
    w = net.random(kind, w_shape, c * ky * kx)
    b = net.random(kind, (f,), 1)
    want = np_convolution(x, w, b, kind, skip, pad, dilation)
    out = net.tensor(kind, want.shape)
    tx, tw, tb = net.tensor(kind, x.shape, x), net.tensor(kind, w.shape, w), net.tensor(kind, b.shape, b)
    p = conv_params(pad, dilation)
    ours = net.run(lambda g: lib.vxConvolutionLayer(g, tx, tw, tb, p, ffi.sizeof(p[0]), out))
    return ours, lambda: np_convolution(x, w, b, kind, skip, pad, dilation), out, want


def deconvolution(net, kind, x_shape, w_shape, up, pad):
    c = x_shape[0]
    ky, kx = w_shape[2:]
    x, w = net.random(kind, x_shape, c * ky * kx // (up * up)), net.random(kind, w_shape, c * ky * kx // (up * up))
    want = np_deconvolution(x, w, kind, up, pad)
    out = net.tensor(kind, want.shape)
    tx, tw = net.tensor(kind, x.shape, x), net.tensor(kind, w.shape, w)
    p = ffi.new("vx_nn_deconvolution_params_t *", {
        "padding_x": pad, "padding_y": pad, "overflow_policy": vx.VX_CONVERT_POLICY_SATURATE,
        "rounding_policy": vx.VX_ROUND_POLICY_TO_NEAREST_EVEN, "a_x": 0, "a_y": 0})
    ours = net.run(lambda g: lib.vxDeconvolutionLayer(g, tx, tw, ffi.NULL, p, ffi.sizeof(p[0]), out))
    return ours, lambda: np_deconvolution(x, w, kind, up, pad), out, want


def fully_connected(net, kind, inner, ofm):
    x, w, b = net.random(kind, (inner,), inner), net.random(kind, (ofm, inner), inner), net.random(kind, (ofm,), 1)
    want = np_fully_connected(x, w, b, kind)
    out = net.tensor(kind, want.shape)
    tx, tw, tb = net.tensor(kind, x.shape, x), net.tensor(kind, w.shape, w), net.tensor(kind, b.shape, b)
    ours = net.run(lambda g: lib.vxFullyConnectedLayer(g, tx, tw, tb, vx.VX_CONVERT_POLICY_SATURATE,
                                                       vx.VX_ROUND_POLICY_TO_NEAREST_EVEN, out))
    return ours, lambda: np_fully_connected(x, w, b, kind), out, want


def max_pooling(net, kind, shape):
    x = net.random(kind, shape, 1)
    want = np_max_pooling(x)
    out, tx = net.tensor(kind, want.shape), net.tensor(kind, x.shape, x)
    ours = net.run(lambda g: lib.vxPoolingLayer(g, tx, vx.VX_NN_POOLING_MAX, 2, 2, 0, 0,
                                                vx.VX_NN_DS_SIZE_ROUNDING_FLOOR, out))
    return ours, lambda: np_max_pooling(x), out, want


def roi_pooling(net, kind, shape, count, pooled):
    c, h, w = shape
    x = net.random(kind, shape, 1)
    corners = np.stack([net.rng.integers(0, w // 2, count), net.rng.integers(0, h // 2, count),
                        net.rng.integers(w // 2, w, count), net.rng.integers(h // 2, h, count)], axis=1)
    rois = corners.astype(TYPES[kind][2])
    want = np_roi_pooling(x, rois, pooled)
    out, tx, tr = net.tensor(kind, want.shape), net.tensor(kind, x.shape, x), net.tensor(kind, rois.shape, rois)
    p = ffi.new("vx_nn_roi_pool_params_t *", {"pool_type": vx.VX_NN_POOLING_MAX})
    ours = net.run(lambda g: lib.vxROIPoolingLayer(g, tx, tr, p, ffi.sizeof(p[0]), out))
    return ours, lambda: np_roi_pooling(x, rois, pooled), out, want


LAYERS = [
    ("convolution Q78 56x56x32->56x56x32 3x3 pad 1",
     lambda n: convolution(n, "Q78", (32, 56, 56), (32, 32, 3, 3), (1, 1), (1, 1))),
    ("convolution U8 227x227x3->55x55x48 11x11 skip 4",
     lambda n: convolution(n, "U8", (3, 227, 227), (48, 3, 11, 11), (4, 4), (0, 0))),
    ("convolution S8 56x56x16->52x52x16 3x3 dilation 1",
     lambda n: convolution(n, "S8", (16, 56, 56), (16, 16, 3, 3), (1, 1), (0, 0), (1, 1))),
    ("deconvolution Q78 28x28x32->56x56x16 4x4 up 2 pad 1",
     lambda n: deconvolution(n, "Q78", (32, 28, 28), (16, 32, 4, 4), 2, 1)),
    ("fully connected Q78 4096->1000", lambda n: fully_connected(n, "Q78", 4096, 1000)),
    ("fully connected U8 9216->4096", lambda n: fully_connected(n, "U8", 9216, 4096)),
    ("max pooling Q78 112x112x64 2x2 skip 2", lambda n: max_pooling(n, "Q78", (64, 112, 112))),
    ("roi pooling Q78 40x30x256, 32 rois -> 7x7", lambda n: roi_pooling(n, "Q78", (256, 30, 40), 32, 7)),
]


def main():
    rows = []
    for name, make in LAYERS:
        net = Net()
        try:
            ours, ref, out, want = make(net)
            ours()
            got = np.empty_like(want)
            net.copy(out, got, vx.VX_READ_ONLY)
            if not np.array_equal(got, want):
                raise RuntimeError(f"{name}: results differ from the numpy reference")
            ours_ms, numpy_ms = median_ms(ours, ref)
        finally:
            net.release()
        rows.append({"name": name, "ours_ms": ours_ms, "numpy_ms": numpy_ms, "ratio": numpy_ms / ours_ms})
        print(f"{name:<52} ours {ours_ms:9.2f} ms   numpy {numpy_ms:9.2f} ms   x{numpy_ms / ours_ms:.2f}",
              file=sys.stderr, flush=True)
    print(json.dumps({"bench": "nn_numpy", "results": rows}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
