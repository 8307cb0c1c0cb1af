/*
 * pyopenvx - TIOVX-compatible object arrays made of existing objects (seed 003).
 * Written for pyopenvx: the names and values of TIOVX's public API.
 */
#ifndef PYOPENVX_TIVX_EXT_OBJ_ARRAY_FROM_LIST_H
#define PYOPENVX_TIVX_EXT_OBJ_ARRAY_FROM_LIST_H

#include <VX/vx.h>

#define OBJECT_ARRAY_FROM_LIST "object_array_from_list"

enum tivx_object_array_attribute_e {
    /* vxQueryObjectArray: whether it was made from a list, a vx_bool (read-only). */
    TIVX_OBJECT_ARRAY_IS_FROM_LIST = 0x181300,    /* VX_ATTRIBUTE_BASE(VX_ID_TI, VX_TYPE_OBJECT_ARRAY) + 0 */
};

#ifdef __cplusplus
extern "C" {
#endif

/* An object array whose items are the `count` objects of `list` (same type and meta format; the array
 * holds a reference to each). */
VX_API_ENTRY vx_object_array VX_API_CALL tivxCreateObjectArrayFromList(vx_context context, vx_reference list[], vx_size count);

#ifdef __cplusplus
}
#endif

#endif /* PYOPENVX_TIVX_EXT_OBJ_ARRAY_FROM_LIST_H */
