/* Target kernels (seed 003): every target is a thread with a FIFO command queue; a node of a
 * target kernel has one instance per replica, and its callbacks receive object descriptors filled
 * from the host objects before each call. Python (graph/targets.py) decides which target runs a node and
 * when create and delete run; this file runs the commands, without the GIL. */
#ifndef PVX_TARGET_H
#define PVX_TARGET_H

#include "schedule.h"

#include <TI/tivx_target_kernel.h>

/* Targets are numbered by Python in the order of tivx.h; ids are indexes below this. */
#define PVX_TARGETS_MAX 64

/* What tivxAddTargetKernel[ByName] registered. */
struct _tivx_target_kernel {
    tivx_target_kernel_f process;
    tivx_target_kernel_f create;
    tivx_target_kernel_f destroy;
    tivx_target_kernel_control_f control;
    void *priv_arg;
};

/* Room for any descriptor. */
typedef union pvx_obj_desc {
    tivx_obj_desc_t base;
    tivx_obj_desc_image_t image;
    tivx_obj_desc_scalar_t scalar;
    tivx_obj_desc_user_data_object_t user_data_object;
    tivx_obj_desc_array_t array;
    tivx_obj_desc_tensor_t tensor;
    tivx_obj_desc_pyramid_t pyramid;
    tivx_obj_desc_object_array_t object_array;
    tivx_obj_desc_matrix_t matrix;
    tivx_obj_desc_lut_t lut;
    tivx_obj_desc_threshold_t threshold;
    tivx_obj_desc_convolution_t convolution;
    tivx_obj_desc_distribution_t distribution;
    tivx_obj_desc_remap_t remap;
} pvx_obj_desc;

/* A container parameter's items (pyramid levels, object array items), given by Python. */
typedef struct pvx_obj_items {
    vx_reference *refs;
    pvx_obj_desc **descs;             /* one registered descriptor per item */
    uint32_t count;
} pvx_obj_items;

/* One replica of a node on its target. */
struct _tivx_target_kernel_instance {
    struct _tivx_target_kernel *kernel;
    struct pvx_node *node;            /* border, state, name */
    uint32_t target_id;
    uint32_t replica;
    uint32_t replicas;                /* instances of the node (the array n->target) */
    vx_char name[VX_MAX_REFERENCE_NAME];   /* the node, for reports */
    void *context;                    /* tivxSetTargetKernelInstanceContext */
    uint32_t context_size;
    uint32_t created;                 /* create succeeded, delete not run yet */
    pvx_obj_desc *descs;              /* one per parameter */
    tivx_obj_desc_t **args;           /* what callbacks receive: &descs[i], NULL for an unset one */
    pvx_obj_items *items;             /* one per parameter */
};

/* Commands (pvx_target_call). */
enum pvx_target_command { PVX_TARGET_CREATE = 1, PVX_TARGET_DELETE = 2 };

PVX_HIDDEN int pvx_target_define(uint32_t id, const char *name);
/* `replicas` instances of a node on a target, their descriptors allocated (n->target). */
PVX_HIDDEN int pvx_target_instances_new(struct pvx_node *n, struct _tivx_target_kernel *kernel, uint32_t target_id,
                                        uint32_t replicas);
PVX_HIDDEN void pvx_target_instances_free(struct pvx_node *n);
PVX_HIDDEN int pvx_target_set_items(struct _tivx_target_kernel_instance *inst, uint32_t index,
                                    const vx_reference *refs, uint32_t count);
/* Create or delete on the instance's target; waits up to timeout_ms (TIVX_NODE_TIMEOUT), then
 * VX_ERROR_TIMEOUT: the target still runs it and frees the job, not the instance. */
PVX_HIDDEN vx_status pvx_target_call(struct _tivx_target_kernel_instance *inst, int command, uint32_t timeout_ms);
/* A control command: waits up to timeout_ms (TIVX_EVENT_TIMEOUT_WAIT_FOREVER: no limit), then
 * VX_ERROR_TIMEOUT. */
PVX_HIDDEN vx_status pvx_target_command(struct _tivx_target_kernel_instance *inst, uint32_t cmd,
                                        const vx_reference *refs, uint32_t num_refs, uint32_t timeout_ms);
/* One replica's process callback with its parameter row, on the calling (target) thread. */
PVX_HIDDEN vx_status pvx_target_process(struct pvx_node *n, vx_reference *row, uint32_t replica);
/* The executor hands its node runner down (`host`, graph.c's pvx_node_run_rows): a target thread
 * runs a whole node with it, and the host runs the nodes that have no target, so this file never
 * calls up into the executor that calls it. */
/* A whole node on its target with parameter rows `rows` (a pipelined frame's); waits for it. */
PVX_HIDDEN vx_status pvx_target_run_node(struct pvx_node *n, vx_reference *rows, int measure, pvx_node_run_f *host);
/* A graph with target nodes: host nodes here, target nodes queued, dependencies waited for. */
PVX_HIDDEN vx_status pvx_target_run_graph(struct pvx_graph *g, int measure, pvx_node_run_f *host);
/* Waits until no target has work (the caller's own target aside), up to timeout_ms: 1 when idle.
 * Reports what runs when not. */
PVX_HIDDEN int pvx_targets_wait_idle(uint32_t timeout_ms);

#endif
