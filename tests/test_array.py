"""Arrays: C program; virtual arrays; a hypothesis fuzz of add/truncate/copy/map against a list model."""
from dataobj_helpers import graph, obj_of  # noqa: F401  (fixture)


def test_array_c_program(c_program):
    c_program("array_basic.c")


def test_virtual_array_takes_meta_and_refuses_access(vx, graph):
    a = vx.lib.vxCreateVirtualArray(graph, vx.c.VX_TYPE_INVALID, 0)
    assert vx.lib.vxGetStatus(vx.ref(a)) == vx.c.VX_SUCCESS
    obj = obj_of(vx.ffi, a)
    obj.apply_meta({vx.c.VX_ARRAY_ITEMTYPE: vx.c.VX_TYPE_COORDINATES2D, vx.c.VX_ARRAY_CAPACITY: 9})
    assert vx.query(vx.lib.vxQueryArray, a, vx.c.VX_ARRAY_ITEMSIZE, "vx_size") == 8
    assert vx.query(vx.lib.vxQueryArray, a, vx.c.VX_ARRAY_CAPACITY, "vx_size") == 9
    item = vx.ffi.new("vx_coordinates2d_t *")
    assert vx.lib.vxAddArrayItems(a, 1, item, 8) == vx.c.VX_ERROR_OPTIMIZED_AWAY
    assert vx.log[-1][0] == vx.c.VX_ERROR_OPTIMIZED_AWAY
    # a contradicting meta is refused and changes nothing
    from pyopenvx.errors import VxError
    try:
        obj.apply_meta({vx.c.VX_ARRAY_CAPACITY: 3})
        raise AssertionError("contradicting meta accepted")
    except VxError as e:
        assert e.status == vx.c.VX_ERROR_INVALID_DIMENSION
    assert obj.capacity == 9
    vx.lib.vxReleaseArray(vx.ffi.new("vx_array *", a))
