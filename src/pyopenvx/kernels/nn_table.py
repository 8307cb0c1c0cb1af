"""The layers of the neural network extension (vx_khr_nn.h) as data, in the form of table.py: enum
name, kernel name, node creator, no vxu function, parameters. A node creator's struct argument
(vx_nn_convolution_params_t, ...) is one scalar parameter per field, in the struct's order
(`Implementation.arguments` in nn.py maps them); its size argument is checked, not a parameter.
vxNormalizationLayer (vx_compatibility.h) is the local response normalization without a bias."""

_T, _S = "input:tensor:required", "input:scalar:required"
_OPTIONAL_T, _OUT = "input:tensor:optional", "output:tensor:required"


def _params(*kinds):
    return "; ".join(f"{k}:{kind}" for k, kind in enumerate(kinds))


ROWS = (
    ('VX_KERNEL_CONVOLUTION_LAYER', 'org.khronos.nn_extension.convolution_layer', 'vxConvolutionLayer', '',
     _params(_T, _T, _OPTIONAL_T, _S, _S, _S, _S, _S, _S, _S, _OUT)),
    ('VX_KERNEL_FULLY_CONNECTED_LAYER', 'org.khronos.nn_extension.fully_connected_layer', 'vxFullyConnectedLayer', '',
     _params(_T, _T, _OPTIONAL_T, _S, _S, _OUT)),
    ('VX_KERNEL_POOLING_LAYER', 'org.khronos.nn_extension.pooling_layer', 'vxPoolingLayer', '',
     _params(_T, _S, _S, _S, _S, _S, _S, _OUT)),
    ('VX_KERNEL_SOFTMAX_LAYER', 'org.khronos.nn_extension.softmax_layer', 'vxSoftmaxLayer', '',
     _params(_T, _OUT)),
    ('VX_KERNEL_NORMALIZATION_LAYER', 'org.khronos.nn_extension.normalization_layer', 'vxNormalizationLayer', '',
     _params(_T, _S, _S, _S, _S, _OUT)),
    ('VX_KERNEL_ACTIVATION_LAYER', 'org.khronos.nn_extension.activation_layer', 'vxActivationLayer', '',
     _params(_T, _S, _S, _S, _OUT)),
    ('VX_KERNEL_ROI_POOLING_LAYER', 'org.khronos.nn_extension.roi_pooling_layer', 'vxROIPoolingLayer', '',
     _params(_T, _T, _S, _OUT)),
    ('VX_KERNEL_DECONVOLUTION_LAYER', 'org.khronos.nn_extension.deconvolution_layer', 'vxDeconvolutionLayer', '',
     _params(_T, _T, _OPTIONAL_T, _S, _S, _S, _S, _S, _S, _OUT)),
    ('VX_KERNEL_LOCAL_RESPONSE_NORMALIZATION_LAYER', 'org.khronos.nn_extension.local_response_normalization_layer',
     'vxLocalResponseNormalizationLayer', '', _params(_T, _S, _S, _S, _S, _S, _OUT)),
)
