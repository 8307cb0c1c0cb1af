/* Tensor: dims[0] is the innermost dimension; strides in bytes. A view borrows its root's memory
 * and map table (mem.base already points at the view's first element; origin is that element in
 * the root's coordinates, which its maps are recorded in). */
#ifndef PVX_TENSOR_H
#define PVX_TENSOR_H

#include "../base/base.h"
#include "memory.h"

#define PVX_TENSOR_MAX_DIMS 6

typedef struct pvx_tensor {
    pvx_memory mem;
    vx_enum data_type;
    vx_int8 fixed_point_position;
    vx_size item_size;
    vx_size num_dims;
    vx_size dims[PVX_TENSOR_MAX_DIMS];
    vx_size strides[PVX_TENSOR_MAX_DIMS];
    vx_size origin[PVX_TENSOR_MAX_DIMS];
} pvx_tensor;

#endif
