/* Array fast paths: query, map/unmap, copies, appends; vxCreateArray and vxReleaseArray of the
 * common case. Valid requests only; anything to refuse (or memory that cannot be allocated)
 * falls through to Python. */
#include "array.h"
#include "lazy.h"

#include <string.h>

static pvx_array *ready(vx_array arr)
{
    pvx_array *a = (pvx_array *)pvx_memory_of(arr, VX_TYPE_ARRAY);
    return a != NULL && pvx_memory_storage(&a->mem) != NULL ? a : NULL;
}

static vx_size num_items(const pvx_array *a)
{
    return __atomic_load_n(&a->num_items, __ATOMIC_ACQUIRE);
}

int pvx_array_add(pvx_array *a, vx_size count, const void *ptr, vx_size stride)
{
    vx_size n = num_items(a);
    do {
        if (count > a->capacity - n)
            return 0;
    } while (!__atomic_compare_exchange_n(&a->num_items, &n, n + count, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE));
    pvx_copy_strided(pvx_memory_base(&a->mem) + n * a->item_size, &a->item_size, ptr, &stride, &count, 1,
                     a->item_size);
    return 1;
}

int pvx_fast_vxQueryArray(vx_array arr, vx_enum attribute, void *ptr, vx_size size, vx_status *out)
{
    pvx_ref *ref = pvx_ref_live(arr, VX_TYPE_ARRAY);
    if (ref == NULL || ref->desc == NULL || ptr == NULL)
        return 0;
    pvx_array *a = ref->desc;
    if (attribute == VX_ARRAY_ITEMTYPE && size == sizeof(vx_enum))
        *(vx_enum *)ptr = a->item_type;
    else if (size != sizeof(vx_size))
        return 0;
    else if (attribute == VX_ARRAY_NUMITEMS)
        *(vx_size *)ptr = num_items(a);
    else if (attribute == VX_ARRAY_CAPACITY)
        *(vx_size *)ptr = a->capacity;
    else if (attribute == VX_ARRAY_ITEMSIZE)
        *(vx_size *)ptr = a->item_size;
    else
        return 0;
    *out = VX_SUCCESS;
    return 1;
}

static int range_ok(const pvx_array *a, vx_size start, vx_size end)
{
    return start < end && end <= num_items(a);
}

int pvx_fast_vxMapArrayRange(vx_array array, vx_size range_start, vx_size range_end, vx_map_id *map_id,
                             vx_size *stride, void **ptr, vx_enum usage, vx_enum mem_type, vx_uint32 flags,
                             vx_status *out)
{
    pvx_array *a = ready(array);
    (void)flags;
    if (a == NULL || !range_ok(a, range_start, range_end) || stride == NULL || !pvx_map_memory_type_ok(mem_type) ||
        !pvx_map_bytes_fast(&a->mem, range_start * a->item_size, (range_end - range_start) * a->item_size, usage,
                            map_id, ptr))
        return 0;
    *stride = a->item_size;
    *out = VX_SUCCESS;
    return 1;
}

int pvx_fast_vxUnmapArrayRange(vx_array array, vx_map_id map_id, vx_status *out)
{
    return pvx_unmap_fast(array, VX_TYPE_ARRAY, map_id, out);
}

int pvx_fast_vxCopyArrayRange(vx_array array, vx_size range_start, vx_size range_end, vx_size user_stride,
                              void *user_ptr, vx_enum usage, vx_enum user_mem_type, vx_status *out)
{
    pvx_array *a = ready(array);
    if (a == NULL || !range_ok(a, range_start, range_end) || user_ptr == NULL || user_stride < a->item_size ||
        user_mem_type != VX_MEMORY_TYPE_HOST)
        return 0;
    vx_size n = range_end - range_start;
    unsigned char *mine = pvx_memory_base(&a->mem) + range_start * a->item_size;
    pvx_region r;
    pvx_region_bytes(&r, range_start * a->item_size, n * a->item_size);
    if (usage == VX_READ_ONLY)
        pvx_copy_strided(user_ptr, &user_stride, mine, &a->item_size, &n, 1, a->item_size);
    else if (usage == VX_WRITE_ONLY && pvx_copy_allowed(&a->mem, &r, usage))
        pvx_copy_strided(mine, &a->item_size, user_ptr, &user_stride, &n, 1, a->item_size);
    else
        return 0;
    *out = VX_SUCCESS;
    return 1;
}

int pvx_fast_vxAddArrayItems(vx_array arr, vx_size count, const void *ptr, vx_size stride, vx_status *out)
{
    pvx_array *a = ready(arr);
    if (a == NULL || ptr == NULL || stride < a->item_size || !pvx_array_add(a, count, ptr, stride))
        return 0;
    *out = VX_SUCCESS;
    return 1;
}

int pvx_fast_vxTruncateArray(vx_array arr, vx_size new_num_items, vx_status *out)
{
    pvx_array *a = (pvx_array *)pvx_memory_of(arr, VX_TYPE_ARRAY);
    vx_size n = a ? num_items(a) : 0;
    do {
        if (a == NULL || new_num_items > n)
            return 0;
    } while (!__atomic_compare_exchange_n(&a->num_items, &n, new_num_items, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE));
    *out = VX_SUCCESS;
    return 1;
}

/* vxCreateArray of an item type Python declared servable (objects/array.py), made lazy (lazy.h),
 * memory still lazy as Array.__init__ leaves it; anything else goes to Python. */
int pvx_fast_vxCreateArray(vx_context context, vx_enum item_type, vx_size capacity, vx_array *out)
{
    pvx_ref *ctx = pvx_ref_live(context, VX_TYPE_CONTEXT);
    vx_size max_bytes, bytes, size = ctx ? pvx_lazy_served(VX_TYPE_ARRAY, item_type, &max_bytes) : 0;
    if (size == 0 || capacity == 0 || capacity >= (vx_size)1 << 62 || __builtin_mul_overflow(capacity, size, &bytes) ||
        bytes > max_bytes)
        return 0;
    pvx_array *a = pvx_lazy_new(sizeof *a);
    if (a == NULL)
        return 0;
    pvx_memory_init(&a->mem, bytes);
    a->item_type = item_type, a->item_size = size, a->capacity = capacity;
    return pvx_lazy_publish(a, VX_TYPE_ARRAY, ctx, (vx_reference *)out);
}

int pvx_fast_vxReleaseArray(vx_array *arr, vx_status *out)
{
    return pvx_lazy_release((vx_reference *)arr, VX_TYPE_ARRAY, out);
}
