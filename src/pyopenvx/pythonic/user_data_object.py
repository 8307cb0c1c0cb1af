"""User data objects from Python: numpy views of their bytes without copies, through the C API.

    from pyopenvx.pythonic import Context
    from pyopenvx.pythonic.user_data_object import UserDataObject

    point = np.dtype([("x", "<f4"), ("y", "<f4")])
    with Context() as ctx, UserDataObject(ctx, "point_t", size=10 * point.itemsize) as udo:
        with udo.map(dtype=point) as points:      # the object's own memory, no copy
            points["x"] = np.arange(10)
        raw = udo.read(0, 8)                      # a copy of the first point's bytes

A view is valid only inside its `with` block: leaving it unmaps the memory. `context` (and
`graph`) may be Pythonic objects or raw handles of pyopenvx.api.
"""
from __future__ import annotations

import contextlib
from typing import Any, Iterator, Optional

import numpy as np
from numpy.typing import DTypeLike

from .. import constants as vx
from ..api import ffi, lib
from .base import Object, attribute, check, reader, settled_attribute

USAGES = {"r": vx.VX_READ_ONLY, "w": vx.VX_WRITE_ONLY, "rw": vx.VX_READ_AND_WRITE}


def _name(type_name):
    return ffi.NULL if type_name is None else type_name.encode()


def _handle(obj):
    return obj.handle if isinstance(obj, Object) else obj


class UserDataObject(Object):
    """A vx_user_data_object owned by this Python object (released by `release` or `with`)."""

    _release = lib.vxReleaseUserDataObject
    _ctype = "vx_user_data_object"
    vx_type = vx.VX_TYPE_USER_DATA_OBJECT

    def __init__(self, context: Any, type_name: Optional[str] = None, size: Optional[int] = None,
                 data: Any = None) -> None:
        """`data`: initial contents, any buffer (bytes, numpy array); `size` defaults to its length."""
        init = ffi.NULL if data is None else ffi.from_buffer("char[]", np.ascontiguousarray(data))
        if size is None:
            size = 0 if data is None else len(init)
        if data is not None and len(init) != size:
            raise ValueError(f"data has {len(init)} bytes, not size={size}")
        super().__init__(lib.vxCreateUserDataObject(_handle(context), _name(type_name), size, init),
                         "vxCreateUserDataObject")

    @classmethod
    def virtual(cls, graph: Any, type_name: Optional[str] = None, size: int = 0) -> "UserDataObject":
        """A virtual object of `graph`; size 0 leaves it to the graph's meta data."""
        return cls.wrap(lib.vxCreateVirtualUserDataObject(_handle(graph), _name(type_name), size), True,
                        "vxCreateVirtualUserDataObject")

    # attributes ---------------------------------------------------------------------------
    def _type_name(self):
        out = ffi.new(f"vx_char[{vx.VX_MAX_REFERENCE_NAME}]")
        check(lib.vxQueryUserDataObject(self.handle, vx.VX_USER_DATA_OBJECT_NAME, out, len(out)), "vxQueryUserDataObject", self)
        return ffi.string(out).decode()

    # the attributes' getters are their readers themselves (base.attribute: one Python frame a read)
    type_name: str = attribute(settled_attribute("_type_name", _type_name), """The type name given at creation ("" if none).""")
    size: int = attribute(reader("vxQueryUserDataObject", vx.VX_USER_DATA_OBJECT_SIZE, "vx_size"), """Its size in bytes.""")

    # data ---------------------------------------------------------------------------------
    @contextlib.contextmanager
    def map(self, offset: int = 0, size: int = 0, usage: str = "rw",
            dtype: DTypeLike = np.uint8) -> Iterator[np.ndarray]:
        """A numpy view of bytes [offset, offset + size) (size 0: to the end) as `dtype`, e.g. a
        structured dtype matching the C struct. Read-only for usage "r" (and after the block);
        "w" promises to write it all."""
        dtype = np.dtype(dtype)
        map_id, ptr = ffi.new("vx_map_id *"), ffi.new("void **")
        check(lib.vxMapUserDataObject(self.handle, offset, size, map_id, ptr, USAGES[usage], vx.VX_MEMORY_TYPE_HOST, 0),
              "vxMapUserDataObject")
        try:
            nbytes = size or self.size - offset
            if nbytes % dtype.itemsize:
                raise ValueError(f"{nbytes} bytes are not a whole number of {dtype} items ({dtype.itemsize} bytes)")
            view = self._reused_view(ptr[0], (nbytes, dtype),
                                     lambda: np.frombuffer(self._view_buffer(ptr[0], nbytes), dtype=dtype))
            view.flags.writeable = usage != "r"
            yield view
            view.flags.writeable = False        # as every map: read-only after its block
        finally:
            check(lib.vxUnmapUserDataObject(self.handle, map_id[0]), "vxUnmapUserDataObject", self)

    def read(self, offset: int = 0, size: int = 0) -> bytes:
        """A copy of bytes [offset, offset + size) (size 0: to the end)."""
        out = bytearray(size or max(self.size - offset, 0))    # a bad range: the C API refuses it
        check(lib.vxCopyUserDataObject(self.handle, offset, size, ffi.from_buffer(out), vx.VX_READ_ONLY,
                                       vx.VX_MEMORY_TYPE_HOST), "vxCopyUserDataObject")
        return bytes(out)

    def write(self, data: Any, offset: int = 0) -> None:
        """Copies `data` (any buffer) into the object at `offset`."""
        src = ffi.from_buffer("char[]", np.ascontiguousarray(data))
        check(lib.vxCopyUserDataObject(self.handle, offset, len(src), src, vx.VX_WRITE_ONLY, vx.VX_MEMORY_TYPE_HOST),
              "vxCopyUserDataObject")
