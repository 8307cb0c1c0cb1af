/* Tensor fast paths: query and map/unmap of resident patches. Valid requests only. */
#include "tensor.h"

int pvx_fast_vxQueryTensor(vx_tensor tensor, vx_enum attribute, void *ptr, vx_size size, vx_status *out)
{
    pvx_ref *ref = pvx_ref_live(tensor, VX_TYPE_TENSOR);
    if (ref == NULL || ref->desc == NULL || ptr == NULL)
        return 0;
    pvx_tensor *t = ref->desc;
    if (attribute == VX_TENSOR_NUMBER_OF_DIMS && size == sizeof(vx_size))
        *(vx_size *)ptr = t->num_dims;
    else if (attribute == VX_TENSOR_DIMS && size >= t->num_dims * sizeof(vx_size) && size % sizeof(vx_size) == 0)
        for (vx_size i = 0; i < t->num_dims; i++)
            ((vx_size *)ptr)[i] = t->dims[i];
    else if (attribute == VX_TENSOR_DATA_TYPE && size == sizeof(vx_enum))
        *(vx_enum *)ptr = t->data_type;
    else if (attribute == VX_TENSOR_FIXED_POINT_POSITION && size == sizeof(vx_int8))
        *(vx_int8 *)ptr = t->fixed_point_position;
    else
        return 0;
    *out = VX_SUCCESS;
    return 1;
}

int pvx_fast_vxMapTensorPatch(vx_tensor tensor, vx_size number_of_dims, const vx_size *view_start,
                              const vx_size *view_end, vx_map_id *map_id, vx_size *stride, void **ptr,
                              vx_enum usage, vx_enum mem_type, vx_status *out)
{
    pvx_tensor *t = (pvx_tensor *)pvx_memory_of(tensor, VX_TYPE_TENSOR);
    unsigned char *p = t ? pvx_memory_storage(&t->mem) : NULL;
    if (p == NULL || number_of_dims != t->num_dims || view_start == NULL || view_end == NULL || map_id == NULL ||
        stride == NULL || ptr == NULL || !pvx_map_memory_type_ok(mem_type) ||
        (usage != VX_READ_ONLY && usage != VX_WRITE_ONLY && usage != VX_READ_AND_WRITE))
        return 0;
    pvx_region r = {.plane = 0, .dims = (uint32_t)number_of_dims};
    for (vx_size i = 0; i < number_of_dims; i++) {
        if (view_start[i] >= view_end[i] || view_end[i] > t->dims[i])
            return 0;
        p += view_start[i] * t->strides[i];
        r.lo[i] = t->origin[i] + view_start[i];
        r.hi[i] = t->origin[i] + view_end[i];
    }
    vx_map_id id;
    if (pvx_map_open(&t->mem, &r, usage, &id) != VX_SUCCESS)
        return 0;
    for (vx_size i = 0; i < number_of_dims; i++)
        stride[i] = t->strides[i];
    *map_id = id;
    *ptr = p;
    *out = VX_SUCCESS;
    return 1;
}

int pvx_fast_vxUnmapTensorPatch(vx_tensor tensor, const vx_map_id map_id, vx_status *out)
{
    return pvx_unmap_fast(tensor, VX_TYPE_TENSOR, map_id, out);
}
