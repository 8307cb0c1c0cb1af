/* Pipelined execution of a graph: frames in flight at once, one frame slot each.
 *
 * Frame f runs in slot f % depth with that slot's parameter table (its own copies of the virtual
 * objects, the references its frame took from each parameter queue). Whoever claims a frame runs
 * all of it, node by node; node k runs frame f only after it ran frame f - 1 (`turn`), so each
 * node is run by one thread at a time and in frame order, and frame f + 1 enters the first node
 * while frame f is in a later one. Frames complete in order: their references go to the done
 * queues in the order they were enqueued.
 *
 * Workers (up to one per slot, started when first needed) sleep on `work`. An application that enqueues one frame and dequeues it
 * (a synchronous loop) runs it itself, without waking anyone: a worker is woken only when a frame
 * already runs, a second frame is ready, or something else may be waiting for it (events,
 * streaming, vxGraphParameterCheckDoneRef). */
#include "pipeline.h"
#include "events.h"
#include "graph.h"
#include "target.h"

#include <TI/tivx.h>   /* VX_GRAPH_TIMEOUT's VX_TIMEOUT_WAIT_FOREVER and VX_ERROR_TIMEOUT (TIOVX's names) */

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct ring {                 /* FIFO of positions in a queue's reference list */
    vx_uint32 *items;
    vx_uint32 capacity, head, count;
} ring;

typedef struct queue {
    pvx_queue_spec spec;
    ring ready, done;
    uint8_t *held;                    /* per reference: in the graph (ready, in a frame or done) */
} queue;

typedef struct slot {
    vx_reference *table;
    vx_reference *virtuals;
    vx_uint32 *taken;                 /* per queue: the reference this slot's frame took */
    uint64_t frame;
    uint64_t begin;
    vx_status status;
} slot;

struct pvx_pipeline {
    pthread_mutex_t lock;
    pthread_cond_t work;              /* workers: a frame may start */
    pthread_cond_t changed;           /* a node's turn passed, a frame completed */
    pthread_cond_t watch;             /* the stream's watch: streaming stopped, the timeout changed */
    pvx_graph *g;
    pvx_ref *ref;                     /* the graph's handle (its context says whether to measure) */
    vx_uint32 depth, num_nodes, num_virtuals, num_queues;
    const vx_uint32 *row_offsets;
    slot *slots;
    queue *queues;
    uint64_t *turn;                   /* per node: the frame it runs next */
    uint64_t started, completed, batch_end;
    vx_int32 trigger;
    const vx_uint32 *pipeup_calls, *pipeup_rows, *input_depth;
    const vx_reference *pipeup_table;
    const pvx_pipeline_spec *spec;    /* (auto-aged delay sites) */
    int ages;                         /* the graph has auto-aged delays */
    int auto_start, streaming, closing;
    int keeps_inputs;                 /* a node has VX_KERNEL_PIPEUP_INPUT_DEPTH > 1 */
    vx_status batch_status;           /* the first failure since the last wait */
    vx_uint32 idle_workers, num_workers;
    vx_uint32 waiters;                /* threads blocked in a dequeue (destroy waits for them to leave) */
    pthread_t *workers;
    pthread_t watcher;                /* while streaming: ends a stream stalled past VX_GRAPH_TIMEOUT */
    int watching;                     /* the watcher is to be joined */
    uint64_t triggered_ns;            /* the watched node last completed a frame (or the stream began) */
    vx_status stream_status;          /* VX_ERROR_TIMEOUT once the watch ended the stream */
};

static void ring_push(ring *r, vx_uint32 v)
{
    r->items[(r->head + r->count++) % r->capacity] = v;
}

static vx_uint32 ring_pop(ring *r)
{
    vx_uint32 v = r->items[r->head];
    r->head = (r->head + 1) % r->capacity;
    r->count--;
    return v;
}

/* Whether the next frame may start now (lock held). */
static int claimable(const pvx_pipeline *p)
{
    uint64_t f = p->started;
    if (p->closing || f >= p->completed + p->depth)
        return 0;
    if (!(p->streaming || p->auto_start || f < p->batch_end))
        return 0;
    for (vx_uint32 q = 0; q < p->num_queues; q++)
        if (p->queues[q].ready.count == 0)
            return 0;
    /* a node keeping D inputs lets go of frame f - depth's in its call for frame f - depth + D - 1 */
    for (vx_uint32 k = 0; p->keeps_inputs && k < p->num_nodes; k++)
        if (f + p->input_depth[k] > p->depth && p->turn[k] < f + p->input_depth[k] - p->depth)
            return 0;
    return !(p->streaming && p->trigger >= 0 && p->turn[p->trigger] < f);
}

/* The next frame into its slot: the references it takes, written where its nodes read them. */
static slot *claim(pvx_pipeline *p)
{
    uint64_t f = p->started++;
    slot *s = &p->slots[f % p->depth];
    s->frame = f;
    s->status = VX_SUCCESS;
    for (vx_uint32 q = 0; q < p->num_queues; q++) {
        const pvx_queue_spec *spec = &p->queues[q].spec;
        vx_uint32 r = ring_pop(&p->queues[q].ready);
        s->taken[q] = r;
        for (vx_uint32 k = 0; k < spec->num_sites; k++)
            s->table[spec->sites[k]] = spec->values[(size_t)r * spec->num_sites + k];
    }
    const pvx_pipeline_spec *sp = p->spec;
    for (vx_uint32 i = 0, first = 0; i < sp->num_aged_sites; first += sp->aged_slots[i], i++) {
        vx_uint32 d = sp->aged_slots[i];   /* after f agings index -k holds the object at -(k - f) */
        s->table[sp->aged_sites[i]] = sp->aged_objects[first + (sp->aged_position[i] + d - (vx_uint32)(f % d)) % d];
    }
    return s;
}

static void *worker(void *arg);

/* A sleeping worker, or a new one while there are fewer than slots (threads start when first
 * needed: a graph run one frame at a time by its application never starts any). */
static void wake_worker(pvx_pipeline *p)
{
    if (!claimable(p))
        return;
    if (p->idle_workers > 0)
        pthread_cond_signal(&p->work);
    else if (p->num_workers < p->depth && pthread_create(&p->workers[p->num_workers], NULL, worker, p) == 0)
        p->num_workers++;
}

static void set_accessible(slot *s, vx_uint32 n, int on)
{
    for (vx_uint32 i = 0; i < n; i++) {
        pvx_ref *r = (pvx_ref *)s->virtuals[i];
        if (on)
            __atomic_or_fetch(&r->flags, PVX_REF_ACCESSIBLE, __ATOMIC_RELAXED);
        else
            __atomic_and_fetch(&r->flags, ~PVX_REF_ACCESSIBLE, __ATOMIC_RELAXED);
    }
}

/* In frame order: the references go to the done queues, events, the graph's status. */
static void complete(pvx_pipeline *p, slot *s, int measure)
{
    pvx_graph *g = p->g;
    for (vx_uint32 q = 0; q < p->num_queues; q++) {
        const pvx_queue_spec *spec = &p->queues[q].spec;
        if (spec->output)             /* vxGetStatus of a failed frame's outputs says so */
            ((pvx_ref *)spec->refs[s->taken[q]])->status = s->status;
        ring_push(&p->queues[q].done, s->taken[q]);
        if (g->events)
            pvx_graph_events_graph(g->events, VX_EVENT_GRAPH_PARAMETER_CONSUMED, spec->index);
    }
    if (measure)
        pvx_perf_end_at(&g->perf, s->begin);
    g->status = s->status;
    g->state = s->status == VX_SUCCESS ? VX_GRAPH_STATE_COMPLETED : VX_GRAPH_STATE_ABANDONED;
    if (s->status != VX_SUCCESS) {
        if (p->batch_status == VX_SUCCESS)
            p->batch_status = s->status;
    }
    if (g->events)
        pvx_graph_events_graph(g->events, VX_EVENT_GRAPH_COMPLETED, 0);
    p->completed++;
}

static vx_status call_node(pvx_node *n, vx_reference *rows, int measure)
{
    return n->target ? pvx_target_run_node(n, rows, measure, pvx_node_run_rows) : pvx_node_run_rows(n, rows, measure);
}

/* The slots whose outputs PIPEUP calls fill are accessible to them; afterwards a slot's frame that
 * has not started yet does not keep them so (a started one turns them off when it completes). */
static void pipeup_access(pvx_pipeline *p, vx_uint32 calls, int on)
{
    pthread_mutex_lock(&p->lock);
    for (vx_uint32 j = 1; j <= calls && j < p->depth; j++)
        if (on || p->started <= j)
            set_accessible(&p->slots[j], p->num_virtuals, on);
    pthread_mutex_unlock(&p->lock);
}

/* Node k of frame f: first (in the first frame only) its PIPEUP calls, the same inputs with other
 * output buffers each; then its call for the frame, PIPEUP while it has fewer inputs than it keeps. */
static vx_status run_node(pvx_pipeline *p, vx_uint32 k, uint64_t f, vx_reference *rows, int measure)
{
    pvx_node *n = p->g->schedule[k];
    vx_status status = VX_SUCCESS;
    size_t row = (size_t)n->replicas * n->num_parameters;
    vx_uint32 calls = f == 0 ? p->pipeup_calls[k] : 0;
    n->state = VX_NODE_STATE_PIPEUP;
    if (calls)
        pipeup_access(p, calls, 1);
    for (vx_uint32 j = 0; j < calls && status == VX_SUCCESS; j++)
        status = call_node(n, (vx_reference *)p->pipeup_table + p->pipeup_rows[k] + j * row, measure);
    if (calls)
        pipeup_access(p, calls, 0);
    n->state = f + 1 < p->input_depth[k] ? VX_NODE_STATE_PIPEUP : VX_NODE_STATE_STEADY;
    return status == VX_SUCCESS ? call_node(n, rows, measure) : status;
}

/* Whether every node touching an auto-aged delay ran frame f - 1 (lock held). */
static int delays_ready(const pvx_pipeline *p, uint64_t f)
{
    for (vx_uint32 j = 0; j < p->num_nodes; j++)
        if (p->spec->aged[j] && p->turn[j] < f)
            return 0;
    return 1;
}

/* The node whose completed frames show a stream is alive: its trigger, else the first node. */
static vx_uint32 watched(const pvx_pipeline *p)
{
    return p->trigger >= 0 ? (vx_uint32)p->trigger : 0;
}

/* Runs a claimed frame; called and returns with the lock held, drops it while nodes run. */
static void run_frame(pvx_pipeline *p, slot *s)
{
    pvx_graph *g = p->g;
    uint64_t f = s->frame;
    int measure = pvx_performance_enabled(p->ref);
    g->state = VX_GRAPH_STATE_RUNNING;
    pthread_mutex_unlock(&p->lock);
    set_accessible(s, p->num_virtuals, 1);
    s->begin = pvx_time_ns();
    for (vx_uint32 k = 0; k < p->num_nodes; k++) {
        pthread_mutex_lock(&p->lock);
        while (p->turn[k] != f || (p->ages && p->spec->aged[k] && !delays_ready(p, f)))
            pthread_cond_wait(&p->changed, &p->lock);
        pthread_mutex_unlock(&p->lock);
        if (s->status == VX_SUCCESS) {  /* after a failure the frame's later nodes only pass their turn */
            pvx_node *n = g->schedule[k];
            vx_reference *rows = s->table + p->row_offsets[k];
            vx_status status = run_node(p, k, f, rows, measure);
            if (g->events)
                pvx_graph_events_node(g->events, k, n->node, n->status);
            s->status = status;
        }
        pthread_mutex_lock(&p->lock);
        if (s->status != VX_SUCCESS && p->streaming) {
            p->streaming = 0;         /* a stream ends at an error (queued frames go on) */
            pthread_cond_signal(&p->watch);
        }
        if (p->streaming && k == watched(p))
            p->triggered_ns = pvx_time_ns();
        p->turn[k] = f + 1;
        pthread_cond_broadcast(&p->changed);
        if ((vx_int32)k == p->trigger || p->input_depth[k] > 1)   /* a frame may start now */
            wake_worker(p);
        pthread_mutex_unlock(&p->lock);
    }
    set_accessible(s, p->num_virtuals, 0);
    pthread_mutex_lock(&p->lock);
    while (p->completed != f)
        pthread_cond_wait(&p->changed, &p->lock);
    complete(p, s, measure);
    pthread_cond_broadcast(&p->changed);
    wake_worker(p);
}

static void *worker(void *arg)
{
    pvx_pipeline *p = arg;
    pthread_mutex_lock(&p->lock);
    while (!p->closing) {
        if (claimable(p)) {
            run_frame(p, claim(p));
            continue;
        }
        p->idle_workers++;
        pthread_cond_wait(&p->work, &p->lock);
        p->idle_workers--;
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* A waiting caller runs the next frame itself when nothing else runs (lock held). */
static int help(pvx_pipeline *p)
{
    if (p->started != p->completed || !claimable(p))
        return 0;
    run_frame(p, claim(p));
    return 1;
}

static int init_queue(queue *q, const pvx_queue_spec *spec)
{
    q->spec = *spec;
    q->ready.capacity = q->done.capacity = spec->num_refs;
    q->ready.items = calloc(spec->num_refs, sizeof(vx_uint32));
    q->done.items = calloc(spec->num_refs, sizeof(vx_uint32));
    q->held = calloc(spec->num_refs, 1);
    return q->ready.items && q->done.items && q->held;
}

static void free_pipeline(pvx_pipeline *p)
{
    for (vx_uint32 q = 0; p->queues && q < p->num_queues; q++) {
        free(p->queues[q].ready.items);
        free(p->queues[q].done.items);
        free(p->queues[q].held);
    }
    for (vx_uint32 s = 0; p->slots && s < p->depth; s++)
        free(p->slots[s].taken);
    free(p->queues);
    free(p->slots);
    free(p->turn);
    free(p->workers);
    pthread_cond_destroy(&p->work);
    pthread_cond_destroy(&p->changed);
    pthread_cond_destroy(&p->watch);
    pthread_mutex_destroy(&p->lock);
    free(p);
}

pvx_pipeline *pvx_pipeline_create(const pvx_pipeline_spec *spec)
{
    pvx_pipeline *p = calloc(1, sizeof *p);
    if (p == NULL)
        return NULL;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->work, NULL);
    pthread_cond_init(&p->changed, NULL);
    pthread_cond_init(&p->watch, NULL);
    pvx_graph *g = spec->graph;
    p->g = g;
    p->ref = pvx_ref_live(spec->handle, VX_TYPE_GRAPH);
    p->depth = spec->depth;
    p->num_nodes = g->num_nodes;
    p->num_virtuals = spec->num_virtuals;
    p->num_queues = spec->num_queues;
    p->row_offsets = spec->row_offsets;
    p->trigger = spec->trigger;
    p->pipeup_calls = spec->pipeup_calls;
    p->pipeup_rows = spec->pipeup_rows;
    p->pipeup_table = spec->pipeup_table;
    p->input_depth = spec->input_depth;
    p->spec = spec;
    for (vx_uint32 k = 0; k < p->num_nodes; k++) {
        p->keeps_inputs |= spec->input_depth[k] > 1;
        p->ages |= spec->aged[k] != 0;
    }
    for (vx_uint32 k = 0; k < p->num_nodes; k++)       /* queried before the first frame */
        g->schedule[k]->state = spec->pipeup_calls[k] || spec->input_depth[k] > 1 ? VX_NODE_STATE_PIPEUP
                                                                                   : VX_NODE_STATE_STEADY;
    p->auto_start = spec->auto_start == vx_true_e;
    p->batch_status = VX_SUCCESS;
    p->slots = calloc(p->depth, sizeof *p->slots);
    p->queues = calloc(p->num_queues ? p->num_queues : 1, sizeof *p->queues);
    p->turn = calloc(p->num_nodes, sizeof *p->turn);
    p->workers = calloc(p->depth, sizeof *p->workers);
    int ok = p->slots && p->queues && p->turn && p->workers;
    for (vx_uint32 q = 0; ok && q < p->num_queues; q++)
        ok = init_queue(&p->queues[q], &spec->queues[q]);
    for (vx_uint32 s = 0; ok && s < p->depth; s++) {
        p->slots[s].table = spec->tables + (size_t)s * spec->table_size;
        p->slots[s].virtuals = spec->virtuals + (size_t)s * spec->num_virtuals;
        p->slots[s].taken = calloc(p->num_queues ? p->num_queues : 1, sizeof(vx_uint32));
        ok = p->slots[s].taken != NULL;
    }
    if (!ok) {
        pvx_pipeline_destroy(p);
        return NULL;
    }
    return p;
}

uint64_t pvx_pipeline_destroy(pvx_pipeline *p)
{
    if (p == NULL)
        return 0;
    pthread_mutex_lock(&p->lock);
    p->closing = 1;
    pthread_cond_broadcast(&p->work);
    pthread_cond_broadcast(&p->changed);
    pthread_cond_signal(&p->watch);
    while (p->started != p->completed || p->waiters > 0)
        pthread_cond_wait(&p->changed, &p->lock);
    vx_uint32 workers = p->num_workers;     /* none starts once closing */
    int watching = p->watching;
    pthread_mutex_unlock(&p->lock);
    for (vx_uint32 w = 0; w < workers; w++)
        pthread_join(p->workers[w], NULL);
    if (watching)
        pthread_join(p->watcher, NULL);
    uint64_t completed = p->completed;
    free_pipeline(p);
    return completed;
}

int pvx_pipeline_idle(pvx_pipeline *p)
{
    pthread_mutex_lock(&p->lock);
    int idle = p->started == p->completed && !p->streaming && !claimable(p);
    pthread_mutex_unlock(&p->lock);
    return idle;
}

uint64_t pvx_pipeline_completed(pvx_pipeline *p)
{
    pthread_mutex_lock(&p->lock);
    uint64_t n = p->completed;
    pthread_mutex_unlock(&p->lock);
    return n;
}

int pvx_pipeline_queue(pvx_pipeline *p, vx_uint32 index)
{
    for (vx_uint32 q = 0; q < p->num_queues; q++)
        if (p->queues[q].spec.index == index)
            return (int)q;
    return -1;
}

static queue *queue_of(pvx_pipeline *p, vx_uint32 index, const char **why)
{
    int position = pvx_pipeline_queue(p, index);
    if (position < 0)
        *why = "the graph parameter is not queued (vxSetGraphScheduleConfig)";
    return position < 0 ? NULL : &p->queues[position];
}

static vx_uint32 position_of(const queue *q, vx_reference ref)
{
    for (vx_uint32 r = 0; r < q->spec.num_refs; r++)
        if (q->spec.refs[r] == ref)
            return r;
    return q->spec.num_refs;
}

#define REFUSE(status_, reason)   \
    do {                          \
        *why = (reason);          \
        status = (status_);       \
        goto out;                 \
    } while (0)

/* References into the queue's ready ring (or done ring: `to_done`), all or none (lock held). */
static vx_status put(pvx_pipeline *p, queue *q, const vx_reference *refs, vx_uint32 num, int to_done,
                     const char **why)
{
    vx_status status = VX_SUCCESS;
    if (p->closing)
        REFUSE(VX_FAILURE, "the graph is being released");
    for (vx_uint32 i = 0; i < num; i++) {
        vx_uint32 r = position_of(q, refs[i]);
        if (r == q->spec.num_refs)
            REFUSE(VX_ERROR_INVALID_REFERENCE, "a reference is not in the parameter's list (vxSetGraphScheduleConfig)");
        for (vx_uint32 j = 0; j < i; j++)
            if (refs[j] == refs[i])
                REFUSE(VX_FAILURE, "a reference is given twice");
        if (q->held[r])
            REFUSE(VX_FAILURE, "a reference is already enqueued and not dequeued yet");
    }
    for (vx_uint32 i = 0; i < num; i++) {
        vx_uint32 r = position_of(q, refs[i]);
        q->held[r] = 1;
        ring_push(to_done ? &q->done : &q->ready, r);
    }
out:
    return status;
}

vx_status pvx_pipeline_enqueue(pvx_pipeline *p, vx_uint32 index, const vx_reference *refs, vx_uint32 num, int done,
                               const char **why)
{
    queue *q = queue_of(p, index, why);
    if (q == NULL)
        return VX_ERROR_INVALID_PARAMETERS;
    pthread_mutex_lock(&p->lock);
    vx_status status = put(p, q, refs, num, done, why);
    if (status != VX_SUCCESS || done)
        goto out;
    if (p->waiters > 0)               /* a blocked dequeue may run the frame now */
        pthread_cond_broadcast(&p->changed);
    if (p->started > p->completed || p->g->events || p->streaming)
        wake_worker(p);
    else if (claimable(p)) {          /* a second ready frame: a worker starts the first */
        vx_uint32 ready = UINT32_MAX;
        for (vx_uint32 k = 0; k < p->num_queues; k++)
            ready = p->queues[k].ready.count < ready ? p->queues[k].ready.count : ready;
        if (ready >= 2)
            wake_worker(p);
    }
out:
    pthread_mutex_unlock(&p->lock);
    return status;
}

vx_uint32 pvx_pipeline_waiting(pvx_pipeline *p, vx_uint32 index, int done, vx_reference *refs)
{
    const char *why;
    queue *q = queue_of(p, index, &why);
    if (q == NULL)
        return 0;
    pthread_mutex_lock(&p->lock);
    const ring *r = done ? &q->done : &q->ready;
    for (vx_uint32 i = 0; i < r->count; i++)
        refs[i] = q->spec.refs[r->items[(r->head + i) % r->capacity]];
    vx_uint32 n = r->count;
    pthread_mutex_unlock(&p->lock);
    return n;
}

void pvx_pipeline_hold(pvx_pipeline *p)
{
    pthread_mutex_lock(&p->lock);
    p->waiters++;
    pthread_mutex_unlock(&p->lock);
}

/* A deadline `ms` from now for the waits below (VX_GRAPH_TIMEOUT); NULL when there is no limit. */
static const struct timespec *deadline_after(uint32_t ms, struct timespec *ts)
{
    if (ms == VX_TIMEOUT_WAIT_FOREVER)
        return NULL;
    pvx_deadline_in(ts, ms);
    return ts;
}

/* Waits for `changed` (lock held) until `deadline` (NULL: no limit); 0 once the deadline passed. */
static int wait_changed(pvx_pipeline *p, const struct timespec *deadline)
{
    if (deadline == NULL) {
        pthread_cond_wait(&p->changed, &p->lock);
        return 1;
    }
    return pthread_cond_timedwait(&p->changed, &p->lock, deadline) != ETIMEDOUT;
}

vx_status pvx_pipeline_dequeue(pvx_pipeline *p, vx_uint32 index, vx_reference *refs, vx_uint32 max,
                               vx_uint32 *num, int held, const char **why)
{
    vx_status status = VX_SUCCESS;
    struct timespec ts;
    const struct timespec *deadline = deadline_after(p->g->timeout_ms, &ts);
    pthread_mutex_lock(&p->lock);
    p->waiters += !held;
    queue *q = queue_of(p, index, why);
    if (q == NULL)
        REFUSE(VX_ERROR_INVALID_PARAMETERS, *why);
    while (q->done.count == 0) {      /* until a frame is done; another thread may enqueue it later */
        if (p->closing)
            REFUSE(VX_FAILURE, "the graph was released or is verified again: no reference can come");
        if (!help(p) && !wait_changed(p, deadline) && q->done.count == 0)
            REFUSE(VX_ERROR_TIMEOUT, "no reference was done within VX_GRAPH_TIMEOUT");
    }
    vx_uint32 n = 0;
    while (n < max && q->done.count > 0) {
        vx_uint32 r = ring_pop(&q->done);
        q->held[r] = 0;
        refs[n++] = q->spec.refs[r];
    }
    *num = n;
out:
    if (--p->waiters == 0 && p->closing)
        pthread_cond_broadcast(&p->changed);
    pthread_mutex_unlock(&p->lock);
    return status;
}

vx_status pvx_pipeline_check(pvx_pipeline *p, vx_uint32 index, vx_uint32 *num, const char **why)
{
    queue *q = queue_of(p, index, why);
    if (q == NULL)
        return VX_ERROR_INVALID_PARAMETERS;
    pthread_mutex_lock(&p->lock);
    *num = q->done.count;
    wake_worker(p);                   /* an application polling this waits for frames to run */
    pthread_mutex_unlock(&p->lock);
    return VX_SUCCESS;
}

vx_uint32 pvx_pipeline_schedule(pvx_pipeline *p)
{
    pthread_mutex_lock(&p->lock);
    vx_uint32 frames = p->num_queues ? UINT32_MAX : 1;
    for (vx_uint32 q = 0; q < p->num_queues; q++)
        if (p->queues[q].ready.count < frames)
            frames = p->queues[q].ready.count;
    if (p->batch_end < p->started)
        p->batch_end = p->started;
    p->batch_end += frames;
    p->batch_status = VX_SUCCESS;
    for (vx_uint32 w = 0; w < p->depth; w++)
        wake_worker(p);
    pthread_cond_broadcast(&p->changed);
    pthread_mutex_unlock(&p->lock);
    return frames;
}

vx_status pvx_pipeline_wait(pvx_pipeline *p, uint32_t timeout_ms)
{
    struct timespec ts;
    const struct timespec *deadline = deadline_after(timeout_ms, &ts);
    pthread_mutex_lock(&p->lock);
    for (;;) {
        if (help(p))
            continue;
        if (p->started == p->completed && !claimable(p))
            break;
        if (!wait_changed(p, deadline) && (p->started != p->completed || claimable(p))) {
            pthread_mutex_unlock(&p->lock);
            return VX_ERROR_TIMEOUT;  /* the frames go on; a later wait collects them */
        }
    }
    vx_status status = p->batch_status;
    p->batch_status = VX_SUCCESS;
    pthread_mutex_unlock(&p->lock);
    return status;
}

/* The stream stalled (lock held): it ends as a failure of the watched node, as TIOVX ends it. */
static void stream_timed_out(pvx_pipeline *p)
{
    vx_uint32 k = watched(p);
    p->streaming = 0;
    p->stream_status = VX_ERROR_TIMEOUT;
    if (p->batch_status == VX_SUCCESS)
        p->batch_status = VX_ERROR_TIMEOUT;
    if (p->g->events)
        pvx_graph_events_node(p->g->events, k, p->g->schedule[k]->node, VX_ERROR_TIMEOUT);
    pthread_cond_broadcast(&p->changed);
}

/* While streaming: sleeps until the watched node is due (VX_GRAPH_TIMEOUT after its last frame,
 * read again whenever it changes), or until the stream stops. */
static void *watch_stream(void *arg)
{
    pvx_pipeline *p = arg;
    pthread_mutex_lock(&p->lock);
    while (p->streaming && !p->closing) {
        uint32_t ms = __atomic_load_n(&p->g->timeout_ms, __ATOMIC_RELAXED);
        if (ms == VX_TIMEOUT_WAIT_FOREVER) {
            pthread_cond_wait(&p->watch, &p->lock);
            continue;
        }
        uint64_t due = p->triggered_ns + (uint64_t)ms * 1000000u, now = pvx_time_ns();
        if (now >= due) {
            stream_timed_out(p);
            break;
        }
        struct timespec ts;
        pvx_deadline_in(&ts, (uint32_t)((due - now + 999999u) / 1000000u));
        pthread_cond_timedwait(&p->watch, &p->lock, &ts);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

vx_status pvx_pipeline_stream(pvx_pipeline *p, int on)
{
    pthread_mutex_lock(&p->lock);
    if (on) {
        p->streaming = 1;
        p->batch_status = p->stream_status = VX_SUCCESS;
        p->triggered_ns = pvx_time_ns();
        if (!p->watching && pthread_create(&p->watcher, NULL, watch_stream, p) == 0)
            p->watching = 1;
        for (vx_uint32 w = 0; w < p->depth; w++)
            wake_worker(p);
        pthread_mutex_unlock(&p->lock);
        return VX_SUCCESS;
    }
    p->streaming = 0;
    pthread_cond_signal(&p->watch);
    vx_status status = p->stream_status;
    struct timespec ts;               /* after a stall, started frames get the timeout, no more */
    const struct timespec *deadline = status == VX_SUCCESS ? NULL : deadline_after(p->g->timeout_ms, &ts);
    while (p->started != p->completed && wait_changed(p, deadline))
        ;
    int watching = p->watching;
    p->watching = 0;
    pthread_mutex_unlock(&p->lock);
    if (watching)
        pthread_join(p->watcher, NULL);
    return status;
}

void pvx_pipeline_timeout_changed(pvx_pipeline *p)
{
    pthread_mutex_lock(&p->lock);
    pthread_cond_signal(&p->watch);
    pthread_mutex_unlock(&p->lock);
}

/* Enqueue, dequeue and check of a verified queued graph answered in C; refusals go to Python. */
static pvx_pipeline *pipeline_of(vx_graph graph)
{
    pvx_ref *ref = pvx_ref_live(graph, VX_TYPE_GRAPH);
    pvx_graph *g = ref ? ref->desc : NULL;
    return g ? __atomic_load_n(&g->pipeline, __ATOMIC_ACQUIRE) : NULL;
}

int pvx_fast_vxGraphParameterEnqueueReadyRef(vx_graph graph, vx_uint32 index, vx_reference *refs, vx_uint32 num,
                                             vx_status *out)
{
    pvx_pipeline *p = pipeline_of(graph);
    const char *why;
    if (p == NULL || refs == NULL || num == 0 || pvx_pipeline_enqueue(p, index, refs, num, 0, &why) != VX_SUCCESS)
        return 0;
    *out = VX_SUCCESS;
    return 1;
}

int pvx_fast_vxGraphParameterDequeueDoneRef(vx_graph graph, vx_uint32 index, vx_reference *refs, vx_uint32 max,
                                            vx_uint32 *num, vx_status *out)
{
    pvx_pipeline *p = pipeline_of(graph);
    const char *why;
    if (p == NULL || refs == NULL || num == NULL || max == 0 || p->g->timeout_ms != VX_TIMEOUT_WAIT_FOREVER ||
        pvx_pipeline_dequeue(p, index, refs, max, num, 0, &why) != VX_SUCCESS)
        return 0;
    *out = VX_SUCCESS;
    return 1;
}

int pvx_fast_vxGraphParameterCheckDoneRef(vx_graph graph, vx_uint32 index, vx_uint32 *num, vx_status *out)
{
    pvx_pipeline *p = pipeline_of(graph);
    const char *why;
    if (p == NULL || num == NULL || pvx_pipeline_check(p, index, num, &why) != VX_SUCCESS)
        return 0;
    *out = VX_SUCCESS;
    return 1;
}
