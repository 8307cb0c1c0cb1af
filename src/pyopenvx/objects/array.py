"""Array: up to `capacity` items of one type (scalar, standard struct or user struct)."""
from _pyopenvx import lib

from .. import constants as vx
from .. import reference
from ..datatypes import SIZES, size_of
from ..errors import VxError, check
from .memory import (COPY_USAGES, MAP_USAGES, MAX_BYTES, Resident, check_bytes, check_map_memory, check_ptr,
                     check_usage)


class Array(Resident):
    vx_type = vx.VX_TYPE_ARRAY
    DESC = "pvx_array"
    META = {vx.VX_ARRAY_ITEMTYPE: ("item_type", vx.VX_TYPE_INVALID, vx.VX_ERROR_INVALID_TYPE),
            vx.VX_ARRAY_CAPACITY: ("capacity", 0, vx.VX_ERROR_INVALID_DIMENSION)}

    def __init__(self, context, item_type, capacity, scope=None, virtual=False):
        open_type = virtual and item_type == vx.VX_TYPE_INVALID
        item = size_of(context, item_type)
        check(open_type or item is not None, vx.VX_ERROR_INVALID_TYPE, f"{item_type:#x} is not an array item type")
        check(virtual or capacity > 0, vx.VX_ERROR_INVALID_DIMENSION, "capacity must be > 0")
        check(capacity < (1 << 62), vx.VX_ERROR_NO_MEMORY, f"capacity {capacity} cannot be allocated")
        check_bytes(capacity * (item or 0))
        super().__init__(context, scope, virtual)
        self.item_type, self.capacity = item_type, capacity
        self.publish()

    @property
    def item_size(self):
        return size_of(self.context, self.item_type) or 0

    @property
    def num_items(self):
        return self.desc.num_items

    def fill(self, desc):
        desc.item_type, desc.item_size, desc.capacity = self.item_type, self.item_size, self.capacity

    def took(self):
        self.item_type, self.capacity = self.desc.item_type, self.desc.capacity

    def nbytes(self):
        return self.capacity * self.item_size

    def restore(self, meta):
        super().restore(meta)
        self.desc.num_items = 0              # a re-derived virtual array starts empty

    def make_like(self, context, scope=None, virtual=False):
        return Array(context, self.item_type, self.capacity, scope, virtual)

    # operations (the valid ones are usually answered by csrc/objects/array.c) --------------------------
    def check_range(self, start, end):
        check(start < end <= self.num_items, vx.VX_ERROR_INVALID_PARAMETERS,
              f"range [{start}, {end}) is not inside the {self.num_items} items of {self}", self)

    def check_stride(self, stride):
        check(stride >= self.item_size, vx.VX_ERROR_INVALID_PARAMETERS,
              f"stride {stride} is smaller than the item size {self.item_size}", self)

    def add(self, count, ptr, stride):
        self.check_accessible("adding items")
        check_ptr(ptr, "items pointer")
        self.check_stride(stride)
        if count > self.capacity - self.num_items:
            raise VxError(vx.VX_FAILURE, f"{count} more items do not fit in {self} "
                          f"({self.num_items} of {self.capacity} used)", self)
        self.base()
        lib.pvx_array_add(self.desc, count, ptr, stride)     # the same append as the fast path

    def truncate(self, new_num_items):
        self.check_accessible("truncating")
        check(new_num_items <= self.num_items, vx.VX_ERROR_INVALID_PARAMETERS,
              f"{new_num_items} is more than the {self.num_items} items of {self}", self)
        self.desc.num_items = new_num_items

    def copy_range(self, start, end, stride, user_ptr, usage, mem_type):
        self.check_access(user_ptr, usage, mem_type, COPY_USAGES, "copy")
        self.check_range(start, end)
        self.check_stride(stride)
        self.copy_block(start * self.item_size, user_ptr, [stride], [self.item_size], [end - start], self.item_size,
                        usage)

    def map_range(self, start, end, usage, mem_type):
        self.check_accessible("map")
        check_usage(usage, MAP_USAGES)
        check_map_memory(mem_type)
        self.check_range(start, end)
        return self.open_map(start * self.item_size, usage, self.region(start * self.item_size,
                                                                        (end - start) * self.item_size))


def serve_in_c():
    """What vxCreateArray may make in C without asking (csrc/objects/array.c): every standard item
    type (user structs are a context's), capacities whose bytes fit the machine (__init__'s policy)."""
    for item_type, size in SIZES.items():
        lib.pvx_lazy_serve(vx.VX_TYPE_ARRAY, item_type, size, MAX_BYTES)


reference.ADOPT[vx.VX_TYPE_ARRAY] = Array.adopt
serve_in_c()
