"""Convolution functions."""
from .. import attributes
from .. import constants as vx
from ..objects.convolution import Convolution
from ..objects.memory import graph_of
from ..reference import lookup
from . import export
from .context import context_of
from .reference import release_handle

QUERY = {
    vx.VX_CONVOLUTION_ROWS: ("vx_size", lambda c: c.rows),
    vx.VX_CONVOLUTION_COLUMNS: ("vx_size", lambda c: c.columns),
    vx.VX_CONVOLUTION_SCALE: ("vx_uint32", lambda c: c.scale),
    vx.VX_CONVOLUTION_SIZE: ("vx_size", lambda c: c.nbytes()),
}
SET = {vx.VX_CONVOLUTION_SCALE: ("vx_uint32", Convolution.set_scale)}


def convolution_of(handle):
    return lookup(handle, vx.VX_TYPE_CONVOLUTION, "convolution")


@export
def vxCreateConvolution(context, columns, rows):
    return Convolution(context_of(context), columns, rows)


@export
def vxCreateVirtualConvolution(graph, columns, rows):
    g = graph_of(graph)
    return Convolution(g.context, columns, rows, scope=g, virtual=True)


@export
def vxQueryConvolution(conv, attribute, ptr, size):
    attributes.query(QUERY, convolution_of(conv), attribute, ptr, size)


@export
def vxSetConvolutionAttribute(conv, attribute, ptr, size):
    c = convolution_of(conv)
    attributes.set_attribute(SET, c, attribute, ptr, size, readable=QUERY)


@export
def vxCopyConvolutionCoefficients(conv, user_ptr, usage, user_mem_type):
    convolution_of(conv).copy_all(user_ptr, usage, user_mem_type)


@export
def vxReadConvolutionCoefficients(conv, array):
    convolution_of(conv).copy_all(array, vx.VX_READ_ONLY, vx.VX_MEMORY_TYPE_HOST)


@export
def vxWriteConvolutionCoefficients(conv, array):
    convolution_of(conv).copy_all(array, vx.VX_WRITE_ONLY, vx.VX_MEMORY_TYPE_HOST)


@export
def vxReleaseConvolution(conv):
    release_handle(conv, vx.VX_TYPE_CONVOLUTION, "convolution")
