/* lut: unmap is plain bookkeeping on resident memory; everything else is Python's. */
#include "lut.h"

int pvx_fast_vxUnmapLUT(vx_lut lut, vx_map_id map_id, vx_status *out)
{
    return pvx_unmap_fast(lut, VX_TYPE_LUT, map_id, out);
}
