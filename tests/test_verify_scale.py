"""vxVerifyGraph and vxReleaseGraph do work proportional to the graph (docs/hacking/graph.md,
"What verification costs"): the Python function calls they make, counted, not timed, grow as the
number of nodes. A chain of Box3x3 and Not nodes with virtual images between, fused passes forced
(PVX_FUSION=1: every pass), not, and planned as 10,000 nodes of 64x48 are by default."""
import collections
import gc
import subprocess
import sys
import types
import weakref

import pytest


def _chain(vx, n):
    lib, c, ffi = vx.lib, vx.c, vx.ffi
    graph = lib.vxCreateGraph(vx.context)
    first = lib.vxCreateImage(vx.context, 64, 48, c.VX_DF_IMAGE_U8)
    last = lib.vxCreateImage(vx.context, 64, 48, c.VX_DF_IMAGE_U8)
    prev, made = first, [first, last]
    for k in range(n):
        out = last if k == n - 1 else lib.vxCreateVirtualImage(graph, 64, 48, c.VX_DF_IMAGE_U8)
        node = lib.vxBox3x3Node(graph, prev, out) if k % 2 == 0 else lib.vxNotNode(graph, prev, out)
        if k == n - 1:                         # (Python meets it: the graph adopts the nodes C made,
            lib.vxSetReferenceName(vx.ref(node), b"last")     # so verification alone is measured)
        lib.vxReleaseNode(ffi.new("vx_node *", node))
        if out != last:
            made.append(out)
        prev = out
    return graph, made


def _calls(fn, by_name=False):
    """Python function calls made by fn() (C functions and the profiler's own not counted), or a
    Counter of them by qualified name."""
    count = collections.Counter()

    def profile(frame, event, arg):
        if event == "call":
            count[frame.f_code.co_qualname if by_name else None] += 1

    sys.setprofile(profile)
    try:
        status = fn()
    finally:
        sys.setprofile(None)
    assert status == 0
    return count if by_name else count[None]


def _costs(vx, n):
    lib, ffi = vx.lib, vx.ffi
    graph, made = _chain(vx, n)
    verify = _calls(lambda: lib.vxVerifyGraph(graph))
    again = _calls(lambda: lib.vxVerifyGraph(graph))          # verified again: undone, then done
    assert lib.vxProcessGraph(graph) == 0
    release = _calls(lambda: lib.vxReleaseGraph(ffi.new("vx_graph *", graph)))
    for image in made:
        lib.vxReleaseImage(ffi.new("vx_image *", image))
    return verify, again, release


@pytest.mark.parametrize("fusion", ["0", "1", "default"])
def test_verification_and_release_work_grows_as_the_nodes(vx, monkeypatch, fusion):
    if fusion == "default":
        # what 10,000 nodes get by default: their rings could reach MIN_RING_BYTES, so the chain
        # is planned, cut into passes of two (`_short`: 48 rows reach 1 row) that each fall short
        from pyopenvx.graph import fusion as planner
        monkeypatch.delenv("PVX_FUSION", raising=False)
        monkeypatch.setattr(planner, "MIN_RING_BYTES", 4096)
    else:
        monkeypatch.setenv("PVX_FUSION", fusion)
    _costs(vx, 4)                              # first calls: imports, caches
    small, large = _costs(vx, 100), _costs(vx, 400)
    # 4x the nodes: at most 10 % more calls a node
    assert all(b / a < 4.4 for a, b in zip(small, large)), (small, large)


def test_a_released_graph_is_freed_without_a_collection(vx):
    """vxReleaseGraph leaves no reference cycle among its nodes, meta formats and images (some
    hold megabytes): they are freed at once, not when the cyclic collector next runs."""
    from pyopenvx.reference import live_objects
    lib, ffi = vx.lib, vx.ffi
    before = {id(o) for o in live_objects()}
    gc.disable()
    try:
        graph, made = _chain(vx, 6)
        assert lib.vxVerifyGraph(graph) == 0
        assert lib.vxProcessGraph(graph) == 0
        # a standard node's meta format is made when asked for (Node.show): one is
        node = lib.tivxGraphGetNode(graph, 0)         # (no reference of its own, as in TIOVX)
        param = lib.vxGetParameterByIndex(node, 1)
        meta = ffi.new("vx_meta_format *")
        assert lib.vxQueryParameter(param, vx.c.VX_PARAMETER_META_FORMAT, meta, ffi.sizeof(meta[0])) == 0
        assert lib.vxReleaseParameter(ffi.new("vx_parameter *", param)) == 0
        objects = [weakref.ref(o) for o in live_objects() if id(o) not in before]
        kinds = {type(ref()).__name__ for ref in objects}
        assert {"Graph", "Node", "MetaFormat", "Image"} <= kinds, kinds
        assert lib.vxReleaseGraph(ffi.new("vx_graph *", graph)) == 0
        for image in made:
            lib.vxReleaseImage(ffi.new("vx_image *", image))
        assert [ref() for ref in objects if ref() is not None] == []
    finally:
        gc.enable()


def test_verification_runs_no_garbage_collection(vx):
    """The cyclic collector is paused while a graph is verified: each collection its many short-lived
    containers would trigger scans every object of a large graph. (One may follow each
    verification, when the collector is back.)"""
    lib, ffi = vx.lib, vx.ffi
    graph, made = _chain(vx, 400)
    collections = []

    def count(phase, info):
        if phase == "start":
            collections.append(info["generation"])

    gc.collect()
    gc.callbacks.append(count)
    try:
        assert lib.vxVerifyGraph(graph) == 0
        assert lib.vxVerifyGraph(graph) == 0
    finally:
        gc.callbacks.remove(count)
    assert len(collections) <= 2, collections
    assert gc.isenabled()
    assert lib.vxReleaseGraph(ffi.new("vx_graph *", graph)) == 0
    for image in made:
        lib.vxReleaseImage(ffi.new("vx_image *", image))


def _c_calls(fn):
    """What fn() calls that is not Python (builtins, methods of C types, cffi's functions), by name."""
    count = collections.Counter()

    def profile(frame, event, arg):
        if event == "c_call":
            count[getattr(arg, "__name__", repr(arg))] += 1

    sys.setprofile(profile)
    try:
        assert fn() == 0
    finally:
        sys.setprofile(None)
    return count


def test_release_calls_a_node_stay_few(vx):
    """vxReleaseGraph of a verified chain whose images die with it (the application released their
    handles, as bench/objmodel.c does) makes few Python calls a node: each node's and its output
    image's on_destroy (docs/hacking/graph.md, "vxReleaseGraph at 10,000 nodes"); counts are dropped
    and handles freed for all of them in a few C calls (reference.release_all, destroy_all), not one
    each. It made 21-27 calls a node when every release asked the `alive` property and went through
    Context.forget, 17 when every node's target instances were looked for twice, 12 when a node
    without a deinitialize callback still called Node.call_kernel_callback, 11.2 when each object
    was released and destroyed on its own (Reference.release, DataObject.release, destroy: 4 drops
    and 2 frees a node in C)."""
    lib, ffi = vx.lib, vx.ffi
    _costs(vx, 4)                              # first calls: imports, caches
    per_node = []
    for n in (100, 400):
        graph, made = _chain(vx, n)
        for image in made[2:]:
            lib.vxReleaseImage(ffi.new("vx_image *", image))
        assert lib.vxVerifyGraph(graph) == 0
        calls = _calls(lambda: lib.vxReleaseGraph(ffi.new("vx_graph *", graph)), by_name=True)
        for image in made[:2]:
            lib.vxReleaseImage(ffi.new("vx_image *", image))
        per_node.append(sum(calls.values()) / n)
        assert {name for name, k in calls.items() if k >= n // 2} <= {"Node.on_destroy", "Image.on_destroy"}, calls
    assert per_node[0] <= 2.5 and per_node[1] <= per_node[0], per_node    # (2.3 and 2.1 now)
    graph, made = _chain(vx, 100)
    for image in made[2:]:
        lib.vxReleaseImage(ffi.new("vx_image *", image))
    assert lib.vxVerifyGraph(graph) == 0
    c_calls = _c_calls(lambda: lib.vxReleaseGraph(ffi.new("vx_graph *", graph)))
    for image in made[:2]:
        lib.vxReleaseImage(ffi.new("vx_image *", image))
    batched = {name: c_calls[name] for name in ("pvx_ref_drop", "pvx_ref_free", "pvx_ref_drop_all", "pvx_ref_free_all")}
    assert batched["pvx_ref_drop"] + batched["pvx_ref_free"] <= 2 and batched["pvx_ref_drop_all"] <= 3, batched


def test_nodes_and_images_keep_no_dict_of_their_own(vx, monkeypatch):
    """A node's and an image's attributes stay in their class's shared key table through creation,
    verification and release, however many exist: CPython (3.11, 3.12) no longer adds a name first
    set after many instances were made, and each instance setting it then gets a dict of its own
    (verification's `initialized`, `phase`, `local_buffer`, `described` on every node of a large
    first graph; `dying` on every node and image as vxReleaseGraph destroyed them; reading
    `__dict__` in parts.container). A dict of its own shows among the object's referents (the
    attributes otherwise)."""
    import gc
    from pyopenvx.graph.node import Node
    from pyopenvx.objects.image import Image
    lib, ffi = vx.lib, vx.ffi
    graph, made = _chain(vx, 300)              # (more instances than any class's shared keys hold)
    for image in made[2:]:
        lib.vxReleaseImage(ffi.new("vx_image *", image))
    assert lib.vxVerifyGraph(graph) == 0
    ours = [o for o in gc.get_objects() if type(o) in (Node, Image) and o.h is not None]
    assert len(ours) >= 600

    def own_dict(obj):
        return any(type(r) is dict and "h" in r for r in gc.get_referents(obj))

    assert [o for o in ours if own_dict(o)] == []
    del ours
    seen = []
    for cls in (Node, Image):
        def on_destroy(self, _base=cls.on_destroy):
            seen.append(own_dict(self))              # (destroy_all set `dying` just before)
            return _base(self)
        monkeypatch.setattr(cls, "on_destroy", on_destroy)
    assert lib.vxReleaseGraph(ffi.new("vx_graph *", graph)) == 0
    monkeypatch.undo()
    assert len(seen) >= 500 and not any(seen), seen.count(True)
    for image in made[:2]:
        lib.vxReleaseImage(ffi.new("vx_image *", image))


def test_verification_calls_a_node_stay_few(vx):
    """vxVerifyGraph of the chain makes few Python calls a node (docs/hacking/graph.md, "Verification,
    fourth round"): a standard node's meta formats are made only when asked for (Node.show: its
    validator and valid rectangle are Python), virtual objects are made accessible only around
    the initializers and target create callbacks a graph has, an image's geometry is read in C,
    and the edges, valid rectangles and units make fewer comprehensions and generators; C writes
    a valid rectangle and lends an image's storage in one call each. It made 97 calls a node
    before, 49 with those written field by field from Python, 42 before s13 (a line of units asks
    no unit's sizes, an object's lineage is found once, images are not asked for items: 39 now)."""
    lib, ffi = vx.lib, vx.ffi
    _costs(vx, 4)                              # first calls: imports, caches
    graph, made = _chain(vx, 100)
    calls = _calls(lambda: lib.vxVerifyGraph(graph), by_name=True)
    assert lib.vxReleaseGraph(ffi.new("vx_graph *", graph)) == 0
    for image in made:
        lib.vxReleaseImage(ffi.new("vx_image *", image))
    per_node = {name: n / 100 for name, n in calls.items() if n >= 50}
    for gone in ("MetaFormat.__init__", "MetaFormat.reset", "DataObject.set_accessible", "Node.call_kernel_callback",
                 "Node.provide_local_data", "_call_validators", "_described_by", "scope_of",
                 "_producers.<locals>.<setcomp>", "valid_rect.<locals>.<genexpr>", "_units.<locals>.<genexpr>",
                 "compile_branches.<locals>.<setcomp>.<genexpr>", "_storage_plan.<locals>.<lambda>",
                 "Image.<lambda>", "DataObject.virtual",      # (an image's getters: 15 a node; virtual: 4)
                 "Image.valid_rect", "Image._attach", "Image._publish",   # (C writes rectangles, lends storage)
                 "_large"):            # (a line of units runs node after node whatever the units' sizes: s13)
        assert gone not in per_node, (gone, per_node)
    assert sum(calls.values()) / 100 <= 40, per_node


def test_the_first_verification_imports_nothing():
    """The verification modules (graph/verify.py and the fusion planner it imports) are imported
    when the library starts: the first vxVerifyGraph of a process paid ~3 M instructions (~1 ms) to
    import them (issue 32, bench/objmodel.c's first chain). A fresh process, as a C host is."""
    probe = ("import sys\n"
             "from pyopenvx.api import lib\n"
             "lib.vxCreateContext()\n"
             "print(sorted(m for m in ('pyopenvx.graph.verify', 'pyopenvx.graph.fusion') if m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.split("\n")[-2] == "['pyopenvx.graph.fusion', 'pyopenvx.graph.verify']", out


def test_a_released_graph_deinitializes_its_nodes_last_first_with_their_parameters_alive(vx):
    """vxReleaseGraph drops its nodes' counts together (reference.release_all) and releases what they
    held after them: each user node's deinitializer still runs once, last node first, while its
    parameters live (the images die after it), and VX_CONTEXT_REFERENCES comes back to its start."""
    lib, ffi, c = vx.lib, vx.ffi, vx.c
    refs = lambda: vx.query(lib.vxQueryContext, vx.context, c.VX_CONTEXT_REFERENCES, "vx_uint32")   # noqa: E731
    seen = []

    def deinit(node, params, num):
        width = ffi.new("vx_uint32 *")
        status = lib.vxQueryImage(ffi.cast("vx_image", params[1]), c.VX_IMAGE_WIDTH, width, 4)
        seen.append((int(ffi.cast("uintptr_t", node)), status, width[0]))
        return 0

    callbacks = [ffi.callback("vx_kernel_f", lambda node, params, num: 0),
                 ffi.callback("vx_kernel_validate_f",
                              lambda node, params, num, metas: lib.vxSetMetaFormatFromReference(metas[1], params[0])),
                 ffi.callback("vx_kernel_initialize_f", lambda node, params, num: 0),
                 ffi.callback("vx_kernel_deinitialize_f", deinit)]
    kid = ffi.new("vx_enum *")
    assert lib.vxAllocateUserKernelId(vx.context, kid) == 0
    kernel = lib.vxAddUserKernel(vx.context, b"test.pass", kid[0], callbacks[0], 2, *callbacks[1:])
    for i, direction in enumerate((c.VX_INPUT, c.VX_OUTPUT)):
        assert lib.vxAddParameterToKernel(kernel, i, direction, c.VX_TYPE_IMAGE, c.VX_PARAMETER_STATE_REQUIRED) == 0
    assert lib.vxFinalizeKernel(kernel) == 0
    start = refs()
    graph = lib.vxCreateGraph(vx.context)
    prev = first = lib.vxCreateImage(vx.context, 64, 48, c.VX_DF_IMAGE_U8)
    nodes = []
    for k in range(4):
        out = lib.vxCreateVirtualImage(graph, 0, 0, c.VX_DF_IMAGE_VIRT)
        node = lib.vxCreateGenericNode(graph, kernel)
        for index, image in enumerate((prev, out)):
            assert lib.vxSetParameterByIndex(node, index, vx.ref(image)) == 0
        nodes.append(int(ffi.cast("uintptr_t", node)))
        if k:
            assert lib.vxReleaseImage(ffi.new("vx_image *", prev)) == 0
        prev = out
    assert lib.vxReleaseImage(ffi.new("vx_image *", prev)) == 0
    assert lib.vxVerifyGraph(graph) == 0
    assert lib.vxReleaseGraph(ffi.new("vx_graph *", graph)) == 0
    assert seen == [(node, c.VX_SUCCESS, 64) for node in reversed(nodes)]
    assert lib.vxReleaseImage(ffi.new("vx_image *", first)) == 0
    assert refs() == start
    assert lib.vxReleaseKernel(ffi.new("vx_kernel *", kernel)) == 0


def test_verification_leaves_few_young_objects(vx):
    """What verification keeps is a node's few records (its parameter pointers, what its validator
    described), not the phases' own: the edges, writers, dependency sets and units went with the
    phases (verify.BOOKKEEPING). Kept, they were ~12 tracked containers a node that the collector's
    first run after verification scanned, reaching every node and image of a large graph again
    (issue 32: the time a node grew from 1,000 to 10,000 nodes)."""
    lib, ffi = vx.lib, vx.ffi
    _costs(vx, 4)                              # first calls: imports, caches, nodes' attribute layouts
    graph, made = _chain(vx, 200)
    gc.collect()
    gc.disable()
    try:
        before = {id(o) for o in gc.get_objects()}
        assert lib.vxVerifyGraph(graph) == 0
        young = [o for o in gc.get_objects() if id(o) not in before]
    finally:
        gc.enable()
    kinds = collections.Counter(type(o).__name__ for o in young)
    del young
    assert sum(kinds.values()) / 200 <= 3, kinds      # (2 now; 12-13 before)
    assert lib.vxReleaseGraph(ffi.new("vx_graph *", graph)) == 0
    for image in made:
        lib.vxReleaseImage(ffi.new("vx_image *", image))


def _closure(after, heads):
    """Each unit's ancestors, by walking the dependencies (the plain way)."""
    ancestors = {k: set() for k in heads}
    for k in heads:                            # (heads in schedule order: a topological order)
        for m in after[k]:
            ancestors[m] |= ancestors[k] | {k}
    return ancestors


class _Node:
    def __init__(self, fused):
        self.desc = types.SimpleNamespace(fused=fused)


def test_a_units_ancestors_are_what_it_waits_for_transitively(vx):
    """`verify._units` keeps each unit's ancestors as (below, bits) (a chain's stay (k, 0): no bit set
    growing with the schedule, ~1.2 KB a unit at 10,000 nodes before, quadratic); they are exactly
    the units it waits for, directly or not, for graphs of random dependencies and fused passes."""
    import random
    from pyopenvx.graph import verify
    from _pyopenvx import ffi
    rng = random.Random(32)
    for trial in range(300):
        # (every other trial without passes: _units' way for graphs without any, graph._c_fused empty)
        sizes = [rng.choice((1, 1, 1, 2, 3) if trial % 2 else (1,)) for _ in range(rng.randint(1, 30))]
        heads = [sum(sizes[:j]) for j in range(len(sizes))]
        order = []
        for size in sizes:
            fused = ffi.NULL if size == 1 else types.SimpleNamespace(num_stages=size)
            order += [_Node(fused if s == 0 else ffi.NULL) for s in range(size)]
        chain = trial % 3 == 0
        waits = {k: ({heads[j + 1]} if j + 1 < len(heads) else set()) if chain else
                 {m for m in heads[j + 1:] if rng.random() < 0.15} for j, k in enumerate(heads)}
        after = {node: set() for node in order}
        for j, k in enumerate(heads):         # a node of unit k each unit waiting for it reads from
            for m in waits[k]:
                after[order[k + rng.randrange(sizes[j])]].add(order[m + rng.randrange(sizes[heads.index(m)])])
        graph = types.SimpleNamespace(order=order, after=after, _c_fused=[size for size in sizes if size > 1])
        units, head, nexts, ancestors = verify._units(graph)
        assert [k for k, _ in units] == heads and nexts == waits
        expected = _closure(waits, heads)
        for k in heads:
            assert {u for u in heads if verify._within((u,), ancestors[k])} == expected[k], (trial, k)
            if chain:
                assert ancestors[k] == (k, 0)
