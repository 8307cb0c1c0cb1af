"""What a user sees of objects: reprs with kind, size, format, state and counts; in a notebook an
image as a PNG picture (written with zlib, no new dependency) and a graph as a diagram (Graphviz
`dot` when installed, else its DOT text)."""
import os
import struct
import zlib

import numpy as np

from pyopenvx.pythonic import Array, Delay, Graph, Image


def decode_png(data):
    """(width, height, depth, colour type, rows as bytes) of a PNG of one IDAT, checking each CRC."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks, at = {}, 8
    while at < len(data):
        length, = struct.unpack(">I", data[at:at + 4])
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + length]
        assert struct.unpack(">I", data[at + 8 + length:at + 12 + length])[0] == zlib.crc32(kind + body)
        chunks[kind] = body
        at += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", chunks[b"IHDR"][:10])
    raw = zlib.decompress(chunks[b"IDAT"])
    stride = len(raw) // height
    assert all(raw[r * stride] == 0 for r in range(height))        # filter "none" on every row
    return width, height, depth, colour, [raw[r * stride + 1:(r + 1) * stride] for r in range(height)], chunks


def test_reprs_say_kind_size_state_and_counts(ctx):
    graph = Graph(ctx)
    src = Image(ctx, 64, 48)
    graph.gaussian3x3(src, Image(ctx, 64, 48))
    node = graph.node("org.khronos.openvx.box_3x3", src, Image(ctx, 64, 48))
    graph.process()
    assert repr(node) == "<Node box_3x3 2 parameters status=VX_SUCCESS>"
    assert repr(graph._nodes[0]) == "<Node gaussian_3x3 2 parameters status=VX_SUCCESS>"
    assert repr(graph) == "<Graph completed, 2 nodes>"
    points = Array(ctx, "keypoint", 10)
    points.extend(np.zeros(5, points.dtype))
    assert repr(points) == "<Array VX_TYPE_KEYPOINT 5/10>"
    assert repr(Array(ctx, "uint16", 4)) == "<Array VX_TYPE_UINT16 0/4>"
    assert repr(Delay(ctx, src, 3)) == "<Delay 3 slots>"


def test_an_image_is_a_png_in_a_notebook(ctx):
    grey = np.arange(48 * 64, dtype=np.uint32).reshape(48, 64).astype(np.uint8)
    width, height, depth, colour, rows, _ = decode_png(Image.from_numpy(ctx, grey)._repr_png_())
    assert (width, height, depth, colour) == (64, 48, 8, 0)
    np.testing.assert_array_equal(np.frombuffer(b"".join(rows), np.uint8).reshape(48, 64), grey)
    rgb = np.random.default_rng(1).integers(0, 256, (48, 64, 3), dtype=np.uint8)
    width, height, depth, colour, rows, _ = decode_png(Image.from_numpy(ctx, rgb)._repr_png_())
    assert (depth, colour) == (8, 2)
    np.testing.assert_array_equal(np.frombuffer(b"".join(rows), np.uint8).reshape(48, 64, 3), rgb)
    deep = np.arange(48 * 64, dtype=np.uint16).reshape(48, 64) * 20
    _, _, depth, colour, rows, _ = decode_png(Image.from_numpy(ctx, deep)._repr_png_())
    assert (depth, colour) == (16, 0)
    np.testing.assert_array_equal(np.frombuffer(b"".join(rows), ">u2").reshape(48, 64), deep)
    signed = np.linspace(-100, 100, 48 * 64).astype(np.int16).reshape(48, 64)
    _, _, depth, _, rows, _ = decode_png(Image.from_numpy(ctx, signed)._repr_png_())
    stretched = np.frombuffer(b"".join(rows), np.uint8)
    assert depth == 8 and (stretched.min(), stretched.max()) == (0, 255)
    nv12 = Image(ctx, 64, 48, "NV12")
    nv12.write(np.full((72, 64), 9, np.uint8))
    width, height, _, colour, rows, _ = decode_png(nv12._repr_png_())     # YUV: its luma
    assert (width, height, colour, set(b"".join(rows))) == (64, 48, 0, {9})
    graph = Graph(ctx)
    assert Image.virtual(graph)._repr_png_() is None       # nothing to show yet


def _edge_graph(ctx):
    graph = Graph(ctx)
    src, edges = Image(ctx, 64, 48), Image(ctx, 64, 48)
    graph.canny(graph.gaussian3x3(src), low=80, high=160, output=edges)
    return graph


def test_a_graph_is_a_diagram_of_its_nodes_and_data(ctx, tmp_path, monkeypatch):
    graph = _edge_graph(ctx)
    text = graph.dot()
    assert text.startswith("digraph {") and text.count("shape=box") == 2 and text.count("shape=ellipse") == 6
    assert 'label="Node gaussian_3x3 2 parameters' in text and 'label="Node canny_edge_detector 5 parameters' in text
    assert "d0 -> n0" in text and "n0 -> d1" in text and "d1 -> n1" in text and "n1 -> d5" in text
    monkeypatch.setenv("PATH", str(tmp_path))              # no Graphviz: the DOT text, as markdown
    assert graph._repr_svg_() is None
    assert graph._repr_markdown_() == f"```dot\n{text}```"
    fake = tmp_path / "dot"                                # Graphviz: its SVG (a stand-in echoing its input)
    fake.write_text("#!/bin/sh\n[ \"$1\" = -Tsvg ] || exit 1\necho '<svg>'; /bin/cat; echo '</svg>'\n")
    fake.chmod(0o755)
    svg = graph._repr_svg_()
    assert svg.startswith("<svg>") and "canny_edge_detector" in svg and graph._repr_markdown_() is None
    assert os.environ["PATH"] == str(tmp_path)
