/* Execution of a compiled schedule, and the node and graph attributes answered from it. */
#include "graph.h"
#include "events.h"
#include "fusion.h"
#include "target.h"
#include "tiling.h"

#include <string.h>
#include <VX/vx_khr_pipelining.h>

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

/* One node: every replica in turn, then its completion callback. */
vx_status pvx_node_run_rows(pvx_node *n, vx_reference *params, int measure)
{
    vx_status status = VX_SUCCESS;
    if (measure)
        perf_begin(&n->perf);
    for (vx_uint32 r = 0; r < n->replicas && status == VX_SUCCESS; r++)
        status = n->target ? pvx_target_process(n, params + (size_t)r * n->num_parameters, r)
               : n->tiling ? pvx_tiling_run(n->tiling, &n->border, params + (size_t)r * n->num_parameters,
                                            n->num_parameters)
                           : n->function(n->node, params + (size_t)r * n->num_parameters, n->num_parameters);
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

vx_status pvx_graph_run(pvx_graph *g, int measure)
{
    vx_status status = VX_SUCCESS;
    g->state = VX_GRAPH_STATE_RUNNING;
    set_accessible(g, 1);
    if (measure)
        perf_begin(&g->perf);
    if (g->num_targeted)
        status = pvx_target_run_graph(g, measure, pvx_node_run_rows);
    else
        for (vx_uint32 i = 0; i < g->num_nodes && status == VX_SUCCESS; i++) {
            pvx_node *n = g->schedule[i];
            vx_uint32 count = n->fused ? n->fused->num_stages : 1;
            status = n->fused ? run_fused(n->fused, measure) : pvx_node_run(n, measure);
            for (vx_uint32 k = i; g->events && k < i + count; k++)
                pvx_graph_events_node(g->events, k, g->schedule[k]->node, g->schedule[k]->status);
            i += count - 1;
        }
    if (measure)
        perf_end(&g->perf);
    set_accessible(g, 0);
    g->status = status;
    g->state = status == VX_SUCCESS ? VX_GRAPH_STATE_COMPLETED : VX_GRAPH_STATE_ABANDONED;
    if (g->events)
        pvx_graph_events_graph(g->events, VX_EVENT_GRAPH_COMPLETED, 0);
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
