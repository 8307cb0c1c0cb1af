/*
 * pyopenvx - TIOVX-compatible host API (seed 003): targets, initialization, kernel targets, node
 * commands. Written for pyopenvx: the names and meanings of TIOVX's public API, no SoC define needed.
 * Every target below is a thread of this process with its own FIFO command queue.
 */
#ifndef PYOPENVX_TIVX_H
#define PYOPENVX_TIVX_H

#include <VX/vx.h>
#include <VX/vx_khr_pipelining.h>
#include <VX/vx_khr_user_data_object.h>
#include <TI/tivx_config.h>
#include <TI/tivx_mem.h>
#include <TI/tivx_obj_desc.h>
#include <TI/tivx_target_kernel.h>

/* Longest target name, terminating NUL included. */
#define TIVX_TARGET_MAX_NAME (16u)

/* Targets (each one distinct). */
#define TIVX_TARGET_HOST       "HOST"
#define TIVX_TARGET_DSP1       "DSP-1"
#define TIVX_TARGET_DSP2       "DSP-2"
#define TIVX_TARGET_DSP_C7_1   "DSP_C7-1"
#define TIVX_TARGET_DSP_C7_2   "DSP_C7-2"
#define TIVX_TARGET_DSP_C7_3   "DSP_C7-3"
#define TIVX_TARGET_DSP_C7_4   "DSP_C7-4"
#define TIVX_TARGET_EVE1       "EVE-1"
#define TIVX_TARGET_EVE2       "EVE-2"
#define TIVX_TARGET_EVE3       "EVE-3"
#define TIVX_TARGET_EVE4       "EVE-4"
#define TIVX_TARGET_A15_0      "A15-0"
#define TIVX_TARGET_IPU1_0     "IPU1-0"
#define TIVX_TARGET_IPU1_1     "IPU1-1"
#define TIVX_TARGET_IPU2       "IPU2"
#define TIVX_TARGET_MPU_0      "MPU-0"
#define TIVX_TARGET_MPU_1      "MPU-1"
#define TIVX_TARGET_MPU_2      "MPU-2"
#define TIVX_TARGET_MPU_3      "MPU-3"
#define TIVX_TARGET_A72_0      "A72-0"
#define TIVX_TARGET_A72_1      "A72-1"
#define TIVX_TARGET_A72_2      "A72-2"
#define TIVX_TARGET_A72_3      "A72-3"
#define TIVX_TARGET_MCU1_0     "MCU1-0"
#define TIVX_TARGET_MCU2_0     "MCU2-0"
#define TIVX_TARGET_MCU2_1     "MCU2-1"
#define TIVX_TARGET_MCU3_0     "MCU3-0"
#define TIVX_TARGET_MCU3_1     "MCU3-1"
#define TIVX_TARGET_VPAC_NF    "VPAC_NF"
#define TIVX_TARGET_VPAC_LDC1  "VPAC_LDC1"
#define TIVX_TARGET_VPAC_MSC1  "VPAC_MSC1"
#define TIVX_TARGET_VPAC_MSC2  "VPAC_MSC2"
#define TIVX_TARGET_VPAC_VISS1 "VPAC_VISS1"
#define TIVX_TARGET_DMPAC_DOF  "DMPAC_DOF"
#define TIVX_TARGET_DMPAC_SDE  "DMPAC_SDE"
#define TIVX_TARGET_DISPLAY1   "DISPLAY1"
#define TIVX_TARGET_DISPLAY2   "DISPLAY2"
#define TIVX_TARGET_CAPTURE1   "CAPTURE1"
#define TIVX_TARGET_CAPTURE2   "CAPTURE2"
#define TIVX_TARGET_CSITX      "CSITX"

/* tivxNodeSendCommandTimed: wait without limit. */
#define TIVX_EVENT_TIMEOUT_WAIT_FOREVER (0xFFFFFFFFu)
/* Ask every replica of a replicated node (tivxNodeSendCommand's replicated_node_idx). */
#define TIVX_CONTROL_CMD_SEND_TO_ALL_REPLICATED_NODES (0xFFFFFFFFu)

/* TI status codes (below the OpenVX ones). */
#define TIVX_STATUS_BASE (-100)
typedef enum _tivx_status_e {
    TIVX_ERROR_EVENT_TIMEOUT = -99,          /* TIVX_STATUS_BASE + 1 */   /* a timed wait ended before the command */
} tivx_status_e;

/* CPUs, for kernel libraries that register their target kernels per CPU (tivxGetSelfCpuId). */
typedef enum _tivx_cpu_id_e {
    TIVX_CPU_ID_DSP1 = 0,
    TIVX_CPU_ID_DSP2 = 1,
    TIVX_CPU_ID_DSP_C7_1 = 2,
    TIVX_CPU_ID_DSP_C7_2 = 3,
    TIVX_CPU_ID_EVE1 = 4,
    TIVX_CPU_ID_EVE2 = 5,
    TIVX_CPU_ID_EVE3 = 6,
    TIVX_CPU_ID_EVE4 = 7,
    TIVX_CPU_ID_IPU1_0 = 8,
    TIVX_CPU_ID_IPU1_1 = 9,
    TIVX_CPU_ID_IPU2 = 10,
    TIVX_CPU_ID_A15_0 = 11,
    TIVX_CPU_ID_MPU_0 = 12,          /* the host: what tivxGetSelfCpuId says until told otherwise */
    TIVX_CPU_ID_A72_0 = 13,
    TIVX_CPU_ID_MCU1_0 = 14,
    TIVX_CPU_ID_MCU2_0 = 15,
    TIVX_CPU_ID_MCU2_1 = 16,
    TIVX_CPU_ID_MCU3_0 = 17,
    TIVX_CPU_ID_MCU3_1 = 18,
    TIVX_CPU_ID_MAX = 19,
    TIVX_CPU_ID_INVALID = 0xFF,
} tivx_cpu_id_e;

/* TI attributes. */
typedef enum _tivx_attribute_extensions_e {
    /* vxQueryNode: the node's target name, a char[TIVX_TARGET_MAX_NAME] (read-only). */
    TIVX_NODE_TARGET_STRING = 0x100000,      /* VX_ATTRIBUTE_BASE(VX_ID_TI, 0) + 0 */
} tivx_attribute_extensions_e;

/* TI attributes of graphs and nodes, at TIOVX's values (10.x: VX_ATTRIBUTE_BASE(VX_ID_TI, type) + n). */
typedef enum _tivx_graph_attribute_extensions_e {
    /* vxQueryGraph: frames a streaming graph ran since vxStartGraphStreaming (vx_uint32). */
    TIVX_GRAPH_STREAM_EXECUTIONS = 0x180200,
} tivx_graph_attribute_extensions_e;

typedef enum _tivx_node_attribute_extensions_e {
    /* How long verification and release wait for the node's create and delete callbacks on its
     * target, in ms (vx_uint32, not 0; TIVX_DEFAULT_KERNEL_TIMEOUT by default); then they return
     * VX_ERROR_TIMEOUT. */
    TIVX_NODE_TIMEOUT = 0x180301,
} tivx_node_attribute_extensions_e;

#define TIVX_DEFAULT_KERNEL_TIMEOUT (TIVX_EVENT_TIMEOUT_WAIT_FOREVER)

/* Debug zones of VX_PRINT: errors and warnings go to stderr, the rest is dropped. */
typedef enum _tivx_debug_zone_e {
    VX_ZONE_ERROR = 0,
    VX_ZONE_WARNING = 1,
    VX_ZONE_API = 2,
    VX_ZONE_INFO = 3,
    VX_ZONE_PERF = 4,
    VX_ZONE_OPTIMIZATION = 5,
} tivx_debug_zone_e;

/* (Macros and inline code; left out where only declarations are read, as the build's cffi does.) */
#ifndef PYOPENVX_DECLARATIONS_ONLY
#include <stdio.h>

#define VX_PRINT(zone, message, ...)                                                              \
    do {                                                                                          \
        if ((int)(zone) <= (int)VX_ZONE_WARNING)                                                  \
            fprintf(stderr, "[%s:%u] " message, __func__, (unsigned)__LINE__, ##__VA_ARGS__);     \
    } while (0)

/* Keeps the first failure: *status becomes prms_status unless it already holds an error. */
static inline void tivxCheckStatus(vx_status *status, vx_status prms_status)
{
    if (*status == VX_SUCCESS)
        *status = prms_status;
}
#endif

#ifdef __cplusplus
extern "C" {
#endif

VX_API_ENTRY void VX_API_CALL tivxInit(void);
VX_API_ENTRY void VX_API_CALL tivxDeInit(void);
VX_API_ENTRY void VX_API_CALL tivxHostInit(void);
VX_API_ENTRY void VX_API_CALL tivxHostDeInit(void);
VX_API_ENTRY vx_status VX_API_CALL tivxRegisterModule(const char *name, vx_publish_kernels_f publish, vx_unpublish_kernels_f unpublish);
VX_API_ENTRY vx_status VX_API_CALL tivxUnRegisterModule(const char *name);
/* All targets are threads of this process: one "CPU" at a time registers (as in TIOVX's PC emulation). */
VX_API_ENTRY vx_enum VX_API_CALL tivxGetSelfCpuId(void);
VX_API_ENTRY void VX_API_CALL tivxSetSelfCpuId(vx_enum cpu_id);
VX_API_ENTRY vx_status VX_API_CALL tivxAddKernelTarget(vx_kernel kernel, const char *target_name);
VX_API_ENTRY vx_status VX_API_CALL tivxNodeSendCommand(vx_node node, uint32_t replicated_node_idx, uint32_t node_cmd_id, vx_reference ref[], uint32_t num_refs);
VX_API_ENTRY vx_status VX_API_CALL tivxNodeSendCommandTimed(vx_node node, uint32_t replicated_node_idx, uint32_t node_cmd_id, vx_reference ref[], uint32_t num_refs, uint32_t timeout);

#ifdef __cplusplus
}
#endif

#endif /* PYOPENVX_TIVX_H */
