/* The thread pool (pool.c): helpers created on first use, the caller always works too. The tile
 * engine (runtime/tiling.c) runs a plan's jobs on it and the standard kernels their row bands. */
#ifndef PVX_POOL_H
#define PVX_POOL_H

#include "common.h"
#include "clock.h"

/* Threads the pool uses: PVX_TILE_THREADS, else the online CPUs (decided once), at most the limit
 * pvx_threads_limit sets (0: none; bench/opencv.py times one thread against OpenCV). */
PVX_HIDDEN unsigned pvx_tile_threads(void);
PVX_HIDDEN unsigned pvx_threads_limit(unsigned n);
/* fn(arg) on `workers` threads (the caller one of them); returns when every thread that took the
 * job is done. fn must return only when nothing is left for the others: helpers still waking up
 * then skip the job. While a job runs the pool is taken: pvx_pool_run from inside it (or from
 * another thread) runs fn on its caller alone, so work in a job may itself ask for the pool.
 * nodes: fn runs whole nodes (a graph's branches: user kernels, which may block), which only the
 * pool's helpers join, not threads in pvx_pool_help_until. */
PVX_HIDDEN void pvx_pool_run(void (*fn)(void *), void *arg, unsigned workers, int nodes);

/* Spins until ready(arg) (1) or for pvx_spin_until's while without it (0), taking a place in any
 * job posted meanwhile (the spin starts again after it): a thread waiting for a graph another
 * thread runs, or a worker between two graphs, does row bands instead of idling, and a job finds
 * it without a wake-up. From inside a job it only spins; it never joins a job of whole nodes (a
 * thread waiting for one graph must not end up in another's user kernel). */
PVX_HIDDEN int pvx_pool_help_until(pvx_ready_f *ready, const void *arg);

/* Threads running graphs (the executor counts itself in and out; a scheduled graph counts from
 * vxScheduleGraph on): a job asked for while others run gets fewer helpers, and a helper in a job
 * of row bands leaves it (between bands) once graphs started since leave it no core, so that
 * threads do not outnumber cores. */
PVX_HIDDEN void pvx_pool_runners(int delta);

/* A standard kernel's rows [first, end) (one band); bands never overlap, so they run at once. */
typedef void pvx_band_f(void *arg, uint32_t first, uint32_t end);
/* fn over rows [0, rows) in bands on the pool when the work (pixels times the kernel's cost per
 * pixel, PVX_COST_*) is large enough to gain from it, else on the caller alone; returns when every
 * band is done. Handing bands to the pool costs a few us (more when a helper sleeps): a U8 And of
 * 640x480 takes ~20 us alone and 4x that split, so cheap kernels split only from ~1 Mpixel. */
#define PVX_COST_POINTWISE 1u         /* a U8 pixel-wise row: ~0.07 ns per pixel */
#define PVX_COST_FILTER3 4u           /* a 3x3 filter row */
#define PVX_COST_CANNY 24u            /* Canny: gradients, suppression, growth (~1.7 ns a pixel) */
#define PVX_BAND_MIN_WORK (4u * 262144u)
PVX_HIDDEN void pvx_rows_in_bands(pvx_band_f *fn, void *arg, uint32_t rows, uint64_t work);

#endif
