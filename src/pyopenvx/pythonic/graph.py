"""Graphs, nodes, kernels and delays for Python programs, over the exported C API.

    with Context() as ctx, Graph(ctx) as graph:
        tmp = Image.virtual(graph)
        graph.node("app.invert", src, tmp)          # a kernel by name (standard, module or Python)
        graph.node("app.invert", tmp, dst)
        graph.process()                             # raises StatusError if a node fails

Nodes made by `Graph.node` are owned by their wrapper and held by the graph too, so releasing
the wrapper early leaves the node in the graph.
"""
from __future__ import annotations

import functools
import struct
from collections import namedtuple
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, List, Optional, Tuple, Union

import numpy as np

from .. import constants as vx
from ..api import ffi, lib
from .base import (ContextLike, Object, _cast, _newp, attribute, check, handle_of, keep, reader, settled_attribute,
                   wrap_reference)
from .errors import InvalidParameters, status_name
from .events import Event, events, record, report
from .helpers import NodeHelpers
from .kernel import DIRECTIONS, Kernel, KernelParameter, guarded, kernels, log_failure  # noqa: F401  (re-exported)

Performance = namedtuple("Performance", "tmp beg end sum avg min num max")
_REFERENCE, _NODE_P, _PERF_P = ffi.typeof("vx_reference"), ffi.typeof("vx_node *"), ffi.typeof("vx_perf_t *")
_PERF_SIZE = ffi.sizeof("vx_perf_t")
_BORDER_P, _BORDER_SIZE = ffi.typeof("vx_border_t *"), ffi.sizeof("vx_border_t")
_PERF_FIELDS = struct.Struct("=8Q")
_BORDER_FIELDS = struct.Struct("=iI")   # vx_border_t: mode, then the constant's U32 member (offset 4)
_borders: List[Any] = []                # free (vx_border_t *, its buffer) pairs (as base.reader's)
_perfs: List[Any] = []                  # free (vx_perf_t *, its buffer) pairs
_buffer = ffi.buffer                    # vx_perf_t: the eight vx_uint64 of Performance, in order
GRAPH_STATES = {vx.VX_GRAPH_STATE_UNVERIFIED: "unverified", vx.VX_GRAPH_STATE_VERIFIED: "verified",
                vx.VX_GRAPH_STATE_RUNNING: "running", vx.VX_GRAPH_STATE_ABANDONED: "abandoned",
                vx.VX_GRAPH_STATE_COMPLETED: "completed"}
BORDERS = {"undefined": vx.VX_BORDER_UNDEFINED, "constant": vx.VX_BORDER_CONSTANT,
           "replicate": vx.VX_BORDER_REPLICATE}
_BORDER_NAMES = {mode: name for name, mode in BORDERS.items()}
ACTIONS = {None: vx.VX_ACTION_CONTINUE, "continue": vx.VX_ACTION_CONTINUE, "abandon": vx.VX_ACTION_ABANDON}
# the hot attributes' readers (base.reader), planned once
_NODE_STATUS = reader("vxQueryNode", vx.VX_NODE_STATUS, "vx_status")
_GRAPH_STATE = reader("vxQueryGraph", vx.VX_GRAPH_STATE, "vx_enum", GRAPH_STATES)   # (raw: never the stream's error)
_GRAPH_NODES = reader("vxQueryGraph", vx.VX_GRAPH_NUMNODES, "vx_uint32")
_GRAPH_PARAMETERS = reader("vxQueryGraph", vx.VX_GRAPH_NUMPARAMETERS, "vx_uint32")


def _performance(function, attribute, obj):
    try:                                        # a free out-argument and its buffer (as base.reader's)
        perf, buffer = _perfs.pop()
    except IndexError:
        perf = _newp(_PERF_P, None)
        buffer = _buffer(perf)
    handle, owner = obj._handle, obj._owner
    if handle is None or owner is not None and owner.context is not None and owner.context.handle is None:
        handle = obj.handle                     # raises Released (Object.handle inline)
    status = function(handle, attribute, perf, _PERF_SIZE)
    if status:
        check(status, "query performance")
    values = _PERF_FIELDS.unpack(buffer)
    _perfs.append((perf, buffer))
    return tuple.__new__(Performance, values)        # (namedtuple's __new__ is a Python function)


def _border(node) -> Tuple[str, int]:
    try:
        border, buffer = _borders.pop()
    except IndexError:
        border = _newp(_BORDER_P, None)
        buffer = _buffer(border)
    handle, owner = node._handle, node._owner
    if handle is None or owner is not None and owner.context is not None and owner.context.handle is None:
        handle = node.handle                    # raises Released (Object.handle inline)
    status = lib.vxQueryNode(handle, vx.VX_NODE_BORDER, border, _BORDER_SIZE)
    if status:
        check(status, "vxQueryNode(VX_NODE_BORDER)", node)
    mode, constant = _BORDER_FIELDS.unpack_from(buffer)
    _borders.append((border, buffer))
    return _BORDER_NAMES[mode], constant


def _parameter_ref(parameter, what):
    """The object set on a vx_parameter (an owned wrapper, or None), releasing the parameter."""
    check(lib.vxGetStatus(ffi.cast("vx_reference", parameter)), what)
    try:
        out = ffi.new("vx_reference *")
        check(lib.vxQueryParameter(parameter, vx.VX_PARAMETER_REF, out, ffi.sizeof("vx_reference")), what)
        return wrap_reference(out[0], owned=True)
    finally:
        lib.vxReleaseParameter(ffi.new("vx_parameter *", parameter))


class Node(Object):
    """A node of a graph: a kernel with its parameters (`graph.node(kernel, *objects)`)."""
    _release = lib.vxReleaseNode
    _ctype = "vx_node"
    vx_type = vx.VX_TYPE_NODE

    def __init__(self, graph: "Graph", kernel: Union[str, Kernel], *parameters: Optional[Object]) -> None:
        """A node of `kernel` (a Kernel or its name) with `parameters` in order (None: not set)."""
        if isinstance(kernel, str):
            with Kernel.by_name(graph.context, kernel) as k:
                super().__init__(lib.vxCreateGenericNode(graph.handle, k.handle), "vxCreateGenericNode")
            self.kernel_name = kernel
        else:
            super().__init__(lib.vxCreateGenericNode(graph.handle, kernel.handle), "vxCreateGenericNode")
            self.kernel_name = kernel.name
        for index, obj in enumerate(parameters):
            if obj is not None:
                self[index] = obj

    kernel_name: Optional[str] = None   # the kernel's name, when made here (OpenVX cannot tell it of a node)

    def _describe_state(self):
        kernel = f"{self.kernel_name.rsplit('.', 1)[-1]} " if self.kernel_name else ""
        status = self.status
        return f"{kernel}{self.num_parameters} parameters status={'VX_SUCCESS' if status == 0 else status_name(status)}"

    def direction(self, index: int) -> str:
        """"input", "output" or "bidirectional": the direction of parameter `index`."""
        parameter = lib.vxGetParameterByIndex(self.handle, index)
        check(lib.vxGetStatus(ffi.cast("vx_reference", parameter)), f"vxGetParameterByIndex({index})", self)
        try:
            out = ffi.new("vx_enum *")
            check(lib.vxQueryParameter(parameter, vx.VX_PARAMETER_DIRECTION, out, ffi.sizeof("vx_enum")),
                  "vxQueryParameter(VX_PARAMETER_DIRECTION)", self)
            return DIRECTIONS[out[0]]
        finally:
            lib.vxReleaseParameter(ffi.new("vx_parameter *", parameter))

    def __setitem__(self, index: int, obj: Object) -> None:
        """Sets parameter `index` to `obj` (vxSetParameterByIndex)."""
        check(lib.vxSetParameterByIndex(self.handle, index, obj.reference), f"vxSetParameterByIndex({index})", self)

    def __getitem__(self, index: int) -> Optional[Object]:
        """The object set as parameter `index` (an owned wrapper: release it), None if unset."""
        return _parameter_ref(lib.vxGetParameterByIndex(self.handle, index), f"vxGetParameterByIndex({index})")

    # the attributes' getters are their readers themselves (base.attribute: one Python frame a read)
    status: int = attribute(_NODE_STATUS, """VX_NODE_STATUS: the status of the node's last run.""")
    num_parameters: int = attribute(settled_attribute(
        "_num_parameters", reader("vxQueryNode", vx.VX_NODE_PARAMETERS, "vx_uint32")), """How many parameters the node has.""")
    performance: Performance = attribute(functools.partial(_performance, lib.vxQueryNode, vx.VX_NODE_PERFORMANCE),
                                         """Performance(tmp, beg, end, sum, avg, min, num, max) of the node's runs, in ns.""")

    def _set_border(self, value: Union[str, Tuple[str, int]]) -> None:
        """"undefined" (the spec's default), "replicate", "constant" (value 0) or ("constant", value)."""
        mode, constant = (value, 0) if isinstance(value, str) else value if isinstance(value, tuple) and \
            len(value) == 2 else (None, None)
        if not isinstance(mode, str) or isinstance(constant, bool) or not isinstance(constant, (int, np.integer)):
            raise TypeError(f"border={value!r}: a mode name or (\"constant\", value)")
        if mode not in BORDERS:
            raise InvalidParameters(vx.VX_ERROR_INVALID_PARAMETERS, "border", self,
                                    [f"border={value!r}: not one of {', '.join(BORDERS)}"])
        border = ffi.new("vx_border_t *", {"mode": BORDERS[mode]})
        border.constant_value.U32 = int(constant) & 0xFFFFFFFF      # an S16 -1 is its low bytes
        check(lib.vxSetNodeAttribute(self.handle, vx.VX_NODE_BORDER, border, ffi.sizeof("vx_border_t")),
              "vxSetNodeAttribute(VX_NODE_BORDER)")

    if TYPE_CHECKING:           # (its setter takes more than its getter gives: a property for type checkers)
        @property
        def border(self) -> Tuple[str, int]: ...

        @border.setter
        def border(self, value: Union[str, Tuple[str, int]]) -> None: ...
    else:
        border = attribute(_border, """(mode, constant value): mode "undefined", "constant" or "replicate"; set a
            mode or a pair: "undefined" (the spec's default), "replicate", "constant" (value 0) or ("constant", value).""",
                           _set_border)

    def on_complete(self, function: Optional[Callable[["Node"], Optional[str]]]) -> None:
        """Calls function(node) after each run of this node; it returns None/"continue" or
        "abandon". An exception abandons the graph, with a log entry. Replaces the callback set
        before; None removes it."""
        callback = ffi.NULL
        if function is not None:
            def call(node):
                return guarded(node, "node callback", lambda: ACTIONS[function(Node.wrap(node))],
                               vx.VX_ACTION_CONTINUE, vx.VX_ACTION_ABANDON)
            callback = ffi.callback("vx_nodecomplete_f", call, error=vx.VX_ACTION_ABANDON)
        check(lib.vxAssignNodeCallback(self.handle, ffi.NULL), "vxAssignNodeCallback", self)   # C refuses to replace
        if callback:
            check(lib.vxAssignNodeCallback(self.handle, callback), "vxAssignNodeCallback", self)
        keep(self, ("node callback", int(ffi.cast("uintptr_t", self.handle))), callback or None)


class Graph(NodeHelpers, Object):
    """A graph of nodes: build it with `graph.<kernel>(...)` helpers or `graph.node(...)`,
    run it with process(), schedule()/wait() or stream(); see docs/python.md."""
    _release = lib.vxReleaseGraph
    _ctype = "vx_graph"
    vx_type = vx.VX_TYPE_GRAPH

    def __init__(self, context: ContextLike) -> None:
        handle = handle_of(context, "context", "Graph")
        self.context = context
        super().__init__(lib.vxCreateGraph(handle), "vxCreateGraph")

    if not TYPE_CHECKING:       # a type checker sees only the generated helpers (a typo is an error)
        def __getattr__(self, name):
            """A standard kernel without a generated helper (one added since), or the error
            listing the helpers."""
            from .nodes import bound_helper
            if name.startswith("_"):
                raise AttributeError(name)
            return bound_helper(self, name)

    def _describe_state(self):          # never the stream's failure: an error's message describes the graph
        return f"{_GRAPH_STATE(self)}, {self.num_nodes} nodes"

    def dot(self) -> str:
        """The graph as Graphviz DOT text: the nodes made through this wrapper and their data."""
        from .display import dot
        return dot(self)

    def _repr_svg_(self) -> Optional[str]:
        """The diagram a notebook shows, drawn by Graphviz's `dot` (None without it)."""
        from .display import svg
        return None if self.released else svg(self)

    def _repr_markdown_(self) -> Optional[str]:
        """Without Graphviz, the DOT text (a notebook prefers markdown to SVG: None when `dot` draws)."""
        import shutil
        return None if self.released or shutil.which("dot") else f"```dot\n{self.dot()}```"

    _stream = None          # the queues of `stream`, once set up
    _watch = None           # events.Watch: the graph's own event queue, once recorded or streamed
    _nodes = ()             # wrappers of the nodes made through this wrapper (to find parameters)

    def node(self, kernel: Union[str, Kernel], *parameters: Optional[Object]) -> "Node":
        """A new node (see Node); its wrapper is owned by the caller, the graph holds the node too."""
        node = Node(self, kernel, *parameters)
        self._track(node)
        return node

    def _adopt_node(self, handle, what, kernel=None):
        """The tracked (borrowed) wrapper of a node of `kernel` (its name) a creator function made
        (node helpers); the creator's reference is released at once: the graph holds its nodes."""
        status = lib.vxGetStatus(_cast(_REFERENCE, handle))
        if status:
            check(status, what, self)
        node = self._track_handle(handle, kernel)
        lib.vxReleaseNode(_newp(_NODE_P, handle))
        return node

    def _track(self, node):
        """Remembers `node` (borrowed: the graph holds its nodes while it lives)."""
        self._track_handle(node.handle, node.kernel_name)

    def _track_handle(self, handle, kernel):
        if not self._nodes:
            self._nodes = []
        tracked = Node.borrow(handle)
        tracked.kernel_name = kernel
        self._nodes.append(tracked)
        return tracked

    def _sites(self, obj):
        """(node, index) of every node parameter `obj` is set on (nodes made through this wrapper)."""
        for node in self._nodes:
            for index in range(node.num_parameters):
                held = node[index]
                if held is not None:
                    same = held.handle == obj.reference
                    held.release()
                    if same:
                        yield node, index

    def _site(self, obj):
        """(node, index) of the first node parameter `obj` is set on."""
        for site in self._sites(obj):
            return site
        raise ValueError(f"{obj!r} is not a parameter of a node made through this graph")

    def parameter(self, obj: Object) -> int:
        """Makes the node parameter `obj` is set on (the first found) a graph parameter; its index."""
        return self.add_parameter(*self._site(obj))

    def readable(self, obj: Object) -> Object:
        """`obj` itself, or for a virtual object (which cannot be read: an image, array, scalar or
        pyramid) a real one like what verification made of it, put in its place in the graph."""
        if not getattr(obj, "_virtual", False):
            return obj
        self.verify()
        real = obj.like()         # type: ignore[attr-defined]  # the virtual kinds all have like()
        node, index = self._site(obj)
        node[index] = real
        return real

    def python(self, function: Callable[..., np.ndarray], *inputs: Object) -> Object:
        """A node running `function` (numpy arrays in, one array out) on the images `inputs`: a
        real user kernel (registered once per function and context), a C thread may run it in
        the graph like any kernel. Its output, returned, is a virtual image described like the
        first input (the function's result must fit it exactly)."""
        from .user_kernel import python_node
        return python_node(self, function, inputs)

    def stream(self, frames: Iterable[Any], source: Object, sink: Object, depth: int = 3,
               convert: Optional[Callable[[Object], Any]] = None) -> Iterator[Any]:
        """Pipelined runs over `frames` (numpy arrays, or the video.Frames of a VideoReader, into
        `source`); yields each frame's `sink`
        as a numpy array (or `convert(sink)`), in order. See pythonic.streaming."""
        from .streaming import stream
        self._report("stream")
        return stream(self, frames, source, sink, depth, convert)

    def start_streaming(self, trigger: Optional["Node"] = None) -> None:
        """vxEnableGraphStreaming + vxStartGraphStreaming: the graph runs again and again (a Python
        kernel without inputs as the source, one without outputs as the sink) until stop_streaming()."""
        from .streaming import start
        self._report("start_streaming")
        start(self, trigger)

    def stop_streaming(self) -> None:
        """vxStopGraphStreaming: stops after the run in progress; raises the error of a node that
        failed while the graph streamed, unless an earlier call raised it."""
        from .streaming import stop
        stop(self)

    def _report(self, what):
        """A node error while the graph streamed, raised once by the graph's next run or state call."""
        if self._watch is not None:
            report(self, what)

    def record_events(self, *kinds: str) -> None:
        """Makes the graph's runs record events of `kinds` ("node_error", "node_completed": on every
        node made through this wrapper; "graph_completed") for events(); the graph verifies again.
        Streaming records "node_error" itself."""
        record(self, *kinds)

    def events(self) -> List[Event]:
        """The events recorded since the last query, oldest first (never waits): Event(kind, node,
        status, timestamp, parameter) records; see pythonic.events."""
        return events(self)

    def verify(self) -> None:
        """vxVerifyGraph: checks the graph and plans its runs (process() verifies when needed)."""
        self._report("verify")
        check(lib.vxVerifyGraph(self.handle), "vxVerifyGraph", self)

    def process(self) -> None:
        """vxProcessGraph: one run, waited for."""
        if self._watch is not None:         # (_report and Object.handle inline: the hot path of every fn call)
            report(self, "process")
        handle, owner = self._handle, self._owner
        if handle is None or owner is not None and owner.context is not None and owner.context.handle is None:
            handle = self.handle            # raises Released
        status = lib.vxProcessGraph(handle)
        if status:
            check(status, "vxProcessGraph", self)

    def schedule(self) -> None:
        """vxScheduleGraph: one run in the background; wait() for it."""
        self._report("schedule")
        check(lib.vxScheduleGraph(self.handle), "vxScheduleGraph", self)

    def wait(self) -> None:
        """vxWaitGraph: waits for the scheduled run; raises if it failed."""
        self._report("wait")
        check(lib.vxWaitGraph(self.handle), "vxWaitGraph", self)

    # the attributes' getters are their readers themselves (base.attribute: one Python frame a read)
    state: str = attribute(reader("vxQueryGraph", vx.VX_GRAPH_STATE, "vx_enum", GRAPH_STATES, "state"),
                           """"unverified", "verified", "running", "abandoned" or "completed" (raises a node error of
        the stream once, as the graph's run calls do).""")
    num_nodes: int = attribute(_GRAPH_NODES, """How many nodes the graph has.""")
    num_parameters: int = attribute(_GRAPH_PARAMETERS, """How many graph parameters the graph has.""")
    performance: Performance = attribute(functools.partial(_performance, lib.vxQueryGraph, vx.VX_GRAPH_PERFORMANCE),
                                         """Performance(tmp, beg, end, sum, avg, min, num, max) of the graph's runs, in ns.""")

    def add_parameter(self, node: "Node", index: int) -> int:
        """Makes parameter `index` of `node` the graph's next parameter; returns its graph index."""
        parameter = lib.vxGetParameterByIndex(node.handle, index)
        check(lib.vxGetStatus(ffi.cast("vx_reference", parameter)), "vxGetParameterByIndex")
        try:
            check(lib.vxAddParameterToGraph(self.handle, parameter), "vxAddParameterToGraph", self)
        finally:
            lib.vxReleaseParameter(ffi.new("vx_parameter *", parameter))
        return self.num_parameters - 1

    def __setitem__(self, index: int, obj: Object) -> None:
        """Sets graph parameter `index` to `obj` (vxSetGraphParameterByIndex)."""
        check(lib.vxSetGraphParameterByIndex(self.handle, index, obj.reference), f"vxSetGraphParameterByIndex({index})", self)

    def __getitem__(self, index: int) -> Optional[Object]:
        """The object set on graph parameter `index` (an owned wrapper: release it)."""
        return _parameter_ref(lib.vxGetGraphParameterByIndex(self.handle, index), f"vxGetGraphParameterByIndex({index})")

    def age_automatically(self, delay: "Delay") -> None:
        """vxRegisterAutoAging: `delay` ages after each run of the graph."""
        check(lib.vxRegisterAutoAging(self.handle, delay.handle), "vxRegisterAutoAging", self)


class Delay(Object):
    """Slots of `exemplar`'s kind; `delay[i]` is slot i (0 current, -1 previous, ...), borrowed:
    the delay owns its slots."""
    _release = lib.vxReleaseDelay
    _ctype = "vx_delay"
    vx_type = vx.VX_TYPE_DELAY

    def __init__(self, context: ContextLike, exemplar: Object, slots: int) -> None:
        super().__init__(lib.vxCreateDelay(context.handle, exemplar.reference, slots), "vxCreateDelay")

    def __len__(self) -> int:
        return self.query("vxQueryDelay", vx.VX_DELAY_SLOTS, "vx_size")

    def _describe_state(self):
        return f"{len(self)} slots"

    def __getitem__(self, index: int) -> Optional[Object]:
        ref = lib.vxGetReferenceFromDelay(self.handle, index)
        check(lib.vxGetStatus(ref), f"vxGetReferenceFromDelay({index})")
        return wrap_reference(ref)

    def age(self) -> None:
        """vxAgeDelay: slot i becomes slot i - 1 (the current one the previous one)."""
        check(lib.vxAgeDelay(self.handle), "vxAgeDelay", self)
