/* Delay: slots made like exemplars, negative indices, aging rotates objects (handles stay valid),
 * queries, refusals, exact counts. */
#include "check.h"

int main(void)
{
    vx_context context = vxCreateContext();
    vx_uint32 start = context_references(context);
    vx_int32 v = 0;
    vx_scalar ex = vxCreateScalar(context, VX_TYPE_INT32, &v);
    vx_delay delay = vxCreateDelay(context, (vx_reference)ex, 3);
    CHECK_REF(delay);
    CHECK(context_references(context) == start + 2);
    vx_enum type = 0;
    vx_size slots = 0;
    CHECK_OK(vxQueryDelay(delay, VX_DELAY_TYPE, &type, sizeof type));
    CHECK_OK(vxQueryDelay(delay, VX_DELAY_SLOTS, &slots, sizeof slots));
    CHECK(type == VX_TYPE_SCALAR && slots == 3);

    vx_scalar s[3];
    for (int i = 0; i < 3; i++) {
        s[i] = (vx_scalar)vxGetReferenceFromDelay(delay, -i);
        CHECK_REF(s[i]);
        v = 10 * i;
        CHECK_OK(vxCopyScalar(s[i], &v, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    }
    CHECK(s[0] != s[1] && s[1] != s[2] && (vx_reference)s[0] != (vx_reference)ex);
    CHECK_OK(vxAgeDelay(delay));
    /* the object that was at 0 is now at -1; the oldest comes back at 0 */
    CHECK((vx_scalar)vxGetReferenceFromDelay(delay, -1) == s[0]);
    CHECK((vx_scalar)vxGetReferenceFromDelay(delay, -2) == s[1]);
    CHECK((vx_scalar)vxGetReferenceFromDelay(delay, 0) == s[2]);
    CHECK_OK(vxCopyScalar((vx_scalar)vxGetReferenceFromDelay(delay, -1), &v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(v == 0);
    CHECK_STATUS(vxGetStatus(vxGetReferenceFromDelay(delay, 1)), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxGetStatus(vxGetReferenceFromDelay(delay, -3)), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateDelay(context, (vx_reference)ex, 0)), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateDelay(context, (vx_reference)delay, 2)), VX_ERROR_INVALID_TYPE);
    CHECK_STATUS(vxAgeDelay((vx_delay)ex), VX_ERROR_INVALID_REFERENCE);

    /* a slot retained by the application outlives the delay's handle */
    vx_reference kept = vxGetReferenceFromDelay(delay, 0);
    CHECK_OK(vxRetainReference(kept));
    CHECK_OK(vxReleaseDelay(&delay));
    CHECK(context_references(context) == start + 2);
    CHECK_OK(vxCopyScalar((vx_scalar)kept, &v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(v == 20);
    CHECK_OK(vxReleaseReference(&kept));
    CHECK(context_references(context) == start + 1);

    /* delays of object arrays and of tensors */
    vx_object_array oa = vxCreateObjectArray(context, (vx_reference)ex, 2);
    vx_delay d2 = vxCreateDelay(context, (vx_reference)oa, 2);
    CHECK_REF(d2);
    vx_object_array slot = (vx_object_array)vxGetReferenceFromDelay(d2, -1);
    vx_size n = 0;
    CHECK_OK(vxQueryObjectArray(slot, VX_OBJECT_ARRAY_NUMITEMS, &n, sizeof n));
    CHECK(n == 2);
    vx_size dims[1] = {5};
    vx_tensor t = vxCreateTensor(context, 1, dims, VX_TYPE_FLOAT32, 0);
    vx_delay d3 = vxCreateDelay(context, (vx_reference)t, 4);
    CHECK_REF(d3);
    CHECK_OK(vxReleaseDelay(&d2));
    CHECK_OK(vxReleaseDelay(&d3));
    CHECK_OK(vxReleaseObjectArray(&oa));
    CHECK_OK(vxReleaseTensor(&t));
    CHECK_OK(vxReleaseScalar(&ex));
    CHECK(context_references(context) == start);
    CHECK_OK(vxReleaseContext(&context));
    return 0;
}
