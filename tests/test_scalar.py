"""Scalars: C program over every type and refusals; Python-side virtual scalars and fast-path log."""
from dataobj_helpers import graph, obj_of  # noqa: F401  (fixture)


def test_scalar_c_program(c_program):
    c_program("scalar_basic.c")


def test_refused_copy_is_logged(vx):
    value = vx.ffi.new("vx_int32 *", 5)
    s = vx.lib.vxCreateScalar(vx.context, vx.c.VX_TYPE_INT32, value)
    assert vx.lib.vxCopyScalar(s, value, vx.c.VX_READ_AND_WRITE, vx.c.VX_MEMORY_TYPE_HOST) == \
        vx.c.VX_ERROR_INVALID_PARAMETERS
    assert vx.log[-1][0] == vx.c.VX_ERROR_INVALID_PARAMETERS and "usage" in vx.log[-1][1]
    assert vx.lib.vxReleaseScalar(vx.ffi.new("vx_scalar *", s)) == vx.c.VX_SUCCESS


def test_virtual_scalar_is_not_accessible_outside_its_graph(vx, graph):
    s = vx.lib.vxCreateVirtualScalar(graph, vx.c.VX_TYPE_INT32)
    assert vx.lib.vxGetStatus(vx.ref(s)) == vx.c.VX_SUCCESS
    out = vx.ffi.new("vx_int32 *")
    assert vx.lib.vxCopyScalar(s, out, vx.c.VX_READ_ONLY, vx.c.VX_MEMORY_TYPE_HOST) == vx.c.VX_ERROR_OPTIMIZED_AWAY
    assert vx.query(vx.lib.vxQueryScalar, s, vx.c.VX_SCALAR_TYPE, "vx_enum") == vx.c.VX_TYPE_INT32
    assert vx.lib.vxReleaseScalar(vx.ffi.new("vx_scalar *", s)) == vx.c.VX_SUCCESS


def test_virtual_scalar_meta_is_applied(vx, graph):
    s = vx.lib.vxCreateVirtualScalar(graph, vx.c.VX_TYPE_INVALID)
    obj = obj_of(vx.ffi, s)
    assert obj.meta() == {vx.c.VX_SCALAR_TYPE: vx.c.VX_TYPE_INVALID}
    obj.apply_meta({vx.c.VX_SCALAR_TYPE: vx.c.VX_TYPE_FLOAT64})
    assert obj.size == 8
    assert vx.query(vx.lib.vxQueryScalar, s, vx.c.VX_SCALAR_TYPE, "vx_enum") == vx.c.VX_TYPE_FLOAT64
    vx.lib.vxReleaseScalar(vx.ffi.new("vx_scalar *", s))
