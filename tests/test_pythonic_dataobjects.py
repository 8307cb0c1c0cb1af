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
