/* vxScheduleGraph / vxWaitGraph of verified graphs, answered in C (csrc/runtime/async.c): many
 * graphs scheduled at once and waited for in any order give exact results, the graph stays busy
 * until waited for, performance is measured for scheduled runs, a graph released while scheduled
 * (queued or running) is waited for, and references return to their start. */
#include <VX/vx.h>
#include "check.h"

#define GRAPHS 6
#define ROUNDS 300

int main(void)
{
    vx_context ctx = test_context();
    CHECK_REF(ctx);
    vx_uint32 start = context_references(ctx);
    CHECK_OK(vxDirective((vx_reference)ctx, VX_DIRECTIVE_ENABLE_PERFORMANCE));
    vx_graph g[GRAPHS];
    vx_image in[GRAPHS], out[GRAPHS];
    for (int i = 0; i < GRAPHS; i++) {
        /* out = not(in + in') with in' virtual: two nodes per graph, a different input each */
        in[i] = u8_image(ctx, 33 + i, 17, (vx_uint8)(10 * i + 1));
        out[i] = vxCreateImage(ctx, 33 + i, 17, VX_DF_IMAGE_U8);
        g[i] = vxCreateGraph(ctx);
        vx_image mid = vxCreateVirtualImage(g[i], 0, 0, VX_DF_IMAGE_U8);
        vx_node a = vxAddNode(g[i], in[i], in[i], VX_CONVERT_POLICY_SATURATE, mid), b = vxNotNode(g[i], mid, out[i]);
        CHECK_REF(a);
        CHECK_REF(b);
        CHECK_OK(vxReleaseNode(&a));
        CHECK_OK(vxReleaseNode(&b));
        CHECK_OK(vxReleaseImage(&mid));
        if (i % 2)
            CHECK_OK(vxVerifyGraph(g[i]));    /* the others are verified by their first schedule */
    }
    for (int round = 0; round < ROUNDS; round++) {
        for (int i = 0; i < GRAPHS; i++) {
            fill_u8(in[i], (vx_uint8)(round + i));
            CHECK_OK(vxScheduleGraph(g[i]));
        }
        CHECK_STATUS(vxScheduleGraph(g[round % GRAPHS]), VX_ERROR_GRAPH_SCHEDULED);
        CHECK_STATUS(vxProcessGraph(g[round % GRAPHS]), VX_ERROR_GRAPH_SCHEDULED);
        for (int k = 0; k < GRAPHS; k++) {
            int i = (round + k * 5) % GRAPHS;  /* a different order each round */
            CHECK_OK(vxWaitGraph(g[i]));
            vx_uint8 v = (vx_uint8)(round + i), sum = v > 127 ? 255 : (vx_uint8)(2 * v), want = (vx_uint8)(255 - sum);
            CHECK(u8_pixel(out[i], 32 + i, 16) == want);
            CHECK(u8_pixel(out[i], 0, 0) == want);
        }
    }
    /* waited for: a second wait is refused, the graph runs again */
    CHECK_REFUSED(vxWaitGraph(g[0]), VX_FAILURE);
    CHECK_OK(vxProcessGraph(g[0]));
    vx_perf_t perf;
    CHECK_OK(vxQueryGraph(g[1], VX_GRAPH_PERFORMANCE, &perf, sizeof perf));
    CHECK(perf.num == ROUNDS);
    vx_enum state;
    CHECK_OK(vxQueryGraph(g[1], VX_GRAPH_STATE, &state, sizeof state));
    CHECK(state == VX_GRAPH_STATE_COMPLETED);
    /* released while scheduled: the release waits for the run */
    for (int i = 0; i < GRAPHS; i++)
        CHECK_OK(vxScheduleGraph(g[i]));
    for (int i = 0; i < GRAPHS; i++) {
        CHECK_OK(vxReleaseGraph(&g[i]));
        CHECK_OK(vxReleaseImage(&in[i]));
        CHECK_OK(vxReleaseImage(&out[i]));
    }
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
