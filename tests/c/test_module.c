/* A user-kernel module for the vxLoadKernels tests. Built in variants:
 *   -DPUBLISH_FAILS    vxPublishKernels adds a kernel then fails
 *   -DNO_PUBLISH       no vxPublishKernels entry point
 *   -DNO_UNPUBLISH     no vxUnpublishKernels entry point (as the Khronos samples' modules: vxUnloadKernels
 *                      removes the kernels itself) */
#include "kernels.h"

#ifndef NO_PUBLISH
VX_API_ENTRY vx_status VX_API_CALL vxPublishKernels(vx_context context)
{
    vx_enum lib;
    vx_status s = vxAllocateUserKernelLibraryId(context, &lib);
    if (s != VX_SUCCESS)
        return s;
    vx_kernel k = vxAddUserKernel(context, "test.module.run", VX_KERNEL_BASE(VX_ID_USER, lib), run_nothing, 1,
                                  accept_all, NULL, NULL);
    if ((s = vxGetStatus((vx_reference)k)) != VX_SUCCESS)
        return s;
    vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_REFERENCE, VX_PARAMETER_STATE_REQUIRED);
    vxFinalizeKernel(k);
    vxReleaseKernel(&k);
#ifdef PUBLISH_FAILS
    return VX_ERROR_NO_RESOURCES;
#else
    return VX_SUCCESS;
#endif
}
#endif

#ifndef NO_UNPUBLISH
VX_API_ENTRY vx_status VX_API_CALL vxUnpublishKernels(vx_context context)
{
    vx_kernel k = vxGetKernelByName(context, "test.module.run");
    vx_status s = vxGetStatus((vx_reference)k);
    if (s == VX_SUCCESS && (s = vxRemoveKernel(k)) != VX_SUCCESS)
        vxReleaseKernel(&k);                  /* still in use: our reference goes, the kernel stays */
    return s;
}
#endif
