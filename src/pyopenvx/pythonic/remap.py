"""Remaps for the Pythonic layer: for each destination pixel, the source coordinates to sample.

    r = Remap(ctx, (640, 480), (320, 240))          # source size, destination size (width, height)
    r.set(coords)                                    # float32 (240, 320, 2): x, y per pixel
    Remap.from_numpy(ctx, coords, (640, 480))        # the same in one call
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Tuple

import numpy as np

from .. import constants as vx
from ..api import ffi, lib
from .base import Object, attribute, check, settled_attribute
from .dataobjects import exact

if TYPE_CHECKING:
    from .context import Context

HOST = vx.VX_MEMORY_TYPE_HOST


class Remap(Object):
    """A table of source coordinates per destination pixel (see the module's docstring)."""
    _release = lib.vxReleaseRemap
    _ctype = "vx_remap"
    vx_type = vx.VX_TYPE_REMAP

    def __init__(self, context: "Context", source_size: Tuple[int, int], destination_size: Tuple[int, int]) -> None:
        (sw, sh), (dw, dh) = source_size, destination_size
        super().__init__(lib.vxCreateRemap(context.handle, sw, sh, dw, dh), f"vxCreateRemap({sw}x{sh} -> {dw}x{dh})")

    @classmethod
    def from_numpy(cls, context: "Context", coordinates: np.ndarray, source_size: Tuple[int, int]) -> "Remap":
        """A remap whose destination is `coordinates`' (height, width) and whose table it is."""
        remap = cls(context, source_size, (coordinates.shape[1], coordinates.shape[0]))
        remap.set(coordinates)
        return remap

    # the attributes' getters are their readers themselves (base.attribute: one Python frame a read)
    source_size: Tuple[int, int] = attribute(settled_attribute("_source_size", lambda self: (
        self.query("vxQueryRemap", vx.VX_REMAP_SOURCE_WIDTH, "vx_uint32"),
        self.query("vxQueryRemap", vx.VX_REMAP_SOURCE_HEIGHT, "vx_uint32"))), """(width, height) of the images it reads.""")
    destination_size: Tuple[int, int] = attribute(settled_attribute("_destination_size", lambda self: (
        self.query("vxQueryRemap", vx.VX_REMAP_DESTINATION_WIDTH, "vx_uint32"),
        self.query("vxQueryRemap", vx.VX_REMAP_DESTINATION_HEIGHT, "vx_uint32"))), """(width, height) of the images it writes.""")

    def _copy(self, array, usage):
        height, width = array.shape[:2]
        rect = ffi.new("vx_rectangle_t *", (0, 0, width, height))
        check(lib.vxCopyRemapPatch(self.handle, rect, array.strides[0], ffi.from_buffer(array),
                                   vx.VX_TYPE_COORDINATES2DF, usage, HOST), "vxCopyRemapPatch", self)

    def to_numpy(self) -> np.ndarray:
        """A copy of the table: float32 (height, width, 2), x then y."""
        width, height = self.destination_size
        out = np.empty((height, width, 2), np.float32)
        self._copy(out, vx.VX_READ_ONLY)
        return out

    def set(self, coordinates: np.ndarray) -> None:
        """Copies in a float32 (height, width, 2) table of source x, y."""
        width, height = self.destination_size
        coordinates = exact(coordinates, np.dtype(np.float32), "vxCopyRemapPatch", self)
        if coordinates.shape != (height, width, 2):
            raise ValueError(f"coordinates of shape {coordinates.shape}, not {(height, width, 2)}")
        self._copy(coordinates, vx.VX_WRITE_ONLY)

    def _describe_state(self):
        (sw, sh), (dw, dh) = self.source_size, self.destination_size
        return f"{sw}x{sh} -> {dw}x{dh}"
