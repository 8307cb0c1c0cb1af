/* User data object descriptor (vx_khr_user_data_object): its bytes and maps (mem: a 1-D object,
 * lazily allocated) and the type name. Python creates it and decides every refusal; the C fast
 * paths answer valid query/copy/map/unmap requests from it. */
#ifndef PVX_USER_DATA_OBJECT_H
#define PVX_USER_DATA_OBJECT_H

#include "../base/base.h"
#include "memory.h"

typedef struct pvx_udo {
    pvx_memory mem;                   /* mem.bytes: the size; 0 while a virtual object's is open */
    vx_char type_name[VX_MAX_REFERENCE_NAME];
} pvx_udo;

#endif
