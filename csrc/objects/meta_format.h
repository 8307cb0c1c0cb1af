/* vx_meta_format as C stores it: what an output validator said, attribute by attribute, so that
 * vxSetMetaFormatAttribute is answered without Python (validators call it for every output).
 * Python (graph/meta_format.py) reads the items when verification applies them. */
#ifndef PVX_META_FORMAT_H
#define PVX_META_FORMAT_H

#include "../base/base.h"

#define PVX_META_MAX_ITEMS 8
#define PVX_META_VALUE_BYTES 64        /* the largest meta attribute: a user data object name */

typedef struct pvx_meta_item {
    vx_enum attribute;
    vx_size size;
    unsigned char value[PVX_META_VALUE_BYTES];
} pvx_meta_item;

typedef struct pvx_meta_format {
    vx_enum object_type;               /* VX_TYPE_REFERENCE until known */
    uint32_t count;
    pvx_meta_item items[PVX_META_MAX_ITEMS];
    vx_kernel_image_valid_rectangle_f valid_rect_callback;
} pvx_meta_format;

/* The fixed-size meta attributes and their sizes; Python gives it once from its own table. */
typedef struct pvx_meta_attribute {
    vx_enum attribute;
    vx_size size;
} pvx_meta_attribute;

PVX_HIDDEN void pvx_meta_set_table(const pvx_meta_attribute *table, uint32_t count);

#endif
