"""Meta formats and the re-verification rules of seed 000, driven from Python with a minimal data
object defined here (a blob with a name and a size) so they do not depend on any real type."""
import pytest

from pyopenvx import constants as c


@pytest.fixture
def blob_type():
    from pyopenvx.objects.dataobject import DataObject
    from pyopenvx.errors import VxError

    class Blob(DataObject):
        vx_type = c.VX_TYPE_USER_DATA_OBJECT

        def __init__(self, context, size, scope=None, virtual=False):
            super().__init__(context, scope, virtual)
            self.size = size

        def make_like(self, context, scope=None, virtual=False):
            return Blob(context, self.size, scope, virtual)

        def meta(self):
            return {c.VX_USER_DATA_OBJECT_NAME: "blob", c.VX_USER_DATA_OBJECT_SIZE: self.size}

        def apply_meta(self, meta):
            want = meta.get(c.VX_USER_DATA_OBJECT_SIZE, self.size)
            if self.size and want != self.size:
                raise VxError(c.VX_ERROR_INVALID_DIMENSION, f"blob has size {self.size}, not {want}", self)
            self.size = want
    return Blob


class Graph:
    """One kernel (blob in -> blob out) whose validator asks for `out_size`, in a graph."""

    def __init__(self, vx, blob_type, out_size=16, validate=None):
        from pyopenvx.reference import LOCK, find
        self.vx, self.Blob, self.LOCK = vx, blob_type, LOCK
        self.ctx_obj = find(vx.context)
        ffi, lib = vx.ffi, vx.lib
        self.out_size, self.inits, self.deinits, self.seen = out_size, 0, 0, []
        self.callbacks = [ffi.callback("vx_kernel_f", self._run), ffi.callback("vx_kernel_validate_f", validate or self._validate),
                          ffi.callback("vx_kernel_initialize_f", self._init),
                          ffi.callback("vx_kernel_deinitialize_f", self._deinit)]
        vx.kept.append(self)      # its deinitialize runs when the context releases the node
        kid = ffi.new("vx_enum *")
        assert lib.vxAllocateUserKernelId(vx.context, kid) == 0
        self.kernel = lib.vxAddUserKernel(vx.context, b"test.blob", kid[0], *self.callbacks[:1], 2, *self.callbacks[1:])
        assert lib.vxAddParameterToKernel(self.kernel, 0, c.VX_INPUT, c.VX_TYPE_USER_DATA_OBJECT,
                                          c.VX_PARAMETER_STATE_REQUIRED) == 0
        assert lib.vxAddParameterToKernel(self.kernel, 1, c.VX_OUTPUT, c.VX_TYPE_USER_DATA_OBJECT,
                                          c.VX_PARAMETER_STATE_REQUIRED) == 0
        assert lib.vxFinalizeKernel(self.kernel) == 0
        self.graph = lib.vxCreateGraph(vx.context)
        self.node = lib.vxCreateGenericNode(self.graph, self.kernel)

    def blob(self, size, virtual=False):
        with self.LOCK:
            from pyopenvx.reference import find
            scope = find(self.graph) if virtual else None
            obj = self.Blob(self.ctx_obj, size, scope, virtual)
            return self.vx.ffi.cast("vx_reference", obj.h), obj

    def set(self, index, handle):
        return self.vx.lib.vxSetParameterByIndex(self.node, index, handle)

    def _run(self, node, params, num):
        return 0

    def _validate(self, node, params, num, metas):
        lib, ffi = self.vx.lib, self.vx.ffi
        self.seen.append(metas[0] == ffi.NULL and metas[1] != ffi.NULL)
        size = ffi.new("vx_size *", self.out_size)
        return lib.vxSetMetaFormatAttribute(metas[1], c.VX_USER_DATA_OBJECT_SIZE, size, ffi.sizeof("vx_size"))

    def _init(self, node, params, num):
        self.inits += 1
        return 0

    def _deinit(self, node, params, num):
        self.deinits += 1
        return 0

    def verified(self):
        return self.vx.lib.vxIsGraphVerified(self.graph) == c.vx_true_e


def test_virtual_output_takes_its_meta_from_the_validator(vx, blob_type):
    g = Graph(vx, blob_type, out_size=24)
    a, _ = g.blob(8)
    out, out_obj = g.blob(0, virtual=True)
    assert g.set(0, a) == 0 and g.set(1, out) == 0
    assert vx.lib.vxVerifyGraph(g.graph) == 0
    assert out_obj.size == 24 and g.seen == [True]
    assert vx.lib.vxProcessGraph(g.graph) == 0


def test_non_virtual_output_is_checked_against_meta(vx, blob_type):
    g = Graph(vx, blob_type, out_size=24)
    a, _ = g.blob(8)
    out, _ = g.blob(23)
    assert g.set(0, a) == 0 and g.set(1, out) == 0
    assert vx.lib.vxVerifyGraph(g.graph) == c.VX_ERROR_INVALID_DIMENSION
    assert not g.verified()
    assert any(s == c.VX_ERROR_INVALID_DIMENSION and "parameter 1" in text and "test.blob" in text for s, text in vx.log)


def test_replacing_with_same_meta_keeps_the_graph_verified(vx, blob_type):
    g = Graph(vx, blob_type, out_size=8)
    a, _ = g.blob(8)
    b, _ = g.blob(8)
    out, _ = g.blob(8)
    assert g.set(0, a) == 0 and g.set(1, out) == 0
    assert vx.lib.vxVerifyGraph(g.graph) == 0 and g.inits == 1
    assert g.set(0, b) == 0                       # same meta data: no re-verification
    assert g.verified()
    assert vx.lib.vxProcessGraph(g.graph) == 0 and g.inits == 1 and g.deinits == 0
    wide, _ = g.blob(9)
    assert g.set(0, wide) == 0                    # different meta data: verified again at the next run
    assert not g.verified()
    assert vx.lib.vxProcessGraph(g.graph) == 0
    assert g.deinits == 1 and g.inits == 2 and g.verified()
    assert g.set(0, vx.ffi.NULL) == c.VX_ERROR_INVALID_REFERENCE   # a required parameter stays set (1.3.1)
    assert g.verified()


def test_meta_format_attributes(vx, blob_type):
    ffi, lib = vx.ffi, vx.lib
    results = {}

    def validate(node, params, num, metas):
        m = metas[1]
        size = ffi.new("vx_size *", 40)
        width = ffi.new("vx_uint32 *", 3)
        got = ffi.new("vx_size *")
        cb = ffi.new("vx_kernel_image_valid_rectangle_f *")
        results["set"] = lib.vxSetMetaFormatAttribute(m, c.VX_USER_DATA_OBJECT_SIZE, size, 8)
        results["bad size"] = lib.vxSetMetaFormatAttribute(m, c.VX_USER_DATA_OBJECT_SIZE, size, 4)
        results["wrong type"] = lib.vxSetMetaFormatAttribute(m, c.VX_IMAGE_WIDTH, width, 4)
        results["not meta"] = lib.vxSetMetaFormatAttribute(m, c.VX_IMAGE_PLANES, width, 8)
        results["rect on blob"] = lib.vxSetMetaFormatAttribute(m, c.VX_VALID_RECT_CALLBACK, cb, ffi.sizeof(cb[0]))
        results["query"] = lib.vxQueryMetaFormatAttribute(m, c.VX_USER_DATA_OBJECT_SIZE, got, 8)
        results["value"] = got[0]
        results["from ref"] = lib.vxSetMetaFormatFromReference(m, params[0])
        results["query 2"] = lib.vxQueryMetaFormatAttribute(m, c.VX_USER_DATA_OBJECT_SIZE, got, 8)
        results["value 2"] = got[0]
        results["from bad"] = lib.vxSetMetaFormatFromReference(m, ffi.cast("vx_reference", g.graph))
        return 0
    g = Graph(vx, blob_type, validate=validate)
    a, _ = g.blob(12)
    out, out_obj = g.blob(0, virtual=True)
    g.set(0, a)
    g.set(1, out)
    assert lib.vxVerifyGraph(g.graph) == 0
    assert results == {"set": 0, "bad size": c.VX_ERROR_INVALID_PARAMETERS, "wrong type": c.VX_ERROR_INVALID_TYPE,
                       "not meta": c.VX_ERROR_NOT_SUPPORTED, "rect on blob": c.VX_ERROR_INVALID_TYPE, "query": 0,
                       "value": 40, "from ref": 0, "query 2": 0, "value 2": 12,
                       "from bad": c.VX_ERROR_INVALID_TYPE}
    assert out_obj.size == 12


def test_async_run_from_a_python_host(vx, blob_type):
    """vxScheduleGraph/vxWaitGraph in a Python process, with kernels that are Python callbacks."""
    g = Graph(vx, blob_type, out_size=8)
    a, _ = g.blob(8)
    out, _ = g.blob(8)
    assert g.set(0, a) == 0 and g.set(1, out) == 0
    for _ in range(3):
        assert vx.lib.vxScheduleGraph(g.graph) == 0
        assert vx.lib.vxWaitGraph(g.graph) == 0
    assert vx.lib.vxWaitGraph(g.graph) == c.VX_FAILURE
    state = vx.query(vx.lib.vxQueryGraph, g.graph, c.VX_GRAPH_STATE, "vx_enum")
    assert state == c.VX_GRAPH_STATE_COMPLETED and g.inits == 1


def test_tensor_dims_set_from_a_larger_array_follow_the_number_of_dims_set(c_program):
    assert c_program("meta_tensor_dims.c").stdout.strip() == "ok"


def test_a_standard_nodes_output_meta_format_shows_what_its_validator_said(vx):
    """Standard kernels validate in Python (kernels/registry.describe) and write an image output's
    attributes into its meta format in one copy: VX_PARAMETER_META_FORMAT shows them after vxVerifyGraph."""
    lib, ffi = vx.lib, vx.ffi
    graph = lib.vxCreateGraph(vx.context)
    src = lib.vxCreateImage(vx.context, 64, 48, c.VX_DF_IMAGE_U8)
    mid = lib.vxCreateVirtualImage(graph, 0, 0, c.VX_DF_IMAGE_VIRT)
    dst = lib.vxCreateImage(vx.context, 64, 48, c.VX_DF_IMAGE_S16)
    box, sobel = lib.vxBox3x3Node(graph, src, mid), lib.vxSobel3x3Node(graph, mid, dst, ffi.NULL)
    assert lib.vxVerifyGraph(graph) == c.VX_SUCCESS
    for node, index, want in ((box, 1, (c.VX_DF_IMAGE_U8, 64, 48)), (sobel, 1, (c.VX_DF_IMAGE_S16, 64, 48))):
        p = lib.vxGetParameterByIndex(node, index)
        meta = ffi.new("vx_meta_format *")
        assert lib.vxQueryParameter(p, c.VX_PARAMETER_META_FORMAT, meta, ffi.sizeof("vx_meta_format")) == c.VX_SUCCESS
        got = []
        for attribute in (c.VX_IMAGE_FORMAT, c.VX_IMAGE_WIDTH, c.VX_IMAGE_HEIGHT):
            value = ffi.new("vx_uint32 *")
            assert lib.vxQueryMetaFormatAttribute(meta[0], attribute, value, 4) == c.VX_SUCCESS
            got.append(value[0])
        assert tuple(got) == want
        assert lib.vxReleaseParameter(ffi.new("vx_parameter *", p)) == c.VX_SUCCESS
    for image in (src, mid, dst):
        assert lib.vxReleaseImage(ffi.new("vx_image *", image)) == c.VX_SUCCESS
    for node in (box, sobel):
        assert lib.vxReleaseNode(ffi.new("vx_node *", node)) == c.VX_SUCCESS
    assert lib.vxReleaseGraph(ffi.new("vx_graph *", graph)) == c.VX_SUCCESS


def test_a_standard_nodes_meta_format_made_before_verification_shows_it_after(vx):
    """A meta format asked for before vxVerifyGraph (empty then) shows what the validator said after
    it, as one made after does (Node.show keeps both current)."""
    lib, ffi = vx.lib, vx.ffi
    graph = lib.vxCreateGraph(vx.context)
    src = lib.vxCreateImage(vx.context, 64, 48, c.VX_DF_IMAGE_U8)
    dst = lib.vxCreateVirtualImage(graph, 0, 0, c.VX_DF_IMAGE_VIRT)
    node = lib.vxBox3x3Node(graph, src, dst)
    p = lib.vxGetParameterByIndex(node, 1)
    meta = ffi.new("vx_meta_format *")
    assert lib.vxQueryParameter(p, c.VX_PARAMETER_META_FORMAT, meta, ffi.sizeof("vx_meta_format")) == c.VX_SUCCESS
    value = ffi.new("vx_uint32 *")

    def width():
        return value[0] if lib.vxQueryMetaFormatAttribute(meta[0], c.VX_IMAGE_WIDTH, value, 4) == c.VX_SUCCESS else None

    assert width() is None
    assert lib.vxVerifyGraph(graph) == c.VX_SUCCESS
    assert width() == 64
    assert lib.vxReleaseParameter(ffi.new("vx_parameter *", p)) == c.VX_SUCCESS
    for image in (src, dst):
        assert lib.vxReleaseImage(ffi.new("vx_image *", image)) == c.VX_SUCCESS
    assert lib.vxReleaseNode(ffi.new("vx_node *", node)) == c.VX_SUCCESS
    assert lib.vxReleaseGraph(ffi.new("vx_graph *", graph)) == c.VX_SUCCESS
