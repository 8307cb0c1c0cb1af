/* Image access in C: maps, copies, fills and the fast paths of vxQueryImage, vxMapImagePatch,
 * vxUnmapImagePatch and vxCopyImagePatch. Python decides what an image is (formats, memory,
 * lifetimes) and fills the descriptor; this file only reads it. Maps are kept in the table of
 * the root's pvx_memory (memory.c). */
#include "image.h"

#include <stdlib.h>
#include <string.h>

static int writes(vx_enum usage)
{
    return usage == VX_WRITE_ONLY || usage == VX_READ_AND_WRITE;
}

/* A patch of one plane in plane elements, in the view's and in the root's coordinates. */
typedef struct patch {
    const pvx_image_plane *pl;
    uint32_t x0, y0, cols, rows;
} patch;

/* v / step, without a division for the usual step 1 (maps are counted in nanoseconds) */
static uint32_t subsample(uint32_t v, uint32_t step)
{
    return step == 1 ? v : v / step;
}

static vx_status to_patch(const pvx_image *img, const vx_rectangle_t *rect, vx_uint32 p, patch *out,
                          const char **why)
{
    if (p >= img->planes) {
        *why = "plane index out of range";
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (rect == NULL) {
        *why = "rectangle is NULL";
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (rect->start_x >= rect->end_x || rect->start_y >= rect->end_y || rect->end_x > img->width ||
        rect->end_y > img->height) {
        *why = "rectangle is empty or outside the image";
        return VX_ERROR_INVALID_PARAMETERS;
    }
    const pvx_image_plane *pl = &img->plane[p];
    if (pl->bits == 1 && rect->start_x % 8 != 0) {
        *why = "U1 patches start at a multiple of 8 pixels";
        return VX_ERROR_INVALID_PARAMETERS;
    }
    out->pl = pl;
    out->x0 = subsample(rect->start_x, pl->step_x);
    out->y0 = subsample(rect->start_y, pl->step_y);
    out->cols = subsample(rect->end_x + pl->step_x - 1, pl->step_x) - out->x0;
    out->rows = subsample(rect->end_y + pl->step_y - 1, pl->step_y) - out->y0;
    return VX_SUCCESS;
}

static uint8_t *patch_ptr(const patch *pt)
{
    return pt->pl->ptr + (size_t)pt->y0 * (size_t)pt->pl->stride_y + (size_t)pt->x0 * pt->pl->bits / 8;
}

static size_t row_bytes(const patch *pt)
{
    return ((size_t)pt->cols * pt->pl->bits + 7) / 8;
}

/* The patch as a region of the root: plane, x and y in root plane elements. */
static void to_region(const patch *pt, pvx_region *r)
{
    r->plane = pt->pl->root_plane;
    r->dims = 2;
    r->lo[0] = pt->x0 + pt->pl->root_x;
    r->lo[1] = pt->y0 + pt->pl->root_y;
    r->hi[0] = r->lo[0] + pt->cols;
    r->hi[1] = r->lo[1] + pt->rows;
}

static vx_status conflict(const char **why)
{
    *why = "the patch overlaps an outstanding map and both write";
    return VX_ERROR_NO_RESOURCES;
}

/* A copy into or out of the patch (or a fill) needs memory and no write map overlapping a write. */
static vx_status check_copy(pvx_image *img, const patch *pt, vx_enum usage, const char **why)
{
    if (pt->pl->ptr == NULL) {
        *why = "the image has no memory";
        return VX_ERROR_NO_MEMORY;
    }
    pvx_region r;
    to_region(pt, &r);
    if (!pvx_copy_allowed(&img->mem, &r, usage))
        return conflict(why);
    return VX_SUCCESS;
}

static vx_status check_access(const pvx_image *img, vx_enum usage, vx_enum mem_type, int copy, const char **why)
{
    if (!(usage == VX_READ_ONLY || usage == VX_WRITE_ONLY || (!copy && usage == VX_READ_AND_WRITE))) {
        *why = copy ? "usage must be VX_READ_ONLY or VX_WRITE_ONLY" : "usage is not a vx_accessor_e";
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (copy ? mem_type != VX_MEMORY_TYPE_HOST : !pvx_map_memory_type_ok(mem_type)) {
        *why = copy ? "memory type must be VX_MEMORY_TYPE_HOST" : "memory type must be VX_MEMORY_TYPE_HOST or NONE";
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (img->uniform && writes(usage)) {
        *why = "a uniform image is read-only";
        return VX_ERROR_NOT_SUPPORTED;
    }
    return VX_SUCCESS;
}

/* Elements are always packed in x (stride_x is the element size), so VX_NOGAP_X holds. */
void pvx_plane_addressing(const pvx_image_plane *pl, const vx_rectangle_t *rect, vx_imagepatch_addressing_t *addr)
{
    addr->dim_x = rect->end_x - rect->start_x;
    addr->dim_y = rect->end_y - rect->start_y;
    addr->stride_x = (vx_int32)(pl->bits / 8);
    addr->stride_y = pl->stride_y;
    addr->step_x = pl->step_x;
    addr->step_y = (vx_uint16)pl->step_y;
    addr->scale_x = subsample(VX_SCALE_UNITY, pl->step_x);
    addr->scale_y = subsample(VX_SCALE_UNITY, pl->step_y);
    addr->stride_x_bits = (vx_uint16)pl->bits;
}

vx_status pvx_image_map(pvx_image *img, const vx_rectangle_t *rect, vx_uint32 plane_index, vx_map_id *map_id,
                        vx_imagepatch_addressing_t *addr, void **ptr, vx_enum usage, vx_enum mem_type,
                        vx_uint32 flags, const char **why)
{
    patch pt;
    vx_status s;
    if (map_id == NULL || addr == NULL || ptr == NULL) {
        *why = "map_id, addr or ptr is NULL";
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (flags & ~(vx_uint32)VX_NOGAP_X) {
        *why = "unknown map flags";
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if ((s = check_access(img, usage, mem_type, 0, why)) != VX_SUCCESS ||
        (s = to_patch(img, rect, plane_index, &pt, why)) != VX_SUCCESS)
        return s;
    if (pt.pl->ptr == NULL) {
        *why = "the image has no memory";
        return VX_ERROR_NO_MEMORY;
    }
    vx_map_id id;
    pvx_region r;
    to_region(&pt, &r);
    s = pvx_map_open(&img->mem, &r, usage, &id);
    if (s == VX_ERROR_NO_RESOURCES)
        return conflict(why);
    if (s != VX_SUCCESS) {
        *why = "no memory for the map table";
        return s;
    }
    pvx_plane_addressing(pt.pl, rect, addr);
    *ptr = patch_ptr(&pt);
    *map_id = id;
    return VX_SUCCESS;
}

vx_status pvx_image_unmap(pvx_image *img, vx_map_id map_id, const char **why)
{
    if (pvx_map_close(&img->mem, map_id))
        return VX_SUCCESS;
    *why = "unknown map id (none open on this image)";
    return VX_ERROR_INVALID_PARAMETERS;
}

/* Copies rows between the patch and user memory of stride (sx, sy); U1 rows keep the image's
 * bits past the patch's last pixel. */
static void copy_rows(const patch *pt, uint8_t *user, int32_t sx, int32_t sy, int to_image)
{
    uint8_t *img = patch_ptr(pt);
    size_t esize = pt->pl->bits / 8, n = row_bytes(pt);
    uint32_t tail = pt->pl->bits == 1 ? pt->cols % 8 : 0;
    for (uint32_t y = 0; y < pt->rows; y++) {
        uint8_t *irow = img + (size_t)y * pt->pl->stride_y, *urow = user + (size_t)y * sy;
        if (esize == 0 || (size_t)sx == esize) {
            if (!to_image) {
                memcpy(urow, irow, n);
            } else if (tail) {
                memcpy(irow, urow, n - 1);
                uint8_t mask = (uint8_t)((1u << tail) - 1);
                irow[n - 1] = (uint8_t)((irow[n - 1] & ~mask) | (urow[n - 1] & mask));
            } else {
                memcpy(irow, urow, n);
            }
        } else {
            for (uint32_t x = 0; x < pt->cols; x++) {
                if (to_image)
                    memcpy(irow + x * esize, urow + (size_t)x * sx, esize);
                else
                    memcpy(urow + (size_t)x * sx, irow + x * esize, esize);
            }
        }
    }
}

vx_status pvx_image_copy(pvx_image *img, const vx_rectangle_t *rect, vx_uint32 plane_index,
                         const vx_imagepatch_addressing_t *user_addr, void *user_ptr, vx_enum usage,
                         vx_enum mem_type, const char **why)
{
    patch pt;
    vx_status s;
    if (user_addr == NULL || user_ptr == NULL) {
        *why = "user_addr or user_ptr is NULL";
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if ((s = check_access(img, usage, mem_type, 1, why)) != VX_SUCCESS ||
        (s = to_patch(img, rect, plane_index, &pt, why)) != VX_SUCCESS)
        return s;
    uint32_t bits = pt.pl->bits;
    int stride_x_ok = bits == 1 ? user_addr->stride_x == 0 && user_addr->stride_x_bits == 1
                                : user_addr->stride_x >= (int32_t)(bits / 8);
    if (!stride_x_ok) {
        *why = bits == 1 ? "U1 user memory needs stride_x 0 and stride_x_bits 1"
                         : "user stride_x is smaller than the pixel size";
        return VX_ERROR_INVALID_PARAMETERS;
    }
    size_t min_row = bits == 1 ? row_bytes(&pt) : (size_t)user_addr->stride_x * pt.cols;
    if (user_addr->stride_y <= 0 || (size_t)user_addr->stride_y < min_row) {
        *why = "user stride_y does not hold a row of the patch";
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if ((s = check_copy(img, &pt, usage, why)) != VX_SUCCESS)
        return s;
    copy_rows(&pt, user_ptr, user_addr->stride_x, user_addr->stride_y, usage == VX_WRITE_ONLY);
    return VX_SUCCESS;
}

vx_status pvx_image_fill(pvx_image *img, vx_uint32 plane_index, const uint8_t *pattern, uint32_t pattern_bytes,
                         const char **why)
{
    vx_rectangle_t all = {0, 0, img->width, img->height};
    patch pt;
    vx_status s;
    if ((s = to_patch(img, &all, plane_index, &pt, why)) != VX_SUCCESS)
        return s;
    if ((s = check_copy(img, &pt, VX_WRITE_ONLY, why)) != VX_SUCCESS)
        return s;
    size_t n = row_bytes(&pt);
    uint8_t *row = malloc(n);
    if (row == NULL) {
        *why = "no memory for a row";
        return VX_ERROR_NO_MEMORY;
    }
    for (size_t i = 0; i < n; i++)
        row[i] = pattern[i % pattern_bytes];
    copy_rows(&pt, row, (int32_t)(pt.pl->bits / 8), 0, 1);
    free(row);
    return VX_SUCCESS;
}

vx_size pvx_image_patch_size(const pvx_image *img, const vx_rectangle_t *rect, vx_uint32 plane_index)
{
    patch pt;
    const char *why;
    if (to_patch(img, rect, plane_index, &pt, &why) != VX_SUCCESS)
        return 0;
    return row_bytes(&pt) * pt.rows;
}

/* Pixel addressing of a mapped patch (pure functions of the addressing structure). */
void *pvx_c_vxFormatImagePatchAddress2d(void *ptr, vx_uint32 x, vx_uint32 y, const vx_imagepatch_addressing_t *addr)
{
    if (ptr == NULL || addr == NULL || x >= addr->dim_x || y >= addr->dim_y)
        return NULL;
    size_t sx = (size_t)addr->scale_x * x / VX_SCALE_UNITY, sy = (size_t)addr->scale_y * y / VX_SCALE_UNITY;
    size_t xoff = addr->stride_x == 0 ? sx * addr->stride_x_bits / 8 : sx * (size_t)addr->stride_x;
    return (uint8_t *)ptr + sy * (size_t)addr->stride_y + xoff;
}

void *pvx_c_vxFormatImagePatchAddress1d(void *ptr, vx_uint32 index, const vx_imagepatch_addressing_t *addr)
{
    if (ptr == NULL || addr == NULL || addr->dim_x == 0)
        return NULL;
    return pvx_c_vxFormatImagePatchAddress2d(ptr, index % addr->dim_x, index / addr->dim_x, addr);
}

/* ---- fast paths: valid requests on resident, accessible images; the rest goes to Python ---- */

static pvx_image *resident(vx_image image)
{
    pvx_image *img = (pvx_image *)pvx_memory_of(image, VX_TYPE_IMAGE);
    if (img != NULL && img->plane[0].ptr == NULL)
        pvx_image_attach_lazy((pvx_ref *)image, img);     /* made in C: its memory comes from C too */
    return img;
}

int pvx_fast_vxQueryImage(vx_image image, vx_enum attribute, void *ptr, vx_size size, vx_status *out)
{
    pvx_ref *ref = pvx_ref_live(image, VX_TYPE_IMAGE);
    const pvx_image *img = ref ? ref->desc : NULL;
    if (img == NULL || ptr == NULL)
        return 0;
#define ANSWER(type, value)                    \
    if (size != sizeof(type))                  \
        return 0;                              \
    *(type *)ptr = (value);                    \
    break
    switch (attribute) {
    case VX_IMAGE_WIDTH: ANSWER(vx_uint32, img->width);
    case VX_IMAGE_HEIGHT: ANSWER(vx_uint32, img->height);
    case VX_IMAGE_FORMAT: ANSWER(vx_df_image, img->format);
    case VX_IMAGE_PLANES: ANSWER(vx_size, img->planes);
    case VX_IMAGE_SPACE: ANSWER(vx_enum, img->space);
    case VX_IMAGE_RANGE: ANSWER(vx_enum, img->range);
    case VX_IMAGE_SIZE: ANSWER(vx_size, img->size);
    case VX_IMAGE_MEMORY_TYPE: ANSWER(vx_enum, img->memory_type);
    case VX_IMAGE_IS_UNIFORM: ANSWER(vx_bool, img->uniform);
    default:
        return 0;
    }
#undef ANSWER
    *out = VX_SUCCESS;
    return 1;
}

int pvx_fast_vxMapImagePatch(vx_image image, const vx_rectangle_t *rect, vx_uint32 plane_index, vx_map_id *map_id,
                             vx_imagepatch_addressing_t *addr, void **ptr, vx_enum usage, vx_enum mem_type,
                             vx_uint32 flags, vx_status *out)
{
    pvx_image *img = resident(image);
    const char *why;
    if (img == NULL || pvx_image_map(img, rect, plane_index, map_id, addr, ptr, usage, mem_type, flags, &why))
        return 0;
    *out = VX_SUCCESS;
    return 1;
}

int pvx_fast_vxUnmapImagePatch(vx_image image, vx_map_id map_id, vx_status *out)
{
    pvx_image *img = resident(image);
    const char *why;
    if (img == NULL || pvx_image_unmap(img, map_id, &why))
        return 0;
    *out = VX_SUCCESS;
    return 1;
}

int pvx_fast_vxCopyImagePatch(vx_image image, const vx_rectangle_t *image_rect, vx_uint32 image_plane_index,
                              const vx_imagepatch_addressing_t *user_addr, void *user_ptr, vx_enum usage,
                              vx_enum user_mem_type, vx_status *out)
{
    pvx_image *img = resident(image);
    const char *why;
    if (img == NULL || pvx_image_copy(img, image_rect, image_plane_index, user_addr, user_ptr, usage,
                                      user_mem_type, &why))
        return 0;
    *out = VX_SUCCESS;
    return 1;
}

pvx_image *pvx_image_with_memory(vx_reference ref)
{
    pvx_image *img = ((pvx_ref *)ref)->desc;
    if (img->plane[0].ptr == NULL) {
        vx_rectangle_t one = {0, 0, 1, 1};
        vx_map_id id;
        vx_imagepatch_addressing_t a;
        void *p = NULL;
        if (vxMapImagePatch((vx_image)ref, &one, 0, &id, &a, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0) == VX_SUCCESS)
            vxUnmapImagePatch((vx_image)ref, id);
    }
    return img->plane[0].ptr != NULL ? img : NULL;
}

void pvx_image_lend(pvx_image *img, const pvx_memory *lent)
{
    pvx_memory_free(&img->mem);
    img->mem.base = lent->base, img->mem.bytes = lent->bytes, img->mem.borrowed = 1;
    uint8_t *at = lent->base;
    for (uint32_t p = 0; p < img->planes; p++) {   /* plane after plane (pvx_image_describe) */
        pvx_image_plane *pl = &img->plane[p];
        pl->ptr = at;
        at += (vx_size)pl->stride_y * ((img->height + pl->step_y - 1) / pl->step_y);
    }
}

void pvx_image_valid_from(pvx_image *out, pvx_image *const *rects, pvx_image *const *sizes, uint32_t n,
                          uint32_t left, uint32_t top, uint32_t right, uint32_t bottom)
{
    int64_t w = out->width, h = out->height, start_x = 0, start_y = 0, end_x = w, end_y = h;
    for (uint32_t k = 0; k < n; k++) {
        const vx_rectangle_t *r = &rects[k]->valid;
        int64_t iw = sizes[k]->width, ih = sizes[k]->height;
        int64_t x0 = r->start_x, y0 = r->start_y, x1 = r->end_x, y1 = r->end_y;
        if ((iw != w || ih != h) && iw && ih)      /* scaled: rounded outwards */
            x0 = x0 * w / iw, y0 = y0 * h / ih, x1 = (x1 * w + iw - 1) / iw, y1 = (y1 * h + ih - 1) / ih;
        start_x = x0 > start_x ? x0 : start_x, start_y = y0 > start_y ? y0 : start_y;
        end_x = x1 < end_x ? x1 : end_x, end_y = y1 < end_y ? y1 : end_y;
    }
    start_x = start_x + left < w ? start_x + left : w, start_y = start_y + top < h ? start_y + top : h;
    end_x -= right, end_y -= bottom;
    out->valid = (vx_rectangle_t){(vx_uint32)start_x, (vx_uint32)start_y, (vx_uint32)(end_x > start_x ? end_x : start_x),
                                  (vx_uint32)(end_y > start_y ? end_y : start_y)};
}

void pvx_image_zero_frame(pvx_image *img, uint32_t left, uint32_t top, uint32_t right, uint32_t bottom)
{
    uint8_t *base = pvx_memory_base(&img->mem);
    const pvx_image_plane *pl = &img->plane[0];
    size_t stride = (size_t)pl->stride_y, bytes = pl->bits / 8;
    if (base == NULL)
        return;
    if (top + bottom >= img->height || left + right >= img->width) {
        memset(base, 0, img->mem.bytes);
        return;
    }
    size_t first = (size_t)left * bytes, last = (size_t)(img->width - right) * bytes;
    memset(base, 0, top * stride + first);                     /* rows above, then each row's sides */
    for (uint32_t y = top; y + 1 < img->height - bottom; y++)
        memset(base + y * stride + last, 0, stride - last + first);
    uint8_t *end = base + (img->height - bottom - 1) * stride + last;
    memset(end, 0, img->mem.bytes - (size_t)(end - base));   /* the last row's right side, rows below */
}
