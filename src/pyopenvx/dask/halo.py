"""How far a graph reaches: the halo a chunk needs so that its pixels come out as in the whole-image
run, from the row maps fusion uses (graph/fusion.py), and the nodes no chunking can run exactly.

A node's reach is its kernel's neighbourhood radius plus the largest reach among the images it
reads; the graph's halo is the largest reach of any image (the sum of radii along the longest path).
Only same-size kernels whose row map is known are chunked; anything else is refused by name."""
from __future__ import annotations

from typing import Any, Dict

from .. import constants as vx
from ..api import ffi

# the neighbourhood radius of kernels whose size lives in an object (the row map gives the widest fused)
_CONVOLUTION, _NON_LINEAR = vx.VX_KERNEL_CUSTOM_CONVOLUTION, vx.VX_KERNEL_NON_LINEAR_FILTER
# images whose chroma is subsampled: a chunk at an odd offset would split their pixel pairs
_SUBSAMPLED = (vx.VX_DF_IMAGE_NV12, vx.VX_DF_IMAGE_NV21, vx.VX_DF_IMAGE_IYUV, vx.VX_DF_IMAGE_YUYV,
               vx.VX_DF_IMAGE_UYVY)
# whole-image results that are reductions of per-chunk ones (computed apart: see docs/scale-out.md)
REDUCTIONS = {vx.VX_KERNEL_HISTOGRAM: "histogram (da.histogram)", vx.VX_KERNEL_MEAN_STDDEV: "mean and standard "
              "deviation (dask.array's mean/std)", vx.VX_KERNEL_MINMAXLOC: "min/max (dask.array's min/max)"}


class NotChunkable(ValueError):
    """A graph with a node that chunks cannot run exactly."""


def model(obj: Any) -> Any:
    """The object model's object behind a pythonic one (a Graph, an Image). The library shares this
    interpreter; its modules import once it started, as it has for the object (hence imports here)."""
    from _pyopenvx import ffi as core_ffi

    from ..reference import lookup
    return lookup(core_ffi.cast("vx_reference", int(ffi.cast("uintptr_t", obj.handle))))


def _radius(node: Any, index: int, fusion: Any) -> int:
    """The node's neighbourhood radius (pixels on each side, both directions), or NotChunkable."""
    kernel = node.kernel
    named = f", named {node.name}" if node.name and node.name != kernel.name else ""
    name = f"node {index} ({kernel.name}{named})"
    if kernel.enumeration in REDUCTIONS:
        raise NotChunkable(f"{name} computes a whole-image {REDUCTIONS[kernel.enumeration]}: not per chunk; "
                           "compute that reduction on the dask.array itself")
    spec = fusion.spec_of(kernel.enumeration)
    if spec is None:
        raise NotChunkable(f"{name} cannot be computed chunk by chunk exactly (its result is not a bounded "
                           "neighbourhood of its input at the same size)")
    factor, up, down = spec[2]
    if factor != 1:
        raise NotChunkable(f"{name} scales the image: chunks would not tile its output exactly")
    for obj in node.params:
        if getattr(getattr(obj, "desc", None), "format", None) in _SUBSAMPLED:
            raise NotChunkable(f"{name} uses an image with subsampled chroma")
    if kernel.enumeration == _CONVOLUTION:
        return max(node.params[1].columns, node.params[1].rows) // 2
    if kernel.enumeration == _NON_LINEAR:
        return max(node.params[1].columns, node.params[1].rows) - 1      # any origin
    return max(up, down)


def halo(graph: Any) -> int:
    """The halo (pixels on each side) chunks of the verified pythonic `graph` need, or NotChunkable
    naming the first node that cannot be chunked."""
    graph_model = model(graph)
    from ..graph import fusion
    reach: Dict[Any, int] = {}
    for index, node in enumerate(graph_model.order):
        r = _radius(node, index, fusion) + max((reach.get(node.params[i], 0) for i in node.kernel.inputs), default=0)
        for i in node.kernel.outputs:
            if node.params[i] is not None:
                reach[node.params[i]] = max(reach.get(node.params[i], 0), r)
    return max(reach.values(), default=0)
