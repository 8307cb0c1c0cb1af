/* Time and the spin-wait (clock.h). */
#include "clock.h"

#include <time.h>

uint64_t pvx_time_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void pvx_deadline_in(struct timespec *ts, uint32_t ms)
{
    clock_gettime(CLOCK_REALTIME, ts);
    ts->tv_sec += ms / 1000;
    ts->tv_nsec += (long)(ms % 1000) * 1000000L;
    if (ts->tv_nsec >= 1000000000L) {
        ts->tv_sec++;
        ts->tv_nsec -= 1000000000L;
    }
}

int pvx_spin_until(pvx_ready_f *ready, const void *arg)
{
    const uint64_t ns = 20000;
    uint64_t until = 0;
    for (unsigned k = 1;; k++) {
        if (ready(arg))
            return 1;
        if ((k & 63) == 0) {
            uint64_t now = pvx_time_ns();
            if (until == 0)
                until = now + ns;
            else if (now > until)
                return 0;
        }
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
    }
}
