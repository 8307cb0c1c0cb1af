"""The node creators of the standard kernels (vx_nodes.h) and immediate mode (vxu.h): a node of
a row's kernel with its arguments set, and a one-node graph run once."""
from dataclasses import dataclass

from _pyopenvx import ffi

from .. import constants as vx
from ..datatypes import SCALAR_TYPES
from ..errors import VxError
from ..graph import Graph
from ..node import Node
from ..scalar import Scalar

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


def create_node(graph, row, arguments):
    """vx<Kernel>Node: a node of the row's kernel with `arguments` (objects, None, or Values) set in
    order; scalars made from Values are held by the node only."""
    kernel = next(k for k in graph.context.kernels if getattr(k, "row", None) is row)
    node = Node(graph, kernel)
    graph.add_node(node)
    try:
        for index, arg in enumerate(arguments):
            if isinstance(arg, Value):
                scalar = Scalar(graph.context, arg.data_type, ffi.new(f"{arg.ctype} *", arg.value))
                try:
                    node.set_parameter(index, scalar)
                finally:
                    scalar.release()
            elif arg is not None:
                node.set_parameter(index, arg)
    except BaseException:
        graph.remove_node(node)
        node.release()
        raise
    return node


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


def immediate(context, row, arguments):
    """vxu<Kernel>: a one-node graph with the context's immediate border and target, verified,
    run once and released; the status of the run."""
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
        return status
    finally:
        graph.release()

