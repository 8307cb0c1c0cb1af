/* Data-object memory and map bookkeeping, shared by every type. Fast paths run without the
 * Python lock, so the map tables are guarded by their own mutex. */
#include "pvx.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t maps_lock = PTHREAD_MUTEX_INITIALIZER;
static vx_map_id next_id = 1;

int pvx_memory_alloc(pvx_memory *m)
{
    if (m->base)
        return 0;
    m->base = calloc(1, m->bytes ? m->bytes : 1);
    return m->base ? 0 : -1;
}

void pvx_memory_free(pvx_memory *m)
{
    if (!m->borrowed)
        free(m->base);
    m->base = NULL;
    free(m->maps);
    m->maps = NULL;
    m->nmaps = m->cap = 0;
}

vx_map_id pvx_map_open(pvx_memory *m, void *ptr, vx_enum usage)
{
    vx_map_id id = 0;
    pthread_mutex_lock(&maps_lock);
    if (m->nmaps == m->cap) {
        uint32_t cap = m->cap ? 2 * m->cap : 4;
        pvx_map *grown = realloc(m->maps, cap * sizeof *grown);
        if (grown) {
            m->maps = grown;
            m->cap = cap;
        }
    }
    if (m->nmaps < m->cap) {
        id = next_id++;
        m->maps[m->nmaps++] = (pvx_map){id, ptr, usage};
    }
    pthread_mutex_unlock(&maps_lock);
    return id;
}

int pvx_map_close(pvx_memory *m, vx_map_id id)
{
    int found = 0;
    pthread_mutex_lock(&maps_lock);
    for (uint32_t i = 0; i < m->nmaps; i++) {
        if (m->maps[i].id == id) {
            m->maps[i] = m->maps[--m->nmaps];
            found = 1;
            break;
        }
    }
    pthread_mutex_unlock(&maps_lock);
    return found;
}

void pvx_copy_strided(void *dst, const vx_size *dst_stride, const void *src, const vx_size *src_stride,
                      const vx_size *dims, vx_size ndims, vx_size item_size)
{
    if (ndims == 0)
        return;
    if (ndims == 1) {
        unsigned char *d = dst;
        const unsigned char *s = src;
        if (dst_stride[0] == item_size && src_stride[0] == item_size) {
            memcpy(d, s, dims[0] * item_size);
            return;
        }
        for (vx_size i = 0; i < dims[0]; i++)
            memcpy(d + i * dst_stride[0], s + i * src_stride[0], item_size);
        return;
    }
    vx_size top = ndims - 1;
    for (vx_size i = 0; i < dims[top]; i++)
        pvx_copy_strided((unsigned char *)dst + i * dst_stride[top], dst_stride,
                         (const unsigned char *)src + i * src_stride[top], src_stride, dims, top, item_size);
}

pvx_memory *pvx_memory_of(const void *handle, vx_enum type)
{
    pvx_ref *ref = pvx_ref_live(handle, type);
    if (ref == NULL || ref->desc == NULL)
        return NULL;
    if ((ref->flags & PVX_REF_VIRTUAL) && !(ref->flags & PVX_REF_ACCESSIBLE))
        return NULL;
    return (pvx_memory *)ref->desc;
}

int pvx_unmap_fast(const void *handle, vx_enum type, vx_map_id id, vx_status *out)
{
    pvx_memory *m = pvx_memory_of(handle, type);
    if (m == NULL || !pvx_map_close(m, id))
        return 0;
    *out = VX_SUCCESS;
    return 1;
}
