"""vx_khr_pipelining: schedule configuration, parameter queues, streaming, events.

Enqueue, dequeue and check of a verified queued graph, vxWaitEvent and vxSendUserEvent are
answered in C (csrc/runtime/pipeline.c, csrc/runtime/events.c); these bodies verify first when needed and refuse
with the reason C gives."""
from _pyopenvx import ffi, lib

from .. import constants as vx
from ..errors import check
from ..failure import VX_FAILURE
from ..graph import events, pipelining
from ..graph.graph import unlocked
from ..reference import lookup, lookup_optional
from . import export
from .context import context_of
from .graph import graph_of


def _queue_entries(g, size, params):
    check(size == 0 or params != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS,
          "graph_parameters_queue_params_list is NULL", g)
    entries = []
    for k in range(size):
        p = params[k]
        check(p.refs_list != ffi.NULL or p.refs_list_size == 0, vx.VX_ERROR_INVALID_PARAMETERS,
              f"entry {k}: refs_list is NULL", g)
        entries.append((p.graph_parameter_index,
                        [lookup(p.refs_list[r], 0, f"entry {k} reference {r}") for r in range(p.refs_list_size)]))
    return entries


@export
def vxSetGraphScheduleConfig(graph, mode, size, params):
    g = graph_of(graph)
    pipelining.configure(g, mode, _queue_entries(g, size, params))


def _queued(g, index):
    """The graph's pipeline for a queue call: the parameter must be queued; verified first if needed."""
    check(index in g.pipelining.queues, vx.VX_ERROR_INVALID_PARAMETERS,
          f"graph parameter {index} of {g} is not queued (vxSetGraphScheduleConfig)", g)
    if not g.verified:
        with g.busy():
            g.prepare()
    return g.pipeline


@export
def vxGraphParameterEnqueueReadyRef(graph, index, refs, num):
    g = graph_of(graph)
    check(refs != ffi.NULL and num > 0, vx.VX_ERROR_INVALID_PARAMETERS, "no references to enqueue", g)
    for i in range(num):
        lookup(refs[i], 0, f"reference {i}")
    _queued(g, index).call(lib.pvx_pipeline_enqueue, index, refs, num, 0)


@export
def vxGraphParameterDequeueDoneRef(graph, index, refs, max_refs, num_refs):
    g = graph_of(graph)
    check(refs != ffi.NULL and num_refs != ffi.NULL and max_refs > 0, vx.VX_ERROR_INVALID_PARAMETERS,
          "refs or num_refs is NULL, or max_refs is 0", g)
    check(index not in g.pipelining.queues or g.verified or g.pipelining.waiting, vx.VX_ERROR_INVALID_GRAPH,
          f"{g} is not verified: nothing was enqueued at graph parameter {index}, none can be done", g)
    _queued(g, index).dequeue(index, refs, max_refs, num_refs)


@export
def vxGraphParameterCheckDoneRef(graph, index, num_refs):
    g = graph_of(graph)
    check(num_refs != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, "num_refs is NULL", g)
    _queued(g, index).call(lib.pvx_pipeline_check, index, num_refs)


@export
def vxEnableGraphStreaming(graph, trigger_node):
    graph_of(graph).enable_streaming(lookup_optional(trigger_node, vx.VX_TYPE_NODE, "trigger_node"))


@export
def vxStartGraphStreaming(graph):
    graph_of(graph).start_streaming()


@export
def vxStopGraphStreaming(graph):
    graph_of(graph).stop_streaming()


@export
def vxEnableEvents(context):
    lib.pvx_events_enable(context_of(context).events, 1)


@export
def vxDisableEvents(context):
    lib.pvx_events_enable(context_of(context).events, 0)


@export
def vxRegisterEvent(ref, event_type, param, app_value):
    events.register(lookup(ref, 0, "ref"), event_type, param, app_value)


@export
def vxSendUserEvent(context, app_value, parameter):
    e = ffi.new("vx_event_t *", {"type": vx.VX_EVENT_USER, "app_value": app_value})
    e.event_info.user_event.user_event_parameter = parameter
    ctx = context_of(context)
    check(lib.pvx_events_send(ctx.events, e), VX_FAILURE, "events are disabled (vxDisableEvents): nothing is "
          "queued until vxEnableEvents", ctx)


@export
def vxWaitEvent(context, event, do_not_block):
    ctx = context_of(context)
    check(event != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, "event is NULL", ctx)
    with unlocked():
        return lib.pvx_events_wait(ctx.events, event, 0 if do_not_block != vx.vx_false_e else
                                   vx.VX_TIMEOUT_WAIT_FOREVER)
