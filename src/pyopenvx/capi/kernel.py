"""Kernel functions: user kernels, their parameters and attributes, lookup, modules."""
from _pyopenvx import ffi

from .. import attributes
from .. import constants as vx
from .. import kernel as kernels
from ..errors import check
from ..graph import aliasing, pipelining, tiling
from ..graph import module as modules
from ..graph.parameter import Parameter
from ..reference import lookup
from . import export
from .context import context_of
from .reference import release_handle

QUERY = {
    vx.VX_KERNEL_PARAMETERS: ("vx_uint32", lambda k: k.num_params),
    vx.VX_KERNEL_NAME: ("str", lambda k: k.kernel_name),
    vx.VX_KERNEL_ENUM: ("vx_enum", lambda k: k.enumeration),
    vx.VX_KERNEL_LOCAL_DATA_SIZE: ("vx_size", lambda k: k.local_data_size),
    **tiling.KERNEL_QUERY,
    **pipelining.KERNEL_QUERY,
}
SET = {
    vx.VX_KERNEL_LOCAL_DATA_SIZE: ("vx_size", lambda k, v: k.set_local_data_size(v)),
    **tiling.KERNEL_SET,
    **pipelining.KERNEL_SET,
}


def kernel_of(handle):
    return lookup(handle, vx.VX_TYPE_KERNEL, "kernel")


def _text(ptr, what):
    check(ptr != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, f"{what} is NULL")
    return ffi.string(ptr).decode(errors="replace")


@export
def vxAddUserKernel(context, name, enumeration, func_ptr, numParams, validate, init, deinit):
    ctx = context_of(context)
    return kernels.add_user_kernel(ctx, _text(name, "name"), enumeration, func_ptr, numParams, validate, init, deinit)


@export
def vxAddKernel(context, name, enumeration, func_ptr, numParams, input, output, init, deinit):
    """The deprecated creator: vxAddUserKernel with one validator per input and per output."""
    ctx = context_of(context)
    return kernels.add_user_kernel(ctx, _text(name, "name"), enumeration, func_ptr, numParams, None, init, deinit,
                                   io_validators=(input, output))


@export
def vxAddParameterToKernel(kernel, index, dir, data_type, state):
    kernel_of(kernel).add_parameter(index, dir, data_type, state)


@export
def vxFinalizeKernel(kernel):
    k = kernel_of(kernel)
    k.finalize()
    aliasing.apply_pending(k)


@export
def vxRemoveKernel(kernel):
    kernel_of(kernel).remove()


@export
def vxQueryKernel(kernel, attribute, ptr, size):
    attributes.query(QUERY, kernel_of(kernel), attribute, ptr, size)


@export
def vxSetKernelAttribute(kernel, attribute, ptr, size):
    k = kernel_of(kernel)
    attributes.set_attribute(SET, k, attribute, ptr, size, readable=QUERY)


def _retained(k):
    k.retain()
    return k


@export
def vxGetKernelByName(context, name):
    return _retained(kernels.by_name(context_of(context), _text(name, "name")))


@export
def vxGetKernelByEnum(context, kernel_e):
    return _retained(kernels.by_enum(context_of(context), kernel_e))


@export
def vxReleaseKernel(kernel):
    release_handle(kernel, vx.VX_TYPE_KERNEL, "kernel")


@export
def vxGetKernelParameterByIndex(kernel, index):
    return Parameter(kernel_of(kernel), index)


@export
def vxLoadKernels(context, module):
    modules.load(context_of(context), _text(module, "module"))


@export
def vxRegisterKernelLibrary(context, module, publish, unpublish):
    modules.register(context_of(context), _text(module, "module"), publish, unpublish)


@export
def vxUnloadKernels(context, module):
    modules.unload(context_of(context), _text(module, "module"))
