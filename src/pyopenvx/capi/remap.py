"""Remap functions (valid unmaps are answered in csrc/objects/remap.c)."""
from _pyopenvx import ffi

from .. import attributes
from .. import constants as vx
from ..objects.memory import check_ptrs, graph_of
from ..objects.remap import Remap
from ..reference import lookup
from . import export
from .context import context_of
from .reference import release_handle

QUERY = {
    vx.VX_REMAP_SOURCE_WIDTH: ("vx_uint32", lambda r: r.src_width),
    vx.VX_REMAP_SOURCE_HEIGHT: ("vx_uint32", lambda r: r.src_height),
    vx.VX_REMAP_DESTINATION_WIDTH: ("vx_uint32", lambda r: r.dst_width),
    vx.VX_REMAP_DESTINATION_HEIGHT: ("vx_uint32", lambda r: r.dst_height),
}


def remap_of(handle):
    return lookup(handle, vx.VX_TYPE_REMAP, "remap")


@export
def vxCreateRemap(context, src_width, src_height, dst_width, dst_height):
    return Remap(context_of(context), src_width, src_height, dst_width, dst_height)


@export
def vxCreateVirtualRemap(graph, src_width, src_height, dst_width, dst_height):
    g = graph_of(graph)
    return Remap(g.context, src_width, src_height, dst_width, dst_height, scope=g, virtual=True)


@export
def vxQueryRemap(table, attribute, ptr, size):
    attributes.query(QUERY, remap_of(table), attribute, ptr, size)


@export
def vxCopyRemapPatch(remap, rect, user_stride_y, user_ptr, user_coordinate_type, usage, user_mem_type):
    remap_of(remap).copy_patch(rect, user_stride_y, user_ptr, user_coordinate_type, usage, user_mem_type)


@export
def vxMapRemapPatch(remap, rect, map_id, stride_y, ptr, coordinate_type, usage, mem_type):
    r = remap_of(remap)
    check_ptrs(map_id=map_id, stride_y=stride_y, ptr=ptr)
    map_id[0], ptr[0] = r.map_patch(rect, coordinate_type, usage, mem_type)
    stride_y[0] = r.dst_width * 8


@export
def vxUnmapRemapPatch(remap, map_id):
    remap_of(remap).unmap(map_id)


@export
def vxSetRemapPoint(table, dst_x, dst_y, src_x, src_y):
    r = remap_of(table)
    r.check_accessible("write")
    point = ffi.cast("vx_coordinates2df_t *", r.point(dst_x, dst_y))
    point.x, point.y = src_x, src_y


@export
def vxGetRemapPoint(table, dst_x, dst_y, src_x, src_y):
    r = remap_of(table)
    r.check_accessible("read")
    check_ptrs(src_x=src_x, src_y=src_y)
    point = ffi.cast("vx_coordinates2df_t *", r.point(dst_x, dst_y))
    src_x[0], src_y[0] = point.x, point.y


@export
def vxReleaseRemap(table):
    release_handle(table, vx.VX_TYPE_REMAP, "remap")
