"""Every image format of OpenVX 1.3.1 in and out of numpy (issue 35): multi-plane formats as one
array of their planes stacked, as cv2 takes NV12 and IYUV; both directions, without a copy in."""
import numpy as np
import pytest

import pyopenvx.fn as vxfn
from pyopenvx.pythonic import Context, Image, InvalidDimension, InvalidFormat, InvalidParameters

W, H = 16, 8
RNG = np.random.default_rng(0)


def planes(fmt, array):
    """The planes of the documented layout, written out by hand."""
    if fmt in ("NV12", "NV21"):
        return [array[:H], array[H:].reshape(H // 2, W // 2, 2)]
    if fmt == "IYUV":
        flat = array.ravel()
        q = (W // 2) * (H // 2)
        return [array[:H], flat[W * H:W * H + q].reshape(H // 2, W // 2), flat[W * H + q:].reshape(H // 2, W // 2)]
    if fmt == "YUV4":
        return [array[:H], array[H:2 * H], array[2 * H:]]
    return [array]


LAYOUTS = {"U8": ((H, W), np.uint8), "U16": ((H, W), np.uint16), "S16": ((H, W), np.int16),
           "U32": ((H, W), np.uint32), "S32": ((H, W), np.int32), "RGB": ((H, W, 3), np.uint8),
           "RGBX": ((H, W, 4), np.uint8), "YUYV": ((H, W, 2), np.uint8), "UYVY": ((H, W, 2), np.uint8),
           "NV12": ((H * 3 // 2, W), np.uint8), "NV21": ((H * 3 // 2, W), np.uint8),
           "IYUV": ((H * 3 // 2, W), np.uint8), "YUV4": ((H * 3, W), np.uint8), "U1": ((H, W // 8), np.uint8)}


@pytest.fixture(scope="module")
def ctx():
    with Context() as c:
        yield c


def random(fmt):
    shape, dtype = LAYOUTS[fmt]
    info = np.iinfo(dtype)
    return RNG.integers(info.min, info.max, shape, dtype=dtype, endpoint=True)


@pytest.mark.parametrize("fmt", sorted(LAYOUTS))
def test_both_directions_for_every_format(ctx, fmt):
    array = random(fmt)
    img = Image.from_numpy(ctx, array, fmt)
    assert (img.width, img.height, img.format) == (W, H, fmt)
    np.testing.assert_array_equal(img.to_numpy(), array)
    np.testing.assert_array_equal(np.asarray(img), array)
    for index, plane in enumerate(planes(fmt, array)):
        np.testing.assert_array_equal(img.to_numpy(plane=index), plane)
    array[0, 0] ^= 1                                            # no copy: the image is the array
    np.testing.assert_array_equal(img.to_numpy(), array)
    other = Image(ctx, W, H, fmt)
    other.write(array)
    np.testing.assert_array_equal(other.to_numpy(), array)


@pytest.mark.parametrize("fmt", ["NV12", "YUV4", "U8", "RGB"])
def test_padded_rows(ctx, fmt):
    shape, dtype = LAYOUTS[fmt]
    big = np.zeros((shape[0], shape[1] + 8) + shape[2:], dtype)
    array = big[:, :shape[1]]
    array[...] = random(fmt)
    np.testing.assert_array_equal(Image.from_numpy(ctx, array, fmt).to_numpy(), array)


def test_refusals(ctx):
    with pytest.raises(InvalidDimension, match="3/2"):
        Image.from_numpy(ctx, np.zeros((H, W), np.uint8), "NV12")
    with pytest.raises(InvalidFormat, match="no image format"):
        Image.from_numpy(ctx, np.zeros((H, W, 2), np.uint8))              # YUYV or UYVY: say which
    with pytest.raises(InvalidParameters, match="plane="):
        Image(ctx, W, H, "NV12").to_numpy(rect=(0, 0, 8, 4))
    with pytest.raises(InvalidDimension, match="NV12 shape"):
        Image(ctx, W, H, "NV12").write(np.zeros((H, W), np.uint8))
    assert Image.from_numpy(ctx, np.zeros((H, 2), np.uint8), "U1", width=13).width == 13


def test_the_planes_mean_what_the_layout_says():
    rgb = RNG.integers(0, 256, (H, W, 3), dtype=np.uint8)
    for fmt in ("IYUV", "NV12", "YUV4"):
        stacked = vxfn.color_convert(rgb, fmt)                  # every plane, not only Y
        assert stacked.shape == LAYOUTS[fmt][0]
        for channel, index in (("y", 0), ("u", 1), ("v", 2)):
            extracted = vxfn.channel_extract((stacked, fmt), channel)
            if fmt == "NV12":
                expected = planes(fmt, stacked)[0] if channel == "y" else planes(fmt, stacked)[1][..., index - 1]
            else:
                expected = planes(fmt, stacked)[index]
            np.testing.assert_array_equal(extracted, expected)
    yuv4 = vxfn.color_convert(rgb, "YUV4")
    np.testing.assert_array_equal(vxfn.color_convert(rgb, "IYUV")[:H], yuv4[:H])


def test_our_layout_is_cv2s():
    """cv2 writes I420 as we read IYUV, and reads NV12 as we write it: an IYUV -> NV12 conversion
    (the same samples, re-laid) decodes in cv2 to what cv2 decodes from its own I420."""
    cv2 = pytest.importorskip("cv2")
    i420 = cv2.cvtColor(RNG.integers(0, 256, (H, W, 3), dtype=np.uint8), cv2.COLOR_RGB2YUV_I420)
    assert i420.shape == LAYOUTS["IYUV"][0]
    nv12 = vxfn.color_convert((i420, "IYUV"), "NV12")
    np.testing.assert_array_equal(cv2.cvtColor(nv12, cv2.COLOR_YUV2RGB_NV12), cv2.cvtColor(i420, cv2.COLOR_YUV2RGB_I420))
    np.testing.assert_array_equal(vxfn.channel_extract((i420, "IYUV"), "v"), planes("IYUV", i420)[2])
