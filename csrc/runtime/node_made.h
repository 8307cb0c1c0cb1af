/* Nodes made in C (node_made.c): vxCreateGenericNode and the handle-only vxXxxNode creators of a
 * kernel whose node kind Python published, with arguments C can tell Python would take, in a
 * graph Python lets C add to; vxSetParameterByIndex and vxReleaseNode of such a node until its
 * graph adopts it (graph.py, Graph.nodes). Anything else goes to Python, the one place of the
 * rules and their log lines. */
#ifndef PVX_NODE_MADE_H
#define PVX_NODE_MADE_H

#include "schedule.h"

/* Python's template of a new node's descriptor (node.py's _NEW_DESC), kept alive by Python. */
PVX_HIDDEN void pvx_node_serve(const pvx_node *start);
/* A node of `kernel` in `graph` with `args` (n of them, as many as the kernel has parameters, or
 * none), each of the type `types` says (0: any; NULL: no such check): 1 and *out, or 0 to let
 * Python decide. */
PVX_HIDDEN int pvx_node_create(vx_graph graph, vx_kernel kernel, const vx_reference *args, const vx_enum *types,
                               vx_uint32 n, vx_node *out);
/* The same for generated node creator `index` (build_ffi NODE_CREATORS) in its graph's context. */
PVX_HIDDEN int pvx_node_create_std(vx_graph graph, vx_uint32 index, const vx_reference *args, const vx_enum *types,
                                   vx_uint32 n, vx_node *out);
/* The nodes made in C of a graph, oldest first (linked by pending_next), now Python's: no longer
 * pending, and counted by Python in VX_CONTEXT_REFERENCES from now on. */
PVX_HIDDEN pvx_node *pvx_graph_take_pending(pvx_graph *g);
/* The graph of a pending node handle, or NULL. */
PVX_HIDDEN pvx_ref *pvx_node_pending_graph(const void *handle);

#endif
