/*
 * pyopenvx - buffer aliasing hints (vx_khr_buffer_aliasing extension).
 */
#ifndef PYOPENVX_VX_KHR_BUFFER_ALIASING_H
#define PYOPENVX_VX_KHR_BUFFER_ALIASING_H

#include <VX/vx.h>

#define OPENVX_KHR_BUFFER_ALIASING "vx_khr_buffer_aliasing"

enum vx_buffer_aliasing_enum_e {
    VX_ENUM_BUFFER_ALIASING_TYPE = 0x1F,
};

enum vx_buffer_aliasing_processing_type_e {
    VX_BUFFER_ALIASING_PROCESSING_TYPE_DENSE = 0x1F000,
    VX_BUFFER_ALIASING_PROCESSING_TYPE_SPARSE = 0x1F001,
};

#ifdef __cplusplus
extern "C" {
#endif

/* buffer aliasing */
VX_API_ENTRY vx_status VX_API_CALL vxAliasParameterIndexHint(vx_kernel kernel, vx_uint32 parameter_index_a, vx_uint32 parameter_index_b, vx_enum processing_type);
VX_API_ENTRY vx_bool VX_API_CALL vxIsParameterAliased(vx_node node, vx_uint32 parameter_index_a, vx_uint32 parameter_index_b);

#ifdef __cplusplus
}
#endif

#endif /* PYOPENVX_VX_KHR_BUFFER_ALIASING_H */
