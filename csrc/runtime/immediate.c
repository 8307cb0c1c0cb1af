/* The cached one-node graphs of immediate mode (immediate.h). */
#include "immediate.h"
#include "context.h"
#include "graph.h"

#include <string.h>

void pvx_immediate_lock(pvx_immediate *e)
{
    while (__atomic_exchange_n(&e->lock, 1, __ATOMIC_ACQUIRE))
        ;
}

void pvx_immediate_unlock(pvx_immediate *e)
{
    __atomic_store_n(&e->lock, 0, __ATOMIC_RELEASE);
}

/* The graph is taken (busy) under the entry's lock, so Python, which empties an entry under the
 * same lock and then waits for busy to clear, never frees a graph this is about to run. */
static int take(pvx_immediate *e, const uint64_t *args, uint32_t num_args, pvx_ref **gref)
{
    if (__atomic_exchange_n(&e->lock, 1, __ATOMIC_ACQUIRE))
        return 0;                              /* being changed: let Python decide */
    *gref = e->graph != NULL && e->num_args == num_args && !memcmp(e->args, args, sizeof *args * num_args)
          ? pvx_ref_live(e->graph, VX_TYPE_GRAPH) : NULL;
    pvx_graph *g = *gref ? (*gref)->desc : NULL;
    int taken = g != NULL && __atomic_load_n(&g->ready, __ATOMIC_ACQUIRE) && pvx_graph_acquire(g);
    pvx_immediate_unlock(e);
    return taken;
}

int pvx_immediate_run(vx_context context, uint32_t function, const uint64_t *args, uint32_t num_args, vx_status *out)
{
    pvx_ref *c = pvx_ref_live(context, VX_TYPE_CONTEXT);
    const pvx_context *d = c ? c->desc : NULL;
    const pvx_immediate_table *t = d ? d->immediate : NULL;
    if (t == NULL || function >= t->count)
        return 0;
    for (uint32_t way = 0; way < PVX_IMMEDIATE_WAYS; way++) {
        pvx_ref *gref;
        if (take(&t->entries[function * PVX_IMMEDIATE_WAYS + way], args, num_args, &gref))
            return pvx_graph_run_taken(gref, out);
    }
    return 0;
}
