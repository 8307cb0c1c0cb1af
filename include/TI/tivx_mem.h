/*
 * pyopenvx - TIOVX-compatible memory API (seed 003).
 * Written for pyopenvx: the names and meanings of TIOVX's public API. All targets share the host's
 * address space, so shared, host and target pointers are the same address.
 */
#ifndef PYOPENVX_TIVX_MEM_H
#define PYOPENVX_TIVX_MEM_H

#include <VX/vx.h>
#include <stdint.h>

/* Heap a buffer comes from (all are the process heap here). */
typedef enum _tivx_mem_heap_region_e {
    TIVX_MEM_EXTERNAL = 0,
    TIVX_MEM_INTERNAL_L3 = 1,
    TIVX_MEM_INTERNAL_L2 = 2,
    TIVX_MEM_INTERNAL_L1 = 3,
    TIVX_MEM_EXTERNAL_SCRATCH = 4,
    TIVX_MEM_EXTERNAL_PERSISTENT_NON_CACHEABLE = 5,
    TIVX_MEM_EXTERNAL_SCRATCH_NON_CACHEABLE = 6,
    TIVX_MEM_EXTERNAL_CACHEABLE_WT = 7,
    TIVX_MEM_EXTERNAL_SHARED = 8,
} tivx_mem_heap_region_e;

/* Memory types beyond vx_memory_type_e accepted by tivxMemBufferMap. */
typedef enum _tivx_memory_type_e {
    TIVX_MEMORY_TYPE_DMA = 0x10E000,          /* VX_ENUM_BASE(VX_ID_TI, VX_ENUM_MEMORY_TYPE) + 0 */
} tivx_memory_type_e;

/* A buffer as object descriptors carry it. */
typedef struct _tivx_shared_mem_ptr_t {
    uint64_t shared_ptr;          /* address every target can use */
    uint64_t host_ptr;            /* address on the host */
    vx_enum mem_heap_region;      /* tivx_mem_heap_region_e */
    uint32_t rsv;
} tivx_shared_mem_ptr_t;

#ifdef __cplusplus
extern "C" {
#endif

VX_API_ENTRY void * VX_API_CALL tivxMemAlloc(vx_uint32 size, vx_enum mem_heap_region);
VX_API_ENTRY vx_status VX_API_CALL tivxMemFree(void *ptr, vx_uint32 size, vx_enum mem_heap_region);
VX_API_ENTRY vx_status VX_API_CALL tivxMemResetScratchHeap(vx_enum mem_heap_region);
VX_API_ENTRY void * VX_API_CALL tivxMemShared2TargetPtr(const tivx_shared_mem_ptr_t *shared_ptr);
VX_API_ENTRY uint64_t VX_API_CALL tivxMemHost2SharedPtr(uint64_t host_ptr, vx_enum mem_heap_region);
VX_API_ENTRY vx_status VX_API_CALL tivxMemBufferMap(void *host_ptr, uint32_t size, vx_enum mem_type, vx_enum maptype);
VX_API_ENTRY vx_status VX_API_CALL tivxMemBufferUnmap(void *host_ptr, uint32_t size, vx_enum mem_type, vx_enum maptype);

#ifdef __cplusplus
}
#endif

#endif /* PYOPENVX_TIVX_MEM_H */
