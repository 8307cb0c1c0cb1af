"""Every standard kernel beside OpenCV (the library a user would call instead) and beside our plain
C loops, on the same input in the same process, one thread (cv2.setNumThreads(1), the tile pool
not used by these kernels).

  ours     a verified one-node graph run by vxProcessGraph (best of up to 30 runs)
  plain C  the same graph with the SIMD row loops switched off (pvx_simd_set: the loops the tests
           compare with)
  OpenCV   the matching cv2 call writing into preallocated arrays where cv2 allows it

Where OpenCV's definition differs (BT.601 vs BT.709 colours, F32 magnitude), the `note` says so;
`same` says whether both outputs are equal where both define the same result.

    python bench/opencv.py [WIDTHxHEIGHT ...] [kernel name part ...] [threads] [pipelines]
    (run.py calls it without arguments: 1920x1080 and 640x480; needs opencv-python-headless)

`pipelines`: the cv2 calls of bench/fusion.c's four pipelines at 1080p on 1 and 2 threads (medians
of 15 rounds), the figures that table compares with.

Clocks: each call is timed by the wall clock and by the calling thread's CPU time
(time.thread_time_ns). With PVX_TILE_THREADS=1 our graph has no helper threads and runs on the
calling thread (vxProcessGraph runs its nodes' rows inline), and cv2 with setNumThreads(1) does the
same, so the thread's CPU time is the whole work of either: it is the figure the ratios use then
(`clock`: "thread_cpu"), and a loaded machine, which stretches the wall clock of whoever gets
preempted, no longer decides the table; the wall-clock figures stay beside it (*_wall_ns, the `wall`
columns). A row whose graph used CPU on other threads of the process (process CPU > thread CPU)
says so in its note. Without PVX_TILE_THREADS=1 the ratios use the wall clock as before.
"""
import os
import json
import sys
import time

import cv2
import numpy as np

from pyopenvx import constants as vx
from pyopenvx.api import ffi, lib

REPEATS, BUDGET_S = 30, 1.5
REPLICATE = (vx.VX_BORDER_REPLICATE, cv2.BORDER_REPLICATE)
CONSTANT = (vx.VX_BORDER_CONSTANT, cv2.BORDER_CONSTANT)
_DTYPES = {vx.VX_DF_IMAGE_S16: np.int16, vx.VX_DF_IMAGE_U32: np.uint32}


def core():
    """The embedded module of the library this process loaded (pvx_simd_set)."""
    import _pyopenvx
    return _pyopenvx.lib


THREAD_CPU = os.environ.get("PVX_TILE_THREADS") == "1"    # the ratios use thread CPU time (docstring)


def timed(*fns):
    """(wall ns, thread CPU ns, process CPU ns) of each of `fns`, each the lowest over up to REPEATS
    rounds (at least 3, at most ~BUDGET_S seconds), the calls of a round one after the other: on a
    shared machine the load then weighs on all alike (timed in separate blocks, memory-bound kernels
    drifted 5-30% between blocks)."""
    for fn in fns:
        fn()
    times, end = [([], [], []) for _ in fns], time.perf_counter() + BUDGET_S
    for k in range(REPEATS):
        for fn, (wall, cpu, proc) in zip(fns, times):
            p0, c0, t0 = time.process_time_ns(), time.thread_time_ns(), time.perf_counter_ns()
            fn()
            t1, c1, p1 = time.perf_counter_ns(), time.thread_time_ns(), time.process_time_ns()
            wall.append(t1 - t0)
            cpu.append(c1 - c0)
            proc.append(p1 - p0)
        if k >= 2 and time.perf_counter() > end:
            break
    return [tuple(min(t) for t in triple) for triple in times]


def best_ns(*fns):
    """Lowest wall-clock time of each of `fns` (see `timed`)."""
    walls = [w for w, _, _ in timed(*fns)]
    return walls[0] if len(fns) == 1 else walls


def check(status, what):
    if status != vx.VX_SUCCESS:
        raise RuntimeError(f"{what}: status {status}")


class Frame:
    """A context and the inputs of every kernel at one size (numpy arrays and images with the same
    values)."""

    def __init__(self, w, h):
        self.w, self.h = w, h
        self.ctx = lib.vxCreateContext()
        self.refs = []
        rng = np.random.default_rng(7)
        self.a = rng.integers(0, 256, (h, w), np.uint8)
        self.b = rng.integers(0, 256, (h, w), np.uint8)
        self.a16 = rng.integers(-2000, 2000, (h, w), np.int16)
        self.b16 = rng.integers(-2000, 2000, (h, w), np.int16)
        self.rgb = rng.integers(0, 256, (h, w, 3), np.uint8)
        self.iyuv = [rng.integers(0, 256, (h // s, w // s), np.uint8) for s in (1, 2, 2)]
        self.nv12 = [self.iyuv[0], rng.integers(0, 256, (h // 2, w // 2, 2), np.uint8)]
        self.rgbx = rng.integers(0, 256, (h, w, 4), np.uint8)
        self.rgbx[..., 3] = 255
        self.packed422 = rng.integers(0, 256, (h, w // 2, 4), np.uint8)     # UYVY or YUYV
        self.yuv4 = [rng.integers(0, 256, (h, w), np.uint8) for _ in range(3)]
        self.ia, self.ib = self.image(vx.VX_DF_IMAGE_U8, [self.a]), self.image(vx.VX_DF_IMAGE_U8, [self.b])
        self.ia16 = self.image(vx.VX_DF_IMAGE_S16, [self.a16])
        self.ib16 = self.image(vx.VX_DF_IMAGE_S16, [self.b16])
        self.irgb = self.image(vx.VX_DF_IMAGE_RGB, [self.rgb])

    def keep(self, ref):
        check(lib.vxGetStatus(ffi.cast("vx_reference", ref)), "create")
        self.refs.append(ref)
        return ref

    def image(self, fmt, planes=None, w=None, h=None):
        w, h = w or self.w, h or self.h
        img = self.keep(lib.vxCreateImage(self.ctx, w, h, fmt))
        for k, arr in enumerate(planes or []):
            self.copy(img, k, arr, vx.VX_WRITE_ONLY)
        return img

    def copy(self, img, plane, arr, usage):
        """Plane `plane` of `img` from `arr` (VX_WRITE_ONLY) or into it, through a map."""
        rect = ffi.new("vx_rectangle_t *", (0, 0, self.size(img, vx.VX_IMAGE_WIDTH), self.size(img, vx.VX_IMAGE_HEIGHT)))
        addr, ptr, map_id = ffi.new("vx_imagepatch_addressing_t *"), ffi.new("void **"), ffi.new("vx_map_id *")
        check(lib.vxMapImagePatch(img, rect, plane, map_id, addr, ptr, usage, vx.VX_MEMORY_TYPE_HOST, 0), "map")
        rows, row_bytes = -(-addr.dim_y // addr.step_y), -(-addr.dim_x // addr.step_x) * addr.stride_x
        mem = np.frombuffer(ffi.buffer(ptr[0], (rows - 1) * addr.stride_y + row_bytes), np.uint8)
        view = np.lib.stride_tricks.as_strided(mem, (rows, row_bytes), (addr.stride_y, 1))
        flat = arr.reshape(rows, -1).view(np.uint8)
        if usage == vx.VX_WRITE_ONLY:
            view[...] = flat
        else:
            flat[...] = view
        check(lib.vxUnmapImagePatch(img, map_id[0]), "unmap")

    def size(self, img, attribute):
        out = ffi.new("vx_uint32 *")
        lib.vxQueryImage(img, attribute, out, 4)
        return out[0]

    def read(self, img, shape, dtype=np.uint8):
        arr = np.empty(shape, dtype)
        self.copy(img, 0, arr, vx.VX_READ_ONLY)
        return arr

    def scalar(self, ctype, vx_type, value):
        return self.keep(lib.vxCreateScalar(self.ctx, vx_type, ffi.new(f"{ctype} *", value)))

    def enum(self, value):
        return self.scalar("vx_enum", vx.VX_TYPE_ENUM, value)

    def graph(self, kernel, params, border=None):
        g = self.keep(lib.vxCreateGraph(self.ctx))
        node = lib.vxCreateGenericNode(g, lib.vxGetKernelByEnum(self.ctx, kernel))
        check(lib.vxGetStatus(ffi.cast("vx_reference", node)), f"node of kernel {kernel:#x}")
        for k, p in enumerate(params):
            if p is not None:
                check(lib.vxSetParameterByIndex(node, k, ffi.cast("vx_reference", p)), f"parameter {k}")
        if border is not None:
            b = ffi.new("vx_border_t *", {"mode": border})
            check(lib.vxSetNodeAttribute(node, vx.VX_NODE_BORDER, b, ffi.sizeof("vx_border_t")), "border")
        check(lib.vxVerifyGraph(g), f"vxVerifyGraph of kernel {kernel:#x}")
        return g

    def matrix(self, rows, cols, values):
        m = self.keep(lib.vxCreateMatrix(self.ctx, vx.VX_TYPE_FLOAT32, cols, rows))
        data = np.ascontiguousarray(values, np.float32)
        check(lib.vxCopyMatrix(m, ffi.from_buffer(data), vx.VX_WRITE_ONLY, vx.VX_MEMORY_TYPE_HOST), "matrix")
        return m

    def release(self):
        for ref in reversed(self.refs):
            lib.vxReleaseReference(ffi.new("vx_reference *", ffi.cast("vx_reference", ref)))
        lib.vxReleaseContext(ffi.new("vx_context *", self.ctx))


# -- the kernels: each returns (graph, opencv call, comparison or None, note) --------------------
def pointwise(f, kernel, cv_call, out_fmt=vx.VX_DF_IMAGE_U8, extra=(), inputs=None, out_index=None):
    ia, ib = inputs or (f.ia, f.ib)
    out = f.image(out_fmt)
    dtype = _DTYPES.get(out_fmt, np.uint8)
    dst = np.empty((f.h, f.w), dtype)
    ins = [ia] if ib is None else [ia, ib]
    params = ins + list(extra)
    params.insert(len(params) if out_index is None else out_index, out)
    g = f.graph(kernel, params)
    return g, lambda: cv_call(dst), lambda: np.array_equal(f.read(out, dst.shape, dtype), dst)


def filter3(f, kernel, cv_call, border=REPLICATE):
    out = f.image(vx.VX_DF_IMAGE_U8)
    dst = np.empty((f.h, f.w), np.uint8)
    g = f.graph(kernel, [f.ia, out], border[0])
    return g, lambda: cv_call(dst), lambda: np.array_equal(f.read(out, dst.shape), dst)


def k_sobel(f):
    gx, gy = f.image(vx.VX_DF_IMAGE_S16), f.image(vx.VX_DF_IMAGE_S16)
    dx, dy = np.empty((f.h, f.w), np.int16), np.empty((f.h, f.w), np.int16)
    g = f.graph(vx.VX_KERNEL_SOBEL_3x3, [f.ia, gx, gy], REPLICATE[0])

    def cv_call():
        cv2.Sobel(f.a, cv2.CV_16S, 1, 0, dx, 3, borderType=cv2.BORDER_REPLICATE)
        cv2.Sobel(f.a, cv2.CV_16S, 0, 1, dy, 3, borderType=cv2.BORDER_REPLICATE)
    return g, cv_call, lambda: (np.array_equal(f.read(gx, dx.shape, np.int16), dx)
                                and np.array_equal(f.read(gy, dy.shape, np.int16), dy))


def k_convolve(f, size):
    coeffs = np.arange(size * size, dtype=np.int16).reshape(size, size) % 5 - 2
    conv = f.keep(lib.vxCreateConvolution(f.ctx, size, size))
    check(lib.vxCopyConvolutionCoefficients(conv, ffi.from_buffer(coeffs), vx.VX_WRITE_ONLY,
                                            vx.VX_MEMORY_TYPE_HOST), "convolution")
    out = f.image(vx.VX_DF_IMAGE_S16)
    dst = np.empty((f.h, f.w), np.int16)
    g = f.graph(vx.VX_KERNEL_CUSTOM_CONVOLUTION, [f.ia, conv, out], REPLICATE[0])
    flipped = coeffs[::-1, ::-1].astype(np.float32)      # OpenVX convolves, filter2D correlates
    return (g, lambda: cv2.filter2D(f.a, cv2.CV_16S, flipped, dst, borderType=cv2.BORDER_REPLICATE),
            lambda: np.array_equal(f.read(out, dst.shape, np.int16), dst))


def k_nonlinear(f, function, pattern, size):
    """NonLinearFilter beside cv2.medianBlur (box masks) or cv2.erode/dilate with the same mask."""
    mask = f.keep(lib.vxCreateMatrixFromPattern(f.ctx, pattern, size, size))
    element = np.empty((size, size), np.uint8)
    check(lib.vxCopyMatrix(mask, ffi.from_buffer(element), vx.VX_READ_ONLY, vx.VX_MEMORY_TYPE_HOST), "mask")
    out = f.image(vx.VX_DF_IMAGE_U8)
    dst = np.empty((f.h, f.w), np.uint8)
    g = f.graph(vx.VX_KERNEL_NON_LINEAR_FILTER, [f.enum(function), f.ia, mask, out], REPLICATE[0])
    if function == vx.VX_NONLINEAR_FILTER_MEDIAN:
        cv_call = lambda: cv2.medianBlur(f.a, size, dst)
    else:
        op = cv2.erode if function == vx.VX_NONLINEAR_FILTER_MIN else cv2.dilate
        cv_call = lambda: op(f.a, element, dst, borderType=cv2.BORDER_REPLICATE)
    return g, cv_call, lambda: np.array_equal(f.read(out, dst.shape), dst)


def k_bilateral(f, diameter, sigma_space, sigma_values):
    """BilateralFilter on a [width, height] U8 tensor beside cv2.bilateralFilter on the same data."""
    dims = ffi.new("vx_size[2]", (f.w, f.h))
    src = f.keep(lib.vxCreateTensor(f.ctx, 2, dims, vx.VX_TYPE_UINT8, 0))
    out = f.keep(lib.vxCreateTensor(f.ctx, 2, dims, vx.VX_TYPE_UINT8, 0))
    start, stride = ffi.new("vx_size[2]", (0, 0)), ffi.new("vx_size[2]", (1, f.w))
    check(lib.vxCopyTensorPatch(src, 2, start, dims, stride, ffi.from_buffer(f.a), vx.VX_WRITE_ONLY,
                                vx.VX_MEMORY_TYPE_HOST), "tensor")
    g = f.graph(vx.VX_KERNEL_BILATERAL_FILTER, [
        src, f.scalar("vx_int32", vx.VX_TYPE_INT32, diameter), f.scalar("vx_float32", vx.VX_TYPE_FLOAT32, sigma_space),
        f.scalar("vx_float32", vx.VX_TYPE_FLOAT32, sigma_values), out], REPLICATE[0])
    dst = np.empty((f.h, f.w), np.uint8)
    return g, lambda: cv2.bilateralFilter(f.a, diameter, sigma_values, sigma_space, dst,
                                          borderType=cv2.BORDER_REPLICATE), None


def k_threshold(f):
    t = f.keep(lib.vxCreateThresholdForImage(f.ctx, vx.VX_THRESHOLD_TYPE_BINARY, vx.VX_DF_IMAGE_U8,
                                             vx.VX_DF_IMAGE_U8))
    value = ffi.new("vx_pixel_value_t *")
    value.U8 = 100
    check(lib.vxCopyThresholdValue(t, value, vx.VX_WRITE_ONLY, vx.VX_MEMORY_TYPE_HOST), "threshold")
    return pointwise(f, vx.VX_KERNEL_THRESHOLD, lambda d: cv2.threshold(f.a, 100, 255, cv2.THRESH_BINARY, d),
                     inputs=(f.ia, None), extra=[t])


def k_lut(f):
    table = (np.arange(256) * 7 % 256).astype(np.uint8)
    lut = f.keep(lib.vxCreateLUT(f.ctx, vx.VX_TYPE_UINT8, 256))
    check(lib.vxCopyLUT(lut, ffi.from_buffer(table), vx.VX_WRITE_ONLY, vx.VX_MEMORY_TYPE_HOST), "lut")
    return pointwise(f, vx.VX_KERNEL_TABLE_LOOKUP, lambda d: cv2.LUT(f.a, table, d), inputs=(f.ia, None),
                     extra=[lut])


def k_lut_s16(f):
    table = (np.arange(65536) * 13 - 5).astype(np.int16)
    lut = f.keep(lib.vxCreateLUT(f.ctx, vx.VX_TYPE_INT16, 65536))
    check(lib.vxCopyLUT(lut, ffi.from_buffer(table), vx.VX_WRITE_ONLY, vx.VX_MEMORY_TYPE_HOST), "lut")
    index = np.empty((f.h, f.w), np.int32)

    def np_call(d):
        np.add(f.a16, np.int32(32768), out=index)
        np.take(table, index, out=d)
    return pointwise(f, vx.VX_KERNEL_TABLE_LOOKUP, np_call, out_fmt=vx.VX_DF_IMAGE_S16, inputs=(f.ia16, None),
                     extra=[lut])


def k_stat(f, kernel, outputs, cv_call):
    g = f.graph(kernel, [f.ia] + outputs)
    return g, cv_call, None


def k_histogram(f):
    dist = f.keep(lib.vxCreateDistribution(f.ctx, 256, 0, 256))
    return k_stat(f, vx.VX_KERNEL_HISTOGRAM, [dist], lambda: cv2.calcHist([f.a], [0], None, [256], [0, 256]))


def k_integral(f):
    out = f.image(vx.VX_DF_IMAGE_U32)
    dst = np.empty((f.h + 1, f.w + 1), np.int32)
    g = f.graph(vx.VX_KERNEL_INTEGRAL_IMAGE, [f.ia, out])
    return (g, lambda: cv2.integral(f.a, dst, cv2.CV_32S),
            lambda: np.array_equal(f.read(out, (f.h, f.w), np.uint32), dst[1:, 1:].astype(np.uint32)))


def k_mean_stddev(f):
    mean, dev = f.scalar("vx_float32", vx.VX_TYPE_FLOAT32, 0), f.scalar("vx_float32", vx.VX_TYPE_FLOAT32, 0)
    return k_stat(f, vx.VX_KERNEL_MEAN_STDDEV, [mean, dev], lambda: cv2.meanStdDev(f.a))


def k_minmaxloc(f):
    lo, hi = f.scalar("vx_uint8", vx.VX_TYPE_UINT8, 0), f.scalar("vx_uint8", vx.VX_TYPE_UINT8, 0)
    return k_stat(f, vx.VX_KERNEL_MINMAXLOC, [lo, hi], lambda: cv2.minMaxLoc(f.a))


def k_minmaxloc_all(f):
    """Also counts and every location (cv2: one location each, no counts)."""
    lo, hi = f.scalar("vx_uint8", vx.VX_TYPE_UINT8, 0), f.scalar("vx_uint8", vx.VX_TYPE_UINT8, 0)
    lows, highs = f.scalar("vx_uint32", vx.VX_TYPE_UINT32, 0), f.scalar("vx_uint32", vx.VX_TYPE_UINT32, 0)
    at = [f.keep(lib.vxCreateArray(f.ctx, vx.VX_TYPE_COORDINATES2D, f.w * f.h // 64)) for _ in range(2)]
    return k_stat(f, vx.VX_KERNEL_MINMAXLOC, [lo, hi, *at, lows, highs], lambda: cv2.minMaxLoc(f.a))


_TM = {vx.VX_COMPARE_HAMMING: cv2.TM_SQDIFF, vx.VX_COMPARE_L1: cv2.TM_SQDIFF, vx.VX_COMPARE_L2: cv2.TM_SQDIFF,
       vx.VX_COMPARE_CCORR: cv2.TM_CCORR, vx.VX_COMPARE_L2_NORM: cv2.TM_SQDIFF_NORMED,
       vx.VX_COMPARE_CCORR_NORM: cv2.TM_CCORR_NORMED}


def k_match(f, metric, size=8, shrink=1):
    """A size x size template from the frame, matched over the frame or (shrink 4) its top-left
    quarter in each direction (480x270 at 1080p, issue 25's case with 32x32); OpenVX's S16 map
    (normalised ones x 2^15) vs cv2's F32."""
    w, h = f.w // shrink, f.h // shrink
    src = f.a if shrink == 1 else np.ascontiguousarray(f.a[:h, :w])
    image = f.ia if shrink == 1 else f.image(vx.VX_DF_IMAGE_U8, [src], w=w, h=h)
    tpl_values = np.ascontiguousarray(src[h // 3:h // 3 + size, w // 3:w // 3 + size])
    tpl = f.image(vx.VX_DF_IMAGE_U8, [tpl_values], w=size, h=size)
    out = f.image(vx.VX_DF_IMAGE_S16, w=w - size + 1, h=h - size + 1)
    dst = np.empty((h - size + 1, w - size + 1), np.float32)
    g = f.graph(vx.VX_KERNEL_MATCH_TEMPLATE, [image, tpl, f.enum(metric), out])
    return g, lambda: cv2.matchTemplate(src, tpl_values, _TM[metric], dst), None


def tensor(f, values, data_type=vx.VX_TYPE_INT16, fixed_point=0):
    """A tensor of a 2-D array's values (dims[0]: its columns)."""
    dims = ffi.new("vx_size[]", values.shape[::-1])
    t = f.keep(lib.vxCreateTensor(f.ctx, values.ndim, dims, data_type, fixed_point))
    start, stride = ffi.new("vx_size[]", values.ndim), ffi.new("vx_size[]", values.strides[::-1])
    check(lib.vxCopyTensorPatch(t, values.ndim, start, dims, stride, ffi.from_buffer(values), vx.VX_WRITE_ONLY,
                                vx.VX_MEMORY_TYPE_HOST), "tensor")
    return t


def read_tensor(t, shape, dtype):
    values = np.empty(shape, dtype)
    dims, start = ffi.new("vx_size[]", shape[::-1]), ffi.new("vx_size[]", len(shape))
    check(lib.vxCopyTensorPatch(t, len(shape), start, dims, ffi.new("vx_size[]", values.strides[::-1]),
                                ffi.from_buffer(values), vx.VX_READ_ONLY, vx.VX_MEMORY_TYPE_HOST), "tensor")
    return values


def k_tensor(f, kernel, inputs, extra, out_shape, out_type, cv_call, dtype=np.int16):
    """A tensor kernel on the frame's int16 (uint8) data; cv_call(dst) on the same arrays."""
    out = tensor(f, np.zeros(out_shape, dtype), out_type)
    dst = np.empty(out_shape, dtype)
    g = f.graph(kernel, [tensor(f, v, t) for v, t in inputs] + extra + [out])
    return g, lambda: cv_call(dst), lambda: np.array_equal(read_tensor(out, out_shape, dtype), dst)


def k_tensor_lut(f):
    table = (np.arange(256) * 7 % 256).astype(np.uint8)
    lut = f.keep(lib.vxCreateLUT(f.ctx, vx.VX_TYPE_UINT8, 256))
    check(lib.vxCopyLUT(lut, ffi.from_buffer(table), vx.VX_WRITE_ONLY, vx.VX_MEMORY_TYPE_HOST), "lut")
    return k_tensor(f, vx.VX_KERNEL_TENSOR_TABLE_LOOKUP, [(f.a, vx.VX_TYPE_UINT8)], [lut], f.a.shape,
                    vx.VX_TYPE_UINT8, lambda d: cv2.LUT(f.a, table, d), np.uint8)


def k_tensor_matmul(f, n=256):
    a, b = (f.a16[:n, k * n:(k + 1) * n] // 64 for k in (0, 1))
    fa, fb = a.astype(np.float32), b.astype(np.float32)
    false = f.scalar("vx_bool", vx.VX_TYPE_BOOL, vx.vx_false_e)
    out = tensor(f, np.zeros((n, n), np.int16))
    g = f.graph(vx.VX_KERNEL_TENSOR_MATRIX_MULTIPLY, [tensor(f, np.ascontiguousarray(a)),
                                                      tensor(f, np.ascontiguousarray(b)), None, false, false, false, out])
    return g, lambda: cv2.gemm(fa, fb, 1.0, None, 0.0), None


def k_hog(f, features):
    """OpenVX HOG of 8x8 cells, 9 bins (16x16 blocks, 8 stride, 64x128 windows, 8 stride for
    features); cv2.HOGDescriptor (absent from OpenCV 5: then ours alone)."""
    cells = (f.w // 8, f.h // 8)
    dims = ffi.new("vx_size[]", [cells[0], cells[1], 9])
    bins = f.keep(lib.vxCreateTensor(f.ctx, 3, dims, vx.VX_TYPE_INT16, 8))
    mags = f.keep(lib.vxCreateTensor(f.ctx, 2, dims, vx.VX_TYPE_INT16, 8))
    hog_cv = cv2.HOGDescriptor((64, 128), (16, 16), (8, 8), (8, 8), 9) if hasattr(cv2, "HOGDescriptor") else None
    if not features:
        g = f.graph(vx.VX_KERNEL_HOG_CELLS, [f.ia, *(f.scalar("vx_int32", vx.VX_TYPE_INT32, v) for v in (8, 8, 9)),
                                             mags, bins])
        return g, hog_cv and (lambda: hog_cv.compute(f.a)), None
    check(lib.vxProcessGraph(f.graph(vx.VX_KERNEL_HOG_CELLS, [f.ia, *(f.scalar("vx_int32", vx.VX_TYPE_INT32, v)
                                                                     for v in (8, 8, 9)), mags, bins])), "cells")
    params = f.keep(lib.vxCreateArray(f.ctx, vx.VX_TYPE_HOG_PARAMS, 1))
    hog = ffi.new("vx_hog_t *", {"cell_width": 8, "cell_height": 8, "block_width": 16, "block_height": 16,
                                 "block_stride": 8, "num_bins": 9, "window_width": 64, "window_height": 128,
                                 "window_stride": 8, "threshold": 0.2})
    check(lib.vxAddArrayItems(params, 1, hog, ffi.sizeof("vx_hog_t")), "hog params")
    windows = ((f.w - 64) // 8 + 1, (f.h - 128) // 8 + 1)
    fdims = ffi.new("vx_size[]", [windows[0], windows[1], 7 * 15 * 36])
    feats = f.keep(lib.vxCreateTensor(f.ctx, 3, fdims, vx.VX_TYPE_INT16, 8))
    g = f.graph(vx.VX_KERNEL_HOG_FEATURES, [f.ia, mags, bins, params,
                                            f.scalar("vx_size", vx.VX_TYPE_SIZE, ffi.sizeof("vx_hog_t")), feats])
    return g, hog_cv and (lambda: hog_cv.compute(f.a)), None


def stacked_420(f, planes):
    """4:2:0 planes as the one (h * 3 / 2, w) array cv2 takes for I420, NV12 and NV21."""
    return np.concatenate([p.reshape(-1) for p in planes]).reshape(f.h * 3 // 2, f.w)


def k_color(f, src_fmt, planes, dst_fmt, code, cv_input):
    src = f.image(src_fmt, planes)
    out = f.image(dst_fmt)
    g = f.graph(vx.VX_KERNEL_COLOR_CONVERT, [src, out])
    return g, lambda: cv2.cvtColor(cv_input, code), None


def k_scale(f, policy, interpolation, size=None):
    """To half the size, or to `size` (w, h) from the frame's size."""
    w, h = size or (f.w // 2, f.h // 2)
    out = f.image(vx.VX_DF_IMAGE_U8, w=w, h=h)
    dst = np.empty((h, w), np.uint8)
    g = f.graph(vx.VX_KERNEL_SCALE_IMAGE, [f.ia, out, f.enum(policy)])
    return g, lambda: cv2.resize(f.a, (w, h), dst, interpolation=interpolation), None


def k_scale_to(f, policy, interpolation):
    """1920x1080 -> 1280x720 (down 2:3), 640x480 -> 1920x1080 (up, 3:1 by 9:4)."""
    return k_scale(f, policy, interpolation, (1280, 720) if f.w > 1280 else (1920, 1080))


def k_halfscale(f):
    out = f.image(vx.VX_DF_IMAGE_U8, w=(f.w + 1) // 2, h=(f.h + 1) // 2)
    g = f.graph(vx.VX_KERNEL_HALFSCALE_GAUSSIAN, [f.ia, out, f.scalar("vx_int32", vx.VX_TYPE_INT32, 5)],
                REPLICATE[0])
    return g, lambda: cv2.pyrDown(f.a, borderType=cv2.BORDER_REPLICATE), None


def k_pyramid(f):
    pyr = f.keep(lib.vxCreatePyramid(f.ctx, 4, vx.VX_SCALE_PYRAMID_HALF, f.w, f.h, vx.VX_DF_IMAGE_U8))
    g = f.graph(vx.VX_KERNEL_GAUSSIAN_PYRAMID, [f.ia, pyr], REPLICATE[0])
    def cv_call():
        level = f.a
        for _ in range(3):
            level = cv2.pyrDown(level, borderType=cv2.BORDER_REPLICATE)
    return g, cv_call, None


def k_laplacian(f, reconstruct):
    """4 levels: ours from U8 to S16 levels, OpenCV's pyrDown/pyrUp and subtract (add) in S16."""
    lap = f.keep(lib.vxCreatePyramid(f.ctx, 4, vx.VX_SCALE_PYRAMID_HALF, f.w, f.h, vx.VX_DF_IMAGE_S16))
    low = f.image(vx.VX_DF_IMAGE_U8, w=-(-f.w // 16), h=-(-f.h // 16))
    g = f.graph(vx.VX_KERNEL_LAPLACIAN_PYRAMID, [f.ia, lap, low], REPLICATE[0])
    levels = [f.a.astype(np.int16)]
    for _ in range(4):
        levels.append(cv2.pyrDown(levels[-1], borderType=cv2.BORDER_REPLICATE))
    diffs = [cv2.subtract(levels[i], cv2.pyrUp(levels[i + 1], dstsize=levels[i].shape[::-1])) for i in range(4)]

    def cv_pyramid():
        level = f.a.astype(np.int16)
        for _ in range(4):
            down = cv2.pyrDown(level, borderType=cv2.BORDER_REPLICATE)
            cv2.subtract(level, cv2.pyrUp(down, dstsize=level.shape[::-1]))
            level = down

    def cv_reconstruct():
        image = levels[4]
        for i in reversed(range(4)):
            image = cv2.add(cv2.pyrUp(image, dstsize=diffs[i].shape[::-1]), diffs[i])
    if not reconstruct:
        return g, cv_pyramid, None
    check(lib.vxProcessGraph(g), "LaplacianPyramid")
    out = f.image(vx.VX_DF_IMAGE_U8)
    return f.graph(vx.VX_KERNEL_LAPLACIAN_RECONSTRUCT, [lap, low, out]), cv_reconstruct, None


_AFFINE = np.array([[0.9, 0.1], [-0.1, 0.9], [12.0, 7.5]], np.float32)    # OpenVX: [column][row]
_PERSPECTIVE = np.array([[0.9, 0.1, 0.00001], [-0.1, 0.9, 0.00002], [12.0, 7.5, 1.0]], np.float32)
# (OpenVX interpolation, cv2 flag), (OpenVX border, cv2 border): UNDEFINED is computed from the edge
# pixels, so it is set beside BORDER_REPLICATE
_WARP_TYPES = {"nearest": (vx.VX_INTERPOLATION_NEAREST_NEIGHBOR, cv2.INTER_NEAREST),
               "bilinear": (vx.VX_INTERPOLATION_BILINEAR, cv2.INTER_LINEAR)}
_WARP_BORDERS = {"constant": CONSTANT, "undefined": (vx.VX_BORDER_UNDEFINED, cv2.BORDER_REPLICATE)}


def _rotation(f):
    """A user's rotation: 30 degrees and scale 0.8 about the centre (cv2.getRotationMatrix2D), as
    OpenVX's [column][row] matrix."""
    return np.ascontiguousarray(cv2.getRotationMatrix2D((f.w / 2, f.h / 2), 30, 0.8).T, np.float32)


def k_warp(f, kernel, interpolation, border, rotate=False):
    """WarpAffine / WarpPerspective: OpenVX's matrix maps output to input points, as cv2's with
    WARP_INVERSE_MAP (the same work: no inversion on either side)."""
    (vx_type, cv_type), (vx_border, cv_border) = _WARP_TYPES[interpolation], _WARP_BORDERS[border]
    values = _rotation(f) if rotate else _AFFINE if kernel == vx.VX_KERNEL_WARP_AFFINE else _PERSPECTIVE
    out = f.image(vx.VX_DF_IMAGE_U8)
    g = f.graph(kernel, [f.ia, f.matrix(*values.shape, values), f.enum(vx_type), out], vx_border)
    m, dst = values.T, np.empty_like(f.a)
    call = cv2.warpAffine if kernel == vx.VX_KERNEL_WARP_AFFINE else cv2.warpPerspective
    return g, lambda: call(f.a, m, (f.w, f.h), dst, flags=cv_type | cv2.WARP_INVERSE_MAP, borderMode=cv_border), None


def k_remap(f, interpolation, border):
    (vx_type, cv_type), (vx_border, cv_border) = _WARP_TYPES[interpolation], _WARP_BORDERS[border]
    ys, xs = np.mgrid[0:f.h, 0:f.w].astype(np.float32)
    mx, my = xs * 0.95 + 3.25, ys * 0.97 + 1.5
    remap = f.keep(lib.vxCreateRemap(f.ctx, f.w, f.h, f.w, f.h))
    coords = np.ascontiguousarray(np.stack([mx, my], axis=-1))
    rect = ffi.new("vx_rectangle_t *", (0, 0, f.w, f.h))
    check(lib.vxCopyRemapPatch(remap, rect, f.w * 8, ffi.from_buffer(coords), vx.VX_TYPE_COORDINATES2DF,
                               vx.VX_WRITE_ONLY, vx.VX_MEMORY_TYPE_HOST), "remap")
    out = f.image(vx.VX_DF_IMAGE_U8)
    g = f.graph(vx.VX_KERNEL_REMAP, [f.ia, remap, f.enum(vx_type), out], vx_border)
    dst = np.empty_like(f.a)
    return g, lambda: cv2.remap(f.a, mx, my, cv_type, dst, borderMode=cv_border), None


def k_canny(f):
    t = f.keep(lib.vxCreateThresholdForImage(f.ctx, vx.VX_THRESHOLD_TYPE_RANGE, vx.VX_DF_IMAGE_U8,
                                             vx.VX_DF_IMAGE_U8))
    lo, hi = ffi.new("vx_pixel_value_t *"), ffi.new("vx_pixel_value_t *")
    lo.S32, hi.S32 = 80, 200
    check(lib.vxCopyThresholdRange(t, lo, hi, vx.VX_WRITE_ONLY, vx.VX_MEMORY_TYPE_HOST), "range")
    out = f.image(vx.VX_DF_IMAGE_U8)
    smooth = cv2.GaussianBlur(f.a, (5, 5), 0)
    f.copy(f.ia, 0, smooth, vx.VX_WRITE_ONLY)      # edges, not noise (restored by the caller)
    g = f.graph(vx.VX_KERNEL_CANNY_EDGE_DETECTOR, [f.ia, t, f.scalar("vx_int32", vx.VX_TYPE_INT32, 3),
                                                   f.enum(vx.VX_NORM_L1), out], REPLICATE[0])
    return g, lambda: cv2.Canny(smooth, 80, 200, apertureSize=3, L2gradient=False), None


def natural(w, h, seed=5):
    """A natural-like picture: smooth noise at four scales with 300 flat rectangles and discs over it
    (edges and corners in a textured scene; uniform noise is a corner at most pixels, which no camera
    image is)."""
    rng = np.random.default_rng(seed)
    img = np.zeros((h, w), np.float32)
    for s, amp in ((256, 90), (64, 50), (16, 30), (4, 16)):
        small = rng.random((h // s + 2, w // s + 2)).astype(np.float32)
        img += amp * cv2.resize(small, (w + 2 * s, h + 2 * s), interpolation=cv2.INTER_CUBIC)[s:s + h, s:s + w]
    img = cv2.normalize(img, None, 0, 255, cv2.NORM_MINMAX)
    for _ in range(300):
        x, y, c = int(rng.integers(0, w)), int(rng.integers(0, h)), int(rng.integers(0, 256))
        if rng.random() < .5:
            cv2.rectangle(img, (x, y), (x + int(rng.integers(5, 80)), y + int(rng.integers(5, 80))), c, -1)
        else:
            cv2.circle(img, (x, y), int(rng.integers(3, 40)), c, -1)
    return np.clip(img, 0, 255).astype(np.uint8)


def k_fast(f, scene, t):
    """FAST-9 with suppression: on `natural` at t (opencv-mark's cv::FAST threshold 30), or on the
    uniform noise openvx-mark feeds it (t 50). `same` compares positions and strengths: cv2 drops
    both of two equal neighbours where OpenVX keeps the first in raster order, so ours must be a
    superset with equal strengths (without suppression both return the same set)."""
    img = natural(f.w, f.h) if scene else f.a
    src = f.image(vx.VX_DF_IMAGE_U8, [img]) if scene else f.ia
    corners = f.keep(lib.vxCreateArray(f.ctx, vx.VX_TYPE_KEYPOINT, f.w * f.h // 4))
    detector = cv2.FastFeatureDetector_create(t, True)
    g = f.graph(vx.VX_KERNEL_FAST_CORNERS, [src, f.scalar("vx_float32", vx.VX_TYPE_FLOAT32, float(t)),
                                            f.scalar("vx_bool", vx.VX_TYPE_BOOL, vx.vx_true_e), corners])

    def same():
        n = ffi.new("vx_size *")
        lib.vxQueryArray(corners, vx.VX_ARRAY_NUMITEMS, n, ffi.sizeof("vx_size"))
        kps = ffi.new("vx_keypoint_t[]", max(n[0], 1))
        check(lib.vxCopyArrayRange(corners, 0, n[0], ffi.sizeof("vx_keypoint_t"), kps, vx.VX_READ_ONLY,
                                   vx.VX_MEMORY_TYPE_HOST), "corners")
        ours = {(kps[i].x, kps[i].y): kps[i].strength for i in range(n[0])}
        return all(ours.get((round(k.pt[0]), round(k.pt[1]))) == k.response for k in detector.detect(img))
    return g, lambda: detector.detect(img), same


def k_harris(f):
    corners = f.keep(lib.vxCreateArray(f.ctx, vx.VX_TYPE_KEYPOINT, 200000))
    s = [f.scalar("vx_float32", vx.VX_TYPE_FLOAT32, v) for v in (0.0005, 5.0, 0.04)]
    g = f.graph(vx.VX_KERNEL_HARRIS_CORNERS, [f.ia, *s, f.scalar("vx_int32", vx.VX_TYPE_INT32, 3),
                                              f.scalar("vx_int32", vx.VX_TYPE_INT32, 3), corners])
    return g, lambda: cv2.cornerHarris(f.a, 3, 3, 0.04), None


def k_harris_gftt(f):
    """The same graph beside cv2.goodFeaturesToTrack with the Harris score: response, threshold,
    3x3 maxima, sort and minimum distance as ours (its quality level is relative to the strongest
    response, so it gets our absolute threshold over that maximum; cornerHarris scales as ours)."""
    g, _, _ = k_harris(f)
    quality = 0.0005 / float(cv2.cornerHarris(f.a, 3, 3, 0.04).max())
    return g, lambda: cv2.goodFeaturesToTrack(f.a, 0, quality, 5.0, blockSize=3, useHarrisDetector=True,
                                              k=0.04), None


def k_optflow(f, points=1000, window=9, levels=4, iterations=10, epsilon=0.01, with_pyramids=False):
    """A smooth image and the same moved by (3, 2) pixels, points on a grid. Our pyramids are built
    before (with_pyramids: by two GaussianPyramid nodes in the same graph, as cv2 builds its own in
    the call: its Python binding takes no prebuilt pyramid)."""
    old = cv2.GaussianBlur(f.a, (9, 9), 0)
    new = np.roll(old, (2, 3), (0, 1))
    side = int(points ** 0.5)
    xs, ys = np.meshgrid(np.linspace(32, f.w - 33, side), np.linspace(32, f.h - 33, points // side))
    pts = np.stack([xs.ravel(), ys.ravel()], 1).round().astype(np.float32).reshape(-1, 1, 2)
    kps = ffi.new("vx_keypoint_t[]", [(int(x), int(y), 0.0, 0.0, 0.0, 1, 0.0) for x, y in pts.reshape(-1, 2)])
    olds = f.keep(lib.vxCreateArray(f.ctx, vx.VX_TYPE_KEYPOINT, len(pts)))
    check(lib.vxAddArrayItems(olds, len(pts), kps, ffi.sizeof("vx_keypoint_t")), "points")
    news = f.keep(lib.vxCreateArray(f.ctx, vx.VX_TYPE_KEYPOINT, len(pts)))
    g = f.keep(lib.vxCreateGraph(f.ctx))
    pyramids = []
    for img in (old, new):
        image = f.image(vx.VX_DF_IMAGE_U8, [img])
        if with_pyramids:
            pyr = f.keep(lib.vxCreateVirtualPyramid(g, levels, vx.VX_SCALE_PYRAMID_HALF, f.w, f.h, vx.VX_DF_IMAGE_U8))
            f.keep(lib.vxGaussianPyramidNode(g, image, pyr))
        else:
            pyr = f.keep(lib.vxCreatePyramid(f.ctx, levels, vx.VX_SCALE_PYRAMID_HALF, f.w, f.h, vx.VX_DF_IMAGE_U8))
            check(lib.vxuGaussianPyramid(f.ctx, image, pyr), "pyramid")
        pyramids.append(pyr)
    f.keep(lib.vxOpticalFlowPyrLKNode(
        g, *pyramids, olds, olds, news, vx.VX_TERM_CRITERIA_BOTH,
        f.scalar("vx_float32", vx.VX_TYPE_FLOAT32, epsilon), f.scalar("vx_uint32", vx.VX_TYPE_UINT32, iterations),
        f.scalar("vx_bool", vx.VX_TYPE_BOOL, vx.vx_false_e), window))
    check(lib.vxVerifyGraph(g), "vxVerifyGraph of the optical flow graph")
    criteria = (cv2.TERM_CRITERIA_COUNT | cv2.TERM_CRITERIA_EPS, iterations, epsilon)
    return g, lambda: cv2.calcOpticalFlowPyrLK(old, new, pts, None, winSize=(window, window),
                                               maxLevel=levels - 1, criteria=criteria), None


def k_hough(f, rho=1.0, theta=np.pi / 180, threshold=80, length=30, gap=10):
    """The edges (Canny) of a few drawn lines over smooth noise, the same parameters both sides."""
    img = cv2.GaussianBlur(f.a, (15, 15), 0)
    rng = np.random.default_rng(3)
    for _ in range(40):
        x0, x1 = rng.integers(0, f.w, 2)
        y0, y1 = rng.integers(0, f.h, 2)
        cv2.line(img, (int(x0), int(y0)), (int(x1), int(y1)), 255, 2)
    edges = cv2.Canny(img, 80, 200)
    params = f.keep(lib.vxCreateArray(f.ctx, vx.VX_TYPE_HOUGH_LINES_PARAMS, 1))
    p = ffi.new("vx_hough_lines_p_t *", (rho, theta, threshold, length, gap, np.pi, 0.0))
    check(lib.vxAddArrayItems(params, 1, p, ffi.sizeof("vx_hough_lines_p_t")), "hough parameters")
    lines = f.keep(lib.vxCreateArray(f.ctx, vx.VX_TYPE_LINE_2D, 100000))
    count = f.scalar("vx_size", vx.VX_TYPE_SIZE, 0)
    g = f.graph(vx.VX_KERNEL_HOUGH_LINES_P, [f.image(vx.VX_DF_IMAGE_U8, [edges]), params, lines, count])
    return g, lambda: cv2.HoughLinesP(edges, rho, theta, threshold, minLineLength=length, maxLineGap=gap), None


def k_nonmax(f):
    out = f.image(vx.VX_DF_IMAGE_U8)
    return f.graph(vx.VX_KERNEL_NON_MAX_SUPPRESSION, [f.ia, None, f.scalar("vx_int32", vx.VX_TYPE_INT32, 3),
                                                      out]), None, None


def k_lbp(f):
    out = f.image(vx.VX_DF_IMAGE_U8)
    return f.graph(vx.VX_KERNEL_LBP, [f.ia, f.enum(vx.VX_LBP), f.scalar("vx_int8", vx.VX_TYPE_INT8, 3), out],
                   REPLICATE[0]), None, None


def k_channel_extract(f):
    return pointwise(f, vx.VX_KERNEL_CHANNEL_EXTRACT, lambda d: cv2.extractChannel(f.rgb, 1, d),
                     inputs=(f.irgb, None), extra=[f.enum(vx.VX_CHANNEL_G)])


def k_channel_combine(f):
    out = f.image(vx.VX_DF_IMAGE_RGB)
    dst = np.empty((f.h, f.w, 3), np.uint8)
    g = f.graph(vx.VX_KERNEL_CHANNEL_COMBINE, [f.ia, f.ib, f.ia, None, out])
    return g, lambda: cv2.merge([f.a, f.b, f.a], dst), lambda: np.array_equal(f.read(out, dst.shape), dst)


def k_copy(f):
    return pointwise(f, vx.VX_KERNEL_COPY, lambda d: np.copyto(d, f.a), inputs=(f.ia, None))


def k_convert_depth(f, down):
    if down:
        return pointwise(f, vx.VX_KERNEL_CONVERTDEPTH, lambda d: cv2.convertScaleAbs(f.a16, d, 0.5),
                         inputs=(f.ia16, None), out_index=1, extra=[f.enum(vx.VX_CONVERT_POLICY_SATURATE),
                                                       f.scalar("vx_int32", vx.VX_TYPE_INT32, 1)])
    zero = np.zeros((f.h, f.w), np.uint8)
    return pointwise(f, vx.VX_KERNEL_CONVERTDEPTH, lambda d: cv2.add(f.a, zero, d, dtype=cv2.CV_16S),
                     out_fmt=vx.VX_DF_IMAGE_S16, inputs=(f.ia, None), out_index=1,
                     extra=[f.enum(vx.VX_CONVERT_POLICY_SATURATE), f.scalar("vx_int32", vx.VX_TYPE_INT32, 0)])


def k_gradient(f, kernel, cv_fn, out_fmt):
    fa, fb = f.a16.astype(np.float32), f.b16.astype(np.float32)
    return pointwise(f, kernel, lambda d: cv_fn(fa, fb), out_fmt=out_fmt, inputs=(f.ia16, f.ib16))[:2] + (None,)


def k_multiply(f, scale, rounding, cv_scale=None, out_fmt=vx.VX_DF_IMAGE_U8, s16=False):
    """Multiply (saturated) beside cv2.multiply, which rounds to nearest in float."""
    a, b, ins = (f.a16, f.b16, (f.ia16, f.ib16)) if s16 else (f.a, f.b, None)
    dtype = cv2.CV_16S if out_fmt == vx.VX_DF_IMAGE_S16 else -1
    return pointwise(f, vx.VX_KERNEL_MULTIPLY, lambda d: cv2.multiply(a, b, d, scale, dtype=dtype), out_fmt=out_fmt,
                     inputs=ins, extra=[f.scalar("vx_float32", vx.VX_TYPE_FLOAT32, scale), f.enum(sat()),
                                        f.enum(rounding)])


def k_threshold_range(f):
    t = f.keep(lib.vxCreateThresholdForImage(f.ctx, vx.VX_THRESHOLD_TYPE_RANGE, vx.VX_DF_IMAGE_U8,
                                             vx.VX_DF_IMAGE_U8))
    lo, hi = ffi.new("vx_pixel_value_t *"), ffi.new("vx_pixel_value_t *")
    lo.U8, hi.U8 = 60, 180
    check(lib.vxCopyThresholdRange(t, lo, hi, vx.VX_WRITE_ONLY, vx.VX_MEMORY_TYPE_HOST), "range")
    return pointwise(f, vx.VX_KERNEL_THRESHOLD, lambda d: cv2.inRange(f.a, 60, 180, d), inputs=(f.ia, None),
                     extra=[t])


def k_select(f):
    """Select copies the chosen object whole (np.where would choose per pixel)."""
    condition = f.scalar("vx_bool", vx.VX_TYPE_BOOL, vx.vx_true_e)
    out = f.image(vx.VX_DF_IMAGE_U8)
    dst = np.empty((f.h, f.w), np.uint8)
    g = f.graph(vx.VX_KERNEL_SELECT, [condition, f.ia, f.ib, out])
    return g, lambda: np.copyto(dst, f.a), lambda: np.array_equal(f.read(out, dst.shape), dst)


def k_accumulate(f, kernel, cv_call, extra=(), acc_fmt=vx.VX_DF_IMAGE_S16):
    """An accumulator updated in place (no comparison: it changes on every run) beside cv2.accumulate*,
    whose accumulator is F32."""
    acc = f.image(acc_fmt)
    accf = np.zeros((f.h, f.w), np.float32)
    g = f.graph(kernel, [f.ia, *extra, acc])
    return g, lambda: cv_call(accf), None


def sat():
    return vx.VX_CONVERT_POLICY_SATURATE


KERNELS = [
    # name, builder, note (what differs from OpenCV)
    ("And", lambda f: pointwise(f, vx.VX_KERNEL_AND, lambda d: cv2.bitwise_and(f.a, f.b, d)), ""),
    ("Or", lambda f: pointwise(f, vx.VX_KERNEL_OR, lambda d: cv2.bitwise_or(f.a, f.b, d)), ""),
    ("Xor", lambda f: pointwise(f, vx.VX_KERNEL_XOR, lambda d: cv2.bitwise_xor(f.a, f.b, d)), ""),
    ("Not", lambda f: pointwise(f, vx.VX_KERNEL_NOT, lambda d: cv2.bitwise_not(f.a, d), inputs=(f.ia, None)), ""),
    ("AbsDiff", lambda f: pointwise(f, vx.VX_KERNEL_ABSDIFF, lambda d: cv2.absdiff(f.a, f.b, d)), ""),
    ("Add U8 sat", lambda f: pointwise(f, vx.VX_KERNEL_ADD, lambda d: cv2.add(f.a, f.b, d),
                                       extra=[f.enum(sat())]), ""),
    ("Add U8->S16", lambda f: pointwise(f, vx.VX_KERNEL_ADD, lambda d: cv2.add(f.a, f.b, d, dtype=cv2.CV_16S),
                                        out_fmt=vx.VX_DF_IMAGE_S16, extra=[f.enum(sat())]), ""),
    ("Subtract U8 sat", lambda f: pointwise(f, vx.VX_KERNEL_SUBTRACT, lambda d: cv2.subtract(f.a, f.b, d),
                                            extra=[f.enum(sat())]), ""),
    ("Multiply U8 1/255", lambda f: pointwise(
        f, vx.VX_KERNEL_MULTIPLY, lambda d: cv2.multiply(f.a, f.b, d, 1 / 255),
        extra=[f.scalar("vx_float32", vx.VX_TYPE_FLOAT32, 1 / 255), f.enum(sat()),
               f.enum(vx.VX_ROUND_POLICY_TO_NEAREST_EVEN)]), ""),
    ("Multiply U8 scale 1", lambda f: k_multiply(f, 1.0, vx.VX_ROUND_POLICY_TO_ZERO), ""),
    ("Multiply U8 0.3", lambda f: k_multiply(f, 0.3, vx.VX_ROUND_POLICY_TO_NEAREST_EVEN),
     "cv2 rounds a float product"),
    ("Multiply U8->S16 1/2", lambda f: k_multiply(f, 0.5, vx.VX_ROUND_POLICY_TO_ZERO, out_fmt=vx.VX_DF_IMAGE_S16),
     "cv2 rounds, OpenVX truncates"),
    ("Multiply S16 1/256", lambda f: k_multiply(f, 1 / 256, vx.VX_ROUND_POLICY_TO_NEAREST_EVEN,
                                                out_fmt=vx.VX_DF_IMAGE_S16, s16=True), ""),
    ("WeightedAverage", lambda f: pointwise(
        f, vx.VX_KERNEL_WEIGHTED_AVERAGE, lambda d: cv2.addWeighted(f.a, 0.25, f.b, 0.75, 0, d),
        inputs=(f.ia, None), extra=[f.scalar("vx_float32", vx.VX_TYPE_FLOAT32, 0.25), f.ib]),
     "OpenVX rounding differs"),
    ("Min", lambda f: pointwise(f, vx.VX_KERNEL_MIN, lambda d: cv2.min(f.a, f.b, d)), ""),
    ("Max", lambda f: pointwise(f, vx.VX_KERNEL_MAX, lambda d: cv2.max(f.a, f.b, d)), ""),
    ("Threshold binary", k_threshold, ""),
    ("Threshold range", k_threshold_range, "cv2.inRange"),
    ("TableLookup", k_lut, ""),
    ("TableLookup S16", k_lut_s16, "numpy take (cv2.LUT is U8 only)"),
    ("Select", k_select, "np.copyto (Select copies an object)"),
    ("Accumulate", lambda f: k_accumulate(f, vx.VX_KERNEL_ACCUMULATE, lambda acc: cv2.accumulate(f.a, acc)),
     "cv2 on an F32 accumulator"),
    ("AccumulateWeighted", lambda f: k_accumulate(
        f, vx.VX_KERNEL_ACCUMULATE_WEIGHTED, lambda acc: cv2.accumulateWeighted(f.a, acc, 0.25),
        [f.scalar("vx_float32", vx.VX_TYPE_FLOAT32, 0.25)], vx.VX_DF_IMAGE_U8), "cv2 on an F32 accumulator"),
    ("AccumulateSquare", lambda f: k_accumulate(
        f, vx.VX_KERNEL_ACCUMULATE_SQUARE, lambda acc: cv2.accumulateSquare(f.a, acc),
        [f.scalar("vx_uint32", vx.VX_TYPE_UINT32, 4)]), "cv2 on an F32 accumulator, no shift"),
    ("ConvertDepth U8->S16", lambda f: k_convert_depth(f, False), "cv2.add(a, 0) to S16"),
    # cv2 has no shift-and-saturate: convertScaleAbs (|0.5 v| rounded) is its fastest S16->U8;
    # addWeighted(a, 0.5, a, 0, 0, dtype=CV_8U), the same scale and saturation without the abs, is ~6x slower
    ("ConvertDepth S16->U8", lambda f: k_convert_depth(f, True), "convertScaleAbs (abs, rounds)"),
    ("Magnitude S16", lambda f: k_gradient(f, vx.VX_KERNEL_MAGNITUDE, cv2.magnitude, vx.VX_DF_IMAGE_S16),
     "cv2 on F32"),
    ("Phase S16", lambda f: k_gradient(f, vx.VX_KERNEL_PHASE, cv2.phase, vx.VX_DF_IMAGE_U8), "cv2 on F32"),
    ("ChannelExtract RGB", k_channel_extract, ""),
    ("ChannelCombine RGB", k_channel_combine, ""),
    ("Copy", k_copy, "numpy copyto"),
    ("Box3x3", lambda f: filter3(f, vx.VX_KERNEL_BOX_3x3, lambda d: cv2.blur(
        f.a, (3, 3), d, borderType=cv2.BORDER_REPLICATE)), "cv2 rounds, OpenVX truncates"),
    ("Gaussian3x3", lambda f: filter3(f, vx.VX_KERNEL_GAUSSIAN_3x3, lambda d: cv2.GaussianBlur(
        f.a, (3, 3), 0, d, borderType=cv2.BORDER_REPLICATE)), "cv2 rounds, OpenVX truncates"),
    ("Median3x3", lambda f: filter3(f, vx.VX_KERNEL_MEDIAN_3x3, lambda d: cv2.medianBlur(f.a, 3, d)), ""),
    ("Erode3x3", lambda f: filter3(f, vx.VX_KERNEL_ERODE_3x3, lambda d: cv2.erode(
        f.a, np.ones((3, 3), np.uint8), d, borderType=cv2.BORDER_REPLICATE)), ""),
    ("Dilate3x3", lambda f: filter3(f, vx.VX_KERNEL_DILATE_3x3, lambda d: cv2.dilate(
        f.a, np.ones((3, 3), np.uint8), d, borderType=cv2.BORDER_REPLICATE)), ""),
    ("Sobel3x3 (x and y)", k_sobel, ""),
    ("Convolve 3x3 -> S16", lambda f: k_convolve(f, 3), "cv2.filter2D"),
    ("Convolve 5x5 -> S16", lambda f: k_convolve(f, 5), "cv2.filter2D"),
    ("NonLinear median 3x3 box", lambda f: k_nonlinear(f, vx.VX_NONLINEAR_FILTER_MEDIAN, vx.VX_PATTERN_BOX, 3),
     "cv2.medianBlur"),
    ("NonLinear median 5x5 box", lambda f: k_nonlinear(f, vx.VX_NONLINEAR_FILTER_MEDIAN, vx.VX_PATTERN_BOX, 5),
     "cv2.medianBlur"),
    ("NonLinear min 5x5 box", lambda f: k_nonlinear(f, vx.VX_NONLINEAR_FILTER_MIN, vx.VX_PATTERN_BOX, 5),
     "cv2.erode"),
    ("NonLinear max 5x5 cross", lambda f: k_nonlinear(f, vx.VX_NONLINEAR_FILTER_MAX, vx.VX_PATTERN_CROSS, 5),
     "cv2.dilate"),
    ("NonLinear min 5x5 disk", lambda f: k_nonlinear(f, vx.VX_NONLINEAR_FILTER_MIN, vx.VX_PATTERN_DISK, 5),
     "cv2.erode"),
    ("BilateralFilter U8 d5", lambda f: k_bilateral(f, 5, 10.0, 25.0), "cv2 in float"),
    ("EqualizeHist", lambda f: filter3(f, vx.VX_KERNEL_EQUALIZE_HISTOGRAM, lambda d: cv2.equalizeHist(f.a, d),
                                       border=(None, None)), "rounding differs"),
    ("Histogram", k_histogram, "cv2.calcHist (float bins)"),
    ("IntegralImage", k_integral, ""),
    ("MeanStdDev", k_mean_stddev, ""),
    ("MinMaxLoc", k_minmaxloc, ""),
    ("MinMaxLoc counts+locations", k_minmaxloc_all, "cv2.minMaxLoc: one location, no counts"),
    ("MatchTemplate 8x8 Hamming", lambda f: k_match(f, vx.VX_COMPARE_HAMMING), "no cv2 metric: TM_SQDIFF"),
    ("MatchTemplate 8x8 L1", lambda f: k_match(f, vx.VX_COMPARE_L1), "no cv2 metric: TM_SQDIFF"),
    ("MatchTemplate 8x8 L2", lambda f: k_match(f, vx.VX_COMPARE_L2), "TM_SQDIFF, F32"),
    ("MatchTemplate 8x8 CCorr", lambda f: k_match(f, vx.VX_COMPARE_CCORR), "TM_CCORR, F32"),
    ("MatchTemplate 8x8 L2Norm", lambda f: k_match(f, vx.VX_COMPARE_L2_NORM), "TM_SQDIFF_NORMED, F32"),
    ("MatchTemplate 8x8 CCorrNorm", lambda f: k_match(f, vx.VX_COMPARE_CCORR_NORM), "TM_CCORR_NORMED, F32"),
    ("MatchTemplate 32x32 Hamming", lambda f: k_match(f, vx.VX_COMPARE_HAMMING, 32, 4), "1/4 source; TM_SQDIFF"),
    ("MatchTemplate 32x32 L1", lambda f: k_match(f, vx.VX_COMPARE_L1, 32, 4), "1/4 source; TM_SQDIFF"),
    ("MatchTemplate 32x32 L2", lambda f: k_match(f, vx.VX_COMPARE_L2, 32, 4), "1/4 source; TM_SQDIFF"),
    ("MatchTemplate 32x32 CCorr", lambda f: k_match(f, vx.VX_COMPARE_CCORR, 32, 4), "1/4 source; TM_CCORR"),
    ("MatchTemplate 32x32 L2Norm", lambda f: k_match(f, vx.VX_COMPARE_L2_NORM, 32, 4), "1/4 source; TM_SQDIFF_NORMED"),
    ("MatchTemplate 32x32 CCorrNorm", lambda f: k_match(f, vx.VX_COMPARE_CCORR_NORM, 32, 4),
     "1/4 source; TM_CCORR_NORMED"),
    ("TensorAdd S16 sat", lambda f: k_tensor(
        f, vx.VX_KERNEL_TENSOR_ADD, [(f.a16, vx.VX_TYPE_INT16), (f.b16, vx.VX_TYPE_INT16)], [f.enum(sat())],
        f.a16.shape, vx.VX_TYPE_INT16, lambda d: cv2.add(f.a16, f.b16, d)), "cv2.add"),
    ("TensorSubtract S16 sat", lambda f: k_tensor(
        f, vx.VX_KERNEL_TENSOR_SUBTRACT, [(f.a16, vx.VX_TYPE_INT16), (f.b16, vx.VX_TYPE_INT16)], [f.enum(sat())],
        f.a16.shape, vx.VX_TYPE_INT16, lambda d: cv2.subtract(f.a16, f.b16, d)), "cv2.subtract"),
    ("TensorMultiply S16 1/256", lambda f: k_tensor(
        f, vx.VX_KERNEL_TENSOR_MULTIPLY, [(f.a16, vx.VX_TYPE_INT16), (f.b16, vx.VX_TYPE_INT16)],
        [f.scalar("vx_float32", vx.VX_TYPE_FLOAT32, 1 / 256), f.enum(sat()), f.enum(vx.VX_ROUND_POLICY_TO_NEAREST_EVEN)],
        f.a16.shape, vx.VX_TYPE_INT16, lambda d: cv2.multiply(f.a16, f.b16, d, 1 / 256)), "cv2.multiply"),
    ("TensorTableLookup U8", k_tensor_lut, "cv2.LUT"),
    ("TensorTranspose S16", lambda f: k_tensor(
        f, vx.VX_KERNEL_TENSOR_TRANSPOSE, [(f.a16, vx.VX_TYPE_INT16)],
        [f.scalar("vx_size", vx.VX_TYPE_SIZE, 0), f.scalar("vx_size", vx.VX_TYPE_SIZE, 1)], f.a16.shape[::-1],
        vx.VX_TYPE_INT16, lambda d: cv2.transpose(f.a16, d)), "cv2.transpose"),
    ("TensorConvertDepth S16->U8", lambda f: k_tensor(
        f, vx.VX_KERNEL_TENSOR_CONVERT_DEPTH, [(f.a16, vx.VX_TYPE_INT16)],
        [f.enum(sat()), f.scalar("vx_float32", vx.VX_TYPE_FLOAT32, 8.0), f.scalar("vx_float32", vx.VX_TYPE_FLOAT32, 0.0)],
        f.a16.shape, vx.VX_TYPE_UINT8, lambda d: cv2.convertScaleAbs(f.a16, d, 1 / 8), np.uint8),
     "convertScaleAbs (abs, rounds)"),
    ("TensorMatrixMultiply 256 S16", k_tensor_matmul, "cv2.gemm on F32"),
    ("HOGCells 8x8 9 bins", lambda f: k_hog(f, False), "cv2 HOGDescriptor.compute (all)"),
    ("HOGFeatures 16x16 blocks", lambda f: k_hog(f, True), "cv2 HOGDescriptor.compute (all)"),
    ("ColorConvert RGB->RGBX", lambda f: k_color(f, vx.VX_DF_IMAGE_RGB, [f.rgb], vx.VX_DF_IMAGE_RGBX,
                                                 cv2.COLOR_RGB2RGBA, f.rgb), ""),
    ("ColorConvert RGB->IYUV", lambda f: k_color(f, vx.VX_DF_IMAGE_RGB, [f.rgb], vx.VX_DF_IMAGE_IYUV,
                                                 cv2.COLOR_RGB2YUV_I420, f.rgb), "BT.709 vs BT.601"),
    ("ColorConvert IYUV->RGB", lambda f: k_color(
        f, vx.VX_DF_IMAGE_IYUV, f.iyuv, vx.VX_DF_IMAGE_RGB, cv2.COLOR_YUV2RGB_I420,
        stacked_420(f, f.iyuv)), "BT.709 vs BT.601"),
    ("ColorConvert NV12->RGB", lambda f: k_color(
        f, vx.VX_DF_IMAGE_NV12, f.nv12, vx.VX_DF_IMAGE_RGB, cv2.COLOR_YUV2RGB_NV12,
        stacked_420(f, f.nv12)), "BT.709 vs BT.601"),
    ("ColorConvert RGBX->RGB", lambda f: k_color(f, vx.VX_DF_IMAGE_RGBX, [f.rgbx], vx.VX_DF_IMAGE_RGB,
                                                 cv2.COLOR_RGBA2RGB, f.rgbx), ""),
    ("ColorConvert RGB->NV12", lambda f: k_color(f, vx.VX_DF_IMAGE_RGB, [f.rgb], vx.VX_DF_IMAGE_NV12,
                                                 cv2.COLOR_RGB2YUV_I420, f.rgb), "cv2 to I420 (no NV12)"),
    ("ColorConvert RGBX->IYUV", lambda f: k_color(f, vx.VX_DF_IMAGE_RGBX, [f.rgbx], vx.VX_DF_IMAGE_IYUV,
                                                  cv2.COLOR_RGBA2YUV_I420, f.rgbx), "BT.709 vs BT.601"),
    ("ColorConvert RGB->YUV4", lambda f: k_color(f, vx.VX_DF_IMAGE_RGB, [f.rgb], vx.VX_DF_IMAGE_YUV4,
                                                 cv2.COLOR_RGB2YUV, f.rgb), "cv2 packed YUV"),
    ("ColorConvert IYUV->RGBX", lambda f: k_color(
        f, vx.VX_DF_IMAGE_IYUV, f.iyuv, vx.VX_DF_IMAGE_RGBX, cv2.COLOR_YUV2RGBA_I420,
        stacked_420(f, f.iyuv)), "BT.709 vs BT.601"),
    ("ColorConvert NV21->RGB", lambda f: k_color(
        f, vx.VX_DF_IMAGE_NV21, f.nv12, vx.VX_DF_IMAGE_RGB, cv2.COLOR_YUV2RGB_NV21,
        stacked_420(f, f.nv12)), "BT.709 vs BT.601"),
    ("ColorConvert NV12->RGBX", lambda f: k_color(
        f, vx.VX_DF_IMAGE_NV12, f.nv12, vx.VX_DF_IMAGE_RGBX, cv2.COLOR_YUV2RGBA_NV12,
        stacked_420(f, f.nv12)), "BT.709 vs BT.601"),
    ("ColorConvert UYVY->RGB", lambda f: k_color(f, vx.VX_DF_IMAGE_UYVY, [f.packed422], vx.VX_DF_IMAGE_RGB,
                                                 cv2.COLOR_YUV2RGB_UYVY, f.packed422.reshape(f.h, f.w, 2)),
     "BT.709 vs BT.601"),
    ("ColorConvert YUYV->RGBX", lambda f: k_color(f, vx.VX_DF_IMAGE_YUYV, [f.packed422], vx.VX_DF_IMAGE_RGBX,
                                                  cv2.COLOR_YUV2RGBA_YUY2, f.packed422.reshape(f.h, f.w, 2)),
     "BT.709 vs BT.601"),
    ("ColorConvert YUV4->RGB", lambda f: k_color(f, vx.VX_DF_IMAGE_YUV4, f.yuv4, vx.VX_DF_IMAGE_RGB,
                                                 cv2.COLOR_YUV2RGB, np.dstack(f.yuv4)), "cv2 packed YUV"),
    ("ScaleImage 1/2 bilinear", lambda f: k_scale(f, vx.VX_INTERPOLATION_BILINEAR, cv2.INTER_LINEAR), ""),
    ("ScaleImage 1/2 nearest", lambda f: k_scale(f, vx.VX_INTERPOLATION_NEAREST_NEIGHBOR, cv2.INTER_NEAREST), ""),
    ("ScaleImage 1/2 area", lambda f: k_scale(f, vx.VX_INTERPOLATION_AREA, cv2.INTER_AREA), ""),
    ("ScaleImage to bilinear", lambda f: k_scale_to(f, vx.VX_INTERPOLATION_BILINEAR, cv2.INTER_LINEAR),
     "1080p->720p, 480p->1080p"),
    ("ScaleImage to nearest", lambda f: k_scale_to(f, vx.VX_INTERPOLATION_NEAREST_NEIGHBOR, cv2.INTER_NEAREST),
     "1080p->720p, 480p->1080p"),
    ("ScaleImage to area", lambda f: k_scale_to(f, vx.VX_INTERPOLATION_AREA, cv2.INTER_AREA),
     "1080p->720p, 480p->1080p"),
    ("HalfScaleGaussian 5x5", k_halfscale, "cv2.pyrDown"),
    ("GaussianPyramid 4 levels", k_pyramid, "3 x cv2.pyrDown"),
    ("LaplacianPyramid 4 levels", lambda f: k_laplacian(f, False), "cv2 pyrDown, pyrUp, subtract"),
    ("LaplacianReconstruct 4 levels", lambda f: k_laplacian(f, True), "cv2 pyrUp, add"),
    ("WarpAffine bilinear", lambda f: k_warp(f, vx.VX_KERNEL_WARP_AFFINE, "bilinear", "constant"),
     "WARP_INVERSE_MAP"),
    ("WarpAffine nearest", lambda f: k_warp(f, vx.VX_KERNEL_WARP_AFFINE, "nearest", "constant"), "WARP_INVERSE_MAP"),
    ("WarpAffine bilinear undef", lambda f: k_warp(f, vx.VX_KERNEL_WARP_AFFINE, "bilinear", "undefined"),
     "cv2 BORDER_REPLICATE"),
    ("WarpAffine bilinear rotate", lambda f: k_warp(f, vx.VX_KERNEL_WARP_AFFINE, "bilinear", "constant", True),
     "30 degrees, x0.8"),
    ("WarpAffine bilinear rot undef", lambda f: k_warp(f, vx.VX_KERNEL_WARP_AFFINE, "bilinear", "undefined", True),
     "30 degrees, x0.8; cv2 BORDER_REPLICATE"),
    ("WarpAffine nearest rotate", lambda f: k_warp(f, vx.VX_KERNEL_WARP_AFFINE, "nearest", "constant", True),
     "30 degrees, x0.8"),
    ("WarpPerspective bilinear", lambda f: k_warp(f, vx.VX_KERNEL_WARP_PERSPECTIVE, "bilinear", "constant"),
     "WARP_INVERSE_MAP"),
    ("WarpPerspective nearest", lambda f: k_warp(f, vx.VX_KERNEL_WARP_PERSPECTIVE, "nearest", "constant"),
     "WARP_INVERSE_MAP"),
    ("Remap bilinear", lambda f: k_remap(f, "bilinear", "constant"), "cv2 F32 maps"),
    ("Remap nearest", lambda f: k_remap(f, "nearest", "constant"), "cv2 F32 maps"),
    ("Remap bilinear undef", lambda f: k_remap(f, "bilinear", "undefined"), "cv2 BORDER_REPLICATE"),
    ("CannyEdgeDetector 3x3 L1", k_canny, ""),
    ("FastCorners nonmax", lambda f: k_fast(f, True, 30), "natural-like scene, t 30; cv2 drops ties"),
    ("FastCorners nonmax noise", lambda f: k_fast(f, False, 50), "uniform noise, t 50; cv2 drops ties"),
    ("HarrisCorners 3x3", k_harris, "cv2.cornerHarris: response only"),
    ("HarrisCorners 3x3 (gftt)", k_harris_gftt, "cv2.goodFeaturesToTrack Harris: + maxima, sort, distance"),
    ("OpticalFlowPyrLK 1000 pts 9x9", k_optflow, "4 levels, 10 it / 0.01; cv2 also builds pyramids"),
    ("GaussianPyramid x2 + OpticalFlowPyrLK 2000 pts 9x9", lambda f: k_optflow(f, 2000, with_pyramids=True),
     "one graph; cv2.calcOpticalFlowPyrLK on the two images"),
    ("HoughLinesP", k_hough, "cv2 random pixel order, ours raster"),
    ("NonMaxSuppression 3x3", k_nonmax, "no OpenCV equivalent"),
    ("LBP 3x3", k_lbp, "no OpenCV equivalent"),
]


def measure(f, name, build, note):
    row = {"kernel": name, "size": f"{f.w}x{f.h}", "note": note}
    try:
        graph, cv_call, same = build(f)
    except (RuntimeError, cv2.error) as e:
        row["error"] = str(e)
        return row
    simd = core()
    level = simd.pvx_simd()
    run_graph = lambda: lib.vxProcessGraph(graph)
    row["clock"] = "thread_cpu" if THREAD_CPU else "wall"
    pick = 1 if THREAD_CPU else 0

    def put(key, t):
        row[key], row[key.replace("_ns", "_wall_ns")] = t[pick], t[0]

    ours, *cv = timed(run_graph, *([cv_call] if cv_call is not None else []))
    put("ours_ns", ours)
    if cv:
        put("opencv_ns", cv[0])
        row["ratio_opencv"] = round(row["ours_ns"] / row["opencv_ns"], 2)
        row["ratio_opencv_wall"] = round(row["ours_wall_ns"] / row["opencv_wall_ns"], 2)
    if THREAD_CPU and ours[2] > 1.1 * ours[1] + 20000:
        row["note"] = f"CPU on other threads ({ours[2] / 1e3:.0f} us process); " + note
    simd.pvx_simd_set(0)
    put("plain_c_ns", timed(run_graph)[0])
    simd.pvx_simd_set(level)
    check(lib.vxProcessGraph(graph), name)
    if cv_call is not None:
        if same is not None:
            cv_call()
            row["same"] = bool(same())
    row["ratio_plain_c"] = round(row["ours_ns"] / row["plain_c_ns"], 2)
    return row


SCALING = ("And", "Add U8->S16", "Box3x3", "Gaussian3x3", "Median3x3", "Erode3x3", "Sobel3x3 (x and y)")


def scaling(w, h):
    """Our kernels that run their rows in bands on the tile pool: one thread against two."""
    f, rows = Frame(w, h), []
    simd = core()
    for name, build, _ in KERNELS:
        if name not in SCALING:
            continue
        graph = build(f)[0]
        simd.pvx_threads_limit(1)
        one = best_ns(lambda: lib.vxProcessGraph(graph))
        simd.pvx_threads_limit(2)
        two = best_ns(lambda: lib.vxProcessGraph(graph))
        rows.append({"kernel": name, "size": f"{w}x{h}", "one_thread_ns": one, "two_threads_ns": two,
                     "ratio": round(two / one, 2)})
    simd.pvx_threads_limit(1)
    f.release()
    return rows


def run(sizes, parts):
    cv2.setNumThreads(1)
    rows = []
    for w, h in sizes:
        f = Frame(w, h)
        core().pvx_threads_limit(1)           # one thread each: the table compares single-threaded code
        for name, build, note in KERNELS:
            if parts and not any(p.lower() in name.lower() for p in parts):
                continue
            rows.append(measure(f, name, build, note))
            if name.startswith("Canny"):
                f.copy(f.ia, 0, f.a, vx.VX_WRITE_ONLY)
        f.release()
    return rows


def table(rows):
    clock = "CPU" if THREAD_CPU else "wall"
    lines = [f"{'kernel':<26} {'size':>9} {'ours us':>10} {'OpenCV us':>10} {'plain C us':>11} "
             f"{'/OpenCV':>8} {'/plainC':>8}  {'wall: ours':>10} {'OpenCV':>9} {'ratio':>6}  same  note",
             f"({clock} time of the calling thread for the first five figures, best of rounds)" if THREAD_CPU
             else "(wall clock, best of rounds; PVX_TILE_THREADS=1 measures thread CPU time)"]
    for r in rows:
        if "error" in r:
            lines.append(f"{r['kernel']:<26} {r['size']:>9}  not run: {r['error']}")
            continue
        cv = f"{r['opencv_ns'] / 1e3:10.1f}" if "opencv_ns" in r else f"{'-':>10}"
        ratio = f"{r['ratio_opencv']:8.2f}" if "ratio_opencv" in r else f"{'-':>8}"
        same = {True: "yes ", False: "no  "}.get(r.get("same"), "-   ")
        wcv = f"{r['opencv_wall_ns'] / 1e3:9.1f}" if "opencv_wall_ns" in r else f"{'-':>9}"
        wratio = f"{r['ratio_opencv_wall']:6.2f}" if "ratio_opencv_wall" in r else f"{'-':>6}"
        lines.append(f"{r['kernel']:<26} {r['size']:>9} {r['ours_ns'] / 1e3:10.1f} {cv} "
                     f"{r['plain_c_ns'] / 1e3:11.1f} {ratio} {r['ratio_plain_c']:8.2f}  "
                     f"{r['ours_wall_ns'] / 1e3:10.1f} {wcv} {wratio}  {same}  {r['note']}")
    return "\n".join(lines)


def _median_ns(fn, rounds=15):
    fn()
    times = []
    for _ in range(rounds):
        t0 = time.perf_counter_ns()
        fn()
        times.append(time.perf_counter_ns() - t0)
    return sorted(times)[rounds // 2]


def pipelines(w=1920, h=1080):
    """bench/fusion.c's pipelines as the cv2 calls a user would write (replicated borders)."""
    def pattern(rows, seed):                   # bench/fusion.c's `filled`: edges and texture
        y, x = np.mgrid[0:rows, 0:w].astype(np.int64)
        return (((x * 7 + y * 13 + seed * 31 + ((x * y) >> 5)) ^ (x >> 3)) & 255).astype(np.uint8)

    a, b = pattern(h, 1), pattern(h, 2)
    nv12 = np.vstack([pattern(h, 3), pattern(h // 2, 3)])
    k3 = np.ones((3, 3), np.uint8)
    rep = cv2.BORDER_REPLICATE

    def edge():
        blur = cv2.GaussianBlur(a, (3, 3), 0, borderType=rep)
        gx = cv2.Sobel(blur, cv2.CV_16S, 1, 0, ksize=3, borderType=rep)
        gy = cv2.Sobel(blur, cv2.CV_16S, 0, 1, ksize=3, borderType=rep)
        mag = cv2.magnitude(gx.astype(np.float32), gy.astype(np.float32))
        return cv2.threshold(cv2.convertScaleAbs(mag, alpha=0.5), 40, 255, cv2.THRESH_BINARY)[1]

    def motion():
        d = cv2.GaussianBlur(cv2.absdiff(a, b), (3, 3), 0, borderType=rep)
        m = cv2.threshold(d, 20, 255, cv2.THRESH_BINARY)[1]
        return cv2.dilate(cv2.erode(m, k3, borderType=rep), k3, borderType=rep)

    def camera():
        rgb = cv2.cvtColor(nv12, cv2.COLOR_YUV2RGB_NV12)
        level = cv2.resize(nv12[:h], (w // 2, h // 2), interpolation=cv2.INTER_LINEAR)
        levels = [level]
        for _ in range(3):
            levels.append(cv2.pyrDown(levels[-1]))
        return rgb, levels

    def canny():
        half = np.ascontiguousarray(cv2.GaussianBlur(a, (3, 3), 0, borderType=rep)[::2, ::2])
        return cv2.Canny(half, 40, 100, apertureSize=3, L2gradient=False)

    rows = []
    for name, fn in (("edge", edge), ("motion", motion), ("camera", camera), ("canny", canny)):
        for threads in (1, 2):
            cv2.setNumThreads(threads)
            rows.append({"pipeline": name, "size": f"{w}x{h}", "threads": threads, "opencv_ns": _median_ns(fn)})
    cv2.setNumThreads(1)
    return rows


def main(argv):
    is_size = [a.replace("x", "").isdigit() for a in argv]
    sizes = [tuple(int(v) for v in a.split("x")) for a, size in zip(argv, is_size) if size]
    parts = [a for a, size in zip(argv, is_size) if not size and a not in ("threads", "pipelines")]
    only_pipelines = argv and all(a == "pipelines" for a in argv)
    rows = [] if only_pipelines else run(sizes or [(1920, 1080), (640, 480)], parts)
    threads = scaling(1920, 1080) if not argv or "threads" in argv else []
    flows = pipelines() if not argv or "pipelines" in argv else []
    print(json.dumps({"bench": "opencv", "results": rows, "threads": threads, "pipelines": flows}))
    print(table(rows), file=sys.stderr)
    for r in threads:
        print(f"{r['kernel']:<26} {r['size']:>9}  1 thread {r['one_thread_ns'] / 1e3:9.1f} us  2 threads "
              f"{r['two_threads_ns'] / 1e3:9.1f} us  x{r['ratio']:.2f}", file=sys.stderr)
    for r in flows:
        print(f"cv2 pipeline {r['pipeline']:<8} {r['size']:>9}  {r['threads']} thread(s) {r['opencv_ns'] / 1e3:9.1f} us",
              file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
