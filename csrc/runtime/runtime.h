/* The runtime floor (csrc/runtime): what runs a verified graph without Python. The compiled
 * schedule (schedule.h) that Python fills at verification; the executor (graph.c) that runs it
 * node after node, and the worker threads of scheduled runs (async.c); the three ways a node can
 * run that the executor chooses between, each below it
 * and none calling it: a kernel function, the tile engine (tiling.c, seed 001), a target's thread
 * (target.c, seed 003, handed the executor's node runner); the events the runs report (events.c);
 * and above the executor, what drives it: pipelined frames (pipeline.c), the cached vxu graphs
 * (immediate.c), and the aliasing answers of seed 004 (aliasing.c). It reads the data objects
 * below it and knows no kernel: the standard kernels sit on top and are plain kernel functions to
 * it. Plain data and prototypes only (cffi parses these headers). */
#ifndef PVX_RUNTIME_H
#define PVX_RUNTIME_H

#include "../objects/objects.h"

#include "schedule.h"
#include "events.h"
#include "tiling.h"
#include "fusion.h"
#include "target.h"
#include "graph.h"
#include "node_made.h"
#include "async.h"
#include "pipeline.h"
#include "immediate.h"
#include "context.h"
#include "validate.h"

#endif
