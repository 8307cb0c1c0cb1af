/* vxIsParameterAliased in C (seed 004): kernels ask it on every run. Python (graph/aliasing.py) writes
 * each node's aliased pairs at verification; refusals (bad node, bad indices) go to Python. */
#include "schedule.h"

int pvx_fast_vxIsParameterAliased(vx_node node, vx_uint32 parameter_index_a, vx_uint32 parameter_index_b,
                                  vx_bool *out)
{
    pvx_ref *ref = pvx_ref_live(node, VX_TYPE_NODE);
    const pvx_node *n = ref ? ref->desc : NULL;
    vx_uint32 a = parameter_index_a < parameter_index_b ? parameter_index_a : parameter_index_b;
    vx_uint32 b = parameter_index_a ^ parameter_index_b ^ a;
    if (n == NULL || a == b || b >= n->num_parameters)
        return 0;
    *out = vx_false_e;
    for (vx_uint32 k = 0; k < n->num_aliased; k++)
        if (n->aliased[2 * k] == a && n->aliased[2 * k + 1] == b)
            *out = vx_true_e;
    return 1;
}
