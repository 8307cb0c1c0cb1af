/* LUT: U8 and S16, attributes (offset), copy and map both ways, access/commit, refusals, counts. */
#include <string.h>
#include "check.h"

int main(void)
{
    vx_context context = vxCreateContext();
    vx_uint32 start = context_references(context);
    vx_lut u8 = vxCreateLUT(context, VX_TYPE_UINT8, 256);
    vx_lut s16 = vxCreateLUT(context, VX_TYPE_INT16, 65536);
    CHECK_REF(u8);
    CHECK_REF(s16);
    vx_enum type = 0;
    vx_size count = 0, size = 0;
    vx_uint32 offset = 7;
    CHECK_OK(vxQueryLUT(s16, VX_LUT_TYPE, &type, sizeof type));
    CHECK_OK(vxQueryLUT(s16, VX_LUT_COUNT, &count, sizeof count));
    CHECK_OK(vxQueryLUT(s16, VX_LUT_SIZE, &size, sizeof size));
    CHECK_OK(vxQueryLUT(s16, VX_LUT_OFFSET, &offset, sizeof offset));
    CHECK(type == VX_TYPE_INT16 && count == 65536 && size == 131072 && offset == 32768);
    CHECK_OK(vxQueryLUT(u8, VX_LUT_OFFSET, &offset, sizeof offset));
    CHECK(offset == 0);

    vx_uint8 table[256], back[256];
    for (int i = 0; i < 256; i++)
        table[i] = (vx_uint8)(255 - i);
    CHECK_OK(vxCopyLUT(u8, table, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(vxCopyLUT(u8, back, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(memcmp(table, back, sizeof table) == 0);
    vx_map_id id, id2;
    void *p = NULL, *p2 = NULL;
    CHECK_OK(vxMapLUT(u8, &id, &p, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST, 0));
    CHECK(((vx_uint8 *)p)[0] == 255);
    ((vx_uint8 *)p)[0] = 9;
    CHECK_OK(vxMapLUT(u8, &id2, &p2, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0));
    CHECK(p2 == p);                                  /* zero copy */
    CHECK_OK(vxUnmapLUT(u8, id2));
    CHECK_OK(vxUnmapLUT(u8, id));
    CHECK_STATUS(vxUnmapLUT(u8, id), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxUnmapLUT(s16, id), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxCopyLUT(u8, back, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(back[0] == 9);
    void *acc = NULL;
    CHECK_OK(vxAccessLUT(u8, &acc, VX_READ_ONLY));
    CHECK(((vx_uint8 *)acc)[1] == 254);
    CHECK_OK(vxCommitLUT(u8, acc));

    CHECK_STATUS(vxMapLUT(u8, &id, &p, VX_READ_ONLY, 0x12345, 0), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxMapLUT(u8, &id, &p, 0, VX_MEMORY_TYPE_HOST, 0), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxMapLUT(u8, NULL, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxCopyLUT(u8, back, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateLUT(context, VX_TYPE_UINT8, 257)), VX_ERROR_INVALID_DIMENSION);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateLUT(context, VX_TYPE_INT16, 65537)), VX_ERROR_INVALID_DIMENSION);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateLUT(context, VX_TYPE_UINT8, 0)), VX_ERROR_INVALID_DIMENSION);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateLUT(context, VX_TYPE_FLOAT32, 16)), VX_ERROR_INVALID_TYPE);

    CHECK(context_references(context) == start + 2);
    CHECK_OK(vxReleaseLUT(&u8));
    CHECK_OK(vxReleaseLUT(&s16));
    CHECK(context_references(context) == start);
    CHECK_OK(vxReleaseContext(&context));
    return 0;
}
