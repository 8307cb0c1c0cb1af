"""The image object: formats, memory, views (ROI and channel images) and their lifetimes.

The C descriptor (`pvx_image`, csrc/objects/image.h) is what fast paths read; this module fills it.
A root image owns its memory (`desc.mem`, the `pvx_memory` of every data object: all planes in one
block allocated on first access, or the application's planes when created from a handle); ROI
and channel images are views into their root's planes, share its map table and hold their parent
(internal count) while they live. Maps, copies and fills are done by csrc/objects/image.c, which checks
the request and records maps in that one table (csrc/objects/memory.c).
"""
import functools
import operator
import os
from types import MappingProxyType

from _pyopenvx import ffi, lib

from .. import constants as vx
from .. import reference
from ..errors import VxError, check
from ..reference import find
from .dataobject import DataObject, mark_part

# TIOVX's RGBX, VX_DF_IMAGE('R','G','B','X'): a format of its own laid out as RGBX, for TI code built
# with TIOVX's values (VX/vx_types.h, PYOPENVX_TIOVX_VALUES); the standard kernels take the spec's RGBX.
TIOVX_RGBX = 0x58424752
# format -> (planes as (bits per element, step_x, step_y), (width, height) alignment)
FORMATS = {
    vx.VX_DF_IMAGE_U1: (((1, 1, 1),), (1, 1)),
    vx.VX_DF_IMAGE_U8: (((8, 1, 1),), (1, 1)),
    vx.VX_DF_IMAGE_U16: (((16, 1, 1),), (1, 1)),
    vx.VX_DF_IMAGE_S16: (((16, 1, 1),), (1, 1)),
    vx.VX_DF_IMAGE_U32: (((32, 1, 1),), (1, 1)),
    vx.VX_DF_IMAGE_S32: (((32, 1, 1),), (1, 1)),
    vx.VX_DF_IMAGE_RGB: (((24, 1, 1),), (1, 1)),
    vx.VX_DF_IMAGE_RGBX: (((32, 1, 1),), (1, 1)),
    TIOVX_RGBX: (((32, 1, 1),), (1, 1)),
    vx.VX_DF_IMAGE_UYVY: (((16, 1, 1),), (2, 1)),
    vx.VX_DF_IMAGE_YUYV: (((16, 1, 1),), (2, 1)),
    vx.VX_DF_IMAGE_NV12: (((8, 1, 1), (16, 2, 2)), (2, 2)),
    vx.VX_DF_IMAGE_NV21: (((8, 1, 1), (16, 2, 2)), (2, 2)),
    vx.VX_DF_IMAGE_IYUV: (((8, 1, 1), (8, 2, 2), (8, 2, 2)), (2, 2)),
    vx.VX_DF_IMAGE_YUV4: (((8, 1, 1), (8, 1, 1), (8, 1, 1)), (1, 1)),
}
_YUV = (vx.VX_DF_IMAGE_UYVY, vx.VX_DF_IMAGE_YUYV, vx.VX_DF_IMAGE_NV12, vx.VX_DF_IMAGE_NV21,
        vx.VX_DF_IMAGE_IYUV, vx.VX_DF_IMAGE_YUV4)
_Y, _U, _V = vx.VX_CHANNEL_Y, vx.VX_CHANNEL_U, vx.VX_CHANNEL_V
# vxCreateImageFromChannel: the planar formats and the plane each channel is
CHANNEL_PLANES = {
    vx.VX_DF_IMAGE_IYUV: {_Y: 0, _U: 1, _V: 2},
    vx.VX_DF_IMAGE_YUV4: {_Y: 0, _U: 1, _V: 2},
    vx.VX_DF_IMAGE_NV12: {_Y: 0},
    vx.VX_DF_IMAGE_NV21: {_Y: 0},
}
SPACES = (vx.VX_COLOR_SPACE_NONE, vx.VX_COLOR_SPACE_BT601_525, vx.VX_COLOR_SPACE_BT601_625, vx.VX_COLOR_SPACE_BT709)
_INT32_MAX = 2**31 - 1
_MEMORY_LIMIT = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")


_FORMAT_NAMES = {getattr(vx, n): n[len("VX_DF_IMAGE_"):] for n in dir(vx) if n.startswith("VX_DF_IMAGE_")}
_FORMAT_NAMES[TIOVX_RGBX] = "RGBX (TIOVX)"


def format_name(fmt):
    """The spec's name of an image format (U8, RGB, NV12, ...); an unknown one as its hex value."""
    return _FORMAT_NAMES.get(fmt) or f"{fmt:#x}"


def _planes(fmt):
    return FORMATS[fmt][0] if fmt in FORMATS else ()


@functools.lru_cache(maxsize=256)
@functools.lru_cache(maxsize=256)
def plane_layout(fmt, width, height):
    """((bits, step_x, step_y, stride_y, rows), ...) of a packed image (cached: every creation asks)."""
    out = []
    for bits, sx, sy in _planes(fmt):
        cols, rows = -(-width // sx), -(-height // sy)
        out.append((bits, sx, sy, -(-cols * bits // 8), rows))
    return tuple(out)


@functools.lru_cache(maxsize=256)
def _allocatable(fmt, width, height):
    """Whether such an image's rows and planes fit (cached: verification asks per virtual output)."""
    layout = plane_layout(fmt, width, height)
    return all(stride <= _INT32_MAX for *_, stride, _ in layout) and \
        sum(stride * rows for *_, stride, rows in layout) <= _MEMORY_LIMIT


def check_geometry(fmt, width, height, virtual=False):
    """Refuses what no image of that format and size can be (0 and VIRT only for virtual images).
    Messages are built only for a refusal: this runs on every creation."""
    if fmt not in FORMATS and not (virtual and fmt == vx.VX_DF_IMAGE_VIRT):
        raise VxError(vx.VX_ERROR_INVALID_FORMAT, f"format {format_name(fmt)} is not an image format"
                      + ("" if virtual else " for a non-virtual image"))
    if not virtual and (width == 0 or height == 0):
        raise VxError(vx.VX_ERROR_INVALID_DIMENSION, f"image size {width}x{height} is empty")
    if fmt in FORMATS:
        ax, ay = FORMATS[fmt][1]
        if width % ax or height % ay:
            raise VxError(vx.VX_ERROR_INVALID_DIMENSION, f"{format_name(fmt)} needs a width multiple of {ax} "
                          f"and a height multiple of {ay}")
        if not _allocatable(fmt, width, height):
            raise VxError(vx.VX_ERROR_NO_MEMORY, f"a {width}x{height} {format_name(fmt)} image cannot be allocated")


def settle(obj, what, have, wanted, open_value, status, show=str):
    """apply_meta: an open value takes what is wanted; a set one must already be it."""
    if not (have == open_value or wanted in (open_value, have)):     # (verification calls this per output)
        raise VxError(status, f"{obj} has {what} {show(have)}, not {show(wanted)}", obj)
    return have if have != open_value else wanted


def pixel_patterns(fmt, value):
    """The byte pattern each plane repeats to hold `value` (a vx_pixel_value_t) everywhere."""
    raw = bytes(ffi.buffer(value))
    yuv = raw[:3]
    if fmt == vx.VX_DF_IMAGE_U1:
        return [b"\xff" if ffi.cast("vx_pixel_value_t *", value).U1 else b"\x00"]
    if fmt in (vx.VX_DF_IMAGE_IYUV, vx.VX_DF_IMAGE_YUV4):
        return [yuv[0:1], yuv[1:2], yuv[2:3]]
    return {
        vx.VX_DF_IMAGE_YUYV: [bytes((yuv[0], yuv[1], yuv[0], yuv[2]))],
        vx.VX_DF_IMAGE_UYVY: [bytes((yuv[1], yuv[0], yuv[2], yuv[0]))],
        vx.VX_DF_IMAGE_NV12: [yuv[0:1], yuv[1:3]],
        vx.VX_DF_IMAGE_NV21: [yuv[0:1], bytes((yuv[2], yuv[1]))],
    }.get(fmt) or [raw[: _planes(fmt)[0][0] // 8]]


_PVX_IMAGE, _BYTES = ffi.typeof("pvx_image *"), ffi.typeof("uint8_t *")
_ROOT_ORIGINS = tuple(tuple((p, 0, 0) for p in range(n)) for n in range(5))   # a root's planes are its own


def serve_in_c():
    """What vxCreateImage and vxCreateImageFromHandle may make in C without asking
    (csrc/objects/image_lazy.c): every format, its alignment, colour space, and sizes up to the machine's
    memory (check_geometry's policy)."""
    for fmt, (_, (ax, ay)) in FORMATS.items():
        space = vx.VX_COLOR_SPACE_DEFAULT if fmt in _YUV else vx.VX_COLOR_SPACE_NONE
        lib.pvx_image_serve(fmt, ax, ay, space, _MEMORY_LIMIT)


class Image(DataObject):
    vx_type = vx.VX_TYPE_IMAGE
    # read-only empties, nearly always kept: an image's own list or dict from its first entry
    # (fewer objects made and freed per image: a graph's virtual images die with it)
    views = ()                                 # live ROI/channel images of this image
    accesses = MappingProxyType({})            # vxAccessImagePatch: user pointer -> how it was accessed

    def __init__(self, context, width, height, fmt, scope=None, virtual=False, parent=None):
        super().__init__(context, scope, virtual)
        self._own(ffi.new(_PVX_IMAGE), parent)
        self.desc.space = vx.VX_COLOR_SPACE_DEFAULT if fmt in _YUV else vx.VX_COLOR_SPACE_NONE
        self.desc.range = vx.VX_CHANNEL_RANGE_FULL
        self.desc.memory_type = vx.VX_MEMORY_TYPE_NONE
        if parent is None:
            lib.pvx_memory_init(self.mem, 0)
        else:
            lib.pvx_memory_view(self.mem, parent.root.mem)
            parent.retain(internal=True)
            if not parent.views:              # (the class's empty tuple until its first view)
                parent.views = []
            parent.views.append(self)
            mark_part(self)
            self.desc.memory_type = parent.desc.memory_type
            self.desc.space, self.desc.range = parent.desc.space, parent.desc.range
        self._set_geometry(width, height, fmt)
        self.h.desc = self.desc

    def _own(self, desc, parent):
        self.desc = desc
        self.parent_image = parent    # ROI/channel images: the image they view (held, internal)
        self.root = parent.root if parent is not None else self
        self.view_origin = []         # per plane: (root plane, x, y) of this view in the root
        self.mem = ffi.addressof(desc[0], "mem")
        self.base = None              # root: per plane, the memory (cdata) or None
        self.swappable = False       # created from a handle: the application owns the memory and may swap it
        self.lender = None            # whose storage verification lent this image (graph/aliasing.py)
        self.uniform_patterns = None

    # creation ---------------------------------------------------------------------------------
    @classmethod
    def adopt(cls, handle, desc):
        """The object of an image vxCreateImage, vxCreateImageFromHandle or vxCreateVirtualImage made
        in C (csrc/objects/image_lazy.c), which Python meets now: its handle, counts and descriptor (a
        root: the application's planes, or its own memory attached if a map needed it), and a virtual
        one its graph."""
        img = cls.__new__(cls)
        graph = lib.pvx_lazy_scope(desc)            # (a virtual image's)
        virtual = graph != ffi.NULL
        DataObject.__init__(img, find(handle.context), find(graph) if virtual else None, virtual, handle=handle)
        desc = ffi.gc(ffi.cast(_PVX_IMAGE, desc), lib.pvx_lazy_free_made)
        img._own(desc, None)
        img.view_origin = _ROOT_ORIGINS[desc.planes]
        img.swappable = bool(desc.mem.borrowed)
        if desc.plane[0].ptr != ffi.NULL:
            img.base = [desc.plane[p].ptr for p in range(desc.planes)] if img.swappable else img._plane_bases()
        return img

    @classmethod
    def create(cls, context, width, height, fmt, scope=None, virtual=False):
        check_geometry(fmt, width, height, virtual)
        return cls(context, width, height, fmt, scope, virtual)

    @classmethod
    def uniform(cls, context, width, height, fmt, value):
        check_geometry(fmt, width, height)
        img = cls(context, width, height, fmt)
        img.uniform_patterns = pixel_patterns(fmt, value)
        img.desc.uniform = vx.vx_true_e
        ffi.memmove(ffi.addressof(img.desc.uniform_value), value, ffi.sizeof("vx_pixel_value_t"))
        return img

    @classmethod
    def from_handle(cls, context, fmt, addrs, ptrs, memory_type):
        check(memory_type in (vx.VX_MEMORY_TYPE_HOST, vx.VX_MEMORY_TYPE_NONE), vx.VX_ERROR_INVALID_PARAMETERS,
              f"memory type {memory_type:#x} is not VX_MEMORY_TYPE_HOST or VX_MEMORY_TYPE_NONE")
        check(addrs != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, "addrs is NULL")
        check(fmt in FORMATS, vx.VX_ERROR_INVALID_FORMAT, f"format {format_name(fmt)} is not an image format")
        width, height = addrs[0].dim_x, addrs[0].dim_y
        check_geometry(fmt, width, height)
        layout = plane_layout(fmt, width, height)
        for p, (bits, _, _, row, _) in enumerate(layout):
            a = addrs[p]
            stride_x_ok = (a.stride_x == 0 and a.stride_x_bits == 1) if bits == 1 else a.stride_x == bits // 8
            check(stride_x_ok, vx.VX_ERROR_INVALID_PARAMETERS,
                  f"plane {p}: stride_x {a.stride_x} is not the element size {bits // 8}"
                  + (" (U1: stride_x 0, stride_x_bits 1)" if bits == 1 else ""))
            check(a.stride_y >= row, vx.VX_ERROR_INVALID_PARAMETERS,
                  f"plane {p}: stride_y {a.stride_y} is smaller than a row ({row} bytes)")
        base = None
        if memory_type == vx.VX_MEMORY_TYPE_HOST:
            check(ptrs != ffi.NULL and all(ptrs[p] != ffi.NULL for p in range(len(layout))),
                  vx.VX_ERROR_INVALID_PARAMETERS, "a plane pointer is NULL")
            base = [ffi.cast("uint8_t *", ptrs[p]) for p in range(len(layout))]
        img = cls(context, width, height, fmt)
        img.swappable = True
        img.mem.borrowed = 1
        img.desc.memory_type = vx.VX_MEMORY_TYPE_HOST
        for p in range(len(layout)):
            img.desc.plane[p].stride_y = addrs[p].stride_y
        img.base = base
        img._describe_planes()
        return img

    def roi(self, rect):
        check(rect != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, "rectangle is NULL")
        check(self.format in FORMATS, vx.VX_ERROR_INVALID_PARAMETERS, f"{self} has no format yet", self)
        x0, y0, x1, y1 = rect.start_x, rect.start_y, rect.end_x, rect.end_y
        check(x0 < x1 <= self.width and y0 < y1 <= self.height, vx.VX_ERROR_INVALID_PARAMETERS,
              f"rectangle ({x0},{y0})-({x1},{y1}) is empty or outside the {self.width}x{self.height} image", self)
        ax, ay = FORMATS[self.format][1]
        start_x = 8 if self.format == vx.VX_DF_IMAGE_U1 else ax
        check(x0 % start_x == 0 and y0 % ay == 0 and (x1 - x0) % ax == 0 and (y1 - y0) % ay == 0,
              vx.VX_ERROR_INVALID_PARAMETERS, f"a {format_name(self.format)} ROI starts at multiples of "
              f"({start_x},{ay}) and has a size multiple of ({ax},{ay})", self)
        child = Image(self.context, x1 - x0, y1 - y0, self.format, self.scope, self.virtual, parent=self)
        child.view_origin = [(rp, x + x0 // sx, y + y0 // sy)
                             for (rp, x, y), (_, sx, sy) in zip(self.view_origin, _planes(self.format))]
        for p in range(self.planes):
            child.desc.plane[p].stride_y = self.desc.plane[p].stride_y
        v = self.desc.valid
        child.desc.valid = (max(v.start_x, x0) - x0, max(v.start_y, y0) - y0,
                            max(min(v.end_x, x1), x0) - x0, max(min(v.end_y, y1), y0) - y0)
        child._describe_planes()
        return child

    def channel(self, channel):
        planes = CHANNEL_PLANES.get(self.format)
        check(planes is not None, vx.VX_ERROR_INVALID_PARAMETERS,
              f"{format_name(self.format)} images have no channel planes (IYUV, YUV4, NV12, NV21 do)", self)
        check(channel in planes, vx.VX_ERROR_INVALID_PARAMETERS,
              f"channel {channel:#x} is not a plane of {format_name(self.format)}", self)
        p = planes[channel]
        _, sx, sy = _planes(self.format)[p]
        child = Image(self.context, -(-self.width // sx), -(-self.height // sy), vx.VX_DF_IMAGE_U8,
                      self.scope, self.virtual, parent=self)
        child.view_origin = [self.view_origin[p]]
        child.desc.plane[0].stride_y = self.desc.plane[p].stride_y
        child._describe_planes()
        return child

    # geometry ---------------------------------------------------------------------------------
    def _set_geometry(self, width, height, fmt):
        """A packed root layout (csrc/objects/image.c); views then set their origins and strides."""
        lib.pvx_image_describe(self.desc, fmt, width, height)
        if self.parent_image is None:
            self.view_origin = _ROOT_ORIGINS[self.desc.planes]
        if self.root.base is not None:
            self._publish()

    def _describe_planes(self):
        d = self.desc
        size = 0
        for p, (bits, sx, sy, _, rows) in enumerate(plane_layout(self.format, self.width, self.height)):
            pl = d.plane[p]
            pl.bits, pl.step_x, pl.step_y = bits, sx, sy
            pl.root_plane, pl.root_x, pl.root_y = self.view_origin[p] if p < len(self.view_origin) else (p, 0, 0)
            size += pl.stride_y * rows
        d.size = size
        self._publish()

    def _publish(self):
        """Points every plane of this image and of its views at the root's memory (or NULL)."""
        base, d = self.root.base, self.desc
        for p in range(d.planes):
            pl = d.plane[p]
            if base is None:
                pl.ptr = ffi.NULL
            elif self.parent_image is None:   # a root's plane p starts its block's plane p (pvx_image_describe)
                pl.ptr = base[p]
            else:
                pl.ptr = base[pl.root_plane] + pl.root_y * pl.stride_y + pl.root_x * pl.bits // 8
        for view in self.views:
            view._publish()

    def _attach(self, base):
        self.base = base
        self._publish()

    def allocate(self, frame=None):
        """Attaches memory to the root on first access; False if there is none to attach (an
        image from a handle without one, or a virtual image whose size is still open). `frame`:
        (left, top, right, bottom) of a single-plane image whose one writer writes every pixel
        inside them: only the frame is zeroed (verification's virtual images: a kept block's
        memset of 8 MB at 4K was most of openvx-mark's VerifyChain, issue 32)."""
        root = self.root
        if root.base is not None or root.swappable or root.format not in FORMATS or not root.width:
            return False
        root.mem.bytes = root.desc.size
        dirty = lib.pvx_memory_alloc(root.mem) if frame is None else lib.pvx_memory_alloc_unzeroed(root.mem)
        if dirty < 0:
            raise VxError(vx.VX_ERROR_NO_MEMORY, f"no memory for {root}", self)
        root._attach(root._plane_bases())
        if dirty:
            lib.pvx_image_zero_frame(root.desc, *frame)
        for p, pattern in enumerate(root.uniform_patterns or ()):
            root.fill_plane(p, pattern, force=True)
        return True

    def _plane_bases(self):
        """Each plane's start in the root's block (planes one after another)."""
        base, planes, at = ffi.cast(_BYTES, self.mem.base), [], 0
        if self.desc.planes == 1:            # (the usual image: no layout to ask)
            return [base]
        for *_, stride, rows in plane_layout(self.format, self.width, self.height):
            planes.append(base + at)
            at += stride * rows
        return planes

    # attributes -------------------------------------------------------------------------------
    # (getters in C, no Python frame: verification asks these per node)
    width = property(operator.attrgetter("desc.width"))
    height = property(operator.attrgetter("desc.height"))
    format = property(operator.attrgetter("desc.format"))
    planes = property(operator.attrgetter("desc.planes"))
    is_uniform = property(operator.attrgetter("desc.uniform"))      # (a vx_bool)

    def set_space(self, space):
        check(space in SPACES, vx.VX_ERROR_INVALID_VALUE, f"color space {space:#x} is not a vx_color_space_e", self)
        self.desc.space = space

    def valid_rect(self):
        v = self.desc.valid
        return (v.start_x, v.start_y, v.end_x, v.end_y)

    def set_valid_rect(self, rect):
        if rect == ffi.NULL:
            self.desc.valid = (0, 0, self.width, self.height)
            return
        check(rect.start_x <= rect.end_x <= self.width and rect.start_y <= rect.end_y <= self.height,
              vx.VX_ERROR_INVALID_PARAMETERS, "valid rectangle is outside the image", self)
        self.desc.valid = rect[0]

    # access -----------------------------------------------------------------------------------
    def access(self, fn, *args):
        """Runs a csrc access function (map, unmap, copy, fill) on the descriptor; attaches memory
        on the first access that needs it; a refusal becomes VxError with csrc's reason."""
        why = ffi.new("char *[1]")
        status = fn(self.desc, *args, why)
        if status == vx.VX_ERROR_NO_MEMORY and self.allocate():
            status = fn(self.desc, *args, why)
        if status != vx.VX_SUCCESS:
            raise VxError(status, ffi.string(why[0]).decode(), self)

    def fill_plane(self, p, pattern, force=False):
        check(force or not self.is_uniform, vx.VX_ERROR_NOT_SUPPORTED, "a uniform image is read-only", self)
        self.access(lib.pvx_image_fill, p, pattern, len(pattern))

    def set_pixels(self, value):
        check(not self.is_uniform, vx.VX_ERROR_NOT_SUPPORTED, "a uniform image is read-only", self)
        for p, pattern in enumerate(pixel_patterns(self.format, value)):
            self.fill_plane(p, pattern)

    def swap(self, new_ptrs, prev_ptrs, num_planes):
        check(self.swappable and self.parent_image is None, vx.VX_ERROR_INVALID_PARAMETERS,
              "only images created from a handle swap handles (ROI and channel images follow their parent)", self)
        check(num_planes == self.planes, vx.VX_ERROR_INVALID_PARAMETERS,
              f"num_planes is {num_planes}, the image has {self.planes}", self)
        check(new_ptrs == ffi.NULL or all(new_ptrs[p] != ffi.NULL for p in range(num_planes)),
              vx.VX_ERROR_INVALID_PARAMETERS, "a new plane pointer is NULL", self)
        check(lib.pvx_map_count(self.mem) == 0, vx.VX_FAILURE, "the image memory is mapped", self)
        if prev_ptrs != ffi.NULL:
            for p in range(num_planes):
                prev_ptrs[p] = ffi.NULL if self.base is None else self.base[p]
        self._attach(None if new_ptrs == ffi.NULL else [ffi.cast("uint8_t *", new_ptrs[p]) for p in range(num_planes)])

    # data object protocol ---------------------------------------------------------------------
    def make_like(self, context, scope=None, virtual=False):
        return Image.create(context, self.width, self.height, self.format, scope, virtual)

    def meta(self):
        d = self.desc
        return {vx.VX_IMAGE_WIDTH: d.width, vx.VX_IMAGE_HEIGHT: d.height, vx.VX_IMAGE_FORMAT: d.format}

    def apply_meta(self, meta):
        width = settle(self, "width", self.width, meta.get(vx.VX_IMAGE_WIDTH, 0), 0, vx.VX_ERROR_INVALID_DIMENSION)
        height = settle(self, "height", self.height, meta.get(vx.VX_IMAGE_HEIGHT, 0), 0, vx.VX_ERROR_INVALID_DIMENSION)
        fmt = settle(self, "format", self.format, meta.get(vx.VX_IMAGE_FORMAT, vx.VX_DF_IMAGE_VIRT),
                     vx.VX_DF_IMAGE_VIRT, vx.VX_ERROR_INVALID_FORMAT, format_name)
        if (width, height, fmt) != (self.width, self.height, self.format):
            check_geometry(fmt, width, height, virtual=True)
            self._reshape(width, height, fmt)

    def restore(self, meta):
        self._reshape(meta[vx.VX_IMAGE_WIDTH], meta[vx.VX_IMAGE_HEIGHT], meta[vx.VX_IMAGE_FORMAT])

    def _reshape(self, width, height, fmt):
        """A virtual root image takes another geometry. Its memory stays while the geometry is
        open (nothing can access it), and serves the new geometry if that needs the same bytes;
        otherwise it goes (the next access allocates again)."""
        if self.views or self.parent_image is not None:
            raise VxError(vx.VX_ERROR_INVALID_PARAMETERS, f"{self} has views or is one: its geometry cannot change", self)
        base = self.base
        if base is not None:
            if lib.pvx_map_count(self.mem):
                raise VxError(vx.VX_FAILURE, f"{self} is mapped: its geometry cannot change", self)
            if width and height and fmt in FORMATS:
                self.base = None
        self._set_geometry(width, height, fmt)
        if base is not None and self.base is None:
            if self.desc.size == self.mem.bytes:
                self._attach(self._plane_bases())
            else:
                lib.pvx_memory_free(self.mem)

    # lifetime ---------------------------------------------------------------------------------
    def on_destroy(self):
        # (the handle's descriptor pointer goes with the handle, reference.destroy_all; the descriptor
        # itself lives as long as this object)
        if self.parent_image is not None:
            self.parent_image.views.remove(self)
            if self.parent_image.alive:
                self.parent_image.release(internal=True)
        lib.pvx_memory_free(self.mem)
        self.base = None
        self.root = None                      # (a root image is its own: no cycle to wait a collection for)

    def __repr__(self):
        fmt = format_name(self.format) if self.format != vx.VX_DF_IMAGE_VIRT else "VIRT"
        kind = "virtual image" if self.virtual else "image"
        return f"<{kind} {self.width}x{self.height} {fmt}{' ' + repr(self.name) if self.alive and self.name else ''}>"


reference.ADOPT[vx.VX_TYPE_IMAGE] = Image.adopt
serve_in_c()
