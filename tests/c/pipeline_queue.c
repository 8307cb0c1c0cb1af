/* Graph parameter queues (vx_khr_pipelining): a 3-stage pipeline of 10 ms stages at depth 3 runs
 * 30 frames in well under the serial time, every output exact and in order, each stage on one
 * thread at a time; manual mode batches; the refusals; queues kept when verified again; reference
 * counts. */
#define _POSIX_C_SOURCE 200809L
#include <VX/vxu.h>
#include "pipeline_stages.h"

#define BUFS 4
#define FRAMES 30

static void auto_mode(vx_context ctx, vx_kernel k)
{
    vx_image ins[BUFS], outs[BUFS];
    stages s = queued_stages(ctx, k, 3, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, ins, outs, BUFS);
    vx_uint32 depth = 0;
    CHECK_OK(vxQueryGraph(s.graph, VX_GRAPH_PIPELINE_DEPTH, &depth, sizeof depth));
    CHECK(depth == 1);                                   /* not verified yet */
    CHECK_OK(vxVerifyGraph(s.graph));
    CHECK_OK(vxQueryGraph(s.graph, VX_GRAPH_PIPELINE_DEPTH, &depth, sizeof depth));
    CHECK(depth == 3);                                   /* one frame per stage */
    vx_enum mode = 0;
    CHECK_OK(vxQueryGraph(s.graph, VX_GRAPH_SCHEDULE_MODE, &mode, sizeof mode));
    CHECK(mode == VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO);

    double t0 = now_s();
    run_frames(&s, ins, outs, BUFS, FRAMES);
    double elapsed = now_s() - t0, serial = FRAMES * 3 * stage_sleep_ns * 1e-9;
    printf("%u frames: %.3f s, serial at least %.3f s\n", FRAMES, elapsed, serial);
    CHECK(elapsed < 0.75 * serial);
    CHECK(!stage_overlap);

    vx_uint32 num = 99;
    CHECK_OK(vxGraphParameterCheckDoneRef(s.graph, 1, &num));
    CHECK(num == 0);
    /* the graph runs only through its queues */
    CHECK_REFUSED(vxProcessGraph(s.graph), VX_ERROR_NOT_SUPPORTED);
    CHECK_REFUSED(vxScheduleGraph(s.graph), VX_ERROR_NOT_SUPPORTED);
    vx_reference r = NULL;
    /* a reference outside the list, a parameter not queued, twice the same */
    vx_image other = u8_image(ctx, FRAME_SIZE, FRAME_SIZE, 0);
    CHECK_REFUSED(vxGraphParameterEnqueueReadyRef(s.graph, 0, (vx_reference *)&other, 1), VX_ERROR_INVALID_REFERENCE);
    CHECK_REFUSED(vxGraphParameterEnqueueReadyRef(s.graph, 2, (vx_reference *)&ins[0], 1), VX_ERROR_INVALID_PARAMETERS);
    vx_image twice[2] = {ins[0], ins[0]};
    CHECK_REFUSED(vxGraphParameterEnqueueReadyRef(s.graph, 0, (vx_reference *)twice, 2), VX_FAILURE);
    CHECK_REFUSED(vxGraphParameterEnqueueReadyRef(s.graph, 0, NULL, 1), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxGraphParameterCheckDoneRef(s.graph, 0, NULL), VX_ERROR_INVALID_PARAMETERS);
    /* an input enqueued without its output waits; the frame runs once the output comes */
    CHECK_OK(vxGraphParameterEnqueueReadyRef(s.graph, 0, (vx_reference *)&ins[1], 1));
    CHECK_REFUSED(vxGraphParameterEnqueueReadyRef(s.graph, 0, (vx_reference *)&ins[1], 1), VX_FAILURE);
    CHECK_OK(vxGraphParameterEnqueueReadyRef(s.graph, 1, (vx_reference *)&outs[2], 1));
    CHECK_OK(vxGraphParameterDequeueDoneRef(s.graph, 1, &r, 1, &num));
    CHECK(num == 1 && r == (vx_reference)outs[2]);
    CHECK_OK(vxGraphParameterDequeueDoneRef(s.graph, 0, &r, 1, &num));
    CHECK(num == 1 && r == (vx_reference)ins[1]);
    /* vxWaitGraph waits for the frames enqueued in auto mode */
    for (vx_uint32 i = 0; i < 2; i++)
        enqueue_frame(s.graph, ins[i], outs[i], 20 + i);
    CHECK_OK(vxWaitGraph(s.graph));
    CHECK_OK(vxGraphParameterCheckDoneRef(s.graph, 1, &num));
    CHECK(num == 2);
    vx_reference done[2];
    CHECK_OK(vxGraphParameterDequeueDoneRef(s.graph, 1, done, 2, &num));
    CHECK(num == 2 && done[0] == (vx_reference)outs[0] && done[1] == (vx_reference)outs[1]);
    check_frame(outs[1], 21, 3);
    CHECK_OK(vxGraphParameterDequeueDoneRef(s.graph, 0, done, 2, &num));
    CHECK(num == 2);
    /* configuration only before verification */
    CHECK_REFUSED(vxSetGraphScheduleConfig(s.graph, VX_GRAPH_SCHEDULE_MODE_NORMAL, 0, NULL), VX_ERROR_NOT_SUPPORTED);
    CHECK_OK(vxReleaseImage(&other));
    release_all(&s, ins, outs, BUFS);
}

static void manual_mode(vx_context ctx, vx_kernel k)
{
    vx_image ins[BUFS], outs[BUFS];
    stages s = queued_stages(ctx, k, 3, VX_GRAPH_SCHEDULE_MODE_QUEUE_MANUAL, ins, outs, BUFS);
    vx_uint32 one = 1;
    CHECK_OK(vxSetGraphAttribute(s.graph, VX_GRAPH_PIPELINE_DEPTH, &one, sizeof one));
    CHECK_REFUSED(vxScheduleGraph(s.graph), VX_FAILURE);        /* nothing enqueued */
    for (vx_uint32 i = 0; i < 3; i++)
        enqueue_frame(s.graph, ins[i], outs[i], 10 + i);
    vx_uint32 num = 99;
    CHECK_OK(vxGraphParameterCheckDoneRef(s.graph, 1, &num));
    CHECK(num == 0);                                             /* nothing runs before the schedule */
    CHECK_OK(vxScheduleGraph(s.graph));
    CHECK_REFUSED(vxScheduleGraph(s.graph), VX_ERROR_GRAPH_SCHEDULED);
    CHECK_OK(vxWaitGraph(s.graph));
    vx_uint32 depth = 0;
    CHECK_OK(vxQueryGraph(s.graph, VX_GRAPH_PIPELINE_DEPTH, &depth, sizeof depth));
    CHECK(depth == 1);
    CHECK_OK(vxGraphParameterCheckDoneRef(s.graph, 1, &num));
    CHECK(num == 3);
    vx_reference done[BUFS];
    CHECK_OK(vxGraphParameterDequeueDoneRef(s.graph, 1, done, BUFS, &num));
    CHECK(num == 3);
    for (vx_uint32 i = 0; i < 3; i++) {
        CHECK(done[i] == (vx_reference)outs[i]);
        check_frame(outs[i], 10 + i, 3);
    }
    CHECK_OK(vxGraphParameterDequeueDoneRef(s.graph, 0, done, BUFS, &num));
    CHECK(num == 3);
    release_all(&s, ins, outs, BUFS);
}

static void configuration_refusals(vx_context ctx, vx_kernel k)
{
    vx_image ins[BUFS], outs[BUFS];
    stages s = queued_stages(ctx, k, 2, VX_GRAPH_SCHEDULE_MODE_NORMAL, ins, outs, BUFS);
    vx_graph_parameter_queue_params_t q = {0, BUFS, (vx_reference *)ins};
    CHECK_REFUSED(vxSetGraphScheduleConfig(s.graph, 0x12345, 1, &q), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxSetGraphScheduleConfig(s.graph, VX_GRAPH_SCHEDULE_MODE_NORMAL, 1, &q), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxSetGraphScheduleConfig(s.graph, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, 0, NULL),
                  VX_ERROR_INVALID_PARAMETERS);
    q.graph_parameter_index = 5;
    CHECK_REFUSED(vxSetGraphScheduleConfig(s.graph, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, 1, &q),
                  VX_ERROR_INVALID_PARAMETERS);
    vx_scalar sc = vxCreateScalar(ctx, VX_TYPE_UINT32, &q.graph_parameter_index);
    vx_reference wrong[1] = {(vx_reference)sc};
    vx_graph_parameter_queue_params_t bad = {0, 1, wrong};
    CHECK_REFUSED(vxSetGraphScheduleConfig(s.graph, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, 1, &bad),
                  VX_ERROR_INVALID_PARAMETERS);
    vx_graph_parameter_queue_params_t twice[2] = {{0, 1, (vx_reference *)ins}, {0, 1, (vx_reference *)ins}};
    CHECK_REFUSED(vxSetGraphScheduleConfig(s.graph, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, 2, twice),
                  VX_ERROR_INVALID_PARAMETERS);
    vx_uint32 huge = 1000;
    CHECK_REFUSED(vxSetGraphAttribute(s.graph, VX_GRAPH_PIPELINE_DEPTH, &huge, sizeof huge), VX_ERROR_INVALID_VALUE);
    /* a listed reference unlike the verified one is refused at verification */
    vx_image big = u8_image(ctx, 2 * FRAME_SIZE, FRAME_SIZE, 0);
    vx_image mixed[2] = {ins[0], big};
    vx_graph_parameter_queue_params_t unlike = {0, 2, (vx_reference *)mixed};
    CHECK_OK(vxSetGraphScheduleConfig(s.graph, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, 1, &unlike));
    CHECK_REFUSED_LAST(vxVerifyGraph(s.graph), VX_ERROR_INVALID_PARAMETERS);
    /* back to normal: vxProcessGraph runs it */
    CHECK_OK(vxSetGraphScheduleConfig(s.graph, VX_GRAPH_SCHEDULE_MODE_NORMAL, 0, NULL));
    fill_u8(ins[0], 7);
    stage_sleep_ns = 0;
    CHECK_OK(vxProcessGraph(s.graph));
    stage_sleep_ns = 10000000;
    check_frame(outs[0], 7, 2);
    CHECK_OK(vxReleaseImage(&big));
    CHECK_OK(vxReleaseScalar(&sc));
    release_all(&s, ins, outs, BUFS);
}

/* Frame f's input: pixel (x, y) = x * (f + 1) + 3 * y. */
static void fill_pattern(vx_image img, vx_uint32 f)
{
    u8_map m;
    CHECK_OK(map_u8(img, VX_WRITE_ONLY, &m));
    for (vx_uint32 y = 0; y < m.height; y++)
        for (vx_uint32 x = 0; x < m.width; x++)
            m.p[y * m.stride + x] = (vx_uint8)(x * (f + 1) + 3 * y);
    CHECK_OK(vxUnmapImagePatch(img, m.id));
}

static void check_same(vx_image a, vx_image b)
{
    u8_map ma, mb;
    CHECK_OK(map_u8(a, VX_READ_ONLY, &ma));
    CHECK_OK(map_u8(b, VX_READ_ONLY, &mb));
    CHECK(ma.width == mb.width && ma.height == mb.height);
    for (vx_uint32 y = 0; y < ma.height; y++)
        for (vx_uint32 x = 0; x < ma.width; x++)
            CHECK(ma.p[y * ma.stride + x] == mb.p[y * mb.stride + x]);
    CHECK_OK(vxUnmapImagePatch(a, ma.id));
    CHECK_OK(vxUnmapImagePatch(b, mb.id));
}

/* Standard kernels through a virtual pyramid and one of its levels: each frame slot has its own
 * copy of both, and every frame's output is what immediate mode computes. */
static void virtual_containers(vx_context ctx)
{
    enum { N = 3, F = 12 };
    vx_image ins[N], outs[N];
    for (vx_uint32 i = 0; i < N; i++) {
        ins[i] = u8_image(ctx, 16, 16, 0);
        outs[i] = u8_image(ctx, 8, 8, 0);
    }
    vx_graph g = vxCreateGraph(ctx);
    vx_image v = vxCreateVirtualImage(g, 16, 16, VX_DF_IMAGE_U8);
    vx_pyramid p = vxCreateVirtualPyramid(g, 2, VX_SCALE_PYRAMID_HALF, 16, 16, VX_DF_IMAGE_U8);
    vx_image level = vxGetPyramidLevel(p, 1);
    vx_node a = vxNotNode(g, ins[0], v), b = vxGaussianPyramidNode(g, v, p), c = vxNotNode(g, level, outs[0]);
    add_graph_parameter(g, a, 0);
    add_graph_parameter(g, c, 1);
    vx_graph_parameter_queue_params_t q[2] = {{0, N, (vx_reference *)ins}, {1, N, (vx_reference *)outs}};
    CHECK_OK(vxSetGraphScheduleConfig(g, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, 2, q));
    CHECK_OK(vxVerifyGraph(g));
    vx_uint32 depth = 0;
    CHECK_OK(vxQueryGraph(g, VX_GRAPH_PIPELINE_DEPTH, &depth, sizeof depth));
    CHECK(depth == 3);

    vx_image rin = u8_image(ctx, 16, 16, 0), rv = u8_image(ctx, 16, 16, 0), rout = u8_image(ctx, 8, 8, 0);
    vx_pyramid rp = vxCreatePyramid(ctx, 2, VX_SCALE_PYRAMID_HALF, 16, 16, VX_DF_IMAGE_U8);
    vx_image rlevel = vxGetPyramidLevel(rp, 1);
    vx_uint32 next = 0;
    for (; next < N; next++) {
        fill_pattern(ins[next], next);
        CHECK_OK(vxGraphParameterEnqueueReadyRef(g, 0, (vx_reference *)&ins[next], 1));
        CHECK_OK(vxGraphParameterEnqueueReadyRef(g, 1, (vx_reference *)&outs[next], 1));
    }
    for (vx_uint32 f = 0; f < F; f++) {
        vx_reference in, out;
        vx_uint32 got;
        CHECK_OK(vxGraphParameterDequeueDoneRef(g, 1, &out, 1, &got));
        CHECK_OK(vxGraphParameterDequeueDoneRef(g, 0, &in, 1, &got));
        fill_pattern(rin, f);
        CHECK_OK(vxuNot(ctx, rin, rv));
        CHECK_OK(vxuGaussianPyramid(ctx, rv, rp));
        CHECK_OK(vxuNot(ctx, rlevel, rout));
        check_same((vx_image)out, rout);
        if (next < F) {
            fill_pattern((vx_image)in, next++);
            CHECK_OK(vxGraphParameterEnqueueReadyRef(g, 0, &in, 1));
            CHECK_OK(vxGraphParameterEnqueueReadyRef(g, 1, &out, 1));
        }
    }
    vx_node nodes[3] = {a, b, c};
    for (int i = 0; i < 3; i++)
        CHECK_OK(vxReleaseNode(&nodes[i]));
    vx_image images[6] = {v, level, rin, rv, rout, rlevel};
    for (int i = 0; i < 6; i++)
        CHECK_OK(vxReleaseImage(&images[i]));
    CHECK_OK(vxReleasePyramid(&p));
    CHECK_OK(vxReleasePyramid(&rp));
    CHECK_OK(vxReleaseGraph(&g));
    release_frames(ins, outs, N);
}

/* References waiting in the queues survive verification again: a done frame stays to dequeue,
 * an input enqueued without its output still waits for it; the same when a change unverified the
 * graph and the dequeue verifies it. */
static void reverify_keeps_queues(vx_context ctx, vx_kernel k)
{
    vx_image ins[BUFS], outs[BUFS];
    stages s = queued_stages(ctx, k, 2, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, ins, outs, BUFS);
    enqueue_frame(s.graph, ins[0], outs[0], 5);
    CHECK_OK(vxWaitGraph(s.graph));                             /* frame 5 done, not dequeued */
    fill_u8(ins[1], 6);
    CHECK_OK(vxGraphParameterEnqueueReadyRef(s.graph, 0, (vx_reference *)&ins[1], 1));
    CHECK_OK(vxVerifyGraph(s.graph));
    vx_uint32 num = 0;
    CHECK_OK(vxGraphParameterCheckDoneRef(s.graph, 1, &num));
    CHECK(num == 1);
    vx_reference r = NULL;
    CHECK_OK(vxGraphParameterDequeueDoneRef(s.graph, 1, &r, 1, &num));
    CHECK(num == 1 && r == (vx_reference)outs[0]);
    check_frame(outs[0], 5, 2);
    CHECK_OK(vxGraphParameterDequeueDoneRef(s.graph, 0, &r, 1, &num));
    CHECK(r == (vx_reference)ins[0]);
    CHECK_REFUSED(vxGraphParameterEnqueueReadyRef(s.graph, 0, (vx_reference *)&ins[1], 1), VX_FAILURE);  /* still in */
    CHECK_OK(vxGraphParameterEnqueueReadyRef(s.graph, 1, (vx_reference *)&outs[1], 1));
    CHECK_OK(vxGraphParameterDequeueDoneRef(s.graph, 1, &r, 1, &num));
    CHECK(r == (vx_reference)outs[1]);
    check_frame(outs[1], 6, 2);
    CHECK_OK(vxGraphParameterDequeueDoneRef(s.graph, 0, &r, 1, &num));
    CHECK(r == (vx_reference)ins[1]);
    /* a change unverifies the graph with frame 7 done and frame 8's input waiting */
    enqueue_frame(s.graph, ins[2], outs[2], 7);
    CHECK_OK(vxWaitGraph(s.graph));
    fill_u8(ins[0], 8);
    CHECK_OK(vxGraphParameterEnqueueReadyRef(s.graph, 0, (vx_reference *)&ins[0], 1));
    vx_uint32 one = 1;
    vx_scalar id = vxCreateScalar(ctx, VX_TYPE_UINT32, &one);
    CHECK_OK(vxSetParameterByIndex(s.nodes[1], 2, (vx_reference)id));
    CHECK_OK(vxReleaseScalar(&id));
    CHECK_OK(vxGraphParameterDequeueDoneRef(s.graph, 1, &r, 1, &num));   /* verifies it again */
    CHECK(r == (vx_reference)outs[2]);
    check_frame(outs[2], 7, 2);
    CHECK_OK(vxGraphParameterDequeueDoneRef(s.graph, 0, &r, 1, &num));
    CHECK(r == (vx_reference)ins[2]);
    CHECK_OK(vxGraphParameterEnqueueReadyRef(s.graph, 1, (vx_reference *)&outs[0], 1));
    CHECK_OK(vxGraphParameterDequeueDoneRef(s.graph, 1, &r, 1, &num));
    CHECK(r == (vx_reference)outs[0]);
    check_frame(outs[0], 8, 2);
    CHECK_OK(vxGraphParameterDequeueDoneRef(s.graph, 0, &r, 1, &num));
    release_all(&s, ins, outs, BUFS);
}

/* Releasing a graph, then a context, while frames run: started frames finish, nothing leaks. */
static void release_in_flight(void)
{
    for (int release_graph_first = 0; release_graph_first < 2; release_graph_first++) {
        vx_context ctx = vxCreateContext();
        vx_kernel k = stage_kernel(ctx);
        vx_image ins[BUFS], outs[BUFS];
        stages s = queued_stages(ctx, k, 3, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, ins, outs, BUFS);
        for (vx_uint32 i = 0; i < BUFS; i++)
            enqueue_frame(s.graph, ins[i], outs[i], i);
        sleep_ns(15000000);                                   /* frames 0 and 1 are in flight */
        if (release_graph_first)
            release_all(&s, ins, outs, BUFS);
        CHECK_OK(vxReleaseKernel(&k));
        CHECK_OK(vxReleaseContext(&ctx));
    }
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    vx_kernel k = stage_kernel(ctx);
    auto_mode(ctx, k);
    manual_mode(ctx, k);
    configuration_refusals(ctx, k);
    virtual_containers(ctx);
    reverify_keeps_queues(ctx, k);
    CHECK_OK(vxRemoveKernel(k));
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    release_in_flight();                     /* (its contexts' releases are their last counts) */
    puts("ok");
    return 0;
}
