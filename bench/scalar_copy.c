/* vxCopyScalar (read, from C) beside a plain C load of the same value: ns per call and ratio. */
#define _POSIX_C_SOURCE 199309L
#include <VX/vx.h>
#include <stdio.h>
#include <time.h>

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

int main(void)
{
    enum { N = 2000000 };
    vx_context context = vxCreateContext();
    vx_int32 value = 42, out = 0;
    vx_scalar s = vxCreateScalar(context, VX_TYPE_INT32, &value);
    vx_int64 sum = 0;
    for (int i = 0; i < 1000; i++)                     /* warm up: the first call starts Python */
        vxCopyScalar(s, &out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);

    double t0 = now_ns();
    for (int i = 0; i < N; i++) {
        if (vxCopyScalar(s, &out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST) != VX_SUCCESS)
            return 1;
        sum += out;
    }
    double ours = (now_ns() - t0) / N;

    volatile vx_int32 *src = &value;                   /* a load the compiler cannot hoist */
    t0 = now_ns();
    for (int i = 0; i < N; i++) {
        out = *src;
        sum += out;
    }
    double plain = (now_ns() - t0) / N;

    printf("{\"bench\": \"scalar_copy\", \"results\": [{\"name\": \"vxCopyScalar read int32\", "
           "\"ours_ns\": %.2f, \"plain_c_ns\": %.2f, \"ratio\": %.1f}], \"checksum\": %lld}\n",
           ours, plain, ours / plain, (long long)sum);
    vxReleaseScalar(&s);
    vxReleaseContext(&context);
    return 0;
}
