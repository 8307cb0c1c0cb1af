"""User data objects from Python: numpy views of their bytes without copies, through the C API.

    from pyopenvx.api import lib
    from pyopenvx.pythonic.user_data_object import UserDataObject

    ctx = lib.vxCreateContext()
    point = np.dtype([("x", "<f4"), ("y", "<f4")])
    with UserDataObject(ctx, "point_t", size=10 * point.itemsize) as udo:
        with udo.map(dtype=point) as points:      # the object's own memory, no copy
            points["x"] = np.arange(10)
        raw = udo.read(0, 8)                      # a copy of the first point's bytes

A view is valid only inside its `with` block: leaving it unmaps the memory.
"""
import contextlib

import numpy as np

from .. import constants as vx
from ..api import ffi, lib
from ..errors import VxError

USAGES = {"r": vx.VX_READ_ONLY, "w": vx.VX_WRITE_ONLY, "rw": vx.VX_READ_AND_WRITE}


def _check(status, call):
    if status != vx.VX_SUCCESS:
        raise VxError(status, f"{call} failed (the context's log says why)")


def _name(type_name):
    return ffi.NULL if type_name is None else type_name.encode()


class UserDataObject:
    """A vx_user_data_object owned by this Python object (released by `release` or `with`)."""

    def __init__(self, context, type_name=None, size=None, data=None):
        """`data`: initial contents, any buffer (bytes, numpy array); `size` defaults to its length."""
        init = ffi.NULL if data is None else ffi.from_buffer("char[]", np.ascontiguousarray(data))
        if size is None:
            size = 0 if data is None else len(init)
        if data is not None and len(init) != size:
            raise ValueError(f"data has {len(init)} bytes, not size={size}")
        self._adopt(lib.vxCreateUserDataObject(context, _name(type_name), size, init), "vxCreateUserDataObject")

    @classmethod
    def virtual(cls, graph, type_name=None, size=0):
        """A virtual object of `graph`; size 0 leaves it to the graph's meta data."""
        obj = cls.__new__(cls)
        obj._adopt(lib.vxCreateVirtualUserDataObject(graph, _name(type_name), size), "vxCreateVirtualUserDataObject")
        return obj

    def _adopt(self, handle, call):
        _check(lib.vxGetStatus(ffi.cast("vx_reference", handle)), call)
        self.handle = handle

    # attributes ---------------------------------------------------------------------------
    def _query(self, attribute, ctype):
        out = ffi.new(ctype)
        _check(lib.vxQueryUserDataObject(self.handle, attribute, out, ffi.sizeof(out)), "vxQueryUserDataObject")
        return out

    @property
    def type_name(self):
        return ffi.string(self._query(vx.VX_USER_DATA_OBJECT_NAME, f"vx_char[{vx.VX_MAX_REFERENCE_NAME}]")).decode()

    @property
    def size(self):
        return self._query(vx.VX_USER_DATA_OBJECT_SIZE, "vx_size *")[0]

    # data ---------------------------------------------------------------------------------
    @contextlib.contextmanager
    def map(self, offset=0, size=0, usage="rw", dtype=np.uint8):
        """A numpy view of bytes [offset, offset + size) (size 0: to the end) as `dtype`, e.g. a
        structured dtype matching the C struct. Read-only for usage "r"; "w" promises to write it all."""
        dtype = np.dtype(dtype)
        map_id, ptr = ffi.new("vx_map_id *"), ffi.new("void **")
        _check(lib.vxMapUserDataObject(self.handle, offset, size, map_id, ptr, USAGES[usage], vx.VX_MEMORY_TYPE_HOST, 0),
               "vxMapUserDataObject")
        try:
            nbytes = size or self.size - offset
            if nbytes % dtype.itemsize:
                raise ValueError(f"{nbytes} bytes are not a whole number of {dtype} items ({dtype.itemsize} bytes)")
            view = np.frombuffer(ffi.buffer(ptr[0], nbytes), dtype=dtype)
            view.flags.writeable = usage != "r"
            yield view
        finally:
            _check(lib.vxUnmapUserDataObject(self.handle, map_id[0]), "vxUnmapUserDataObject")

    def read(self, offset=0, size=0):
        """A copy of bytes [offset, offset + size) (size 0: to the end)."""
        out = bytearray(size or max(self.size - offset, 0))    # a bad range: the C API refuses it
        _check(lib.vxCopyUserDataObject(self.handle, offset, size, ffi.from_buffer(out), vx.VX_READ_ONLY,
                                        vx.VX_MEMORY_TYPE_HOST), "vxCopyUserDataObject")
        return bytes(out)

    def write(self, data, offset=0):
        """Copies `data` (any buffer) into the object at `offset`."""
        src = ffi.from_buffer("char[]", np.ascontiguousarray(data))
        _check(lib.vxCopyUserDataObject(self.handle, offset, len(src), src, vx.VX_WRITE_ONLY, vx.VX_MEMORY_TYPE_HOST),
               "vxCopyUserDataObject")

    # lifetime -----------------------------------------------------------------------------
    def release(self):
        _check(lib.vxReleaseUserDataObject(ffi.new("vx_user_data_object *", self.handle)), "vxReleaseUserDataObject")
        self.handle = ffi.NULL

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.release()
