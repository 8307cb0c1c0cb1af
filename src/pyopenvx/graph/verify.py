"""vxVerifyGraph as named phases, in the order of the 1.3.1 graph manager:

    deinitialize (re-verification) -> aliases undone -> parameters -> single writer -> order (and cycles)
    -> validation (meta formats, virtual objects, valid rectangles) -> tile plans -> buffer aliasing
    -> initialization -> compile -> target nodes created (seed 003) -> events, pipeline (vx_khr_pipelining)
    -> fused passes -> branches -> virtual images' storage (shared where lifetimes do not overlap)

Each phase refuses with a status and a message naming the node and parameter; the graph then
stays unverified. The last phase writes the C schedule that vxProcessGraph runs."""
import collections
import gc
from itertools import compress, filterfalse
from operator import itemgetter, not_

from _pyopenvx import ffi, lib

from .. import constants as vx
from .. import log
from ..errors import VxError, attribute_name, check, status_name
from ..objects.dataobject import accessible
from ..objects.parts import container, items_of, lineage, overlap, scope_of, shares_memory
from ..reference import type_name
from . import aliasing
from . import events
from . import fusion
from . import targets
from .meta_format import AT_LEAST, MISMATCH, OPEN_VALUES, REQUIRED
from .node import LIKE, PHASE_NONE
from .pipelining import QUEUED, Pipeline, pipeup
from .tiling import plan_node


def verify(graph):
    # the collections its short-lived containers trigger would each scan every object of a large
    # graph (quadratic in effect); paused, the next one after it collects what it left
    collecting = gc.isenabled()
    gc.disable()
    try:
        graph.close_to_c()                    # (the nodes C made join it, collector paused too)
        graph.invalidate()
        for phase in PHASES:
            phase(graph)
    finally:
        if collecting:
            gc.enable()
    graph.verified = True
    graph.desc.state = vx.VX_GRAPH_STATE_VERIFIED
    # aging after each run needs Python; queued graphs run only through their queues
    graph.desc.ready = 0 if graph.delays or graph.pipelining.mode in QUEUED else 1
    if graph.pipeline is not None:            # last, as frames may start: what the last one kept
        graph.pipeline.restore()


def _where(node, index):
    return f"{node} parameter {index}"


def deinitialize_nodes(graph):
    """Re-verification starts by undoing the previous initialization (seed 000)."""
    for node in graph.nodes:
        status = node.deinitialize()
        if status != vx.VX_SUCCESS:
            log.entry(node, status, f"the deinitialize callback of {node} failed: {status_name(status)}")


def check_parameters(graph):
    """Every required parameter is set, with an object of the declared type, in scope, outputs
    writable; the set ones become the graph's input and output edges. One walk over the parameters
    also claims each output for its writer (a second claim is refused by check_single_writer, after
    every parameter passed here), notes the images written that may share pixels with others, and
    the virtual objects met (the later phases walk no parameter again to find them).
    (Checks here and below run per parameter: messages are built only on refusal.)"""
    check(graph.nodes, vx.VX_ERROR_INVALID_GRAPH, f"{graph} has no nodes", graph)
    # edges: (node, index, object, its lineage, virtual), computed once for the later phases;
    # updates: VX_BIDIRECTIONAL parameters (read, then written in place)
    graph.inputs, graph.outputs, graph.updates = inputs, outputs, updates = [], [], []
    # who writes each object: {object: (node, index)} and {container: a writer inside it}
    graph.writers, graph.covered = writers, covered = {}, {}
    graph.twice = twice = []                  # (the first output claiming what another did)
    graph.shared_written = shared = []        # (node, image) written that may share pixels (parts.shares_memory)
    # virtual objects (and virtual containers of parts) as read, written and updated: ordered sets
    graph.virtuals_met = met_in, met_out, met_up = {}, {}, {}
    lineages = {}
    for node in graph.nodes:
        for i, (sig, obj) in enumerate(zip(node.kernel.signature, node.params)):
            if obj is None:
                if not sig.optional:
                    raise VxError(vx.VX_ERROR_NOT_SUFFICIENT, f"{_where(node, i)}: required but not set", node)
                continue
            if obj.h is None:
                raise VxError(vx.VX_ERROR_INVALID_REFERENCE, f"{_where(node, i)}: the object was destroyed", node)
            kind = obj.vx_type
            if kind != sig.data_type and not sig.accepts(obj):
                raise VxError(vx.VX_ERROR_INVALID_TYPE, f"{_where(node, i)}: expects a {type_name(sig.data_type)}, "
                              f"got a {type_name(kind)}", node)
            virtual = getattr(obj, "virtual", False)
            if virtual and obj.scope is not graph and scope_of(obj) not in (graph, graph.context):
                raise VxError(vx.VX_ERROR_INVALID_SCOPE, f"{_where(node, i)}: virtual {obj} belongs to another graph",
                              node)
            parts = lineages.get(obj)         # (an object's, once: most are two nodes' parameters)
            if parts is None:
                parts = lineages[obj] = (obj,) if container(obj) is None else tuple(lineage(obj))
            direction = sig.direction
            if direction == vx.VX_INPUT:
                inputs.append((node, i, obj, parts, virtual))
                met = met_in
            else:
                if kind == vx.VX_TYPE_IMAGE and obj.root.is_uniform:
                    raise VxError(vx.VX_ERROR_NOT_SUPPORTED, f"{_where(node, i)}: written, but {obj} is a uniform "
                                  "image (read-only)", node)
                if direction == vx.VX_OUTPUT:
                    outputs.append((node, i, obj, parts, virtual))
                    met = met_out
                    if len(parts) > 1:
                        if not twice:
                            _claim(node, i, obj, parts, writers, covered, twice)
                    elif obj not in covered:    # (part of nothing: _claim's work in two entries)
                        writers[obj] = covered[obj] = (node, i)
                    elif not twice:
                        twice.append((node, i, obj, writers.get(obj) or covered[obj]))
                else:
                    updates.append((node, i, obj, parts, virtual))
                    met = met_up
                # (an image part of nothing is its own root: it shares memory through views or a handle)
                if kind == vx.VX_TYPE_IMAGE and (len(parts) > 1 or obj.views or obj.swappable) and shares_memory(obj):
                    shared.append((node, obj))
            if len(parts) == 1:
                if virtual:
                    met[obj] = None
            else:
                for o in parts:
                    if virtual if o is obj else getattr(o, "virtual", False):
                        met[o] = None


def _claim(node, i, obj, parts, writers, covered, twice):
    """`obj` (and the parts of it and what contains it) claimed for output i of node, or what
    claimed it before (node, i, obj, other) in `twice`: VX_ERROR_MULTIPLE_WRITERS."""
    for o in parts:
        other = writers.get(o) or (covered.get(o) if o is obj else None)
        if other is not None:
            twice.append((node, i, obj, other))
            return
    writers[obj] = claim = (node, i)
    for o in parts:
        covered.setdefault(o, claim)


def _claims(edges):
    """Who writes each object: {object: (node, index)} and {container: a writer inside it};
    an object (or part of one) claimed twice is VX_ERROR_MULTIPLE_WRITERS."""
    writers, covered, twice = {}, {}, []
    for node, i, obj, parts, _ in edges:
        _claim(node, i, obj, parts, writers, covered, twice)
        _refuse_twice(twice)
    return writers, covered


def _refuse_twice(twice):
    if twice:
        node, i, obj, other = twice[0]
        raise VxError(vx.VX_ERROR_MULTIPLE_WRITERS, f"{_where(node, i)}: {obj} is also written by {_where(*other)}",
                      node)


def _producers(obj, parts, writers, covered):
    """The nodes whose writes of `obj` (or of what contains it, or of a part of it) its reader comes after."""
    if not covered:                        # (covered holds what writers does, and more)
        return set()
    if len(parts) == 1:                    # (obj alone, part of nothing: no comprehension)
        found = {writers[obj][0]} if obj in writers else set()
    else:
        found = {writers[o][0] for o in parts if o in writers}
    if obj in covered:
        found.add(covered[obj][0])
    return found


def check_single_writer(graph):
    """No object (or part of one) is written by two outputs, nor updated in place (VX_BIDIRECTIONAL)
    by two nodes: an object has at most one writer, then one updater, then its readers; a node
    does not update what it writes. Every virtual object read (or updated) has a writer: the
    nodes each reader comes after (graph.after, and how many each waits for) are found here."""
    _refuse_twice(graph.twice)
    writers, covered = graph.writers, graph.covered
    graph.updaters, graph.updated = updaters, updated = _claims(graph.updates)
    for node, i, obj, parts, _ in graph.updates:
        if any(writers[o][0] is node for o in parts if o in writers) or covered.get(obj, (None,))[0] is node:
            raise VxError(vx.VX_ERROR_MULTIPLE_WRITERS, f"{_where(node, i)}: {obj} is also written by {node}", node)
    graph.after = after = {n: set() for n in graph.nodes}
    graph.pending = pending = dict.fromkeys(graph.nodes, 0)
    for edges in (graph.inputs, graph.updates):
        reads = edges is graph.inputs          # (an update comes after the writer, not after itself)
        for node, i, obj, parts, virtual in edges:
            if len(parts) == 1 and not (reads and updated):
                # (an object part of nothing: its writer, and the first writer of a part of it; no set made)
                claim = covered.get(obj)
                if claim is not None:
                    mine = writers.get(obj)
                    if mine is not None and mine[0] is not claim[0]:
                        _follow(after, pending, node, mine[0])
                    _follow(after, pending, node, claim[0])
                    continue
                producers = ()
            else:
                producers = _producers(obj, parts, writers, covered)
            if virtual and not producers:
                raise VxError(vx.VX_ERROR_INVALID_GRAPH, f"{_where(node, i)}: virtual {obj} is read but no node "
                              "writes it", node)
            if reads and updated:
                producers |= _producers(obj, parts, updaters, updated)
            for p in producers:
                _follow(after, pending, node, p)


def _follow(after, pending, node, producer):
    """node runs after producer."""
    waiting = after[producer]
    if node not in waiting:
        waiting.add(node)
        pending[node] += 1


def _memory_edges(graph):
    """Readers after the writers of images sharing their pixels without containing them or being
    part of them (parts.overlap): overlapping ROIs or channels of one image, images from handles
    that alias."""
    written = graph.shared_written
    if not written:
        return []
    return [(node, {w for w, wobj in written if w is not node and wobj is not obj and overlap(obj, wobj)})
            for node, _, obj, _, _ in graph.inputs + graph.updates if shares_memory(obj)]


def order_by_dependency(graph):
    """Topological order by data dependency (stable: creation order among independent nodes);
    what cannot be ordered is a cycle."""
    after, pending = graph.after, graph.pending
    for node, producers in _memory_edges(graph):
        for p in producers:
            _follow(after, pending, node, p)
    rank = {n: k for k, n in enumerate(graph.nodes)}
    ready = collections.deque(n for n in graph.nodes if pending[n] == 0)
    order = []
    while ready:
        n = ready.popleft()
        order.append(n)
        for m in (sorted(after[n], key=rank.__getitem__) if len(after[n]) > 1 else after[n]):
            pending[m] -= 1
            if pending[m] == 0:
                ready.append(m)
    stuck = [n for n in graph.nodes if pending[n] > 0]
    check(not stuck, vx.VX_ERROR_INVALID_GRAPH, f"{graph} has a cycle through {stuck[0] if stuck else ''}",
          stuck[0] if stuck else graph)
    graph.order = order


def validate_nodes(graph):
    """Per node in order: local data attributes, the validator with a meta format per output (a
    standard kernel's says what it wants in Python: its meta formats are made when asked for,
    Node.show), then each output made or checked to match what the validator said. A run of
    standard nodes whose kernel has a `like` rule is passed by C in one call (runtime/validate.h:
    the usual chain, no Python frame a node); the first node it does not pass is validated here,
    refused with its validator's own line, and C goes on after it."""
    order = graph.order
    n = len(order)
    nodes = ffi.new("pvx_node *[]", [node.desc for node in order] or 1)
    rules = ffi.new("pvx_like_rule *[]", [node.kernel.like for node in order] or 1)
    k = 0
    while k < n:
        done, k = k, lib.pvx_validate_like(nodes, rules, k, n)
        for node in order[done:k]:
            node.described = LIKE
        if k < n:
            _validate(order[k])
            k += 1


def _validate(node):
    """One node validated in Python (any kernel, any parameters)."""
    node.reset_local_data()
    kernel, params = node.kernel, node.params
    standard = kernel.describe is not None
    if standard and node.metas_made:
        node.show({})                     # (refused, they show nothing)
    outputs = []
    for i in kernel.outputs:
        obj = params[i]
        meta = None if standard else node.meta(i, node.output_type(i))
        if obj is not None:
            # each object the output describes, with its meta as reopened if virtual
            if node.replicate is None:
                described = [(obj, _reopen(node, i, obj) if getattr(obj, "virtual", False) else None)]
            else:
                described = [(t, _reopen(node, i, t) if getattr(t, "virtual", False) else None)
                             for t in _described_by(node, i, obj)]
            outputs.append((i, obj, meta, described))
    if standard:
        wants, ruled = kernel.describe(node)
        node.show(wants)
    else:
        wants, ruled = _call_validators(node, outputs), ()
    for i, obj, meta, described in outputs:
        want = meta.attrs if wants is None else wants.get(i, {})
        for target, have in described:
            _apply_output(node, i, target, want, have)
    _valid_rectangles(node, outputs, ruled)


def _reopen(node, index, obj):
    """A virtual object's open attributes are open again for this verification: its meta now."""
    try:
        return obj.reopen()
    except VxError as e:
        raise VxError(e.status, f"{_where(node, index)}: {e.message}", node) from None


def _call_validators(node, outputs):
    """vxAddUserKernel's validator once, or vxAddKernel's (vx_compatibility.h) input validator per
    set input, then its output validator per set output, each with that output's meta format,
    which says what it wants."""
    kernel, d = node.kernel, node.desc
    if kernel.validate is not None:
        status = kernel.validate(d.node, d.parameters, d.num_parameters, node._c_metas)
        if status != vx.VX_SUCCESS:
            raise VxError(status, f"the validator of {node} refused its parameters", node)
        return
    if kernel.input_validate is None:     # vxAddUserKernel without a validator: nothing to ask
        return
    for i in kernel.inputs:
        if node.params[i] is not None:
            status = kernel.input_validate(d.node, i)
            if status != vx.VX_SUCCESS:
                raise VxError(status, f"the input validator of {node} refused parameter {i}", node)
    for i, _, meta, _ in outputs:
        status = kernel.output_validate(d.node, i, node._c_metas[i])
        if status != vx.VX_SUCCESS:
            raise VxError(status, f"the output validator of {node} refused parameter {i}", node)


def _described_by(node, index, obj):
    """What a replicated node's output's meta format describes: the object, or for a parameter
    replicated over an object array every item (the validator sees item 0 of items all alike;
    pyramid levels differ in size and keep their own)."""
    parent = container(obj) if node.replicate[index] else None
    if parent is not None and parent.vx_type == vx.VX_TYPE_OBJECT_ARRAY:
        return parent.items
    return (obj,)


def _apply_output(node, index, obj, want, have):
    if have is not None:                   # virtual: have is its meta as reopened
        if have != want and any(have.get(attribute) != value for attribute, value in want.items()):
            try:
                obj.apply_meta(want)
            except VxError as e:
                raise VxError(e.status, f"{_where(node, index)}: {e.message}", node) from None
            have = obj.meta()
        values = have.values()
        for open_value in OPEN_VALUES:     # (nothing open, the usual case: no loop over the attributes)
            if open_value in values:
                break
        else:
            return
        for attribute, value in have.items():
            if value in OPEN_VALUES and attribute in REQUIRED:
                raise VxError(MISMATCH.get(attribute, vx.VX_ERROR_INVALID_DIMENSION),
                              f"{_where(node, index)}: virtual {obj} has no {attribute_name(attribute)}: neither its creator "
                              "nor the validator gave it", node)
        return
    have = obj.meta() if hasattr(obj, "meta") else {}
    for attribute, value in want.items():
        got = have.get(attribute)
        if got is None or got == value or _agrees(attribute, got, value):
            continue
        raise VxError(MISMATCH.get(attribute, vx.VX_ERROR_INVALID_DIMENSION),
                      f"{_where(node, index)}: attribute {attribute_name(attribute)} of {obj} is {got!r}, the validator "
                      f"asks for {value!r}", node)


def _agrees(attribute, got, want):
    if attribute in AT_LEAST:
        return got >= want
    if isinstance(want, float) or isinstance(got, float):
        return abs(got - want) <= 1e-6 * max(1.0, abs(want))
    return got == want


def _images(obj):
    """The images whose valid rectangles an object has: itself, or a pyramid's levels."""
    if obj.vx_type == vx.VX_TYPE_IMAGE:
        return [obj]
    if obj.vx_type == vx.VX_TYPE_PYRAMID:
        return list(obj.levels)
    return []


def _valid_rectangles(node, outputs, ruled):
    """Valid rectangles propagate: an output's comes from the validator's callback over the input
    images' rectangles (a standard kernel's image outputs in `ruled`: its Python rule,
    Kernel.valid_rect); VX_NODE_VALID_RECT_RESET makes it the full image; otherwise it is kept."""
    inputs = None
    reset = node.desc.valid_rect_reset
    for index, obj, meta, _ in outputs:
        callback = meta.valid_rect_callback if meta is not None else None
        if not reset and callback is None:
            if index in ruled:                # a standard kernel's: one image, inside it by its rule
                node.kernel.valid_rect(node, index)
            continue
        images = _images(obj)
        if reset:
            for img in images:
                img.desc.valid = (0, 0, img.width, img.height)
        elif images:
            if inputs is None:
                inputs = [img.valid_rect() for i in node.kernel.inputs if node.params[i] is not None
                          for img in _images(node.params[i])]
            rects = _call_valid_rect(node, index, callback, inputs, images)
            for img, r in zip(images, rects):
                start_x, start_y, end_x, end_y = r
                if not (start_x <= end_x <= img.width and start_y <= end_y <= img.height):
                    raise VxError(vx.VX_ERROR_INVALID_VALUE, f"{_where(node, index)}: the valid rectangle callback "
                                  f"gave ({start_x}, {start_y}, {end_x}, {end_y}), outside {img.width}x{img.height}",
                                  node)
                img.desc.valid = r


def _call_valid_rect(node, index, callback, inputs, images):
    """A validator's VX_VALID_RECT_CALLBACK over the input rectangles: the output ones."""
    c_in = ffi.new("vx_rectangle_t[]", inputs or 1)
    c_out = ffi.new("vx_rectangle_t[]", [img.valid_rect() for img in images])
    in_ptrs = ffi.new("vx_rectangle_t *[]", [c_in + k for k in range(len(inputs))] or 1)
    out_ptrs = ffi.new("vx_rectangle_t *[]", [c_out + k for k in range(len(images))])
    status = callback(node.desc.node, index, in_ptrs, out_ptrs)
    if status != vx.VX_SUCCESS:
        raise VxError(status, f"{_where(node, index)}: the valid rectangle callback failed", node)
    return [(r.start_x, r.start_y, r.end_x, r.end_y) for r in c_out]


def plan_tiles(graph):
    """Tiling kernels' nodes (seed 001): what their tile functions get, and the tile plan."""
    for node in graph.order:
        if node.tiling is not None:
            plan_node(node)


def release_aliases(graph):
    """What the last verification aliased is undone: this one decides again (seed 004)."""
    aliasing.release(graph)


def alias_buffers(graph):
    """Kernels' alias hints (seed 004), once every virtual object has its final shape and before
    the initializers, which may ask vxIsParameterAliased."""
    aliasing.decide(graph)


def initialize_nodes(graph):
    """The kernels' initializers, then the local data buffers they asked for (seed 000). They may
    map the graph's virtual objects (TIOVX lets them)."""
    graph.virtual_objects = _virtuals(graph)  # (what compile_schedule hands C next)
    initializers = any(node.kernel.initialize != ffi.NULL for node in graph.order)
    with accessible(graph.virtual_objects if initializers else ()):
        for node in graph.order:
            node.initialize()


def compile_schedule(graph):
    """The plain-data schedule C runs: nodes in order, parameter rows, virtual objects (each array
    made in one call)."""
    order = graph.order
    for node in order:
        node.publish_parameters(1 if node.replicate is None else _replicas(node))
        node.phase = PHASE_NONE
    graph._c_schedule = ffi.new("pvx_node *[]", [node.desc for node in order] or 1)
    virtuals = graph.virtual_objects
    graph._c_handles = ffi.new("void *[]", [o.h for o in virtuals] or 1)     # (no cast per object)
    graph._c_virtuals = ffi.cast("vx_reference *", graph._c_handles)
    d = graph.desc
    d.schedule, d.num_nodes = graph._c_schedule, len(order)
    d.virtuals, d.num_virtuals = graph._c_virtuals, len(virtuals)


def _virtuals(graph):
    """The graph's virtual objects, their parts included, in the order its nodes meet them: read,
    written, then updated, as check_parameters met them (a container's items follow it)."""
    met_in, met_out, met_up = graph.virtuals_met
    virtuals = dict(met_in)                # an ordered set
    virtuals.update(met_out)
    virtuals.update(met_up)
    for o in virtuals:
        if o.vx_type != vx.VX_TYPE_IMAGE:    # (images have no items: the usual graph, no walk)
            break
    else:
        return list(virtuals)
    found = {}
    for o in virtuals:
        if o not in found:
            found[o] = None
            if o.vx_type != vx.VX_TYPE_IMAGE:
                for part in items_of(o) or ():   # a virtual pyramid's levels, array's items
                    found[part] = None
    return list(found)


def compile_events(graph):
    """What vxRegisterEvent asked of the graph and its nodes, for C to report."""
    events.compile_graph(graph)


def compile_pipeline(graph):
    """A queued or streaming graph: its frame slots and the C pipeline that runs them."""
    graph.close_pipeline()
    pipelined = graph.pipelining.pipelined
    for node in graph.order:                  # the pipeline makes PIPEUP calls of its own
        out_depth, in_depth = (1, 1) if pipelined else pipeup(node)
        primed = out_depth > 1 or in_depth > 1
        d = node.desc
        d.pipeup_calls, d.pipeup_runs = out_depth - 1, in_depth if primed else 0
        d.state = vx.VX_NODE_STATE_PIPEUP if primed else vx.VX_NODE_STATE_STEADY
    if pipelined:
        graph.pipeline = Pipeline(graph)
        graph.desc.pipeline = graph.pipeline.c


def plan_fusion(graph):
    """Runs of nodes that read bounded neighbourhoods become one pass over bands of rows (fusion.py)."""
    fusion.plan(graph)


# A unit beside another gains only when each lasts well beyond a hand-over to a pool thread (a few
# us): ~256 KiB of image or tensor data (a 640x480 U8 3x3 filter takes ~30 us on one thread).
CONCURRENT_BYTES = 1 << 18


def _data_bytes(obj):
    if obj is None:
        return 0
    if obj.vx_type == vx.VX_TYPE_IMAGE:
        return obj.desc.size
    if obj.vx_type == vx.VX_TYPE_TENSOR:
        return obj.nbytes()
    return sum(_data_bytes(o) for o in items_of(obj) or ())


def _large(nodes):
    """Whether a unit has a parameter of at least CONCURRENT_BYTES."""
    for node in nodes:
        for p in node.params:
            size = 0 if p is None else p.desc.size if p.vx_type == vx.VX_TYPE_IMAGE else _data_bytes(p)
            if size >= CONCURRENT_BYTES:
                return True
    return False


def _units(graph):
    """The schedule's units (a node, or a fused pass's stages), the unit each node belongs to
    (its head's schedule index), the units waiting for each, and each unit's ancestors
    (below, bits: `_normal`; units are in schedule order, a topological order)."""
    order, after = graph.order, graph.after
    if not graph._c_fused:                    # (no pass: a unit a node, no descriptor read; the usual graph)
        units = list(enumerate(zip(order)))
        head = dict(zip(order, range(len(order))))
        nexts = {k: set(map(head.__getitem__, after[node])) for k, node in enumerate(order)}
    else:
        head, units, k = {}, [], 0
        while k < len(order):
            fused = order[k].desc.fused
            nodes = order[k:k + (fused.num_stages if fused != ffi.NULL else 1)]
            for node in nodes:
                head[node] = k
            units.append((k, nodes))
            k += len(nodes)
        nexts = {k: set() for k, _ in units}
        for k, nodes in units:
            waiting = nexts[k]
            for node in nodes:
                for m in after[node]:
                    if head[m] != k:
                        waiting.add(head[m])
    ancestors = dict.fromkeys(nexts, (0, 0))
    for k, nodes in units:
        below, bits = ancestors[k]            # (its ancestors are all before k: below <= k)
        if below == k and not bits:           # (a chain's: all before it; no call)
            mine = (k + len(nodes), 0)
        else:                                 # they and k's own positions
            mine = _normal(below, bits | ((1 << len(nodes)) - 1) << (k - below))
        for m in nexts[k]:
            have = ancestors[m]
            ancestors[m] = (mine if mine[0] >= have[0] else have) if not have[1] and not mine[1] else _union(have, mine)
    return units, head, nexts, ancestors


# A unit's ancestors as (below, bits): every schedule position under `below`, and below + i for each
# bit i of `bits`. A chain's are (k, 0): a whole bit set a unit grew as the schedule (at 10,000
# nodes a 1.2 KB int a unit, made, joined and inverted per unit, issue 32).
def _normal(below, bits):
    ones = (~bits & (bits + 1)).bit_length() - 1      # (the trailing ones of bits join `below`)
    return (below + ones, bits >> ones) if ones else (below, bits)


def _union(a, b):
    if a[0] > b[0]:
        a, b = b, a
    shift = b[0] - a[0]
    return _normal(a[0], a[1] | ((1 << shift) - 1) | (b[1] << shift))


def _within(units, ancestors):
    """Whether every unit (head) of `units` is among `ancestors`."""
    below, bits = ancestors
    for unit in units:
        if unit >= below and not (bits >> (unit - below)) & 1:
            return False
    return True


def compile_branches(graph):
    """Units that wait for no one another waits for may run side by side (csrc/runtime/graph.c):
    per unit the units waiting for it and how many it waits for, and whether it has enough data
    (`CONCURRENT_BYTES`) to gain from it. Only graphs where two such units are independent get
    `branches`; the others keep the plain node-after-node loop."""
    d = graph.desc
    d.branches, d.waiting, d.ready_units = 0, ffi.NULL, ffi.NULL
    graph.units = graph._c_branches = None
    if graph.pipeline is not None or d.num_targeted:
        return
    graph.units = units, _, nexts, ancestors = _units(graph)
    if list(ancestors.values()) == [(k, 0) for k, _ in units]:
        return                             # (a line: each unit waits for all before it, whatever their sizes)
    concurrent = {k for k, nodes in units if _large(nodes)}
    last = None                            # the last concurrent unit: every earlier one is its ancestor
    for k, _ in units:
        if k in concurrent:
            if last is not None and not _within((last,), ancestors[k]):
                break                      # (one the next does not descend from)
            last = k
    else:
        return
    waits = collections.Counter(m for k in nexts for m in nexts[k])
    graph._c_branches = keep = [ffi.new("vx_uint32[]", len(graph.order)), ffi.new("vx_uint32[]", len(graph.order))]
    for k, nodes in units:
        nd = nodes[0].desc
        nd.num_waits, nd.concurrent = waits[k], int(k in concurrent)
        keep.append(ffi.new("vx_uint32[]", sorted(nexts[k]) or 1))
        nd.next, nd.num_next = keep[-1], len(nexts[k])
    d.waiting, d.ready_units = keep[0], keep[1]
    d.branches = 1


def _replicas(node):
    counts = {len(items_of(container(p))) for p, flag in zip(node.params, node.replicate) if flag and p is not None}
    return counts.pop() if counts else 1


def _unwritten(node, obj):
    """What decides which pixels of obj its writer leaves alone, or None when it writes them all.
    Pixel-wise standard kernels and borders other than UNDEFINED write every pixel; others
    (UNDEFINED borders, a frame per kernel) only share with images written the same way, so
    that pixels nobody writes stay as allocation left them (zeros: what a fused pass assumes
    and what node-by-node runs have always read there). User kernels decide for themselves."""
    spec = fusion.spec_of(node.kernel.enumeration)      # (its row map: pixel-wise is (1, 0, 0))
    if (spec is not None and spec[2] == (1, 0, 0)) or node.desc.border.mode != vx.VX_BORDER_UNDEFINED \
            or node.kernel.enumeration >= 1 << 20:
        return None
    row = getattr(node.kernel, "row", None)              # (a window's size and origin: what it leaves)
    lost = row.implementation.shrink(node) if row is not None else None
    return node.kernel.enumeration, obj.format, obj.width, obj.height, lost


def _storage_plan(graph):
    """Virtual images whose lifetimes do not overlap share storage (issue 25): {image: the image
    whose buffer it borrows}. An image lives from its writer's unit to its last reader's; it may
    take a buffer whose every user (writer or reader of an image on it) is an ancestor of its
    writer's unit (so before it, however branches run), that has the bytes and whose images'
    writers leave the same pixels alone (`_unwritten`). Only whole images
    of the graph read and written by its nodes: not graph parameters, views or parts, images
    updated in place (their pixels live on between runs), rings (no memory) or images aliasing
    already shares (aliasing.py); no pipelined graph (its slots are copies) nor graph with target
    nodes. Images that still have their memory (verified before) keep it and lend it."""
    if graph.units is None:
        return {}, {}
    _, head, _, ancestors = graph.units
    readers, writer, writer_node = {}, {}, {}
    for node, _, obj, _, _ in graph.inputs:
        r = readers.get(obj)
        if r is None:
            readers[obj] = {head[node]}
        else:
            r.add(head[node])
    for node, _, obj, _, _ in graph.outputs:
        writer[obj] = head[node]
        writer_node[obj] = node
    params = {node.params[i] for node, i in graph.parameters}
    excluded = params | {obj for _, _, obj, _, _ in graph.updates} | graph.ring_images | set(graph.aliases)
    aliased = {int(ffi.cast("uintptr_t", o.mem.base)) for o in graph.aliases}
    candidates = [o for o in graph.virtual_objects
                  if o.vx_type == vx.VX_TYPE_IMAGE and o in writer and o not in excluded
                  and o.parent_image is None and not o.views and container(o) is None
                  and not o.swappable and not o.mem.borrowed
                  and (not aliased or int(ffi.cast("uintptr_t", o.mem.base)) not in aliased)]
    # buffers: [lender, bytes, the last users of its images (the others are their ancestors), unwritten]
    plan, buffers, frames = {}, [], {}
    for o in sorted(candidates, key=writer.__getitem__):
        unwritten = _unwritten(writer_node[o], o)
        if o.base is None:
            size, mine, best = o.desc.size, ancestors[writer[o]], None
            if size >= lib.PVX_KEEP_MIN:       # (a kept block may come unzeroed: smaller ones are fresh)
                frames[o] = _frame(writer_node[o], o, unwritten)
            for b in buffers:              # the smallest that fits, the first of those
                if b[1] >= size and b[3] == unwritten and (best is None or b[1] < best[1]) and _within(b[2], mine):
                    best = b
            if best is not None:
                plan[o] = best[0]
                best[2] = _last(readers.get(o), writer[o], ancestors)
                continue
        size = o.mem.bytes if o.base is not None else o.desc.size
        buffers.append([o, size, _last(readers.get(o), writer[o], ancestors), unwritten])
    return plan, frames


_WHOLE = (0, 0, 0, 0)


def _frame(node, obj, unwritten):
    """(left, top, right, bottom): what of obj its writer (`_unwritten`) leaves alone, when known:
    nothing for a standard kernel writing every pixel, the window's frame for an UNDEFINED 3x3
    filter (fusion.CHEAPER); else None, all of it (user kernels, other windows: warps leave
    what they map from outside). Storage shared keeps that frame (same `_unwritten`)."""
    if obj.desc.planes != 1:
        return None
    if unwritten is None:
        return _WHOLE if node.kernel.enumeration < 1 << 20 else None
    return unwritten[4] if unwritten[0] in fusion.CHEAPER else None


def _last(readers, writer, ancestors):
    """A buffer's last users once an image `writer` writes and `readers` read is on it: the users
    every other is an ancestor of (the buffer's earlier users are the writer's ancestors, the
    writer its readers')."""
    if readers and len(readers) == 1:     # (the usual image: one reader, no set made)
        return (writer,) if writer in readers else readers
    last = readers.difference((writer,)) if readers else ()
    if len(last) > 1:
        last = [u for u in last if not any(_within((u,), ancestors[v]) for v in last)]
    return last or (writer,)


_OBJECT, _VIRTUAL = itemgetter(2), itemgetter(4)         # of an edge (check_parameters)


def allocate_virtuals(graph):
    """Virtual images get their memory now, pages mapped, not on the first run (issue 25), except
    the rings of fused passes (fusion.plan), which never need theirs; images whose lifetimes do
    not overlap share it (`_storage_plan`). So do the application's images the nodes use and it
    never mapped (an output made by vxCreateImage only): the first run's page faults came to
    ~1 ms at 1080p (issue 32)."""
    (plan, frames), rings = _storage_plan(graph), graph.ring_images
    # (the objects to look at found by C-level filters: most virtual images borrow, most edges'
    # objects are virtual, so no Python step per node for them)
    for o in filterfalse(plan.__contains__, filterfalse(rings.__contains__, graph.virtual_objects)):
        if o.vx_type == vx.VX_TYPE_IMAGE and o.allocate(frames.get(o)):
            lib.pvx_memory_prefault(o.root.mem)
    edges = graph.inputs + graph.outputs + graph.updates
    for o in dict.fromkeys(compress(map(_OBJECT, edges), map(not_, map(_VIRTUAL, edges)))):
        # (a uniform image's pixels are written as it gets its memory: its pages are mapped, and
        # the prefault's writes of zeros would change them)
        if o.vx_type == vx.VX_TYPE_IMAGE and o.allocate() and not o.root.uniform_patterns:
            lib.pvx_memory_prefault(o.root.mem)
    aliasing.lend(graph, plan)


# What only the phases read: the edges, who writes what, the dependencies, the units, whole images.
BOOKKEEPING = ("inputs", "outputs", "updates", "writers", "covered", "twice", "shared_written", "virtuals_met",
               "updaters", "updated", "after", "pending", "units", "whole_images")


def forget_bookkeeping(graph):
    """The phases' own records go once they are done, freed now by their counts: kept on the
    graph, they were the young objects the collector's next run had to scan, each node's dozen
    tuples, sets and lists, scattered over the heap of a large graph (issue 32)."""
    for name in BOOKKEEPING:
        setattr(graph, name, None)


PHASES = (deinitialize_nodes, release_aliases, check_parameters, check_single_writer, order_by_dependency,
          validate_nodes, plan_tiles, alias_buffers, initialize_nodes, compile_schedule, targets.create_nodes,
          compile_events, compile_pipeline, plan_fusion, compile_branches, allocate_virtuals, forget_bookkeeping)
