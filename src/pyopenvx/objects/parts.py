"""How data objects contain one another, as the graph manager sees it: pyramid levels, object
array items, delay slots, ROI and channel images, and what views another object's memory (tensor
views, the images of vxCreateImageObjectArrayFromTensor through their array). Dependencies, single
writers, replication and delay binding all follow these links; images that share memory without
containing one another (overlapping ROIs or channels of one image, images from handles that
alias) are found by `overlap`."""
from _pyopenvx import ffi

from .. import constants as vx
from .dataobject import DataObject

_SCOPES = (vx.VX_TYPE_GRAPH, vx.VX_TYPE_CONTEXT)


def container(obj):
    """What `obj` is part of (a pyramid, object array, delay, parent image, or the tensor whose memory
    it views), or None. (Read as attributes, None by default on every data object: reading an object's
    `__dict__` makes it a dict of its own for life, larger and slower to read, write and free.)"""
    return (obj.parent or obj.parent_image or obj.viewed) if isinstance(obj, DataObject) else None


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


def shares_memory(obj):
    """Whether an image may share pixels with an image it does not contain nor is part of: a view,
    an image with views, or one on the application's memory (vxCreateImageFromHandle)."""
    if obj.vx_type != vx.VX_TYPE_IMAGE:
        return False
    root = obj.root
    return root is not obj or bool(obj.views) or (root.swappable and root.base is not None)


def _planes_of(img):
    """Per plane: (root plane, x0, y0, x1, y1) in that root plane's elements."""
    d = img.desc
    out = []
    for p in range(d.planes):
        pl = d.plane[p]
        cols, rows = -(-img.width // pl.step_x), -(-img.height // pl.step_y)
        out.append((pl.root_plane, pl.root_x, pl.root_y, pl.root_x + cols, pl.root_y + rows))
    return out


def _bytes_of(img):
    """Per plane of an image on the application's memory: the bytes from its first pixel to its last."""
    root = img.root
    spans = []
    for rp, x0, y0, x1, y1 in _planes_of(img):
        pl = root.desc.plane[rp]
        start = int(ffi.cast("uintptr_t", root.base[rp]))
        spans.append((start + y0 * pl.stride_y + x0 * pl.bits // 8, start + (y1 - 1) * pl.stride_y + -(-x1 * pl.bits // 8)))
    return spans


def overlap(a, b):
    """Whether two images (shares_memory) have pixels in common: views of one root whose
    rectangles meet in a plane, or images on application memory whose bytes meet."""
    if a.root is b.root:
        return any(pa == pb and ax0 < bx1 and bx0 < ax1 and ay0 < by1 and by0 < ay1
                   for pa, ax0, ay0, ax1, ay1 in _planes_of(a) for pb, bx0, by0, bx1, by1 in _planes_of(b))
    if not (a.root.swappable and b.root.swappable and a.root.base is not None and b.root.base is not None):
        return False
    return any(s0 < e1 and s1 < e0 for s0, e0 in _bytes_of(a) for s1, e1 in _bytes_of(b))


def in_delay(obj):
    """(delay, slot index, path) when `obj` is a delay slot or a part of one at any depth (a level
    of a pyramid in a slot, an item of an object array in a slot): `path` indexes the items from
    the slot down to `obj`. None otherwise (views are not parts a delay moves)."""
    path = []
    while obj is not None:
        parent = container(obj)
        if parent is None:
            return None
        if parent.vx_type == vx.VX_TYPE_DELAY:
            return parent, -parent.slots.index(obj), tuple(reversed(path))
        items = items_of(parent)
        if not items or not any(item is obj for item in items):
            return None
        path.append(next(k for k, item in enumerate(items) if item is obj))
        obj = parent
    return None


def part_at(obj, path):
    """The part of `obj` a path of item indexes leads to (in_delay)."""
    for k in path:
        obj = items_of(obj)[k]
    return obj
