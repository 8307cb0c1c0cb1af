/* Time and short waits, shared by the executor, the targets, the tile pool and the events. */
#ifndef PVX_CLOCK_H
#define PVX_CLOCK_H

#include "common.h"

/* Monotonic nanoseconds (vx_perf_t, event timestamps). */
PVX_HIDDEN uint64_t pvx_time_ns(void);
/* The CLOCK_REALTIME time `ms` from now, for pthread_cond_timedwait. */
struct timespec;
PVX_HIDDEN void pvx_deadline_in(struct timespec *ts, uint32_t ms);
/* Spins up to 20 us until ready(arg) (which reads without a lock); 1 when it became ready. A waiter
 * that spins briefly before sleeping costs no thread wake-up when the other side is quick (a node
 * waiting for a target node, a target for its next command, the tile pool between row bands). */
typedef int pvx_ready_f(const void *arg);
PVX_HIDDEN int pvx_spin_until(pvx_ready_f *ready, const void *arg);

#endif
