/* Tiling kernels (seed 001): the tile plan Python decides at verification, and the engine that runs
 * it. Each job is one tile of the output image with the function that computes it; the engine
 * fills a vx_tile_t per image parameter and calls the kernel per tile, on a small thread pool,
 * without Python. Plain data only (cffi parses this header). */
#ifndef PVX_TILING_H
#define PVX_TILING_H

#include "schedule.h"

#include <VX/vx_khr_tiling.h>

/* pvx_tiling.kinds: what each parameter is to the tile functions. */
#define PVX_TILE_UNUSED 0u            /* an optional parameter not set: NULL */
#define PVX_TILE_INPUT 1u             /* an input image: a vx_tile_t, bordered at the image edge */
#define PVX_TILE_OUTPUT 2u            /* an output image: a vx_tile_t */
#define PVX_TILE_SCALAR 3u            /* an input scalar: a pointer to its value */

/* pvx_tile_job.function */
#define PVX_TILE_FAST 0u
#define PVX_TILE_FLEXIBLE 1u

typedef struct pvx_tile_job {
    uint32_t x, y, width, height;     /* output pixels of the tile */
    uint32_t function;                /* PVX_TILE_FAST or PVX_TILE_FLEXIBLE */
    uint32_t bordered;                /* the neighborhood leaves the image: inputs come from a copy
                                         with the node's border (CONSTANT or REPLICATE) around it */
} pvx_tile_job;

typedef struct pvx_tiling {
    vx_tiling_kernel_f fast;
    vx_tiling_kernel_f flexible;
    vx_neighborhood_size_t neighborhood;
    vx_tile_block_size_t block;
    vx_size tile_memory_size;         /* per tile block */
    uint32_t *kinds;                  /* per parameter: PVX_TILE_* */
    pvx_tile_job *jobs;
    uint32_t num_jobs;
} pvx_tiling;

/* Runs every job of the plan over one parameter row; `border` is the node's. */
PVX_HIDDEN vx_status pvx_tiling_run(const pvx_tiling *t, const vx_border_t *border, vx_reference *params,
                                    vx_uint32 num_params);

#endif
