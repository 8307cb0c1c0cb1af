/* Pipelined graph execution (vx_khr_pipelining), beside plain C.
 *
 *  stages3_serial_process   a 3-stage graph (each stage a user kernel sleeping 10 ms) run by
 *                           vxProcessGraph per frame, beside plain C sleeping the same 3 x 10 ms
 *  stages3_depth{1,2,3}     the same graph with queued input and output (QUEUE_AUTO) at pipeline
 *                           depth 1, 2, 3: time per frame (ratio < 1: faster than serial plain C)
 *  queue_1node_overhead     enqueue input + output, dequeue both, of a 1-node graph whose kernel
 *                           does nothing, per frame, beside calling that kernel function directly
 *  process_1node            vxProcessGraph of that graph, for comparison */
#define _POSIX_C_SOURCE 200809L
#include "../tests/c/pipeline_stages.h"
#include "bench.h"

#define FRAMES 30
#define BUFS 4

static double stages_per_frame(vx_context ctx, vx_kernel k, vx_uint32 depth)
{
    vx_image ins[BUFS], outs[BUFS];
    stages s = queued_stages(ctx, k, 3, VX_GRAPH_SCHEDULE_MODE_NORMAL, ins, outs, BUFS);
    double t0;
    if (depth == 0) {
        CHECK_OK(vxVerifyGraph(s.graph));
        t0 = bench_now_ns();
        for (vx_uint32 f = 0; f < FRAMES; f++) {
            fill_u8(ins[0], (vx_uint8)f);
            CHECK_OK(vxProcessGraph(s.graph));
            check_frame(outs[0], f, 3);
        }
    } else {
        queue_stages(&s, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, ins, outs, BUFS);
        CHECK_OK(vxSetGraphAttribute(s.graph, VX_GRAPH_PIPELINE_DEPTH, &depth, sizeof depth));
        CHECK_OK(vxVerifyGraph(s.graph));
        t0 = bench_now_ns();
        run_frames(&s, ins, outs, BUFS, FRAMES);
    }
    double per_frame = (bench_now_ns() - t0) / FRAMES;
    release_all(&s, ins, outs, BUFS);
    return per_frame;
}

static vx_status VX_CALLBACK nothing(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)p; (void)n;
    bench_sink++;
    return VX_SUCCESS;
}

/* A verified graph of one node of `k` on args[0] -> args[1], both graph parameters, queued or not. */
static vx_graph one_node(vx_context ctx, vx_kernel k, vx_reference *args, int queued)
{
    vx_graph g = vxCreateGraph(ctx);
    vx_node n = node_of_two(g, k, args[0], args[1]);
    add_graph_parameter(g, n, 0);
    add_graph_parameter(g, n, 1);
    vx_graph_parameter_queue_params_t q[2] = {{0, 1, &args[0]}, {1, 1, &args[1]}};
    if (queued)
        CHECK_OK(vxSetGraphScheduleConfig(g, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, 2, q));
    CHECK_OK(vxVerifyGraph(g));
    CHECK_OK(vxReleaseNode(&n));
    return g;
}

int main(void)
{
    vx_context ctx = vxCreateContext();
    vx_kernel k = stage_kernel(ctx);
    double plain = 0, ours;
    bench_begin("pipeline");
    BENCH_NS(plain, 1, 10, for (int st = 0; st < 3; st++) sleep_ns(stage_sleep_ns));
    bench_row(1, "stages3_serial_process", stages_per_frame(ctx, k, 0), plain);
    const char *names[] = {"stages3_depth1", "stages3_depth2", "stages3_depth3"};
    for (vx_uint32 depth = 1; depth <= 3; depth++)
        bench_row(0, names[depth - 1], stages_per_frame(ctx, k, depth), plain);

    /* one node doing nothing: the cost of the queues themselves */
    vx_kernel none = in_out_kernel(ctx, "bench.nothing", nothing, like_input, VX_TYPE_IMAGE);
    vx_image in = u8_image(ctx, 4, 4, 0), out = u8_image(ctx, 4, 4, 0);
    vx_reference args[2] = {(vx_reference)in, (vx_reference)out};
    BENCH_NS(plain, 5, 100000, nothing(NULL, args, 2));
    vx_graph g = one_node(ctx, none, args, 0);
    double process;
    BENCH_NS(process, 5, 20000, CHECK_OK(vxProcessGraph(g)));
    CHECK_OK(vxReleaseGraph(&g));
    g = one_node(ctx, none, args, 1);
    vx_reference r;
    vx_uint32 got;
    BENCH_NS(ours, 5, 20000, {
        CHECK_OK(vxGraphParameterEnqueueReadyRef(g, 0, &args[0], 1));
        CHECK_OK(vxGraphParameterEnqueueReadyRef(g, 1, &args[1], 1));
        CHECK_OK(vxGraphParameterDequeueDoneRef(g, 1, &r, 1, &got));
        CHECK_OK(vxGraphParameterDequeueDoneRef(g, 0, &r, 1, &got));
    });
    bench_row(0, "queue_1node_overhead", ours, plain);
    bench_row(0, "process_1node", process, plain);
    CHECK_OK(vxReleaseGraph(&g));
    bench_end();
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseContext(&ctx);
    return 0;
}
