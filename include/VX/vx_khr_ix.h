/*
 * pyopenvx - export and import of objects (vx_khr_ix extension).
 */
#ifndef PYOPENVX_VX_KHR_IX_H
#define PYOPENVX_VX_KHR_IX_H

#include <VX/vx.h>
#include <VX/vx_import.h>

#define OPENVX_KHR_IX "vx_khr_ix"

#ifdef __cplusplus
extern "C" {
#endif

/* import export */
VX_API_ENTRY vx_status VX_API_CALL vxExportObjectsToMemory(vx_context context, vx_size numrefs, const vx_reference *refs, const vx_enum *uses, const vx_uint8 **ptr, vx_size *length);
VX_API_ENTRY vx_status VX_API_CALL vxReleaseExportedMemory(vx_context context, const vx_uint8 **ptr);

#ifdef __cplusplus
}
#endif

#endif /* PYOPENVX_VX_KHR_IX_H */
