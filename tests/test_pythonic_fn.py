"""pyopenvx.fn (issue 35): no silent wrong result from its graph cache, results as values, border
modes, warp matrices as cv2 takes them, optical flow in two lines, and agreement with cv2 for
every function where the two definitions agree, borders included."""
import numpy as np
import pytest

import pyopenvx.fn as vxfn
from pyopenvx.pythonic import Graph, Image

cv2 = pytest.importorskip("cv2")
BORDERS = [("replicate", cv2.BORDER_REPLICATE), (("constant", 0), cv2.BORDER_CONSTANT)]


def pixels(shape=(48, 64), seed=0, step=1, top=256):
    """Random pixels, multiples of `step` (so a sum divided by `step` is exact: rounding and truncating agree)."""
    return (np.random.default_rng(seed).integers(0, top // step, shape) * step).astype(np.uint8)


def test_run_caches_on_what_the_build_function_reads():
    a = pixels()
    shapes = []
    for size in [(32, 24), (16, 12)]:                 # a module global in the issue: here a closure cell
        shapes.append(vxfn.run(lambda g, s: g.scale_image(s, size), a).shape)
    assert shapes == [(24, 32), (12, 16)]
    sums = [int(vxfn.run(lambda g, s: g.threshold(s, value=t), a).sum()) for t in (10, 200)]
    assert sums == [int((a > 10).sum()) * 255, int((a > 200).sum()) * 255]

    def with_default(g, s, t=50):
        return g.threshold(s, value=t)
    first = vxfn.run(with_default, a)
    with_default.__defaults__ = (150,)
    np.testing.assert_array_equal(vxfn.run(with_default, a), np.where(a > 150, 255, 0))
    assert not np.array_equal(first, np.where(a > 150, 255, 0))
    box = [40]                                         # a list may change: never cached
    low = vxfn.run(lambda g, s: g.threshold(s, value=box[0]), a)
    box[0] = 220
    np.testing.assert_array_equal(vxfn.run(lambda g, s: g.threshold(s, value=box[0]), a), np.where(a > 220, 255, 0))
    assert not np.array_equal(low, np.where(a > 220, 255, 0))


def test_run_keys_on_formats_and_on_matrices_by_value():
    yuv = pixels((72, 64), seed=11)
    u = [vxfn.run(lambda g, s: g.channel_extract(s, "u"), (yuv, fmt)) for fmt in ("IYUV", "NV12")]
    np.testing.assert_array_equal(u[0], yuv[48:].ravel()[:32 * 24].reshape(24, 32))
    np.testing.assert_array_equal(u[1], yuv[48:].reshape(24, 32, 2)[..., 0])
    a = pixels(seed=12)
    moved = [vxfn.warp_affine(a, np.array([[1, 0, dx], [0, 1, 0]], np.float64), "nearest_neighbor") for dx in (1, 2)]
    np.testing.assert_array_equal(moved[0][:, 2:], a[:, 1:-1])
    np.testing.assert_array_equal(moved[1][:, 2:], a[:, :-2])


def test_the_cache_still_serves_a_repeated_call():
    a = pixels()
    cached = []
    for seed in range(3):                   # a new lambda each time, of the same code
        vxfn.run(lambda g, s: g.box3x3(g.gaussian3x3(s)), pixels(seed=seed))
        cached.append(len(vxfn._cache()))
    assert cached[0] == cached[1] == cached[2]


def test_global_values_count(tmp_path):
    import importlib.util
    source = tmp_path / "user_script.py"
    source.write_text("import pyopenvx.fn as vxfn\nT = 10\n"
                      "def edges(a):\n    return vxfn.run(lambda g, s: g.threshold(s, value=T), a)\n")
    spec = importlib.util.spec_from_file_location("user_script", source)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    a = pixels()
    np.testing.assert_array_equal(module.edges(a), np.where(a > 10, 255, 0))
    module.T = 100
    np.testing.assert_array_equal(module.edges(a), np.where(a > 100, 255, 0))


def test_results_are_values():
    a = pixels(seed=1)
    hist = vxfn.histogram(a)
    assert isinstance(hist, np.ndarray) and hist.shape == (256,)
    np.testing.assert_array_equal(hist, np.bincount(a.ravel(), minlength=256))
    np.testing.assert_array_equal(vxfn.histogram(a, bins=16), np.bincount(a.ravel() // 16, minlength=16))
    mean, std = vxfn.mean_std_dev(a)
    assert isinstance(mean, float) and isinstance(std, float)
    cv_mean, cv_std = cv2.meanStdDev(a)
    assert mean == pytest.approx(cv_mean[0, 0], rel=1e-5) and std == pytest.approx(cv_std[0, 0], rel=1e-4)
    low, high, low_at, high_at, low_count, high_count = vxfn.min_max_loc(a)
    assert (low, high) == (a.min(), a.max())
    assert low_count == (a == low).sum() and high_count == (a == high).sum()
    assert low_at.dtype.names == ("x", "y") and len(low_at) == low_count
    assert {(p["x"], p["y"]) for p in high_at} == {(x, y) for y, x in zip(*np.nonzero(a == high))}
    cv_low, cv_high, cv_low_at, _ = cv2.minMaxLoc(a)
    assert (low, high) == (cv_low, cv_high) and cv_low_at in {(p["x"], p["y"]) for p in low_at}
    s16 = a.astype(np.int16) - 128
    assert vxfn.min_max_loc(s16)[:2] == (s16.min(), s16.max())
    levels = vxfn.gaussian_pyramid(a, levels=3)
    assert isinstance(levels, list) and [lv.shape for lv in levels] == [(48, 64), (24, 32), (12, 16)]
    np.testing.assert_array_equal(levels[0], a)
    corners = vxfn.fast_corners(pixels((64, 64), step=255), 40.0)
    assert corners[0].dtype.names[:3] == ("x", "y", "strength")


def test_threshold_and_canny_take_the_input_format():
    a = pixels(seed=2)
    gx = vxfn.sobel3x3(a)[0]
    out = vxfn.run(lambda g, s: g.threshold(g.sobel3x3(s)[0], value=-20), a)     # an S16 threshold
    np.testing.assert_array_equal(out[1:-1, 1:-1], np.where(gx[1:-1, 1:-1] > -20, 255, 0))
    np.testing.assert_array_equal(vxfn.threshold(gx, lower=-100, upper=100), np.where(abs(gx.astype(int)) <= 100, 255, 0))
    bits = vxfn.threshold(a, value=100, output="U1")                # U1: packed, pixel x at bit x % 8
    np.testing.assert_array_equal(bits, np.packbits(a > 100, axis=1, bitorder="little"))


@pytest.mark.parametrize("border, cv_border", BORDERS)
def test_filters_agree_with_cv2_borders_included(border, cv_border):
    a16, a9, a = pixels(step=16, seed=3), pixels(step=9, top=252, seed=4), pixels(seed=5)
    np.testing.assert_array_equal(vxfn.gaussian3x3(a16, border=border),
                                  cv2.GaussianBlur(a16, (3, 3), 0, borderType=cv_border))
    np.testing.assert_array_equal(vxfn.box3x3(a9, border=border), cv2.blur(a9, (3, 3), borderType=cv_border))
    gx, gy = vxfn.sobel3x3(a, border=border)
    np.testing.assert_array_equal(gx, cv2.Sobel(a, cv2.CV_16S, 1, 0, ksize=3, borderType=cv_border))
    np.testing.assert_array_equal(gy, cv2.Sobel(a, cv2.CV_16S, 0, 1, ksize=3, borderType=cv_border))
    ones = np.ones((3, 3), np.uint8)
    np.testing.assert_array_equal(vxfn.dilate3x3(a, border=border),
                                  cv2.dilate(a, ones, borderType=cv_border, borderValue=0))
    np.testing.assert_array_equal(vxfn.erode3x3(a, border=border),
                                  cv2.erode(a, ones, borderType=cv_border, borderValue=0))


def test_a_constant_border_value():
    a = pixels(step=16, seed=6)
    np.testing.assert_array_equal(vxfn.gaussian3x3(a, border=("constant", 160)),
                                  cv2.GaussianBlur(cv2.copyMakeBorder(a, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=160),
                                                   (3, 3), 0)[1:-1, 1:-1])


def test_pixelwise_functions_agree_with_cv2():
    a, b = pixels(seed=7), pixels(seed=8)
    np.testing.assert_array_equal(vxfn.median3x3(a, border="replicate"), cv2.medianBlur(a, 3))
    np.testing.assert_array_equal(vxfn.abs_diff(a, b), cv2.absdiff(a, b))
    np.testing.assert_array_equal(vxfn.add(a, b, "saturate", "U8"), cv2.add(a, b))
    np.testing.assert_array_equal(vxfn.subtract(a, b, "saturate", "U8"), cv2.subtract(a, b))
    np.testing.assert_array_equal(vxfn.and_(a, b) if hasattr(vxfn, "and_") else vxfn.run("and", a, b),
                                  cv2.bitwise_and(a, b))
    np.testing.assert_array_equal(vxfn.threshold(a, value=100), cv2.threshold(a, 100, 255, cv2.THRESH_BINARY)[1])
    np.testing.assert_array_equal(vxfn.integral_image(a), cv2.integral(a)[1:, 1:].astype(np.uint32))
    assert vxfn.histogram(a).tolist() == cv2.calcHist([a], [0], None, [256], [0, 256]).ravel().astype(int).tolist()


@pytest.mark.parametrize("kind", ["affine", "perspective"])
def test_warps_take_the_matrix_as_cv2_does(kind):
    a = pixels(seed=9)
    h, w = a.shape
    m = np.array([[-1, 0, w - 1 - 5], [0, 1, 3]], np.float64)      # mirrored and moved: not its own inverse
    if kind == "perspective":
        m = np.vstack([m, [0, 0, 1]])
    ours = getattr(vxfn, f"warp_{kind}")(a, m, "nearest_neighbor", border=("constant", 0))
    warp = cv2.warpAffine if kind == "affine" else cv2.warpPerspective
    theirs = warp(a, m, (w, h), flags=cv2.INTER_NEAREST, borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    np.testing.assert_array_equal(ours, theirs)


def test_optical_flow_in_two_lines():
    rng = np.random.default_rng(10)
    prev = cv2.GaussianBlur((rng.random((96, 128)) * 255).astype(np.uint8), (7, 7), 2)
    nxt = np.roll(prev, (2, 3), axis=(0, 1))                  # everything moves 3 right, 2 down
    points = np.array([[40, 30], [64, 48], [90, 60]], np.float32)
    flow = vxfn.optical_flow_pyr_lk(prev, nxt, points)        # pyramids made from the images
    assert flow.dtype.names[:2] == ("x", "y") and len(flow) == 3
    assert (flow["tracking_status"] == 1).all()
    np.testing.assert_allclose(np.stack([flow["x"], flow["y"]], 1), points + [3, 2], atol=1)
    theirs, status, _ = cv2.calcOpticalFlowPyrLK(prev, nxt, points.reshape(-1, 1, 2), None)
    np.testing.assert_allclose(np.stack([flow["x"], flow["y"]], 1), theirs.reshape(-1, 2), atol=1)


def test_a_processed_graph_can_then_be_streamed():
    ctx = vxfn.context()
    frames = [pixels(seed=s) for s in range(5)]
    graph = Graph(ctx)
    src, out = Image(ctx, 64, 48), Image(ctx, 64, 48)
    graph.gaussian3x3(src, output=out, border="replicate")
    src.write(frames[0])
    graph.process()
    first = out.to_numpy()
    results = list(graph.stream(frames, src, out))
    np.testing.assert_array_equal(results[0], first)
    np.testing.assert_array_equal(results[4], vxfn.gaussian3x3(frames[4], border="replicate"))
