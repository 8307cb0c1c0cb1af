"""Attribute tables: one declarative row per attribute instead of a switch per object type.

    QUERY = {vx.VX_IMAGE_WIDTH: ("vx_uint32", lambda img: img.width)}
    query(QUERY, image, attribute, ptr, size)

The C type decides the size check and the conversion. Special types:
  "str"            a NUL-terminated string; `size` must hold it
  "T[]"            an array of T; `size` must be a multiple of sizeof(T) and hold every item
"""
from _pyopenvx import ffi

from . import constants as vx
from .errors import VxError


def _bad(message):
    return VxError(vx.VX_ERROR_INVALID_PARAMETERS, message)


def write(ctype, ptr, size, value, what="attribute"):
    if ptr == ffi.NULL:
        raise _bad(f"{what}: ptr is NULL")
    if ctype == "str":
        raw = value.encode() + b"\0"
        if size < len(raw):
            raise _bad(f"{what}: size {size} is too small for {len(raw)} bytes")
        ffi.memmove(ptr, raw, len(raw))
    elif ctype.endswith("[]"):
        item = ctype[:-2]
        isize = ffi.sizeof(item)
        if size % isize or size < isize * len(value):
            raise _bad(f"{what}: size {size} does not hold {len(value)} items of {item}")
        out = ffi.cast(f"{item} *", ptr)
        for i, v in enumerate(value):
            out[i] = v
    else:
        if size != ffi.sizeof(ctype):
            raise _bad(f"{what}: size {size} is not sizeof({ctype}) = {ffi.sizeof(ctype)}")
        ffi.cast(f"{ctype} *", ptr)[0] = value


def read(ctype, ptr, size, what="attribute"):
    if ptr == ffi.NULL:
        raise _bad(f"{what}: ptr is NULL")
    if ctype == "str":
        return ffi.string(ffi.cast("char *", ptr), size).decode(errors="replace")
    if size != ffi.sizeof(ctype):
        raise _bad(f"{what}: size {size} is not sizeof({ctype}) = {ffi.sizeof(ctype)}")
    return ffi.cast(f"{ctype} *", ptr)[0]


def _row(table, attribute, obj):
    row = table.get(attribute)
    if row is None:
        raise VxError(vx.VX_ERROR_NOT_SUPPORTED, f"attribute {attribute:#x} is not supported by {obj}", obj)
    return row


def query(table, obj, attribute, ptr, size):
    ctype, getter = _row(table, attribute, obj)[:2]
    write(ctype, ptr, size, getter(obj), f"{obj} attribute {attribute:#x}")


def set_attribute(table, obj, attribute, ptr, size):
    """`table` rows are (ctype, setter); a setter raises VxError to refuse a value."""
    ctype, setter = _row(table, attribute, obj)[:2]
    setter(obj, read(ctype, ptr, size, f"{obj} attribute {attribute:#x}"))
