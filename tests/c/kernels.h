/* User kernels and a kernel builder shared by the C tests (and the test module). */
#ifndef PVX_TEST_KERNELS_H
#define PVX_TEST_KERNELS_H
#include "check.h"

/* A kernel function that does nothing. */
static inline vx_status VX_CALLBACK run_nothing(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)p; (void)n;
    return VX_SUCCESS;
}

/* A validator that accepts any parameters and describes no output. */
static inline vx_status VX_CALLBACK accept_all(vx_node node, const vx_reference p[], vx_uint32 n, vx_meta_format m[])
{
    (void)node; (void)p; (void)n; (void)m;
    return VX_SUCCESS;
}

/* A validator for in -> out kernels: the output (parameter 1) is described like the input. */
static inline vx_status VX_CALLBACK like_input(vx_node node, const vx_reference p[], vx_uint32 n, vx_meta_format m[])
{
    (void)node; (void)n;
    return vxSetMetaFormatFromReference(m[1], p[0]);
}

/* A finalized user kernel with a new id and two required parameters of `type`: 0 in, 1 out. */
static inline vx_kernel in_out_kernel(vx_context ctx, const char *name, vx_kernel_f fn, vx_kernel_validate_f validate,
                                      vx_enum type)
{
    vx_enum id;
    CHECK_OK(vxAllocateUserKernelId(ctx, &id));
    vx_kernel k = vxAddUserKernel(ctx, name, id, fn, 2, validate, NULL, NULL);
    CHECK_REF(k);
    CHECK_OK(vxAddParameterToKernel(k, 0, VX_INPUT, type, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(k, 1, VX_OUTPUT, type, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxFinalizeKernel(k));
    return k;
}

#endif
