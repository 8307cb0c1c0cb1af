/*
 * pyopenvx - TIOVX-compatible queues (seed 003): a FIFO of uintptr_t in memory the caller gives.
 * Written for pyopenvx: the names and values of TIOVX's public API.
 */
#ifndef PYOPENVX_TIVX_QUEUE_H
#define PYOPENVX_TIVX_QUEUE_H

#include <VX/vx.h>
#include <stdint.h>
#include <TI/tivx_event.h>
#include <TI/tivx_mutex.h>

/* tivxQueueCreate flags: wait (up to the timeout) on a full queue, on an empty one. */
#define TIVX_QUEUE_FLAG_BLOCK_ON_PUT (0x00000001u)
#define TIVX_QUEUE_FLAG_BLOCK_ON_GET (0x00000002u)

typedef struct _tivx_queue_t {
    uint32_t cur_rd;              /* next element read */
    uint32_t cur_wr;              /* next element written */
    uint32_t count;
    uint32_t max_ele;
    uintptr_t *queue;             /* max_ele elements, the caller's memory */
    tivx_event block_rd;          /* posted by a put (TIVX_QUEUE_FLAG_BLOCK_ON_GET) */
    tivx_event block_wr;          /* posted by a get (TIVX_QUEUE_FLAG_BLOCK_ON_PUT) */
    tivx_mutex lock;
    void *context;
    uint32_t flags;
    volatile vx_bool blockedOnGet;
    volatile vx_bool blockedOnPut;
} tivx_queue;

#ifdef __cplusplus
extern "C" {
#endif

VX_API_ENTRY vx_status VX_API_CALL tivxQueueCreate(tivx_queue *queue, uint32_t max_elements, uintptr_t *queue_memory, uint32_t flags);
VX_API_ENTRY vx_status VX_API_CALL tivxQueueDelete(tivx_queue *queue);
/* VX_FAILURE on a full queue (after the timeout when it blocks on put). */
VX_API_ENTRY vx_status VX_API_CALL tivxQueuePut(tivx_queue *queue, uintptr_t data, uint32_t timeout);
/* VX_FAILURE on an empty queue (after the timeout when it blocks on get). */
VX_API_ENTRY vx_status VX_API_CALL tivxQueueGet(tivx_queue *queue, uintptr_t *data, uint32_t timeout);
VX_API_ENTRY vx_status VX_API_CALL tivxQueuePeek(const tivx_queue *queue, uintptr_t *data);
VX_API_ENTRY vx_bool VX_API_CALL tivxQueueIsEmpty(const tivx_queue *queue);

#ifdef __cplusplus
}
#endif

#endif /* PYOPENVX_TIVX_QUEUE_H */
