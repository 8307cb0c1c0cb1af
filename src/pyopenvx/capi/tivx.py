"""TIOVX host helpers (seed 003, TI/tivx.h, TI/tivx_debug.h, TI/tivx_log_stats.h and
TI/tivx_ext_obj_array_from_list.h): nodes by kernel, references and their parents, debug zones of
graphs and nodes, pipelining settings and the Graphviz export. The OS layer (tasks, events, queues,
prints) is plain C in csrc/tivx_os.c."""
from _pyopenvx import ffi, lib

from .. import constants as vx
from .. import kernel as kernels
from ..errors import VxError, check
from ..graph import dot, events, targets
from ..graph.node import Node
from ..objects.dataobject import DataObject
from ..objects.memory import Resident
from ..objects.object_array import ObjectArray
from ..objects.parts import container
from ..reference import lookup, unlocked
from . import export
from .context import context_of
from .graph import _set_depth, graph_of
from .kernel import kernel_of
from .node import node_of

# Zones a graph or node prints from the start (as the global mask: errors and warnings).
DEFAULT_ZONES = (1 << vx.VX_ZONE_ERROR) | (1 << vx.VX_ZONE_WARNING)


def _text(ptr, what):
    check(ptr != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, f"{what} is NULL")
    return ffi.string(ptr).decode(errors="replace")


# nodes ------------------------------------------------------------------------------------------
def _node_with(graph, kernel, params, num):
    """A node of `kernel` with its first `num` parameters set; a refused parameter takes the node back."""
    g = graph_of(graph)
    check(num == 0 or params != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, "params is NULL")
    check(num <= kernel.num_params, vx.VX_ERROR_INVALID_PARAMETERS,
          f"{num} parameters, {kernel} takes {kernel.num_params}", g)
    objects = [None if params[i] == ffi.NULL else lookup(params[i], what=f"params[{i}]") for i in range(num)]
    node = Node(g, kernel)
    g.add_node(node)
    try:
        for i, obj in enumerate(objects):
            if obj is not None:
                node.set_parameter(i, obj)
    except VxError:
        g.remove_node(node)
        node.release()
        raise
    return node


def _published(kernel, what):
    check(kernel is not None, vx.VX_ERROR_INVALID_PARAMETERS, f"no kernel {what}")
    return kernel


@export
def tivxCreateNodeByKernelEnum(graph, kernelenum, params, num):
    g = graph_of(graph)
    return _node_with(graph, _published(kernels.by_enum(g.context, kernelenum), f"{kernelenum:#x}"), params, num)


@export
def tivxCreateNodeByKernelRef(graph, kernel, params, num):
    return _node_with(graph, kernel_of(kernel), params, num)


@export
def tivxCreateNodeByKernelName(graph, kernel_name, params, num):
    g = graph_of(graph)
    name = _text(kernel_name, "kernel_name")
    return _node_with(graph, _published(kernels.by_name(g.context, name), repr(name)), params, num)


@export
def tivxGraphGetNode(graph, idx):
    g = graph_of(graph)
    check(idx < len(g.nodes), vx.VX_ERROR_INVALID_PARAMETERS, f"{g} has {len(g.nodes)} nodes, not {idx + 1}", g)
    return g.nodes[idx]


# references -------------------------------------------------------------------------------------
@export
def tivxIsReferenceVirtual(ref):
    obj = lookup(ref)
    return vx.vx_true_e if isinstance(obj, DataObject) and obj.virtual else vx.vx_false_e


@export
def tivxGetReferenceParent(child_ref):
    """The pyramid or object array holding the object (no new count: as TIOVX), or NULL."""
    parent = container(lookup(child_ref, what="child_ref"))
    if parent is None or parent.vx_type not in (vx.VX_TYPE_PYRAMID, vx.VX_TYPE_OBJECT_ARRAY):
        return ffi.NULL
    return parent


@export
def tivxCreateReferenceFromExemplar(context, exemplar):
    ctx = context_of(context)
    obj = lookup(exemplar, what="exemplar")
    check(isinstance(obj, DataObject) and obj.vx_type != vx.VX_TYPE_DELAY, vx.VX_ERROR_INVALID_TYPE,
          f"{obj} is not a data object an exemplar can describe", obj)
    return obj.make_like(ctx)


@export
def tivxCreateObjectArrayFromList(context, list_, count):
    ctx = context_of(context)
    check(list_ != ffi.NULL and count > 0, vx.VX_ERROR_INVALID_PARAMETERS, "an empty list")
    items = [lookup(list_[i], what=f"list[{i}]") for i in range(count)]
    first = items[0]
    for obj in items:            # (as TIOVX: of one type, not virtual, of the context; their attributes may differ)
        check(isinstance(obj, DataObject) and obj.vx_type == first.vx_type, vx.VX_ERROR_INVALID_PARAMETERS,
              f"{obj} is not of the type of {first}", obj)
        check(container(obj) is None, vx.VX_ERROR_INVALID_PARAMETERS, f"{obj} is already part of {container(obj)}", obj)
        check(obj.context is ctx and not obj.virtual, vx.VX_ERROR_INVALID_PARAMETERS,
              f"{obj} is virtual or of another context", obj)
    check(len(set(map(id, items))) == len(items), vx.VX_ERROR_INVALID_PARAMETERS, "an object is listed twice")

    def held(i):                 # the array takes a count of the listed object (the application keeps its own)
        items[i].retain()
        return items[i]
    array = ObjectArray(ctx, first, count, make_item=held)
    array.from_list = True
    for obj in items:            # each listed object the application still holds holds its array (dataobject.py)
        array.retain(internal=True)
    return array


def _buffers(obj, what):
    """(address, bytes) of each buffer of a data object: an image's planes, another object's one block
    (memory attached now if it had none)."""
    check(isinstance(obj, DataObject), vx.VX_ERROR_NOT_SUPPORTED, f"{obj} has no memory", obj)
    obj.check_accessible(what)
    if obj.vx_type == vx.VX_TYPE_IMAGE:
        img = lib.pvx_image_with_memory(ffi.cast("vx_reference", obj.h))
        check(img != ffi.NULL, vx.VX_ERROR_NO_MEMORY, f"{obj} has no memory to give", obj)
        planes = [img.plane[p] for p in range(img.planes)]
        return [(pl.ptr, pl.stride_y * (img.height // pl.step_y)) for pl in planes]
    check(isinstance(obj, Resident), vx.VX_ERROR_NOT_SUPPORTED,
          f"{obj} has no memory of its own (its parts have)", obj)
    return [(obj.base(), obj.mem.bytes)]


@export
def tivxReferenceExportHandle(ref, addr, size, max_num_entries, num_entries):
    obj = lookup(ref)
    check(addr != ffi.NULL and size != ffi.NULL and num_entries != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS,
          "addr, size or num_entries is NULL", obj)
    buffers = _buffers(obj, "tivxReferenceExportHandle")
    check(len(buffers) <= max_num_entries, vx.VX_ERROR_INVALID_PARAMETERS,
          f"{obj} has {len(buffers)} buffers, room for {max_num_entries}", obj)
    for i, (ptr, nbytes) in enumerate(buffers):
        addr[i], size[i] = ffi.cast("void *", ptr), nbytes
    num_entries[0] = len(buffers)


@export
def tivxReferenceImportHandle(ref, addr, size, num_entries):
    """The application's buffers become the object's (of the same sizes as its own); the object does
    not free them. An image keeps its planes' layout; one not created from a handle is on the
    application's memory from then on, as TIOVX does (its own block stays its own, freed with it:
    importing the exported block back gives it its memory again)."""
    obj = lookup(ref)
    check(addr != ffi.NULL and size != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, "addr or size is NULL", obj)
    buffers = _buffers(obj, "tivxReferenceImportHandle")
    check(num_entries == len(buffers), vx.VX_ERROR_INVALID_PARAMETERS,
          f"{num_entries} buffers, {obj} has {len(buffers)}", obj)
    for i, (_, nbytes) in enumerate(buffers):
        check(addr[i] != ffi.NULL and size[i] == nbytes, vx.VX_ERROR_INVALID_PARAMETERS,
              f"buffer {i}: {size[i]} bytes at {addr[i]}, {obj} needs {nbytes}", obj)
    if obj.vx_type == vx.VX_TYPE_IMAGE:
        check(obj.parent_image is None, vx.VX_ERROR_NOT_SUPPORTED,
              f"{obj} views another image's memory: it follows its parent", obj)
        check(lib.pvx_map_count(obj.mem) == 0, vx.VX_FAILURE, f"{obj} is mapped", obj)
        obj.swappable = True
        obj.swap(ffi.new("void *[]", [addr[i] for i in range(num_entries)]), ffi.NULL, num_entries)
        return
    check(lib.pvx_map_count(obj.mem) == 0, vx.VX_FAILURE, f"{obj} is mapped", obj)
    check(obj.mem.maps == ffi.addressof(obj.mem, "table") and not getattr(obj, "views", None),
          vx.VX_ERROR_NOT_SUPPORTED, f"{obj} shares its memory with views", obj)
    lib.pvx_memory_adopt(obj.mem, addr[0])


# kernels and pipelining -------------------------------------------------------------------------
@export
def tivxSetKernelSinkDepth(kernel, num_sink_bufs):
    k = kernel_of(kernel)
    check(num_sink_bufs >= 1, vx.VX_ERROR_INVALID_PARAMETERS, "a sink has at least one buffer", k)
    k.sink_depth = num_sink_bufs


@export
def tivxSetGraphPipelineDepth(graph, pipeline_depth):
    g = graph_of(graph)
    check(1 <= pipeline_depth <= vx.TIVX_GRAPH_MAX_PIPELINE_DEPTH, vx.VX_ERROR_INVALID_VALUE,
          f"pipeline depth {pipeline_depth} is not within 1..{vx.TIVX_GRAPH_MAX_PIPELINE_DEPTH}", g)
    _set_depth(g, pipeline_depth)


def _num_bufs(node, idx):
    node.signature(idx)                            # refuses an index out of range
    return node.__dict__.setdefault("num_bufs", {})


@export
def tivxSetNodeParameterNumBufByIndex(node, idx, num_buf):
    """Buffers of an output between pipelined nodes: recorded; our pipeline gives each frame its own."""
    n = node_of(node)
    bufs = _num_bufs(n, idx)
    check(n.signature(idx).direction == vx.VX_OUTPUT, vx.VX_ERROR_INVALID_PARAMETERS,
          f"{n} parameter {idx} is not an output", n)
    check(num_buf >= 1, vx.VX_ERROR_INVALID_PARAMETERS, "at least one buffer", n)
    n.graph.check_changeable(f"the buffers of {n} cannot change")
    bufs[idx] = num_buf


@export
def tivxGetNodeParameterNumBufByIndex(node, idx, num_buf):
    n = node_of(node)
    check(num_buf != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, "num_buf is NULL")
    num_buf[0] = _num_bufs(n, idx).get(idx, 1)


@export
def tivxIsTargetEnabled(target_name):
    return vx.vx_true_e if target_name != ffi.NULL and _text(target_name, "target_name") in targets.IDS else vx.vx_false_e


# debug zones ------------------------------------------------------------------------------------
def _zone_bit(zone, obj):
    check(0 <= zone < vx.VX_ZONE_MAX, vx.VX_ERROR_INVALID_PARAMETERS, f"{zone} is not a debug zone", obj)
    return 1 << zone


def _mask(obj):
    """A node's zones are in its C descriptor (target kernels read them); a graph's here."""
    return obj.desc.debug_zonemask if obj.vx_type == vx.VX_TYPE_NODE else obj.__dict__.get("debug_zonemask", DEFAULT_ZONES)


def _set_zone(obj, zone, enable):
    mask = _mask(obj) | _zone_bit(zone, obj) if enable else _mask(obj) & ~_zone_bit(zone, obj)
    if obj.vx_type == vx.VX_TYPE_NODE:
        obj.desc.debug_zonemask = mask
    else:
        obj.debug_zonemask = mask


@export
def tivxSetGraphDebugZone(graph, debug_zone, enable):
    """The graph's zone and that of each of its nodes."""
    g = graph_of(graph)
    for obj in [g, *g.nodes]:
        _set_zone(obj, debug_zone, enable)


@export
def tivxSetNodeDebugZone(node, debug_zone, enable):
    _set_zone(node_of(node), debug_zone, enable)


@export
def tivxGetGraphDebugZonemask(graph):
    return _mask(graph_of(graph))


@export
def tivxGetNodeDebugZonemask(node):
    return _mask(node_of(node))


def _c_name(obj, default):
    """The object's name as a C string it keeps (the caller reads it until the name changes)."""
    text = (obj.name or default).encode()
    if obj.__dict__.get("_c_name_text") != text:
        obj._c_name, obj._c_name_text = ffi.new("char[]", text), text
    return obj._c_name


@export
def tivxGetNodeName(node):
    n = node_of(node)
    return _c_name(n, n.kernel.kernel_name)


@export
def tivxGetGraphName(graph):
    return _c_name(graph_of(graph), "graph")


# graph event queues -----------------------------------------------------------------------------
@export
def vxRegisterGraphEvent(graph_or_node, type, param, app_value):
    events.register(lookup(graph_or_node, 0, "graph_or_node"), type, param, app_value, own_queue=True)


@export
def vxWaitGraphEvent(graph, event, do_not_block):
    g = graph_of(graph)
    check(event != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, "event is NULL", g)
    queue, timeout = g.own_events, 0 if do_not_block != vx.vx_false_e else g.event_timeout_ms
    with unlocked():
        return lib.pvx_events_wait(queue, event, timeout)


@export
def vxEnableGraphEvents(graph):
    lib.pvx_events_enable(graph_of(graph).own_events, 1)


@export
def vxDisableGraphEvents(graph):
    lib.pvx_events_enable(graph_of(graph).own_events, 0)


@export
def vxSendUserGraphEvent(graph, app_value, parameter):
    e = ffi.new("vx_event_t *", {"type": vx.VX_EVENT_USER, "app_value": app_value})
    e.event_info.user_event.user_event_parameter = ffi.cast("void *", parameter)
    lib.pvx_events_send(graph_of(graph).own_events, e)


# Graphviz ---------------------------------------------------------------------------------------
@export
def tivxExportGraphToDot(graph, output_file_path, output_file_prefix):
    dot.export(graph_of(graph), _text(output_file_path, "output_file_path"),
               "" if output_file_prefix == ffi.NULL else _text(output_file_prefix, "output_file_prefix"))
