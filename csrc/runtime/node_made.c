/* Nodes made in C (node_made.h). A node creation through Python costs ~56 k instructions (its
 * crossing ~10 k, the rest ~17 Python frames); here it is a handle, one allocation and a few
 * counts. C takes only what Python would take without a word: a finalized kernel of the graph's
 * context whose node kind Python published (kernel.py), a graph Python lets C add to (never
 * verified nor imported: graph.py's `c_nodes`), not running, and arguments that are live, of the
 * graph's context, of each parameter's type, given for every required one and part of nothing (no
 * delay to bind). An argument still lazy (objects/lazy.h) is met by Python when the node is
 * adopted; while the node holds it, its release is Python's (pvx_lazy_release). The node is pending (PVX_REF_PENDING) until its graph
 * adopts its pending nodes, in order (graph.py: before anything reads the graph's nodes); one
 * mutex orders creation, replacement, release and adoption, and counts change under
 * pvx_counts_lock as Python's do. */
#include "node_made.h"
#include "context.h"
#include "graph.h"

#include <pthread.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static const pvx_node *template_desc;

void pvx_node_serve(const pvx_node *start)
{
    __atomic_store_n(&template_desc, start, __ATOMIC_RELEASE);
}

/* Whether Node._admit lets `arg` through for parameter `p` without a word (1, its handle in
 * *ref, NULL when left out), `type` the creator's handle type (0: any); 0: Python decides. */
static int admits(const pvx_node_param *p, vx_reference arg, vx_enum type, const pvx_ref *context, pvx_ref **ref)
{
    *ref = NULL;
    if (arg == NULL)
        return p->optional;
    pvx_ref *r = pvx_ref_live(arg, type);
    if (r == NULL || r->context != context ||
        __atomic_load_n(&r->flags, __ATOMIC_ACQUIRE) & (PVX_REF_PART | PVX_REF_PENDING))
        return 0;
    if (p->type != VX_TYPE_REFERENCE && p->type != r->type)
        return 0;
    *ref = r;
    return 1;
}

/* Python's word that C may change the graph now (the caller holds `lock`). */
static int open_to_c(const pvx_graph *g)
{
    return g->c_nodes && !__atomic_load_n(&g->busy, __ATOMIC_ACQUIRE) && g->state == VX_GRAPH_STATE_UNVERIFIED;
}

enum { MAX_ARGS = 32 };

int pvx_node_create(vx_graph graph, vx_kernel kernel, const vx_reference *args, const vx_enum *types, vx_uint32 n,
                    vx_node *out)
{
    pvx_ref *gr = pvx_ref_live(graph, VX_TYPE_GRAPH), *kr = pvx_ref_live(kernel, VX_TYPE_KERNEL);
    const pvx_node *start = __atomic_load_n(&template_desc, __ATOMIC_ACQUIRE);
    if (gr == NULL || kr == NULL || start == NULL || n > MAX_ARGS ||
        __atomic_load_n(&gr->flags, __ATOMIC_ACQUIRE) & PVX_REF_LAZY)
        return 0;
    pvx_graph *g = gr->desc;
    const pvx_node_kind *kind = kr->desc;
    if (g == NULL || kind == NULL || kr->context != gr->context || (n && n != kind->num_parameters))
        return 0;
    pvx_ref *held[MAX_ARGS];
    for (vx_uint32 i = 0; i < n; i++)
        if (!admits(&kind->parameters[i], args[i], types ? types[i] : PVX_ANY_TYPE, gr->context, &held[i]))
            return 0;
    vx_uint32 slots = kind->num_parameters ? kind->num_parameters : 1;
    void *block = pvx_lazy_new(sizeof(pvx_node_block) + 3 * slots * sizeof(void *));
    pvx_ref *h = block ? pvx_ref_alloc(VX_TYPE_NODE) : NULL;
    if (h == NULL) {
        pvx_lazy_free_made(block);
        return 0;
    }
    h->context = gr->context;
    h->external_count = 1;
    h->internal_count = 1;                    /* its graph's (Graph.add_node) */
    h->flags = PVX_REF_PENDING;
    pvx_node *d = pvx_node_init(h, block, start, kind->function, kind->num_parameters, kind->local_data_size);
    d->graph = gr, d->kernel = kr;
    pthread_mutex_lock(&lock);
    if (!open_to_c(g)) {
        pthread_mutex_unlock(&lock);
        pvx_ref_free(h);
        pvx_lazy_free_made(block);
        return 0;
    }
    pvx_counts_lock();
    kr->internal_count++;
    for (vx_uint32 i = 0; i < n; i++) {
        d->parameters[i] = (vx_reference)held[i];
        if (held[i])
            held[i]->internal_count++;
    }
    pvx_counts_unlock();
    if (g->pending_last)
        g->pending_last->pending_next = d;
    else
        g->pending = d;
    g->pending_last = d;
    g->graph_nodes++;
    pvx_graph_invalidate(g);
    __atomic_add_fetch(&gr->context->c_lazy, 1, __ATOMIC_RELAXED);   /* VX_CONTEXT_REFERENCES */
    pthread_mutex_unlock(&lock);
    *out = (vx_node)h;
    return 1;
}

int pvx_node_create_std(vx_graph graph, vx_uint32 index, const vx_reference *args, const vx_enum *types,
                        vx_uint32 n, vx_node *out)
{
    pvx_ref *gr = pvx_ref_live(graph, VX_TYPE_GRAPH);
    const pvx_context *c = gr && gr->context ? __atomic_load_n(&gr->context->desc, __ATOMIC_ACQUIRE) : NULL;
    if (c == NULL || index >= c->num_node_kernels || c->node_kernels[index] == NULL)
        return 0;
    return pvx_node_create(graph, (vx_kernel)c->node_kernels[index], args, types, n, out);
}

int pvx_fast_vxCreateGenericNode(vx_graph graph, vx_kernel kernel, vx_node *out)
{
    return pvx_node_create(graph, kernel, NULL, NULL, 0, out);
}

/* A pending node's handle (the lock decides whether it still is). */
static pvx_ref *pending(const void *handle)
{
    pvx_ref *h = pvx_ref_live(handle, VX_TYPE_NODE);
    return h && __atomic_load_n(&h->flags, __ATOMIC_ACQUIRE) & PVX_REF_PENDING ? h : NULL;
}

/* Node.set_parameter on a pending node: what it replaces is released here only when someone
 * else still holds it (else Python destroys it). */
int pvx_fast_vxSetParameterByIndex(vx_node node, vx_uint32 index, vx_reference value, vx_status *out)
{
    pvx_ref *h = pending(node), *ref;
    if (h == NULL)
        return 0;
    pvx_node *d = h->desc;
    const pvx_node_kind *kind = d->kernel->desc;
    if (index >= d->num_parameters || !admits(&kind->parameters[index], value, PVX_ANY_TYPE, h->context, &ref))
        return 0;
    int done = 0;
    pthread_mutex_lock(&lock);
    if (h->flags & PVX_REF_PENDING && !__atomic_load_n(&((pvx_graph *)d->graph->desc)->busy, __ATOMIC_ACQUIRE)) {
        pvx_counts_lock();
        pvx_ref *old = (pvx_ref *)d->parameters[index];
        if (ref)
            ref->internal_count++;
        if (old == NULL || old->internal_count + old->external_count > 1) {
            if (old)
                old->internal_count--;
            d->parameters[index] = (vx_reference)ref;
            done = 1;
        } else if (ref) {
            ref->internal_count--;
        }
        pvx_counts_unlock();
    }
    pthread_mutex_unlock(&lock);
    if (done)
        *out = VX_SUCCESS;
    return done;
}

/* The application's release of a pending node: its graph still holds it. */
int pvx_fast_vxReleaseNode(vx_node *node, vx_status *out)
{
    pvx_ref *h = node ? pending(*node) : NULL;
    if (h == NULL)
        return 0;
    int done = 0;
    pthread_mutex_lock(&lock);
    if (h->flags & PVX_REF_PENDING && h->external_count == 1) {
        pvx_counts_lock();
        h->external_count = 0;
        pvx_counts_unlock();
        __atomic_sub_fetch(&h->context->c_lazy, 1, __ATOMIC_RELAXED);
        done = 1;
    }
    pthread_mutex_unlock(&lock);
    if (done) {
        *node = NULL;
        *out = VX_SUCCESS;
    }
    return done;
}

pvx_node *pvx_graph_take_pending(pvx_graph *g)
{
    pthread_mutex_lock(&lock);
    pvx_node *first = g->pending;
    g->pending = g->pending_last = NULL;
    for (pvx_node *d = first; d; d = d->pending_next) {
        pvx_ref *h = (pvx_ref *)d->node;
        __atomic_and_fetch(&h->flags, ~PVX_REF_PENDING, __ATOMIC_RELEASE);
        if (h->external_count)               /* Python counts it from now on */
            __atomic_sub_fetch(&h->context->c_lazy, 1, __ATOMIC_RELAXED);
    }
    pthread_mutex_unlock(&lock);
    return first;
}

pvx_ref *pvx_node_pending_graph(const void *handle)
{
    pvx_ref *h = pending(handle);
    return h ? ((pvx_node *)h->desc)->graph : NULL;
}
