/* Which row loops the standard kernels run: the plain C loops (every CPU, and the reference the
 * tests compare with), the SSE2 loops (the x86-64 baseline), the AVX2 loops or the AVX-512 level
 * (the AVX2 loops with AVX-512 ones where they pay; CPUs with avx512f, bw, vl, dq, vbmi and vnni).
 * PVX_SIMD=plain|sse2|avx2|avx512 caps the choice; pvx_simd_set caps it at run time (tests,
 * bench). Levels are ordered: code written for AVX2 runs at every level >= PVX_SIMD_AVX2. */
#ifndef PVX_SIMD_H
#define PVX_SIMD_H

#include "common.h"

enum { PVX_SIMD_PLAIN = 0, PVX_SIMD_SSE2 = 1, PVX_SIMD_AVX2 = 2, PVX_SIMD_AVX512 = 3 };

/* The target of the AVX-512 loops (what simd.c checks for PVX_SIMD_AVX512), as an attribute
 * argument and (PVX_TARGET_AVX512, between push_options and pop_options) as a pragma. */
#define PVX_AVX512_TARGET "avx2,avx512f,avx512bw,avx512vl,avx512dq,avx512vbmi,avx512vnni"
#define PVX_PRAGMA_(x) _Pragma(#x)
#define PVX_PRAGMA(x) PVX_PRAGMA_(x)
#define PVX_TARGET_AVX512 PVX_PRAGMA(GCC target(PVX_AVX512_TARGET))

PVX_HIDDEN int pvx_simd(void);
/* Uses at most `cap` (what the CPU lacks is never used); returns the level now in use. */
PVX_HIDDEN int pvx_simd_set(int cap);
#endif
