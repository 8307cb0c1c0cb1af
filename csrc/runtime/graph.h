/* The executor (graph.c): runs a compiled schedule (schedule.h) node after node, or through the
 * targets when some nodes run on them, and answers the plain node and graph attributes that
 * kernels query on every run. */
#ifndef PVX_GRAPH_H
#define PVX_GRAPH_H

#include "schedule.h"

/* Runs the schedule once; the caller holds g->busy. Measures performance when `measure`.
 * Independent units with enough work run side by side on the tile pool (g->branches). */
PVX_HIDDEN vx_status pvx_graph_run(pvx_graph *g, int measure);
/* One node: every replica, perf counters, status, completion callback. */
PVX_HIDDEN vx_status pvx_node_run(pvx_node *n, int measure);
/* The same with other parameter rows than the node's own (a pipelined frame's, pipeline.c). */
PVX_HIDDEN vx_status pvx_node_run_rows(pvx_node *n, vx_reference *params, int measure);
/* Whether the context of a handle asked for performance measurement. */
PVX_HIDDEN int pvx_performance_enabled(pvx_ref *ref);
/* Adds a measurement that began at `begin` (pvx_time_ns) and ends now. */
PVX_HIDDEN void pvx_perf_end_at(vx_perf_t *p, uint64_t begin);
/* A new node's descriptor, laid out at the start of `block` (pvx_node_block) as a copy of node.py's
 * template `start`, its arrays pointed at the block's slots, its node-specific fields set, and its
 * handle `h` pointing at it: one call where node.py would write each field through cffi. */
PVX_HIDDEN pvx_node *pvx_node_init(pvx_ref *h, void *block, const pvx_node *start, vx_kernel_f function,
                                   vx_uint32 num_parameters, vx_size local_data_size);
PVX_HIDDEN void pvx_node_take(pvx_node *d, pvx_ref **parameters, vx_uint32 num_parameters);
/* The graph changed (graph.py's Graph.invalidate): not ready, VX_GRAPH_STATE_UNVERIFIED, no pipeline. */
PVX_HIDDEN void pvx_graph_invalidate(pvx_graph *g);
/* graph.py's word, at import, of what a new graph's descriptor is: vxCreateGraph may then make
 * graphs in C (graph_lazy.c). */
PVX_HIDDEN void pvx_graph_serve(const pvx_graph *template_desc);
/* Takes g->busy: 1 when taken, 0 when another run holds it. */
PVX_HIDDEN int pvx_graph_acquire(pvx_graph *g);
PVX_HIDDEN void pvx_graph_release(pvx_graph *g);
/* 1 when a node of g runs on the calling thread (a kernel or callback of its run). */
PVX_HIDDEN int pvx_graph_running_here(pvx_graph *g);
/* Ctrl-C in a Python program: Python's SIGINT handler only runs between bytecodes, never while a
 * run is in C. pvx_interrupt_watch() (called once the library serves a Python program whose SIGINT
 * handler is Python's) puts a handler before it that calls it and makes the runs going on start no
 * further unit: their status is VX_ERROR_GRAPH_ABANDONED, and Python raises KeyboardInterrupt. */
PVX_HIDDEN void pvx_interrupt_watch(void);
/* Runs the graph of handle `ref`, which the caller took, if it is still ready (1, the status in
 * *out; 0: not run), and gives it back. */
PVX_HIDDEN int pvx_graph_run_taken(struct pvx_ref *ref, vx_status *out);

#endif
