/* Scalar fast paths: user kernels copy and query scalars on every run; vxCreateScalar and
 * vxReleaseScalar of the common case. Valid requests only; anything to refuse falls through to
 * Python, which logs why. */
#include "scalar.h"
#include "lazy.h"

#include <string.h>

static int copy_scalar(vx_scalar scalar, vx_size size, void *user_ptr, vx_enum usage, vx_enum mem_type,
                       vx_status *out)
{
    pvx_scalar *s = (pvx_scalar *)pvx_memory_of(scalar, VX_TYPE_SCALAR);
    if (s == NULL || user_ptr == NULL || mem_type != VX_MEMORY_TYPE_HOST || size != s->mem.bytes ||
        pvx_memory_storage(&s->mem) == NULL)
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

/* vxCreateScalar of a type Python declared servable (objects/scalar.py), made lazy (lazy.h): the
 * value copied when given, as Scalar.__init__ does; anything else goes to Python. */
int pvx_fast_vxCreateScalar(vx_context context, vx_enum data_type, const void *ptr, vx_scalar *out)
{
    pvx_ref *ctx = pvx_ref_live(context, VX_TYPE_CONTEXT);
    vx_size max_bytes, size = ctx ? pvx_lazy_served(VX_TYPE_SCALAR, data_type, &max_bytes) : 0;
    pvx_scalar *s = size ? pvx_lazy_new(sizeof *s) : NULL;
    if (s == NULL)
        return 0;
    pvx_memory_init(&s->mem, size);
    s->data_type = data_type;
    if (ptr != NULL) {
        if (pvx_memory_alloc(&s->mem) != 0) {
            pvx_lazy_free_made(s);
            return 0;
        }
        memcpy(s->mem.base, ptr, size);
    }
    return pvx_lazy_publish(s, VX_TYPE_SCALAR, ctx, (vx_reference *)out);
}

int pvx_fast_vxReleaseScalar(vx_scalar *scalar, vx_status *out)
{
    return pvx_lazy_release((vx_reference *)scalar, VX_TYPE_SCALAR, out);
}
