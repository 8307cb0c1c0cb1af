/* Distribution: `bins` vx_int32 counters over [offset, offset + range). */
#ifndef PVX_DISTRIBUTION_H
#define PVX_DISTRIBUTION_H

#include "../base/base.h"
#include "memory.h"

typedef struct pvx_distribution {
    pvx_memory mem;
    vx_size bins;
    vx_int32 offset;
    vx_uint32 range;
    vx_uint32 window;
} pvx_distribution;

#endif
