/* Execution of a compiled schedule, and the node and graph attributes answered from it. */
#include "graph.h"
#include "events.h"
#include "fusion.h"
#include "target.h"
#include "tiling.h"

#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <VX/vx_khr_pipelining.h>

static __thread pvx_graph *running_here;   /* the graph whose node runs on this thread */

int pvx_graph_running_here(pvx_graph *g)
{
    return running_here == g;
}

static void perf_begin(vx_perf_t *p)
{
    p->beg = pvx_time_ns();
}

/* One measurement of `ns` that began at p->beg. */
static void perf_add(vx_perf_t *p, uint64_t ns)
{
    p->end = p->beg + ns;
    p->tmp = ns;
    p->sum += p->tmp;
    p->num++;
    p->avg = p->sum / p->num;
    if (p->num == 1 || p->tmp < p->min)
        p->min = p->tmp;
    if (p->tmp > p->max)
        p->max = p->tmp;
}

static void perf_end(vx_perf_t *p)
{
    perf_add(p, pvx_time_ns() - p->beg);
}

void pvx_perf_end_at(vx_perf_t *p, uint64_t begin)
{
    p->beg = begin;
    perf_end(p);
}

pvx_node *pvx_node_init(pvx_ref *h, void *block, const pvx_node *start, vx_kernel_f function,
                        vx_uint32 num_parameters, vx_size local_data_size)
{
    pvx_node_block *b = block;
    pvx_node *d = &b->desc;
    vx_uint32 size = num_parameters ? num_parameters : 1;
    *d = *start;
    d->function = function;
    d->node = (vx_node)h;
    d->parameters = (vx_reference *)b->slots;
    d->metas = (vx_meta_format *)(b->slots + size);
    d->replicate_flags = (vx_bool *)(b->slots + 2 * size);
    d->num_parameters = num_parameters;
    d->local_data_size = local_data_size;
    h->desc = d;
    return d;
}

/* A new node's parameters (NULL for those left out), each held internally: graph/node.py decided
 * every one of them (Node.take_parameters). */
void pvx_node_take(pvx_node *d, pvx_ref **parameters, vx_uint32 num_parameters)
{
    for (vx_uint32 i = 0; i < num_parameters; i++) {
        d->parameters[i] = (vx_reference)parameters[i];
        if (parameters[i])
            pvx_ref_hold(parameters[i], 1);
    }
}

void pvx_graph_invalidate(pvx_graph *g)
{
    g->ready = 0;
    g->state = VX_GRAPH_STATE_UNVERIFIED;
    g->pipeline = NULL;
}

int pvx_graph_acquire(pvx_graph *g)
{
    uint32_t idle = 0;
    return __atomic_compare_exchange_n(&g->busy, &idle, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
}

void pvx_graph_release(pvx_graph *g)
{
    __atomic_store_n(&g->busy, 0, __ATOMIC_RELEASE);
}

static void set_accessible(pvx_graph *g, int on)
{
    for (vx_uint32 i = 0; i < g->num_virtuals; i++) {
        pvx_ref *r = (pvx_ref *)g->virtuals[i];
        if (on)
            __atomic_or_fetch(&r->flags, PVX_REF_ACCESSIBLE, __ATOMIC_RELAXED);
        else
            __atomic_and_fetch(&r->flags, ~PVX_REF_ACCESSIBLE, __ATOMIC_RELAXED);
    }
}

static vx_status call_replicas(pvx_node *n, vx_reference *params)
{
    vx_status status = VX_SUCCESS;
    for (vx_uint32 r = 0; r < n->replicas && status == VX_SUCCESS; r++)
        status = n->target ? pvx_target_process(n, params + (size_t)r * n->num_parameters, r)
               : n->tiling ? pvx_tiling_run(n->tiling, &n->border, params + (size_t)r * n->num_parameters,
                                            n->num_parameters)
                           : n->function(n->node, params + (size_t)r * n->num_parameters, n->num_parameters);
    return status;
}

/* A PIPEUP kernel in a graph that is not pipelined (the spec: "the first time the graph is executed
 * after vxVerifyGraph"): its output depth - 1 calls before the first run's, on the one set of
 * buffers there is; PIPEUP state while it has fewer inputs than it keeps (pipeup_runs: the input
 * depth, counted down to the first STEADY call). */
static vx_status pipeup(pvx_node *n, vx_reference *params)
{
    vx_status status = VX_SUCCESS;
    n->state = VX_NODE_STATE_PIPEUP;
    for (; n->pipeup_calls > 0 && status == VX_SUCCESS; n->pipeup_calls--)
        status = call_replicas(n, params);
    if (--n->pipeup_runs == 0)
        n->state = VX_NODE_STATE_STEADY;
    return status;
}

/* One node: every replica in turn, then its completion callback. */
vx_status pvx_node_run_rows(pvx_node *n, vx_reference *params, int measure)
{
    vx_status status = VX_SUCCESS;
    if (measure)
        perf_begin(&n->perf);
    if (n->pipeup_runs)
        status = pipeup(n, params);
    if (status == VX_SUCCESS)
        status = call_replicas(n, params);
    if (measure)
        perf_end(&n->perf);
    n->status = status;
    if (status == VX_SUCCESS && n->callback && n->callback(n->node) == VX_ACTION_ABANDON)
        status = VX_ERROR_GRAPH_ABANDONED;
    return status;
}

vx_status pvx_node_run(pvx_node *n, int measure)
{
    return pvx_node_run_rows(n, n->parameters, measure);
}

/* A fused pass (fusion.h) in place of its nodes: each gets the pass's status and an even share of
 * its time, one after the other (their sum is the pass's time). A node with a completion callback
 * makes them run one by one, as the callback must come between its node and the next. */
static vx_status run_fused(pvx_fused *f, int measure)
{
    vx_status status = VX_SUCCESS;
    for (uint32_t k = 0; k < f->num_stages; k++)
        if (f->stages[k].node->callback != NULL) {
            for (k = 0; k < f->num_stages && status == VX_SUCCESS; k++)
                status = pvx_node_run(f->stages[k].node, measure);
            return status;
        }
    uint64_t begin = measure ? pvx_time_ns() : 0;
    status = pvx_fused_run(f);
    uint64_t share = measure ? (pvx_time_ns() - begin) / f->num_stages : 0;
    for (uint32_t k = 0; k < f->num_stages; k++) {
        pvx_node *n = f->stages[k].node;
        n->status = status;
        if (measure) {
            n->perf.beg = begin + k * share;
            perf_add(&n->perf, share);
        }
    }
    return status;
}

/* A unit: a node, or a fused pass from its head (its stages follow it in the schedule). */
static vx_uint32 unit_size(const pvx_node *n)
{
    return n->fused ? n->fused->num_stages : 1;
}

static volatile sig_atomic_t interrupted;    /* a SIGINT came during a run (pvx_interrupt_watch) */
static struct sigaction python_handler;

static void on_interrupt(int sig, siginfo_t *info, void *context)
{
    interrupted = 1;
    if (python_handler.sa_flags & SA_SIGINFO)
        python_handler.sa_sigaction(sig, info, context);
    else if (python_handler.sa_handler != SIG_DFL && python_handler.sa_handler != SIG_IGN)
        python_handler.sa_handler(sig);
}

void pvx_interrupt_watch(void)
{
    struct sigaction now, sa;
    if (sigaction(SIGINT, NULL, &now) != 0 || now.sa_sigaction == on_interrupt)
        return;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_interrupt;
    sa.sa_flags = SA_SIGINFO | (now.sa_flags & SA_RESTART);
    sigemptyset(&sa.sa_mask);
    python_handler = now;
    sigaction(SIGINT, &sa, NULL);
}

static vx_status run_unit(pvx_graph *g, vx_uint32 i, int measure)
{
    pvx_node *n = g->schedule[i];
    if (interrupted)
        return VX_ERROR_GRAPH_ABANDONED;
    return n->fused ? run_fused(n->fused, measure) : pvx_node_run(n, measure);
}

static void send_node_events(pvx_graph *g, vx_uint32 i)
{
    for (vx_uint32 k = i; g->events && k < i + unit_size(g->schedule[i]); k++)
        pvx_graph_events_node(g->events, k, g->schedule[k]->node, g->schedule[k]->status);
}

/* ---- branches: units whose producers ended run side by side -------------------------------------
 * Verification (verify.py `compile_branches`) sets g->branches when two units with enough work
 * each (`concurrent`) are independent. Then each unit counts the units it still waits for and
 * the ready ones are kept in schedule order. When two or more are ready and two of them are
 * concurrent, a phase runs on the tile pool: each thread takes ready units until at most one is
 * ready and none runs, so a unit alone gets the whole pool for its own row bands (inside the phase
 * the pool is taken: pvx_pool_run runs a unit's bands inline). A pool busy with another graph
 * runs the phase on this thread alone. After a failure or VX_ACTION_ABANDON no unit starts; those
 * running end, and the run's status is that of the first failing unit in schedule order. */
typedef struct {
    pvx_graph *g;
    int measure;
    pthread_mutex_t lock;             /* guards what follows in a phase */
    pthread_cond_t changed;
    uint32_t head, tail;              /* g->ready_units[head, tail): ready units, in schedule order */
    uint32_t running, sleepers;
    uint32_t version;                 /* changes when a unit ends (spinning threads read it) */
    uint32_t failed_at;               /* the first failing unit, num_nodes while none */
    vx_status status;
} branch_run;

static void make_ready(branch_run *r, vx_uint32 i)
{
    vx_uint32 *ready = r->g->ready_units, k = r->tail++;
    for (; k > r->head && ready[k - 1] > i; k--)
        ready[k] = ready[k - 1];
    ready[k] = i;
}

static void unit_ended(branch_run *r, vx_uint32 i, vx_status status)
{
    pvx_graph *g = r->g;
    pvx_node *n = g->schedule[i];
    send_node_events(g, i);
    if (status != VX_SUCCESS) {
        if (i < r->failed_at) {
            r->failed_at = i;
            r->status = status;
        }
        return;
    }
    for (vx_uint32 k = 0; k < n->num_next; k++)
        if (--g->waiting[n->next[k]] == 0)
            make_ready(r, n->next[k]);
}

typedef struct {
    const branch_run *r;
    uint32_t seen;
} version_seen;

static int version_changed(const void *arg)
{
    const version_seen *v = arg;
    return __atomic_load_n(&v->r->version, __ATOMIC_ACQUIRE) != v->seen;
}

static void branch_worker(void *arg)
{
    branch_run *r = arg;
    pvx_graph *g = r->g, *outer = running_here;
    running_here = g;
    pthread_mutex_lock(&r->lock);
    for (;;) {
        uint32_t ready = r->tail - r->head;
        if (r->failed_at == g->num_nodes && ready > 0 && (ready >= 2 || r->running > 0)) {
            vx_uint32 i = g->ready_units[r->head++];
            r->running++;
            pthread_mutex_unlock(&r->lock);
            vx_status status = run_unit(g, i, r->measure);
            pthread_mutex_lock(&r->lock);
            r->running--;
            unit_ended(r, i, status);
            __atomic_store_n(&r->version, r->version + 1, __ATOMIC_RELEASE);
            if (r->sleepers)
                pthread_cond_broadcast(&r->changed);
            continue;
        }
        if (r->running == 0)
            break;                    /* the phase is over (the others see it as the last unit ended) */
        version_seen v = {r, r->version};
        pthread_mutex_unlock(&r->lock);
        int changed = pvx_spin_until(version_changed, &v);
        pthread_mutex_lock(&r->lock);
        if (!changed) {
            r->sleepers++;
            while (r->version == v.seen)
                pthread_cond_wait(&r->changed, &r->lock);
            r->sleepers--;
        }
    }
    pthread_mutex_unlock(&r->lock);
    running_here = outer;
}

static int concurrent_ready(const branch_run *r)
{
    int found = 0;
    for (uint32_t k = r->head; k < r->tail && found < 2; k++)
        found += r->g->schedule[r->g->ready_units[k]]->concurrent != vx_false_e;
    return found >= 2;
}

static vx_status run_branches(pvx_graph *g, int measure)
{
    branch_run r = {g, measure, PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER,
                    0, 0, 0, 0, 0, g->num_nodes, VX_SUCCESS};
    for (vx_uint32 i = 0; i < g->num_nodes; i += unit_size(g->schedule[i]))
        if ((g->waiting[i] = g->schedule[i]->num_waits) == 0)
            g->ready_units[r.tail++] = i;
    unsigned threads = pvx_tile_threads();
    while (r.head < r.tail && r.failed_at == g->num_nodes) {
        if (threads > 1 && concurrent_ready(&r)) {
            pvx_pool_run(branch_worker, &r, threads, 1);
            continue;
        }
        vx_uint32 i = g->ready_units[r.head++];
        unit_ended(&r, i, run_unit(g, i, measure));
    }
    pthread_cond_destroy(&r.changed);
    pthread_mutex_destroy(&r.lock);
    return r.failed_at == g->num_nodes ? VX_SUCCESS : r.status;
}

vx_status pvx_graph_run(pvx_graph *g, int measure)
{
    vx_status status = VX_SUCCESS;
    pvx_graph *outer = running_here;
    if (outer == NULL)
        interrupted = 0;              /* a Ctrl-C before the run: Python raises it already */
    running_here = g;
    pvx_pool_runners(1);
    g->state = VX_GRAPH_STATE_RUNNING;
    set_accessible(g, 1);
    if (measure)
        perf_begin(&g->perf);
    if (g->num_targeted)
        status = pvx_target_run_graph(g, measure, pvx_node_run_rows);
    else if (g->branches)
        status = run_branches(g, measure);
    else
        for (vx_uint32 i = 0; i < g->num_nodes && status == VX_SUCCESS; i += unit_size(g->schedule[i])) {
            status = run_unit(g, i, measure);
            send_node_events(g, i);
        }
    if (measure)
        perf_end(&g->perf);
    set_accessible(g, 0);
    g->status = status;
    g->state = status == VX_SUCCESS ? VX_GRAPH_STATE_COMPLETED : VX_GRAPH_STATE_ABANDONED;
    if (g->events)
        pvx_graph_events_graph(g->events, VX_EVENT_GRAPH_COMPLETED, 0);
    pvx_pool_runners(-1);
    running_here = outer;
    return status;
}

int pvx_performance_enabled(pvx_ref *ref)
{
    pvx_ref *ctx = ref->context;
    return ctx != NULL && (__atomic_load_n(&ctx->flags, __ATOMIC_RELAXED) & PVX_REF_PERFORMANCE) != 0;
}

/* A graph the caller took (busy): run if still ready (1, status in *out), then given back. */
int pvx_graph_run_taken(pvx_ref *ref, vx_status *out)
{
    pvx_graph *g = ref->desc;
    int ready = __atomic_load_n(&g->ready, __ATOMIC_ACQUIRE);
    if (ready)
        *out = pvx_graph_run(g, pvx_performance_enabled(ref));
    pvx_graph_release(g);
    return ready;
}

/* A verified, unchanged graph runs here entirely; anything else goes to Python. */
int pvx_fast_vxProcessGraph(vx_graph graph, vx_status *out)
{
    pvx_ref *ref = pvx_ref_live(graph, VX_TYPE_GRAPH);
    pvx_graph *g = ref ? ref->desc : NULL;
    if (g == NULL || !__atomic_load_n(&g->ready, __ATOMIC_ACQUIRE) || !pvx_graph_acquire(g))
        return 0;
    return pvx_graph_run_taken(ref, out);
}

int pvx_fast_vxIsGraphVerified(vx_graph graph, vx_bool *out)
{
    pvx_ref *ref = pvx_ref_live(graph, VX_TYPE_GRAPH);
    pvx_graph *g = ref ? ref->desc : NULL;
    if (g == NULL)
        return 0;
    *out = g->state != VX_GRAPH_STATE_UNVERIFIED ? vx_true_e : vx_false_e;
    return 1;
}

#define ANSWER(type, value)                        \
    do {                                           \
        if (size != sizeof(type))                  \
            return 0;                              \
        *(type *)ptr = (value);                    \
    } while (0)

/* The graph attributes its descriptor holds (state, last status, performance, counts), read by a
 * program polling a graph; refusals and the rest go to Python. */
int pvx_fast_vxQueryGraph(vx_graph graph, vx_enum attribute, void *ptr, vx_size size, vx_status *out)
{
    pvx_ref *ref = pvx_ref_live(graph, VX_TYPE_GRAPH);
    pvx_graph *g = ref ? ref->desc : NULL;
    if (g == NULL || ptr == NULL)
        return 0;
    switch (attribute) {
    case VX_GRAPH_STATE: ANSWER(vx_enum, __atomic_load_n(&g->state, __ATOMIC_ACQUIRE)); break;
    case VX_GRAPH_ATTRIBUTE_STATUS: ANSWER(vx_status, __atomic_load_n(&g->status, __ATOMIC_ACQUIRE)); break;
    case VX_GRAPH_PERFORMANCE: ANSWER(vx_perf_t, g->perf); break;
    case VX_GRAPH_NUMNODES: ANSWER(vx_uint32, __atomic_load_n(&g->graph_nodes, __ATOMIC_ACQUIRE)); break;
    case VX_GRAPH_NUMPARAMETERS: ANSWER(vx_uint32, __atomic_load_n(&g->graph_parameters, __ATOMIC_ACQUIRE)); break;
    default: return 0;
    }
    *out = VX_SUCCESS;
    return 1;
}

/* The node attributes kernels read on every run; refusals and the rest go to Python. */
int pvx_fast_vxQueryNode(vx_node node, vx_enum attribute, void *ptr, vx_size size, vx_status *out)
{
    pvx_ref *ref = pvx_ref_live(node, VX_TYPE_NODE);
    pvx_node *n = ref ? ref->desc : NULL;
    if (n == NULL || ptr == NULL)
        return 0;
    switch (attribute) {
    case VX_NODE_LOCAL_DATA_PTR: ANSWER(void *, n->local_data_ptr); break;
    case VX_NODE_LOCAL_DATA_SIZE: ANSWER(vx_size, n->local_data_size); break;
    case VX_NODE_STATUS: ANSWER(vx_status, n->status); break;
    case VX_NODE_PERFORMANCE: ANSWER(vx_perf_t, n->perf); break;
    case VX_NODE_BORDER: ANSWER(vx_border_t, n->border); break;
    case VX_NODE_PARAMETERS: ANSWER(vx_uint32, n->num_parameters); break;
    case VX_NODE_IS_REPLICATED: ANSWER(vx_bool, n->is_replicated); break;
    case VX_NODE_VALID_RECT_RESET: ANSWER(vx_bool, n->valid_rect_reset); break;
    case VX_NODE_STATE: ANSWER(vx_enum, n->state); break;
    default: return 0;
    }
    *out = VX_SUCCESS;
    return 1;
}
