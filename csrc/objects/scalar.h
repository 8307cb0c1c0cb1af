/* Scalar: one value of a scalar type or a struct (standard or registered), resident in mem. */
#ifndef PVX_SCALAR_H
#define PVX_SCALAR_H

#include "../base/base.h"
#include "memory.h"

typedef struct pvx_scalar {
    pvx_memory mem;               /* mem.bytes: the size of the value */
    vx_enum data_type;
} pvx_scalar;

#endif
