/* A chain of slow stages for the pipelining tests and bench/pipeline.c: input image -> stage 0 ->
 * virtual -> stage 1 -> ... -> output image, each stage a user kernel that sleeps, reads its input
 * between two half sleeps (so stages sharing a buffer would read the wrong frame) and writes
 * input + 1. Frame i's input is all (i & 255); its output must be all (i + stages) & 255. */
#ifndef PVX_TEST_PIPELINE_STAGES_H
#define PVX_TEST_PIPELINE_STAGES_H
#include <VX/vx.h>
#include <VX/vx_khr_pipelining.h>
#include <time.h>
#include "kernels.h"

#define MAX_STAGES 8
#define FRAME_SIZE 8

static long stage_sleep_ns = 10000000;        /* per stage and frame */
static int stage_fail_value = -1;             /* stage 1 fails when its input is this (frame + 1) */
static int stage_busy[MAX_STAGES];            /* threads inside each stage now */
static int stage_overlap;                     /* a stage was ever run by two threads at once */

static inline void sleep_ns(long ns)
{
    struct timespec ts = {ns / 1000000000L, ns % 1000000000L};
    nanosleep(&ts, NULL);
}

static inline double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static vx_status VX_CALLBACK stage_run(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)n;
    vx_uint32 id = 0;
    TRY(vxCopyScalar((vx_scalar)p[2], &id, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    if (__atomic_add_fetch(&stage_busy[id], 1, __ATOMIC_SEQ_CST) > 1)
        stage_overlap = 1;
    u8_map in, out;
    TRY(map_u8((vx_image)p[0], VX_READ_ONLY, &in));
    TRY(map_u8((vx_image)p[1], VX_WRITE_ONLY, &out));
    sleep_ns(stage_sleep_ns / 2);
    vx_uint8 v = in.p[0];
    sleep_ns(stage_sleep_ns - stage_sleep_ns / 2);
    for (vx_uint32 y = 0; y < out.height; y++)
        for (vx_uint32 x = 0; x < out.width; x++)
            out.p[y * out.stride + x] = (vx_uint8)(v + 1);
    TRY(vxUnmapImagePatch((vx_image)p[0], in.id));
    TRY(vxUnmapImagePatch((vx_image)p[1], out.id));
    __atomic_sub_fetch(&stage_busy[id], 1, __ATOMIC_SEQ_CST);
    return id == 1 && (int)v == stage_fail_value ? VX_FAILURE : VX_SUCCESS;
}

/* A source's output: a FRAME_SIZE square U8 image. */
static inline vx_status frame_meta(vx_meta_format m)
{
    vx_uint32 size = FRAME_SIZE;
    vx_df_image format = VX_DF_IMAGE_U8;
    TRY(vxSetMetaFormatAttribute(m, VX_IMAGE_WIDTH, &size, sizeof size));
    TRY(vxSetMetaFormatAttribute(m, VX_IMAGE_HEIGHT, &size, sizeof size));
    return vxSetMetaFormatAttribute(m, VX_IMAGE_FORMAT, &format, sizeof format);
}

typedef struct {
    vx_graph graph;
    vx_node nodes[MAX_STAGES];
    vx_uint32 count;
} stages;

static inline vx_kernel stage_kernel(vx_context ctx)
{
    vx_enum id;
    CHECK_OK(vxAllocateUserKernelId(ctx, &id));
    vx_kernel k = vxAddUserKernel(ctx, "test.pipeline.stage", id, stage_run, 3, like_input, NULL, NULL);
    CHECK_REF(k);
    CHECK_OK(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(k, 1, VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(k, 2, VX_INPUT, VX_TYPE_SCALAR, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxFinalizeKernel(k));
    return k;
}

static inline void add_graph_parameter(vx_graph g, vx_node node, vx_uint32 index)
{
    vx_parameter p = vxGetParameterByIndex(node, index);
    CHECK_REF(p);
    CHECK_OK(vxAddParameterToGraph(g, p));
    CHECK_OK(vxReleaseParameter(&p));
}

/* `count` stages from `in` to `out` through virtual images; graph parameter 0 is the input,
 * 1 the output. The graph holds everything but itself and the nodes. */
static inline stages make_stages(vx_context ctx, vx_kernel k, vx_uint32 count, vx_image in, vx_image out)
{
    stages s = {vxCreateGraph(ctx), {0}, count};
    CHECK_REF(s.graph);
    vx_image prev = in;
    for (vx_uint32 i = 0; i < count; i++) {
        vx_image next = i + 1 == count ? out : vxCreateVirtualImage(s.graph, 0, 0, VX_DF_IMAGE_VIRT);
        vx_scalar id = vxCreateScalar(ctx, VX_TYPE_UINT32, &i);
        s.nodes[i] = vxCreateGenericNode(s.graph, k);
        CHECK_REF(s.nodes[i]);
        CHECK_OK(vxSetParameterByIndex(s.nodes[i], 0, (vx_reference)prev));
        CHECK_OK(vxSetParameterByIndex(s.nodes[i], 1, (vx_reference)next));
        CHECK_OK(vxSetParameterByIndex(s.nodes[i], 2, (vx_reference)id));
        CHECK_OK(vxReleaseScalar(&id));
        if (prev != in)
            CHECK_OK(vxReleaseImage(&prev));
        prev = next;
    }
    add_graph_parameter(s.graph, s.nodes[0], 0);
    add_graph_parameter(s.graph, s.nodes[count - 1], 1);
    return s;
}

static inline void release_stages(stages *s)
{
    for (vx_uint32 i = 0; i < s->count; i++)
        CHECK_OK(vxReleaseNode(&s->nodes[i]));
    CHECK_OK(vxReleaseGraph(&s->graph));
}

/* Graph parameters 0 and 1 queued with `n` inputs and outputs. */
static inline void queue_stages(stages *s, vx_enum mode, vx_image *ins, vx_image *outs, vx_uint32 n)
{
    vx_graph_parameter_queue_params_t q[2] = {{0, n, (vx_reference *)ins}, {1, n, (vx_reference *)outs}};
    CHECK_OK(vxSetGraphScheduleConfig(s->graph, mode, 2, q));
}

static inline void check_frame(vx_image out, vx_uint32 frame, vx_uint32 count)
{
    vx_uint8 want = (vx_uint8)(frame + count);
    if (u8_pixel(out, 0, 0) != want || u8_pixel(out, FRAME_SIZE - 1, FRAME_SIZE - 1) != want) {
        fprintf(stderr, "frame %u: output %u, expected %u\n", frame, u8_pixel(out, 0, 0), want);
        exit(1);
    }
}

static inline void enqueue_frame(vx_graph g, vx_image in, vx_image out, vx_uint32 frame)
{
    fill_u8(in, (vx_uint8)frame);
    CHECK_OK(vxGraphParameterEnqueueReadyRef(g, 0, (vx_reference *)&in, 1));
    CHECK_OK(vxGraphParameterEnqueueReadyRef(g, 1, (vx_reference *)&out, 1));
}

/* `frames` frames through a queued (auto mode) stage graph with `n` buffers each side: every
 * output exact and in order, and its input comes back with it. */
static inline void run_frames(stages *s, vx_image *ins, vx_image *outs, vx_uint32 n, vx_uint32 frames)
{
    vx_uint32 next = 0;
    for (; next < n && next < frames; next++)
        enqueue_frame(s->graph, ins[next], outs[next], next);
    for (vx_uint32 done = 0; done < frames; done++) {
        vx_reference in = NULL, out = NULL;
        vx_uint32 got = 0;
        CHECK_OK(vxGraphParameterDequeueDoneRef(s->graph, 1, &out, 1, &got));
        CHECK(got == 1 && out == (vx_reference)outs[done % n]);
        CHECK_OK(vxGraphParameterDequeueDoneRef(s->graph, 0, &in, 1, &got));
        CHECK(got == 1 && in == (vx_reference)ins[done % n]);
        check_frame((vx_image)out, done, s->count);
        if (next < frames)
            enqueue_frame(s->graph, (vx_image)in, (vx_image)out, next++);
    }
}

static inline void make_frames(vx_context ctx, vx_image *ins, vx_image *outs, vx_uint32 n)
{
    for (vx_uint32 i = 0; i < n; i++) {
        ins[i] = u8_image(ctx, FRAME_SIZE, FRAME_SIZE, 0);
        outs[i] = u8_image(ctx, FRAME_SIZE, FRAME_SIZE, 0);
    }
}

static inline void release_frames(vx_image *ins, vx_image *outs, vx_uint32 n)
{
    for (vx_uint32 i = 0; i < n; i++) {
        CHECK_OK(vxReleaseImage(&ins[i]));
        CHECK_OK(vxReleaseImage(&outs[i]));
    }
}

/* `n` new inputs and outputs, and `count` stages between the first two, queued in `mode`
 * (VX_GRAPH_SCHEDULE_MODE_NORMAL: not queued). */
static inline stages queued_stages(vx_context ctx, vx_kernel k, vx_uint32 count, vx_enum mode, vx_image *ins,
                                   vx_image *outs, vx_uint32 n)
{
    make_frames(ctx, ins, outs, n);
    stages s = make_stages(ctx, k, count, ins[0], outs[0]);
    if (mode != VX_GRAPH_SCHEDULE_MODE_NORMAL)
        queue_stages(&s, mode, ins, outs, n);
    return s;
}

static inline void release_all(stages *s, vx_image *ins, vx_image *outs, vx_uint32 n)
{
    release_stages(s);
    release_frames(ins, outs, n);
}
#endif
