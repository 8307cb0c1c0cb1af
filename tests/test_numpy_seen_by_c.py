"""Issue 4: a write through a Pythonic numpy view is seen by C code in the same process (a shared
library built with the users' flags, calling the standard API on the same objects)."""
import cffi
import numpy as np

from pyopenvx.api import ffi
from pyopenvx.pythonic import Context, Image
from pyopenvx.pythonic.dataobjects import Tensor


def test_numpy_writes_are_read_by_c_code(compile_c):
    reader = cffi.FFI()
    reader.cdef("long pvx_test_image_sum(void *image); long pvx_test_tensor_at(void *tensor, size_t i, size_t j);")
    c = reader.dlopen(str(compile_c("numpy_reader.c", "-shared", "-fPIC").path))
    handle = lambda obj: reader.cast("void *", int(ffi.cast("uintptr_t", obj.handle)))
    with Context() as ctx:
        img = Image(ctx, 16, 8, "U8")
        with img.map(usage="w") as pixels:
            pixels[:] = np.arange(128).reshape(8, 16) % 7
        assert c.pvx_test_image_sum(handle(img)) == (np.arange(128) % 7).sum()
        with img.map() as pixels:
            pixels[3, 5] += 100
        assert c.pvx_test_image_sum(handle(img)) == (np.arange(128) % 7).sum() + 100
        t = Tensor(ctx, (3, 4), "int16")          # numpy order: dims[0] = 4 innermost
        with t.map() as view:
            view[:] = -np.arange(12).reshape(3, 4)
        assert c.pvx_test_tensor_at(handle(t), 1, 2) == -9
        for obj in (img, t):
            obj.release()
