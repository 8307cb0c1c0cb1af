/* Fused execution (fusion.h): the pass over bands of rows. Each band (pvx_rows_in_bands, so bands
 * run on the pool's threads) works out which rows each stage must compute for the band's output
 * rows (its consumers' rows widened by their radius: the band's edges are computed twice), then
 * steps down the rows: at step t stage k computes its row t - lag(k), so what it reads from a
 * producer was computed at this step or before and is still in the producer's ring. */
#include "fusion.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    uint8_t *ptr;                     /* row 0 (an image) or the ring's first row */
    size_t stride;
    uint32_t ring;
} image_rows;

typedef struct {
    const pvx_fused *f;
    image_rows *images;               /* the application's images (rings are per band) */
    uint8_t **constant;               /* per stage: a row of its border's constant, or NULL */
    vx_status status;
} pass;

static uint8_t *row_at(const image_rows *im, uint32_t y)
{
    return im->ptr + (im->ring ? y % im->ring : y) * im->stride;
}

/* Input row y (maybe outside the image) of a stage, per its border. */
static const uint8_t *input_row(const pass *p, uint32_t k, const image_rows *im, int64_t y)
{
    const pvx_fused_stage *s = &p->f->stages[k];
    if (y < 0 || y >= s->height) {
        if (p->constant[k] != NULL)
            return p->constant[k];
        y = y < 0 ? 0 : s->height - 1;
    }
    return row_at(im, (uint32_t)y);
}

/* Bytes of a ring's row: whole 64-byte lines, so every row (of every ring) starts aligned. */
static size_t ring_stride(uint32_t w, uint32_t pixel_bytes)
{
    return ((size_t)w * pixel_bytes + 63) & ~(size_t)63;
}

static void run_band(void *arg, uint32_t first, uint32_t end)
{
    pass *p = arg;
    const pvx_fused *f = p->f;
    uint32_t n = f->num_stages, w = f->width;
    int64_t lo[n], hi[n];                   /* rows each stage computes in this band */
    image_rows im[f->num_images];
    size_t ring_bytes = 0;
    for (uint32_t i = 0; i < f->num_images; i++) {
        im[i] = p->images[i];
        if (f->images[i].ring)
            ring_bytes += (size_t)f->images[i].ring * ring_stride(w, f->images[i].pixel_bytes);
    }
    uint8_t *mem = calloc(1, ring_bytes + sizeof(int32_t) * 8 * ((size_t)w + 2));
    if (mem == NULL) {
        __atomic_store_n(&p->status, VX_ERROR_NO_MEMORY, __ATOMIC_RELAXED);
        return;
    }
    int32_t *scratch = (int32_t *)mem;
    uint8_t *next = mem + sizeof(int32_t) * 8 * ((size_t)w + 2);
    for (uint32_t i = 0; i < f->num_images; i++)
        if (f->images[i].ring) {
            im[i].ptr = next, im[i].stride = ring_stride(w, f->images[i].pixel_bytes), im[i].ring = f->images[i].ring;
            next += im[i].ring * im[i].stride;
        }
    /* rows needed, last stage first: a stage whose outputs no stage reads gives the band's rows */
    for (uint32_t k = n; k-- > 0;) {
        const pvx_fused_stage *s = &f->stages[k];
        int64_t a = INT64_MAX, b = INT64_MIN;
        for (uint32_t c = k + 1; c < n; c++) {
            const pvx_fused_stage *t = &f->stages[c];
            for (uint32_t i = 0; i < t->num_in; i++)
                for (uint32_t o = 0; o < s->num_out; o++)
                    if (s->out[o] != PVX_FUSED_NONE && t->in[i] == s->out[o] && lo[c] < hi[c]) {
                        a = lo[c] - t->radius < a ? lo[c] - t->radius : a;
                        b = hi[c] + t->radius > b ? hi[c] + t->radius : b;
                    }
        }
        if (a > b)
            a = first, b = end;
        lo[k] = a < 0 ? 0 : a;
        hi[k] = b > s->height ? s->height : b;
    }
    int64_t t0 = INT64_MAX, t1 = INT64_MIN;
    for (uint32_t k = 0; k < n; k++)
        if (lo[k] < hi[k]) {
            t0 = lo[k] + f->stages[k].lag < t0 ? lo[k] + f->stages[k].lag : t0;
            t1 = hi[k] + f->stages[k].lag > t1 ? hi[k] + f->stages[k].lag : t1;
        }
    for (int64_t t = t0; t < t1; t++)
        for (uint32_t k = 0; k < n; k++) {
            const pvx_fused_stage *s = &f->stages[k];
            int64_t y = t - s->lag;
            if (y < lo[k] || y >= hi[k])
                continue;
            const uint8_t *in[PVX_FUSED_IO * 3];
            uint8_t *out[PVX_FUSED_IO];
            uint32_t m = 0;
            for (uint32_t i = 0; i < s->num_in; i++)
                for (int64_t d = -(int64_t)s->radius; d <= (int64_t)s->radius; d++)
                    in[m++] = input_row(p, k, &im[s->in[i]], y + d);
            /* what a node leaves unwritten (UNDEFINED: the outer ring) stays as its virtual image was
             * allocated, zeros, which a consumer with another border reads: rings say the same */
            int computed = y >= s->first && y < s->last, partial = s->radius && s->border.mode == VX_BORDER_UNDEFINED;
            for (uint32_t o = 0; o < s->num_out; o++) {
                /* an image of the application gets the band's rows only (Sobel's other output may
                 * need more): bands never write the same row */
                int mine = s->out[o] != PVX_FUSED_NONE && (im[s->out[o]].ring || (y >= first && y < end));
                out[o] = mine ? row_at(&im[s->out[o]], (uint32_t)y) : NULL;
                if (out[o] == NULL || !im[s->out[o]].ring)
                    continue;
                size_t pixel = f->images[s->out[o]].pixel_bytes, row_bytes = (size_t)w * pixel;
                if (!computed)
                    memset(out[o], 0, row_bytes);
                else if (partial)              /* the first and last pixels (rows need width >= 3) */
                    memset(out[o], 0, pixel), memset(out[o] + row_bytes - pixel, 0, pixel);
            }
            if (computed)
                s->row(s, in, out, scratch);
        }
    free(mem);
}

/* The application's images of the pass: their memory (attached on first use) and strides. */
static vx_status attach(const pvx_fused *f, image_rows *images)
{
    for (uint32_t i = 0; i < f->num_images; i++) {
        const pvx_fused_image *fi = &f->images[i];
        images[i] = (image_rows){NULL, 0, 0};
        if (fi->ring)
            continue;
        pvx_image *img = pvx_image_with_memory(f->stages[fi->stage].node->parameters[fi->param]);
        if (img == NULL)
            return VX_ERROR_NOT_ALLOCATED;
        images[i].ptr = img->plane[0].ptr;
        images[i].stride = (size_t)(ptrdiff_t)img->plane[0].stride_y;
    }
    return VX_SUCCESS;
}

vx_status pvx_fused_run(pvx_fused *f)
{
    vx_status status = VX_SUCCESS;
    image_rows images[f->num_images];
    uint8_t *constant[f->num_stages];
    memset(constant, 0, sizeof constant);
    for (uint32_t k = 0; k < f->num_stages && status == VX_SUCCESS; k++) {
        pvx_fused_stage *s = &f->stages[k];
        s->width = f->width, s->height = f->height, s->params = s->node->parameters;
        status = s->prepare(s);
        if (status == VX_SUCCESS && s->radius && s->border.mode == VX_BORDER_CONSTANT) {
            uint32_t bytes = f->images[s->in[0]].pixel_bytes;   /* neighbourhood kernels read one format */
            if ((constant[k] = malloc((size_t)f->width * bytes)) == NULL)
                status = VX_ERROR_NO_MEMORY;
            for (uint32_t x = 0; status == VX_SUCCESS && x < f->width; x++)
                memcpy(constant[k] + (size_t)x * bytes, &s->border.constant_value, bytes);
        }
    }
    if (status == VX_SUCCESS)
        status = attach(f, images);
    if (status == VX_SUCCESS) {
        pass p = {f, images, constant, VX_SUCCESS};
        pvx_rows_in_bands(run_band, &p, f->height, (uint64_t)f->width * f->height * f->num_stages);
        status = p.status;
    }
    for (uint32_t k = 0; k < f->num_stages; k++) free(constant[k]);
    return status;
}
