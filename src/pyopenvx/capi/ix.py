"""vx_khr_ix: export to memory, import from memory, and the import object (vx_import.h; its query and
access by index are declared by vx_khr_xml.h)."""
from _pyopenvx import ffi

from .. import attributes
from .. import constants as vx
from .. import ix
from ..errors import check
from ..reference import lookup
from . import export
from .context import context_of
from .reference import release_handle


# vx_khr_xml.h names only VX_IMPORT_TYPE_XML; an import from memory says it came from host memory
QUERY = {
    vx.VX_IMPORT_ATTRIBUTE_COUNT: ("vx_uint32", lambda i: len(i.objects)),
    vx.VX_IMPORT_ATTRIBUTE_TYPE: ("vx_enum", lambda i: vx.VX_IMPORT_TYPE_HOST),
}


def import_of(handle):
    return lookup(handle, vx.VX_TYPE_IMPORT, "import")


def _check_arrays(numrefs, refs, uses):
    check(refs != ffi.NULL and uses != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, "refs or uses is NULL")
    check(numrefs > 0, vx.VX_ERROR_INVALID_PARAMETERS, "numrefs is 0")


@export
def vxExportObjectsToMemory(context, numrefs, refs, uses, ptr, length):
    ctx = context_of(context)
    if ptr != ffi.NULL:
        ptr[0] = ffi.NULL                 # what a refusal leaves
    if length != ffi.NULL:
        length[0] = 0
    check(ptr != ffi.NULL and length != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, "ptr or length is NULL")
    _check_arrays(numrefs, refs, uses)
    objs = [lookup(refs[i], 0, f"refs[{i}]") for i in range(numrefs)]
    blob = ix.export_objects(ctx, objs, [uses[i] for i in range(numrefs)])
    memory = ffi.from_buffer("vx_uint8[]", blob)        # (keeps the bytes alive, no copy)
    ctx.exported[int(ffi.cast("uintptr_t", memory))] = memory
    ptr[0], length[0] = memory, len(blob)


@export
def vxReleaseExportedMemory(context, ptr):
    ctx = context_of(context)
    check(ptr != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, "ptr is NULL")
    check(ctx.exported.pop(int(ffi.cast("uintptr_t", ptr[0])), None) is not None, vx.VX_ERROR_INVALID_PARAMETERS,
          "*ptr is not memory given by vxExportObjectsToMemory of this context (or was released)")
    ptr[0] = ffi.NULL


@export
def vxImportObjectsFromMemory(context, numrefs, refs, uses, ptr, length):
    ctx = context_of(context)
    _check_arrays(numrefs, refs, uses)
    check(ptr != ffi.NULL and 0 < length < 1 << 62, vx.VX_ERROR_INVALID_PARAMETERS,
          f"ptr is NULL or length {length} is 0 or larger than any memory")
    imported, objs = ix.import_objects(ctx, numrefs, refs, uses, ffi.buffer(ptr, length))
    for i, obj in enumerate(objs):
        if uses[i] != vx.VX_IX_USE_APPLICATION_CREATE:
            refs[i] = ffi.cast("vx_reference", obj.h)
    return imported


@export
def vxReleaseImport(import_):
    release_handle(import_, vx.VX_TYPE_IMPORT, "import")


@export
def vxQueryImport(import_, attribute, ptr, size):
    attributes.query(QUERY, import_of(import_), attribute, ptr, size)


@export
def vxGetImportReferenceByIndex(import_, index):
    return import_of(import_).reference_by_index(index)


@export
def vxGetImportReferenceByName(import_, name):
    imported = import_of(import_)
    check(name != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, "name is NULL", imported)
    text = ffi.string(name, vx.VX_MAX_REFERENCE_NAME)
    check(0 < len(text) < vx.VX_MAX_REFERENCE_NAME, vx.VX_ERROR_INVALID_PARAMETERS,
          f"a name has 1 to {vx.VX_MAX_REFERENCE_NAME - 1} bytes", imported)
    return imported.reference_by_name(text.decode(errors="replace"))
