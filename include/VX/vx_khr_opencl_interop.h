/*
 * pyopenvx - OpenCL interoperability (vx_khr_opencl_interop extension): OpenCL buffers as the
 * memory of data objects, and contexts, nodes and kernels sharing an OpenCL context and command
 * queue. pyopenvx has no OpenCL: the header is shipped so programs written for it compile;
 * vxCreateContextFromCL returns NULL (logging VX_ERROR_NOT_IMPLEMENTED), and the memory type
 * and attributes below are refused where they are passed.
 */
#ifndef PYOPENVX_VX_KHR_OPENCL_INTEROP_H
#define PYOPENVX_VX_KHR_OPENCL_INTEROP_H

#include <VX/vx.h>

/* The OpenCL types, from the OpenCL headers when they are installed, else as the opaque handle
 * types those headers define (the same typedefs). Never the installed headers in the build's
 * declarations for cffi, which cannot parse what they pull in (vector types of <mmintrin.h>). */
#if defined(__has_include) && !defined(PYOPENVX_DECLARATIONS_ONLY)
#if defined(__APPLE__) && __has_include(<OpenCL/cl.h>)
#include <OpenCL/cl.h>
#define PYOPENVX_HAVE_CL_H 1
#elif __has_include(<CL/cl.h>)
#include <CL/cl.h>
#define PYOPENVX_HAVE_CL_H 1
#endif
#endif
#ifndef PYOPENVX_HAVE_CL_H
typedef struct _cl_context *cl_context;
typedef struct _cl_command_queue *cl_command_queue;
#endif

#define OPENVX_KHR_OPENCL_INTEROP "vx_khr_opencl_interop"

/* memory type of an OpenCL buffer (cl_mem) */
#define VX_MEMORY_TYPE_OPENCL_BUFFER (VX_ENUM_BASE(VX_ID_KHRONOS, VX_ENUM_MEMORY_TYPE) + 0x2)
/* context attributes: its cl_context and cl_command_queue */
#define VX_CONTEXT_CL_CONTEXT (VX_ATTRIBUTE_BASE(VX_ID_KHRONOS, VX_TYPE_CONTEXT) + 0xF)
#define VX_CONTEXT_CL_COMMAND_QUEUE (VX_ATTRIBUTE_BASE(VX_ID_KHRONOS, VX_TYPE_CONTEXT) + 0x10)
/* node attribute: the cl_command_queue its kernel enqueues into */
#define VX_NODE_CL_COMMAND_QUEUE (VX_ATTRIBUTE_BASE(VX_ID_KHRONOS, VX_TYPE_NODE) + 0x9)
/* kernel attribute: whether the kernel uses OpenCL (vx_bool) */
#define VX_KERNEL_USE_OPENCL (VX_ATTRIBUTE_BASE(VX_ID_KHRONOS, VX_TYPE_KERNEL) + 0x4)

#ifdef __cplusplus
extern "C" {
#endif

/* context */
VX_API_ENTRY vx_context VX_API_CALL vxCreateContextFromCL(cl_context opencl_context, cl_command_queue opencl_command_queue);

#ifdef __cplusplus
}
#endif

#endif /* PYOPENVX_VX_KHR_OPENCL_INTEROP_H */
