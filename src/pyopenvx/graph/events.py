"""vx_khr_pipelining events: registrations on graphs and nodes, compiled at verification into the
tables C reads while it runs (`pvx_graph_events`, csrc/runtime/events.h). Events go to the context's
queue (vxRegisterEvent; vxWaitEvent and vxSendUserEvent are answered in C), or, as TIOVX adds
(TI/tivx.h), to the graph's own queue (vxRegisterGraphEvent, vxWaitGraphEvent): one table per queue,
chained (csrc/runtime/events.c)."""
from _pyopenvx import ffi, lib

from .. import constants as vx
from ..errors import VxError, check

GRAPH_EVENTS = (vx.VX_EVENT_GRAPH_COMPLETED, vx.VX_EVENT_GRAPH_PARAMETER_CONSUMED)
NODE_EVENTS = {vx.VX_EVENT_NODE_COMPLETED: lib.PVX_EVENT_NODE_COMPLETED, vx.VX_EVENT_NODE_ERROR: lib.PVX_EVENT_NODE_ERROR}


def register(obj, event_type, param, app_value, own_queue=False):
    """vxRegisterEvent: a graph (completed, parameter consumed) or a node (completed, error).
    Takes effect at the graph's next verification (the spec asks for it before). With `own_queue`
    (vxRegisterGraphEvent) the event goes to the graph's queue instead of the context's."""
    if obj.vx_type == vx.VX_TYPE_GRAPH and event_type in GRAPH_EVENTS:
        graph = obj
        if event_type == vx.VX_EVENT_GRAPH_PARAMETER_CONSUMED:
            check(param < len(graph.parameters), vx.VX_ERROR_INVALID_PARAMETERS,
                  f"graph parameter {param} does not exist ({len(graph.parameters)} parameters)", graph)
        else:
            param = 0
        key = (event_type, param)
    elif obj.vx_type == vx.VX_TYPE_NODE and event_type in NODE_EVENTS:
        graph, key = obj.graph, event_type
    else:
        raise VxError(vx.VX_ERROR_NOT_SUPPORTED, f"event type {event_type:#x} cannot be registered on {obj}", obj)
    graph.check_idle(f"events of {obj} cannot change", None)
    name = "graph_event_values" if own_queue else "event_values"
    setattr(obj, name, {**getattr(obj, name), key: app_value})     # (a node shares an empty one until then)
    graph.invalidate(f"an event was registered on {obj}")


def compile_graph(graph):
    """The graph's chain of `pvx_graph_events` (the context's queue, the graph's own), or NULL when
    nothing is registered (no cost per run)."""
    tables = [_table(graph, queue, values) for queue, values in
              ((graph.context.events, lambda o: o.event_values), (graph.own_events, lambda o: o.graph_event_values))]
    tables = [t for t in tables if t is not None]
    for first, second in zip(tables, tables[1:]):
        first[0].next = second[0]
    graph._c_events = tables
    graph.desc.events = tables[0][0] if tables else ffi.NULL


def _table(graph, queue, values_of):
    nodes = graph.order
    if not values_of(graph) and not any(values_of(node) for node in nodes):
        return None
    n, p = max(len(nodes), 1), max(len(graph.parameters), 1)
    ev = ffi.new("pvx_graph_events *")
    arrays = {"node_flags": ffi.new("uint32_t[]", n), "node_completed_value": ffi.new("vx_uint32[]", n),
              "node_error_value": ffi.new("vx_uint32[]", n), "consumed": ffi.new("vx_bool[]", p),
              "consumed_value": ffi.new("vx_uint32[]", p)}
    for name, array in arrays.items():
        setattr(ev, name, array)
    for k, node in enumerate(nodes):
        for event_type, value in values_of(node).items():
            arrays["node_flags"][k] |= NODE_EVENTS[event_type]
            field = "node_completed_value" if event_type == vx.VX_EVENT_NODE_COMPLETED else "node_error_value"
            arrays[field][k] = value
    for (event_type, index), value in values_of(graph).items():
        if event_type == vx.VX_EVENT_GRAPH_COMPLETED:
            ev.completed, ev.completed_value = vx.vx_true_e, value
        elif index < len(graph.parameters):
            arrays["consumed"][index], arrays["consumed_value"][index] = vx.vx_true_e, value
    ev.queue = queue
    ev.graph = ffi.cast("vx_graph", graph.h)
    ev.num_parameters = len(graph.parameters)
    return ev, arrays
