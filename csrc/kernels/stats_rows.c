/* The statistics row loops (stats_rows.h) per SIMD level: stats_rows.inc compiled for SSE2 and,
 * again, for AVX2 on x86-64, whose table AVX-512 takes with its own loops where they pay
 * (stats_rows_avx512.inc); the level in use (base/simd.c) picks the table. */
#include "../base/base.h"
#include "stats_rows.h"

#include <string.h>

#if defined(__x86_64__)
#pragma GCC optimize("O3")
#include <immintrin.h>

#define ROW(name) name##_base
#include "stats_rows.inc"
#undef ROW

#pragma GCC push_options
#pragma GCC target("avx2")
#define ROW(name) name##_avx2
#include "stats_rows.inc"
#undef ROW
#pragma GCC pop_options

/* AVX-512: the AVX2 table with the loops of stats_rows_avx512.inc (filled at load). */
#include "stats_rows_avx512.inc"

static pvx_stats_rows stats_rows_avx512;

__attribute__((constructor)) static void stats_rows_avx512_fill(void)
{
    stats_rows_avx512 = stats_rows_avx2;
    stats_avx512_overrides(&stats_rows_avx512);
}
#endif

const pvx_stats_rows *pvx_stats_rows_in_use(void)
{
#if defined(__x86_64__)
    switch (pvx_simd()) {
    case PVX_SIMD_PLAIN: return NULL;
    case PVX_SIMD_AVX2: return &stats_rows_avx2;
    case PVX_SIMD_AVX512: return &stats_rows_avx512;
    default: return &stats_rows_base;
    }
#else
    return NULL;
#endif
}
