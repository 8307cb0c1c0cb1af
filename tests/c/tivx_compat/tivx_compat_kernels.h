/*
 * A kernel library written only against TIOVX's public API, the way TIOVX's own test kernels are
 * (host side and target side in separate files, descriptors told apart by type code): built with the
 * users' flags and loaded with vxLoadKernels by tests/c/tivx_compat.c (issue 23).
 */
#ifndef TIVX_COMPAT_KERNELS_H_
#define TIVX_COMPAT_KERNELS_H_

#include <VX/vx.h>
#include <TI/tivx.h>

#define TIVX_KERNEL_COMPAT_SCALAR_SOURCE_NAME       "com.compat.scalar_source"
#define TIVX_KERNEL_COMPAT_SCALAR_INTERMEDIATE_NAME "com.compat.scalar_intermediate"
#define TIVX_KERNEL_COMPAT_SCALAR_SINK_NAME         "com.compat.scalar_sink"
#define TIVX_KERNEL_COMPAT_NOT_NAME                 "com.compat.not"
#define TIVX_KERNEL_COMPAT_PYRAMID_SOURCE_NAME      "com.compat.pyramid_source"
#define TIVX_KERNEL_COMPAT_PYRAMID_SINK_NAME        "com.compat.pyramid_sink"
#define TIVX_KERNEL_COMPAT_CMD_TIMEOUT_NAME         "com.compat.cmd_timeout"

/* parameter indexes */
#define TIVX_KERNEL_COMPAT_SCALAR_SOURCE_OUT_IDX (0U)
#define TIVX_KERNEL_COMPAT_SCALAR_SOURCE_MAX_PARAMS (1U)
#define TIVX_KERNEL_COMPAT_SCALAR_INTERMEDIATE_IN_IDX (0U)
#define TIVX_KERNEL_COMPAT_SCALAR_INTERMEDIATE_OUT_IDX (1U)
#define TIVX_KERNEL_COMPAT_SCALAR_INTERMEDIATE_MAX_PARAMS (2U)
#define TIVX_KERNEL_COMPAT_SCALAR_SINK_IN_IDX (0U)
#define TIVX_KERNEL_COMPAT_SCALAR_SINK_MAX_PARAMS (1U)
#define TIVX_KERNEL_COMPAT_NOT_IN_IDX (0U)
#define TIVX_KERNEL_COMPAT_NOT_OUT_IDX (1U)
#define TIVX_KERNEL_COMPAT_NOT_MAX_PARAMS (2U)
#define TIVX_KERNEL_COMPAT_PYRAMID_SOURCE_OUT_IDX (0U)
#define TIVX_KERNEL_COMPAT_PYRAMID_SOURCE_MAX_PARAMS (1U)
#define TIVX_KERNEL_COMPAT_PYRAMID_SINK_IN_IDX (0U)
#define TIVX_KERNEL_COMPAT_PYRAMID_SINK_MAX_PARAMS (1U)
#define TIVX_KERNEL_COMPAT_CMD_TIMEOUT_IN_IDX (0U)
#define TIVX_KERNEL_COMPAT_CMD_TIMEOUT_MAX_PARAMS (1U)

/* control commands */
#define TIVX_COMPAT_SCALAR_SRC_INC (1U)          /* obj_desc[0]: a u8 scalar, incremented */
#define TIVX_COMPAT_SINK_GET_STATS (2U)          /* obj_desc[0], [1]: u32 scalars <- frames, mismatches */
#define TIVX_COMPAT_SINK_CHECK_NULL (3U)         /* obj_desc[0] must be NULL, obj_desc[1] a scalar */
#define TIVX_COMPAT_PYRAMID_SINK_GET_SUM (4U)    /* obj_desc[0]: a u32 scalar <- checksum of the last pyramid */
#define TIVX_COMPAT_CMD_SLEEP (5U)               /* obj_desc[0]: a u32 scalar, milliseconds */
#define TIVX_COMPAT_CMD_FAIL_DELETE (6U)         /* the delete callback will fail */

/* The pixel a pyramid source writes at (x, y) of level l. */
#define TIVX_COMPAT_PYRAMID_PIXEL(x, y, l) ((vx_uint8)(((x) * 3U + (y) + (l) * 10U) & 0xFFU))

void tivxRegisterCompatTargetKernels(void);
void tivxUnRegisterCompatTargetKernels(void);

#endif
