/* The row-loop level in use (simd.h): the CPU's best, capped by PVX_SIMD or pvx_simd_set. */
#include "simd.h"

#include <stdlib.h>
#include <string.h>

static int level = -1;

static int cpu_best(void)
{
#if defined(__x86_64__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq") &&
        __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("avx512vnni"))
        return PVX_SIMD_AVX512;
    return __builtin_cpu_supports("avx2") ? PVX_SIMD_AVX2 : PVX_SIMD_SSE2;
#else
    return PVX_SIMD_SSE2;                      /* the "SSE2" loops are plain vectorizable C elsewhere */
#endif
}

int pvx_simd_set(int cap)
{
    int best = cpu_best();
    level = cap < PVX_SIMD_PLAIN ? PVX_SIMD_PLAIN : cap < best ? cap : best;
    return level;
}

int pvx_simd(void)
{
    if (level < 0) {
        const char *env = getenv("PVX_SIMD");
        int cap = env == NULL ? PVX_SIMD_AVX512 : !strcmp(env, "plain") ? PVX_SIMD_PLAIN
                : !strcmp(env, "sse2") ? PVX_SIMD_SSE2 : !strcmp(env, "avx2") ? PVX_SIMD_AVX2 : PVX_SIMD_AVX512;
        pvx_simd_set(cap);
    }
    return level;
}
