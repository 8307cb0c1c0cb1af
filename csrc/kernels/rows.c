/* The U8 row loops (rows.h) per SIMD level: rows.inc compiled for the baseline (SSE2 on
 * x86-64) and, on x86-64, again for AVX2, whose table AVX-512 takes with a few loops of its own
 * (rows_avx512.inc); the level in use (base/simd.c) picks the set. */
#include "../base/base.h"
#include "rows.h"

/* O3: -O2's cost model declines most of these loops (build_ffi adds -fno-math-errno, so sqrt, rint
 * and trunc are instructions there). */
#pragma GCC optimize("O3")

#include <math.h>
#include <string.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#define BLOCK 1024
/* x over [0, w) in steps of n, the last step moved back to end at w (it overlaps the one before:
 * the loops using it write outputs that are not their inputs); needs w >= n */
#define FOR_VECTORS(x, w, n)                                                                       \
    for (size_t x = 0, more_ = 1; more_; more_ = x + (n) < (w), x = x + 2 * (n) > (w) ? (w) - (n) : x + (n))
#define ROW(name) name##_base
#include "rows.inc"
#undef ROW

#if defined(__x86_64__)
#pragma GCC push_options
#pragma GCC target("avx2")
#define ROW(name) name##_avx2
#include "rows.inc"
#undef ROW
#pragma GCC pop_options

/* AVX-512: the AVX2 table with the loops of rows_avx512.inc where they pay (filled at load). */
#include "rows_avx512.inc"

static pvx_rows rows_avx512;

__attribute__((constructor)) static void rows_avx512_fill(void)
{
    rows_avx512 = rows_avx2;
    avx512_overrides(&rows_avx512);
}
#endif

static const pvx_rows plain;                   /* all NULL: the generic loops */

const pvx_rows *pvx_rows_in_use(void)
{
    switch (pvx_simd()) {
    case PVX_SIMD_PLAIN: return &plain;
#if defined(__x86_64__)
    case PVX_SIMD_AVX2: return &rows_avx2;
    case PVX_SIMD_AVX512: return &rows_avx512;
#endif
    default: return &rows_base;
    }
}
