/* The memory a data object owns (or borrows: a tensor from a handle, a view of a parent) and the
 * maps open on it. Every data-object descriptor starts with a pvx_memory, so the generic map
 * bookkeeping and the unmap fast paths work for every type. */
#ifndef PVX_MEMORY_H
#define PVX_MEMORY_H

typedef struct pvx_map {
    vx_map_id id;
    void *ptr;
    vx_enum usage;
} pvx_map;

typedef struct pvx_memory {
    unsigned char *base;          /* NULL until first needed; never moved while a map is open */
    vx_size bytes;
    uint32_t borrowed;            /* base belongs to the application or to a parent object */
    uint32_t nmaps;
    uint32_t cap;
    pvx_map *maps;
} pvx_memory;

/* Allocate `bytes` zeroed bytes if base is still NULL: 0 done, -1 no memory. */
PVX_HIDDEN int pvx_memory_alloc(pvx_memory *m);
/* Free what the object owns (not borrowed memory) and the map table. */
PVX_HIDDEN void pvx_memory_free(pvx_memory *m);
/* Record a map of ptr; returns its id, 0 when the table cannot grow. */
PVX_HIDDEN vx_map_id pvx_map_open(pvx_memory *m, void *ptr, vx_enum usage);
/* Close a map of this memory: 1 closed, 0 the id is not open here. */
PVX_HIDDEN int pvx_map_close(pvx_memory *m, vx_map_id id);
/* Copy an n-dimensional block of items; dimension 0 is the innermost. Strides in bytes. */
PVX_HIDDEN void pvx_copy_strided(void *dst, const vx_size *dst_stride, const void *src,
                                 const vx_size *src_stride, const vx_size *dims, vx_size ndims,
                                 vx_size item_size);
/* The memory of a live handle of that type, when the application may touch it now (not a
 * virtual object outside its graph); NULL otherwise. */
PVX_HIDDEN pvx_memory *pvx_memory_of(const void *handle, vx_enum type);
/* The whole unmap fast path: answers only a map id that is open on that object. */
PVX_HIDDEN int pvx_unmap_fast(const void *handle, vx_enum type, vx_map_id id, vx_status *out);

#endif
