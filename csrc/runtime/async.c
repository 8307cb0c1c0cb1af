/* Scheduled runs (async.h). vxScheduleGraph used to start a Python thread per run (0.3-0.9 ms);
 * here a ready graph is queued and a worker thread kept from earlier runs takes it. A vxWaitGraph
 * that comes before a worker took the graph runs it on the calling thread, so schedule-then-wait
 * costs about one futex wake over vxProcessGraph. A waiter whose graph a worker runs does its row
 * bands meanwhile (pvx_pool_help_until) before sleeping. A worker that just ended a run spins a
 * moment for the next graph (doing row bands too), so graphs scheduled back to back start without
 * a wake-up; it leaves a lone graph to its waiter (taking it would leave the waiter a wake-up on
 * the way back) and takes the second of two. Graphs scheduled together run side by side, one
 * thread each (pool.c's runners), on the waiter and on the workers. */
#define _GNU_SOURCE                   /* SCHED_BATCH, pthread_setname_np */
#include "async.h"
#include "graph.h"

#include <TI/tivx.h>   /* VX_GRAPH_TIMEOUT's VX_TIMEOUT_WAIT_FOREVER (TIOVX's name) */
#include <errno.h>
#include <pthread.h>
#include <sched.h>

#define MAX_WORKERS 64u

static struct {
    pthread_mutex_t lock;             /* guards the queue and the counts */
    pthread_cond_t work;              /* a graph was queued */
    pthread_cond_t done;              /* a run ended */
    pvx_graph *head, *tail;           /* queued graphs, linked by next_scheduled */
    uint32_t queued;                  /* graphs in the queue (read unlocked by spinning workers) */
    unsigned workers, idle, sleeping, spinning, waiters;
} q = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, PTHREAD_COND_INITIALIZER,
       NULL, NULL, 0, 0, 0, 0, 0, 0};

/* Called with q.lock held. */
static pvx_graph *pop(void)
{
    pvx_graph *g = q.head;
    if (g != NULL) {
        q.head = g->next_scheduled;
        if (q.head == NULL)
            q.tail = NULL;
        g->next_scheduled = NULL;
        __atomic_store_n(&q.queued, q.queued - 1, __ATOMIC_RELAXED);
        g->scheduled = PVX_SCHEDULED_RUNNING;
    }
    return g;
}

/* Called with q.lock held: takes g out of the queue if it is still there (1). */
static int take(pvx_graph *g)
{
    if (g->scheduled != PVX_SCHEDULED_QUEUED)
        return 0;
    pvx_graph **at = &q.head, *prev = NULL;
    while (*at != g) {
        prev = *at;
        at = &(*at)->next_scheduled;
    }
    *at = g->next_scheduled;
    if (q.tail == g)
        q.tail = prev;
    g->next_scheduled = NULL;
    __atomic_store_n(&q.queued, q.queued - 1, __ATOMIC_RELAXED);
    g->scheduled = PVX_SCHEDULED_RUNNING;
    return 1;
}

/* The run; g is not touched after DONE is stored, as the waiter may then free it. */
static void run(pvx_graph *g)
{
    pvx_pool_runners(-1);             /* counted since vxScheduleGraph: the run counts itself */
    pvx_graph_run(g, g->measure_scheduled);
    __atomic_store_n(&g->scheduled, PVX_SCHEDULED_DONE, __ATOMIC_RELEASE);
    pthread_mutex_lock(&q.lock);
    if (q.waiters)
        pthread_cond_broadcast(&q.done);
    pthread_mutex_unlock(&q.lock);
}

static int two_queued(const void *unused)
{
    (void)unused;
    return __atomic_load_n(&q.queued, __ATOMIC_RELAXED) >= 2;
}

static void *worker(void *unused)
{
    (void)unused;
    pthread_setname_np(pthread_self(), "pvx-async");
    /* SCHED_BATCH: a worker woken for a graph never preempts a running thread (Linux skips
     * wake-up preemption for it). In schedule-then-wait the waiter runs the graph itself, and a
     * worker that preempted it (or a pool helper in the run's bands) to find the queue empty
     * cost the run a time slice on a loaded machine; on an idle core it starts at once. Only from
     * SCHED_OTHER: a worker created by a real-time thread keeps its policy and priority (the
     * application's graphs must not run below its own threads). */
    struct sched_param param = {0};
    int policy;
    if (pthread_getschedparam(pthread_self(), &policy, &param) == 0 && policy == SCHED_OTHER) {
        param.sched_priority = 0;
        pthread_setschedparam(pthread_self(), SCHED_BATCH, &param);
    }
    pthread_mutex_lock(&q.lock);
    for (int ran = 0;;) {
        pvx_graph *g = NULL;
        if (ran) {
            /* Between two graphs a worker spins a moment (doing row bands meanwhile), so graphs
             * scheduled back to back start without a wake-up; it leaves a lone graph to its waiter
             * (vxScheduleGraph then vxWaitGraph runs on the caller, with the pool's helpers) and
             * takes the last of two, the first being the one waited for first. */
            q.spinning++;
            pthread_mutex_unlock(&q.lock);
            int two = pvx_pool_help_until(two_queued, NULL);
            pthread_mutex_lock(&q.lock);
            q.spinning--;
            if (two && q.queued >= 2) {
                g = q.tail;
                take(g);
            }
        }
        if (g == NULL)
            g = pop();                    /* after the spin: no waiter came for it, it runs here */
        if (g == NULL) {
            ran = 0;
            q.sleeping++;
            pthread_cond_wait(&q.work, &q.lock);
            q.sleeping--;
            continue;
        }
        q.idle--;
        pthread_mutex_unlock(&q.lock);
        run(g);
        pthread_mutex_lock(&q.lock);
        q.idle++;
        ran = 1;
    }
    return NULL;
}

int pvx_graph_schedule(pvx_graph *g, int measure)
{
    g->measure_scheduled = measure;
    g->next_scheduled = NULL;
    pthread_mutex_lock(&q.lock);
    if (q.idle <= q.queued && q.workers < MAX_WORKERS) {
        pthread_attr_t attr;
        pthread_t th;
        pthread_attr_init(&attr);
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        if (pthread_create(&th, &attr, worker, NULL) == 0) {
            q.workers++;
            q.idle++;
        }
        pthread_attr_destroy(&attr);
    }
    if (q.workers == 0) {
        pthread_mutex_unlock(&q.lock);
        return 0;
    }
    if (q.tail)
        q.tail->next_scheduled = g;
    else
        q.head = g;
    q.tail = g;
    __atomic_store_n(&q.queued, q.queued + 1, __ATOMIC_RELAXED);   /* spinning workers read it */
    /* QUEUED only now that it is in the queue: a waiter of another thread that sees it takes it
     * from there (take), and found it missing when this came before the lock */
    __atomic_store_n(&g->unwaited, 1, __ATOMIC_RELAXED);
    __atomic_store_n(&g->scheduled, PVX_SCHEDULED_QUEUED, __ATOMIC_RELEASE);
    /* counted as running from now on: a graph already running must not give its bands' helpers the
     * core this one's worker is about to need (until the run counts itself: run) */
    pvx_pool_runners(1);
    int wake = q.sleeping > 0 && q.queued > q.spinning;    /* a spinning worker covers one graph */
    pthread_mutex_unlock(&q.lock);
    if (wake)                         /* after unlocking: the worker does not wake into a held lock */
        pthread_cond_signal(&q.work);
    return 1;
}

static int run_done(const void *g)
{
    return __atomic_load_n(&((const pvx_graph *)g)->scheduled, __ATOMIC_ACQUIRE) == PVX_SCHEDULED_DONE;
}

int pvx_graph_join(pvx_graph *g, vx_status *status, uint32_t timeout_ms)
{
    if (__atomic_load_n(&g->scheduled, __ATOMIC_ACQUIRE) == PVX_SCHEDULED_NONE
        || !__atomic_exchange_n(&g->unwaited, 0, __ATOMIC_ACQ_REL))
        return 0;
    pthread_mutex_lock(&q.lock);
    int mine = timeout_ms == VX_TIMEOUT_WAIT_FOREVER && take(g);   /* a bounded wait leaves it to a worker */
    pthread_mutex_unlock(&q.lock);
    if (mine)
        run(g);
    else if (!pvx_pool_help_until(run_done, g)) {      /* its row bands, if the run has helpers */
        struct timespec deadline;
        if (timeout_ms != VX_TIMEOUT_WAIT_FOREVER)
            pvx_deadline_in(&deadline, timeout_ms);
        int late = 0;
        pthread_mutex_lock(&q.lock);
        q.waiters++;
        while (!run_done(g) && !late)
            if (timeout_ms == VX_TIMEOUT_WAIT_FOREVER)
                pthread_cond_wait(&q.done, &q.lock);
            else
                late = pthread_cond_timedwait(&q.done, &q.lock, &deadline) == ETIMEDOUT && !run_done(g);
        q.waiters--;
        pthread_mutex_unlock(&q.lock);
        if (late) {                       /* it goes on: the next vxWaitGraph waits again */
            __atomic_store_n(&g->unwaited, 1, __ATOMIC_RELEASE);
            return -1;
        }
    }
    *status = g->status;
    g->scheduled = PVX_SCHEDULED_NONE;
    pvx_graph_release(g);
    return 1;
}

/* A ready graph is scheduled here; anything else (pipelined modes, delays to age, not verified)
 * goes to Python. */
int pvx_fast_vxScheduleGraph(vx_graph graph, vx_status *out)
{
    pvx_ref *ref = pvx_ref_live(graph, VX_TYPE_GRAPH);
    pvx_graph *g = ref ? ref->desc : NULL;
    if (g == NULL || g->pipeline != NULL || !__atomic_load_n(&g->ready, __ATOMIC_ACQUIRE)
        || !pvx_graph_acquire(g))
        return 0;
    if (!__atomic_load_n(&g->ready, __ATOMIC_ACQUIRE) || !pvx_graph_schedule(g, pvx_performance_enabled(ref))) {
        pvx_graph_release(g);
        return 0;
    }
    *out = VX_SUCCESS;
    return 1;
}

/* Waits for a run scheduled here; a wait from inside that run, a second waiter, a graph with a
 * VX_GRAPH_TIMEOUT (Python reports the timeout) and graphs scheduled by Python go to Python. */
int pvx_fast_vxWaitGraph(vx_graph graph, vx_status *out)
{
    pvx_ref *ref = pvx_ref_live(graph, VX_TYPE_GRAPH);
    pvx_graph *g = ref ? ref->desc : NULL;
    if (g == NULL || pvx_graph_running_here(g) || g->timeout_ms != VX_TIMEOUT_WAIT_FOREVER)
        return 0;
    return pvx_graph_join(g, out, VX_TIMEOUT_WAIT_FOREVER);
}
