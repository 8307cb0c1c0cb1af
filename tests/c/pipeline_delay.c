/* A delay between two nodes of a pipelined graph, not registered for auto-aging (TIOVX's
 * testDelayPyramidPipeline): in -> Copy -> delay[-1]; delay[0] -> Copy -> out, over pyramids, three
 * frames in flight. The graph ages the delay once per frame, so frame f's output is frame f - 1's
 * input at every level, in order. */
#define _POSIX_C_SOURCE 200809L
#include "pipeline_stages.h"

#define BUFS 3
#define FRAMES 9
#define LEVELS 3
#define SIZE 16

static void fill_levels(vx_pyramid p, vx_uint8 value)
{
    for (vx_uint32 l = 0; l < LEVELS; l++) {
        vx_image level = vxGetPyramidLevel(p, l);
        fill_u8(level, value);
        CHECK_OK(vxReleaseImage(&level));
    }
}

static void check_levels(vx_pyramid p, vx_uint8 value)
{
    for (vx_uint32 l = 0; l < LEVELS; l++) {
        vx_image level = vxGetPyramidLevel(p, l);
        vx_uint32 side = SIZE >> l;
        if (u8_pixel(level, 0, 0) != value || u8_pixel(level, side - 1, side - 1) != value) {
            fprintf(stderr, "level %u: %u, expected %u\n", l, u8_pixel(level, 0, 0), value);
            exit(1);
        }
        CHECK_OK(vxReleaseImage(&level));
    }
}

static vx_pyramid pyramid(vx_context ctx)
{
    vx_pyramid p = vxCreatePyramid(ctx, LEVELS, VX_SCALE_PYRAMID_HALF, SIZE, SIZE, VX_DF_IMAGE_U8);
    CHECK_REF(p);
    fill_levels(p, 0);
    return p;
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    vx_pyramid in[BUFS], out[BUFS];
    for (int b = 0; b < BUFS; b++) {
        in[b] = pyramid(ctx);
        out[b] = pyramid(ctx);
    }
    vx_pyramid exemplar = pyramid(ctx);
    vx_delay delay = vxCreateDelay(ctx, (vx_reference)exemplar, 2);
    CHECK_REF(delay);
    vx_graph g = vxCreateGraph(ctx);
    vx_node n1 = vxCopyNode(g, (vx_reference)in[0], vxGetReferenceFromDelay(delay, -1));
    vx_node n2 = vxCopyNode(g, vxGetReferenceFromDelay(delay, 0), (vx_reference)out[0]);
    CHECK_REF(n1);
    CHECK_REF(n2);
    add_graph_parameter(g, n1, 0);
    add_graph_parameter(g, n2, 1);
    vx_graph_parameter_queue_params_t q[2] = {{0, BUFS, (vx_reference *)in}, {1, BUFS, (vx_reference *)out}};
    CHECK_OK(vxSetGraphScheduleConfig(g, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, 2, q));
    vx_uint32 depth = BUFS;
    CHECK_OK(vxSetGraphAttribute(g, VX_GRAPH_PIPELINE_DEPTH, &depth, sizeof depth));
    CHECK_OK(vxVerifyGraph(g));
    for (vx_uint32 f = 0; f < FRAMES + BUFS; f++) {
        vx_uint32 b = f % BUFS;
        if (f >= BUFS) {
            vx_reference got;
            vx_uint32 num;
            CHECK_OK(vxGraphParameterDequeueDoneRef(g, 1, &got, 1, &num));
            CHECK(got == (vx_reference)out[b]);
            if (f - BUFS > 0)                       /* frame 0 reads the delay as it was */
                check_levels(out[b], (vx_uint8)(f - BUFS));
            CHECK_OK(vxGraphParameterDequeueDoneRef(g, 0, &got, 1, &num));
        }
        if (f >= FRAMES)
            continue;
        fill_levels(in[b], (vx_uint8)(f + 1));
        CHECK_OK(vxGraphParameterEnqueueReadyRef(g, 0, (vx_reference *)&in[b], 1));
        CHECK_OK(vxGraphParameterEnqueueReadyRef(g, 1, (vx_reference *)&out[b], 1));
    }
    CHECK_OK(vxWaitGraph(g));
    /* the delay's own view caught up: slot 0 holds the last frame's input */
    check_levels((vx_pyramid)vxGetReferenceFromDelay(delay, 0), FRAMES);
    CHECK_OK(vxReleaseNode(&n1));
    CHECK_OK(vxReleaseNode(&n2));
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_OK(vxReleaseDelay(&delay));
    CHECK_OK(vxReleasePyramid(&exemplar));
    for (int b = 0; b < BUFS; b++) {
        CHECK_OK(vxReleasePyramid(&in[b]));
        CHECK_OK(vxReleasePyramid(&out[b]));
    }
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
