/* Fused execution (fusion.c): a run of consecutive nodes of a schedule whose kernels read a
 * bounded neighbourhood of rows, as one pass over bands of rows. Python (graph/fusion.py) decides
 * the chains at verification and fills this plan; the kernels give one prepare and one row function
 * per fusable kernel (their per-row entry points, passed here as pointers like kernel functions),
 * so the runtime knows no kernel. Images written and read only inside the pass (virtual, no views)
 * are rings of a few rows and never get memory of their own. Plain data only (cffi parses this). */
#ifndef PVX_FUSION_H
#define PVX_FUSION_H

#include "schedule.h"

#define PVX_FUSED_IO 2u               /* inputs and outputs a stage has at most */
#define PVX_FUSED_NONE 0xffffffffu    /* an absent image (Sobel's optional outputs) */
#define PVX_FUSED_ROWS 5u             /* input rows a stage reads per input at most (up + down + 1) */

struct pvx_fused_stage;
/* Output row y of a stage from `in`: per input, its rows factor y - up .. factor y + down (rows
 * outside the image already resolved per the node's border: the edge row or a constant row), then
 * for an application's image of several planes (ColorConvert's input) the same rows of each further
 * plane (the row that holds those pixels: row / its subsampling); `out`: per output, its row y
 * (NULL: absent), or for an application's image of several planes (ColorConvert's YUV outputs) its
 * first plane's `rows` rows rows y .. rows y + rows - 1 (images.rows: 2 for 4:2:0, written by
 * pairs), then the row of each further plane that holds them. `scratch` holds 8 (input width + 2)
 * int32 for the generic loops, or the stage's scratch_bytes if more (per band: no other thread's). */
typedef void pvx_fused_row_f(const struct pvx_fused_stage *s, const uint8_t *const *in, uint8_t *const *out,
                             int32_t *scratch);
/* Rows y .. y + n - 1 of a stage with one input and one output, factor 1, at once (n <= a step's
 * rows): `in` its input rows y - up .. y + n - 1 + down, `out` its n output rows, all inside the
 * images and computed (not edge rows). For kernels whose rows share work (a 3x3 filter's horizontal
 * sums of an input row serve three output rows): fewer operations than n row calls. */
typedef void pvx_fused_rows_f(const struct pvx_fused_stage *s, const uint8_t *const *in, uint8_t *const *out,
                              uint32_t n, int32_t *scratch);
/* Once per run: reads the node's parameters and border into the stage (scalars and thresholds may
 * change between runs), picks the row loop of the SIMD level in use, and sets the rows computed. */
typedef vx_status pvx_fused_prepare_f(struct pvx_fused_stage *s);
/* Once per run after the pass (also when it failed, or a later stage's prepare did): frees what
 * prepare made (the stage's ctx). */
typedef void pvx_fused_finish_f(struct pvx_fused_stage *s);

typedef struct pvx_fused_stage {
    pvx_fused_row_f *row;             /* NULL: a twin's, whose rows its twin's stage stores (`copies`) */
    pvx_fused_prepare_f *prepare;
    pvx_node *node;                   /* its border; its parameters are `params` */
    uint32_t num_in, num_out;
    uint32_t in[PVX_FUSED_IO], out[PVX_FUSED_IO];     /* indexes in pvx_fused.images, or PVX_FUSED_NONE */
    uint32_t factor, up, down;        /* output row y reads input rows factor y - up .. factor y + down */
    uint32_t num_copies;              /* twins (graph/twins.py): images that get each row of out[0] as it */
    const uint32_t *copies;           /* is computed (the part the kernel writes), indexes in pvx_fused.images */
    uint32_t scale;                   /* pass rows per output row: the product of the factors before */
    uint32_t lag;                     /* row y is computed at pass step scale y + lag: >= a producer's
                                       * lag + its scale x down, so what it reads is there */
    /* set per run: by the pass (the node's parameter row) */
    const vx_reference *params;
    /* set by the pass, per run: its output's size and its first input's */
    uint32_t width, height, in_width, in_height;
    /* set by prepare, per run */
    uint32_t first, last;             /* rows it computes: [first, last) (UNDEFINED filters skip the edges) */
    uint32_t edge;                    /* pixels at each end of a row it leaves unwritten (UNDEFINED filters) */
    vx_border_t border;
    vx_df_image in_format[PVX_FUSED_IO], out_format[PVX_FUSED_IO];
    int32_t args[6];
    const void *fn;                   /* the row loop of the level in use, or NULL: the generic one */
    pvx_fused_rows_f *rows;           /* several rows at once, or NULL (the pass resets it) */
    void *ctx;                        /* what the rows read, made per run (NonLinearFilter's mask) */
    pvx_fused_finish_f *finish;       /* frees ctx (NULL: nothing to free); the pass resets it */
    size_t scratch_bytes;             /* the rows' scratch if more than the default (see above) */
    void *plan;                       /* set at verification for the kernels' own use (a fold's nodes:
                                       * kernels/fold.c), or NULL */
} pvx_fused_stage;

typedef struct pvx_fused_image {
    uint32_t stage, param;            /* where it is a parameter (the node's row gives the reference) */
    uint32_t ring;                    /* rows held by a ring; 0: an image of the application (its memory) */
    uint32_t pixel_bytes;
    uint32_t width, height;           /* height: in rows of its stage (written by pairs: pairs) */
    uint32_t rows;                    /* of its first plane per row of its stage: 2 for a 4:2:0
                                       * image written by pairs of rows, else 1 */
} pvx_fused_image;

typedef struct pvx_fused {
    pvx_fused_stage *stages;          /* in schedule order: one per node of the pass */
    uint32_t num_stages;
    pvx_fused_image *images;
    uint32_t num_images;
    uint32_t height;                  /* pass rows: bands split them; stage k's row y is pass row scale y */
    uint32_t several;                 /* stages that ran several rows a call in the last run (tests read it) */
} pvx_fused;

/* Runs the pass once (the executor, graph.c, times it and sets its nodes' statuses). */
PVX_HIDDEN vx_status pvx_fused_run(pvx_fused *f);

#endif
