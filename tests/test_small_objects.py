"""Matrix, convolution, LUT, distribution, remap, threshold: one C program each, and virtual
versions of each refusing access outside a graph while taking meta data."""
import pytest

from dataobj_helpers import graph, obj_of  # noqa: F401  (fixture)


@pytest.mark.parametrize("program", ["matrix_basic.c", "convolution_basic.c", "lut_basic.c",
                                     "distribution_basic.c", "remap_basic.c", "threshold_basic.c"])
def test_c_program(c_program, program):
    c_program(program)


def test_virtual_objects_refuse_access_and_clone(vx, graph):
    lib, c, ffi = vx.lib, vx.c, vx.ffi
    buf = ffi.new("char[4096]")
    made = [
        (lib.vxCreateVirtualLUT(graph, c.VX_TYPE_UINT8, 256), lambda h: lib.vxCopyLUT(h, buf, c.VX_READ_ONLY, c.VX_MEMORY_TYPE_HOST)),
        (lib.vxCreateVirtualMatrix(graph, c.VX_TYPE_INT32, 3, 3), lambda h: lib.vxCopyMatrix(h, buf, c.VX_READ_ONLY, c.VX_MEMORY_TYPE_HOST)),
        (lib.vxCreateVirtualConvolution(graph, 3, 3), lambda h: lib.vxCopyConvolutionCoefficients(h, buf, c.VX_READ_ONLY, c.VX_MEMORY_TYPE_HOST)),
        (lib.vxCreateVirtualDistribution(graph, 4, 0, 16), lambda h: lib.vxCopyDistribution(h, buf, c.VX_READ_ONLY, c.VX_MEMORY_TYPE_HOST)),
        (lib.vxCreateVirtualRemap(graph, 4, 4, 4, 4), lambda h: lib.vxCopyRemapPatch(h, ffi.new("vx_rectangle_t *", (0, 0, 1, 1)), 8, buf, c.VX_TYPE_COORDINATES2DF, c.VX_READ_ONLY, c.VX_MEMORY_TYPE_HOST)),
        (lib.vxCreateVirtualThresholdForImage(graph, c.VX_THRESHOLD_TYPE_BINARY, c.VX_DF_IMAGE_U8, c.VX_DF_IMAGE_U8), lambda h: lib.vxCopyThresholdValue(h, ffi.cast("vx_pixel_value_t *", buf), c.VX_READ_ONLY, c.VX_MEMORY_TYPE_HOST)),
    ]
    start = vx.references()
    for handle, access in made:
        assert lib.vxGetStatus(vx.ref(handle)) == c.VX_SUCCESS
        assert access(handle) == c.VX_ERROR_OPTIMIZED_AWAY
        obj = obj_of(ffi, handle)
        from pyopenvx.reference import LOCK
        with LOCK:
            clone = obj.make_like(obj.context)
            assert clone.meta() == obj.meta() and not clone.virtual
            clone.release()
        assert vx.references() == start
        lib.vxReleaseReference(ffi.new("vx_reference *", vx.ref(handle)))
        start -= 1
