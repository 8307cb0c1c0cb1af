/*
 * pyopenvx - safe casts between vx_reference and the object types (the vx_khr_safe_casts extension TIOVX
 * ships). Written for pyopenvx: the names of that extension.
 *  vxGetRefAs<T>(&ref, &status), vxCastRefAs<T>(ref, &status): the reference as a <T>, when it is one; else
 *    an error object (VX_ERROR_INVALID_TYPE) or NULL (VX_ERROR_INVALID_REFERENCE), written to *status
 *    only while it holds VX_SUCCESS (so a sequence of casts reports its first failure). Get adds a
 *    reference the caller releases; Cast does not.
 *  vxGetRefFrom<T>(&obj), vxCastRefFrom<T>(obj): the object as a vx_reference (Get adds a reference);
 *    vxCastRefFrom<T>P / ConstP: an array of <T> as an array of vx_reference.
 */
#ifndef PYOPENVX_VX_KHR_SAFE_CASTS_H
#define PYOPENVX_VX_KHR_SAFE_CASTS_H

#define OPENVX_KHR_SAFE_CASTS "vx_khr_safe_casts"

#include <VX/vx.h>
#include <VX/vx_import.h>
#include <VX/vx_khr_user_data_object.h>

#ifdef __cplusplus
extern "C" {
#endif

VX_API_ENTRY vx_array VX_API_CALL vxGetRefAsArray(const vx_reference *ref, vx_status *status);
VX_API_ENTRY vx_array VX_API_CALL vxCastRefAsArray(vx_reference ref, vx_status *status);
VX_API_ENTRY vx_reference VX_API_CALL vxGetRefFromArray(const vx_array *array);
VX_API_ENTRY vx_reference VX_API_CALL vxCastRefFromArray(vx_array array);
VX_API_ENTRY vx_reference * VX_API_CALL vxCastRefFromArrayP(vx_array *p_array);
VX_API_ENTRY const vx_reference * VX_API_CALL vxCastRefFromArrayConstP(const vx_array *p_array);
VX_API_ENTRY vx_reference VX_API_CALL vxGetRefFromContext(const vx_context *context);
VX_API_ENTRY vx_reference VX_API_CALL vxCastRefFromContext(vx_context context);
VX_API_ENTRY vx_reference * VX_API_CALL vxCastRefFromContextP(vx_context *p_context);
VX_API_ENTRY const vx_reference * VX_API_CALL vxCastRefFromContextConstP(const vx_context *p_context);
VX_API_ENTRY vx_convolution VX_API_CALL vxGetRefAsConvolution(const vx_reference *ref, vx_status *status);
VX_API_ENTRY vx_convolution VX_API_CALL vxCastRefAsConvolution(vx_reference ref, vx_status *status);
VX_API_ENTRY vx_reference VX_API_CALL vxGetRefFromConvolution(const vx_convolution *convolution);
VX_API_ENTRY vx_reference VX_API_CALL vxCastRefFromConvolution(vx_convolution convolution);
VX_API_ENTRY vx_reference * VX_API_CALL vxCastRefFromConvolutionP(vx_convolution *p_convolution);
VX_API_ENTRY const vx_reference * VX_API_CALL vxCastRefFromConvolutionConstP(const vx_convolution *p_convolution);
VX_API_ENTRY vx_delay VX_API_CALL vxGetRefAsDelay(const vx_reference *ref, vx_status *status);
VX_API_ENTRY vx_delay VX_API_CALL vxCastRefAsDelay(vx_reference ref, vx_status *status);
VX_API_ENTRY vx_reference VX_API_CALL vxGetRefFromDelay(const vx_delay *delay);
VX_API_ENTRY vx_reference VX_API_CALL vxCastRefFromDelay(vx_delay delay);
VX_API_ENTRY vx_reference * VX_API_CALL vxCastRefFromDelayP(vx_delay *p_delay);
VX_API_ENTRY const vx_reference * VX_API_CALL vxCastRefFromDelayConstP(const vx_delay *p_delay);
VX_API_ENTRY vx_distribution VX_API_CALL vxGetRefAsDistribution(const vx_reference *ref, vx_status *status);
VX_API_ENTRY vx_distribution VX_API_CALL vxCastRefAsDistribution(vx_reference ref, vx_status *status);
VX_API_ENTRY vx_reference VX_API_CALL vxGetRefFromDistribution(const vx_distribution *distribution);
VX_API_ENTRY vx_reference VX_API_CALL vxCastRefFromDistribution(vx_distribution distribution);
VX_API_ENTRY vx_reference * VX_API_CALL vxCastRefFromDistributionP(vx_distribution *p_distribution);
VX_API_ENTRY const vx_reference * VX_API_CALL vxCastRefFromDistributionConstP(const vx_distribution *p_distribution);
VX_API_ENTRY vx_graph VX_API_CALL vxGetRefAsGraph(const vx_reference *ref, vx_status *status);
VX_API_ENTRY vx_graph VX_API_CALL vxCastRefAsGraph(vx_reference ref, vx_status *status);
VX_API_ENTRY vx_reference VX_API_CALL vxGetRefFromGraph(const vx_graph *graph);
VX_API_ENTRY vx_reference VX_API_CALL vxCastRefFromGraph(vx_graph graph);
VX_API_ENTRY vx_reference * VX_API_CALL vxCastRefFromGraphP(vx_graph *p_graph);
VX_API_ENTRY const vx_reference * VX_API_CALL vxCastRefFromGraphConstP(const vx_graph *p_graph);
VX_API_ENTRY vx_image VX_API_CALL vxGetRefAsImage(const vx_reference *ref, vx_status *status);
VX_API_ENTRY vx_image VX_API_CALL vxCastRefAsImage(vx_reference ref, vx_status *status);
VX_API_ENTRY vx_reference VX_API_CALL vxGetRefFromImage(const vx_image *image);
VX_API_ENTRY vx_reference VX_API_CALL vxCastRefFromImage(vx_image image);
VX_API_ENTRY vx_reference * VX_API_CALL vxCastRefFromImageP(vx_image *p_image);
VX_API_ENTRY const vx_reference * VX_API_CALL vxCastRefFromImageConstP(const vx_image *p_image);
VX_API_ENTRY vx_reference VX_API_CALL vxGetRefFromImport(const vx_import *import);
VX_API_ENTRY vx_reference VX_API_CALL vxCastRefFromImport(vx_import import);
VX_API_ENTRY vx_reference * VX_API_CALL vxCastRefFromImportP(vx_import *p_import);
VX_API_ENTRY const vx_reference * VX_API_CALL vxCastRefFromImportConstP(const vx_import *p_import);
VX_API_ENTRY vx_kernel VX_API_CALL vxGetRefAsKernel(const vx_reference *ref, vx_status *status);
VX_API_ENTRY vx_kernel VX_API_CALL vxCastRefAsKernel(vx_reference ref, vx_status *status);
VX_API_ENTRY vx_reference VX_API_CALL vxGetRefFromKernel(const vx_kernel *kernel);
VX_API_ENTRY vx_reference VX_API_CALL vxCastRefFromKernel(vx_kernel kernel);
VX_API_ENTRY vx_reference * VX_API_CALL vxCastRefFromKernelP(vx_kernel *p_kernel);
VX_API_ENTRY const vx_reference * VX_API_CALL vxCastRefFromKernelConstP(const vx_kernel *p_kernel);
VX_API_ENTRY vx_lut VX_API_CALL vxGetRefAsLUT(const vx_reference *ref, vx_status *status);
VX_API_ENTRY vx_lut VX_API_CALL vxCastRefAsLUT(vx_reference ref, vx_status *status);
VX_API_ENTRY vx_reference VX_API_CALL vxGetRefFromLUT(const vx_lut *lut);
VX_API_ENTRY vx_reference VX_API_CALL vxCastRefFromLUT(vx_lut lut);
VX_API_ENTRY vx_reference * VX_API_CALL vxCastRefFromLUTP(vx_lut *p_lut);
VX_API_ENTRY const vx_reference * VX_API_CALL vxCastRefFromLUTConstP(const vx_lut *p_lut);
VX_API_ENTRY vx_matrix VX_API_CALL vxGetRefAsMatrix(const vx_reference *ref, vx_status *status);
VX_API_ENTRY vx_matrix VX_API_CALL vxCastRefAsMatrix(vx_reference ref, vx_status *status);
VX_API_ENTRY vx_reference VX_API_CALL vxGetRefFromMatrix(const vx_matrix *matrix);
VX_API_ENTRY vx_reference VX_API_CALL vxCastRefFromMatrix(vx_matrix matrix);
VX_API_ENTRY vx_reference * VX_API_CALL vxCastRefFromMatrixP(vx_matrix *p_matrix);
VX_API_ENTRY const vx_reference * VX_API_CALL vxCastRefFromMatrixConstP(const vx_matrix *p_matrix);
VX_API_ENTRY vx_reference VX_API_CALL vxGetRefFromMetaFormat(const vx_meta_format *meta_format);
VX_API_ENTRY vx_reference VX_API_CALL vxCastRefFromMetaFormat(vx_meta_format meta_format);
VX_API_ENTRY vx_reference * VX_API_CALL vxCastRefFromMetaFormatP(vx_meta_format *p_meta_format);
VX_API_ENTRY const vx_reference * VX_API_CALL vxCastRefFromMetaFormatConstP(const vx_meta_format *p_meta_format);
VX_API_ENTRY vx_node VX_API_CALL vxGetRefAsNode(const vx_reference *ref, vx_status *status);
VX_API_ENTRY vx_node VX_API_CALL vxCastRefAsNode(vx_reference ref, vx_status *status);
VX_API_ENTRY vx_reference VX_API_CALL vxGetRefFromNode(const vx_node *node);
VX_API_ENTRY vx_reference VX_API_CALL vxCastRefFromNode(vx_node node);
VX_API_ENTRY vx_reference * VX_API_CALL vxCastRefFromNodeP(vx_node *p_node);
VX_API_ENTRY const vx_reference * VX_API_CALL vxCastRefFromNodeConstP(const vx_node *p_node);
VX_API_ENTRY vx_object_array VX_API_CALL vxGetRefAsObjectArray(const vx_reference *ref, vx_status *status);
VX_API_ENTRY vx_object_array VX_API_CALL vxCastRefAsObjectArray(vx_reference ref, vx_status *status);
VX_API_ENTRY vx_reference VX_API_CALL vxGetRefFromObjectArray(const vx_object_array *object_array);
VX_API_ENTRY vx_reference VX_API_CALL vxCastRefFromObjectArray(vx_object_array object_array);
VX_API_ENTRY vx_reference * VX_API_CALL vxCastRefFromObjectArrayP(vx_object_array *p_object_array);
VX_API_ENTRY const vx_reference * VX_API_CALL vxCastRefFromObjectArrayConstP(const vx_object_array *p_object_array);
VX_API_ENTRY vx_parameter VX_API_CALL vxGetRefAsParameter(const vx_reference *ref, vx_status *status);
VX_API_ENTRY vx_parameter VX_API_CALL vxCastRefAsParameter(vx_reference ref, vx_status *status);
VX_API_ENTRY vx_reference VX_API_CALL vxGetRefFromParameter(const vx_parameter *parameter);
VX_API_ENTRY vx_reference VX_API_CALL vxCastRefFromParameter(vx_parameter parameter);
VX_API_ENTRY vx_reference * VX_API_CALL vxCastRefFromParameterP(vx_parameter *p_parameter);
VX_API_ENTRY const vx_reference * VX_API_CALL vxCastRefFromParameterConstP(const vx_parameter *p_parameter);
VX_API_ENTRY vx_pyramid VX_API_CALL vxGetRefAsPyramid(const vx_reference *ref, vx_status *status);
VX_API_ENTRY vx_pyramid VX_API_CALL vxCastRefAsPyramid(vx_reference ref, vx_status *status);
VX_API_ENTRY vx_reference VX_API_CALL vxGetRefFromPyramid(const vx_pyramid *pyramid);
VX_API_ENTRY vx_reference VX_API_CALL vxCastRefFromPyramid(vx_pyramid pyramid);
VX_API_ENTRY vx_reference * VX_API_CALL vxCastRefFromPyramidP(vx_pyramid *p_pyramid);
VX_API_ENTRY const vx_reference * VX_API_CALL vxCastRefFromPyramidConstP(const vx_pyramid *p_pyramid);
VX_API_ENTRY vx_remap VX_API_CALL vxGetRefAsRemap(const vx_reference *ref, vx_status *status);
VX_API_ENTRY vx_remap VX_API_CALL vxCastRefAsRemap(vx_reference ref, vx_status *status);
VX_API_ENTRY vx_reference VX_API_CALL vxGetRefFromRemap(const vx_remap *remap);
VX_API_ENTRY vx_reference VX_API_CALL vxCastRefFromRemap(vx_remap remap);
VX_API_ENTRY vx_reference * VX_API_CALL vxCastRefFromRemapP(vx_remap *p_remap);
VX_API_ENTRY const vx_reference * VX_API_CALL vxCastRefFromRemapConstP(const vx_remap *p_remap);
VX_API_ENTRY vx_scalar VX_API_CALL vxGetRefAsScalar(const vx_reference *ref, vx_status *status);
VX_API_ENTRY vx_scalar VX_API_CALL vxCastRefAsScalar(vx_reference ref, vx_status *status);
VX_API_ENTRY vx_reference VX_API_CALL vxGetRefFromScalar(const vx_scalar *scalar);
VX_API_ENTRY vx_reference VX_API_CALL vxCastRefFromScalar(vx_scalar scalar);
VX_API_ENTRY vx_reference * VX_API_CALL vxCastRefFromScalarP(vx_scalar *p_scalar);
VX_API_ENTRY const vx_reference * VX_API_CALL vxCastRefFromScalarConstP(const vx_scalar *p_scalar);
VX_API_ENTRY vx_tensor VX_API_CALL vxGetRefAsTensor(const vx_reference *ref, vx_status *status);
VX_API_ENTRY vx_tensor VX_API_CALL vxCastRefAsTensor(vx_reference ref, vx_status *status);
VX_API_ENTRY vx_reference VX_API_CALL vxGetRefFromTensor(const vx_tensor *tensor);
VX_API_ENTRY vx_reference VX_API_CALL vxCastRefFromTensor(vx_tensor tensor);
VX_API_ENTRY vx_reference * VX_API_CALL vxCastRefFromTensorP(vx_tensor *p_tensor);
VX_API_ENTRY const vx_reference * VX_API_CALL vxCastRefFromTensorConstP(const vx_tensor *p_tensor);
VX_API_ENTRY vx_threshold VX_API_CALL vxGetRefAsThreshold(const vx_reference *ref, vx_status *status);
VX_API_ENTRY vx_threshold VX_API_CALL vxCastRefAsThreshold(vx_reference ref, vx_status *status);
VX_API_ENTRY vx_reference VX_API_CALL vxGetRefFromThreshold(const vx_threshold *threshold);
VX_API_ENTRY vx_reference VX_API_CALL vxCastRefFromThreshold(vx_threshold threshold);
VX_API_ENTRY vx_reference * VX_API_CALL vxCastRefFromThresholdP(vx_threshold *p_threshold);
VX_API_ENTRY const vx_reference * VX_API_CALL vxCastRefFromThresholdConstP(const vx_threshold *p_threshold);
VX_API_ENTRY vx_user_data_object VX_API_CALL vxGetRefAsUserDataObject(const vx_reference *ref, vx_status *status);
VX_API_ENTRY vx_user_data_object VX_API_CALL vxCastRefAsUserDataObject(vx_reference ref, vx_status *status);
VX_API_ENTRY vx_reference VX_API_CALL vxGetRefFromUserDataObject(const vx_user_data_object *user_data_object);
VX_API_ENTRY vx_reference VX_API_CALL vxCastRefFromUserDataObject(vx_user_data_object user_data_object);
VX_API_ENTRY vx_reference * VX_API_CALL vxCastRefFromUserDataObjectP(vx_user_data_object *p_user_data_object);
VX_API_ENTRY const vx_reference * VX_API_CALL vxCastRefFromUserDataObjectConstP(const vx_user_data_object *p_user_data_object);

#ifdef __cplusplus
}
#endif

#endif /* PYOPENVX_VX_KHR_SAFE_CASTS_H */
