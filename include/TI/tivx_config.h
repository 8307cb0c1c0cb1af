/*
 * pyopenvx - TIOVX-compatible configuration limits (seed 003).
 * Written for pyopenvx: the names, meanings and values of TIOVX's public API (those of its J721E
 * configuration, whose targets ours are).
 */
#ifndef PYOPENVX_TIVX_CONFIG_H
#define PYOPENVX_TIVX_CONFIG_H

/* Parameters of one kernel seen by a target kernel. */
#define TIVX_KERNEL_MAX_PARAMS (32u)
/* Planes of an image object descriptor. */
#define TIVX_IMAGE_MAX_PLANES (4u)
/* Levels of a pyramid object descriptor. */
#define TIVX_PYRAMID_MAX_LEVEL_OBJECTS (64u)
/* Items of an object array descriptor. */
#define TIVX_OBJECT_ARRAY_MAX_ITEMS (32u)
/* Dimensions of a tensor object descriptor. */
#define TIVX_CONTEXT_MAX_TENSOR_DIMS (6u)
/* Targets one kernel may list with tivxAddKernelTarget. */
#define TIVX_MAX_TARGETS_PER_KERNEL (32u)
/* Frames a graph may have in flight (tivxSetGraphPipelineDepth). */
#define TIVX_GRAPH_MAX_PIPELINE_DEPTH (16u)
/* C7x DSPs of the platform. */
#ifndef C7X_COUNT
#define C7X_COUNT (1u)
#endif

#endif /* PYOPENVX_TIVX_CONFIG_H */
