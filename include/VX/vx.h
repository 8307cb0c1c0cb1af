/*
 * pyopenvx - public OpenVX 1.3.1 API.
 *
 * Umbrella header: include this one in applications. It pulls in the vendor
 * ids, the types, the kernel enumeration, the object API, the graph-mode node
 * creators and the deprecated compatibility names.
 */
#ifndef PYOPENVX_VX_H
#define PYOPENVX_VX_H

/* Size limits of fixed-length strings used by the API (including the NUL). */
#define VX_MAX_IMPLEMENTATION_NAME (64)
#define VX_MAX_KERNEL_NAME (256)
#define VX_MAX_LOG_MESSAGE_LEN (1024)
#define VX_MAX_REFERENCE_NAME (64)

#include <VX/vx_vendors.h>
#include <VX/vx_types.h>
#include <VX/vx_kernels.h>
#include <VX/vx_api.h>
#include <VX/vx_nodes.h>

/* Version encoding: major in bits 8..15, minor in bits 0..7. */
#define VX_VERSION_MAJOR(x) ((vx_uint32)((vx_uint32)((x) & 0xFF) << 8))
#define VX_VERSION_MINOR(x) ((vx_uint32)((vx_uint32)(x) & 0xFF))

#define VX_VERSION_1_0 (VX_VERSION_MAJOR(1) | VX_VERSION_MINOR(0))
#define VX_VERSION_1_1 (VX_VERSION_MAJOR(1) | VX_VERSION_MINOR(1))
#define VX_VERSION_1_2 (VX_VERSION_MAJOR(1) | VX_VERSION_MINOR(2))
#define VX_VERSION_1_3 (VX_VERSION_MAJOR(1) | VX_VERSION_MINOR(3))

/* The version implemented (1.3.1 reports itself as 1.3). */
#define VX_VERSION VX_VERSION_1_3

#include <VX/vx_compatibility.h>

#endif /* PYOPENVX_VX_H */
