"""A graph's events from Python, on the graph's own queue (vxRegisterGraphEvent, vxWaitGraphEvent):

    graph.record_events("node_completed", "graph_completed")    # node errors are recorded by streaming
    graph.start_streaming()
    ...
    for event in graph.events():           # what happened since the last query, oldest first
        print(event.kind, event.node, event.status)

A graph that streams records its node errors (`watch`), and its next run or state call raises the
first error of the streaming session once (`report`): a Failure naming the node, whose __cause__ is
what the Python kernel raised. The events a failure check takes from the queue stay for `events()`.
"""
from __future__ import annotations

from collections import deque
from typing import Any, Deque, List, NamedTuple, Optional

from .. import constants as vx
from ..api import ffi, lib
from .errors import _WORKERS, _take, check

KINDS = {"node_error": vx.VX_EVENT_NODE_ERROR, "node_completed": vx.VX_EVENT_NODE_COMPLETED,
         "graph_completed": vx.VX_EVENT_GRAPH_COMPLETED}
_NAMES = {**{code: name for name, code in KINDS.items()}, vx.VX_EVENT_GRAPH_PARAMETER_CONSUMED:
          "graph_parameter_consumed", vx.VX_EVENT_USER: "user"}
_NODE_EVENTS = (vx.VX_EVENT_NODE_ERROR, vx.VX_EVENT_NODE_COMPLETED)


class Event(NamedTuple):
    """One event of a graph: `kind` "node_error", "node_completed", "graph_completed",
    "graph_parameter_consumed" or "user"; `node` the node's kernel name (node events of nodes made
    through the wrapper), `status` the node's vx_status (node errors; VX_SUCCESS otherwise),
    `timestamp` in ns, `parameter` the graph parameter consumed."""
    kind: str
    node: Optional[str]
    status: int
    timestamp: int
    parameter: Optional[int] = None


class Watch:
    """What the wrapper keeps of a graph's own event queue: the registrations it made, the events
    taken but not yet given to `events()`, and whether this streaming session's error was raised."""

    def __init__(self) -> None:
        self.recorded: set = set()          # (event type, node handle or None)
        self.pending: Deque[Event] = deque(maxlen=4096)
        self.session = False                # streaming started and not yet stopped
        self.failed: Optional[Event] = None     # the session's first node error
        self.reported = False
        self.event = ffi.new("vx_event_t *")


def _watch(graph) -> Watch:
    if graph._watch is None:
        graph._watch = Watch()
    return graph._watch


def record(graph, *kinds: str) -> None:
    """Registers `kinds` (node events on every node made through the wrapper) on the graph's own
    queue; the graph verifies again at its next run (the spec's rule for registrations)."""
    watch = _watch(graph)
    for kind in kinds:
        if kind not in KINDS:
            raise ValueError(f"event kind {kind!r}: one of {', '.join(KINDS)}")
        code = KINDS[kind]
        for obj in graph._nodes if code in _NODE_EVENTS else (graph,):
            key = (code, None if obj is graph else int(ffi.cast("uintptr_t", obj.handle)))
            if key not in watch.recorded:
                check(lib.vxRegisterGraphEvent(ffi.cast("vx_reference", obj.handle), code, 0, 0),
                      f"vxRegisterGraphEvent({kind})", obj)
                watch.recorded.add(key)


def start_session(graph) -> None:
    """Before streaming starts: node errors are recorded, the session has no failure yet."""
    record(graph, "node_error")
    watch = graph._watch
    _drain(graph, watch)                # errors of earlier runs are not this session's
    watch.session, watch.failed, watch.reported = True, None, False


def end_session(graph) -> None:
    """After streaming stopped (and its errors were drained): runs of process() raise their own
    errors; a session whose error was raised leaves no stale kernel exception for an unrelated
    later call (its later frames failed the same way)."""
    watch = graph._watch
    if watch is not None and watch.session:
        watch.session = False
        if watch.reported:
            _take(_WORKERS)


def _event(graph, e) -> Event:
    kind = _NAMES.get(e.type, hex(e.type))
    node, status, parameter = None, vx.VX_SUCCESS, None
    if e.type in _NODE_EVENTS:
        handle = e.event_info.node_error.node           # node_completed's node sits at the same place
        node = next((n.kernel_name for n in graph._nodes if n.handle == handle), None)
        if e.type == vx.VX_EVENT_NODE_ERROR:
            status = e.event_info.node_error.status
    elif e.type == vx.VX_EVENT_GRAPH_PARAMETER_CONSUMED:
        parameter = e.event_info.graph_parameter_consumed.graph_parameter_index
    return Event(kind, node, status, e.timestamp, parameter)


def _drain(graph, watch) -> None:
    while lib.vxWaitGraphEvent(graph.handle, watch.event, vx.vx_true_e) == vx.VX_SUCCESS:
        event = _event(graph, watch.event)
        watch.pending.append(event)
        if event.kind == "node_error" and watch.session and watch.failed is None:
            watch.failed = event


def events(graph) -> List[Event]:
    """The graph's events since the last query, oldest first (never waits)."""
    watch = graph._watch
    if watch is None:
        return []
    _drain(graph, watch)
    taken = list(watch.pending)
    watch.pending.clear()
    return taken


def report(graph, what: str) -> None:
    """Raises the streaming session's first node error, once (a Failure of the node's status
    naming the node, with the Python kernel's exception as __cause__); later errors of the same
    session are only events. `what` names the call that reports it."""
    watch: Any = graph._watch
    if watch is None or not watch.session or watch.reported:    # only a stream's errors wait
        return
    _drain(graph, watch)
    failed = watch.failed
    if failed is None:
        return
    watch.reported = True
    check(failed.status or vx.VX_FAILURE, f"node {failed.node or '(not made through the wrapper)'} while "
          f"streaming (seen by graph.{what})", graph)

