/* User data objects: the descriptor's storage and map table, and the fast paths that answer
 * valid requests without entering Python. A fast path only answers what is valid; anything
 * to refuse falls through to Python (src/pyopenvx/user_data_object.py), which logs why. */
#include "pvx.h"

#include <VX/vx_khr_user_data_object.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* csrc/reference.c: the attributes every reference answers. */
int pvx_fast_vxQueryReference(vx_reference reference, vx_enum attribute, void *ptr, vx_size size, vx_status *out);

pvx_udo *pvx_udo_create(vx_size size)
{
    pvx_udo *udo = calloc(1, sizeof *udo);
    pthread_mutex_t *lock = malloc(sizeof *lock);
    if (udo == NULL || lock == NULL || pthread_mutex_init(lock, NULL) != 0) {
        free(lock);
        free(udo);
        return NULL;
    }
    udo->lock = lock;
    if (size != 0 && pvx_udo_allocate(udo, size) != 0) {
        pvx_udo_destroy(udo);
        return NULL;
    }
    return udo;
}

int pvx_udo_allocate(pvx_udo *udo, vx_size size)
{
    uint8_t *data = calloc(1, size);
    if (data == NULL)
        return -1;
    free(udo->data);
    udo->data = data;
    udo->size = size;
    return 0;
}

void pvx_udo_destroy(pvx_udo *udo)
{
    pthread_mutex_destroy(udo->lock);
    free(udo->lock);
    free(udo->maps);
    free(udo->data);
    free(udo);
}

int pvx_udo_map_add(pvx_udo *udo, vx_size offset, vx_size size, vx_enum usage, vx_map_id *id)
{
    int result = -1;
    pthread_mutex_lock(udo->lock);
    if (udo->map_count == udo->map_capacity) {
        uint32_t capacity = udo->map_capacity ? 2 * udo->map_capacity : 4;
        pvx_udo_map *maps = realloc(udo->maps, capacity * sizeof *maps);
        if (maps == NULL)
            goto out;
        udo->maps = maps;
        udo->map_capacity = capacity;
    }
    *id = ++udo->last_map_id;
    udo->maps[udo->map_count++] = (pvx_udo_map){*id, offset, size, usage};
    result = 0;
out:
    pthread_mutex_unlock(udo->lock);
    return result;
}

int pvx_udo_map_remove(pvx_udo *udo, vx_map_id id)
{
    int result = -1;
    pthread_mutex_lock(udo->lock);
    for (uint32_t i = 0; i < udo->map_count; i++) {
        if (udo->maps[i].id == id) {
            udo->maps[i] = udo->maps[--udo->map_count];
            result = 0;
            break;
        }
    }
    pthread_mutex_unlock(udo->lock);
    return result;
}

uint32_t pvx_udo_map_count(pvx_udo *udo)
{
    pthread_mutex_lock(udo->lock);
    uint32_t n = udo->map_count;
    pthread_mutex_unlock(udo->lock);
    return n;
}

static pvx_udo *descriptor(vx_user_data_object handle)
{
    pvx_ref *ref = pvx_ref_live(handle, VX_TYPE_USER_DATA_OBJECT);
    return ref ? __atomic_load_n((pvx_udo **)&ref->desc, __ATOMIC_ACQUIRE) : NULL;
}

/* The descriptor when the application may touch the data now: not a virtual object outside
 * the graph that runs it. */
static pvx_udo *accessible(vx_user_data_object handle)
{
    pvx_ref *ref = pvx_ref_live(handle, VX_TYPE_USER_DATA_OBJECT);
    if (ref == NULL)
        return NULL;
    uint32_t flags = __atomic_load_n(&ref->flags, __ATOMIC_ACQUIRE);
    if ((flags & PVX_REF_VIRTUAL) && !(flags & PVX_REF_ACCESSIBLE))
        return NULL;
    return descriptor(handle);
}

/* A non-empty range inside the object; size 0 means up to the end. */
static int in_range(const pvx_udo *udo, vx_size offset, vx_size *size)
{
    if (offset >= udo->size)
        return 0;
    if (*size == 0)
        *size = udo->size - offset;
    return *size <= udo->size - offset;
}

int pvx_fast_vxQueryUserDataObject(vx_user_data_object user_data_object, vx_enum attribute, void *ptr, vx_size size,
                                   vx_status *out)
{
    pvx_udo *udo = descriptor(user_data_object);
    if (udo == NULL || ptr == NULL)
        return 0;
    if (attribute == VX_USER_DATA_OBJECT_SIZE && size == sizeof(vx_size))
        *(vx_size *)ptr = udo->size;
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
    if (udo == NULL || user_ptr == NULL || user_mem_type != VX_MEMORY_TYPE_HOST || !in_range(udo, offset, &size))
        return 0;
    /* memmove: the user's memory may be a map of this very object */
    if (usage == VX_READ_ONLY)
        memmove(user_ptr, udo->data + offset, size);
    else if (usage == VX_WRITE_ONLY)
        memmove(udo->data + offset, user_ptr, size);
    else
        return 0;
    *out = VX_SUCCESS;
    return 1;
}

int pvx_fast_vxMapUserDataObject(vx_user_data_object user_data_object, vx_size offset, vx_size size,
                                 vx_map_id *map_id, void **ptr, vx_enum usage, vx_enum mem_type, vx_uint32 flags,
                                 vx_status *out)
{
    pvx_udo *udo = accessible(user_data_object);
    if (udo == NULL || map_id == NULL || ptr == NULL || mem_type != VX_MEMORY_TYPE_HOST || (flags & ~VX_NOGAP_X) ||
        (usage != VX_READ_ONLY && usage != VX_WRITE_ONLY && usage != VX_READ_AND_WRITE) ||
        !in_range(udo, offset, &size) || pvx_udo_map_add(udo, offset, size, usage, map_id) != 0)
        return 0;
    *ptr = udo->data + offset;     /* zero-copy: the object's own bytes */
    *out = VX_SUCCESS;
    return 1;
}

int pvx_fast_vxUnmapUserDataObject(vx_user_data_object user_data_object, vx_map_id map_id, vx_status *out)
{
    pvx_udo *udo = descriptor(user_data_object);
    if (udo == NULL || pvx_udo_map_remove(udo, map_id) != 0)
        return 0;
    *out = VX_SUCCESS;
    return 1;
}
