"""The Pythonic image layer: numpy views of mapped patches are the image memory itself."""
import gc

import numpy as np
import pytest

from pyopenvx import constants as c
from pyopenvx.api import ffi, lib
from pyopenvx.pythonic import Context, Image, StatusError


@pytest.fixture
def ctx():
    with Context() as context:
        yield context


def _read_back(img, width, height, itemsize=1, channels=1):
    """The patch read by the C API itself (vxCopyImagePatch), not through the layer."""
    out = np.zeros((height, width * channels * itemsize), np.uint8)
    addr = ffi.new("vx_imagepatch_addressing_t *", {"dim_x": width, "dim_y": height,
                                                    "stride_x": itemsize * channels, "stride_y": out.strides[0]})
    rect = ffi.new("vx_rectangle_t *", (0, 0, width, height))
    assert lib.vxCopyImagePatch(img.handle, rect, 0, addr, ffi.from_buffer(out), c.VX_READ_ONLY,
                                c.VX_MEMORY_TYPE_HOST) == c.VX_SUCCESS
    return out


def test_write_through_numpy_view_is_seen_by_the_c_api(ctx):
    img = Image(ctx, 40, 30, "U8")
    with img.map(usage="w") as pixels:
        assert pixels.shape == (30, 40) and pixels.dtype == np.uint8
        pixels[:] = np.arange(40 * 30, dtype=np.uint32).reshape(30, 40) % 251
        base = pixels.__array_interface__["data"][0]
    assert not pixels.flags.writeable                      # released with the map
    np.testing.assert_array_equal(_read_back(img, 40, 30), np.arange(1200).reshape(30, 40) % 251)
    with img.map(rect=(8, 4, 16, 10), usage="r") as patch:  # a patch view points into the same memory
        assert patch.__array_interface__["data"][0] == base + 4 * 40 + 8
        assert patch[0, 0] == (4 * 40 + 8) % 251
    img.release()


def test_rgb_and_subsampled_planes(ctx):
    rgb = Image(ctx, 8, 4, "RGB")
    with rgb.map() as px:
        assert px.shape == (4, 8, 3)
        px[..., 0], px[..., 1], px[..., 2] = 1, 2, 3
    assert list(_read_back(rgb, 8, 4, channels=3)[3, :6]) == [1, 2, 3, 1, 2, 3]
    nv = Image(ctx, 8, 4, "NV12")
    with nv.map(plane=1, usage="w") as uv:
        assert uv.shape == (2, 4, 2)
        uv[:] = [5, 6]
    np.testing.assert_array_equal(nv.to_numpy(plane=1), np.tile([5, 6], (2, 4, 1)))
    s16 = Image(ctx, 6, 3, "S16")
    s16.write(np.full((3, 6), -300, np.int16))
    assert (s16.to_numpy() == -300).all()
    for img in (rgb, nv, s16):
        img.release()


def test_refused_map_raises_and_leaves_no_map(ctx):
    img = Image(ctx, 8, 8)
    with pytest.raises(StatusError) as bad:
        with img.map(rect=(0, 0, 9, 8)):
            pass
    assert bad.value.status == c.VX_ERROR_INVALID_PARAMETERS
    with img.map(usage="w") as px:                         # nothing left mapped by the refusal
        px[:] = 1
    img.release()


def test_repeated_maps_give_new_views_and_release_waits_for_the_last(ctx):
    """Maps reuse the array over the image's memory (speed), yet each gives its own view: an
    earlier view stays read-only while a later map writes, a patch or plane maps anew, and the
    image's release waits exactly for the views still alive."""
    start = ctx.references
    img = Image(ctx, 8, 4)
    with img.map(usage="w") as first:
        first[:] = 1
    with img.map() as second:
        assert second is not first and not first.flags.writeable and second.flags.writeable
        second[0, 0] = 9
    with img.map((2, 1, 6, 3), usage="r") as patch:
        assert patch.shape == (2, 4) and not patch.flags.writeable
    assert first[0, 0] == 9 and img.to_numpy()[0, 0] == 9
    img.release()
    assert ctx.references > start                  # `first` and `patch` still pin the memory
    del second
    assert ctx.references > start and first[0, 1] == 1
    del first, patch
    assert ctx.references == start


def test_failed_view_unmaps(ctx):
    """A map whose view cannot be made (an exception after vxMapImagePatch) leaves no map open."""
    img = Image(ctx, 8, 4)
    original = img._shape
    img._shape = lambda plane, addr: 1 / 0
    with pytest.raises(ZeroDivisionError):
        with img.map():
            pass
    img._shape = original
    with img.map(usage="w") as view:            # a second map of a mapped image would be refused
        view[:] = 3
    img.release()


def _count(handle):
    out = ffi.new("vx_uint32 *")
    ok = lib.vxQueryReference(ffi.cast("vx_reference", handle), c.VX_REFERENCE_COUNT, out, 4) == c.VX_SUCCESS
    return out[0] if ok else 0


def test_the_array_kept_for_the_next_map_does_not_hold_the_context():
    """Only the application's views defer a context's release, not what a map keeps for reuse."""
    for keep_view in (False, True):
        context = Context()
        handle = context.handle
        img = Image(context, 8, 4)
        with img.map() as view:
            view[:] = 1
        if not keep_view:
            del view
        # (the process's one context: other Contexts may hold it too, so count this one's count;
        # collected first, so that no garbage Context of an earlier test lets it go meanwhile)
        gc.collect()
        before = _count(handle)
        context.release()
        assert _count(handle) == (before if keep_view else before - 1)
        del img
