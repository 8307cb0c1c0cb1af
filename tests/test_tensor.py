"""Tensors: C program."""


def test_tensor_c_program(c_program):
    c_program("tensor_basic.c")


def test_images_from_tensor_c_program(c_program):
    assert c_program("image_from_tensor.c").stdout.strip() == "ok"


def test_virtual_tensor_laid_out_when_its_data_type_comes_after_its_dims(vx):
    """A validator may give only the data type of a virtual tensor created with fixed dims."""
    from pyopenvx.reference import LOCK, find
    graph = vx.lib.vxCreateGraph(vx.context)
    dims = vx.ffi.new("vx_size[2]", [4, 3])
    tensor = vx.lib.vxCreateVirtualTensor(graph, 2, dims, vx.c.VX_TYPE_INVALID, 0)
    with LOCK:
        obj = find(tensor)
        obj.apply_meta({vx.c.VX_TENSOR_DATA_TYPE: vx.c.VX_TYPE_INT16})
        assert obj.strides == (2, 8) and obj.nbytes() == 24
    assert vx.lib.vxReleaseTensor(vx.ffi.new("vx_tensor *", tensor)) == 0
    assert vx.lib.vxReleaseGraph(vx.ffi.new("vx_graph *", graph)) == 0


def test_tensors_over_strided_user_memory_and_image_arrays_from_tensors(c_program):
    assert c_program("tensor_handle_strides.c").stdout.strip() == "ok"
