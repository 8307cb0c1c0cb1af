/* The handle header every vx_reference points at. Handles live in one arena (handle.c), so a
 * pointer can be checked (range, alignment, magic) before anything reads through it. */
#ifndef PVX_HANDLE_H
#define PVX_HANDLE_H

#include "common.h"

#define PVX_MAGIC_LIVE 0x50565821u
#define PVX_MAGIC_DEAD 0x44454144u
#define PVX_SLOT_SIZE 128u

typedef struct pvx_ref {
    uint32_t magic;
    vx_enum type;
    uint32_t slot;
    vx_status status;                 /* error objects: the status they stand for; outputs of a
                                         pipelined frame: that frame's (vxGetStatus) */
    uint32_t external_count;          /* held by the application */
    uint32_t internal_count;          /* held by the framework (graphs, parents) */
    uint32_t flags;                   /* PVX_REF_* */
    uint32_t c_lazy;                  /* a context: objects made in C that Python has not seen yet
                                         (objects/lazy.h), counted in VX_CONTEXT_REFERENCES; a graph:
                                         the virtual objects among them that belong to it */
    struct pvx_ref *context;
    void *desc;                       /* per-type descriptor, owned by Python */
    vx_char name[VX_MAX_REFERENCE_NAME];
} pvx_ref;

/* pvx_ref.flags */
#define PVX_REF_VIRTUAL 0x1u          /* a virtual data object */
#define PVX_REF_ACCESSIBLE 0x2u       /* a virtual object a running graph lets its kernels touch */
#define PVX_REF_PERFORMANCE 0x4u      /* a context with VX_DIRECTIVE_ENABLE_PERFORMANCE */
#define PVX_REF_LAZY 0x8u             /* made in C, no Python object yet (objects/lazy.h) */
#define PVX_REF_PART 0x10u            /* part of something (parts.container): node creation in C
                                         leaves it to Python (delay binding) */
#define PVX_REF_PENDING 0x20u         /* a node made in C its graph has not adopted (runtime/node_made.c) */

/* Type filters for pvx_ref_slot beyond the vx_type_e values. */
#define PVX_ANY_TYPE 0

PVX_HIDDEN int pvx_arena_init(void);
PVX_HIDDEN pvx_ref *pvx_ref_alloc(vx_enum type);
PVX_HIDDEN void pvx_ref_free(pvx_ref *ref);
/* Every change of a count goes under one lock (pvx_counts_lock): Python changes them under its
 * object-model lock, C fast paths (runtime/node_made.c) without it. */
PVX_HIDDEN void pvx_counts_lock(void);
PVX_HIDDEN void pvx_counts_unlock(void);
/* reference.py's counts in one call each (a count read or written from Python is a cffi access):
 * pvx_ref_hold adds one to the internal (`internal`) or the application's count; pvx_ref_drop takes
 * one away and returns what is left, bit 0 the application's count nonzero, bit 1 the internal one,
 * or -1, changing nothing, when that count is already 0. What follows is Python's to decide. */
PVX_HIDDEN void pvx_ref_hold(pvx_ref *ref, int internal);
PVX_HIDDEN int pvx_ref_drop(pvx_ref *ref, int internal);
/* reference.release_all: pvx_ref_drop(refs[i], 1) for each in order (a handle may come several
 * times), what is left after each in left[i]; `clear_external` zeroes each application's count
 * first (a graph's nodes die with it). Returns the index of the first whose internal count was
 * already 0 (it and those after it untouched), or -1. */
PVX_HIDDEN int64_t pvx_ref_drop_all(pvx_ref *const *refs, uint32_t n, int clear_external, uint8_t *left);
/* reference.destroy_all: pvx_ref_free of each, under one lock. */
PVX_HIDDEN void pvx_ref_free_all(pvx_ref *const *refs, uint32_t n);
/* Slot index of a live handle of that type (PVX_ANY_TYPE: any), or -1. Never faults. */
PVX_HIDDEN int64_t pvx_ref_slot(const void *handle, vx_enum type);
PVX_HIDDEN pvx_ref *pvx_ref_live(const void *handle, vx_enum type);
/* The context a released handle belonged to (kept through the quarantine), or NULL. */
PVX_HIDDEN pvx_ref *pvx_ref_former_context(const void *handle);

#endif
