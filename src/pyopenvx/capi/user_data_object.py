"""User data object functions (vx_khr_user_data_object). Valid query/copy/map/unmap requests are
answered in C (csrc/objects/user_data_object.c); what reaches these bodies is mostly to be refused."""
from _pyopenvx import ffi

from .. import attributes
from .. import constants as vx
from ..errors import check
from ..objects.memory import graph_of
from ..objects.user_data_object import UserDataObject, read_type_name
from ..reference import lookup
from . import export
from .context import context_of
from .reference import QUERY as REFERENCE_QUERY, release_handle

QUERY = {
    **REFERENCE_QUERY,
    vx.VX_USER_DATA_OBJECT_NAME: ("str", lambda u: u.type_name),
    vx.VX_USER_DATA_OBJECT_SIZE: ("vx_size", lambda u: u.size),
}


def user_data_object_of(handle):
    return lookup(handle, vx.VX_TYPE_USER_DATA_OBJECT, "user_data_object")


@export
def vxCreateUserDataObject(context, type_name, size, ptr):
    ctx = context_of(context)
    return UserDataObject(ctx, read_type_name(type_name), size, init=ptr)


@export
def vxCreateVirtualUserDataObject(graph, type_name, size):
    g = graph_of(graph)
    return UserDataObject(g.context, read_type_name(type_name), size, scope=g, virtual=True)


@export
def vxReleaseUserDataObject(user_data_object):
    release_handle(user_data_object, vx.VX_TYPE_USER_DATA_OBJECT, "user data object")


@export
def vxQueryUserDataObject(user_data_object, attribute, ptr, size):
    attributes.query(QUERY, user_data_object_of(user_data_object), attribute, ptr, size)


@export
def vxCopyUserDataObject(user_data_object, offset, size, user_ptr, usage, user_mem_type):
    user_data_object_of(user_data_object).copy(offset, size, user_ptr, usage, user_mem_type)


@export
def vxMapUserDataObject(user_data_object, offset, size, map_id, ptr, usage, mem_type, flags):
    udo = user_data_object_of(user_data_object)
    check(map_id != ffi.NULL and ptr != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, "map_id or ptr is NULL", udo)
    map_id[0], ptr[0] = udo.map(offset, size, usage, mem_type, flags)


@export
def vxUnmapUserDataObject(user_data_object, map_id):
    user_data_object_of(user_data_object).unmap(map_id)
