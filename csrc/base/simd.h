/* Which row loops the standard kernels run: the plain C loops (every CPU, and the reference the
 * tests compare with), the SSE2 loops (the x86-64 baseline) or the AVX2 loops (when the CPU has
 * them). PVX_SIMD=plain|sse2|avx2 caps the choice; pvx_simd_set caps it at run time (tests, bench). */
#ifndef PVX_SIMD_H
#define PVX_SIMD_H

#include "common.h"

enum { PVX_SIMD_PLAIN = 0, PVX_SIMD_SSE2 = 1, PVX_SIMD_AVX2 = 2 };

PVX_HIDDEN int pvx_simd(void);
/* Uses at most `cap` (what the CPU lacks is never used); returns the level now in use. */
PVX_HIDDEN int pvx_simd_set(int cap);
#endif
