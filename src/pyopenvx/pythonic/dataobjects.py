"""Data objects for the Pythonic layer, with numpy views of their mapped memory (zero copy; the
view is valid inside the `with` block, after which the map is released).

    with Context() as ctx:
        t = Tensor(ctx, (2, 3), "int16")          # numpy shape order (outermost first)
        with t.map() as view:
            view[:] = 7
        a = Array(ctx, "float32", capacity=10)
        a.extend(np.arange(4, dtype=np.float32))
"""
from contextlib import contextmanager

import numpy as np

from .. import constants as vx
from ..api import ffi, lib
from .base import Object, check

VX_TYPES = {np.dtype(name): t for t, name in {
    vx.VX_TYPE_INT8: "int8", vx.VX_TYPE_UINT8: "uint8", vx.VX_TYPE_INT16: "int16", vx.VX_TYPE_UINT16: "uint16",
    vx.VX_TYPE_INT32: "int32", vx.VX_TYPE_UINT32: "uint32", vx.VX_TYPE_INT64: "int64",
    vx.VX_TYPE_UINT64: "uint64", vx.VX_TYPE_FLOAT32: "float32", vx.VX_TYPE_FLOAT64: "float64",
    vx.VX_TYPE_FLOAT16: "float16"}.items()}
HOST, RW = vx.VX_MEMORY_TYPE_HOST, vx.VX_READ_AND_WRITE


DTYPES = {t: d for d, t in VX_TYPES.items()}
_SCALAR_CTYPES = {vx.VX_TYPE_CHAR: "vx_char", vx.VX_TYPE_ENUM: "vx_enum", vx.VX_TYPE_SIZE: "vx_size",
                  vx.VX_TYPE_DF_IMAGE: "vx_df_image", vx.VX_TYPE_BOOL: "vx_bool"}


def _vx_type(dtype):
    return VX_TYPES[np.dtype(dtype)]


@contextmanager
def _mapped(obj, map_fn, unmap_fn, nbytes, dtype, shape, usage):
    """map_fn(usage) -> (map id, pointer); the view is writable until the block ends, then the map
    is closed and the view made read-only (it keeps the object's memory alive)."""
    map_id, ptr = map_fn(usage)
    try:
        view = np.frombuffer(obj._view_buffer(ptr, nbytes), dtype).reshape(shape)
        yield view
        view.flags.writeable = False
    finally:
        check(unmap_fn(obj.handle, map_id), unmap_fn.__name__, obj)


class Scalar(Object):
    _release = lib.vxReleaseScalar
    _ctype = "vx_scalar"
    vx_type = vx.VX_TYPE_SCALAR

    def __init__(self, ctx, dtype, value=0):
        self.ctype = f"vx_{np.dtype(dtype).name}"         # vx_int32, vx_uint8, vx_float32, ...
        super().__init__(lib.vxCreateScalar(ctx.handle, _vx_type(dtype), ffi.new(f"{self.ctype} *", value)),
                         "vxCreateScalar")

    @classmethod
    def virtual(cls, graph, dtype):
        return cls.wrap(lib.vxCreateVirtualScalar(graph.handle, _vx_type(dtype)), True, "vxCreateVirtualScalar")

    def _describe(self):
        t = self.query("vxQueryScalar", vx.VX_SCALAR_TYPE, "vx_enum")
        self.ctype = _SCALAR_CTYPES.get(t) or f"vx_{DTYPES[t].name}"

    @property
    def value(self):
        out = ffi.new(f"{self.ctype} *")
        check(lib.vxCopyScalar(self.handle, out, vx.VX_READ_ONLY, HOST), "vxCopyScalar", self)
        return out[0]

    @value.setter
    def value(self, v):
        check(lib.vxCopyScalar(self.handle, ffi.new(f"{self.ctype} *", v), vx.VX_WRITE_ONLY, HOST), "vxCopyScalar", self)


class Array(Object):
    _release = lib.vxReleaseArray
    _ctype = "vx_array"
    vx_type = vx.VX_TYPE_ARRAY

    def __init__(self, ctx, dtype, capacity):
        self.dtype = np.dtype(dtype)
        super().__init__(lib.vxCreateArray(ctx.handle, _vx_type(dtype), capacity), "vxCreateArray")

    @classmethod
    def virtual(cls, graph, dtype, capacity=0):
        return cls.wrap(lib.vxCreateVirtualArray(graph.handle, _vx_type(dtype), capacity), True, "vxCreateVirtualArray")

    def _describe(self):
        self.dtype = DTYPES.get(self.query("vxQueryArray", vx.VX_ARRAY_ITEMTYPE, "vx_enum"), np.dtype(np.uint8))

    def __len__(self):
        return self.query("vxQueryArray", vx.VX_ARRAY_NUMITEMS, "vx_size")

    def extend(self, values):
        values = np.ascontiguousarray(values, self.dtype)
        check(lib.vxAddArrayItems(self.handle, len(values), ffi.from_buffer(values), self.dtype.itemsize),
            "vxAddArrayItems")

    def map(self, start=0, end=None, usage=RW):
        end = len(self) if end is None else end

        def map_fn(u):
            map_id, stride, ptr = ffi.new("vx_map_id *"), ffi.new("vx_size *"), ffi.new("void **")
            check(lib.vxMapArrayRange(self.handle, start, end, map_id, stride, ptr, u, HOST, 0), "vxMapArrayRange", self)
            return map_id[0], ptr[0]
        return _mapped(self, map_fn, lib.vxUnmapArrayRange, (end - start) * self.dtype.itemsize, self.dtype,
                            (end - start,), usage)


class Tensor(Object):
    _release = lib.vxReleaseTensor
    _ctype = "vx_tensor"
    vx_type = vx.VX_TYPE_TENSOR

    def __init__(self, ctx, shape, dtype, fixed_point_position=0):
        self.shape, self.dtype = tuple(shape), np.dtype(dtype)
        super().__init__(lib.vxCreateTensor(ctx.handle, len(shape), list(self.shape[::-1]), _vx_type(dtype),
                                            fixed_point_position), "vxCreateTensor")

    @classmethod
    def virtual(cls, graph, dtype, shape=(), fixed_point_position=0):
        """A virtual tensor of `graph`; shape () leaves its dimensions to the graph's meta data."""
        dims = list(tuple(shape)[::-1]) or ffi.NULL
        return cls.wrap(lib.vxCreateVirtualTensor(graph.handle, len(shape), dims, _vx_type(dtype), fixed_point_position),
                        True, "vxCreateVirtualTensor")

    def _describe(self):
        n = self.query("vxQueryTensor", vx.VX_TENSOR_NUMBER_OF_DIMS, "vx_size")
        dims = ffi.new("vx_size[]", max(n, 1))
        check(lib.vxQueryTensor(self.handle, vx.VX_TENSOR_DIMS, dims, n * ffi.sizeof("vx_size")), "vxQueryTensor", self)
        self.shape = tuple(dims[i] for i in reversed(range(n)))
        self.dtype = DTYPES.get(self.query("vxQueryTensor", vx.VX_TENSOR_DATA_TYPE, "vx_enum"), np.dtype(np.uint8))

    def map(self, usage=RW):
        n = len(self.shape)

        def map_fn(u):
            map_id, stride, ptr = ffi.new("vx_map_id *"), ffi.new("vx_size[]", n), ffi.new("void **")
            check(lib.vxMapTensorPatch(self.handle, n, [0] * n, list(self.shape[::-1]), map_id, stride, ptr, u, HOST),
                "vxMapTensorPatch")
            return map_id[0], ptr[0]
        return _mapped(self, map_fn, lib.vxUnmapTensorPatch, int(np.prod(self.shape)) * self.dtype.itemsize,
                            self.dtype, self.shape, usage)


class _WholeMap(Object):
    """Objects mapped whole by vxMap<X>(handle, &id, &ptr, usage, mem_type, flags)."""
    MAP = UNMAP = None

    def map(self, usage=RW):
        def map_fn(u):
            map_id, ptr = ffi.new("vx_map_id *"), ffi.new("void **")
            check(getattr(lib, self.MAP)(self.handle, map_id, ptr, u, HOST, 0), self.MAP)
            return map_id[0], ptr[0]
        return _mapped(self, map_fn, getattr(lib, self.UNMAP), self.nbytes, self.dtype, self.shape, usage)


class LUT(_WholeMap):
    _release = lib.vxReleaseLUT
    _ctype = "vx_lut"
    vx_type = vx.VX_TYPE_LUT
    MAP, UNMAP = "vxMapLUT", "vxUnmapLUT"

    def __init__(self, ctx, dtype="uint8", count=256):
        self.dtype, self.shape = np.dtype(dtype), (count,)
        self.nbytes = count * self.dtype.itemsize
        super().__init__(lib.vxCreateLUT(ctx.handle, _vx_type(dtype), count), "vxCreateLUT")

    def _describe(self):
        self.dtype = DTYPES[self.query("vxQueryLUT", vx.VX_LUT_TYPE, "vx_enum")]
        self.shape = (self.query("vxQueryLUT", vx.VX_LUT_COUNT, "vx_size"),)
        self.nbytes = self.shape[0] * self.dtype.itemsize


class Distribution(_WholeMap):
    _release = lib.vxReleaseDistribution
    _ctype = "vx_distribution"
    vx_type = vx.VX_TYPE_DISTRIBUTION
    MAP, UNMAP = "vxMapDistribution", "vxUnmapDistribution"

    def __init__(self, ctx, bins, offset, range_):
        self.dtype, self.shape, self.nbytes = np.dtype("int32"), (bins,), bins * 4
        super().__init__(lib.vxCreateDistribution(ctx.handle, bins, offset, range_), "vxCreateDistribution")

    def _describe(self):
        bins = self.query("vxQueryDistribution", vx.VX_DISTRIBUTION_BINS, "vx_size")
        self.dtype, self.shape, self.nbytes = np.dtype("int32"), (bins,), bins * 4


class Matrix(Object):
    """Matrices have no map in OpenVX: `numpy()` copies out, `assign()` copies in."""
    _release = lib.vxReleaseMatrix
    _ctype = "vx_matrix"
    vx_type = vx.VX_TYPE_MATRIX

    def __init__(self, ctx, rows, columns, dtype="float32"):
        self.dtype, self.shape = np.dtype(dtype), (rows, columns)
        super().__init__(lib.vxCreateMatrix(ctx.handle, _vx_type(dtype), columns, rows), "vxCreateMatrix")

    def _describe(self):
        self.dtype = DTYPES[self.query("vxQueryMatrix", vx.VX_MATRIX_TYPE, "vx_enum")]
        self.shape = (self.query("vxQueryMatrix", vx.VX_MATRIX_ROWS, "vx_size"),
                      self.query("vxQueryMatrix", vx.VX_MATRIX_COLUMNS, "vx_size"))

    def numpy(self):
        out = np.empty(self.shape, self.dtype)
        check(lib.vxCopyMatrix(self.handle, ffi.from_buffer(out), vx.VX_READ_ONLY, HOST), "vxCopyMatrix", self)
        return out

    def assign(self, values):
        values = np.ascontiguousarray(values, self.dtype).reshape(self.shape)
        check(lib.vxCopyMatrix(self.handle, ffi.from_buffer(values), vx.VX_WRITE_ONLY, HOST), "vxCopyMatrix", self)
