"""Virtual images' storage at verification (graph/verify.py allocate_virtuals, csrc/objects/memory.c
kept blocks): a large block kept from a released image comes as it was, and only what the image's
writer leaves alone is zeroed (`_frame`: nothing for a node writing every pixel, the one-pixel
frame of an UNDEFINED 3x3 filter, all of it otherwise). What reads that frame (the next 3x3
filter's edge rows) reads zeros, as from fresh memory (docs/hacking/graph.md, "Verification's
edges and storage, s14")."""
import numpy as np
import pytest

W, H = 3840, 2160                          # (8 MB a U8 image: kept blocks are 4 MiB and more)


def _u8(vx, image):
    data = vx.ffi.new("vx_uint8[]", W * H)
    rect = vx.ffi.new("vx_rectangle_t *", {"end_x": W, "end_y": H})
    addr = vx.ffi.new("vx_imagepatch_addressing_t *", {"dim_x": W, "dim_y": H, "stride_x": 1, "stride_y": W})
    assert vx.lib.vxCopyImagePatch(image, rect, 0, addr, data, vx.c.VX_READ_ONLY, vx.c.VX_MEMORY_TYPE_HOST) == 0
    return np.frombuffer(vx.ffi.buffer(data), np.uint8).reshape(H, W).copy()


def _uniform(vx, value):
    return vx.lib.vxCreateUniformImage(vx.context, W, H, vx.c.VX_DF_IMAGE_U8,
                                       vx.ffi.new("vx_pixel_value_t *", {"U8": value}))


def _release(vx, graph, images):
    lib, ffi = vx.lib, vx.ffi
    assert lib.vxReleaseGraph(ffi.new("vx_graph *", graph)) == 0
    for img in images:
        assert lib.vxReleaseImage(ffi.new("vx_image *", img)) == 0


def _dirty_blocks(vx, count):
    """`count` kept blocks of a 4K U8 image full of 255, first in the store: the virtual images of
    Not nodes over a uniform 0, released with their graph."""
    from _pyopenvx import lib as core
    core.pvx_memory_release_kept()
    lib, c = vx.lib, vx.c
    graph, zero = lib.vxCreateGraph(vx.context), _uniform(vx, 0)
    images = [lib.vxCreateVirtualImage(graph, W, H, c.VX_DF_IMAGE_U8) for _ in range(count)]
    for img in images:
        assert lib.vxReleaseNode(vx.ffi.new("vx_node *", lib.vxNotNode(graph, zero, img))) == 0
    assert lib.vxProcessGraph(graph) == 0
    _release(vx, graph, images + [zero])    # (the uniform's block, of zeros, kept last)


@pytest.mark.parametrize("border", ["undefined", "replicate"])
@pytest.mark.parametrize("first", ["box", "not"])
def test_a_kept_block_is_zeroed_where_its_writer_writes_nothing(vx, monkeypatch, first, border):
    """Box3x3 (or Not) of a uniform 90 into a virtual image on a block left full of 255, then Box3x3
    into the application's image: its edge rows read the virtual image's frame, zero (an UNDEFINED
    box writes none of it; a REPLICATE one and Not write all of it)."""
    monkeypatch.setenv("PVX_FUSION", "0")     # (node by node: the virtual image is not a ring)
    lib, c, ffi = vx.lib, vx.c, vx.ffi
    x = _uniform(vx, 90)
    out = lib.vxCreateImage(vx.context, W, H, c.VX_DF_IMAGE_U8)
    _dirty_blocks(vx, 3)
    graph = lib.vxCreateGraph(vx.context)
    mid = lib.vxCreateVirtualImage(graph, W, H, c.VX_DF_IMAGE_U8)
    head = lib.vxBox3x3Node(graph, x, mid) if first == "box" else lib.vxNotNode(graph, x, mid)
    tail = lib.vxBox3x3Node(graph, mid, out)
    if border == "replicate":
        mode = ffi.new("vx_border_t *", {"mode": c.VX_BORDER_REPLICATE})
        for node in (head, tail):
            assert lib.vxSetNodeAttribute(node, c.VX_NODE_BORDER, mode, ffi.sizeof("vx_border_t")) == 0
    assert lib.vxProcessGraph(graph) == 0
    got = _u8(vx, out)
    value = 90 if first == "box" else 255 - 90
    mid_expected = np.full((H, W), value, np.int32)
    if first == "box" and border == "undefined":
        mid_expected[[0, -1], :] = mid_expected[:, [0, -1]] = 0
    padded = np.pad(mid_expected, 1, mode="edge")
    sums = sum(padded[dy:dy + H, dx:dx + W] for dy in range(3) for dx in range(3))
    expected = (sums // 9).astype(np.uint8)
    if border == "undefined":                # (the box leaves its own output's frame: zero, never mapped)
        expected[[0, -1], :] = expected[:, [0, -1]] = 0
    assert np.array_equal(got, expected), np.argwhere(got != expected)[:5]
    _release(vx, graph, [x, out])


def test_the_frame_is_exactly_what_an_undefined_box_leaves(vx, monkeypatch):
    """On a block of 255, the virtual image between two UNDEFINED boxes gets only its one-pixel
    frame zeroed (white box: the storage as verification left it, before any run)."""
    monkeypatch.setenv("PVX_FUSION", "0")
    lib, c = vx.lib, vx.c
    x, out = _uniform(vx, 90), lib.vxCreateImage(vx.context, W, H, c.VX_DF_IMAGE_U8)
    _dirty_blocks(vx, 3)
    graph = lib.vxCreateGraph(vx.context)
    mid = lib.vxCreateVirtualImage(graph, W, H, c.VX_DF_IMAGE_U8)
    lib.vxBox3x3Node(graph, x, mid)
    lib.vxBox3x3Node(graph, mid, out)
    assert lib.vxVerifyGraph(graph) == 0
    from pyopenvx.reference import find
    image = find(vx.ffi.cast("vx_reference", mid))
    pixels = np.frombuffer(vx.ffi.buffer(image.desc.plane[0].ptr, W * H), np.uint8).reshape(H, W)
    assert not pixels[[0, -1], :].any() and not pixels[:, [0, -1]].any()
    # (left as the block was, but for the zero a page the prefault writes: the box writes it all)
    assert (pixels[1:-1, 1:-1] == 255).mean() > 0.99
    _release(vx, graph, [x, out])

