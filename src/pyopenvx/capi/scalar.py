"""Scalar functions (vxCopyScalar and vxQueryScalar are answered in csrc/objects/scalar.c when valid)."""
from _pyopenvx import ffi

from .. import attributes
from .. import constants as vx
from ..errors import check
from ..objects.memory import graph_of
from ..objects.scalar import Scalar
from ..reference import lookup
from . import export
from .context import context_of
from .reference import release_handle

QUERY = {vx.VX_SCALAR_TYPE: ("vx_enum", lambda s: s.data_type)}


def scalar_of(handle):
    return lookup(handle, vx.VX_TYPE_SCALAR, "scalar")


@export
def vxCreateScalar(context, data_type, ptr):
    return Scalar(context_of(context), data_type, ptr)


@export
def vxCreateScalarWithSize(context, data_type, ptr, size):
    return Scalar(context_of(context), data_type, ptr, size)


@export
def vxCreateVirtualScalar(graph, data_type):
    g = graph_of(graph)
    return Scalar(g.context, data_type, scope=g, virtual=True)


@export
def vxQueryScalar(scalar, attribute, ptr, size):
    attributes.query(QUERY, scalar_of(scalar), attribute, ptr, size)


@export
def vxCopyScalar(scalar, user_ptr, usage, user_mem_type):
    scalar_of(scalar).copy_all(user_ptr, usage, user_mem_type)


@export
def vxCopyScalarWithSize(scalar, size, user_ptr, usage, user_mem_type):
    s = scalar_of(scalar)
    check(size == s.size, vx.VX_ERROR_INVALID_PARAMETERS, f"size {size} is not the scalar's size {s.size}", s)
    s.copy_all(user_ptr, usage, user_mem_type)


@export
def vxReadScalarValue(ref, ptr):
    scalar_of(ref).copy_all(ffi.cast("void *", ptr), vx.VX_READ_ONLY, vx.VX_MEMORY_TYPE_HOST)


@export
def vxWriteScalarValue(ref, ptr):
    scalar_of(ref).copy_all(ffi.cast("void *", ptr), vx.VX_WRITE_ONLY, vx.VX_MEMORY_TYPE_HOST)


@export
def vxReleaseScalar(scalar):
    release_handle(scalar, vx.VX_TYPE_SCALAR, "scalar")


