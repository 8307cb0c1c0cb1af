/*
 * pyopenvx - graph pipelining, streaming and events (vx_khr_pipelining).
 */
#ifndef PYOPENVX_VX_KHR_PIPELINING_H
#define PYOPENVX_VX_KHR_PIPELINING_H

#include <VX/vx.h>

#define OPENVX_KHR_PIPELINING "vx_khr_pipelining"
#define VX_LIBRARY_KHR_PIPELINING_EXTENSION (1)

enum vx_graph_schedule_mode_enum_e {
    VX_ENUM_GRAPH_SCHEDULE_MODE_TYPE = 0x21,
};

enum vx_graph_schedule_mode_type_e {
    VX_GRAPH_SCHEDULE_MODE_NORMAL = 0x21000,
    VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO = 0x21001,
    VX_GRAPH_SCHEDULE_MODE_QUEUE_MANUAL = 0x21002,
};

enum vx_graph_attribute_pipelining_e {
    VX_GRAPH_SCHEDULE_MODE = 0x80205,
    VX_GRAPH_PIPELINE_DEPTH = 0x80208,
};

enum vx_event_enum_e {
    VX_ENUM_EVENT_TYPE = 0x22,
};

enum vx_event_type_e {
    VX_EVENT_GRAPH_PARAMETER_CONSUMED = 0x22000,
    VX_EVENT_GRAPH_COMPLETED = 0x22001,
    VX_EVENT_NODE_COMPLETED = 0x22002,
    VX_EVENT_NODE_ERROR = 0x22003,
    VX_EVENT_USER = 0x22004,
};

enum vx_node_state_enum_e {
    VX_ENUM_NODE_STATE_TYPE = 0x23,
};

enum vx_node_state_e {
    VX_NODE_STATE_STEADY = 0x23000,
    VX_NODE_STATE_PIPEUP = 0x23001,
};

enum vx_node_attribute_streaming_e {
    VX_NODE_STATE = 0x80309,
};

enum vx_kernel_attribute_streaming_e {
    VX_KERNEL_PIPEUP_OUTPUT_DEPTH = 0x80404,
    VX_KERNEL_PIPEUP_INPUT_DEPTH = 0x80405,
};

/* Queueing configuration of one graph parameter. */
typedef struct _vx_graph_parameter_queue_params_t {
    uint32_t graph_parameter_index;
    vx_uint32 refs_list_size;
    vx_reference *refs_list;
} vx_graph_parameter_queue_params_t;

typedef struct _vx_event_graph_parameter_consumed {
    vx_graph graph;
    vx_uint32 graph_parameter_index;
} vx_event_graph_parameter_consumed;

typedef struct _vx_event_graph_completed {
    vx_graph graph;
} vx_event_graph_completed;

typedef struct _vx_event_node_completed {
    vx_graph graph;
    vx_node node;
} vx_event_node_completed;

typedef struct _vx_event_node_error {
    vx_graph graph;
    vx_node node;
    vx_status status;
} vx_event_node_error;

typedef struct _vx_event_user_event {
    void *user_event_parameter;
} vx_event_user_event;

typedef union _vx_event_info_t {
    vx_event_graph_parameter_consumed graph_parameter_consumed;
    vx_event_graph_completed graph_completed;
    vx_event_node_completed node_completed;
    vx_event_node_error node_error;
    vx_event_user_event user_event;
} vx_event_info_t;

typedef struct _vx_event_t {
    vx_enum type;
    vx_uint64 timestamp;
    vx_uint32 app_value;
    vx_event_info_t event_info;
} vx_event_t;

#ifdef __cplusplus
extern "C" {
#endif

/* graph */
VX_API_ENTRY vx_status VX_API_CALL vxSetGraphScheduleConfig(vx_graph graph, vx_enum graph_schedule_mode, vx_uint32 graph_parameters_list_size, const vx_graph_parameter_queue_params_t graph_parameters_queue_params_list[]);

/* graph parameter */
VX_API_ENTRY vx_status VX_API_CALL vxGraphParameterCheckDoneRef(vx_graph graph, vx_uint32 graph_parameter_index, vx_uint32 *num_refs);
VX_API_ENTRY vx_status VX_API_CALL vxGraphParameterDequeueDoneRef(vx_graph graph, vx_uint32 graph_parameter_index, vx_reference *refs, vx_uint32 max_refs, vx_uint32 *num_refs);
VX_API_ENTRY vx_status VX_API_CALL vxGraphParameterEnqueueReadyRef(vx_graph graph, vx_uint32 graph_parameter_index, vx_reference *refs, vx_uint32 num_refs);

/* pipelining */
VX_API_ENTRY vx_status VX_API_CALL vxDisableEvents(vx_context context);
VX_API_ENTRY vx_status VX_API_CALL vxEnableEvents(vx_context context);
VX_API_ENTRY vx_status VX_API_CALL vxEnableGraphStreaming(vx_graph graph, vx_node trigger_node);
VX_API_ENTRY vx_status VX_API_CALL vxRegisterEvent(vx_reference ref, enum vx_event_type_e type, vx_uint32 param, vx_uint32 app_value);
VX_API_ENTRY vx_status VX_API_CALL vxSendUserEvent(vx_context context, vx_uint32 app_value, void *parameter);
VX_API_ENTRY vx_status VX_API_CALL vxStartGraphStreaming(vx_graph graph);
VX_API_ENTRY vx_status VX_API_CALL vxStopGraphStreaming(vx_graph graph);
VX_API_ENTRY vx_status VX_API_CALL vxWaitEvent(vx_context context, vx_event_t *event, vx_bool do_not_block);

#ifdef __cplusplus
}
#endif

#endif /* PYOPENVX_VX_KHR_PIPELINING_H */
