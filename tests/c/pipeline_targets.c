/* Pipelining with target kernels (seed 003): three 10 ms stages on three targets at depth 3 run
 * 30 frames in well under the serial time, each stage on its target's thread, every output exact
 * and in order. Then node events of target nodes run by vxProcessGraph. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <TI/tivx.h>
#include <TI/tivx_target_kernel.h>
#include "pipeline_stages.h"

#define BUFS 4
#define FRAMES 30
#define FAIL_VALUE 200                        /* a stage fails on this input */

static const char *const targets[3] = {TIVX_TARGET_DSP1, TIVX_TARGET_DSP2, TIVX_TARGET_EVE1};
static pthread_t threads[4];
static int num_threads;                       /* distinct threads the stages ran on */

static void note_thread(void)
{
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    pthread_mutex_lock(&lock);
    int known = 0;
    for (int i = 0; i < num_threads; i++)
        known |= pthread_equal(threads[i], pthread_self());
    if (!known && num_threads < 4)
        threads[num_threads++] = pthread_self();
    pthread_mutex_unlock(&lock);
}

/* out = in + 1 from descriptors, between two half sleeps (as the host stages of pipeline_stages.h). */
/* Nothing to set up (TIOVX requires a create callback). */
static vx_status VX_CALLBACK no_setup(tivx_target_kernel_instance kernel, tivx_obj_desc_t *obj_desc[], uint16_t num_params,
                                   void *priv_arg)
{
    (void)kernel; (void)obj_desc; (void)num_params; (void)priv_arg;
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK target_inc(tivx_target_kernel_instance kernel, tivx_obj_desc_t *obj_desc[],
                                        uint16_t num_params, void *priv_arg)
{
    (void)kernel; (void)num_params; (void)priv_arg;
    note_thread();
    tivx_obj_desc_image_t *in = (tivx_obj_desc_image_t *)obj_desc[0], *out = (tivx_obj_desc_image_t *)obj_desc[1];
    const vx_uint8 *src = tivxMemShared2TargetPtr(&in->mem_ptr[0]);
    vx_uint8 *dst = tivxMemShared2TargetPtr(&out->mem_ptr[0]);
    sleep_ns(stage_sleep_ns / 2);
    vx_uint8 v = src[0];
    if (v == FAIL_VALUE)
        return VX_FAILURE;
    sleep_ns(stage_sleep_ns - stage_sleep_ns / 2);
    const vx_imagepatch_addressing_t *a = &out->imagepatch_addr[0];
    for (vx_uint32 y = 0; y < a->dim_y; y++)
        for (vx_uint32 x = 0; x < a->dim_x; x++)
            dst[y * a->stride_y + x] = (vx_uint8)(v + 1);
    return VX_SUCCESS;
}

/* vxProcessGraph of two target stages: node completed events in schedule order, then graph
 * completed; a failing first stage sends its node error and the second no event. */
static void node_events(vx_context ctx, vx_kernel k)
{
    vx_image in = u8_image(ctx, FRAME_SIZE, FRAME_SIZE, 0), out = u8_image(ctx, FRAME_SIZE, FRAME_SIZE, 0);
    vx_graph g = vxCreateGraph(ctx);
    vx_image mid = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_node nodes[2] = {node_of_two(g, k, in, mid), node_of_two(g, k, mid, out)};
    for (int i = 0; i < 2; i++) {
        CHECK_OK(vxSetNodeTarget(nodes[i], VX_TARGET_STRING, targets[i]));
        CHECK_OK(vxRegisterEvent((vx_reference)nodes[i], VX_EVENT_NODE_COMPLETED, 0, 10 + i));
        CHECK_OK(vxRegisterEvent((vx_reference)nodes[i], VX_EVENT_NODE_ERROR, 0, 20 + i));
    }
    CHECK_OK(vxRegisterEvent((vx_reference)g, VX_EVENT_GRAPH_COMPLETED, 0, 30));
    vx_event_t e;
    while (vxWaitEvent(ctx, &e, vx_true_e) == VX_SUCCESS)
        ;
    CHECK_OK(vxProcessGraph(g));
    CHECK(u8_pixel(out, 0, 0) == 2);
    vx_uint32 want[3] = {10, 11, 30};
    for (int i = 0; i < 3; i++) {
        CHECK_OK(vxWaitEvent(ctx, &e, vx_true_e));
        CHECK(e.app_value == want[i]);
        if (i < 2)
            CHECK(e.type == VX_EVENT_NODE_COMPLETED && e.event_info.node_completed.node == nodes[i] &&
                  e.event_info.node_completed.graph == g);
    }
    CHECK(vxWaitEvent(ctx, &e, vx_true_e) == VX_FAILURE);
    fill_u8(in, FAIL_VALUE);
    CHECK(vxProcessGraph(g) == VX_FAILURE);
    CHECK_OK(vxWaitEvent(ctx, &e, vx_true_e));
    CHECK(e.type == VX_EVENT_NODE_ERROR && e.app_value == 20 && e.event_info.node_error.node == nodes[0] &&
          e.event_info.node_error.status == VX_FAILURE);
    CHECK_OK(vxWaitEvent(ctx, &e, vx_true_e));
    CHECK(e.type == VX_EVENT_GRAPH_COMPLETED);
    CHECK(vxWaitEvent(ctx, &e, vx_true_e) == VX_FAILURE);
    for (int i = 0; i < 2; i++)
        CHECK_OK(vxReleaseNode(&nodes[i]));
    CHECK_OK(vxReleaseImage(&mid));
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_OK(vxReleaseImage(&in));
    CHECK_OK(vxReleaseImage(&out));
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    vx_kernel k = in_out_kernel(ctx, "test.pipeline.target_inc", NULL, like_input, VX_TYPE_IMAGE);
    vx_enum id;
    CHECK_OK(vxQueryKernel(k, VX_KERNEL_ENUM, &id, sizeof id));
    tivx_target_kernel tk[3];
    for (int i = 0; i < 3; i++) {
        CHECK_OK(tivxAddKernelTarget(k, targets[i]));
        tk[i] = tivxAddTargetKernel(id, targets[i], target_inc, no_setup, NULL, NULL, NULL);
        CHECK(tk[i] != NULL);
    }
    vx_image ins[BUFS], outs[BUFS];
    make_frames(ctx, ins, outs, BUFS);
    stages s = {vxCreateGraph(ctx), {0}, 3};
    vx_image v0 = vxCreateVirtualImage(s.graph, 0, 0, VX_DF_IMAGE_VIRT);
    vx_image v1 = vxCreateVirtualImage(s.graph, 0, 0, VX_DF_IMAGE_VIRT);
    vx_image chain[4] = {ins[0], v0, v1, outs[0]};
    for (int i = 0; i < 3; i++) {
        s.nodes[i] = node_of_two(s.graph, k, chain[i], chain[i + 1]);
        CHECK_OK(vxSetNodeTarget(s.nodes[i], VX_TARGET_STRING, targets[i]));
    }
    add_graph_parameter(s.graph, s.nodes[0], 0);
    add_graph_parameter(s.graph, s.nodes[2], 1);
    queue_stages(&s, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, ins, outs, BUFS);
    CHECK_OK(vxVerifyGraph(s.graph));

    double t0 = now_s();
    run_frames(&s, ins, outs, BUFS, FRAMES);
    double elapsed = now_s() - t0, serial = FRAMES * 3 * stage_sleep_ns * 1e-9;
    printf("%u frames on 3 targets: %.3f s, serial at least %.3f s\n", FRAMES, elapsed, serial);
    CHECK(elapsed < 0.75 * serial);
    CHECK(num_threads == 3);                                  /* one per target ... */
    for (int i = 0; i < 3; i++)
        CHECK(!pthread_equal(threads[i], pthread_self()));    /* ... not the application's */

    CHECK_OK(vxReleaseImage(&v0));
    CHECK_OK(vxReleaseImage(&v1));
    release_all(&s, ins, outs, BUFS);
    node_events(ctx, k);
    for (int i = 0; i < 3; i++)
        CHECK_OK(tivxRemoveTargetKernel(tk[i]));
    CHECK_OK(vxRemoveKernel(k));
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
