/* For kernels that must run at the same time as another (tests of branches run side by side):
 * the caller arrives, then waits up to 5 s until its partner did (calls 1 and 2 meet, then 3 and
 * 4, ...); 0 when nobody came. `arrived` counts the calls (zero it before a test). The including
 * program defines _GNU_SOURCE first (clock_gettime, sched_yield under -std=c99). */
#ifndef PVX_TEST_MEET_H
#define PVX_TEST_MEET_H
#include <sched.h>
#include <time.h>

static int arrived;

static inline double seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static inline int meet_partner(void)
{
    int me = __atomic_add_fetch(&arrived, 1, __ATOMIC_ACQ_REL);
    int partner = (me + 1) / 2 * 2;
    double until = seconds_now() + 5;
    while (__atomic_load_n(&arrived, __ATOMIC_ACQUIRE) < partner && seconds_now() < until)
        sched_yield();
    return __atomic_load_n(&arrived, __ATOMIC_ACQUIRE) >= partner;
}

#endif
