/* The framework costs openvx-mark exposes (issue 25, item 4), standard API only, medians of
 * repeated runs (the machine is shared). Each row: ours_ns is what is measured, plain_c_ns the
 * figure it is judged against, metric the figure of merit.
 *
 *  async_box3x3x4_64x48    the same on 64x48 images (the run short, the overhead plain to see)
 *  async_box3x3x4_vga      vxScheduleGraph + vxWaitGraph of a 4-node Box3x3 chain (virtual
 *                          intermediates) beside vxProcessGraph of it; metric: overhead in us (goal <= 5)
 *  branches_box3x3_vga     N = online CPUs independent Box3x3 nodes reading one input in one graph,
 *                          beside N times the one-branch graph; metric: parallelism efficiency
 *                          (N T1 / TN / N, goal >= 0.9)
 *  branches_equalize_hist_vga  the same with EqualizeHist, a kernel that does not split its rows:
 *                          there N branches can use N cores where one branch uses one
 *  two_graphs_box3x3x4_{vga,1080p}  two chain graphs scheduled together and waited for, beside
 *                          vxProcessGraph of one then the other; metric: speed-up (goal >= 1.6 on 2
 *                          cores; bounded by 2 / the chain's band speed-up when it bands)
 *  parallel_branches_box3x3x4_{vga,1080p}  openvx-mark's ParallelBranches: 4 Box3x3 branches of one
 *                          graph beside 4 vxuBox3x3 calls; metric: speed-up
 *  dividend_{box4,filters}_{vga,1080p,4k}  openvx-mark's GraphDividend: a 4-node chain (4 x Box3x3;
 *                          Gaussian3x3 -> Box3x3 -> Median3x3 -> Erode3x3) as one graph with virtual
 *                          intermediates, beside the same 4 vxu calls (`_immediate`, metric
 *                          graph_speedup) and the graph with the application's images between the
 *                          nodes (`_real`, metric virtual_dividend); goal >= 1 (>= 1.3 at 4K)
 *  first_run_chain64_1080p the first vxProcessGraph after vxVerifyGraph of a 64-node Box3x3 chain,
 *                          beside the next runs; metric: first minus next in ms (goal <= next)
 *  verify_chain_{vga,1080p,4k}  openvx-mark's VerifyChain: vxVerifyGraph of Box3x3 chains of 1, 4, 16
 *                          and 64 nodes (virtual intermediates; a filled input, an output made by
 *                          vxCreateImage and never mapped, each graph built, verified, run once and
 *                          released in turn); ours_ns the 64-node verification, plain_c_ns the 1-node
 *                          one, metric: the least-squares slope in ms a node (goal <= 0.02)
 *  verify_not_chain64_1080p  vxVerifyGraph of a 64-node Not chain (virtual intermediates, not fused),
 *                          beside a 2-node one; metric: ms (virtual images sharing storage: a few buffers)
 *  and_vga                 And of two 640x480 U8 images, beside a plain C loop; metric: ratio
 *  warp_affine_undefined_1080p  bilinear WarpAffine (a rotation, part of the output outside), UNDEFINED
 *                          border beside CONSTANT; metric: ratio
 *  harris_{vga,1080p,4k}   HarrisCorners, beside its VGA time scaled by the pixel count; metric: MP/s */
#include <VX/vx.h>
#include <VX/vxu.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "bench.h"

#define SAMPLES 41

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, n, sizeof *v, cmp);
    return v[n / 2];
}

/* Median over SAMPLES of the time of BODY, in ns (one warm-up first). */
#define MEDIAN_NS(result, BODY)                                      \
    do {                                                             \
        double s_[SAMPLES];                                          \
        BODY;                                                        \
        for (int k_ = 0; k_ < SAMPLES; k_++) {                       \
            double t0_ = bench_now_ns();                             \
            BODY;                                                    \
            s_[k_] = bench_now_ns() - t0_;                           \
        }                                                            \
        (result) = median(s_, SAMPLES);                              \
    } while (0)

static int first_row = 1;

static void row(const char *name, double ours, double plain, const char *metric_name, double metric)
{
    printf("%s\n    {\"name\": \"%s\", \"ours_ns\": %.1f, \"plain_c_ns\": %.1f, \"ratio\": %.3f, \"%s\": %.3f}",
           first_row ? "" : ",", name, ours, plain, plain > 0 ? ours / plain : 0.0, metric_name, metric);
    first_row = 0;
    fflush(stdout);
}

static void check(vx_status s, const char *what)
{
    if (s != VX_SUCCESS) {
        fprintf(stderr, "%s: %d\n", what, s);
        exit(1);
    }
}

static vx_image filled(vx_context ctx, vx_uint32 w, vx_uint32 h, unsigned seed)
{
    vx_image img = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
    vx_rectangle_t rect = {0, 0, w, h};
    vx_imagepatch_addressing_t a;
    vx_map_id id;
    void *p = NULL;
    check(vxMapImagePatch(img, &rect, 0, &id, &a, &p, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0), "map");
    srand(seed);
    for (vx_uint32 y = 0; y < h; y++)
        for (vx_uint32 x = 0; x < w; x++)
            ((vx_uint8 *)p)[(size_t)y * a.stride_y + x] = (vx_uint8)(rand() >> 7);
    vxUnmapImagePatch(img, id);
    return img;
}

/* in -> Box3x3 x n -> out, virtual intermediates. */
static vx_graph box_chain(vx_context ctx, vx_image in, vx_image out, int n)
{
    vx_graph g = vxCreateGraph(ctx);
    vx_image cur = in;
    for (int i = 0; i < n; i++) {
        vx_image next = i == n - 1 ? out : vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_U8);
        vx_node node = vxBox3x3Node(g, cur, next);
        vxReleaseNode(&node);
        if (cur != in)
            vxReleaseImage(&cur);
        cur = next;
    }
    return g;
}

/* The same pair on a 64x48 chain, where the run is short enough for the overhead to show. */
static void async_small_row(vx_context ctx)
{
    vx_image in = filled(ctx, 64, 48, 9), out = vxCreateImage(ctx, 64, 48, VX_DF_IMAGE_U8);
    vx_graph g = box_chain(ctx, in, out, 4);
    check(vxVerifyGraph(g), "verify");
    double sync[5], async[5];
    for (int k = 0; k < 5; k++) {                 /* interleaved: the machine's load moves */
        MEDIAN_NS(sync[k], vxProcessGraph(g));
        MEDIAN_NS(async[k], vxScheduleGraph(g); vxWaitGraph(g));
    }
    double s = median(sync, 5), a = median(async, 5);
    row("async_box3x3x4_64x48", a, s, "overhead_us", (a - s) / 1e3);
    vxReleaseGraph(&g);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
}

/* schedule + wait vs process of one chain (VGA only), and two chains scheduled together vs
 * processed in turn, at w x h */
static void async_rows(vx_context ctx, vx_uint32 w, vx_uint32 h, const char *size)
{
    vx_image in = filled(ctx, w, h, 1), out = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
    vx_image in2 = filled(ctx, w, h, 2), out2 = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
    vx_graph g = box_chain(ctx, in, out, 4), g2 = box_chain(ctx, in2, out2, 4);
    check(vxVerifyGraph(g), "verify");
    check(vxVerifyGraph(g2), "verify");
    double sync[5], async[5], turn[5], together[5];
    for (int k = 0; k < 5; k++) {                 /* interleaved: the machine's load moves */
        MEDIAN_NS(sync[k], vxProcessGraph(g));
        MEDIAN_NS(async[k], vxScheduleGraph(g); vxWaitGraph(g));
        MEDIAN_NS(turn[k], vxProcessGraph(g); vxProcessGraph(g2));
        MEDIAN_NS(together[k], vxScheduleGraph(g); vxScheduleGraph(g2); vxWaitGraph(g); vxWaitGraph(g2));
    }
    double s = median(sync, 5), a = median(async, 5), t = median(turn, 5), b = median(together, 5);
    char name[64];
    if (w == 640) {
        snprintf(name, sizeof name, "async_box3x3x4_%s", size);
        row(name, a, s, "overhead_us", (a - s) / 1e3);
    }
    snprintf(name, sizeof name, "two_graphs_box3x3x4_%s", size);
    row(name, b, t, "speedup", t / b);
    vxReleaseGraph(&g);
    vxReleaseGraph(&g2);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseImage(&in2);
    vxReleaseImage(&out2);
}

/* openvx-mark's ParallelBranches: 4 Box3x3 nodes reading one input into 4 images in one graph,
 * beside 4 vxuBox3x3 calls; metric: speed-up (bounded by 2 / the calls' band speed-up) */
static void parallel_branches_row(vx_context ctx, vx_uint32 w, vx_uint32 h, const char *size)
{
    vx_image in = filled(ctx, w, h, 3), outs[4];
    vx_graph g = vxCreateGraph(ctx);
    for (int i = 0; i < 4; i++) {
        outs[i] = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
        vx_node node = vxBox3x3Node(g, in, outs[i]);
        vxReleaseNode(&node);
    }
    check(vxVerifyGraph(g), "verify");
    double calls[5], graph[5];
    for (int k = 0; k < 5; k++) {
        MEDIAN_NS(calls[k], for (int i = 0; i < 4; i++) vxuBox3x3(ctx, in, outs[i]));
        MEDIAN_NS(graph[k], vxProcessGraph(g));
    }
    double c = median(calls, 5), b = median(graph, 5);
    char name[64];
    snprintf(name, sizeof name, "parallel_branches_box3x3x4_%s", size);
    row(name, b, c, "speedup", c / b);
    vxReleaseGraph(&g);
    for (int i = 0; i < 4; i++)
        vxReleaseImage(&outs[i]);
    vxReleaseImage(&in);
}

static vx_node box_node(vx_graph g, vx_image in, vx_image out)
{
    return vxBox3x3Node(g, in, out);
}

static vx_node equalize_node(vx_graph g, vx_image in, vx_image out)
{
    return vxEqualizeHistNode(g, in, out);
}

/* N = online CPUs branches of one kernel reading one input, beside the one-branch graph. */
static void branch_row(vx_context ctx, const char *name, vx_node (*make)(vx_graph, vx_image, vx_image))
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    vx_image in = filled(ctx, 640, 480, 3);
    vx_graph one = vxCreateGraph(ctx), all = vxCreateGraph(ctx);
    vx_image outs[64];
    for (long i = 0; i < n && i < 64; i++) {
        outs[i] = vxCreateImage(ctx, 640, 480, VX_DF_IMAGE_U8);
        vx_node node = make(all, in, outs[i]);
        vxReleaseNode(&node);
        if (i == 0) {
            node = make(one, in, outs[i]);
            vxReleaseNode(&node);
        }
    }
    check(vxVerifyGraph(one), "verify");
    check(vxVerifyGraph(all), "verify");
    check(vxProcessGraph(one), "process");
    check(vxProcessGraph(all), "process");
    double t1[5], tn[5];
    for (int k = 0; k < 5; k++) {                 /* interleaved: the machine's load moves */
        MEDIAN_NS(t1[k], vxProcessGraph(one));
        MEDIAN_NS(tn[k], vxProcessGraph(all));
    }
    double a = median(t1, 5), b = median(tn, 5);
    row(name, b, n * a, "efficiency", a / b);
    vxReleaseGraph(&one);
    vxReleaseGraph(&all);
    for (long i = 0; i < n && i < 64; i++)
        vxReleaseImage(&outs[i]);
    vxReleaseImage(&in);
}

typedef vx_node (*node_f)(vx_graph, vx_image, vx_image);
typedef vx_status (*call_f)(vx_context, vx_image, vx_image);

static const struct {
    const char *name;
    node_f nodes[4];
    call_f calls[4];
} chains[] = {
    {"box4", {vxBox3x3Node, vxBox3x3Node, vxBox3x3Node, vxBox3x3Node}, {vxuBox3x3, vxuBox3x3, vxuBox3x3, vxuBox3x3}},
    {"filters", {vxGaussian3x3Node, vxBox3x3Node, vxMedian3x3Node, vxErode3x3Node},
     {vxuGaussian3x3, vxuBox3x3, vxuMedian3x3, vxuErode3x3}},
};

/* in -> chain -> out; between the nodes virtual images of the graph, or the application's `mid`. */
static vx_graph dividend_graph(vx_context ctx, int c, vx_image in, vx_image out, vx_image *mid, int virtual)
{
    vx_graph g = vxCreateGraph(ctx);
    vx_uint32 w, h;
    vxQueryImage(in, VX_IMAGE_WIDTH, &w, sizeof w);
    vxQueryImage(in, VX_IMAGE_HEIGHT, &h, sizeof h);
    vx_image cur = in;
    for (int i = 0; i < 4; i++) {
        vx_image next = i == 3 ? out : virtual ? vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8) : mid[i];
        vx_node node = chains[c].nodes[i](g, cur, next);
        vxReleaseNode(&node);
        if (virtual && cur != in)
            vxReleaseImage(&cur);
        cur = next;
    }
    check(vxVerifyGraph(g), "verify");
    return g;
}

static void dividend_rows(vx_context ctx, vx_uint32 w, vx_uint32 h, const char *size)
{
    for (int c = 0; c < 2; c++) {
        vx_image in = filled(ctx, w, h, 10), out = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8), mid[3];
        for (int i = 0; i < 3; i++)
            mid[i] = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
        vx_graph real = dividend_graph(ctx, c, in, out, mid, 0), virt = dividend_graph(ctx, c, in, out, mid, 1);
        double calls[5], graph_real[5], graph_virt[5];
        for (int k = 0; k < 5; k++) {             /* interleaved: the machine's load moves */
            MEDIAN_NS(calls[k], for (int i = 0; i < 4; i++) chains[c].calls[i](ctx, i ? mid[i - 1] : in, i < 3 ? mid[i] : out));
            MEDIAN_NS(graph_real[k], vxProcessGraph(real));
            MEDIAN_NS(graph_virt[k], vxProcessGraph(virt));
        }
        double a = median(calls, 5), r = median(graph_real, 5), v = median(graph_virt, 5);
        char name[64];
        snprintf(name, sizeof name, "dividend_%s_%s_immediate", chains[c].name, size);
        row(name, v, a, "graph_speedup", a / v);
        snprintf(name, sizeof name, "dividend_%s_%s_real", chains[c].name, size);
        row(name, v, r, "virtual_dividend", r / v);
        vxReleaseGraph(&real);
        vxReleaseGraph(&virt);
        for (int i = 0; i < 3; i++)
            vxReleaseImage(&mid[i]);
        vxReleaseImage(&in);
        vxReleaseImage(&out);
    }
}

static void first_run_row(vx_context ctx)
{
    double first[5], next[5];
    for (int k = 0; k < 5; k++) {
        vx_image in = filled(ctx, 1920, 1080, 4), out = vxCreateImage(ctx, 1920, 1080, VX_DF_IMAGE_U8);
        vx_graph g = box_chain(ctx, in, out, 64);
        check(vxVerifyGraph(g), "verify");
        double t0 = bench_now_ns();
        check(vxProcessGraph(g), "process");
        first[k] = bench_now_ns() - t0;
        double s[5];
        for (int j = 0; j < 5; j++) {
            t0 = bench_now_ns();
            vxProcessGraph(g);
            s[j] = bench_now_ns() - t0;
        }
        next[k] = median(s, 5);
        vxReleaseGraph(&g);
        vxReleaseImage(&in);
        vxReleaseImage(&out);
    }
    double f = median(first, 5), nx = median(next, 5);
    row("first_run_chain64_1080p", f, nx, "extra_ms", (f - nx) / 1e6);
}

/* openvx-mark's VerifyChain at one size: medians of 5 verifications a depth, the depths in turn as
 * openvx-mark runs them (each graph's images are released before the next is built). */
static void verify_chain_row(vx_context ctx, vx_uint32 w, vx_uint32 h, const char *size)
{
    static const int depths[] = {1, 4, 16, 64};
    enum { D = sizeof depths / sizeof *depths };
    double t[D][5];
    for (int k = 0; k < 5; k++)
        for (int d = 0; d < D; d++) {
            vx_image in = filled(ctx, w, h, 4), out = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
            vx_graph g = box_chain(ctx, in, out, depths[d]);
            double t0 = bench_now_ns();
            check(vxVerifyGraph(g), "verify");
            t[d][k] = bench_now_ns() - t0;
            check(vxProcessGraph(g), "process");
            vxReleaseGraph(&g);
            vxReleaseImage(&in);
            vxReleaseImage(&out);
        }
    double x = 0, y = 0, xx = 0, xy = 0, v[D];
    for (int d = 0; d < D; d++) {
        v[d] = median(t[d], 5) / 1e6;
        x += depths[d], y += v[d], xx += (double)depths[d] * depths[d], xy += depths[d] * v[d];
    }
    char name[64];
    snprintf(name, sizeof name, "verify_chain_%s", size);
    row(name, v[D - 1] * 1e6, v[0] * 1e6, "ms_a_node", (D * xy - x * y) / (D * xx - x * x));
}

/* vxVerifyGraph of a 64-node Not chain at 1080p (Not is not fused: its 63 virtual images are real),
 * beside the verification of the same chain of 2 nodes: what the virtual images' memory costs. */
static void verify_row(vx_context ctx)
{
    double t[2][5];
    for (int k = 0; k < 5; k++)
        for (int len = 0; len < 2; len++) {
            vx_image in = filled(ctx, 1920, 1080, 4), out = vxCreateImage(ctx, 1920, 1080, VX_DF_IMAGE_U8);
            vx_graph g = vxCreateGraph(ctx);
            vx_image cur = in;
            for (int i = 0, n = len ? 64 : 2; i < n; i++) {
                vx_image next = i == n - 1 ? out : vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_U8);
                vx_node node = vxNotNode(g, cur, next);
                vxReleaseNode(&node);
                if (cur != in)
                    vxReleaseImage(&cur);
                cur = next;
            }
            double t0 = bench_now_ns();
            check(vxVerifyGraph(g), "verify");
            t[len][k] = bench_now_ns() - t0;
            vxReleaseGraph(&g);
            vxReleaseImage(&in);
            vxReleaseImage(&out);
        }
    double two = median(t[0], 5), many = median(t[1], 5);
    row("verify_not_chain64_1080p", many, two, "ms", many / 1e6);
}

static void and_row(vx_context ctx)
{
    vx_image a = filled(ctx, 640, 480, 5), b = filled(ctx, 640, 480, 6), out = vxCreateImage(ctx, 640, 480, VX_DF_IMAGE_U8);
    vx_graph g = vxCreateGraph(ctx);
    vx_node node = vxAndNode(g, a, b, out);
    vxReleaseNode(&node);
    check(vxVerifyGraph(g), "verify");
    double ours, plain;
    MEDIAN_NS(ours, vxProcessGraph(g));
    static vx_uint8 x[640 * 480], y[640 * 480], z[640 * 480];
    memset(x, 0x5a, sizeof x);
    memset(y, 0x3c, sizeof y);
    MEDIAN_NS(plain, for (int i = 0; i < 640 * 480; i++) z[i] = x[i] & y[i]; bench_sink += z[77]);
    row("and_vga", ours, plain, "x", ours / plain);
    vxReleaseGraph(&g);
    vxReleaseImage(&a);
    vxReleaseImage(&b);
    vxReleaseImage(&out);
}

static void warp_row(vx_context ctx)
{
    vx_image in = filled(ctx, 1920, 1080, 7), out = vxCreateImage(ctx, 1920, 1080, VX_DF_IMAGE_U8);
    float c = cosf(0.3f), s = sinf(0.3f);
    vx_float32 m[3][2] = {{c, -s}, {s, c}, {200.0f, -150.0f}};
    vx_matrix mat = vxCreateMatrix(ctx, VX_TYPE_FLOAT32, 2, 3);
    check(vxCopyMatrix(mat, m, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), "matrix");
    double t[2];
    for (int k = 0; k < 2; k++) {
        vx_graph g = vxCreateGraph(ctx);
        vx_node node = vxWarpAffineNode(g, in, mat, VX_INTERPOLATION_BILINEAR, out);
        if (k == 1) {
            vx_border_t border = {VX_BORDER_CONSTANT, {{0}}};
            vxSetNodeAttribute(node, VX_NODE_BORDER, &border, sizeof border);
        }
        vxReleaseNode(&node);
        check(vxVerifyGraph(g), "verify");
        MEDIAN_NS(t[k], vxProcessGraph(g));
        vxReleaseGraph(&g);
    }
    row("warp_affine_undefined_1080p", t[0], t[1], "x", t[0] / t[1]);
    vxReleaseMatrix(&mat);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
}

static void harris_rows(vx_context ctx)
{
    static const struct { const char *name; vx_uint32 w, h; } sizes[] = {
        {"harris_vga", 640, 480}, {"harris_1080p", 1920, 1080}, {"harris_4k", 3840, 2160}};
    double vga_per_pixel = 0;
    for (int k = 0; k < 3; k++) {
        vx_uint32 w = sizes[k].w, h = sizes[k].h;
        vx_image in = filled(ctx, w, h, 8);
        vx_float32 thr = 1e-4f, dist = 5.0f, sens = 0.04f;
        vx_scalar strength = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &thr), mind = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &dist),
                  sensitivity = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &sens);
        vx_array corners = vxCreateArray(ctx, VX_TYPE_KEYPOINT, 100000);
        vx_size zero = 0;
        vx_scalar num = vxCreateScalar(ctx, VX_TYPE_SIZE, &zero);
        vx_graph g = vxCreateGraph(ctx);
        vx_node node = vxHarrisCornersNode(g, in, strength, mind, sensitivity, 3, 3, corners, num);
        vxReleaseNode(&node);
        check(vxVerifyGraph(g), "verify");
        double t;
        MEDIAN_NS(t, vxProcessGraph(g));
        if (k == 0)
            vga_per_pixel = t / (w * h);
        row(sizes[k].name, t, vga_per_pixel * w * h, "mp_per_s", w * h / (t / 1e3));
        vxReleaseGraph(&g);
        vxReleaseArray(&corners);
        vxReleaseScalar(&num);
        vxReleaseScalar(&strength);
        vxReleaseScalar(&mind);
        vxReleaseScalar(&sensitivity);
        vxReleaseImage(&in);
    }
}

int main(int argc, char **argv)
{
    vx_context ctx = vxCreateContext();
    check(vxGetStatus((vx_reference)ctx), "context");
    const char *only = argc > 1 ? argv[1] : "";
    bench_begin("framework");
    if (!*only || strstr(only, "async")) {
        async_small_row(ctx);
        async_rows(ctx, 640, 480, "vga");
        async_rows(ctx, 1920, 1080, "1080p");
    }
    if (!*only || strstr(only, "branches")) {
        branch_row(ctx, "branches_box3x3_vga", box_node);
        branch_row(ctx, "branches_equalize_hist_vga", equalize_node);
        parallel_branches_row(ctx, 640, 480, "vga");
        parallel_branches_row(ctx, 1920, 1080, "1080p");
    }
    if (!*only || strstr(only, "dividend")) {
        dividend_rows(ctx, 640, 480, "vga");
        dividend_rows(ctx, 1920, 1080, "1080p");
        dividend_rows(ctx, 3840, 2160, "4k");
    }
    if (!*only || strstr(only, "first"))
        first_run_row(ctx);
    if (!*only || strstr(only, "verify")) {
        verify_chain_row(ctx, 640, 480, "vga");
        verify_chain_row(ctx, 1920, 1080, "1080p");
        verify_chain_row(ctx, 3840, 2160, "4k");
        verify_row(ctx);
    }
    if (!*only || strstr(only, "and"))
        and_row(ctx);
    if (!*only || strstr(only, "warp"))
        warp_row(ctx);
    if (!*only || strstr(only, "harris"))
        harris_rows(ctx);
    bench_end();
    vxReleaseContext(&ctx);
    return 0;
}
