/* vxCreateImage's common case made in C: the handle (arena), the descriptor and its packed layout
 * (pvx_image_describe), memory still lazy; vxCreateImageFromHandle's too, on the application's
 * planes, and vxCreateVirtualImage's of a size and format given (its graph kept: lazy.h). Such an
 * image is lazy (lazy.h) until Python first needs its handle: reference.lookup then takes the
 * descriptor and makes the Image object around this handle and descriptor (image.Image.adopt).
 * While lazy, the query, map, unmap and copy fast paths answer from the descriptor (a map attaches
 * its memory here) and vxReleaseImage frees it in C. Python decides what is served
 * (pvx_image_serve); anything else, refusals included, goes to Python. */
#include "image_lazy.h"
#include "lazy.h"

enum { MAX_SERVED = 32 };
static struct {
    vx_df_image format;
    uint32_t align_x, align_y;
    vx_enum space;
    vx_size max_bytes;
} served[MAX_SERVED];
static uint32_t n_served;

/* Declared once, when objects/image.py is imported (before any context exists). */
void pvx_image_serve(vx_df_image fmt, uint32_t align_x, uint32_t align_y, vx_enum space, vx_size max_bytes)
{
    uint32_t n = __atomic_load_n(&n_served, __ATOMIC_ACQUIRE);
    if (n == MAX_SERVED || align_x == 0 || align_y == 0)
        return;                       /* not served: Python creates them */
    served[n].format = fmt, served[n].align_x = align_x, served[n].align_y = align_y;
    served[n].space = space, served[n].max_bytes = max_bytes;
    __atomic_store_n(&n_served, n + 1, __ATOMIC_RELEASE);
}

/* The policy row of a format and size C may serve, or -1. Widths whose rows could exceed a
 * vx_int32 stride (4 bytes a pixel at most) are left to Python, which checks them exactly. */
static int servable(vx_df_image fmt, uint32_t width, uint32_t height)
{
    uint32_t n = __atomic_load_n(&n_served, __ATOMIC_ACQUIRE);
    if (width == 0 || height == 0 || (uint64_t)width * 4 > INT32_MAX)
        return -1;
    for (uint32_t k = 0; k < n; k++)
        if (served[k].format == fmt)
            return width % served[k].align_x || height % served[k].align_y ? -1 : (int)k;
    return -1;
}

/* A lazy image of a format and size C serves, described as a packed root without memory, not
 * yet reachable; NULL when C does not serve it (or ctx is NULL). */
static pvx_image *describe(pvx_ref *ctx, vx_df_image fmt, uint32_t width, uint32_t height)
{
    int k = ctx ? servable(fmt, width, height) : -1;
    pvx_image *img = k < 0 ? NULL : pvx_lazy_new(sizeof *img);
    if (img == NULL)
        return NULL;
    pvx_memory_init(&img->mem, 0);
    if (pvx_image_describe(img, fmt, width, height) != 0 || img->size > served[k].max_bytes) {
        pvx_lazy_free_made(img);
        return NULL;
    }
    img->space = served[k].space;
    img->range = VX_CHANNEL_RANGE_FULL;
    img->memory_type = VX_MEMORY_TYPE_NONE;
    return img;
}

int pvx_fast_vxCreateImage(vx_context context, vx_uint32 width, vx_uint32 height, vx_df_image color, vx_image *out)
{
    pvx_ref *ctx = pvx_ref_live(context, VX_TYPE_CONTEXT);
    pvx_image *img = describe(ctx, color, width, height);
    return img != NULL && pvx_lazy_publish(img, VX_TYPE_IMAGE, ctx, (vx_reference *)out);
}

/* A virtual image whose size and format are given, as Image.create makes it in its graph's
 * context (open sizes and VX_DF_IMAGE_VIRT go to Python); a graph being released goes there too. */
int pvx_fast_vxCreateVirtualImage(vx_graph graph, vx_uint32 width, vx_uint32 height, vx_df_image color, vx_image *out)
{
    pvx_ref *g = pvx_ref_live(graph, VX_TYPE_GRAPH);
    pvx_image *img = g ? describe(g->context, color, width, height) : NULL;
    return img != NULL && pvx_lazy_publish_in(img, VX_TYPE_IMAGE, g->context, g, (vx_reference *)out);
}

static uint32_t plane_rows(const pvx_image *img, const pvx_image_plane *pl)
{
    return (img->height + pl->step_y - 1) / pl->step_y;
}

/* The application's planes (or none yet: VX_MEMORY_TYPE_NONE), with its strides, as
 * Image.from_handle makes them; every refusal is Python's. */
int pvx_fast_vxCreateImageFromHandle(vx_context context, vx_df_image color, const vx_imagepatch_addressing_t *addrs,
                                     void *const *ptrs, vx_enum memory_type, vx_image *out)
{
    int host = memory_type == VX_MEMORY_TYPE_HOST;
    pvx_ref *ctx = pvx_ref_live(context, VX_TYPE_CONTEXT);
    pvx_image *img = addrs == NULL || (host && ptrs == NULL) || !(host || memory_type == VX_MEMORY_TYPE_NONE)
                   ? NULL : describe(ctx, color, addrs[0].dim_x, addrs[0].dim_y);
    if (img == NULL)
        return 0;
    img->size = 0;
    for (uint32_t p = 0; p < img->planes; p++) {
        pvx_image_plane *pl = &img->plane[p];
        const vx_imagepatch_addressing_t *a = &addrs[p];
        int stride_x_ok = pl->bits == 1 ? a->stride_x == 0 && a->stride_x_bits == 1
                                        : a->stride_x == (vx_int32)(pl->bits / 8);
        if (!stride_x_ok || a->stride_y < pl->stride_y || (host && ptrs[p] == NULL)) {
            pvx_lazy_free_made(img);
            return 0;
        }
        pl->stride_y = a->stride_y;
        pl->ptr = host ? ptrs[p] : NULL;
        img->size += (vx_size)pl->stride_y * plane_rows(img, pl);
    }
    img->mem.borrowed = 1;
    img->memory_type = VX_MEMORY_TYPE_HOST;
    return pvx_lazy_publish(img, VX_TYPE_IMAGE, ctx, (vx_reference *)out);
}

int pvx_fast_vxReleaseImage(vx_image *image, vx_status *out)
{
    return pvx_lazy_release((vx_reference *)image, VX_TYPE_IMAGE, out);
}

/* Planes one after another in one block, as objects/image.py's Image._plane_bases: when Python takes the
 * image over later, it finds the same layout. Two threads may both get here: the block is set
 * once (pvx_memory_alloc) and both write the same pointers. */
void pvx_image_attach_lazy(pvx_ref *ref, pvx_image *img)
{
    if (!(__atomic_load_n(&ref->flags, __ATOMIC_ACQUIRE) & PVX_REF_LAZY))
        return;
    img->mem.bytes = img->size;
    if (pvx_memory_alloc(&img->mem) != 0)
        return;
    uint8_t *at = pvx_memory_base(&img->mem);
    for (uint32_t p = 0; p < img->planes; p++) {
        pvx_image_plane *pl = &img->plane[p];
        pl->ptr = at;
        at += (size_t)pl->stride_y * plane_rows(img, pl);
    }
}
