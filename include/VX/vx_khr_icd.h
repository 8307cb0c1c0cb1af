/*
 * pyopenvx - the installable client driver interface (vx_khr_icd extension): platforms and
 * contexts created on them. Declarations only: the functions return VX_ERROR_NOT_IMPLEMENTED
 * (or NULL for the context).
 */
#ifndef PYOPENVX_VX_KHR_ICD_H
#define PYOPENVX_VX_KHR_ICD_H

#include <VX/vx.h>
#include <VX/vxu.h>

/* Opaque handle to a platform. */
typedef struct _vx_platform *vx_platform;

#ifdef __cplusplus
extern "C" {
#endif

/* icd */
VX_API_ENTRY vx_status VX_API_CALL vxIcdGetPlatforms(vx_size capacity, vx_platform platform[], vx_size *pNumItems);
VX_API_ENTRY vx_status VX_API_CALL vxQueryPlatform(vx_platform platform, vx_enum attribute, void *ptr, vx_size size);
VX_API_ENTRY vx_context VX_API_CALL vxCreateContextFromPlatform(vx_platform platform);

#ifdef __cplusplus
}
#endif

#endif /* PYOPENVX_VX_KHR_ICD_H */
