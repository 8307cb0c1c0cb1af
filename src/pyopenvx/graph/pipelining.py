"""vx_khr_pipelining: schedule modes and queued graph parameters, the pipeline depth, streaming,
and the frame slots that verification compiles for csrc/runtime/pipeline.c.

A queued or streaming graph runs as frames, up to `depth` at once, each in its own slot: a copy of
every node's parameter rows where each virtual object is that slot's own copy (made like the
original once verification settled it), so stages of different frames never share one. Slot 0
uses the graph's own virtual objects. Per queued parameter, C gets the places ("sites") in a slot's
table where its object (or an item of it) appears, and what each listed reference puts there."""
from _pyopenvx import ffi, lib

from .. import constants as vx
from ..errors import VxError, check
from ..objects.parts import container, items_of, lineage, part_at
from ..reference import type_name, unlocked

QUEUED = (vx.VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, vx.VX_GRAPH_SCHEDULE_MODE_QUEUE_MANUAL)
MODES = (vx.VX_GRAPH_SCHEDULE_MODE_NORMAL,) + QUEUED
MAX_DEPTH = 8                          # automatic depth: one frame per node, at most this many


class Settings:
    """What the application asked for before verification; held by the graph."""

    def __init__(self):
        self.mode = vx.VX_GRAPH_SCHEDULE_MODE_NORMAL
        self.queues = {}                   # graph parameter index -> [objects it may take]
        self.depth = 0                     # VX_GRAPH_PIPELINE_DEPTH set by the application (0: automatic)
        self.streaming = False             # vxEnableGraphStreaming
        self.trigger = None
        self.waiting = {}                  # graph parameter index -> (ready, done) objects kept from
                                           # the last pipeline for the next one (verified again)

    @property
    def pipelined(self):
        return self.mode in QUEUED or self.streaming

    def drop_queues(self):
        for refs in self.queues.values():
            for obj in refs:
                if obj.alive:
                    obj.release(internal=True)
        self.queues, self.waiting = {}, {}


def _holds_accepted(sig, obj):
    """A container of what the parameter takes: the list of a replicated node's parameter holds
    whole object arrays (pyramids), one per frame, as TIOVX's applications enqueue them."""
    items = items_of(obj) if obj.vx_type in (vx.VX_TYPE_OBJECT_ARRAY, vx.VX_TYPE_PYRAMID) else None
    return bool(items) and sig.accepts(items[0])


def stands_for(node, index, obj):
    """What a listed or enqueued reference means at a node's parameter: for a replicated parameter an
    item of an object array (a pyramid level) means its container, as TIOVX's applications list
    element 0 (level 0); anything else means itself."""
    parent = container(obj) if node.replicate is not None and node.replicate[index] else None
    return parent if parent is not None and parent.vx_type in _CONTAINERS else obj


_CONTAINERS = (vx.VX_TYPE_OBJECT_ARRAY, vx.VX_TYPE_PYRAMID)


def queued_object(node, index):
    """What a graph parameter's queue exchanges: the node's object, or for a replicated parameter
    the object array (pyramid) whose items the replicas take."""
    obj = node.params[index]
    if obj is not None and node.replicate is not None and node.replicate[index]:
        return container(obj)
    return obj


def configure(graph, mode, entries):
    """vxSetGraphScheduleConfig: `entries` is [(graph parameter index, [objects])]."""
    settings = graph.pipelining
    check(mode in MODES, vx.VX_ERROR_INVALID_PARAMETERS, f"schedule mode {mode:#x} is not one of "
          "VX_GRAPH_SCHEDULE_MODE_NORMAL/_QUEUE_AUTO/_QUEUE_MANUAL", graph)
    check(not graph.verified, vx.VX_ERROR_NOT_SUPPORTED,
          f"{graph} is verified: vxSetGraphScheduleConfig must come before vxVerifyGraph", graph)
    if mode == vx.VX_GRAPH_SCHEDULE_MODE_NORMAL:
        check(not entries, vx.VX_ERROR_INVALID_PARAMETERS, "VX_GRAPH_SCHEDULE_MODE_NORMAL takes no queue list", graph)
    check(mode != vx.VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO or entries, vx.VX_ERROR_INVALID_PARAMETERS,
          "VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO needs at least one queued graph parameter", graph)
    queues = {}
    for index, refs in _by_position(graph, entries):
        check(index < len(graph.parameters), vx.VX_ERROR_INVALID_PARAMETERS,
              f"graph parameter {index} does not exist ({len(graph.parameters)} parameters)", graph)
        check(index not in queues, vx.VX_ERROR_INVALID_PARAMETERS, f"graph parameter {index} is listed twice", graph)
        check(refs, vx.VX_ERROR_INVALID_PARAMETERS, f"graph parameter {index}: the reference list is empty", graph)
        node, i = graph.parameters[index]
        sig = node.kernel.signature[i]
        for obj in refs:
            check(obj.context is graph.context, vx.VX_ERROR_INVALID_REFERENCE,
                  f"graph parameter {index}: {obj} belongs to another context", graph)
            check(sig.accepts(obj) or _holds_accepted(sig, obj), vx.VX_ERROR_INVALID_PARAMETERS,
                  f"graph parameter {index}: {obj} is not of the parameter's type", graph)
            check(not getattr(obj, "virtual", False), vx.VX_ERROR_INVALID_PARAMETERS,
                  f"graph parameter {index}: {obj} is virtual", graph)
        check(len(set(refs)) == len(refs), vx.VX_ERROR_INVALID_PARAMETERS,
              f"graph parameter {index}: a reference is listed twice", graph)
        queues[index] = refs
    for refs in queues.values():
        for obj in refs:
            obj.retain(internal=True)
    settings.drop_queues()
    settings.mode, settings.queues = mode, queues
    graph.invalidate("its schedule configuration changed")


def _by_position(graph, entries):
    """The entries, or when they name a graph parameter twice and their positions name parameters
    that take their references (no reference in two lists), entry k for graph parameter k: TIOVX
    read the list so until 2026, and the Khronos suite's GraphPipeline.testScalarOutput lists its
    third queue at index 1."""
    indices = [index for index, _ in entries]
    listed = [obj for _, refs in entries for obj in refs]
    if (len(set(indices)) == len(indices) or len(entries) > len(graph.parameters)
            or len(set(listed)) != len(listed)):
        return entries
    for k, (_, refs) in enumerate(entries):
        node, i = graph.parameters[k]
        sig = node.kernel.signature[i]
        if not all(sig.accepts(obj) or _holds_accepted(sig, obj) for obj in refs):
            return entries
    return [(k, refs) for k, (_, refs) in enumerate(entries)]


def depth(graph):
    """Frames in flight once verified: 1 unless queued or streaming; the application's
    VX_GRAPH_PIPELINE_DEPTH, or one per node up to MAX_DEPTH; at least every node's PIPEUP depth
    (its buffers are frame slots)."""
    settings = graph.pipelining
    if not settings.pipelined:
        return 1
    deepest = max((max(pipeup(n)) for n in graph.order), default=1)
    return max(settings.depth or max(1, min(len(graph.order), MAX_DEPTH)), deepest)


def pipeup(node):
    """(output depth, input depth) of the node's kernel."""
    return node.kernel.pipeup_output_depth, node.kernel.pipeup_input_depth


def _set_pipeup(attribute):
    def set_depth(kernel, value):
        check(not kernel.finalized, vx.VX_ERROR_NOT_SUPPORTED, f"{kernel} is finalized: its attributes are fixed",
              kernel)
        check(value >= 1, vx.VX_ERROR_INVALID_PARAMETERS, f"a PIPEUP depth is at least 1, not {value}", kernel)
        setattr(kernel, attribute, value)
    return set_depth


KERNEL_QUERY = {
    vx.VX_KERNEL_PIPEUP_OUTPUT_DEPTH: ("vx_uint32", lambda k: k.pipeup_output_depth),
    vx.VX_KERNEL_PIPEUP_INPUT_DEPTH: ("vx_uint32", lambda k: k.pipeup_input_depth),
}
KERNEL_SET = {
    vx.VX_KERNEL_PIPEUP_OUTPUT_DEPTH: ("vx_uint32", _set_pipeup("pipeup_output_depth")),
    vx.VX_KERNEL_PIPEUP_INPUT_DEPTH: ("vx_uint32", _set_pipeup("pipeup_input_depth")),
}


class Pipeline:
    """The compiled frame slots of one verification and the C pipeline running them."""

    def __init__(self, graph):
        self.graph = graph
        self.clones = []                   # the copies of virtual objects, held internally
        settings = graph.pipelining
        order = graph.order
        check(not (settings.streaming and settings.mode not in QUEUED and settings.depth > 1
                   and settings.trigger is None), vx.VX_ERROR_INVALID_REFERENCE,
              f"{graph} streams {settings.depth} frames at once (VX_GRAPH_PIPELINE_DEPTH): it needs a trigger "
              "node (vxEnableGraphStreaming) to start each one", graph)
        whole = _whole_virtuals(graph)
        self.depth = n = depth(graph) if whole is not None else 1   # a view of a virtual object: one slot
        self.offsets = ffi.new("vx_uint32[]", max(len(order), 1))
        rows = []
        for k, node in enumerate(order):
            self.offsets[k] = len(rows)
            d = node.desc
            rows.extend(d.parameters[j] for j in range(d.replicas * d.num_parameters))
        virtuals = [graph._c_virtuals[j] for j in range(graph.desc.num_virtuals)]
        slot_maps = [{}] + [self._copies(whole) for _ in range(1, n)]
        self.tables = ffi.new("vx_reference[]", [m.get(r, r) for m in slot_maps for r in rows] or 1)
        self.virtuals = ffi.new("vx_reference[]", [m.get(r, r) for m in slot_maps for r in virtuals] or 1)
        self.queue_specs = ffi.new("pvx_queue_spec[]", max(len(settings.queues), 1))
        self.kept = []
        for q, (index, refs) in enumerate(sorted(settings.queues.items())):
            self._queue(self.queue_specs[q], index, refs, rows)
        spec = self.spec = ffi.new("pvx_pipeline_spec *")
        spec.graph, spec.handle, spec.depth = graph.desc, ffi.cast("vx_graph", graph.h), n
        spec.table_size, spec.row_offsets, spec.tables = len(rows), self.offsets, self.tables
        spec.num_virtuals, spec.virtuals = len(virtuals), self.virtuals
        spec.num_queues, spec.queues = len(settings.queues), self.queue_specs
        spec.trigger = order.index(settings.trigger) if settings.trigger in order else -1
        spec.auto_start = settings.mode == vx.VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO
        self._pipeup(spec, len(rows))
        self.delays = _aged(graph)
        self._aged_delays(spec, rows)
        self.aged = 0                      # frames whose aging Python has applied (Graph.sync_delays)
        self.c = lib.pvx_pipeline_create(spec)
        if self.c == ffi.NULL:
            self.drop_clones()
            raise VxError(vx.VX_ERROR_NO_RESOURCES, f"{graph}: no threads or memory for its pipeline", graph)

    def _pipeup(self, spec, table_size):
        """Per node: its PIPEUP calls (output depth - 1), each with the first frame's inputs and the
        outputs of the next slot (the same ones when there is a single slot), and the inputs it keeps."""
        order, n = self.graph.order, self.depth
        calls, starts, table = [], [], []
        for k, node in enumerate(order):
            out_depth = pipeup(node)[0]
            d = node.desc
            outputs = {i for i, sig in enumerate(node.kernel.signature) if sig.direction == vx.VX_OUTPUT}
            calls.append(out_depth - 1)
            starts.append(len(table))
            base = self.offsets[k]
            for j in range(1, out_depth):
                other = (j % n) * table_size + base
                table.extend(self.tables[(other if r % d.num_parameters in outputs else base) + r]
                             for r in range(d.replicas * d.num_parameters))
        self.pipeup = [ffi.new("vx_uint32[]", calls or [0]), ffi.new("vx_uint32[]", starts or [0]),
                       ffi.new("vx_reference[]", table or 1),
                       ffi.new("vx_uint32[]", [pipeup(node)[1] for node in order] or [1])]
        spec.pipeup_calls, spec.pipeup_rows, spec.pipeup_table, spec.input_depth = self.pipeup

    def _aged_delays(self, spec, rows):
        """The sites of the graph's auto-aged delay slots in a slot table, with each delay's slots
        as they are now (frame 0), and which nodes take their frames in turn: those that touch an
        aged delay or an object every frame in flight shares (_shared)."""
        graph = self.graph
        shared = _shared(graph)
        sites, positions, counts, objects, aged = [], [], [], [], []
        for k, node in enumerate(graph.order):
            d, touches = node.desc, k in shared
            for index, (delay, slot, path) in node.delay_slots.items():
                if delay not in self.delays:
                    continue
                touches = True
                handle = ffi.cast("vx_reference", node.params[index].h)
                for r in range(d.replicas):
                    site = self.offsets[k] + r * d.num_parameters + index
                    if rows[site] == handle:
                        sites.append(site)
                        positions.append(-slot)
                        counts.append(len(delay.slots))
                        objects.extend(ffi.cast("vx_reference", part_at(o, path).h) for o in delay.slots)
            aged.append(touches)
        self.aged_arrays = [ffi.new("vx_uint32[]", sites or 1), ffi.new("vx_uint32[]", positions or 1),
                            ffi.new("vx_uint32[]", counts or 1), ffi.new("vx_reference[]", objects or 1),
                            ffi.new("vx_uint8[]", aged or [0])]
        spec.num_aged_sites = len(sites)
        spec.aged_sites, spec.aged_position, spec.aged_slots, spec.aged_objects, spec.aged = self.aged_arrays

    def _copies(self, whole):
        """One slot's map: each whole virtual object of the graph -> its copy, items -> items."""
        graph, mapping = self.graph, {}
        for obj in whole:
            clone = obj.make_like(graph.context, scope=graph, virtual=True)
            clone.retain(internal=True)
            clone.release()
            self.clones.append(clone)
            if obj.vx_type == vx.VX_TYPE_IMAGE:
                clone.desc.valid = obj.desc.valid
            pairs = [(obj, clone)] + list(zip(items_of(obj) or (), items_of(clone) or ()))
            for a, b in pairs:
                mapping[ffi.cast("vx_reference", a.h)] = ffi.cast("vx_reference", b.h)
        return mapping

    def _queue(self, q, index, refs, rows):
        """Where the graph parameter's object (or its items) sits in a slot table, and what
        each listed reference puts there."""
        node, i = self.graph.parameters[index]
        current = queued_object(node, i)
        check(current is not None, vx.VX_ERROR_NOT_SUFFICIENT, f"graph parameter {index} is not set", node)
        meant = [stands_for(node, i, obj) for obj in refs]
        for obj, whole in zip(refs, meant):
            check(whole.vx_type == current.vx_type, vx.VX_ERROR_INVALID_PARAMETERS, f"graph parameter {index}: "
                  f"{obj} is not a {type_name(current.vx_type)} as {current} (an object array, or its item, is "
                  "enqueued for a replicated parameter only)", self.graph)
            if hasattr(whole, "meta") and whole.meta() != current.meta():
                raise VxError(vx.VX_ERROR_INVALID_PARAMETERS, f"graph parameter {index}: {whole} is not like "
                              f"{current}, the object the graph was verified with", self.graph)
        check(len(set(meant)) == len(meant), vx.VX_ERROR_INVALID_PARAMETERS,
              f"graph parameter {index}: two listed references are items of one container", self.graph)
        parts = [current] + list(items_of(current) or ())
        handles = {ffi.cast("vx_reference", p.h): k for k, p in enumerate(parts)}
        sites = [s for s, r in enumerate(rows) if r in handles]
        values = []
        for whole in meant:
            its = [whole] + list(items_of(whole) or ())
            values.extend(ffi.cast("vx_reference", its[handles[rows[s]]].h) for s in sites)
        c_refs = ffi.new("vx_reference[]", [ffi.cast("vx_reference", o.h) for o in refs])
        c_sites = ffi.new("vx_uint32[]", sites or 1)
        c_values = ffi.new("vx_reference[]", values or 1)
        self.kept += [c_refs, c_sites, c_values]
        q.index, q.num_refs, q.refs = index, len(refs), c_refs
        q.output = node.kernel.signature[i].direction == vx.VX_OUTPUT
        q.num_sites, q.sites, q.values = len(sites), c_sites, c_values

    def idle(self):
        return self.c == ffi.NULL or bool(lib.pvx_pipeline_idle(self.c))

    def waiting(self):
        """The references still in the queues of this idle pipeline, ready ones (enqueued, their
        frame not started) and done ones (not dequeued yet), in order: kept when the graph is
        verified again (the spec does not let verification drop what the application enqueued)."""
        kept = {}
        for index, refs in self.graph.pipelining.queues.items():
            objs = {ffi.cast("vx_reference", o.h): o for o in refs}
            buf = ffi.new("vx_reference[]", len(refs))
            ready, done = ([objs[buf[i]] for i in range(lib.pvx_pipeline_waiting(self.c, index, d, buf))]
                           for d in (0, 1))
            if ready or done:
                kept[index] = (ready, done)
        return kept

    def restore(self):
        """Into the new pipeline, what the last one kept: done references first, then the ready
        ones enqueued again (in auto mode their frames may start now)."""
        kept, self.graph.pipelining.waiting = self.graph.pipelining.waiting, {}
        for which in (1, 0):
            for index, lists in kept.items():
                refs = ffi.new("vx_reference[]", [ffi.cast("vx_reference", o.h) for o in lists[which]])
                if len(refs):
                    self.call(lib.pvx_pipeline_enqueue, index, refs, len(refs), which)

    def close(self):
        """Started frames finish, the workers end, the copies go (call with the lock released
        unless idle: kernels of running frames may call the API)."""
        c, self.c = self.c, ffi.NULL
        if c != ffi.NULL:
            self.completed = lib.pvx_pipeline_destroy(c)

    def completed_frames(self):
        return lib.pvx_pipeline_completed(self.c) if self.c != ffi.NULL else self.completed

    def drop_clones(self):
        for clone in self.clones:
            if clone.alive:
                clone.release(internal=True)
        self.clones = []

    def call(self, fn, *args, c=None):
        """A queue function of csrc/runtime/pipeline.c; its refusal becomes VxError with C's reason."""
        why = ffi.new("const char **")
        status = fn(self.c if c is None else c, *args, why)
        if status != vx.VX_SUCCESS:
            raise VxError(status, ffi.string(why[0]).decode(), self.graph)

    def dequeue(self, index, refs, max_refs, num_refs):
        """Blocks, without the lock, until a frame is done (enqueued later by another thread); held
        first, so that a release closing the pipeline meanwhile waits for it to leave."""
        c = self.c
        lib.pvx_pipeline_hold(c)
        with unlocked():
            self.call(lib.pvx_pipeline_dequeue, index, refs, max_refs, num_refs, 1, c=c)


def _aged(graph):
    """The delays a pipelined graph ages once per frame: those registered for auto-aging and, as in
    TIOVX, every delay whose slots its nodes use (between frames in flight the application has no
    moment to age one)."""
    aged = list(graph.delays)
    for node in graph.order:
        for delay, _, _ in node.delay_slots.values():
            if delay not in aged:
                aged.append(delay)
    return aged


def _shared(graph):
    """Schedule positions of the nodes that touch an object of the application (not virtual, not
    queued) that another node touches and some node writes. Every frame in flight meets that one
    object, so these nodes take their frames in turn, as a serial run would (the nodes of an aged
    delay do the same); the rest of the graph still overlaps frames."""
    queued = {id(root) for refs in graph.pipelining.queues.values() for obj in refs for root in lineage(obj)}
    touched, written = {}, set()
    for k, node in enumerate(graph.order):
        for index, obj in enumerate(node.params):
            if obj is None or getattr(obj, "virtual", False) or obj.vx_type in _NOT_DATA:
                continue
            root = list(lineage(obj))[-1]
            if id(root) in queued or getattr(root, "virtual", False):
                continue
            touched.setdefault(id(root), set()).add(k)
            if node.kernel.signature[index].direction != vx.VX_INPUT:
                written.add(id(root))
    return {k for root, nodes in touched.items() if root in written and len(nodes) > 1 for k in nodes}


_NOT_DATA = (vx.VX_TYPE_GRAPH, vx.VX_TYPE_NODE, vx.VX_TYPE_KERNEL, vx.VX_TYPE_CONTEXT)


def _whole_virtuals(graph):
    """The virtual objects the schedule reaches that are not part of another, when every other one
    is an item of those (pyramid levels, object array items); None when one is a view of a virtual
    image or tensor, which has no copy of its own."""
    whole = []
    for obj in graph.virtual_objects:
        parent = container(obj)
        if parent is None:
            whole.append(obj)
        elif obj not in (items_of(parent) or ()):
            return None
    return whole
