/* A context's descriptor: what C reads of a context without Python. */
#ifndef PVX_CONTEXT_H
#define PVX_CONTEXT_H

#include "schedule.h"

/* Its pvx_ref.desc. */
typedef struct pvx_context {
    struct pvx_events *events;            /* vx_khr_pipelining's event queue (events.h) */
    const struct pvx_immediate_table *immediate;   /* the cached vxu graphs (immediate.h), NULL before
                                                      the first vxu call */
    struct pvx_ref *const *node_kernels;  /* per generated node creator (build_ffi NODE_CREATORS): the
                                             kernel it makes nodes of, or NULL: Python's (node_made.c) */
    vx_uint32 num_node_kernels;
} pvx_context;

#endif
