"""The Python face's per-call costs (issue 26), each beside its floor in the same run:
  map/unmap of a 64x48 image       pythonic `with img.map()`     vs the raw cffi calls it makes
  one attribute                    `img.width`                   vs a raw vxQueryImage
  a Python kernel mapping 2 images a graph of it                 vs the same graph with a C kernel
  an empty Python kernel           a graph of it (the callback's own cost, without maps) vs the same
  a 1080p edge graph, pipelined    graph.stream (numpy in/out)   vs graph.process() alone
Prints a JSON object like the C benchmarks (bench/run.py collects it); medians of batches.

    python bench/python_face.py
"""
import json
import statistics
import sys
import time

import numpy as np

from pyopenvx import constants as vx
from pyopenvx.api import ffi, lib
from pyopenvx.pythonic import INPUT, OUTPUT, Context, Graph, Image, user_kernel


def per_call_ns(function, calls, batches=15):
    samples = []
    for _ in range(batches):
        start = time.perf_counter_ns()
        for _ in range(calls):
            function()
        samples.append((time.perf_counter_ns() - start) / calls)
    return statistics.median(samples)


def row(name, ours, floor):
    return {"name": name, "ours_ns": ours, "plain_c_ns": floor, "ratio": ours / floor}


def main():
    ctx = Context()
    img = Image(ctx, 64, 48)
    rect = ffi.new("vx_rectangle_t *", (0, 0, 64, 48))
    map_id, addr, ptr = ffi.new("vx_map_id *"), ffi.new("vx_imagepatch_addressing_t *"), ffi.new("void **")
    out = ffi.new("vx_uint32 *")

    def pythonic_map():
        with img.map(usage="r"):
            pass

    def raw_map():
        lib.vxMapImagePatch(img.handle, rect, 0, map_id, addr, ptr, vx.VX_READ_ONLY, vx.VX_MEMORY_TYPE_HOST, 0)
        lib.vxUnmapImagePatch(img.handle, map_id[0])

    results = [row("map+unmap 64x48 (pythonic vs raw cffi)", per_call_ns(pythonic_map, 2000),
                   per_call_ns(raw_map, 2000)),
               row("attribute img.width (pythonic vs raw cffi)", per_call_ns(lambda: img.width, 20000),
                   per_call_ns(lambda: lib.vxQueryImage(img.handle, vx.VX_IMAGE_WIDTH, out, 4), 20000))]

    @user_kernel(ctx, "bench.copy", [("in", INPUT, "image"), ("out", OUTPUT, "image")])
    def copy(src, dst):
        with src.map(usage="r"), dst.map(usage="w"):
            pass

    def one_node(kernel):
        graph = Graph(ctx)
        graph.node(kernel, Image(ctx, 64, 48), Image(ctx, 64, 48))
        graph.verify()
        return graph

    @user_kernel(ctx, "bench.nothing", [("in", INPUT, "image"), ("out", OUTPUT, "image")])
    def nothing(src, dst):
        pass

    python_graph, empty_graph, c_graph = one_node(copy), one_node(nothing), one_node("org.khronos.openvx.not")
    python_ns, c_ns = per_call_ns(python_graph.process, 500), per_call_ns(c_graph.process, 500)
    empty_ns = per_call_ns(empty_graph.process, 500)
    results.append(row("Python kernel mapping 2 images 64x48 (graph run vs C kernel)", python_ns, c_ns))
    results[-1]["overhead_ns"] = python_ns - c_ns
    results.append(row("empty Python kernel (graph run vs C kernel)", empty_ns, c_ns))
    results[-1]["overhead_ns"] = empty_ns - c_ns

    frames = [np.random.default_rng(i).integers(0, 256, (1080, 1920), dtype=np.uint8) for i in range(4)]
    graph, src, edges = Graph(ctx), Image(ctx, 1920, 1080), Image(ctx, 1920, 1080)
    graph.canny(graph.gaussian3x3(src), low=80, high=160, output=edges)
    graph.verify()
    alone = per_call_ns(graph.process, 10, batches=7)
    streamed = Graph(ctx)
    s_src, s_edges = Image(ctx, 1920, 1080), Image(ctx, 1920, 1080)
    streamed.canny(streamed.gaussian3x3(s_src), low=80, high=160, output=s_edges)
    n = 40
    samples = []
    for _ in range(5):
        start = time.perf_counter_ns()
        for _ in streamed.stream((frames[i % 4] for i in range(n)), s_src, s_edges, depth=3):
            pass
        samples.append((time.perf_counter_ns() - start) / n)
    results.append(row("1080p edge graph: stream numpy->numpy vs process() alone", statistics.median(samples), alone))
    json.dump({"bench": "python_face", "results": results}, sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
