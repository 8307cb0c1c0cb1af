/* What a kernel pays to read a field of a user data object from C: map/read/unmap, copy, and a
 * size query, beside plain C doing the same work on its own struct (a noinline function that
 * checks its arguments and reads through a pointer). Every valid request is answered in C. */
#include <VX/vx.h>
#include <VX/vx_khr_user_data_object.h>
#include <string.h>
#include "bench.h"

enum { BYTES = 4096, FIELD = 64 };

struct plain { vx_uint8 *data; vx_size size; };

__attribute__((noinline)) static vx_status plain_map(struct plain *p, vx_size offset, vx_size size, void **ptr)
{
    if (p == NULL || ptr == NULL || offset >= p->size || size > p->size - offset)
        return VX_ERROR_INVALID_PARAMETERS;
    *ptr = p->data + offset;
    return VX_SUCCESS;
}

__attribute__((noinline)) static vx_status plain_copy(struct plain *p, vx_size offset, vx_size size, void *out)
{
    if (p == NULL || out == NULL || offset >= p->size || size > p->size - offset)
        return VX_ERROR_INVALID_PARAMETERS;
    memcpy(out, p->data + offset, size);
    return VX_SUCCESS;
}

__attribute__((noinline)) static vx_status plain_size(struct plain *p, vx_size *out)
{
    if (p == NULL || out == NULL)
        return VX_ERROR_INVALID_PARAMETERS;
    *out = p->size;
    return VX_SUCCESS;
}

int main(void)
{
    static vx_uint8 bytes[BYTES];
    struct plain p = {bytes, BYTES};
    struct plain *volatile pp = &p;
    vx_context ctx = vxCreateContext();
    vx_user_data_object udo = vxCreateUserDataObject(ctx, "bench_t", BYTES, NULL);
    vx_map_id id;
    vx_uint32 *field = NULL, value = 0;
    vx_size size = 0;
    double ours, plain;
    const long n = 1000000;

    bench_begin("udo_access");
    BENCH_NS(ours, 5, n, {
        vxMapUserDataObject(udo, FIELD, sizeof *field, &id, (void **)&field, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0);
        bench_sink += *field;
        vxUnmapUserDataObject(udo, id);
    });
    BENCH_NS(plain, 5, n, {
        plain_map(pp, FIELD, sizeof *field, (void **)&field);
        bench_sink += *field;
    });
    bench_row(1, "vxMapUserDataObject+read+vxUnmapUserDataObject", ours, plain);
    BENCH_NS(ours, 5, n, {
        vxCopyUserDataObject(udo, FIELD, sizeof value, &value, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        bench_sink += value;
    });
    BENCH_NS(plain, 5, n, {
        plain_copy(pp, FIELD, sizeof value, &value);
        bench_sink += value;
    });
    bench_row(0, "vxCopyUserDataObject(4 bytes)", ours, plain);
    BENCH_NS(ours, 5, n, bench_sink += vxQueryUserDataObject(udo, VX_USER_DATA_OBJECT_SIZE, &size, sizeof size));
    BENCH_NS(plain, 5, n, bench_sink += plain_size(pp, &size));
    bench_row(0, "vxQueryUserDataObject(SIZE)", ours, plain);
    bench_end();
    vxReleaseUserDataObject(&udo);
    vxReleaseContext(&ctx);
    return 0;
}
