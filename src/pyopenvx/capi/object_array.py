"""Object array functions."""
from .. import attributes
from .. import constants as vx
from ..objects.memory import graph_of
from ..objects.object_array import ObjectArray
from ..objects.tensor_images import images_of
from ..reference import lookup
from . import export
from .context import context_of
from .reference import release_handle

QUERY = {
    vx.VX_OBJECT_ARRAY_ITEMTYPE: ("vx_enum", lambda a: a.item_type),
    vx.VX_OBJECT_ARRAY_NUMITEMS: ("vx_size", lambda a: len(a.items)),
    vx.TIVX_OBJECT_ARRAY_IS_FROM_LIST: ("vx_bool", lambda a: vx.vx_true_e if a.__dict__.get("from_list") else vx.vx_false_e),
}


def object_array_of(handle):
    return lookup(handle, vx.VX_TYPE_OBJECT_ARRAY, "object array")


@export
def vxCreateObjectArray(context, exemplar, count):
    return ObjectArray(context_of(context), lookup(exemplar, what="exemplar"), count)


@export
def vxCreateVirtualObjectArray(graph, exemplar, count):
    g = graph_of(graph)
    return ObjectArray(g.context, lookup(exemplar, what="exemplar"), count, scope=g, virtual=True)


@export
def vxGetObjectArrayItem(arr, index):
    item = object_array_of(arr).item(index)
    item.retain()                  # the application releases what it gets
    return item


@export
def vxQueryObjectArray(arr, attribute, ptr, size):
    attributes.query(QUERY, object_array_of(arr), attribute, ptr, size)


@export
def vxReleaseObjectArray(arr):
    release_handle(arr, vx.VX_TYPE_OBJECT_ARRAY, "object array")


@export
def vxCreateImageObjectArrayFromTensor(tensor, rect, array_size, jump, image_format):
    return images_of(lookup(tensor, vx.VX_TYPE_TENSOR, "tensor"), rect, array_size, jump, image_format)
