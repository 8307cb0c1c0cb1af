/* vxScheduleGraph and vxWaitGraph of a ready graph without Python (async.c): worker threads kept
 * alive between runs take scheduled graphs from one queue; a waiter whose graph no worker has
 * started yet runs it itself. Above the executor (graph.c), which it drives. */
#ifndef PVX_ASYNC_H
#define PVX_ASYNC_H

#include "schedule.h"

/* pvx_graph.scheduled: where a run scheduled in C stands. */
#define PVX_SCHEDULED_NONE 0u
#define PVX_SCHEDULED_QUEUED 1u       /* in the queue, nobody runs it yet */
#define PVX_SCHEDULED_RUNNING 2u
#define PVX_SCHEDULED_DONE 3u         /* ended, not waited for: the graph stays busy until then */

/* Queues a graph the caller took (busy) and found ready; its vxWaitGraph joins it. 0 when no
 * worker thread can be had (nothing done). */
PVX_HIDDEN int pvx_graph_schedule(pvx_graph *g, int measure);
/* Waits for the run scheduled in C (runs it here if no worker started it), gives the graph back
 * (busy cleared) and puts the run's status in *status: 1. 0 when g has no run scheduled in C or
 * another thread already waits for it; -1 when the run went on past timeout_ms
 * (VX_TIMEOUT_WAIT_FOREVER: no limit), and it stays scheduled. */
PVX_HIDDEN int pvx_graph_join(pvx_graph *g, vx_status *status, uint32_t timeout_ms);

#endif
