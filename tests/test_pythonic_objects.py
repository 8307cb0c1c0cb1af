"""The whole object set in the Pythonic layer: thresholds, convolutions, pyramids, remaps, object
arrays, enum/bool/size scalars, struct arrays as structured dtypes, numpy images without a copy,
strict (never lossy) writes."""
import gc

import numpy as np
import pytest

from pyopenvx import constants as vx
from pyopenvx.api import ffi
from pyopenvx.pythonic import (Array, Convolution, Graph, Image, InvalidFormat, InvalidType, InvalidValue,
                               Matrix, ObjectArray, Pyramid, Remap, Scalar, Threshold)

K = "org.khronos.openvx."


def pixels(shape=(24, 32), seed=1):
    return np.random.default_rng(seed).integers(0, 256, shape, dtype=np.uint8)


def test_thresholds_in_a_graph(ctx):
    a = pixels()
    binary = Threshold(ctx, "binary", "U8", value=100, true_value=200, false_value=10)
    ranged = Threshold(ctx, "range", "U8", lower=50, upper=150)
    assert (binary.value, binary.output, ranged.range, ranged.output) == (100, (200, 10), (50, 150), (255, 0))
    assert repr(binary) == "<Threshold binary U8->U8 value=100 output=(200, 10)>"
    src, out1, out2, graph = Image.from_numpy(ctx, a), Image(ctx, 32, 24), Image(ctx, 32, 24), Graph(ctx)
    graph.node(K + "threshold", src, binary, out1)
    graph.node(K + "threshold", src, ranged, out2)
    graph.process()
    np.testing.assert_array_equal(np.asarray(out1), np.where(a > 100, 200, 10))
    np.testing.assert_array_equal(np.asarray(out2), np.where((a >= 50) & (a <= 150), 255, 0))


def test_a_custom_convolution(ctx):
    a = pixels()
    weights = np.array([[0, 1, 0], [1, 4, 1], [0, 1, 0]])
    conv = Convolution(ctx, weights, scale=8)
    assert conv.shape == (3, 3) and conv.scale == 8 and (conv.coefficients == weights).all()
    src, dst, graph = Image.from_numpy(ctx, a), Image(ctx, 32, 24), Graph(ctx)
    graph.node(K + "custom_convolution", src, conv, dst)
    graph.process()
    wide = a.astype(np.int32)
    expect = (4 * wide[1:-1, 1:-1] + wide[:-2, 1:-1] + wide[2:, 1:-1] + wide[1:-1, :-2] + wide[1:-1, 2:]) // 8
    np.testing.assert_array_equal(np.asarray(dst)[1:-1, 1:-1], expect)
    with pytest.raises(InvalidValue, match="not a power of 2"):
        conv.scale = 3


def test_pyramid_levels_are_images(ctx):
    pyramid = Pyramid(ctx, 3, "half", 64, 48)
    assert len(pyramid) == 3 and pyramid.scale == 0.5 and pyramid.format == "U8"
    levels = list(pyramid)
    assert [(i.width, i.height) for i in levels] == [(64, 48), (32, 24), (16, 12)]
    assert repr(pyramid[-1]) == "<Image 16x12 U8>"
    src, graph = Image.from_numpy(ctx, pixels((48, 64))), Graph(ctx)
    graph.node(K + "gaussian_pyramid", src, pyramid)
    graph.process()
    np.testing.assert_array_equal(np.asarray(levels[0]), np.asarray(src))
    with pytest.raises(IndexError):
        pyramid[3]


def test_a_remap_round_trips_and_runs(ctx):
    ys, xs = np.mgrid[0:24, 0:32].astype(np.float32)
    table = np.stack([31 - xs, ys], axis=-1)                      # a horizontal mirror
    remap = Remap.from_numpy(ctx, table, (32, 24))
    assert remap.source_size == remap.destination_size == (32, 24)
    np.testing.assert_array_equal(remap.to_numpy(), table)
    a = pixels()
    src, dst, graph = Image.from_numpy(ctx, a), Image(ctx, 32, 24), Graph(ctx)
    graph.node(K + "remap", src, remap, Scalar(ctx, "enum", vx.VX_INTERPOLATION_NEAREST_NEIGHBOR), dst)
    graph.process()
    np.testing.assert_array_equal(np.asarray(dst), a[:, ::-1])


def test_object_array_items(ctx):
    items = ObjectArray(ctx, Image(ctx, 8, 4, "S16"), 3)
    assert len(items) == 3 and [repr(i) for i in items] == ["<Image 8x4 S16>"] * 3
    items[-1].write(np.full((4, 8), -5))
    assert (items[2].to_numpy() == -5).all()


def test_enum_bool_and_size_scalars(ctx):
    interpolation = Scalar(ctx, "enum", vx.VX_INTERPOLATION_BILINEAR)
    flag, size = Scalar(ctx, "bool", True), Scalar(ctx, "size", 2**40)
    assert interpolation.value == vx.VX_INTERPOLATION_BILINEAR and flag.value is True and size.value == 2**40
    flag.value = 0
    assert flag.value is False
    src, dst, graph = Image.from_numpy(ctx, pixels((48, 64))), Image(ctx, 32, 24), Graph(ctx)
    graph.node(K + "scale_image", src, dst, interpolation)         # the scalar the issue needed casts for
    graph.process()
    with pytest.raises(InvalidValue, match="300 is not a vx_uint8"):
        Scalar(ctx, "uint8", 300)
    with pytest.raises(InvalidType, match="'complex64' is not one of"):
        Scalar(ctx, "complex64")


@pytest.mark.parametrize("name, ctype", [("keypoint", "vx_keypoint_t"), ("rectangle", "vx_rectangle_t"),
                                         ("coordinates2d", "vx_coordinates2d_t"), ("coordinates2df", "vx_coordinates2df_t"),
                                         ("coordinates3d", "vx_coordinates3d_t")])
def test_struct_arrays_are_structured_dtypes(ctx, name, ctype):
    array = Array(ctx, name, 8)
    fields = ffi.typeof(ctype).fields
    assert array.dtype.itemsize == ffi.sizeof(ctype)
    assert [(n, array.dtype.fields[n][1]) for n in array.dtype.names] == [(n, f.offset) for n, f in fields]
    items = np.zeros(3, array.dtype)
    items[fields[0][0]] = [1, 2, 3]
    array.extend(items)
    with array.map() as view:
        assert len(view) == 3 and list(view[fields[0][0]]) == [1, 2, 3]


def test_from_numpy_shares_the_array_and_keeps_it_alive(ctx):
    a = pixels()
    src = Image.from_numpy(ctx, a)
    out = np.zeros_like(a)
    dst = Image.from_numpy(ctx, out)
    del a
    gc.collect()
    graph = Graph(ctx)
    graph.node(K + "not", src, dst)
    graph.process()
    np.testing.assert_array_equal(out, 255 - pixels())            # the graph wrote into the array itself
    wide = np.zeros((24, 40), np.uint8)
    padded = Image.from_numpy(ctx, wide[:, 4:36])                 # rows longer than the image
    padded.write(np.full((24, 32), 9))
    assert (wide[:, 4:36] == 9).all() and not wide[:, :4].any()
    rgb = Image.from_numpy(ctx, np.zeros((4, 6, 3), np.uint8))
    assert repr(rgb) == "<Image 6x4 RGB>"


@pytest.mark.parametrize("array, words", [
    (np.zeros((4, 4), np.float32), "a 2-D float32 array is no image format"),
    (np.zeros((4, 4), np.uint8)[:, ::2], "not contiguous"),
    (np.frombuffer(bytes(16), np.uint8).reshape(4, 4), "read-only"),
])
def test_from_numpy_refuses_what_it_cannot_share(ctx, array, words):
    with pytest.raises(InvalidFormat, match=words):
        Image.from_numpy(ctx, array)


def test_asarray_of_an_image_is_its_pixels(ctx):
    img = Image(ctx, 5, 3)
    img.write(np.arange(15).reshape(3, 5))
    a = np.asarray(img)
    assert a.shape == (3, 5) and a.dtype == np.uint8 and a[2, 4] == 14


@pytest.mark.parametrize("values, words", [(0.9, "0.9 is not exactly a uint8"), (300, "300 is not exactly a uint8"),
                                           (-1, "-1 is not exactly a uint8")])
def test_lossy_writes_raise(ctx, values, words):
    img = Image(ctx, 4, 4)
    with pytest.raises(InvalidValue, match=words):
        img.write(np.full((4, 4), values))
    with pytest.raises(InvalidValue, match=words):
        Array(ctx, "uint8", 4).extend([values])
    with pytest.raises(InvalidValue):
        Matrix(ctx, 1, 1, "uint8").assign([[values]])
    img.write(np.full((4, 4), 7.0))                               # exact conversions are fine
    assert (img.to_numpy() == 7).all()


def test_a_numpy_image_in_a_graph_outlives_its_wrapper_and_array(ctx):
    graph = Graph(ctx)
    out = Image(ctx, 32, 24)
    graph.node(K + "not", Image.from_numpy(ctx, pixels()), out)     # neither wrapper nor array kept here
    gc.collect()
    junk = [np.full((24, 32), 1, np.uint8) for _ in range(8)]         # reuse freed memory, if any
    graph.process()
    np.testing.assert_array_equal(np.asarray(out), 255 - pixels())
    graph.release()
    probe = Image.from_numpy(ctx, junk[0])                            # sweeps what the graph's image kept
    assert not ctx._owner.parked
    probe.release()
