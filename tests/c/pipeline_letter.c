/* Pipelining and streaming as vx_khr_pipelining states them (issue 21): one case per statement,
 * chosen by argv[1]; each prints "ok". */
#define _POSIX_C_SOURCE 200809L
#include <TI/tivx.h>
#include <string.h>
#include "pipeline_stages.h"

static vx_enum state_of(vx_node node)
{
    vx_enum state = 0;
    CHECK_OK(vxQueryNode(node, VX_NODE_STATE, &state, sizeof state));
    return state;
}

static vx_uint8 read_first(vx_image img)
{
    u8_map m;
    CHECK_OK(map_u8(img, VX_READ_ONLY, &m));
    vx_uint8 v = m.p[0];
    CHECK_OK(vxUnmapImagePatch(img, m.id));
    return v;
}

/* ---------------------------------------------------------------- 13. streaming */

#define STREAM_MAX 4096
static int source_pipeups, source_steady, process_calls, sink_calls, sink_before_source_steady = -1;
static vx_uint8 sink_seen[STREAM_MAX];

/* A source (no inputs): writes how many STEADY calls came before this one. */
static vx_status VX_CALLBACK source_run(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)n;
    if (state_of(node) == VX_NODE_STATE_PIPEUP) {
        source_pipeups++;
        return write_u8((vx_image)p[0], 250);
    }
    return write_u8((vx_image)p[0], (vx_uint8)source_steady++);
}

static vx_status VX_CALLBACK process_run(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)n;
    process_calls++;
    return write_u8((vx_image)p[1], (vx_uint8)(read_first((vx_image)p[0]) + 1));
}

/* A sink (no outputs): records what it sees. */
static vx_status VX_CALLBACK sink_run(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)n;
    if (sink_calls == 0)
        sink_before_source_steady = source_steady;
    if (sink_calls >= STREAM_MAX)
        return VX_FAILURE;
    sink_seen[sink_calls] = read_first((vx_image)p[0]);
    sleep_ns(1000000);
    __atomic_add_fetch(&sink_calls, 1, __ATOMIC_SEQ_CST);
    return VX_SUCCESS;
}

static vx_kernel one_image_kernel(vx_context ctx, const char *name, vx_kernel_f fn, vx_enum direction)
{
    vx_enum id;
    CHECK_OK(vxAllocateUserKernelId(ctx, &id));
    vx_kernel k = vxAddUserKernel(ctx, name, id, fn, 1, NULL, NULL, NULL);    /* no validator */
    CHECK_REF(k);
    CHECK_OK(vxAddParameterToKernel(k, 0, direction, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    return k;
}

/* 13. vxAddUserKernel with a NULL validator (a source with only outputs, a sink with only inputs:
 * the objects given describe them), VX_KERNEL_PIPEUP_OUTPUT_DEPTH set on the source and honoured,
 * vxStartGraphStreaming/vxStopGraphStreaming over source -> process -> sink: every frame through
 * every node once, in order; TIVX_GRAPH_STREAM_EXECUTIONS counts the frames. */
static void streaming(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs0 = context_references(ctx);
    vx_kernel source = one_image_kernel(ctx, "letter.source", source_run, VX_OUTPUT);
    vx_uint32 depth = 3;
    CHECK_OK(vxSetKernelAttribute(source, VX_KERNEL_PIPEUP_OUTPUT_DEPTH, &depth, sizeof depth));
    CHECK_OK(vxFinalizeKernel(source));
    vx_kernel sink = one_image_kernel(ctx, "letter.sink", sink_run, VX_INPUT);
    CHECK_OK(vxFinalizeKernel(sink));
    vx_kernel process = in_out_kernel(ctx, "letter.process", process_run, like_input, VX_TYPE_IMAGE);

    vx_graph g = vxCreateGraph(ctx);
    vx_image frames = vxCreateVirtualImage(g, FRAME_SIZE, FRAME_SIZE, VX_DF_IMAGE_U8);   /* fully described */
    vx_image processed = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_node src = vxCreateGenericNode(g, source), snk = vxCreateGenericNode(g, sink);
    CHECK_OK(vxSetParameterByIndex(src, 0, (vx_reference)frames));
    vx_node mid = node_of_two(g, process, frames, processed);
    CHECK_OK(vxSetParameterByIndex(snk, 0, (vx_reference)processed));
    CHECK_OK(vxEnableGraphStreaming(g, src));
    vx_uint32 executions = 1;
    CHECK_OK(vxQueryGraph(g, TIVX_GRAPH_STREAM_EXECUTIONS, &executions, sizeof executions));
    CHECK(executions == 0);
    CHECK_OK(vxStartGraphStreaming(g));
    while (__atomic_load_n(&sink_calls, __ATOMIC_SEQ_CST) < 40)
        sleep_ns(1000000);
    CHECK_OK(vxStopGraphStreaming(g));
    CHECK(source_pipeups == (int)depth - 1 && sink_before_source_steady >= 1);
    CHECK(source_steady == sink_calls && process_calls == sink_calls);
    for (int i = 0; i < sink_calls; i++)
        CHECK(sink_seen[i] == (vx_uint8)(i + 1));
    CHECK_OK(vxQueryGraph(g, TIVX_GRAPH_STREAM_EXECUTIONS, &executions, sizeof executions));
    CHECK(executions == (vx_uint32)sink_calls);
    /* again: the count goes on */
    CHECK_OK(vxStartGraphStreaming(g));
    while (__atomic_load_n(&sink_calls, __ATOMIC_SEQ_CST) < 60)
        sleep_ns(1000000);
    CHECK_OK(vxStopGraphStreaming(g));
    CHECK(source_steady == sink_calls && process_calls == sink_calls);
    for (int i = 0; i < sink_calls; i++)
        CHECK(sink_seen[i] == (vx_uint8)(i + 1));
    CHECK_OK(vxQueryGraph(g, TIVX_GRAPH_STREAM_EXECUTIONS, &executions, sizeof executions));
    CHECK(executions == (vx_uint32)sink_calls);

    vx_reference objects[] = {(vx_reference)src, (vx_reference)mid, (vx_reference)snk, (vx_reference)frames,
                              (vx_reference)processed, (vx_reference)g};
    for (unsigned i = 0; i < sizeof objects / sizeof *objects; i++)
        CHECK_OK(vxReleaseReference(&objects[i]));
    CHECK_OK(vxRemoveKernel(source));
    CHECK_OK(vxRemoveKernel(sink));
    CHECK_OK(vxRemoveKernel(process));
    CHECK(context_references(ctx) == refs0);
    CHECK_OK(vxReleaseContext(&ctx));
}

/* ---------------------------------------------------------------- 8. every type queued */

#define TAG_CALLS 64
static vx_reference tag_in[TAG_CALLS], tag_out[TAG_CALLS];
static int tag_calls;

/* What each frame's node was given. */
static vx_status VX_CALLBACK tag_run(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)n;
    if (tag_calls >= TAG_CALLS)
        return VX_FAILURE;
    tag_in[tag_calls] = p[0];
    tag_out[tag_calls++] = p[1];
    return VX_SUCCESS;
}

/* A new data object of `type`; `seed` varies what the object holds, not its meta data. */
static vx_reference new_object(vx_context ctx, vx_enum type, vx_uint32 seed)
{
    vx_reference r = NULL;
    vx_uint32 u = 7 + seed;
    switch (type) {
    case VX_TYPE_IMAGE: r = (vx_reference)vxCreateImage(ctx, 8, 8, VX_DF_IMAGE_U8); break;
    case VX_TYPE_SCALAR: r = (vx_reference)vxCreateScalar(ctx, VX_TYPE_UINT32, &u); break;
    case VX_TYPE_ARRAY:
        r = (vx_reference)vxCreateArray(ctx, VX_TYPE_UINT32, 4);
        for (vx_uint32 i = 0; i < seed % 4; i++)
            CHECK_OK(vxAddArrayItems((vx_array)r, 1, &u, sizeof u));
        break;
    case VX_TYPE_MATRIX: r = (vx_reference)vxCreateMatrix(ctx, VX_TYPE_INT32, 2, 2); break;
    case VX_TYPE_CONVOLUTION: r = (vx_reference)vxCreateConvolution(ctx, 3, 3); break;
    case VX_TYPE_LUT: r = (vx_reference)vxCreateLUT(ctx, VX_TYPE_UINT8, 256); break;
    case VX_TYPE_DISTRIBUTION: r = (vx_reference)vxCreateDistribution(ctx, 4, 0, 256); break;
    case VX_TYPE_THRESHOLD:
        r = (vx_reference)vxCreateThresholdForImage(ctx, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
        break;
    case VX_TYPE_PYRAMID: r = (vx_reference)vxCreatePyramid(ctx, 2, VX_SCALE_PYRAMID_HALF, 8, 8, VX_DF_IMAGE_U8); break;
    case VX_TYPE_REMAP: r = (vx_reference)vxCreateRemap(ctx, 8, 8, 8, 8); break;
    case VX_TYPE_OBJECT_ARRAY: {
        vx_image exemplar = vxCreateImage(ctx, 4, 4, VX_DF_IMAGE_U8);
        r = (vx_reference)vxCreateObjectArray(ctx, (vx_reference)exemplar, 2);
        CHECK_OK(vxReleaseImage(&exemplar));
        break;
    }
    case VX_TYPE_TENSOR: {
        vx_size dims[2] = {4, 4};
        r = (vx_reference)vxCreateTensor(ctx, 2, dims, VX_TYPE_UINT8, 0);
        break;
    }
    case VX_TYPE_USER_DATA_OBJECT: r = (vx_reference)vxCreateUserDataObject(ctx, "letter", 16, NULL); break;
    }
    CHECK_REF(r);
    return r;
}

static const vx_enum DATA_TYPES[] = {
    VX_TYPE_IMAGE, VX_TYPE_SCALAR, VX_TYPE_ARRAY, VX_TYPE_MATRIX, VX_TYPE_CONVOLUTION, VX_TYPE_LUT,
    VX_TYPE_DISTRIBUTION, VX_TYPE_THRESHOLD, VX_TYPE_PYRAMID, VX_TYPE_REMAP, VX_TYPE_OBJECT_ARRAY, VX_TYPE_TENSOR,
    VX_TYPE_USER_DATA_OBJECT,
};

#define QBUFS 3
#define QFRAMES 9

/* One type in one mode: QFRAMES frames through QBUFS references of each queue; every frame's node
 * gets the references enqueued for it, and they come back done in order. */
static void queue_type(vx_context ctx, vx_kernel tag, vx_enum type, vx_enum mode)
{
    vx_reference ins[QBUFS], outs[QBUFS];
    for (int i = 0; i < QBUFS; i++) {
        ins[i] = new_object(ctx, type, (vx_uint32)i);
        outs[i] = new_object(ctx, type, (vx_uint32)i + QBUFS);
    }
    vx_graph g = vxCreateGraph(ctx);
    vx_node n = node_of_two(g, tag, ins[0], outs[0]);
    add_graph_parameter(g, n, 0);
    add_graph_parameter(g, n, 1);
    vx_graph_parameter_queue_params_t q[2] = {{0, QBUFS, ins}, {1, QBUFS, outs}};
    CHECK_OK(vxSetGraphScheduleConfig(g, mode, 2, q));
    CHECK_OK(vxVerifyGraph(g));
    tag_calls = 0;
    for (int f = 0; f < QFRAMES; f += QBUFS) {
        for (int i = 0; i < QBUFS; i++) {
            CHECK_OK(vxGraphParameterEnqueueReadyRef(g, 0, &ins[i], 1));
            CHECK_OK(vxGraphParameterEnqueueReadyRef(g, 1, &outs[i], 1));
        }
        if (mode == VX_GRAPH_SCHEDULE_MODE_QUEUE_MANUAL)
            CHECK_OK(vxScheduleGraph(g));
        CHECK_OK(vxWaitGraph(g));
        for (int i = 0; i < QBUFS; i++) {
            vx_reference in = NULL, out = NULL;
            vx_uint32 num = 0;
            CHECK_OK(vxGraphParameterDequeueDoneRef(g, 0, &in, 1, &num));
            CHECK(num == 1 && in == ins[i]);
            CHECK_OK(vxGraphParameterDequeueDoneRef(g, 1, &out, 1, &num));
            CHECK(num == 1 && out == outs[i]);
            CHECK_OK(vxGetStatus(out));
        }
    }
    CHECK(tag_calls == QFRAMES);
    for (int f = 0; f < QFRAMES; f++)
        CHECK(tag_in[f] == ins[f % QBUFS] && tag_out[f] == outs[f % QBUFS]);
    CHECK_OK(vxReleaseNode(&n));
    CHECK_OK(vxReleaseGraph(&g));
    for (int i = 0; i < QBUFS; i++) {
        CHECK_OK(vxReleaseReference(&ins[i]));
        CHECK_OK(vxReleaseReference(&outs[i]));
    }
}

/* Scalars through standard kernels: Copy of a queued scalar into a queued scalar, MeanStdDev of a
 * queued image into a queued scalar: each frame's value in its own output. */
static void scalars_through_kernels(vx_context ctx, vx_enum mode)
{
    vx_scalar sin[QBUFS], sout[QBUFS], means[QBUFS];
    vx_image imgs[QBUFS];
    for (int i = 0; i < QBUFS; i++) {
        vx_int32 v = 100 + i, zero = 0;
        vx_float32 fz = 0;
        sin[i] = vxCreateScalar(ctx, VX_TYPE_INT32, &v);
        sout[i] = vxCreateScalar(ctx, VX_TYPE_INT32, &zero);
        means[i] = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &fz);
        imgs[i] = u8_image(ctx, 8, 8, (vx_uint8)(10 * i + 1));
    }
    vx_graph g = vxCreateGraph(ctx);
    vx_node copy = vxCopyNode(g, (vx_reference)sin[0], (vx_reference)sout[0]);
    vx_scalar sd = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &(vx_float32){0});
    vx_node mean = vxMeanStdDevNode(g, imgs[0], means[0], sd);
    CHECK_REF(copy);
    CHECK_REF(mean);
    add_graph_parameter(g, copy, 0);
    add_graph_parameter(g, copy, 1);
    add_graph_parameter(g, mean, 0);
    add_graph_parameter(g, mean, 1);
    vx_graph_parameter_queue_params_t q[4] = {{0, QBUFS, (vx_reference *)sin}, {1, QBUFS, (vx_reference *)sout},
                                              {2, QBUFS, (vx_reference *)imgs}, {3, QBUFS, (vx_reference *)means}};
    CHECK_OK(vxSetGraphScheduleConfig(g, mode, 4, q));
    CHECK_OK(vxVerifyGraph(g));
    for (int round = 0; round < 3; round++) {
        for (int i = 0; i < QBUFS; i++) {
            vx_int32 v = 1000 * round + i;
            CHECK_OK(vxCopyScalar(sin[i], &v, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
            fill_u8(imgs[i], (vx_uint8)(10 * i + round));
            vx_reference refs[4] = {(vx_reference)sin[i], (vx_reference)sout[i], (vx_reference)imgs[i],
                                    (vx_reference)means[i]};
            for (vx_uint32 k = 0; k < 4; k++)
                CHECK_OK(vxGraphParameterEnqueueReadyRef(g, k, &refs[k], 1));
        }
        if (mode == VX_GRAPH_SCHEDULE_MODE_QUEUE_MANUAL)
            CHECK_OK(vxScheduleGraph(g));
        for (int i = 0; i < QBUFS; i++) {
            vx_reference r;
            vx_uint32 num;
            for (vx_uint32 k = 0; k < 4; k++)
                CHECK_OK(vxGraphParameterDequeueDoneRef(g, k, &r, 1, &num));
            vx_int32 v = -1;
            vx_float32 m = -1;
            CHECK_OK(vxCopyScalar(sout[i], &v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
            CHECK_OK(vxCopyScalar(means[i], &m, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
            CHECK(v == 1000 * round + i);
            CHECK(m == (vx_float32)(10 * i + round));
        }
        CHECK_OK(vxWaitGraph(g));
    }
    CHECK_OK(vxReleaseNode(&copy));
    CHECK_OK(vxReleaseNode(&mean));
    CHECK_OK(vxReleaseScalar(&sd));
    CHECK_OK(vxReleaseGraph(&g));
    for (int i = 0; i < QBUFS; i++) {
        CHECK_OK(vxReleaseScalar(&sin[i]));
        CHECK_OK(vxReleaseScalar(&sout[i]));
        CHECK_OK(vxReleaseScalar(&means[i]));
        CHECK_OK(vxReleaseImage(&imgs[i]));
    }
}

/* 8. Every data object type as an enqueueable graph parameter, QUEUE_AUTO and QUEUE_MANUAL. */
static void every_type_queued(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs0 = context_references(ctx);
    vx_kernel tag = in_out_kernel(ctx, "letter.tag", tag_run, accept_all, VX_TYPE_REFERENCE);
    for (unsigned t = 0; t < sizeof DATA_TYPES / sizeof *DATA_TYPES; t++) {
        queue_type(ctx, tag, DATA_TYPES[t], VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO);
        queue_type(ctx, tag, DATA_TYPES[t], VX_GRAPH_SCHEDULE_MODE_QUEUE_MANUAL);
    }
    scalars_through_kernels(ctx, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO);
    scalars_through_kernels(ctx, VX_GRAPH_SCHEDULE_MODE_QUEUE_MANUAL);
    CHECK_OK(vxRemoveKernel(tag));
    CHECK(context_references(ctx) == refs0);
    CHECK_OK(vxReleaseContext(&ctx));
}

/* ---------------------------------------------------------------- 9. replicated nodes */

#define ITEMS 4
#define ISIZE 16

static vx_status VX_CALLBACK inc_slow(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)n;
    sleep_ns(300000);
    u8_map in, out;
    TRY(map_u8((vx_image)p[0], VX_READ_ONLY, &in));
    TRY(map_u8((vx_image)p[1], VX_WRITE_ONLY, &out));
    for (vx_uint32 y = 0; y < in.height; y++)
        for (vx_uint32 x = 0; x < in.width; x++)
            out.p[y * out.stride + x] = (vx_uint8)(in.p[y * in.stride + x] + 1);
    TRY(vxUnmapImagePatch((vx_image)p[0], in.id));
    return vxUnmapImagePatch((vx_image)p[1], out.id);
}

static vx_uint8 item_pixel(int frame, int item, vx_uint32 x, vx_uint32 y)
{
    return (vx_uint8)(frame * 37 + item * 11 + x * 3 + y * 5);
}

static void fill_items(vx_object_array arr, int frame)
{
    for (int k = 0; k < ITEMS; k++) {
        vx_image img = (vx_image)vxGetObjectArrayItem(arr, (vx_uint32)k);
        u8_map m;
        CHECK_OK(map_u8(img, VX_WRITE_ONLY, &m));
        for (vx_uint32 y = 0; y < m.height; y++)
            for (vx_uint32 x = 0; x < m.width; x++)
                m.p[y * m.stride + x] = item_pixel(frame, k, x, y);
        CHECK_OK(vxUnmapImagePatch(img, m.id));
        CHECK_OK(vxReleaseImage(&img));
    }
}

/* out = ~in + 1 per pixel of every item. */
static void check_items(vx_object_array arr, int frame)
{
    for (int k = 0; k < ITEMS; k++) {
        vx_image img = (vx_image)vxGetObjectArrayItem(arr, (vx_uint32)k);
        u8_map m;
        CHECK_OK(map_u8(img, VX_READ_ONLY, &m));
        for (vx_uint32 y = 0; y < m.height; y++)
            for (vx_uint32 x = 0; x < m.width; x++)
                if (m.p[y * m.stride + x] != (vx_uint8)(~item_pixel(frame, k, x, y) + 1)) {
                    fprintf(stderr, "frame %d item %d (%u, %u): %u, expected %u\n", frame, k, x, y,
                            m.p[y * m.stride + x], (vx_uint8)(~item_pixel(frame, k, x, y) + 1));
                    exit(1);
                }
        CHECK_OK(vxUnmapImagePatch(img, m.id));
        CHECK_OK(vxReleaseImage(&img));
    }
}

static void replicated_run(vx_context ctx, vx_kernel inc, vx_uint32 depth, int frames)
{
    vx_image exemplar = vxCreateImage(ctx, ISIZE, ISIZE, VX_DF_IMAGE_U8);
    vx_object_array ins[QBUFS], outs[QBUFS];
    for (int i = 0; i < QBUFS; i++) {
        ins[i] = vxCreateObjectArray(ctx, (vx_reference)exemplar, ITEMS);
        outs[i] = vxCreateObjectArray(ctx, (vx_reference)exemplar, ITEMS);
    }
    vx_graph g = vxCreateGraph(ctx);
    vx_object_array mid = vxCreateVirtualObjectArray(g, (vx_reference)exemplar, ITEMS);
    vx_image in0 = (vx_image)vxGetObjectArrayItem(ins[0], 0), out0 = (vx_image)vxGetObjectArrayItem(outs[0], 0);
    vx_image mid0 = (vx_image)vxGetObjectArrayItem(mid, 0);
    vx_node not_node = vxNotNode(g, in0, mid0);
    vx_node inc_node = node_of_two(g, inc, mid0, out0);
    vx_bool both[2] = {vx_true_e, vx_true_e};
    CHECK_OK(vxReplicateNode(g, not_node, both, 2));
    CHECK_OK(vxReplicateNode(g, inc_node, both, 2));
    add_graph_parameter(g, not_node, 0);
    add_graph_parameter(g, inc_node, 1);
    vx_graph_parameter_queue_params_t q[2] = {{0, QBUFS, (vx_reference *)ins}, {1, QBUFS, (vx_reference *)outs}};
    CHECK_OK(vxSetGraphScheduleConfig(g, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, 2, q));
    CHECK_OK(vxSetGraphAttribute(g, VX_GRAPH_PIPELINE_DEPTH, &depth, sizeof depth));
    CHECK_OK(vxVerifyGraph(g));
    int next = 0;
    for (; next < frames && next < QBUFS; next++) {
        fill_items(ins[next], next);
        CHECK_OK(vxGraphParameterEnqueueReadyRef(g, 0, (vx_reference *)&ins[next], 1));
        CHECK_OK(vxGraphParameterEnqueueReadyRef(g, 1, (vx_reference *)&outs[next], 1));
    }
    for (int f = 0; f < frames; f++) {
        vx_reference in, out;
        vx_uint32 num;
        CHECK_OK(vxGraphParameterDequeueDoneRef(g, 1, &out, 1, &num));
        CHECK_OK(vxGraphParameterDequeueDoneRef(g, 0, &in, 1, &num));
        CHECK(out == (vx_reference)outs[f % QBUFS] && in == (vx_reference)ins[f % QBUFS]);
        check_items((vx_object_array)out, f);
        if (next < frames) {
            fill_items((vx_object_array)in, next++);
            CHECK_OK(vxGraphParameterEnqueueReadyRef(g, 0, &in, 1));
            CHECK_OK(vxGraphParameterEnqueueReadyRef(g, 1, &out, 1));
        }
    }
    vx_reference objects[] = {(vx_reference)not_node, (vx_reference)inc_node, (vx_reference)in0, (vx_reference)out0,
                              (vx_reference)mid0, (vx_reference)mid, (vx_reference)g, (vx_reference)exemplar};
    for (unsigned i = 0; i < sizeof objects / sizeof *objects; i++)
        CHECK_OK(vxReleaseReference(&objects[i]));
    for (int i = 0; i < QBUFS; i++) {
        CHECK_OK(vxReleaseObjectArray(&ins[i]));
        CHECK_OK(vxReleaseObjectArray(&outs[i]));
    }
}

/* 9. Replicated nodes (a standard and a user kernel, a virtual object array between them) in a
 * pipelined graph: every item of every frame's output bit-exact, at depths 1-3 and several frame
 * counts. */
static void replicated_pipelined(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs0 = context_references(ctx);
    vx_kernel inc = in_out_kernel(ctx, "letter.inc_slow", inc_slow, like_input, VX_TYPE_IMAGE);
    static const int FRAME_COUNTS[] = {1, 2, 5, 13};
    for (vx_uint32 depth = 1; depth <= 3; depth++)
        for (unsigned c = 0; c < sizeof FRAME_COUNTS / sizeof *FRAME_COUNTS; c++)
            replicated_run(ctx, inc, depth, FRAME_COUNTS[c]);
    CHECK_OK(vxRemoveKernel(inc));
    CHECK(context_references(ctx) == refs0);
    CHECK_OK(vxReleaseContext(&ctx));
}

/* ---------------------------------------------------------------- 10. several outputs */

/* Frame f's value: the input scalar. Outputs: two images all (f & 255) and (f >> 8), and a scalar f. */
static vx_status VX_CALLBACK split_run(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)n;
    vx_uint32 f = 0;
    TRY(vxCopyScalar((vx_scalar)p[0], &f, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    TRY(write_u8((vx_image)p[1], (vx_uint8)f));
    TRY(write_u8((vx_image)p[2], (vx_uint8)(f >> 8)));
    return vxCopyScalar((vx_scalar)p[3], &f, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
}

/* Two images in, two out: copies (a later stage, so frames overlap). */
static vx_status VX_CALLBACK pair_copy_run(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)n;
    for (int k = 0; k < 2; k++) {
        u8_map in, out;
        TRY(map_u8((vx_image)p[k], VX_READ_ONLY, &in));
        TRY(map_u8((vx_image)p[2 + k], VX_WRITE_ONLY, &out));
        for (vx_uint32 y = 0; y < in.height; y++)
            memcpy(out.p + (size_t)y * out.stride, in.p + (size_t)y * in.stride, in.width);
        TRY(vxUnmapImagePatch((vx_image)p[k], in.id));
        TRY(vxUnmapImagePatch((vx_image)p[2 + k], out.id));
    }
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK split_validate(vx_node node, const vx_reference p[], vx_uint32 n, vx_meta_format m[])
{
    (void)node; (void)n;
    vx_enum type = VX_TYPE_UINT32;
    TRY(vxSetMetaFormatFromReference(m[1], p[1]));
    TRY(vxSetMetaFormatFromReference(m[2], p[2]));
    return vxSetMetaFormatAttribute(m[3], VX_SCALAR_TYPE, &type, sizeof type);
}

static vx_status VX_CALLBACK pair_validate(vx_node node, const vx_reference p[], vx_uint32 n, vx_meta_format m[])
{
    (void)node; (void)n;
    TRY(vxSetMetaFormatFromReference(m[2], p[0]));
    return vxSetMetaFormatFromReference(m[3], p[1]);
}

static vx_kernel kernel_of_four(vx_context ctx, const char *name, vx_kernel_f fn, vx_kernel_validate_f validate,
                                const vx_enum types[4], int inputs)
{
    vx_enum id;
    CHECK_OK(vxAllocateUserKernelId(ctx, &id));
    vx_kernel k = vxAddUserKernel(ctx, name, id, fn, 4, validate, NULL, NULL);
    for (vx_uint32 i = 0; i < 4; i++)
        CHECK_OK(vxAddParameterToKernel(k, i, (int)i < inputs ? VX_INPUT : VX_OUTPUT, types[i],
                                        VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxFinalizeKernel(k));
    return k;
}

/* Whether all of `img` is `value` (a large one: its first, middle and last rows). */
static int all_of(vx_image img, vx_uint8 value)
{
    u8_map m;
    CHECK_OK(map_u8(img, VX_READ_ONLY, &m));
    int ok = 1;
    vx_uint32 rows[3] = {0, m.height / 2, m.height - 1};
    for (int r = 0; r < 3 && ok; r++)
        for (vx_uint32 x = 0; x < m.width && ok; x++)
            ok = m.p[(size_t)rows[r] * m.stride + x] == value;
    CHECK_OK(vxUnmapImagePatch(img, m.id));
    return ok;
}

#define SBUFS 4

static void several_outputs_run(vx_context ctx, vx_kernel split, vx_kernel pair, vx_uint32 w, vx_uint32 h,
                                vx_uint32 depth, vx_uint32 frames, int virtual_mid)
{
    vx_scalar ins[SBUFS], counts[SBUFS];
    vx_image as[SBUFS], bs[SBUFS];
    vx_uint32 zero = 0;
    for (int i = 0; i < SBUFS; i++) {
        ins[i] = vxCreateScalar(ctx, VX_TYPE_UINT32, &zero);
        counts[i] = vxCreateScalar(ctx, VX_TYPE_UINT32, &zero);
        as[i] = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
        bs[i] = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
    }
    vx_graph g = vxCreateGraph(ctx);
    /* the intermediates virtual, or the application's own (one object every frame in flight shares) */
    vx_image va = virtual_mid ? vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8) : vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
    vx_image vb = virtual_mid ? vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8) : vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
    vx_node n1 = vxCreateGenericNode(g, split), n2 = vxCreateGenericNode(g, pair);
    vx_reference p1[4] = {(vx_reference)ins[0], (vx_reference)va, (vx_reference)vb, (vx_reference)counts[0]};
    vx_reference p2[4] = {(vx_reference)va, (vx_reference)vb, (vx_reference)as[0], (vx_reference)bs[0]};
    for (vx_uint32 i = 0; i < 4; i++) {
        CHECK_OK(vxSetParameterByIndex(n1, i, p1[i]));
        CHECK_OK(vxSetParameterByIndex(n2, i, p2[i]));
    }
    add_graph_parameter(g, n1, 0);
    add_graph_parameter(g, n1, 3);
    add_graph_parameter(g, n2, 2);
    add_graph_parameter(g, n2, 3);
    vx_graph_parameter_queue_params_t q[4] = {{0, SBUFS, (vx_reference *)ins}, {1, SBUFS, (vx_reference *)counts},
                                              {2, SBUFS, (vx_reference *)as}, {3, SBUFS, (vx_reference *)bs}};
    CHECK_OK(vxSetGraphScheduleConfig(g, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, 4, q));
    CHECK_OK(vxSetGraphAttribute(g, VX_GRAPH_PIPELINE_DEPTH, &depth, sizeof depth));
    CHECK_OK(vxVerifyGraph(g));
    vx_uint32 next = 0;
    for (; next < frames && next < SBUFS; next++) {
        CHECK_OK(vxCopyScalar(ins[next], &next, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
        vx_reference r[4] = {(vx_reference)ins[next], (vx_reference)counts[next], (vx_reference)as[next],
                             (vx_reference)bs[next]};
        for (vx_uint32 k = 0; k < 4; k++)
            CHECK_OK(vxGraphParameterEnqueueReadyRef(g, k, &r[k], 1));
    }
    for (vx_uint32 f = 0; f < frames; f++) {
        vx_reference r[4];
        vx_uint32 num;
        for (vx_uint32 k = 0; k < 4; k++)
            CHECK_OK(vxGraphParameterDequeueDoneRef(g, k, &r[k], 1, &num));
        vx_uint32 count = 0;
        CHECK_OK(vxCopyScalar((vx_scalar)r[1], &count, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        if (count != f || !all_of((vx_image)r[2], (vx_uint8)f) || !all_of((vx_image)r[3], (vx_uint8)(f >> 8))) {
            fprintf(stderr, "%ux%u depth %u frame %u: count %u, outputs of another frame\n", w, h, depth, f, count);
            exit(1);
        }
        if (next < frames) {
            CHECK_OK(vxCopyScalar((vx_scalar)r[0], &next, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
            next++;
            for (vx_uint32 k = 0; k < 4; k++)
                CHECK_OK(vxGraphParameterEnqueueReadyRef(g, k, &r[k], 1));
        }
    }
    vx_reference objects[] = {(vx_reference)n1, (vx_reference)n2, (vx_reference)va, (vx_reference)vb,
                              (vx_reference)g};
    for (unsigned i = 0; i < sizeof objects / sizeof *objects; i++)
        CHECK_OK(vxReleaseReference(&objects[i]));
    for (int i = 0; i < SBUFS; i++) {
        CHECK_OK(vxReleaseScalar(&ins[i]));
        CHECK_OK(vxReleaseScalar(&counts[i]));
        CHECK_OK(vxReleaseImage(&as[i]));
        CHECK_OK(vxReleaseImage(&bs[i]));
    }
}

/* 10. User kernels with several outputs in a pipelined graph: every frame's outputs are that
 * frame's (1000 frames at depths 1-3, 64x64; 30 at 2048x1024), also when the images between the
 * two nodes are the application's, not virtual: every frame in flight then meets the same objects. */
static void several_outputs(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs0 = context_references(ctx);
    const vx_enum split_types[4] = {VX_TYPE_SCALAR, VX_TYPE_IMAGE, VX_TYPE_IMAGE, VX_TYPE_SCALAR};
    const vx_enum pair_types[4] = {VX_TYPE_IMAGE, VX_TYPE_IMAGE, VX_TYPE_IMAGE, VX_TYPE_IMAGE};
    vx_kernel split = kernel_of_four(ctx, "letter.split", split_run, split_validate, split_types, 1);
    vx_kernel pair = kernel_of_four(ctx, "letter.pair_copy", pair_copy_run, pair_validate, pair_types, 2);
    for (vx_uint32 depth = 1; depth <= 3; depth++) {
        several_outputs_run(ctx, split, pair, 64, 64, depth, 1000, 1);
        several_outputs_run(ctx, split, pair, 2048, 1024, depth, 30, 1);
        several_outputs_run(ctx, split, pair, 64, 64, depth, 300, 0);
        several_outputs_run(ctx, split, pair, 2048, 1024, depth, 30, 0);
    }
    CHECK_OK(vxRemoveKernel(split));
    CHECK_OK(vxRemoveKernel(pair));
    CHECK(context_references(ctx) == refs0);
    CHECK_OK(vxReleaseContext(&ctx));
}

/* ---------------------------------------------------------------- 11. loop-carried delay */

/* acc = in + previous acc (p: in, previous, acc). */
static vx_status VX_CALLBACK accumulate_run(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)n;
    sleep_ns(200000);
    u8_map in, prev, acc;
    TRY(map_u8((vx_image)p[0], VX_READ_ONLY, &in));
    TRY(map_u8((vx_image)p[1], VX_READ_ONLY, &prev));
    TRY(map_u8((vx_image)p[2], VX_WRITE_ONLY, &acc));
    for (vx_uint32 y = 0; y < in.height; y++)
        for (vx_uint32 x = 0; x < in.width; x++)
            acc.p[y * acc.stride + x] = (vx_uint8)(in.p[y * in.stride + x] + prev.p[y * prev.stride + x]);
    TRY(vxUnmapImagePatch((vx_image)p[0], in.id));
    TRY(vxUnmapImagePatch((vx_image)p[1], prev.id));
    return vxUnmapImagePatch((vx_image)p[2], acc.id);
}

static vx_status VX_CALLBACK three_validate(vx_node node, const vx_reference p[], vx_uint32 n, vx_meta_format m[])
{
    (void)node; (void)n;
    return vxSetMetaFormatFromReference(m[2], p[0]);
}

static vx_status VX_CALLBACK copy_run(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)n;
    u8_map in, out;
    TRY(map_u8((vx_image)p[0], VX_READ_ONLY, &in));
    TRY(map_u8((vx_image)p[1], VX_WRITE_ONLY, &out));
    for (vx_uint32 y = 0; y < in.height; y++)
        memcpy(out.p + (size_t)y * out.stride, in.p + (size_t)y * in.stride, in.width);
    TRY(vxUnmapImagePatch((vx_image)p[0], in.id));
    return vxUnmapImagePatch((vx_image)p[1], out.id);
}

static vx_uint8 loop_input(vx_uint32 f, vx_uint32 x, vx_uint32 y)
{
    return (vx_uint8)(f * 3 + x + 2 * y + 1);
}

static void loop_carried_run(vx_context ctx, vx_kernel acc_k, vx_kernel copy_k, vx_kernel inc_k, vx_uint32 depth,
                             vx_enum mode, vx_uint32 frames)
{
    vx_image exemplar = u8_image(ctx, ISIZE, ISIZE, 0);
    vx_delay delay = vxCreateDelay(ctx, (vx_reference)exemplar, 2);
    vx_image ins[QBUFS], outs[QBUFS];
    for (int i = 0; i < QBUFS; i++) {
        ins[i] = vxCreateImage(ctx, ISIZE, ISIZE, VX_DF_IMAGE_U8);
        outs[i] = vxCreateImage(ctx, ISIZE, ISIZE, VX_DF_IMAGE_U8);
    }
    for (vx_int32 k = 0; k > -2; k--)
        fill_u8((vx_image)vxGetReferenceFromDelay(delay, k), 0);
    vx_graph g = vxCreateGraph(ctx);
    /* reader: sum = in + slot -1; writer: slot 0 = sum; out = sum + 1 (a slower stage) */
    vx_image sum_v = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_node reader = vxCreateGenericNode(g, acc_k);
    CHECK_OK(vxSetParameterByIndex(reader, 0, (vx_reference)ins[0]));
    CHECK_OK(vxSetParameterByIndex(reader, 1, vxGetReferenceFromDelay(delay, -1)));
    CHECK_OK(vxSetParameterByIndex(reader, 2, (vx_reference)sum_v));
    vx_node writer = node_of_two(g, copy_k, sum_v, vxGetReferenceFromDelay(delay, 0));
    vx_node output = node_of_two(g, inc_k, sum_v, outs[0]);
    CHECK_OK(vxRegisterAutoAging(g, delay));
    add_graph_parameter(g, reader, 0);
    add_graph_parameter(g, output, 1);
    vx_graph_parameter_queue_params_t q[2] = {{0, QBUFS, (vx_reference *)ins}, {1, QBUFS, (vx_reference *)outs}};
    CHECK_OK(vxSetGraphScheduleConfig(g, mode, 2, q));
    CHECK_OK(vxSetGraphAttribute(g, VX_GRAPH_PIPELINE_DEPTH, &depth, sizeof depth));
    CHECK_OK(vxVerifyGraph(g));
    vx_uint8 sum[ISIZE][ISIZE] = {{0}};
    for (vx_uint32 base = 0; base < frames; base += QBUFS) {
        vx_uint32 batch = frames - base < QBUFS ? frames - base : QBUFS;
        for (vx_uint32 i = 0; i < batch; i++) {
            u8_map m;
            CHECK_OK(map_u8(ins[i], VX_WRITE_ONLY, &m));
            for (vx_uint32 y = 0; y < ISIZE; y++)
                for (vx_uint32 x = 0; x < ISIZE; x++)
                    m.p[y * m.stride + x] = loop_input(base + i, x, y);
            CHECK_OK(vxUnmapImagePatch(ins[i], m.id));
            CHECK_OK(vxGraphParameterEnqueueReadyRef(g, 0, (vx_reference *)&ins[i], 1));
            CHECK_OK(vxGraphParameterEnqueueReadyRef(g, 1, (vx_reference *)&outs[i], 1));
        }
        if (mode == VX_GRAPH_SCHEDULE_MODE_QUEUE_MANUAL)
            CHECK_OK(vxScheduleGraph(g));
        for (vx_uint32 i = 0; i < batch; i++) {
            vx_reference r;
            vx_uint32 num;
            CHECK_OK(vxGraphParameterDequeueDoneRef(g, 0, &r, 1, &num));
            CHECK_OK(vxGraphParameterDequeueDoneRef(g, 1, &r, 1, &num));
            CHECK(r == (vx_reference)outs[i]);
            u8_map m;
            CHECK_OK(map_u8(outs[i], VX_READ_ONLY, &m));
            for (vx_uint32 y = 0; y < ISIZE; y++)
                for (vx_uint32 x = 0; x < ISIZE; x++) {
                    sum[y][x] = (vx_uint8)(sum[y][x] + loop_input(base + i, x, y));
                    if (m.p[y * m.stride + x] != (vx_uint8)(sum[y][x] + 1)) {
                        fprintf(stderr, "depth %u frame %u (%u, %u): %u, serial %u\n", depth, base + i, x, y,
                                m.p[y * m.stride + x], (vx_uint8)(sum[y][x] + 1));
                        exit(1);
                    }
                }
            CHECK_OK(vxUnmapImagePatch(outs[i], m.id));
        }
        CHECK_OK(vxWaitGraph(g));
    }
    /* the delay aged once per frame: the last sum went from slot 0 to slot -1 */
    CHECK(u8_pixel((vx_image)vxGetReferenceFromDelay(delay, -1), 3, 2) == sum[2][3]);
    vx_reference objects[] = {(vx_reference)reader, (vx_reference)writer, (vx_reference)output,
                              (vx_reference)sum_v, (vx_reference)g, (vx_reference)delay, (vx_reference)exemplar};
    for (unsigned i = 0; i < sizeof objects / sizeof *objects; i++)
        CHECK_OK(vxReleaseReference(&objects[i]));
    for (int i = 0; i < QBUFS; i++) {
        CHECK_OK(vxReleaseImage(&ins[i]));
        CHECK_OK(vxReleaseImage(&outs[i]));
    }
}

/* 11. A delay whose slot 0 one node writes and slot -1 another reads, registered for auto-aging,
 * in a pipelined graph: it verifies, ages per frame, and gives the serial result. */
static void loop_carried_delay(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs0 = context_references(ctx);
    vx_enum id;
    CHECK_OK(vxAllocateUserKernelId(ctx, &id));
    vx_kernel acc_k = vxAddUserKernel(ctx, "letter.accumulate", id, accumulate_run, 3, three_validate, NULL, NULL);
    CHECK_OK(vxAddParameterToKernel(acc_k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(acc_k, 1, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(acc_k, 2, VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxFinalizeKernel(acc_k));
    vx_kernel copy_k = in_out_kernel(ctx, "letter.copy", copy_run, like_input, VX_TYPE_IMAGE);
    vx_kernel inc_k = in_out_kernel(ctx, "letter.inc_slow", inc_slow, like_input, VX_TYPE_IMAGE);
    for (vx_uint32 depth = 1; depth <= 3; depth++) {
        loop_carried_run(ctx, acc_k, copy_k, inc_k, depth, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, 10);
        loop_carried_run(ctx, acc_k, copy_k, inc_k, depth, VX_GRAPH_SCHEDULE_MODE_QUEUE_MANUAL, 7);
    }
    CHECK_OK(vxRemoveKernel(acc_k));
    CHECK_OK(vxRemoveKernel(copy_k));
    CHECK_OK(vxRemoveKernel(inc_k));
    CHECK(context_references(ctx) == refs0);
    CHECK_OK(vxReleaseContext(&ctx));
}

static const test_case CASES[] = {
    {"streaming", streaming},
    {"every_type_queued", every_type_queued},
    {"replicated_pipelined", replicated_pipelined},
    {"several_outputs", several_outputs},
    {"loop_carried_delay", loop_carried_delay},
};

int main(int argc, char **argv)
{
    return run_case(CASES, sizeof CASES / sizeof *CASES, argc, argv);
}
