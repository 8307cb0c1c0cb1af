"""User data objects (vx_khr_user_data_object): a named, sized blob of bytes that user kernels
exchange like any other data object.

The bytes, the type name and the table of open maps live in a C descriptor (csrc/user_data_object.h)
that the C fast paths read; this class decides creation, refusals, meta data and lifetime. Both
sides change the map table only through the descriptor's functions, under its mutex.

The type name is free text. It may be the name of a user struct registered with
vxRegisterUserStructWithName: that is how a kernel tells which structure an object holds, even
when two structures have the same size (seed 002, 1.2); `user_struct` resolves it. The size stays
the object's own (a registered header may be followed by a variable payload).
"""
from _pyopenvx import ffi, lib

from . import constants as vx
from .dataobject import DataObject
from .errors import VxError, check

MAP_USAGES = (vx.VX_READ_ONLY, vx.VX_WRITE_ONLY, vx.VX_READ_AND_WRITE)
COPY_USAGES = (vx.VX_READ_ONLY, vx.VX_WRITE_ONLY)
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


class UserDataObject(DataObject):
    vx_type = vx.VX_TYPE_USER_DATA_OBJECT

    def __init__(self, context, type_name, size, init=ffi.NULL, scope=None, virtual=False):
        """`size` 0 is left open for a virtual object (its graph's meta data fills it in)."""
        check(size > 0 or virtual, vx.VX_ERROR_INVALID_PARAMETERS, "size is 0")
        raw = type_name.encode()
        check(len(raw) < vx.VX_MAX_REFERENCE_NAME, vx.VX_ERROR_INVALID_PARAMETERS,
              f"type name {type_name!r} is not shorter than {vx.VX_MAX_REFERENCE_NAME} bytes")
        desc = lib.pvx_udo_create(size)
        check(desc != ffi.NULL, vx.VX_ERROR_NO_MEMORY, f"cannot allocate {size} bytes")
        try:
            super().__init__(context, scope, virtual)
        except VxError:
            lib.pvx_udo_destroy(desc)
            raise
        ffi.memmove(desc.type_name, raw + b"\0", len(raw) + 1)
        if init != ffi.NULL:
            ffi.memmove(desc.data, init, size)
        self.desc = desc
        self.h.desc = desc            # published complete: C fast paths may use it from now on

    def on_destroy(self):
        self.h.desc = ffi.NULL
        lib.pvx_udo_destroy(self.desc)
        self.desc = None

    # attributes ---------------------------------------------------------------------------
    @property
    def type_name(self):
        return ffi.string(self.desc.type_name).decode(errors="replace")

    @property
    def size(self):
        return self.desc.size

    @property
    def open_maps(self):
        return lib.pvx_udo_map_count(self.desc)

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

    def _check_memory(self, mem_type):
        check(mem_type == vx.VX_MEMORY_TYPE_HOST, vx.VX_ERROR_INVALID_PARAMETERS,
              f"memory type {mem_type:#x} is not VX_MEMORY_TYPE_HOST", self)

    def copy(self, offset, size, user_ptr, usage, mem_type):
        self.check_accessible("copy")
        check(usage in COPY_USAGES, vx.VX_ERROR_INVALID_PARAMETERS,
              f"copy usage {usage:#x} is neither VX_READ_ONLY nor VX_WRITE_ONLY", self)
        self._check_memory(mem_type)
        check(user_ptr != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, "user_ptr is NULL", self)
        offset, size = self.check_range(offset, size)
        if usage == vx.VX_READ_ONLY:
            ffi.memmove(user_ptr, self.desc.data + offset, size)
        else:
            ffi.memmove(self.desc.data + offset, user_ptr, size)

    def map(self, offset, size, usage, mem_type, flags):
        """Zero-copy: returns (map id, address of the object's own bytes)."""
        self.check_accessible("map")
        check(usage in MAP_USAGES, vx.VX_ERROR_INVALID_PARAMETERS, f"map usage {usage:#x} is not a vx_accessor_e", self)
        self._check_memory(mem_type)
        check(flags & ~MAP_FLAGS == 0, vx.VX_ERROR_INVALID_PARAMETERS, f"map flags {flags:#x} are not vx_map_flag_e", self)
        offset, size = self.check_range(offset, size)
        map_id = ffi.new("vx_map_id *")
        check(lib.pvx_udo_map_add(self.desc, offset, size, usage, map_id) == 0, vx.VX_ERROR_NO_MEMORY,
              "no memory for the map table", self)
        return map_id[0], self.desc.data + offset

    def unmap(self, map_id):
        check(lib.pvx_udo_map_remove(self.desc, map_id) == 0, vx.VX_ERROR_INVALID_PARAMETERS,
              f"map id {map_id} is not an open map of {self}", self)

    # data-object protocol -----------------------------------------------------------------
    def make_like(self, context, scope=None, virtual=False):
        return UserDataObject(context, self.type_name, self.size, scope=scope, virtual=virtual)

    def meta(self):
        return {vx.VX_USER_DATA_OBJECT_NAME: self.type_name, vx.VX_USER_DATA_OBJECT_SIZE: self.size}

    def apply_meta(self, meta):
        """Fill in what a virtual object left open (an empty type name, size 0); anything it
        already has must agree. Checks everything before changing anything."""
        name = meta.get(vx.VX_USER_DATA_OBJECT_NAME, self.type_name)
        size = meta.get(vx.VX_USER_DATA_OBJECT_SIZE, self.size)
        name_open = self.virtual and self.type_name == ""
        size_open = self.virtual and self.size == 0
        check(name == self.type_name or name_open, vx.VX_ERROR_INVALID_TYPE,
              f"{self} has type name {self.type_name!r}, not {name!r}", self)
        check(len(name.encode()) < vx.VX_MAX_REFERENCE_NAME, vx.VX_ERROR_INVALID_PARAMETERS,
              f"type name {name!r} is not shorter than {vx.VX_MAX_REFERENCE_NAME} bytes", self)
        check(size == self.size or size_open, vx.VX_ERROR_INVALID_DIMENSION,
              f"{self} has {self.size} bytes, not {size}", self)
        if size != self.size:
            check(size > 0, vx.VX_ERROR_INVALID_DIMENSION, f"size 0 given for {self}", self)
            check(lib.pvx_udo_allocate(self.desc, size) == 0, vx.VX_ERROR_NO_MEMORY, f"cannot allocate {size} bytes", self)
        if name != self.type_name:
            raw = name.encode()
            ffi.memmove(self.desc.type_name, raw + b"\0", len(raw) + 1)

    def __repr__(self):
        return f"<UserDataObject {self.type_name!r} {self.size} bytes>" if self.h is not None else "<UserDataObject>"
