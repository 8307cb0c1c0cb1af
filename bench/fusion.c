/* Pipelines from camera work at 1080p, each as one verified graph with virtual intermediates, run
 * fused (PVX_FUSION=1: every size) and node by node (PVX_FUSION=0), on 1 and 2 threads (PVX_TILE_THREADS), beside
 * the memory floor: memcpy of max(input bytes, output bytes), one thread, its CPU time. Wall times,
 * and the CPU time of the one-thread runs (on a loaded machine the work without the waits). The cv2 calls of the same
 * pipelines are in bench/opencv.py ("pipelines"). Medians of 15 rounds.
 *
 *   edge    Gaussian3x3 -> Sobel3x3 -> Magnitude -> ConvertDepth (shift 1) -> Threshold (binary)
 *   motion  AbsDiff(previous, current) -> Gaussian3x3 -> Threshold -> Erode3x3 -> Dilate3x3
 *   camera  NV12 -> RGB (ColorConvert), and its Y (ChannelExtract) -> ScaleImage 960x540 bilinear
 *           -> GaussianPyramid (4 levels, HALF)
 *   canny   HalfScaleGaussian (3) -> Canny (3, L1, 40..100) on the 960x540 frame
 *   box4    4 x Box3x3, UNDEFINED borders (openvx-mark's GraphDividend_Box3x3_x4)
 *   filters Gaussian3x3 -> Box3x3 -> Median3x3 -> Erode3x3, UNDEFINED (GraphDividend_MixedFilters)
 *
 * Thread counts and fusion are decided when the library starts, so the program runs itself once per
 * configuration ("child" argument) with the environment set, and prints the JSON of all four. */
#include <VX/vx.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "bench.h"

enum { W = 1920, H = 1080, ROUNDS = 15, PIPELINES = 6 };
static const char *const names[PIPELINES] = {"edge", "motion", "camera", "canny", "box4", "filters"};

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The process's CPU time: on a loaded machine, what one thread's work costs without the waits. */
static double cpu_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* Medians over ROUNDS rounds of the wall and CPU time per call of `iters` calls. */
#define MEDIAN_NS(wall, cpu, iters, BODY)                                \
    do {                                                                 \
        double t_[ROUNDS], c_[ROUNDS];                                   \
        BODY;                                                            \
        for (int r_ = 0; r_ < ROUNDS; r_++) {                            \
            double t0_ = bench_now_ns(), c0_ = cpu_now_ns();             \
            for (int i_ = 0; i_ < (iters); i_++) {                       \
                BODY;                                                    \
            }                                                            \
            t_[r_] = (bench_now_ns() - t0_) / (iters);                   \
            c_[r_] = (cpu_now_ns() - c0_) / (iters);                     \
        }                                                                \
        qsort(t_, ROUNDS, sizeof t_[0], cmp);                            \
        qsort(c_, ROUNDS, sizeof c_[0], cmp);                            \
        (wall) = t_[ROUNDS / 2], (cpu) = c_[ROUNDS / 2];                 \
    } while (0)

static vx_image filled(vx_context ctx, vx_uint32 w, vx_uint32 h, vx_df_image f, unsigned seed)
{
    vx_image img = vxCreateImage(ctx, w, h, f);
    vx_uint32 planes = f == VX_DF_IMAGE_NV12 ? 2 : 1;
    for (vx_uint32 p = 0; p < planes; p++) {
        vx_rectangle_t rect = {0, 0, w, h};
        vx_imagepatch_addressing_t addr;
        vx_map_id id;
        void *ptr;
        vxMapImagePatch(img, &rect, p, &id, &addr, &ptr, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0);
        for (vx_uint32 y = 0; y < addr.dim_y / addr.step_y; y++) {
            vx_uint8 *row = (vx_uint8 *)ptr + (size_t)y * addr.stride_y;
            for (vx_uint32 x = 0; x < (addr.dim_x / addr.step_x) * (vx_uint32)addr.stride_x; x++)
                row[x] = (vx_uint8)((x * 7 + y * 13 + seed * 31 + ((x * y) >> 5)) ^ (x >> 3));  /* edges and texture */
        }
        vxUnmapImagePatch(img, id);
    }
    return img;
}

static vx_threshold binary(vx_context ctx, int value)
{
    vx_threshold t = vxCreateThresholdForImage(ctx, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
    vx_pixel_value_t v = {.U8 = (vx_uint8)value}, yes = {.U8 = 255}, no = {.U8 = 0};
    vxCopyThresholdValue(t, &v, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
    vxCopyThresholdOutput(t, &yes, &no, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
    return t;
}

static vx_graph pipeline(vx_context ctx, int which, size_t *in_bytes, size_t *out_bytes)
{
    vx_graph g = vxCreateGraph(ctx);
    vx_border_t replicate = {VX_BORDER_REPLICATE, {{0}}};
    vx_node n[5] = {0};
    if (which == 0) {
        vx_int32 one = 1;
        vx_image in = filled(ctx, W, H, VX_DF_IMAGE_U8, 1), out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
        vx_image blur = vxCreateVirtualImage(g, W, H, VX_DF_IMAGE_U8), gx = vxCreateVirtualImage(g, W, H, VX_DF_IMAGE_S16);
        vx_image gy = vxCreateVirtualImage(g, W, H, VX_DF_IMAGE_S16), mag = vxCreateVirtualImage(g, W, H, VX_DF_IMAGE_S16);
        vx_image u8 = vxCreateVirtualImage(g, W, H, VX_DF_IMAGE_U8);
        n[0] = vxGaussian3x3Node(g, in, blur), n[1] = vxSobel3x3Node(g, blur, gx, gy);
        n[2] = vxMagnitudeNode(g, gx, gy, mag);
        n[3] = vxConvertDepthNode(g, mag, u8, VX_CONVERT_POLICY_SATURATE, vxCreateScalar(ctx, VX_TYPE_INT32, &one));
        n[4] = vxThresholdNode(g, u8, binary(ctx, 40), out);
        *in_bytes = *out_bytes = (size_t)W * H;
    } else if (which == 1) {
        vx_image a = filled(ctx, W, H, VX_DF_IMAGE_U8, 1), b = filled(ctx, W, H, VX_DF_IMAGE_U8, 2);
        vx_image out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8), v[4];
        for (int k = 0; k < 4; k++) v[k] = vxCreateVirtualImage(g, W, H, VX_DF_IMAGE_U8);
        n[0] = vxAbsDiffNode(g, a, b, v[0]), n[1] = vxGaussian3x3Node(g, v[0], v[1]);
        n[2] = vxThresholdNode(g, v[1], binary(ctx, 20), v[2]), n[3] = vxErode3x3Node(g, v[2], v[3]);
        n[4] = vxDilate3x3Node(g, v[3], out);
        *in_bytes = (size_t)2 * W * H, *out_bytes = (size_t)W * H;
    } else if (which == 2) {
        vx_image in = filled(ctx, W, H, VX_DF_IMAGE_NV12, 3), rgb = vxCreateImage(ctx, W, H, VX_DF_IMAGE_RGB);
        vx_image y = vxCreateVirtualImage(g, W, H, VX_DF_IMAGE_U8), half = vxCreateVirtualImage(g, W / 2, H / 2, VX_DF_IMAGE_U8);
        vx_pyramid pyr = vxCreatePyramid(ctx, 4, VX_SCALE_PYRAMID_HALF, W / 2, H / 2, VX_DF_IMAGE_U8);
        n[0] = vxColorConvertNode(g, in, rgb), n[1] = vxChannelExtractNode(g, in, VX_CHANNEL_Y, y);
        n[2] = vxScaleImageNode(g, y, half, VX_INTERPOLATION_BILINEAR), n[3] = vxGaussianPyramidNode(g, half, pyr);
        *in_bytes = (size_t)W * H * 3 / 2, *out_bytes = (size_t)W * H * 3 + (size_t)W * H / 4 * 4 / 3;
    } else if (which >= 4) {
        vx_image in = filled(ctx, W, H, VX_DF_IMAGE_U8, 1), out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8), v[3];
        for (int k = 0; k < 3; k++) v[k] = vxCreateVirtualImage(g, W, H, VX_DF_IMAGE_U8);
        n[0] = which == 4 ? vxBox3x3Node(g, in, v[0]) : vxGaussian3x3Node(g, in, v[0]);
        n[1] = vxBox3x3Node(g, v[0], v[1]);
        n[2] = which == 4 ? vxBox3x3Node(g, v[1], v[2]) : vxMedian3x3Node(g, v[1], v[2]);
        n[3] = which == 4 ? vxBox3x3Node(g, v[2], out) : vxErode3x3Node(g, v[2], out);
        replicate.mode = VX_BORDER_UNDEFINED;     /* (as vxu calls and graphs leave it) */
        *in_bytes = *out_bytes = (size_t)W * H;
    } else {
        vx_image in = filled(ctx, W, H, VX_DF_IMAGE_U8, 1), out = vxCreateImage(ctx, W / 2, H / 2, VX_DF_IMAGE_U8);
        vx_image half = vxCreateVirtualImage(g, W / 2, H / 2, VX_DF_IMAGE_U8);
        vx_threshold t = vxCreateThresholdForImage(ctx, VX_THRESHOLD_TYPE_RANGE, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
        vx_pixel_value_t lo = {.U8 = 40}, hi = {.U8 = 100};
        vxCopyThresholdRange(t, &lo, &hi, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
        n[0] = vxHalfScaleGaussianNode(g, in, half, 3), n[1] = vxCannyEdgeDetectorNode(g, half, t, 3, VX_NORM_L1, out);
        *in_bytes = (size_t)W * H, *out_bytes = (size_t)W * H / 4;
    }
    for (int k = 0; k < 5; k++)
        if (n[k] != NULL)
            vxSetNodeAttribute(n[k], VX_NODE_BORDER, &replicate, sizeof replicate);
    if (vxVerifyGraph(g) != VX_SUCCESS) {
        fprintf(stderr, "pipeline %s does not verify\n", names[which]);
        exit(1);
    }
    return g;
}

/* One configuration: per pipeline "name graph_ns graph_cpu_ns floor_ns" (objects live until exit). */
static int child(void)
{
    vx_context ctx = vxCreateContext();
    for (int p = 0; p < PIPELINES; p++) {
        size_t in_bytes, out_bytes;
        vx_graph g = pipeline(ctx, p, &in_bytes, &out_bytes);
        double graph_ns, cpu_ns, floor_ns, unused;
        MEDIAN_NS(graph_ns, cpu_ns, 5, vxProcessGraph(g));
        size_t bytes = in_bytes > out_bytes ? in_bytes : out_bytes;
        char *src = malloc(bytes), *dst = malloc(bytes);
        memset(src, 1, bytes), memset(dst, 2, bytes);
        MEDIAN_NS(unused, floor_ns, 5, memcpy(dst, src, bytes); bench_sink += dst[bytes / 2]);
        free(src), free(dst);
        (void)unused;            /* the floor as CPU time: a copy is never waiting for another thread */
        printf("%s %.0f %.0f %.0f\n", names[p], graph_ns, cpu_ns, floor_ns);
    }
    return 0;
}

/* Runs this program as a child with fusion on or off and `threads` threads; fills ns[pipeline]. */
static void configuration(const char *self, int fused, int threads, double *ns, double *cpu, double *floor_ns)
{
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "PVX_FUSION=%d PVX_TILE_THREADS=%d '%s' child", fused, threads, self);
    FILE *f = popen(cmd, "r");
    char name[32];
    double g, c, fl;
    for (int p = 0; f != NULL && p < PIPELINES && fscanf(f, "%31s %lf %lf %lf", name, &g, &c, &fl) == 4; p++)
        ns[p] = g, cpu[p] = c, floor_ns[p] = fl;
    if (f == NULL || pclose(f) != 0) {
        fprintf(stderr, "%s failed\n", cmd);
        exit(1);
    }
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "child") == 0)
        return child();
    /* [fused][threads][pipeline]: the median over REPEATS runs of the four configurations in turn
     * (on a shared machine the load drifts; alternating spreads it over all alike) */
    enum { REPEATS = 5 };
    double ns[2][3][PIPELINES], cpu[2][3][PIPELINES], floor_ns[PIPELINES];
    double all_ns[REPEATS][2][3][PIPELINES], all_cpu[REPEATS][2][3][PIPELINES], all_floor[REPEATS][PIPELINES];
    for (int r = 0; r < REPEATS; r++)
        for (int fused = 0; fused < 2; fused++)
            for (int t = 1; t <= 2; t++)
                configuration(argv[0], fused, t, all_ns[r][fused][t], all_cpu[r][fused][t], all_floor[r]);
    for (int p = 0; p < PIPELINES; p++) {
        double v[REPEATS];
        for (int fused = 0; fused < 2; fused++)
            for (int t = 1; t <= 2; t++) {
                for (int r = 0; r < REPEATS; r++) v[r] = all_ns[r][fused][t][p];
                qsort(v, REPEATS, sizeof v[0], cmp);
                ns[fused][t][p] = v[REPEATS / 2];
                for (int r = 0; r < REPEATS; r++) v[r] = all_cpu[r][fused][t][p];
                qsort(v, REPEATS, sizeof v[0], cmp);
                cpu[fused][t][p] = v[REPEATS / 2];
            }
        for (int r = 0; r < REPEATS; r++) v[r] = all_floor[r][p];
        qsort(v, REPEATS, sizeof v[0], cmp);
        floor_ns[p] = v[REPEATS / 2];
    }
    bench_begin("fusion");
    int first = 1;
    for (int p = 0; p < PIPELINES; p++) {
        char name[96];
        snprintf(name, sizeof name, "%s_1080p fused vs node-by-node, CPU time, 1 thread", names[p]);
        bench_row(first, name, cpu[1][1][p], cpu[0][1][p]);
        first = 0;
        for (int t = 1; t <= 2; t++) {
            snprintf(name, sizeof name, "%s_1080p fused vs node-by-node, %d thread%s", names[p], t, t > 1 ? "s" : "");
            bench_row(0, name, ns[1][t][p], ns[0][t][p]);
            snprintf(name, sizeof name, "%s_1080p fused vs memory floor, %d thread%s", names[p], t, t > 1 ? "s" : "");
            bench_row(0, name, ns[1][t][p], floor_ns[p]);
        }
    }
    bench_end();
    return 0;
}
