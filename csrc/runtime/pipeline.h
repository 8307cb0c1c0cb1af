/* Pipelined execution and streaming (vx_khr_pipelining; the events they send: events.h).
 *
 * Python decides at verification what each frame slot runs (graph/pipelining.py) and fills the plain
 * data below; C runs the frames on worker threads, moves references through the parameter queues
 * and delivers events, without the GIL. */
#ifndef PVX_PIPELINE_H
#define PVX_PIPELINE_H

#include "schedule.h"

#include <VX/vx_khr_pipelining.h>

/* One queued graph parameter. */
typedef struct pvx_queue_spec {
    vx_uint32 index;                  /* graph parameter index */
    vx_bool output;                   /* its references come back with their frame's status */
    vx_uint32 num_refs;               /* the references it may take (vxSetGraphScheduleConfig) */
    vx_reference *refs;
    vx_uint32 num_sites;              /* where its reference goes in a slot's parameter table */
    vx_uint32 *sites;
    vx_reference *values;             /* num_refs * num_sites: what each site holds for refs[r] */
} pvx_queue_spec;

/* Everything a pipeline runs; Python owns the arrays for the pipeline's life. */
typedef struct pvx_pipeline_spec {
    struct pvx_graph *graph;
    vx_graph handle;
    vx_uint32 depth;                  /* frame slots = frames in flight = worker threads */
    vx_uint32 table_size;             /* references per slot table: every node's rows, in order */
    vx_uint32 *row_offsets;           /* per schedule position: its rows in a slot table */
    vx_reference *tables;             /* depth * table_size */
    vx_uint32 num_virtuals;           /* per slot: what its frames make accessible while they run */
    vx_reference *virtuals;           /* depth * num_virtuals */
    vx_uint32 num_queues;
    pvx_queue_spec *queues;
    vx_int32 trigger;                 /* streaming: schedule position of the trigger node, or -1 */
    vx_bool auto_start;               /* VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO: a frame starts once its
                                         references are there (otherwise by batch or streaming) */
    /* PIPEUP (VX_KERNEL_PIPEUP_*_DEPTH), per schedule position: */
    vx_uint32 *pipeup_calls;          /* output depth - 1: PIPEUP calls before the first frame's */
    vx_uint32 *pipeup_rows;           /* where those calls' rows begin in pipeup_table (one row each) */
    vx_reference *pipeup_table;       /* the first frame's inputs, another slot's outputs per call */
    vx_uint32 *input_depth;           /* inputs the node keeps: a slot is reused only once it let go */
    /* Auto-aged delays (vxRegisterAutoAging): at each of these slot-table sites frame f finds what
     * the delay holds there after f agings; the nodes that touch them (`aged`, per schedule
     * position) run frame f only once all of them ran frame f - 1, so the frames see the serial
     * order of the delay's objects. */
    vx_uint32 num_aged_sites;
    vx_uint32 *aged_sites;            /* where, in a slot table */
    vx_uint32 *aged_position;         /* per site: k, the delay index -k the parameter follows */
    vx_uint32 *aged_slots;            /* per site: the delay's number of slots, D */
    vx_reference *aged_objects;       /* per site: D objects, the delay's slots 0, -1, ... at frame 0 */
    vx_uint8 *aged;
} pvx_pipeline_spec;

typedef struct pvx_pipeline pvx_pipeline;

PVX_HIDDEN pvx_pipeline *pvx_pipeline_create(const pvx_pipeline_spec *spec);
/* Lets started frames finish, then ends the workers; the frames it completed in its life. */
PVX_HIDDEN uint64_t pvx_pipeline_destroy(pvx_pipeline *p);
/* 1 when no frame runs and none may start by itself (so the graph may change). */
PVX_HIDDEN int pvx_pipeline_idle(pvx_pipeline *p);
/* Frames completed since the pipeline was made (TIVX_GRAPH_STREAM_EXECUTIONS of a streaming graph;
 * the agings of its auto-aged delays). */
PVX_HIDDEN uint64_t pvx_pipeline_completed(pvx_pipeline *p);
/* Queue position of graph parameter `index`, or -1. */
PVX_HIDDEN int pvx_pipeline_queue(pvx_pipeline *p, vx_uint32 index);
/* Each returns a status and, when refusing, a static reason in *why. Enqueue puts the references
 * in the ready queue, or (`done`: verification again returning the old pipeline's) the done one. */
PVX_HIDDEN vx_status pvx_pipeline_enqueue(pvx_pipeline *p, vx_uint32 index, const vx_reference *refs, vx_uint32 num,
                                          int done, const char **why);
/* Blocks until a reference is done (or the pipeline closes). The pipeline is not freed while a
 * dequeue waits; a caller that must let go of the object-model lock first takes that hold before
 * (pvx_pipeline_hold) and passes `held`: the dequeue lets go of it as it returns. */
PVX_HIDDEN void pvx_pipeline_hold(pvx_pipeline *p);
PVX_HIDDEN vx_status pvx_pipeline_dequeue(pvx_pipeline *p, vx_uint32 index, vx_reference *refs, vx_uint32 max,
                                          vx_uint32 *num, int held, const char **why);
/* Verification again (graph/pipelining.py): the references waiting in the old pipeline's queues, in
 * order (ready ones: done == 0; done ones: done == 1; refs has room for the queue's list). */
PVX_HIDDEN vx_uint32 pvx_pipeline_waiting(pvx_pipeline *p, vx_uint32 index, int done, vx_reference *refs);
PVX_HIDDEN vx_status pvx_pipeline_check(pvx_pipeline *p, vx_uint32 index, vx_uint32 *num, const char **why);
/* Manual mode: one batch of as many frames as every queue has references for (0 if none). */
PVX_HIDDEN vx_uint32 pvx_pipeline_schedule(pvx_pipeline *p);
/* Until every allowed frame ran; the first failing frame's status, or VX_SUCCESS. VX_ERROR_TIMEOUT
 * after timeout_ms (VX_TIMEOUT_WAIT_FOREVER: no limit): the frames go on. */
PVX_HIDDEN vx_status pvx_pipeline_wait(pvx_pipeline *p, uint32_t timeout_ms);
/* Streaming on (frames start continuously) or off (no new frame; waits for started ones): the
 * stream's status. Under VX_GRAPH_TIMEOUT (TIOVX) a stream whose trigger node (or first node)
 * completes no frame within the timeout ends: VX_EVENT_NODE_ERROR of that node with
 * VX_ERROR_TIMEOUT, and turning it off waits for started frames up to the timeout and returns
 * VX_ERROR_TIMEOUT. */
PVX_HIDDEN vx_status pvx_pipeline_stream(pvx_pipeline *p, int on);
/* VX_GRAPH_TIMEOUT changed: a stream's watch reads it again. */
PVX_HIDDEN void pvx_pipeline_timeout_changed(pvx_pipeline *p);

#endif
