"""Images for Python programs, over the exported C API (the same calls a C program
makes). Maps are numpy views of the image memory, valid inside their `with` block."""
import contextlib

import numpy as np

from .. import constants as vx
from ..api import ffi, lib
from .base import Object, check
from .errors import InvalidFormat

# format -> per plane: (numpy dtype, values per element); U1 planes are packed bytes, 8 pixels each
_ELEMENTS = {
    "U1": [(np.uint8, 1)], "U8": [(np.uint8, 1)], "U16": [(np.uint16, 1)], "S16": [(np.int16, 1)],
    "U32": [(np.uint32, 1)], "S32": [(np.int32, 1)], "RGB": [(np.uint8, 3)], "RGBX": [(np.uint8, 4)],
    "UYVY": [(np.uint8, 2)], "YUYV": [(np.uint8, 2)], "NV12": [(np.uint8, 1), (np.uint8, 2)],
    "NV21": [(np.uint8, 1), (np.uint8, 2)], "IYUV": [(np.uint8, 1)] * 3, "YUV4": [(np.uint8, 1)] * 3,
}
_FORMATS = {getattr(vx, f"VX_DF_IMAGE_{name}"): name for name in _ELEMENTS}


def format_name(fmt):
    return _FORMATS.get(fmt) or f"{fmt:#x}"
_USAGES = {"r": vx.VX_READ_ONLY, "w": vx.VX_WRITE_ONLY, "rw": vx.VX_READ_AND_WRITE}


def _format(fmt):
    """A vx_df_image from a name ("U8", "rgb", "VIRT") or the value itself."""
    if isinstance(fmt, str):
        value = getattr(vx, f"VX_DF_IMAGE_{fmt.upper()}", None)
        if value is None:
            raise InvalidFormat(vx.VX_ERROR_INVALID_FORMAT, f"image format {fmt!r}: not one of {', '.join(_ELEMENTS)}")
        return value
    return fmt


class Image(Object):
    """An image of a context; `map` gives numpy views, `to_numpy`/`write` copy."""

    _release = lib.vxReleaseImage
    _ctype = "vx_image"
    vx_type = vx.VX_TYPE_IMAGE

    def __init__(self, context, width, height, format="U8"):
        super().__init__(lib.vxCreateImage(context.handle, width, height, _format(format)),
                         f"vxCreateImage({width}x{height} {format_name(_format(format))})")

    @classmethod
    def virtual(cls, graph, width=0, height=0, format="VIRT"):
        """A virtual image of `graph`; what is left 0/VIRT comes from the graph's meta data."""
        return cls.wrap(lib.vxCreateVirtualImage(graph.handle, width, height, _format(format)), True,
                        "vxCreateVirtualImage")

    def _describe_state(self):
        return f"{self.width}x{self.height} {self.format}"

    def _query(self, attribute, ctype):
        return self.query("vxQueryImage", attribute, ctype)

    width = property(lambda self: self._query(vx.VX_IMAGE_WIDTH, "vx_uint32"))
    height = property(lambda self: self._query(vx.VX_IMAGE_HEIGHT, "vx_uint32"))
    format = property(lambda self: _FORMATS[self._query(vx.VX_IMAGE_FORMAT, "vx_df_image")])
    planes = property(lambda self: self._query(vx.VX_IMAGE_PLANES, "vx_size"))

    def _rect(self, rect):
        return ffi.new("vx_rectangle_t *", rect or (0, 0, self.width, self.height))

    def _shape(self, plane, addr):
        """(shape, strides, dtype) of a patch described by `addr`, in plane elements."""
        dtype, values = _ELEMENTS[self.format][plane]
        rows = -(-addr.dim_y // addr.step_y)
        if addr.stride_x == 0:                              # U1: packed bytes
            return (rows, -(-addr.dim_x // 8)), (addr.stride_y, 1), np.dtype(dtype)
        cols = -(-addr.dim_x // addr.step_x)
        item = np.dtype(dtype).itemsize
        shape, strides = (rows, cols), (addr.stride_y, addr.stride_x)
        if values > 1:
            shape, strides = shape + (values,), strides + (item,)
        return shape, strides, np.dtype(dtype)

    @contextlib.contextmanager
    def map(self, rect=None, plane=0, usage="rw"):
        """A numpy view of the patch `rect` (start_x, start_y, end_x, end_y) of a plane; the map
        is released at the end of the block, and the view is made read-only then."""
        map_id, addr, ptr = ffi.new("vx_map_id *"), ffi.new("vx_imagepatch_addressing_t *"), ffi.new("void **")
        check(lib.vxMapImagePatch(self.handle, self._rect(rect), plane, map_id, addr, ptr, _USAGES[usage],
                                   vx.VX_MEMORY_TYPE_HOST, 0), "vxMapImagePatch")
        try:
            shape, strides, dtype = self._shape(plane, addr)
            nbytes = (shape[0] - 1) * strides[0] + shape[1] * strides[1]
            view = np.ndarray(shape, dtype, buffer=self._view_buffer(ptr[0], nbytes), strides=strides)
            view.flags.writeable = usage != "r"
            yield view
            view.flags.writeable = False
        finally:
            check(lib.vxUnmapImagePatch(self.handle, map_id[0]), "vxUnmapImagePatch", self)

    def _copy(self, array, rect, plane, usage):
        addr = ffi.new("vx_imagepatch_addressing_t *")
        r = self._rect(rect)
        addr.dim_x, addr.dim_y = r.end_x - r.start_x, r.end_y - r.start_y
        addr.stride_y = array.strides[0]
        if self.format == "U1":
            addr.stride_x, addr.stride_x_bits = 0, 1
        else:
            addr.stride_x = array.strides[1]
        check(lib.vxCopyImagePatch(self.handle, r, plane, addr, ffi.from_buffer(array, require_writable=usage == vx.VX_READ_ONLY),
                                    usage, vx.VX_MEMORY_TYPE_HOST), "vxCopyImagePatch")

    def to_numpy(self, rect=None, plane=0):
        """A copy of the patch (vxCopyImagePatch)."""
        with self.map(rect, plane, "r") as view:
            out = np.empty_like(view)
        self._copy(out, rect, plane, vx.VX_READ_ONLY)
        return out

    def write(self, array, rect=None, plane=0):
        """Copies `array` (shaped as `to_numpy` returns) into the patch."""
        with self.map(rect, plane, "r") as view:
            expected = view.shape, view.dtype
        array = np.ascontiguousarray(array, dtype=expected[1])
        if array.shape != expected[0]:
            raise ValueError(f"array shape {array.shape} is not the patch shape {expected[0]}")
        self._copy(array, rect, plane, vx.VX_WRITE_ONLY)
