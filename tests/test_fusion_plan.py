"""Fusion planning (graph/fusion.py): a schedule that is one chain of one-input filters is planned
directly (`_chain`, `_chain_passes`: issue 32's VerifyChain), with the plan the general search
(`_groups`, `_cut`, `_linked`, `_short`) gives, field for field, on chains, branches and mixed
kernels at sizes and settings around the thresholds; a plain chain never runs the general search."""
import pytest

BORDERS = {"U": None, "R": "VX_BORDER_REPLICATE", "C": "VX_BORDER_CONSTANT"}


def _node(vx, g, kind, images, k, objects):
    """Node `kind` reading images[k - 1] (or, for "branch", images[k - 2]) into images[k]."""
    lib, c = vx.lib, vx.c
    a, b = images[k - 1], images[k]
    if kind == "conv3" or kind == "conv5":
        size = 3 if kind == "conv3" else 5
        conv = lib.vxCreateConvolution(vx.context, size, size)
        coeffs = vx.ffi.new("vx_int16[]", [1 + (i % 3) for i in range(size * size)])
        assert lib.vxCopyConvolutionCoefficients(conv, coeffs, c.VX_WRITE_ONLY, c.VX_MEMORY_TYPE_HOST) == c.VX_SUCCESS
        objects.append(("conv", conv))
        return lib.vxConvolveNode(g, a, conv, b)
    if kind == "nonlin":
        mask = lib.vxCreateMatrixFromPattern(vx.context, c.VX_PATTERN_BOX, 5, 5)
        objects.append(("matrix", mask))
        return lib.vxNonLinearFilterNode(g, c.VX_NONLINEAR_FILTER_MEDIAN, a, mask, b)
    if kind == "extract":
        return lib.vxChannelExtractNode(g, a, c.VX_CHANNEL_G, b)
    if kind == "not":
        return lib.vxNotNode(g, a, b)
    if kind == "thresh":
        t = lib.vxCreateThresholdForImage(vx.context, c.VX_THRESHOLD_TYPE_BINARY, c.VX_DF_IMAGE_U8,
                                          c.VX_DF_IMAGE_U8)
        objects.append(("threshold", t))
        return lib.vxThresholdNode(g, a, t, b)
    if kind == "branch":
        return lib.vxBox3x3Node(g, images[k - 2], b)
    if kind == "diff":
        return lib.vxAbsDiffNode(g, a, images[k - 2], b)
    return getattr(lib, {"box": "vxBox3x3Node", "gauss": "vxGaussian3x3Node", "median": "vxMedian3x3Node",
                         "erode": "vxErode3x3Node", "dilate": "vxDilate3x3Node"}[kind])(g, a, b)


def _build(vx, g, w, h, kinds, borders="", app=(), params=(), last_virtual=False, objects=None):
    """A chain of `kinds` from the application's image (RGB before "extract") to its output (a
    virtual image with `last_virtual`), virtual images between but at the places in `app` (the
    application's) and `params` (also graph parameters); node k's border from borders[k] (U, R, C).
    The nodes and images go into `objects` for release."""
    lib, c = vx.lib, vx.c
    first = c.VX_DF_IMAGE_RGB if kinds[0] == "extract" else c.VX_DF_IMAGE_U8
    images = [lib.vxCreateImage(vx.context, w, h, first)]
    for k in range(1, len(kinds) + 1):
        out = k == len(kinds) and not last_virtual
        fmt = c.VX_DF_IMAGE_S16 if k == len(kinds) and kinds[-1].startswith("conv") else c.VX_DF_IMAGE_U8
        real = out or k in app or k in params
        images.append(lib.vxCreateImage(vx.context, w, h, fmt) if real else
                      lib.vxCreateVirtualImage(g, w, h, fmt))
    objects += [("image", i) for i in images]
    nodes = []
    for k, kind in enumerate(kinds, 1):
        node = _node(vx, g, kind, images, k, objects)
        mode = BORDERS[borders[k - 1]] if k - 1 < len(borders) else None
        if mode is not None:
            border = vx.ffi.new("vx_border_t *", {"mode": getattr(c, mode)})
            border.constant_value.U8 = 7
            assert lib.vxSetNodeAttribute(node, c.VX_NODE_BORDER, border, vx.ffi.sizeof("vx_border_t")) == c.VX_SUCCESS
        nodes.append(node)
    for k in params:
        p = lib.vxGetParameterByIndex(nodes[k - 1], 1)
        assert lib.vxAddParameterToGraph(g, p) == c.VX_SUCCESS
        lib.vxReleaseParameter(vx.ffi.new("vx_parameter *", p))
    objects += [("node", n) for n in nodes]


def _release(vx, objects):
    lib = vx.lib
    release = {"image": (lib.vxReleaseImage, "vx_image *"), "node": (lib.vxReleaseNode, "vx_node *"),
               "conv": (lib.vxReleaseConvolution, "vx_convolution *"), "matrix": (lib.vxReleaseMatrix, "vx_matrix *"),
               "threshold": (lib.vxReleaseThreshold, "vx_threshold *")}
    for kind, o in objects:
        fn, ptr = release[kind]
        assert fn(vx.ffi.new(ptr, o)) == vx.c.VX_SUCCESS


def _graph_of(vx, g):
    from _pyopenvx import ffi as core_ffi
    from pyopenvx.reference import lookup
    return lookup(core_ffi.cast("vx_reference", int(vx.ffi.cast("uintptr_t", g))))


def _plan_of(vx, g):
    """Everything planning decides for the verified graph: each pass's C plan (every field set at
    verification), the nodes holding a pass, the schedule, the rings and the twinned nodes."""
    from _pyopenvx import ffi as core_ffi
    from pyopenvx.reference import LOCK
    address = lambda p: int(core_ffi.cast("uintptr_t", p))
    with LOCK:
        graph = _graph_of(vx, g)
        place = {node.desc: k for k, node in enumerate(graph.nodes)}
        passes = []
        for plan, _ in graph._c_fused:
            stages = []
            for k in range(plan.num_stages):
                s = plan.stages[k]
                stages.append((place[s.node], address(s.prepare), address(s.row), s.num_in, s.num_out,
                               list(getattr(s, "in"))[:s.num_in], list(s.out)[:s.num_out], s.factor, s.up, s.down,
                               s.scale, s.lag, s.args[0], s.plan != core_ffi.NULL,
                               [s.copies[i] for i in range(s.num_copies)]))
            images = [(i.stage, i.param, i.ring, i.pixel_bytes, i.width, i.height, i.rows)
                      for i in (plan.images[k] for k in range(plan.num_images))]
            passes.append((stages, images, plan.height))
        return (passes, [place[n.desc] for n in graph.order if n.desc.fused != core_ffi.NULL],
                [place[n.desc] for n in graph.order], sorted(map(id, graph.ring_images)),
                sorted(place[n.desc] for n in graph.twinned))


# (width, height, kinds, borders, app, params, last_virtual, is a chain `_chain` takes)
_CASES = [
    (640, 480, ["box"] * 64, "", (), (), False, True),           # openvx-mark's VerifyChain (VGA)
    (32, 79, ["box"] * 8, "", (), (), False, True),              # below 2 x HALO_SHARE: no CHEAPER pass
    (32, 80, ["box"] * 8, "", (), (), False, True),              # limit 2: passes of two
    (32, 81, ["box"] * 8, "", (), (), True, True),
    (32, 120, ["box"] * 9, "RCU", (), (), True, True),           # limit 3
    (40, 160, ["gauss", "box", "median", "erode", "dilate"] * 3, "URC", (), (), False, True),
    (40, 200, ["box", "conv3", "median", "conv5", "nonlin", "box"], "RUCRUC", (), (), False, True),
    (40, 200, ["median", "conv3", "conv5"], "", (), (), False, True),
    (48, 240, ["extract", "box", "gauss", "box", "erode"], "", (), (), False, True),
    (48, 240, ["box", "box"], "", (), (), True, True),
    (48, 240, ["box"] * 30, "", (), (), True, True),
    (48, 240, ["box"] * 30, "", (12,), (), False, False),        # an application's image in the chain
    (48, 240, ["box"] * 30, "", (), (5,), False, False),         # a graph parameter in the chain
    (48, 240, ["box"] * 12 + ["not"] + ["box"] * 12, "", (), (), False, False),
    (48, 240, ["box"] * 6 + ["thresh", "box"], "R" * 8, (), (), False, False),    # a fold
    (48, 240, ["box"] * 6 + ["branch"] + ["box"] * 5, "", (), (), False, False),  # two readers
    (48, 240, ["box"] * 5 + ["diff"] + ["box"] * 5, "", (), (), False, False),
    (48, 240, ["box", "branch", "box"], "", (), (), True, False),
    (1920, 1080, ["box"] * 32, "", (), (), False, True),
]
# MIN_RING_BYTES around a 48x240 image's bytes (11,520) multiples, with and without CHEAPER
_SETTINGS = [(None, None, True), ("1", None, True), (None, 11520 * 3, False), (None, 11520 * 3 + 1, False),
             (None, 11520 * 6, False), (None, 1, False)]


@pytest.mark.parametrize("fusion_env,least,cheaper", _SETTINGS)
def test_a_chain_is_planned_directly_as_the_general_search_plans_it(vx, monkeypatch, fusion_env, least, cheaper):
    """Each graph verified with the general search alone (`_chain` giving None) and with the direct
    plan of chains: the same plan, field for field (same passes, stages, images, rings: the same
    outputs), and the direct plan taken for exactly the plain chains."""
    from pyopenvx.graph import fusion
    lib, c = vx.lib, vx.c
    if fusion_env is None:
        monkeypatch.delenv("PVX_FUSION", raising=False)
    else:
        monkeypatch.setenv("PVX_FUSION", fusion_env)
    if least is not None:
        monkeypatch.setattr(fusion, "MIN_RING_BYTES", least)
    if not cheaper:
        monkeypatch.setattr(fusion, "CHEAPER", frozenset())
    chain, taken = fusion._chain, []
    fused = 0
    for w, h, kinds, borders, app, params, last_virtual, is_chain in _CASES:
        if fusion_env == "1" and w * h > 48 * 240:
            continue                           # (fused whole: the long passes are slow to check)
        g, objects = lib.vxCreateGraph(vx.context), []
        _build(vx, g, w, h, kinds, borders, app, params, last_virtual, objects)
        monkeypatch.setattr(fusion, "_chain", lambda graph: None)
        assert lib.vxVerifyGraph(g) == c.VX_SUCCESS
        general = _plan_of(vx, g)
        monkeypatch.setattr(fusion, "_chain", lambda graph: taken.append(chain(graph)) or taken[-1])
        del taken[:]
        assert lib.vxVerifyGraph(g) == c.VX_SUCCESS
        assert _plan_of(vx, g) == general, (w, h, kinds)
        assert [t is not None for t in taken] == [is_chain], (w, h, kinds)
        fused += len(general[0])
        if w * h <= 48 * 240:
            assert lib.vxProcessGraph(g) == c.VX_SUCCESS
        _release(vx, objects)
        assert lib.vxReleaseGraph(vx.ffi.new("vx_graph *", g)) == c.VX_SUCCESS
    assert fused > 0                           # (the settings plan some passes)


@pytest.mark.parametrize("w,h,expected", [(640, 480, [7] * 9), (1920, 1080, [14] * 4 + [8]), (3840, 2160, [28, 28, 8])])
def test_a_plain_chain_never_runs_the_general_search(vx, monkeypatch, w, h, expected):
    """openvx-mark's VerifyChain: 64 Box3x3 through virtual images are planned without `_groups`,
    `_most_ring_bytes`, `_readers`, `_cut`, `_linked`, `_short` and folds (each would raise here), into
    the passes `_short` cuts (a pass's stages reach at most height / HALO_SHARE rows)."""
    from pyopenvx.graph import fusion
    monkeypatch.delenv("PVX_FUSION", raising=False)

    def general(*args):
        raise AssertionError("the general search ran")
    for name in ("_groups", "_most_ring_bytes", "_readers", "_cut", "_linked", "_short", "folds", "twins"):
        monkeypatch.setattr(fusion, name, general)
    lib, c = vx.lib, vx.c
    g, objects = lib.vxCreateGraph(vx.context), []
    _build(vx, g, w, h, ["box"] * 64, objects=objects)
    assert lib.vxVerifyGraph(g) == c.VX_SUCCESS
    passes = _plan_of(vx, g)[0]
    assert [len(stages) for stages, _, _ in passes] == expected
    _release(vx, objects)
    assert lib.vxReleaseGraph(vx.ffi.new("vx_graph *", g)) == c.VX_SUCCESS
