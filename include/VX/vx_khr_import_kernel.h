/*
 * pyopenvx - kernels imported from a URL (vx_khr_import_kernel extension).
 * Declaration only: vxImportKernelFromURL returns an error object (VX_ERROR_NOT_IMPLEMENTED).
 */
#ifndef PYOPENVX_VX_KHR_IMPORT_KERNEL_H
#define PYOPENVX_VX_KHR_IMPORT_KERNEL_H

#include <VX/vx.h>

#define OPENVX_KHR_IMPORT_KERNEL "vx_khr_import_kernel"

#ifdef __cplusplus
extern "C" {
#endif

/* kernel */
VX_API_ENTRY vx_kernel VX_API_CALL vxImportKernelFromURL(vx_context context, const vx_char *type, const vx_char *url);

#ifdef __cplusplus
}
#endif

#endif /* PYOPENVX_VX_KHR_IMPORT_KERNEL_H */
