/* Shared by the udo_*.c tests: check.h, the user data object extension, and udo_size. */
#ifndef PVX_TEST_UDO_CHECK_H
#define PVX_TEST_UDO_CHECK_H
#include "check.h"
#include <VX/vx_khr_user_data_object.h>
#include <string.h>

static inline vx_size udo_size(vx_user_data_object udo)
{
    vx_size size = 0;
    CHECK_OK(vxQueryUserDataObject(udo, VX_USER_DATA_OBJECT_SIZE, &size, sizeof size));
    return size;
}

#endif
