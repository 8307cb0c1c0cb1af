"""Attribute tables: one declarative row per attribute instead of a switch per object type.

    QUERY = {vx.VX_IMAGE_WIDTH: ("vx_uint32", lambda img: img.width)}
    query(QUERY, image, attribute, ptr, size)

The C type decides the size check and the conversion. Special types:
  "str"            a NUL-terminated string; `size` must hold it
  "T[]"            an array of T; `size` must be a multiple of sizeof(T) and hold every item
Messages are only formatted when a request is refused: queries sit on hot paths.
"""
from functools import lru_cache

from _pyopenvx import ffi

from . import constants as vx
from .errors import VxError, attribute_name


@lru_cache(maxsize=None)
def _ctype(ctype):
    """(pointer type, size) of a C type name, parsed once."""
    return ffi.typeof(f"{ctype} *"), ffi.sizeof(ctype)


def _bad(what, message):
    return VxError(vx.VX_ERROR_INVALID_PARAMETERS, f"{what()}: {message}")


def write(ctype, ptr, size, value, what=lambda: "attribute"):
    if ptr == ffi.NULL:
        raise _bad(what, "ptr is NULL")
    if ctype == "str":
        raw = value.encode() + b"\0"
        if size < len(raw):
            raise _bad(what, f"size {size} is too small for {len(raw)} bytes")
        ffi.memmove(ptr, raw, len(raw))
    elif ctype.endswith("[]"):
        pointer, isize = _ctype(ctype[:-2])
        if size % isize or size < isize * len(value):
            raise _bad(what, f"size {size} does not hold {len(value)} items of {ctype[:-2]}")
        out = ffi.cast(pointer, ptr)
        for i, v in enumerate(value):
            out[i] = v
    else:
        pointer, csize = _ctype(ctype)
        if size != csize:
            raise _bad(what, f"size {size} is not sizeof({ctype}) = {csize}")
        ffi.cast(pointer, ptr)[0] = value


def read(ctype, ptr, size, what=lambda: "attribute"):
    if ptr == ffi.NULL:
        raise _bad(what, "ptr is NULL")
    if ctype == "str":
        return ffi.string(ffi.cast("char *", ptr), size).decode(errors="replace")
    pointer, csize = _ctype(ctype)
    if size != csize:
        raise _bad(what, f"size {size} is not sizeof({ctype}) = {csize}")
    return ffi.cast(pointer, ptr)[0]


def _row(table, attribute, obj):
    row = table.get(attribute)
    if row is None:
        raise VxError(vx.VX_ERROR_NOT_SUPPORTED, f"attribute {attribute_name(attribute)} is not supported by {obj}", obj)
    return row


def query(table, obj, attribute, ptr, size):
    ctype, getter = _row(table, attribute, obj)[:2]
    write(ctype, ptr, size, getter(obj), lambda: f"{obj} attribute {attribute_name(attribute)}")


def set_attribute(table, obj, attribute, ptr, size, readable=()):
    """`table` rows are (ctype, setter); a setter raises VxError to refuse a value. An attribute of
    `readable` (the query table) that `table` lacks is refused as read-only."""
    if attribute in readable and attribute not in table:
        raise VxError(vx.VX_ERROR_NOT_SUPPORTED, f"{obj} attribute {attribute_name(attribute)} is read-only", obj)
    ctype, setter = _row(table, attribute, obj)[:2]
    setter(obj, read(ctype, ptr, size, lambda: f"{obj} attribute {attribute_name(attribute)}"))
