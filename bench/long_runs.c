/* Long runs (issue 15): resident memory stays flat over many create/release cycles of each object
 * type and many verify/process cycles of a graph. Per row: the time per cycle beside plain C's
 * floor for the same bytes (malloc, touch, free), and the process's resident set before and after
 * the cycles, after a warm-up that fills the handle arena's quarantine (handle.c: released slots
 * are reused only after 65536 others) and 1000 cycles of the row's own, so growth after it is a
 * leak, not the arena or the interpreter's caches filling up.
 *
 *     long_runs [CYCLES [GRAPH_CYCLES]]     (defaults 10^6 and 10^5: several minutes)
 * tests/test_long_runs.py runs a small count and asserts the growth. */
#include <VX/vx.h>
#include <VX/vx_khr_user_data_object.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

/* Releases that fill the quarantine of 65536 slots and write the free ring (grown to 131072
 * entries) all round: from then on cycles reuse the same slots and ring pages. */
#define WARM_UP 140000

static vx_context ctx;
static int failures;

static long rss_kib(void)
{
    long pages = 0, resident = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f == NULL || fscanf(f, "%ld %ld", &pages, &resident) != 2)
        resident = -1;
    if (f)
        fclose(f);
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

static void release(vx_reference r)
{
    if (vxGetStatus(r) != VX_SUCCESS || vxReleaseReference(&r) != VX_SUCCESS)
        failures++;
}

/* One create/release cycle per object type; each releases everything it made. */
static void image(void) { release((vx_reference)vxCreateImage(ctx, 640, 480, VX_DF_IMAGE_U8)); }

static void image_with_pixels(void)
{
    vx_image img = vxCreateImage(ctx, 64, 64, VX_DF_IMAGE_U8);
    vx_pixel_value_t v = {{0}};
    if (vxSetImagePixelValues(img, &v) != VX_SUCCESS)
        failures++;
    release((vx_reference)img);
}

static void virtual_image(void)
{
    vx_graph g = vxCreateGraph(ctx);
    release((vx_reference)vxCreateVirtualImage(g, 64, 64, VX_DF_IMAGE_U8));
    release((vx_reference)g);
}

static void array(void) { release((vx_reference)vxCreateArray(ctx, VX_TYPE_KEYPOINT, 100)); }
static void scalar(void) { release((vx_reference)vxCreateScalar(ctx, VX_TYPE_UINT32, &(vx_uint32){7})); }

static void threshold(void)
{
    release((vx_reference)vxCreateThresholdForImage(ctx, VX_THRESHOLD_TYPE_RANGE, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8));
}

static void lut(void) { release((vx_reference)vxCreateLUT(ctx, VX_TYPE_UINT8, 256)); }
static void matrix(void) { release((vx_reference)vxCreateMatrix(ctx, VX_TYPE_FLOAT32, 3, 3)); }
static void convolution(void) { release((vx_reference)vxCreateConvolution(ctx, 3, 3)); }
static void distribution(void) { release((vx_reference)vxCreateDistribution(ctx, 16, 0, 256)); }
static void remap(void) { release((vx_reference)vxCreateRemap(ctx, 64, 64, 64, 64)); }

static void tensor(void)
{
    vx_size dims[3] = {16, 16, 4};
    release((vx_reference)vxCreateTensor(ctx, 3, dims, VX_TYPE_INT16, 0));
}

static void pyramid(void)
{
    release((vx_reference)vxCreatePyramid(ctx, 3, VX_SCALE_PYRAMID_HALF, 64, 64, VX_DF_IMAGE_U8));
}

static void user_data_object(void) { release((vx_reference)vxCreateUserDataObject(ctx, "bench", 64, NULL)); }

/* Containers: an exemplar and the container made from it. */
static void container(int delay)
{
    vx_image exemplar = vxCreateImage(ctx, 16, 16, VX_DF_IMAGE_U8);
    release(delay ? (vx_reference)vxCreateDelay(ctx, (vx_reference)exemplar, 2)
                  : (vx_reference)vxCreateObjectArray(ctx, (vx_reference)exemplar, 2));
    release((vx_reference)exemplar);
}

static void object_array(void) { container(0); }
static void delay(void) { container(1); }
static void graph(void) { release((vx_reference)vxCreateGraph(ctx)); }

static vx_image node_in, node_out;

static void graph_and_node(void)
{
    vx_graph g = vxCreateGraph(ctx);
    release((vx_reference)vxNotNode(g, node_in, node_out));
    release((vx_reference)g);
}

static void context(void) { vx_context c = vxCreateContext(); release((vx_reference)c); }

/* Plain C's floor for `bytes`: allocate, touch, free. */
static double plain_ns(size_t bytes, long cycles)
{
    double ns;
    BENCH_NS(ns, 1, cycles, {
        char *p = malloc(bytes);
        p[0] = (char)i_;
        p[bytes - 1] = (char)i_;
        bench_sink += p[bytes / 2];
        free(p);
    });
    return ns;
}

static int first = 1;

static void row(const char *name, void (*cycle)(void), long cycles, size_t bytes)
{
    double ns;
    for (long i = 0; i < (cycles < 1000 ? cycles : 1000); i++)
        cycle();                      /* the first runs of a path fill the interpreter's caches */
    long before = rss_kib();
    BENCH_NS(ns, 1, cycles, cycle());
    long after = rss_kib();
    double floor_ns = plain_ns(bytes, cycles < 100000 ? cycles : 100000);
    printf("%s\n    {\"name\": \"%s\", \"cycles\": %ld, \"ours_ns\": %.1f, \"plain_c_ns\": %.1f, \"ratio\": %.1f, "
           "\"rss_before_kib\": %ld, \"rss_after_kib\": %ld, \"rss_growth_kib\": %ld}",
           first ? "" : ",", name, cycles, ns, floor_ns, ns / floor_ns, before, after, after - before);
    first = 0;
    fflush(stdout);
}

/* Verify and process the same graph again and again (3 nodes over 64x64 images). */
static vx_graph chain;

static void verify_process(void)
{
    if (vxVerifyGraph(chain) != VX_SUCCESS || vxProcessGraph(chain) != VX_SUCCESS)
        failures++;
}

int main(int argc, char **argv)
{
    long cycles = argc > 1 ? atol(argv[1]) : 1000000, graph_cycles = argc > 2 ? atol(argv[2]) : 100000;
    ctx = vxCreateContext();
    if (vxGetStatus((vx_reference)ctx) != VX_SUCCESS)
        return 1;
    vx_uint32 start = 0, end = 0;
    vxQueryContext(ctx, VX_CONTEXT_REFERENCES, &start, sizeof start);
    node_in = vxCreateImage(ctx, 64, 64, VX_DF_IMAGE_U8);
    node_out = vxCreateImage(ctx, 64, 64, VX_DF_IMAGE_U8);
    for (long i = 0; i < WARM_UP; i++)
        scalar();

    static const struct { const char *name; void (*cycle)(void); size_t bytes; long divisor; } types[] = {
        {"image_640x480_u8", image, 640 * 480, 1}, {"image_64x64_u8_filled", image_with_pixels, 64 * 64, 1},
        {"virtual_image_in_graph", virtual_image, 64 * 64, 1}, {"array_100_keypoints", array, 100 * 28, 1},
        {"scalar_u32", scalar, 4, 1}, {"threshold_range", threshold, 16, 1}, {"lut_256_u8", lut, 256, 1},
        {"matrix_3x3_f32", matrix, 36, 1}, {"convolution_3x3", convolution, 18, 1},
        {"distribution_16", distribution, 64, 1}, {"remap_64x64", remap, 64 * 64 * 8, 1},
        {"tensor_16x16x4_s16", tensor, 2048, 1}, {"pyramid_3_levels_64x64", pyramid, 64 * 64 * 2, 1},
        {"user_data_object_64", user_data_object, 64, 1}, {"object_array_2_images", object_array, 512, 1},
        {"delay_2_images", delay, 512, 1}, {"graph", graph, 64, 1}, {"graph_with_not_node", graph_and_node, 64, 1},
        {"context", context, 4096, 100},
    };
    bench_begin("long_runs");
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        long n = cycles / types[i].divisor;
        row(types[i].name, types[i].cycle, n > 0 ? n : 1, types[i].bytes);
    }

    chain = vxCreateGraph(ctx);
    vx_image a = vxCreateVirtualImage(chain, 0, 0, VX_DF_IMAGE_VIRT), b = vxCreateVirtualImage(chain, 0, 0, VX_DF_IMAGE_VIRT);
    vx_node nodes[3] = {vxNotNode(chain, node_in, a), vxBox3x3Node(chain, a, b), vxNotNode(chain, b, node_out)};
    row("verify_and_process_3_node_graph", verify_process, graph_cycles, 3 * 64 * 64);
    for (int i = 0; i < 3; i++)
        release((vx_reference)nodes[i]);
    release((vx_reference)a);
    release((vx_reference)b);
    release((vx_reference)chain);
    release((vx_reference)node_in);
    release((vx_reference)node_out);
    vxQueryContext(ctx, VX_CONTEXT_REFERENCES, &end, sizeof end);
    bench_end();
    vxReleaseContext(&ctx);
    if (failures || end != start)
        fprintf(stderr, "long_runs: %d failed calls, references %u -> %u\n", failures, start, end);
    return failures || end != start;
}
