/* Remap: attributes, patches copied and mapped both ways, points, refusals, counts. */
#include <string.h>
#include "check.h"

int main(void)
{
    vx_context context = vxCreateContext();
    vx_uint32 start = context_references(context);
    vx_remap r = vxCreateRemap(context, 8, 6, 4, 3);
    CHECK_REF(r);
    vx_uint32 v[4];
    CHECK_OK(vxQueryRemap(r, VX_REMAP_SOURCE_WIDTH, &v[0], sizeof v[0]));
    CHECK_OK(vxQueryRemap(r, VX_REMAP_SOURCE_HEIGHT, &v[1], sizeof v[1]));
    CHECK_OK(vxQueryRemap(r, VX_REMAP_DESTINATION_WIDTH, &v[2], sizeof v[2]));
    CHECK_OK(vxQueryRemap(r, VX_REMAP_DESTINATION_HEIGHT, &v[3], sizeof v[3]));
    CHECK(v[0] == 8 && v[1] == 6 && v[2] == 4 && v[3] == 3);

    vx_coordinates2df_t pts[12], back[12];
    for (int i = 0; i < 12; i++)
        pts[i].x = (vx_float32)i, pts[i].y = (vx_float32)(100 + i);
    vx_rectangle_t all = {0, 0, 4, 3}, inner = {1, 1, 3, 3};
    CHECK_OK(vxCopyRemapPatch(r, &all, 4 * sizeof pts[0], pts, VX_TYPE_COORDINATES2DF, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    memset(back, 0, sizeof back);
    CHECK_OK(vxCopyRemapPatch(r, &inner, 2 * sizeof back[0], back, VX_TYPE_COORDINATES2DF, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(back[0].x == 5 && back[1].x == 6 && back[2].x == 9 && back[3].y == 110);
    vx_map_id id;
    vx_size stride_y = 0;
    void *p = NULL;
    CHECK_OK(vxMapRemapPatch(r, &inner, &id, &stride_y, &p, VX_TYPE_COORDINATES2DF, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST));
    CHECK(stride_y == 4 * sizeof(vx_coordinates2df_t) && ((vx_coordinates2df_t *)p)->x == 5);
    ((vx_coordinates2df_t *)p)->x = -1;
    CHECK_OK(vxUnmapRemapPatch(r, id));
    CHECK_STATUS(vxUnmapRemapPatch(r, id), VX_ERROR_INVALID_PARAMETERS);
    vx_float32 sx = 0, sy = 0;
    CHECK_OK(vxGetRemapPoint(r, 1, 1, &sx, &sy));
    CHECK(sx == -1 && sy == 105);
    CHECK_OK(vxSetRemapPoint(r, 3, 2, 7.5f, 2.5f));
    CHECK_OK(vxGetRemapPoint(r, 3, 2, &sx, &sy));
    CHECK(sx == 7.5f && sy == 2.5f);

    vx_rectangle_t outside = {0, 0, 5, 3}, empty = {1, 1, 1, 2};
    CHECK_STATUS(vxCopyRemapPatch(r, &outside, 64, back, VX_TYPE_COORDINATES2DF, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxCopyRemapPatch(r, &empty, 64, back, VX_TYPE_COORDINATES2DF, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxCopyRemapPatch(r, &all, 8, back, VX_TYPE_COORDINATES2DF, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxCopyRemapPatch(r, &all, 32, back, VX_TYPE_COORDINATES2D, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_TYPE);
    CHECK_STATUS(vxCopyRemapPatch(r, NULL, 32, back, VX_TYPE_COORDINATES2DF, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxMapRemapPatch(r, &all, &id, &stride_y, &p, VX_TYPE_COORDINATES2DF, VX_READ_ONLY, 0x12345), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxGetRemapPoint(r, 4, 0, &sx, &sy), VX_ERROR_INVALID_VALUE);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateRemap(context, 0, 6, 4, 3)), VX_ERROR_INVALID_DIMENSION);
    CHECK(context_references(context) == start + 1);
    CHECK_OK(vxReleaseRemap(&r));
    CHECK(context_references(context) == start);
    CHECK_OK(vxReleaseContext(&context));
    return 0;
}
