/* An event queue (a context's for vxWaitEvent, a graph's own for vxWaitGraphEvent) and the events
 * graphs send into it. */
#include "events.h"
#include "context.h"

#include <TI/tivx.h>   /* VX_TIMEOUT_WAIT_FOREVER and VX_ERROR_TIMEOUT (TIOVX's names) */

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* An application that never waits would grow the queue for ever: past this, the oldest go. */
#define MAX_EVENTS (1u << 16)

struct pvx_events {
    pthread_mutex_t lock;
    pthread_cond_t arrived;
    int enabled;
    vx_event_t *ring;                 /* grows when full, up to MAX_EVENTS */
    uint32_t capacity, head, count;
};

pvx_events *pvx_events_create(void)
{
    pvx_events *q = calloc(1, sizeof *q);
    if (q == NULL)
        return NULL;
    pthread_mutex_init(&q->lock, NULL);
    pthread_cond_init(&q->arrived, NULL);
    q->enabled = 1;
    return q;
}

void pvx_events_destroy(pvx_events *q)
{
    if (q == NULL)
        return;
    pthread_cond_destroy(&q->arrived);
    pthread_mutex_destroy(&q->lock);
    free(q->ring);
    free(q);
}

void pvx_events_enable(pvx_events *q, int on)
{
    pthread_mutex_lock(&q->lock);
    q->enabled = on;
    pthread_mutex_unlock(&q->lock);
}

/* Room for one more: the ring doubles, its wrapped part moved to the end; at MAX_EVENTS the
 * oldest event goes. */
static int make_room(pvx_events *q)
{
    if (q->count < q->capacity)
        return 1;
    if (q->capacity >= MAX_EVENTS) {
        q->head = (q->head + 1) % q->capacity;
        q->count--;
        return 1;
    }
    uint32_t capacity = q->capacity ? 2 * q->capacity : 64;
    vx_event_t *ring = realloc(q->ring, capacity * sizeof *ring);
    if (ring == NULL)
        return 0;
    if (q->head > 0)                  /* full: the items before head follow the last one */
        memcpy(ring + q->capacity, ring, q->head * sizeof *ring);
    q->ring = ring;
    q->capacity = capacity;
    return 1;
}

int pvx_events_send(pvx_events *q, vx_event_t *e)
{
    int queued = 0;
    if (q == NULL)
        return 0;
    pthread_mutex_lock(&q->lock);
    e->timestamp = pvx_time_ns();     /* under the lock: the queue's order is its timestamps' order */
    if (q->enabled && make_room(q)) {
        q->ring[(q->head + q->count) % q->capacity] = *e;
        q->count++;
        queued = 1;
        pthread_cond_signal(&q->arrived);
    }
    pthread_mutex_unlock(&q->lock);
    return queued;
}

vx_status pvx_events_wait(pvx_events *q, vx_event_t *e, uint32_t timeout_ms)
{
    vx_status status = VX_SUCCESS;
    struct timespec deadline;
    if (timeout_ms != 0 && timeout_ms != VX_TIMEOUT_WAIT_FOREVER)
        pvx_deadline_in(&deadline, timeout_ms);
    pthread_mutex_lock(&q->lock);
    int expired = 0;
    while (q->count == 0 && timeout_ms != 0 && !expired)
        if (timeout_ms == VX_TIMEOUT_WAIT_FOREVER)
            pthread_cond_wait(&q->arrived, &q->lock);
        else
            expired = pthread_cond_timedwait(&q->arrived, &q->lock, &deadline) == ETIMEDOUT;
    if (q->count == 0) {
        status = timeout_ms == 0 ? VX_FAILURE : VX_ERROR_TIMEOUT;
    } else {
        *e = q->ring[q->head];
        q->head = (q->head + 1) % q->capacity;
        q->count--;
    }
    pthread_mutex_unlock(&q->lock);
    return status;
}

static void node_event(const pvx_graph_events *ev, vx_uint32 position, vx_node node, vx_status status)
{
    uint32_t flags = ev->node_flags[position];
    vx_event_t e;
    memset(&e, 0, sizeof e);
    if (status == VX_SUCCESS && (flags & PVX_EVENT_NODE_COMPLETED)) {
        e.type = VX_EVENT_NODE_COMPLETED;
        e.app_value = ev->node_completed_value[position];
        e.event_info.node_completed.graph = ev->graph;
        e.event_info.node_completed.node = node;
    } else if (status != VX_SUCCESS && (flags & PVX_EVENT_NODE_ERROR)) {
        e.type = VX_EVENT_NODE_ERROR;
        e.app_value = ev->node_error_value[position];
        e.event_info.node_error.graph = ev->graph;
        e.event_info.node_error.node = node;
        e.event_info.node_error.status = status;
    } else {
        return;
    }
    pvx_events_send(ev->queue, &e);
}

static void graph_event(const pvx_graph_events *ev, vx_enum type, vx_uint32 index)
{
    vx_event_t e;
    memset(&e, 0, sizeof e);
    e.type = type;
    if (type == VX_EVENT_GRAPH_COMPLETED) {
        if (!ev->completed)
            return;
        e.app_value = ev->completed_value;
        e.event_info.graph_completed.graph = ev->graph;
    } else {
        if (index >= ev->num_parameters || !ev->consumed[index])
            return;
        e.app_value = ev->consumed_value[index];
        e.event_info.graph_parameter_consumed.graph = ev->graph;
        e.event_info.graph_parameter_consumed.graph_parameter_index = index;
    }
    pvx_events_send(ev->queue, &e);
}

/* Each queue the graph reports to (the context's, the graph's own) gets what was registered for it. */
void pvx_graph_events_node(const pvx_graph_events *ev, vx_uint32 position, vx_node node, vx_status status)
{
    for (; ev != NULL; ev = ev->next)
        node_event(ev, position, node, status);
}

void pvx_graph_events_graph(const pvx_graph_events *ev, vx_enum type, vx_uint32 index)
{
    for (; ev != NULL; ev = ev->next)
        graph_event(ev, type, index);
}

/* The plain cases answered in C; a bad context or NULL event goes to Python, which refuses. */
int pvx_fast_vxWaitEvent(vx_context context, vx_event_t *event, vx_bool do_not_block, vx_status *out)
{
    pvx_ref *ref = pvx_ref_live(context, VX_TYPE_CONTEXT);
    pvx_context *c = ref ? ref->desc : NULL;
    if (c == NULL || event == NULL)
        return 0;
    *out = pvx_events_wait(c->events, event, do_not_block == vx_false_e ? VX_TIMEOUT_WAIT_FOREVER : 0);
    return 1;
}

int pvx_fast_vxSendUserEvent(vx_context context, vx_uint32 app_value, void *parameter, vx_status *out)
{
    pvx_ref *ref = pvx_ref_live(context, VX_TYPE_CONTEXT);
    pvx_context *c = ref ? ref->desc : NULL;
    if (c == NULL)
        return 0;
    vx_event_t e;
    memset(&e, 0, sizeof e);
    e.type = VX_EVENT_USER;
    e.app_value = app_value;
    e.event_info.user_event.user_event_parameter = parameter;
    if (!pvx_events_send(c->events, &e))
        return 0;                     /* disabled: Python refuses and says why */
    *out = VX_SUCCESS;
    return 1;
}
