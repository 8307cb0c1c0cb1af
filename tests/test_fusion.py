"""Fused execution (graph/fusion.py, runtime/fusion.c): every fused chain of tests/c/fusion.c gives
the outputs of node-by-node execution (PVX_FUSION=0) bit for bit, in every border mode, at odd sizes
and every SIMD level; the fused edge pipeline never allocates its virtual images. The fused runs set
PVX_FUSION=1: by default only passes over 1080p-sized images are fused."""
import pytest

SIMD_LEVELS = pytest.mark.parametrize("simd", ["plain", "sse2", "avx2", "avx512"])
SSE2, AVX2 = 1, 2                       # csrc/base/simd.h's levels


def _lines(c_program, **env):
    out = c_program("fusion.c", env=env).stdout.splitlines()
    assert out[-1] == "ok"
    heap = {line.split()[0]: int(line.split()[1]) for line in out if "heap_kb" in line}
    return [line for line in out if "heap_kb" not in line], heap


@SIMD_LEVELS
def test_fused_chains_equal_node_by_node_in_every_border_mode_and_odd_size(c_program, simd):
    fused, fused_heap = _lines(c_program, PVX_SIMD=simd, PVX_FUSION="1", PVX_TILE_THREADS="3")
    reference, reference_heap = _lines(c_program, PVX_SIMD=simd, PVX_FUSION="0", PVX_TILE_THREADS="1")
    assert len(fused) > 100 and fused == reference
    # 1000 x 700: the four virtual images take 4.9 MB node by node; the rings a few rows per thread
    # (both figures also hold what the interpreter has allocated, which varies with the environment)
    assert reference_heap["heap_kb"] - fused_heap["heap_kb"] > 4000, (fused_heap, reference_heap)
    # the scaled graph's seven (1.9-2.5 MB node by node, as storage sharing and what ran before leave
    # the heap; 1 MB more fused without its half-size stages fused)
    assert reference_heap["scaled_heap_kb"] - fused_heap["scaled_heap_kb"] > 1000, (fused_heap, reference_heap)
    # ColorConvert to NV12, IYUV, YUV4 in the pass: the RGBX, RGB and U8 rings (5.6 MB node by node;
    # 0.1 MB of difference when the IYUV outputs are not fused)
    assert reference_heap["yuv_heap_kb"] - fused_heap["yuv_heap_kb"] > 4000, (fused_heap, reference_heap)
    # eight NonLinearFilters in the pass: nine U8 images and more (7.4 MB node by node; 0.8 MB of
    # difference when one of them is not fused)
    assert reference_heap["nonlinear_heap_kb"] - fused_heap["nonlinear_heap_kb"] > 5000, (fused_heap, reference_heap)


def test_stages_reading_and_writing_no_ring_are_left_out_of_the_pass(vx, monkeypatch):
    """tests/c/fusion.c's `unlinked` graph (whose results the test above compares): ColorConverts from
    the application's YUV to its RGB read and write no ring; they move before the pass (the schedule
    puts them between its stages) and run node by node."""
    from _pyopenvx import ffi as core_ffi
    from pyopenvx.reference import LOCK, lookup
    monkeypatch.setenv("PVX_FUSION", "1")
    lib, c, ctx, w, h = vx.lib, vx.c, vx.context, 64, 48
    g = lib.vxCreateGraph(ctx)
    yuv = [lib.vxCreateImage(ctx, w, h, f) for f in (c.VX_DF_IMAGE_NV12, c.VX_DF_IMAGE_IYUV, c.VX_DF_IMAGE_NV21,
                                                     c.VX_DF_IMAGE_YUYV)]
    rgb = [lib.vxCreateImage(ctx, w, h, c.VX_DF_IMAGE_RGBX if k == 1 else c.VX_DF_IMAGE_RGB) for k in range(4)]
    a, out = lib.vxCreateImage(ctx, w, h, c.VX_DF_IMAGE_U8), lib.vxCreateImage(ctx, w, h, c.VX_DF_IMAGE_U8)
    half = lib.vxCreateImage(ctx, w // 2, h // 2, c.VX_DF_IMAGE_U8)
    v = [lib.vxCreateVirtualImage(g, w, h, c.VX_DF_IMAGE_U8) for _ in range(3)]
    nodes = [lib.vxColorConvertNode(g, yuv[0], rgb[0]), lib.vxChannelExtractNode(g, yuv[0], c.VX_CHANNEL_Y, v[0]),
             lib.vxGaussian3x3Node(g, v[0], v[1]), lib.vxColorConvertNode(g, yuv[1], rgb[1]),
             lib.vxScaleImageNode(g, v[1], half, c.VX_INTERPOLATION_AREA), lib.vxColorConvertNode(g, yuv[2], rgb[2]),
             lib.vxGaussian3x3Node(g, a, v[2]), lib.vxBox3x3Node(g, v[2], out),
             lib.vxColorConvertNode(g, yuv[3], rgb[3])]
    assert lib.vxVerifyGraph(g) == c.VX_SUCCESS
    with LOCK:
        graph = lookup(core_ffi.cast("vx_reference", int(vx.ffi.cast("uintptr_t", g))))
        index = {node.desc: k for k, node in enumerate(graph.order)}
        created = {k: lookup(core_ffi.cast("vx_reference", int(vx.ffi.cast("uintptr_t", n)))) for k, n in
                   enumerate(nodes)}
        passes = [[index[plan.stages[k].node] for k in range(plan.num_stages)] for plan, _ in graph._c_fused]
        assert graph.order == [created[k] for k in (0, 3, 5, 8, 1, 6, 2, 7, 4)]
    assert passes == [[4, 5, 6, 7, 8]]
    assert lib.vxProcessGraph(g) == c.VX_SUCCESS
    for n in nodes:
        assert lib.vxReleaseNode(vx.ffi.new("vx_node *", n)) == c.VX_SUCCESS
    for img in yuv + rgb + [a, out, half] + v:
        assert lib.vxReleaseImage(vx.ffi.new("vx_image *", img)) == c.VX_SUCCESS
    assert lib.vxReleaseGraph(vx.ffi.new("vx_graph *", g)) == c.VX_SUCCESS


def test_passes_of_cheaper_stages_are_fused_whatever_their_size(vx, monkeypatch):
    """By default a pass is fused when its rings would hold MIN_RING_BYTES, or when at least half its
    stages (and two) are 3x3 filters whose fused rows do less work than their nodes (fusion.CHEAPER):
    openvx-mark's GraphDividend chains at 640x480, not a chain of one Median3x3 among Nots."""
    from _pyopenvx import ffi as core_ffi, lib as core
    from pyopenvx.reference import LOCK, lookup
    monkeypatch.delenv("PVX_FUSION", raising=False)
    lib, c, ctx, w, h = vx.lib, vx.c, vx.context, 640, 480
    chains = ((["Box3x3"] * 4, [4]), (["Gaussian3x3", "Box3x3", "Median3x3", "Erode3x3"], [4]),
              (["Median3x3", "Dilate3x3", "Median3x3", "Median3x3"], [4]), (["Not", "Median3x3", "Not", "Not"], []))
    for kernels, expected in chains:
        g = lib.vxCreateGraph(ctx)
        a, out = lib.vxCreateImage(ctx, w, h, c.VX_DF_IMAGE_U8), lib.vxCreateImage(ctx, w, h, c.VX_DF_IMAGE_U8)
        images = [a] + [lib.vxCreateVirtualImage(g, w, h, c.VX_DF_IMAGE_U8) for _ in range(3)] + [out]
        nodes = [getattr(lib, f"vx{k}Node")(g, images[i], images[i + 1]) for i, k in enumerate(kernels)]
        assert lib.vxVerifyGraph(g) == c.VX_SUCCESS
        with LOCK:
            graph = lookup(core_ffi.cast("vx_reference", int(vx.ffi.cast("uintptr_t", g))))
            assert [plan.num_stages for plan, _ in graph._c_fused] == expected, kernels
        assert lib.vxProcessGraph(g) == c.VX_SUCCESS
        # the cheaper rows are what such a pass runs: every stage ran several rows a call (a twin
        # test once switched them off with every output still right), none below AVX2
        with LOCK:
            several = [plan.several for plan, _ in graph._c_fused]
        assert several == (expected if core.pvx_simd() >= AVX2 else [0] * len(expected)), kernels
        if expected and core.pvx_simd() >= AVX2:
            level = core.pvx_simd()
            core.pvx_simd_set(SSE2)
            try:
                assert lib.vxProcessGraph(g) == c.VX_SUCCESS
                with LOCK:
                    assert [plan.several for plan, _ in graph._c_fused] == [0], kernels
            finally:
                core.pvx_simd_set(level)
        for n in nodes:
            assert lib.vxReleaseNode(vx.ffi.new("vx_node *", n)) == c.VX_SUCCESS
        for img in images:
            assert lib.vxReleaseImage(vx.ffi.new("vx_image *", img)) == c.VX_SUCCESS
        assert lib.vxReleaseGraph(vx.ffi.new("vx_graph *", g)) == c.VX_SUCCESS


def test_long_chains_are_cut_into_passes_whose_bands_recompute_little(vx, monkeypatch):
    """A band recomputes the rows its stages' consumers read: by default a 32-node Box3x3 chain at
    1080p is cut into passes through which no path reads more than height / 40 rows above and below
    (14 stages; the last 4, whose rings hold 6 MB, fused too: Box3x3 stages run cheaper rows in a
    pass than alone). PVX_FUSION=1 still fuses it whole."""
    from _pyopenvx import ffi as core_ffi
    from pyopenvx.reference import LOCK, lookup
    lib, c, ctx, w, h = vx.lib, vx.c, vx.context, 1920, 1080
    for setting, expected in ((None, [14, 14, 4]), ("1", [32])):
        if setting is None:
            monkeypatch.delenv("PVX_FUSION", raising=False)
        else:
            monkeypatch.setenv("PVX_FUSION", setting)
        g = lib.vxCreateGraph(ctx)
        a, out = lib.vxCreateImage(ctx, w, h, c.VX_DF_IMAGE_U8), lib.vxCreateImage(ctx, w, h, c.VX_DF_IMAGE_U8)
        images = [a] + [lib.vxCreateVirtualImage(g, w, h, c.VX_DF_IMAGE_U8) for _ in range(31)] + [out]
        nodes = [lib.vxBox3x3Node(g, images[k], images[k + 1]) for k in range(32)]
        assert lib.vxVerifyGraph(g) == c.VX_SUCCESS
        with LOCK:
            graph = lookup(core_ffi.cast("vx_reference", int(vx.ffi.cast("uintptr_t", g))))
            assert [plan.num_stages for plan, _ in graph._c_fused] == expected
        assert lib.vxProcessGraph(g) == c.VX_SUCCESS
        for n in nodes:
            assert lib.vxReleaseNode(vx.ffi.new("vx_node *", n)) == c.VX_SUCCESS
        for img in images:
            assert lib.vxReleaseImage(vx.ffi.new("vx_image *", img)) == c.VX_SUCCESS
        assert lib.vxReleaseGraph(vx.ffi.new("vx_graph *", g)) == c.VX_SUCCESS


def test_twins_compute_once_whatever_their_size(vx, monkeypatch):
    """openvx-mark's ParallelBranches: four Box3x3 of one input into the application's images are one
    pass by default (no ring: fused for the twins alone) in which the first computes each row and
    stores it to the others' images; a Box3x3 with another border and a Gaussian3x3 are no twins
    (and, reading and writing no ring, stay out of the pass). tests/c/fusion.c's `twins` compares
    the pixels with node-by-node runs."""
    from _pyopenvx import ffi as core_ffi
    from pyopenvx.reference import LOCK, lookup
    monkeypatch.delenv("PVX_FUSION", raising=False)
    lib, c, ctx, w, h = vx.lib, vx.c, vx.context, 64, 48
    g = lib.vxCreateGraph(ctx)
    a = lib.vxCreateImage(ctx, w, h, c.VX_DF_IMAGE_U8)
    outs = [lib.vxCreateImage(ctx, w, h, c.VX_DF_IMAGE_U8) for _ in range(6)]
    nodes = [lib.vxBox3x3Node(g, a, o) for o in outs[:4]] + [lib.vxBox3x3Node(g, a, outs[4]),
                                                           lib.vxGaussian3x3Node(g, a, outs[5])]
    border = vx.ffi.new("vx_border_t *", {"mode": c.VX_BORDER_REPLICATE})
    assert lib.vxSetNodeAttribute(nodes[4], c.VX_NODE_BORDER, border, vx.ffi.sizeof("vx_border_t")) == c.VX_SUCCESS
    assert lib.vxVerifyGraph(g) == c.VX_SUCCESS
    with LOCK:
        graph = lookup(core_ffi.cast("vx_reference", int(vx.ffi.cast("uintptr_t", g))))
        index = {node.desc: k for k, node in enumerate(graph.order)}
        created = [lookup(core_ffi.cast("vx_reference", int(vx.ffi.cast("uintptr_t", n)))) for n in nodes]
        (plan, _), = graph._c_fused
        stages = [(created.index(graph.order[index[plan.stages[k].node]]), plan.stages[k].row == core_ffi.NULL,
                   plan.stages[k].num_copies) for k in range(plan.num_stages)]
        # (the first computes and stores to the images of the others, which compute nothing)
        stores = sorted(plan.images[plan.stages[k].copies[c]].stage for k in range(plan.num_stages)
                        for c in range(plan.stages[k].num_copies))
    assert sorted(stages) == [(0, False, 3), (1, True, 0), (2, True, 0), (3, True, 0)]
    assert sorted(stages[k][0] for k in stores) == [1, 2, 3]
    assert lib.vxProcessGraph(g) == c.VX_SUCCESS
    for n in nodes:
        assert lib.vxReleaseNode(vx.ffi.new("vx_node *", n)) == c.VX_SUCCESS
    for img in [a] + outs:
        assert lib.vxReleaseImage(vx.ffi.new("vx_image *", img)) == c.VX_SUCCESS
    assert lib.vxReleaseGraph(vx.ffi.new("vx_graph *", g)) == c.VX_SUCCESS


def _twin_plan(vx, g, nodes):
    """Per pass of the verified graph: {index in `nodes` of a stage that computes: the indexes of the
    nodes whose images it stores to}."""
    from _pyopenvx import ffi as core_ffi
    from pyopenvx.reference import LOCK, lookup

    def node_of(handle):
        return lookup(core_ffi.cast("vx_reference", int(vx.ffi.cast("uintptr_t", handle))))
    with LOCK:
        graph, created = node_of(g), [node_of(n) for n in nodes]
        index = {node.desc: created.index(node) for node in graph.order if node in created}
        passes = []
        for plan, _ in graph._c_fused:
            stages = [plan.stages[k] for k in range(plan.num_stages)]
            passes.append({index[s.node]: sorted(index[stages[plan.images[s.copies[c]].stage].node]
                                                 for c in range(s.num_copies))
                           for s in stages if s.row != core_ffi.NULL})
    return passes


def _u8(vx, image, w, h):
    lib, c = vx.lib, vx.c
    data = vx.ffi.new("vx_uint8[]", w * h)
    rect = vx.ffi.new("vx_rectangle_t *", {"end_x": w, "end_y": h})
    addr = vx.ffi.new("vx_imagepatch_addressing_t *", {"dim_x": w, "dim_y": h, "stride_x": 1, "stride_y": w})
    assert lib.vxCopyImagePatch(image, rect, 0, addr, data, c.VX_READ_ONLY, c.VX_MEMORY_TYPE_HOST) == c.VX_SUCCESS
    return bytes(vx.ffi.buffer(data))


def test_twins_keep_each_node_its_status_and_time_and_are_planned_again_when_a_parameter_changes(vx, monkeypatch):
    """Box3x3 x 3 of one input are twins, the first computing for the others; Threshold of that
    input with the same threshold too, but not with another threshold of the same values (values
    may change between runs: twins read the same objects). Every node keeps its status and its
    performance count. A parameter replaced after verification (another input for the third box)
    makes the graph verify again: two twins are left, and the third box's image is its own input's."""
    monkeypatch.delenv("PVX_FUSION", raising=False)
    lib, c, ctx, w, h = vx.lib, vx.c, vx.context, 64, 48
    assert lib.vxDirective(vx.ref(ctx), c.VX_DIRECTIVE_ENABLE_PERFORMANCE) == c.VX_SUCCESS
    g = lib.vxCreateGraph(ctx)
    a, b = (lib.vxCreateUniformImage(ctx, w, h, c.VX_DF_IMAGE_U8, vx.ffi.new("vx_pixel_value_t *", {"U8": v}))
            for v in (10, 200))
    boxes = [lib.vxCreateImage(ctx, w, h, c.VX_DF_IMAGE_U8) for _ in range(3)]
    steps = [lib.vxCreateImage(ctx, w, h, c.VX_DF_IMAGE_U8) for _ in range(3)]
    thresholds = [lib.vxCreateThresholdForImage(ctx, c.VX_THRESHOLD_TYPE_BINARY, c.VX_DF_IMAGE_U8, c.VX_DF_IMAGE_U8)
                  for _ in range(2)]
    for t in thresholds:
        value = vx.ffi.new("vx_pixel_value_t *", {"U8": 100})
        assert lib.vxCopyThresholdValue(t, value, c.VX_WRITE_ONLY, c.VX_MEMORY_TYPE_HOST) == c.VX_SUCCESS
    nodes = [lib.vxBox3x3Node(g, a, o) for o in boxes] + [
        lib.vxThresholdNode(g, a, thresholds[t], steps[k]) for k, t in enumerate((0, 1, 0))]
    assert lib.vxVerifyGraph(g) == c.VX_SUCCESS
    assert _twin_plan(vx, g, nodes) == [{0: [1, 2], 3: [5]}]      # (the other Threshold alone: out of the pass)
    for run in (1, 2):
        assert lib.vxProcessGraph(g) == c.VX_SUCCESS
        for n in nodes:
            status, perf = vx.ffi.new("vx_status *"), vx.ffi.new("vx_perf_t *")
            assert lib.vxQueryNode(n, c.VX_NODE_STATUS, status, vx.ffi.sizeof("vx_status")) == c.VX_SUCCESS
            assert lib.vxQueryNode(n, c.VX_NODE_PERFORMANCE, perf, vx.ffi.sizeof("vx_perf_t")) == c.VX_SUCCESS
            assert status[0] == c.VX_SUCCESS and perf.num == run
    assert lib.vxSetParameterByIndex(nodes[2], 0, vx.ffi.cast("vx_reference", b)) == c.VX_SUCCESS
    assert lib.vxProcessGraph(g) == c.VX_SUCCESS         # (verified again first)
    assert _twin_plan(vx, g, nodes) == [{0: [1], 3: [5]}]         # (the third box alone now)
    inside = lambda image: bytes(p for k, p in enumerate(_u8(vx, image, w, h)) if 0 < k % w < w - 1
                                 and w <= k < w * (h - 1))       # (an UNDEFINED border's edge left alone)
    assert inside(boxes[0]) == inside(boxes[1]) == bytes([10]) * ((w - 2) * (h - 2))
    assert inside(boxes[2]) == bytes([200]) * ((w - 2) * (h - 2))
    for n in nodes:
        assert lib.vxReleaseNode(vx.ffi.new("vx_node *", n)) == c.VX_SUCCESS
    for t in thresholds:
        assert lib.vxReleaseThreshold(vx.ffi.new("vx_threshold *", t)) == c.VX_SUCCESS
    for img in [a, b] + boxes + steps:
        assert lib.vxReleaseImage(vx.ffi.new("vx_image *", img)) == c.VX_SUCCESS
    assert lib.vxReleaseGraph(vx.ffi.new("vx_graph *", g)) == c.VX_SUCCESS


@SIMD_LEVELS
def test_folds_equal_node_by_node_for_every_value_that_decides_them(c_program, simd):
    """tests/c/fold.c: folded stages (unary chains, Magnitude compared by gx^2 + gy^2, filter and Sobel
    heads) against node by node, with thresholds, shifts, policies and LUTs changed between runs."""
    libm = ("-Wl,--no-as-needed", "-lm")              # (the breakpoints' check: sqrt)
    fused = c_program("fold.c", extra=libm, env={"PVX_SIMD": simd, "PVX_FUSION": "1", "PVX_TILE_THREADS": "3"}).stdout
    reference = c_program("fold.c", extra=libm, env={"PVX_SIMD": simd, "PVX_FUSION": "0", "PVX_TILE_THREADS": "1"}).stdout
    assert fused.splitlines()[-1] == "ok" and "breakpoints ok" in fused
    assert len(fused.splitlines()) > 150 and fused == reference


def _chain(vx, g, w, h, kinds):
    """Nodes of `kinds` ("box", "not", "half": ScaleImage to half size, "diff": AbsDiff of the last
    two images) in a chain from and to the application's images, virtual images between."""
    lib, c = vx.lib, vx.c
    images = [lib.vxCreateImage(vx.context, w, h, c.VX_DF_IMAGE_U8)]
    for k, kind in enumerate(kinds):
        w, h = (w // 2, h // 2) if kind == "half" else (w, h)
        last = k == len(kinds) - 1
        images.append((lib.vxCreateImage(vx.context, w, h, c.VX_DF_IMAGE_U8) if last else
                       lib.vxCreateVirtualImage(g, w, h, c.VX_DF_IMAGE_U8)))
        a, b = images[-2:]
        lib.vxReleaseNode(vx.ffi.new("vx_node *", lib.vxBox3x3Node(g, a, b) if kind == "box" else
                                     lib.vxNotNode(g, a, b) if kind == "not" else
                                     lib.vxAbsDiffNode(g, a, images[-3], b) if kind == "diff" else
                                     lib.vxScaleImageNode(g, a, b, c.VX_INTERPOLATION_BILINEAR)))
    for image in images:
        lib.vxReleaseImage(vx.ffi.new("vx_image *", image))


def _passes(vx, w, h, kinds):
    """The fused passes of a verified chain (`_chain`), as the indexes of their nodes in the chain."""
    from _pyopenvx import ffi as core_ffi
    from pyopenvx.reference import LOCK, lookup
    lib = vx.lib
    g = lib.vxCreateGraph(vx.context)
    _chain(vx, g, w, h, kinds)
    assert lib.vxVerifyGraph(g) == vx.c.VX_SUCCESS
    with LOCK:
        graph = lookup(core_ffi.cast("vx_reference", int(vx.ffi.cast("uintptr_t", g))))
        index = {node.desc: k for k, node in enumerate(graph.nodes)}
        passes = [[index[plan.stages[k].node] for k in range(plan.num_stages)] for plan, _ in graph._c_fused]
    assert lib.vxReleaseGraph(vx.ffi.new("vx_graph *", g)) == vx.c.VX_SUCCESS
    return passes


def _around(fused, bound):
    """MIN_RING_BYTES settings around the most ring bytes a pass holds (`fused`) and the bound, with
    what they give: (anything fused, planning skipped)."""
    return {fused: (True, False), fused + 1: (False, False), bound: (False, False), bound + 1: (False, True)}


# (width, height, kinds, settings), in bytes of images: 64x48 Box3x3 and Not are cut by `_short` into
# passes of two, whose one ring holds an image (the bound: two); Not alone reaches no row (one pass of
# 19 rings: the bound is exact); at 128x96 two Box3x3 reach the limit's 2 rows (passes of two, one
# ring; then a half scale); 640x480, 7 (6 rings, 12 rows); 1080p, 14 (13 rings, 27 rows); branches
# that AbsDiff joins (paths off the spine).
_BRANCHES = ["box", "box", "diff", "box", "not", "diff"] * 6
_BOUND_CASES = [(64, 48, ["box", "not"] * 20, {**_around(3072, 2 * 3072), 4096: (False, False)}),
                (64, 48, ["not"] * 20, {3072: (True, False), 19 * 3072: (True, False), 19 * 3072 + 1: (False, True)}),
                (128, 96, ["box"] * 6 + ["half"] + ["box", "not"] * 4, _around(12288, 2 * 12288)),
                (640, 480, ["box"] * 32, _around(6 * 307200, 7 * 307200)),
                (640, 480, _BRANCHES, _around(13 * 307200, 15 * 307200)),
                (64, 48, ["box", "box", "diff", "not", "diff", "box"] * 6, _around(3 * 3072, 4 * 3072)),
                (1920, 1080, ["box"] * 32, _around(13 * 2073600, 14 * 2073600))]


@pytest.mark.parametrize("w,h,kinds,settings", _BOUND_CASES)
def test_the_ring_bytes_bound_skips_planning_only_where_nothing_would_fuse(vx, monkeypatch, w, h, kinds, settings):
    """fusion._most_ring_bytes, checked before planning (`_groups`, each group's `_cut`), bounds the
    ring bytes of any pass `_short` can cut: the passes are the same as when every graph is planned,
    and planning is skipped where the bound falls short (10,000 nodes of 64x48 passed MIN_RING_BYTES
    and were planned for nothing: issue 32)."""
    from pyopenvx.graph import fusion
    monkeypatch.delenv("PVX_FUSION", raising=False)
    monkeypatch.setattr(fusion, "CHEAPER", frozenset())    # (the bytes alone decide here)
    monkeypatch.setattr(fusion, "_chain", lambda graph: None)     # (the general search's bound)
    cut, cuts = fusion._cut, []
    monkeypatch.setattr(fusion, "_cut", lambda *args: cuts.append(1) or cut(*args))
    for least, expected in settings.items():
        monkeypatch.setattr(fusion, "MIN_RING_BYTES", least)
        del cuts[:]
        bounded = _passes(vx, w, h, kinds)
        assert (bool(bounded), not cuts) == expected, least
        del cuts[:]
        with monkeypatch.context() as unbounded:
            unbounded.setattr(fusion, "_most_ring_bytes", lambda nodes, least: least)
            unbounded.setattr(fusion, "_virtual_bytes", lambda graph: least)
            assert _passes(vx, w, h, kinds) == bounded, least
        assert cuts, least                     # (planned without the bound)
