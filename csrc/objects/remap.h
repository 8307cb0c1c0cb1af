/* Remap: for each destination pixel, its source point (vx_coordinates2df_t), row-major. */
#ifndef PVX_REMAP_H
#define PVX_REMAP_H

#include "../base/base.h"
#include "memory.h"

typedef struct pvx_remap {
    pvx_memory mem;
    vx_uint32 src_width;
    vx_uint32 src_height;
    vx_uint32 dst_width;
    vx_uint32 dst_height;
} pvx_remap;

#endif
