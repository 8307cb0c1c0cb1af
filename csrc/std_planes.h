/* Shared by the standard kernels' C files: image planes, scalars and pixel values read straight
 * from their descriptors. */
#ifndef PVX_STD_PLANES_H
#define PVX_STD_PLANES_H
#include "pvx.h"

typedef struct plane {
    uint8_t *ptr;
    int32_t stride;
    vx_df_image format;
    uint32_t width, height;       /* of the plane (subsampled planes are smaller) */
    uint32_t pixel_bytes;
} plane;

/* A plane of an image parameter; memory attached now if it has none yet (through the API, as a
 * kernel mapping it would: only the first run of a new image). */
static inline vx_status plane_at(vx_reference ref, uint32_t index, plane *pl)
{
    pvx_image *img = ((pvx_ref *)ref)->desc;
    if (img->plane[0].ptr == NULL) {
        vx_rectangle_t one = {0, 0, 1, 1};
        vx_map_id id;
        vx_imagepatch_addressing_t a;
        void *p = NULL;
        if (vxMapImagePatch((vx_image)ref, &one, 0, &id, &a, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0) == VX_SUCCESS)
            vxUnmapImagePatch((vx_image)ref, id);
        if (img->plane[0].ptr == NULL)
            return VX_ERROR_NOT_ALLOCATED;
    }
    const pvx_image_plane *ip = &img->plane[index];
    pl->ptr = ip->ptr;
    pl->stride = ip->stride_y;
    pl->format = img->format;
    pl->width = (img->width + ip->step_x - 1) / ip->step_x;
    pl->height = (img->height + ip->step_y - 1) / ip->step_y;
    pl->pixel_bytes = ip->bits / 8;
    return VX_SUCCESS;
}

static inline vx_status plane_of(vx_reference ref, plane *pl)
{
    return plane_at(ref, 0, pl);
}

static inline const void *scalar_value(vx_reference ref)
{
    return pvx_memory_storage(&((pvx_scalar *)((pvx_ref *)ref)->desc)->mem);
}

static inline vx_enum scalar_enum(vx_reference ref)
{
    return *(const vx_enum *)scalar_value(ref);
}

static inline void *row_of(const plane *p, uint32_t y)
{
    return p->ptr + (ptrdiff_t)y * p->stride;
}

static inline int32_t clamp(int32_t v, int32_t lo, int32_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

static inline int32_t pixel_value(const vx_pixel_value_t *v, vx_df_image format)
{
    return format == VX_DF_IMAGE_U8 ? v->U8 : v->S16;
}

#endif
