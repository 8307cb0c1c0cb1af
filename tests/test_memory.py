"""The one memory and map-table mechanism (csrc/objects/memory.c) shared by every data object."""


def test_threads_map_and_copy_every_type(c_program):
    """Several C threads on shared and own objects of every type; racing write maps of one region
    are refused exactly once per race; all maps closed and references back at the end."""
    assert c_program("memory_threads.c", extra=("-lpthread",)).stdout.strip() == "memory_threads ok"


def test_maps_take_memory_type_none(c_program):
    """Every map function, from C (the fast paths where there are some): NONE is the host memory."""
    assert c_program("map_memory_none.c").stdout.strip() == "ok"


def test_python_maps_take_memory_type_none(vx):
    """The Python bodies behind the fast paths (array, tensor, user data object) agree with them."""
    from _pyopenvx import ffi
    from pyopenvx.reference import LOCK, lookup
    c, lib = vx.c, vx.lib
    dims = vx.ffi.new("vx_size[1]", [4])
    handles = [lib.vxCreateArray(vx.context, c.VX_TYPE_UINT8, 4), lib.vxCreateTensor(vx.context, 1, dims, c.VX_TYPE_UINT8, 0),
               lib.vxCreateUserDataObject(vx.context, b"t", 4, vx.ffi.NULL)]
    assert lib.vxAddArrayItems(handles[0], 4, vx.ffi.new("vx_uint8[4]"), 1) == 0
    start, end = ffi.new("vx_size[1]", [1]), ffi.new("vx_size[1]", [3])
    with LOCK:
        array, tensor, udo = (lookup(ffi.cast("vx_reference", int(vx.ffi.cast("uintptr_t", h)))) for h in handles)
        maps = [(array, array.map_range(1, 3, c.VX_READ_ONLY, c.VX_MEMORY_TYPE_NONE)),
                (tensor, tensor.map_patch(1, start, end, c.VX_READ_ONLY, c.VX_MEMORY_TYPE_NONE)),
                (udo, udo.map(0, 4, c.VX_READ_ONLY, c.VX_MEMORY_TYPE_NONE, 0))]
        for obj, (map_id, _) in maps:
            obj.unmap(map_id)
    for h in handles:
        assert lib.vxReleaseReference(vx.ffi.new("vx_reference *", vx.ffi.cast("vx_reference", h))) == 0
