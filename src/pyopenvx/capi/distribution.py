"""Distribution functions (valid unmaps are answered in csrc/objects/distribution.c)."""
from .. import attributes
from .. import constants as vx
from ..objects.distribution import Distribution
from ..objects.memory import graph_of
from ..reference import lookup
from . import export
from .context import context_of
from .reference import release_handle

QUERY = {
    vx.VX_DISTRIBUTION_DIMENSIONS: ("vx_size", lambda d: 1),
    vx.VX_DISTRIBUTION_OFFSET: ("vx_int32", lambda d: d.offset),
    vx.VX_DISTRIBUTION_RANGE: ("vx_uint32", lambda d: d.range),
    vx.VX_DISTRIBUTION_BINS: ("vx_size", lambda d: d.bins),
    vx.VX_DISTRIBUTION_WINDOW: ("vx_uint32", lambda d: d.window),
    vx.VX_DISTRIBUTION_SIZE: ("vx_size", lambda d: d.nbytes()),
}


def distribution_of(handle):
    return lookup(handle, vx.VX_TYPE_DISTRIBUTION, "distribution")


@export
def vxCreateDistribution(context, numBins, offset, range):
    return Distribution(context_of(context), numBins, offset, range)


@export
def vxCreateVirtualDistribution(graph, numBins, offset, range):
    g = graph_of(graph)
    return Distribution(g.context, numBins, offset, range, scope=g, virtual=True)


@export
def vxQueryDistribution(distribution, attribute, ptr, size):
    attributes.query(QUERY, distribution_of(distribution), attribute, ptr, size)


@export
def vxCopyDistribution(distribution, user_ptr, usage, user_mem_type):
    distribution_of(distribution).copy_all(user_ptr, usage, user_mem_type)


@export
def vxMapDistribution(distribution, map_id, ptr, usage, mem_type, flags):
    distribution_of(distribution).map_all(map_id, ptr, usage, mem_type)


@export
def vxUnmapDistribution(distribution, map_id):
    distribution_of(distribution).unmap(map_id)


@export
def vxAccessDistribution(distribution, ptr, usage):
    distribution_of(distribution).access_all(ptr, usage)


@export
def vxCommitDistribution(distribution, ptr):
    distribution_of(distribution).commit(ptr)


@export
def vxReleaseDistribution(distribution):
    release_handle(distribution, vx.VX_TYPE_DISTRIBUTION, "distribution")
