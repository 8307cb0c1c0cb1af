"""Meta format functions: what output validators say about their outputs."""
from .. import constants as vx
from ..reference import lookup
from . import export


def meta_of(handle):
    return lookup(handle, vx.VX_TYPE_META_FORMAT, "meta format")


@export
def vxSetMetaFormatAttribute(meta, attribute, ptr, size):
    meta_of(meta).set(attribute, ptr, size)


@export
def vxSetMetaFormatFromReference(meta, exemplar):
    m = meta_of(meta)
    m.set_from(lookup(exemplar, 0, "exemplar"))


@export
def vxQueryMetaFormatAttribute(meta, attribute, ptr, size):
    meta_of(meta).query(attribute, ptr, size)
