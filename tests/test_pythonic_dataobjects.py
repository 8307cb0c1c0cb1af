"""Pythonic data objects: numpy views are the objects' memory (zero copy), released with the map."""
import numpy as np
import pytest

from pyopenvx.pythonic import Context, StatusError
from pyopenvx.pythonic.dataobjects import LUT, Array, Distribution, Matrix, Scalar, Tensor


def test_views_are_zero_copy_and_unmapped():
    with Context() as ctx:
        start = ctx.references
        t = Tensor(ctx, (2, 3), "int16")
        with t.map() as view:
            view[:] = np.arange(6).reshape(2, 3)
        with t.map() as again:
            np.testing.assert_array_equal(again, np.arange(6).reshape(2, 3))
        a = Array(ctx, "float32", 8)
        a.extend(np.arange(5, dtype=np.float32))
        assert len(a) == 5
        with a.map(1, 4) as view:
            np.testing.assert_array_equal(view, [1, 2, 3])
            view[0] = 10
        with a.map() as view:
            assert view[1] == 10
        s = Scalar(ctx, "int32", 5)
        s.value = 9
        assert s.value == 9
        lut = LUT(ctx)
        with lut.map() as view:
            view[:] = np.arange(256)[::-1]
        with lut.map() as view:
            assert view[0] == 255
        d = Distribution(ctx, 4, 0, 16)
        with d.map() as view:
            assert view.shape == (4,) and not view.any()
        m = Matrix(ctx, 2, 3)
        m.assign(np.ones((2, 3)))
        np.testing.assert_array_equal(m.numpy(), np.ones((2, 3)))
        with pytest.raises(StatusError):
            with a.map(3, 9):
                pass
        for obj in (t, a, s, lut, d, m):
            obj.release()
        assert ctx.references == start + 2     # the views still alive keep t and d (their memory)
        del view, again
        assert ctx.references == start


@pytest.mark.parametrize("kind", ["array", "tensor", "lut", "distribution", "user_data_object"])
def test_repeated_maps_reuse_the_array_yet_give_fresh_views_and_release_waits_for_the_last(ctx, kind):
    """As Image.map: the array over an object's mapped memory is kept for its next map (each map
    still gives its own view: an earlier one stays read-only while a later map writes), and the
    object's release waits exactly for the views still alive."""
    from pyopenvx.pythonic import UserDataObject
    start = ctx.references
    obj = {"array": lambda: Array(ctx, "int32", 8), "tensor": lambda: Tensor(ctx, (2, 4), "int32"),
           "lut": lambda: LUT(ctx, "int16", 8), "distribution": lambda: Distribution(ctx, 8, 0, 256),
           "user_data_object": lambda: UserDataObject(ctx, size=32)}[kind]()
    if kind == "array":
        obj.extend(np.zeros(8, np.int32))

    def mapped():
        return obj.map(dtype=np.int32) if kind == "user_data_object" else obj.map()
    with mapped() as first:
        first.flat[:] = 1
        base = obj._view_base[2]
    with mapped() as second:
        assert obj._view_base[2] is base                  # reused, not built again
        assert second is not first and not first.flags.writeable and second.flags.writeable
        second.flat[0] = 9
    assert first.flat[0] == 9 and first.flat[1] == 1
    obj.release()
    assert ctx.references > start                          # `first` and `second` still pin the memory
    del second
    assert ctx.references > start and first.flat[1] == 1
    del first, base
    assert ctx.references == start
