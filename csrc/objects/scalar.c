/* Scalar fast paths: user kernels copy and query scalars on every run. Valid requests only;
 * anything to refuse falls through to Python, which logs why. */
#include "scalar.h"

#include <string.h>

static int copy_scalar(vx_scalar scalar, vx_size size, void *user_ptr, vx_enum usage, vx_enum mem_type,
                       vx_status *out)
{
    pvx_scalar *s = (pvx_scalar *)pvx_memory_of(scalar, VX_TYPE_SCALAR);
    if (s == NULL || s->mem.base == NULL || user_ptr == NULL || mem_type != VX_MEMORY_TYPE_HOST ||
        size != s->mem.bytes)
        return 0;
    if (usage == VX_READ_ONLY)
        memcpy(user_ptr, s->mem.base, size);
    else if (usage == VX_WRITE_ONLY)
        memcpy(s->mem.base, user_ptr, size);
    else
        return 0;
    *out = VX_SUCCESS;
    return 1;
}

int pvx_fast_vxCopyScalar(vx_scalar scalar, void *user_ptr, vx_enum usage, vx_enum user_mem_type, vx_status *out)
{
    pvx_scalar *s = (pvx_scalar *)pvx_memory_of(scalar, VX_TYPE_SCALAR);
    return s != NULL && copy_scalar(scalar, s->mem.bytes, user_ptr, usage, user_mem_type, out);
}

int pvx_fast_vxCopyScalarWithSize(vx_scalar scalar, vx_size size, void *user_ptr, vx_enum usage,
                                  vx_enum user_mem_type, vx_status *out)
{
    return copy_scalar(scalar, size, user_ptr, usage, user_mem_type, out);
}

int pvx_fast_vxQueryScalar(vx_scalar scalar, vx_enum attribute, void *ptr, vx_size size, vx_status *out)
{
    pvx_ref *ref = pvx_ref_live(scalar, VX_TYPE_SCALAR);
    if (ref == NULL || ref->desc == NULL || ptr == NULL || attribute != VX_SCALAR_TYPE || size != sizeof(vx_enum))
        return 0;
    *(vx_enum *)ptr = ((pvx_scalar *)ref->desc)->data_type;
    *out = VX_SUCCESS;
    return 1;
}
