"""Graph functions: creation, verification, execution (sync and async), attributes, parameters."""

from _pyopenvx import ffi, lib

from .. import attributes
from .. import constants as vx
from ..errors import VxError, check
from ..graph.graph import Graph
from ..graph.parameter import Parameter
from ..reference import lookup, lookup_optional
from . import export
from .context import context_of
from .reference import release_handle

QUERY = {
    vx.VX_GRAPH_NUMNODES: ("vx_uint32", lambda g: len(g.nodes)),
    vx.VX_GRAPH_PERFORMANCE: ("vx_perf_t", lambda g: g.desc.perf),
    vx.VX_GRAPH_NUMPARAMETERS: ("vx_uint32", lambda g: len(g.parameters)),
    vx.VX_GRAPH_STATE: ("vx_enum", lambda g: g.desc.state),
    vx.VX_GRAPH_ATTRIBUTE_STATUS: ("vx_status", lambda g: g.desc.status),
    vx.VX_GRAPH_SCHEDULE_MODE: ("vx_enum", lambda g: g.pipelining.mode),
    vx.VX_GRAPH_PIPELINE_DEPTH: ("vx_uint32", lambda g: g.pipeline.depth if g.pipeline is not None
                                 else g.pipelining.depth or 1),
    vx.VX_GRAPH_TIMEOUT: ("vx_uint32", lambda g: g.desc.timeout_ms),
    vx.VX_GRAPH_EVENT_TIMEOUT: ("vx_uint32", lambda g: g.event_timeout_ms),
    vx.TIVX_GRAPH_STREAM_EXECUTIONS: ("vx_uint32", lambda g: _stream_executions(g)),
}


def _stream_executions(g):
    """Frames a streaming graph completed since its verification (0 for another graph)."""
    pipeline = g.pipeline
    if pipeline is None or not g.pipelining.streaming or pipeline.c == ffi.NULL:
        return 0
    return lib.pvx_pipeline_completed(pipeline.c)

MAX_PIPELINE_DEPTH = 64


def _set_depth(g, depth):
    """Frames in flight from the next verification on (0: the framework chooses)."""
    check(depth <= MAX_PIPELINE_DEPTH, vx.VX_ERROR_INVALID_VALUE,
          f"pipeline depth {depth} is above {MAX_PIPELINE_DEPTH}", g)
    g.check_idle("the pipeline depth cannot change", None)
    g.pipelining.depth = depth
    g.invalidate("its pipeline depth changed")


def _set_timeout(g, ms):
    """VX_GRAPH_TIMEOUT (TIOVX): 0 would make every wait fail at once, refused as TIOVX does."""
    check(ms != 0, vx.VX_ERROR_INVALID_PARAMETERS, "VX_GRAPH_TIMEOUT cannot be 0 (VX_TIMEOUT_WAIT_FOREVER: no limit)",
          g)
    g.desc.timeout_ms = ms
    if g.pipeline is not None and g.pipeline.c != ffi.NULL:
        lib.pvx_pipeline_timeout_changed(g.pipeline.c)     # a stream's watch reads it again


def _set_event_timeout(g, ms):
    """VX_GRAPH_EVENT_TIMEOUT (TIOVX): how long vxWaitGraphEvent blocks; 0 refused as TIOVX does."""
    check(ms != 0, vx.VX_ERROR_INVALID_PARAMETERS, "VX_GRAPH_EVENT_TIMEOUT cannot be 0 (VX_TIMEOUT_WAIT_FOREVER: no "
          "limit)", g)
    g.event_timeout_ms = ms


SET = {vx.VX_GRAPH_PIPELINE_DEPTH: ("vx_uint32", _set_depth),
       vx.VX_GRAPH_TIMEOUT: ("vx_uint32", _set_timeout),
       vx.VX_GRAPH_EVENT_TIMEOUT: ("vx_uint32", _set_event_timeout)}


def graph_of(handle):
    return lookup(handle, vx.VX_TYPE_GRAPH, "graph")


@export
def vxCreateGraph(context):
    return Graph(context_of(context))


@export
def vxReleaseGraph(graph):
    g = release_handle(graph, vx.VX_TYPE_GRAPH, "graph")
    status = getattr(g, "release_status", vx.VX_SUCCESS)     # set when the graph was destroyed
    if status != vx.VX_SUCCESS:
        raise VxError(status, f"a delete callback of {g} failed (the graph is released)")


@export
def vxVerifyGraph(graph):
    g = graph_of(graph)
    with g.busy():
        if not g.imported:            # (vx_khr_ix: an imported graph is verified, and never again)
            g.invalidate()
        g.prepare()


@export
def vxProcessGraph(graph):
    return graph_of(graph).process()


@export
def vxScheduleGraph(graph):
    graph_of(graph).schedule()


@export
def vxWaitGraph(graph):
    return graph_of(graph).wait()


@export
def vxIsGraphVerified(graph):
    return vx.vx_true_e if graph_of(graph).verified else vx.vx_false_e


@export
def vxQueryGraph(graph, attribute, ptr, size):
    attributes.query(QUERY, graph_of(graph), attribute, ptr, size)


@export
def vxSetGraphAttribute(graph, attribute, ptr, size):
    g = graph_of(graph)
    attributes.set_attribute(SET, g, attribute, ptr, size, readable=QUERY)


@export
def vxAddParameterToGraph(graph, parameter):
    g = graph_of(graph)
    g.add_parameter(lookup(parameter, vx.VX_TYPE_PARAMETER, "parameter"))


@export
def vxSetGraphParameterByIndex(graph, index, value):
    node, i = graph_of(graph).parameter(index)
    node.set_parameter(i, lookup_optional(value, 0, "value"))


@export
def vxGetGraphParameterByIndex(graph, index):
    node, i = graph_of(graph).parameter(index)
    return Parameter(node, i)


@export
def vxRegisterAutoAging(graph, delay):
    graph_of(graph).register_auto_aging(lookup(delay, vx.VX_TYPE_DELAY, "delay"))
