"""The edges of verification (graph/verify.py: check_parameters walks every parameter once, claiming
outputs, noting virtual objects; check_single_writer finds each reader's producers; order_by_dependency
sorts) refuse as the phases did one after the other: on random graphs of Not and Add nodes over
named images, some virtual, some parameters left unset, written twice, read unwritten or in a
cycle, the status and log line are those of the first failing phase in order, and a graph that
verifies runs its nodes in the stable topological order (docs/hacking/graph.md, "Verification's
edges and storage, s14")."""
import random

import pytest

# kernel: (its parameters' directions, required or not); Add's policy is a scalar, set always
SHAPES = {"not": ("in", "out"), "add": ("in", "in", "out")}


KINDS = ("required but not set", "is also written by", "is read but no node writes it", "has a cycle")


def _expected(nodes, images):
    """What verification says, in the phases' order: (status name, message) or the schedule."""
    for n, (kind, params) in enumerate(nodes):
        for i, img in enumerate(params):
            if img is None:
                return "VX_ERROR_NOT_SUFFICIENT", f"<Node 'n{n}'> parameter {_index(kind, i)}: required but not set"
    writer = {}
    for n, (kind, params) in enumerate(nodes):
        img = params[-1]
        if img in writer:
            return ("VX_ERROR_MULTIPLE_WRITERS", f"<Node 'n{n}'> parameter {_index(kind, len(params) - 1)}: "
                    f"{_image(images, img)} is also written by <Node 'n{writer[img][0]}'> parameter {writer[img][1]}")
        writer[img] = (n, _index(kind, len(params) - 1))
    for n, (kind, params) in enumerate(nodes):
        for i, img in enumerate(params[:-1]):
            if images[img] and img not in writer:
                return ("VX_ERROR_INVALID_GRAPH", f"<Node 'n{n}'> parameter {_index(kind, i)}: virtual {_image(images, img)} "
                        "is read but no node writes it")
    after = {n: {m for m, (_, ps) in enumerate(nodes) if any(writer.get(img, (None,))[0] == n for img in ps[:-1])}
             for n in range(len(nodes))}
    pending = {m: sum(m in a for a in after.values()) for m in range(len(nodes))}
    ready, order = [n for n in range(len(nodes)) if pending[n] == 0], []
    while ready:
        n = ready.pop(0)
        order.append(n)
        for m in sorted(after[n]):
            pending[m] -= 1
            if pending[m] == 0:
                ready.append(m)
    stuck = [n for n in range(len(nodes)) if pending[n] > 0]
    if stuck:
        return "VX_ERROR_INVALID_GRAPH", f"has a cycle through <Node 'n{stuck[0]}'>"
    return order


def _image(images, k):
    return f"<{'virtual ' if images[k] else ''}image 16x8 U8 'i{k}'>"


def _index(kind, i):
    """The parameter index of the i-th image of a node (Add's policy is index 2)."""
    return 3 if kind == "add" and i == 2 else i


def _random_graph(rng):
    count = rng.randint(2, 7)
    images = [rng.random() < 0.6 for _ in range(count)]     # virtual or not
    nodes = []
    for _ in range(rng.randint(1, 6)):
        kind = rng.choice(("not", "add"))
        params = [rng.randrange(count) for _ in SHAPES[kind]]
        if rng.random() < 0.1:
            params[rng.randrange(len(params))] = None
        nodes.append((kind, params))
    return nodes, images


def _verify(vx, nodes, images):
    """The graph built through the C API: the status and last log line of vxVerifyGraph, or the
    nodes' names in the order they ran (vxProcessGraph, a completion callback each)."""
    lib, ffi, c = vx.lib, vx.ffi, vx.c
    graph = lib.vxCreateGraph(vx.context)
    handles = []
    for k, virtual in enumerate(images):
        img = (lib.vxCreateVirtualImage(graph, 16, 8, c.VX_DF_IMAGE_U8) if virtual
               else lib.vxCreateImage(vx.context, 16, 8, c.VX_DF_IMAGE_U8))
        lib.vxSetReferenceName(vx.ref(img), f"i{k}".encode())
        handles.append(img)
    policy = lib.vxCreateScalar(vx.context, c.VX_TYPE_ENUM, ffi.new("vx_enum *", c.VX_CONVERT_POLICY_WRAP))
    ran = []
    callback = ffi.callback("vx_action(vx_node)", lambda node: ran.append(node) and 0 or c.VX_ACTION_CONTINUE)
    made = []
    for n, (kind, params) in enumerate(nodes):
        kernel = lib.vxGetKernelByEnum(vx.context, c.VX_KERNEL_NOT if kind == "not" else c.VX_KERNEL_ADD)
        node = lib.vxCreateGenericNode(graph, kernel)
        lib.vxReleaseKernel(ffi.new("vx_kernel *", kernel))
        lib.vxSetReferenceName(vx.ref(node), f"n{n}".encode())
        for i, img in enumerate(params):
            if img is not None:
                assert lib.vxSetParameterByIndex(node, _index(kind, i), vx.ref(handles[img])) == 0
        if kind == "add":
            assert lib.vxSetParameterByIndex(node, 2, vx.ref(policy)) == 0
        assert lib.vxAssignNodeCallback(node, callback) == 0
        made.append(node)
    del vx.log[:]
    status = lib.vxVerifyGraph(graph)
    if status == 0:
        assert lib.vxProcessGraph(graph) == 0
        outcome = [made.index(node) for node in ran]
    else:
        names = {getattr(c, name): name for name in dir(c) if name.startswith("VX_ERROR_")}
        outcome = (names[status], vx.log[-1][1])
        assert vx.log[-1][0] == status
    for node in made:
        lib.vxReleaseNode(ffi.new("vx_node *", node))
    lib.vxReleaseGraph(ffi.new("vx_graph *", graph))
    for img in handles:
        lib.vxReleaseImage(ffi.new("vx_image *", img))
    lib.vxReleaseScalar(ffi.new("vx_scalar *", policy))
    return outcome


@pytest.mark.parametrize("seed", range(6))
def test_edges_refuse_as_the_phases_in_order(vx, seed):
    rng = random.Random(seed)
    seen = set()
    for _ in range(60):
        nodes, images = _random_graph(rng)
        expected, got = _expected(nodes, images), _verify(vx, nodes, images)
        if isinstance(expected, tuple):
            assert got[0] == expected[0] and expected[1] in got[1], (nodes, images, got)
            seen.add(next(kind for kind in KINDS if kind in expected[1]))
        else:
            assert got == expected, (nodes, images)
            seen.add("ran")
    # every refusal met: parameter unset, written twice, read unwritten, a cycle; and graphs that ran
    assert seen == set(KINDS) | {"ran"}, seen


def test_a_missing_parameter_is_refused_before_an_earlier_second_writer(vx):
    """The claims are made in check_parameters' walk, but a second claim is refused only after
    every parameter passed: a later node's missing parameter comes first, as the phases' order says."""
    nodes = [("not", [0, 1]), ("not", [0, 1]), ("not", [1, None])]
    status, line = _verify(vx, nodes, [False, True])
    assert status == "VX_ERROR_NOT_SUFFICIENT" and "<Node 'n2'> parameter 1: required but not set" in line
    nodes = [("not", [0, 1]), ("not", [2, 3]), ("not", [0, 1]), ("not", [2, 3])]
    status, line = _verify(vx, nodes, [False, True, True, True])
    assert status == "VX_ERROR_MULTIPLE_WRITERS" and "<Node 'n2'> parameter 1: <virtual image 16x8 U8 'i1'> is also written by <Node 'n0'>" in line
    # a virtual image read unwritten after a cycle's nodes: refused before the cycle is
    nodes = [("not", [1, 2]), ("not", [2, 1]), ("not", [3, 0])]
    assert _verify(vx, nodes, [False, True, True, True])[0] == "VX_ERROR_INVALID_GRAPH"
    assert "is read but no node writes it" in vx.log[-1][1]
