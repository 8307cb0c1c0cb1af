"""Tensor: an n-dimensional block (dims[0] innermost). Views share their parent's memory; a tensor
from a handle borrows the application's memory (none while its handle is NULL) until the handle is
swapped."""
from _pyopenvx import ffi, lib

from .. import constants as vx
from ..context import MAX_TENSOR_DIMS
from ..datatypes import SIZES
from ..errors import check
from .memory import COPY_USAGES, MAP_USAGES, Resident, check_bytes, check_map_memory, check_ptr, check_usage, region
from .dataobject import mark_part

DATA_TYPES = (vx.VX_TYPE_INT8, vx.VX_TYPE_UINT8, vx.VX_TYPE_INT16, vx.VX_TYPE_UINT16, vx.VX_TYPE_INT32,
              vx.VX_TYPE_UINT32, vx.VX_TYPE_INT64, vx.VX_TYPE_UINT64, vx.VX_TYPE_FLOAT16,
              vx.VX_TYPE_FLOAT32, vx.VX_TYPE_FLOAT64)


def read_sizes(ptr, n, what):
    check_ptr(ptr, what)
    return [ptr[i] for i in range(n)]


def check_dims(dims, virtual=False):
    check(1 <= len(dims) <= MAX_TENSOR_DIMS or (virtual and not dims), vx.VX_ERROR_INVALID_DIMENSION,
          f"a tensor has 1..{MAX_TENSOR_DIMS} dimensions, not {len(dims)}")
    check(all(d > 0 for d in dims) or virtual, vx.VX_ERROR_INVALID_DIMENSION, f"dimensions {dims} must be > 0")


def packed_strides(dims, item_size):
    strides, s = [], item_size
    for d in dims:
        strides.append(s)
        s *= d
    return strides


class Tensor(Resident):
    vx_type = vx.VX_TYPE_TENSOR
    DESC = "pvx_tensor"
    META = {vx.VX_TENSOR_DATA_TYPE: ("data_type", vx.VX_TYPE_INVALID, vx.VX_ERROR_INVALID_TYPE),
            vx.VX_TENSOR_DIMS: ("dims", (), vx.VX_ERROR_INVALID_DIMENSION),
            vx.VX_TENSOR_NUMBER_OF_DIMS: ("num_dims", 0, vx.VX_ERROR_INVALID_DIMENSION),
            vx.VX_TENSOR_FIXED_POINT_POSITION: ("fixed_point_position", 0, vx.VX_ERROR_INVALID_VALUE)}

    def __init__(self, context, dims, data_type, fixed_point_position=0, scope=None, virtual=False,
                 strides=None, handle=None, parent=None, offset=0, origin=None):
        dims = tuple(dims)
        check_dims(dims, virtual)
        check(data_type in DATA_TYPES or (virtual and data_type == vx.VX_TYPE_INVALID),
              vx.VX_ERROR_INVALID_TYPE, f"{data_type:#x} is not a tensor data type")
        item = SIZES.get(data_type, 0)
        packed = packed_strides(dims, item)
        if strides is None:
            strides = packed
        else:
            check(len(strides) == len(dims) and strides[0] >= item and
                  all(strides[i] >= strides[i - 1] * dims[i - 1] for i in range(1, len(dims))),
                  vx.VX_ERROR_INVALID_PARAMETERS, f"strides {list(strides)} do not fit dims {list(dims)}")
        nbytes = strides[-1] * dims[-1] if dims else 0
        if parent is None and handle is None:
            check_bytes(nbytes)
        super().__init__(context, scope, virtual)
        self.data_type, self.fixed_point_position = data_type, fixed_point_position
        self._dims, self.strides, self.viewed, self.offset = dims, tuple(strides), parent, offset
        if parent is not None:
            mark_part(self)
        self.origin = tuple(origin) if origin is not None else (0,) * len(dims)   # in the root's elements
        self.views = []
        self.image_arrays = 0         # vxCreateImageObjectArrayFromTensor arrays viewing this memory
        self.retired = None           # its own storage, lent to the application by a swap (swap_handle)
        self._bytes = nbytes
        if parent is not None:
            parent.retain(internal=True)
            parent.views.append(self)
            lib.pvx_memory_view(self.mem, parent.mem)    # the root's table: maps of views see each other
            self.rebase()
        elif handle is not None:
            self.mem.borrowed = 1
            self.mem.base = handle
        self.publish()

    # shape (settable by apply_meta) ---------------------------------------------------------
    @property
    def dims(self):
        return self._dims

    @dims.setter
    def dims(self, dims):
        self._dims = tuple(dims)
        self.origin = (0,) * len(self._dims)
        self.strides = tuple(packed_strides(self._dims, self.item_size))
        self._bytes = self.strides[-1] * self._dims[-1] if self._dims else 0

    @property
    def data_type(self):
        return self._data_type

    @data_type.setter
    def data_type(self, data_type):
        """A virtual tensor's data type may come after its dims: lay the dims out again then."""
        self._data_type = data_type
        if getattr(self, "_dims", None):
            self.dims = self._dims

    @property
    def num_dims(self):
        return len(self._dims)

    @num_dims.setter
    def num_dims(self, n):
        check(n == len(self._dims), vx.VX_ERROR_INVALID_DIMENSION, f"{n} dimensions but dims {self._dims}")

    @property
    def item_size(self):
        return SIZES.get(self.data_type, 0)

    def fill(self, desc):
        desc.data_type, desc.fixed_point_position = self.data_type, self.fixed_point_position
        desc.item_size, desc.num_dims = self.item_size, self.num_dims
        for i, (d, s, o) in enumerate(zip(self.dims, self.strides, self.origin)):
            desc.dims[i], desc.strides[i], desc.origin[i] = d, s, o

    def nbytes(self):
        return self._bytes

    def check_reshape(self):
        check(not self.image_arrays, vx.VX_ERROR_INVALID_PARAMETERS, f"images view {self}: its shape cannot change",
              self)
        super().check_reshape()

    def make_like(self, context, scope=None, virtual=False):
        return Tensor(context, self.dims, self.data_type, self.fixed_point_position, scope, virtual)

    def on_destroy(self):
        super().on_destroy()
        if self.retired is not None:
            lib.pvx_memory_free(self.retired)
        if self.viewed is not None and self.viewed.alive:      # a context dies newest first
            self.viewed.views.remove(self)
            self.viewed.release(internal=True)

    # patches --------------------------------------------------------------------------------
    def check_view(self, n, start_ptr, end_ptr):
        """A patch given in the lowest n dimensions ("the lower dimensions are assumed"): index 0 of
        the ones above."""
        check(1 <= n <= self.num_dims, vx.VX_ERROR_INVALID_PARAMETERS,
              f"{n} dimensions given, {self} has {self.num_dims}", self)
        start, end = read_sizes(start_ptr, n, "view_start"), read_sizes(end_ptr, n, "view_end")
        check(all(s < e <= d for s, e, d in zip(start, end, self.dims)), vx.VX_ERROR_INVALID_PARAMETERS,
              f"view {start}..{end} is not inside {list(self.dims)}", self)
        rest = self.num_dims - n
        return start + [0] * rest, end + [1] * rest

    def offset_of(self, start):
        return sum(s * st for s, st in zip(start, self.strides))

    def box(self, start, end):
        """A patch as a region of the root: elements per dimension."""
        return region([o + s for o, s in zip(self.origin, start)], [o + e for o, e in zip(self.origin, end)])

    def copy_patch(self, n, start_ptr, end_ptr, stride_ptr, user_ptr, usage, mem_type):
        self.check_access(user_ptr, usage, mem_type, COPY_USAGES, "copy")
        start, end = self.check_view(n, start_ptr, end_ptr)
        shape = [e - s for s, e in zip(start, end)]
        user = read_sizes(stride_ptr, n, "user_stride")
        for i in range(n, self.num_dims):              # the dimensions above the patch: one index each
            user.append(user[-1] * shape[i - 1])
        check(user == [] or (user[0] >= self.item_size and
              all(user[i] >= user[i - 1] * shape[i - 1] for i in range(1, n))),
              vx.VX_ERROR_INVALID_PARAMETERS, f"user strides {user} do not fit the patch {shape}", self)
        self.copy_block(self.offset_of(start), user_ptr, user, self.strides, shape, self.item_size, usage,
                        self.box(start, end))

    def map_patch(self, n, start_ptr, end_ptr, usage, mem_type):
        self.check_accessible("map")
        check_usage(usage, MAP_USAGES)
        check_map_memory(mem_type)
        start, end = self.check_view(n, start_ptr, end_ptr)
        return self.open_map(self.offset_of(start), usage, self.box(start, end))

    def base(self):
        check(self.mem.base != ffi.NULL or not self.mem.borrowed, vx.VX_ERROR_INVALID_PARAMETERS,
              f"{self} has no memory (its handle is NULL)", self)
        return super().base()

    def swap_handle(self, new_ptr, prev_ptr):
        """A tensor of vxCreateTensor swaps too (the conformance tests do): its own storage, given
        back as the previous pointer, stays its own (valid until the tensor is released)."""
        check(self.viewed is None and not self.virtual and self.lender is None, vx.VX_ERROR_INVALID_REFERENCE,
              f"{self} is a view, virtual or lent another's storage: it has no memory of its own to swap", self)
        check(self.open_maps == 0, vx.VX_ERROR_INVALID_PARAMETERS, f"{self} or a view of it is mapped", self)
        check(not self.viewed_by_images(), vx.VX_ERROR_INVALID_PARAMETERS,
              f"images from {self} view its memory (release their object arrays first)", self)
        if prev_ptr != ffi.NULL:
            prev_ptr[0] = self.mem.base
        if not self.mem.borrowed:
            self.retired = ffi.new("pvx_memory *")
            lib.pvx_memory_init(self.retired, 0)
            self.retired.base, self.mem.borrowed = self.mem.base, 1
        self.mem.base = ffi.cast("unsigned char *", new_ptr)
        for view in self.views:
            view.rebase()

    def viewed_by_images(self):
        return self.image_arrays > 0 or any(v.viewed_by_images() for v in self.views)

    def rebase(self):
        self.mem.base = self.viewed.mem.base + self.offset if self.viewed.mem.base != ffi.NULL else ffi.NULL
        for view in self.views:
            view.rebase()


def view_of(parent, n, start_ptr, end_ptr):
    start, end = parent.check_view(n, start_ptr, end_ptr)
    if not parent.mem.borrowed:
        parent.base()                 # views point into it: allocate now, never moved
    return Tensor(parent.context, [e - s for s, e in zip(start, end)], parent.data_type,
                  parent.fixed_point_position, parent.scope, parent.virtual, strides=parent.strides,
                  parent=parent, offset=parent.offset_of(start),
                  origin=[o + s for o, s in zip(parent.origin, start)])


