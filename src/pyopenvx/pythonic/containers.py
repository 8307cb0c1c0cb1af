"""Pyramids and object arrays: objects made of items, each item an owned wrapper.

    pyr = Pyramid(ctx, 4, "half", 640, 480, "U8")
    level1 = pyr[1]                     # an Image (320x240)
    arr = ObjectArray(ctx, Image(ctx, 64, 48), 3)
    first = arr[0]
"""
from __future__ import annotations

from typing import Any, Dict, Iterator, List, Optional, Union

import numpy as np

from .. import constants as vx
from ..api import lib
from .base import ContextLike, GraphLike, Object, attribute, check, reader, settled_attribute, wrap_reference
from .dataobjects import _context_of
from .image import Image, _format, format_name


SCALES: Dict[Any, float] = {"half": vx.VX_SCALE_PYRAMID_HALF, "orb": vx.VX_SCALE_PYRAMID_ORB}


class _Items(Object):
    """len() and indexing (negative too) over `_item(index)`."""

    def __len__(self) -> int:
        raise NotImplementedError

    def _item(self, index: int) -> Optional[Object]:
        raise NotImplementedError

    def __getitem__(self, index: int) -> Optional[Object]:
        count = len(self)
        if not -count <= index < count:
            raise IndexError(f"{type(self).__name__} index {index} out of range (it has {count})")
        return self._item(index % count)

    def __iter__(self) -> Iterator[Optional[Object]]:
        return (self[i] for i in range(len(self)))


class Pyramid(_Items):
    """`levels` images, each `scale` ("half", "orb" or a float) times the previous one."""
    _release = lib.vxReleasePyramid
    _ctype = "vx_pyramid"
    vx_type = vx.VX_TYPE_PYRAMID

    def __init__(self, context: ContextLike, levels: int, scale: Union[str, float], width: int, height: int,
                 format: Union[str, int] = "U8") -> None:
        super().__init__(lib.vxCreatePyramid(context.handle, levels, SCALES.get(scale, scale), width, height,
                                             _format(format)), f"vxCreatePyramid({levels} levels)")

    @classmethod
    def virtual(cls, graph: GraphLike, levels: int, scale: Union[str, float], width: int = 0, height: int = 0,
                format: Union[str, int] = "VIRT") -> "Pyramid":
        """A virtual pyramid of `graph`; what is left 0/VIRT comes from the graph's meta data."""
        pyramid = cls.wrap(lib.vxCreateVirtualPyramid(graph.handle, levels, SCALES.get(scale, scale), width, height,
                                                      _format(format)), True, "vxCreateVirtualPyramid")
        pyramid._virtual = True
        return pyramid

    def like(self) -> "Pyramid":
        """A new (real) pyramid of the same levels, scale, size and format."""
        return Pyramid(_context_of(self), len(self), self.scale, self.query("vxQueryPyramid", vx.VX_PYRAMID_WIDTH, "vx_uint32"),
                       self.query("vxQueryPyramid", vx.VX_PYRAMID_HEIGHT, "vx_uint32"), self.format)

    def to_numpy(self) -> List[np.ndarray]:
        """A copy of each level, largest first."""
        return [level.to_numpy() for level in self]  # type: ignore[union-attr]

    def __len__(self) -> int:
        return self.settled("_levels", lambda: self.query("vxQueryPyramid", vx.VX_PYRAMID_LEVELS, "vx_size"))

    # the attributes' getters are their readers themselves (base.attribute: one Python frame a read)
    scale: float = attribute(settled_attribute("_scale", reader("vxQueryPyramid", vx.VX_PYRAMID_SCALE, "vx_float32")),
                             """The ratio between two levels (0.5 for "half").""")
    format: str = attribute(settled_attribute("_format", lambda self: format_name(
        self.query("vxQueryPyramid", vx.VX_PYRAMID_FORMAT, "vx_df_image")), "VIRT"), """The levels' format name.""")

    def _item(self, index):
        return Image.wrap(lib.vxGetPyramidLevel(self.handle, index), True, f"vxGetPyramidLevel({index})")

    def _describe_state(self):
        width = self.query("vxQueryPyramid", vx.VX_PYRAMID_WIDTH, "vx_uint32")
        height = self.query("vxQueryPyramid", vx.VX_PYRAMID_HEIGHT, "vx_uint32")
        return f"{len(self)} levels x{self.scale:.3g} from {width}x{height} {self.format}"


class ObjectArray(_Items):
    """`count` objects like `exemplar` (an image, array, scalar, ...)."""
    _release = lib.vxReleaseObjectArray
    _ctype = "vx_object_array"
    vx_type = vx.VX_TYPE_OBJECT_ARRAY

    def __init__(self, context: ContextLike, exemplar: Object, count: int) -> None:
        super().__init__(lib.vxCreateObjectArray(context.handle, exemplar.reference, count),
                         f"vxCreateObjectArray({count})")

    def __len__(self) -> int:
        return self.settled("_count", lambda: self.query("vxQueryObjectArray", vx.VX_OBJECT_ARRAY_NUMITEMS, "vx_size"))

    def _item(self, index):
        ref = lib.vxGetObjectArrayItem(self.handle, index)
        check(lib.vxGetStatus(ref), f"vxGetObjectArrayItem({index})", self)
        return wrap_reference(ref, owned=True)

    def _describe_state(self):
        return f"{len(self)} items"
