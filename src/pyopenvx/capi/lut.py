"""LUT functions (valid unmaps are answered in csrc/objects/lut.c)."""
from .. import attributes
from .. import constants as vx
from ..objects.lut import LUT
from ..objects.memory import graph_of
from ..reference import lookup
from . import export
from .context import context_of
from .reference import release_handle

QUERY = {
    vx.VX_LUT_TYPE: ("vx_enum", lambda t: t.data_type),
    vx.VX_LUT_COUNT: ("vx_size", lambda t: t.count),
    vx.VX_LUT_SIZE: ("vx_size", lambda t: t.nbytes()),
    vx.VX_LUT_OFFSET: ("vx_uint32", lambda t: t.offset),
}


def lut_of(handle):
    return lookup(handle, vx.VX_TYPE_LUT, "lut")


@export
def vxCreateLUT(context, data_type, count):
    return LUT(context_of(context), data_type, count)


@export
def vxCreateVirtualLUT(graph, data_type, count):
    g = graph_of(graph)
    return LUT(g.context, data_type, count, scope=g, virtual=True)


@export
def vxQueryLUT(lut, attribute, ptr, size):
    attributes.query(QUERY, lut_of(lut), attribute, ptr, size)


@export
def vxCopyLUT(lut, user_ptr, usage, user_mem_type):
    lut_of(lut).copy_all(user_ptr, usage, user_mem_type)


@export
def vxMapLUT(lut, map_id, ptr, usage, mem_type, flags):
    lut_of(lut).map_all(map_id, ptr, usage, mem_type)


@export
def vxUnmapLUT(lut, map_id):
    lut_of(lut).unmap(map_id)


@export
def vxAccessLUT(lut, ptr, usage):
    lut_of(lut).access_all(ptr, usage)


@export
def vxCommitLUT(lut, ptr):
    lut_of(lut).commit(ptr)


@export
def vxReleaseLUT(lut):
    release_handle(lut, vx.VX_TYPE_LUT, "lut")
