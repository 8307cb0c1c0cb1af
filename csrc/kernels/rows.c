/* The U8 row loops (rows.h) per SIMD level: rows.inc compiled for the baseline (SSE2 on
 * x86-64) and, on x86-64, again for AVX2; the level in use (base/simd.c) picks the set. */
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
#endif

static const pvx_rows plain;                   /* all NULL: the generic loops */

const pvx_rows *pvx_rows_in_use(void)
{
    switch (pvx_simd()) {
    case PVX_SIMD_PLAIN: return &plain;
#if defined(__x86_64__)
    case PVX_SIMD_AVX2: return &rows_avx2;
#endif
    default: return &rows_base;
    }
}
