"""Graphs and virtual images made in C (csrc/runtime/graph_lazy.c, csrc/objects/image_lazy.c, issue 32):
Python meets them at their first lookup, a graph's release meets the virtual images C made in it, and
every request C does not serve gets the Python path's status and log line."""
import pytest
from test_lazy_objects import LAZY, _core, _python_path

VIRTUAL = 0x1               # PVX_REF_VIRTUAL


def test_c_program(c_program):
    c_program("lazy_graphs.c", extra=("-pthread",))


def _release(vx, handle, kind="Graph"):
    ctype = f"vx_{kind.lower()}"
    return getattr(vx.lib, f"vxRelease{kind}")(vx.ffi.new(f"{ctype} *", vx.ffi.cast(ctype, handle)))


def test_made_in_c_and_met_by_python_on_first_lookup(vx):
    """A graph and a virtual image in it: no Python objects until a node needs them, then the graph
    around the same handle and descriptor, the image virtual in that graph."""
    from pyopenvx import reference
    c, lib = vx.c, vx.lib
    before = vx.references()
    graph = lib.vxCreateGraph(vx.context)
    g = _core(vx, graph)
    desc = g.desc
    assert g.flags & LAZY and g not in reference._OBJECTS
    image = lib.vxCreateVirtualImage(graph, 64, 48, c.VX_DF_IMAGE_U8)
    i = _core(vx, image)
    assert i.flags & LAZY and i.flags & VIRTUAL and g.c_lazy == 1
    assert vx.references() == before + 2
    nodes = vx.ffi.new("vx_uint32 *")
    assert lib.vxQueryGraph(graph, c.VX_GRAPH_NUMNODES, nodes, 4) == c.VX_SUCCESS and nodes[0] == 0
    assert lib.vxIsGraphVerified(graph) == c.vx_false_e
    src = lib.vxCreateImage(vx.context, 64, 48, c.VX_DF_IMAGE_U8)
    node = lib.vxNotNode(graph, src, image)
    assert lib.vxGetStatus(vx.ffi.cast("vx_reference", node)) == c.VX_SUCCESS
    obj, img = reference._OBJECTS[g], reference._OBJECTS[i]
    assert not g.flags & LAZY and obj.desc == desc and obj.h == g and g.c_lazy == 0
    assert img.virtual and img.scope is obj and img.context is obj.context and obj.nodes[0].params[1] is img
    assert vx.references() == before + 4
    assert _release(vx, image, "Image") == c.VX_SUCCESS and _release(vx, src, "Image") == c.VX_SUCCESS
    assert _release(vx, node, "Node") == c.VX_SUCCESS
    assert _release(vx, graph) == c.VX_SUCCESS
    assert vx.references() == before and not obj.alive and not img.alive


def test_virtual_images_made_in_c_are_what_python_makes(vx):
    """Every format C serves: the descriptor, flags and scope equal the Python path's."""
    from pyopenvx.objects.image import FORMATS
    from pyopenvx.reference import LOCK, lookup
    c, lib = vx.c, vx.lib
    graph = lib.vxCreateGraph(vx.context)
    fields = ("width", "height", "format", "planes", "size", "space", "range", "memory_type")
    for fmt, (_, (ax, ay)) in FORMATS.items():
        made = lib.vxCreateVirtualImage(graph, 4 * ax, 2 * ay, fmt)
        py = _python_path(vx, "vxCreateVirtualImage", graph, 4 * ax, 2 * ay, fmt)
        assert _core(vx, made).flags & LAZY and not _core(vx, py).flags & LAZY, hex(fmt)
        with LOCK:
            a, b = lookup(_core(vx, made)), lookup(_core(vx, py))
            assert [getattr(a.desc, f) for f in fields] == [getattr(b.desc, f) for f in fields], hex(fmt)
            assert [(p.bits, p.stride_y) for p in a.desc.plane[0:a.desc.planes]] == \
                [(p.bits, p.stride_y) for p in b.desc.plane[0:b.desc.planes]]
            assert (a.virtual, a.scope, a.context, a.h.flags, a.base) == (b.virtual, b.scope, b.context, b.h.flags, b.base)
        assert _release(vx, made, "Image") == _release(vx, py, "Image") == c.VX_SUCCESS
    assert _release(vx, graph) == c.VX_SUCCESS


def _creations(vx):
    """(function, arguments) of every kind C may or may not serve; handles as `vx` has them."""
    c, ffi, lib = vx.c, vx.ffi, vx.lib
    graph, released = lib.vxCreateGraph(vx.context), lib.vxCreateGraph(vx.context)
    _release(vx, released)
    img = lib.vxCreateImage(vx.context, 8, 8, c.VX_DF_IMAGE_U8)
    foreign = ffi.new("char[256]")
    vx.kept += [graph, img, foreign]
    bad_graphs = [ffi.NULL, released, ffi.cast("vx_graph", img), ffi.cast("vx_graph", vx.context),
                  ffi.cast("vx_graph", foreign)]
    sizes = [(64, 48, c.VX_DF_IMAGE_U8), (0, 0, c.VX_DF_IMAGE_U8), (0, 0, c.VX_DF_IMAGE_VIRT),
             (64, 48, c.VX_DF_IMAGE_VIRT), (63, 48, c.VX_DF_IMAGE_NV12), (64, 47, c.VX_DF_IMAGE_IYUV),
             (64, 48, 0x7777), (1 << 31, 1 << 31, c.VX_DF_IMAGE_U8), (1 << 30, 1, c.VX_DF_IMAGE_RGBX),
             (7, 0, c.VX_DF_IMAGE_U16)]
    return ([("vxCreateVirtualImage", (g, 64, 48, c.VX_DF_IMAGE_U8)) for g in bad_graphs] +
            [("vxCreateVirtualImage", (graph,) + s) for s in sizes] +
            [("vxCreateGraph", (ctx,)) for ctx in (ffi.NULL, ffi.cast("vx_context", img),
                                                   ffi.cast("vx_context", foreign), vx.context)])


def _meta(vx, handle):
    from pyopenvx.reference import LOCK, lookup
    with LOCK:
        obj = lookup(_core(vx, handle))
        return type(obj).__name__, getattr(obj, "virtual", None), obj.meta() if hasattr(obj, "meta") else None


def test_creations_are_the_python_paths(vx):
    """Each request, served in C or not: the same status and log line as the Python path, the same
    object when made, nothing left when refused."""
    cases = _creations(vx)
    before = vx.references()
    for name, args in cases:
        outcomes = []
        for call in (getattr(vx.lib, name), lambda *a: _python_path(vx, name, *a)):
            vx.log.clear()
            out = call(*args)
            status = vx.lib.vxGetStatus(vx.ffi.cast("vx_reference", out))
            outcomes.append((status, list(vx.log), _meta(vx, out) if status == vx.c.VX_SUCCESS else None))
            if status == vx.c.VX_SUCCESS:
                assert vx.lib.vxReleaseReference(vx.ffi.new("vx_reference *", vx.ffi.cast("vx_reference", out))) == 0
        assert outcomes[0] == outcomes[1], (name, args)
        assert vx.references() == before
    _release(vx, vx.kept[0])
    _release(vx, vx.kept[1], "Image")


def test_release_refusals_are_the_python_paths(vx):
    """vxReleaseGraph and vxReleaseReference of NULL, of a pointer to NULL, of a released graph and
    through the wrong type: the same status and line from a graph made in C as from one Python met."""
    c, ffi, lib = vx.c, vx.ffi, vx.lib

    def outcomes(lazy):
        seen = []
        graph = lib.vxCreateGraph(vx.context)
        if not lazy:
            assert lib.vxSetReferenceName(vx.ref(graph), b"") == c.VX_SUCCESS      # met by Python
        assert bool(_core(vx, graph).flags & LAZY) == lazy
        for release, ptr in (("vxReleaseImage", ffi.new("vx_image *", ffi.cast("vx_image", graph))),
                             ("vxReleaseGraph", ffi.NULL), ("vxReleaseGraph", ffi.new("vx_graph *")),
                             ("vxReleaseReference", ffi.new("vx_reference *"))):
            vx.log.clear()
            seen.append((getattr(lib, release)(ptr), list(vx.log)))
        assert _release(vx, graph) == c.VX_SUCCESS
        for release, ctype in (("vxReleaseGraph", "vx_graph *"), ("vxReleaseReference", "vx_reference *")):
            vx.log.clear()
            seen.append((getattr(lib, release)(ffi.new(ctype, ffi.cast(ctype[:-2], graph))), list(vx.log)))
        vx.log.clear()
        seen.append((lib.vxGetStatus(ffi.cast("vx_reference", lib.vxCreateVirtualImage(graph, 8, 8, c.VX_DF_IMAGE_U8))),
                     list(vx.log)))
        return seen

    before = vx.references()
    lazy, python = outcomes(True), outcomes(False)
    assert lazy == python
    assert all(status == c.VX_ERROR_INVALID_REFERENCE for status, _ in lazy)
    assert [len(log) for _, log in lazy] == [1, 0, 0, 0, 1, 1, 1]
    assert vx.references() == before


@pytest.mark.parametrize("lazy_graph", [True, False])
def test_a_released_graph_meets_its_virtual_images(vx, lazy_graph):
    """Virtual images made in C and left by the application outside any node when their graph goes:
    each becomes the Python object it would have been (virtual, scoped to the released graph), so a
    node of another graph refuses it at verification with the Python path's status and line."""
    from pyopenvx import reference
    c, lib, ffi = vx.c, vx.lib, vx.ffi

    def outcome(made_in_c):
        before = vx.references()
        graph = lib.vxCreateGraph(vx.context)
        if not lazy_graph:
            assert lib.vxSetReferenceName(vx.ref(graph), b"first") == c.VX_SUCCESS
        if made_in_c:
            images = [lib.vxCreateVirtualImage(graph, 16, 8, c.VX_DF_IMAGE_U8) for _ in range(3)]
        else:
            images = [ffi.cast("vx_image", _python_path(vx, "vxCreateVirtualImage", graph, 16, 8, c.VX_DF_IMAGE_U8))
                      for _ in range(3)]
        assert all(bool(_core(vx, i).flags & LAZY) == made_in_c for i in images)
        assert vx.references() == before + 4
        assert _release(vx, graph) == c.VX_SUCCESS
        assert vx.references() == before + 3
        objs = [reference._OBJECTS[_core(vx, i)] for i in images]          # met when the graph went
        assert all(o.virtual and not o.scope.alive and o.scope is objs[0].scope for o in objs)
        other = lib.vxCreateGraph(vx.context)
        src = lib.vxCreateImage(vx.context, 16, 8, c.VX_DF_IMAGE_U8)
        node = lib.vxNotNode(other, src, images[0])
        vx.log.clear()
        status = lib.vxVerifyGraph(other)
        seen = (status, list(vx.log))
        for i in images:
            assert _release(vx, i, "Image") == c.VX_SUCCESS
        assert _release(vx, node, "Node") == _release(vx, src, "Image") == _release(vx, other) == c.VX_SUCCESS
        assert vx.references() == before
        return seen

    assert outcome(True) == outcome(False)
    assert outcome(True)[0] == c.VX_ERROR_INVALID_SCOPE


def test_context_references_stay_exact(vx):
    """Graphs and virtual images made in C, met by Python, released in C and in Python, a graph with
    virtual images released first: VX_CONTEXT_REFERENCES follows."""
    c, lib, ffi = vx.c, vx.lib, vx.ffi
    before = vx.references()
    graphs = [lib.vxCreateGraph(vx.context) for _ in range(4)]
    images = [lib.vxCreateVirtualImage(g, 8, 8, c.VX_DF_IMAGE_U8) for g in graphs[:2] for _ in range(2)]
    assert vx.references() == before + 8
    assert lib.vxRetainReference(vx.ref(graphs[1])) == c.VX_SUCCESS         # met by Python, counted once
    assert vx.references() == before + 8
    assert lib.vxReleaseReference(ffi.new("vx_reference *", vx.ref(graphs[1]))) == c.VX_SUCCESS
    for k, g in enumerate(graphs):                   # 0 and 1 hold virtual images: Python releases them
        assert _release(vx, g) == c.VX_SUCCESS
        assert vx.references() == before + 8 - k - 1
    for k, i in enumerate(images):
        assert _release(vx, i, "Image") == c.VX_SUCCESS
        assert vx.references() == before + 4 - k - 1
