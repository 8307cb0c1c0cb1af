/* How applications written for TIOVX (and the Khronos suite) list and enqueue references:
 * - a replicated node's parameter by element 0 of each object array (level 0 of each pyramid):
 *   the item means its container, and the item is what comes back from the done queue;
 * - a queue list that names a graph parameter twice (GraphPipeline.testScalarOutput lists its
 *   third queue at index 1) is read by position when the positions fit; otherwise refused. */
#define _POSIX_C_SOURCE 200809L
#include "pipeline_stages.h"

#define BUFS 3
#define ITEMS 2
#define FRAMES 7

static vx_uint8 value_of(vx_uint32 frame, vx_uint32 item)
{
    return (vx_uint8)(10 * frame + item);
}

/* in[b] -> Not (replicated) -> mid -> Not (replicated) -> out[b], over object arrays of ITEMS images,
 * listed and enqueued by their item 0; frame f's item i is value_of(f, i) and comes back equal. */
static void replicated_by_item(vx_context ctx)
{
    vx_image exemplar = u8_image(ctx, FRAME_SIZE, FRAME_SIZE, 0);
    vx_object_array in[BUFS], out[BUFS];
    vx_image in0[BUFS], out0[BUFS];
    for (int b = 0; b < BUFS; b++) {
        in[b] = vxCreateObjectArray(ctx, (vx_reference)exemplar, ITEMS);
        out[b] = vxCreateObjectArray(ctx, (vx_reference)exemplar, ITEMS);
        in0[b] = (vx_image)vxGetObjectArrayItem(in[b], 0);
        out0[b] = (vx_image)vxGetObjectArrayItem(out[b], 0);
    }
    vx_object_array mid = vxCreateObjectArray(ctx, (vx_reference)exemplar, ITEMS);
    vx_image mid0 = (vx_image)vxGetObjectArrayItem(mid, 0);
    vx_graph g = vxCreateGraph(ctx);
    vx_node n0 = vxNotNode(g, in0[0], mid0), n1 = vxNotNode(g, mid0, out0[0]);
    vx_bool replicate[2] = {vx_true_e, vx_true_e};
    CHECK_OK(vxReplicateNode(g, n0, replicate, 2));
    CHECK_OK(vxReplicateNode(g, n1, replicate, 2));
    add_graph_parameter(g, n0, 0);
    add_graph_parameter(g, n1, 1);
    vx_graph_parameter_queue_params_t q[2] = {{0, BUFS, (vx_reference *)in0}, {1, BUFS, (vx_reference *)out0}};
    CHECK_OK(vxSetGraphScheduleConfig(g, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, 2, q));
    CHECK_OK(vxVerifyGraph(g));
    for (vx_uint32 f = 0; f < FRAMES + BUFS; f++) {
        vx_uint32 b = f % BUFS;
        if (f >= BUFS) {                            /* frame f - BUFS used these buffers */
            vx_reference got;
            vx_uint32 num;
            CHECK_OK(vxGraphParameterDequeueDoneRef(g, 1, &got, 1, &num));
            CHECK(num == 1 && got == (vx_reference)out0[b]);
            for (vx_uint32 i = 0; i < ITEMS; i++) {
                vx_image item = (vx_image)vxGetObjectArrayItem(out[b], i);
                CHECK(u8_pixel(item, 1, 1) == value_of(f - BUFS, i));
                CHECK_OK(vxReleaseImage(&item));
            }
            CHECK_OK(vxGraphParameterDequeueDoneRef(g, 0, &got, 1, &num));
            CHECK(num == 1 && got == (vx_reference)in0[b]);
        }
        if (f >= FRAMES)
            continue;
        for (vx_uint32 i = 0; i < ITEMS; i++) {
            vx_image item = (vx_image)vxGetObjectArrayItem(in[b], i);
            fill_u8(item, value_of(f, i));
            CHECK_OK(vxReleaseImage(&item));
        }
        CHECK_OK(vxGraphParameterEnqueueReadyRef(g, 0, (vx_reference *)&in0[b], 1));
        CHECK_OK(vxGraphParameterEnqueueReadyRef(g, 1, (vx_reference *)&out0[b], 1));
    }
    CHECK_OK(vxWaitGraph(g));
    CHECK_OK(vxReleaseNode(&n0));
    CHECK_OK(vxReleaseNode(&n1));
    CHECK_OK(vxReleaseGraph(&g));
    for (int b = 0; b < BUFS; b++) {
        CHECK_OK(vxReleaseImage(&in0[b]));
        CHECK_OK(vxReleaseImage(&out0[b]));
        CHECK_OK(vxReleaseObjectArray(&in[b]));
        CHECK_OK(vxReleaseObjectArray(&out[b]));
    }
    CHECK_OK(vxReleaseImage(&mid0));
    CHECK_OK(vxReleaseObjectArray(&mid));
    CHECK_OK(vxReleaseImage(&exemplar));
}

/* image -> MeanStdDev -> mean, stddev: the three queues listed at indices 0, 1, 1. */
static void listed_by_position(vx_context ctx)
{
    vx_image in[BUFS];
    vx_scalar mean[BUFS], dev[BUFS];
    vx_float32 zero = 0;
    for (int b = 0; b < BUFS; b++) {
        in[b] = u8_image(ctx, FRAME_SIZE, FRAME_SIZE, (vx_uint8)(40 + b));
        mean[b] = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &zero);
        dev[b] = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &zero);
    }
    vx_graph g = vxCreateGraph(ctx);
    vx_node n = vxMeanStdDevNode(g, in[0], mean[0], dev[0]);
    for (vx_uint32 i = 0; i < 3; i++)
        add_graph_parameter(g, n, i);
    vx_graph_parameter_queue_params_t q[3] = {{0, BUFS, (vx_reference *)in}, {1, BUFS, (vx_reference *)mean},
                                              {1, BUFS, (vx_reference *)dev}};
    /* the same list twice cannot be read by position (one reference in two queues) */
    vx_graph_parameter_queue_params_t again[3] = {q[0], q[1], q[1]};
    CHECK_REFUSED(vxSetGraphScheduleConfig(g, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, 3, again),
                  VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxSetGraphScheduleConfig(g, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, 3, q));
    CHECK_OK(vxVerifyGraph(g));
    for (vx_uint32 b = 0; b < BUFS; b++) {
        CHECK_OK(vxGraphParameterEnqueueReadyRef(g, 0, (vx_reference *)&in[b], 1));
        CHECK_OK(vxGraphParameterEnqueueReadyRef(g, 1, (vx_reference *)&mean[b], 1));
        CHECK_OK(vxGraphParameterEnqueueReadyRef(g, 2, (vx_reference *)&dev[b], 1));
    }
    for (vx_uint32 b = 0; b < BUFS; b++) {
        vx_reference got[3];
        vx_uint32 num;
        for (vx_uint32 i = 0; i < 3; i++)
            CHECK_OK(vxGraphParameterDequeueDoneRef(g, i, &got[i], 1, &num));
        vx_float32 m = 0, d = 1;
        CHECK(got[0] == (vx_reference)in[b] && got[1] == (vx_reference)mean[b] && got[2] == (vx_reference)dev[b]);
        CHECK_OK(vxCopyScalar(mean[b], &m, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK_OK(vxCopyScalar(dev[b], &d, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK(m == 40 + b && d == 0);
    }
    CHECK_OK(vxReleaseNode(&n));
    CHECK_OK(vxReleaseGraph(&g));
    for (int b = 0; b < BUFS; b++) {
        CHECK_OK(vxReleaseImage(&in[b]));
        CHECK_OK(vxReleaseScalar(&mean[b]));
        CHECK_OK(vxReleaseScalar(&dev[b]));
    }
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    replicated_by_item(ctx);
    listed_by_position(ctx);
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
