"""A Python exception inside an exported function never comes out as success, whatever the
function returns: vx_status -> VX_FAILURE, handle -> an error object (vxGetStatus says
VX_FAILURE), vx_bool -> vx_false_e, vx_enum -> 0 (VX_TYPE_INVALID), vx_size -> 0, pointer
-> NULL; and each one logs "internal error" with the function's name."""
import pytest


def _boom(*args, **kwargs):
    raise RuntimeError("boom")


@pytest.fixture
def graph(vx):
    g = vx.lib.vxCreateGraph(vx.context)
    yield g
    vx.lib.vxReleaseGraph(vx.ffi.new("vx_graph *", g))


def _logged(vx, name):
    return any(status == vx.c.VX_FAILURE and text.startswith(f"{name}: internal error") and "boom" in text
               for status, text in vx.log)


def test_status_function(vx, graph, monkeypatch):
    from pyopenvx.graph.graph import Graph
    monkeypatch.setattr(Graph, "prepare", _boom)
    assert vx.lib.vxVerifyGraph(graph) == vx.c.VX_FAILURE
    assert _logged(vx, "vxVerifyGraph")
    monkeypatch.undo()
    assert vx.lib.vxVerifyGraph(graph) == vx.c.VX_ERROR_INVALID_GRAPH     # the lock was not kept


def test_handle_function(vx, monkeypatch):
    from pyopenvx.objects.matrix import Matrix         # (a creator C never serves: vxCreateGraph's may be C's)
    monkeypatch.setattr(Matrix, "__init__", _boom)
    m = vx.lib.vxCreateMatrix(vx.context, vx.c.VX_TYPE_UINT8, 3, 3)
    assert m != vx.ffi.NULL
    assert vx.lib.vxGetStatus(vx.ref(m)) == vx.c.VX_FAILURE
    assert _logged(vx, "vxCreateMatrix")


def test_bool_function(vx, monkeypatch):
    """A valid graph is answered in C; what reaches Python (here a context passed as a graph) and
    raises there comes out false."""
    import pyopenvx.capi.graph as capi_graph
    monkeypatch.setattr(capi_graph, "graph_of", _boom)
    assert vx.lib.vxIsGraphVerified(vx.ffi.cast("vx_graph", vx.context)) == vx.c.vx_false_e
    assert _logged(vx, "vxIsGraphVerified")


def test_enum_function(vx, monkeypatch):
    from pyopenvx.context import Context
    monkeypatch.setattr(Context, "register_user_struct", _boom)
    assert vx.lib.vxRegisterUserStruct(vx.context, 8) == vx.c.VX_TYPE_INVALID == 0
    assert _logged(vx, "vxRegisterUserStruct")


def test_size_function(vx, monkeypatch):
    import pyopenvx.capi.image as capi_image
    lib, ffi, c = vx.lib, vx.ffi, vx.c
    img = lib.vxCreateImage(vx.context, 4, 4, c.VX_DF_IMAGE_U8)
    rect = ffi.new("vx_rectangle_t *", (0, 0, 4, 4))
    assert lib.vxComputeImagePatchSize(img, rect, 0) == 16
    monkeypatch.setattr(capi_image, "image_of", _boom)
    assert lib.vxComputeImagePatchSize(img, rect, 0) == 0
    assert _logged(vx, "vxComputeImagePatchSize")
    monkeypatch.undo()
    assert lib.vxReleaseImage(ffi.new("vx_image *", img)) == c.VX_SUCCESS


def test_function_pointer_function(vx, graph, monkeypatch):
    import pyopenvx.capi.node as capi_node
    monkeypatch.setattr(capi_node, "node_of", _boom)
    assert vx.lib.vxRetrieveNodeCallback(vx.ffi.cast("vx_node", graph)) == vx.ffi.NULL
    assert _logged(vx, "vxRetrieveNodeCallback")


def test_void_function(vx, monkeypatch):
    """Nothing to return: the exception is logged and the call changes nothing."""
    import pyopenvx.capi.log as capi_log
    monkeypatch.setattr(capi_log, "context_of", _boom)
    vx.lib.vxRegisterLogCallback(vx.context, vx.ffi.NULL, vx.c.vx_false_e)
    assert _logged(vx, "vxRegisterLogCallback")          # the callback is still ours


def test_a_refusal_built_with_success_is_a_failure(vx, graph, monkeypatch):
    """A VxError given VX_SUCCESS (a bug: a callee's status passed on unchecked) still refuses."""
    from pyopenvx.errors import VxError
    from pyopenvx.graph.graph import Graph

    def refuse(self):
        raise VxError(vx.c.VX_SUCCESS, "refused with a success status", self)
    monkeypatch.setattr(Graph, "prepare", refuse)
    assert vx.lib.vxVerifyGraph(graph) == vx.c.VX_FAILURE
    from pyopenvx.objects.matrix import Matrix         # (a creator C never serves)
    monkeypatch.setattr(Matrix, "__init__", lambda self, ctx, *args: refuse(ctx))
    m = vx.lib.vxCreateMatrix(vx.context, vx.c.VX_TYPE_UINT8, 3, 3)
    assert vx.lib.vxGetStatus(vx.ref(m)) == vx.c.VX_FAILURE
    assert [s for s, text in vx.log if "refused with a success status" in text] == [vx.c.VX_FAILURE] * 2


def test_every_return_type_has_a_failing_value():
    """What the build returns when Python cannot answer: 0 for integers (VX_FAILURE for statuses),
    NULL only for pointers, nothing for void; never a success for any type our headers use."""
    from pyopenvx.failure import INTEGERS, c_failure
    from pyopenvx.handle_types import HANDLE_TYPES
    from pyopenvx.paths import INCLUDEDIR
    from pyopenvx.prototypes import parse
    kinds = {p.ret for p in parse(INCLUDEDIR)}
    for ret in kinds:
        fail = c_failure(ret)
        if ret == "void":
            assert fail is None
        elif ret == "vx_status":
            assert fail == "VX_FAILURE"
        elif ret in INTEGERS:
            assert fail == "0"
        else:
            assert ret in HANDLE_TYPES or ret.endswith(("*", "_f")) or ret in ("vx_classifier_model", "tivx_target_kernel"), ret
            assert fail == "NULL"
    assert c_failure("vx_uint32") == "0"
