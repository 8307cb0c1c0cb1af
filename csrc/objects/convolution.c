/* Convolution fast path: its scale, which the descriptor holds (Copy, Select, Swap and Move change it
 * as data), read by a program polling it; the rest and anything to refuse go to Python. */
#include "convolution.h"

int pvx_fast_vxQueryConvolution(vx_convolution conv, vx_enum attribute, void *ptr, vx_size size, vx_status *out)
{
    pvx_ref *ref = pvx_ref_live(conv, VX_TYPE_CONVOLUTION);
    pvx_convolution *c = ref ? ref->desc : NULL;
    if (c == NULL || ptr == NULL || attribute != VX_CONVOLUTION_SCALE || size != sizeof(vx_uint32))
        return 0;
    *(vx_uint32 *)ptr = __atomic_load_n(&c->scale, __ATOMIC_RELAXED);
    *out = VX_SUCCESS;
    return 1;
}
