"""A graph while it runs or is scheduled: refusals that do not depend on timing, and what releasing
it then does. The kernel blocks on an event, so every step happens at a known point of the run."""
import threading

import pytest


class Blocking:
    """One node (udo in -> udo out) whose kernel waits for `go`; counts validator calls."""

    def __init__(self, vx):
        self.vx = vx
        lib, ffi, c = vx.lib, vx.ffi, vx.c
        self.entered, self.go, self.validations = threading.Event(), threading.Event(), 0
        self.callbacks = (ffi.callback("vx_kernel_f", self._run), ffi.callback("vx_kernel_validate_f", self._validate))
        kid = ffi.new("vx_enum *")
        assert lib.vxAllocateUserKernelId(vx.context, kid) == c.VX_SUCCESS
        self.kernel = lib.vxAddUserKernel(vx.context, b"test.blocking", kid[0], self.callbacks[0], 2,
                                          self.callbacks[1], ffi.NULL, ffi.NULL)
        for i, d in enumerate((c.VX_INPUT, c.VX_OUTPUT)):
            assert lib.vxAddParameterToKernel(self.kernel, i, d, c.VX_TYPE_USER_DATA_OBJECT,
                                              c.VX_PARAMETER_STATE_REQUIRED) == c.VX_SUCCESS
        assert lib.vxFinalizeKernel(self.kernel) == c.VX_SUCCESS
        self.graph = lib.vxCreateGraph(vx.context)
        self.node = lib.vxCreateGenericNode(self.graph, self.kernel)
        self.udos = [lib.vxCreateUserDataObject(vx.context, b"b", 8, ffi.NULL) for _ in range(2)]
        for i, u in enumerate(self.udos):
            assert lib.vxSetParameterByIndex(self.node, i, vx.ref(u)) == c.VX_SUCCESS
        self.seen = None
        self.inside = None                   # what the kernel calls first, if anything

    def _validate(self, node, params, num, metas):
        self.validations += 1
        size = self.vx.ffi.new("vx_size *", 8)
        return self.vx.lib.vxSetMetaFormatAttribute(metas[1], self.vx.c.VX_USER_DATA_OBJECT_SIZE, size, 8)

    def _run(self, node, params, num):
        if self.inside is not None:
            self.inside_status = self.inside()
        self.entered.set()
        assert self.go.wait(30)
        ty = self.vx.ffi.new("vx_enum *")     # the parameters must still be alive here
        self.seen = self.vx.lib.vxQueryReference(params[1], self.vx.c.VX_REFERENCE_TYPE, ty, 4)
        return self.vx.c.VX_SUCCESS

    def release_objects(self):
        lib, ffi = self.vx.lib, self.vx.ffi
        for u in self.udos:
            assert lib.vxReleaseUserDataObject(ffi.new("vx_user_data_object *", u)) == self.vx.c.VX_SUCCESS
        assert lib.vxReleaseNode(ffi.new("vx_node *", self.node)) == self.vx.c.VX_SUCCESS

    def release_graph(self):
        assert self.vx.lib.vxReleaseGraph(self.vx.ffi.new("vx_graph *", self.graph)) == self.vx.c.VX_SUCCESS

    def release_all(self):
        self.release_objects()
        self.release_graph()
        assert self.vx.lib.vxRemoveKernel(self.kernel) == self.vx.c.VX_SUCCESS


def test_a_scheduled_graph_refuses_process_and_verify_until_waited(vx):
    lib, c = vx.lib, vx.c
    b = Blocking(vx)
    start = vx.references()
    assert lib.vxScheduleGraph(b.graph) == c.VX_SUCCESS
    assert b.entered.wait(30)
    border = vx.ffi.new("vx_border_t *", {"mode": c.VX_BORDER_REPLICATE})
    assert lib.vxSetNodeAttribute(b.node, c.VX_NODE_BORDER, border, vx.ffi.sizeof("vx_border_t")) == c.VX_SUCCESS
    before = b.validations
    assert lib.vxProcessGraph(b.graph) == c.VX_ERROR_GRAPH_SCHEDULED     # not verified during the run
    assert lib.vxVerifyGraph(b.graph) == c.VX_ERROR_GRAPH_SCHEDULED
    assert b.validations == before
    b.go.set()
    # finished or not, the run is the application's until vxWaitGraph
    assert lib.vxProcessGraph(b.graph) == c.VX_ERROR_GRAPH_SCHEDULED
    assert any("scheduled" in text for _, text in vx.log)
    assert lib.vxWaitGraph(b.graph) == c.VX_SUCCESS
    assert b.seen == c.VX_SUCCESS
    assert lib.vxProcessGraph(b.graph) == c.VX_SUCCESS
    assert vx.references() == start
    b.release_all()


@pytest.mark.parametrize("how", ["process", "schedule"])
def test_releasing_a_running_graph_and_its_objects_keeps_them_until_the_run_ends(vx, how):
    """The application releases the graph and every object while the kernel runs: the run still
    sees live parameters, and afterwards nothing is left in the context."""
    from dataobj_helpers import obj_of
    lib, ffi, c = vx.lib, vx.ffi, vx.c
    b = Blocking(vx)
    ctx = obj_of(ffi, vx.context)
    ctx.adopt_nodes()                                  # (the node C made joins the registry now)
    before = len(ctx.objects)
    result = {}
    if how == "process":
        runner = threading.Thread(target=lambda: result.setdefault("status", lib.vxProcessGraph(b.graph)))
        runner.start()
    else:
        assert lib.vxScheduleGraph(b.graph) == c.VX_SUCCESS
    assert b.entered.wait(30)
    b.release_objects()
    if how == "process":
        b.release_graph()                    # returns at once: the run keeps what it uses
        b.go.set()
        runner.join(30)
        assert result["status"] == c.VX_SUCCESS
    else:
        releaser = threading.Thread(target=b.release_graph)    # waits for the scheduled run
        releaser.start()
        b.go.set()
        releaser.join(30)
    assert b.seen == c.VX_SUCCESS
    assert lib.vxRemoveKernel(b.kernel) == c.VX_SUCCESS
    assert len(ctx.objects) == before - 5            # kernel, graph, node, two udos (and the meta format
    #                                                  the verification made for the node, gone with it)


@pytest.mark.parametrize("how", ["process", "schedule"])
def test_an_exception_after_the_run_is_not_a_success(vx, monkeypatch, how):
    """Aging an auto-aged delay fails (a bug of ours, simulated): vxProcessGraph and vxWaitGraph
    both report a failure and log it, the scheduled thread does not die with it."""
    from pyopenvx.objects.delay import Delay
    lib, ffi, c = vx.lib, vx.ffi, vx.c
    b = Blocking(vx)
    b.go.set()
    delay = lib.vxCreateDelay(vx.context, vx.ref(b.udos[0]), 2)
    assert lib.vxRegisterAutoAging(b.graph, delay) == c.VX_SUCCESS
    monkeypatch.setattr(Delay, "age", lambda self: 1 / 0)
    if how == "process":
        assert lib.vxProcessGraph(b.graph) == c.VX_FAILURE
    else:
        assert lib.vxScheduleGraph(b.graph) == c.VX_SUCCESS
        assert lib.vxWaitGraph(b.graph) == c.VX_FAILURE
    assert any(status == c.VX_FAILURE and "internal error" in text and "ZeroDivisionError" in text
               for status, text in vx.log)
    monkeypatch.undo()
    assert lib.vxProcessGraph(b.graph) == c.VX_SUCCESS
    assert lib.vxReleaseDelay(ffi.new("vx_delay *", delay)) == c.VX_SUCCESS
    b.release_all()


def test_releasing_the_context_during_a_scheduled_run_lets_it_finish(vx):
    lib, ffi, c = vx.lib, vx.ffi, vx.c
    b = Blocking(vx)
    assert lib.vxScheduleGraph(b.graph) == c.VX_SUCCESS
    assert b.entered.wait(30)
    result = {}
    releaser = threading.Thread(
        target=lambda: result.setdefault("status", lib.vxReleaseContext(ffi.new("vx_context *", vx.context))))
    releaser.start()
    b.go.set()
    releaser.join(30)
    vx.context = ffi.NULL                    # released here, not by the fixture
    assert result["status"] == c.VX_SUCCESS
    assert b.seen == c.VX_SUCCESS            # the kernel's parameters lived until it returned


def test_a_running_graph_keeps_its_nodes_and_parameters(vx):
    """Replacing a parameter or removing a node would release what the kernel is using: refused
    until vxWaitGraph, then allowed."""
    lib, ffi, c = vx.lib, vx.ffi, vx.c
    b = Blocking(vx)
    other = lib.vxCreateUserDataObject(vx.context, b"b", 8, ffi.NULL)
    assert lib.vxScheduleGraph(b.graph) == c.VX_SUCCESS
    try:
        assert b.entered.wait(30)
        assert lib.vxSetParameterByIndex(b.node, 1, vx.ref(other)) == c.VX_ERROR_GRAPH_SCHEDULED
        assert "cannot be replaced" in vx.log[-1][1]
        node = ffi.new("vx_node *", b.node)
        assert lib.vxRemoveNode(node) == c.VX_ERROR_GRAPH_SCHEDULED
        assert node[0] == b.node
    finally:
        b.go.set()
    assert lib.vxSetParameterByIndex(b.node, 1, vx.ref(other)) == c.VX_ERROR_GRAPH_SCHEDULED   # until waited
    assert lib.vxWaitGraph(b.graph) == c.VX_SUCCESS
    assert b.seen == c.VX_SUCCESS
    assert lib.vxSetParameterByIndex(b.node, 1, vx.ref(other)) == c.VX_SUCCESS
    assert lib.vxProcessGraph(b.graph) == c.VX_SUCCESS
    assert lib.vxReleaseUserDataObject(ffi.new("vx_user_data_object *", other)) == c.VX_SUCCESS
    b.release_all()


def test_a_node_given_its_own_output_as_input_is_verified_again(vx):
    """Same meta data, so seed 000 would keep the graph verified, but the node now reads what it
    writes: a cycle, found by verifying again."""
    lib, ffi, c = vx.lib, vx.ffi, vx.c
    b = Blocking(vx)
    b.go.set()
    assert lib.vxProcessGraph(b.graph) == c.VX_SUCCESS
    assert lib.vxSetParameterByIndex(b.node, 0, vx.ref(b.udos[1])) == c.VX_SUCCESS
    assert lib.vxIsGraphVerified(b.graph) == c.vx_false_e
    assert lib.vxProcessGraph(b.graph) == c.VX_ERROR_INVALID_GRAPH
    assert "cycle" in vx.log[-1][1]
    assert lib.vxSetParameterByIndex(b.node, 0, vx.ref(b.udos[0])) == c.VX_SUCCESS
    assert lib.vxProcessGraph(b.graph) == c.VX_SUCCESS
    b.release_all()


def test_waiting_for_a_run_from_inside_it_is_refused(vx):
    lib, c = vx.lib, vx.c
    b = Blocking(vx)
    b.go.set()
    b.inside = lambda: lib.vxWaitGraph(b.graph)
    assert lib.vxScheduleGraph(b.graph) == c.VX_SUCCESS
    assert b.entered.wait(30)                # the kernel has tried
    assert lib.vxWaitGraph(b.graph) == c.VX_SUCCESS
    assert b.inside_status == c.VX_ERROR_GRAPH_SCHEDULED
    assert "from inside it" in vx.log[-1][1]
    b.inside = None
    assert lib.vxProcessGraph(b.graph) == c.VX_SUCCESS
    b.release_all()


def test_virtual_images_get_their_memory_at_verification(vx):
    """A virtual image's memory is allocated (and its pages touched) by vxVerifyGraph, so the first
    vxProcessGraph does not pay for it (issue 25); what the graph computes is unchanged."""
    from dataobj_helpers import obj_of
    lib, ffi, c = vx.lib, vx.ffi, vx.c
    start = vx.references()
    src, dst = (lib.vxCreateImage(vx.context, 640, 48, c.VX_DF_IMAGE_U8) for _ in range(2))
    graph = lib.vxCreateGraph(vx.context)
    mid = lib.vxCreateVirtualImage(graph, 0, 0, c.VX_DF_IMAGE_VIRT)
    nodes = [lib.vxNotNode(graph, src, mid), lib.vxNotNode(graph, mid, dst)]
    from _pyopenvx import ffi as core
    memory = obj_of(ffi, mid).root.mem
    assert memory.base == core.NULL
    assert lib.vxVerifyGraph(graph) == c.VX_SUCCESS
    assert memory.base != core.NULL and memory.bytes == 640 * 48
    assert lib.vxProcessGraph(graph) == c.VX_SUCCESS
    for n in nodes:
        assert lib.vxReleaseNode(ffi.new("vx_node *", n)) == c.VX_SUCCESS
    for img in (src, dst, mid):
        assert lib.vxReleaseImage(ffi.new("vx_image *", img)) == c.VX_SUCCESS
    assert lib.vxReleaseGraph(ffi.new("vx_graph *", graph)) == c.VX_SUCCESS
    assert vx.references() == start


def test_virtual_images_written_by_different_pixel_wise_kernels_share_storage(vx):
    """Pixel-wise kernels write every pixel whatever the border, so under the default (UNDEFINED)
    border the virtual images they write share storage with any image whose life does not overlap
    theirs (verify.py `_unwritten`): Not's v0 and Or's v2 take one buffer."""
    from dataobj_helpers import obj_of
    lib, ffi, c = vx.lib, vx.ffi, vx.c
    src, dst = (lib.vxCreateImage(vx.context, 1024, 1024, c.VX_DF_IMAGE_U8) for _ in range(2))
    graph = lib.vxCreateGraph(vx.context)
    v = [lib.vxCreateVirtualImage(graph, 1024, 1024, c.VX_DF_IMAGE_U8) for _ in range(3)]
    nodes = [lib.vxNotNode(graph, src, v[0]), lib.vxXorNode(graph, v[0], src, v[1]),
             lib.vxOrNode(graph, v[1], src, v[2]), lib.vxNotNode(graph, v[2], dst)]
    assert lib.vxVerifyGraph(graph) == c.VX_SUCCESS
    bases = [int(vx.ffi.cast("uintptr_t", obj_of(ffi, img).root.mem.base)) for img in v]
    assert bases[0] == bases[2] != bases[1] and 0 not in bases
    assert lib.vxProcessGraph(graph) == c.VX_SUCCESS
    for n in nodes:
        assert lib.vxReleaseNode(ffi.new("vx_node *", n)) == c.VX_SUCCESS
    for img in [src, dst] + v:
        assert lib.vxReleaseImage(ffi.new("vx_image *", img)) == c.VX_SUCCESS
    assert lib.vxReleaseGraph(ffi.new("vx_graph *", graph)) == c.VX_SUCCESS


def test_virtual_images_whose_lifetimes_do_not_overlap_share_storage(c_program):
    """tests/c/graph_storage.c: a chain of 15 virtual 1 MiB images takes two buffers at verification
    (and at re-verification), with the same result; images of branches running at once never share."""
    out = c_program("graph_storage.c", extra=("-pthread",), timeout=300)
    assert out.stdout.strip() == "ok"


def test_the_first_run_after_verification_faults_no_image_pages(c_program):
    """tests/c/graph_first_run.c: verification maps the pages of the application's images the nodes
    use (here an output never mapped), so the first vxProcessGraph does not fault them (issue 32)."""
    assert c_program("graph_first_run.c").stdout.strip() == "ok"
