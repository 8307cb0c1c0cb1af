"""The pyramid object: a fixed number of images, each `scale` times the size of the previous one.

The pyramid holds its levels (internal count) for its whole life. A level the application holds
(vxGetPyramidLevel) holds the pyramid in turn while its external count is above zero, so either
can be released first and the other stays valid.
"""
import math

from .. import constants as vx
from ..errors import attribute_name, check
from .dataobject import DataObject, adopt_children, drop_children
from .image import Image, check_geometry, format_name, settle


def is_orb(scale):
    """VX_SCALE_PYRAMID_ORB, 2^(-1/4), as a vx_float32 gives it."""
    return abs(scale - vx.VX_SCALE_PYRAMID_ORB) < 1e-7


def level_sizes(levels, scale, width, height):
    """Level 0 is width x height; each next level is ceil(previous * scale), fractions rounded up.
    ORB: level i is ceil(level 0 * 2^(-i/4)), the exact scale from level 0 (as other
    implementations and the conformance tests compute it: the rounding does not accumulate)."""
    if is_orb(scale):
        return [(math.ceil(width * 2 ** (-i / 4)), math.ceil(height * 2 ** (-i / 4))) for i in range(levels)]
    sizes = [(width, height)]
    for _ in range(1, levels):
        w, h = sizes[-1]
        sizes.append((math.ceil(w * scale), math.ceil(h * scale)))
    return sizes


class Pyramid(DataObject):
    vx_type = vx.VX_TYPE_PYRAMID

    def __init__(self, context, levels, scale, width, height, fmt, scope=None, virtual=False):
        check(levels > 0, vx.VX_ERROR_INVALID_PARAMETERS, "a pyramid has at least one level")
        check(0.0 < scale <= 1.0, vx.VX_ERROR_INVALID_PARAMETERS, f"scale {scale} is not in (0, 1]")
        check((width == 0) == (height == 0), vx.VX_ERROR_INVALID_DIMENSION,
              "width and height are both given or both left open")
        sizes = level_sizes(levels, scale, width, height)
        for w, h in sizes:
            check_geometry(fmt, w, h, virtual)
        super().__init__(context, scope, virtual)
        self.scale = scale
        self.width, self.height, self.format = width, height, fmt
        self.levels = [None] * len(sizes)
        adopt_children(self, self.levels, lambda i: Image(context, *sizes[i], fmt, scope, virtual))

    def level(self, index):
        check(index < len(self.levels), vx.VX_ERROR_INVALID_PARAMETERS,
              f"level {index} of a {len(self.levels)}-level pyramid", self)
        image = self.levels[index]
        image.retain()
        return image

    def set_accessible(self, on):
        super().set_accessible(on)
        for image in self.levels:
            image.set_accessible(on)

    # data object protocol ---------------------------------------------------------------------
    def make_like(self, context, scope=None, virtual=False):
        return Pyramid(context, len(self.levels), self.scale, self.width, self.height, self.format, scope, virtual)

    def meta(self):
        return {vx.VX_PYRAMID_LEVELS: len(self.levels), vx.VX_PYRAMID_SCALE: self.scale,
                vx.VX_PYRAMID_WIDTH: self.width, vx.VX_PYRAMID_HEIGHT: self.height,
                vx.VX_PYRAMID_FORMAT: self.format}

    def apply_meta(self, meta):
        """Levels and scale are fixed at creation; width, height and format may be open."""
        for attr, have in ((vx.VX_PYRAMID_LEVELS, len(self.levels)), (vx.VX_PYRAMID_SCALE, self.scale)):
            check(meta.get(attr, have) == have, vx.VX_ERROR_INVALID_PARAMETERS,
                  f"{self} has {attribute_name(attr)} = {have}, not {meta.get(attr)}", self)
        width = settle(self, "width", self.width, meta.get(vx.VX_PYRAMID_WIDTH, 0), 0, vx.VX_ERROR_INVALID_DIMENSION)
        height = settle(self, "height", self.height, meta.get(vx.VX_PYRAMID_HEIGHT, 0), 0, vx.VX_ERROR_INVALID_DIMENSION)
        fmt = settle(self, "format", self.format, meta.get(vx.VX_PYRAMID_FORMAT, vx.VX_DF_IMAGE_VIRT),
                     vx.VX_DF_IMAGE_VIRT, vx.VX_ERROR_INVALID_FORMAT, format_name)
        sizes = level_sizes(len(self.levels), self.scale, width, height)
        for w, h in sizes:
            check_geometry(fmt, w, h, self.virtual)
        for image, (w, h) in zip(self.levels, sizes):
            image.apply_meta({vx.VX_IMAGE_WIDTH: w, vx.VX_IMAGE_HEIGHT: h, vx.VX_IMAGE_FORMAT: fmt})
        self.width, self.height, self.format = width, height, fmt

    def reopen(self):
        for image in self.levels:
            image.reopen()
        return super().reopen()

    def restore(self, meta):
        """(the levels restore themselves in reopen)"""
        self.width, self.height, self.format = (meta[vx.VX_PYRAMID_WIDTH], meta[vx.VX_PYRAMID_HEIGHT],
                                                meta[vx.VX_PYRAMID_FORMAT])

    def on_destroy(self):
        drop_children(self.levels)
        self.levels = []

    def __repr__(self):
        return f"<pyramid {len(self.levels)} levels x{self.scale} {self.width}x{self.height}>"

