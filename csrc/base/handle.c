/* The handle arena: one reserved mapping holds every handle header, so checking a
 * pointer is arithmetic plus one read of memory that is always mapped. Released
 * slots keep a dead magic and are reused only after a long quarantine, so a stale
 * handle is refused rather than mistaken for a newer object. */
#include "handle.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define ARENA_BYTES ((size_t)1 << 30)
#define ARENA_SLOTS (ARENA_BYTES / PVX_SLOT_SIZE)
#define QUARANTINE 65536u

static unsigned char *arena;
static uint32_t next_fresh = 1;           /* slot 0 is never handed out */
/* Released slots, oldest first: a circular buffer that doubles when full. Sized to what is held
 * (about QUARANTINE in a steady state), so create/release cycles keep touching the same pages. */
static uint32_t *free_ring;
static uint32_t ring_head, ring_len, ring_cap;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

int pvx_arena_init(void)
{
    if (arena)
        return 0;
    void *p = mmap(NULL, ARENA_BYTES, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED)
        return -1;
    arena = p;
    return 0;
}

pvx_ref *pvx_ref_alloc(vx_enum type)
{
    uint32_t slot = 0;
    pthread_mutex_lock(&lock);
    if (ring_len > QUARANTINE || (next_fresh >= ARENA_SLOTS && ring_len > 0)) {
        slot = free_ring[ring_head];
        ring_head = (ring_head + 1) & (ring_cap - 1);
        ring_len--;
    } else if (next_fresh < ARENA_SLOTS) {
        slot = next_fresh++;
    }
    pthread_mutex_unlock(&lock);
    if (slot == 0)
        return NULL;
    pvx_ref *ref = (pvx_ref *)(arena + (size_t)slot * PVX_SLOT_SIZE);
    memset(ref, 0, sizeof *ref);
    ref->type = type;
    ref->slot = slot;
    __atomic_store_n(&ref->magic, PVX_MAGIC_LIVE, __ATOMIC_RELEASE);
    return ref;
}

/* Doubles the ring (a power of two), its entries moved to the front in order; 0 on success. */
static int ring_grow(void)
{
    uint32_t cap = ring_cap ? ring_cap * 2 : 1024;
    uint32_t *ring = malloc((size_t)cap * sizeof *ring);
    if (ring == NULL)
        return -1;
    for (uint32_t i = 0; i < ring_len; i++)
        ring[i] = free_ring[(ring_head + i) & (ring_cap - 1)];
    free(free_ring);
    free_ring = ring;
    ring_head = 0;
    ring_cap = cap;
    return 0;
}

static uint8_t counts_taken;

void pvx_counts_lock(void)
{
    while (__atomic_test_and_set(&counts_taken, __ATOMIC_ACQUIRE))
        while (__atomic_load_n(&counts_taken, __ATOMIC_RELAXED))
            ;
}

void pvx_counts_unlock(void)
{
    __atomic_clear(&counts_taken, __ATOMIC_RELEASE);
}

void pvx_ref_hold(pvx_ref *ref, int internal)
{
    pvx_counts_lock();
    if (internal)
        ref->internal_count++;
    else
        ref->external_count++;
    pvx_counts_unlock();
}

static int drop(pvx_ref *ref, int internal)
{
    uint32_t *count = internal ? &ref->internal_count : &ref->external_count;
    if (*count == 0)
        return -1;
    --*count;
    return (ref->external_count != 0) | (ref->internal_count != 0) << 1;
}

int pvx_ref_drop(pvx_ref *ref, int internal)
{
    pvx_counts_lock();
    int left = drop(ref, internal);
    pvx_counts_unlock();
    return left;
}

int64_t pvx_ref_drop_all(pvx_ref *const *refs, uint32_t n, int clear_external, uint8_t *left)
{
    int64_t bad = -1;
    pvx_counts_lock();
    for (uint32_t i = 0; i < n; i++) {
        if (refs[i]->internal_count == 0) {
            bad = i;
            break;
        }
        if (clear_external)
            refs[i]->external_count = 0;
        left[i] = (uint8_t)drop(refs[i], 1);
    }
    pvx_counts_unlock();
    return bad;
}

/* Marks a slot dead and queues it for reuse; the caller holds `lock`. */
static void retire(pvx_ref *ref)
{
    __atomic_store_n(&ref->magic, PVX_MAGIC_DEAD, __ATOMIC_RELEASE);
    ref->desc = NULL;
    if (ring_len < ring_cap || ring_grow() == 0) {     /* else the slot is never reused */
        free_ring[(ring_head + ring_len) & (ring_cap - 1)] = ref->slot;
        ring_len++;
    }
}

void pvx_ref_free(pvx_ref *ref)
{
    pthread_mutex_lock(&lock);
    retire(ref);
    pthread_mutex_unlock(&lock);
}

void pvx_ref_free_all(pvx_ref *const *refs, uint32_t n)
{
    pthread_mutex_lock(&lock);
    for (uint32_t i = 0; i < n; i++)
        retire(refs[i]);
    pthread_mutex_unlock(&lock);
}

/* The slot a pointer designates, if it is one the arena has handed out. */
static pvx_ref *slot_of(const void *handle)
{
    uintptr_t p = (uintptr_t)handle, base = (uintptr_t)arena;
    if (!arena || p < base + PVX_SLOT_SIZE || p >= base + next_fresh * (uintptr_t)PVX_SLOT_SIZE ||
        (p - base) % PVX_SLOT_SIZE != 0)
        return NULL;
    return (pvx_ref *)p;
}

pvx_ref *pvx_ref_former_context(const void *handle)
{
    pvx_ref *ref = slot_of(handle);
    if (ref == NULL || __atomic_load_n(&ref->magic, __ATOMIC_ACQUIRE) != PVX_MAGIC_DEAD)
        return NULL;
    return ref->context;
}

pvx_ref *pvx_ref_live(const void *handle, vx_enum type)
{
    pvx_ref *ref = slot_of(handle);
    if (ref == NULL || __atomic_load_n(&ref->magic, __ATOMIC_ACQUIRE) != PVX_MAGIC_LIVE)
        return NULL;
    if (type != PVX_ANY_TYPE && ref->type != type)
        return NULL;
    return ref;
}

int64_t pvx_ref_slot(const void *handle, vx_enum type)
{
    pvx_ref *ref = pvx_ref_live(handle, type);
    return ref ? (int64_t)ref->slot : -1;
}
