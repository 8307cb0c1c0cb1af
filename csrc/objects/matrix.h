/* Matrix: rows x columns items, row-major, of data_type (INT32, FLOAT32 or UINT8). */
#ifndef PVX_MATRIX_H
#define PVX_MATRIX_H

#include "../base/base.h"
#include "memory.h"

typedef struct pvx_matrix {
    pvx_memory mem;
    vx_enum data_type;
    vx_size columns;
    vx_size rows;
    vx_coordinates2d_t origin;
    vx_enum pattern;
} pvx_matrix;

#endif
