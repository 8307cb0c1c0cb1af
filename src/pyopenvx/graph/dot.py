"""tivxExportGraphToDot (seed 003): a graph as Graphviz text, where TIOVX's tools and users look for it
(`<path>/<prefix>_1_img.txt`): each node with its kernel and target, each data object with its type
(virtual ones dashed), an edge per parameter in its direction."""
import os

from .. import constants as vx
from ..errors import check
from ..reference import type_name
from . import targets


def _label(text):
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _object(obj, index):
    name = obj.name or f"{type_name(obj.vx_type)}_{index}"
    style = ', style="dashed"' if getattr(obj, "virtual", False) else ""
    return f'  d{index} [shape=box, label="{_label(name)}\\n{type_name(obj.vx_type)}"{style}];'


def text(graph):
    lines = [f'digraph "{_label(graph.name or "graph")}" {{', "  rankdir=LR;"]
    objects = {}
    for n, node in enumerate(graph.nodes):
        label = f"{node.name or node.kernel.kernel_name}\\n{node.kernel.kernel_name}\\n{targets.target_name(node)}"
        lines.append(f'  n{n} [shape=ellipse, label="{_label(label)}"];')
        for i, obj in enumerate(node.params):
            if obj is None:
                continue
            if id(obj) not in objects:
                objects[id(obj)] = len(objects)
                lines.append(_object(obj, objects[id(obj)]))
            d = objects[id(obj)]
            out = node.signature(i).direction == vx.VX_OUTPUT
            lines.append(f'  n{n} -> d{d} [label="{i}"];' if out else f'  d{d} -> n{n} [label="{i}"];')
    lines.append("}")
    return "\n".join(lines) + "\n"


def export(graph, path, prefix):
    check(os.path.isdir(path), vx.VX_ERROR_INVALID_PARAMETERS, f"{path!r} is not a folder", graph)
    file = os.path.join(path, f"{prefix}_1_img.txt")
    try:
        with open(file, "w") as f:
            f.write(text(graph))
    except OSError as e:
        check(False, vx.VX_FAILURE, f"cannot write {file}: {e.strerror}", graph)
