/* Target side of the demo kernel library: written as for TIOVX, from the object descriptors only. */
#define _POSIX_C_SOURCE 199309L
#include <string.h>
#include <time.h>
#include <TI/tivx.h>
#include <TI/tivx_target_kernel.h>
#include <TI/tivx_obj_desc.h>
#include <TI/tivx_mem.h>
#include "tivx_demo.h"

typedef struct {
    vx_uint8 constant;
    vx_uint32 mode;
} tivxDemoAddConstParams;

static tivx_target_kernel vx_add_const_target_kernel[2] = {NULL, NULL};
static tivx_target_kernel vx_sleep_target_kernel[3] = {NULL, NULL, NULL};
static tivx_target_kernel vx_describe_target_kernel = NULL;
static tivx_target_kernel vx_data_target_kernel = NULL;
static __thread int thread_tag;

static vx_uint64 this_thread(void)
{
    return (vx_uint64)(uintptr_t)&thread_tag;
}

static vx_uint64 now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (vx_uint64)ts.tv_sec * 1000000000u + (vx_uint64)ts.tv_nsec;
}

static void sleep_ms(vx_uint32 ms)
{
    struct timespec ts = {(time_t)(ms / 1000u), (long)(ms % 1000u) * 1000000L};
    nanosleep(&ts, NULL);
}

static tivx_demo_stats_t *stats_of(tivx_obj_desc_t *obj_desc[])
{
    tivx_obj_desc_user_data_object_t *udo = (tivx_obj_desc_user_data_object_t *)obj_desc[TIVX_DEMO_ADD_CONST_STATS_IDX];
    void *ptr = tivxMemShared2TargetPtr(&udo->mem_ptr);
    tivxMemBufferMap(ptr, udo->mem_size, VX_MEMORY_TYPE_HOST, VX_READ_AND_WRITE);
    return udo->mem_size == sizeof(tivx_demo_stats_t) && strcmp(udo->type_name, "tivx_demo_stats_t") == 0 ? ptr : NULL;
}

static vx_status VX_CALLBACK tivxDemoAddConstCreate(tivx_target_kernel_instance kernel, tivx_obj_desc_t *obj_desc[],
                                                   uint16_t num_params, void *priv_arg)
{
    (void)priv_arg;
    if (num_params != TIVX_DEMO_ADD_CONST_MAX_PARAMS || obj_desc[TIVX_DEMO_ADD_CONST_CONST_IDX] == NULL)
        return VX_FAILURE;
    tivx_obj_desc_scalar_t *c = (tivx_obj_desc_scalar_t *)obj_desc[TIVX_DEMO_ADD_CONST_CONST_IDX];
    if (c->data.u08 == TIVX_DEMO_BAD_CONST)
        return VX_ERROR_INVALID_VALUE;
    if (c->data.u08 == TIVX_DEMO_CRASH_CONST)
        *(volatile int *)(uintptr_t)num_params = 1;          /* a fault */
    tivxDemoAddConstParams *prms = tivxMemAlloc(sizeof(tivxDemoAddConstParams), TIVX_MEM_EXTERNAL);
    if (prms == NULL)
        return VX_ERROR_NO_MEMORY;
    prms->constant = c->data.u08;
    prms->mode = TIVX_DEMO_CMD_NORMAL;
    tivxSetTargetKernelInstanceContext(kernel, prms, sizeof(tivxDemoAddConstParams));
    tivx_demo_stats_t *stats = stats_of(obj_desc);
    if (stats != NULL) {
        stats->creates++;
        stats->create_thread = this_thread();
    }
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK tivxDemoAddConstProcess(tivx_target_kernel_instance kernel, tivx_obj_desc_t *obj_desc[],
                                                    uint16_t num_params, void *priv_arg)
{
    vx_status status = VX_SUCCESS;
    tivxDemoAddConstParams *prms = NULL;
    uint32_t size = 0;
    (void)priv_arg;
    if (num_params != TIVX_DEMO_ADD_CONST_MAX_PARAMS || obj_desc[TIVX_DEMO_ADD_CONST_IN_IDX] == NULL ||
        obj_desc[TIVX_DEMO_ADD_CONST_OUT_IDX] == NULL)
        return VX_FAILURE;
    status = tivxGetTargetKernelInstanceContext(kernel, (void **)&prms, &size);
    if (status != VX_SUCCESS || prms == NULL || size != sizeof(tivxDemoAddConstParams))
        return VX_FAILURE;
    if (prms->mode == TIVX_DEMO_CMD_FAIL)
        return VX_FAILURE;
    if (prms->mode == TIVX_DEMO_CMD_CRASH)
        *(volatile int *)(uintptr_t)prms->constant = 1;      /* prms->constant is small: a fault */

    tivx_obj_desc_image_t *src = (tivx_obj_desc_image_t *)obj_desc[TIVX_DEMO_ADD_CONST_IN_IDX];
    tivx_obj_desc_image_t *dst = (tivx_obj_desc_image_t *)obj_desc[TIVX_DEMO_ADD_CONST_OUT_IDX];
    if (src->format != VX_DF_IMAGE_U8 || dst->format != VX_DF_IMAGE_U8 || src->planes != 1)
        return VX_ERROR_INVALID_FORMAT;
    vx_uint8 *src_ptr = tivxMemShared2TargetPtr(&src->mem_ptr[0]);
    vx_uint8 *dst_ptr = tivxMemShared2TargetPtr(&dst->mem_ptr[0]);
    tivxMemBufferMap(src_ptr, src->mem_size[0], VX_MEMORY_TYPE_HOST, VX_READ_ONLY);
    tivxMemBufferMap(dst_ptr, dst->mem_size[0], VX_MEMORY_TYPE_HOST, VX_WRITE_ONLY);
    for (vx_uint32 y = src->valid_roi.start_y; y < src->valid_roi.end_y; y++)
        for (vx_uint32 x = src->valid_roi.start_x; x < src->valid_roi.end_x; x++)
            dst_ptr[y * dst->imagepatch_addr[0].stride_y + x * dst->imagepatch_addr[0].stride_x] =
                (vx_uint8)(src_ptr[y * src->imagepatch_addr[0].stride_y + x * src->imagepatch_addr[0].stride_x] +
                           prms->constant);
    tivxMemBufferUnmap(src_ptr, src->mem_size[0], VX_MEMORY_TYPE_HOST, VX_READ_ONLY);
    tivxMemBufferUnmap(dst_ptr, dst->mem_size[0], VX_MEMORY_TYPE_HOST, VX_WRITE_ONLY);

    tivx_demo_stats_t *stats = stats_of(obj_desc);
    if (stats != NULL) {
        vx_border_t border;
        void *ctx = NULL;
        uint32_t ctx_size = 0;
        stats->processes++;
        stats->process_thread = this_thread();
        tivxGetTargetKernelTargetId(kernel, &stats->target_id);
        tivxGetTargetKernelInstanceBorderMode(kernel, &border);
        stats->border_mode = border.mode;
        tivxGetTargetKernelInstanceState(kernel, &stats->state);
        stats->replicated = tivxIsTargetKernelInstanceReplicated(kernel);
        tivxGetTargetKernelInstanceContext(kernel, &ctx, &ctx_size);
        stats->context_ok = ctx == prms && ctx_size == sizeof(tivxDemoAddConstParams);
    }
    tivx_obj_desc_scalar_t *count = (tivx_obj_desc_scalar_t *)obj_desc[TIVX_DEMO_ADD_CONST_COUNT_IDX];
    if (count != NULL)
        count->data.u32++;           /* reaches the host's scalar */
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK tivxDemoAddConstControl(tivx_target_kernel_instance kernel, uint32_t node_cmd_id,
                                                    tivx_obj_desc_t *obj_desc[], uint16_t num_params, void *priv_arg)
{
    tivxDemoAddConstParams *prms = NULL;
    uint32_t size = 0;
    (void)priv_arg;
    if (tivxGetTargetKernelInstanceContext(kernel, (void **)&prms, &size) != VX_SUCCESS || prms == NULL)
        return VX_FAILURE;
    switch (node_cmd_id) {
    case TIVX_DEMO_CMD_SET_CONST:
    case TIVX_DEMO_CMD_SLEEP: {
        tivx_obj_desc_scalar_t *value = num_params == 1 ? (tivx_obj_desc_scalar_t *)obj_desc[0] : NULL;
        if (value == NULL || value->base.type != TIVX_OBJ_DESC_SCALAR)
            return VX_ERROR_INVALID_PARAMETERS;
        if (node_cmd_id == TIVX_DEMO_CMD_SLEEP)
            sleep_ms(value->data.u32);
        else
            prms->constant = value->data.u08;
        return VX_SUCCESS;
    }
    case TIVX_DEMO_CMD_FAIL:
    case TIVX_DEMO_CMD_CRASH:
    case TIVX_DEMO_CMD_NORMAL:
        prms->mode = node_cmd_id;
        return VX_SUCCESS;
    default:
        return VX_ERROR_NOT_SUPPORTED;
    }
}

static vx_status VX_CALLBACK tivxDemoAddConstDelete(tivx_target_kernel_instance kernel, tivx_obj_desc_t *obj_desc[],
                                                   uint16_t num_params, void *priv_arg)
{
    tivxDemoAddConstParams *prms = NULL;
    uint32_t size = 0;
    (void)num_params;
    (void)priv_arg;
    tivx_demo_stats_t *stats = stats_of(obj_desc);
    if (stats != NULL)
        stats->deletes++;
    if (tivxGetTargetKernelInstanceContext(kernel, (void **)&prms, &size) == VX_SUCCESS && prms != NULL)
        tivxMemFree(prms, size, TIVX_MEM_EXTERNAL);
    return VX_SUCCESS;
}

/* sleep: every callback writes to the journal (an input user data object) */
static void journal(tivx_obj_desc_t *obj_desc[], vx_uint8 kind)
{
    tivx_obj_desc_user_data_object_t *j = (tivx_obj_desc_user_data_object_t *)obj_desc[TIVX_DEMO_SLEEP_JOURNAL_IDX];
    tivx_obj_desc_scalar_t *id = (tivx_obj_desc_scalar_t *)obj_desc[TIVX_DEMO_SLEEP_ID_IDX];
    tivx_demo_journal_t *log = tivxMemShared2TargetPtr(&j->mem_ptr);
    vx_uint32 at = __atomic_fetch_add(&log->count, 1, __ATOMIC_RELAXED);
    if (at < TIVX_DEMO_JOURNAL_MAX) {
        log->kind[at] = kind;
        log->node_id[at] = id->data.u08;
    }
}

static vx_status VX_CALLBACK tivxDemoSleepCreate(tivx_target_kernel_instance kernel, tivx_obj_desc_t *obj_desc[],
                                                uint16_t num_params, void *priv_arg)
{
    (void)kernel;
    (void)num_params;
    (void)priv_arg;
    journal(obj_desc, TIVX_DEMO_CREATE);
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK tivxDemoSleepProcess(tivx_target_kernel_instance kernel, tivx_obj_desc_t *obj_desc[],
                                                 uint16_t num_params, void *priv_arg)
{
    (void)priv_arg;
    if (num_params != TIVX_DEMO_SLEEP_MAX_PARAMS)
        return VX_FAILURE;
    tivx_obj_desc_user_data_object_t *s = (tivx_obj_desc_user_data_object_t *)obj_desc[TIVX_DEMO_SLEEP_SPAN_IDX];
    tivx_demo_span_t *span = tivxMemShared2TargetPtr(&s->mem_ptr);
    span->start_ns = now_ns();
    sleep_ms(((tivx_obj_desc_scalar_t *)obj_desc[TIVX_DEMO_SLEEP_MS_IDX])->data.u32);
    span->end_ns = now_ns();
    span->thread = this_thread();
    span->replicated = tivxIsTargetKernelInstanceReplicated(kernel);
    journal(obj_desc, TIVX_DEMO_PROCESS);
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK tivxDemoSleepDelete(tivx_target_kernel_instance kernel, tivx_obj_desc_t *obj_desc[],
                                                uint16_t num_params, void *priv_arg)
{
    (void)kernel;
    (void)num_params;
    (void)priv_arg;
    journal(obj_desc, TIVX_DEMO_DELETE);
    return VX_SUCCESS;
}

static vx_uint8 first_pixel(tivx_obj_desc_image_t *img)
{
    vx_uint8 *p = tivxMemShared2TargetPtr(&img->mem_ptr[0]);
    return p != NULL ? p[0] : 0;
}

static vx_status VX_CALLBACK tivxDemoDescribeProcess(tivx_target_kernel_instance kernel, tivx_obj_desc_t *obj_desc[],
                                                    uint16_t num_params, void *priv_arg)
{
    (void)kernel;
    (void)priv_arg;
    if (num_params != TIVX_DEMO_DESCRIBE_MAX_PARAMS)
        return VX_FAILURE;
    tivx_obj_desc_pyramid_t *pmd = (tivx_obj_desc_pyramid_t *)obj_desc[TIVX_DEMO_DESCRIBE_PYRAMID_IDX];
    tivx_obj_desc_object_array_t *arr = (tivx_obj_desc_object_array_t *)obj_desc[TIVX_DEMO_DESCRIBE_OBJARR_IDX];
    tivx_obj_desc_tensor_t *tensor = (tivx_obj_desc_tensor_t *)obj_desc[TIVX_DEMO_DESCRIBE_TENSOR_IDX];
    tivx_obj_desc_array_t *array = (tivx_obj_desc_array_t *)obj_desc[TIVX_DEMO_DESCRIBE_ARRAY_IDX];
    tivx_obj_desc_user_data_object_t *udo = (tivx_obj_desc_user_data_object_t *)obj_desc[TIVX_DEMO_DESCRIBE_SUMMARY_IDX];
    tivx_demo_summary_t *s = tivxMemShared2TargetPtr(&udo->mem_ptr);
    tivx_obj_desc_image_t *levels[TIVX_PYRAMID_MAX_LEVEL_OBJECTS], *items[TIVX_OBJECT_ARRAY_MAX_ITEMS];

    tivxGetObjDescList(pmd->obj_desc_id, (tivx_obj_desc_t **)levels, pmd->num_levels);
    s->levels = pmd->num_levels;
    s->width = pmd->width;
    s->height = pmd->height;
    s->format = pmd->format;
    s->scale = pmd->scale;
    for (vx_uint32 i = 0; i < pmd->num_levels && i < 4; i++)
        s->level_width[i] = levels[i]->width;
    s->level1_pixel = first_pixel(levels[1]);

    tivxGetObjDescList(arr->obj_desc_id, (tivx_obj_desc_t **)items, arr->num_items);
    s->items = arr->num_items;
    s->item_type = arr->item_type;
    s->item0_width = items[0]->width;
    s->item1_pixel = first_pixel(items[1]);

    vx_uint8 *t = tivxMemShared2TargetPtr(&tensor->mem_ptr);
    s->tensor_dims = tensor->number_of_dimensions;
    s->tensor_dim[0] = tensor->dimensions[0];
    s->tensor_dim[1] = tensor->dimensions[1];
    s->tensor_stride[0] = tensor->stride[0];
    s->tensor_stride[1] = tensor->stride[1];
    s->tensor_type = tensor->data_type;
    memcpy(&s->tensor_at_1_2, t + 1 * tensor->stride[0] + 2 * tensor->stride[1], sizeof(vx_int16));

    vx_uint32 *out = tivxMemShared2TargetPtr(&array->mem_ptr);
    s->array_capacity = array->capacity;
    s->array_item_size = array->item_size;
    for (vx_uint32 i = 0; i < 3 && i < array->capacity; i++)
        out[i] = 11 * (i + 1);
    array->num_items = 3;              /* reaches the host's array */
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK tivxDemoDataProcess(tivx_target_kernel_instance kernel, tivx_obj_desc_t *obj_desc[],
                                                uint16_t num_params, void *priv_arg)
{
    (void)kernel;
    (void)priv_arg;
    if (num_params != TIVX_DEMO_DATA_MAX_PARAMS)
        return VX_FAILURE;
    tivx_obj_desc_matrix_t *matrix = (tivx_obj_desc_matrix_t *)obj_desc[TIVX_DEMO_DATA_MATRIX_IDX];
    tivx_obj_desc_lut_t *lut = (tivx_obj_desc_lut_t *)obj_desc[TIVX_DEMO_DATA_LUT_IDX];
    tivx_obj_desc_threshold_t *thr = (tivx_obj_desc_threshold_t *)obj_desc[TIVX_DEMO_DATA_THRESHOLD_IDX];
    tivx_obj_desc_convolution_t *conv = (tivx_obj_desc_convolution_t *)obj_desc[TIVX_DEMO_DATA_CONVOLUTION_IDX];
    tivx_obj_desc_distribution_t *dist = (tivx_obj_desc_distribution_t *)obj_desc[TIVX_DEMO_DATA_DISTRIBUTION_IDX];
    tivx_obj_desc_remap_t *remap = (tivx_obj_desc_remap_t *)obj_desc[TIVX_DEMO_DATA_REMAP_IDX];
    tivx_obj_desc_user_data_object_t *udo = (tivx_obj_desc_user_data_object_t *)obj_desc[TIVX_DEMO_DATA_SUMMARY_IDX];
    tivx_demo_data_summary_t *s = tivxMemShared2TargetPtr(&udo->mem_ptr);
    for (vx_uint32 i = 0; i < 6; i++) {
        s->host_ref[i] = obj_desc[i]->host_ref;
        s->type[i] = obj_desc[i]->type;
    }

    vx_int32 *m = tivxMemShared2TargetPtr(&matrix->mem_ptr);
    s->matrix_rows = matrix->rows;
    s->matrix_columns = matrix->columns;
    s->matrix_origin_x = matrix->origin_x;
    s->matrix_origin_y = matrix->origin_y;
    s->matrix_mem_size = matrix->mem_size;
    s->matrix_pattern = matrix->pattern;
    s->matrix_data_type = matrix->data_type;
    s->matrix_at_1_2 = m[1 * matrix->columns + 2];
    m[1 * matrix->columns + 2] += 100;

    vx_uint8 *table = tivxMemShared2TargetPtr(&lut->mem_ptr);
    s->lut_item_type = lut->item_type;
    s->lut_item_size = lut->item_size;
    s->lut_num_items = lut->num_items;
    s->lut_mem_size = lut->mem_size;
    s->lut_at_7 = table[7];
    table[7] = 200;

    s->thresh_type = thr->type;
    s->thresh_data_type = thr->data_type;
    s->thresh_value = thr->value;
    s->thresh_lower = thr->lower;
    s->thresh_upper = thr->upper;
    s->thresh_true = thr->true_value;
    s->thresh_false = thr->false_value;
    thr->lower += 1;
    thr->upper -= 1;
    thr->true_value = 77;

    vx_int16 *c = tivxMemShared2TargetPtr(&conv->mem_ptr);
    s->conv_rows = conv->rows;
    s->conv_columns = conv->columns;
    s->conv_scale = conv->scale;
    s->conv_mem_size = conv->mem_size;
    s->conv_at_2_1 = c[2 * conv->columns + 1];
    c[2 * conv->columns + 1] = -5;

    vx_int32 *bins = tivxMemShared2TargetPtr(&dist->mem_ptr);
    s->dist_bins = dist->num_bins;
    s->dist_offset = dist->offset;
    s->dist_range = dist->range;
    s->dist_win = dist->num_win;
    s->dist_mem_size = dist->mem_size;
    s->dist_at_3 = bins[3];
    bins[3] = 1234;

    vx_coordinates2df_t *points = tivxMemShared2TargetPtr(&remap->mem_ptr);
    vx_coordinates2df_t *p = &points[2 * remap->dst_width + 1];
    s->remap_src_width = remap->src_width;
    s->remap_src_height = remap->src_height;
    s->remap_dst_width = remap->dst_width;
    s->remap_dst_height = remap->dst_height;
    s->remap_mem_size = remap->mem_size;
    s->remap_x_at_1_2 = p->x;
    s->remap_y_at_1_2 = p->y;
    p->x = 3.5f;
    p->y = 4.25f;
    return VX_SUCCESS;
}

/* Nothing to set up (TIOVX requires a create callback). */
static vx_status VX_CALLBACK tivxDemoNoCreate(tivx_target_kernel_instance kernel, tivx_obj_desc_t *obj_desc[], uint16_t num_params,
                                   void *priv_arg)
{
    (void)kernel; (void)obj_desc; (void)num_params; (void)priv_arg;
    return VX_SUCCESS;
}

void tivxAddTargetKernelDemo(void)
{
    const char *add_const_targets[2] = {TIVX_TARGET_DSP1, TIVX_TARGET_DSP2};
    const char *sleep_targets[3] = {TIVX_TARGET_DSP1, TIVX_TARGET_DSP2, TIVX_TARGET_MPU_0};
    for (int i = 0; i < 2; i++)
        vx_add_const_target_kernel[i] = tivxAddTargetKernelByName(
            TIVX_DEMO_ADD_CONST_NAME, add_const_targets[i], tivxDemoAddConstProcess, tivxDemoAddConstCreate,
            tivxDemoAddConstDelete, tivxDemoAddConstControl, NULL);
    for (int i = 0; i < 3; i++)
        vx_sleep_target_kernel[i] = tivxAddTargetKernelByName(TIVX_DEMO_SLEEP_NAME, sleep_targets[i],
                                                              tivxDemoSleepProcess, tivxDemoSleepCreate,
                                                              tivxDemoSleepDelete, NULL, NULL);
    vx_data_target_kernel = tivxAddTargetKernelByName(TIVX_DEMO_DATA_NAME, TIVX_TARGET_DSP1, tivxDemoDataProcess,
                                                      tivxDemoNoCreate, NULL, NULL, NULL);

    /* registered per CPU, as generated TIOVX kernels do */
    char target_name[TIVX_TARGET_MAX_NAME];
    vx_status status = VX_FAILURE;
    vx_enum self_cpu = tivxGetSelfCpuId();
    if (self_cpu == (vx_enum)TIVX_CPU_ID_MPU_0) {
        strncpy(target_name, TIVX_TARGET_MPU_0, TIVX_TARGET_MAX_NAME);
        status = VX_SUCCESS;
    } else if (self_cpu == (vx_enum)TIVX_CPU_ID_A72_0) {
        strncpy(target_name, TIVX_TARGET_A72_0, TIVX_TARGET_MAX_NAME);
        status = VX_SUCCESS;
    }
    if (status == VX_SUCCESS)
        vx_describe_target_kernel = tivxAddTargetKernelByName(TIVX_DEMO_DESCRIBE_NAME, target_name,
                                                              tivxDemoDescribeProcess, tivxDemoNoCreate, NULL, NULL, NULL);
}

void tivxRemoveTargetKernelDemo(void)
{
    for (int i = 0; i < 2; i++)
        if (tivxRemoveTargetKernel(vx_add_const_target_kernel[i]) == VX_SUCCESS)
            vx_add_const_target_kernel[i] = NULL;
    for (int i = 0; i < 3; i++)
        if (tivxRemoveTargetKernel(vx_sleep_target_kernel[i]) == VX_SUCCESS)
            vx_sleep_target_kernel[i] = NULL;
    if (tivxRemoveTargetKernel(vx_describe_target_kernel) == VX_SUCCESS)
        vx_describe_target_kernel = NULL;
    if (tivxRemoveTargetKernel(vx_data_target_kernel) == VX_SUCCESS)
        vx_data_target_kernel = NULL;
}
