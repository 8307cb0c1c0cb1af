/* vxGraphParameterDequeueDoneRef blocks until a reference is done: a thread dequeues first and
 * sleeps (no CPU spent) until another enqueues the frame; it returns an error instead when no
 * reference can come any more (graph released, context released, graph changed and not verified,
 * graph not queued). */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include "pipeline_stages.h"

#define BUFS 2

typedef struct {
    vx_graph graph;
    vx_reference ref;
    vx_uint32 num;
    vx_status status;
    int returned;
} dequeuer;

static void *dequeue_output(void *arg)
{
    dequeuer *d = arg;
    d->status = vxGraphParameterDequeueDoneRef(d->graph, 1, &d->ref, 1, &d->num);
    __atomic_store_n(&d->returned, 1, __ATOMIC_RELEASE);
    return NULL;
}

/* A dequeuing thread, left blocked for 50 ms: it has not returned and spent (almost) no CPU. */
static pthread_t start_blocked(dequeuer *d, vx_graph g)
{
    *d = (dequeuer){g, NULL, 0, VX_SUCCESS, 0};
    pthread_t t;
    CHECK(pthread_create(&t, NULL, dequeue_output, d) == 0);
    sleep_ns(50000000);
    CHECK(!__atomic_load_n(&d->returned, __ATOMIC_ACQUIRE));
    clockid_t clock;
    struct timespec cpu;
    CHECK(pthread_getcpuclockid(t, &clock) == 0 && clock_gettime(clock, &cpu) == 0);
    CHECK(cpu.tv_sec == 0 && cpu.tv_nsec < 20000000);       /* sleeps, no busy loop */
    return t;
}

/* Dequeue first, enqueue later from the main thread: the frame comes back to the dequeuer. */
static void dequeue_before_enqueue(vx_context ctx, vx_kernel k)
{
    vx_image ins[BUFS], outs[BUFS];
    stages s = queued_stages(ctx, k, 2, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, ins, outs, BUFS);
    CHECK_OK(vxVerifyGraph(s.graph));
    for (vx_uint32 frame = 0; frame < 3; frame++) {
        dequeuer d;
        pthread_t t = start_blocked(&d, s.graph);
        enqueue_frame(s.graph, ins[frame % BUFS], outs[frame % BUFS], frame);
        CHECK(pthread_join(t, NULL) == 0);
        CHECK_OK(d.status);
        CHECK(d.num == 1 && d.ref == (vx_reference)outs[frame % BUFS]);
        check_frame(outs[frame % BUFS], frame, 2);
        vx_reference in;
        CHECK_OK(vxGraphParameterDequeueDoneRef(s.graph, 0, &in, 1, &d.num));
        CHECK(in == (vx_reference)ins[frame % BUFS]);
    }
    /* manual mode: the dequeuer waits for the batch another thread schedules */
    release_all(&s, ins, outs, BUFS);
    s = queued_stages(ctx, k, 2, VX_GRAPH_SCHEDULE_MODE_QUEUE_MANUAL, ins, outs, BUFS);
    CHECK_OK(vxVerifyGraph(s.graph));
    dequeuer d;
    pthread_t t = start_blocked(&d, s.graph);
    enqueue_frame(s.graph, ins[0], outs[0], 7);
    sleep_ns(20000000);
    CHECK(!__atomic_load_n(&d.returned, __ATOMIC_ACQUIRE));  /* enqueued, not scheduled */
    CHECK_OK(vxScheduleGraph(s.graph));
    CHECK(pthread_join(t, NULL) == 0);
    CHECK_OK(d.status);
    CHECK(d.ref == (vx_reference)outs[0]);
    CHECK_OK(vxWaitGraph(s.graph));
    check_frame(outs[0], 7, 2);
    release_all(&s, ins, outs, BUFS);
}

/* Nothing can come: the blocked dequeuer returns an error. */
static void dequeue_refused(vx_context ctx, vx_kernel k)
{
    vx_image ins[BUFS], outs[BUFS];
    /* the graph changes (a parameter replaced): it is not verified any more */
    stages s = queued_stages(ctx, k, 2, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, ins, outs, BUFS);
    CHECK_OK(vxVerifyGraph(s.graph));
    dequeuer d;
    pthread_t t = start_blocked(&d, s.graph);
    vx_uint32 one = 1;
    vx_scalar id = vxCreateScalar(ctx, VX_TYPE_UINT32, &one);
    CHECK_OK(vxSetParameterByIndex(s.nodes[1], 2, (vx_reference)id));
    CHECK_OK(vxReleaseScalar(&id));
    CHECK(pthread_join(t, NULL) == 0);
    CHECK(d.status == VX_ERROR_INVALID_GRAPH && d.num == 0);
    /* ... and a dequeue on it is refused at once */
    CHECK_REFUSED(vxGraphParameterDequeueDoneRef(s.graph, 1, &d.ref, 1, &d.num), VX_ERROR_INVALID_GRAPH);
    /* the graph released by the application */
    CHECK_OK(vxVerifyGraph(s.graph));
    t = start_blocked(&d, s.graph);
    release_stages(&s);
    CHECK(pthread_join(t, NULL) == 0);
    CHECK(d.status != VX_SUCCESS && d.num == 0);
    release_frames(ins, outs, BUFS);
    /* a graph that is not queued */
    s = queued_stages(ctx, k, 2, VX_GRAPH_SCHEDULE_MODE_NORMAL, ins, outs, BUFS);
    CHECK_REFUSED(vxGraphParameterDequeueDoneRef(s.graph, 1, &d.ref, 1, &d.num), VX_ERROR_INVALID_PARAMETERS);
    release_all(&s, ins, outs, BUFS);
}

/* The context's last count released (vxCreateContext gives the one context): the dequeuer returns. */
static void dequeue_at_context_end(vx_context ctx)
{
    vx_image ins[BUFS], outs[BUFS];
    stages s = queued_stages(ctx, stage_kernel(ctx), 2, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, ins, outs, BUFS);
    CHECK_OK(vxVerifyGraph(s.graph));
    dequeuer d;
    pthread_t t = start_blocked(&d, s.graph);
    CHECK_OK(vxReleaseContext(&ctx));
    CHECK(pthread_join(t, NULL) == 0);
    CHECK(d.status != VX_SUCCESS && d.num == 0);
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    stage_sleep_ns = 1000000;
    vx_kernel k = stage_kernel(ctx);
    dequeue_before_enqueue(ctx, k);
    dequeue_refused(ctx, k);
    CHECK_OK(vxRemoveKernel(k));
    CHECK(context_references(ctx) == start);
    dequeue_at_context_end(ctx);
    puts("ok");
    return 0;
}
