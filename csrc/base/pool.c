/* The thread pool (pool.h): helpers created on first use; the caller always works too. Jobs are
 * one function that every worker runs; the tile engine and the kernels' row bands are its users. */
#define _GNU_SOURCE                   /* pthread_setname_np */
#include "pool.h"
#include "clock.h"

#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

static struct {
    pthread_mutex_t lock;             /* guards the fields below */
    pthread_cond_t start, done;
    void (*fn)(void *);
    void *arg;
    uint64_t generation;              /* one per job */
    unsigned helpers;                 /* helper threads alive */
    unsigned wanted, joined, running; /* helpers the job asks for, that took it, still in it */
    int nodes;                        /* the job runs whole nodes (pool.h): helpers only */
    unsigned spinning;                /* threads spinning for a job (helpers, pvx_pool_help_until) */
    pthread_mutex_t busy;             /* one job at a time; another caller runs its tiles alone */
} pool = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, PTHREAD_COND_INITIALIZER,
          NULL, NULL, 0, 0, 0, 0, 0, 0, 0, PTHREAD_MUTEX_INITIALIZER};
static pthread_once_t pool_once = PTHREAD_ONCE_INIT;

/* Helpers and the caller spin (pvx_spin_until) before sleeping: row bands of a fast kernel last
 * less than a thread wake-up, and jobs of consecutive nodes follow each other closely. */
static int job_posted(const void *seen)
{
    return __atomic_load_n(&pool.generation, __ATOMIC_ACQUIRE) != *(const uint64_t *)seen;
}

static int helpers_done(const void *unused)
{
    (void)unused;
    return __atomic_load_n(&pool.running, __ATOMIC_ACQUIRE) == 0;
}

static __thread unsigned rank;         /* this helper's place among those that took the job (1...) */
static __thread int inside;            /* this thread runs a job's fn (as its caller or a helper) */

/* Called with pool.lock held and a place left in the job: takes it, runs fn, and returns with the
 * lock held again. */
static void join(void)
{
    __atomic_store_n(&pool.joined, pool.joined + 1, __ATOMIC_RELAXED);
    rank = pool.joined;
    void (*fn)(void *) = pool.fn;
    void *arg = pool.arg;
    pthread_mutex_unlock(&pool.lock);
    inside = 1;
    fn(arg);
    inside = 0;
    rank = 0;
    pthread_mutex_lock(&pool.lock);
    if (__atomic_sub_fetch(&pool.running, 1, __ATOMIC_RELEASE) == 0)
        pthread_cond_signal(&pool.done);
}

static void *helper(void *unused)
{
    (void)unused;
    pthread_setname_np(pthread_self(), "pvx-pool");
    uint64_t seen = 0;
    pthread_mutex_lock(&pool.lock);
    for (;;) {
        if (pool.generation == seen) {
            pool.spinning++;
            pthread_mutex_unlock(&pool.lock);
            pvx_spin_until(job_posted, &seen);
            pthread_mutex_lock(&pool.lock);
            pool.spinning--;
        }
        while (pool.generation == seen)
            pthread_cond_wait(&pool.start, &pool.lock);
        seen = pool.generation;
        if (pool.joined == pool.wanted)
            continue;
        join();
    }
    return NULL;
}

static void pool_start(void)
{
    const char *env = getenv("PVX_TILE_THREADS");
    long n = env && *env ? strtol(env, NULL, 10) : sysconf(_SC_NPROCESSORS_ONLN);
    n = n < 1 ? 1 : n > 256 ? 256 : n;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    for (long i = 1; i < n; i++) {
        pthread_t th;
        if (pthread_create(&th, &attr, helper, NULL) != 0)
            break;
        pool.helpers++;
    }
    pthread_attr_destroy(&attr);
}

static unsigned limit;                 /* pvx_threads_limit: at most this many workers (0: all) */

unsigned pvx_tile_threads(void)
{
    pthread_once(&pool_once, pool_start);
    unsigned n = pool.helpers + 1, cap = __atomic_load_n(&limit, __ATOMIC_RELAXED);
    return cap && cap < n ? cap : n;
}

unsigned pvx_threads_limit(unsigned n)
{
    __atomic_store_n(&limit, n, __ATOMIC_RELAXED);
    return pvx_tile_threads();
}

static unsigned runners;               /* pvx_pool_runners: threads running graphs now */

void pvx_pool_runners(int delta)
{
    __atomic_add_fetch(&runners, (unsigned)delta, __ATOMIC_RELAXED);
}

/* Each other thread running a graph keeps a core busy: helpers beyond what is left would only
 * take turns with it (two graphs on two cores run best one per core, without bands). */
static unsigned spare_helpers(void)
{
    unsigned others = __atomic_load_n(&runners, __ATOMIC_RELAXED);
    others = others > 1 ? others - 1 : 0;
    return pool.helpers > others ? pool.helpers - others : 0;
}

/* A helper leaves a job (between two pieces of it) once a graph started since leaves it no core:
 * a long job (a fused pass is one job per run) would otherwise keep a helper on a core another
 * graph now needs, and three threads took turns on two cores. The job's caller always stays. */
static int keep_helping(void)
{
    return rank == 0 || rank <= spare_helpers();
}

void pvx_pool_run(void (*fn)(void *), void *arg, unsigned workers, int nodes)
{
    unsigned spare = spare_helpers();
    unsigned helpers = workers > 1 ? workers - 1 : 0;
    if (helpers > spare)
        helpers = spare;
    unsigned outer = rank;            /* a helper asking from inside a job is this one's caller */
    rank = 0;
    int was_inside = inside;
    inside = 1;
    if (helpers == 0 || pthread_mutex_trylock(&pool.busy) != 0) {
        fn(arg);
        inside = was_inside;
        rank = outer;
        return;
    }
    pthread_mutex_lock(&pool.lock);
    pool.fn = fn;
    pool.arg = arg;
    pool.running = helpers;
    __atomic_store_n(&pool.nodes, nodes, __ATOMIC_RELAXED);
    __atomic_store_n(&pool.joined, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&pool.wanted, helpers, __ATOMIC_RELAXED);
    __atomic_store_n(&pool.generation, pool.generation + 1, __ATOMIC_RELEASE);   /* spinning helpers see it */
    /* a sleeping helper is woken only for places the spinning threads leave: one woken for nothing
     * takes a core from the threads at work (a waiter helping its graph spins on a core of its own) */
    if (nodes || helpers > pool.spinning)
        pthread_cond_broadcast(&pool.start);
    pthread_mutex_unlock(&pool.lock);
    /* Job contexts live on the caller's stack and the helpers read them all along: the caller's own
     * frames in fn must not share their cache lines (writes there made them bounce between cores,
     * a 3x3 filter's bands ran 25 % slower at 1080p). The gap keeps fn's frames two lines below;
     * a function calling alloca is also never inlined into its caller's frame. */
    volatile char *gap = __builtin_alloca(2 * 64);
    gap[0] = 0;
    fn(arg);
    inside = was_inside;
    /* fn returns when nothing is left to take: helpers that did not join yet (still waking up)
     * are not waited for, and skip this job */
    pthread_mutex_lock(&pool.lock);
    __atomic_sub_fetch(&pool.running, pool.wanted - pool.joined, __ATOMIC_RELEASE);
    __atomic_store_n(&pool.wanted, pool.joined, __ATOMIC_RELAXED);
    pthread_mutex_unlock(&pool.lock);
    pvx_spin_until(helpers_done, NULL);
    pthread_mutex_lock(&pool.lock);
    while (pool.running > 0)
        pthread_cond_wait(&pool.done, &pool.lock);
    pthread_mutex_unlock(&pool.lock);
    pthread_mutex_unlock(&pool.busy);
    rank = outer;
}

/* A place in a job that pvx_pool_help_until may take. */
static int place_left(void)
{
    return __atomic_load_n(&pool.joined, __ATOMIC_RELAXED) < __atomic_load_n(&pool.wanted, __ATOMIC_RELAXED)
        && !__atomic_load_n(&pool.nodes, __ATOMIC_RELAXED);
}

typedef struct {
    pvx_ready_f *ready;
    const void *arg;
} until_ctx;

static int ready_or_place(const void *arg)
{
    const until_ctx *u = arg;
    return u->ready(u->arg) || place_left();
}

int pvx_pool_help_until(pvx_ready_f *ready, const void *arg)
{
    if (inside)                       /* a job's thread does not join another: it spins only */
        return pvx_spin_until(ready, arg);
    until_ctx u = {ready, arg};
    int done = 0;
    pthread_mutex_lock(&pool.lock);
    pool.spinning++;
    for (;;) {
        if (!place_left()) {
            pthread_mutex_unlock(&pool.lock);
            int seen = pvx_spin_until(ready_or_place, &u);
            pthread_mutex_lock(&pool.lock);
            if ((done = ready(arg)) != 0 || (!seen && !place_left()))
                break;
            if (!place_left())
                continue;                 /* another thread took the place: spin again */
        }
        pool.spinning--;
        join();
        pool.spinning++;
        if ((done = ready(arg)) != 0)
            break;
    }
    /* a job posted as this thread left may have counted on it and woken no helper */
    if (--pool.spinning < pool.wanted - pool.joined)
        pthread_cond_broadcast(&pool.start);
    pthread_mutex_unlock(&pool.lock);
    return done;
}

/* ---- rows of a standard kernel in bands ---------------------------------------------------- */

typedef struct {
    pvx_band_f *fn;
    void *arg;
    uint32_t rows, band;
    uint32_t next;                    /* the next band to take (atomic) */
} bands_ctx;

static void work_bands(void *arg)
{
    bands_ctx *b = arg;
    while (keep_helping()) {
        uint32_t i = __atomic_fetch_add(&b->next, 1, __ATOMIC_RELAXED);
        if ((uint64_t)i * b->band >= b->rows)
            return;
        uint32_t first = i * b->band, end = b->rows - first < b->band ? b->rows : first + b->band;
        b->fn(b->arg, first, end);
    }
}

void pvx_rows_in_bands(pvx_band_f *fn, void *arg, uint32_t rows, uint64_t work)
{
    unsigned threads = work >= PVX_BAND_MIN_WORK ? pvx_tile_threads() : 1;
    if (threads <= 1 || rows < 2) {
        fn(arg, 0, rows);
        return;
    }
    uint32_t band = rows / (threads * 4);     /* a few bands per thread: a slow one is evened out */
    bands_ctx b = {fn, arg, rows, band < 8 ? 8 : band, 0};
    pvx_pool_run(work_bands, &b, threads, 0);
}

