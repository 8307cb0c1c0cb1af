"""User data objects (vx_khr_user_data_object): a named, sized blob of bytes that user kernels
exchange like any other data object.

The bytes (allocated on first access) and the type name live in a C descriptor
(csrc/objects/user_data_object.h) that the C fast paths read; storage and maps are the `pvx_memory` every
data object shares (memory.py, csrc/objects/memory.c). This class decides creation, refusals and meta data.

The type name is free text. It may be the name of a user struct registered with
vxRegisterUserStructWithName: that is how a kernel tells which structure an object holds, even
when two structures have the same size (seed 002, 1.2); `user_struct` resolves it. The size stays
the object's own (a registered header may be followed by a variable payload).
"""
from _pyopenvx import ffi, lib

from .. import constants as vx
from ..errors import check
from .memory import COPY_USAGES, MAP_USAGES, Resident, check_bytes, check_map_memory, check_usage

MAP_FLAGS = vx.VX_NOGAP_X

# What a meta format carries for this type: attribute -> C type (for vxSetMetaFormatAttribute).
META_ATTRIBUTES = {vx.VX_USER_DATA_OBJECT_NAME: "str", vx.VX_USER_DATA_OBJECT_SIZE: "vx_size"}


def read_type_name(ptr):
    """The type name argument of the creators: NULL means "" (seed 002); at most
    VX_MAX_REFERENCE_NAME - 1 characters, read without running past that many bytes."""
    if ptr == ffi.NULL:
        return ""
    raw = ffi.string(ptr, vx.VX_MAX_REFERENCE_NAME)
    check(len(raw) < vx.VX_MAX_REFERENCE_NAME, vx.VX_ERROR_INVALID_PARAMETERS,
          f"type_name is not shorter than VX_MAX_REFERENCE_NAME ({vx.VX_MAX_REFERENCE_NAME}) bytes")
    return raw.decode(errors="replace")


class UserDataObject(Resident):
    vx_type = vx.VX_TYPE_USER_DATA_OBJECT
    DESC = "pvx_udo"
    META = {vx.VX_USER_DATA_OBJECT_NAME: ("type_name", "", vx.VX_ERROR_INVALID_TYPE),
            vx.VX_USER_DATA_OBJECT_SIZE: ("size", 0, vx.VX_ERROR_INVALID_DIMENSION)}

    def __init__(self, context, type_name, size, init=ffi.NULL, scope=None, virtual=False):
        """`size` 0 is left open for a virtual object (its graph's meta data fills it in)."""
        check(size > 0 or virtual, vx.VX_ERROR_INVALID_PARAMETERS, "size is 0")
        check_name(type_name)
        check_bytes(size)
        super().__init__(context, scope, virtual)
        self._type_name, self.size = type_name, size
        self.publish()                # complete: C fast paths may use it from now on
        if init != ffi.NULL:
            ffi.memmove(self.base(), init, size)

    # attributes ---------------------------------------------------------------------------
    @property
    def type_name(self):
        return self._type_name

    @type_name.setter
    def type_name(self, name):
        check_name(name, self)
        self._type_name = name

    def fill(self, desc):
        raw = self._type_name.encode()
        ffi.memmove(desc.type_name, raw + b"\0", len(raw) + 1)

    def nbytes(self):
        return self.size

    def user_struct(self):
        """The registered user struct whose name is this object's type name: (enum, size), or None."""
        enum = self.context.user_struct_by_name(self.type_name) if self.type_name else None
        return None if enum is None else (enum, self.context.user_struct(enum)[0])

    # data access (the requests the C fast paths did not answer) ----------------------------
    def check_range(self, offset, size):
        """The (offset, size) of a valid non-empty range; size 0 means up to the end."""
        check(offset < self.size, vx.VX_ERROR_INVALID_PARAMETERS,
              f"offset {offset} is not inside the {self.size} bytes of {self}", self)
        size = size or self.size - offset
        check(size <= self.size - offset, vx.VX_ERROR_INVALID_PARAMETERS,
              f"range {offset}+{size} ends past the {self.size} bytes of {self}", self)
        return offset, size

    def copy(self, offset, size, user_ptr, usage, mem_type):
        self.check_access(user_ptr, usage, mem_type, COPY_USAGES, "copy")
        offset, size = self.check_range(offset, size)
        self.copy_block(offset, user_ptr, [size], [size], [1], size, usage)

    def map(self, offset, size, usage, mem_type, flags):
        """Zero-copy: returns (map id, address of the object's own bytes)."""
        self.check_accessible("map")
        check_usage(usage, MAP_USAGES)
        check_map_memory(mem_type)
        check(flags & ~MAP_FLAGS == 0, vx.VX_ERROR_INVALID_PARAMETERS, f"map flags {flags:#x} are not vx_map_flag_e", self)
        offset, size = self.check_range(offset, size)
        return self.open_map(offset, usage, self.region(offset, size))

    # data-object protocol -----------------------------------------------------------------
    def make_like(self, context, scope=None, virtual=False):
        return UserDataObject(context, self.type_name, self.size, scope=scope, virtual=virtual)

    def __repr__(self):
        return f"<UserDataObject {self.type_name!r} {self.size} bytes>" if self.h is not None else "<UserDataObject>"


def check_name(name, obj=None):
    check(len(name.encode()) < vx.VX_MAX_REFERENCE_NAME, vx.VX_ERROR_INVALID_PARAMETERS,
          f"type name {name!r} is not shorter than {vx.VX_MAX_REFERENCE_NAME} bytes", obj)
