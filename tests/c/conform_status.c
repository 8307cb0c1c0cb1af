/* Issue 16, statuses and small behaviours that programs written for other implementations expect:
 * vxGetStatus(NULL), user struct lookups, delays as kernel parameters, virtual scalars of struct
 * types, array capacity, threshold types, alias hints. */
#include "kernels.h"
#include <VX/vx_khr_buffer_aliasing.h>

static void statuses(vx_context ctx)
{
    CHECK_STATUS(vxGetStatus(NULL), VX_ERROR_NO_RESOURCES);
    vx_char name[VX_MAX_REFERENCE_NAME];
    vx_enum type = VX_TYPE_INVALID;
    CHECK_STATUS(vxGetUserStructNameByEnum(NULL, VX_TYPE_USER_STRUCT_START, name, sizeof name),
                 VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxGetUserStructEnumByName(ctx, NULL, &type), VX_FAILURE);

    /* adding past the capacity */
    vx_array a = vxCreateArray(ctx, VX_TYPE_UINT8, 2);
    vx_uint8 items[3] = {1, 2, 3};
    CHECK_REFUSED(vxAddArrayItems(a, 3, items, 1), VX_FAILURE);
    CHECK_OK(vxAddArrayItems(a, 2, items, 1));
    CHECK_REFUSED(vxAddArrayItems(a, 1, items, 1), VX_FAILURE);
    CHECK_OK(vxReleaseArray(&a));

    /* a binary threshold has a value, a range one a range: each refuses the other */
    vx_threshold binary = vxCreateThresholdForImage(ctx, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
    vx_threshold range = vxCreateThresholdForImage(ctx, VX_THRESHOLD_TYPE_RANGE, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
    vx_pixel_value_t lo = {{0}}, hi = {{0}};
    vx_int32 v = 5;
    CHECK_REFUSED(vxCopyThresholdRange(binary, &lo, &hi, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_NOT_COMPATIBLE);
    CHECK_REFUSED(vxCopyThresholdValue(range, &lo, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_NOT_COMPATIBLE);
    CHECK_REFUSED(vxSetThresholdAttribute(binary, VX_THRESHOLD_THRESHOLD_LOWER, &v, sizeof v), VX_ERROR_NOT_COMPATIBLE);
    CHECK_REFUSED(vxSetThresholdAttribute(binary, VX_THRESHOLD_THRESHOLD_UPPER, &v, sizeof v), VX_ERROR_NOT_COMPATIBLE);
    CHECK_REFUSED(vxSetThresholdAttribute(range, VX_THRESHOLD_THRESHOLD_VALUE, &v, sizeof v), VX_ERROR_NOT_COMPATIBLE);
    CHECK_OK(vxSetThresholdAttribute(binary, VX_THRESHOLD_THRESHOLD_VALUE, &v, sizeof v));
    CHECK_OK(vxSetThresholdAttribute(range, VX_THRESHOLD_THRESHOLD_UPPER, &v, sizeof v));
    CHECK_OK(vxCopyThresholdRange(range, &lo, &hi, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(hi.U8 == 5);
    CHECK_OK(vxReleaseThreshold(&binary));
    CHECK_OK(vxReleaseThreshold(&range));
}

/* Virtual scalars of every struct type a kernel may output, as of the numeric types. */
static void virtual_scalars(vx_context ctx)
{
    static const struct { vx_enum type; vx_size size; } kinds[] = {
        {VX_TYPE_INT32, sizeof(vx_int32)}, {VX_TYPE_RECTANGLE, sizeof(vx_rectangle_t)},
        {VX_TYPE_KEYPOINT, sizeof(vx_keypoint_t)}, {VX_TYPE_COORDINATES2D, sizeof(vx_coordinates2d_t)},
        {VX_TYPE_COORDINATES3D, sizeof(vx_coordinates3d_t)}, {VX_TYPE_COORDINATES2DF, sizeof(vx_coordinates2df_t)},
        {VX_TYPE_LINE_2D, sizeof(vx_line2d_t)}, {VX_TYPE_HOG_PARAMS, sizeof(vx_hog_t)},
    };
    vx_graph g = vxCreateGraph(ctx);
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        vx_scalar s = vxCreateVirtualScalar(g, kinds[k].type);
        CHECK_REF(s);
        vx_enum type = VX_TYPE_INVALID;
        CHECK_OK(vxQueryScalar(s, VX_SCALAR_TYPE, &type, sizeof type));
        CHECK(type == kinds[k].type);
        CHECK_OK(vxReleaseScalar(&s));
    }
    CHECK_CREATE_REFUSED(vxCreateVirtualScalar(g, VX_TYPE_IMAGE), VX_ERROR_INVALID_TYPE);
    CHECK_OK(vxReleaseGraph(&g));
}

/* A delay is an input parameter only; alias hints before the parameters exist, unknown types. */
static void kernel_parameters(vx_context ctx)
{
    vx_enum id;
    CHECK_OK(vxAllocateUserKernelId(ctx, &id));
    vx_kernel k = vxAddUserKernel(ctx, "test.conform.params", id, run_nothing, 4, like_input, NULL, NULL);
    CHECK_REF(k);
    CHECK_REFUSED(vxAddParameterToKernel(k, 2, VX_OUTPUT, VX_TYPE_DELAY, VX_PARAMETER_STATE_REQUIRED),
                  VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxAddParameterToKernel(k, 2, VX_BIDIRECTIONAL, VX_TYPE_DELAY, VX_PARAMETER_STATE_REQUIRED),
                  VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxAddParameterToKernel(k, 2, VX_INPUT, VX_TYPE_DELAY, VX_PARAMETER_STATE_OPTIONAL));
    CHECK_REFUSED(vxAliasParameterIndexHint(k, 0, 1, 0x12345), VX_FAILURE);
    CHECK_OK(vxAliasParameterIndexHint(k, 0, 1, VX_BUFFER_ALIASING_PROCESSING_TYPE_DENSE));   /* none added yet */
    CHECK_OK(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(k, 1, VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(k, 3, VX_INPUT, VX_TYPE_SCALAR, VX_PARAMETER_STATE_OPTIONAL));
    int entries = log_entries;
    CHECK_OK(vxFinalizeKernel(k));
    CHECK(log_entries == entries);                     /* the hint named an input and an output */

    /* applied: two virtual images of a graph share one buffer */
    vx_graph g = vxCreateGraph(ctx);
    vx_image in = u8_image(ctx, 8, 8, 1), out = vxCreateImage(ctx, 8, 8, VX_DF_IMAGE_U8);
    vx_image v1 = vxCreateVirtualImage(g, 8, 8, VX_DF_IMAGE_U8), v2 = vxCreateVirtualImage(g, 8, 8, VX_DF_IMAGE_U8);
    vx_node n0 = vxNotNode(g, in, v1), n1 = node_of_two(g, k, v1, v2), n2 = vxNotNode(g, v2, out);
    CHECK_OK(vxVerifyGraph(g));
    CHECK(vxIsParameterAliased(n1, 0, 1) == vx_true_e);
    vx_node nodes[] = {n0, n1, n2};
    for (int i = 0; i < 3; i++)
        CHECK_OK(vxReleaseNode(&nodes[i]));
    vx_image images[] = {in, out, v1, v2};
    for (int i = 0; i < 4; i++)
        CHECK_OK(vxReleaseImage(&images[i]));
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_OK(vxRemoveKernel(k));
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs = context_references(ctx);
    statuses(ctx);
    virtual_scalars(ctx);
    kernel_parameters(ctx);
    CHECK(context_references(ctx) == refs);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
