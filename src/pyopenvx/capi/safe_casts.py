"""vx_khr_safe_casts (the extension TIOVX ships, VX/vx_khr_safe_casts.h): each object type to and from
vx_reference. The functions are made here from the header's own list, one family per type."""
from _pyopenvx import ffi

from .. import constants as vx
from ..errors import VxError
from ..handle_types import HANDLE_TYPES
from ..paths import INCLUDEDIR
from ..prototypes import parse
from ..reference import lookup
from . import IMPLEMENTED

_SUCCESS = vx.VX_SUCCESS


def _note(status_ptr, status):
    """*status keeps the first failure of a sequence of casts."""
    if status_ptr != ffi.NULL and status_ptr[0] == _SUCCESS:
        status_ptr[0] = status


def _as(vx_type, handle_type, retain):
    """vxGetRefAs<T> (retain) and vxCastRefAs<T>: the reference as a <T>, checked."""
    def cast(ref, status_ptr):
        try:
            obj = lookup(ref[0] if retain and ref != ffi.NULL else ref)
        except VxError:
            _note(status_ptr, vx.VX_ERROR_INVALID_REFERENCE)
            raise
        if obj.vx_type != vx_type:
            _note(status_ptr, vx.VX_ERROR_INVALID_TYPE)
            raise VxError(vx.VX_ERROR_INVALID_TYPE, f"{obj} is not a {handle_type}", obj)
        if retain:
            obj.retain()
        return obj
    return cast


def _from(vx_type, retain):
    """vxGetRefFrom<T> (from a pointer, retain) and vxCastRefFrom<T>: the object as a vx_reference."""
    def cast(handle):
        if retain:
            if handle == ffi.NULL:
                raise VxError(vx.VX_ERROR_INVALID_REFERENCE, "pointer to the object is NULL")
            handle = handle[0]
        obj = lookup(handle, vx_type)
        if retain:
            obj.retain()
        return ffi.cast("vx_reference", obj.h)
    return cast


def _array(ret):
    """vxCastRefFrom<T>P / ConstP: the same pointer, typed as an array of vx_reference."""
    return lambda ptr: ffi.cast(ret, ptr)


def _install():
    for proto in parse(INCLUDEDIR):
        if proto.header != "VX/vx_khr_safe_casts.h":
            continue
        name = proto.name
        if name.startswith(("vxGetRefAs", "vxCastRefAs")):
            fn = _as(HANDLE_TYPES[proto.ret], proto.ret, name.startswith("vxGet"))
        elif name.endswith("P"):
            fn = _array(proto.ret)
        else:
            handle_type = proto.params[0].ctype.replace("const", "").replace("*", "").strip()
            fn = _from(HANDLE_TYPES[handle_type], name.startswith("vxGet"))
        fn.__name__ = name
        IMPLEMENTED[name] = fn


_install()
