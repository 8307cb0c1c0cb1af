/* Fused execution (fusion.h): the pass over bands of rows. Each band of pass rows (pvx_rows_in_bands,
 * so bands run on the pool's threads) works out which rows each stage must compute for the band's
 * output rows (its consumers' rows mapped back through their row maps: the band's edges are computed
 * twice), then steps down the pass rows: at step t stage k computes its row y where scale(k) y + lag(k)
 * = t, so what it reads from a producer was computed at this step or before and is still in the
 * producer's ring. Stages of half size (scale 2) compute a row every other step. */
#include "fusion.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    uint8_t *ptr;                     /* row 0 (an image) or the ring's first row */
    size_t stride;
    uint32_t ring;                    /* rows of a ring (a power of two: no division per row), or 0 */
    uint32_t planes;                  /* an application's image: its planes (a ring: 1) */
    uint8_t *plane_ptr[PVX_IMAGE_MAX_PLANES];     /* row 0 of each plane, rows apart, rows per row */
    size_t plane_stride[PVX_IMAGE_MAX_PLANES];
    uint32_t step_y[PVX_IMAGE_MAX_PLANES];
} image_rows;

typedef struct {
    const pvx_fused *f;
    image_rows *images;               /* the application's images (rings are per band) */
    uint8_t **constant;               /* per stage: a row of its border's constant, or NULL */
    vx_status status;
} pass;

static uint8_t *row_at(const image_rows *im, uint32_t y)
{
    return im->ptr + (im->ring ? y & (im->ring - 1) : y) * im->stride;
}

/* Row y (maybe outside the image) of input image i of stage k, per the stage's border. */
static const uint8_t *input_row(const pass *p, uint32_t k, const image_rows *im, uint32_t i, int64_t y)
{
    uint32_t h = p->f->images[i].height;
    if (y < 0 || y >= h) {
        if (p->constant[k] != NULL)
            return p->constant[k];
        y = y < 0 ? 0 : h - 1;
    }
    return row_at(im, (uint32_t)y);
}

/* The rows a ring holds: the plan's, rounded up to a power of two. */
static uint32_t ring_rows(const pvx_fused_image *fi)
{
    uint32_t n = 1;
    while (n < fi->ring) n *= 2;
    return n;
}

/* Bytes of a ring's row: whole 64-byte lines, so every row (of every ring) starts aligned. */
static size_t ring_stride(const pvx_fused_image *fi)
{
    return ((size_t)fi->width * fi->pixel_bytes + 63) & ~(size_t)63;
}

/* Output image i's rows for its stage's row y (or NULLs: not the band's) into `out`: a ring's or a
 * one-plane image's row y; of an application's image of several planes, its first plane's rows
 * rows y .. rows y + rows - 1, then each further plane's row holding them. Returns how many. */
static uint32_t output_rows(const image_rows *im, const pvx_fused_image *fi, uint32_t y, int mine, uint8_t **out)
{
    if (im->ring || im->planes == 1) {
        out[0] = mine ? row_at(im, y) : NULL;
        return 1;
    }
    uint32_t n = 0, rows = fi->rows ? fi->rows : 1;
    for (uint32_t j = 0; j < rows; j++) out[n++] = mine ? row_at(im, rows * y + j) : NULL;
    for (uint32_t q = 1; q < im->planes; q++)
        out[n++] = mine ? im->plane_ptr[q] + (size_t)(rows * y) / im->step_y[q] * im->plane_stride[q] : NULL;
    return n;
}

static int64_t floor_div(int64_t a, int64_t b)
{
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}

static void run_band(void *arg, uint32_t first, uint32_t end)
{
    pass *p = arg;
    const pvx_fused *f = p->f;
    uint32_t n = f->num_stages, widest = 0;
    int64_t lo[n], hi[n];                   /* rows each stage computes in this band */
    image_rows im[f->num_images];
    size_t ring_bytes = 0;
    for (uint32_t i = 0; i < f->num_images; i++) {
        im[i] = p->images[i];
        widest = f->images[i].width > widest ? f->images[i].width : widest;
        if (f->images[i].ring)
            ring_bytes += (size_t)ring_rows(&f->images[i]) * ring_stride(&f->images[i]);
    }
    size_t scratch_bytes = sizeof(int32_t) * 8 * ((size_t)widest + 2);
    for (uint32_t k = 0; k < n; k++)          /* (stages run one at a time: one scratch) */
        scratch_bytes = f->stages[k].scratch_bytes > scratch_bytes ? f->stages[k].scratch_bytes : scratch_bytes;
    scratch_bytes = (scratch_bytes + 63) & ~(size_t)63;
    uint8_t *mem = calloc(1, ring_bytes + scratch_bytes);
    if (mem == NULL) {
        __atomic_store_n(&p->status, VX_ERROR_NO_MEMORY, __ATOMIC_RELAXED);
        return;
    }
    int32_t *scratch = (int32_t *)mem;
    uint8_t *next = mem + scratch_bytes;
    for (uint32_t i = 0; i < f->num_images; i++)
        if (f->images[i].ring) {
            im[i].ptr = next, im[i].stride = ring_stride(&f->images[i]), im[i].ring = ring_rows(&f->images[i]);
            next += im[i].ring * im[i].stride;
        }
    /* rows needed, last stage first: a stage whose outputs no stage reads gives the rows of the
     * band's pass rows (its row y where scale y is in [first, end)) */
    for (uint32_t k = n; k-- > 0;) {
        const pvx_fused_stage *s = &f->stages[k];
        int64_t a = INT64_MAX, b = INT64_MIN;
        for (uint32_t c = k + 1; c < n; c++) {
            const pvx_fused_stage *t = &f->stages[c];
            for (uint32_t i = 0; i < t->num_in; i++)
                for (uint32_t o = 0; o < s->num_out; o++)
                    if (s->out[o] != PVX_FUSED_NONE && t->in[i] == s->out[o] && lo[c] < hi[c]) {
                        int64_t ta = t->factor * lo[c] - t->up, tb = t->factor * (hi[c] - 1) + t->down + 1;
                        a = ta < a ? ta : a;
                        b = tb > b ? tb : b;
                    }
        }
        if (a > b)
            a = floor_div((int64_t)first + s->scale - 1, s->scale), b = floor_div((int64_t)end + s->scale - 1, s->scale);
        lo[k] = a < 0 ? 0 : a;
        hi[k] = b > s->height ? s->height : b;
    }
    int64_t t0 = INT64_MAX, t1 = INT64_MIN;
    for (uint32_t k = 0; k < n; k++)
        if (lo[k] < hi[k]) {
            const pvx_fused_stage *s = &f->stages[k];
            int64_t a = (int64_t)s->scale * lo[k] + s->lag, b = (int64_t)s->scale * (hi[k] - 1) + s->lag + 1;
            t0 = a < t0 ? a : t0;
            t1 = b > t1 ? b : t1;
        }
    for (int64_t t = t0; t < t1; t++)
        for (uint32_t k = 0; k < n; k++) {
            const pvx_fused_stage *s = &f->stages[k];
            int64_t y = t - s->lag;
            if (s->scale > 1) {                /* (most stages have scale 1: no division) */
                if (y % s->scale != 0)
                    continue;
                y /= s->scale;
            }
            if (y < lo[k] || y >= hi[k])
                continue;
            const uint8_t *in[PVX_FUSED_IO * PVX_FUSED_ROWS * PVX_IMAGE_MAX_PLANES];
            uint8_t *out[PVX_FUSED_IO * (1 + PVX_IMAGE_MAX_PLANES)];
            uint32_t m = 0;
            for (uint32_t i = 0; i < s->num_in; i++) {
                const image_rows *r = &im[s->in[i]];
                for (int64_t d = -(int64_t)s->up; d <= (int64_t)s->down; d++)
                    in[m++] = input_row(p, k, r, s->in[i], (int64_t)s->factor * y + d);
                for (uint32_t q = 1; q < r->planes; q++)    /* (ColorConvert: rows inside the image) */
                    for (int64_t d = -(int64_t)s->up; d <= (int64_t)s->down; d++)
                        in[m++] = r->plane_ptr[q] + (size_t)((int64_t)s->factor * y + d) / r->step_y[q] * r->plane_stride[q];
            }
            /* what a node leaves unwritten (UNDEFINED: the outer ring) stays as its virtual image was
             * allocated, zeros, which a consumer with another border reads: rings say the same */
            int computed = y >= s->first && y < s->last;
            m = 0;
            for (uint32_t o = 0; o < s->num_out; o++) {
                /* an image of the application gets the band's rows only (Sobel's other output may
                 * need more): bands never write the same row */
                int64_t row = (int64_t)s->scale * y;
                if (s->out[o] == PVX_FUSED_NONE) {
                    out[m++] = NULL;
                    continue;
                }
                int mine = im[s->out[o]].ring || (row >= first && row < end);
                uint8_t **rows = out + m;
                m += output_rows(&im[s->out[o]], &f->images[s->out[o]], (uint32_t)y, mine, rows);
                if (!mine || !im[s->out[o]].ring)
                    continue;
                uint8_t *o0 = rows[0];         /* (a ring: one row) */
                size_t pixel = f->images[s->out[o]].pixel_bytes, row_bytes = (size_t)s->width * pixel;
                if (!computed)
                    memset(o0, 0, row_bytes);
                else if (s->edge)              /* the first and last pixels (rows need width > 2 edge) */
                    memset(o0, 0, pixel * s->edge), memset(o0 + row_bytes - pixel * s->edge, 0, pixel * s->edge);
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
        images[i] = (image_rows){.planes = 1};
        if (fi->ring)
            continue;
        pvx_image *img = pvx_image_with_memory(f->stages[fi->stage].node->parameters[fi->param]);
        if (img == NULL)
            return VX_ERROR_NOT_ALLOCATED;
        images[i].ptr = img->plane[0].ptr;
        images[i].stride = (size_t)(ptrdiff_t)img->plane[0].stride_y;
        images[i].planes = img->planes;
        for (uint32_t q = 0; q < img->planes; q++) {
            images[i].plane_ptr[q] = img->plane[q].ptr;
            images[i].plane_stride[q] = (size_t)(ptrdiff_t)img->plane[q].stride_y;
            images[i].step_y[q] = img->plane[q].step_y;
        }
    }
    return VX_SUCCESS;
}

vx_status pvx_fused_run(pvx_fused *f)
{
    vx_status status = VX_SUCCESS;
    image_rows images[f->num_images];
    uint8_t *constant[f->num_stages];
    uint64_t pixels = 0;
    memset(constant, 0, sizeof constant);
    for (uint32_t k = 0; k < f->num_stages && status == VX_SUCCESS; k++) {
        pvx_fused_stage *s = &f->stages[k];
        const pvx_fused_image *in = &f->images[s->in[0]], *out = &f->images[s->out[0] != PVX_FUSED_NONE ? s->out[0] : s->out[1]];
        s->width = out->width, s->height = out->height, s->in_width = in->width, s->in_height = in->height;
        s->params = s->node->parameters;
        pixels += (uint64_t)s->width * s->height;
        status = s->prepare(s);
        if (status == VX_SUCCESS && (s->up || s->down) && s->border.mode == VX_BORDER_CONSTANT) {
            uint32_t bytes = in->pixel_bytes;   /* neighbourhood kernels read one format */
            if ((constant[k] = malloc((size_t)in->width * bytes)) == NULL)
                status = VX_ERROR_NO_MEMORY;
            for (uint32_t x = 0; status == VX_SUCCESS && x < in->width; x++)
                memcpy(constant[k] + (size_t)x * bytes, &s->border.constant_value, bytes);
        }
    }
    if (status == VX_SUCCESS)
        status = attach(f, images);
    if (status == VX_SUCCESS) {
        pass p = {f, images, constant, VX_SUCCESS};
        pvx_rows_in_bands(run_band, &p, f->height, pixels);
        status = p.status;
    }
    for (uint32_t k = 0; k < f->num_stages; k++) {
        pvx_fused_stage *s = &f->stages[k];
        free(constant[k]);
        if (s->finish != NULL)              /* (a stage that did not prepare has none) */
            s->finish(s);
        s->finish = NULL, s->ctx = NULL, s->scratch_bytes = 0;
    }
    return status;
}
