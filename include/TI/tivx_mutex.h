/*
 * pyopenvx - TIOVX-compatible mutexes (seed 003).
 * Written for pyopenvx: the names of TIOVX's public API.
 */
#ifndef PYOPENVX_TIVX_MUTEX_H
#define PYOPENVX_TIVX_MUTEX_H

#include <VX/vx.h>

typedef struct tivx_vx_mutex_t *tivx_mutex;

#ifdef __cplusplus
extern "C" {
#endif

VX_API_ENTRY vx_status VX_API_CALL tivxMutexCreate(tivx_mutex *mutex);
VX_API_ENTRY vx_status VX_API_CALL tivxMutexDelete(tivx_mutex *mutex);
VX_API_ENTRY vx_status VX_API_CALL tivxMutexLock(tivx_mutex mutex);
VX_API_ENTRY vx_status VX_API_CALL tivxMutexUnlock(tivx_mutex mutex);

#ifdef __cplusplus
}
#endif

#endif /* PYOPENVX_TIVX_MUTEX_H */
