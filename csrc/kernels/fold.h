/* Folds (fold.c): several nodes of a fused pass computed as one stage where the composition is exact.
 * graph/fusion.py finds them at verification and fills the nodes; prepare works out, per run, what
 * the chain of unary stages does over its whole input domain. Plain data (cffi parses this header). */
#ifndef PVX_FOLD_H
#define PVX_FOLD_H

#include "../runtime/runtime.h"

enum { PVX_FOLD_MAX = 8,              /* nodes a fold takes at most */
       PVX_FOLD_CHUNK = 4096 };       /* domain values evaluated at once */

/* What comes before the unary stages (ConvertDepth, Threshold, TableLookup, Not) of a fold:
 * nothing (the chain reads an image), a Magnitude (reads gx, gy), a 3x3 filter with a U8 output,
 * or a Sobel3x3 whose gx and gy only its Magnitude reads. */
enum { PVX_FOLD_POINT, PVX_FOLD_MAGNITUDE, PVX_FOLD_FILTER, PVX_FOLD_SOBEL };

typedef struct pvx_fold {
    uint32_t head;                    /* PVX_FOLD_* */
    uint32_t count;                   /* nodes, in chain order: the head's (Sobel, Magnitude), then the unary ones */
    pvx_node *nodes[PVX_FOLD_MAX];
    int32_t kernels[PVX_FOLD_MAX];    /* their kernels' enums */
    /* per run (pvx_fold_prepare) */
    pvx_fused_stage member[PVX_FOLD_MAX];    /* each node's own stage, prepared as its kernel does */
    uint32_t first;                   /* the first unary member */
    int32_t low;                      /* the domain: [low, low + size) (Magnitude: its values 0..32767) */
    uint32_t size;
    vx_df_image domain_format, out_format;
    int32_t step;                     /* 1: the chain is `yes` on [lo, hi] of its domain and `no` elsewhere */
    int32_t yes, no, lo, hi;
    uint32_t s_lo, s_hi;              /* Magnitude: the same as gx^2 + gy^2 in [s_lo, s_hi] */
    int32_t valid, key[PVX_FOLD_MAX][8];      /* the unary members' values the table was made for */
    int16_t table[65536];             /* otherwise: the chain's value at v is table[v - low] */
    uint8_t table8[256];
    /* the domain rows in evaluation */
    int16_t rows[2][PVX_FOLD_CHUNK];
    int32_t scratch[8 * (PVX_FOLD_CHUNK + 2)];
} pvx_fold;

#endif
