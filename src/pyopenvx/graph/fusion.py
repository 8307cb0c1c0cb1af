"""Fused execution: at verification, runs of consecutive nodes of the schedule whose standard
kernels read a bounded neighbourhood of rows become one pass over bands of rows (csrc/runtime/
fusion.c). Here the policy: which nodes join a pass, which images become rings of a few rows (never
allocated in full), each stage's row map, scale and lag; C gets a plain-data plan (`pvx_fused`) hung on the
pass's first node, with the kernels' per-row entry points as function pointers.

A node joins the pass being built when its kernel is in FUSABLE, it runs on the host, unreplicated,
its images are single-plane U8/S16 (ColorConvert: every conversion, its multi-plane outputs the
application's images; ChannelExtract: RGB/RGBX or a luma plane) of the sizes its row map needs (one size, or an input twice the
output for HalfScaleGaussian and 2:1 ScaleImage). Nodes of a pass need not read each other's images
(the first nodes of chains are often ChannelExtracts of different inputs): the schedule's order already
put what they read before them, and `_cut` keeps every image the pass writes and reads a ring.
Each stage has a row map (output row y reads input rows factor y - up .. factor y + down) and a scale
(pass rows per row of its output: the product of the factors along the chain). An image written in the pass becomes a ring when it is virtual, of one plane, whole (no view, no container,
not a graph parameter) and read only by nodes of the pass; a pass whose node would read an image of
the pass that cannot be a ring is cut there.

Stages that read no ring and write none and touch only the application's images (ColorConvert from
its NV12 to its RGB) move before the pass and run node by node (`_linked`).

When to fuse: a pass runs the same row functions as its nodes, so it gains only the intermediates'
trips through memory (which stay in the last-level cache node by node while they are small) and
pays for its step loop (csrc/runtime/fusion.c: as many instructions a stage row as node-by-node
band loops, ~50; plus the fused row wrappers of the kernels). Measured (bench/fusion.c pipelines;
box x4 = openvx-mark's GraphDividend 4 x Box3x3, UNDEFINED borders; CPU time, medians of 3-7
alternating process runs, load 7-8 on 2 shared cores; fused / node by node, 1 thread, 2 threads):
  1920x1080: edge 0.82, 0.86 (rings 16.6 MB); motion 0.98-1.03, 1.01 (8.3 MB); box x4 1.00-1.04,
             1.00 (6.2 MB); camera 0.86-0.90, 0.86 (2.1 MB: its Y plane, ColorConvert left out);
  3840x2160: edge 0.66, 0.66 (66 MB); motion 0.72, 0.79 (33 MB); box x4 0.79, 1.00 (25 MB);
             camera 0.91, 0.87 (8.3 MB).
So by default a pass is fused when its rings hold at least MIN_RING_BYTES (12 MB) of images, the
traffic it keeps out of memory: edge from 1080p, the U8 chains (even at 1080p) from ~1.5x 1080p on,
camera's one U8 ring never (a gain of ~0.1 given up). Also whatever its size when at least half its
stages (and two) are 3x3 Box, Gaussian, Median, Erode or Dilate (CHEAPER): those stages compute a
step's rows at once with fewer operations than their nodes (rows3.inc; docs/hacking/graph.md, "Fused
3x3 rows"): openvx-mark's GraphDividend chains 1.3-1.7x node by node from VGA on, one thread.
PVX_FUSION in the environment: 0 never (the
node-by-node reference the tests compare against), 1 every pass whatever its size (the tests' fused
runs). The bytes count
the images folds make vanish (below): the edge pipeline's folds are kept where its rings would be.

Folds (`folds`, kernels/fold.c): inside a pass, nodes whose composition is exact become one stage
(a chain of unary pixel-wise nodes as one comparison or table, after a Magnitude a comparison of
gx^2 + gy^2, a 3x3 filter or Sobel computed in the same row): docs/hacking/graph.md."""
import operator
import os

from _pyopenvx import ffi, lib

from .. import constants as vx
from ..objects.parts import container
from . import events
from . import twins as _twins

# kernel enum -> (prepare, row, row map (factor, up, down), input parameter indexes, output parameter indexes)
_SAME, _3x3 = (1, 0, 0), (1, 1, 1)
_FILTER = ("pvx_fuse_filter_prepare", "pvx_fuse_filter_row", _3x3, (0,), (1,))
_POINT2 = ("pvx_fuse_pointwise_prepare", "pvx_fuse_pointwise_row", _SAME, (0, 1), (2,))
_POINT2_POLICY = ("pvx_fuse_pointwise_prepare", "pvx_fuse_pointwise_row", _SAME, (0, 1), (3,))
# the kernel size is a scalar that may change between runs: the map reads the widest (5) rows
_HALF_GAUSSIAN = (2, 2, 2)
FUSABLE = {
    vx.VX_KERNEL_BOX_3x3: _FILTER,
    vx.VX_KERNEL_GAUSSIAN_3x3: _FILTER,
    vx.VX_KERNEL_MEDIAN_3x3: _FILTER,
    vx.VX_KERNEL_ERODE_3x3: _FILTER,
    vx.VX_KERNEL_DILATE_3x3: _FILTER,
    vx.VX_KERNEL_SOBEL_3x3: ("pvx_fuse_filter_prepare", "pvx_fuse_filter_row", _3x3, (0,), (1, 2)),
    vx.VX_KERNEL_AND: _POINT2,
    vx.VX_KERNEL_OR: _POINT2,
    vx.VX_KERNEL_XOR: _POINT2,
    vx.VX_KERNEL_ABSDIFF: _POINT2,
    vx.VX_KERNEL_MAGNITUDE: _POINT2,
    vx.VX_KERNEL_PHASE: _POINT2,
    vx.VX_KERNEL_ADD: _POINT2_POLICY,
    vx.VX_KERNEL_SUBTRACT: _POINT2_POLICY,
    vx.VX_KERNEL_THRESHOLD: ("pvx_fuse_threshold_prepare", "pvx_fuse_threshold_row", _SAME, (0,), (2,)),
    vx.VX_KERNEL_CONVERTDEPTH: ("pvx_fuse_convert_depth_prepare", "pvx_fuse_convert_depth_row", _SAME, (0,), (1,)),
    vx.VX_KERNEL_HALFSCALE_GAUSSIAN: ("pvx_fuse_halfscale_prepare", "pvx_fuse_halfscale_row", _HALF_GAUSSIAN, (0,), (1,)),
    # exactly half in both directions (every interpolation reads rows 2y and 2y + 1)
    vx.VX_KERNEL_SCALE_IMAGE: ("pvx_fuse_half_scale_prepare", "pvx_fuse_half_scale_row", (2, 0, 1), (0,), (1,)),
    # a channel of RGB or RGBX, or the Y of NV12, NV21 or IYUV: bytes of the first plane's rows
    vx.VX_KERNEL_CHANNEL_EXTRACT: ("pvx_fuse_channel_extract_prepare", "pvx_fuse_channel_extract_row", _SAME, (0,),
                                   (2,)),
    # at most 5x5 (a convolution's size is fixed at its creation): the map reads the widest rows
    vx.VX_KERNEL_CUSTOM_CONVOLUTION: ("pvx_fuse_convolve_prepare", "pvx_fuse_convolve_row", (1, 2, 2), (0,), (2,)),
    # rows 1:1 (the chroma planes of an application's NV12, NV21 or IYUV read at row y / 2 directly:
    # runtime/fusion.c); to NV12 or IYUV by pairs of rows (_row_map), as the node's rows do
    vx.VX_KERNEL_COLOR_CONVERT: ("pvx_fuse_color_convert_prepare", "pvx_fuse_color_convert_row", _SAME, (0,), (1,)),
    # masks whose rows reach at most 2 above and below their origin (the origin is fixed at the
    # mask's creation; its elements may change between runs): the map reads the widest rows
    vx.VX_KERNEL_NON_LINEAR_FILTER: ("pvx_fuse_non_linear_prepare", "pvx_fuse_non_linear_row", (1, 2, 2), (1,), (3,)),
}
# fusable only as folds (a fold of one node: kernels/fold.c evaluates them over their input domain)
FOLD_ONLY = {
    vx.VX_KERNEL_TABLE_LOOKUP: ("pvx_fold_prepare", "pvx_fold_row", _SAME, (0,), (2,)),
    vx.VX_KERNEL_NOT: ("pvx_fold_prepare", "pvx_fold_row", _SAME, (0,), (1,)),
}
_PAIRS = (2, 0, 1)                            # an output row of pairs: input rows 2y and 2y + 1
_FORMATS = (vx.VX_DF_IMAGE_U8, vx.VX_DF_IMAGE_S16)
_INTERLEAVED = (vx.VX_DF_IMAGE_RGB, vx.VX_DF_IMAGE_RGBX)
_LUMA_FIRST = (vx.VX_DF_IMAGE_NV12, vx.VX_DF_IMAGE_NV21, vx.VX_DF_IMAGE_IYUV)
_COLOR_IN = _INTERLEAVED + _LUMA_FIRST + (vx.VX_DF_IMAGE_YUYV, vx.VX_DF_IMAGE_UYVY, vx.VX_DF_IMAGE_YUV4)
_YUV420_OUT = (vx.VX_DF_IMAGE_NV12, vx.VX_DF_IMAGE_IYUV)    # (NV21 is no output of ColorConvert)
_COLOR_OUT = _INTERLEAVED + _YUV420_OUT + (vx.VX_DF_IMAGE_YUV4,)
_PIXEL_BYTES = {vx.VX_DF_IMAGE_U8: 1, vx.VX_DF_IMAGE_S16: 2, vx.VX_DF_IMAGE_RGB: 3, vx.VX_DF_IMAGE_RGBX: 4,
                vx.VX_DF_IMAGE_YUYV: 2, vx.VX_DF_IMAGE_UYVY: 2}    # (of the first plane)


def _format_fits(node, obj):
    """The image's format is one the node's fused row serves."""
    if node.kernel.enumeration == vx.VX_KERNEL_COLOR_CONVERT:
        return obj.desc.format in (_COLOR_IN if obj is node.params[0] else _COLOR_OUT)
    return obj.desc.format in _FORMATS or _first_plane_input(node, obj)


def _first_plane_input(node, obj):
    """ChannelExtract's input whose channel lies in the first plane at full size."""
    if node.kernel.enumeration != vx.VX_KERNEL_CHANNEL_EXTRACT or obj is not node.params[0]:
        return False
    channel = node.params[1].value
    return obj.desc.format in _INTERLEAVED or (obj.desc.format in _LUMA_FIRST and channel in (vx.VX_CHANNEL_Y,
                                                                                              vx.VX_CHANNEL_0))


MIN_RING_BYTES = 12 << 20
# kernels whose stages compute a step's rows at once (pvx_fused_rows_f: csrc/kernels/rows3.inc), with
# fewer operations a row than their nodes (AVX2 and AVX-512; below, the same rows as the nodes)
CHEAPER = frozenset((vx.VX_KERNEL_BOX_3x3, vx.VX_KERNEL_GAUSSIAN_3x3, vx.VX_KERNEL_MEDIAN_3x3,
                     vx.VX_KERNEL_ERODE_3x3, vx.VX_KERNEL_DILATE_3x3))


def _cheaper(nodes, share):
    """Whether at least `share` of the nodes (and two) run cheaper rows in a pass than alone: such a
    pass gains whatever its size. Only nodes of 2 x HALO_SHARE rows or more count: below, `_short`
    cuts every pass of 3x3 stages to one stage, and planning them would fuse nothing."""
    count = sum(1 for node in nodes
                if node.kernel.enumeration in CHEAPER and node.params[1].desc.height >= 2 * HALO_SHARE)
    return count >= 2 and count >= share * len(nodes)


def _min_ring_bytes():
    """The fewest bytes of rings a pass needs to be fused, per PVX_FUSION (None: fusion off)."""
    setting = os.environ.get("PVX_FUSION")
    return None if setting == "0" else 0 if setting == "1" else MIN_RING_BYTES


def _rings(graph, run, readers):
    """The images the run writes that become rings (never allocated)."""
    members = set(run)
    return {node.params[i] for node in run for i in spec_of(node.kernel.enumeration)[4]
            if node.params[i] is not None and _ringable(graph, node.params[i], members, readers)}


def _bytes(images):
    return sum(o.desc.width * o.desc.height * _PIXEL_BYTES.get(o.desc.format, 1) for o in images)


def _pairs(node):
    """Whether the node's rows are pairs of image rows: ColorConvert to 4:2:0 (two luma rows and their
    chroma row at once)."""
    return node.kernel.enumeration == vx.VX_KERNEL_COLOR_CONVERT and node.params[1].desc.format in _YUV420_OUT


def _row_map(node):
    return _PAIRS if _pairs(node) else spec_of(node.kernel.enumeration)[2]


def _spec(node):
    """The node's FUSABLE row: a standard kernel's (no user kernel takes a standard enumeration)."""
    kernel = node.kernel
    if node.replicate is not None or node.tiling is not None:
        return None
    if node.desc.target != ffi.NULL or getattr(kernel, "targets", None):
        return None
    return spec_of(kernel.enumeration)


spec_of = {**FOLD_ONLY, **FUSABLE}.get         # a kernel's row, fusable or fold-only (one lookup)


def _fits(node, spec):
    """Whether the node's images are of the formats and sizes its row map serves."""
    size, out = _size(node, spec[3]), _size(node, spec[4])
    if size is None or out is None:
        return False
    e = node.kernel.enumeration
    if e == vx.VX_KERNEL_CUSTOM_CONVOLUTION and max(node.params[1].columns, node.params[1].rows) > 5:
        return False
    if e == vx.VX_KERNEL_NON_LINEAR_FILTER:
        mask = node.params[2]
        if max(mask.origin[1], mask.rows - 1 - mask.origin[1]) > 2:
            return False
    if e == vx.VX_KERNEL_HALFSCALE_GAUSSIAN:
        return out == ((size[0] + 1) // 2, (size[1] + 1) // 2)
    if e == vx.VX_KERNEL_SCALE_IMAGE:
        return size == (2 * out[0], 2 * out[1])
    return size == out


def _size(node, indexes):
    """The one (width, height) of the node's images at `indexes` (absent ones aside) when each is an
    image of a format its fused row serves, else None."""
    size = None
    for i in indexes:
        obj = node.params[i]
        if obj is None:
            continue
        if obj.vx_type != vx.VX_TYPE_IMAGE or not _format_fits(node, obj):
            return None
        d = obj.desc
        if size is None:
            size = (d.width, d.height)
        elif size != (d.width, d.height):
            return None
    return size


def _readers(graph):
    """Per object: the nodes reading it or any part of it (updates count as reads)."""
    readers = {}
    for edges in (graph.inputs, graph.updates):
        for node, _, obj, parts, _ in edges:
            for o in parts:                   # (the object, then what contains it: its lineage)
                readers.setdefault(o, set()).add(node)
    return readers


def _ringable(graph, obj, members, readers):
    """A ring of a pass of `members`: a whole virtual image (`_whole`) that only they read."""
    whole = graph.whole_images.get(obj)
    if whole is None:
        whole = graph.whole_images[obj] = _whole(graph, obj)
    return whole and readers.get(obj, _NOBODY) <= members


_NOBODY = frozenset()


def _whole(graph, obj):
    """Virtual, of one plane, no view nor part of anything, no graph parameter (asked once an image
    per verification: graph.whole_images)."""
    if not getattr(obj, "virtual", False) or obj.root is not obj or obj.views or container(obj) is not None:
        return False
    if obj.desc.planes > 1:                   # (rings are of one plane)
        return False
    for node, i in graph.parameters:
        if node.params[i] is obj:
            return False
    return True


def _groups(graph):
    """Runs of consecutive fusable nodes."""
    groups, run = [], []
    for node in graph.order:
        spec = _spec(node)
        if spec is not None and _fits(node, spec):
            run.append(node)
            continue
        if len(run) > 1:
            groups.append(run)
        run = []
    if len(run) > 1:
        groups.append(run)
    return groups


def _cut(graph, run, readers):
    """The run split where a node reads an image of the run that cannot be a ring: passes of 2+."""
    members = set(run)
    written = {}
    for k, node in enumerate(run):
        for i in spec_of(node.kernel.enumeration)[3]:
            obj = node.params[i]
            if obj in written and not _ringable(graph, obj, members, readers):
                return _cut(graph, run[:k], readers) + _cut(graph, run[k:], readers)
        for i in spec_of(node.kernel.enumeration)[4]:
            if node.params[i] is not None:
                written[node.params[i]] = k
    return [run] if len(run) > 1 else []


def twin_rows(node):
    """A node's (input, output) parameter indexes when its kernel is fusable (not only as a fold)
    with a row map 1:1, else None: what graph/twins.py compares."""
    spec = FUSABLE.get(node.kernel.enumeration)
    return None if spec is None or spec[2][0] != 1 or _pairs(node) else (spec[3], spec[4])


def twins(run, taken=()):
    return _twins.twins(run, twin_rows, taken)


def may_twin(nodes):
    return _twins.may_twin(nodes, twin_rows)


def _linked(graph, run, readers):
    """The run's order, its pass and the pass's rings if known: a stage that reads no ring and
    writes none (ColorConvert from the application's NV12 to its RGB) gains nothing in a pass and
    would pay for its step loop; one that touches only the application's images (no virtual image,
    whose storage plan follows the order) and that no stage of the run leads to (as with any such
    stage whose images are data: what it would read from the run is no ring, so `_cut` cut there)
    moves before the pass and runs node by node (a pass's stages are consecutive in the schedule).
    Others stay in the pass, twins too."""
    rings = _rings(graph, run, readers)
    doubles = twins(run)
    paired = set(doubles) | set(doubles.values())
    out, rest, led = [], [], set()         # led: the nodes earlier stages lead to
    for node in run:
        images = _inputs(node) + _outputs_of(node)
        alone = (not any(o in rings or getattr(o, "virtual", False) for o in images) and node not in led
                 and node not in paired)
        (out if alone else rest).append(node)
        led |= graph.after[node]
    # (the rings are the pass's too when no stage moved out: the same members)
    return out + rest, rest if len(rest) > 1 else [], rings if not out else None


# Folds (kernels/fold.c): nodes of a pass computed as one stage where that is exact. A chain of unary
# pixel-wise nodes is one function of its input value, evaluated per run over the input domain
# (a comparison when it is a step, else a table); before it may stand a Magnitude (the step then
# compares gx^2 + gy^2, no square root), a 3x3 filter with a U8 output or a Sobel3x3 feeding the
# Magnitude (their rows computed into scratch). The images between the nodes of a fold are virtual,
# whole, no graph parameter and read by the next node only: they vanish (no ring, no memory).
_UNARY = {vx.VX_KERNEL_THRESHOLD: (0, 2), vx.VX_KERNEL_CONVERTDEPTH: (0, 1), vx.VX_KERNEL_TABLE_LOOKUP: (0, 2),
          vx.VX_KERNEL_NOT: (0, 1)}          # kernel -> (input, output) parameter indexes
_FILTER_HEADS = (vx.VX_KERNEL_BOX_3x3, vx.VX_KERNEL_GAUSSIAN_3x3, vx.VX_KERNEL_MEDIAN_3x3, vx.VX_KERNEL_ERODE_3x3,
                 vx.VX_KERNEL_DILATE_3x3)
_FOLD_POINT, _FOLD_MAGNITUDE, _FOLD_FILTER, _FOLD_SOBEL = range(4)     # fold.h's PVX_FOLD_*


# A pvx_fold is ~170 KB, mostly the tables and rows kernels/fold.c fills per run before reading them:
# those are left as allocated (untouched pages cost nothing), the rest is zeroed.
_unzeroed = ffi.new_allocator(should_clear_after_alloc=False)
_ZEROS = bytes(ffi.offsetof("pvx_fold", "table"))


class Fold:
    """A fold's nodes in chain order, its head (_FOLD_*), its stage's images and row map, the images
    that vanish, and its C plan (pvx_fold)."""

    def __init__(self, nodes, head):
        self.nodes, self.head = nodes, head
        first = nodes[0]
        self.ins = [(first.params[i], first, i) for i in ((0, 1) if head == _FOLD_MAGNITUDE else (0,))]
        last = nodes[-1]
        out = _UNARY[last.kernel.enumeration][1]
        self.outs = [(last.params[out], last, out)]
        self.row_map = _3x3 if head in (_FOLD_FILTER, _FOLD_SOBEL) else _SAME
        self.vanished = {o for n in nodes[:-1] for o in _outputs(n)}
        self.c = _unzeroed("pvx_fold *")
        ffi.memmove(self.c, _ZEROS, len(_ZEROS))
        self.c.head, self.c.count = head, len(nodes)
        for k, node in enumerate(nodes):
            self.c.nodes[k] = node.desc
            self.c.kernels[k] = node.kernel.enumeration


def _outputs(node):
    e = node.kernel.enumeration
    if e == vx.VX_KERNEL_SOBEL_3x3:
        return [node.params[1], node.params[2]]
    return [node.params[2 if e == vx.VX_KERNEL_MAGNITUDE else _UNARY[e][1] if e in _UNARY else 1]]


def folds(graph, run, readers):
    """The folds of a pass (graph/fusion.py's step before the stages are laid out)."""
    members, taken, found = set(run), set(), []

    def only_reader(obj):
        """The one node reading `obj` when it may vanish into a fold with it, else None."""
        if obj is None or not _ringable(graph, obj, members, readers) or len(readers.get(obj, ())) != 1:
            return None
        return next(iter(readers[obj]))

    def defined_border(node):
        return node.desc.border.mode != vx.VX_BORDER_UNDEFINED      # (UNDEFINED leaves the edges unwritten)

    for node in run:
        e = node.kernel.enumeration
        if node in taken:
            continue
        if e in _UNARY:
            head, chain = _FOLD_POINT, [node]
        elif e == vx.VX_KERNEL_MAGNITUDE:
            head, chain = _FOLD_MAGNITUDE, [node]
        elif e in _FILTER_HEADS and defined_border(node) and node.params[1].desc.format == vx.VX_DF_IMAGE_U8:
            head, chain = _FOLD_FILTER, [node]
        elif e == vx.VX_KERNEL_SOBEL_3x3 and defined_border(node):
            gx, gy = node.params[1], node.params[2]
            mag = only_reader(gx)
            if mag is None or only_reader(gy) is not mag or mag.kernel.enumeration != vx.VX_KERNEL_MAGNITUDE \
                    or mag.params[0] is not gx or mag.params[1] is not gy:
                continue
            head, chain = _FOLD_SOBEL, [node, mag]
        else:
            continue
        while len(chain) < lib.PVX_FOLD_MAX:
            nxt = only_reader(_outputs(chain[-1])[0])
            if nxt is None or nxt.kernel.enumeration not in _UNARY or nxt in taken:
                break
            chain.append(nxt)
        unary = sum(n.kernel.enumeration in _UNARY for n in chain)
        if unary == 0 or (head == _FOLD_POINT and unary == 1 and e not in FOLD_ONLY):
            continue
        taken.update(chain)
        found.append(Fold(chain, head))
    return found


def _stages(graph, run, readers):
    """Per node of the run, its stage: (node, prepare, row, row map, inputs, outputs, fold) with the
    images as (object, the node of the run holding it, its parameter index); the nodes a fold takes
    in get a stage that computes nothing, the fold's stage stands at its last node. And the images
    the folds make vanish."""
    stages, vanished = {node: _stage(node) for node in run}, set()
    found = folds(graph, run, readers)
    for fold in found:
        for node in fold.nodes[:-1]:
            stages[node] = (node, "pvx_fold_taken_prepare", "pvx_fold_row", _SAME, [], [], None)
        stages[fold.nodes[-1]] = (fold.nodes[-1], "pvx_fold_prepare", "pvx_fold_row", fold.row_map, fold.ins,
                                  fold.outs, fold)
        vanished |= fold.vanished
    copies = {}
    for node, twin in twins(run, {n for fold in found for n in fold.nodes}).items():
        stages[node] = stages[node][:2] + (None,) + stages[node][3:]      # (computes nothing: no row)
        copies.setdefault(twin, []).append(node)
    return [stages[node] for node in run], vanished, copies


def _stage(node):
    """A node's own stage (as `_stages` gives it: no fold, computing for itself)."""
    prepare, row, _, ins, outs = spec_of(node.kernel.enumeration)
    return (node, prepare, row, _row_map(node), [(node.params[i], node, i) for i in ins],
            [(node.params[i], node, i) for i in outs], None)


_ENTRIES = {}


def _entry(name):
    """A kernel's row or prepare function, by name (looked up once)."""
    fn = _ENTRIES.get(name)
    if fn is None:
        fn = _ENTRIES[name] = ffi.addressof(lib, name)
    return fn


def _plan(graph, run, rings, specs, vanished, copies):
    """The C plan of a pass of `rings` (`_rings`) and stages `specs`, `vanished`, `copies` (`_stages`),
    or None when its stages' scales disagree (an input of one stage from producers of different scales)."""
    index = {node: k for k, node in enumerate(run)}
    images, keep = {}, []                     # object -> index; cdata kept alive with the plan
    c = ffi.new("pvx_fused *")
    rows = []                                 # the stages' fields, made into C in one call
    lags, scales, producer, consumers = [], [], {}, {}     # consumers: image -> the stages reading it
    for k, (node, prepare, row, (factor, up, down), ins, outs, fold) in enumerate(specs):
        lag, below, read, written = 0, 0, [], []    # below: the scale of its producers, one for all
        for obj, holder, i in ins:
            at = images.get(obj)
            if at is None:
                at = images[obj] = (len(images), index[holder], i)
            read.append(at[0])
            reading = consumers.get(obj)
            if reading is None:
                consumers[obj] = [k]
            elif reading[-1] != k:
                reading.append(k)
            p = producer.get(obj)
            if p is not None:
                if below and scales[p] != below:
                    return None, None
                below = scales[p]
                if lags[p] + below * down > lag:
                    lag = lags[p] + below * down
        scale = factor * (below or 1)
        for obj, holder, i in outs:
            if obj is None:
                written.append(lib.PVX_FUSED_NONE)
                continue
            at = images.get(obj)
            if at is None:
                at = images[obj] = (len(images), index[holder], i)
            written.append(at[0])
            producer[obj] = k
        # (a stage a fold took in reads and writes image 0, never written: the zeros of `in` and `out`)
        extra = ffi.NULL if fold is None else fold.c
        rows.append({"prepare": _entry(prepare), "row": ffi.NULL if row is None else _entry(row), "node": node.desc,
                     "factor": factor, "up": up,
                     "down": down, "args": [node.kernel.enumeration], "num_in": len(ins), "num_out": len(outs),
                     "in": read, "out": written, "scale": scale, "lag": lag, "plan": extra})
        if extra != ffi.NULL:
            keep.append(extra)
        lags.append(lag)
        scales.append(scale)
    stages = ffi.new("pvx_fused_stage[]", rows)
    for node, nodes in copies.items():        # a stage computing for twins: their images
        out = spec_of(node.kernel.enumeration)[4][0]
        to = ffi.new("uint32_t[]", [images[n.params[out]][0] for n in nodes])
        stages[index[node]].copies, stages[index[node]].num_copies = to, len(nodes)
        keep.append(to)
    described, height = [], 0                 # (images in the order of their indexes)
    for obj, (_, k, i) in images.items():
        d, p = obj.desc, producer.get(obj)
        per_row = 2 if p is not None and _pairs(run[p]) else 1
        im = {"stage": k, "param": i, "pixel_bytes": _PIXEL_BYTES.get(d.format, 1), "rows": per_row,
              "width": d.width, "height": d.height // per_row}
        if p is not None:
            if scales[p] * im["height"] > height:
                height = scales[p] * im["height"]
            if obj in rings:
                # rows from the oldest a consumer reads to the newest the producer has written (an
                # image nobody reads: the one row written)
                ring = 1
                for r in consumers.get(obj, ()):
                    need = (lags[r] - lags[p]) // scales[p] + specs[r][3][1] + 1
                    if need > ring:
                        ring = need
                im["ring"] = ring
        described.append(im)
    c_images = ffi.new("pvx_fused_image[]", described)
    graph.ring_images |= rings | vanished      # (never allocated: only now that the pass is sure)
    graph.twinned |= {n for node, nodes in copies.items() for n in [node] + nodes}
    c.stages, c.num_stages = stages, len(run)
    c.images, c.num_images = c_images, len(images)
    c.height = height
    keep += [stages, c_images]
    return c, keep


# A band recomputes the rows its stages' consumers in the pass read above and below its own
# (run_band): down a chain of D 3x3 stages ~(D - 1) rows a stage more per band. With the ~8 bands of
# two threads (pvx_rows_in_bands) a pass keeps that under ~10 % when no path through it reads more
# than height / 40 rows above and below in all; longer chains are cut into such passes (a
# 64-node Box3x3 chain at 1080p fused whole took 37 % more CPU than node by node, at VGA three
# times as much).
HALO_SHARE = 40


def _short(run):
    """The run cut into passes in which no path of stages reads more than the pass's height /
    HALO_SHARE pass rows above and below (passes of 2+). A stage with no producer in the pass
    makes nothing be recomputed."""
    images = [(node, _inputs(node), _outputs_of(node)) for node in run]
    limit = max(o.desc.height for _, ins, outs in images for o in ins + outs) // HALO_SHARE
    pieces, piece, halo, scale = [], [], {}, {}
    for node, ins, outs in images:
        factor, up, down = _row_map(node)
        below = max((scale.get(o, 1) for o in ins), default=1)
        made = [halo[o] for o in ins if o in halo]
        reach = max(made) + (up + down) * below if made else 0
        if reach > limit:
            pieces.append(piece)
            piece, halo, reach = [], {}, 0
        piece.append(node)
        for o in outs:
            scale[o], halo[o] = below * factor, reach
    if not pieces:
        return [run]
    pieces.append(piece)
    return [p for p in pieces if len(p) > 1]


def _most_ring_bytes(nodes, least):
    """At least the bytes of rings any pass of `nodes` (in schedule order) can hold, without
    planning: all their virtual outputs' when that is below `least`; else the most of a window of
    the schedule. A pass's rings are virtual images its nodes write, and its nodes are consecutive
    in the schedule (groups, `_cut` and `_short` keep runs of it; `_linked` moves out only nodes
    that touch no virtual image, so a path of virtual images between two nodes of a pass lies in
    it). `_short` cuts where a stage's reach passes its limit (height / HALO_SHARE, the tallest
    image here at most), and a stage reaches at least the up + down of each stage after the first
    on a path of the pass to it (scales are >= 1). So no window holds a node of another kernel,
    nor two nodes that such a path joins with more than the limit: a path to a stage whose own
    up + down passes it, or one along first inputs (the "spine"), whose sums are kept. 10,000
    chained 64x48 images hold 30 MB, a pass at most two (6 KB); 64 Box3x3 at 640x480 19 MB, a
    pass at most 7 of them (2 MB, 7 stages reach 12 rows): planning them would fuse nothing."""
    stages, total, tallest = [], 0, 0       # stages: (node, its up + down, virtual outputs, their bytes)
    for node in nodes:
        spec = spec_of(node.kernel.enumeration)
        if spec is not None:
            outs, written = [], 0
            for o in _outputs_of(node):
                d = o.desc
                if d.height > tallest:
                    tallest = d.height
                if o.virtual:
                    outs.append(o)
                    written += d.width * d.height * _PIXEL_BYTES.get(d.format, 1)
            spec, total = (node, spec[2][1] + spec[2][2], outs, written), total + written
        stages.append(spec)
    if total < least:
        return total
    inputs = [stage and _inputs(stage[0]) for stage in stages]
    for ins in inputs:
        for o in ins or ():
            if o.desc.height > tallest:
                tallest = o.desc.height
    limit = tallest // HALO_SHARE
    most, start, total, sums, writer = 0, 0, 0, [0], {}     # sums: the bytes written before each node
    # per node: the up + downs summed along its spine, and the latest node of its spine whose sum is
    # less (the walk back visits each sum once: at most limit + 1 of them)
    reached, less = [0] * len(stages), [None] * len(stages)
    for k, stage in enumerate(stages):
        if stage is None:                     # (no pass holds it, nor spans it)
            start = k + 1
        else:
            _, reach, outs, written = stage
            ins = inputs[k]
            if reach > limit:
                for o in ins:
                    if writer.get(o, -1) >= start:
                        start = writer[o] + 1
            up = writer.get(ins[0]) if ins else None
            if up is not None:
                reached[k] = reach + reached[up]
                up = less[k] = up if reach else less[up]
            else:
                reached[k] = reach
            while up is not None and up >= start:
                if reached[k] - reached[up] > limit:
                    start = up + 1
                    break
                up = less[up]
            for o in outs:
                writer[o] = k
            total += written
        sums.append(total)
        if total - sums[start] > most:
            most = total - sums[start]
    return most


def _virtual_bytes(graph):
    """The bytes of the graph's virtual images, at least those of any pass's rings (what
    `_most_ring_bytes` counts first, node by node): one field an image."""
    total = 0
    for o in graph.virtual_objects:
        if o.vx_type == vx.VX_TYPE_IMAGE:
            total += o.desc.size
    return total


def _read_twice(graph):
    """Whether a node reads an object another (or the same) node reads too: twins read one input."""
    return len(graph.inputs) > len(set(map(_OBJECT, graph.inputs)))


_OBJECT = operator.itemgetter(2)              # (an edge's object: graph/verify.py check_parameters)


def _inputs(node):
    return [node.params[i] for i in spec_of(node.kernel.enumeration)[3] if node.params[i] is not None]


def _outputs_of(node):
    return [node.params[i] for i in spec_of(node.kernel.enumeration)[4] if node.params[i] is not None]


def plan(graph):
    """Phase of verify: every pass of the graph (none for pipelined graphs or graphs with target
    nodes, whose nodes run through other executors)."""
    for node in graph.order:
        node.desc.fused = ffi.NULL
    graph._c_fused, graph.ring_images, graph.whole_images, graph.twinned = [], set(), {}, frozenset()
    least = _min_ring_bytes()
    if least is None or graph.pipelining.pipelined or any(n.desc.target != ffi.NULL for n in graph.order):
        return
    chain = _chain(graph)
    if chain is not None:
        for run, rings in _chain_passes(graph, chain, least):
            _keep(graph, run, _plan(graph, run, rings, [_stage(node) for node in run], _NOBODY, {}))
        return
    if (not _cheaper(graph.order, 0) and (_virtual_bytes(graph) < least or _most_ring_bytes(graph.order, least) < least)
            and not (_read_twice(graph) and may_twin(graph.order))):   # no pass could gain
        return
    readers, reordered = None, {}
    for group in _groups(graph):
        if (len(group) < len(graph.order) and _most_ring_bytes(group, least) < least and not may_twin(group)
                and not _cheaper(group, 0)):
            continue
        readers = readers or _readers(graph)
        for cut in _cut(graph, group, readers):
            order, linked, rings = _linked(graph, cut, readers)
            for run in _short(linked) if least and linked else [linked]:
                known = rings if run is linked and rings is not None else _rings(graph, run, readers)
                if not run or (_bytes(known) < least and not twins(run) and not _cheaper(run, 0.5)):
                    continue
                _keep(graph, run, _plan(graph, run, known, *_stages(graph, run, readers)))
            if order != cut:
                reordered[cut[0]] = (cut, order)
    if reordered:
        _reorder(graph, reordered)


def _keep(graph, run, planned):
    """The pass's plan (`_plan`) hung on its first node, unless there is none."""
    c, keep = planned
    if c is not None:
        run[0].desc.fused = c
        graph._c_fused.append((c, keep))


# kernels of one image input and one output, row for row, that never fold (a fold needs a unary
# pixel-wise node) nor write by pairs of rows: a schedule that is a chain of them is planned directly
_CHAIN = frozenset((vx.VX_KERNEL_BOX_3x3, vx.VX_KERNEL_GAUSSIAN_3x3, vx.VX_KERNEL_MEDIAN_3x3, vx.VX_KERNEL_ERODE_3x3,
                    vx.VX_KERNEL_DILATE_3x3, vx.VX_KERNEL_CUSTOM_CONVOLUTION, vx.VX_KERNEL_NON_LINEAR_FILTER,
                    vx.VX_KERNEL_CHANNEL_EXTRACT))


def _chain(graph):
    """The schedule when it is one chain of `_CHAIN` nodes that fit (`_fits`), each after the first
    reading the one before's output, a whole image (`_whole`), else None. The general search would
    find it one group (`_groups`), uncut (`_cut`: every image read in it a ring, none read outside:
    each is read by the next node alone), every stage in the pass (`_linked`: each reads or writes a
    ring), without folds or twins (no two nodes read one image): `_chain_passes` goes straight to
    `_short`'s passes (issue 32's VerifyChain: 64 Box3x3)."""
    chain, last = graph.order, None
    if len(chain) < 2:
        return None
    for node in chain:
        if node.kernel.enumeration not in _CHAIN:
            return None
        spec = _spec(node)
        if spec is None or not _fits(node, spec):
            return None
        if last is not None and (node.params[spec[3][0]] is not last or not _whole(graph, last)):
            return None
        last = node.params[spec[4][0]]
    return chain


def _chain_passes(graph, chain, least):
    """A chain's (`_chain`) passes and their rings, those the general search keeps: `_short` cuts it
    where the up + downs summed from a pass's first stage pass height / HALO_SHARE (all its images
    have one height), and a pass is kept when its rings hold `least` bytes or half its stages are
    CHEAPER. Its rings: every output but the last's, which the next pass reads; the chain's last,
    which nobody reads, when whole."""
    starts, end = [0], len(chain)
    last = chain[-1].params[spec_of(chain[-1].kernel.enumeration)[4][0]]
    if least:                                 # (PVX_FUSION=1: the chain whole)
        limit, reach = last.desc.height // HALO_SHARE, 0
        for k in range(1, end):
            _, up, down = spec_of(chain[k].kernel.enumeration)[2]
            reach += up + down
            if reach > limit:
                starts.append(k)
                reach = 0
    starts.append(end)
    for a, b in zip(starts, starts[1:]):
        if b - a < 2:
            continue
        run = chain[a:b]
        rings = [node.params[spec_of(node.kernel.enumeration)[4][0]] for node in run[:-1]]
        if b == end and _whole(graph, last):
            rings.append(last)
        if _bytes(rings) >= least or _cheaper(run, 0.5):
            yield run, set(rings)


def _reorder(graph, reordered):
    """The schedule with each run's nodes in their new order (the C schedule and the event tables,
    which number nodes by their place, made again)."""
    order, skip = [], set()
    for node in graph.order:
        if node in reordered:
            cut, new = reordered[node]
            order += new
            skip |= set(cut)
        elif node not in skip:
            order.append(node)
    graph.order = order
    for k, node in enumerate(order):
        graph._c_schedule[k] = node.desc
    events.compile_graph(graph)
