"""Threads on one context: each Python thread's graphs, images, maps, one-call functions and
errors stay its own (the error log is gathered per thread, map buffers are never shared by two
maps at once, a shared Python kernel's per-node cache is per node)."""
import gc
import sys
import threading

import numpy as np
import pytest

import pyopenvx.fn as vxfn
from pyopenvx.pythonic import INPUT, OUTPUT, Failure, Graph, Image, VXError, user_kernel

THREADS, ROUNDS = 4, 200


@pytest.fixture
def fast_switching():
    """Thread switches every few microseconds, so that races show within the rounds."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(interval)


def run_threads(body):
    errors = []

    def guarded(index):
        try:
            body(index)
        except BaseException as exc:      # noqa: BLE001  (reported by the main thread)
            errors.append((index, exc))
    threads = [threading.Thread(target=guarded, args=(i,)) for i in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors


def test_threads_keep_their_results_and_their_errors(ctx, fast_switching):
    @user_kernel(ctx, "app.add_tag", [("in", INPUT, "image"), ("out", OUTPUT, "image")])
    def add_tag(src, dst):                # one kernel shared by every thread's graph
        with src.map(usage="r") as a, dst.map(usage="w") as b:
            np.add(a, 1, out=b)

    @user_kernel(ctx, "app.fail", [("in", INPUT, "image"), ("out", OUTPUT, "image")])
    def fail(src, dst):
        with src.map(usage="r") as a:
            raise ValueError(f"thread {a[0, 0]} round {a[0, 1]}")

    shared = Image(ctx, 16, 8)
    shared.write(np.full((8, 16), 42, np.uint8))

    def body(index):
        src, out, bad = Image(ctx, 16, 8), Image(ctx, 16, 8), Image(ctx, 16, 8)
        graph = Graph(ctx)                # C (not), Python, Python
        inverted, mid = Image.virtual(graph), Image.virtual(graph)
        graph.node("org.khronos.openvx.not", src, inverted)
        graph.node(add_tag, inverted, mid)
        graph.node(add_tag, mid, out)
        failing = Graph(ctx)
        failing.node(fail, bad, Image(ctx, 16, 8))
        for r in range(ROUNDS):
            value = 2 + (index * 50 + r) % 190       # 255 - value + 2 fits a uint8
            with src.map(usage="w") as pixels:
                pixels[:] = value
            graph.process()
            with out.map(usage="r") as got:
                assert (got == 255 - value + 2).all(), (index, r)
            with shared.map(usage="r") as seen:
                assert (seen == 42).all()
            a = np.full((8, 16), value, np.uint8)
            np.testing.assert_array_equal(vxfn.threshold(a, value=100), np.where(a > 100, 255, 0))
            with bad.map(usage="w") as tag:
                tag[0, 0], tag[0, 1] = index, r % 256
            with pytest.raises(Failure) as err:
                failing.process()
            own = f"thread {index} round {r % 256}"
            lines = [line for line in err.value.log if "thread" in line]
            assert lines and all(own in line for line in lines), (own, err.value.log)
            assert isinstance(err.value.__cause__, ValueError) and own in str(err.value.__cause__)
    run_threads(body)
    gc.collect()                          # the caught errors and their frames hold the graphs in cycles
    add_tag.release()                     # user kernels stay until removed (or the context goes)
    fail.release()


def test_a_successful_call_in_one_thread_leaves_another_threads_lines(ctx):
    """Thread B's successful calls between thread A's failing C call and its check clear nothing of A's."""
    from pyopenvx.pythonic import errors
    ready, done = threading.Event(), threading.Event()

    def other():
        ready.wait()
        for _ in range(100):
            errors.check(0, "a call that succeeded")
        done.set()
    t = threading.Thread(target=other)
    t.start()
    errors.note_log("the reason of this thread's failure")
    ready.set()
    done.wait()
    t.join()
    with pytest.raises(VXError) as err:
        errors.check(-1, "failing call")
    assert err.value.log == ["the reason of this thread's failure"]
