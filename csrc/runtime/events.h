/* Events (vx_khr_pipelining): a context's event queue and what each graph reports into it
 * (events.c). The executor, the targets and the pipelines send; Python waits and drains. */
#ifndef PVX_EVENTS_H
#define PVX_EVENTS_H

#include "schedule.h"

#include <VX/vx_khr_pipelining.h>

/* A context's event queue (opaque); the context's pvx_ref.desc points at it. */
typedef struct pvx_events pvx_events;

PVX_HIDDEN pvx_events *pvx_events_create(void);
PVX_HIDDEN void pvx_events_destroy(pvx_events *q);
PVX_HIDDEN void pvx_events_enable(pvx_events *q, int on);
/* Queues a copy of `e` stamped now (1); dropped while events are disabled (0). */
PVX_HIDDEN int pvx_events_send(pvx_events *q, vx_event_t *e);
/* The oldest event: VX_SUCCESS; VX_FAILURE when there is none and `timeout_ms` is 0 (do not block),
 * VX_ERROR_TIMEOUT when none came within it (VX_TIMEOUT_WAIT_FOREVER: no limit). */
PVX_HIDDEN vx_status pvx_events_wait(pvx_events *q, vx_event_t *e, uint32_t timeout_ms);

/* What a graph reports (vxRegisterEvent), compiled at verification; pvx_graph.events. */
enum pvx_node_event_flags { PVX_EVENT_NODE_COMPLETED = 0x1, PVX_EVENT_NODE_ERROR = 0x2 };
typedef struct pvx_graph_events {
    pvx_events *queue;
    vx_graph graph;
    vx_bool completed;                /* VX_EVENT_GRAPH_COMPLETED registered */
    vx_uint32 completed_value;
    uint32_t *node_flags;             /* per schedule position: PVX_EVENT_NODE_* */
    vx_uint32 *node_completed_value;
    vx_uint32 *node_error_value;
    vx_bool *consumed;                /* per graph parameter: VX_EVENT_GRAPH_PARAMETER_CONSUMED */
    vx_uint32 *consumed_value;
    vx_uint32 num_parameters;
    const struct pvx_graph_events *next;   /* the same for another queue (the graph's own, TI/tivx.h) */
} pvx_graph_events;

/* After node `position` of the schedule ran with status n->status. */
PVX_HIDDEN void pvx_graph_events_node(const pvx_graph_events *ev, vx_uint32 position, vx_node node, vx_status status);
PVX_HIDDEN void pvx_graph_events_graph(const pvx_graph_events *ev, vx_enum type, vx_uint32 index);

#endif
