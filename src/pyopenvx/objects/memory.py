"""Data objects whose data lives in C: the descriptor (csrc/objects/<type>.h, starting with the
`pvx_memory` of csrc/objects/memory.h), lazily allocated memory, maps (zero-copy pointers into that
memory, recorded as regions in the one map table of csrc/objects/memory.c, ids checked at unmap) and
strided copies. Images keep their own planes but use the same `pvx_memory` (image.py).

A subclass names its descriptor (`DESC`), keeps its shape in Python attributes, writes them into
the descriptor in `fill()` and declares its meta data in `META`:
    {attribute: (python attribute, value that means "left open by a virtual object", status)}
so that `meta()` and `apply_meta()` (graph verification, object arrays, delays) are generic.
"""
import os

from _pyopenvx import ffi, lib

from .. import constants as vx
from ..errors import VxError, check
from ..reference import find, lookup
from .dataobject import DataObject

MAP_USAGES = (vx.VX_READ_ONLY, vx.VX_WRITE_ONLY, vx.VX_READ_AND_WRITE)
COPY_USAGES = (vx.VX_READ_ONLY, vx.VX_WRITE_ONLY)
# More than the machine has cannot be promised, even lazily.
MAX_BYTES = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")


def graph_of(handle):
    """The graph a virtual object is created in."""
    return lookup(handle, vx.VX_TYPE_GRAPH, "graph")


def check_usage(usage, allowed):
    check(usage in allowed, vx.VX_ERROR_INVALID_PARAMETERS, f"usage {usage:#x} is not allowed here")


def check_host(mem_type):
    check(mem_type == vx.VX_MEMORY_TYPE_HOST, vx.VX_ERROR_INVALID_PARAMETERS,
          f"memory type {mem_type:#x} is not supported (only VX_MEMORY_TYPE_HOST)")


def check_map_memory(mem_type):
    """A map hands out the object's own (host) memory; VX_MEMORY_TYPE_NONE asks for no particular
    type (csrc/objects/memory.h: pvx_map_memory_type_ok, the fast paths' same rule)."""
    check(mem_type in (vx.VX_MEMORY_TYPE_HOST, vx.VX_MEMORY_TYPE_NONE), vx.VX_ERROR_INVALID_PARAMETERS,
          f"memory type {mem_type:#x} is not supported by a map (VX_MEMORY_TYPE_HOST or NONE)")


def check_ptr(ptr, what):
    check(ptr != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, f"{what} is NULL")


def check_ptrs(**pointers):
    """check_ptr of each out-pointer of a map function, by its parameter name."""
    for what, ptr in pointers.items():
        check_ptr(ptr, what)


def check_bytes(nbytes):
    check(nbytes <= MAX_BYTES, vx.VX_ERROR_NO_MEMORY, f"{nbytes} bytes cannot be allocated")


def region(lo, hi, plane=0):
    """A pvx_region: [lo[i], hi[i]) per dimension."""
    r = ffi.new("pvx_region *")
    r.plane, r.dims = plane, len(lo)
    for i, (a, b) in enumerate(zip(lo, hi)):
        r.lo[i], r.hi[i] = a, b
    return r


def byte_region(offset, size):
    return region([offset], [offset + size])


def open_map(mem, where, usage, owner):
    """Record a map of region `where` on `mem`; returns its id. Refusals: a conflict, no memory."""
    map_id = ffi.new("vx_map_id *")
    status = lib.pvx_map_open(mem, where, usage, map_id)
    check(status != vx.VX_ERROR_NO_RESOURCES, status, f"the region overlaps an open map of {owner} and both write",
          owner)
    check(status == vx.VX_SUCCESS, status, "no memory to record the map", owner)
    return map_id[0]


def check_copy(mem, where, usage, owner):
    check(lib.pvx_copy_allowed(mem, where, usage) == 1, vx.VX_ERROR_NO_RESOURCES,
          f"the copy writes over an open write map of {owner}", owner)


class Resident(DataObject):
    DESC = None
    META = {}

    def __init__(self, context, scope=None, virtual=False, external=1, handle=None, desc=None):
        """`handle` and `desc`: an object C made (adopt)."""
        super().__init__(context, scope, virtual, external, handle)
        if desc is None:
            desc = ffi.new(f"{self.DESC} *")
            lib.pvx_memory_init(ffi.addressof(desc[0], "mem"), 0)
        self.desc = desc
        self.mem = ffi.addressof(desc[0], "mem")
        self.accesses = {}           # 1.0 access/commit: pointer -> map id
        self.lender = None           # whose storage verification lent this object (graph/aliasing.py)

    @classmethod
    def adopt(cls, handle, desc):
        """The object of a handle vxCreateX made in C (csrc/objects/lazy.h), which Python meets now:
        its handle, counts and descriptor (memory too, if C attached it); `took()` reads its shape."""
        obj = cls.__new__(cls)
        desc = ffi.gc(ffi.cast(f"{cls.DESC} *", desc), lib.pvx_lazy_free_made)
        Resident.__init__(obj, find(handle.context), handle=handle, desc=desc)
        obj.took()
        return obj

    def took(self):
        """Set the Python attributes of the shape from the descriptor C filled (adopt)."""
        raise NotImplementedError

    def publish(self):
        """Write the shape into the descriptor and make it reachable from the handle."""
        check_bytes(self.nbytes())
        self.fill(self.desc)
        self.mem.bytes = self.nbytes()
        self.h.desc = self.desc

    def fill(self, desc):
        raise NotImplementedError

    def nbytes(self):
        raise NotImplementedError

    def on_destroy(self):
        self.h.desc = ffi.NULL
        lib.pvx_memory_free(self.mem)

    # memory -------------------------------------------------------------------------------
    def base(self):
        """The memory, allocated on first need."""
        if lib.pvx_memory_alloc(self.mem) != 0:
            raise VxError(vx.VX_ERROR_NO_MEMORY, f"cannot allocate {self.mem.bytes} bytes for {self}", self)
        return ffi.cast("unsigned char *", self.mem.base)

    def check_access(self, user_ptr, usage, mem_type, usages, what):
        self.check_accessible(what)
        check_usage(usage, usages)
        check_host(mem_type)
        check_ptr(user_ptr, "user pointer")

    def region(self, offset, size):
        """The region of `size` bytes at `offset` (1-D objects; tensors and remaps have boxes)."""
        return byte_region(offset, size)

    def open_map(self, offset, usage, where=None):
        """Map the memory at byte `offset`; `where` (default: to the end) is what the map covers."""
        ptr = self.base() + offset
        where = where if where is not None else self.region(offset, self.nbytes() - offset)
        return open_map(self.mem, where, usage, self), ptr

    def unmap(self, map_id):
        check(lib.pvx_map_close(self.mem, map_id) == 1, vx.VX_ERROR_INVALID_PARAMETERS,
              f"map id {map_id} is not open on {self}", self)

    def access(self, map_id, ptr):
        """1.0 vxAccess*: a map whose pointer is what the application gives back at commit."""
        self.accesses[int(ffi.cast("uintptr_t", ptr))] = map_id
        return ptr

    def access_all(self, ptr, usage):
        self.check_accessible("access")
        check_usage(usage, MAP_USAGES)
        check_ptr(ptr, "ptr")
        ptr[0] = self.access(*self.open_map(0, usage))

    def commit(self, ptr):
        key = int(ffi.cast("uintptr_t", ptr))
        check(key in self.accesses, vx.VX_ERROR_INVALID_PARAMETERS, "pointer was not given by an access", self)
        self.unmap(self.accesses.pop(key))

    @property
    def open_maps(self):
        """Maps open on this memory (shared by a root and its views)."""
        return lib.pvx_map_count(self.mem)

    def copy_block(self, offset, user_ptr, user_strides, strides, dims, item_size, usage, where=None):
        """Copy a block between the object (at `offset`, `strides`) and the user's memory; `where`
        (default: the bytes from the block's first to its last) is what it covers."""
        if where is None:
            extent = sum((d - 1) * s for d, s in zip(dims, strides)) + item_size
            where = self.region(offset, extent)
        check_copy(self.mem, where, usage, self)
        mine = self.base() + offset
        user = ffi.cast("unsigned char *", user_ptr)
        dims = list(dims)
        if usage == vx.VX_READ_ONLY:
            lib.pvx_copy_strided(user, list(user_strides), mine, list(strides), dims, len(dims), item_size)
        else:
            lib.pvx_copy_strided(mine, list(strides), user, list(user_strides), dims, len(dims), item_size)

    def copy_all(self, user_ptr, usage, mem_type, what="copy"):
        """The whole contiguous data to or from the user's memory."""
        self.check_access(user_ptr, usage, mem_type, COPY_USAGES, what)
        n = self.nbytes()
        self.copy_block(0, user_ptr, [n], [n], [1], n, usage)

    def map_all(self, map_id, ptr, usage, mem_type):
        self.check_accessible("map")
        check_usage(usage, MAP_USAGES)
        check_map_memory(mem_type)
        check_ptr(map_id, "map_id")
        check_ptr(ptr, "ptr")
        map_id[0], ptr[0] = self.open_map(0, usage)

    # the DataObject protocol ------------------------------------------------------------------
    def meta(self):
        return {attr: getattr(self, name) for attr, (name, _, _) in self.META.items()}

    def apply_meta(self, meta):
        changes = {}
        for attr, (name, open_value, status) in self.META.items():   # in META order
            if attr not in meta:
                continue
            value = meta[attr]
            mine = getattr(self, name)
            if mine == open_value and self.virtual:
                changes[name] = value
            elif mine != value:
                raise VxError(status, f"{self} has {name} {mine}, not {value}", self)
        if changes:
            self.check_reshape()
            for name, value in changes.items():
                setattr(self, name, value)
            if self.nbytes() != self.mem.bytes:
                self.drop_memory()
            self.publish()

    def restore(self, meta):
        """Re-verification: the shape as created (memory stays until apply_meta gives a shape)."""
        self.check_reshape()
        for attr, (name, _, _) in self.META.items():
            setattr(self, name, meta[attr])
        self.fill(self.desc)

    def check_reshape(self):
        check(not getattr(self, "views", None), vx.VX_ERROR_INVALID_PARAMETERS,
              f"{self} has views: its shape cannot change", self)
        check(self.mem.base == ffi.NULL or self.open_maps == 0, vx.VX_FAILURE,
              f"{self} is mapped: its shape cannot change", self)

    def drop_memory(self):
        """Memory of the wrong size goes; the next access allocates it again."""
        lib.pvx_memory_free(self.mem)
