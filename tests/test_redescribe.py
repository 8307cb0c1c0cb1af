"""Re-verification re-derives virtual objects of every resident type and pyramids (their levels
follow): a validator derives their meta data from a scalar n; the application changes n and
verifies again. Memory of a virtual object whose size changed is dropped (allocated again
lazily), kept when the bytes are the same; a virtual object a kernel left mapped is refused."""
import pytest

from pyopenvx import constants as c

OUTPUTS = ("pyramid", "matrix", "tensor", "lut", "convolution", "distribution", "remap")


def meta_for(n):
    """{output: [(attribute, ctype, value)]} the validator gives for n."""
    return {
        "pyramid": [(c.VX_PYRAMID_WIDTH, "vx_uint32", 4 * n), (c.VX_PYRAMID_HEIGHT, "vx_uint32", 2 * n),
                    (c.VX_PYRAMID_FORMAT, "vx_df_image", c.VX_DF_IMAGE_U8)],
        "matrix": [(c.VX_MATRIX_TYPE, "vx_enum", c.VX_TYPE_INT32 if n == 3 else c.VX_TYPE_FLOAT32),
                   (c.VX_MATRIX_COLUMNS, "vx_size", n), (c.VX_MATRIX_ROWS, "vx_size", n + 1)],
        "tensor": [(c.VX_TENSOR_NUMBER_OF_DIMS, "vx_size", 2), (c.VX_TENSOR_DIMS, "vx_size[2]", [n, 2]),
                   (c.VX_TENSOR_DATA_TYPE, "vx_enum", c.VX_TYPE_INT16)],
        "lut": [(c.VX_LUT_TYPE, "vx_enum", c.VX_TYPE_UINT8), (c.VX_LUT_COUNT, "vx_size", 10 * n)],
        "convolution": [(c.VX_CONVOLUTION_COLUMNS, "vx_size", n), (c.VX_CONVOLUTION_ROWS, "vx_size", n)],
        "distribution": [(c.VX_DISTRIBUTION_BINS, "vx_size", n), (c.VX_DISTRIBUTION_OFFSET, "vx_int32", 0),
                         (c.VX_DISTRIBUTION_RANGE, "vx_uint32", 10 * n)],
        "remap": [(c.VX_REMAP_SOURCE_WIDTH, "vx_uint32", 4 * n), (c.VX_REMAP_SOURCE_HEIGHT, "vx_uint32", 2 * n),
                  (c.VX_REMAP_DESTINATION_WIDTH, "vx_uint32", 2 * n), (c.VX_REMAP_DESTINATION_HEIGHT, "vx_uint32", n)],
    }


class Graph:
    """n (a scalar) -> one node whose validator describes every virtual output from n; its kernel
    writes the matrix (so it has memory) and, when `leave_mapped`, maps the tensor and keeps it."""

    def __init__(self, vx, n):
        self.vx, ffi, lib = vx, vx.ffi, vx.lib
        self.leave_mapped = False
        self.callbacks = [ffi.callback("vx_kernel_f", self._run), ffi.callback("vx_kernel_validate_f", self._validate)]
        kid = ffi.new("vx_enum *")
        assert lib.vxAllocateUserKernelId(vx.context, kid) == 0
        self.kernel = lib.vxAddUserKernel(vx.context, b"test.redescribe", kid[0], self.callbacks[0], 1 + len(OUTPUTS),
                                          self.callbacks[1], ffi.NULL, ffi.NULL)
        types = (c.VX_TYPE_SCALAR, c.VX_TYPE_PYRAMID, c.VX_TYPE_MATRIX, c.VX_TYPE_TENSOR, c.VX_TYPE_LUT,
                 c.VX_TYPE_CONVOLUTION, c.VX_TYPE_DISTRIBUTION, c.VX_TYPE_REMAP)
        for i, t in enumerate(types):
            assert lib.vxAddParameterToKernel(self.kernel, i, c.VX_INPUT if i == 0 else c.VX_OUTPUT, t,
                                              c.VX_PARAMETER_STATE_REQUIRED) == 0
        assert lib.vxFinalizeKernel(self.kernel) == 0
        g = self.graph = lib.vxCreateGraph(vx.context)
        self.n = lib.vxCreateScalar(vx.context, c.VX_TYPE_UINT32, ffi.new("vx_uint32 *", n))
        self.objects = {
            "pyramid": lib.vxCreateVirtualPyramid(g, 2, c.VX_SCALE_PYRAMID_HALF, 0, 0, c.VX_DF_IMAGE_VIRT),
            "matrix": lib.vxCreateVirtualMatrix(g, c.VX_TYPE_INVALID, 0, 0),
            "tensor": lib.vxCreateVirtualTensor(g, 0, ffi.NULL, c.VX_TYPE_INVALID, 0),
            "lut": lib.vxCreateVirtualLUT(g, c.VX_TYPE_INVALID, 0),
            "convolution": lib.vxCreateVirtualConvolution(g, 0, 0),
            "distribution": lib.vxCreateVirtualDistribution(g, 0, 0, 0),
            "remap": lib.vxCreateVirtualRemap(g, 0, 0, 0, 0),
        }
        self.node = lib.vxCreateGenericNode(g, self.kernel)
        for i, ref in enumerate([self.n, *self.objects.values()]):
            assert lib.vxSetParameterByIndex(self.node, i, vx.ref(ref)) == 0

    def set_n(self, n):
        ffi = self.vx.ffi
        assert self.vx.lib.vxCopyScalar(self.n, ffi.new("vx_uint32 *", n), c.VX_WRITE_ONLY, c.VX_MEMORY_TYPE_HOST) == 0

    def _validate(self, node, params, num, metas):
        ffi, lib = self.vx.ffi, self.vx.lib
        n = ffi.new("vx_uint32 *")
        assert lib.vxCopyScalar(ffi.cast("vx_scalar", params[0]), n, c.VX_READ_ONLY, c.VX_MEMORY_TYPE_HOST) == 0
        for k, name in enumerate(OUTPUTS, 1):
            for attribute, ctype, value in meta_for(n[0])[name]:
                v = ffi.new(ctype if "[" in ctype else f"{ctype} *", value)
                size = ffi.sizeof(v) if "[" in ctype else ffi.sizeof(ctype)
                status = lib.vxSetMetaFormatAttribute(metas[k], attribute, v, size)
                if status:
                    return status
        return 0

    def _run(self, node, params, num):
        ffi, lib = self.vx.ffi, self.vx.lib
        matrix = ffi.cast("vx_matrix", params[2])
        size = ffi.new("vx_size *")
        assert lib.vxQueryMatrix(matrix, c.VX_MATRIX_SIZE, size, ffi.sizeof("vx_size")) == 0
        status = lib.vxCopyMatrix(matrix, ffi.new("char[]", size[0]), c.VX_WRITE_ONLY, c.VX_MEMORY_TYPE_HOST)
        if status == 0 and self.leave_mapped:
            start, end = ffi.new("vx_size[2]", [0, 0]), ffi.new("vx_size[2]", [1, 1])
            status = lib.vxMapTensorPatch(ffi.cast("vx_tensor", params[3]), 2, start, end, ffi.new("vx_map_id *"),
                                          ffi.new("vx_size[2]"), ffi.new("void **"), c.VX_READ_ONLY,
                                          c.VX_MEMORY_TYPE_HOST)
        return status

    def described(self, n):
        """Every output's attributes as the application queries them equal what the validator gave."""
        vx = self.vx
        queries = {"pyramid": vx.lib.vxQueryPyramid, "matrix": vx.lib.vxQueryMatrix, "tensor": vx.lib.vxQueryTensor,
                   "lut": vx.lib.vxQueryLUT, "convolution": vx.lib.vxQueryConvolution,
                   "distribution": vx.lib.vxQueryDistribution, "remap": vx.lib.vxQueryRemap}
        for name, attrs in meta_for(n).items():
            for attribute, ctype, value in attrs:
                if "[" in ctype:
                    out = vx.ffi.new(ctype)
                    assert queries[name](self.objects[name], attribute, out, vx.ffi.sizeof(out)) == 0
                    assert list(out) == value, name
                else:
                    assert vx.query(queries[name], self.objects[name], attribute, ctype) == value, (name, attribute)
        level = vx.lib.vxGetPyramidLevel(self.objects["pyramid"], 1)
        assert vx.query(vx.lib.vxQueryImage, level, c.VX_IMAGE_WIDTH, "vx_uint32") == 2 * n
        assert vx.query(vx.lib.vxQueryImage, level, c.VX_IMAGE_HEIGHT, "vx_uint32") == n
        assert vx.lib.vxReleaseImage(vx.ffi.new("vx_image *", level)) == 0
        return True

    def memory_of(self, name):
        from pyopenvx.reference import find
        return find(self.objects[name]).mem.base != self.vx.ffi.NULL


def test_virtual_objects_of_every_resident_type_are_described_again(vx):
    g = Graph(vx, 3)
    lib = vx.lib
    assert lib.vxProcessGraph(g.graph) == 0
    assert g.described(3) and g.memory_of("matrix")
    g.set_n(5)                                     # the validators read n: verify again
    assert lib.vxVerifyGraph(g.graph) == 0
    assert g.described(5)
    assert not g.memory_of("matrix")               # 5x6 FLOAT32 is not 3x4 INT32: dropped
    assert lib.vxProcessGraph(g.graph) == 0 and g.memory_of("matrix")
    assert lib.vxVerifyGraph(g.graph) == 0         # the same again: the memory stays
    assert g.described(5) and g.memory_of("matrix")
    g.set_n(3)
    assert lib.vxProcessGraph(g.graph) == 0        # the scalar changed: explicit verification only
    assert g.described(5)
    assert lib.vxVerifyGraph(g.graph) == 0 and lib.vxProcessGraph(g.graph) == 0
    assert g.described(3)


def test_a_virtual_object_left_mapped_by_a_kernel_is_not_described_again(vx):
    g = Graph(vx, 3)
    g.leave_mapped = True
    assert vx.lib.vxProcessGraph(g.graph) == 0
    g.set_n(5)
    assert vx.lib.vxVerifyGraph(g.graph) == c.VX_FAILURE
    assert any(s == c.VX_FAILURE and "is mapped" in text and "parameter 3" in text for s, text in vx.log)
    assert vx.lib.vxIsGraphVerified(g.graph) == c.vx_false_e
    dims = vx.ffi.new("vx_size[2]")                # the mapped tensor kept its shape
    assert vx.lib.vxQueryTensor(g.objects["tensor"], c.VX_TENSOR_DIMS, dims, vx.ffi.sizeof(dims)) == 0
    assert list(dims) == [3, 2]
