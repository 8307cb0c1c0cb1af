/* Independent branches of one graph run side by side (csrc/runtime/graph.c, run_branches):
 *  meet     two user-kernel nodes with enough data (640x480) that wait for each other at a
 *           bounded barrier: they meet only when run at the same time, run after run;
 *  diamond  a -> (b, c) -> d (d reads both), b and c meeting: kernels and completion callbacks in dependency
 *           order, node-completed events (a first, d last, then the graph's), performance counts,
 *           VX_GRAPH_STATE; b's callback abandoning: d never starts, the run is abandoned, the next
 *           run completes;
 *  pixels   a node reading an ROI that overlaps the ROI another node writes runs after it (issue 21)
 *           while a third node runs beside them;
 *  inline   independent nodes of small images, and a chain of large ones, run on the caller.
 * The pool gets 3 threads (PVX_TILE_THREADS) so that the barriers can be met on any machine. */
#define _GNU_SOURCE
#include <VX/vx.h>
#include <VX/vx_khr_pipelining.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>
#include "kernels.h"
#include "meet.h"

#define W 640
#define H 480
#define MAX_LOG 256

static vx_node nodes[4];                  /* the node of each letter of the diamond */
static vx_node abandon_at;                /* the node whose callback abandons the run */
static int order_log[MAX_LOG], logged;    /* 2k: node k's kernel began, 2k + 1: its callback */
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static int missed, calls;                 /* calls of `meet` that met nobody; calls of `step` */
static pthread_t callers[MAX_LOG];

static void note(int what)
{
    pthread_mutex_lock(&log_lock);
    if (logged < MAX_LOG)
        order_log[logged++] = what;
    pthread_mutex_unlock(&log_lock);
}

static int letter(vx_node node)
{
    for (int k = 0; k < 4; k++)
        if (nodes[k] == node)
            return k;
    return -1;
}

static vx_uint8 plus_one(vx_uint8 v)
{
    return (vx_uint8)(v + 1);
}

static vx_uint8 same(vx_uint8 v)
{
    return v;
}

/* out = in + 1, meeting its partner first */
static vx_status VX_CALLBACK meet(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)n;
    int k = letter(node);
    if (k >= 0)
        note(2 * k);
    if (!meet_partner())
        __atomic_add_fetch(&missed, 1, __ATOMIC_RELAXED);
    return u8_pointwise(p, plus_one);
}

/* out = in + 1, noting who ran it */
static vx_status VX_CALLBACK step(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)n;
    int k = letter(node);
    if (k >= 0)
        note(2 * k);
    int c = __atomic_fetch_add(&calls, 1, __ATOMIC_RELAXED);
    if (c < MAX_LOG)
        callers[c] = pthread_self();
    return u8_pointwise(p, plus_one);
}

/* out = 7, late: a reader started too early would see the old pixels */
static vx_status VX_CALLBACK late_seven(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)n;
    usleep(20000);
    return write_u8((vx_image)p[1], 7);
}

/* d of the diamond: out (parameter 2) = in0 + 1, after both inputs are written */
static vx_status VX_CALLBACK join(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)n;
    note(2 * letter(node));
    const vx_reference in_out[2] = {p[0], p[2]};
    return u8_pointwise(in_out, plus_one);
}

static vx_status VX_CALLBACK join_validate(vx_node node, const vx_reference p[], vx_uint32 n, vx_meta_format m[])
{
    (void)node; (void)n;
    return vxSetMetaFormatFromReference(m[2], p[0]);
}

static vx_kernel join_kernel(vx_context ctx)
{
    vx_enum id;
    CHECK_OK(vxAllocateUserKernelId(ctx, &id));
    vx_kernel k = vxAddUserKernel(ctx, "test.join", id, join, 3, join_validate, NULL, NULL);
    CHECK_REF(k);
    CHECK_OK(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(k, 1, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(k, 2, VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxFinalizeKernel(k));
    return k;
}

static vx_status VX_CALLBACK copy(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)n;
    return u8_pointwise(p, same);
}

static vx_action VX_CALLBACK completed(vx_node node)
{
    note(2 * letter(node) + 1);
    return node == abandon_at ? VX_ACTION_ABANDON : VX_ACTION_CONTINUE;
}

static int position(int what)
{
    for (int i = 0; i < logged; i++)
        if (order_log[i] == what)
            return i;
    return -1;
}

static void check_u8(vx_image img, vx_uint32 x0, vx_uint32 x1, vx_uint8 value)
{
    u8_map m;
    CHECK_OK(map_u8(img, VX_READ_ONLY, &m));
    for (vx_uint32 y = 0; y < m.height; y++)
        for (vx_uint32 x = x0; x < x1; x++)
            CHECK(m.p[y * m.stride + x] == value);
    CHECK_OK(vxUnmapImagePatch(img, m.id));
}

static void test_meet(vx_context ctx, vx_kernel k_meet)
{
    vx_image in = u8_image(ctx, W, H, 40), out[2];
    vx_graph g = vxCreateGraph(ctx);
    for (int i = 0; i < 2; i++) {
        out[i] = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
        vx_node node = node_of_two(g, k_meet, in, out[i]);
        CHECK_OK(vxReleaseNode(&node));
    }
    arrived = missed = 0;
    for (int run = 0; run < 20; run++)
        CHECK_OK(vxProcessGraph(g));
    CHECK(missed == 0 && arrived == 40);
    for (int i = 0; i < 2; i++) {
        check_u8(out[i], 0, W, 41);
        CHECK_OK(vxReleaseImage(&out[i]));
    }
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_OK(vxReleaseImage(&in));
}

static vx_uint32 perf_count(vx_reference ref, vx_enum attribute)
{
    vx_perf_t perf;
    CHECK_OK(attribute == VX_NODE_PERFORMANCE ? vxQueryNode((vx_node)ref, attribute, &perf, sizeof perf)
                                              : vxQueryGraph((vx_graph)ref, attribute, &perf, sizeof perf));
    return (vx_uint32)perf.num;
}

static vx_enum graph_state(vx_graph g)
{
    vx_enum state;
    CHECK_OK(vxQueryGraph(g, VX_GRAPH_STATE, &state, sizeof state));
    return state;
}

/* The order of one run: a's kernel and callback before anything of b and c, theirs before d's. */
static void check_order(int d_ran)
{
    int a = position(0), ca = position(1), d = position(6), cd = position(7);
    CHECK(a == 0 && ca == 1);
    for (int k = 1; k <= 2; k++) {
        CHECK(position(2 * k) > ca && position(2 * k + 1) > position(2 * k));
        CHECK(!d_ran || position(2 * k + 1) < d);
    }
    CHECK(d_ran ? d > 0 && cd == d + 1 && cd == logged - 1 : d < 0 && cd < 0);
}

static void test_diamond(vx_context ctx, vx_kernel k_step, vx_kernel k_meet)
{
    CHECK_OK(vxDirective((vx_reference)ctx, VX_DIRECTIVE_ENABLE_PERFORMANCE));
    vx_image in = u8_image(ctx, W, H, 1), out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_graph g = vxCreateGraph(ctx);
    vx_image ab = vxCreateVirtualImage(g, W, H, VX_DF_IMAGE_U8), b_out = vxCreateVirtualImage(g, W, H, VX_DF_IMAGE_U8);
    vx_image c_out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    nodes[0] = node_of_two(g, k_step, in, ab);
    nodes[1] = node_of_two(g, k_meet, ab, b_out);
    nodes[2] = node_of_two(g, k_meet, ab, c_out);
    vx_kernel k_join = join_kernel(ctx);
    nodes[3] = node_of_two(g, k_join, b_out, c_out);
    CHECK_OK(vxSetParameterByIndex(nodes[3], 2, (vx_reference)out));
    for (int k = 0; k < 4; k++) {
        CHECK_OK(vxAssignNodeCallback(nodes[k], completed));
        CHECK_OK(vxRegisterEvent((vx_reference)nodes[k], VX_EVENT_NODE_COMPLETED, 0, (vx_uint32)k));
    }
    CHECK_OK(vxRegisterEvent((vx_reference)g, VX_EVENT_GRAPH_COMPLETED, 0, 100));
    CHECK_OK(vxVerifyGraph(g));
    vx_event_t e;
    while (vxWaitEvent(ctx, &e, vx_true_e) == VX_SUCCESS) {
    }
    arrived = missed = 0;
    const int runs = 10;
    for (int run = 0; run < runs; run++) {
        logged = 0;
        CHECK_OK(vxProcessGraph(g));
        check_order(1);
        CHECK(graph_state(g) == VX_GRAPH_STATE_COMPLETED);
        int seen[4] = {0}, count = 0;
        while (vxWaitEvent(ctx, &e, vx_true_e) == VX_SUCCESS) {
            if (e.type == VX_EVENT_NODE_COMPLETED) {
                CHECK(e.app_value < 4 && e.event_info.node_completed.node == nodes[e.app_value]);
                CHECK(count == 0 ? e.app_value == 0 : count == 3 ? e.app_value == 3 : e.app_value == 1 || e.app_value == 2);
                seen[e.app_value]++;
            } else {
                CHECK(e.type == VX_EVENT_GRAPH_COMPLETED && e.app_value == 100 && count == 4);
            }
            count++;
        }
        CHECK(count == 5 && seen[0] == 1 && seen[1] == 1 && seen[2] == 1 && seen[3] == 1);
    }
    CHECK(missed == 0);
    check_u8(out, 0, W, 4);
    check_u8(c_out, 0, W, 3);
    for (int k = 0; k < 4; k++)
        CHECK(perf_count((vx_reference)nodes[k], VX_NODE_PERFORMANCE) == (vx_uint32)runs);
    CHECK(perf_count((vx_reference)g, VX_GRAPH_PERFORMANCE) == (vx_uint32)runs);

    /* b abandons: c (beside it) may end, d never starts */
    abandon_at = nodes[1];
    logged = 0;
    fill_u8(out, 0);
    CHECK_STATUS(vxProcessGraph(g), VX_ERROR_GRAPH_ABANDONED);
    CHECK(graph_state(g) == VX_GRAPH_STATE_ABANDONED);
    check_order(0);
    check_u8(out, 0, W, 0);
    CHECK(perf_count((vx_reference)nodes[3], VX_NODE_PERFORMANCE) == (vx_uint32)runs);
    abandon_at = NULL;
    logged = 0;
    CHECK_OK(vxProcessGraph(g));
    check_order(1);
    check_u8(out, 0, W, 4);
    CHECK(missed == 0);
    while (vxWaitEvent(ctx, &e, vx_true_e) == VX_SUCCESS) {
    }
    CHECK_OK(vxDirective((vx_reference)ctx, VX_DIRECTIVE_DISABLE_PERFORMANCE));
    for (int k = 0; k < 4; k++)
        CHECK_OK(vxReleaseNode(&nodes[k]));
    vx_image imgs[] = {in, out, ab, b_out, c_out};
    for (int i = 0; i < 5; i++)
        CHECK_OK(vxReleaseImage(&imgs[i]));
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_OK(vxRemoveKernel(k_join));
}

static void test_pixels(vx_context ctx, vx_kernel k_seven, vx_kernel k_copy, vx_kernel k_step)
{
    vx_image whole = u8_image(ctx, 2 * W, H, 0), src = u8_image(ctx, W + W / 4, H, 1);
    vx_rectangle_t left = {0, 0, W + W / 4, H};
    vx_image written = vxCreateImageFromROI(whole, &left);
    vx_rectangle_t read_rect = {W - W / 2, 0, W - W / 2 + W + W / 4, H};   /* overlaps `left` on [W/2, 5W/4) */
    vx_image read = vxCreateImageFromROI(whole, &read_rect);
    vx_image seen = vxCreateImage(ctx, W + W / 4, H, VX_DF_IMAGE_U8);
    vx_image other_in = u8_image(ctx, W, H, 5), other_out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_graph g = vxCreateGraph(ctx);
    vx_node reader = node_of_two(g, k_copy, read, seen);        /* created first: the order comes from the pixels */
    vx_node writer = node_of_two(g, k_seven, src, written);
    vx_node other = node_of_two(g, k_step, other_in, other_out);
    for (int run = 0; run < 3; run++) {
        fill_u8(whole, 0);
        CHECK_OK(vxProcessGraph(g));
        check_u8(seen, 0, W / 2 + W / 4, 7);                    /* [W/2, 5W/4) of `whole`: written first */
        check_u8(other_out, 0, W, 6);
    }
    vx_node ns[] = {reader, writer, other};
    for (int i = 0; i < 3; i++)
        CHECK_OK(vxReleaseNode(&ns[i]));
    vx_image imgs[] = {whole, src, written, read, seen, other_in, other_out};
    for (int i = 0; i < 7; i++)
        CHECK_OK(vxReleaseImage(&imgs[i]));
    CHECK_OK(vxReleaseGraph(&g));
}

/* Every call of `step` since `calls` was reset ran on this thread. */
static void check_all_here(void)
{
    CHECK(calls > 0 && calls <= MAX_LOG);
    for (int c = 0; c < calls; c++)
        CHECK(pthread_equal(callers[c], pthread_self()));
}

static void test_inline(vx_context ctx, vx_kernel k_step)
{
    vx_image small_in = u8_image(ctx, 64, 48, 1), big_in = u8_image(ctx, W, H, 1);
    vx_image outs[2], big_out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_graph small = vxCreateGraph(ctx), chain = vxCreateGraph(ctx);
    for (int i = 0; i < 2; i++) {
        outs[i] = vxCreateImage(ctx, 64, 48, VX_DF_IMAGE_U8);
        vx_node node = node_of_two(small, k_step, small_in, outs[i]);
        CHECK_OK(vxReleaseNode(&node));
    }
    vx_image cur = big_in;
    for (int i = 0; i < 3; i++) {
        vx_image next = i == 2 ? big_out : vxCreateVirtualImage(chain, W, H, VX_DF_IMAGE_U8);
        vx_node node = node_of_two(chain, k_step, cur, next);
        CHECK_OK(vxReleaseNode(&node));
        if (cur != big_in)
            CHECK_OK(vxReleaseImage(&cur));
        cur = next;
    }
    calls = 0;
    for (int run = 0; run < 10; run++) {
        CHECK_OK(vxProcessGraph(small));
        CHECK_OK(vxProcessGraph(chain));
    }
    check_all_here();
    check_u8(big_out, 0, W, 4);
    CHECK_OK(vxReleaseGraph(&small));
    CHECK_OK(vxReleaseGraph(&chain));
    vx_image imgs[] = {small_in, big_in, outs[0], outs[1], big_out};
    for (int i = 0; i < 5; i++)
        CHECK_OK(vxReleaseImage(&imgs[i]));
}

int main(void)
{
    setenv("PVX_TILE_THREADS", "3", 1);
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    vx_kernel k_meet = in_out_kernel(ctx, "test.meet", meet, like_input, VX_TYPE_IMAGE);
    vx_kernel k_step = in_out_kernel(ctx, "test.step", step, like_input, VX_TYPE_IMAGE);
    vx_kernel k_seven = in_out_kernel(ctx, "test.late_seven", late_seven, like_input, VX_TYPE_IMAGE);
    vx_kernel k_copy = in_out_kernel(ctx, "test.copy", copy, like_input, VX_TYPE_IMAGE);
    test_meet(ctx, k_meet);
    test_diamond(ctx, k_step, k_meet);
    test_pixels(ctx, k_seven, k_copy, k_step);
    test_inline(ctx, k_step);
    vx_kernel ks[] = {k_meet, k_step, k_seven, k_copy};
    for (int i = 0; i < 4; i++)
        CHECK_OK(vxRemoveKernel(ks[i]));
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    printf("ok\n");
    return 0;
}
