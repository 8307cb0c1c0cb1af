/* distribution: unmap is plain bookkeeping on resident memory; everything else is Python's. */
#include "distribution.h"

int pvx_fast_vxUnmapDistribution(vx_distribution distribution, vx_map_id map_id, vx_status *out)
{
    return pvx_unmap_fast(distribution, VX_TYPE_DISTRIBUTION, map_id, out);
}
