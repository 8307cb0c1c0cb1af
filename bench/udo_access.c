/* User data object access from C: what a kernel pays per call to read a field by map/unmap, by
 * copy, and to query the size, beside the plain-C work of the same kind (pointer read, memcpy,
 * a size read) in the same run. Prints one JSON object. */
#define _POSIX_C_SOURCE 199309L
#include <VX/vx.h>
#include <VX/vx_khr_user_data_object.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

enum { ITERATIONS = 200000, BYTES = 4096 };

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

static volatile vx_uint32 sink;

typedef struct {
    const char *name;
    double ours_ns, plain_c_ns;
} result_t;

int main(void)
{
    vx_context ctx = vxCreateContext();
    static vx_uint8 plain[BYTES];
    vx_user_data_object udo = vxCreateUserDataObject(ctx, "bench_t", BYTES, NULL);
    if (vxGetStatus((vx_reference)udo) != VX_SUCCESS)
        return 1;
    vx_uint8 *volatile plain_ptr = plain;
    vx_uint32 field = 0;
    vx_size size = 0;
    volatile vx_size plain_size = BYTES;
    result_t results[3];
    double t0, t1, t2;

    t0 = now_ns();
    for (int i = 0; i < ITERATIONS; i++) {
        vx_map_id id;
        vx_uint32 *p;
        vxMapUserDataObject(udo, 64, sizeof *p, &id, (void **)&p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0);
        sink = *p;
        vxUnmapUserDataObject(udo, id);
    }
    t1 = now_ns();
    for (int i = 0; i < ITERATIONS; i++)
        sink = *(vx_uint32 *)(plain_ptr + 64);
    t2 = now_ns();
    results[0] = (result_t){"map_read_unmap_4B", (t1 - t0) / ITERATIONS, (t2 - t1) / ITERATIONS};

    t0 = now_ns();
    for (int i = 0; i < ITERATIONS; i++) {
        vxCopyUserDataObject(udo, 64, sizeof field, &field, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        sink = field;
    }
    t1 = now_ns();
    for (int i = 0; i < ITERATIONS; i++) {
        memcpy(&field, plain_ptr + 64, sizeof field);
        sink = field;
    }
    t2 = now_ns();
    results[1] = (result_t){"copy_read_4B", (t1 - t0) / ITERATIONS, (t2 - t1) / ITERATIONS};

    t0 = now_ns();
    for (int i = 0; i < ITERATIONS; i++) {
        vxQueryUserDataObject(udo, VX_USER_DATA_OBJECT_SIZE, &size, sizeof size);
        sink = (vx_uint32)size;
    }
    t1 = now_ns();
    for (int i = 0; i < ITERATIONS; i++)
        sink = (vx_uint32)plain_size;
    t2 = now_ns();
    results[2] = (result_t){"query_size", (t1 - t0) / ITERATIONS, (t2 - t1) / ITERATIONS};

    printf("{\"bench\": \"udo_access\", \"results\": [");
    for (int i = 0; i < 3; i++) {
        double floor_ns = results[i].plain_c_ns > 0.01 ? results[i].plain_c_ns : 0.01;
        printf("%s{\"name\": \"%s\", \"ours_ns\": %.2f, \"plain_c_ns\": %.2f, \"ratio\": %.1f}", i ? ", " : "",
               results[i].name, results[i].ours_ns, results[i].plain_c_ns, results[i].ours_ns / floor_ns);
    }
    printf("]}\n");
    vxReleaseUserDataObject(&udo);
    vxReleaseContext(&ctx);
    return 0;
}
