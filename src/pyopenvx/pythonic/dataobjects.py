"""Data objects for the Pythonic layer, with numpy views of their mapped memory (zero copy; the
view is valid inside the `with` block, after which the map is released).

    with Context() as ctx:
        t = Tensor(ctx, (2, 3), "int16")          # numpy shape order (outermost first)
        with t.map() as view:
            view[:] = 7
        a = Array(ctx, "float32", capacity=10)
        a.extend(np.arange(4, dtype=np.float32))
"""
from __future__ import annotations

from contextlib import contextmanager
from types import SimpleNamespace
from typing import Any, ContextManager, Optional, Sequence, Tuple, Union

import numpy as np
from numpy.typing import ArrayLike, DTypeLike

from .. import constants as vx
from ..api import ffi, lib
from .base import ContextLike, GraphLike, Object, _newp, _pointer_type, check, handle_of, size_of
from .errors import InvalidParameters, InvalidType, InvalidValue

VX_TYPES = {np.dtype(name): t for t, name in {
    vx.VX_TYPE_INT8: "int8", vx.VX_TYPE_UINT8: "uint8", vx.VX_TYPE_INT16: "int16", vx.VX_TYPE_UINT16: "uint16",
    vx.VX_TYPE_INT32: "int32", vx.VX_TYPE_UINT32: "uint32", vx.VX_TYPE_INT64: "int64",
    vx.VX_TYPE_UINT64: "uint64", vx.VX_TYPE_FLOAT32: "float32", vx.VX_TYPE_FLOAT64: "float64",
    vx.VX_TYPE_FLOAT16: "float16"}.items()}
HOST = vx.VX_MEMORY_TYPE_HOST

# The other types by name: their C type, and numpy's view of it (structs field by field, at the C offsets).
_NAMED_CTYPES = {"char": "vx_char", "enum": "vx_enum", "size": "vx_size", "df_image": "vx_df_image",
                 "bool": "vx_bool", "keypoint": "vx_keypoint_t", "rectangle": "vx_rectangle_t",
                 "coordinates2d": "vx_coordinates2d_t", "coordinates3d": "vx_coordinates3d_t",
                 "coordinates2df": "vx_coordinates2df_t", "line2d": "vx_line2d_t"}
NAMED_TYPES = {name: getattr(vx, f"VX_TYPE_{name.upper()}".replace("LINE2D", "LINE_2D")) for name in _NAMED_CTYPES}
_NUMPY_OF_C = {"char": "S1", "unsigned char": "u1", "int": "i4", "unsigned int": "u4", "float": "f4",
               "unsigned short": "u2", "short": "i2", "unsigned long": "u8", "size_t": "u8", "int32_t": "i4",
               "uint32_t": "u4"}


def _numpy_of(ctype):
    t = ctype if isinstance(ctype, ffi.CType) else ffi.typeof(ctype)
    if t.kind == "struct":
        names, fields = zip(*t.fields)
        return np.dtype({"names": list(names), "formats": [_numpy_of(f.type) for f in fields],
                         "offsets": [f.offset for f in fields], "itemsize": ffi.sizeof(t)})
    if t.kind == "enum":
        return np.dtype("i4")
    return np.dtype(_NUMPY_OF_C[t.cname])


DTYPES = {t: d for d, t in VX_TYPES.items()}
_TYPE_NAMES = {getattr(vx, n): n for n in dir(vx) if n.startswith("VX_TYPE_") and isinstance(getattr(vx, n), int)}
DTYPES.update({NAMED_TYPES[name]: _numpy_of(ctype) for name, ctype in _NAMED_CTYPES.items()})
CTYPES = {t: f"vx_{d.name}" for d, t in VX_TYPES.items()}
CTYPES.update({NAMED_TYPES[name]: ctype for name, ctype in _NAMED_CTYPES.items()})


def _vx_type(kind):
    """The VX_TYPE_* of a numpy dtype or a name ("uint8", "enum", "bool", "size", "keypoint", ...)."""
    if isinstance(kind, str) and kind in NAMED_TYPES:
        return NAMED_TYPES[kind]
    if isinstance(kind, int) and kind in DTYPES:
        return kind
    try:
        return VX_TYPES[np.dtype(kind)]
    except (TypeError, KeyError):
        raise InvalidType(vx.VX_ERROR_INVALID_TYPE, f"type {kind!r}", None, [
            f"{kind!r} is not one of {', '.join(sorted({d.name for d in VX_TYPES} | set(NAMED_TYPES)))}"]) from None


def exact(values: ArrayLike, dtype: np.dtype, what: str, obj: Optional[Object] = None) -> np.ndarray:
    """`values` as a contiguous array of `dtype`; refuses a conversion that changes a value
    (0.9 or 300 into uint8), never rounds or wraps silently."""
    a = np.asarray(values)
    if a.dtype == dtype:
        return np.ascontiguousarray(a)
    if dtype.fields is not None or a.dtype.fields is not None:
        raise InvalidType(vx.VX_ERROR_INVALID_TYPE, what, obj, [f"{a.dtype} values are not {dtype} records"])
    with np.errstate(all="ignore"):
        out = np.ascontiguousarray(a.astype(dtype))
        lossy = out != a
    if np.any(lossy):
        bad = a[lossy].flat[0].item()
        raise InvalidValue(vx.VX_ERROR_INVALID_VALUE, what, obj,
                           [f"{a.dtype} value {bad!r} is not exactly a {dtype} (convert it first)"])
    return out


USAGES = {"r": vx.VX_READ_ONLY, "w": vx.VX_WRITE_ONLY, "rw": vx.VX_READ_AND_WRITE}


def usage_of(usage: Union[str, int], what: str) -> int:
    """A map's usage: "r", "w", "rw" (or the vx_accessor_e value itself)."""
    if usage in USAGES:
        return USAGES[usage]  # type: ignore[index]
    if usage in USAGES.values():
        return usage  # type: ignore[return-value]
    raise InvalidParameters(vx.VX_ERROR_INVALID_PARAMETERS, what, None, [f"usage={usage!r}: not one of 'r', 'w', 'rw'"])


def _context_of(obj):
    """What creation functions need of the context of `obj`: its handle."""
    return SimpleNamespace(handle=lib.vxGetContext(obj.reference))


@contextmanager
def _mapped(obj, map_fn, unmap_fn, nbytes, dtype, shape, usage):
    """map_fn(usage) -> (map id, pointer); the view is writable until the block ends, then the map
    is closed and the view made read-only (it keeps the object's memory alive)."""
    map_id, ptr = map_fn(usage)
    try:
        view = obj._reused_view(ptr, (nbytes, dtype, shape),
                                lambda: np.frombuffer(obj._view_buffer(ptr, nbytes), dtype).reshape(shape))
        view.flags.writeable = usage != vx.VX_READ_ONLY
        yield view
        view.flags.writeable = False
    finally:
        check(unmap_fn(obj.handle, map_id), unmap_fn.__name__, obj)


class Scalar(Object):
    """A scalar of a numpy dtype name or "enum", "bool", "size", "df_image", "char":
    `Scalar(ctx, "enum", vx.VX_INTERPOLATION_BILINEAR)`, `Scalar(ctx, "bool", True)`. `value`
    reads and writes it (a bool scalar gives a bool); a value that does not fit raises InvalidValue."""
    _release = lib.vxReleaseScalar
    _ctype = "vx_scalar"
    vx_type = vx.VX_TYPE_SCALAR

    def __init__(self, ctx: ContextLike, dtype: DTypeLike, value: Any = 0) -> None:
        scalar_type = _vx_type(dtype)
        self.ctype = CTYPES[scalar_type]
        super().__init__(lib.vxCreateScalar(handle_of(ctx, "ctx", "Scalar"), scalar_type, self._c_value(value)),
                         f"vxCreateScalar({dtype})")

    @classmethod
    def virtual(cls, graph: GraphLike, dtype: DTypeLike) -> "Scalar":
        """A virtual scalar of `graph` of type `dtype`."""
        scalar = cls.wrap(lib.vxCreateVirtualScalar(graph.handle, _vx_type(dtype)), True, "vxCreateVirtualScalar")
        scalar._virtual = True
        return scalar

    def like(self) -> "Scalar":
        """A new (real) scalar of the same type."""
        return Scalar(_context_of(self), self.query("vxQueryScalar", vx.VX_SCALAR_TYPE, "vx_enum"))

    def _describe(self):
        self.ctype = CTYPES[self.query("vxQueryScalar", vx.VX_SCALAR_TYPE, "vx_enum")]

    def _describe_state(self):
        return f"{self.ctype} {self.value!r}"

    def _c_value(self, v):
        if self.ctype == "vx_bool":
            v = vx.vx_true_e if v else vx.vx_false_e
        try:
            return ffi.new(f"{self.ctype} *", v)
        except (OverflowError, TypeError) as exc:
            raise InvalidValue(vx.VX_ERROR_INVALID_VALUE, f"a {self.ctype} scalar", None,
                               [f"{v!r} is not a {self.ctype}: {exc}"]) from None

    @property
    def value(self) -> Any:
        """The scalar's value (assign to change it)."""
        ctype = self.ctype
        out = _newp(_pointer_type(ctype)[0], None)        # (its type parsed once, not per read)
        handle, owner = self._handle, self._owner
        if handle is None or owner is not None and owner.context is not None and owner.context.handle is None:
            handle = self.handle                            # raises Released (Object.handle inline: a hot attribute)
        status = lib.vxCopyScalar(handle, out, vx.VX_READ_ONLY, HOST)
        if status:
            check(status, "vxCopyScalar", self)
        return bool(out[0]) if ctype == "vx_bool" else out[0]

    @value.setter
    def value(self, v: Any) -> None:
        check(lib.vxCopyScalar(self.handle, self._c_value(v), vx.VX_WRITE_ONLY, HOST), "vxCopyScalar", self)


class Array(Object):
    """An array of items: numpy dtypes or structs by name; `map()` views, `extend()` appends."""
    _release = lib.vxReleaseArray
    _ctype = "vx_array"
    vx_type = vx.VX_TYPE_ARRAY

    def __init__(self, ctx: ContextLike, dtype: DTypeLike, capacity: int) -> None:
        """Items of a numpy dtype, or structs by name ("keypoint", "rectangle", "coordinates2d",
        "coordinates3d", "coordinates2df", "line2d"): their views are structured arrays."""
        item_type = _vx_type(dtype)
        self.dtype = DTYPES[item_type]
        super().__init__(lib.vxCreateArray(handle_of(ctx, "ctx", "Array"), item_type,
                                           size_of(capacity, "capacity", "Array")), "vxCreateArray")

    @classmethod
    def virtual(cls, graph: GraphLike, dtype: DTypeLike, capacity: int = 0) -> "Array":
        """A virtual array of `graph`; capacity 0 leaves it to the graph's meta data."""
        array = cls.wrap(lib.vxCreateVirtualArray(graph.handle, _vx_type(dtype), capacity), True, "vxCreateVirtualArray")
        array._virtual = True
        return array

    def like(self) -> "Array":
        """A new (real, empty) array of the same item type and capacity."""
        return Array(_context_of(self), self.query("vxQueryArray", vx.VX_ARRAY_ITEMTYPE, "vx_enum"),
                     self.query("vxQueryArray", vx.VX_ARRAY_CAPACITY, "vx_size"))

    def to_numpy(self) -> np.ndarray:
        """A copy of the items (a structured array for struct items)."""
        count = len(self)
        if not count:
            return np.empty(0, self.dtype)
        with self.map(0, count, "r") as view:
            return view.copy()

    def _describe(self):
        self.dtype = DTYPES.get(self.query("vxQueryArray", vx.VX_ARRAY_ITEMTYPE, "vx_enum"), np.dtype(np.uint8))

    def __len__(self) -> int:
        return self.query("vxQueryArray", vx.VX_ARRAY_NUMITEMS, "vx_size")

    def _describe_state(self):
        item = self.query("vxQueryArray", vx.VX_ARRAY_ITEMTYPE, "vx_enum")
        return f"{_TYPE_NAMES.get(item, hex(item))} {len(self)}/{self.query('vxQueryArray', vx.VX_ARRAY_CAPACITY, 'vx_size')}"

    def extend(self, values: ArrayLike) -> None:
        """vxAddArrayItems: appends `values` (they must convert to the item type exactly)."""
        values = exact(values, self.dtype, "vxAddArrayItems", self)
        check(lib.vxAddArrayItems(self.handle, len(values), ffi.from_buffer(values), self.dtype.itemsize),
            "vxAddArrayItems")

    def map(self, start: int = 0, end: Optional[int] = None, usage: Union[str, int] = "rw") -> ContextManager[np.ndarray]:
        """A numpy view of items [start, end) (a context manager); usage "r", "w" or "rw" as Image.map."""
        end = len(self) if end is None else end
        usage = usage_of(usage, "Array.map")

        def map_fn(u):
            map_id, stride, ptr = ffi.new("vx_map_id *"), ffi.new("vx_size *"), ffi.new("void **")
            check(lib.vxMapArrayRange(self.handle, start, end, map_id, stride, ptr, u, HOST, 0), "vxMapArrayRange", self)
            return map_id[0], ptr[0]
        return _mapped(self, map_fn, lib.vxUnmapArrayRange, (end - start) * self.dtype.itemsize, self.dtype,
                            (end - start,), usage)


def _shape_state(self):
    return f"{self.shape} {self.dtype}"


class Tensor(Object):
    """A tensor, `shape` in numpy order (outermost first); `map()` gives a numpy view."""
    _describe_state = _shape_state
    _release = lib.vxReleaseTensor
    _ctype = "vx_tensor"
    vx_type = vx.VX_TYPE_TENSOR

    def __init__(self, ctx: ContextLike, shape: Sequence[int], dtype: DTypeLike, fixed_point_position: int = 0) -> None:
        self.shape, self.dtype = tuple(shape), np.dtype(dtype)
        super().__init__(lib.vxCreateTensor(ctx.handle, len(shape), list(self.shape[::-1]), _vx_type(dtype),
                                            fixed_point_position), "vxCreateTensor")

    @classmethod
    def virtual(cls, graph: GraphLike, dtype: DTypeLike, shape: Sequence[int] = (),
                fixed_point_position: int = 0) -> "Tensor":
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

    def map(self, usage: Union[str, int] = "rw") -> ContextManager[np.ndarray]:
        """A numpy view of the whole tensor (a context manager); usage "r", "w" or "rw"."""
        n = len(self.shape)
        usage = usage_of(usage, "Tensor.map")

        def map_fn(u):
            map_id, stride, ptr = ffi.new("vx_map_id *"), ffi.new("vx_size[]", n), ffi.new("void **")
            check(lib.vxMapTensorPatch(self.handle, n, [0] * n, list(self.shape[::-1]), map_id, stride, ptr, u, HOST),
                "vxMapTensorPatch")
            return map_id[0], ptr[0]
        return _mapped(self, map_fn, lib.vxUnmapTensorPatch, int(np.prod(self.shape)) * self.dtype.itemsize,
                            self.dtype, self.shape, usage)


class _WholeMap(Object):
    """Objects mapped whole by vxMap<X>(handle, &id, &ptr, usage, mem_type, flags)."""
    MAP = UNMAP = ""
    dtype: np.dtype
    shape: Tuple[int, ...]
    nbytes: int
    _describe_state = _shape_state

    def map(self, usage: Union[str, int] = "rw") -> ContextManager[np.ndarray]:
        """A numpy view of the whole object (a context manager); usage "r", "w" or "rw"."""
        usage = usage_of(usage, f"{type(self).__name__}.map")
        def map_fn(u):
            map_id, ptr = ffi.new("vx_map_id *"), ffi.new("void **")
            check(getattr(lib, self.MAP)(self.handle, map_id, ptr, u, HOST, 0), self.MAP)
            return map_id[0], ptr[0]
        return _mapped(self, map_fn, getattr(lib, self.UNMAP), self.nbytes, self.dtype, self.shape, usage)


class LUT(_WholeMap):
    """A lookup table of `count` entries of `dtype` (uint8 or int16); `map()` gives a numpy view."""
    _release = lib.vxReleaseLUT
    _ctype = "vx_lut"
    vx_type = vx.VX_TYPE_LUT
    MAP, UNMAP = "vxMapLUT", "vxUnmapLUT"

    def __init__(self, ctx: ContextLike, dtype: DTypeLike = "uint8", count: int = 256) -> None:
        self.dtype, self.shape = np.dtype(dtype), (count,)
        self.nbytes = count * self.dtype.itemsize
        super().__init__(lib.vxCreateLUT(ctx.handle, _vx_type(dtype), count), "vxCreateLUT")

    def _describe(self):
        self.dtype = DTYPES[self.query("vxQueryLUT", vx.VX_LUT_TYPE, "vx_enum")]
        self.shape = (self.query("vxQueryLUT", vx.VX_LUT_COUNT, "vx_size"),)
        self.nbytes = self.shape[0] * self.dtype.itemsize


class Distribution(_WholeMap):
    """A histogram of `bins` bins over [offset, offset + range); `map()` gives its int32 counts."""
    _release = lib.vxReleaseDistribution
    _ctype = "vx_distribution"
    vx_type = vx.VX_TYPE_DISTRIBUTION
    MAP, UNMAP = "vxMapDistribution", "vxUnmapDistribution"

    def __init__(self, ctx: ContextLike, bins: int, offset: int, range_: int) -> None:
        self.dtype, self.shape, self.nbytes = np.dtype("int32"), (bins,), bins * 4
        super().__init__(lib.vxCreateDistribution(ctx.handle, bins, offset, range_), "vxCreateDistribution")

    def to_numpy(self) -> np.ndarray:
        """A copy of the counts."""
        with self.map("r") as view:
            return view.copy()

    def _describe(self):
        bins = self.query("vxQueryDistribution", vx.VX_DISTRIBUTION_BINS, "vx_size")
        self.dtype, self.shape, self.nbytes = np.dtype("int32"), (bins,), bins * 4


class Matrix(Object):
    """Matrices have no map in OpenVX: `numpy()` copies out, `assign()` copies in."""
    _release = lib.vxReleaseMatrix
    _ctype = "vx_matrix"
    vx_type = vx.VX_TYPE_MATRIX

    def __init__(self, ctx: ContextLike, rows: int, columns: int, dtype: DTypeLike = "float32") -> None:
        self.dtype, self.shape = np.dtype(dtype), (rows, columns)
        super().__init__(lib.vxCreateMatrix(ctx.handle, _vx_type(dtype), columns, rows), "vxCreateMatrix")

    def _describe(self):
        self.dtype = DTYPES[self.query("vxQueryMatrix", vx.VX_MATRIX_TYPE, "vx_enum")]
        self.shape = (self.query("vxQueryMatrix", vx.VX_MATRIX_ROWS, "vx_size"),
                      self.query("vxQueryMatrix", vx.VX_MATRIX_COLUMNS, "vx_size"))

    _describe_state = _shape_state

    def numpy(self) -> np.ndarray:
        """A copy of the matrix (rows, columns)."""
        out = np.empty(self.shape, self.dtype)
        check(lib.vxCopyMatrix(self.handle, ffi.from_buffer(out), vx.VX_READ_ONLY, HOST), "vxCopyMatrix", self)
        return out

    def assign(self, values: ArrayLike) -> None:
        """Copies `values` in (they must convert to the matrix type exactly)."""
        values = exact(values, self.dtype, "vxCopyMatrix", self).reshape(self.shape)
        check(lib.vxCopyMatrix(self.handle, ffi.from_buffer(values), vx.VX_WRITE_ONLY, HOST), "vxCopyMatrix", self)
