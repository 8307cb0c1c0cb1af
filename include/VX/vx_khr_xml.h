/*
 * pyopenvx - XML import and export (vx_khr_xml extension).
 * Declarations only: the functions return VX_ERROR_NOT_IMPLEMENTED (or an error object).
 */
#ifndef PYOPENVX_VX_KHR_XML_H
#define PYOPENVX_VX_KHR_XML_H

#include <VX/vx.h>

#define OPENVX_KHR_XML "vx_khr_xml"

/* Opaque handle to an import object (vx_import.h declares it too). */
#ifndef PVX_VX_IMPORT_DECLARED
#define PVX_VX_IMPORT_DECLARED
typedef struct _vx_import *vx_import;
#endif

/* vx_import.h names VX_TYPE_IMPORT as a macro of the same value: declare it once. */
#ifndef VX_TYPE_IMPORT
enum vx_ext_import_type_e {
    VX_TYPE_IMPORT = 0x814,
};
#endif

enum vx_ext_import_types_e {
    VX_IMPORT_TYPE_XML = 0x0,
};

/* Attributes of an import object. */
enum vx_import_attribute_e {
    VX_IMPORT_ATTRIBUTE_COUNT = 0x81400,
    VX_IMPORT_ATTRIBUTE_TYPE = 0x81401,
};

#ifdef __cplusplus
extern "C" {
#endif

/* import export */
VX_API_ENTRY vx_status VX_API_CALL vxExportToXML(vx_context context, vx_char xmlfile[]);
VX_API_ENTRY vx_import VX_API_CALL vxImportFromXML(vx_context context, vx_char xmlfile[]);
VX_API_ENTRY vx_status VX_API_CALL vxQueryImport(vx_import import, vx_enum attribute, void *ptr, vx_size size);
VX_API_ENTRY vx_status VX_API_CALL vxReleaseImport(vx_import *import);

/* reference */
VX_API_ENTRY vx_reference VX_API_CALL vxGetImportReferenceByIndex(vx_import import, vx_uint32 index);
VX_API_ENTRY vx_reference VX_API_CALL vxGetImportReferenceByName(vx_import import, const vx_char *name);

#ifdef __cplusplus
}
#endif

#endif /* PYOPENVX_VX_KHR_XML_H */
