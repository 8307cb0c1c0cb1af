/* A stream that stalls (TIOVX's VX_GRAPH_TIMEOUT rule): a streaming graph source -> sink, nodes with
 * TIVX_NODE_TIMEOUT 20 ms; once it streams, the source blocks and VX_GRAPH_TIMEOUT is set. The
 * application waiting in vxWaitGraphEvent for VX_EVENT_NODE_ERROR gets it (the trigger node, status
 * VX_ERROR_TIMEOUT), vxStopGraphStreaming returns VX_ERROR_TIMEOUT, and after the source lets go the
 * graph streams again. VX_GRAPH_EVENT_TIMEOUT bounds vxWaitGraphEvent. An alarm fails a hang. */
#define _POSIX_C_SOURCE 200809L
#include <TI/tivx.h>
#include <VX/vx_khr_pipelining.h>
#include <pthread.h>
#include <unistd.h>
#include "kernels.h"

#define SOURCE_ERROR 7

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static int blocking, blocked, frames;

static vx_status VX_CALLBACK source_run(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)n;
    pthread_mutex_lock(&lock);
    vx_uint32 v = (vx_uint32)++frames;
    pthread_cond_broadcast(&changed);
    while (blocking) {                   /* until the application lets go */
        blocked = 1;
        pthread_cond_broadcast(&changed);
        pthread_cond_wait(&changed, &lock);
    }
    pthread_mutex_unlock(&lock);
    return vxCopyScalar((vx_scalar)p[0], &v, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
}

static vx_status VX_CALLBACK sink_run(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)n; (void)p;
    return VX_SUCCESS;
}

static void wait_frames(int count)
{
    pthread_mutex_lock(&lock);
    while (frames < count)
        pthread_cond_wait(&changed, &lock);
    pthread_mutex_unlock(&lock);
}

static void set_graph_timeout(vx_graph g, vx_uint32 ms)
{
    CHECK_OK(vxSetGraphAttribute(g, VX_GRAPH_TIMEOUT, &ms, sizeof ms));
}

int main(void)
{
    alarm(60);                           /* a hang fails the test instead of stalling the suite */
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    vx_kernel source = one_parameter_kernel(ctx, "test.stream.source", source_run, VX_OUTPUT, VX_TYPE_SCALAR, accept_all);
    vx_kernel sink = one_parameter_kernel(ctx, "test.stream.sink", sink_run, VX_INPUT, VX_TYPE_SCALAR, accept_all);
    vx_uint32 zero = 0;
    vx_scalar s = vxCreateScalar(ctx, VX_TYPE_UINT32, &zero);
    vx_graph g = vxCreateGraph(ctx);
    vx_node src = vxCreateGenericNode(g, source), snk = vxCreateGenericNode(g, sink);
    CHECK_OK(vxSetParameterByIndex(src, 0, (vx_reference)s));
    CHECK_OK(vxSetParameterByIndex(snk, 0, (vx_reference)s));
    vx_uint32 node_timeout = 20;
    CHECK_OK(vxSetNodeAttribute(src, TIVX_NODE_TIMEOUT, &node_timeout, sizeof node_timeout));
    CHECK_OK(vxSetNodeAttribute(snk, TIVX_NODE_TIMEOUT, &node_timeout, sizeof node_timeout));

    /* VX_GRAPH_EVENT_TIMEOUT: forever by default, 0 refused, bounds a blocking wait */
    vx_uint32 ms = 0;
    CHECK_OK(vxQueryGraph(g, VX_GRAPH_EVENT_TIMEOUT, &ms, sizeof ms));
    CHECK(ms == VX_TIMEOUT_WAIT_FOREVER);
    CHECK_REFUSED(vxSetGraphAttribute(g, VX_GRAPH_EVENT_TIMEOUT, &ms, sizeof(vx_uint16)), VX_ERROR_INVALID_PARAMETERS);
    ms = 0;
    CHECK_REFUSED(vxSetGraphAttribute(g, VX_GRAPH_EVENT_TIMEOUT, &ms, sizeof ms), VX_ERROR_INVALID_PARAMETERS);
    ms = 10;
    CHECK_OK(vxSetGraphAttribute(g, VX_GRAPH_EVENT_TIMEOUT, &ms, sizeof ms));
    CHECK_OK(vxQueryGraph(g, VX_GRAPH_EVENT_TIMEOUT, &ms, sizeof ms));
    CHECK(ms == 10);
    vx_event_t e;
    CHECK_OK(vxEnableGraphEvents(g));
    CHECK_STATUS(vxWaitGraphEvent(g, &e, vx_false_e), VX_ERROR_TIMEOUT);
    CHECK_STATUS(vxWaitGraphEvent(g, &e, vx_true_e), VX_FAILURE);
    ms = VX_TIMEOUT_WAIT_FOREVER;
    CHECK_OK(vxSetGraphAttribute(g, VX_GRAPH_EVENT_TIMEOUT, &ms, sizeof ms));

    CHECK_OK(vxRegisterGraphEvent((vx_reference)src, VX_EVENT_NODE_ERROR, 0, SOURCE_ERROR));
    CHECK_OK(vxEnableGraphStreaming(g, src));
    CHECK_OK(vxVerifyGraph(g));
    CHECK_OK(vxStartGraphStreaming(g));
    wait_frames(3);
    pthread_mutex_lock(&lock);
    blocking = 1;
    while (!blocked)
        pthread_cond_wait(&changed, &lock);
    pthread_mutex_unlock(&lock);
    set_graph_timeout(g, 50);            /* the source is stuck: the stream ends within 50 ms */
    CHECK_OK(vxWaitGraphEvent(g, &e, vx_false_e));
    CHECK(e.type == VX_EVENT_NODE_ERROR && e.app_value == SOURCE_ERROR);
    CHECK(e.event_info.node_error.node == src && e.event_info.node_error.status == VX_ERROR_TIMEOUT);
    CHECK_STATUS(vxStopGraphStreaming(g), VX_ERROR_TIMEOUT);
    vx_uint32 executions = 0;
    CHECK_OK(vxQueryGraph(g, TIVX_GRAPH_STREAM_EXECUTIONS, &executions, sizeof executions));
    CHECK(executions >= 2);

    pthread_mutex_lock(&lock);           /* the source lets go: the graph streams again */
    blocking = 0;
    int now = frames;
    pthread_cond_broadcast(&changed);
    pthread_mutex_unlock(&lock);
    set_graph_timeout(g, VX_TIMEOUT_WAIT_FOREVER);
    CHECK_STATUS(vxWaitGraph(g), VX_ERROR_TIMEOUT);   /* the stalled frame ended; the stream's status */
    CHECK_OK(vxStartGraphStreaming(g));
    wait_frames(now + 3);
    CHECK_OK(vxStopGraphStreaming(g));
    CHECK_STATUS(vxWaitGraphEvent(g, &e, vx_true_e), VX_FAILURE);     /* no error this time */

    CHECK_OK(vxReleaseNode(&src));
    CHECK_OK(vxReleaseNode(&snk));
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_OK(vxReleaseScalar(&s));
    CHECK_OK(vxRemoveKernel(source));
    CHECK_OK(vxRemoveKernel(sink));
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
