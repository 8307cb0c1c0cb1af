/* remap: unmap is plain bookkeeping on resident memory; everything else is Python's. */
#include "remap.h"

int pvx_fast_vxUnmapRemapPatch(vx_remap remap, vx_map_id map_id, vx_status *out)
{
    return pvx_unmap_fast(remap, VX_TYPE_REMAP, map_id, out);
}
