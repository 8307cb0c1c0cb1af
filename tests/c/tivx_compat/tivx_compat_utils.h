/* Helpers TIOVX kernel libraries carry themselves (TIOVX's public headers do not have them). */
#ifndef TIVX_COMPAT_UTILS_H_
#define TIVX_COMPAT_UTILS_H_

#include <VX/vx.h>

static inline void tivxCheckStatus(vx_status *status, vx_status status_temp)
{
    if (VX_SUCCESS == *status)
    {
        *status = status_temp;
    }
}

#endif
