/* PIPEUP (vx_khr_pipelining): a source kernel with VX_KERNEL_PIPEUP_OUTPUT_DEPTH 3 is called twice
 * in VX_NODE_STATE_PIPEUP, each time with another output buffer, before its first STEADY call and
 * before anything downstream runs; a sink with VX_KERNEL_PIPEUP_INPUT_DEPTH 2 is PIPEUP in its first
 * call, and no frame reuses a buffer it keeps. Every output exact and in order. The same kernels in
 * a graph that is not pipelined: the first vxProcessGraph after each verification makes the PIPEUP
 * calls (the spec: "the first time the graph is executed after vxVerifyGraph"), later ones none. */
#define _POSIX_C_SOURCE 200809L
#include "pipeline_stages.h"

#define BUFS 3
#define FRAMES 8
#define MAX_CALLS 16

static vx_enum source_states[MAX_CALLS], sink_states[MAX_CALLS];
static vx_reference source_outputs[MAX_CALLS];
static int source_calls, sink_calls, steady_frames;
static int source_calls_at_first_sink = -1;
static int reused_kept_input;        /* a source frame overwrote a buffer the sink keeps */

static vx_enum state_of(vx_node node)
{
    vx_enum state = 0;
    TRY(vxQueryNode(node, VX_NODE_STATE, &state, sizeof state));
    return state;
}

static vx_status VX_CALLBACK source_run(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)n;
    int call = __atomic_fetch_add(&source_calls, 1, __ATOMIC_SEQ_CST);
    if (call >= MAX_CALLS)
        return VX_FAILURE;
    vx_enum state = source_states[call] = state_of(node);
    source_outputs[call] = p[1];
    int frame = steady_frames;
    if (state == VX_NODE_STATE_STEADY) {
        /* frame f writes the slot of frame f - 3, which the sink keeps until its call for f - 2 */
        if (frame >= BUFS && __atomic_load_n(&sink_calls, __ATOMIC_SEQ_CST) < frame - 1)
            reused_kept_input = 1;
        steady_frames++;
    }
    return write_u8((vx_image)p[1], state == VX_NODE_STATE_STEADY ? (vx_uint8)frame : 250);
}

static vx_status VX_CALLBACK sink_run(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)n;
    int call = sink_calls;
    if (call >= MAX_CALLS)
        return VX_FAILURE;
    if (call == 0)
        source_calls_at_first_sink = __atomic_load_n(&source_calls, __ATOMIC_SEQ_CST);
    sink_states[call] = state_of(node);
    sleep_ns(5000000);                              /* slower than the source */
    u8_map in;
    TRY(map_u8((vx_image)p[0], VX_READ_ONLY, &in));
    vx_uint8 v = in.p[0];
    TRY(vxUnmapImagePatch((vx_image)p[0], in.id));
    __atomic_add_fetch(&sink_calls, 1, __ATOMIC_SEQ_CST);
    return write_u8((vx_image)p[1], (vx_uint8)(v + 1));
}

static vx_status VX_CALLBACK source_validate(vx_node node, const vx_reference p[], vx_uint32 n, vx_meta_format m[])
{
    (void)node; (void)p; (void)n;
    return frame_meta(m[1]);
}

/* A user kernel of two parameters with a PIPEUP depth set before finalization. */
static vx_kernel pipeup_kernel(vx_context ctx, const char *name, vx_kernel_f fn, vx_kernel_validate_f validate,
                               vx_enum in_type, vx_enum attribute, vx_uint32 depth)
{
    vx_enum id;
    CHECK_OK(vxAllocateUserKernelId(ctx, &id));
    vx_kernel k = vxAddUserKernel(ctx, name, id, fn, 2, validate, NULL, NULL);
    CHECK_REF(k);
    CHECK_OK(vxAddParameterToKernel(k, 0, VX_INPUT, in_type, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(k, 1, VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    vx_uint32 value = 0;
    CHECK_OK(vxQueryKernel(k, attribute, &value, sizeof value));
    CHECK(value == 1);                                                  /* the default */
    value = 0;
    CHECK_REFUSED(vxSetKernelAttribute(k, attribute, &value, sizeof value), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxSetKernelAttribute(k, attribute, &depth, sizeof depth));
    CHECK_OK(vxFinalizeKernel(k));
    CHECK_REFUSED(vxSetKernelAttribute(k, attribute, &depth, sizeof depth), VX_ERROR_NOT_SUPPORTED);
    CHECK_OK(vxQueryKernel(k, attribute, &value, sizeof value));
    CHECK(value == depth);
    return k;
}

static void reset_counts(void)
{
    source_calls = sink_calls = steady_frames = 0;
    source_calls_at_first_sink = -1;
}

/* source -> virtual -> sink -> out under vxProcessGraph, verified twice. */
static void processed(vx_context ctx, vx_kernel source, vx_kernel sink)
{
    reset_counts();
    vx_image out = u8_image(ctx, FRAME_SIZE, FRAME_SIZE, 0);
    vx_graph g = vxCreateGraph(ctx);
    vx_uint32 zero = 0;
    vx_scalar s = vxCreateScalar(ctx, VX_TYPE_UINT32, &zero);
    vx_image v = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_node nodes[2] = {node_of_two(g, source, s, v), node_of_two(g, sink, v, out)};
    CHECK_OK(vxVerifyGraph(g));
    CHECK(state_of(nodes[0]) == VX_NODE_STATE_PIPEUP && state_of(nodes[1]) == VX_NODE_STATE_PIPEUP);
    for (int run = 0; run < 3; run++) {
        CHECK_OK(vxProcessGraph(g));
        CHECK(u8_pixel(out, 0, 0) == run + 1);
    }
    CHECK(source_calls == 2 + 3 && sink_calls == 3 && source_calls_at_first_sink == 3);
    for (int i = 0; i < source_calls; i++)
        CHECK(source_states[i] == (i < 2 ? VX_NODE_STATE_PIPEUP : VX_NODE_STATE_STEADY));
    for (int i = 0; i < sink_calls; i++)
        CHECK(sink_states[i] == (i < 1 ? VX_NODE_STATE_PIPEUP : VX_NODE_STATE_STEADY));
    CHECK(state_of(nodes[0]) == VX_NODE_STATE_STEADY && state_of(nodes[1]) == VX_NODE_STATE_STEADY);
    reset_counts();
    CHECK_OK(vxVerifyGraph(g));                       /* primed again */
    CHECK_OK(vxProcessGraph(g));
    CHECK(source_calls == 3 && sink_calls == 1 && source_states[1] == VX_NODE_STATE_PIPEUP &&
          source_states[2] == VX_NODE_STATE_STEADY && sink_states[0] == VX_NODE_STATE_PIPEUP);
    for (int i = 0; i < 2; i++)
        CHECK_OK(vxReleaseNode(&nodes[i]));
    CHECK_OK(vxReleaseImage(&v));
    CHECK_OK(vxReleaseScalar(&s));
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_OK(vxReleaseImage(&out));
    reset_counts();
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    vx_kernel std = vxGetKernelByEnum(ctx, VX_KERNEL_NOT);
    vx_uint32 depth = 0;
    CHECK_OK(vxQueryKernel(std, VX_KERNEL_PIPEUP_INPUT_DEPTH, &depth, sizeof depth));
    CHECK(depth == 1);
    CHECK_OK(vxReleaseKernel(&std));
    vx_kernel source = pipeup_kernel(ctx, "test.pipeup.source", source_run, source_validate, VX_TYPE_SCALAR,
                                     VX_KERNEL_PIPEUP_OUTPUT_DEPTH, 3);
    vx_kernel sink = pipeup_kernel(ctx, "test.pipeup.sink", sink_run, like_input, VX_TYPE_IMAGE,
                                   VX_KERNEL_PIPEUP_INPUT_DEPTH, 2);
    processed(ctx, source, sink);
    vx_image outs[BUFS];
    for (int i = 0; i < BUFS; i++)
        outs[i] = u8_image(ctx, FRAME_SIZE, FRAME_SIZE, 0);
    vx_graph g = vxCreateGraph(ctx);
    vx_uint32 zero = 0;
    vx_scalar s = vxCreateScalar(ctx, VX_TYPE_UINT32, &zero);
    vx_image v = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_node nodes[2] = {node_of_two(g, source, s, v), node_of_two(g, sink, v, outs[0])};
    add_graph_parameter(g, nodes[1], 1);
    vx_graph_parameter_queue_params_t q = {0, BUFS, (vx_reference *)outs};
    CHECK_OK(vxSetGraphScheduleConfig(g, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, 1, &q));
    CHECK_OK(vxVerifyGraph(g));
    CHECK(state_of(nodes[0]) == VX_NODE_STATE_PIPEUP && state_of(nodes[1]) == VX_NODE_STATE_PIPEUP);

    int next = 0;
    for (; next < BUFS; next++)
        CHECK_OK(vxGraphParameterEnqueueReadyRef(g, 0, (vx_reference *)&outs[next], 1));
    for (int frame = 0; frame < FRAMES; frame++) {
        vx_reference out;
        vx_uint32 got;
        CHECK_OK(vxGraphParameterDequeueDoneRef(g, 0, &out, 1, &got));
        CHECK(got == 1 && out == (vx_reference)outs[frame % BUFS]);
        CHECK(u8_pixel((vx_image)out, 0, 0) == frame + 1);
        if (next++ < FRAMES)
            CHECK_OK(vxGraphParameterEnqueueReadyRef(g, 0, &out, 1));
    }
    CHECK(source_calls == FRAMES + 2 && sink_calls == FRAMES);
    for (int i = 0; i < source_calls; i++)
        CHECK(source_states[i] == (i < 2 ? VX_NODE_STATE_PIPEUP : VX_NODE_STATE_STEADY));
    CHECK(source_outputs[0] != source_outputs[1] && source_outputs[1] != source_outputs[2] &&
          source_outputs[0] != source_outputs[2]);                    /* other buffers in PIPEUP */
    CHECK(source_calls_at_first_sink >= 3);     /* nothing downstream before (the next frame may have begun) */
    for (int i = 0; i < sink_calls; i++)
        CHECK(sink_states[i] == (i < 1 ? VX_NODE_STATE_PIPEUP : VX_NODE_STATE_STEADY));
    CHECK(!reused_kept_input);
    CHECK(state_of(nodes[0]) == VX_NODE_STATE_STEADY && state_of(nodes[1]) == VX_NODE_STATE_STEADY);
    vx_uint32 graph_depth = 0;
    CHECK_OK(vxQueryGraph(g, VX_GRAPH_PIPELINE_DEPTH, &graph_depth, sizeof graph_depth));
    CHECK(graph_depth == 3);                                        /* at least the PIPEUP depths */

    for (int i = 0; i < 2; i++)
        CHECK_OK(vxReleaseNode(&nodes[i]));
    CHECK_OK(vxReleaseImage(&v));
    CHECK_OK(vxReleaseScalar(&s));
    CHECK_OK(vxReleaseGraph(&g));
    for (int i = 0; i < BUFS; i++)
        CHECK_OK(vxReleaseImage(&outs[i]));
    CHECK_OK(vxRemoveKernel(source));
    CHECK_OK(vxRemoveKernel(sink));
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
