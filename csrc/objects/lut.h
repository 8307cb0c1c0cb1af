/* LUT: `count` entries of UINT8 or INT16; entry i answers input value i - offset. */
#ifndef PVX_LUT_H
#define PVX_LUT_H

#include "../base/base.h"
#include "memory.h"

typedef struct pvx_lut {
    pvx_memory mem;
    vx_enum data_type;
    vx_size count;
    vx_uint32 offset;
} pvx_lut;

#endif
