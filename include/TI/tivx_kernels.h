/*
 * pyopenvx - TIOVX-compatible kernel module names (seed 003).
 * Written for pyopenvx: the names and values of TIOVX's public API.
 */
#ifndef PYOPENVX_TIVX_KERNELS_H
#define PYOPENVX_TIVX_KERNELS_H

#include <VX/vx.h>
#include <VX/vx_kernels.h>

/* Kernel modules (vxLoadKernels names of TIOVX's own modules). */
#define TIVX_MODULE_NAME_OPENVX_CORE "openvx-core"
#define TIVX_MODULE_NAME_OPENVX_EXT "openvx-ext"

/* Kernels of the TI extension module. */
#define TIVX_KERNEL_OBJ_ARRAY_SPLIT_NAME "com.ti.ext.obj_array_split"

/* Libraries of TI's extension kernels (VX_KERNEL_BASE(VX_ID_TI, library)). */
enum tivx_library_e {
    TIVX_LIBRARY_EXTENSION_BASE = 0,
};

#endif /* PYOPENVX_TIVX_KERNELS_H */
