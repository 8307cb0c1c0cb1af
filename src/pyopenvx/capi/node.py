"""Node and parameter functions."""
from _pyopenvx import ffi

from .. import attributes
from .. import constants as vx
from ..errors import VxError, check
from ..graph import targets, tiling
from ..graph.node import Node
from ..graph.parameter import Parameter
from ..reference import lookup, lookup_optional
from . import export
from .reference import release_handle

NULL = ffi.NULL

QUERY = {
    vx.VX_NODE_STATUS: ("vx_status", lambda n: n.desc.status),
    vx.VX_NODE_PERFORMANCE: ("vx_perf_t", lambda n: n.desc.perf),
    vx.VX_NODE_BORDER: ("vx_border_t", lambda n: n.desc.border),
    vx.VX_NODE_LOCAL_DATA_SIZE: ("vx_size", lambda n: n.desc.local_data_size),
    vx.VX_NODE_LOCAL_DATA_PTR: ("void *", lambda n: n.desc.local_data_ptr),
    vx.VX_NODE_PARAMETERS: ("vx_uint32", lambda n: n.desc.num_parameters),
    vx.VX_NODE_IS_REPLICATED: ("vx_bool", lambda n: n.desc.is_replicated),
    vx.VX_NODE_REPLICATE_FLAGS: ("vx_bool[]", lambda n: [vx.vx_true_e if f else vx.vx_false_e
                                                         for f in (n.replicate or [False] * len(n.params))]),
    vx.VX_NODE_VALID_RECT_RESET: ("vx_bool", lambda n: n.desc.valid_rect_reset),
    vx.VX_NODE_STATE: ("vx_enum", lambda n: n.desc.state),
    vx.TIVX_NODE_TARGET_STRING: ("str", targets.target_name),
    vx.TIVX_NODE_TIMEOUT: ("vx_uint32", lambda n: n.timeout),
    vx.TIVX_NODE_IS_TIMED_OUT: ("vx_bool", lambda n: vx.vx_true_e if n.timed_out else vx.vx_false_e),
    **tiling.NODE_QUERY,
}


def _set_valid_rect_reset(node, value):
    check(value in (vx.vx_true_e, vx.vx_false_e), vx.VX_ERROR_INVALID_VALUE, f"{value} is not a vx_bool", node)
    node.graph.check_changeable(f"VX_NODE_VALID_RECT_RESET of {node} cannot change")
    node.desc.valid_rect_reset = value
    node.graph.invalidate(f"VX_NODE_VALID_RECT_RESET of {node} changed")


SET = {
    vx.VX_NODE_BORDER: ("vx_border_t", lambda n, v: n.set_border(v)),
    vx.VX_NODE_LOCAL_DATA_SIZE: ("vx_size", lambda n, v: n.set_local_data_size(v)),
    vx.VX_NODE_LOCAL_DATA_PTR: ("void *", lambda n, v: n.set_local_data_ptr(v)),
    vx.VX_NODE_VALID_RECT_RESET: ("vx_bool", _set_valid_rect_reset),
    vx.TIVX_NODE_TIMEOUT: ("vx_uint32", lambda n, v: n.set_timeout(v)),
    **tiling.NODE_SET,
}

PARAMETER_QUERY = {
    vx.VX_PARAMETER_INDEX: ("vx_uint32", lambda p: p.index),
    vx.VX_PARAMETER_DIRECTION: ("vx_enum", lambda p: p.signature.direction),
    vx.VX_PARAMETER_TYPE: ("vx_enum", lambda p: p.signature.data_type),
    vx.VX_PARAMETER_STATE: ("vx_enum", lambda p: p.signature.state),
    vx.VX_PARAMETER_REF: ("vx_reference", lambda p: _retained_handle(p.ref)),
    vx.VX_PARAMETER_META_FORMAT: ("vx_meta_format", lambda p: _meta_handle(p)),
}


def _retained_handle(obj):
    """VX_PARAMETER_REF hands the application a reference it must release."""
    if obj is None:
        return ffi.NULL
    obj.retain()
    return ffi.cast("vx_reference", obj.h)


def _meta_handle(p):
    meta = p.node.output_meta(p.index) if p.node is not None else None
    if meta is None:
        raise VxError(vx.VX_ERROR_NOT_SUPPORTED, f"{p.owner} parameter {p.index} has no meta format (not a "
                      "validated output)", p)
    return ffi.cast("vx_meta_format", meta.h)


def node_of(handle):
    return lookup(handle, vx.VX_TYPE_NODE, "node")


def parameter_of(handle):
    return lookup(handle, vx.VX_TYPE_PARAMETER, "parameter")


@export
def vxCreateGenericNode(graph, kernel):
    g = lookup(graph, vx.VX_TYPE_GRAPH, "graph")
    k = lookup(kernel, vx.VX_TYPE_KERNEL, "kernel")
    node = Node(g, k)
    g.add_node(node)
    return node


@export
def vxQueryNode(node, attribute, ptr, size):
    attributes.query(QUERY, node_of(node), attribute, ptr, size)


@export
def vxSetNodeAttribute(node, attribute, ptr, size):
    n = node_of(node)
    attributes.set_attribute(SET, n, attribute, ptr, size, readable=QUERY)


@export
def vxReleaseNode(node):
    release_handle(node, vx.VX_TYPE_NODE, "node")


@export
def vxRemoveNode(node):
    check(node != ffi.NULL, vx.VX_ERROR_INVALID_REFERENCE, "pointer to the node is NULL")
    n = node_of(node[0])
    n.graph.remove_node(n)
    release_handle(node, vx.VX_TYPE_NODE, "node")


@export
def vxAssignNodeCallback(node, callback):
    node_of(node).set_callback(callback)


@export
def vxRetrieveNodeCallback(node):
    return node_of(node).desc.callback


@export
def vxSetNodeTarget(node, target_enum, target_string):
    node_of(node).set_target(target_enum, target_string)


@export
def vxReplicateNode(graph, first_node, replicate, number_of_parameters):
    g = lookup(graph, vx.VX_TYPE_GRAPH, "graph")
    n = node_of(first_node)
    check(replicate != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, "replicate is NULL", n)
    # checked before reading: the array has number_of_parameters items, no more
    check(number_of_parameters == len(n.params), vx.VX_ERROR_INVALID_PARAMETERS,
          f"{number_of_parameters} replicate flags for {len(n.params)} parameters", n)
    from ..graph.replicate import replicate_node
    replicate_node(g, n, [bool(replicate[i]) for i in range(number_of_parameters)])


@export
def vxGetParameterByIndex(node, index):
    return Parameter(node_of(node), index)


@export
def vxSetParameterByIndex(node, index, value):
    lookup(node, vx.VX_TYPE_NODE, "node").set_parameter(index, None if value == NULL else lookup(value, 0, "value"))


@export
def vxSetParameterByReference(parameter, value):
    p = parameter_of(parameter)
    check(p.node is not None, vx.VX_ERROR_INVALID_PARAMETERS, f"{p} belongs to a kernel, not a node", p)
    p.node.set_parameter(p.index, lookup_optional(value, 0, "value"))


@export
def vxQueryParameter(parameter, attribute, ptr, size):
    attributes.query(PARAMETER_QUERY, parameter_of(parameter), attribute, ptr, size)


@export
def vxReleaseParameter(param):
    release_handle(param, vx.VX_TYPE_PARAMETER, "parameter")
