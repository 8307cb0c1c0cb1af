/* Containers (pyramid, object array, delay): their parts' handles in order, filled by Python once
 * the parts exist, so kernels that walk a container (Swap, Move) reach its parts without Python. */
#ifndef PVX_PARTS_H
#define PVX_PARTS_H

#include "../base/base.h"

typedef struct pvx_parts {
    uint32_t count;
    vx_reference *items;
} pvx_parts;

#endif
