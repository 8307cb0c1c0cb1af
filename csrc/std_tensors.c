/* The standard tensor kernels: element-wise loops over the output's index space (inputs of size 1
 * in a dimension broadcast along it), elements read and written as int32. */
#include "pvx.h"

#include <stdlib.h>

static int32_t load_element(const pvx_tensor *t, const uint8_t *p)
{
    switch (t->data_type) {
    case VX_TYPE_UINT8: return *p;
    case VX_TYPE_INT8: return *(const int8_t *)p;
    default: return *(const int16_t *)p;
    }
}

/* Saturate: clamp to the type's range; otherwise wrap (keep the low bits). */
static void store_element(const pvx_tensor *t, uint8_t *p, int64_t v, int saturate)
{
    switch (t->data_type) {
    case VX_TYPE_UINT8: *p = (uint8_t)(saturate ? (v < 0 ? 0 : v > UINT8_MAX ? UINT8_MAX : v) : v); break;
    case VX_TYPE_INT8:
        *(int8_t *)p = (int8_t)(uint8_t)(saturate ? (v < INT8_MIN ? INT8_MIN : v > INT8_MAX ? INT8_MAX : v) : v);
        break;
    default:
        *(int16_t *)p = (int16_t)(uint16_t)(saturate ? (v < INT16_MIN ? INT16_MIN : v > INT16_MAX ? INT16_MAX : v) : v);
    }
}

static const pvx_tensor *tensor_of(vx_reference ref)
{
    return ((pvx_ref *)ref)->desc;
}

/* Byte offset in `t` of output index `at`, a dimension of size 1 broadcast. */
static size_t offset_in(const pvx_tensor *t, const vx_size *at)
{
    size_t off = 0;
    for (vx_size d = 0; d < t->num_dims; d++)
        off += (t->dims[d] == 1 ? 0 : at[d]) * t->strides[d];
    return off;
}

/* Advances the index `at` over `dims` (innermost first); 0 once it wrapped around. */
static int next_index(vx_size *at, const vx_size *dims, vx_size n)
{
    for (vx_size d = 0; d < n; d++) {
        if (++at[d] < dims[d])
            return 1;
        at[d] = 0;
    }
    return 0;
}

/* out = a + sign * b per element, wrapped or saturated. */
static vx_status add_or_subtract(const vx_reference *p, int sign)
{
    const pvx_tensor *a = tensor_of(p[0]), *b = tensor_of(p[1]), *o = tensor_of(p[3]);
    uint8_t *pa = pvx_memory_storage((pvx_memory *)&a->mem), *pb = pvx_memory_storage((pvx_memory *)&b->mem);
    uint8_t *po = pvx_memory_storage((pvx_memory *)&o->mem);
    if (pa == NULL || pb == NULL || po == NULL)
        return VX_ERROR_NO_MEMORY;
    int saturate = scalar_enum(p[2]) == VX_CONVERT_POLICY_SATURATE;
    vx_size at[PVX_TENSOR_MAX_DIMS] = {0};
    do {
        int64_t v = (int64_t)load_element(a, pa + offset_in(a, at)) + sign * (int64_t)load_element(b, pb + offset_in(b, at));
        store_element(o, po + offset_in(o, at), v, saturate);
    } while (next_index(at, o->dims, o->num_dims));
    return VX_SUCCESS;
}

vx_status pvx_std_tensor_add(vx_node node, const vx_reference *p, vx_uint32 n)
{
    return add_or_subtract(p, 1);
}

vx_status pvx_std_tensor_subtract(vx_node node, const vx_reference *p, vx_uint32 n)
{
    return add_or_subtract(p, -1);
}
