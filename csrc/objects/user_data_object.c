/* User data objects: the fast paths that answer valid requests without entering Python (storage
 * and maps are the shared pvx_memory of memory.c). A fast path only answers what is valid; anything
 * to refuse falls through to Python (src/pyopenvx/objects/user_data_object.py), which logs why. */
#include "user_data_object.h"

#include <VX/vx_khr_user_data_object.h>
#include <stdlib.h>
#include <string.h>

/* reference.c: the attributes every reference answers. */
int pvx_fast_vxQueryReference(vx_reference reference, vx_enum attribute, void *ptr, vx_size size, vx_status *out);

static pvx_udo *descriptor(vx_user_data_object handle)
{
    pvx_ref *ref = pvx_ref_live(handle, VX_TYPE_USER_DATA_OBJECT);
    return ref ? __atomic_load_n((pvx_udo **)&ref->desc, __ATOMIC_ACQUIRE) : NULL;
}

/* The descriptor when the application may touch the data now (not a virtual object outside the
 * graph that runs it). */
static pvx_udo *accessible(vx_user_data_object handle)
{
    return (pvx_udo *)pvx_memory_of(handle, VX_TYPE_USER_DATA_OBJECT);
}

/* A non-empty range inside the object; size 0 means up to the end. */
static int in_range(const pvx_udo *udo, vx_size offset, vx_size *size)
{
    vx_size all = udo->mem.bytes;
    if (offset >= all)
        return 0;
    if (*size == 0)
        *size = all - offset;
    return *size <= all - offset;
}

int pvx_fast_vxQueryUserDataObject(vx_user_data_object user_data_object, vx_enum attribute, void *ptr, vx_size size,
                                   vx_status *out)
{
    pvx_udo *udo = descriptor(user_data_object);
    if (udo == NULL || ptr == NULL)
        return 0;
    if (attribute == VX_USER_DATA_OBJECT_SIZE && size == sizeof(vx_size))
        *(vx_size *)ptr = udo->mem.bytes;
    else if (attribute == VX_USER_DATA_OBJECT_NAME && size > strlen(udo->type_name))
        memcpy(ptr, udo->type_name, strlen(udo->type_name) + 1);
    else
        return pvx_fast_vxQueryReference((vx_reference)user_data_object, attribute, ptr, size, out);
    *out = VX_SUCCESS;
    return 1;
}

int pvx_fast_vxCopyUserDataObject(vx_user_data_object user_data_object, vx_size offset, vx_size size, void *user_ptr,
                                  vx_enum usage, vx_enum user_mem_type, vx_status *out)
{
    pvx_udo *udo = accessible(user_data_object);
    unsigned char *base = udo ? pvx_memory_storage(&udo->mem) : NULL;
    if (base == NULL || user_ptr == NULL || user_mem_type != VX_MEMORY_TYPE_HOST || !in_range(udo, offset, &size))
        return 0;
    /* memmove: the user's memory may be a map of this very object */
    if (usage == VX_READ_ONLY) {
        memmove(user_ptr, base + offset, size);
    } else {
        pvx_region r;
        pvx_region_bytes(&r, offset, size);
        if (usage != VX_WRITE_ONLY || !pvx_copy_allowed(&udo->mem, &r, usage))
            return 0;
        memmove(base + offset, user_ptr, size);
    }
    *out = VX_SUCCESS;
    return 1;
}

int pvx_fast_vxMapUserDataObject(vx_user_data_object user_data_object, vx_size offset, vx_size size,
                                 vx_map_id *map_id, void **ptr, vx_enum usage, vx_enum mem_type, vx_uint32 flags,
                                 vx_status *out)
{
    pvx_udo *udo = accessible(user_data_object);
    if (udo == NULL || !pvx_map_memory_type_ok(mem_type) || (flags & ~VX_NOGAP_X) || !in_range(udo, offset, &size) ||
        !pvx_map_bytes_fast(&udo->mem, offset, size, usage, map_id, ptr))
        return 0;
    *out = VX_SUCCESS;                 /* zero-copy: *ptr is the object's own bytes */
    return 1;
}

int pvx_fast_vxUnmapUserDataObject(vx_user_data_object user_data_object, vx_map_id map_id, vx_status *out)
{
    pvx_udo *udo = descriptor(user_data_object);
    if (udo == NULL || !pvx_map_close(&udo->mem, map_id))
        return 0;
    *out = VX_SUCCESS;
    return 1;
}
