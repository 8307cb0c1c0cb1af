"""Buffer aliasing (seed 004, vx_khr_buffer_aliasing): kernels hint which input/output pairs they
can process in place; verification decides, per hint of each node, whether the two objects may
share one buffer, and makes the output borrow the input's storage (one allocation).

A pair is aliased only when it is certainly safe: both objects are virtual objects of the graph
(not graph parameters), whole objects (no views, ROIs, items, slots), of the same type and byte
layout; the input is read by no node that runs after this one nor by this node through another
parameter; neither object already lends or borrows in a way that would make two live objects
share memory. Chains (a -> b at one node, b -> c at a later one) share one buffer: each object is
live from its writer to its last reader, and each link ends one object where the next starts.
SPARSE hints are decided before DENSE ones, as they save a copy as well as memory.
Every decision is undone when the graph changes, is verified again, or dies."""
from _pyopenvx import ffi, lib

from .. import constants as vx
from .. import log
from ..errors import VxError, check
from ..objects.image import Image
from ..objects.parts import container
from ..objects.tensor import Tensor
from ..objects.user_data_object import UserDataObject
from ..reference import type_name
from . import pipelining

DENSE, SPARSE = vx.VX_BUFFER_ALIASING_PROCESSING_TYPE_DENSE, vx.VX_BUFFER_ALIASING_PROCESSING_TYPE_SPARSE
PROCESSING_TYPES = (SPARSE, DENSE)            # in order of priority
ALIASABLE = (Image, Tensor, UserDataObject)   # types whose whole data is their one pvx_memory


def add_hint(kernel, a, b, processing_type):
    """vxAliasParameterIndexHint: recorded on the kernel as (input, output) -> processing type; a
    hint naming a parameter not added yet waits for vxFinalizeKernel (`apply_pending`)."""
    check(not kernel.finalized, vx.VX_ERROR_NOT_SUPPORTED,
          f"{kernel} is finalized: alias hints are given between vxAddUserKernel and vxFinalizeKernel", kernel)
    n = kernel.num_params
    check(a < n and b < n, vx.VX_ERROR_INVALID_PARAMETERS,
          f"parameter indices {a}, {b}: out of range (the kernel has {n})", kernel)
    check(a != b, vx.VX_ERROR_INVALID_PARAMETERS, f"parameter index {a} given twice: a pair is two parameters",
          kernel)
    check(processing_type in PROCESSING_TYPES, vx.VX_FAILURE,
          f"processing type {processing_type:#x} is not a vx_buffer_aliasing_processing_type_e", kernel)
    if kernel.signature[a] is None or kernel.signature[b] is None:
        kernel.pending_hints = kernel.pending_hints + ((a, b, processing_type),)
        return
    _record(kernel, a, b, processing_type)


def _record(kernel, a, b, processing_type):
    sa, sb = kernel.signature[a], kernel.signature[b]
    check({sa.direction, sb.direction} == {vx.VX_INPUT, vx.VX_OUTPUT}, vx.VX_ERROR_INVALID_PARAMETERS,
          f"parameters {a} and {b} must be one input and one output", kernel)
    check(sa.data_type == sb.data_type, vx.VX_ERROR_INVALID_TYPE,
          f"parameters {a} and {b} have different types ({type_name(sa.data_type)}, {type_name(sb.data_type)})", kernel)
    pair = (a, b) if sa.direction == vx.VX_INPUT else (b, a)
    kernel.alias_hints = {**kernel.alias_hints, pair: processing_type}   # a repeated pair: the last hint


def apply_pending(kernel):
    """At vxFinalizeKernel: the hints given before their parameters were added; one that does not
    name an input and an output of one type is dropped (logged), as a hint never fails a kernel."""
    for a, b, processing_type in kernel.pending_hints:
        try:
            _record(kernel, a, b, processing_type)
        except VxError as e:
            log.entry(kernel, e.status, f"alias hint ({a}, {b}) dropped: {e.message}")
    kernel.pending_hints = ()


def is_aliased(node, a, b):
    """vxIsParameterAliased (the C fast path answers valid calls the same way)."""
    n = len(node.params)
    check(a < n and b < n, vx.VX_ERROR_INVALID_PARAMETERS,
          f"parameter indices {a}, {b}: out of range ({node} has {n})", node)
    check(a != b, vx.VX_ERROR_INVALID_PARAMETERS, f"parameter index {a} given twice: a pair is two parameters",
          node)
    return vx.vx_true_e if (min(a, b), max(a, b)) in node.aliased else vx.vx_false_e


# verification ---------------------------------------------------------------------------------
def decide(graph):
    """The verification phase: every node's hints, SPARSE ones first, in schedule order."""
    position = {node: k for k, node in enumerate(graph.order)}
    hints = [(PROCESSING_TYPES.index(kind), position[node], node, i, o)
             for node in graph.order if node.kernel.alias_hints for (i, o), kind in node.kernel.alias_hints.items()]
    if not hints or pipelining.depth(graph) > 1:
        return                                 # (pipelined: each frame slot has its own copies, none would share)
    readers = {}                               # object (and each object containing it) -> positions reading it
    for node, i, obj, parts, _ in graph.inputs + graph.updates:     # an update reads too
        for o in parts:
            readers.setdefault(o, []).append((position[node], node, i))
    params = {node.params[i] for node, i in graph.parameters}
    lends, borrows = {}, {}                    # object -> the object sharing its buffer after / before it
    for _, at, node, i, o in sorted(hints, key=lambda h: h[:2]):
        src, dst = node.params[i], node.params[o]
        if _may_alias(node, at, i, src, dst, readers, params) and src not in lends and dst not in borrows:
            lends[src], borrows[dst] = dst, src
            node.aliased = node.aliased | {(min(i, o), max(i, o))}     # (a node shares an empty one until then)
    # storage: each chain's first object owns the buffer, the others borrow it in chain order
    for first in [o for o in lends if o not in borrows]:
        obj = first
        while obj in lends:
            _borrow(lends[obj], obj)
            graph.aliases.append(lends[obj])
            obj = lends[obj]
    for node in graph.order:
        if node.aliased:                       # (the others have none published: `release`)
            _publish(node)


def _may_alias(node, at, index, src, dst, readers, params):
    if src is None or dst is None or src is dst or type(src) is not type(dst) or not isinstance(src, ALIASABLE):
        return False
    for obj in (src, dst):
        if (not obj.virtual or obj in params or container(obj) is not None or getattr(obj, "views", None)
                or getattr(obj, "image_arrays", 0) or getattr(obj, "swappable", False)):
            return False
    if src.meta() != dst.meta() or _layout(src) != _layout(dst):
        return False
    if node.tiling is not None and node.tiling.neighborhood != (0, 0, 0, 0):
        return False                           # tiles would overwrite pixels that other tiles still read
    # the input's last reader is this node, through this parameter only; nobody reads the output here
    for pos, reader, i in readers.get(src, ()):
        if pos > at or (reader is node and i != index):
            return False
    return not any(reader is node for _, reader, _ in readers.get(dst, ()))


def _layout(obj):
    """The bytes an object occupies: sizes and, for images, each plane's row stride."""
    if isinstance(obj, Image):
        return obj.desc.size, tuple(obj.desc.plane[p].stride_y for p in range(obj.planes))
    return obj.nbytes(), getattr(obj, "strides", None)


def _borrow(obj, lender):
    """obj's memory becomes lender's (allocated now if still lazy): one allocation for both."""
    if isinstance(obj, Image):             # (a whole root image: its planes published in the same C call)
        lender.allocate()
        lib.pvx_image_lend(obj.desc, lender.mem)
        obj.base = obj._plane_bases()
    else:
        lender.base()
        own, lent = obj.mem, lender.mem
        lib.pvx_memory_free(own)           # any storage of its own goes
        own.base, own.bytes, own.borrowed = lent.base, lent.bytes, 1
    obj.lender = lender                    # borrowed from the graph, not from the application


def lend(graph, plan):
    """Each object of `plan` ({object: lender}) uses its lender's storage until the graph's next
    verification or change (`release`): verification shares the storage of virtual images whose
    lifetimes do not overlap."""
    aliases = graph.aliases
    for obj, lender in plan.items():
        _borrow(obj, lender)
        aliases.append(obj)


def _unborrow(obj):
    lib.pvx_memory_free(obj.mem)           # borrowed: frees nothing but its map table
    obj.mem.borrowed, obj.lender = 0, None
    if isinstance(obj, Image):
        obj._attach(None)


def _publish(node):
    """The node's aliased pairs as C reads them (vxIsParameterAliased's fast path)."""
    pairs = sorted(node.aliased)
    d = node.desc
    d.num_aliased = 0
    node._c_aliased = ffi.new("vx_uint32[]", [x for pair in pairs for x in pair] or 1)
    d.aliased = node._c_aliased
    d.num_aliased = len(pairs)


def release(graph):
    """Undo the last verification's aliasing: every object owns its memory (lazily) again."""
    for obj in reversed(graph.aliases):
        if obj.h is not None:              # (alive: most died with the graph's nodes, a property call each)
            _unborrow(obj)
    graph.aliases = []
    for node in graph.nodes:
        if node.aliased:
            node.aliased = set()
            _publish(node)

