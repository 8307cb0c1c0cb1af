/*
 * pyopenvx - TIOVX-compatible configuration limits (seed 003).
 * Written for pyopenvx: the names and meanings of TIOVX's public API, values of our own.
 */
#ifndef PYOPENVX_TIVX_CONFIG_H
#define PYOPENVX_TIVX_CONFIG_H

/* Parameters of one kernel seen by a target kernel. */
#define TIVX_KERNEL_MAX_PARAMS (32u)
/* Planes of an image object descriptor. */
#define TIVX_IMAGE_MAX_PLANES (3u)
/* Levels of a pyramid object descriptor. */
#define TIVX_PYRAMID_MAX_LEVEL_OBJECTS (16u)
/* Items of an object array descriptor. */
#define TIVX_OBJECT_ARRAY_MAX_ITEMS (32u)
/* Dimensions of a tensor object descriptor. */
#define TIVX_CONTEXT_MAX_TENSOR_DIMS (6u)
/* Targets one kernel may list with tivxAddKernelTarget. */
#define TIVX_MAX_TARGETS_PER_KERNEL (16u)

#endif /* PYOPENVX_TIVX_CONFIG_H */
