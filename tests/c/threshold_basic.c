/* Threshold: for images (binary and range), values both ways, compatibility attributes, refusals. */
#include "check.h"

int main(void)
{
    vx_context context = vxCreateContext();
    vx_uint32 start = context_references(context);
    vx_threshold b = vxCreateThresholdForImage(context, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
    vx_threshold r = vxCreateThresholdForImage(context, VX_THRESHOLD_TYPE_RANGE, VX_DF_IMAGE_S16, VX_DF_IMAGE_U1);
    CHECK_REF(b);
    CHECK_REF(r);
    vx_enum type = 0;
    vx_df_image in = 0, out = 0;
    CHECK_OK(vxQueryThreshold(r, VX_THRESHOLD_TYPE, &type, sizeof type));
    CHECK_OK(vxQueryThreshold(r, VX_THRESHOLD_INPUT_FORMAT, &in, sizeof in));
    CHECK_OK(vxQueryThreshold(r, VX_THRESHOLD_OUTPUT_FORMAT, &out, sizeof out));
    CHECK(type == VX_THRESHOLD_TYPE_RANGE && in == VX_DF_IMAGE_S16 && out == VX_DF_IMAGE_U1);

    vx_pixel_value_t value = {{0}}, t = {{0}}, f = {{0}};
    CHECK_OK(vxCopyThresholdOutput(b, &t, &f, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(t.U8 == 255 && f.U8 == 0);
    value.U8 = 100;
    CHECK_OK(vxCopyThresholdValue(b, &value, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    value.U8 = 0;
    CHECK_OK(vxCopyThresholdValue(b, &value, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(value.U8 == 100);
    vx_pixel_value_t lo = {{0}}, hi = {{0}};
    lo.S16 = -50, hi.S16 = 50;
    CHECK_OK(vxCopyThresholdRange(r, &lo, &hi, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    lo.S16 = hi.S16 = 0;
    CHECK_OK(vxCopyThresholdRange(r, &lo, &hi, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(lo.S16 == -50 && hi.S16 == 50);
    vx_int32 v = 0;
    CHECK_OK(vxQueryThreshold(r, VX_THRESHOLD_THRESHOLD_LOWER, &v, sizeof v));
    CHECK(v == -50);
    v = 7;
    CHECK_OK(vxSetThresholdAttribute(b, VX_THRESHOLD_THRESHOLD_VALUE, &v, sizeof v));
    CHECK_OK(vxCopyThresholdValue(b, &value, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(value.U8 == 7);

    /* refusals: wrong type for the copy, bad usages, read-only attributes, bad creation */
    CHECK_STATUS(vxCopyThresholdValue(r, &value, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_NOT_COMPATIBLE);
    CHECK_STATUS(vxCopyThresholdRange(b, &lo, &hi, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_NOT_COMPATIBLE);
    CHECK_STATUS(vxCopyThresholdOutput(b, &t, NULL, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxCopyThresholdValue(b, &value, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxCopyThresholdValue(b, &value, VX_READ_ONLY, VX_MEMORY_TYPE_NONE), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxSetThresholdAttribute(b, VX_THRESHOLD_TYPE, &type, sizeof type), VX_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateThresholdForImage(context, 0x1234, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8)), VX_ERROR_INVALID_TYPE);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateThresholdForImage(context, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_RGB, VX_DF_IMAGE_U8)), VX_ERROR_INVALID_FORMAT);

    /* 1.0 creation by data type */
    vx_threshold old = vxCreateThreshold(context, VX_THRESHOLD_TYPE_BINARY, VX_TYPE_UINT8);
    CHECK_REF(old);
    CHECK_OK(vxQueryThreshold(old, VX_THRESHOLD_DATA_TYPE, &type, sizeof type));
    CHECK(type == VX_TYPE_UINT8);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateThreshold(context, VX_THRESHOLD_TYPE_BINARY, VX_TYPE_FLOAT32)), VX_ERROR_INVALID_TYPE);

    CHECK(context_references(context) == start + 3);
    CHECK_OK(vxReleaseThreshold(&b));
    CHECK_OK(vxReleaseThreshold(&r));
    CHECK_OK(vxReleaseThreshold(&old));
    CHECK(context_references(context) == start);
    CHECK_OK(vxReleaseContext(&context));
    return 0;
}
