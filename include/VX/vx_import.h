/*
 * pyopenvx - importing objects from a binary blob (vx_khr_ix, import side).
 */
#ifndef PYOPENVX_VX_IMPORT_H
#define PYOPENVX_VX_IMPORT_H

#include <VX/vx.h>

/* Opaque handle to an import object (vx_khr_xml.h declares it too). */
#ifndef PVX_VX_IMPORT_DECLARED
#define PVX_VX_IMPORT_DECLARED
typedef struct _vx_import *vx_import;
#endif

#define VX_ENUM_IX_USE (0x18)
#define VX_IX_USE_APPLICATION_CREATE (0x18000)
#define VX_IX_USE_EXPORT_VALUES (0x18001)
#define VX_IX_USE_NO_EXPORT_VALUES (0x18002)
#define VX_TYPE_IMPORT (0x814)

#ifdef __cplusplus
extern "C" {
#endif

/* import export */
VX_API_ENTRY vx_import VX_API_CALL vxImportObjectsFromMemory(vx_context context, vx_size numrefs, vx_reference *refs, const vx_enum *uses, const vx_uint8 *ptr, vx_size length);
VX_API_ENTRY vx_status VX_API_CALL vxReleaseImport(vx_import *import);

/* reference */
VX_API_ENTRY vx_reference VX_API_CALL vxGetImportReferenceByName(vx_import import, const vx_char *name);

#ifdef __cplusplus
}
#endif

#endif /* PYOPENVX_VX_IMPORT_H */
