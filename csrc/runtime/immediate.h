/* Immediate mode without a graph's set-up cost: per context, per vxu function, the verified
 * one-node graphs of its last calls with different arguments (PVX_IMMEDIATE_WAYS: ping-pong
 * buffers, alternating policies) and the arguments each was made for. Python (kernels/calls.py)
 * fills an entry after a good run and empties it whenever anything the graph depends on changes;
 * the generated vxu wrappers run the graph from here when the arguments are the same. */
#ifndef PVX_IMMEDIATE_H
#define PVX_IMMEDIATE_H

#include "schedule.h"

#define PVX_IMMEDIATE_ARGS 16
enum { PVX_IMMEDIATE_WAYS = 4 };        /* graphs kept per function */

typedef struct pvx_immediate {
    vx_graph graph;                   /* NULL: empty */
    uint32_t lock;                    /* taken while the entry is read or changed */
    uint32_t num_args;
    uint64_t args[PVX_IMMEDIATE_ARGS];    /* the arguments after the context, as words */
} pvx_immediate;

/* A context's table (pvx_context.immediate): entries function * PVX_IMMEDIATE_WAYS + way. */
typedef struct pvx_immediate_table {
    pvx_immediate *entries;
    uint32_t count;                   /* functions */
} pvx_immediate_table;

/* Runs entry `function` of the context when it holds a ready graph made for `args`: 1 with the
 * run's status in *out, 0 when Python must decide. */
PVX_HIDDEN int pvx_immediate_run(vx_context context, uint32_t function, const uint64_t *args, uint32_t num_args,
                                 vx_status *out);
PVX_HIDDEN void pvx_immediate_lock(pvx_immediate *e);
PVX_HIDDEN void pvx_immediate_unlock(pvx_immediate *e);
#endif
