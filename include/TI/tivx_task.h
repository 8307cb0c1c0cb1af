/*
 * pyopenvx - TIOVX-compatible tasks (seed 003): a task is a thread of this process.
 * Written for pyopenvx: the names and values of TIOVX's public API. Priorities and affinities are
 * accepted and not applied (the host OS schedules every target and task).
 */
#ifndef PYOPENVX_TIVX_TASK_H
#define PYOPENVX_TIVX_TASK_H

#include <VX/vx.h>
#include <stdint.h>

#define TIVX_TASK_PRI_HIGHEST (0u)
#define TIVX_TASK_PRI_LOWEST (15u)
#define TIVX_TASK_AFFINITY_ANY (0xFFFFu)
/* Longest task name, terminating NUL included. */
#define TIVX_MAX_TASK_NAME (12u)

/* A task's body. */
typedef void (VX_CALLBACK *tivx_task_main_f)(void *app_var);

typedef struct _tivx_task_t {
    void *tsk_handle;             /* the thread (NULL when not running) */
    uint8_t *stack_ptr;
    uint32_t stack_size;
    uint32_t core_affinity;
    uint32_t priority;
    tivx_task_main_f task_func;
    void *app_var;
    char task_name[TIVX_MAX_TASK_NAME];
} tivx_task;

typedef struct _tivx_task_create_params {
    uint8_t *stack_ptr;           /* NULL: the system's stack */
    uint32_t stack_size;          /* 0: the system's default */
    uint32_t core_affinity;
    uint32_t priority;
    tivx_task_main_f task_main;
    void *app_var;
    char task_name[TIVX_MAX_TASK_NAME];
} tivx_task_create_params_t;

#ifdef __cplusplus
extern "C" {
#endif

VX_API_ENTRY void VX_API_CALL tivxTaskSetDefaultCreateParams(tivx_task_create_params_t *params);
VX_API_ENTRY vx_status VX_API_CALL tivxTaskCreate(tivx_task *task, const tivx_task_create_params_t *params);
/* Stops the task (its thread is cancelled at its next wait or sleep) and waits until it has ended. */
VX_API_ENTRY vx_status VX_API_CALL tivxTaskDelete(tivx_task *task);
VX_API_ENTRY void VX_API_CALL tivxTaskWaitMsecs(uint32_t msec);

#ifdef __cplusplus
}
#endif

#endif /* PYOPENVX_TIVX_TASK_H */
