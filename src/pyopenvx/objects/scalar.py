"""Scalar: one value of a scalar type, a standard struct or a registered user struct."""
from _pyopenvx import ffi, lib

from .. import constants as vx
from .. import reference
from ..datatypes import C_TYPES, SCALAR_TYPES, SIZES, size_of
from ..errors import check
from ..reference import type_name
from .memory import MAX_BYTES, Resident


class Scalar(Resident):
    vx_type = vx.VX_TYPE_SCALAR
    DESC = "pvx_scalar"
    META = {vx.VX_SCALAR_TYPE: ("data_type", vx.VX_TYPE_INVALID, vx.VX_ERROR_INVALID_TYPE)}

    def __init__(self, context, data_type, value_ptr=ffi.NULL, size=None, scope=None, virtual=False):
        """`size` given (vxCreateScalarWithSize) allows structs and must match the type's size."""
        item = size_of(context, data_type)
        if virtual and data_type == vx.VX_TYPE_INVALID:
            pass                           # left open until the graph is verified
        elif virtual and size is None:     # a virtual scalar may carry any struct a kernel outputs
            check(item is not None, vx.VX_ERROR_INVALID_TYPE, f"{data_type:#x} is not a known type")
        elif size is None:
            check(data_type in SCALAR_TYPES, vx.VX_ERROR_INVALID_TYPE, f"{data_type:#x} is not a scalar type")
        else:
            check(item is not None, vx.VX_ERROR_INVALID_TYPE, f"{data_type:#x} is not a known type")
            check(size == item, vx.VX_ERROR_INVALID_PARAMETERS, f"size {size} is not the size {item} of {type_name(data_type)}")
        super().__init__(context, scope, virtual)
        self.data_type = data_type
        self.publish()
        if value_ptr != ffi.NULL:
            ffi.memmove(self.base(), value_ptr, item)

    def fill(self, desc):
        desc.data_type = self.data_type

    def took(self):
        self.data_type = self.desc.data_type

    @property
    def size(self):
        return size_of(self.context, self.data_type) or 0

    def nbytes(self):
        return self.size

    def make_like(self, context, scope=None, virtual=False):
        return Scalar(context, self.data_type, size=self.size, scope=scope, virtual=virtual)

    @property
    def value(self):
        """The value as Python sees it (structs: a cdata copy)."""
        ctype = C_TYPES.get(self.data_type)
        if ctype is None:
            return bytes(ffi.buffer(self.base(), self.size))
        return ffi.cast(f"{ctype} *", self.base())[0]


def serve_in_c():
    """What vxCreateScalar may make in C without asking (csrc/objects/scalar.c): the scalar types
    (__init__'s policy for a scalar without a size)."""
    for data_type in SCALAR_TYPES:
        lib.pvx_lazy_serve(vx.VX_TYPE_SCALAR, data_type, SIZES[data_type], MAX_BYTES)


reference.ADOPT[vx.VX_TYPE_SCALAR] = Scalar.adopt
serve_in_c()
