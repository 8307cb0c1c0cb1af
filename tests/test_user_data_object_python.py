"""pyopenvx.pythonic.user_data_object: numpy views of user data objects without copies, and a
property test of copy/map ranges against a numpy model."""
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyopenvx.pythonic import Context, StatusError
from pyopenvx.pythonic.user_data_object import UserDataObject

POINT = np.dtype([("x", "<f4"), ("y", "<f4"), ("id", "<u2"), ("pad", "<u2")])


def _open_maps(vx, udo):
    from _pyopenvx import ffi

    from pyopenvx.reference import LOCK, lookup
    with LOCK:
        return lookup(ffi.cast("vx_reference", int(vx.ffi.cast("uintptr_t", udo.handle)))).open_maps


def test_views_are_the_objects_memory(vx):
    with UserDataObject(vx.context, "point_t", size=8 * POINT.itemsize) as udo:
        assert (udo.type_name, udo.size) == ("point_t", 96)
        map_id, ptr = vx.ffi.new("vx_map_id *"), vx.ffi.new("void **")
        assert vx.lib.vxMapUserDataObject(udo.handle, 0, 0, map_id, ptr, vx.c.VX_READ_ONLY,
                                          vx.c.VX_MEMORY_TYPE_HOST, 0) == 0
        with udo.map(dtype=POINT) as points, udo.map(POINT.itemsize, POINT.itemsize, "r", POINT) as second:
            assert points.ctypes.data == int(vx.ffi.cast("uintptr_t", ptr[0]))
            assert second.ctypes.data == points.ctypes.data + POINT.itemsize
            assert np.shares_memory(points, second)
            points["x"] = np.arange(8)
            points["id"] = 7
            assert second["x"][0] == 1.0 and second["id"][0] == 7          # seen at once: no copies
            assert not second.flags.writeable and points.flags.writeable
        assert vx.lib.vxUnmapUserDataObject(udo.handle, map_id[0]) == 0
        copied = np.frombuffer(udo.read(), POINT)
        assert list(copied["x"]) == list(range(8)) and set(copied["id"]) == {7}
        udo.write(np.array([(9, 9, 9, 0)], POINT), offset=2 * POINT.itemsize)
        assert np.frombuffer(udo.read(2 * POINT.itemsize, POINT.itemsize), POINT)["id"][0] == 9
    assert udo.released


def test_creation_from_data_and_without_name():
    with Context() as ctx, UserDataObject(ctx, data=np.arange(5, dtype=np.uint16)) as udo:
        assert udo.type_name == "" and udo.size == 10
        with udo.map(2, 0, "r", np.uint16) as tail:
            assert list(tail) == [1, 2, 3, 4]
        with pytest.raises(ValueError):
            UserDataObject(ctx, "t", size=3, data=b"four")
        assert ctx.references == 1


def test_refusals_raise_and_leave_nothing_open(vx):
    refs = vx.references()
    with pytest.raises(StatusError) as err:
        UserDataObject(vx.context, "t", size=0)
    assert err.value.status == vx.c.VX_ERROR_INVALID_PARAMETERS
    with UserDataObject(vx.context, "t", size=10) as udo:
        with pytest.raises(ValueError):
            with udo.map(dtype=np.uint32):        # 10 bytes are not whole uint32 items
                pass
        assert _open_maps(vx, udo) == 0
        for call in (lambda: udo.read(10), lambda: udo.read(4, 7), lambda: udo.write(b"xyz", 8)):
            with pytest.raises(StatusError) as err:
                call()
            assert err.value.status == vx.c.VX_ERROR_INVALID_PARAMETERS
        with pytest.raises(StatusError):
            with udo.map(11):
                pass
        assert _open_maps(vx, udo) == 0 and udo.read() == bytes(10)
    assert vx.references() == refs


# --- copy and map ranges against a numpy model ----------------------------------------------------

SIZE = 48
ranges = st.tuples(st.integers(0, SIZE + 4), st.integers(0, SIZE + 4))
operations = st.lists(st.tuples(st.sampled_from(["copy_in", "copy_out", "map_r", "map_w", "map_rw"]), ranges,
                                st.integers(0, 255)), max_size=12)


def model_range(offset, size):
    """The model's answer: the bytes [start, stop) addressed, or None when the call must be refused."""
    if offset >= SIZE:
        return None
    stop = SIZE if size == 0 else offset + size
    return (offset, stop) if stop <= SIZE else None


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(initial=st.binary(min_size=SIZE, max_size=SIZE), ops=operations)
def test_ranges_match_a_numpy_model(vx, initial, ops):
    c, ffi, lib = vx.c, vx.ffi, vx.lib
    model = np.frombuffer(initial, np.uint8).copy()
    udo = lib.vxCreateUserDataObject(vx.context, b"model_t", SIZE, initial)
    usages = {"copy_in": c.VX_WRITE_ONLY, "copy_out": c.VX_READ_ONLY, "map_r": c.VX_READ_ONLY,
              "map_w": c.VX_WRITE_ONLY, "map_rw": c.VX_READ_AND_WRITE}
    for op, (offset, size), value in ops:
        expected = model_range(offset, size)
        status_ok = c.VX_SUCCESS if expected else c.VX_ERROR_INVALID_PARAMETERS
        buf = ffi.new("vx_uint8[]", [value] * (SIZE + 8))
        if op.startswith("copy"):
            status = lib.vxCopyUserDataObject(udo, offset, size, buf, usages[op], c.VX_MEMORY_TYPE_HOST)
            assert status == status_ok, (op, offset, size)
            if expected and op == "copy_in":
                model[expected[0]:expected[1]] = value
            elif expected:
                n = expected[1] - expected[0]
                assert bytes(ffi.buffer(buf, n)) == model[expected[0]:expected[1]].tobytes()
                assert bytes(ffi.buffer(buf + n, 8)) == bytes([value] * 8)      # nothing written past the range
            else:
                assert bytes(ffi.buffer(buf, SIZE + 8)) == bytes([value] * (SIZE + 8))
        else:
            map_id, ptr = ffi.new("vx_map_id *"), ffi.new("void **")
            status = lib.vxMapUserDataObject(udo, offset, size, map_id, ptr, usages[op], c.VX_MEMORY_TYPE_HOST, 0)
            assert status == status_ok, (op, offset, size)
            if expected:
                view = np.frombuffer(ffi.buffer(ptr[0], expected[1] - expected[0]), np.uint8)
                if op != "map_w":
                    assert view.tobytes() == model[expected[0]:expected[1]].tobytes()
                if op != "map_r":
                    view[:] = value
                    model[expected[0]:expected[1]] = value
                assert lib.vxUnmapUserDataObject(udo, map_id[0]) == c.VX_SUCCESS
        whole = ffi.new(f"vx_uint8[{SIZE}]")
        assert lib.vxCopyUserDataObject(udo, 0, 0, whole, c.VX_READ_ONLY, c.VX_MEMORY_TYPE_HOST) == 0
        assert bytes(ffi.buffer(whole)) == model.tobytes()
    assert lib.vxReleaseUserDataObject(ffi.new("vx_user_data_object *", udo)) == 0
