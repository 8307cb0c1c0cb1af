/* Matrix: create, query every attribute, copy both ways, patterns and origins, refusals, counts. */
#include <string.h>
#include "check.h"

int main(void)
{
    vx_context context = vxCreateContext();
    vx_uint32 start = context_references(context);
    vx_matrix m = vxCreateMatrix(context, VX_TYPE_FLOAT32, 3, 2);
    CHECK_REF(m);
    vx_enum e = 0;
    vx_size rows = 0, cols = 0, size = 0;
    vx_coordinates2d_t origin;
    CHECK_OK(vxQueryMatrix(m, VX_MATRIX_TYPE, &e, sizeof e));
    CHECK(e == VX_TYPE_FLOAT32);
    CHECK_OK(vxQueryMatrix(m, VX_MATRIX_ROWS, &rows, sizeof rows));
    CHECK_OK(vxQueryMatrix(m, VX_MATRIX_COLUMNS, &cols, sizeof cols));
    CHECK_OK(vxQueryMatrix(m, VX_MATRIX_SIZE, &size, sizeof size));
    CHECK(rows == 2 && cols == 3 && size == 24);
    CHECK_OK(vxQueryMatrix(m, VX_MATRIX_ORIGIN, &origin, sizeof origin));
    CHECK(origin.x == 1 && origin.y == 1);
    CHECK_OK(vxQueryMatrix(m, VX_MATRIX_PATTERN, &e, sizeof e));
    CHECK(e == VX_PATTERN_OTHER);
    vx_float32 in[6] = {1, 2, 3, 4, 5, 6}, out[6] = {0};
    CHECK_OK(vxCopyMatrix(m, in, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(vxCopyMatrix(m, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(memcmp(in, out, sizeof in) == 0);
    CHECK_STATUS(vxCopyMatrix(m, out, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxCopyMatrix(m, NULL, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxCopyMatrix(m, out, VX_READ_ONLY, 0), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxQueryMatrix(m, VX_MATRIX_ROWS, &e, sizeof e), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxReadMatrix(m, out));
    CHECK_OK(vxWriteMatrix(m, in));

    vx_matrix cross = vxCreateMatrixFromPatternAndOrigin(context, VX_PATTERN_CROSS, 5, 3, 1, 2);
    CHECK_REF(cross);
    vx_uint8 c[15];
    CHECK_OK(vxCopyMatrix(cross, c, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    /* the middle row and column, whatever the origin (the conformance tests' pattern check) */
    for (int k = 0; k < 15; k++)
        CHECK(c[k] == (k / 5 == 1 || k % 5 == 2 ? 255 : 0));
    CHECK_OK(vxQueryMatrix(cross, VX_MATRIX_ORIGIN, &origin, sizeof origin));
    CHECK(origin.x == 1 && origin.y == 2);
    CHECK_OK(vxQueryMatrix(cross, VX_MATRIX_PATTERN, &e, sizeof e));
    CHECK(e == VX_PATTERN_CROSS);
    vx_matrix box = vxCreateMatrixFromPattern(context, VX_PATTERN_BOX, 3, 3);
    CHECK_OK(vxQueryMatrix(box, VX_MATRIX_TYPE, &e, sizeof e));
    CHECK(e == VX_TYPE_UINT8);
    vx_matrix disk = vxCreateMatrixFromPattern(context, VX_PATTERN_DISK, 5, 5);
    vx_uint8 d[25];
    CHECK_OK(vxCopyMatrix(disk, d, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(d[0] == 0 && d[12] == 255 && d[2] == 255);

    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateMatrix(context, VX_TYPE_INT16, 3, 3)), VX_ERROR_INVALID_TYPE);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateMatrix(context, VX_TYPE_INT32, 0, 3)), VX_ERROR_INVALID_DIMENSION);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateMatrix(context, VX_TYPE_INT32, (vx_size)1 << 30, (vx_size)1 << 30)), VX_ERROR_NO_MEMORY);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateMatrixFromPattern(context, VX_PATTERN_OTHER, 3, 3)), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateMatrixFromPatternAndOrigin(context, VX_PATTERN_BOX, 3, 3, 3, 0)), VX_ERROR_INVALID_DIMENSION);

    CHECK(context_references(context) == start + 4);
    CHECK_OK(vxReleaseMatrix(&m));
    CHECK_OK(vxReleaseMatrix(&cross));
    CHECK_OK(vxReleaseMatrix(&box));
    CHECK_OK(vxReleaseMatrix(&disk));
    CHECK(context_references(context) == start);
    CHECK_OK(vxReleaseContext(&context));
    return 0;
}
