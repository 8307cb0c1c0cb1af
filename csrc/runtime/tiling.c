/* The tile engine (seed 001): runs a node's tile plan over a small thread pool. Python decided the
 * plan (which tiles, which function, which are bordered); this file only carries it out. */
#include "tiling.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- one run of a plan ------------------------------------------------------------------- */

typedef struct {
    uint8_t *p;
    size_t size;
} scratch;

static int grow(scratch *s, size_t size)
{
    if (size <= s->size)
        return 0;
    uint8_t *p = realloc(s->p, size);
    if (p == NULL)
        return -1;
    s->p = p;
    s->size = size;
    return 0;
}

typedef struct {
    const pvx_tiling *t;
    const vx_border_t *border;
    const vx_tile_t *protos;          /* per image parameter: the whole image, tile fields unset */
    void **values;                    /* per scalar parameter: its value */
    vx_uint32 n;
    uint32_t next;                    /* the next job to take (atomic) */
    vx_status status;                 /* VX_ERROR_NO_MEMORY when a worker could not get buffers */
} run_ctx;

/* The image parameter as a tile of the whole image (memory attached on the first run of a new image). */
static vx_status image_tile(vx_reference ref, const pvx_tiling *t, vx_tile_t *tile)
{
    pvx_image *img = pvx_image_with_memory(ref);
    if (img == NULL)
        return VX_ERROR_NOT_ALLOCATED;
    memset(tile, 0, sizeof *tile);
    tile->base[0] = img->plane[0].ptr;
    tile->addr[0].stride_x = (vx_int32)(img->plane[0].bits / 8);
    tile->addr[0].stride_y = img->plane[0].stride_y;
    tile->addr[0].scale_x = tile->addr[0].scale_y = VX_SCALE_UNITY;
    tile->addr[0].step_x = tile->addr[0].step_y = 1;
    tile->addr[0].stride_x_bits = (vx_uint16)img->plane[0].bits;
    tile->tile_block = t->block;
    tile->neighborhood = t->neighborhood;
    tile->image.width = img->width;
    tile->image.height = img->height;
    tile->image.format = img->format;
    tile->image.planes = img->planes;
    tile->image.range = img->range;
    tile->image.space = img->space;
    return VX_SUCCESS;
}

static void fill(uint8_t *dst, const uint8_t *pixel, size_t bytes, int64_t count)
{
    for (int64_t i = 0; i < count; i++, dst += bytes)
        memcpy(dst, pixel, bytes);
}

/* The input pixels a bordered tile reads (tile plus neighborhood), with the border outside the
 * image; returns where pixel (tile_x, tile_y) is and sets the copy's row stride. */
static uint8_t *bordered(const vx_tile_t *whole, const pvx_tile_job *j, const vx_neighborhood_size_t *nb,
                         const vx_border_t *border, scratch *s, vx_int32 *stride)
{
    size_t es = (size_t)whole->addr[0].stride_x;
    int64_t w = whole->image.width, h = whole->image.height;
    int64_t x0 = (int64_t)j->x + nb->left, x1 = (int64_t)j->x + j->width + nb->right;
    int64_t y0 = (int64_t)j->y + nb->top, y1 = (int64_t)j->y + j->height + nb->bottom;
    int64_t xa = x0 < 0 ? 0 : x0, xb = x1 > w ? w : x1;
    size_t row = (size_t)(x1 - x0) * es;
    if (grow(s, row * (size_t)(y1 - y0)) != 0)
        return NULL;
    const uint8_t *constant = (const uint8_t *)&border->constant_value;
    int replicate = border->mode == VX_BORDER_REPLICATE;
    for (int64_t y = y0; y < y1; y++) {
        uint8_t *dst = s->p + (size_t)(y - y0) * row;
        if (!replicate && (y < 0 || y >= h)) {
            fill(dst, constant, es, x1 - x0);
            continue;
        }
        const uint8_t *src = whole->base[0] + (y < 0 ? 0 : y >= h ? h - 1 : y) * whole->addr[0].stride_y;
        fill(dst, replicate ? src : constant, es, xa - x0);
        memcpy(dst + (size_t)(xa - x0) * es, src + (size_t)xa * es, (size_t)(xb - xa) * es);
        fill(dst + (size_t)(xb - x0) * es, replicate ? src + (size_t)(w - 1) * es : constant, es, x1 - xb);
    }
    *stride = (vx_int32)row;
    return s->p + (size_t)(-nb->top) * row + (size_t)(-nb->left) * es;
}

static int run_job(const run_ctx *rc, const pvx_tile_job *j, vx_tile_t *tiles, void **ptrs, scratch *copies,
                   scratch *memory)
{
    const pvx_tiling *t = rc->t;
    for (vx_uint32 p = 0; p < rc->n; p++) {
        uint32_t kind = t->kinds[p];
        if (kind != PVX_TILE_INPUT && kind != PVX_TILE_OUTPUT)
            continue;
        vx_tile_t *tile = &tiles[p];
        *tile = rc->protos[p];
        tile->tile_x = j->x;
        tile->tile_y = j->y;
        tile->addr[0].dim_x = j->width;
        tile->addr[0].dim_y = j->height;
        if (kind == PVX_TILE_INPUT && j->bordered) {
            tile->base[0] = bordered(&rc->protos[p], j, &t->neighborhood, rc->border, &copies[p],
                                     &tile->addr[0].stride_y);
            if (tile->base[0] == NULL)
                return -1;
        } else {
            tile->base[0] += (size_t)j->y * (size_t)tile->addr[0].stride_y + (size_t)j->x * tile->addr[0].stride_x;
        }
    }
    vx_size size = 0;
    if (t->tile_memory_size) {         /* per tile block, a partial block counting as one */
        size_t bw = (size_t)t->block.width, bh = (size_t)t->block.height;
        size = t->tile_memory_size * ((j->width + bw - 1) / bw) * ((j->height + bh - 1) / bh);
        if (grow(memory, size) != 0)
            return -1;
    }
    (j->function == PVX_TILE_FAST ? t->fast : t->flexible)(ptrs, size ? memory->p : NULL, size);
    return 0;
}

/* A worker: takes jobs until none is left; its tiles, bordered copies and tile memory are its own. */
static void work(void *arg)
{
    run_ctx *rc = arg;
    vx_uint32 n = rc->n;
    vx_tile_t *tiles = malloc(n * sizeof *tiles);
    void **ptrs = malloc(n * sizeof *ptrs);
    scratch *copies = calloc(n, sizeof *copies);
    scratch memory = {NULL, 0};
    int failed = tiles == NULL || ptrs == NULL || copies == NULL;
    for (vx_uint32 p = 0; !failed && p < n; p++) {
        uint32_t kind = rc->t->kinds[p];
        ptrs[p] = kind == PVX_TILE_INPUT || kind == PVX_TILE_OUTPUT ? (void *)&tiles[p] : rc->values[p];
    }
    while (!failed) {
        uint32_t i = __atomic_fetch_add(&rc->next, 1, __ATOMIC_RELAXED);
        if (i >= rc->t->num_jobs)
            break;
        failed = run_job(rc, &rc->t->jobs[i], tiles, ptrs, copies, &memory) != 0;
    }
    if (failed)
        __atomic_store_n(&rc->status, VX_ERROR_NO_MEMORY, __ATOMIC_RELAXED);
    for (vx_uint32 p = 0; copies && p < n; p++)
        free(copies[p].p);
    free(memory.p);
    free(copies);
    free(ptrs);
    free(tiles);
}

vx_status pvx_tiling_run(const pvx_tiling *t, const vx_border_t *border, vx_reference *params, vx_uint32 n)
{
    if (t->num_jobs == 0)
        return VX_SUCCESS;
    vx_tile_t *protos = calloc(n, sizeof *protos);
    void **values = calloc(n, sizeof *values);
    vx_status status = protos && values ? VX_SUCCESS : VX_ERROR_NO_MEMORY;
    for (vx_uint32 p = 0; p < n && status == VX_SUCCESS; p++) {
        uint32_t kind = t->kinds[p];
        if (kind == PVX_TILE_INPUT || kind == PVX_TILE_OUTPUT) {
            status = image_tile(params[p], t, &protos[p]);
        } else if (kind == PVX_TILE_SCALAR) {
            values[p] = pvx_memory_storage(&((pvx_scalar *)((pvx_ref *)params[p])->desc)->mem);
            status = values[p] ? VX_SUCCESS : VX_ERROR_NO_MEMORY;
        }
    }
    if (status == VX_SUCCESS) {
        run_ctx rc = {t, border, protos, values, n, 0, VX_SUCCESS};
        unsigned threads = pvx_tile_threads();
        pvx_pool_run(work, &rc, t->num_jobs < threads ? t->num_jobs : threads, 0);
        status = rc.status;
    }
    free(values);
    free(protos);
    return status;
}
