"""How data objects contain one another, as the graph manager sees it: pyramid levels, object
array items, delay slots, ROI and channel images, and what views another object's memory (tensor
views, the images of vxCreateImageObjectArrayFromTensor through their array). Dependencies, single
writers, replication and delay binding all follow these links."""
from .. import constants as vx

_SCOPES = (vx.VX_TYPE_GRAPH, vx.VX_TYPE_CONTEXT)


def container(obj):
    """What `obj` is part of (a pyramid, object array, delay, parent image, or the tensor whose memory
    it views), or None. (Read from the instance dict: verification asks this for every parameter.)"""
    d = getattr(obj, "__dict__", None)
    return (d.get("parent") or d.get("parent_image") or d.get("viewed")) if d else None


def items_of(obj):
    """The parts of a container in order (pyramid levels, object array items), or None."""
    return getattr(obj, "levels", None) or getattr(obj, "items", None)


def lineage(obj):
    """The object, then each container it is part of."""
    while obj is not None:
        yield obj
        obj = container(obj)


def scope_of(obj):
    """The graph (or context) an object belongs to: its own scope, or its container's (the items
    of a virtual object array are scoped to the array, which is scoped to its graph)."""
    scope = obj.scope
    while scope.vx_type not in _SCOPES:
        scope = scope.scope
    return scope
