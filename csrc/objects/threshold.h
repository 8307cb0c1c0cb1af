/* Threshold: what kernels read, filled by Python. No bulk memory, so no maps. */
#ifndef PVX_THRESHOLD_H
#define PVX_THRESHOLD_H

#include "../base/base.h"

typedef struct pvx_threshold {
    vx_enum type;                 /* VX_THRESHOLD_TYPE_BINARY or _RANGE */
    vx_df_image input_format;
    vx_df_image output_format;
    vx_pixel_value_t value;
    vx_pixel_value_t lower;
    vx_pixel_value_t upper;
    vx_pixel_value_t true_value;
    vx_pixel_value_t false_value;
} pvx_threshold;

#endif
