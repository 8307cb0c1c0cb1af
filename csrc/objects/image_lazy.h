#ifndef PVX_IMAGE_LAZY_H
#define PVX_IMAGE_LAZY_H

#include "../base/base.h"
#include "image_desc.h"

/* Images vxCreateImage and vxCreateImageFromHandle make in C (image_lazy.c). Python declares
 * each format it lets C serve, with its size alignment, colour space and largest size in bytes. */
PVX_HIDDEN void pvx_image_serve(vx_df_image fmt, uint32_t align_x, uint32_t align_y, vx_enum space,
                                vx_size max_bytes);
/* A lazy image's own memory, allocated and attached now if missing (map and copy fast paths). */
PVX_HIDDEN void pvx_image_attach_lazy(pvx_ref *ref, pvx_image *img);

#endif
