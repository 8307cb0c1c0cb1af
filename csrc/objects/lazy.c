/* The objects made in C that Python has not met yet (lazy.h). Two crossings into Python and the
 * construction of an object cost ~10 us; a calloc, a handle and a free well under one: most
 * objects a C program makes are never named, retained or put anywhere Python must know them
 * before their release. Python meets one on its first lookup of the handle (reference.lookup ->
 * pvx_lazy_take -> the class's adopt), which keeps the handle, counts and descriptor. */
#include "lazy.h"
#include "memory.h"

#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>

typedef struct lazy {
    struct lazy *prev, *next;         /* every lazy object, for the release of their context */
    pvx_ref *ref;
    pvx_ref *scope;                   /* a virtual object's graph, or NULL */
    _Alignas(max_align_t) unsigned char desc[];
} lazy;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static lazy *objects;

enum { MAX_SERVED = 128 };
static struct {
    vx_enum object_type, data_type;
    vx_size item_size, max_bytes;
} served[MAX_SERVED];
static uint32_t n_served;

/* Declared when objects/scalar.py and array.py are imported (before any context exists). */
void pvx_lazy_serve(vx_enum object_type, vx_enum data_type, vx_size item_size, vx_size max_bytes)
{
    uint32_t n = __atomic_load_n(&n_served, __ATOMIC_ACQUIRE);
    if (n == MAX_SERVED || item_size == 0)
        return;                       /* not served: Python creates them */
    served[n].object_type = object_type, served[n].data_type = data_type;
    served[n].item_size = item_size, served[n].max_bytes = max_bytes;
    __atomic_store_n(&n_served, n + 1, __ATOMIC_RELEASE);
}

vx_size pvx_lazy_served(vx_enum object_type, vx_enum data_type, vx_size *max_bytes)
{
    uint32_t n = __atomic_load_n(&n_served, __ATOMIC_ACQUIRE);
    for (uint32_t k = 0; k < n; k++)
        if (served[k].object_type == object_type && served[k].data_type == data_type) {
            *max_bytes = served[k].max_bytes;
            return served[k].item_size;
        }
    return 0;
}

static lazy *block_of(void *desc)
{
    return (lazy *)((unsigned char *)desc - offsetof(lazy, desc));
}

void *pvx_lazy_new(size_t size)
{
    lazy *l = calloc(1, sizeof *l + size);
    return l ? l->desc : NULL;
}

void pvx_lazy_free_made(void *desc)
{
    if (desc)
        free(block_of(desc));
}

int pvx_lazy_publish(void *desc, vx_enum type, pvx_ref *context, vx_reference *out)
{
    return pvx_lazy_publish_in(desc, type, context, NULL, out);
}

/* Whether C may still make virtual objects in a graph (caller holds the lock): live, not closed. */
static int open_scope(const pvx_ref *scope)
{
    return __atomic_load_n(&scope->magic, __ATOMIC_ACQUIRE) == PVX_MAGIC_LIVE && scope->type == VX_TYPE_GRAPH
        && __atomic_load_n(&scope->desc, __ATOMIC_ACQUIRE) != NULL;
}

int pvx_lazy_publish_in(void *desc, vx_enum type, pvx_ref *context, pvx_ref *scope, vx_reference *out)
{
    lazy *l = block_of(desc);
    pvx_ref *ref = l->ref = pvx_ref_alloc(type);
    if (ref == NULL) {
        free(l);
        return 0;
    }
    ref->context = context;
    ref->external_count = 1;
    ref->flags = PVX_REF_LAZY | (scope ? PVX_REF_VIRTUAL : 0);
    l->scope = scope;
    pthread_mutex_lock(&lock);
    if (scope && !open_scope(scope)) {
        pthread_mutex_unlock(&lock);
        pvx_ref_free(ref);
        free(l);
        return 0;
    }
    l->next = objects;
    if (objects)
        objects->prev = l;
    objects = l;
    __atomic_add_fetch(&context->c_lazy, 1, __ATOMIC_RELAXED);
    if (scope)
        __atomic_add_fetch(&scope->c_lazy, 1, __ATOMIC_RELAXED);
    pthread_mutex_unlock(&lock);
    __atomic_store_n(&ref->desc, desc, __ATOMIC_RELEASE);      /* complete before reachable */
    *out = (vx_reference)ref;
    return 1;
}

/* Takes a lazy object out of the list (caller holds the lock): it is no longer lazy. */
static void unlink_locked(lazy *l)
{
    if (l->prev)
        l->prev->next = l->next;
    else
        objects = l->next;
    if (l->next)
        l->next->prev = l->prev;
    __atomic_and_fetch(&l->ref->flags, ~PVX_REF_LAZY, __ATOMIC_RELEASE);
    __atomic_sub_fetch(&l->ref->context->c_lazy, 1, __ATOMIC_RELAXED);
    if (l->scope)
        __atomic_sub_fetch(&l->scope->c_lazy, 1, __ATOMIC_RELAXED);
}

/* The lazy object of a handle of `type`, taken out of the list; NULL if the handle is not one.
 * `release`: the application's release, refused (NULL) to a graph with lazy virtual objects; it
 * clears the handle's desc, so nothing makes virtual objects in a graph released here. */
static lazy *take(const void *handle, vx_enum type, int release)
{
    pvx_ref *ref = pvx_ref_live(handle, type);
    if (ref == NULL || !(__atomic_load_n(&ref->flags, __ATOMIC_ACQUIRE) & PVX_REF_LAZY))
        return NULL;
    lazy *l = NULL;
    pthread_mutex_lock(&lock);
    if ((__atomic_load_n(&ref->flags, __ATOMIC_ACQUIRE) & PVX_REF_LAZY) && !(release && ref->c_lazy)) {
        l = block_of(ref->desc);
        unlink_locked(l);
        if (release)
            __atomic_store_n(&ref->desc, NULL, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&lock);
    return l;
}

static void destroy(lazy *l)
{
    if (l->ref->type != VX_TYPE_GRAPH)                   /* (a graph's descriptor holds no memory) */
        pvx_memory_free((pvx_memory *)l->desc);
    pvx_ref_free(l->ref);
    free(l);
}

void *pvx_lazy_take(const void *handle)
{
    lazy *l = take(handle, PVX_ANY_TYPE, 0);
    return l ? l->desc : NULL;
}

pvx_ref *pvx_lazy_scope(const void *desc)
{
    return block_of((void *)desc)->scope;
}

uint32_t pvx_lazy_close_scope(pvx_ref *scope)
{
    pthread_mutex_lock(&lock);
    __atomic_store_n(&scope->desc, NULL, __ATOMIC_RELEASE);
    uint32_t n = scope->c_lazy;
    pthread_mutex_unlock(&lock);
    return n;
}

uint32_t pvx_lazy_take_scoped(pvx_ref *scope, pvx_ref **refs, void **descs, uint32_t max)
{
    uint32_t n = 0;
    pthread_mutex_lock(&lock);
    for (lazy *l = objects, *next; l && n < max; l = next) {
        next = l->next;
        if (l->scope == scope) {
            unlink_locked(l);
            refs[n] = l->ref, descs[n++] = l->desc;
        }
    }
    pthread_mutex_unlock(&lock);
    return n;
}

/* A lazy object holds no other count, and only a node made in C may hold it: its application's
 * release ends it otherwise. */
int pvx_lazy_release(vx_reference *ref, vx_enum type, vx_status *out)
{
    const pvx_ref *r = ref ? pvx_ref_live(*ref, type) : NULL;
    if (r == NULL || __atomic_load_n(&r->internal_count, __ATOMIC_ACQUIRE))
        return 0;                     /* held by a node made in C (runtime/node_made.c): Python's */
    lazy *l = take(*ref, type, 1);
    if (l == NULL)
        return 0;
    destroy(l);
    *ref = NULL;
    *out = VX_SUCCESS;
    return 1;
}

int pvx_fast_vxReleaseReference(vx_reference *ref, vx_status *out)
{
    return pvx_lazy_release(ref, PVX_ANY_TYPE, out);
}

void pvx_lazy_release_context(pvx_ref *context)
{
    lazy *mine = NULL;
    pthread_mutex_lock(&lock);
    for (lazy *l = objects, *next; l; l = next) {
        next = l->next;
        if (l->ref->context == context) {
            unlink_locked(l);
            l->next = mine;
            mine = l;
        }
    }
    pthread_mutex_unlock(&lock);
    for (lazy *next; mine; mine = next) {
        next = mine->next;
        destroy(mine);
    }
}
