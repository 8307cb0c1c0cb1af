/* Cost of vxQueryReference and vxGetStatus called from C, beside a plain C function call that
 * does the same work (read one field through a pointer). */
#include <VX/vx.h>
#include "bench.h"

struct plain { vx_uint32 count; vx_enum type; };

__attribute__((noinline)) static vx_status plain_query(struct plain *p, vx_enum attr, void *ptr, vx_size size)
{
    if (p == NULL || size != sizeof(vx_uint32))
        return VX_ERROR_INVALID_PARAMETERS;
    *(vx_uint32 *)ptr = attr == VX_REFERENCE_COUNT ? p->count : (vx_uint32)p->type;
    return VX_SUCCESS;
}

__attribute__((noinline)) static vx_status plain_status(struct plain *p) { return p ? VX_SUCCESS : VX_FAILURE; }

int main(void)
{
    vx_context ctx = vxCreateContext();
    vx_reference ref = (vx_reference)ctx;
    struct plain p = {1, VX_TYPE_CONTEXT};
    struct plain *volatile pp = &p;
    vx_uint32 count = 0;
    vx_uint16 version = 0;
    double ours, plain;
    const long n = 2000000;

    bench_begin("reference_query");
    BENCH_NS(ours, 5, n, bench_sink += vxQueryReference(ref, VX_REFERENCE_COUNT, &count, sizeof count));
    BENCH_NS(plain, 5, n, bench_sink += plain_query(pp, VX_REFERENCE_COUNT, &count, sizeof count));
    bench_row(1, "vxQueryReference(COUNT)", ours, plain);
    BENCH_NS(ours, 5, n, bench_sink += vxGetStatus(ref));
    BENCH_NS(plain, 5, n, bench_sink += plain_status(pp));
    bench_row(0, "vxGetStatus", ours, plain);
    /* a query that Python answers: the cost of one crossing into the object model */
    BENCH_NS(ours, 3, 20000, bench_sink += vxQueryContext(ctx, VX_CONTEXT_VERSION, &version, sizeof version));
    BENCH_NS(plain, 3, 20000, bench_sink += plain_query(pp, VX_REFERENCE_TYPE, &count, sizeof count));
    bench_row(0, "vxQueryContext(VERSION) [Python]", ours, plain);
    bench_end();
    vxReleaseContext(&ctx);
    return 0;
}
