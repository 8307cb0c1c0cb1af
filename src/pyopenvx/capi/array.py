"""Array functions (valid queries, maps, copies and appends are answered in csrc/objects/array.c)."""
from .. import attributes
from .. import constants as vx
from ..objects.array import Array
from ..objects.memory import check_ptrs, graph_of
from ..reference import lookup
from . import export
from .context import context_of
from .reference import release_handle

QUERY = {
    vx.VX_ARRAY_ITEMTYPE: ("vx_enum", lambda a: a.item_type),
    vx.VX_ARRAY_NUMITEMS: ("vx_size", lambda a: a.num_items),
    vx.VX_ARRAY_CAPACITY: ("vx_size", lambda a: a.capacity),
    vx.VX_ARRAY_ITEMSIZE: ("vx_size", lambda a: a.item_size),
}


def array_of(handle):
    return lookup(handle, vx.VX_TYPE_ARRAY, "array")


@export
def vxCreateArray(context, item_type, capacity):
    return Array(context_of(context), item_type, capacity)


@export
def vxCreateVirtualArray(graph, item_type, capacity):
    g = graph_of(graph)
    return Array(g.context, item_type, capacity, scope=g, virtual=True)


@export
def vxQueryArray(arr, attribute, ptr, size):
    attributes.query(QUERY, array_of(arr), attribute, ptr, size)


@export
def vxAddArrayItems(arr, count, ptr, stride):
    array_of(arr).add(count, ptr, stride)


@export
def vxTruncateArray(arr, new_num_items):
    array_of(arr).truncate(new_num_items)


@export
def vxCopyArrayRange(array, range_start, range_end, user_stride, user_ptr, usage, user_mem_type):
    array_of(array).copy_range(range_start, range_end, user_stride, user_ptr, usage, user_mem_type)


@export
def vxMapArrayRange(array, range_start, range_end, map_id, stride, ptr, usage, mem_type, flags):
    a = array_of(array)
    check_ptrs(map_id=map_id, stride=stride, ptr=ptr)
    map_id[0], ptr[0] = a.map_range(range_start, range_end, usage, mem_type)
    stride[0] = a.item_size


@export
def vxUnmapArrayRange(array, map_id):
    array_of(array).unmap(map_id)


@export
def vxAccessArrayRange(arr, start, end, stride, ptr, usage):
    a = array_of(arr)
    check_ptrs(ptr=ptr, stride=stride)
    ptr[0] = a.access(*a.map_range(start, end, usage, vx.VX_MEMORY_TYPE_HOST))
    stride[0] = a.item_size


@export
def vxCommitArrayRange(arr, start, end, ptr):
    array_of(arr).commit(ptr)


@export
def vxReleaseArray(arr):
    release_handle(arr, vx.VX_TYPE_ARRAY, "array")
