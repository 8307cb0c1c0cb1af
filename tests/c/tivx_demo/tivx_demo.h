/* A TIOVX-style kernel library (seed 003 tests): what its host side (tivx_demo_host.c), its target
 * side (tivx_demo_target.c) and the applications share. Written the way TIOVX kernel libraries are. */
#ifndef TIVX_DEMO_H
#define TIVX_DEMO_H

#include <TI/tivx.h>

/* Keeps the first failure (TIOVX kernel libraries define this helper themselves). */
static inline void tivxCheckStatus(vx_status *status, vx_status prms_status)
{
    if (*status == VX_SUCCESS)
        *status = prms_status;
}

/* in image (U8) + constant (vx_uint8 scalar) -> out image; stats and a process count as outputs */
#define TIVX_DEMO_ADD_CONST_NAME "com.demo.tivx.add_const"
#define TIVX_DEMO_ADD_CONST_IN_IDX 0u
#define TIVX_DEMO_ADD_CONST_CONST_IDX 1u
#define TIVX_DEMO_ADD_CONST_OUT_IDX 2u
#define TIVX_DEMO_ADD_CONST_STATS_IDX 3u
#define TIVX_DEMO_ADD_CONST_COUNT_IDX 4u
#define TIVX_DEMO_ADD_CONST_MAX_PARAMS 5u
/* a constant the create callback refuses, one it crashes on */
#define TIVX_DEMO_BAD_CONST 255u
#define TIVX_DEMO_CRASH_CONST 254u

/* sleeps `ms` (vx_uint32 scalar), records its span; every callback appends to a journal */
#define TIVX_DEMO_SLEEP_NAME "com.demo.tivx.sleep"
#define TIVX_DEMO_SLEEP_MS_IDX 0u
#define TIVX_DEMO_SLEEP_ID_IDX 1u
#define TIVX_DEMO_SLEEP_JOURNAL_IDX 2u
#define TIVX_DEMO_SLEEP_SPAN_IDX 3u
#define TIVX_DEMO_SLEEP_MAX_PARAMS 4u

/* pyramid, object array, tensor (inputs) -> array (items written, count set) and a summary */
#define TIVX_DEMO_DESCRIBE_NAME "com.demo.tivx.describe"
#define TIVX_DEMO_DESCRIBE_PYRAMID_IDX 0u
#define TIVX_DEMO_DESCRIBE_OBJARR_IDX 1u
#define TIVX_DEMO_DESCRIBE_TENSOR_IDX 2u
#define TIVX_DEMO_DESCRIBE_ARRAY_IDX 3u
#define TIVX_DEMO_DESCRIBE_SUMMARY_IDX 4u
#define TIVX_DEMO_DESCRIBE_MAX_PARAMS 5u

typedef struct {
    vx_uint32 levels, width, height, format;
    vx_float32 scale;
    vx_uint32 level_width[4];
    vx_uint8 level1_pixel;            /* pixel (0,0) of level 1, read through its descriptor */
    vx_uint32 items, item_type, item0_width;
    vx_uint8 item1_pixel;
    vx_uint32 tensor_dims, tensor_dim[2], tensor_stride[2], tensor_type;
    vx_int16 tensor_at_1_2;           /* element [1][2] (dims[0] = 3) */
    vx_uint32 array_capacity, array_item_size;
} tivx_demo_summary_t;

/* matrix, LUT, threshold, convolution, distribution, remap (outputs): the kernel reports what their
 * descriptors say in a summary, then writes into each one (see tivx_demo_data_summary_t) */
#define TIVX_DEMO_DATA_NAME "com.demo.tivx.data"
#define TIVX_DEMO_DATA_MATRIX_IDX 0u
#define TIVX_DEMO_DATA_LUT_IDX 1u
#define TIVX_DEMO_DATA_THRESHOLD_IDX 2u
#define TIVX_DEMO_DATA_CONVOLUTION_IDX 3u
#define TIVX_DEMO_DATA_DISTRIBUTION_IDX 4u
#define TIVX_DEMO_DATA_REMAP_IDX 5u
#define TIVX_DEMO_DATA_SUMMARY_IDX 6u
#define TIVX_DEMO_DATA_MAX_PARAMS 7u

/* Per descriptor: its header's host_ref and type, its fields, one element read through mem_ptr
 * (the one the kernel then writes: matrix [1][2] += 100, LUT [7] = 200, coefficient [2][1] = -5,
 * bin 3 = 1234, remap point of destination (1, 2) = (3.5, 4.25); threshold lower += 1, upper -= 1,
 * true value 77). */
typedef struct {
    vx_uint64 host_ref[6];
    vx_uint32 type[6];
    vx_uint32 matrix_rows, matrix_columns, matrix_origin_x, matrix_origin_y, matrix_mem_size;
    vx_enum matrix_pattern, matrix_data_type;
    vx_int32 matrix_at_1_2;
    vx_enum lut_item_type;
    vx_uint32 lut_item_size, lut_num_items, lut_mem_size;
    vx_uint8 lut_at_7;
    vx_enum thresh_type, thresh_data_type;
    vx_int32 thresh_value, thresh_lower, thresh_upper, thresh_true, thresh_false;
    vx_uint32 conv_rows, conv_columns, conv_scale, conv_mem_size;
    vx_int16 conv_at_2_1;
    vx_uint32 dist_bins, dist_range, dist_win, dist_mem_size;
    vx_int32 dist_offset, dist_at_3;
    vx_uint32 remap_src_width, remap_src_height, remap_dst_width, remap_dst_height, remap_mem_size;
    vx_float32 remap_x_at_1_2, remap_y_at_1_2;
} tivx_demo_data_summary_t;

/* listed on a target with no target kernel registered for it */
#define TIVX_DEMO_ORPHAN_NAME "com.demo.tivx.orphan"

/* control commands of add_const */
#define TIVX_DEMO_CMD_SET_CONST 1u    /* ref[0]: a vx_uint8 scalar, the new constant */
#define TIVX_DEMO_CMD_FAIL 2u         /* process returns VX_FAILURE until TIVX_DEMO_CMD_NORMAL */
#define TIVX_DEMO_CMD_CRASH 3u        /* process dereferences NULL until TIVX_DEMO_CMD_NORMAL */
#define TIVX_DEMO_CMD_NORMAL 4u
#define TIVX_DEMO_CMD_SLEEP 5u        /* ref[0]: a vx_uint32 scalar, milliseconds to block */

typedef struct {
    vx_uint32 creates, processes, controls, deletes;
    vx_uint64 create_thread, process_thread, control_thread;   /* identify the thread each ran on */
    vx_uint32 target_id;
    vx_enum border_mode;
    vx_enum state;
    vx_bool replicated;
    vx_uint32 context_ok;           /* the instance context came back as set, size included */
} tivx_demo_stats_t;

typedef struct {
    vx_uint64 start_ns, end_ns, thread;
    vx_bool replicated;
} tivx_demo_span_t;

#define TIVX_DEMO_JOURNAL_MAX 64u
enum { TIVX_DEMO_CREATE = 1, TIVX_DEMO_PROCESS = 2, TIVX_DEMO_DELETE = 3 };
typedef struct {
    vx_uint32 count;
    vx_uint8 kind[TIVX_DEMO_JOURNAL_MAX];
    vx_uint8 node_id[TIVX_DEMO_JOURNAL_MAX];
} tivx_demo_journal_t;

/* target side (tivx_demo_target.c) */
void tivxAddTargetKernelDemo(void);
void tivxRemoveTargetKernelDemo(void);

#endif
