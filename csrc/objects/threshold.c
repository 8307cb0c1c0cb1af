/* Threshold fast paths: a program reading a real threshold's attributes and values. Reads only;
 * writes, virtual thresholds and anything to refuse go to Python, which logs why. */
#include "threshold.h"

#include <stddef.h>

static pvx_threshold *real_threshold(vx_threshold thresh)
{
    pvx_ref *ref = pvx_ref_live(thresh, VX_TYPE_THRESHOLD);
    if (ref == NULL || (__atomic_load_n(&ref->flags, __ATOMIC_RELAXED) & PVX_REF_VIRTUAL))
        return NULL;
    return ref->desc;
}

int pvx_fast_vxQueryThreshold(vx_threshold thresh, vx_enum attribute, void *ptr, vx_size size, vx_status *out)
{
    pvx_threshold *t = real_threshold(thresh);
    if (t == NULL || ptr == NULL || size != sizeof(vx_enum))
        return 0;
    switch (attribute) {
    case VX_THRESHOLD_TYPE: *(vx_enum *)ptr = t->type; break;
    case VX_THRESHOLD_INPUT_FORMAT: *(vx_df_image *)ptr = t->input_format; break;
    case VX_THRESHOLD_OUTPUT_FORMAT: *(vx_df_image *)ptr = t->output_format; break;
    default: return 0;
    }
    *out = VX_SUCCESS;
    return 1;
}

/* Reads two values (the second NULL-offset for one) of a threshold of type `type` (0: any). */
static int read_values(vx_threshold thresh, vx_enum type, size_t first, size_t second, vx_pixel_value_t *a,
                       vx_pixel_value_t *b, vx_enum usage, vx_enum mem_type, vx_status *out)
{
    pvx_threshold *t = real_threshold(thresh);
    if (t == NULL || usage != VX_READ_ONLY || mem_type != VX_MEMORY_TYPE_HOST || a == NULL ||
        (second && b == NULL) || (type && t->type != type))
        return 0;
    *a = *(const vx_pixel_value_t *)((const char *)t + first);
    if (second)
        *b = *(const vx_pixel_value_t *)((const char *)t + second);
    *out = VX_SUCCESS;
    return 1;
}

int pvx_fast_vxCopyThresholdValue(vx_threshold thresh, vx_pixel_value_t *value_ptr, vx_enum usage,
                                  vx_enum user_mem_type, vx_status *out)
{
    return read_values(thresh, VX_THRESHOLD_TYPE_BINARY, offsetof(pvx_threshold, value), 0, value_ptr, NULL, usage,
                       user_mem_type, out);
}

int pvx_fast_vxCopyThresholdRange(vx_threshold thresh, vx_pixel_value_t *lower_value_ptr,
                                  vx_pixel_value_t *upper_value_ptr, vx_enum usage, vx_enum user_mem_type,
                                  vx_status *out)
{
    return read_values(thresh, VX_THRESHOLD_TYPE_RANGE, offsetof(pvx_threshold, lower),
                       offsetof(pvx_threshold, upper), lower_value_ptr, upper_value_ptr, usage, user_mem_type, out);
}

int pvx_fast_vxCopyThresholdOutput(vx_threshold thresh, vx_pixel_value_t *true_value_ptr,
                                   vx_pixel_value_t *false_value_ptr, vx_enum usage, vx_enum user_mem_type,
                                   vx_status *out)
{
    return read_values(thresh, 0, offsetof(pvx_threshold, true_value), offsetof(pvx_threshold, false_value),
                       true_value_ptr, false_value_ptr, usage, user_mem_type, out);
}
