"""The lean paths of the Python face (issue 35, item 6; their costs are in bench/python_face.py)
give exactly what the general paths give: whole-image copies in one call, fn's cache key, reused
query buffers, the attributes C answers (vxGetContext, vxQueryGraph, thresholds, a convolution's
scale) and those a wrapper reads once (Object.settled)."""
import numpy as np
import pytest

import pyopenvx.fn as vxfn
from pyopenvx import constants as vx
from pyopenvx.api import ffi, lib
from pyopenvx.pythonic import (Convolution, Graph, Image, InvalidValue, Kernel, NotCompatible, ObjectArray, Pyramid,
                               Released, Remap, Scalar, Threshold, UserDataObject)
from pyopenvx.pythonic.nodes import spec_of

FORMATS = {"U8": np.uint8, "U16": np.uint16, "S16": np.int16, "U32": np.uint32, "S32": np.int32}


@pytest.mark.parametrize("fmt", [*FORMATS, "RGB", "RGBX"])
def test_whole_image_copies_equal_the_mapped_view(ctx, fmt):
    rng = np.random.default_rng(2)
    shape = (24, 32, 3 if fmt == "RGB" else 4) if fmt in ("RGB", "RGBX") else (24, 32)
    dtype = np.uint8 if fmt in ("RGB", "RGBX") else FORMATS[fmt]
    values = rng.integers(np.iinfo(dtype).min, np.iinfo(dtype).max, shape, dtype=dtype, endpoint=True)
    image = Image(ctx, 32, 24, fmt)
    image.write(values)                                     # the one-call path
    with image.map(usage="r") as view:
        np.testing.assert_array_equal(view, values)
    np.testing.assert_array_equal(image.to_numpy(), values)
    padded = np.zeros((24, 40) + shape[2:], dtype)         # rows of a bigger array: the general path
    padded[:, :32] = values[::-1]
    image.write(padded[:, :32])
    np.testing.assert_array_equal(image.to_numpy(), values[::-1])
    copy = image.to_numpy()
    copy[:] = 0                                             # a new array each time, not a view
    np.testing.assert_array_equal(image.to_numpy(), values[::-1])


def test_a_write_of_another_dtype_still_converts_exactly(ctx):
    image = Image(ctx, 8, 4)
    image.write(np.full((4, 8), 7, np.int64))
    assert image.to_numpy().dtype == np.uint8 and (image.to_numpy() == 7).all()
    with pytest.raises(InvalidValue):
        image.write(np.full((4, 8), 300, np.int64))


def _general_key(name, spec, args, kwargs):
    """fn's cache key as the general path makes it (_part for input images, _constant for the rest)."""
    parts = []
    names = [p.name for p in spec.parameters]
    for where, value in [*enumerate(args), *sorted(kwargs.items())]:
        image = vxfn._is_image(spec, names, where, value)
        part = vxfn._part(value) if image else vxfn._constant(value)
        if part is None:
            return None
        parts.append((where, part))
    return (name, tuple(parts))


def test_fns_quick_key_is_the_general_key():
    """fn's flat key tells calls apart exactly as the general key does: equal for the same
    arguments, different whenever the general key differs (True is not 1, a size's 32.0 not 32,
    another shape or dtype), None where that cannot be known."""
    a = np.zeros((4, 6), np.uint8)
    spec = spec_of("warp_affine", vxfn.context().handle)
    calls = [((a, np.eye(2, 3), "bilinear", None), {"border": "replicate"}),
             ((a, np.eye(2, 3) * 2, 1, (3, 2)), {}), ((a, np.eye(2, 3), True, None), {}), ((a, np.eye(2, 3), 1, None), {}),
             ((a, [1, 2], None, None), {}), (((a, "U8"), np.eye(2, 3), None, "U8"), {"border": ("constant", 3)}),
             (((a, "U8"), np.eye(2, 3), None, "U8"), {"border": ("constant", 4)}), ((a, np.eye(2, 3), 1, (3, 2)), {}),
             ((a, np.eye(2, 3), 1, (3.0, 2)), {}), ((a[:, :5], np.eye(2, 3), 1, None), {}),
             ((a.astype(np.int16), np.eye(2, 3), 1, None), {}), ((a, np.eye(2, 3), "1", None), {}),
             ((a, np.eye(2, 3), 1, None), {"border": "replicate"}), ((a, np.eye(2, 3), None, 1), {})]
    quick = [vxfn._key("warp_affine", spec, args, kwargs) for args, kwargs in calls]
    general = [_general_key("warp_affine", spec, args, kwargs) for args, kwargs in calls]
    assert [k is None for k in quick] == [k is None for k in general] == [isinstance(c[0][1], list) for c in calls]
    for i, (args, kwargs) in enumerate(calls):
        assert quick[i] == vxfn._key("warp_affine", spec, args, dict(kwargs))     # the same call again
        for j in range(len(calls)):
            if quick[i] is not None and quick[j] is not None:
                assert (quick[i] == quick[j]) == (general[i] == general[j]) == (i == j), (calls[i], calls[j])
    assert vxfn._key("warp_affine", spec, (a, np.eye(2, 3), 1, None), {}) == \
        vxfn._key("warp_affine", spec, (a.copy(), np.eye(2, 3), 1, None), {})          # pixels are not part of it


def test_query_buffers_are_reused_only_for_plain_values(ctx):
    graph = Graph(ctx)
    node = graph.node("org.khronos.openvx.box_3x3", Image(ctx, 8, 8), Image(ctx, 8, 8))
    before = node.border
    node.border = ("constant", 9)
    assert before == ("undefined", 0) and node.border == ("constant", 9)
    first, second = Scalar(ctx, "int32", 3), Scalar(ctx, "int32", 4)
    assert (first.value, second.value, first.value) == (3, 4, 3)
    perf = node.performance
    graph.process()
    assert perf.num == 0 and node.performance.num in (0, 1)         # the first tuple is not a view of the buffer


def test_attributes_answered_in_c(ctx):
    graph = Graph(ctx)
    image = Image(ctx, 8, 8)
    assert lib.vxGetContext(image.reference) == ctx.handle
    assert lib.vxGetContext(ffi.cast("vx_reference", ctx.handle)) == ctx.handle
    assert lib.vxGetContext(ffi.NULL) == ffi.NULL                   # refused (in Python, logged)
    assert graph.state == "unverified"
    graph.gaussian3x3(image, Image(ctx, 8, 8))
    graph.verify()
    assert graph.state == "verified"
    graph.process()
    status = ffi.new("vx_status *")
    assert graph.state == "completed"
    assert lib.vxQueryGraph(graph.handle, vx.VX_GRAPH_ATTRIBUTE_STATUS, status, 4) == vx.VX_SUCCESS and status[0] == 0
    assert lib.vxQueryGraph(graph.handle, vx.VX_GRAPH_STATE, status, 2) == vx.VX_ERROR_INVALID_PARAMETERS   # bad size: Python refuses


def _no_python_queries(monkeypatch):
    """Every vxQuery<Object> the library answers in Python fails from here on (C's still answer)."""
    import pyopenvx.attributes

    def refused(*args):
        raise AssertionError("asked Python")
    monkeypatch.setattr(pyopenvx.attributes, "query", refused)


def test_graph_counts_answered_in_c(ctx, monkeypatch):
    """VX_GRAPH_NUMNODES/NUMPARAMETERS come from the counts graph.py keeps in the descriptor,
    right after every change (nodes added and removed, a removed node's graph parameter dropped)."""
    graph = Graph(ctx)
    kernel = lib.vxGetKernelByName(ctx.handle, b"org.khronos.openvx.box_3x3")
    nodes = [lib.vxCreateGenericNode(graph.handle, kernel) for _ in range(3)]
    for node in nodes[:2]:
        parameter = lib.vxGetParameterByIndex(node, 0)
        assert lib.vxAddParameterToGraph(graph.handle, parameter) == vx.VX_SUCCESS
        lib.vxReleaseParameter(ffi.new("vx_parameter *", parameter))
    _no_python_queries(monkeypatch)
    assert (graph.num_nodes, graph.num_parameters) == (3, 2)
    assert lib.vxRemoveNode(ffi.new("vx_node *", nodes.pop(0))) == vx.VX_SUCCESS
    assert (graph.num_nodes, graph.num_parameters) == (2, 1)
    monkeypatch.undo()
    for node in nodes:
        lib.vxReleaseNode(ffi.new("vx_node *", node))
    lib.vxReleaseKernel(ffi.new("vx_kernel *", kernel))
    assert graph.num_nodes == 2                 # the graph holds its nodes


def test_settled_attributes_are_read_once(ctx, monkeypatch):
    """What stays as an object was made is queried once per wrapper; a released wrapper still
    raises Released, and a virtual pyramid's format is read again until it is known."""
    kernel = Kernel.by_name(ctx, "org.khronos.openvx.box_3x3")
    pyramid = Pyramid(ctx, 3, "half", 16, 16, "U8")
    threshold = Threshold(ctx, "range", "S16", "U8")
    remap, convolution = Remap(ctx, (8, 6), (4, 3)), Convolution(ctx, np.ones((3, 5), np.int16))
    data = UserDataObject(ctx, "thing", 8)
    objects = [ObjectArray(ctx, Image(ctx, 4, 4), 2)]

    def read():
        return [(kernel.name, kernel.enum, kernel.num_parameters, kernel.parameters, kernel.signature),
                (pyramid.scale, pyramid.format, len(pyramid)),
                (threshold.type, threshold.input_format, threshold.output_format),
                (remap.source_size, remap.destination_size, convolution.shape, data.type_name, len(objects[0]))]
    first = read()
    assert first[1:] == [(0.5, "U8", 3), ("range", "S16", "U8"), ((8, 6), (4, 3), (3, 5), "thing", 2)]
    assert first[0][0] == "org.khronos.openvx.box_3x3" and first[0][2] == 2 and len(first[0][3]) == 2
    first[0][3].clear()                             # a list of one's own
    _no_python_queries(monkeypatch)
    assert read() == [(*first[0][:3], kernel.parameters, first[0][4]), *first[1:]] and len(kernel.parameters) == 2
    monkeypatch.undo()
    for obj in (kernel, pyramid, threshold, remap, convolution, data):
        obj.release()
    for attribute in (lambda: kernel.name, lambda: pyramid.scale, lambda: threshold.type, lambda: remap.source_size,
                      lambda: convolution.shape, lambda: data.type_name):
        with pytest.raises(Released):
            attribute()
    graph = Graph(ctx)
    levels = Pyramid.virtual(graph, 2, "half")
    assert levels.format == "VIRT"
    graph.laplacian_pyramid(Image(ctx, 16, 16), levels, Image(ctx, 4, 4))
    graph.verify()
    assert levels.format == "S16"


def test_threshold_and_convolution_reads_answered_in_c(ctx, monkeypatch):
    """A real threshold's type, formats and values and a convolution's scale are read in C; writes,
    and reads to refuse (a binary value of a range threshold), still go to Python."""
    from pyopenvx.objects.threshold import Threshold as Described

    def refused(*args):
        raise AssertionError("asked Python")
    ranged = Threshold(ctx, "range", "S16", "U8", lower=-5, upper=300, true_value=9, false_value=1)
    binary = Threshold(ctx, "binary", "U8", "U8", value=77)
    convolution = Convolution(ctx, np.ones((3, 3), np.int16), 8)
    _no_python_queries(monkeypatch)
    monkeypatch.setattr(Described, "copy_values", refused)
    assert (ranged.range, ranged.output, binary.value, convolution.scale) == ((-5, 300), (9, 1), 77, 8)
    out = ffi.new("vx_enum[3]")
    for i, attribute in enumerate((vx.VX_THRESHOLD_TYPE, vx.VX_THRESHOLD_INPUT_FORMAT, vx.VX_THRESHOLD_OUTPUT_FORMAT)):
        assert lib.vxQueryThreshold(ranged.handle, attribute, out + i, 4) == vx.VX_SUCCESS
    assert list(out) == [vx.VX_THRESHOLD_TYPE_RANGE, vx.VX_DF_IMAGE_S16, vx.VX_DF_IMAGE_U8]
    monkeypatch.undo()
    with pytest.raises(NotCompatible, match="is of type 0xb001, not 0xb000"):
        ranged.value                                            # noqa: B018
    binary.value, convolution.scale = 12, 16
    assert (binary.value, convolution.scale) == (12, 16)


def _python_calls(function, where=("pyopenvx/pythonic/",)):
    """{(module, function name): calls} of the Python functions of pyopenvx.pythonic (or of the
    files whose paths contain one of `where`) that function() runs."""
    import collections
    import gc
    import sys
    calls = collections.Counter()
    gc.disable()                    # (a collection's finalizers are not the call's own work)

    def profile(frame, event, _arg):
        if event == "call" and any(w in frame.f_code.co_filename.replace("\\", "/") for w in where):
            calls[(frame.f_code.co_filename.rsplit("/", 1)[-1], frame.f_code.co_name)] += 1
    sys.setprofile(profile)
    try:
        result = function()         # (kept: its release is not the call's work)
    finally:
        sys.setprofile(None)
        gc.enable()
    del result
    return calls


def test_a_node_helpers_own_work_stays_lean(ctx):
    """graph.gaussian3x3(img) (bench/python_face.py's node helper row): the per-signature work
    (the creator's lookup, the format's name) is done once, an object argument goes as it is, and
    the helper makes no more Python calls than these (17 when counted: a count to lower, never to raise).
    Its virtual output skips Image.virtual's argument checks, an image given goes without _argument,
    and wrapping an image or a node calls no _describe (they have none)."""
    image, first = Image(ctx, 16, 16), Graph(ctx)
    first.gaussian3x3(image)                        # the node table and the plans, made once
    graph = Graph(ctx)
    calls = _python_calls(lambda: graph.gaussian3x3(image))
    assert not {("nodes.py", "_object"), ("nodes.py", "<listcomp>"), ("nodes.py", "_argument"),
                ("base.py", "size_of"), ("base.py", "handle_of"), ("image.py", "_format"), ("image.py", "virtual"),
                ("base.py", "_describe"), ("base.py", "_pointer_to")} & set(calls), calls
    assert sum(calls.values()) <= 17, calls
    assert graph.num_nodes == 1


def test_the_node_creator_is_looked_up_once(ctx, monkeypatch):
    spec = spec_of("box3x3", ctx.handle)
    Graph(ctx).box3x3(Image(ctx, 8, 8))
    import types

    import pyopenvx.pythonic.nodes as nodes
    monkeypatch.setattr(nodes, "lib", types.SimpleNamespace())     # a lookup of the creator now fails
    assert Graph(ctx).box3x3(Image(ctx, 8, 8)) is not None and spec.create is not None


def test_context_references_equals_the_query_and_counts_once(ctx, monkeypatch):
    """Context.references reads the object model's count (no vxQueryContext call), which counts
    again only after an object or a count changed; it equals what vxQueryContext answers through
    creations, retains, releases, a graph's release (its nodes' counts zeroed) and user kernels."""
    from pyopenvx.pythonic import user_kernel, INPUT, OUTPUT
    from pyopenvx.reference import Reference

    def queried():
        out = ffi.new("vx_uint32 *")
        assert lib.vxQueryContext(ctx.handle, vx.VX_CONTEXT_REFERENCES, out, 4) == vx.VX_SUCCESS
        return out[0]

    def same():
        assert ctx.references == queried()
        return ctx.references
    start = same()
    images = [Image(ctx, 8, 8) for _ in range(3)]
    assert same() == start + 3
    assert lib.vxRetainReference(images[0].reference) == vx.VX_SUCCESS
    assert same() == start + 3                      # (objects held, not references)
    lib.vxReleaseReference(ffi.new("vx_reference *", images[0].reference))
    graph = Graph(ctx)
    node = graph.node("org.khronos.openvx.box_3x3", images[0], images[1])
    blurred = graph.gaussian3x3(images[1])
    kernel = lib.vxGetKernelByName(ctx.handle, b"org.khronos.openvx.box_3x3")
    lib.vxCreateGenericNode(graph.handle, kernel)   # never released: vxReleaseGraph zeroes its count
    lib.vxReleaseKernel(ffi.new("vx_kernel *", kernel))
    assert same() == start + 7                      # the graph, two nodes, the output
    node.release()
    assert same() == start + 6
    graph.release()
    assert same() == start + 4
    blurred.release()
    assert same() == start + 3

    @user_kernel(ctx, "test.references", [("in", INPUT, "image"), ("out", OUTPUT, "image")])
    def copy(src, dst):
        pass
    assert same() == start + 4
    copy.remove()
    for image in images:
        image.release()
    assert same() == start
    counted = []
    monkeypatch.setattr(Reference, "counted", property(lambda self: counted.append(self) or self.h.external_count > 0))
    monkeypatch.setattr(type(ctx), "query", lambda *a: pytest.fail("queried"))
    kept = Graph(ctx)                               # (made in C, counted apart until Python meets it:
    assert lib.vxSetReferenceName(kept.reference, b"kept") == vx.VX_SUCCESS     # now, as a name does)
    for _ in range(3):
        assert ctx.references == start + 1
    assert len(counted) == 1                        # the graph's count read once, not per read
    kept.release()
    assert ctx.references == start and len(counted) == 1


def test_planes_are_read_once_a_format_is_settled(ctx, monkeypatch):
    nv12, graph = Image(ctx, 8, 8, "NV12"), Graph(ctx)
    virtual = Image.virtual(graph)
    before = virtual.planes                         # (what the library says of a VIRT image)
    graph.box3x3(graph.gaussian3x3(Image(ctx, 8, 8), virtual))
    assert nv12.planes == 2
    monkeypatch.setattr(Image, "_query", lambda *a: pytest.fail("queried again"))
    assert nv12.planes == 2
    monkeypatch.undo()
    graph.verify()
    assert virtual.format == "U8" and virtual.planes == 1 != before
    nv12.release()
    with pytest.raises(Released):
        nv12.planes                                 # noqa: B018


def test_performance_reads_reuse_their_buffer(ctx, monkeypatch):
    """Graph/Node.performance keep their out-argument and its buffer; each read still sees the last run."""
    import pyopenvx.pythonic.graph as graph_module
    graph = Graph(ctx)
    node = graph.node("org.khronos.openvx.gaussian_3x3", Image(ctx, 16, 16), Image(ctx, 16, 16))
    assert lib.vxDirective(ctx.reference, vx.VX_DIRECTIVE_ENABLE_PERFORMANCE) == vx.VX_SUCCESS
    try:
        _performance_reads(ctx, monkeypatch, graph_module, graph, node)
    finally:
        lib.vxDirective(ctx.reference, vx.VX_DIRECTIVE_DISABLE_PERFORMANCE)


def _performance_reads(ctx, monkeypatch, graph_module, graph, node):
    graph.process()
    assert graph.performance.num == 1
    node.performance                                # noqa: B018
    monkeypatch.setattr(graph_module, "_buffer", lambda *a: pytest.fail("a new buffer"))
    graph.process()
    assert graph.performance.num == 2
    perf = ffi.new("vx_perf_t *")
    for obj, query in ((graph, lib.vxQueryGraph), (node, lib.vxQueryNode)):
        attribute = vx.VX_GRAPH_PERFORMANCE if obj is graph else vx.VX_NODE_PERFORMANCE
        assert query(obj.handle, attribute, perf, ffi.sizeof("vx_perf_t")) == vx.VX_SUCCESS
        assert tuple(obj.performance) == (perf.tmp, perf.beg, perf.end, perf.sum, perf.avg, perf.min, perf.num, perf.max)


def test_a_fn_calls_own_work_stays_lean():
    """fn.gaussian3x3(a) once its graph is kept (bench/python_face.py's fn rows): the function's
    spec and its outputs' readers are found once, not per call (no run(), spec_of or _value), and
    the call makes no more Python calls than these (7 when counted, 14 before s14: to lower, never to
    raise): _cache, _cached and _results are inline, and so is `handle` in write, process and to_numpy."""
    a = np.arange(48, dtype=np.uint8).reshape(6, 8)
    first = vxfn.gaussian3x3(a)
    calls = _python_calls(lambda: vxfn.gaussian3x3(a), ("pyopenvx/pythonic/", "pyopenvx/fn.py"))
    assert not {("fn.py", "run"), ("nodes.py", "spec_of"), ("nodes.py", "specs"), ("fn.py", "_value"),
                ("fn.py", "_build"), ("fn.py", "_cache"), ("fn.py", "_cached"), ("fn.py", "_results"),
                ("base.py", "handle")} & set(calls), calls
    assert sum(calls.values()) <= 7, calls
    np.testing.assert_array_equal(vxfn.gaussian3x3(a), first)
    other = a[::-1].copy()                          # same graph, other pixels: its own result
    np.testing.assert_array_equal(vxfn.gaussian3x3(other)[1:-1, 1:-1],
                                  vxfn.run(lambda g, s: g.gaussian3x3(s), other)[1:-1, 1:-1])


def test_hot_attributes_are_one_reader_and_reuse_their_out_arguments(ctx, monkeypatch):
    """Graph.state/num_nodes/num_parameters, Node.status/border/performance, Scalar.value and a
    threshold's reads: a property, its reader and `handle` (planned once: base.reader), with
    out-arguments taken from free lists (no allocation once one exists), each read still right for
    its own object."""
    import pyopenvx.pythonic.base as base
    import pyopenvx.pythonic.graph as graph_module
    import pyopenvx.pythonic.threshold as threshold_module
    ran, fresh = Graph(ctx), Graph(ctx)
    node = ran.node("org.khronos.openvx.box_3x3", Image(ctx, 8, 8), Image(ctx, 8, 8))
    other = fresh.node("org.khronos.openvx.box_3x3", Image(ctx, 8, 8), Image(ctx, 8, 8))
    other.border = ("constant", 7)
    ran.process()
    ranged = Threshold(ctx, "range", "S16", "U8", lower=-5, upper=300)
    binary = Threshold(ctx, "binary", "U8", "U8", value=77)

    def reads():
        return [(ran.state, fresh.state), (ran.num_nodes, fresh.num_nodes), (ran.num_parameters,),
                (node.status, other.status), (node.border, other.border), (node.performance.num, other.performance.num),
                (ranged.range, ranged.output, binary.value, binary.output)]
    first = reads()
    assert first[:5] == [("completed", "unverified"), (1, 1), (0,), (0, 0), (("undefined", 0), ("constant", 7))]
    assert first[6] == ((-5, 300), (255, 0), 77, (255, 0))

    def refused(*args):
        raise AssertionError("a new out-argument")
    for module in (base, graph_module, threshold_module):
        monkeypatch.setattr(module, "_newp", refused)
    assert reads() == first
    for read in (lambda: ran.state, lambda: node.status, lambda: ran.num_nodes):
        calls = _python_calls(read)
        assert dict(calls) == {("base.py", "read"): 1}, calls       # the property's getter is the reader
    monkeypatch.undo()
    ran.release()
    with pytest.raises(Released):
        ran.state                                   # noqa: B018


def test_every_lean_attribute_is_one_python_call(ctx):
    """The attributes whose property getter is their reader itself (base.attribute: a reader, a
    settled attribute, or a partial of a module function): one Python call a read (s12: three or
    four: the property, `settled` or the reader, `handle`), and the same value as the query."""
    graph = Graph(ctx)
    node = graph.node("org.khronos.openvx.gaussian_3x3", Image(ctx, 8, 8), Image(ctx, 8, 8))
    graph.process()
    objects = {"graph": graph, "node": node, "kernel": Kernel.by_name(ctx, "org.khronos.openvx.gaussian_3x3"),
               "binary": Threshold(ctx, "binary", value=3), "range": Threshold(ctx, "range", lower=1, upper=9),
               "convolution": Convolution(ctx, np.ones((3, 3), np.int16), 4), "pyramid": Pyramid(ctx, 2, "half", 8, 8, "U8"),
               "remap": Remap(ctx, (8, 6), (4, 3)), "data": UserDataObject(ctx, "thing", 16), "scalar": Scalar(ctx, "uint8", 3)}
    expected = {"graph": {"state": "completed", "num_nodes": 1, "num_parameters": 0},
                "node": {"status": 0, "num_parameters": 2, "border": ("undefined", 0)},
                "kernel": {"name": "org.khronos.openvx.gaussian_3x3", "enum": vx.VX_KERNEL_GAUSSIAN_3x3, "num_parameters": 2,
                           "signature": "org.khronos.openvx.gaussian_3x3(input image, output image)"},
                "binary": {"value": 3, "output": (255, 0), "type": "binary", "input_format": "U8", "output_format": "U8"},
                "range": {"range": (1, 9)}, "convolution": {"scale": 4, "shape": (3, 3)},
                "pyramid": {"scale": 0.5, "format": "U8"}, "remap": {"source_size": (8, 6), "destination_size": (4, 3)},
                "data": {"size": 16, "type_name": "thing"}, "scalar": {"value": 3}}
    for name, values in expected.items():
        for attribute, value in values.items():
            obj = objects[name]
            assert getattr(obj, attribute) == value, (name, attribute)          # (a settled one read once here)
            calls = _python_calls(lambda: getattr(obj, attribute))
            assert sum(calls.values()) == 1, (name, attribute, calls)
    for obj, attribute in ((graph, "performance"), (node, "performance")):
        assert sum(_python_calls(lambda: getattr(obj, attribute)).values()) == 1
    assert node.performance.num in (0, 1) and graph.performance.num in (0, 1)
