/*
 * pyopenvx - kernels with bidirectional parameters (vx_khr_bidirectional_parameters extension):
 * the accumulation nodes, with their values passed directly.
 */
#ifndef PYOPENVX_VX_KHR_BIDIRECTIONAL_PARAMETERS_H
#define PYOPENVX_VX_KHR_BIDIRECTIONAL_PARAMETERS_H

#include <VX/vx.h>

#define OPENVX_KHR_BIDIRECTIONAL_PARAMETERS "vx_khr_bidirectional_parameters"

/* vx_compatibility.h (included by vx.h) names the same value as a macro: the enumerator
 * replaces it, so both headers can be used together. */
#undef VX_BIDIRECTIONAL
enum vx_bidirectional_enum_e {
    VX_BIDIRECTIONAL = 0x2,
};

#ifdef __cplusplus
extern "C" {
#endif

/* node creator */
VX_API_ENTRY vx_node VX_API_CALL vxAccumulateImageNode(vx_graph graph, vx_image input, vx_image accum);
VX_API_ENTRY vx_node VX_API_CALL vxAccumulateWeightedImageNodeX(vx_graph graph, vx_image input, vx_float32 alpha, vx_image accum);
VX_API_ENTRY vx_node VX_API_CALL vxAccumulateSquareImageNodeX(vx_graph graph, vx_image input, vx_uint32 shift, vx_image accum);

#ifdef __cplusplus
}
#endif

#endif /* PYOPENVX_VX_KHR_BIDIRECTIONAL_PARAMETERS_H */
