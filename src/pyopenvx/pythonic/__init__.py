"""A Pythonic layer over the C API (pyopenvx.api): objects with numpy views of their mapped memory.

    with Context() as ctx:
        t = ctx.tensor((2, 3), "int16")          # numpy shape order (outermost first)
        with t.map() as view:                    # zero copy; unmapped when the block ends
            view[:] = 7
        a = ctx.array("float32", capacity=10)
        a.extend(np.arange(4, dtype=np.float32))
"""
from contextlib import contextmanager

import numpy as np

from .. import constants as vx
from ..api import ffi, lib

DTYPES = {vx.VX_TYPE_INT8: "int8", vx.VX_TYPE_UINT8: "uint8", vx.VX_TYPE_INT16: "int16",
          vx.VX_TYPE_UINT16: "uint16", vx.VX_TYPE_INT32: "int32", vx.VX_TYPE_UINT32: "uint32",
          vx.VX_TYPE_INT64: "int64", vx.VX_TYPE_UINT64: "uint64", vx.VX_TYPE_FLOAT32: "float32",
          vx.VX_TYPE_FLOAT64: "float64", vx.VX_TYPE_FLOAT16: "float16"}
VX_TYPES = {np.dtype(v): k for k, v in DTYPES.items()}
HOST, RW = vx.VX_MEMORY_TYPE_HOST, vx.VX_READ_AND_WRITE


class VXError(Exception):
    def __init__(self, status, what):
        super().__init__(f"{what} failed with status {status}")
        self.status = status


def _ok(status, what):
    if status != vx.VX_SUCCESS:
        raise VXError(status, what)


def _vx_type(dtype):
    return VX_TYPES[np.dtype(dtype)]


class Object:
    """One reference; released by `release()` or at garbage collection."""
    RELEASE = "vxReleaseReference"
    CTYPE = "vx_reference"

    def __init__(self, handle, what):
        _ok(lib.vxGetStatus(ffi.cast("vx_reference", handle)), what)
        self.handle = handle

    def release(self):
        if self.handle is not None:
            _ok(getattr(lib, self.RELEASE)(ffi.new(f"{self.CTYPE} *", self.handle)), self.RELEASE)
            self.handle = None

    def query(self, fn, attribute, ctype):
        out = ffi.new(f"{ctype} *")
        _ok(fn(self.handle, attribute, out, ffi.sizeof(ctype)), fn.__name__)
        return out[0]

    @contextmanager
    def _mapped(self, map_fn, unmap_fn, nbytes, dtype, shape, usage):
        map_id, ptr = map_fn(usage)
        try:
            yield np.frombuffer(ffi.buffer(ptr, nbytes), dtype).reshape(shape)
        finally:
            _ok(unmap_fn(self.handle, map_id), "unmap")


class Scalar(Object):
    RELEASE, CTYPE = "vxReleaseScalar", "vx_scalar"

    def __init__(self, ctx, dtype, value=0):
        self.ctype = f"vx_{np.dtype(dtype).name}"         # vx_int32, vx_uint8, vx_float32, ...
        super().__init__(lib.vxCreateScalar(ctx.handle, _vx_type(dtype), ffi.new(f"{self.ctype} *", value)),
                         "vxCreateScalar")

    @property
    def value(self):
        out = ffi.new(f"{self.ctype} *")
        _ok(lib.vxCopyScalar(self.handle, out, vx.VX_READ_ONLY, HOST), "vxCopyScalar")
        return out[0]

    @value.setter
    def value(self, v):
        _ok(lib.vxCopyScalar(self.handle, ffi.new(f"{self.ctype} *", v), vx.VX_WRITE_ONLY, HOST), "vxCopyScalar")


class Array(Object):
    RELEASE, CTYPE = "vxReleaseArray", "vx_array"

    def __init__(self, ctx, dtype, capacity):
        self.dtype = np.dtype(dtype)
        super().__init__(lib.vxCreateArray(ctx.handle, _vx_type(dtype), capacity), "vxCreateArray")

    def __len__(self):
        return self.query(lib.vxQueryArray, vx.VX_ARRAY_NUMITEMS, "vx_size")

    def extend(self, values):
        values = np.ascontiguousarray(values, self.dtype)
        _ok(lib.vxAddArrayItems(self.handle, len(values), ffi.from_buffer(values), self.dtype.itemsize),
            "vxAddArrayItems")

    def map(self, start=0, end=None, usage=RW):
        end = len(self) if end is None else end

        def map_fn(u):
            map_id, stride, ptr = ffi.new("vx_map_id *"), ffi.new("vx_size *"), ffi.new("void **")
            _ok(lib.vxMapArrayRange(self.handle, start, end, map_id, stride, ptr, u, HOST, 0), "vxMapArrayRange")
            return map_id[0], ptr[0]
        return self._mapped(map_fn, lib.vxUnmapArrayRange, (end - start) * self.dtype.itemsize, self.dtype,
                            (end - start,), usage)


class Tensor(Object):
    RELEASE, CTYPE = "vxReleaseTensor", "vx_tensor"

    def __init__(self, ctx, shape, dtype, fixed_point_position=0):
        self.shape, self.dtype = tuple(shape), np.dtype(dtype)
        super().__init__(lib.vxCreateTensor(ctx.handle, len(shape), list(self.shape[::-1]), _vx_type(dtype),
                                            fixed_point_position), "vxCreateTensor")

    def map(self, usage=RW):
        n = len(self.shape)

        def map_fn(u):
            map_id, stride, ptr = ffi.new("vx_map_id *"), ffi.new("vx_size[]", n), ffi.new("void **")
            _ok(lib.vxMapTensorPatch(self.handle, n, [0] * n, list(self.shape[::-1]), map_id, stride, ptr, u, HOST),
                "vxMapTensorPatch")
            return map_id[0], ptr[0]
        return self._mapped(map_fn, lib.vxUnmapTensorPatch, int(np.prod(self.shape)) * self.dtype.itemsize,
                            self.dtype, self.shape, usage)


class _WholeMap(Object):
    """Objects mapped whole by vxMap<X>(handle, &id, &ptr, usage, mem_type, flags)."""
    MAP = UNMAP = None

    def map(self, usage=RW):
        def map_fn(u):
            map_id, ptr = ffi.new("vx_map_id *"), ffi.new("void **")
            _ok(getattr(lib, self.MAP)(self.handle, map_id, ptr, u, HOST, 0), self.MAP)
            return map_id[0], ptr[0]
        return self._mapped(map_fn, getattr(lib, self.UNMAP), self.nbytes, self.dtype, self.shape, usage)


class LUT(_WholeMap):
    RELEASE, CTYPE, MAP, UNMAP = "vxReleaseLUT", "vx_lut", "vxMapLUT", "vxUnmapLUT"

    def __init__(self, ctx, dtype="uint8", count=256):
        self.dtype, self.shape = np.dtype(dtype), (count,)
        self.nbytes = count * self.dtype.itemsize
        super().__init__(lib.vxCreateLUT(ctx.handle, _vx_type(dtype), count), "vxCreateLUT")


class Distribution(_WholeMap):
    RELEASE, CTYPE, MAP, UNMAP = "vxReleaseDistribution", "vx_distribution", "vxMapDistribution", "vxUnmapDistribution"

    def __init__(self, ctx, bins, offset, range_):
        self.dtype, self.shape, self.nbytes = np.dtype("int32"), (bins,), bins * 4
        super().__init__(lib.vxCreateDistribution(ctx.handle, bins, offset, range_), "vxCreateDistribution")


class Matrix(Object):
    """Matrices have no map in OpenVX: `numpy()` copies out, `assign()` copies in."""
    RELEASE, CTYPE = "vxReleaseMatrix", "vx_matrix"

    def __init__(self, ctx, rows, columns, dtype="float32"):
        self.dtype, self.shape = np.dtype(dtype), (rows, columns)
        super().__init__(lib.vxCreateMatrix(ctx.handle, _vx_type(dtype), columns, rows), "vxCreateMatrix")

    def numpy(self):
        out = np.empty(self.shape, self.dtype)
        _ok(lib.vxCopyMatrix(self.handle, ffi.from_buffer(out), vx.VX_READ_ONLY, HOST), "vxCopyMatrix")
        return out

    def assign(self, values):
        values = np.ascontiguousarray(values, self.dtype).reshape(self.shape)
        _ok(lib.vxCopyMatrix(self.handle, ffi.from_buffer(values), vx.VX_WRITE_ONLY, HOST), "vxCopyMatrix")


class Context(Object):
    RELEASE, CTYPE = "vxReleaseContext", "vx_context"

    def __init__(self):
        super().__init__(lib.vxCreateContext(), "vxCreateContext")

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.release()

    @property
    def references(self):
        return self.query(lib.vxQueryContext, vx.VX_CONTEXT_REFERENCES, "vx_uint32")

    def scalar(self, dtype, value=0):
        return Scalar(self, dtype, value)

    def array(self, dtype, capacity):
        return Array(self, dtype, capacity)

    def tensor(self, shape, dtype, fixed_point_position=0):
        return Tensor(self, shape, dtype, fixed_point_position)

    def lut(self, dtype="uint8", count=256):
        return LUT(self, dtype, count)

    def distribution(self, bins, offset, range_):
        return Distribution(self, bins, offset, range_)

    def matrix(self, rows, columns, dtype="float32"):
        return Matrix(self, rows, columns, dtype)
