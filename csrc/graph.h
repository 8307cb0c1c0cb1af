/* The compiled schedule of a verified graph: what vxProcessGraph runs without Python.
 * Python (graph.py) fills these at verification and whenever a node changes; C reads them while
 * the graph runs and answers the plain node attributes that kernels query on every run. */
#ifndef PVX_GRAPH_H
#define PVX_GRAPH_H

#include <VX/vx.h>
#include <stdint.h>

#ifndef PVX_HIDDEN
#define PVX_HIDDEN __attribute__((visibility("hidden")))
#endif

/* A node as C runs it; pvx_ref.desc of every vx_node points at one. */
typedef struct pvx_node {
    vx_kernel_f function;
    vx_node node;
    vx_reference *parameters;         /* replicas * num_parameters, replica-major */
    vx_uint32 num_parameters;
    vx_uint32 replicas;               /* 1, or the item count of a replicated node */
    vx_nodecomplete_f callback;
    vx_status status;
    vx_bool is_replicated;
    vx_bool valid_rect_reset;
    vx_enum state;                    /* VX_NODE_STATE_* */
    vx_perf_t perf;
    vx_border_t border;
    vx_size local_data_size;
    void *local_data_ptr;
    vx_bool *replicate_flags;         /* num_parameters entries */
    struct pvx_tiling *tiling;        /* a tiling kernel's plan (seed 001): run instead of function */
    vx_uint32 *aliased;               /* seed 004: pairs (a, b), a < b, sharing a buffer since verification */
    vx_uint32 num_aliased;            /* pairs in `aliased` */
    struct _tivx_target_kernel_instance *target;   /* seed 003: one instance per replica, or NULL (host) */
    vx_uint32 *deps;                  /* seed 003: schedule indexes of the nodes this one waits for */
    vx_uint32 num_deps;
} pvx_node;

/* A graph as C runs it; pvx_ref.desc of every vx_graph points at one. */
typedef struct pvx_graph {
    pvx_node **schedule;              /* execution order */
    vx_uint32 num_nodes;
    uint32_t ready;                   /* verified, unchanged, nothing that needs Python */
    uint32_t busy;                    /* a run is in progress (taken atomically) */
    vx_enum state;                    /* vx_graph_state_e */
    vx_status status;                 /* of the last run */
    vx_perf_t perf;
    vx_reference *virtuals;           /* made accessible to kernels while the graph runs */
    vx_uint32 num_virtuals;
    vx_uint32 num_targeted;           /* seed 003: nodes that run on target threads */
    struct pvx_graph_events *events;  /* what vxRegisterEvent asked for, or NULL (pipeline.h) */
    struct pvx_pipeline *pipeline;    /* frames of a queued or streaming graph, or NULL (pipeline.h) */
    uint32_t timeout_ms;              /* VX_GRAPH_TIMEOUT: how long vxWaitGraph and dequeues wait */
    uint32_t stream_executions;       /* TIVX_GRAPH_STREAM_EXECUTIONS: frames run since streaming started */
} pvx_graph;

/* Runs the schedule once; the caller holds g->busy. Measures performance when `measure`. */
PVX_HIDDEN vx_status pvx_graph_run(pvx_graph *g, int measure);
/* One node: every replica, perf counters, status, completion callback. */
PVX_HIDDEN vx_status pvx_node_run(pvx_node *n, int measure);
/* The same with other parameter rows than the node's own (a pipelined frame's, pipeline.c). */
PVX_HIDDEN vx_status pvx_node_run_rows(pvx_node *n, vx_reference *params, int measure);
/* Whether the context of a handle asked for performance measurement. */
PVX_HIDDEN int pvx_performance_enabled(pvx_ref *ref);
/* Adds a measurement that began at `begin` (pvx_time_ns) and ends now. */
PVX_HIDDEN void pvx_perf_end_at(vx_perf_t *p, uint64_t begin);
/* Takes g->busy: 1 when taken, 0 when another run holds it. */
PVX_HIDDEN int pvx_graph_acquire(pvx_graph *g);
PVX_HIDDEN void pvx_graph_release(pvx_graph *g);
/* Runs the graph of handle `ref`, which the caller took, if it is still ready (1, the status in
 * *out; 0: not run), and gives it back. */
PVX_HIDDEN int pvx_graph_run_taken(struct pvx_ref *ref, vx_status *out);
PVX_HIDDEN uint64_t pvx_time_ns(void);
/* The CLOCK_REALTIME time `ms` from now, for pthread_cond_timedwait. */
struct timespec;
PVX_HIDDEN void pvx_deadline_in(struct timespec *ts, uint32_t ms);
/* Spins up to 20 us until ready(arg) (which reads without a lock); 1 when it became ready. A waiter
 * that spins briefly before sleeping costs no thread wake-up when the other side is quick (a node
 * waiting for a target node, a target for its next command, the tile pool between row bands). */
typedef int pvx_ready_f(const void *arg);
PVX_HIDDEN int pvx_spin_until(pvx_ready_f *ready, const void *arg);

/* Modules (module.c): dlopen/dlsym without policy. */
PVX_HIDDEN void *pvx_module_open(const char *path, char *error, size_t error_size);
PVX_HIDDEN void *pvx_module_symbol(void *module, const char *name);
PVX_HIDDEN int pvx_module_close(void *module);
PVX_HIDDEN int pvx_export_own_symbols(void);

#endif
