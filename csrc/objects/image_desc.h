/* The image descriptor: what Python fills (formats, planes, memory) and C reads to answer queries,
 * maps and copies without entering Python, and the packed layout of each format (image_desc.c),
 * which both image.c and image_lazy.c build on. Plain data only (cffi parses this header). */
#ifndef PVX_IMAGE_DESC_H
#define PVX_IMAGE_DESC_H

#include "../base/base.h"
#include "memory.h"

#define PVX_IMAGE_MAX_PLANES 4

/* One plane of one image (a view: ROI and channel images point into their root's memory). */
typedef struct pvx_image_plane {
    uint8_t *ptr;                 /* pixel (0,0) of this view; NULL while no memory is attached */
    int32_t stride_y;             /* bytes between rows */
    uint32_t bits;                /* bits per element: 1 for U1, 8 * bytes otherwise */
    uint32_t step_x, step_y;      /* subsampling of the plane relative to the image */
    uint32_t root_plane;          /* the root plane this plane lives in */
    uint32_t root_x, root_y;      /* this view's origin in that root plane, in plane elements */
} pvx_image_plane;

/* mem: the root's storage (all planes, lazily allocated) and map table; a view borrows both, and
 * records its maps as plane + rectangle in root plane elements. */
typedef struct pvx_image {
    pvx_memory mem;
    uint32_t width, height;
    vx_df_image format;
    uint32_t planes;
    vx_enum space;
    vx_enum range;
    vx_enum memory_type;
    vx_bool uniform;              /* read-only: maps and copies for writing are refused */
    vx_size size;                 /* bytes of all planes */
    vx_pixel_value_t uniform_value;
    vx_rectangle_t valid;
    pvx_image_plane plane[PVX_IMAGE_MAX_PLANES];
} pvx_image;

/* The geometry of a packed root image of format `fmt` (every plane at root (plane, 0, 0), packed
 * rows, no memory, valid rectangle whole): -1 and no planes for a format without a layout (VIRT). */
PVX_HIDDEN int pvx_image_describe(pvx_image *img, vx_df_image fmt, uint32_t width, uint32_t height);

#endif
