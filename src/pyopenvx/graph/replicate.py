"""vxReplicateNode: one node run once per item of object arrays or levels of pyramids.

A replicated parameter is item 0 of its container (an object array's items, a pyramid's levels);
replica r gets item r. Every replicated container must have the same number of items."""
from .. import constants as vx
from ..errors import check
from ..objects.parts import container, items_of

_CONTAINERS = (vx.VX_TYPE_OBJECT_ARRAY, vx.VX_TYPE_PYRAMID)


def replicate_node(graph, node, flags):
    check(node.graph is graph, vx.VX_ERROR_INVALID_PARAMETERS, f"{node} is not in {graph}", node)
    graph.check_changeable(f"{node} cannot be replicated")
    check(node.replicate is None, vx.VX_ERROR_INVALID_PARAMETERS, f"{node} is already replicated", node)
    counts = set()
    for i, (flag, obj) in enumerate(zip(flags, node.params)):
        if not flag:
            continue
        check(obj is not None, vx.VX_ERROR_INVALID_PARAMETERS, f"{node} parameter {i}: replicated but not set", node)
        parent = container(obj)
        check(parent is not None and parent.vx_type in _CONTAINERS, vx.VX_ERROR_INVALID_PARAMETERS,
              f"{node} parameter {i}: {obj} is not an item of an object array or a pyramid level", node)
        items = items_of(parent)
        check(items and items[0] is obj, vx.VX_ERROR_INVALID_PARAMETERS,
              f"{node} parameter {i}: {obj} is not item 0 of {parent}", node)
        counts.add(len(items))
    check(counts, vx.VX_ERROR_INVALID_PARAMETERS, f"{node}: no parameter is replicated", node)
    check(len(counts) == 1, vx.VX_ERROR_INVALID_PARAMETERS,
          f"{node}: replicated containers have different item counts {sorted(counts)}", node)
    node.replicate = list(flags)
    node.desc.is_replicated = vx.vx_true_e
    for i, flag in enumerate(flags):
        node.desc.replicate_flags[i] = vx.vx_true_e if flag else vx.vx_false_e
        node.hold_container(i)
    graph.invalidate(f"{node} was replicated")
