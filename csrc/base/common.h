/* What every declaration of the core needs: the OpenVX types, fixed-width integers, and
 * PVX_HIDDEN, which keeps the core's symbols out of libopenvx.so's export list. */
#ifndef PVX_COMMON_H
#define PVX_COMMON_H

#include <VX/vx.h>
#include <stddef.h>
#include <stdint.h>

#ifndef PVX_HIDDEN
#define PVX_HIDDEN __attribute__((visibility("hidden")))
#endif

#endif
