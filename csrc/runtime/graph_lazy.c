/* vxCreateGraph made in C: a handle and a copy of graph.py's new descriptor, lazy (objects/lazy.h)
 * until Python first looks the graph up (a node, a verification, a name: graph.Graph.adopt makes
 * the graph manager's state then). An empty graph released before that, with no virtual image
 * made in C in it, is freed here. Python's template is the only policy (pvx_graph_serve). */
#include "graph.h"

#include <string.h>

static pvx_graph start;
static int served;

void pvx_graph_serve(const pvx_graph *template_desc)
{
    memcpy(&start, template_desc, sizeof start);
    __atomic_store_n(&served, 1, __ATOMIC_RELEASE);
}

int pvx_fast_vxCreateGraph(vx_context context, vx_graph *out)
{
    pvx_ref *ctx = pvx_ref_live(context, VX_TYPE_CONTEXT);
    pvx_graph *g = ctx && __atomic_load_n(&served, __ATOMIC_ACQUIRE) ? pvx_lazy_new(sizeof *g) : NULL;
    if (g == NULL)
        return 0;
    *g = start;
    return pvx_lazy_publish(g, VX_TYPE_GRAPH, ctx, (vx_reference *)out);
}

int pvx_fast_vxReleaseGraph(vx_graph *graph, vx_status *out)
{
    return pvx_lazy_release((vx_reference *)graph, VX_TYPE_GRAPH, out);
}
