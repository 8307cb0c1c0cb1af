"""Hypothesis: array and tensor ranges (copy, map, add, truncate) against a numpy model. Refused
requests must leave the object unchanged; accepted ones must match the model exactly."""
import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _array_items(vx, a, n):
    out = np.zeros(max(n, 1), np.int32)
    if n:
        assert vx.lib.vxCopyArrayRange(a, 0, n, 4, vx.ffi.from_buffer(out), vx.c.VX_READ_ONLY,
                                       vx.c.VX_MEMORY_TYPE_HOST) == vx.c.VX_SUCCESS
    return out[:n]


ops = st.lists(st.tuples(st.sampled_from(["add", "truncate", "copy", "map"]),
                         st.integers(0, 12), st.integers(0, 12), st.integers(1, 3)), max_size=12)


@SETTINGS
@given(ops=ops)
def test_array_ranges_match_a_list(vx, ops):
    lib, c, ffi = vx.lib, vx.c, vx.ffi
    capacity = 10
    a = lib.vxCreateArray(vx.context, c.VX_TYPE_INT32, capacity)
    model = []
    counter = 0
    for op, x, y, k in ops:
        if op == "add":
            items = np.arange(counter, counter + x * k, dtype=np.int32)   # stride k ints
            counter += x * k
            status = lib.vxAddArrayItems(a, x, ffi.from_buffer(items) if x else ffi.new("int[1]"), 4 * k)
            ok = len(model) + x <= capacity
            assert status == (c.VX_SUCCESS if ok else c.VX_FAILURE)
            if ok:
                model += list(items[::k][:x])
        elif op == "truncate":
            ok = x <= len(model)
            assert lib.vxTruncateArray(a, x) == (c.VX_SUCCESS if ok else c.VX_ERROR_INVALID_PARAMETERS)
            if ok:
                model = model[:x]
        elif op == "copy":
            buf = np.full(max(y - x, 1) * k, -1, np.int32)
            ok = x < y <= len(model)
            status = lib.vxCopyArrayRange(a, x, y, 4 * k, ffi.from_buffer(buf), c.VX_READ_ONLY, c.VX_MEMORY_TYPE_HOST)
            assert status == (c.VX_SUCCESS if ok else c.VX_ERROR_INVALID_PARAMETERS)
            if ok:
                assert list(buf[::k][: y - x]) == model[x:y]
        else:
            map_id, stride, ptr = ffi.new("vx_map_id *"), ffi.new("vx_size *"), ffi.new("void **")
            ok = x < y <= len(model)
            status = lib.vxMapArrayRange(a, x, y, map_id, stride, ptr, c.VX_READ_AND_WRITE, c.VX_MEMORY_TYPE_HOST, 0)
            assert status == (c.VX_SUCCESS if ok else c.VX_ERROR_INVALID_PARAMETERS)
            if ok:
                view = np.frombuffer(ffi.buffer(ptr[0], (y - x) * 4), np.int32)
                assert list(view) == model[x:y]
                view[0] = -7
                model[x] = -7
                assert lib.vxUnmapArrayRange(a, map_id[0]) == c.VX_SUCCESS
        assert list(_array_items(vx, a, len(model))) == model
    lib.vxReleaseArray(ffi.new("vx_array *", a))


shapes = st.lists(st.integers(1, 4), min_size=1, max_size=4)


@SETTINGS
@given(shape=shapes, data=st.data())
def test_tensor_patches_match_numpy(vx, shape, data):
    lib, c, ffi = vx.lib, vx.c, vx.ffi
    n = len(shape)
    t = lib.vxCreateTensor(vx.context, n, shape, c.VX_TYPE_INT16, 0)
    model = np.arange(int(np.prod(shape)), dtype=np.int16).reshape(shape[::-1])   # numpy: outermost first
    strides = [2 * int(np.prod(shape[:i])) for i in range(n)]
    assert lib.vxCopyTensorPatch(t, n, [0] * n, shape, strides, ffi.from_buffer(model), c.VX_WRITE_ONLY,
                                 c.VX_MEMORY_TYPE_HOST) == c.VX_SUCCESS
    for _ in range(4):
        start = [data.draw(st.integers(0, d)) for d in shape]
        end = [data.draw(st.integers(0, d + 1)) for d in shape]
        ok = all(s < e <= d for s, e, d in zip(start, end, shape))
        patch = [max(e - s, 1) for s, e in zip(start, end)]
        out = np.full(patch[::-1], -1, np.int16)
        ustrides = [2 * int(np.prod(patch[:i])) for i in range(n)]
        status = lib.vxCopyTensorPatch(t, n, start, end, ustrides, ffi.from_buffer(out), c.VX_READ_ONLY,
                                       c.VX_MEMORY_TYPE_HOST)
        assert status == (c.VX_SUCCESS if ok else c.VX_ERROR_INVALID_PARAMETERS)
        if ok:
            index = tuple(slice(s, e) for s, e in zip(start[::-1], end[::-1]))
            np.testing.assert_array_equal(out, model[index])
            map_id, mstride, ptr = ffi.new("vx_map_id *"), ffi.new("vx_size[]", n), ffi.new("void **")
            assert lib.vxMapTensorPatch(t, n, start, end, map_id, mstride, ptr, c.VX_READ_AND_WRITE,
                                        c.VX_MEMORY_TYPE_HOST) == c.VX_SUCCESS
            assert list(mstride) == strides
            ffi.cast("vx_int16 *", ptr[0])[0] = 999
            model[tuple(s for s in start[::-1])] = 999
            assert lib.vxUnmapTensorPatch(t, map_id[0]) == c.VX_SUCCESS
    whole = np.zeros_like(model)
    assert lib.vxCopyTensorPatch(t, n, [0] * n, shape, strides, ffi.from_buffer(whole), c.VX_READ_ONLY,
                                 c.VX_MEMORY_TYPE_HOST) == c.VX_SUCCESS
    np.testing.assert_array_equal(whole, model)
    lib.vxReleaseTensor(ffi.new("vx_tensor *", t))
