/* vxCreateImage's common case made in C: the handle (arena), the descriptor and its packed layout
 * (pvx_image_describe), memory still lazy; vxCreateImageFromHandle's too, on the application's
 * planes. Two crossings into Python and the construction of an
 * Image object cost ~10 us, malloc+free ~0.2 us; most images a C program makes are never named,
 * retained or put anywhere Python must know them before their release.
 *
 * Such an image is "lazy" (PVX_REF_LAZY) until Python first needs its handle: reference.lookup
 * then takes the descriptor (pvx_image_take) and makes the Image object around this handle and
 * descriptor (image.Image.adopt), and from then on it is like any other image. While lazy, its
 * context counts it in its header (c_images, part of VX_CONTEXT_REFERENCES), the query, map,
 * unmap and copy fast paths answer from the descriptor (a map attaches its memory here),
 * vxReleaseImage frees it here, and a context release frees those left. Python decides what is
 * served (pvx_image_serve); anything else, refusals included, goes to Python. One mutex guards
 * the list of lazy images, so a release in C and a take by Python never both get one image. */
#include "image_lazy.h"

#include <pthread.h>
#include <stdlib.h>

typedef struct lazy_image {
    pvx_image img;                    /* first: the block is the descriptor Python adopts */
    pvx_ref *ref;
    struct lazy_image *prev, *next;   /* every lazy image, for the release of their context */
} lazy_image;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static lazy_image *lazy_images;

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
 * yet reachable; NULL when C does not serve it. */
static lazy_image *describe(vx_context context, vx_df_image fmt, uint32_t width, uint32_t height, pvx_ref **ctx)
{
    *ctx = pvx_ref_live(context, VX_TYPE_CONTEXT);
    int k = *ctx ? servable(fmt, width, height) : -1;
    lazy_image *l = k < 0 ? NULL : calloc(1, sizeof *l);
    if (l == NULL)
        return NULL;
    pvx_image *img = &l->img;
    pvx_memory_init(&img->mem, 0);
    if (pvx_image_describe(img, fmt, width, height) != 0 || img->size > served[k].max_bytes) {
        free(l);
        return NULL;
    }
    img->space = served[k].space;
    img->range = VX_CHANNEL_RANGE_FULL;
    img->memory_type = VX_MEMORY_TYPE_NONE;
    return l;
}

/* Gives a described image its handle, counted by its context, and makes it reachable: 1, or 0
 * (nothing made) when the arena is full. */
static int publish(lazy_image *l, pvx_ref *ctx, vx_image *out)
{
    pvx_ref *ref = l->ref = pvx_ref_alloc(VX_TYPE_IMAGE);
    if (ref == NULL) {
        free(l);
        return 0;
    }
    ref->context = ctx;
    ref->external_count = 1;
    ref->flags = PVX_REF_LAZY;
    pthread_mutex_lock(&lock);
    l->next = lazy_images;
    if (lazy_images)
        lazy_images->prev = l;
    lazy_images = l;
    __atomic_add_fetch(&ctx->c_images, 1, __ATOMIC_RELAXED);
    pthread_mutex_unlock(&lock);
    __atomic_store_n(&ref->desc, &l->img, __ATOMIC_RELEASE);     /* complete before reachable */
    *out = (vx_image)ref;
    return 1;
}

int pvx_fast_vxCreateImage(vx_context context, vx_uint32 width, vx_uint32 height, vx_df_image color, vx_image *out)
{
    pvx_ref *ctx;
    lazy_image *l = describe(context, color, width, height, &ctx);
    return l != NULL && publish(l, ctx, out);
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
    pvx_ref *ctx;
    lazy_image *l = addrs == NULL || (host && ptrs == NULL) || !(host || memory_type == VX_MEMORY_TYPE_NONE)
                  ? NULL : describe(context, color, addrs[0].dim_x, addrs[0].dim_y, &ctx);
    if (l == NULL)
        return 0;
    pvx_image *img = &l->img;
    img->size = 0;
    for (uint32_t p = 0; p < img->planes; p++) {
        pvx_image_plane *pl = &img->plane[p];
        const vx_imagepatch_addressing_t *a = &addrs[p];
        int stride_x_ok = pl->bits == 1 ? a->stride_x == 0 && a->stride_x_bits == 1
                                        : a->stride_x == (vx_int32)(pl->bits / 8);
        if (!stride_x_ok || a->stride_y < pl->stride_y || (host && ptrs[p] == NULL)) {
            free(l);
            return 0;
        }
        pl->stride_y = a->stride_y;
        pl->ptr = host ? ptrs[p] : NULL;
        img->size += (vx_size)pl->stride_y * plane_rows(img, pl);
    }
    img->mem.borrowed = 1;
    img->memory_type = VX_MEMORY_TYPE_HOST;
    return publish(l, ctx, out);
}

/* Takes a lazy image out of the list (caller holds the lock): it is no longer lazy. */
static void unlink_locked(lazy_image *l)
{
    if (l->prev)
        l->prev->next = l->next;
    else
        lazy_images = l->next;
    if (l->next)
        l->next->prev = l->prev;
    __atomic_and_fetch(&l->ref->flags, ~PVX_REF_LAZY, __ATOMIC_RELEASE);
    __atomic_sub_fetch(&l->ref->context->c_images, 1, __ATOMIC_RELAXED);
}

/* The lazy image of a handle, taken out of the list; NULL if the handle is not a lazy image. */
static lazy_image *take(const void *handle)
{
    pvx_ref *ref = pvx_ref_live(handle, VX_TYPE_IMAGE);
    if (ref == NULL || !(__atomic_load_n(&ref->flags, __ATOMIC_ACQUIRE) & PVX_REF_LAZY))
        return NULL;
    lazy_image *l = NULL;
    pthread_mutex_lock(&lock);
    if (__atomic_load_n(&ref->flags, __ATOMIC_ACQUIRE) & PVX_REF_LAZY) {
        l = (lazy_image *)ref->desc;
        unlink_locked(l);
    }
    pthread_mutex_unlock(&lock);
    return l;
}

static void destroy(lazy_image *l)
{
    pvx_ref_free(l->ref);
    pvx_memory_free(&l->img.mem);
    free(l);
}

pvx_image *pvx_image_take(const void *handle)
{
    lazy_image *l = take(handle);
    return l ? &l->img : NULL;
}

void pvx_image_free_made(pvx_image *desc)
{
    free(desc);
}

/* A lazy image holds no other count and nothing holds it: its application's release ends it. */
int pvx_fast_vxReleaseImage(vx_image *image, vx_status *out)
{
    lazy_image *l = image ? take(*image) : NULL;
    if (l == NULL)
        return 0;
    destroy(l);
    *image = NULL;
    *out = VX_SUCCESS;
    return 1;
}

int pvx_fast_vxReleaseReference(vx_reference *ref, vx_status *out)
{
    return pvx_fast_vxReleaseImage((vx_image *)ref, out);
}

void pvx_image_release_lazy(pvx_ref *context)
{
    lazy_image *mine = NULL;
    pthread_mutex_lock(&lock);
    for (lazy_image *l = lazy_images, *next; l; l = next) {
        next = l->next;
        if (l->ref->context == context) {
            unlink_locked(l);
            l->next = mine;
            mine = l;
        }
    }
    pthread_mutex_unlock(&lock);
    for (lazy_image *next; mine; mine = next) {
        next = mine->next;
        destroy(mine);
    }
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
