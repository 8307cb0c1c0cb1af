/* Object array: items made like exemplars of every type, queries, items outliving the array,
 * refusals, exact counts. */
#include "check.h"

int main(void)
{
    vx_context context = vxCreateContext();
    vx_uint32 start = context_references(context);
    vx_int32 zero = 0;
    vx_size dims[2] = {3, 2};
    vx_reference exemplars[] = {
        (vx_reference)vxCreateScalar(context, VX_TYPE_INT32, &zero),
        (vx_reference)vxCreateArray(context, VX_TYPE_KEYPOINT, 10),
        (vx_reference)vxCreateMatrix(context, VX_TYPE_FLOAT32, 3, 3),
        (vx_reference)vxCreateConvolution(context, 3, 3),
        (vx_reference)vxCreateLUT(context, VX_TYPE_UINT8, 256),
        (vx_reference)vxCreateDistribution(context, 8, 0, 256),
        (vx_reference)vxCreateRemap(context, 4, 4, 2, 2),
        (vx_reference)vxCreateThresholdForImage(context, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8),
        (vx_reference)vxCreateTensor(context, 2, dims, VX_TYPE_UINT8, 0),
    };
    const vx_size n_ex = sizeof exemplars / sizeof exemplars[0];
    for (vx_size i = 0; i < n_ex; i++) {
        CHECK_REF(exemplars[i]);
        vx_enum type = 0, item_type = 0;
        vx_size n = 0;
        CHECK_OK(vxQueryReference(exemplars[i], VX_REFERENCE_TYPE, &type, sizeof type));
        vx_object_array arr = vxCreateObjectArray(context, exemplars[i], 3);
        CHECK_REF(arr);
        CHECK(context_references(context) == start + n_ex + 1);     /* items are not the app's */
        CHECK_OK(vxQueryObjectArray(arr, VX_OBJECT_ARRAY_ITEMTYPE, &item_type, sizeof item_type));
        CHECK_OK(vxQueryObjectArray(arr, VX_OBJECT_ARRAY_NUMITEMS, &n, sizeof n));
        CHECK(item_type == type && n == 3);
        vx_reference item = vxGetObjectArrayItem(arr, 2);
        CHECK_REF(item);
        CHECK(item != exemplars[i]);
        vx_enum t2 = 0;
        CHECK_OK(vxQueryReference(item, VX_REFERENCE_TYPE, &t2, sizeof t2));
        CHECK(t2 == type && ref_count(item) == 1);
        CHECK(context_references(context) == start + n_ex + 2);
        CHECK_OK(vxReleaseReference(&item));
        CHECK_OK(vxReleaseObjectArray(&arr));
        CHECK(context_references(context) == start + n_ex);
    }

    /* an item held by the application outlives the array's handle and keeps working */
    vx_object_array arr = vxCreateObjectArray(context, exemplars[1], 2);
    vx_array item = (vx_array)vxGetObjectArrayItem(arr, 0);
    vx_keypoint_t kp = {1, 2, 3.0f, 4.0f, 5.0f, 1, 0.5f};
    CHECK_OK(vxAddArrayItems(item, 1, &kp, sizeof kp));
    vx_size cap = 0;
    CHECK_OK(vxQueryArray(item, VX_ARRAY_CAPACITY, &cap, sizeof cap));
    CHECK(cap == 10);
    CHECK_OK(vxReleaseObjectArray(&arr));
    CHECK(context_references(context) == start + n_ex + 1);
    vx_size n_items = 0;
    CHECK_OK(vxQueryArray(item, VX_ARRAY_NUMITEMS, &n_items, sizeof n_items));
    CHECK(n_items == 1);
    CHECK_OK(vxReleaseArray(&item));
    CHECK(context_references(context) == start + n_ex);

    /* refusals */
    arr = vxCreateObjectArray(context, exemplars[0], 2);
    CHECK_STATUS(vxGetStatus(vxGetObjectArrayItem(arr, 2)), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateObjectArray(context, (vx_reference)arr, 2)), VX_ERROR_INVALID_TYPE);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateObjectArray(context, exemplars[0], 0)), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateObjectArray(context, (vx_reference)context, 2)), VX_ERROR_INVALID_TYPE);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateObjectArray(context, NULL, 2)), VX_ERROR_INVALID_REFERENCE);
    CHECK_OK(vxReleaseObjectArray(&arr));

    for (vx_size i = 0; i < n_ex; i++)
        CHECK_OK(vxReleaseReference(&exemplars[i]));
    CHECK(context_references(context) == start);
    CHECK_OK(vxReleaseContext(&context));
    return 0;
}
