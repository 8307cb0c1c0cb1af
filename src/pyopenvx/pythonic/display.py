"""Objects as pictures in notebooks (IPython's rich display), with no dependency beyond numpy:
an image is a PNG written here with zlib; a graph is a diagram of its nodes and data, drawn by
Graphviz's `dot` when it is installed, else shown as its DOT text.

    image               # in Jupyter: the picture (Image._repr_png_)
    graph               # the diagram (Graph._repr_svg_), or the DOT text (Graph._repr_markdown_)
    print(graph.dot())  # the DOT text anywhere
"""
from __future__ import annotations

import shutil
import struct
import subprocess
import zlib
from typing import Any, Dict, Optional

import numpy as np

from .base import _address

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# PNG colour type by channels: grey, grey + alpha, RGB, RGBA
_COLOUR = {1: 0, 2: 4, 3: 2, 4: 6}


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(pixels: np.ndarray) -> bytes:
    """A PNG file of `pixels`: (h, w) grey or (h, w, 3|4) RGB(A), uint8 or uint16 (16 bits per value)."""
    if pixels.ndim == 2:
        pixels = pixels[:, :, None]
    height, width, channels = pixels.shape
    depth = 16 if pixels.dtype == np.uint16 else 8
    rows = np.ascontiguousarray(pixels.astype(">u2") if depth == 16 else pixels.astype(np.uint8, copy=False))
    raw = np.zeros((height, 1 + rows[0].nbytes), np.uint8)       # filter byte 0 (none) before each row
    raw[:, 1:] = rows.reshape(height, -1).view(np.uint8)
    header = struct.pack(">IIBBBBB", width, height, depth, _COLOUR[channels], 0, 0, 0)
    return _SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(raw.tobytes(), 6)) + \
        _chunk(b"IEND", b"")


def viewable(image: Any) -> Optional[np.ndarray]:
    """The pixels of `image` to look at: U8, U16, RGB, RGBX as they are; the luma of YUV formats;
    U1 as 0/255; signed and 32-bit ones stretched over 0..255. None for a virtual image."""
    fmt = image.format
    if fmt == "VIRT":
        return None
    if fmt in ("U8", "U16", "RGB", "RGBX"):
        return image.to_numpy()
    if fmt in ("NV12", "NV21", "IYUV", "YUV4"):
        return image.to_numpy(plane=0)
    if fmt in ("YUYV", "UYVY"):
        return image.to_numpy()[:, :, 0 if fmt == "YUYV" else 1]
    if fmt == "U1":
        return np.unpackbits(image.to_numpy(), axis=1, bitorder="little")[:, :image.width] * np.uint8(255)
    values = image.to_numpy().astype(np.float64)
    low, high = values.min(), values.max()
    return np.rint((values - low) * (255 / (high - low)) if high > low else values * 0).astype(np.uint8)


def _label(obj: Any) -> str:
    return repr(obj)[1:-1].replace('"', "'")


def dot(graph: Any) -> str:
    """Graphviz DOT text of `graph`: its nodes (those made through its wrapper, boxes) and the data
    they read and write (ellipses), edges in the direction the data flows."""
    lines = ["digraph {", "  rankdir=LR;", '  node [fontname="Helvetica", fontsize=10];']
    data: Dict[int, str] = {}
    for i, node in enumerate(graph._nodes):
        lines.append(f'  n{i} [shape=box, style=filled, fillcolor="#dde8f5", label="{_label(node)}"];')
        for index in range(node.num_parameters):
            held = node[index]
            if held is None:
                continue
            try:
                key = _address(held.reference)
                if key not in data:
                    data[key] = f"d{len(data)}"
                    lines.append(f'  {data[key]} [shape=ellipse, label="{_label(held)}"];')
                edge = (f"n{i}", data[key]) if node.direction(index) == "output" else (data[key], f"n{i}")
                lines.append(f'  {edge[0]} -> {edge[1]} [label="{index}"];')
            finally:
                held.release()
    return "\n".join(lines + ["}"]) + "\n"


def svg(graph: Any) -> Optional[str]:
    """The diagram of `graph` as SVG, drawn by Graphviz's `dot`; None when it is not installed."""
    program = shutil.which("dot")
    if program is None:
        return None
    proc = subprocess.run([program, "-Tsvg"], input=dot(graph), capture_output=True, text=True, timeout=60)
    return proc.stdout if proc.returncode == 0 else None
