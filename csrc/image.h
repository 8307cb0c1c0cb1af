/* Image descriptor: what Python fills (formats, planes, memory) and C reads to answer queries,
 * maps and copies without entering Python. Plain data only (cffi parses this header). */
#ifndef PVX_IMAGE_H
#define PVX_IMAGE_H

#include <VX/vx.h>
#include <stdint.h>

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

/* One outstanding map, in root plane coordinates so views of one memory see each other. */
typedef struct pvx_map_entry {
    vx_map_id id;
    const void *view;             /* the pvx_image that mapped it: unmap must name the same image */
    vx_enum usage;
    uint32_t root_plane;
    uint32_t x0, y0, x1, y1;      /* [x0, x1) x [y0, y1) in root plane elements */
} pvx_map_entry;

/* The map table of one memory, shared by the root image and all its views. Every access holds
 * `lock` (a spin lock: sections are a few dozen instructions). */
typedef struct pvx_image_maps {
    int32_t lock;
    uint32_t count;
    uint32_t capacity;
    pvx_map_entry *items;         /* malloc'd by C, grown on demand */
} pvx_image_maps;

typedef struct pvx_image {
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
    pvx_image_maps *maps;
} pvx_image;

/* Shared by the fast paths and Python: validate, then act; a refusal returns its status and a
 * static reason in *why, and changes nothing. */
PVX_HIDDEN vx_status pvx_image_map(pvx_image *img, const vx_rectangle_t *rect, vx_uint32 plane_index,
                                   vx_map_id *map_id, vx_imagepatch_addressing_t *addr, void **ptr,
                                   vx_enum usage, vx_enum mem_type, vx_uint32 flags, const char **why);
PVX_HIDDEN vx_status pvx_image_unmap(pvx_image *img, vx_map_id map_id, const char **why);
PVX_HIDDEN vx_status pvx_image_copy(pvx_image *img, const vx_rectangle_t *rect, vx_uint32 plane_index,
                                    const vx_imagepatch_addressing_t *user_addr, void *user_ptr,
                                    vx_enum usage, vx_enum mem_type, const char **why);
/* Fills every element of a plane with a repeating byte pattern (U1: pattern 0x00 or 0xff). */
PVX_HIDDEN vx_status pvx_image_fill(pvx_image *img, vx_uint32 plane_index, const uint8_t *pattern,
                                    uint32_t pattern_bytes, const char **why);
/* Bytes of the patch `rect` of a plane in packed layout (0 for a bad rectangle). */
PVX_HIDDEN vx_size pvx_image_patch_size(const pvx_image *img, const vx_rectangle_t *rect, vx_uint32 plane_index);
PVX_HIDDEN uint32_t pvx_image_mapped(pvx_image *img);    /* outstanding maps on the shared memory */
PVX_HIDDEN void pvx_image_maps_free(pvx_image_maps *maps);

#endif
