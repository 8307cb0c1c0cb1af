/* Fused execution (fusion.h): the pass over bands of rows. Each band of pass rows (pvx_rows_in_bands,
 * so bands run on the pool's threads) works out which rows each stage must compute for the band's
 * output rows (its consumers' rows mapped back through their row maps: the band's edges are computed
 * twice), then steps down the pass rows, a few at a time: in the step of pass rows [t, t + step)
 * stage k computes its rows y with t <= scale(k) y + lag(k) < t + step, so what it reads from a
 * producer was computed in this step or before and is still in the producer's ring. Stages of half
 * size (scale 2) compute half as many rows a step. The loop's cost per row is that of node-by-node
 * execution's band loops (a row's input and output rows are slices of per-image row tables: no
 * division, no copy, no memset but the rows a node leaves unwritten). */
#include "fusion.h"

#include <stdlib.h>
#include <string.h>

/* Pass rows a step covers: each stage computes its rows of a step in one go (rings hold that many
 * rows more), so the step loop's bookkeeping is per run of rows, not per row. */
#define STEP_ROWS 8u
/* The most ring bytes a band takes for that: beyond, fewer rows a step (wide S16 rings) */
#define RING_BYTES (256u * 1024u)
/* Entries of a ring's row table after its rows, repeating its first ones: a stage's input rows for
 * the rows of a step (up to STEP_ROWS + PVX_FUSED_ROWS - 1 of them) are consecutive entries from any slot. */
#define TABLE_MORE (STEP_ROWS + PVX_FUSED_ROWS - 2u)

typedef struct {
    uint8_t *ptr;                     /* row 0 (an image) or the ring's first row */
    size_t stride;
    uint32_t height;
    uint32_t ring;                    /* rows of a ring, or 0 */
    uint64_t magic;                   /* a ring's: y % ring by two multiplications (ring_slot) */
    /* its rows' addresses, so a stage's rows are a slice of it: an image's rows 0 .. height - 1;
     * a ring's rows 0 .. ring - 1, then its first TABLE_MORE again (rows from any slot on) */
    uint8_t **rows;
    uint32_t planes;                  /* an application's image: its planes (a ring: 1) */
    uint8_t *plane_ptr[PVX_IMAGE_MAX_PLANES];     /* row 0 of each plane, rows apart, rows per row */
    size_t plane_stride[PVX_IMAGE_MAX_PLANES];
    uint32_t step_y[PVX_IMAGE_MAX_PLANES];
} image_rows;

typedef struct {
    const pvx_fused *f;
    image_rows *images;               /* the application's images (rings are per band) */
    uint8_t **constant;               /* per stage: a row of its border's constant, or NULL */
    uint32_t step;                    /* pass rows per step (STEP_ROWS, fewer where rings would not fit) */
    size_t scratch_bytes;             /* a band's scratch for the rows, a multiple of 64 */
    size_t spare_bytes;               /* and after it, with twins, a row their stores start from (twin_row) */
    vx_status status;
} pass;

/* y % ring without a division (Lemire's fastmod, magic = UINT64_MAX / ring + 1: exact for every
 * 32-bit y and ring). */
static inline uint32_t ring_slot(uint64_t magic, uint32_t ring, uint32_t y)
{
    return (uint32_t)(((unsigned __int128)(magic * y) * ring) >> 64);
}

/* Index of row y in im->rows. */
static inline uint32_t row_index(const image_rows *im, uint32_t y)
{
    return im->ring ? ring_slot(im->magic, im->ring, y) : y;
}

/* Rows a ring holds: the plan's (for a step of one row) and the rows its producer writes in a step
 * beyond the first: from a consumer's first row of a step, the producer wrote rows up to
 * (lag(c) - lag(p) + step - 1) / scale(p) on. */
static uint32_t ring_rows(const pvx_fused *f, const pvx_fused_image *fi, uint32_t step)
{
    uint32_t scale = f->stages[fi->stage].scale;     /* (a ring's first stage is its producer) */
    return fi->ring + (step - 1 + scale - 1) / scale;
}

/* Bytes of a ring's row: whole 64-byte lines, so every row (of every ring) starts aligned. */
static size_t ring_stride(const pvx_fused_image *fi)
{
    return ((size_t)fi->width * fi->pixel_bytes + 63) & ~(size_t)63;
}

/* A ring's row table: whole 64-byte lines, so the rows after it stay aligned. */
static size_t table_bytes(uint32_t rows)
{
    return (sizeof(uint8_t *) * (rows + TABLE_MORE) + 63) & ~(size_t)63;
}

/* A band's rings and their row tables. */
static size_t ring_bytes(const pvx_fused *f, uint32_t step)
{
    size_t bytes = 0;
    for (uint32_t i = 0; i < f->num_images; i++)
        if (f->images[i].ring) {
            uint32_t rows = ring_rows(f, &f->images[i], step);
            bytes += rows * ring_stride(&f->images[i]) + table_bytes(rows);
        }
    return bytes;
}

static int64_t floor_div(int64_t a, int64_t b)
{
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}

/* The input rows of a stage's row y one by one: rows outside the image per its border, further
 * planes of an application's image. */
static void gather_inputs(const pass *p, uint32_t k, const image_rows *im, uint32_t y, const uint8_t **in)
{
    const pvx_fused_stage *s = &p->f->stages[k];
    uint32_t m = 0;
    for (uint32_t i = 0; i < s->num_in; i++) {
        const image_rows *r = &im[s->in[i]];
        for (int64_t row = (int64_t)s->factor * y - s->up; row <= (int64_t)s->factor * y + s->down; row++) {
            int64_t inside = row < 0 ? 0 : row >= r->height ? r->height - 1 : row;
            in[m++] = inside != row && p->constant[k] != NULL ? p->constant[k] : r->rows[row_index(r, (uint32_t)inside)];
        }
        for (uint32_t q = 1; q < r->planes; q++)      /* (ColorConvert: rows inside the image) */
            for (int64_t row = (int64_t)s->factor * y - s->up; row <= (int64_t)s->factor * y + s->down; row++)
                in[m++] = r->plane_ptr[q] + (size_t)row / r->step_y[q] * r->plane_stride[q];
    }
}

/* Output image i's rows for its stage's row y (or NULLs: not the band's) into `out`, for an
 * application's image of several planes: its first plane's `rows` rows rows y .. rows y + rows - 1,
 * then each further plane's row holding them. Returns how many. */
static uint32_t output_rows(const image_rows *im, const pvx_fused_image *fi, uint32_t y, int mine, uint8_t **out)
{
    uint32_t n = 0, rows = fi->rows ? fi->rows : 1;
    for (uint32_t j = 0; j < rows; j++) out[n++] = mine ? im->ptr + (size_t)(rows * y + j) * im->stride : NULL;
    for (uint32_t q = 1; q < im->planes; q++)
        out[n++] = mine ? im->plane_ptr[q] + (size_t)(rows * y) / im->step_y[q] * im->plane_stride[q] : NULL;
    return n;
}

/* Row y of a stage whose twins (graph/twins.py) compute the same: computed once, into `own` (its
 * output's row y) or, when that is another band's row (a twin's ring needs it), into the band's spare
 * row, then stored to each twin's image while it is in L1: the part the kernel writes
 * (`edge`: the columns an UNDEFINED border leaves stay each image's own), the band's rows of the
 * application's images, every row of a ring (rows the kernel does not compute: zeros, as
 * stage_row gives a ring). */
static void twin_row(const pass *p, const pvx_fused_stage *s, const image_rows *im, uint32_t y, uint32_t first,
                     uint32_t end, const uint8_t *const *in, uint8_t *own, int computed, int32_t *scratch)
{
    size_t bytes = p->f->images[s->out[0]].pixel_bytes, edge = (size_t)s->edge * bytes, n = (size_t)s->width * bytes;
    uint8_t *row = own != NULL ? own : (uint8_t *)scratch + p->scratch_bytes;
    if (computed)
        s->row(s, in, &row, scratch);
    int mine = (uint64_t)s->scale * y >= first && (uint64_t)s->scale * y < end;
    for (uint32_t c = 0; c < s->num_copies; c++) {
        const image_rows *w = &im[s->copies[c]];
        uint8_t *to = w->ring || mine ? w->rows[row_index(w, y)] : NULL;
        if (to != NULL && !computed && w->ring)
            memset(to, 0, n);
        else if (to != NULL && computed && n > 2 * edge)
            memcpy(to + edge, row + edge, n - 2 * edge);
    }
}

/* Row y of stage k the long way (rows at the image edges, multi-plane inputs, rows a node leaves
 * unwritten): its input and output rows, then its row function. Bands [first, end) of pass rows. */
static void stage_row(const pass *p, uint32_t k, const image_rows *im, uint32_t y, uint32_t first, uint32_t end,
                      int32_t *scratch)
{
    const pvx_fused_stage *s = &p->f->stages[k];
    const uint8_t *in[PVX_FUSED_IO * PVX_FUSED_ROWS * PVX_IMAGE_MAX_PLANES];
    gather_inputs(p, k, im, y, in);
    int computed = y >= s->first && y < s->last;
    uint8_t *out[PVX_FUSED_IO * (1 + PVX_IMAGE_MAX_PLANES)];
    for (uint32_t o = 0, m = 0; o < s->num_out; o++) {
        const image_rows *w = s->out[o] != PVX_FUSED_NONE ? &im[s->out[o]] : NULL;
        /* an image of the application gets the band's rows only (Sobel's other output may need
         * more): bands never write the same row */
        int mine = w != NULL && (w->ring || ((uint64_t)s->scale * y >= first && (uint64_t)s->scale * y < end));
        if (w != NULL && w->planes > 1) {
            m += output_rows(w, &p->f->images[s->out[o]], y, mine, out + m);
            continue;
        }
        out[m++] = mine ? w->rows[row_index(w, y)] : NULL;
        /* what a node leaves unwritten (UNDEFINED: the outer ring) stays as its virtual image was
         * allocated, zeros, which a consumer with another border reads: rings say the same (the
         * edge columns of every ring row are zeroed when the band starts) */
        if (!computed && w != NULL && w->ring)
            memset(out[m - 1], 0, (size_t)s->width * p->f->images[s->out[o]].pixel_bytes);
    }
    if (s->num_copies)
        twin_row(p, s, im, y, first, end, in, out[0], computed, scratch);
    else if (computed)
        s->row(s, in, out, scratch);
}

/* The band's rings in `mem`: row tables, and the edge columns of rows zeroed where their producer
 * leaves them unwritten. */
static void make_rings(const pass *p, image_rows *im, uint8_t *mem)
{
    const pvx_fused *f = p->f;
    for (uint32_t i = 0; i < f->num_images; i++) {
        const pvx_fused_image *fi = &f->images[i];
        if (!fi->ring)
            continue;
        image_rows *r = &im[i];
        r->stride = ring_stride(fi), r->ring = ring_rows(f, fi, p->step), r->magic = UINT64_MAX / r->ring + 1;
        r->rows = (uint8_t **)mem, mem += table_bytes(r->ring);
        r->ptr = mem, mem += r->ring * r->stride;
        for (uint32_t row = 0; row < r->ring + TABLE_MORE; row++)
            r->rows[row] = r->ptr + row % r->ring * r->stride;
        const pvx_fused_stage *s = &f->stages[fi->stage];
        size_t edge = (size_t)s->edge * fi->pixel_bytes, row_bytes = (size_t)s->width * fi->pixel_bytes;
        for (uint32_t row = 0; edge && row < r->ring; row++)
            if (2 * edge >= row_bytes)
                memset(r->rows[row], 0, row_bytes);
            else
                memset(r->rows[row], 0, edge), memset(r->rows[row] + row_bytes - edge, 0, edge);
    }
}

/* An image's row table as a stage's row takes it. */
typedef struct {
    uint8_t **rows;                   /* NULL: an absent output */
    uint32_t ring;
    uint64_t magic;
} table;

static inline uint32_t table_index(const table *t, uint32_t y)
{
    return t->ring ? ring_slot(t->magic, t->ring, y) : y;
}

/* A stage's rows in a band: the next one, and where a row needs nothing but entries of the images'
 * row tables (inputs of one plane, its rows inside them; outputs rings or the band's rows of an
 * application's image; a row the node computes), the tables. */
typedef struct {
    int64_t y, hi;                    /* next row, end */
    int64_t lag;
    int64_t fast_lo, fast_hi;         /* rows taking the short way (an empty range: none) */
    uint32_t scale, factor, up, rows_in, num_in, num_out;
    const pvx_fused_stage *s;
    pvx_fused_row_f *row;
    pvx_fused_rows_f *rows;           /* the stage's rows at once (one input, one output, factor 1), or NULL */
    table in[PVX_FUSED_IO], out[PVX_FUSED_IO];
    const pass *p;                    /* (for twin_row) */
    const image_rows *im;
    uint32_t first, end;
} lane;

static int64_t ceil_div(int64_t a, int64_t b)
{
    return -floor_div(-a, b);
}

/* The stage's several-rows call where a lane uses it: one input, one output, factor 1, and no twins
 * (twin_row stores their rows one at a time). */
static pvx_fused_rows_f *several_rows(const pvx_fused_stage *s)
{
    return s->num_in == 1 && s->num_out == 1 && s->factor == 1 && !s->num_copies ? s->rows : NULL;
}

static void make_lane(lane *l, const pass *p, const pvx_fused_stage *s, const image_rows *im, int64_t lo, int64_t hi,
                      uint32_t first, uint32_t end)
{
    *l = (lane){.y = lo, .hi = hi, .lag = s->lag, .fast_lo = 0, .fast_hi = 0, .scale = s->scale,
                .factor = s->factor, .up = s->up, .rows_in = s->up + s->down + 1, .num_in = s->num_in,
                .num_out = s->num_out, .s = s, .row = s->row, .p = p, .im = im, .first = first, .end = end,
                .rows = several_rows(s)};
    /* inside the inputs: factor y - up >= 0 and factor y + down < their heights; rows computed */
    int64_t a = ceil_div(s->up, s->factor), b = s->last;
    a = a > s->first ? a : s->first;
    for (uint32_t i = 0; i < s->num_in; i++) {
        const image_rows *r = &im[s->in[i]];
        if (r->planes != 1)
            return;
        int64_t inside = floor_div((int64_t)r->height - 1 - s->down, s->factor) + 1;
        b = b < inside ? b : inside;
        l->in[i] = (table){r->rows, r->ring, r->magic};
    }
    for (uint32_t o = 0; o < s->num_out; o++) {
        if (s->out[o] == PVX_FUSED_NONE) {
            if (s->num_out == 1)
                return;
            continue;
        }
        const image_rows *r = &im[s->out[o]];
        if (r->planes != 1)
            return;
        l->out[o] = (table){r->rows, r->ring, r->magic};
        if (!r->ring) {               /* the band's rows: scale y in [first, end) */
            int64_t c = ceil_div(first, s->scale), d = ceil_div(end, s->scale);
            a = a > c ? a : c, b = b < d ? b : d;
        }
    }
    l->fast_lo = a, l->fast_hi = b;
}

/* Row y of a stage the short way. */
static inline void fast_row(const lane *l, int64_t y, int32_t *scratch)
{
    uint32_t top = (uint32_t)(l->factor * y - l->up);
    const uint8_t *gathered[PVX_FUSED_IO * PVX_FUSED_ROWS];
    const uint8_t *const *in = gathered;
    if (l->num_in == 1)
        in = (const uint8_t *const *)l->in[0].rows + table_index(&l->in[0], top);
    else
        for (uint32_t i = 0, m = 0; i < l->num_in; i++)
            for (uint32_t d = 0, k = table_index(&l->in[i], top); d < l->rows_in; d++)
                gathered[m++] = l->in[i].rows[k + d];
    uint8_t *written[PVX_FUSED_IO];
    uint8_t *const *out = written;
    if (l->num_out == 1)
        out = l->out[0].rows + table_index(&l->out[0], (uint32_t)y);
    else
        for (uint32_t o = 0; o < l->num_out; o++)
            written[o] = l->out[o].rows ? l->out[o].rows[table_index(&l->out[o], (uint32_t)y)] : NULL;
    if (l->s->num_copies)
        twin_row(l->p, l->s, l->im, (uint32_t)y, l->first, l->end, in, out[0], 1, scratch);
    else
        l->row(l->s, in, out, scratch);
}

/* Rows y .. y + n - 1 of a stage the short way at once (l->rows). */
static inline void fast_rows(const lane *l, int64_t y, uint32_t n, int32_t *scratch)
{
    const uint8_t *const *in = (const uint8_t *const *)l->in[0].rows + table_index(&l->in[0], (uint32_t)(y - l->up));
    l->rows(l->s, in, l->out[0].rows + table_index(&l->out[0], (uint32_t)y), n, scratch);
}

static void run_band(void *arg, uint32_t first, uint32_t end)
{
    pass *p = arg;
    const pvx_fused *f = p->f;
    uint32_t n = f->num_stages;
    int64_t lo[n], hi[n];                   /* rows each stage computes in this band */
    image_rows im[f->num_images];
    for (uint32_t i = 0; i < f->num_images; i++)
        im[i] = p->images[i];
    /* (not zeroed: every ring row a stage reads was written in this band; scratch is the rows') */
    size_t scratch_bytes = p->scratch_bytes + p->spare_bytes;
    uint8_t *mem = malloc(scratch_bytes + ring_bytes(f, p->step) + 64);
    if (mem == NULL) {
        __atomic_store_n(&p->status, VX_ERROR_NO_MEMORY, __ATOMIC_RELAXED);
        return;
    }
    int32_t *scratch = (int32_t *)mem;
    make_rings(p, im, mem + scratch_bytes + (64 - (uintptr_t)(mem + scratch_bytes) % 64) % 64);
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
        hi[k] = s->num_out == 0 ? lo[k] : b > s->height ? s->height : b;   /* (a node a fold took in: nothing) */
        for (uint32_t c = 0; c < s->num_copies; c++) {     /* and its twins' rows (computed just before) */
            uint32_t t = f->images[s->copies[c]].stage;
            lo[k] = lo[t] < lo[k] ? lo[t] : lo[k];
            hi[k] = hi[t] > hi[k] ? hi[t] : hi[k];
        }
    }
    for (uint32_t k = 0; k < n; k++)
        if (f->stages[k].row == NULL)           /* (a twin's rows: its twin's stage stores them) */
            hi[k] = lo[k];
    /* steps of p->step pass rows: stage k computes its rows y whose pass row scale y + lag falls in
     * the step, after its producers computed theirs, so what it reads is in their rings */
    lane lanes[n];
    int64_t t0 = INT64_MAX, t1 = INT64_MIN;
    for (uint32_t k = 0; k < n; k++) {
        const pvx_fused_stage *s = &f->stages[k];
        make_lane(&lanes[k], p, s, im, lo[k], hi[k], first, end);
        if (lo[k] < hi[k]) {
            int64_t a = (int64_t)s->scale * lo[k] + s->lag, b = (int64_t)s->scale * (hi[k] - 1) + s->lag + 1;
            t0 = a < t0 ? a : t0;
            t1 = b > t1 ? b : t1;
        }
    }
    for (int64_t t = t0; t < t1; t += p->step)
        for (uint32_t k = 0; k < n; k++) {
            lane *l = &lanes[k];
            /* its rows y < stop have scale y + lag < t + step */
            int64_t stop = l->scale == 1 ? t + p->step - l->lag : ceil_div(t + p->step - l->lag, l->scale);
            stop = stop < l->hi ? stop : l->hi;
            for (int64_t y = l->y; y < stop; y++) {
                if (y < l->fast_lo || y >= l->fast_hi) {
                    stage_row(p, k, im, (uint32_t)y, first, end, scratch);
                    continue;
                }
                if (l->rows != NULL) {   /* the rest of the step inside the short way's rows */
                    int64_t n = (stop < l->fast_hi ? stop : l->fast_hi) - y;
                    fast_rows(l, y, (uint32_t)n, scratch);
                    y += n - 1;
                    continue;
                }
                fast_row(l, y, scratch);
            }
            l->y = stop > l->y ? stop : l->y;
        }
    free(mem);
}

/* The application's images of the pass: their memory (attached on first use), strides and the
 * addresses of their rows (in `rows`, the sum of their heights). */
static vx_status attach(const pvx_fused *f, image_rows *images, uint8_t **rows)
{
    for (uint32_t i = 0; i < f->num_images; i++) {
        const pvx_fused_image *fi = &f->images[i];
        images[i] = (image_rows){.planes = 1, .height = fi->height};
        if (fi->ring)
            continue;
        pvx_image *img = pvx_image_with_memory(f->stages[fi->stage].node->parameters[fi->param]);
        if (img == NULL)
            return VX_ERROR_NOT_ALLOCATED;
        images[i].ptr = img->plane[0].ptr;
        images[i].stride = (size_t)(ptrdiff_t)img->plane[0].stride_y;
        images[i].rows = rows;
        for (uint32_t y = 0; y < fi->height; y++)
            *rows++ = images[i].ptr + (ptrdiff_t)y * img->plane[0].stride_y;
        images[i].planes = img->planes;
        for (uint32_t q = 0; q < img->planes; q++) {
            images[i].plane_ptr[q] = img->plane[q].ptr;
            images[i].plane_stride[q] = (size_t)(ptrdiff_t)img->plane[q].stride_y;
            images[i].step_y[q] = img->plane[q].step_y;
        }
    }
    return VX_SUCCESS;
}

/* The band's scratch (p->scratch_bytes) and the twins' spare row (p->spare_bytes). */
static void band_memory(pass *p)
{
    const pvx_fused *f = p->f;
    uint32_t widest = 0, twins = 0;
    size_t row = 0;
    for (uint32_t i = 0; i < f->num_images; i++) {
        const pvx_fused_image *fi = &f->images[i];
        widest = fi->width > widest ? fi->width : widest;
        row = (size_t)fi->width * fi->pixel_bytes > row ? (size_t)fi->width * fi->pixel_bytes : row;
    }
    size_t scratch = sizeof(int32_t) * 8 * ((size_t)widest + 2);
    for (uint32_t k = 0; k < f->num_stages; k++) {     /* (stages run one at a time: one scratch) */
        scratch = f->stages[k].scratch_bytes > scratch ? f->stages[k].scratch_bytes : scratch;
        twins += f->stages[k].num_copies;
    }
    p->scratch_bytes = (scratch + 63) & ~(size_t)63;
    p->spare_bytes = twins ? (row + 63) & ~(size_t)63 : 0;
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
    size_t heights = 0;
    for (uint32_t i = 0; i < f->num_images; i++)
        heights += f->images[i].ring ? 0 : f->images[i].height;
    uint8_t **rows = status == VX_SUCCESS ? malloc(sizeof(uint8_t *) * (heights + 1)) : NULL;
    if (status == VX_SUCCESS)
        status = rows == NULL ? VX_ERROR_NO_MEMORY : attach(f, images, rows);
    if (status == VX_SUCCESS) {
        pass p = {f, images, constant, STEP_ROWS, 0, 0, VX_SUCCESS};
        band_memory(&p);
        while (p.step > 1 && ring_bytes(f, p.step) > RING_BYTES)
            p.step /= 2;
        pvx_rows_in_bands(run_band, &p, f->height, pixels);
        status = p.status;
    }
    free(rows);
    f->several = 0;
    for (uint32_t k = 0; k < f->num_stages; k++) {
        pvx_fused_stage *s = &f->stages[k];
        f->several += status == VX_SUCCESS && s->row != NULL && several_rows(s) != NULL;
        free(constant[k]);
        if (s->finish != NULL)              /* (a stage that did not prepare has none) */
            s->finish(s);
        s->finish = NULL, s->ctx = NULL, s->scratch_bytes = 0, s->rows = NULL;
    }
    return status;
}
