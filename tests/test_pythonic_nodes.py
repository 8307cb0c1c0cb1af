"""Node helpers made from the kernel table, one-call numpy functions (pyopenvx.fn), kernel discovery."""

import numpy as np
import pytest

import pyopenvx.fn as vxfn
from pyopenvx.kernels.table import ROWS
from pyopenvx.pythonic import INPUT, OUTPUT, Graph, Image, Threshold, user_kernel
from pyopenvx.pythonic.nodes import helper_names, specs

K = "org.khronos.openvx."


def pixels(shape=(48, 64), seed=3):
    return np.random.default_rng(seed).integers(0, 256, shape, dtype=np.uint8)


def gaussian(a):
    w = a.astype(np.int32)
    rows = w[:-2] + 2 * w[1:-1] + w[2:]
    return ((rows[:, :-2] + 2 * rows[:, 1:-1] + rows[:, 2:]) // 16).astype(np.uint8)


def test_a_helper_for_every_standard_kernel_with_a_creator(ctx):
    kernels = {row[1] for row in ROWS if row[2] and row[2] != "vxTensorMatrixMultiplyNode"}
    assert {spec.kernel for spec in specs(ctx.handle).values()} == kernels
    assert {"gaussian3x3", "sobel3x3", "canny", "canny_edge_detector", "scale_image", "color_convert",
            "threshold", "hog_cells"} <= set(helper_names(ctx.handle))
    assert specs(ctx.handle)["canny_edge_detector"].signature == (
        "canny_edge_detector(input: vx_image input, hyst: vx_threshold input, gradient_size: vx_int32 input=3, "
        "norm_type: vx_enum input='l1', output: vx_image output=None)")


def test_the_edge_graph_is_the_same_as_with_generic_nodes(ctx):
    a = pixels()
    src = Image.from_numpy(ctx, a)
    short = Graph(ctx)
    edges = short.canny(short.gaussian3x3(src), low=80, high=160, output=Image(ctx, 64, 48))
    short.process()
    long_ = Graph(ctx)
    blurred, out, hyst = Image.virtual(long_), Image(ctx, 64, 48), Threshold(ctx, "range", "U8", lower=80, upper=160)
    from pyopenvx.pythonic import Scalar
    from pyopenvx import constants as vx
    long_.node(K + "gaussian_3x3", src, blurred)
    long_.node(K + "canny_edge_detector", blurred, hyst, Scalar(ctx, "int32", 3), Scalar(ctx, "enum", vx.VX_NORM_L1),
               out)
    long_.process()
    np.testing.assert_array_equal(np.asarray(edges), np.asarray(out))
    assert np.asarray(edges).any()


def test_outputs_are_virtual_images_of_the_inferred_format(ctx):
    graph = Graph(ctx)
    a = pixels()
    gx, gy = graph.sobel3x3(a)                       # a numpy input is wrapped without a copy
    blurred = graph.gaussian3x3(a)
    assert repr(gx) == "<Image 0x0 VIRT>"
    graph.verify()
    assert (repr(gx), repr(gy), repr(blurred)) == ("<Image 64x48 S16>",) * 2 + ("<Image 64x48 U8>",)
    magnitude = Image(ctx, 64, 48, "S16")
    assert graph.magnitude(gx, gy, magnitude) is magnitude      # a given output comes back as it is
    graph.process()


def test_helper_errors_say_what_to_give(ctx):
    graph = Graph(ctx)
    with pytest.raises(TypeError, match=r"gaussian3x3\(\) missing 1 required positional argument: 'input'"):
        graph.gaussian3x3()                 # the generated signatures: Python's own messages
    with pytest.raises(TypeError, match="unexpected keyword argument 'sigma'"):
        graph.gaussian3x3(pixels(), sigma=1)
    with pytest.raises(TypeError, match=r"parameter shift is required: convert_depth\("):
        graph.convert_depth(pixels(), "S16", "saturate")     # required after an optional one: ours
    with pytest.raises(ValueError, match="norm_type='l3': not one of l1, l2"):
        graph.canny(pixels(), low=1, high=2, norm_type="l3")
    with pytest.raises(AttributeError, match="no standard kernel is called so"):
        graph.gausian3x3


def test_one_call_functions_on_arrays():
    a = pixels()
    blurred = vxfn.gaussian3x3(a)
    assert blurred.shape == a.shape and blurred.dtype == np.uint8
    np.testing.assert_array_equal(blurred[1:-1, 1:-1], gaussian(a))
    cached = len(vxfn._cache())
    b = pixels(seed=4)
    np.testing.assert_array_equal(vxfn.gaussian3x3(b)[1:-1, 1:-1], gaussian(b))   # the cached graph again
    assert len(vxfn._cache()) == cached
    gx, gy = vxfn.sobel3x3(a)
    assert gx.dtype == gy.dtype == np.int16
    w = a.astype(np.int32)
    np.testing.assert_array_equal(gx[1:-1, 1:-1], (w[:-2, 2:] + 2 * w[1:-1, 2:] + w[2:, 2:])
                                  - (w[:-2, :-2] + 2 * w[1:-1, :-2] + w[2:, :-2]))
    assert set(np.unique(vxfn.canny(a, low=80, high=160))) <= {0, 255}
    np.testing.assert_array_equal(vxfn.threshold(a, value=100), np.where(a > 100, 255, 0))


def test_one_call_functions_match_cv2():
    cv2 = pytest.importorskip("cv2")
    a = pixels((120, 160))
    # the same 1-2-1 weighted sum; OpenVX divides by 16 truncating (the CTS reference), cv2 rounds
    w = a.astype(np.int32)
    rows = w[:-2] + 2 * w[1:-1] + w[2:]
    total = rows[:, :-2] + 2 * rows[:, 1:-1] + rows[:, 2:]
    ours, theirs = vxfn.gaussian3x3(a)[1:-1, 1:-1], cv2.GaussianBlur(a, (3, 3), 0)[1:-1, 1:-1]
    np.testing.assert_array_equal(ours, total >> 4)
    np.testing.assert_array_equal(theirs, (total + 8) >> 4)
    gx, gy = vxfn.sobel3x3(a)
    np.testing.assert_array_equal(gx[1:-1, 1:-1], cv2.Sobel(a, cv2.CV_16S, 1, 0, ksize=3)[1:-1, 1:-1])
    np.testing.assert_array_equal(gy[1:-1, 1:-1], cv2.Sobel(a, cv2.CV_16S, 0, 1, ksize=3)[1:-1, 1:-1])


def test_kernel_discovery(ctx):
    @user_kernel(ctx, "app.double", [("in", INPUT, "image"), ("out", OUTPUT, "image")])
    def double(src, dst):
        pass

    kernels = ctx.kernels
    assert {K + "gaussian_3x3", K + "canny_edge_detector", "app.double"} <= set(kernels)
    assert kernels[K + "scale_image"].signature == K + "scale_image(input image, output image, input scalar?)"
    assert str(kernels["app.double"].parameters[1]) == "output image"
    for kernel in kernels.values():
        kernel.release()
    double.remove()


def test_python_nodes_graph_functions_and_output_shorthands():
    """graph.python: a numpy function as a node (one kernel per function and context); its result
    must fit the output exactly. vxfn.run/stream: a graph from a function, once or pipelined.
    Outputs given as a format name or a size are virtual images of that format or size. (Not the
    `ctx` fixture: the kernel of `double` stays on the process's one context, which vxfn uses too.)"""
    from pyopenvx.pythonic import Context, Graph, Image, InvalidValue

    def double(a):
        return a.astype(np.int32) * 2

    a = pixels((24, 32)) // 2
    out = vxfn.run(lambda g, src: g.python(double, src), a)
    np.testing.assert_array_equal(out, a * 2)
    frames = [pixels((24, 32), seed=i) for i in range(5)]
    assert [f.shape for f in vxfn.stream(lambda g, src: g.python(double, src), [])] == []
    with pytest.raises(InvalidValue) as err:              # 255 * 2 does not fit a U8 image
        list(vxfn.stream(lambda g, src: g.python(double, src), frames))
    assert isinstance(err.value.__cause__, InvalidValue) and "is not exactly a uint8" in str(err.value)
    with Context() as ctx:
        graph = Graph(ctx)
        small = graph.scale_image(graph.channel_extract(graph.color_convert(Image(ctx, 32, 24, "RGB"), "IYUV"),
                                                        "y"), (16, 12))
        assert graph.readable(small).width == 16 and small.released is False
