"""Tensor functions (valid queries and maps are answered in csrc/objects/tensor.c)."""
from _pyopenvx import ffi

from .. import attributes
from .. import constants as vx
from ..errors import check
from ..objects.memory import check_host, check_ptrs, graph_of
from ..objects.tensor import Tensor, read_sizes, view_of
from ..reference import lookup
from . import export
from .context import context_of
from .reference import release_handle

QUERY = {
    vx.VX_TENSOR_NUMBER_OF_DIMS: ("vx_size", lambda t: t.num_dims),
    vx.VX_TENSOR_DIMS: ("vx_size[]", lambda t: t.dims),
    vx.VX_TENSOR_DATA_TYPE: ("vx_enum", lambda t: t.data_type),
    vx.VX_TENSOR_FIXED_POINT_POSITION: ("vx_int8", lambda t: t.fixed_point_position),
}


def tensor_of(handle):
    return lookup(handle, vx.VX_TYPE_TENSOR, "tensor")


def _dims(number_of_dims, dims):
    check(0 < number_of_dims <= 64, vx.VX_ERROR_INVALID_DIMENSION, f"{number_of_dims} dimensions")
    return read_sizes(dims, number_of_dims, "dims")


@export
def vxCreateTensor(context, number_of_dims, dims, data_type, fixed_point_position):
    ctx = context_of(context)
    return Tensor(ctx, _dims(number_of_dims, dims), data_type, fixed_point_position)


@export
def vxCreateVirtualTensor(graph, number_of_dims, dims, data_type, fixed_point_position):
    g = graph_of(graph)
    shape = [] if number_of_dims == 0 or dims == ffi.NULL else _dims(number_of_dims, dims)
    return Tensor(g.context, shape, data_type, fixed_point_position, scope=g, virtual=True)


@export
def vxCreateTensorFromHandle(context, number_of_dims, dims, data_type, fixed_point_position, stride, ptr,
                             memory_type):
    ctx = context_of(context)
    check_host(memory_type)
    shape = _dims(number_of_dims, dims)
    return Tensor(ctx, shape, data_type, fixed_point_position, strides=read_sizes(stride, number_of_dims, "stride"),
                  handle=ffi.cast("unsigned char *", ptr))


@export
def vxCreateTensorFromView(tensor, number_of_dims, view_start, view_end):
    return view_of(tensor_of(tensor), number_of_dims, view_start, view_end)


@export
def vxQueryTensor(tensor, attribute, ptr, size):
    attributes.query(QUERY, tensor_of(tensor), attribute, ptr, size)


@export
def vxCopyTensorPatch(tensor, number_of_dims, view_start, view_end, user_stride, user_ptr, usage, user_memory_type):
    tensor_of(tensor).copy_patch(number_of_dims, view_start, view_end, user_stride, user_ptr, usage, user_memory_type)


@export
def vxMapTensorPatch(tensor, number_of_dims, view_start, view_end, map_id, stride, ptr, usage, mem_type):
    t = tensor_of(tensor)
    check_ptrs(map_id=map_id, stride=stride, ptr=ptr)
    map_id[0], ptr[0] = t.map_patch(number_of_dims, view_start, view_end, usage, mem_type)
    for i in range(number_of_dims):
        stride[i] = t.strides[i]


@export
def vxUnmapTensorPatch(tensor, map_id):
    tensor_of(tensor).unmap(map_id)


@export
def vxSwapTensorHandle(tensor, new_ptr, prev_ptr):
    tensor_of(tensor).swap_handle(new_ptr, prev_ptr)


@export
def vxReleaseTensor(tensor):
    release_handle(tensor, vx.VX_TYPE_TENSOR, "tensor")
