/*
 * pyopenvx - classifier models and the scan classifier (vx_khr_class extension).
 * Declarations only: the functions return VX_ERROR_NOT_IMPLEMENTED (or an error object).
 */
#ifndef PYOPENVX_VX_KHR_CLASS_H
#define PYOPENVX_VX_KHR_CLASS_H

#include <VX/vx.h>
/* VX_KERNEL_SCAN_CLASSIFIER belongs to vx_kernel_nn_ext_e, which vx_khr_nn.h declares. */
#include <VX/vx_khr_nn.h>

#define OPENVX_KHR_CLASS "vx_khr_class"
#define VX_LIBRARY_KHR_CLASS_EXTENSION (2)

/* Opaque handle to a classifier model. */
typedef struct _vx_classifier_model *vx_classifier_model;

enum vx_class_enum_e {
    VX_ENUM_CLASSIFIER_MODEL = 0x1E,
};

enum vx_classifier_model_format_e {
    VX_CLASSIFIER_MODEL_UNDEFINED = 0x1E000,
};

enum vx_classifier_type_e {
    VX_TYPE_CLASSIFER_MODEL = 0x2C,
};

#ifdef __cplusplus
extern "C" {
#endif

/* import export */
VX_API_ENTRY vx_classifier_model VX_API_CALL vxImportClassifierModel(vx_context context, vx_enum format, const vx_uint8 *ptr, vx_size length);
VX_API_ENTRY vx_status VX_API_CALL vxReleaseClassifierModel(vx_classifier_model *model);

/* node creator */
VX_API_ENTRY vx_node VX_API_CALL vxScanClassifierNode(vx_graph graph, vx_tensor input_feature_map, vx_classifier_model model, vx_int32 scanwindow_width, vx_int32 scanwindow_height, vx_int32 step_x, vx_int32 step_y, vx_array object_confidences, vx_array object_rectangles, vx_scalar num_objects);

#ifdef __cplusplus
}
#endif

#endif /* PYOPENVX_VX_KHR_CLASS_H */
