"""Export and import (vx_khr_ix): objects of one context to a blob, and back into any context.

    blob = export(ctx, [graph, src, dst], ["values", "values", "no values"])
    with Import(other, blob, ["values", "values", "no values"]) as imported:
        graph, src, dst = imported.objects       # owned wrappers (released apart from the import)

A use is "application" (the importer gives an object alike in `given`), "values" or "no values",
or the VX_IX_USE_* value itself.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, List, Optional, Sequence, Union

from .. import constants as vx
from ..api import ffi, lib
from .base import Object, check, wrap_reference

if TYPE_CHECKING:
    from .context import Context

Use = Union[str, int]   # "application", "values", "no values" or a VX_IX_USE_* value

USES = {"application": vx.VX_IX_USE_APPLICATION_CREATE, "values": vx.VX_IX_USE_EXPORT_VALUES,
        "no values": vx.VX_IX_USE_NO_EXPORT_VALUES}


def _uses(uses):
    return [USES.get(u, u) for u in uses]


def _references(objects):
    return ffi.new("vx_reference[]", [ffi.NULL if o is None else o.reference for o in objects])


def export(context: "Context", objects: Sequence[Optional[Object]], uses: Sequence[Use]) -> bytes:
    """The blob (bytes) of `objects` exported as `uses` say."""
    ptr, length = ffi.new("const vx_uint8 **"), ffi.new("vx_size *")
    check(lib.vxExportObjectsToMemory(context.handle, len(objects), _references(objects),
                                      ffi.new("vx_enum[]", _uses(uses)), ptr, length), "vxExportObjectsToMemory")
    try:
        return bytes(ffi.buffer(ptr[0], length[0]))
    finally:
        lib.vxReleaseExportedMemory(context.handle, ptr)


class Import(Object):
    """The objects of a blob imported into `context`: `objects` in the exported order (owned
    wrappers, except the application's own `given` ones), `import_["name"]` by name."""
    _release = lib.vxReleaseImport
    _ctype = "vx_import"
    vx_type = vx.VX_TYPE_IMPORT

    def __init__(self, context: "Context", blob: bytes, uses: Sequence[Use],
                 given: Optional[Iterable[Optional[Object]]] = None) -> None:
        uses = _uses(uses)
        given = list(given) if given is not None else [None] * len(uses)
        refs = _references(given)
        super().__init__(lib.vxImportObjectsFromMemory(context.handle, len(uses), refs, ffi.new("vx_enum[]", uses),
                                                       blob, len(blob)), "vxImportObjectsFromMemory")
        self.objects: List[Optional[Object]] = [g if use == vx.VX_IX_USE_APPLICATION_CREATE else wrap_reference(r, owned=True)
                        for g, r, use in zip(given, refs, uses)]

    def __getitem__(self, name: str) -> Optional[Object]:
        """The listed object named `name` (an owned wrapper: release it)."""
        ref = lib.vxGetImportReferenceByName(self.handle, name.encode())
        check(lib.vxGetStatus(ref), f"vxGetImportReferenceByName({name!r})")
        return wrap_reference(ref, owned=True)
