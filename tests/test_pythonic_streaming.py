"""Pipelining and streaming from Python: graph.stream over numpy frames (in order, results equal
to one-at-a-time runs), streaming with Python kernels as source and sink."""
import time

import numpy as np
import pytest

from pyopenvx.constants import VX_FAILURE
from pyopenvx.pythonic import INPUT, OUTPUT, Failure, Graph, Image, user_kernel


def frames(n, shape=(48, 64)):
    rng = np.random.default_rng(5)
    return [rng.integers(0, 256, shape, dtype=np.uint8) for _ in range(n)]


def edge_graph(ctx):
    graph = Graph(ctx)
    src, out = Image(ctx, 64, 48), Image(ctx, 64, 48)
    graph.canny(graph.gaussian3x3(src), low=80, high=160, output=out)
    return graph, src, out


def test_a_hundred_frames_pipelined_in_order(ctx):
    inputs = frames(100)
    graph, src, out = edge_graph(ctx)
    expected = []
    for frame in inputs[:5]:
        src.write(frame)
        graph.process()
        expected.append(out.to_numpy())
    graph, src, out = edge_graph(ctx)                  # a fresh graph: a schedule is configured once
    results = list(graph.stream(inputs, src, out, depth=3))
    assert len(results) == 100
    for got, want in zip(results, expected):
        np.testing.assert_array_equal(got, want)
    for got, frame in zip(results[50:53], inputs[50:53]):
        ref = Graph(ctx)
        ref_out = Image(ctx, 64, 48)
        ref.canny(ref.gaussian3x3(frame), low=80, high=160, output=ref_out)
        ref.process()
        np.testing.assert_array_equal(got, ref_out.to_numpy())


def test_a_stream_stopped_early_leaves_the_graph_ready(ctx):
    graph = Graph(ctx)
    src, out = Image(ctx, 64, 48), Image(ctx, 64, 48)
    graph.node("org.khronos.openvx.not", src, out)
    for result in graph.stream(frames(10), src, out, depth=2):
        break
    again = [int(r[0, 0]) for r in graph.stream([np.full((48, 64), i, np.uint8) for i in range(5)], src, out, depth=2)]
    assert again == [255, 254, 253, 252, 251]
    with pytest.raises(ValueError, match="configured once"):
        graph.stream(frames(1), src, out, depth=3)
    with pytest.raises(ValueError, match="is not a parameter of a node"):
        Graph(ctx).parameter(src)


def test_python_kernels_as_source_and_sink(ctx):
    counter, seen = iter(range(10**6)), []

    @user_kernel(ctx, "app.camera", [("out", OUTPUT, "image")], validator=lambda out: {0: (64, 48, "U8")})
    def camera(out):
        with out.map(usage="w") as pixels:
            pixels[:] = next(counter) % 256

    @user_kernel(ctx, "app.show", [("in", INPUT, "image")], validator=lambda src: {})
    def show(src):
        with src.map(usage="r") as pixels:
            seen.append(int(pixels[5, 5]))

    with camera, show, Graph(ctx) as graph:
        frame = Image.virtual(graph)
        graph.node(camera, frame).release()
        graph.node(show, graph.gaussian3x3(frame)).release()
        graph.start_streaming()
        deadline = time.monotonic() + 30
        while len(seen) < 10 and time.monotonic() < deadline:
            time.sleep(0.005)
        graph.stop_streaming()
        del frame
    assert seen[:10] == list(range(10))


def test_recorded_events_name_their_nodes(ctx):
    graph, src, out = edge_graph(ctx)
    graph.record_events("node_completed", "graph_completed")
    src.write(frames(1)[0])
    graph.process()
    events = graph.events()
    assert [(e.kind, e.node, e.status) for e in events] == [
        ("node_completed", "org.khronos.openvx.gaussian_3x3", 0),
        ("node_completed", "org.khronos.openvx.canny_edge_detector", 0), ("graph_completed", None, 0)]
    assert graph.events() == []             # each event once
    with pytest.raises(ValueError, match="node_error, node_completed, graph_completed"):
        graph.record_events("node_done")


def test_a_failing_run_is_raised_by_that_run_only(ctx):
    @user_kernel(ctx, "app.broken", [("in", INPUT, "image")], validator=lambda src: {})
    def broken(src):
        raise ZeroDivisionError("broken")

    graph, src, out = edge_graph(ctx)
    with broken, graph:
        graph.node(broken, out).release()
        graph.record_events("node_error")
        with pytest.raises(Failure, match="app.broken") as err:
            graph.process()
        assert isinstance(err.value.__cause__, ZeroDivisionError)
        assert [(e.kind, e.node, e.status) for e in graph.events()] == [("node_error", "app.broken", VX_FAILURE)]
        assert graph.state == "abandoned"   # not raised again: only a stream's errors wait for the next call
        graph.verify()
