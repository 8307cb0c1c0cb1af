"""Functions every reference answers: status, attributes, names, counts, hints, directives."""
from _pyopenvx import ffi

from .. import attributes
from .. import constants as vx
from ..errors import VxError, check
from ..reference import lookup
from . import export

QUERY = {
    vx.VX_REFERENCE_COUNT: ("vx_uint32", lambda r: r.external),
    vx.VX_REFERENCE_TYPE: ("vx_enum", lambda r: r.vx_type),
    vx.VX_REFERENCE_NAME: ("vx_char *", lambda r: r.h.name),
}

_HINTS = (vx.VX_HINT_PERFORMANCE_DEFAULT, vx.VX_HINT_PERFORMANCE_LOW_POWER, vx.VX_HINT_PERFORMANCE_HIGH_SPEED)


def release_handle(ref_ptr, vx_type=0, what="reference"):
    """The body of every vxRelease<Type>(&handle): drop the application's count, zero its handle;
    returns the object (destroyed or not)."""
    if ref_ptr == ffi.NULL:
        raise VxError(vx.VX_ERROR_INVALID_REFERENCE, f"pointer to the {what} is NULL")
    obj = lookup(ref_ptr[0], vx_type, what)
    check(obj.vx_type != vx.VX_TYPE_ERROR, vx.VX_ERROR_INVALID_REFERENCE, "error objects are not released", obj)
    obj.release()
    ref_ptr[0] = ffi.NULL
    return obj


@export
def vxQueryReference(reference, attribute, ptr, size):
    attributes.query(QUERY, lookup(reference), attribute, ptr, size)


@export
def vxSetReferenceName(ref, name):
    obj = lookup(ref)
    obj.name = "" if name == ffi.NULL else ffi.string(name).decode(errors="replace")


@export
def vxRetainReference(ref):
    lookup(ref).retain()


@export
def vxReleaseReference(ref_ptr):
    release_handle(ref_ptr)


@export
def vxHint(reference, hint, data, data_size):
    lookup(reference)
    check(hint in _HINTS, vx.VX_ERROR_NOT_SUPPORTED, f"hint {hint:#x} is not supported")


@export
def vxDirective(reference, directive):
    obj = lookup(reference)
    ctx = obj.context
    if directive in (vx.VX_DIRECTIVE_ENABLE_LOGGING, vx.VX_DIRECTIVE_DISABLE_LOGGING):
        ctx.log_enabled = directive == vx.VX_DIRECTIVE_ENABLE_LOGGING
    elif directive in (vx.VX_DIRECTIVE_ENABLE_PERFORMANCE, vx.VX_DIRECTIVE_DISABLE_PERFORMANCE):
        check(obj is ctx, vx.VX_ERROR_NOT_SUPPORTED, "performance directives apply to the context")
        ctx.performance_enabled = directive == vx.VX_DIRECTIVE_ENABLE_PERFORMANCE
    else:
        raise VxError(vx.VX_ERROR_NOT_SUPPORTED, f"directive {directive:#x} is not supported", obj)
