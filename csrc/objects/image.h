/* Image access in C (image.c): maps, copies and fills that both the fast paths and Python call,
 * on the descriptor of image_desc.h. Plain data only (cffi parses this header). */
#ifndef PVX_IMAGE_H
#define PVX_IMAGE_H

#include "../base/base.h"

#include "image_desc.h"
#include "image_lazy.h"

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

/* Verification's field-by-field writes in one call each (the decisions stay in Python). */
/* A root image borrows `lent`'s storage (its own is freed): its planes are published packed over it. */
PVX_HIDDEN void pvx_image_lend(pvx_image *img, const pvx_memory *lent);
/* Zeroes what of a single-plane root image's storage lies outside its pixels less `left`, `top`,
 * `right` and `bottom` columns and rows: what a writer leaving that frame does not write (its
 * rows' padding included), in storage pvx_memory_alloc_unzeroed gave as it was. */
PVX_HIDDEN void pvx_image_zero_frame(pvx_image *img, uint32_t left, uint32_t top, uint32_t right, uint32_t bottom);
/* out's valid rectangle from n inputs: the intersection of rects[k]->valid, each scaled from
 * sizes[k]'s size to out's (rounded outwards), then shrunk by a border (left, top, right, bottom),
 * kept inside out and never inverted (kernels/registry.py's `valid_rect` decides what goes in). */
PVX_HIDDEN void pvx_image_valid_from(pvx_image *out, pvx_image *const *rects, pvx_image *const *sizes, uint32_t n,
                                     uint32_t left, uint32_t top, uint32_t right, uint32_t bottom);

#endif
