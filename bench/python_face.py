"""The Python face's per-call costs (issue 26), each beside its floor in the same run:
  map/unmap of a 64x48 image       pythonic `with img.map()`     vs the raw cffi calls it makes
  one attribute                    `img.width`                   vs a raw vxQueryImage
  a Python kernel mapping 2 images a graph of it                 vs the same graph with a C kernel
  an empty Python kernel           a graph of it (the callback's own cost, without maps) vs the same
  a 1080p edge graph, pipelined    graph.stream (numpy in/out)   vs graph.process() alone on the same frame
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


def edge_graph(ctx):
    graph, src, edges = Graph(ctx), Image(ctx, 1920, 1080), Image(ctx, 1920, 1080)
    graph.canny(graph.gaussian3x3(src), low=80, high=160, output=edges)
    return graph, src, edges


def stream_row(ctx, rounds=9, n=12):
    """graph.stream over n copies of one 1080p frame (numpy in, numpy out) against process() of the
    same graph with that frame already in its source image (the graph alone, no copies). Rounds
    alternate, and the ratio is the median of each round's ratio (the load changes between
    rounds more than within one). Canny's cost depends on the content: a never-written (blank)
    source runs about twice as fast as a noisy frame, so the figure for that is given apart."""
    frame = np.random.default_rng(0).integers(0, 256, (1080, 1920), dtype=np.uint8)
    alone, src, _ = edge_graph(ctx)
    blank, _, _ = edge_graph(ctx)
    alone.verify()
    blank.verify()
    src.write(frame)
    streamed, s_src, s_edges = edge_graph(ctx)
    times = {"alone": [], "stream": [], "blank": []}

    def timed(key, body):
        start = time.perf_counter_ns()
        body()
        times[key].append((time.perf_counter_ns() - start) / n)
    for _ in range(rounds):
        timed("alone", lambda: [alone.process() for _ in range(n)])
        timed("stream", lambda: [None for _ in streamed.stream((frame for _ in range(n)), s_src, s_edges)])
        timed("blank", lambda: [blank.process() for _ in range(n)])
    out = row("1080p edge graph: stream numpy->numpy vs process() alone (same frame)",
              statistics.median(times["stream"]), statistics.median(times["alone"]))
    out["ratio"] = statistics.median(s / a for s, a in zip(times["stream"], times["alone"]))
    out["process_blank_source_ns"] = statistics.median(times["blank"])
    return out


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

    results.append(stream_row(ctx))
    json.dump({"bench": "python_face", "results": results}, sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
