/* The memory of every data object and the one map table of each memory. Every data-object
 * descriptor (image, user data object, array, tensor, ...) starts with a pvx_memory, so storage,
 * maps and their conflicts work the same way for every type, from C fast paths and from Python.
 *
 * A map is recorded as a region of the root's memory: a plane and a box of up to
 * PVX_REGION_DIMS dimensions in the root's coordinates (images: x, y in plane elements; tensors:
 * elements per dimension; 1-D objects: one row of bytes). Only the dimensions a region uses are
 * written, copied and compared (images, the hot case, use two). Views (ROI/channel images, tensor
 * views) share their root's table, so their maps see each other. Two maps conflict when their
 * regions overlap and both write; a conflicting map is refused, and so is a write copy over an
 * open write map. Map ids are unique in the process and close only on the object that opened
 * them. Each table is guarded by its own lock (a spin lock: sections are a few instructions). */
#ifndef PVX_MEMORY_H
#define PVX_MEMORY_H

#include "../base/base.h"

#define PVX_REGION_DIMS 6

typedef struct pvx_region {
    uint32_t plane;
    uint32_t dims;                    /* dimensions in use (1..PVX_REGION_DIMS); only they are set */
    vx_size lo[PVX_REGION_DIMS];      /* [lo, hi) per dimension in use */
    vx_size hi[PVX_REGION_DIMS];
} pvx_region;

typedef struct pvx_map {
    vx_map_id id;
    vx_enum usage;
    const void *owner;                /* the pvx_memory that opened it: unmap must name the same */
    pvx_region region;
} pvx_map;

typedef struct pvx_maps {
    int32_t lock;
    uint32_t count;
    uint32_t capacity;
    pvx_map *items;                   /* malloc'd by C, grown on demand */
} pvx_maps;

typedef struct pvx_memory {
    unsigned char *base;              /* NULL until first needed; never moved while a map is open */
    vx_size bytes;
    uint32_t borrowed;                /* base belongs to the application or to a root object */
    pvx_maps *maps;                   /* the root's table: &table, or the root's for a view */
    pvx_maps table;
} pvx_memory;

/* A root memory of `bytes` bytes, with its own empty table (storage comes lazily). */
PVX_HIDDEN void pvx_memory_init(pvx_memory *m, vx_size bytes);
/* A view of `root`: no storage of its own, the root's table. */
PVX_HIDDEN void pvx_memory_view(pvx_memory *m, pvx_memory *root);
/* Allocate `bytes` zeroed bytes if base is still NULL and not borrowed: 0 done, -1 no memory.
 * Safe from several threads: base is set once and never moves. */
PVX_HIDDEN int pvx_memory_alloc(pvx_memory *m);
/* Blocks of this many bytes and more are kept for reuse when freed (memory.c). */
enum { PVX_KEEP_MIN = 4 << 20 };
/* pvx_memory_alloc, but a large block kept for reuse comes as it was: 1 then (the caller zeroes
 * what no writer will write: verification's virtual images, pvx_image_zero_frame), 0 zeroed, -1. */
PVX_HIDDEN int pvx_memory_alloc_unzeroed(pvx_memory *m);
/* Writes a zero to every page of storage just allocated (calloc'd: its content stays), so the first
 * run of a graph does not pay the page faults of its virtual images (verification does). */
PVX_HIDDEN void pvx_memory_prefault(pvx_memory *m);
/* Frees the large blocks kept for reuse (memory.c): the context is gone. */
PVX_HIDDEN void pvx_memory_release_kept(void);
/* The application's memory `base` replaces the object's (its own is freed): borrowed from now on. */
PVX_HIDDEN void pvx_memory_adopt(pvx_memory *m, void *base);
/* Free what the object owns (not borrowed memory) and its own table. */
PVX_HIDDEN void pvx_memory_free(pvx_memory *m);
/* The region of `size` bytes at `offset` of a 1-D object. */
PVX_HIDDEN void pvx_region_bytes(pvx_region *r, vx_size offset, vx_size size);
/* Record a map of `r` opened by m: VX_SUCCESS and *id, VX_ERROR_NO_RESOURCES on a conflict,
 * VX_ERROR_NO_MEMORY when the table cannot grow. */
PVX_HIDDEN vx_status pvx_map_open(pvx_memory *m, const pvx_region *r, vx_enum usage, vx_map_id *id);
/* Close map `id` opened by m: 1 closed, 0 not open on m. */
PVX_HIDDEN int pvx_map_close(pvx_memory *m, vx_map_id id);
/* Whether a copy of `r` may run now: 1 yes, 0 it writes over an open write map. */
PVX_HIDDEN int pvx_copy_allowed(pvx_memory *m, const pvx_region *r, vx_enum usage);
/* Open maps on the memory m shares with its root and views. */
PVX_HIDDEN uint32_t pvx_map_count(pvx_memory *m);
/* Copy an n-dimensional block of items; dimension 0 is the innermost. Strides in bytes. */
PVX_HIDDEN void pvx_copy_strided(void *dst, const vx_size *dst_stride, const void *src,
                                 const vx_size *src_stride, const vx_size *dims, vx_size ndims,
                                 vx_size item_size);
/* The memory of a live handle of that type, when the application may touch it now (not a
 * virtual object outside its graph); NULL otherwise. */
PVX_HIDDEN pvx_memory *pvx_memory_of(const void *handle, vx_enum type);
/* Its storage, or NULL while none is attached. */
PVX_HIDDEN unsigned char *pvx_memory_base(const pvx_memory *m);
/* Its storage, allocated now if it is the object's own and still missing; NULL when there is
 * none to give (borrowed memory not attached, or no memory: the fast paths leave it to Python). */
PVX_HIDDEN unsigned char *pvx_memory_storage(pvx_memory *m);
/* The whole unmap fast path: answers only a map id that this object opened. */
PVX_HIDDEN int pvx_unmap_fast(const void *handle, vx_enum type, vx_map_id id, vx_status *out);
/* Whether a map may give memory of this type: a map hands out the object's own (host) memory, and
 * VX_MEMORY_TYPE_NONE asks for no particular type (as the Khronos sample and TIOVX read it). */
PVX_HIDDEN int pvx_map_memory_type_ok(vx_enum mem_type);
/* The map fast path of a 1-D object: `size` bytes at `offset`, storage present, usage valid. */
PVX_HIDDEN int pvx_map_bytes_fast(pvx_memory *m, vx_size offset, vx_size size, vx_enum usage, vx_map_id *id,
                                  void **ptr);

#endif
