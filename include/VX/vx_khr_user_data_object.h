/*
 * pyopenvx - user data objects (vx_khr_user_data_object extension).
 */
#ifndef PYOPENVX_VX_KHR_USER_DATA_OBJECT_H
#define PYOPENVX_VX_KHR_USER_DATA_OBJECT_H

#include <VX/vx.h>

#define OPENVX_KHR_USER_DATA_OBJECT "vx_khr_user_data_object"
#define VX_TYPE_USER_DATA_OBJECT (0x816)

/* Opaque handle to a user data object. */
typedef struct _vx_user_data_object *vx_user_data_object;

/* Attributes of a user data object. */
enum vx_user_data_object_attribute_e {
    VX_USER_DATA_OBJECT_NAME = 0x81600,
    VX_USER_DATA_OBJECT_SIZE = 0x81601,
};

#ifdef __cplusplus
extern "C" {
#endif

/* user data object */
VX_API_ENTRY vx_status VX_API_CALL vxCopyUserDataObject(vx_user_data_object user_data_object, vx_size offset, vx_size size, void *user_ptr, vx_enum usage, vx_enum user_mem_type);
VX_API_ENTRY vx_user_data_object VX_API_CALL vxCreateUserDataObject(vx_context context, const vx_char *type_name, vx_size size, const void *ptr);
VX_API_ENTRY vx_user_data_object VX_API_CALL vxCreateVirtualUserDataObject(vx_graph graph, const vx_char *type_name, vx_size size);
VX_API_ENTRY vx_status VX_API_CALL vxMapUserDataObject(vx_user_data_object user_data_object, vx_size offset, vx_size size, vx_map_id *map_id, void **ptr, vx_enum usage, vx_enum mem_type, vx_uint32 flags);
VX_API_ENTRY vx_status VX_API_CALL vxQueryUserDataObject(vx_user_data_object user_data_object, vx_enum attribute, void *ptr, vx_size size);
VX_API_ENTRY vx_status VX_API_CALL vxReleaseUserDataObject(vx_user_data_object *user_data_object);
VX_API_ENTRY vx_status VX_API_CALL vxUnmapUserDataObject(vx_user_data_object user_data_object, vx_map_id map_id);

#ifdef __cplusplus
}
#endif

#endif /* PYOPENVX_VX_KHR_USER_DATA_OBJECT_H */
