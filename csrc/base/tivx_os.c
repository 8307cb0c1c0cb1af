/* The TIOVX operating-system layer kernels and applications call (seed 003): debug prints by zone,
 * tasks, events, mutexes and queues, sleeping and the clock. All plain C on POSIX threads: target
 * kernels call them on their target's thread, without Python. */
#define _GNU_SOURCE
#include "base.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <TI/tivx.h>
#include <TI/tivx_event.h>
#include <TI/tivx_mutex.h>
#include <TI/tivx_queue.h>
#include <TI/tivx_task.h>

/* ---------------------------------------------------------------- debug zones */

/* Errors and warnings print from the start, as our VX_PRINT always did. */
static uint32_t zone_mask = (1u << VX_ZONE_ERROR) | (1u << VX_ZONE_WARNING);

static int zone_valid(vx_enum zone) { return zone >= 0 && zone < VX_ZONE_MAX; }

vx_char *pvx_c_tivx_find_zone_name(vx_enum zone);

/* "<zone name>: <message>", in one write so the lines of two threads do not mix. */
static void vprint(vx_enum zone, const char *format, va_list ap)
{
    char text[1024];
    int n = snprintf(text, sizeof text, "%s: ", pvx_c_tivx_find_zone_name(zone));
    vsnprintf(text + n, sizeof text - (size_t)n, format, ap);
    fputs(text, stderr);
}

/* The va_list forms: libopenvx.so's variadic tivx_print_global/object (embed/loader.c) forward to
 * them through the table, as vxAddLogEntry does; the core's own prints call the variadic ones below. */
void pvx_tivx_print_global_v(vx_enum zone, const char *format, va_list ap)
{
    if (format != NULL && zone_valid(zone) && (__atomic_load_n(&zone_mask, __ATOMIC_RELAXED) & (1u << zone)))
        vprint(zone, format, ap);
}

void pvx_tivx_print_object_v(vx_enum zone, vx_uint32 debug_zonemask, const char *format, va_list ap)
{
    if (format != NULL && zone_valid(zone) && (debug_zonemask & (1u << zone)))
        vprint(zone, format, ap);
}

void VX_API_CALL tivx_print_global(vx_enum zone, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    pvx_tivx_print_global_v(zone, format, ap);
    va_end(ap);
}

void VX_API_CALL tivx_print_object(vx_enum zone, vx_uint32 debug_zonemask, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    pvx_tivx_print_object_v(zone, debug_zonemask, format, ap);
    va_end(ap);
}

vx_char *pvx_c_tivx_find_zone_name(vx_enum zone)
{
    static vx_char names[][16] = {"VX_ZONE_ERROR", "VX_ZONE_WARNING", "VX_ZONE_INFO"};
    static vx_char unknown[] = "UNKNOWN";
    return zone_valid(zone) ? names[zone] : unknown;
}

void pvx_c_tivx_set_debug_zone(vx_enum zone)
{
    if (zone_valid(zone))
        __atomic_or_fetch(&zone_mask, 1u << zone, __ATOMIC_RELAXED);
}

void pvx_c_tivx_clr_debug_zone(vx_enum zone)
{
    if (zone_valid(zone))
        __atomic_and_fetch(&zone_mask, ~(1u << zone), __ATOMIC_RELAXED);
}

vx_bool pvx_c_tivx_is_zone_enabled(vx_enum zone)
{
    return zone_valid(zone) && (__atomic_load_n(&zone_mask, __ATOMIC_RELAXED) & (1u << zone)) ? vx_true_e : vx_false_e;
}

void pvx_c_tivx_bound_error(const char *func, uint32_t line, const char *resource)
{
    tivx_print_global(VX_ZONE_ERROR, "[%s:%u] %s: the configured maximum is reached\n", func ? func : "?",
                      (unsigned)line, resource ? resource : "a resource");
}

/* ---------------------------------------------------------------- time */

uint64_t pvx_c_tivxPlatformGetTimeInUsecs(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000u + (uint64_t)t.tv_nsec / 1000u;
}

void pvx_c_tivxTaskWaitMsecs(uint32_t msec)
{
    struct timespec t = {msec / 1000u, (long)(msec % 1000u) * 1000000L};
    while (nanosleep(&t, &t) != 0 && errno == EINTR)
        ;
}

/* The absolute CLOCK_MONOTONIC time `ms` from now (conditions below wait on that clock). */
static struct timespec deadline(uint32_t ms)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    t.tv_sec += ms / 1000u;
    t.tv_nsec += (long)(ms % 1000u) * 1000000L;
    if (t.tv_nsec >= 1000000000L) {
        t.tv_sec++;
        t.tv_nsec -= 1000000000L;
    }
    return t;
}

static int cond_init(pthread_cond_t *c)
{
    pthread_condattr_t a;
    pthread_condattr_init(&a);
    pthread_condattr_setclock(&a, CLOCK_MONOTONIC);
    int r = pthread_cond_init(c, &a);
    pthread_condattr_destroy(&a);
    return r;
}

/* ---------------------------------------------------------------- tasks */

void pvx_c_tivxTaskSetDefaultCreateParams(tivx_task_create_params_t *params)
{
    if (params == NULL)
        return;
    memset(params, 0, sizeof *params);
    params->core_affinity = TIVX_TASK_AFFINITY_ANY;
    params->priority = TIVX_TASK_PRI_LOWEST;
}

static void *task_main(void *arg)
{
    tivx_task *task = arg;
    task->task_func(task->app_var);
    return NULL;
}

vx_status pvx_c_tivxTaskCreate(tivx_task *task, const tivx_task_create_params_t *params)
{
    if (task == NULL || params == NULL || params->task_main == NULL)
        return VX_ERROR_INVALID_PARAMETERS;
    pthread_t *thread = malloc(sizeof *thread);
    if (thread == NULL)
        return VX_ERROR_NO_MEMORY;
    task->stack_ptr = params->stack_ptr;
    task->stack_size = params->stack_size;
    task->core_affinity = params->core_affinity;
    task->priority = params->priority;
    task->task_func = params->task_main;
    task->app_var = params->app_var;
    memcpy(task->task_name, params->task_name, TIVX_MAX_TASK_NAME);
    task->task_name[TIVX_MAX_TASK_NAME - 1] = '\0';
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    if (params->stack_size >= PTHREAD_STACK_MIN)
        pthread_attr_setstacksize(&attr, params->stack_size);
    int r = pthread_create(thread, &attr, task_main, task);
    pthread_attr_destroy(&attr);
    if (r != 0) {
        free(thread);
        task->tsk_handle = NULL;
        return VX_ERROR_NO_RESOURCES;
    }
    if (task->task_name[0] != '\0')
        pthread_setname_np(*thread, task->task_name);
    task->tsk_handle = thread;
    return VX_SUCCESS;
}

vx_status pvx_c_tivxTaskDelete(tivx_task *task)
{
    if (task == NULL || task->tsk_handle == NULL)
        return VX_ERROR_INVALID_PARAMETERS;
    pthread_t *thread = task->tsk_handle;
    pthread_cancel(*thread);
    pthread_join(*thread, NULL);
    free(thread);
    task->tsk_handle = NULL;
    return VX_SUCCESS;
}

/* ---------------------------------------------------------------- events (binary semaphores) */

struct tivx_vx_event_t {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int posted;
};

vx_status pvx_c_tivxEventCreate(tivx_event *event)
{
    if (event == NULL)
        return VX_ERROR_INVALID_PARAMETERS;
    struct tivx_vx_event_t *e = calloc(1, sizeof *e);
    if (e == NULL)
        return VX_ERROR_NO_MEMORY;
    pthread_mutex_init(&e->lock, NULL);
    cond_init(&e->cond);
    *event = e;
    return VX_SUCCESS;
}

vx_status pvx_c_tivxEventDelete(tivx_event *event)
{
    if (event == NULL || *event == NULL)
        return VX_ERROR_INVALID_PARAMETERS;
    pthread_mutex_destroy(&(*event)->lock);
    pthread_cond_destroy(&(*event)->cond);
    free(*event);
    *event = NULL;
    return VX_SUCCESS;
}

vx_status pvx_c_tivxEventPost(tivx_event event)
{
    if (event == NULL)
        return VX_ERROR_INVALID_PARAMETERS;
    pthread_mutex_lock(&event->lock);
    event->posted = 1;
    pthread_cond_signal(&event->cond);
    pthread_mutex_unlock(&event->lock);
    return VX_SUCCESS;
}

/* Waits on `cond` (with `lock` held) until `*ready` or the timeout; 0 when ready. */
static int wait_until(pthread_cond_t *cond, pthread_mutex_t *lock, const volatile int *ready, uint32_t timeout)
{
    struct timespec until = deadline(timeout == VX_TIMEOUT_WAIT_FOREVER ? 0 : timeout);
    int r = 0;
    while (!*ready && r != ETIMEDOUT) {
        if (timeout == TIVX_EVENT_TIMEOUT_NO_WAIT)
            return -1;
        r = timeout == VX_TIMEOUT_WAIT_FOREVER ? pthread_cond_wait(cond, lock) : pthread_cond_timedwait(cond, lock, &until);
    }
    return *ready ? 0 : -1;
}

vx_status pvx_c_tivxEventWait(tivx_event event, uint32_t timeout)
{
    if (event == NULL)
        return VX_ERROR_INVALID_PARAMETERS;
    int ok;
    pthread_mutex_lock(&event->lock);
    pthread_cleanup_push((void (*)(void *))pthread_mutex_unlock, &event->lock);   /* a task deleted while it waits */
    ok = wait_until(&event->cond, &event->lock, &event->posted, timeout) == 0;
    if (ok)
        event->posted = 0;
    pthread_cleanup_pop(1);
    return ok ? VX_SUCCESS : VX_ERROR_TIMEOUT;
}

vx_status pvx_c_tivxEventClear(tivx_event event)
{
    if (event == NULL)
        return VX_ERROR_INVALID_PARAMETERS;
    pthread_mutex_lock(&event->lock);
    event->posted = 0;
    pthread_mutex_unlock(&event->lock);
    return VX_SUCCESS;
}

/* ---------------------------------------------------------------- mutexes */

struct tivx_vx_mutex_t {
    pthread_mutex_t lock;
};

vx_status pvx_c_tivxMutexCreate(tivx_mutex *mutex)
{
    if (mutex == NULL)
        return VX_ERROR_INVALID_PARAMETERS;
    struct tivx_vx_mutex_t *m = malloc(sizeof *m);
    if (m == NULL)
        return VX_ERROR_NO_MEMORY;
    pthread_mutexattr_t a;                /* recursive, as TIOVX's */
    pthread_mutexattr_init(&a);
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&m->lock, &a);
    pthread_mutexattr_destroy(&a);
    *mutex = m;
    return VX_SUCCESS;
}

vx_status pvx_c_tivxMutexDelete(tivx_mutex *mutex)
{
    if (mutex == NULL || *mutex == NULL)
        return VX_ERROR_INVALID_PARAMETERS;
    pthread_mutex_destroy(&(*mutex)->lock);
    free(*mutex);
    *mutex = NULL;
    return VX_SUCCESS;
}

vx_status pvx_c_tivxMutexLock(tivx_mutex mutex)
{
    return mutex != NULL && pthread_mutex_lock(&mutex->lock) == 0 ? VX_SUCCESS : VX_ERROR_INVALID_PARAMETERS;
}

vx_status pvx_c_tivxMutexUnlock(tivx_mutex mutex)
{
    return mutex != NULL && pthread_mutex_unlock(&mutex->lock) == 0 ? VX_SUCCESS : VX_ERROR_INVALID_PARAMETERS;
}

/* ---------------------------------------------------------------- queues */

/* The queue's own lock and conditions (tivx_queue.context); the public fields stay as TIOVX has them. */
typedef struct queue_sync {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    int not_empty, not_full;              /* what waiters wait for, kept current under the lock */
} queue_sync;

static void queue_flags(tivx_queue *q, queue_sync *s)
{
    s->not_empty = q->count > 0;
    s->not_full = q->count < q->max_ele;
}

vx_status pvx_c_tivxQueueCreate(tivx_queue *queue, uint32_t max_elements, uintptr_t *queue_memory, uint32_t flags)
{
    if (queue == NULL || queue_memory == NULL || max_elements == 0)
        return VX_ERROR_INVALID_PARAMETERS;
    queue_sync *s = calloc(1, sizeof *s);
    if (s == NULL)
        return VX_ERROR_NO_MEMORY;
    pthread_mutex_init(&s->lock, NULL);
    cond_init(&s->changed);
    memset(queue, 0, sizeof *queue);
    queue->max_ele = max_elements;
    queue->queue = queue_memory;
    queue->flags = flags;
    queue->context = s;
    queue_flags(queue, s);
    return VX_SUCCESS;
}

vx_status pvx_c_tivxQueueDelete(tivx_queue *queue)
{
    if (queue == NULL || queue->context == NULL)
        return VX_ERROR_INVALID_PARAMETERS;
    queue_sync *s = queue->context;
    pthread_mutex_destroy(&s->lock);
    pthread_cond_destroy(&s->changed);
    free(s);
    queue->context = NULL;
    return VX_SUCCESS;
}

vx_status pvx_c_tivxQueuePut(tivx_queue *queue, uintptr_t data, uint32_t timeout)
{
    if (queue == NULL || queue->context == NULL)
        return VX_ERROR_INVALID_PARAMETERS;
    queue_sync *s = queue->context;
    pthread_mutex_lock(&s->lock);
    uint32_t wait = queue->flags & TIVX_QUEUE_FLAG_BLOCK_ON_PUT ? timeout : TIVX_EVENT_TIMEOUT_NO_WAIT;
    queue->blockedOnPut = !s->not_full ? vx_true_e : vx_false_e;
    int ok = wait_until(&s->changed, &s->lock, &s->not_full, wait) == 0;
    queue->blockedOnPut = vx_false_e;
    if (ok) {
        queue->queue[queue->cur_wr] = data;
        queue->cur_wr = (queue->cur_wr + 1) % queue->max_ele;
        queue->count++;
        queue_flags(queue, s);
        pthread_cond_broadcast(&s->changed);
    }
    pthread_mutex_unlock(&s->lock);
    return ok ? VX_SUCCESS : VX_FAILURE;
}

vx_status pvx_c_tivxQueueGet(tivx_queue *queue, uintptr_t *data, uint32_t timeout)
{
    if (queue == NULL || queue->context == NULL || data == NULL)
        return VX_ERROR_INVALID_PARAMETERS;
    queue_sync *s = queue->context;
    pthread_mutex_lock(&s->lock);
    uint32_t wait = queue->flags & TIVX_QUEUE_FLAG_BLOCK_ON_GET ? timeout : TIVX_EVENT_TIMEOUT_NO_WAIT;
    queue->blockedOnGet = !s->not_empty ? vx_true_e : vx_false_e;
    int ok = wait_until(&s->changed, &s->lock, &s->not_empty, wait) == 0;
    queue->blockedOnGet = vx_false_e;
    if (ok) {
        *data = queue->queue[queue->cur_rd];
        queue->cur_rd = (queue->cur_rd + 1) % queue->max_ele;
        queue->count--;
        queue_flags(queue, s);
        pthread_cond_broadcast(&s->changed);
    }
    pthread_mutex_unlock(&s->lock);
    return ok ? VX_SUCCESS : VX_FAILURE;
}

vx_status pvx_c_tivxQueuePeek(const tivx_queue *queue, uintptr_t *data)
{
    if (queue == NULL || queue->context == NULL || data == NULL)
        return VX_ERROR_INVALID_PARAMETERS;
    queue_sync *s = queue->context;
    pthread_mutex_lock(&s->lock);
    int ok = queue->count > 0;
    if (ok)
        *data = queue->queue[queue->cur_rd];
    pthread_mutex_unlock(&s->lock);
    return ok ? VX_SUCCESS : VX_FAILURE;
}

vx_bool pvx_c_tivxQueueIsEmpty(const tivx_queue *queue)
{
    if (queue == NULL || queue->context == NULL)
        return vx_true_e;
    queue_sync *s = queue->context;
    pthread_mutex_lock(&s->lock);
    vx_bool empty = queue->count == 0 ? vx_true_e : vx_false_e;
    pthread_mutex_unlock(&s->lock);
    return empty;
}

/* ---------------------------------------------------------------- descriptor byte helpers */

void pvx_c_tivx_obj_desc_strncpy(volatile void *dst, volatile void *src, uint32_t size)
{
    if (dst != NULL && src != NULL && size > 0) {
        strncpy((char *)dst, (const char *)src, size);
        ((char *)dst)[size - 1] = '\0';
    }
}

void pvx_c_tivx_obj_desc_memcpy(volatile void *dst, volatile void *src, uint32_t size)
{
    if (dst != NULL && src != NULL)
        memcpy((void *)dst, (const void *)src, size);
}

void pvx_c_tivx_obj_desc_memset(volatile void *dst, uint8_t val, uint32_t size)
{
    if (dst != NULL)
        memset((void *)dst, val, size);
}

int32_t pvx_c_tivx_obj_desc_strncmp(volatile void *dst, volatile void *src, uint32_t size)
{
    if (dst == NULL || src == NULL)
        return -1;
    return strncmp((const char *)dst, (const char *)src, size);
}

int32_t pvx_c_tivx_obj_desc_strncmp_delim(volatile void *dst, volatile void *src, uint32_t size, char delim)
{
    if (dst == NULL || src == NULL)
        return -1;
    const char *a = (const char *)dst, *b = (const char *)src;
    for (uint32_t i = 0; i < size; i++) {           /* equal up to the first delimiter (or NUL) */
        if (a[i] != b[i])
            return (unsigned char)a[i] - (unsigned char)b[i];
        if (a[i] == '\0' || a[i] == delim)
            return 0;
    }
    return 0;
}
