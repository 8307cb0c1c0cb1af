/* Timing helpers shared by the benchmarks: a monotonic clock, a best-of-N loop, JSON output. */
#ifndef PVX_BENCH_H
#define PVX_BENCH_H
#include <stdint.h>
#include <stdio.h>
#include <time.h>

static inline double bench_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* Best (lowest) time per iteration over `repeats` runs of `iters` iterations of BODY, in ns. */
#define BENCH_NS(result, repeats, iters, BODY)                       \
    do {                                                             \
        double best_ = 1e300;                                        \
        for (int r_ = 0; r_ < (repeats); r_++) {                     \
            double t0_ = bench_now_ns();                             \
            for (long i_ = 0; i_ < (long)(iters); i_++) {            \
                BODY;                                                \
            }                                                        \
            double dt_ = (bench_now_ns() - t0_) / (double)(iters);   \
            if (dt_ < best_)                                         \
                best_ = dt_;                                         \
        }                                                            \
        (result) = best_;                                            \
    } while (0)

/* One result row: our figure beside the plain-C figure for the same work. */
static inline void bench_row(int first, const char *name, double ours_ns, double plain_ns)
{
    printf("%s\n    {\"name\": \"%s\", \"ours_ns\": %.2f, \"plain_c_ns\": %.2f, \"ratio\": %.2f, \"overhead_ns\": %.2f}",
           first ? "" : ",", name, ours_ns, plain_ns, plain_ns > 0 ? ours_ns / plain_ns : 0.0, ours_ns - plain_ns);
}

static inline void bench_begin(const char *bench) { printf("{\"bench\": \"%s\", \"results\": [", bench); }
static inline void bench_end(void) { printf("\n]}\n"); }

/* Pixel (x, y) of a w x h U8 image, coordinates clamped (a replicated border): the plain-C
 * references of neighbourhood kernels. */
static inline uint8_t bench_pixel(const uint8_t *p, long w, long h, long x, long y)
{
    x = x < 0 ? 0 : x >= w ? w - 1 : x;
    y = y < 0 ? 0 : y >= h ? h - 1 : y;
    return p[y * w + x];
}

/* Keeps the compiler from removing work whose result is otherwise unused. */
static volatile long bench_sink;
#endif
