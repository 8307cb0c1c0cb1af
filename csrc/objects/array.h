/* Array: `capacity` items of `item_size` bytes, the first `num_items` valid. The memory holds the
 * whole capacity, so adding items never moves it. */
#ifndef PVX_ARRAY_H
#define PVX_ARRAY_H

#include "../base/base.h"
#include "memory.h"

typedef struct pvx_array {
    pvx_memory mem;
    vx_enum item_type;
    vx_size item_size;
    vx_size capacity;
    vx_size num_items;
} pvx_array;

/* Appends `count` items (room reserved atomically, so adds from several threads never overlap):
 * 1 added, 0 they do not fit. The memory must be allocated. */
PVX_HIDDEN int pvx_array_add(pvx_array *a, vx_size count, const void *ptr, vx_size stride);

#endif
