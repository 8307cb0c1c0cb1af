/* Image descriptor: what Python fills (formats, planes, memory) and C reads to answer queries,
 * maps and copies without entering Python. Plain data only (cffi parses this header). */
#ifndef PVX_IMAGE_H
#define PVX_IMAGE_H


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
/* Shared by the fast paths and Python: validate, then act; a refusal returns its status and a
 * static reason in *why, and changes nothing. */
/* The descriptor of an image kernels read directly, its memory attached now if it has none yet
 * (through the API, as a kernel mapping it would); NULL when there is none to attach. */
PVX_HIDDEN pvx_image *pvx_image_with_memory(vx_reference ref);
/* The addressing of a patch `rect` (image coordinates) of a plane. */
PVX_HIDDEN void pvx_plane_addressing(const pvx_image_plane *pl, const vx_rectangle_t *rect,
                                     vx_imagepatch_addressing_t *addr);
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

/* Images vxCreateImage and vxCreateImageFromHandle make in C (csrc/image_lazy.c). Python declares
 * each format it lets C serve, with its size alignment, colour space and largest size in bytes. */
PVX_HIDDEN void pvx_image_serve(vx_df_image fmt, uint32_t align_x, uint32_t align_y, vx_enum space,
                                vx_size max_bytes);
/* The descriptor of an image made in C that Python now takes over (NULL if the handle is not one):
 * it is no longer lazy, and Python frees the descriptor with pvx_image_free_made. */
PVX_HIDDEN pvx_image *pvx_image_take(const void *handle);
PVX_HIDDEN void pvx_image_free_made(pvx_image *desc);
/* Frees every image of `context` still lazy (the context is being released). */
PVX_HIDDEN void pvx_image_release_lazy(pvx_ref *context);
/* A lazy image's own memory, allocated and attached now if missing (map and copy fast paths). */
PVX_HIDDEN void pvx_image_attach_lazy(pvx_ref *ref, pvx_image *img);

#endif
