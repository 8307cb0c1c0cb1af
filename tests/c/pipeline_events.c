/* vx_khr_pipelining events and streaming: every event kind with its app value, fields and
 * timestamps; a node failing in one frame is reported and the next frames go on; a source node
 * streams until stopped, stop/start, and streaming ends at a node error. */
#define _POSIX_C_SOURCE 200809L
#include "pipeline_stages.h"
#include <VX/vxu.h>

#define BUFS 4

static vx_event_t events[64];

/* Every event queued now, in order, with nondecreasing timestamps. */
static vx_uint32 drain(vx_context ctx)
{
    vx_uint32 n = 0;
    while (n < 64 && vxWaitEvent(ctx, &events[n], vx_true_e) == VX_SUCCESS) {
        CHECK(events[n].timestamp > 0 && (n == 0 || events[n].timestamp >= events[n - 1].timestamp));
        n++;
    }
    return n;
}

static vx_uint32 count_events(vx_uint32 n, vx_enum type, vx_uint32 app_value)
{
    vx_uint32 c = 0;
    for (vx_uint32 i = 0; i < n; i++)
        c += events[i].type == type && events[i].app_value == app_value;
    return c;
}

static void user_events(vx_context ctx)
{
    vx_event_t e;
    CHECK_STATUS(vxWaitEvent(ctx, &e, vx_true_e), VX_FAILURE);          /* none yet: no wait */
    int tag = 0;
    CHECK_OK(vxEnableEvents(ctx));
    CHECK_OK(vxSendUserEvent(ctx, 77, &tag));
    CHECK_OK(vxWaitEvent(ctx, &e, vx_false_e));
    CHECK(e.type == VX_EVENT_USER && e.app_value == 77 && e.event_info.user_event.user_event_parameter == &tag);
    CHECK(e.timestamp > 0);
    CHECK_OK(vxDisableEvents(ctx));
    CHECK_REFUSED(vxSendUserEvent(ctx, 78, NULL), VX_FAILURE);         /* refused while disabled */
    CHECK_STATUS(vxWaitEvent(ctx, &e, vx_true_e), VX_FAILURE);
    CHECK_OK(vxEnableEvents(ctx));
    /* an application that never waits keeps the newest 65536 */
    for (vx_uint32 i = 0; i < 70000; i++)
        CHECK_OK(vxSendUserEvent(ctx, i, NULL));
    vx_uint32 n = 0;
    for (; vxWaitEvent(ctx, &e, vx_true_e) == VX_SUCCESS; n++)
        CHECK(e.app_value == 70000 - 65536 + n);
    CHECK(n == 65536);
    CHECK_REFUSED(vxWaitEvent(ctx, NULL, vx_true_e), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxSendUserEvent(NULL, 1, NULL), VX_ERROR_INVALID_REFERENCE);
}

/* The context's event queue and its cached vxu graphs are two things C reads of the context
 * (a vxu call once took the queue's place, and the next user event hung). */
static void user_events_after_vxu(vx_context ctx)
{
    vx_image a = vxCreateImage(ctx, 16, 16, VX_DF_IMAGE_U8), b = vxCreateImage(ctx, 16, 16, VX_DF_IMAGE_U8);
    CHECK_OK(vxEnableEvents(ctx));
    CHECK_OK(vxuNot(ctx, a, b));
    CHECK_OK(vxuNot(ctx, a, b));                                       /* the cached graph, run in C */
    CHECK_OK(vxSendUserEvent(ctx, 79, NULL));
    vx_event_t e;
    CHECK_OK(vxWaitEvent(ctx, &e, vx_true_e));
    CHECK(e.type == VX_EVENT_USER && e.app_value == 79);
    CHECK_OK(vxReleaseImage(&a));
    CHECK_OK(vxReleaseImage(&b));
}

static void graph_events(vx_context ctx, vx_kernel k)
{
    vx_image ins[BUFS], outs[BUFS];
    stages s = queued_stages(ctx, k, 3, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, ins, outs, BUFS);
    CHECK_OK(vxRegisterEvent((vx_reference)s.graph, VX_EVENT_GRAPH_COMPLETED, 0, 1));
    CHECK_OK(vxRegisterEvent((vx_reference)s.graph, VX_EVENT_GRAPH_PARAMETER_CONSUMED, 0, 2));
    CHECK_OK(vxRegisterEvent((vx_reference)s.graph, VX_EVENT_GRAPH_PARAMETER_CONSUMED, 1, 3));
    CHECK_OK(vxRegisterEvent((vx_reference)s.nodes[0], VX_EVENT_NODE_COMPLETED, 0, 4));
    CHECK_OK(vxRegisterEvent((vx_reference)s.nodes[1], VX_EVENT_NODE_ERROR, 0, 5));
    CHECK_OK(vxRegisterEvent((vx_reference)s.nodes[2], VX_EVENT_NODE_COMPLETED, 0, 6));
    CHECK_REFUSED(vxRegisterEvent((vx_reference)s.graph, VX_EVENT_NODE_COMPLETED, 0, 0), VX_ERROR_NOT_SUPPORTED);
    CHECK_REFUSED(vxRegisterEvent((vx_reference)s.nodes[0], VX_EVENT_GRAPH_COMPLETED, 0, 0), VX_ERROR_NOT_SUPPORTED);
    CHECK_REFUSED(vxRegisterEvent((vx_reference)s.graph, VX_EVENT_USER, 0, 0), VX_ERROR_NOT_SUPPORTED);
    CHECK_REFUSED(vxRegisterEvent((vx_reference)s.graph, VX_EVENT_GRAPH_PARAMETER_CONSUMED, 9, 0),
                  VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxRegisterEvent(NULL, VX_EVENT_GRAPH_COMPLETED, 0, 0), VX_ERROR_INVALID_REFERENCE);
    CHECK_OK(vxVerifyGraph(s.graph));

    /* frame 2 fails in stage 1: reported, and frames 3 and on are exact */
    stage_sleep_ns = 1000000;
    stage_fail_value = 3;
    for (vx_uint32 i = 0; i < BUFS; i++)
        enqueue_frame(s.graph, ins[i], outs[i], i);
    for (vx_uint32 i = 0; i < BUFS; i++) {
        vx_reference out = NULL, in = NULL;
        vx_uint32 got = 0;
        CHECK_OK(vxGraphParameterDequeueDoneRef(s.graph, 1, &out, 1, &got));
        CHECK(got == 1 && out == (vx_reference)outs[i]);
        CHECK_OK(vxGraphParameterDequeueDoneRef(s.graph, 0, &in, 1, &got));
        CHECK_OK(vxGetStatus(in));                               /* inputs are not marked */
        if (i != 2)
            check_frame(outs[i], i, 3);
        CHECK_STATUS(vxGetStatus(out), i == 2 ? VX_FAILURE : VX_SUCCESS);
    }
    stage_fail_value = -1;
    vx_status status = VX_FAILURE;
    CHECK_OK(vxQueryGraph(s.graph, VX_GRAPH_ATTRIBUTE_STATUS, &status, sizeof status));
    CHECK(status == VX_SUCCESS);                                 /* the last frame's */

    vx_uint32 n = drain(ctx);
    CHECK(count_events(n, VX_EVENT_GRAPH_COMPLETED, 1) == BUFS);
    CHECK(count_events(n, VX_EVENT_GRAPH_PARAMETER_CONSUMED, 2) == BUFS);
    CHECK(count_events(n, VX_EVENT_GRAPH_PARAMETER_CONSUMED, 3) == BUFS);
    CHECK(count_events(n, VX_EVENT_NODE_COMPLETED, 4) == BUFS);
    CHECK(count_events(n, VX_EVENT_NODE_ERROR, 5) == 1);
    CHECK(count_events(n, VX_EVENT_NODE_COMPLETED, 6) == BUFS - 1);  /* skipped in the failed frame */
    CHECK(n == 5 * BUFS);
    vx_uint32 completed = 0;
    for (vx_uint32 i = 0; i < n; i++) {
        vx_event_t *e = &events[i];
        switch (e->type) {
        case VX_EVENT_GRAPH_COMPLETED:
            CHECK(e->event_info.graph_completed.graph == s.graph);
            completed++;
            break;
        case VX_EVENT_GRAPH_PARAMETER_CONSUMED:
            CHECK(e->event_info.graph_parameter_consumed.graph == s.graph);
            CHECK(e->event_info.graph_parameter_consumed.graph_parameter_index == e->app_value - 2);
            break;
        case VX_EVENT_NODE_COMPLETED:
            CHECK(e->event_info.node_completed.graph == s.graph);
            CHECK(e->event_info.node_completed.node == s.nodes[e->app_value == 4 ? 0 : 2]);
            break;
        case VX_EVENT_NODE_ERROR:
            CHECK(e->event_info.node_error.graph == s.graph && e->event_info.node_error.node == s.nodes[1]);
            CHECK(e->event_info.node_error.status == VX_FAILURE);
            CHECK(completed <= 2);                           /* in frame 2: before frames 2 and 3 completed */
            break;
        default:
            CHECK(0);
        }
    }
    /* the marked output is exact again once a good frame used it */
    run_frames(&s, ins, outs, BUFS, BUFS);
    CHECK_OK(vxGetStatus((vx_reference)outs[2]));
    CHECK(drain(ctx) == 5 * BUFS);
    /* an event-driven loop: a blocking wait returns when the frame, run by a worker, is done */
    enqueue_frame(s.graph, ins[0], outs[0], 42);
    vx_event_t e = {0};
    do
        CHECK_OK(vxWaitEvent(ctx, &e, vx_false_e));
    while (e.type != VX_EVENT_GRAPH_COMPLETED);
    vx_uint32 num = 0;
    CHECK_OK(vxGraphParameterCheckDoneRef(s.graph, 1, &num));
    CHECK(num == 1);
    vx_reference r;
    CHECK_OK(vxGraphParameterDequeueDoneRef(s.graph, 1, &r, 1, &num));
    check_frame(outs[0], 42, 3);
    CHECK_OK(vxGraphParameterDequeueDoneRef(s.graph, 0, &r, 1, &num));
    drain(ctx);
    stage_sleep_ns = 10000000;
    release_all(&s, ins, outs, BUFS);
}

/* Events of graphs run by vxProcessGraph and vxScheduleGraph (not queued). */
static void normal_graph_events(vx_context ctx, vx_kernel k)
{
    vx_image in = u8_image(ctx, FRAME_SIZE, FRAME_SIZE, 5), out = u8_image(ctx, FRAME_SIZE, FRAME_SIZE, 0);
    stages s = make_stages(ctx, k, 2, in, out);
    CHECK_OK(vxRegisterEvent((vx_reference)s.graph, VX_EVENT_GRAPH_COMPLETED, 0, 10));
    CHECK_OK(vxRegisterEvent((vx_reference)s.nodes[1], VX_EVENT_NODE_COMPLETED, 0, 11));
    stage_sleep_ns = 0;
    CHECK_OK(vxProcessGraph(s.graph));
    CHECK_OK(vxScheduleGraph(s.graph));
    CHECK_OK(vxWaitGraph(s.graph));
    check_frame(out, 5, 2);
    vx_uint32 n = drain(ctx);
    CHECK(n == 4 && count_events(n, VX_EVENT_GRAPH_COMPLETED, 10) == 2 && count_events(n, VX_EVENT_NODE_COMPLETED, 11) == 2);
    CHECK(events[0].type == VX_EVENT_NODE_COMPLETED && events[0].event_info.node_completed.node == s.nodes[1]);
    vx_uint32 depth = 0;
    vx_enum mode = 0;
    CHECK_OK(vxQueryGraph(s.graph, VX_GRAPH_PIPELINE_DEPTH, &depth, sizeof depth));
    CHECK_OK(vxQueryGraph(s.graph, VX_GRAPH_SCHEDULE_MODE, &mode, sizeof mode));
    CHECK(depth == 1 && mode == VX_GRAPH_SCHEDULE_MODE_NORMAL);
    stage_sleep_ns = 10000000;
    release_stages(&s);
    CHECK_OK(vxReleaseImage(&in));
    CHECK_OK(vxReleaseImage(&out));
}

/* Streaming: a source node counting frames, a sink recording what reaches it. */
static vx_uint32 source_count, source_fail_at = 1000000, seen[100000], seen_count;

static vx_status VX_CALLBACK source_run(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)n;
    fill_u8((vx_image)p[0], (vx_uint8)source_count);
    sleep_ns(1000000);
    return source_count++ == source_fail_at ? VX_ERROR_NOT_SUFFICIENT : VX_SUCCESS;
}

static vx_status VX_CALLBACK source_validate(vx_node node, const vx_reference p[], vx_uint32 n, vx_meta_format m[])
{
    (void)node; (void)p; (void)n;
    return frame_meta(m[0]);
}

static vx_status VX_CALLBACK sink_run(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)n;
    sleep_ns(1000000);
    seen[seen_count++] = u8_pixel((vx_image)p[0], 0, 0);
    return VX_SUCCESS;
}

/* What the sink saw is 0, 1, 2, ... (mod 256): every frame, in order. */
static void check_seen(void)
{
    CHECK(seen_count > 0);
    for (vx_uint32 i = 0; i < seen_count; i++)
        CHECK(seen[i] == (i & 255));
}

static void streaming(vx_context ctx)
{
    vx_kernel source =
        one_parameter_kernel(ctx, "test.stream.source", source_run, VX_OUTPUT, VX_TYPE_IMAGE, source_validate);
    vx_kernel sink = one_parameter_kernel(ctx, "test.stream.sink", sink_run, VX_INPUT, VX_TYPE_IMAGE, accept_all);
    vx_graph g = vxCreateGraph(ctx);
    vx_image v = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_node a = vxCreateGenericNode(g, source), b = vxCreateGenericNode(g, sink);
    CHECK_OK(vxSetParameterByIndex(a, 0, (vx_reference)v));
    CHECK_OK(vxSetParameterByIndex(b, 0, (vx_reference)v));
    CHECK_REFUSED(vxStartGraphStreaming(g), VX_ERROR_INVALID_PARAMETERS);   /* not enabled (TIOVX) */
    CHECK_REFUSED(vxStopGraphStreaming(g), VX_FAILURE);                /* not started (the spec) */
    /* several frames at once need a trigger to start each (TIOVX); one needs none */
    vx_uint32 depth = 2;
    CHECK_OK(vxSetGraphAttribute(g, VX_GRAPH_PIPELINE_DEPTH, &depth, sizeof depth));
    CHECK_OK(vxEnableGraphStreaming(g, NULL));
    CHECK_REFUSED_LAST(vxVerifyGraph(g), VX_ERROR_INVALID_REFERENCE);
    CHECK_REFUSED_LAST(vxStartGraphStreaming(g), VX_ERROR_INVALID_PARAMETERS);   /* does not verify */
    depth = 1;
    CHECK_OK(vxSetGraphAttribute(g, VX_GRAPH_PIPELINE_DEPTH, &depth, sizeof depth));
    CHECK_OK(vxVerifyGraph(g));
    depth = 0;                                                         /* automatic again */
    CHECK_OK(vxSetGraphAttribute(g, VX_GRAPH_PIPELINE_DEPTH, &depth, sizeof depth));
    CHECK_OK(vxEnableGraphStreaming(g, a));
    CHECK_OK(vxStartGraphStreaming(g));
    CHECK_REFUSED(vxStartGraphStreaming(g), VX_ERROR_GRAPH_SCHEDULED);
    CHECK_REFUSED(vxProcessGraph(g), VX_ERROR_GRAPH_SCHEDULED);
    sleep_ns(60000000);
    CHECK_OK(vxStopGraphStreaming(g));
    vx_uint32 first = seen_count;
    CHECK(first >= 5 && source_count == first);
    check_seen();
    sleep_ns(10000000);
    CHECK(seen_count == first);                                        /* stopped */
    CHECK_OK(vxStartGraphStreaming(g));
    sleep_ns(30000000);
    CHECK_OK(vxStopGraphStreaming(g));
    CHECK(seen_count > first);
    check_seen();
    /* a node error ends the stream: vxWaitGraph returns it, vxStopGraphStreaming still succeeds */
    source_fail_at = source_count + 3;
    CHECK_OK(vxStartGraphStreaming(g));
    CHECK_STATUS(vxWaitGraph(g), VX_ERROR_NOT_SUFFICIENT);
    CHECK(source_count == source_fail_at + 1 && seen_count == source_fail_at);
    CHECK_OK(vxStopGraphStreaming(g));
    check_seen();
    /* the graph still runs normally once stopped */
    CHECK_OK(vxProcessGraph(g));
    CHECK(seen[seen_count - 1] == ((source_count - 1) & 255));
    CHECK_OK(vxReleaseNode(&a));
    CHECK_OK(vxReleaseNode(&b));
    CHECK_OK(vxReleaseImage(&v));
    CHECK_OK(vxStartGraphStreaming(g));
    CHECK_OK(vxReleaseGraph(&g));                                      /* stops the stream */
    CHECK_OK(vxRemoveKernel(source));
    CHECK_OK(vxRemoveKernel(sink));
}

/* A streaming graph with queued parameters: frames start as references come, exact and in order. */
static void streaming_queued(vx_context ctx, vx_kernel k)
{
    vx_image ins[BUFS], outs[BUFS];
    stages s = queued_stages(ctx, k, 3, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, ins, outs, BUFS);
    CHECK_OK(vxEnableGraphStreaming(s.graph, NULL));
    CHECK_OK(vxStartGraphStreaming(s.graph));
    stage_sleep_ns = 1000000;
    run_frames(&s, ins, outs, BUFS, 2 * BUFS);
    CHECK_OK(vxStopGraphStreaming(s.graph));
    stage_sleep_ns = 10000000;
    release_all(&s, ins, outs, BUFS);
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    vx_kernel k = stage_kernel(ctx);
    user_events(ctx);
    user_events_after_vxu(ctx);
    graph_events(ctx, k);
    normal_graph_events(ctx, k);
    streaming(ctx);
    streaming_queued(ctx, k);
    CHECK_OK(vxRemoveKernel(k));
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
