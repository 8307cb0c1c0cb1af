"""Pyramid functions."""
from .. import attributes
from .. import constants as vx
from ..objects.memory import graph_of
from ..objects.pyramid import Pyramid
from ..reference import lookup
from . import export
from .context import context_of
from .reference import release_handle

QUERY = {
    vx.VX_PYRAMID_LEVELS: ("vx_size", lambda p: len(p.levels)),
    vx.VX_PYRAMID_SCALE: ("vx_float32", lambda p: p.scale),
    vx.VX_PYRAMID_WIDTH: ("vx_uint32", lambda p: p.width),
    vx.VX_PYRAMID_HEIGHT: ("vx_uint32", lambda p: p.height),
    vx.VX_PYRAMID_FORMAT: ("vx_df_image", lambda p: p.format),
}


def pyramid_of(handle):
    return lookup(handle, vx.VX_TYPE_PYRAMID, "pyramid")


@export
def vxCreatePyramid(context, levels, scale, width, height, format):
    return Pyramid(context_of(context), levels, scale, width, height, format)


@export
def vxCreateVirtualPyramid(graph, levels, scale, width, height, format):
    g = graph_of(graph)
    return Pyramid(g.context, levels, scale, width, height, format, scope=g, virtual=True)


@export
def vxGetPyramidLevel(pyr, index):
    return pyramid_of(pyr).level(index)


@export
def vxQueryPyramid(pyr, attribute, ptr, size):
    attributes.query(QUERY, pyramid_of(pyr), attribute, ptr, size)


@export
def vxReleasePyramid(pyr):
    release_handle(pyr, vx.VX_TYPE_PYRAMID, "pyramid")
