"""Standard nodes whose output is like an input are validated by their kernel's `like` rule in C,
a run of them in one call (runtime/validate.h, verify.validate_nodes); the Python validator runs for
any node C does not pass, and refuses with its own line. Here every kernel with a rule, on valid
and invalid parameters, verified with the C pass and with it switched off: the same status, log
lines, output geometry, valid rectangles and meta formats. And a plain chain really takes the C
pass (no Python validator a node)."""
import sys

import pytest

from pyopenvx import constants as c

U1, U8, S16, RGB, VIRT = (c.VX_DF_IMAGE_U1, c.VX_DF_IMAGE_U8, c.VX_DF_IMAGE_S16, c.VX_DF_IMAGE_RGB,
                          c.VX_DF_IMAGE_VIRT)
# kernel -> (node creator, the input images' formats of a valid node, its output format)
KERNELS = {
    "Box3x3": ("vxBox3x3Node", (U8,), U8), "Gaussian3x3": ("vxGaussian3x3Node", (U8,), U8),
    "Median3x3": ("vxMedian3x3Node", (U8,), U8), "Dilate3x3": ("vxDilate3x3Node", (U1,), U1),
    "Erode3x3": ("vxErode3x3Node", (U8,), U8), "Not": ("vxNotNode", (U1,), U1),
    "And": ("vxAndNode", (U8, U8), U8), "Or": ("vxOrNode", (U1, U1), U1), "Xor": ("vxXorNode", (U8, U8), U8),
    "AbsDiff": ("vxAbsDiffNode", (S16, S16), S16), "Magnitude": ("vxMagnitudeNode", (S16, S16), S16),
    "Phase": ("vxPhaseNode", (S16, S16), U8),
}
# case -> what changes from the valid node: the inputs' formats and sizes, the output (format, size,
# virtual), the border mode, an input's valid rectangle, VX_NODE_VALID_RECT_RESET, a uniform or ROI input
CASES = {
    "valid": {}, "virtual": {"virtual": True}, "open virtual": {"virtual": True, "out": (VIRT, 0, 0)},
    "half-open virtual": {"virtual": True, "out": (None, 0, 0)},
    "replicate": {"border": c.VX_BORDER_REPLICATE}, "constant": {"border": c.VX_BORDER_CONSTANT},
    "valid rectangle": {"rect": (3, 2, 40, 30)}, "reset": {"reset": True}, "uniform": {"uniform": True},
    "roi": {"roi": True}, "S16 input": {"formats": (S16, S16)}, "RGB input": {"formats": (RGB, RGB)},
    "U8 input": {"formats": (U8, U8)}, "U1 input": {"formats": (U1, U1)},
    "mixed inputs": {"second": U1}, "small second": {"second_size": (32, 48)},
    "wrong output format": {"out": (RGB, None, None)}, "wrong output size": {"out": (None, 32, 48)},
    "virtual of another size": {"virtual": True, "out": (None, 32, 48)},
    "2x2": {"size": (2, 2)}, "3x2": {"size": (3, 2)}, "3x3": {"size": (3, 3)},
}


def _run(vx, creator, formats, out_format, case):
    """Builds the case's graph, verifies it; what a caller sees."""
    lib, ffi = vx.lib, vx.ffi
    ctx = vx.context
    made = []
    w, h = case.get("size", (64, 48))
    formats = case.get("formats", formats)[:len(formats)]
    if "second" in case and len(formats) == 2:
        formats = (formats[0], case["second"])
    graph = lib.vxCreateGraph(ctx)
    inputs = []
    for k, fmt in enumerate(formats):
        iw, ih = case.get("second_size", (w, h)) if k == 1 else (w, h)
        if case.get("uniform") and k == 0:
            img = lib.vxCreateUniformImage(ctx, iw, ih, fmt, ffi.new("vx_pixel_value_t *"))
        elif case.get("roi") and k == 0:
            parent = lib.vxCreateImage(ctx, iw + 6, ih + 4, fmt)
            made.append(parent)
            img = lib.vxCreateImageFromROI(parent, ffi.new("vx_rectangle_t *", (2, 2, iw + 2, ih + 2)))
        else:
            img = lib.vxCreateImage(ctx, iw, ih, fmt)
        if "rect" in case and k == 0:
            assert lib.vxSetImageValidRectangle(img, ffi.new("vx_rectangle_t *", case["rect"])) == c.VX_SUCCESS
        inputs.append(img)
    made += inputs
    of, ow, oh = case.get("out", (None, None, None))
    of, ow, oh = of or out_format, w if ow is None else ow, h if oh is None else oh
    if case.get("virtual"):
        out = lib.vxCreateVirtualImage(graph, ow, oh, of)
    else:
        out = lib.vxCreateImage(ctx, ow, oh, of)
    made.append(out)
    node = getattr(lib, creator)(graph, *inputs, out)
    if "border" in case:
        border = ffi.new("vx_border_t *", {"mode": case["border"]})
        assert lib.vxSetNodeAttribute(node, c.VX_NODE_BORDER, border, ffi.sizeof("vx_border_t")) == c.VX_SUCCESS
    if case.get("reset"):
        flag = ffi.new("vx_bool *", c.vx_true_e)
        assert lib.vxSetNodeAttribute(node, c.VX_NODE_VALID_RECT_RESET, flag, ffi.sizeof("vx_bool")) == 0
    # a second node reading the output: what the first gave it is what it sees
    seen = []
    if case.get("virtual"):
        last = lib.vxCreateImage(ctx, ow or w, oh or h, U8)
        made.append(last)
        lib.vxReleaseNode(ffi.new("vx_node *", lib.vxNotNode(graph, out, last)))
        seen.append(last)
    vx.log.clear()
    seen_by = []
    for again in range(2):                    # verified, then verified again (C passes open virtuals then)
        status = lib.vxVerifyGraph(graph)
        seen_by.append((status, list(vx.log)))
        vx.log.clear()
        for img in [out, *seen]:
            geometry = [vx.query(lib.vxQueryImage, img, a, "vx_uint32")
                        for a in (c.VX_IMAGE_FORMAT, c.VX_IMAGE_WIDTH, c.VX_IMAGE_HEIGHT)]
            rect = ffi.new("vx_rectangle_t *")
            assert lib.vxGetValidRegionImage(img, rect) == c.VX_SUCCESS
            seen_by.append((geometry, (rect.start_x, rect.start_y, rect.end_x, rect.end_y)))
        if status == c.VX_SUCCESS:
            p = lib.vxGetParameterByIndex(node, len(inputs))
            meta = ffi.new("vx_meta_format *")
            assert lib.vxQueryParameter(p, c.VX_PARAMETER_META_FORMAT, meta, ffi.sizeof("vx_meta_format")) == 0
            shown = []
            for attribute in (c.VX_IMAGE_FORMAT, c.VX_IMAGE_WIDTH, c.VX_IMAGE_HEIGHT):
                value = ffi.new("vx_uint32 *")
                assert lib.vxQueryMetaFormatAttribute(meta[0], attribute, value, 4) == c.VX_SUCCESS
                shown.append(value[0])
            seen_by.append(shown)
            lib.vxReleaseParameter(ffi.new("vx_parameter *", p))
    lib.vxReleaseNode(ffi.new("vx_node *", node))
    lib.vxReleaseGraph(ffi.new("vx_graph *", graph))
    for img in made:
        lib.vxReleaseImage(ffi.new("vx_image *", img))
    return seen_by


class _NoLike:
    """The core with the C pass switched off: it passes no node, so Python validates every one."""

    def __init__(self, lib):
        self._lib = lib

    def pvx_validate_like(self, nodes, rules, start, n):
        return start

    def __getattr__(self, name):
        return getattr(self._lib, name)


@pytest.mark.parametrize("kernel", sorted(KERNELS))
def test_like_rules_decide_as_the_validators_do(vx, monkeypatch, kernel):
    from pyopenvx.graph import verify
    creator, formats, out_format = KERNELS[kernel]
    passed = []
    for name, case in CASES.items():
        with_c = _run(vx, creator, formats, out_format, case)
        with monkeypatch.context() as m:
            m.setattr(verify, "lib", _NoLike(verify.lib))
            without = _run(vx, creator, formats, out_format, case)
        assert with_c == without, name
        passed.append(with_c[0][0] == c.VX_SUCCESS)
    assert any(passed) and not all(passed)     # (the cases hold both)


def test_a_plain_chain_is_validated_in_c(vx):
    """Box3x3 and Not in turn with virtual images between: no validator of theirs runs in Python,
    nor the Python validation of any node."""
    lib, ffi = vx.lib, vx.ffi
    graph = lib.vxCreateGraph(vx.context)
    made = [lib.vxCreateImage(vx.context, 64, 48, U8)]
    for k in range(20):
        out = lib.vxCreateVirtualImage(graph, 64, 48, U8) if k < 19 else lib.vxCreateImage(vx.context, 64, 48, U8)
        node = (lib.vxBox3x3Node if k % 2 == 0 else lib.vxNotNode)(graph, made[-1], out)
        lib.vxReleaseNode(ffi.new("vx_node *", node))
        made.append(out)
    called = set()

    def profile(frame, event, arg):
        if event == "call":
            called.add(frame.f_code.co_qualname)

    sys.setprofile(profile)
    try:
        status = lib.vxVerifyGraph(graph)
    finally:
        sys.setprofile(None)
    assert status == c.VX_SUCCESS
    assert "validate_nodes" in called
    assert not called & {"_validate", "describe", "_filter_u8", "_not", "valid_rect", "Image.reopen"}, called
    rect = ffi.new("vx_rectangle_t *")
    assert lib.vxGetValidRegionImage(made[-1], rect) == c.VX_SUCCESS
    assert (rect.start_x, rect.start_y, rect.end_x, rect.end_y) == (10, 10, 54, 38)   # 10 boxes: 10 each side
    lib.vxReleaseGraph(ffi.new("vx_graph *", graph))
    for img in made:
        lib.vxReleaseImage(ffi.new("vx_image *", img))
