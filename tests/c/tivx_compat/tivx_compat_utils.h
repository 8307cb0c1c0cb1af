/* Helpers TIOVX kernel libraries carry themselves (TIOVX's public headers do not have them). */
#ifndef TIVX_COMPAT_UTILS_H_
#define TIVX_COMPAT_UTILS_H_

#include <VX/vx.h>
#include <TI/tivx.h>
#include <TI/tivx_target_kernel.h>

/* "[function:line] message" when `zone` is on for the node of a target kernel instance. */
#define VX_PRINT_KERNEL(zone, kernel, message, ...)                                                  \
    do {                                                                                             \
        tivx_print_object((vx_enum)(zone), tivxGetTargetKernelInstanceDebugZonemask(kernel),         \
                          "[%s:%u] " message, __func__, (unsigned)__LINE__, ##__VA_ARGS__);          \
    } while (0)

static inline void tivxCheckStatus(vx_status *status, vx_status status_temp)
{
    if (VX_SUCCESS == *status)
    {
        *status = status_temp;
    }
}

#endif
