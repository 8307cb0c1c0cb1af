"""Images for Python programs, over the exported C API (the same calls a C program
makes). Maps are numpy views of the image memory, valid inside their `with` block."""
from __future__ import annotations

from typing import Any, ContextManager, Dict, List, Optional, Tuple, Union

import numpy as np
from numpy.typing import ArrayLike, DTypeLike

from .. import constants as vx
from ..api import ffi, lib
from ..errors import attribute_name
from .base import _CHARS, ContextLike, GraphLike, Object, _from_buffer, check, handle_of, size_of
from .dataobjects import USAGES, _context_of, exact, usage_of
from .errors import InvalidDimension, InvalidFormat, InvalidParameters

# format -> per plane: (numpy dtype, values per element); U1 planes are packed bytes, 8 pixels each
_ELEMENTS: Dict[str, List[Tuple[Any, int]]] = {
    "U1": [(np.uint8, 1)], "U8": [(np.uint8, 1)], "U16": [(np.uint16, 1)], "S16": [(np.int16, 1)],
    "U32": [(np.uint32, 1)], "S32": [(np.int32, 1)], "RGB": [(np.uint8, 3)], "RGBX": [(np.uint8, 4)],
    "UYVY": [(np.uint8, 2)], "YUYV": [(np.uint8, 2)], "NV12": [(np.uint8, 1), (np.uint8, 2)],
    "NV21": [(np.uint8, 1), (np.uint8, 2)], "IYUV": [(np.uint8, 1)] * 3, "YUV4": [(np.uint8, 1)] * 3,
}
_FORMATS = {getattr(vx, f"VX_DF_IMAGE_{name}"): name for name in _ELEMENTS}


_NUMPY_FORMATS = {(np.dtype(d), 2, 1): f for d, f in ((np.uint8, "U8"), (np.uint16, "U16"), (np.int16, "S16"),
                                                    (np.uint32, "U32"), (np.int32, "S32"))}
_NUMPY_FORMATS.update({(np.dtype(np.uint8), 3, 3): "RGB", (np.dtype(np.uint8), 3, 4): "RGBX"})


# Formats of several planes as one numpy array (what to_numpy/np.asarray give, write and from_numpy
# take): the planes one after the other in one uint8 array of the image's width, as cv2 and PyAV take
# NV12 and IYUV (I420): NV12/NV21 (h*3/2, w), Y then the interleaved UV or VU rows; IYUV (h*3/2, w),
# Y then U then V (each (h/2)*(w/2) bytes, so a U row is half an array row); YUV4 (3h, w), Y, U, V.
# image height -> stacked rows: rows * num // den
_STACKED = {"NV12": (3, 2), "NV21": (3, 2), "IYUV": (3, 2), "YUV4": (3, 1)}


def stacked_size(fmt: str, shape: Tuple[int, ...]) -> Tuple[int, int]:
    """(width, height) of a `fmt` image whose stacked array has `shape`."""
    num, den = _STACKED[fmt]
    if len(shape) != 2 or shape[0] * den % num:
        raise InvalidDimension(vx.VX_ERROR_INVALID_DIMENSION, f"a {fmt} array", None, [
            f"a {fmt} image is one 2-D uint8 array of {num}/{den} times its height in rows, not {shape}"])
    return shape[1], shape[0] * den // num


def _stacked_planes(fmt, array, width, height):
    """Views of each plane (shaped as map/to_numpy(plane=) give them) of the stacked array of a
    `fmt` image of width x height: no copy."""
    rows, item = array.strides[0], array.itemsize
    if fmt in ("NV12", "NV21"):
        uv = array[height:]
        return [array[:height], np.lib.stride_tricks.as_strided(uv, (height // 2, width // 2, 2), (rows, 2 * item, item))]
    if fmt == "YUV4":
        return [array[:height], array[height:2 * height], array[2 * height:]]
    if not array.flags.c_contiguous:            # IYUV: its chroma rows straddle the array's rows
        raise InvalidFormat(vx.VX_ERROR_INVALID_FORMAT, "an IYUV array", None, ["its rows are not contiguous"])
    flat, luma, chroma = array.reshape(-1), width * height, (width // 2) * (height // 2)
    return [array[:height], flat[luma:luma + chroma].reshape(height // 2, width // 2),
            flat[luma + chroma:luma + 2 * chroma].reshape(height // 2, width // 2)]


def format_name(fmt):
    return _FORMATS.get(fmt) or ("VIRT" if fmt == vx.VX_DF_IMAGE_VIRT else f"{fmt:#x}")
_USAGES = USAGES
Rect = Tuple[int, int, int, int]        # start_x, start_y, end_x, end_y
_RECT, _MAP_ID = ffi.typeof("vx_rectangle_t *"), ffi.typeof("vx_map_id *")
_ADDRESSING, _POINTER = ffi.typeof("vx_imagepatch_addressing_t *"), ffi.typeof("void **")
_GEOMETRY = ffi.typeof("vx_uint32[3]")      # width, height, format (a vx_df_image is a vx_uint32)
_GEOMETRY_ATTRIBUTES = (vx.VX_IMAGE_WIDTH, vx.VX_IMAGE_HEIGHT, vx.VX_IMAGE_FORMAT)


class _PatchMap:
    """What `Image.map` returns: maps on entry (a numpy view that pins the image's memory), unmaps
    on exit and makes the view read-only. A class, not a generator: maps are a hot path."""
    __slots__ = ("image", "rect", "plane", "usage", "handle", "map_id", "view")

    def __init__(self, image, rect, plane, usage):
        self.image, self.rect, self.plane, self.usage = image, rect, plane, usage

    def __enter__(self):
        image, plane = self.image, self.plane
        # the out-arguments, read at once after the call: allocated once, taken while in use (a
        # dict pop is atomic: another thread mapping the same image meanwhile allocates its own)
        scratch = image.__dict__.pop("_scratch", None) or (ffi.new(_MAP_ID), ffi.new(_ADDRESSING), ffi.new(_POINTER))
        map_id, addr, ptr = scratch
        handle = self.handle = image.handle     # unmapped by it even if the wrapper is released meanwhile
        status = lib.vxMapImagePatch(handle, image._rect(self.rect), plane, map_id, addr, ptr, _USAGES[self.usage],
                                     _HOST, 0)
        if status:
            image._scratch = scratch
            check(status, "vxMapImagePatch", image)
        self.map_id = map_id[0]
        try:
            view = self.view = image._mapped_view(plane, addr, ptr[0])
        except BaseException:
            lib.vxUnmapImagePatch(handle, self.map_id)
            raise
        finally:
            image._scratch = scratch
        if self.usage == "r":
            view.flags.writeable = False
        return view

    def __exit__(self, *exc):
        self.view.flags.writeable = False
        check(lib.vxUnmapImagePatch(self.handle, self.map_id), "vxUnmapImagePatch", self.image)


_HOST = vx.VX_MEMORY_TYPE_HOST


_DF_IMAGES = {name[len("VX_DF_IMAGE_"):]: getattr(vx, name) for name in dir(vx) if name.startswith("VX_DF_IMAGE_")}


def _format(fmt):
    """A vx_df_image from a name ("U8", "rgb", "VIRT") or the value itself."""
    if isinstance(fmt, str):
        value = _DF_IMAGES.get(fmt) or _DF_IMAGES.get(fmt.upper())
        if value is None:
            raise InvalidFormat(vx.VX_ERROR_INVALID_FORMAT, f"image format {fmt!r}: not one of {', '.join(_ELEMENTS)}")
        return value
    return fmt


class Image(Object):
    """An image of a context; `map` gives numpy views, `to_numpy`/`write` copy."""

    _release = lib.vxReleaseImage
    _ctype = "vx_image"
    vx_type = vx.VX_TYPE_IMAGE

    def __init__(self, context: ContextLike, width: int, height: int, format: Union[str, int] = "U8") -> None:
        handle = handle_of(context, "context", "Image")
        width, height = size_of(width, "width", "Image"), size_of(height, "height", "Image")
        super().__init__(lib.vxCreateImage(handle, width, height, _format(format)),
                         f"vxCreateImage({width}x{height} {format_name(_format(format))})")

    @classmethod
    def virtual(cls, graph: GraphLike, width: int = 0, height: int = 0, format: Union[str, int] = "VIRT") -> "Image":
        """A virtual image of `graph`; what is left 0/VIRT comes from the graph's meta data."""
        return cls._virtual_of(graph, handle_of(graph, "graph", "Image.virtual", "Graph"),
                               size_of(width, "width", "Image.virtual"), size_of(height, "height", "Image.virtual"),
                               _format(format))

    @classmethod
    def _virtual_of(cls, graph: GraphLike, graph_handle: Any, width: int, height: int, df_image: int) -> "Image":
        """Image.virtual of arguments known good (a node helper's output: no checks per call)."""
        img = cls.wrap(lib.vxCreateVirtualImage(graph_handle, width, height, df_image), True, "vxCreateVirtualImage",
                       graph)
        img._virtual = True
        return img

    def _describe_state(self):
        return f"{self.width}x{self.height} {self.format}"

    def _repr_png_(self) -> Optional[bytes]:
        """The picture a notebook shows (display.viewable: YUV as its luma, S16 stretched, ...)."""
        from .display import png, viewable
        pixels = None if self.released else viewable(self)
        return None if pixels is None else png(pixels)

    _geometry = None        # (width, height, format name, whole-image rectangle) once settled
    _plane0 = None          # see _whole_plane
    _scratch = None         # map's out-arguments, in the instance's dict while no map uses them

    def _settled(self):
        """Width, height and format never change once known (a non-virtual image): queried once."""
        geometry = self._geometry
        if geometry is None:
            out, handle = ffi.new(_GEOMETRY), self.handle       # one buffer for the three queries
            for i, attribute in enumerate(_GEOMETRY_ATTRIBUTES):
                status = lib.vxQueryImage(handle, attribute, out + i, 4)
                if status:
                    check(status, f"vxQueryImage({attribute_name(attribute)})", self)
            width, height, fmt = out[0], out[1], format_name(out[2])
            geometry = (width, height, fmt, ffi.new(_RECT, (0, 0, width, height)))
            if not self._virtual and fmt != "VIRT" and width:
                self._geometry = geometry
        return geometry

    def _query(self, attribute, ctype):
        return self.query("vxQueryImage", attribute, ctype)

    @property
    def width(self) -> int:
        """Width in pixels."""
        return self._settled()[0]

    @property
    def height(self) -> int:
        """Height in pixels."""
        return self._settled()[1]

    @property
    def format(self) -> str:
        """The format's name: U8, RGB, NV12, ... (VIRT: a virtual image not verified yet)."""
        return self._settled()[2]

    @property
    def planes(self) -> int:
        """How many planes the format has (read once when the format is settled: a real image's)."""
        if self._settled() is not self._geometry:       # a virtual image: its format may change yet
            return self._query(vx.VX_IMAGE_PLANES, "vx_size")
        return self.settled("_planes", lambda: self._query(vx.VX_IMAGE_PLANES, "vx_size"))

    def _rect(self, rect):
        return self._settled()[3] if rect is None else ffi.new(_RECT, rect)

    def _shape(self, plane, addr):
        """(shape, strides, dtype) of a patch described by `addr`, in plane elements."""
        dtype, values = _ELEMENTS[self._settled()[2]][plane]
        rows = -(-addr.dim_y // addr.step_y)
        if addr.stride_x == 0:                              # U1: packed bytes
            return (rows, -(-addr.dim_x // 8)), (addr.stride_y, 1), np.dtype(dtype)
        cols = -(-addr.dim_x // addr.step_x)
        item = np.dtype(dtype).itemsize
        shape, strides = (rows, cols), (addr.stride_y, addr.stride_x)
        if values > 1:
            shape, strides = shape + (values,), strides + (item,)
        return shape, strides, np.dtype(dtype)

    def _mapped_view(self, plane, addr, pointer):
        """A new numpy view of the mapped patch at `pointer` that `addr` describes (see _reused_view)."""
        return self._reused_view(pointer, (bytes(ffi.buffer(addr)), plane, self._settled()[2]), self._view_array,
                                 plane, addr, pointer)

    def _view_array(self, plane, addr, pointer):
        shape, strides, dtype = self._shape(plane, addr)
        nbytes = (shape[0] - 1) * strides[0] + shape[1] * strides[1]
        return np.ndarray(shape, dtype, buffer=self._view_buffer(pointer, nbytes), strides=strides)

    def map(self, rect: Optional[Rect] = None, plane: int = 0, usage: str = "rw") -> ContextManager[np.ndarray]:
        """A numpy view of the patch `rect` (start_x, start_y, end_x, end_y) of a plane; the map
        is released at the end of the block, and the view is made read-only then."""
        if usage not in _USAGES:
            usage = next(name for name, value in _USAGES.items() if value == usage_of(usage, "Image.map"))
        return _PatchMap(self, rect, plane, usage)

    def _copy(self, array, rect, plane, usage):
        addr = ffi.new(_ADDRESSING)
        r = self._rect(rect)
        addr.dim_x, addr.dim_y = r.end_x - r.start_x, r.end_y - r.start_y
        addr.stride_y = array.strides[0]
        if self.format == "U1":
            addr.stride_x, addr.stride_x_bits = 0, 1
        else:
            addr.stride_x = array.strides[1]
        check(lib.vxCopyImagePatch(self.handle, r, plane, addr, ffi.from_buffer(array, require_writable=usage == vx.VX_READ_ONLY),
                                    usage, vx.VX_MEMORY_TYPE_HOST), "vxCopyImagePatch")

    def _whole_plane(self):
        """(shape, dtype, addressing, rectangle) of a whole image of a one-plane numpy format (U8 ... RGBX) as
        a contiguous array: to_numpy and write copy it in one call (their hot path). Kept once the
        geometry is settled; False for the other formats."""
        width, height, fmt, rect = self._settled()
        if self._geometry is None:
            return False
        plane0 = False
        if fmt in _NUMPY_FORMATS.values():
            dtype, values = _ELEMENTS[fmt][0]
            dtype = np.dtype(dtype)
            addr = ffi.new(_ADDRESSING, {"dim_x": width, "dim_y": height, "stride_x": dtype.itemsize * values,
                                         "stride_y": dtype.itemsize * values * width, "step_x": 1, "step_y": 1,
                                         "scale_x": vx.VX_SCALE_UNITY, "scale_y": vx.VX_SCALE_UNITY})
            plane0 = ((height, width) if values == 1 else (height, width, values), dtype, addr, rect)
        self._plane0 = plane0
        return plane0

    def _whole(self, rect, what):
        """Whether `plane=None` means all planes stacked (a multi-plane format, see _STACKED)."""
        geometry = self._settled()
        if geometry[2] not in _STACKED:
            return None
        if rect is not None:
            raise InvalidParameters(vx.VX_ERROR_INVALID_PARAMETERS, what, self, [
                f"a patch of a {geometry[2]} image is per plane: give plane="])
        return geometry

    def to_numpy(self, rect: Optional[Rect] = None, plane: Optional[int] = None) -> np.ndarray:
        """A copy of the patch (vxCopyImagePatch) of `plane`; without a plane, of the whole image:
        multi-plane formats (NV12, NV21, IYUV, YUV4) as one array of their planes stacked (see
        docs/python.md: NV12 and IYUV (h*3/2, w) as cv2 takes them, YUV4 (3h, w))."""
        if rect is None and not plane:
            whole = self._plane0 or self._whole_plane()
            if whole:
                out = np.empty(whole[0], whole[1])
                handle, owner = self._handle, self._owner       # (Object.handle inline: the hot path)
                if handle is None or owner is not None and owner.context is not None and owner.context.handle is None:
                    handle = self.handle                        # raises Released
                status = lib.vxCopyImagePatch(handle, whole[3], 0, whole[2], _from_buffer(_CHARS, out, False),
                                              vx.VX_READ_ONLY, _HOST)
                if status:
                    check(status, "vxCopyImagePatch", self)
                return out
        if plane is None:
            whole = self._whole(rect, "to_numpy")
            if whole is not None:
                width, height, fmt, _ = whole
                num, den = _STACKED[fmt]
                out = np.empty((height * num // den, width), np.uint8)
                for index, view in enumerate(_stacked_planes(fmt, out, width, height)):
                    self._copy(view, None, index, vx.VX_READ_ONLY)
                return out
            plane = 0
        with self.map(rect, plane, "r") as view:
            out = np.empty_like(view)
        self._copy(out, rect, plane, vx.VX_READ_ONLY)
        return out

    def write(self, array: ArrayLike, rect: Optional[Rect] = None, plane: Optional[int] = None) -> None:
        """Copies `array` (shaped as `to_numpy` returns) into the patch (without a plane: the whole
        image, multi-plane formats stacked as to_numpy gives them). Values of another dtype
        must convert exactly (0.9 or 300 into a U8 image raise InvalidValue)."""
        if rect is None and not plane and type(array) is np.ndarray:
            whole = self._plane0 or self._whole_plane()
            if whole and array.shape == whole[0] and array.dtype == whole[1] and array.flags.c_contiguous:
                handle, owner = self._handle, self._owner       # (Object.handle inline: the hot path)
                if handle is None or owner is not None and owner.context is not None and owner.context.handle is None:
                    handle = self.handle                        # raises Released
                status = lib.vxCopyImagePatch(handle, whole[3], 0, whole[2], _from_buffer(_CHARS, array, False),
                                              vx.VX_WRITE_ONLY, _HOST)
                if status:
                    check(status, "vxCopyImagePatch", self)
                return
        if plane is None:
            whole = self._whole(rect, "write")
            if whole is not None:
                width, height, fmt, _ = whole
                array = exact(array, np.dtype(np.uint8), "write", self)
                num, den = _STACKED[fmt]
                if array.shape != (height * num // den, width):
                    raise InvalidDimension(vx.VX_ERROR_INVALID_DIMENSION, "write", self, [
                        f"array shape {array.shape} is not the {fmt} shape {(height * num // den, width)}"])
                for index, view in enumerate(_stacked_planes(fmt, array, width, height)):
                    self._copy(view, None, index, vx.VX_WRITE_ONLY)
                return
            plane = 0
        with self.map(rect, plane, "r") as view:
            shape, dtype = view.shape, view.dtype
        array = exact(array, dtype, "write", self)
        if array.shape != shape:
            raise InvalidDimension(vx.VX_ERROR_INVALID_DIMENSION, "write", self,
                                   [f"array shape {array.shape} is not the patch shape {shape}"])
        self._copy(array, rect, plane, vx.VX_WRITE_ONLY)

    def like(self) -> "Image":
        """A new image of the same size and format."""
        return Image(_context_of(self), self.width, self.height, self.format)

    def __array__(self, dtype: Optional[DTypeLike] = None, copy: Optional[bool] = None) -> np.ndarray:
        """`np.asarray(image)`: a copy of the whole image (to_numpy())."""
        out = self.to_numpy()
        return out if dtype is None else out.astype(dtype)

    @classmethod
    def from_numpy(cls, context: ContextLike, array: np.ndarray, format: Optional[str] = None,
                   width: Optional[int] = None) -> "Image":
        """An image whose memory is `array`, without a copy (vxCreateImageFromHandle): a graph
        writing the image writes the array, which stays alive while the image lives (in a graph
        too, after its wrapper is gone; at the latest until the context's release). Without a
        format: a 2-D array of uint8, uint16, int16, uint32 or int32 gives U8, U16, S16, U32, S32;
        (h, w, 3) and (h, w, 4) uint8 give RGB and RGBX. With one, also: "YUYV"/"UYVY" from
        (h, w, 2) uint8; "NV12", "NV21", "IYUV", "YUV4" from their planes stacked in one 2-D uint8
        array (see to_numpy); "U1" from (h, ceil(w/8)) uint8 of packed bits (pixel x is bit x % 8
        of byte x // 8; `width` when not 8 times the columns). Rows may be padded (a slice of a
        bigger array; IYUV excepted); pixels must be contiguous, and the array writable."""
        what = "Image.from_numpy"
        if not isinstance(array, np.ndarray):
            raise TypeError(f"from_numpy takes a numpy array, not {type(array).__name__}")
        channels = array.shape[2] if array.ndim == 3 else 1
        fmt = format.upper() if isinstance(format, str) else format
        fmt = fmt or _NUMPY_FORMATS.get((array.dtype, array.ndim, channels))
        elements: Optional[List[Tuple[Any, int]]] = _ELEMENTS.get(fmt or "")
        why = (f"a {array.ndim}-D {array.dtype} array is no image format (formats: "
               f"{', '.join(str(k[0]) + ('' if k[1] == 2 else f' x{k[2]}') + ' -> ' + v for k, v in _NUMPY_FORMATS.items())}"
               f"; others by name: format=\"NV12\", ...)"
               if elements is None else
               f"{fmt} needs {elements[0][0].__name__} pixels with {elements[0][1]} value(s), not a {array.ndim}-D "
               f"{array.dtype} array" if np.dtype(elements[0][0]) != array.dtype or array.ndim != 2 + (elements[0][1] > 1)
               or (len(elements) == 1 and channels != elements[0][1]) else
               "its pixels are not contiguous" if array.strides[-1] != array.itemsize
               or (array.ndim == 3 and array.strides[1] != array.itemsize * channels) else
               "it is read-only" if not array.flags.writeable else None)
        if why:
            raise InvalidFormat(vx.VX_ERROR_INVALID_FORMAT, what, None, [why])
        if fmt in _STACKED:
            w, h = stacked_size(fmt, array.shape)
            planes = _stacked_planes(fmt, array, w, h)
        else:
            w, h, planes = array.shape[1], array.shape[0], [array]
            if fmt == "U1":
                w = 8 * array.shape[1] if width is None else size_of(width, "width", what)
                if not 8 * array.shape[1] - 8 < w <= 8 * array.shape[1]:
                    raise InvalidDimension(vx.VX_ERROR_INVALID_DIMENSION, what, None, [
                        f"width {w} does not fit {array.shape[1]} bytes of packed pixels a row"])
        addrs = ffi.new("vx_imagepatch_addressing_t[]", [{
            "dim_x": w, "dim_y": h, "stride_x": 0 if fmt == "U1" else plane.strides[1], "stride_x_bits": fmt == "U1",
            "stride_y": plane.strides[0], "step_x": 1, "step_y": 1,
            "scale_x": vx.VX_SCALE_UNITY, "scale_y": vx.VX_SCALE_UNITY} for plane in planes])
        ptrs = ffi.new("void *[]", [ffi.cast("void *", plane.ctypes.data) for plane in planes])
        img = cls.__new__(cls)
        Object.__init__(img, lib.vxCreateImageFromHandle(handle_of(context, "context", what), _format(fmt), addrs,
                                                         ptrs, vx.VX_MEMORY_TYPE_HOST), "vxCreateImageFromHandle")
        owner = img._owner
        assert owner is not None
        owner.keep = array
        if owner.context is not None:
            owner.context.sweep()
        return img
