"""Random maps and copies (rectangles, strides, usages, planes) against a numpy model of the
image memory: what succeeds matches the model, what is refused changes nothing."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from pyopenvx import constants as c
from pyopenvx.api import ffi, lib

W, H = 24, 16
# format -> per plane (element bytes, step_x, step_y)
FORMATS = {
    c.VX_DF_IMAGE_U8: [(1, 1, 1)],
    c.VX_DF_IMAGE_S16: [(2, 1, 1)],
    c.VX_DF_IMAGE_RGB: [(3, 1, 1)],
    c.VX_DF_IMAGE_U32: [(4, 1, 1)],
    c.VX_DF_IMAGE_NV12: [(1, 1, 1), (2, 2, 2)],
    c.VX_DF_IMAGE_IYUV: [(1, 1, 1), (1, 2, 2), (1, 2, 2)],
}
USAGES = [c.VX_READ_ONLY, c.VX_WRITE_ONLY, c.VX_READ_AND_WRITE, 0]

op = st.tuples(
    st.sampled_from(["copy", "map"]),
    st.integers(0, 2),                                  # plane (may not exist)
    st.tuples(st.integers(0, W + 2), st.integers(0, H + 2), st.integers(0, W + 2), st.integers(0, H + 2)),
    st.sampled_from(USAGES),
    st.integers(0, 2),                                  # extra bytes per element in user memory
    st.integers(-1, 5),                                 # extra bytes per user row (-1: too short)
    st.integers(0, 2**32 - 1),                          # data seed
)


def _valid(fmt, plane, rect):
    x0, y0, x1, y1 = rect
    return plane < len(FORMATS[fmt]) and x0 < x1 <= W and y0 < y1 <= H


def _plane_box(fmt, plane, rect):
    size, sx, sy = FORMATS[fmt][plane]
    x0, y0, x1, y1 = rect
    return x0 // sx, y0 // sy, -(-x1 // sx), -(-y1 // sy), size


@pytest.fixture(scope="module")
def vxctx():
    ctx = lib.vxCreateContext()
    yield ctx
    lib.vxReleaseContext(ffi.new("vx_context *", ctx))


@settings(max_examples=250, deadline=None)
@given(fmt=st.sampled_from(sorted(FORMATS)), ops=st.lists(op, min_size=1, max_size=12))
def test_maps_and_copies_match_a_numpy_model(vxctx, fmt, ops):
    img = lib.vxCreateImage(vxctx, W, H, fmt)
    assert lib.vxGetStatus(ffi.cast("vx_reference", img)) == c.VX_SUCCESS
    model = [np.zeros((-(-H // sy), -(-W // sx) * size), np.uint8) for size, sx, sy in FORMATS[fmt]]
    try:
        for kind, plane, rect, usage, gap_x, gap_y, seed in ops:
            rng = np.random.default_rng(seed)
            r = ffi.new("vx_rectangle_t *", rect)
            ok = _valid(fmt, plane, rect) and usage != 0
            if kind == "copy":
                ok = ok and usage != c.VX_READ_AND_WRITE and gap_y >= 0
                box = _plane_box(fmt, plane, rect) if _valid(fmt, plane, rect) else (0, 0, 1, 1, 1)
                px0, py0, px1, py1, size = box
                cols, rows = px1 - px0, py1 - py0
                sx = size + gap_x
                sy = cols * sx + gap_y
                user = rng.integers(0, 256, max(rows * sy, 1) + 8, dtype=np.uint8)
                addr = ffi.new("vx_imagepatch_addressing_t *", {"dim_x": max(rect[2] - rect[0], 0), "dim_y": max(rect[3] - rect[1], 0),
                                                                "stride_x": sx, "stride_y": sy})
                before = [m.copy() for m in model]
                status = lib.vxCopyImagePatch(img, r, plane, addr, ffi.from_buffer(user), usage, c.VX_MEMORY_TYPE_HOST)
                assert (status == c.VX_SUCCESS) == ok, (status, rect, plane, usage, gap_y)
                if not ok:
                    continue
                for y in range(rows):
                    for x in range(cols):
                        u = user[y * sy + x * sx: y * sy + x * sx + size]
                        m = model[plane][py0 + y, (px0 + x) * size:(px0 + x + 1) * size]
                        if usage == c.VX_WRITE_ONLY:
                            m[:] = u
                        else:
                            assert (u == m).all()
                if usage != c.VX_WRITE_ONLY:
                    assert all((a == b).all() for a, b in zip(before, model))
            else:
                mid, addr, ptr = ffi.new("vx_map_id *"), ffi.new("vx_imagepatch_addressing_t *"), ffi.new("void **")
                status = lib.vxMapImagePatch(img, r, plane, mid, addr, ptr, usage, c.VX_MEMORY_TYPE_HOST, 0)
                assert (status == c.VX_SUCCESS) == ok, (status, rect, plane, usage)
                if not ok:
                    continue
                px0, py0, px1, py1, size = _plane_box(fmt, plane, rect)
                rows, row_bytes = py1 - py0, (px1 - px0) * size
                assert addr.stride_x == size and addr.dim_x == rect[2] - rect[0]
                mem = np.frombuffer(ffi.buffer(ptr[0], (rows - 1) * addr.stride_y + row_bytes), np.uint8)
                view = np.lib.stride_tricks.as_strided(mem, (rows, row_bytes), (addr.stride_y, 1))
                if usage != c.VX_WRITE_ONLY:
                    np.testing.assert_array_equal(view, model[plane][py0:py1, px0 * size:px1 * size])
                if usage != c.VX_READ_ONLY:
                    data = rng.integers(0, 256, view.shape, dtype=np.uint8)
                    np.copyto(np.lib.stride_tricks.as_strided(np.frombuffer(ffi.buffer(ptr[0], mem.size), np.uint8),
                                                              view.shape, view.strides, writeable=True), data)
                    model[plane][py0:py1, px0 * size:px1 * size] = data
                assert lib.vxUnmapImagePatch(img, mid[0]) == c.VX_SUCCESS
                assert lib.vxUnmapImagePatch(img, mid[0]) == c.VX_ERROR_INVALID_PARAMETERS
        # the whole image, read back plane by plane, is the model
        for plane, (size, sx, sy) in enumerate(FORMATS[fmt]):
            out = np.zeros_like(model[plane])
            addr = ffi.new("vx_imagepatch_addressing_t *", {"dim_x": W, "dim_y": H, "stride_x": size,
                                                            "stride_y": out.strides[0]})
            assert lib.vxCopyImagePatch(img, ffi.new("vx_rectangle_t *", (0, 0, W, H)), plane, addr,
                                        ffi.from_buffer(out), c.VX_READ_ONLY, c.VX_MEMORY_TYPE_HOST) == c.VX_SUCCESS
            np.testing.assert_array_equal(out, model[plane])
    finally:
        lib.vxReleaseImage(ffi.new("vx_image *", img))
