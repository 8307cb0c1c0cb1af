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
/* TIOVX's VX/vx_types.h includes <string.h> and its kernels call memcpy/memset on that: the TI
 * headers provide it (our VX headers stay as the specification has them). */
#ifndef PYOPENVX_DECLARATIONS_ONLY
#include <string.h>
#endif
#include <TI/tivx_config.h>
#include <TI/tivx_debug.h>
#include <TI/tivx_kernels.h>
#include <TI/tivx_mem.h>
#include <TI/tivx_obj_desc.h>
#include <TI/tivx_target_kernel.h>
#include <TI/tivx_log_stats.h>
#include <TI/tivx_ext_obj_array_from_list.h>

/* Longest target name, terminating NUL included. */
#define TIVX_TARGET_MAX_NAME (64u)

/* Elements of an array. */
#ifndef dimof
#define dimof(x) (sizeof(x) / sizeof((x)[0]))
#endif

/* Names TIOVX adds to its copy of the OpenVX pipelining and types headers (our VX headers keep the
 * specification's): timeouts of vxWaitGraph and vxWaitGraphEvent, in ms, and their status.
 * VX_ERROR_TIMEOUT shares -25 with VX_STATUS_MIN, the specification's; TIOVX moved VX_STATUS_MIN to -26,
 * which code built with -DPYOPENVX_TIOVX_VALUES gets (VX/vx_types.h). */
#ifndef VX_TIMEOUT_WAIT_FOREVER
#define VX_TIMEOUT_WAIT_FOREVER ((vx_uint32)0xFFFFFFFFu)
#endif
#ifndef VX_GRAPH_TIMEOUT
#define VX_GRAPH_TIMEOUT (VX_ATTRIBUTE_BASE(VX_ID_KHRONOS, VX_TYPE_GRAPH) + 0x6)
#endif
#ifndef VX_GRAPH_EVENT_TIMEOUT
#define VX_GRAPH_EVENT_TIMEOUT (VX_ATTRIBUTE_BASE(VX_ID_KHRONOS, VX_TYPE_GRAPH) + 0x7)
#endif
#ifndef VX_ERROR_TIMEOUT
#define VX_ERROR_TIMEOUT ((vx_status)-25)
#endif

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

/* tivxNodeSendCommandTimed: wait without limit (as VX_TIMEOUT_WAIT_FOREVER). */
#define TIVX_EVENT_TIMEOUT_WAIT_FOREVER (0xFFFFFFFFu)
/* Ask every replica of a replicated node (tivxNodeSendCommand's replicated_node_idx). */
#define TIVX_CONTROL_CMD_SEND_TO_ALL_REPLICATED_NODES (0xFFFFFFFFu)

/* TI status codes (below the OpenVX ones; a timed-out wait is VX_ERROR_TIMEOUT). */
typedef enum _tivx_status_e {
    TIVX_STATUS_BASE = -100,
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

/* TI attributes of graphs, nodes and references. */
typedef enum _tivx_graph_attribute_extensions_e {
    /* vxQueryGraph: executions since streaming started, a vx_uint32 (read-only). */
    TIVX_GRAPH_STREAM_EXECUTIONS = 0x180200,      /* VX_ATTRIBUTE_BASE(VX_ID_TI, VX_TYPE_GRAPH) + 0 */
} tivx_graph_attribute_extensions_e;

typedef enum _tivx_node_attribute_extensions_e {
    /* vxQueryNode: the node's target name, a char[TIVX_TARGET_MAX_NAME] (read-only). */
    TIVX_NODE_TARGET_STRING = 0x180300,           /* VX_ATTRIBUTE_BASE(VX_ID_TI, VX_TYPE_NODE) + 0 */
    /* How long the node may run, in ms, a vx_uint32. */
    TIVX_NODE_TIMEOUT = 0x180301,                 /* + 1 */
    /* Whether the node's last run ran out of time, a vx_bool (read-only). */
    TIVX_NODE_IS_TIMED_OUT = 0x180302,            /* + 2 */
} tivx_node_attribute_extensions_e;

typedef enum _tivx_reference_attribute_extensions_e {
    /* The time stamp of the object's data, in us, a vx_uint64. */
    TIVX_REFERENCE_TIMESTAMP = 0x180000,          /* VX_ATTRIBUTE_BASE(VX_ID_TI, VX_TYPE_REFERENCE) + 0 */
} tivx_reference_attribute_extensions_e;

/* TI image formats. */
typedef enum _tivx_df_image_e {
    TIVX_DF_IMAGE_P12 = 0x32313050,               /* VX_DF_IMAGE('P','0','1','2'): 12-bit packed */
    TIVX_DF_IMAGE_NV12_P12 = 0x5032314E,          /* VX_DF_IMAGE('N','1','2','P') */
    TIVX_DF_IMAGE_RGB565 = 0x35363552,            /* VX_DF_IMAGE('R','5','6','5') */
    TIVX_DF_IMAGE_BGRX = 0x41524742,              /* VX_DF_IMAGE('B','G','R','A') */
} tivx_df_image_e;

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
/* A sink kernel's buffers (pipelining): recorded; our pipelining gives every sink what it needs. */
VX_API_ENTRY vx_status VX_API_CALL tivxSetKernelSinkDepth(vx_kernel kernel, uint32_t num_sink_bufs);
/* A node of a kernel found by enum, handle or name, with its first `num` parameters set. */
VX_API_ENTRY vx_node VX_API_CALL tivxCreateNodeByKernelEnum(vx_graph graph, vx_enum kernelenum, vx_reference params[], vx_uint32 num);
VX_API_ENTRY vx_node VX_API_CALL tivxCreateNodeByKernelRef(vx_graph graph, vx_kernel kernel, vx_reference params[], vx_uint32 num);
VX_API_ENTRY vx_node VX_API_CALL tivxCreateNodeByKernelName(vx_graph graph, const char *kernel_name, vx_reference params[], vx_uint32 num);
VX_API_ENTRY vx_bool VX_API_CALL tivxIsReferenceVirtual(vx_reference ref);
/* The pyramid or object array an item belongs to (a new reference), or NULL. */
VX_API_ENTRY vx_reference VX_API_CALL tivxGetReferenceParent(vx_reference child_ref);
VX_API_ENTRY vx_bool VX_API_CALL tivxIsTargetEnabled(const char target_name[]);
/* Microseconds of a monotonic clock. */
VX_API_ENTRY uint64_t VX_API_CALL tivxPlatformGetTimeInUsecs(void);
VX_API_ENTRY vx_status VX_API_CALL tivxSetNodeParameterNumBufByIndex(vx_node node, vx_uint32 idx, vx_uint32 num_buf);
VX_API_ENTRY vx_status VX_API_CALL tivxGetNodeParameterNumBufByIndex(vx_node node, vx_uint32 idx, vx_uint32 *num_buf);
/* The graph's pipeline depth (VX_GRAPH_PIPELINE_DEPTH), before vxVerifyGraph. */
VX_API_ENTRY vx_status VX_API_CALL tivxSetGraphPipelineDepth(vx_graph graph, vx_uint32 pipeline_depth);
/* The graph's node at `idx` in the order they were added (the graph keeps the reference). */
VX_API_ENTRY vx_node VX_API_CALL tivxGraphGetNode(vx_graph graph, uint32_t idx);
/* The memory of an object (image planes, array, tensor, user data object, ...): its addresses and sizes,
 * and the same memory given to another object of the same meta format. */
VX_API_ENTRY vx_status VX_API_CALL tivxReferenceImportHandle(vx_reference ref, const void *addr[], const uint32_t size[], uint32_t num_entries);
VX_API_ENTRY vx_status VX_API_CALL tivxReferenceExportHandle(const vx_reference ref, void *addr[], uint32_t size[], uint32_t max_num_entries, uint32_t *num_entries);
/* A new object of the same type and meta format as `exemplar`. */
VX_API_ENTRY vx_reference VX_API_CALL tivxCreateReferenceFromExemplar(vx_context context, vx_reference exemplar);
/* A graph's own event queue (TIOVX's addition to vx_khr_pipelining): events registered here go to it
 * rather than to the context's; vxWaitGraphEvent takes them (VX_FAILURE when none came). */
VX_API_ENTRY vx_status VX_API_CALL vxRegisterGraphEvent(vx_reference graph_or_node, enum vx_event_type_e type, vx_uint32 param, vx_uint32 app_value);
VX_API_ENTRY vx_status VX_API_CALL vxWaitGraphEvent(vx_graph graph, vx_event_t *event, vx_bool do_not_block);
VX_API_ENTRY vx_status VX_API_CALL vxEnableGraphEvents(vx_graph graph);
VX_API_ENTRY vx_status VX_API_CALL vxDisableGraphEvents(vx_graph graph);
VX_API_ENTRY vx_status VX_API_CALL vxSendUserGraphEvent(vx_graph graph, vx_uint32 app_value, const void *parameter);

#ifdef __cplusplus
}
#endif

#endif /* PYOPENVX_TIVX_H */
