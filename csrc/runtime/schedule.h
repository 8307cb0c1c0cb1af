/* The compiled schedule of a verified graph: what vxProcessGraph runs without Python. Python
 * (graph/graph.py) fills these at verification and whenever a node changes; the executor
 * (graph.c), the tile engine, the targets and the kernels (a node's border) read them. Plain data
 * only, the lowest header of the runtime floor (cffi parses it). */
#ifndef PVX_SCHEDULE_H
#define PVX_SCHEDULE_H

#include "../objects/objects.h"

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
    vx_uint32 pipeup_calls;           /* unpipelined graphs: PIPEUP calls the next run makes first */
    vx_uint32 pipeup_runs;            /* and the runs until the first STEADY one (0: none due) */
    uint32_t debug_zonemask;          /* TI/tivx_debug.h zones VX_PRINT_NODE/_KERNEL print for it */
    vx_perf_t perf;
    vx_border_t border;
    vx_size local_data_size;
    void *local_data_ptr;
    vx_bool *replicate_flags;         /* num_parameters entries */
    vx_meta_format *metas;            /* num_parameters: its outputs' meta formats (NULL until made, and
                                         for inputs), the validators' last argument */
    struct pvx_tiling *tiling;        /* a tiling kernel's plan (seed 001): run instead of function */
    vx_uint32 *aliased;               /* seed 004: pairs (a, b), a < b, sharing a buffer since verification */
    vx_uint32 num_aliased;            /* pairs in `aliased` */
    struct _tivx_target_kernel_instance *target;   /* seed 003: one instance per replica, or NULL (host) */
    vx_uint32 *deps;                  /* seed 003: schedule indexes of the nodes this one waits for */
    vx_uint32 num_deps;
    struct pvx_fused *fused;          /* the fused pass (fusion.h) this node heads, or NULL */
    /* Branches (graph.c): a unit is a node, or a fused pass's stages (filled at its head). */
    vx_uint32 num_waits;              /* units this unit waits for */
    vx_uint32 *next;                  /* schedule indexes of the units waiting for this one */
    vx_uint32 num_next;
    vx_bool concurrent;               /* enough work to gain from running beside another unit */
    /* A node made in C (node_made.c): its graph and kernel, and the next node its graph has yet
     * to adopt. */
    struct pvx_ref *graph, *kernel;
    struct pvx_node *pending_next;
} pvx_node;

/* What C needs of a kernel to make its nodes as graph/node.py would (Node.__init__, _admit),
 * published by kernel.py when the kernel is finalized, as the kernel handle's desc: each
 * parameter's type (VX_TYPE_REFERENCE: any) and whether it may be left out. */
typedef struct pvx_node_param {
    vx_enum type;
    vx_bool optional;
} pvx_node_param;

typedef struct pvx_node_kind {
    vx_kernel_f function;
    vx_size local_data_size;
    vx_uint32 num_parameters;
    const pvx_node_param *parameters;
} pvx_node_kind;

/* A node's descriptor and its arrays in one allocation (graph/node.py makes it, as bytes: one a
 * node creation): `slots` holds the parameters, the meta formats and the replicate flags,
 * max(num_parameters, 1) pointer-sized slots each (pvx_node_init points the descriptor at them). */
typedef struct pvx_node_block {
    pvx_node desc;
    void *slots[];
} pvx_node_block;

/* A graph as C runs it; pvx_ref.desc of every vx_graph points at one. */
typedef struct pvx_graph {
    pvx_node **schedule;              /* execution order */
    vx_uint32 num_nodes;
    uint32_t ready;                   /* verified, unchanged, nothing that needs Python */
    uint32_t busy;                    /* a run is in progress (taken atomically) */
    vx_enum state;                    /* vx_graph_state_e */
    vx_status status;                 /* of the last run */
    vx_perf_t perf;
    vx_uint32 graph_nodes;            /* VX_GRAPH_NUMNODES and VX_GRAPH_NUMPARAMETERS as graph.py */
    vx_uint32 graph_parameters;       /* counts them (Graph.recount), for pvx_fast_vxQueryGraph */
    vx_reference *virtuals;           /* made accessible to kernels while the graph runs */
    vx_uint32 num_virtuals;
    vx_uint32 num_targeted;           /* seed 003: nodes that run on target threads */
    struct pvx_graph_events *events;  /* what vxRegisterEvent asked for, or NULL (pipeline.h) */
    struct pvx_pipeline *pipeline;    /* frames of a queued or streaming graph, or NULL (pipeline.h) */
    uint32_t scheduled;               /* PVX_SCHEDULED_*: a run vxScheduleGraph queued in C (async.h) */
    uint32_t unwaited;                /* 1 from that vxScheduleGraph until a vxWaitGraph takes it */
    int measure_scheduled;            /* that run measures performance */
    struct pvx_graph *next_scheduled; /* the next graph in async.c's queue */
    uint32_t timeout_ms;              /* VX_GRAPH_TIMEOUT: how long vxWaitGraph and dequeues wait */
    vx_uint32 branches;               /* two concurrent units may run side by side (graph.c) */
    vx_uint32 *waiting;               /* num_nodes scratch entries each for a run with branches: */
    vx_uint32 *ready_units;           /* units still waited for per unit, units ready to run */
    /* Nodes made in C (node_made.c), oldest first, until graph.py adopts them; `c_nodes`: graph.py
     * lets C add nodes (a graph never verified nor imported: nothing of Python's to undo). */
    struct pvx_node *pending, *pending_last;
    uint32_t c_nodes;
} pvx_graph;

/* How a node runs with a parameter row (graph.c's pvx_node_run_rows): the executor passes it to
 * the targets, which sit below it. */
typedef vx_status pvx_node_run_f(pvx_node *n, vx_reference *params, int measure);

#endif
