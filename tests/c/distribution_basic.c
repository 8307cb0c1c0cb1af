/* Distribution: attributes, copy and map both ways, access/commit, refusals, counts. */
#include <string.h>
#include "check.h"

int main(void)
{
    vx_context context = vxCreateContext();
    vx_uint32 start = context_references(context);
    vx_distribution d = vxCreateDistribution(context, 16, 10, 256);
    CHECK_REF(d);
    vx_size dims = 0, bins = 0, size = 0;
    vx_int32 offset = 0;
    vx_uint32 range = 0, window = 0;
    CHECK_OK(vxQueryDistribution(d, VX_DISTRIBUTION_DIMENSIONS, &dims, sizeof dims));
    CHECK_OK(vxQueryDistribution(d, VX_DISTRIBUTION_BINS, &bins, sizeof bins));
    CHECK_OK(vxQueryDistribution(d, VX_DISTRIBUTION_SIZE, &size, sizeof size));
    CHECK_OK(vxQueryDistribution(d, VX_DISTRIBUTION_OFFSET, &offset, sizeof offset));
    CHECK_OK(vxQueryDistribution(d, VX_DISTRIBUTION_RANGE, &range, sizeof range));
    CHECK_OK(vxQueryDistribution(d, VX_DISTRIBUTION_WINDOW, &window, sizeof window));
    CHECK(dims == 1 && bins == 16 && size == 64 && offset == 10 && range == 256 && window == 16);
    vx_int32 in[16], out[16];
    for (int i = 0; i < 16; i++)
        in[i] = i * i;
    CHECK_OK(vxCopyDistribution(d, in, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(vxCopyDistribution(d, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(memcmp(in, out, sizeof in) == 0);
    vx_map_id id;
    void *p = NULL;
    CHECK_OK(vxMapDistribution(d, &id, &p, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0));
    ((vx_int32 *)p)[3] = -5;
    CHECK_OK(vxUnmapDistribution(d, id));
    CHECK_STATUS(vxUnmapDistribution(d, id), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxCopyDistribution(d, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(out[3] == -5 && out[4] == 16);
    void *acc = NULL;
    CHECK_OK(vxAccessDistribution(d, &acc, VX_READ_ONLY));
    CHECK(((vx_int32 *)acc)[3] == -5);
    CHECK_OK(vxCommitDistribution(d, acc));
    CHECK_STATUS(vxMapDistribution(d, &id, &p, VX_READ_ONLY, 0x12345, 0), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxCopyDistribution(d, NULL, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxQueryDistribution(d, VX_DISTRIBUTION_BINS, &offset, sizeof offset), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateDistribution(context, 0, 0, 256)), VX_ERROR_INVALID_DIMENSION);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateDistribution(context, 16, 0, 0)), VX_ERROR_INVALID_VALUE);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateDistribution(context, 16, 0, 8)), VX_ERROR_INVALID_VALUE);
    CHECK(context_references(context) == start + 1);
    CHECK_OK(vxReleaseDistribution(&d));
    CHECK(context_references(context) == start);
    CHECK_OK(vxReleaseContext(&context));
    return 0;
}
