/* Data-object memory and its map table, shared by every type (see memory.h). Fast paths run
 * without the Python lock, so every change of a table happens here, under the table's lock. */
#include "memory.h"

#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

static vx_map_id next_id = 1;   /* unique over the process: a stale or foreign id is refused */

static void lock(pvx_maps *t)
{
    while (__atomic_exchange_n(&t->lock, 1, __ATOMIC_ACQUIRE))
        while (__atomic_load_n(&t->lock, __ATOMIC_RELAXED))
            sched_yield();
}

static void unlock(pvx_maps *t)
{
    __atomic_store_n(&t->lock, 0, __ATOMIC_RELEASE);
}

static int writes(vx_enum usage)
{
    return usage == VX_WRITE_ONLY || usage == VX_READ_AND_WRITE;
}

/* Regions of one memory use the same dimensions; were they to differ, the extra ones of the
 * larger are not compared (as if they overlapped: the safe side). */
static int overlap(const pvx_region *a, const pvx_region *b)
{
    if (a->plane != b->plane)
        return 0;
    uint32_t n = a->dims < b->dims ? a->dims : b->dims;
    for (uint32_t i = 0; i < n; i++)
        if (a->hi[i] <= b->lo[i] || b->hi[i] <= a->lo[i])
            return 0;
    return 1;
}

/* Whether `r` used with `usage` conflicts with an open map; the caller holds the lock. */
static int conflicts(const pvx_maps *t, const pvx_region *r, vx_enum usage)
{
    if (!writes(usage))
        return 0;
    for (uint32_t i = 0; i < t->count; i++)
        if (writes(t->items[i].usage) && overlap(&t->items[i].region, r))
            return 1;
    return 0;
}

void pvx_memory_init(pvx_memory *m, vx_size bytes)
{
    m->bytes = bytes;
    m->maps = &m->table;
}

void pvx_memory_view(pvx_memory *m, pvx_memory *root)
{
    m->borrowed = 1;
    m->maps = root->maps;
}

/* Storage starts on a cache line: the row loops' vector stores then split the same lines from one
 * run to the next (calloc's 16-byte alignment varied with the heap's history, and a 3x3 filter's
 * time with it). calloc keeps large blocks zeroed lazily; the way back to its block is the byte
 * before the storage: 1 to LINE bytes on, or LINE + 1 to 2 LINE for a block of KEEP_MIN bytes and
 * more, whose size is the vx_size 16 bytes before the storage.
 *
 * Those large blocks are kept when freed, pages still mapped (up to KEEP_BLOCKS of them and
 * KEEP_BYTES): the next image of about that size gets its memory zeroed by a memset instead of the
 * kernel allocating, zeroing and mapping every page again. openvx-mark's VerifyChain maps up to
 * four 8 MB images a chain at 4K, released before the next (issue 32). */
enum { LINE = 64, HUGE = 2 << 20, KEEP_MIN = PVX_KEEP_MIN, KEEP_BLOCKS = 16 };
#define KEEP_BYTES ((size_t)64 << 20)

static struct {
    int32_t lock;
    uint32_t count;
    size_t bytes;
    unsigned char *block[KEEP_BLOCKS];
} kept;

static void keep_lock(void)
{
    while (__atomic_exchange_n(&kept.lock, 1, __ATOMIC_ACQUIRE))
        while (__atomic_load_n(&kept.lock, __ATOMIC_RELAXED))
            sched_yield();
}

static void keep_unlock(void)
{
    __atomic_store_n(&kept.lock, 0, __ATOMIC_RELEASE);
}

static size_t *block_size(unsigned char *p)
{
    return (size_t *)(p - 16);
}

/* The smallest kept block of `bytes` to twice that (a larger one stays for a larger image), taken
 * out of the store, or NULL. */
static unsigned char *take_kept(size_t bytes)
{
    unsigned char *best = NULL;
    uint32_t at = 0;
    keep_lock();
    for (uint32_t i = 0; i < kept.count; i++) {
        size_t size = *block_size(kept.block[i]);
        if (size >= bytes && size / 2 < bytes && (best == NULL || size < *block_size(best)))
            best = kept.block[at = i];
    }
    if (best != NULL) {
        kept.block[at] = kept.block[--kept.count];
        kept.bytes -= *block_size(best);
    }
    keep_unlock();
    return best;
}

/* Keeps the large block p if there is room; 0 when there is none. */
static int keep(unsigned char *p)
{
    size_t size = *block_size(p);
    keep_lock();
    int room = kept.count < KEEP_BLOCKS && kept.bytes + size <= KEEP_BYTES;
    if (room) {
        kept.block[kept.count++] = p;
        kept.bytes += size;
    }
    keep_unlock();
    return room;
}

void pvx_memory_release_kept(void)
{
    keep_lock();
    while (kept.count > 0) {
        unsigned char *p = kept.block[--kept.count];
        free(p - p[-1]);
    }
    kept.bytes = 0;
    keep_unlock();
}

/* Zeroed storage of `bytes`; with `dirty`, a kept block comes as it was and *dirty says so. */
static unsigned char *calloc_aligned(size_t bytes, int *dirty)
{
    int large = bytes >= KEEP_MIN;
    unsigned char *p = large ? take_kept(bytes) : NULL;
    if (p != NULL && dirty != NULL)
        *dirty = 1;
    if (p != NULL)
        return dirty != NULL ? p : memset(p, 0, bytes);
    unsigned char *raw = calloc(1, bytes + (large + 1) * LINE);
    if (raw == NULL)
        return NULL;
    p = raw + (large + 1) * LINE - (uintptr_t)raw % LINE;
    p[-1] = (unsigned char)(p - raw);
    if (large)
        *block_size(p) = bytes;
    return p;
}

static void free_aligned(unsigned char *p)
{
    if (p != NULL && (p[-1] <= LINE || !keep(p)))
        free(p - p[-1]);
}

static int alloc(pvx_memory *m, int *dirty)
{
    if (pvx_memory_base(m))
        return 0;
    if (m->borrowed)
        return -1;
    unsigned char *fresh = calloc_aligned(m->bytes ? m->bytes : 1, dirty), *none = NULL;
    if (fresh == NULL)
        return -1;
    /* two threads may both get here: the first one's memory stays, for good */
    if (!__atomic_compare_exchange_n(&m->base, &none, fresh, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        free_aligned(fresh);
        if (dirty != NULL)
            *dirty = 0;
    }
    return 0;
}

int pvx_memory_alloc(pvx_memory *m)
{
    return alloc(m, NULL);
}

int pvx_memory_alloc_unzeroed(pvx_memory *m)
{
    int dirty = 0;
    return alloc(m, &dirty) ? -1 : dirty;
}

void pvx_memory_prefault(pvx_memory *m)
{
    /* calloc maps large blocks lazily: one write per page makes the kernel map them now (a kept
     * block's are mapped already). Where the kernel gives transparent huge pages on request, the
     * block's whole 2 MB pages are asked for: one fault maps 2 MB, and a 4K image is mapped in a
     * third of the time (issue 32) */
    volatile unsigned char *p = pvx_memory_base(m);
    uintptr_t lo = ((uintptr_t)p + HUGE - 1) & ~(uintptr_t)(HUGE - 1);
    uintptr_t hi = ((uintptr_t)p + m->bytes) & ~(uintptr_t)(HUGE - 1);
    if (p != NULL && hi > lo)
        madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
    for (vx_size i = 0; p != NULL && i < m->bytes; i += 4096)
        p[i] = 0;
}

unsigned char *pvx_memory_storage(pvx_memory *m)
{
    unsigned char *base = pvx_memory_base(m);
    return base || pvx_memory_alloc(m) ? base : pvx_memory_base(m);
}

void pvx_memory_adopt(pvx_memory *m, void *base)
{
    if (!m->borrowed)
        free_aligned(pvx_memory_base(m));
    m->borrowed = 1;
    __atomic_store_n(&m->base, (unsigned char *)base, __ATOMIC_RELEASE);
}

int pvx_map_memory_type_ok(vx_enum mem_type)
{
    return mem_type == VX_MEMORY_TYPE_HOST || mem_type == VX_MEMORY_TYPE_NONE;
}

void pvx_memory_free(pvx_memory *m)
{
    if (!m->borrowed)
        free_aligned(m->base);
    m->base = NULL;
    free(m->table.items);
    m->table.items = NULL;
    m->table.count = m->table.capacity = 0;
}

unsigned char *pvx_memory_base(const pvx_memory *m)
{
    return __atomic_load_n(&m->base, __ATOMIC_ACQUIRE);
}

void pvx_region_bytes(pvx_region *r, vx_size offset, vx_size size)
{
    r->plane = 0;
    r->dims = 1;
    r->lo[0] = offset;
    r->hi[0] = offset + size;
}

vx_status pvx_map_open(pvx_memory *m, const pvx_region *r, vx_enum usage, vx_map_id *id)
{
    pvx_maps *t = m->maps;
    vx_status status = VX_SUCCESS;
    lock(t);
    if (conflicts(t, r, usage)) {
        status = VX_ERROR_NO_RESOURCES;
    } else if (t->count == t->capacity) {
        uint32_t cap = t->capacity ? 2 * t->capacity : 4;
        pvx_map *grown = realloc(t->items, cap * sizeof *grown);
        if (grown) {
            t->items = grown;
            t->capacity = cap;
        } else {
            status = VX_ERROR_NO_MEMORY;
        }
    }
    if (status == VX_SUCCESS) {
        pvx_map *e = &t->items[t->count];
        e->id = *id = __atomic_fetch_add(&next_id, 1, __ATOMIC_RELAXED);
        e->usage = usage;
        e->owner = m;
        e->region = *r;                  /* a fixed-size copy: no call, unlike copying `dims` */
        __atomic_store_n(&t->count, t->count + 1, __ATOMIC_RELEASE);
    }
    unlock(t);
    return status;
}

int pvx_map_close(pvx_memory *m, vx_map_id id)
{
    pvx_maps *t = m->maps;
    int found = 0;
    lock(t);
    for (uint32_t i = 0; i < t->count; i++) {
        if (t->items[i].id == id) {
            found = t->items[i].owner == m;
            if (found) {
                if (i + 1 != t->count)
                    t->items[i] = t->items[t->count - 1];
                __atomic_store_n(&t->count, t->count - 1, __ATOMIC_RELEASE);
            }
            break;
        }
    }
    unlock(t);
    return found;
}

int pvx_copy_allowed(pvx_memory *m, const pvx_region *r, vx_enum usage)
{
    pvx_maps *t = m->maps;
    if (!writes(usage) || __atomic_load_n(&t->count, __ATOMIC_ACQUIRE) == 0)
        return 1;
    lock(t);
    int ok = !conflicts(t, r, usage);
    unlock(t);
    return ok;
}

uint32_t pvx_map_count(pvx_memory *m)
{
    return __atomic_load_n(&m->maps->count, __ATOMIC_ACQUIRE);
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
            memmove(d, s, dims[0] * item_size);    /* the user's memory may be a map of this object */
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
    if (ref == NULL)
        return NULL;
    uint32_t flags = __atomic_load_n(&ref->flags, __ATOMIC_ACQUIRE);
    if ((flags & PVX_REF_VIRTUAL) && !(flags & PVX_REF_ACCESSIBLE))
        return NULL;
    return __atomic_load_n((pvx_memory **)&ref->desc, __ATOMIC_ACQUIRE);
}

int pvx_unmap_fast(const void *handle, vx_enum type, vx_map_id id, vx_status *out)
{
    pvx_memory *m = pvx_memory_of(handle, type);
    if (m == NULL || !pvx_map_close(m, id))
        return 0;
    *out = VX_SUCCESS;
    return 1;
}

int pvx_map_bytes_fast(pvx_memory *m, vx_size offset, vx_size size, vx_enum usage, vx_map_id *id, void **ptr)
{
    unsigned char *base = m ? pvx_memory_storage(m) : NULL;
    pvx_region r;
    if (base == NULL || id == NULL || ptr == NULL ||
        (usage != VX_READ_ONLY && usage != VX_WRITE_ONLY && usage != VX_READ_AND_WRITE))
        return 0;
    pvx_region_bytes(&r, offset, size);
    if (pvx_map_open(m, &r, usage, id) != VX_SUCCESS)
        return 0;
    *ptr = base + offset;
    return 1;
}
