"""The lean paths of the Python face (issue 35, item 6; their costs are in bench/python_face.py)
give exactly what the general paths give: whole-image copies in one call, fn's cache key, reused
query buffers, and the attributes C answers (vxGetContext, vxQueryGraph)."""
import numpy as np
import pytest

import pyopenvx.fn as vxfn
from pyopenvx import constants as vx
from pyopenvx.api import ffi, lib
from pyopenvx.pythonic import Graph, Image, InvalidValue, Scalar
from pyopenvx.pythonic.nodes import spec_of

FORMATS = {"U8": np.uint8, "U16": np.uint16, "S16": np.int16, "U32": np.uint32, "S32": np.int32}


@pytest.mark.parametrize("fmt", [*FORMATS, "RGB", "RGBX"])
def test_whole_image_copies_equal_the_mapped_view(ctx, fmt):
    rng = np.random.default_rng(2)
    shape = (24, 32, 3 if fmt == "RGB" else 4) if fmt in ("RGB", "RGBX") else (24, 32)
    dtype = np.uint8 if fmt in ("RGB", "RGBX") else FORMATS[fmt]
    values = rng.integers(np.iinfo(dtype).min, np.iinfo(dtype).max, shape, dtype=dtype, endpoint=True)
    image = Image(ctx, 32, 24, fmt)
    image.write(values)                                     # the one-call path
    with image.map(usage="r") as view:
        np.testing.assert_array_equal(view, values)
    np.testing.assert_array_equal(image.to_numpy(), values)
    padded = np.zeros((24, 40) + shape[2:], dtype)         # rows of a bigger array: the general path
    padded[:, :32] = values[::-1]
    image.write(padded[:, :32])
    np.testing.assert_array_equal(image.to_numpy(), values[::-1])
    copy = image.to_numpy()
    copy[:] = 0                                             # a new array each time, not a view
    np.testing.assert_array_equal(image.to_numpy(), values[::-1])


def test_a_write_of_another_dtype_still_converts_exactly(ctx):
    image = Image(ctx, 8, 4)
    image.write(np.full((4, 8), 7, np.int64))
    assert image.to_numpy().dtype == np.uint8 and (image.to_numpy() == 7).all()
    with pytest.raises(InvalidValue):
        image.write(np.full((4, 8), 300, np.int64))


def _general_key(name, spec, args, kwargs):
    """fn's cache key as the general path makes it (_part for input images, _constant for the rest)."""
    parts = []
    names = [p.name for p in spec.parameters]
    for where, value in [*enumerate(args), *sorted(kwargs.items())]:
        image = vxfn._is_image(spec, names, where, value)
        part = vxfn._part(value) if image else vxfn._constant(value)
        if part is None:
            return None
        parts.append((where, part))
    return (name, tuple(parts))


def test_fns_quick_key_is_the_general_key():
    a = np.zeros((4, 6), np.uint8)
    spec = spec_of("warp_affine", vxfn.context().handle)
    for args, kwargs in [((a, np.eye(2, 3), "bilinear", None), {"border": "replicate"}),
                         ((a, np.eye(2, 3) * 2, 1, (3, 2)), {}), ((a, np.eye(2, 3), True, None), {}),
                         ((a, [1, 2], None, None), {}), (((a, "U8"), np.eye(2, 3), None, "U8"), {"border": ("constant", 3)})]:
        assert vxfn._key("warp_affine", spec, args, kwargs) == _general_key("warp_affine", spec, args, kwargs)
    one = vxfn._key("warp_affine", spec, (a, np.eye(2, 3), 1, None), {})
    assert one != vxfn._key("warp_affine", spec, (a, np.eye(2, 3), True, None), {})      # True is not 1 here
    assert one != vxfn._key("warp_affine", spec, (a[:, :5], np.eye(2, 3), 1, None), {})


def test_query_buffers_are_reused_only_for_plain_values(ctx):
    graph = Graph(ctx)
    node = graph.node("org.khronos.openvx.box_3x3", Image(ctx, 8, 8), Image(ctx, 8, 8))
    before = node.border
    node.border = ("constant", 9)
    assert before == ("undefined", 0) and node.border == ("constant", 9)
    first, second = Scalar(ctx, "int32", 3), Scalar(ctx, "int32", 4)
    assert (first.value, second.value, first.value) == (3, 4, 3)
    perf = node.performance
    graph.process()
    assert perf.num == 0 and node.performance.num in (0, 1)         # the first tuple is not a view of the buffer


def test_attributes_answered_in_c(ctx):
    graph = Graph(ctx)
    image = Image(ctx, 8, 8)
    assert lib.vxGetContext(image.reference) == ctx.handle
    assert lib.vxGetContext(ffi.cast("vx_reference", ctx.handle)) == ctx.handle
    assert lib.vxGetContext(ffi.NULL) == ffi.NULL                   # refused (in Python, logged)
    assert graph.state == "unverified"
    graph.gaussian3x3(image, Image(ctx, 8, 8))
    graph.verify()
    assert graph.state == "verified"
    graph.process()
    status = ffi.new("vx_status *")
    assert graph.state == "completed"
    assert lib.vxQueryGraph(graph.handle, vx.VX_GRAPH_ATTRIBUTE_STATUS, status, 4) == vx.VX_SUCCESS and status[0] == 0
    assert lib.vxQueryGraph(graph.handle, vx.VX_GRAPH_STATE, status, 2) == vx.VX_ERROR_INVALID_PARAMETERS   # bad size: Python refuses
