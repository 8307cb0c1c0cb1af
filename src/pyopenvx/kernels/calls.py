"""The node creators of the standard kernels (vx_nodes.h) and immediate mode (vxu.h): a node of
a row's kernel with its arguments set, and a one-node graph run once, or kept for the next call
with the same arguments (ImmediateGraphs)."""
import time
from dataclasses import dataclass

from _pyopenvx import ffi, lib

from .. import constants as vx
from .._build_info import IMMEDIATE
from ..datatypes import SCALAR_TYPES
from ..errors import VxError
from ..graph.graph import Graph, unlocked
from ..graph.node import Node
from ..objects.array import Array
from ..objects.scalar import Scalar

# value arguments of node creators and vxu functions -> the scalar type that carries them
SCALAR_OF_CTYPE = {c: t for t, c in reversed(list(SCALAR_TYPES.items()))}


@dataclass(frozen=True)
class Value:
    """An argument passed by value (vxAddNode's policy, vxuMultiply's scale): the node gets a scalar.
    `result`: a vxu output passed by pointer (vxuMeanStdDev's mean), written after a good run."""
    data_type: int
    ctype: str
    value: object
    result: object = None


@dataclass(frozen=True)
class Item:
    """A struct passed by pointer that the node gets as an array of this one item."""
    data_type: int
    pointer: object


def _held(context, arg):
    """The object a Value or an Item makes (the caller releases it once the node holds it)."""
    if isinstance(arg, Value):
        return Scalar(context, arg.data_type, ffi.new(f"{arg.ctype} *", arg.value))
    array = Array(context, arg.data_type, 1)
    try:
        array.add(1, arg.pointer, array.item_size)
    except BaseException:
        array.release()
        raise
    return array


def create_node(graph, row, arguments):
    """vx<Kernel>Node: a node of the row's kernel with `arguments` (objects, None, Values or Items)
    for its parameters in order; scalars and arrays made from Values and Items are held by the node
    only."""
    node = Node(graph, graph.context.standard_kernels[row.enum_name])
    graph.add_node(node)
    made = []
    try:
        objs = []
        for arg in arguments:
            if isinstance(arg, (Value, Item)):
                arg = _held(graph.context, arg)
                made.append(arg)
            objs.append(arg)
        node.take_parameters(objs)
    except BaseException:
        graph.take_back(node)                 # (refusing this while the graph runs would leave the node)
        node.release()
        raise
    finally:
        for obj in made:
            obj.release()
    return node


class ImmediateGraphs:
    """A context's cached immediate-mode graphs (csrc/runtime/immediate.h): per vxu function, the verified
    one-node graphs of its last calls with different arguments (up to PVX_IMMEDIATE_WAYS, the
    oldest replaced), each held internally (never in VX_CONTEXT_REFERENCES) with the argument words
    it was made for and the objects it holds. The generated vxu wrapper runs one in C when the
    words are the same. An entry is emptied when the application releases one of its objects, when
    the immediate border, policy or target changes, and when a newer call replaces it; a graph that
    needs verifying again (an object re-described) is verified by Graph.process."""

    WAYS = lib.PVX_IMMEDIATE_WAYS

    def __init__(self, context):
        self.table = ffi.new("pvx_immediate_table *")
        self.entries = ffi.new("pvx_immediate[]", len(IMMEDIATE) * self.WAYS)
        self.table.entries, self.table.count = self.entries, len(IMMEDIATE)
        self.kept = {}                        # entry -> (words, graph, objects), entry = function * WAYS + way
        self.next_way = {}                    # function -> the way replaced next
        context.desc.immediate = self.table

    def _entry(self, key):
        """The entry holding `key`'s words, or None."""
        index, words = key
        for entry in range(index * self.WAYS, (index + 1) * self.WAYS):
            if entry in self.kept and self.kept[entry][0] == words:
                return entry
        return None

    def graph(self, key):
        entry = self._entry(key)
        return None if entry is None else self.kept[entry][1]

    def keep(self, key, graph, objects):
        index, words = key
        entry = self._entry(key)
        if entry is None:
            way = self.next_way.get(index, 0)
            self.next_way[index] = (way + 1) % self.WAYS
            entry = index * self.WAYS + way
        self.empty(entry)
        graph.retain(internal=True)
        graph.release()                       # only the cache holds it now
        self.kept[entry] = (words, graph, objects)
        e = self.entries + entry
        lib.pvx_immediate_lock(e)
        e.num_args = len(words)
        e.args[0:len(words)] = words
        e.graph = ffi.cast("vx_graph", graph.h)
        lib.pvx_immediate_unlock(e)

    def empty(self, entry):
        if entry not in self.kept:
            return
        _, graph, _ = self.kept.pop(entry)
        e = self.entries + entry
        lib.pvx_immediate_lock(e)
        e.graph = ffi.NULL
        lib.pvx_immediate_unlock(e)
        while not lib.pvx_graph_acquire(graph.desc):      # a C run taken before the entry emptied
            with unlocked():
                time.sleep(0)
        lib.pvx_graph_release(graph.desc)
        graph.release(internal=True)

    def forget_object(self, obj):
        for entry, (_, _, objects) in list(self.kept.items()):
            if any(o is obj for o in objects):
                self.empty(entry)

    def clear(self):
        for entry in list(self.kept):
            self.empty(entry)


def forget_immediate(context):
    """The immediate border, policy or target changed: no cached graph is right any more."""
    if context.immediate_graphs is not None:
        context.immediate_graphs.clear()


_IMMEDIATE_INDEX = {name: k for k, name in enumerate(IMMEDIATE)}     # as build_ffi numbers them


def immediate_key(name, words):
    """(entry index, words) of a call of vxu function `name`, or None when it is not cached."""
    return (_IMMEDIATE_INDEX[name], tuple(words)) if name in _IMMEDIATE_INDEX else None


def immediate_border(context, row):
    """VX_CONTEXT_IMMEDIATE_BORDER, or per VX_CONTEXT_IMMEDIATE_BORDER_POLICY when the kernel does not
    support it: UNDEFINED, or a refusal."""
    border = context.immediate_border[0]
    if border.mode in row.implementation.borders:
        return border
    if context.immediate_border_policy == vx.VX_BORDER_POLICY_RETURN_ERROR:
        raise VxError(vx.VX_ERROR_NOT_SUPPORTED, f"{row.kernel_name} does not support the immediate border mode "
                      f"{border.mode:#x} (VX_BORDER_POLICY_RETURN_ERROR)", context)
    return ffi.new("vx_border_t *", {"mode": vx.VX_BORDER_UNDEFINED})[0]


def immediate(context, row, arguments, key=None):
    """vxu<Kernel>: a one-node graph with the context's immediate border and target, verified,
    run once, then kept for the next call with the same arguments (`key`, see immediate_key) or
    released; the status of the run."""
    cache = context.immediate_graphs
    if key is not None and cache is not None and cache.graph(key) is not None:
        return cache.graph(key).process()
    graph = Graph(context)
    try:
        node = create_node(graph, row, arguments)
        try:
            node.set_border(immediate_border(context, row))
            node.set_target(context.immediate_target, ffi.NULL)
        finally:
            node.release()                    # the graph holds it
        status = graph.process()
        for index, arg in enumerate(arguments):
            if status == vx.VX_SUCCESS and isinstance(arg, Value) and arg.result not in (None, ffi.NULL):
                arg.result[0] = node.params[index].value
        if status == vx.VX_SUCCESS and key is not None:
            if context.immediate_graphs is None:
                context.immediate_graphs = ImmediateGraphs(context)
            context.immediate_graphs.keep(key, graph, [a for a in arguments if a is not None and not isinstance(a, (Value, Item))])
            graph = None
        return status
    finally:
        if graph is not None:
            graph.release()

