"""Nodes made in C (csrc/runtime/node_made.c, issue 32): vxCreateGenericNode, the handle-only
vx<Kernel>Node creators and vxSetParameterByIndex answered without Python when Python would take
the arguments without a word, the node adopted by its graph before anything reads its nodes. The
two paths compared on valid and invalid arguments: same status, same log line, same
VX_CONTEXT_REFERENCES, same verification."""
import gc
import threading

import pytest

from test_lazy_objects import _core, _python_path

PENDING = 0x20              # PVX_REF_PENDING


def _pending(vx, handle):
    return bool(_core(vx, handle).flags & PENDING)


def _images(vx, n=2, fmt=None):
    """Images Python has met (a name each)."""
    out = []
    for k in range(n):
        img = vx.lib.vxCreateImage(vx.context, 64, 48, fmt or vx.c.VX_DF_IMAGE_U8)
        assert vx.lib.vxSetReferenceName(vx.ref(img), f"img{k}".encode()) == vx.c.VX_SUCCESS
        out.append(img)
    return out


def _graph(vx, open_to_c=True):
    """A graph C may add nodes to, or one closed to it (verified once: every node then Python's)."""
    g = vx.lib.vxCreateGraph(vx.context)
    # (a graph made in C, csrc/runtime/graph_lazy.c, takes its first node through Python, which
    # meets it; naming it has Python meet it without a node)
    assert vx.lib.vxSetReferenceName(vx.ref(g), b"graph") == vx.c.VX_SUCCESS
    if not open_to_c:
        assert vx.lib.vxVerifyGraph(g) == vx.c.VX_ERROR_INVALID_GRAPH     # (no nodes)
        vx.log.clear()
    return g


def _release(vx, handle, kind):
    ctype = f"vx_{kind.lower()}"
    return getattr(vx.lib, f"vxRelease{kind}")(vx.ffi.new(f"{ctype} *", vx.ffi.cast(ctype, handle)))


def test_made_in_c_then_adopted_in_creation_order(vx):
    from pyopenvx.reference import LOCK, lookup
    lib, c = vx.lib, vx.c
    a, b = _images(vx)
    g = _graph(vx)
    before = vx.references()
    n1 = lib.vxNotNode(g, a, b)
    n2 = lib.vxBox3x3Node(g, b, a)
    assert _pending(vx, n1) and _pending(vx, n2)
    assert vx.references() == before + 2
    assert vx.query(lib.vxQueryGraph, g, c.VX_GRAPH_NUMNODES, "vx_uint32") == 2
    assert vx.query(lib.vxQueryNode, n1, c.VX_NODE_PARAMETERS, "vx_uint32") == 2
    n3 = lib.vxNotNode(g, a, b)                 # then a name: Python meets it, its graph adopts all three
    assert lib.vxSetReferenceName(vx.ref(n3), b"third") == c.VX_SUCCESS
    assert not any(_pending(vx, n) for n in (n1, n2, n3))
    with LOCK:
        graph = lookup(_core(vx, g))
        assert [n.h for n in graph.nodes] == [_core(vx, n) for n in (n1, n2, n3)]
        node = graph.nodes[0]
        assert [p.h for p in node.params] == [_core(vx, a), _core(vx, b)] and node in node.kernel.nodes
        assert node.desc.node == _core(vx, n1, "vx_node") and node.desc.num_parameters == 2
    assert vx.references() == before + 3
    for n in (n1, n2, n3):
        assert _release(vx, n, "Node") == c.VX_SUCCESS
    assert vx.references() == before
    assert _release(vx, g, "Graph") == c.VX_SUCCESS
    for img in (a, b):
        assert _release(vx, img, "Image") == c.VX_SUCCESS
    assert vx.references() == before - 3 and not vx.log


def _scenarios(vx):
    """name -> function(graph, create) giving the handles to check; `create(name, *args)` calls
    one API function by either path."""
    lib, c, ffi = vx.lib, vx.c, vx.ffi
    a, b = _images(vx)
    rgb, = _images(vx, 1, vx.c.VX_DF_IMAGE_RGB)
    arr = lib.vxCreateArray(vx.context, c.VX_TYPE_KEYPOINT, 4)
    assert lib.vxSetReferenceName(vx.ref(arr), b"arr") == c.VX_SUCCESS
    roi = lib.vxCreateImageFromROI(a, ffi.new("vx_rectangle_t *", (0, 0, 8, 8)))
    k_not = lib.vxGetKernelByEnum(vx.context, c.VX_KERNEL_NOT)
    k_harris = lib.vxGetKernelByEnum(vx.context, c.VX_KERNEL_HARRIS_CORNERS)
    null = ffi.NULL

    def lazy_image():                           # made in C, never met: C leaves it to Python
        return lib.vxCreateImage(vx.context, 64, 48, c.VX_DF_IMAGE_U8)

    def generic(create, g, kernel, *params):
        status, node = create("vxCreateGenericNode", g, kernel)
        return status, [create("vxSetParameterByIndex", node, i, vx.ref(p)) for i, p in enumerate(params)
                        if p is not False]

    return {
        "not": lambda g, create: create("vxNotNode", g, a, b),
        "box": lambda g, create: create("vxBox3x3Node", g, a, b),
        "wrong type": lambda g, create: create("vxNotNode", g, a, ffi.cast("vx_image", arr)),
        "NULL required": lambda g, create: create("vxNotNode", g, a, null),
        "RGB into Not (verify refuses)": lambda g, create: create("vxNotNode", g, rgb, b),
        "a part (ROI)": lambda g, create: create("vxNotNode", g, roi, b),
        "not met yet": lambda g, create: create("vxNotNode", g, lazy_image(), b),
        "not met yet, released": lambda g, create: (create("vxNotNode", g, create.hold(lazy_image()), b),
                                                    _release(vx, create.held, "Image")),
        "graph as image": lambda g, create: create("vxNotNode", g, ffi.cast("vx_image", g), b),
        "generic, 2 parameters": lambda g, create: generic(create, g, k_not, a, b),
        "generic, none": lambda g, create: generic(create, g, k_not),
        "generic, replaced": lambda g, create: generic(create, g, k_not, a, b, False) + (
            create("vxSetParameterByIndex", create.last, 0, vx.ref(b)),),
        "generic, wrong type": lambda g, create: generic(create, g, k_not, arr, b),
        "generic, index out of range": lambda g, create: generic(create, g, k_not, a, b) + (
            create("vxSetParameterByIndex", create.last, 2, vx.ref(a)),),
        "generic, NULL optional": lambda g, create: generic(create, g, k_harris, *([False] * 7), null),
        "generic, NULL required": lambda g, create: generic(create, g, k_not, null),
        "generic, kernel as graph": lambda g, create: create("vxCreateGenericNode", g, ffi.cast("vx_kernel", a)),
    }


class _Creator:
    def __init__(self, vx, python):
        self.vx, self.python, self.last = vx, python, None

    def hold(self, handle):
        self.held = handle
        return handle

    def __call__(self, name, *args):
        vx = self.vx
        out = _python_path(vx, name, *args) if self.python else getattr(vx.lib, name)(*args)
        if name.endswith("Node"):
            self.last = vx.ffi.cast("vx_node", out)
            return vx.lib.vxGetStatus(vx.ref(out)), self.last
        return out


def _run(vx, scenario, python):
    """Status, log, references and verification of one scenario by one path."""
    vx.log.clear()
    g = _graph(vx, open_to_c=not python)
    before = vx.references()
    create = _Creator(vx, python)
    result = scenario(g, create)
    made = vx.references() - before
    log = list(vx.log)
    handles = [create.last] if create.last is not None else []
    pending = any(_pending(vx, h) for h in handles if vx.lib.vxGetStatus(vx.ref(h)) == vx.c.VX_SUCCESS)
    vx.log.clear()
    verified = vx.lib.vxVerifyGraph(g)
    verify_log = list(vx.log)
    summary = (_statuses(result), log, made, verified, verify_log)
    assert _release(vx, g, "Graph") == vx.c.VX_SUCCESS
    return summary, pending


def _statuses(result):
    if isinstance(result, tuple):
        return tuple(_statuses(r) for r in result)
    if isinstance(result, list):
        return [_statuses(r) for r in result]
    return result if isinstance(result, int) else None


@pytest.mark.parametrize("name", ["not", "box", "wrong type", "NULL required", "RGB into Not (verify refuses)",
                                  "a part (ROI)", "not met yet", "not met yet, released", "graph as image", "generic, 2 parameters",
                                  "generic, none", "generic, replaced", "generic, wrong type",
                                  "generic, index out of range", "generic, NULL optional", "generic, NULL required",
                                  "generic, kernel as graph"])
def test_c_and_python_paths_agree(vx, name):
    scenario = _scenarios(vx)[name]
    fast, pending = _run(vx, scenario, python=False)
    slow, _ = _run(vx, scenario, python=True)
    assert fast == slow
    if name in ("not", "box", "not met yet", "not met yet, released", "generic, 2 parameters", "generic, none",
                "generic, replaced", "generic, NULL optional"):
        assert pending, "C should have made it"


def test_lives_of_pending_nodes(vx):
    """Released before adoption (the graph holds it), removed, left to vxReleaseGraph or to
    vxReleaseContext: the same counts as nodes Python made."""
    lib, c = vx.lib, vx.c
    a, b = _images(vx)
    start = vx.references()
    g = _graph(vx)
    n = lib.vxNotNode(g, a, b)
    assert _release(vx, n, "Node") == c.VX_SUCCESS        # in C: its graph holds it
    assert vx.references() == start + 1
    assert vx.query(lib.vxQueryGraph, g, c.VX_GRAPH_NUMNODES, "vx_uint32") == 1
    m = lib.vxBox3x3Node(g, b, a)
    p = vx.ffi.new("vx_node *", m)
    assert lib.vxRemoveNode(p) == c.VX_SUCCESS and p[0] == vx.ffi.NULL
    assert vx.query(lib.vxQueryGraph, g, c.VX_GRAPH_NUMNODES, "vx_uint32") == 1
    assert lib.vxVerifyGraph(g) == c.VX_SUCCESS and lib.vxProcessGraph(g) == c.VX_SUCCESS
    kept = lib.vxNotNode(g, a, b)                     # graph verified: Python's from now on
    assert not _pending(vx, kept)
    assert _release(vx, g, "Graph") == c.VX_SUCCESS   # its nodes die with it (1.3.1)
    assert lib.vxGetStatus(vx.ref(kept)) != c.VX_SUCCESS
    g2 = _graph(vx)
    left = lib.vxNotNode(g2, a, b)                    # left to the graph's release while pending
    assert _pending(vx, left)
    assert _release(vx, g2, "Graph") == c.VX_SUCCESS
    assert vx.references() == start
    g3 = _graph(vx)
    lib.vxNotNode(g3, a, b)                           # left to vxReleaseContext (the fixture)
    lib.vxCreateGenericNode(g3, lib.vxGetKernelByEnum(vx.context, c.VX_KERNEL_NOT))
    assert vx.references() == start + 3
    assert not vx.log


def test_replacing_what_only_the_node_holds(vx):
    """The parameter replaced is released in C only when someone else holds it; else Python
    destroys it, as before."""
    lib, c = vx.lib, vx.c
    a, b = _images(vx)
    g = _graph(vx)
    v = lib.vxCreateVirtualImage(g, 64, 48, c.VX_DF_IMAGE_U8)
    n = lib.vxNotNode(g, a, v)
    assert _pending(vx, n)
    start = vx.references()
    assert _release(vx, v, "Image") == c.VX_SUCCESS
    assert vx.references() == start - 1
    assert lib.vxSetParameterByIndex(n, 1, vx.ref(b)) == c.VX_SUCCESS
    assert not _pending(vx, n)                        # Python's: it destroyed v
    assert lib.vxQueryReference(vx.ref(v), c.VX_REFERENCE_TYPE, vx.ffi.new("vx_enum *"), 4) != c.VX_SUCCESS
    m = lib.vxNotNode(g, a, b)
    assert lib.vxSetParameterByIndex(m, 1, vx.ref(a)) == c.VX_SUCCESS and _pending(vx, m)
    assert vx.references() == start
    for h, kind in ((n, "Node"), (m, "Node"), (g, "Graph"), (a, "Image"), (b, "Image")):
        assert _release(vx, h, kind) == c.VX_SUCCESS
    vx.log.clear()


def test_threads_make_nodes_at_once(vx):
    """Several threads making nodes in C (cffi releases the GIL), in their own graphs and in one
    shared graph, while the counts of the images they share change: every count exact."""
    lib, c = vx.lib, vx.c
    a, b = _images(vx)
    start = vx.references()
    shared = _graph(vx)
    rounds, errors = 300, []

    def work():
        try:
            own = _graph(vx)
            for k in range(rounds):
                for g in (own, shared):
                    n = lib.vxNotNode(g, a, b) if k & 1 else lib.vxBox3x3Node(g, a, b)
                    assert lib.vxGetStatus(vx.ref(n)) == c.VX_SUCCESS
                    assert lib.vxSetParameterByIndex(n, 0, vx.ref(b if k & 1 else a)) == c.VX_SUCCESS
                    assert _release(vx, n, "Node") == c.VX_SUCCESS
            assert vx.query(lib.vxQueryGraph, own, c.VX_GRAPH_NUMNODES, "vx_uint32") == rounds
            assert _release(vx, own, "Graph") == c.VX_SUCCESS
        except BaseException as e:           # noqa: BLE001 (reported below)
            errors.append(e)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    from pyopenvx.reference import LOCK, lookup
    with LOCK:
        graph = lookup(_core(vx, shared))
        assert len(graph.nodes) == 4 * rounds
        img_a = lookup(_core(vx, a))
        held = sum(p is img_a for n in graph.nodes for p in n.params)
        assert img_a.h.internal_count == held and img_a.h.external_count == 1
    assert _release(vx, shared, "Graph") == c.VX_SUCCESS
    assert vx.references() == start
    with LOCK:
        assert img_a.h.internal_count == 0


def test_verification_adopts_them_with_the_collector_paused(vx):
    """The nodes C made join their graph at verification, inside its pause of the collector (their
    objects would trigger collections scanning every object of a large graph)."""
    lib, c = vx.lib, vx.c
    a, b = _images(vx)
    g = _graph(vx)
    prev = a
    for k in range(400):
        out = b if k == 399 else lib.vxCreateVirtualImage(g, 64, 48, c.VX_DF_IMAGE_U8)
        n = lib.vxNotNode(g, prev, out)
        assert _pending(vx, n) and _release(vx, n, "Node") == c.VX_SUCCESS
        prev = out
    collections = []

    def count(phase, info):
        if phase == "start":
            collections.append(info["generation"])

    gc.collect()
    gc.callbacks.append(count)
    try:
        assert lib.vxVerifyGraph(g) == c.VX_SUCCESS
    finally:
        gc.callbacks.remove(count)
    assert len(collections) <= 1, collections
    assert lib.vxProcessGraph(g) == c.VX_SUCCESS
    assert _release(vx, g, "Graph") == c.VX_SUCCESS
