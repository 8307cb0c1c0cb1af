/* Convolution: rows x columns vx_int16 coefficients, row-major, and the power-of-two scale. */
#ifndef PVX_CONVOLUTION_H
#define PVX_CONVOLUTION_H

#include "../base/base.h"
#include "memory.h"

typedef struct pvx_convolution {
    pvx_memory mem;
    vx_size columns;
    vx_size rows;
    vx_uint32 scale;
} pvx_convolution;

#endif
