"""Context functions: creation, release, attributes, immediate-mode settings, user structs."""
from _pyopenvx import ffi

from .. import attributes
from .. import constants as vx
from ..context import (CONVOLUTION_MAX_DIMENSION, EXTENSIONS, IMPLEMENTATION, MAX_TENSOR_DIMS,
                       NONLINEAR_MAX_DIMENSION, OPTICAL_FLOW_MAX_WINDOW_DIMENSION, Context)
from ..errors import VxError, check
from ..graph import targets
from ..kernels.calls import forget_immediate
from ..kernels.registry import register as register_standard_kernels
from ..reference import lookup
from . import export


def _kernel_table(ctx):
    return [{"enumeration": k.enumeration, "name": k.kernel_name.encode()} for k in ctx.kernels if k.published]


QUERY = {
    vx.VX_CONTEXT_VENDOR_ID: ("vx_uint16", lambda c: vx.VX_ID_DEFAULT),
    vx.VX_CONTEXT_VERSION: ("vx_uint16", lambda c: vx.VX_VERSION),
    vx.VX_CONTEXT_UNIQUE_KERNELS: ("vx_uint32", lambda c: len(_kernel_table(c))),
    vx.VX_CONTEXT_MODULES: ("vx_uint32", lambda c: len(c.modules)),
    vx.VX_CONTEXT_REFERENCES: ("vx_uint32", lambda c: c.references()),
    vx.VX_CONTEXT_IMPLEMENTATION: ("str", lambda c: IMPLEMENTATION),
    vx.VX_CONTEXT_EXTENSIONS_SIZE: ("vx_size", lambda c: len(" ".join(EXTENSIONS)) + 1),
    vx.VX_CONTEXT_EXTENSIONS: ("str", lambda c: " ".join(EXTENSIONS)),
    vx.VX_CONTEXT_CONVOLUTION_MAX_DIMENSION: ("vx_size", lambda c: CONVOLUTION_MAX_DIMENSION),
    vx.VX_CONTEXT_OPTICAL_FLOW_MAX_WINDOW_DIMENSION: ("vx_size", lambda c: OPTICAL_FLOW_MAX_WINDOW_DIMENSION),
    vx.VX_CONTEXT_IMMEDIATE_BORDER: ("vx_border_t", lambda c: c.immediate_border[0]),
    vx.VX_CONTEXT_UNIQUE_KERNEL_TABLE: ("vx_kernel_info_t[]", _kernel_table),
    vx.VX_CONTEXT_IMMEDIATE_BORDER_POLICY: ("vx_enum", lambda c: c.immediate_border_policy),
    vx.VX_CONTEXT_NONLINEAR_MAX_DIMENSION: ("vx_size", lambda c: NONLINEAR_MAX_DIMENSION),
    vx.VX_CONTEXT_MAX_TENSOR_DIMS: ("vx_size", lambda c: MAX_TENSOR_DIMS),
}

_BORDER_MODES = (vx.VX_BORDER_UNDEFINED, vx.VX_BORDER_CONSTANT, vx.VX_BORDER_REPLICATE)
_BORDER_POLICIES = (vx.VX_BORDER_POLICY_DEFAULT_TO_UNDEFINED, vx.VX_BORDER_POLICY_RETURN_ERROR)


def _set_border(ctx, border):
    check(border.mode in _BORDER_MODES, vx.VX_ERROR_INVALID_VALUE, f"border mode {border.mode:#x} is not supported")
    ctx.immediate_border[0] = border
    forget_immediate(ctx)


def _set_policy(ctx, policy):
    check(policy in _BORDER_POLICIES, vx.VX_ERROR_INVALID_VALUE, f"border policy {policy:#x} is not supported")
    ctx.immediate_border_policy = policy
    forget_immediate(ctx)


SET = {
    vx.VX_CONTEXT_IMMEDIATE_BORDER: ("vx_border_t", _set_border),
    vx.VX_CONTEXT_IMMEDIATE_BORDER_POLICY: ("vx_enum", _set_policy),
}


def context_of(handle):
    return lookup(handle, vx.VX_TYPE_CONTEXT, "context")


@export
def vxCreateContext():
    """The process's one context (as the Khronos sample and TIOVX: "multiple clients may connect to
    the OpenVX context"): each call is one more count, the last release destroys it, and the next
    call makes a new one."""
    context = Context.live
    if context is not None:
        context.retain()
        return context
    context = Context()
    register_standard_kernels(context)
    return context


@export
def vxReleaseContext(context):
    if context == ffi.NULL:
        raise VxError(vx.VX_ERROR_INVALID_REFERENCE, "context pointer is NULL")
    ctx = context_of(context[0])
    if ctx.external + ctx.internal == 1:
        targets.wait_idle()       # seed 003: what targets still run (a timed-out command) ends first
    ctx.release()
    context[0] = ffi.NULL


@export
def vxGetContext(reference):
    return lookup(reference).context


@export
def vxQueryContext(context, attribute, ptr, size):
    ctx = context_of(context)
    attributes.query(QUERY, ctx, attribute, ptr, size)


@export
def vxSetContextAttribute(context, attribute, ptr, size):
    ctx = context_of(context)
    attributes.set_attribute(SET, ctx, attribute, ptr, size, readable=QUERY)


@export
def vxSetImmediateModeTarget(context, target_enum, target_string):
    ctx = context_of(context)
    if target_enum == vx.VX_TARGET_STRING:
        check(target_string != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, "target string is NULL")
        name = ffi.string(target_string).decode(errors="replace")
        check(name.lower() == "any", vx.VX_ERROR_NOT_SUPPORTED, f"target {name!r} is not supported")
    else:
        check(target_enum == vx.VX_TARGET_ANY, vx.VX_ERROR_NOT_SUPPORTED, f"target {target_enum:#x} is not supported")
    ctx.immediate_target = vx.VX_TARGET_ANY
    forget_immediate(ctx)


@export
def vxRegisterUserStruct(context, size):
    return context_of(context).register_user_struct(size)


@export
def vxRegisterUserStructWithName(context, size, type_name):
    check(type_name != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, "type_name is NULL")
    return context_of(context).register_user_struct(size, ffi.string(type_name).decode(errors="replace"))


@export
def vxGetUserStructNameByEnum(context, user_struct_type, type_name, name_size):
    check(context != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, "context is NULL")
    ctx = context_of(context)
    check(type_name != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, "type_name is NULL")
    entry = ctx.user_struct(user_struct_type)
    check(entry is not None and entry[1] is not None, vx.VX_FAILURE,
          f"user struct {user_struct_type:#x} is not registered with a name")
    raw = entry[1].encode() + b"\0"
    check(name_size >= len(raw), vx.VX_ERROR_NO_MEMORY, f"name_size {name_size} cannot hold {len(raw)} bytes")
    ffi.memmove(type_name, raw, len(raw))


@export
def vxGetUserStructEnumByName(context, type_name, user_struct_type):
    ctx = context_of(context)
    check(type_name != ffi.NULL, vx.VX_FAILURE, "type_name is NULL: no user struct has that name")
    check(user_struct_type != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, "user_struct_type is NULL")
    enum = ctx.user_struct_by_name(ffi.string(type_name).decode(errors="replace"))
    check(enum is not None, vx.VX_FAILURE, "no user struct has that name")
    user_struct_type[0] = enum


@export
def vxAllocateUserKernelId(context, pKernelEnumId):
    ctx = context_of(context)
    check(pKernelEnumId != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, "pKernelEnumId is NULL")
    pKernelEnumId[0] = ctx.allocate_kernel_id()


@export
def vxAllocateUserKernelLibraryId(context, pLibraryId):
    ctx = context_of(context)
    check(pLibraryId != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, "pLibraryId is NULL")
    pLibraryId[0] = ctx.allocate_library_id()
