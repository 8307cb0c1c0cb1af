/*
 * pyopenvx - TIOVX-compatible events (seed 003): a binary semaphore between threads.
 * Written for pyopenvx: the names and values of TIOVX's public API.
 */
#ifndef PYOPENVX_TIVX_EVENT_H
#define PYOPENVX_TIVX_EVENT_H

#include <VX/vx.h>
#include <stdint.h>

/* tivxEventWait: do not wait (VX_TIMEOUT_WAIT_FOREVER of TI/tivx.h: wait without limit). */
#define TIVX_EVENT_TIMEOUT_NO_WAIT (0u)

typedef struct tivx_vx_event_t *tivx_event;

#ifdef __cplusplus
extern "C" {
#endif

VX_API_ENTRY vx_status VX_API_CALL tivxEventCreate(tivx_event *event);
VX_API_ENTRY vx_status VX_API_CALL tivxEventDelete(tivx_event *event);
VX_API_ENTRY vx_status VX_API_CALL tivxEventPost(tivx_event event);
/* Takes a posted event, waiting up to `timeout` ms: VX_ERROR_TIMEOUT when none came. */
VX_API_ENTRY vx_status VX_API_CALL tivxEventWait(tivx_event event, uint32_t timeout);
VX_API_ENTRY vx_status VX_API_CALL tivxEventClear(tivx_event event);

#ifdef __cplusplus
}
#endif

#endif /* PYOPENVX_TIVX_EVENT_H */
