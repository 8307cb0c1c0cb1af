/*
 * pyopenvx - neural network layers (vx_khr_nn extension).
 */
#ifndef PYOPENVX_VX_KHR_NN_H
#define PYOPENVX_VX_KHR_NN_H

#include <VX/vx.h>

#define OPENVX_KHR_NN "vx_khr_nn"
#define VX_LIBRARY_KHR_NN_EXTENSION (1)

enum vx_kernel_nn_ext_e {
    VX_KERNEL_SCAN_CLASSIFIER = 0x2000,
    VX_KERNEL_CONVOLUTION_LAYER = 0x1000,
    VX_KERNEL_FULLY_CONNECTED_LAYER = 0x1001,
    VX_KERNEL_POOLING_LAYER = 0x1002,
    VX_KERNEL_SOFTMAX_LAYER = 0x1003,
    VX_KERNEL_ACTIVATION_LAYER = 0x1005,
    VX_KERNEL_ROI_POOLING_LAYER = 0x1006,
    VX_KERNEL_DECONVOLUTION_LAYER = 0x1007,
    VX_KERNEL_LOCAL_RESPONSE_NORMALIZATION_LAYER = 0x1008,
};

enum vx_nn_enum_e {
    VX_ENUM_NN_ROUNDING_TYPE = 0x1A,
    VX_ENUM_NN_POOLING_TYPE = 0x1B,
    VX_ENUM_NN_NORMALIZATION_TYPE = 0x1C,
    VX_ENUM_NN_ACTIVATION_FUNCTION_TYPE = 0x1D,
};

enum vx_nn_rounding_type_e {
    VX_NN_DS_SIZE_ROUNDING_FLOOR = 0x1A000,
    VX_NN_DS_SIZE_ROUNDING_CEILING = 0x1A001,
};

enum vx_nn_pooling_type_e {
    VX_NN_POOLING_MAX = 0x1B000,
    VX_NN_POOLING_AVG = 0x1B001,
};

enum vx_nn_norm_type_e {
    VX_NN_NORMALIZATION_SAME_MAP = 0x1C000,
    VX_NN_NORMALIZATION_ACROSS_MAPS = 0x1C001,
};

enum vx_nn_activation_function_e {
    VX_NN_ACTIVATION_LOGISTIC = 0x1D000,
    VX_NN_ACTIVATION_HYPERBOLIC_TAN = 0x1D001,
    VX_NN_ACTIVATION_RELU = 0x1D002,
    VX_NN_ACTIVATION_BRELU = 0x1D003,
    VX_NN_ACTIVATION_SOFTRELU = 0x1D004,
    VX_NN_ACTIVATION_ABS = 0x1D005,
    VX_NN_ACTIVATION_SQUARE = 0x1D006,
    VX_NN_ACTIVATION_SQRT = 0x1D007,
    VX_NN_ACTIVATION_LINEAR = 0x1D008,
};

enum vx_nn_type_e {
    VX_TYPE_NN_CONVOLUTION_PARAMS = 0x25,
    VX_TYPE_NN_DECONVOLUTION_PARAMS = 0x26,
    VX_TYPE_NN_ROI_POOL_PARAMS = 0x27,
};

typedef struct _vx_nn_convolution_params_t {
    vx_size padding_x;
    vx_size padding_y;
    vx_enum overflow_policy;
    vx_enum rounding_policy;
    vx_enum down_scale_size_rounding;
    vx_size dilation_x;
    vx_size dilation_y;
} vx_nn_convolution_params_t;

typedef struct _vx_nn_deconvolution_params_t {
    vx_size padding_x;
    vx_size padding_y;
    vx_enum overflow_policy;
    vx_enum rounding_policy;
    vx_size a_x;
    vx_size a_y;
} vx_nn_deconvolution_params_t;

typedef struct _vx_nn_roi_pool_params_t {
    vx_enum pool_type;
} vx_nn_roi_pool_params_t;

#ifdef __cplusplus
extern "C" {
#endif

/* nn */
VX_API_ENTRY vx_node VX_API_CALL vxActivationLayer(vx_graph graph, vx_tensor inputs, vx_enum function, vx_float32 a, vx_float32 b, vx_tensor outputs);
VX_API_ENTRY vx_node VX_API_CALL vxConvolutionLayer(vx_graph graph, vx_tensor inputs, vx_tensor weights, vx_tensor biases, const vx_nn_convolution_params_t *convolution_params, vx_size size_of_convolution_params, vx_tensor outputs);
VX_API_ENTRY vx_node VX_API_CALL vxDeconvolutionLayer(vx_graph graph, vx_tensor inputs, vx_tensor weights, vx_tensor biases, const vx_nn_deconvolution_params_t *deconvolution_params, vx_size size_of_deconv_params, vx_tensor outputs);
VX_API_ENTRY vx_node VX_API_CALL vxFullyConnectedLayer(vx_graph graph, vx_tensor inputs, vx_tensor weights, vx_tensor biases, vx_enum overflow_policy, vx_enum rounding_policy, vx_tensor outputs);
VX_API_ENTRY vx_node VX_API_CALL vxLocalResponseNormalizationLayer(vx_graph graph, vx_tensor inputs, vx_enum type, vx_size normalization_size, vx_float32 alpha, vx_float32 beta, vx_float32 bias, vx_tensor outputs);
VX_API_ENTRY vx_node VX_API_CALL vxPoolingLayer(vx_graph graph, vx_tensor inputs, vx_enum pooling_type, vx_size pooling_size_x, vx_size pooling_size_y, vx_size pooling_padding_x, vx_size pooling_padding_y, vx_enum rounding, vx_tensor outputs);
VX_API_ENTRY vx_node VX_API_CALL vxROIPoolingLayer(vx_graph graph, vx_tensor input_data, vx_tensor input_rois, const vx_nn_roi_pool_params_t *roi_pool_params, vx_size size_of_roi_params, vx_tensor output_arr);
VX_API_ENTRY vx_node VX_API_CALL vxSoftmaxLayer(vx_graph graph, vx_tensor inputs, vx_tensor outputs);

#ifdef __cplusplus
}
#endif

#endif /* PYOPENVX_VX_KHR_NN_H */
