"""vx_khr_pipelining events: registrations on graphs and nodes, compiled at verification into the
table C reads while it runs (`pvx_graph_events`, csrc/runtime/events.h). The queue itself is the
context's (csrc/runtime/events.c): vxWaitEvent and vxSendUserEvent are answered in C."""
from _pyopenvx import ffi, lib

from .. import constants as vx
from ..errors import VxError, check

GRAPH_EVENTS = (vx.VX_EVENT_GRAPH_COMPLETED, vx.VX_EVENT_GRAPH_PARAMETER_CONSUMED)
NODE_EVENTS = {vx.VX_EVENT_NODE_COMPLETED: lib.PVX_EVENT_NODE_COMPLETED, vx.VX_EVENT_NODE_ERROR: lib.PVX_EVENT_NODE_ERROR}


def register(obj, event_type, param, app_value):
    """vxRegisterEvent: a graph (completed, parameter consumed) or a node (completed, error).
    Takes effect at the graph's next verification (the spec asks for it before)."""
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
    obj.event_values[key] = app_value
    graph.invalidate(f"an event was registered on {obj}")


def compile_graph(graph):
    """The graph's `pvx_graph_events`, or NULL when nothing is registered (no cost per run)."""
    nodes = graph.order
    if not graph.event_values and not any(node.event_values for node in nodes):
        graph.desc.events, graph._c_events = ffi.NULL, None
        return
    n, p = max(len(nodes), 1), max(len(graph.parameters), 1)
    ev = ffi.new("pvx_graph_events *")
    arrays = {"node_flags": ffi.new("uint32_t[]", n), "node_completed_value": ffi.new("vx_uint32[]", n),
              "node_error_value": ffi.new("vx_uint32[]", n), "consumed": ffi.new("vx_bool[]", p),
              "consumed_value": ffi.new("vx_uint32[]", p)}
    for name, array in arrays.items():
        setattr(ev, name, array)
    for k, node in enumerate(nodes):
        for event_type, value in node.event_values.items():
            arrays["node_flags"][k] |= NODE_EVENTS[event_type]
            field = "node_completed_value" if event_type == vx.VX_EVENT_NODE_COMPLETED else "node_error_value"
            arrays[field][k] = value
    for (event_type, index), value in graph.event_values.items():
        if event_type == vx.VX_EVENT_GRAPH_COMPLETED:
            ev.completed, ev.completed_value = vx.vx_true_e, value
        elif index < len(graph.parameters):
            arrays["consumed"][index], arrays["consumed_value"][index] = vx.vx_true_e, value
    ev.queue = graph.context.events
    ev.graph = ffi.cast("vx_graph", graph.h)
    ev.num_parameters = len(graph.parameters)
    graph._c_events = (ev, arrays)
    graph.desc.events = ev
