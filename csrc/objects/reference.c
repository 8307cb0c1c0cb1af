/* Reference queries answered from the handle header alone. */
#include "../base/base.h"

/* NULL is VX_ERROR_NO_RESOURCES (what programs test after a creator that returned nothing). */
vx_status pvx_c_vxGetStatus(vx_reference reference)
{
    if (reference == NULL)
        return VX_ERROR_NO_RESOURCES;
    pvx_ref *ref = pvx_ref_live(reference, PVX_ANY_TYPE);
    if (ref == NULL)
        return VX_ERROR_INVALID_REFERENCE;
    return ref->status;               /* an error object's; a data object's from a failed frame (runtime/pipeline.c) */
}

/* Valid requests only; anything to refuse goes to Python, which logs why. */
int pvx_fast_vxQueryReference(vx_reference reference, vx_enum attribute, void *ptr, vx_size size, vx_status *out)
{
    pvx_ref *ref = pvx_ref_live(reference, PVX_ANY_TYPE);
    if (ref == NULL || ptr == NULL)
        return 0;
    if (attribute == VX_REFERENCE_COUNT && size == sizeof(vx_uint32))
        *(vx_uint32 *)ptr = ref->external_count;
    else if (attribute == VX_REFERENCE_TYPE && size == sizeof(vx_enum))
        *(vx_enum *)ptr = ref->type;
    else if (attribute == VX_REFERENCE_NAME && size == sizeof(vx_char *))
        *(vx_char **)ptr = ref->name;
    else
        return 0;
    *out = VX_SUCCESS;
    return 1;
}

/* Every wrapper the Python face makes asks its object's context; a live handle's header knows it.
 * Anything else (NULL, released, foreign) goes to Python, which logs why. */
int pvx_fast_vxGetContext(vx_reference reference, vx_context *out)
{
    pvx_ref *ref = pvx_ref_live(reference, PVX_ANY_TYPE);
    if (ref == NULL || ref->context == NULL)
        return 0;
    *out = (vx_context)ref->context;
    return 1;
}
