"""The Pythonic layer's graphs and Python user kernels, alone and mixed with C kernels."""
import weakref

import numpy as np
import pytest

from pyopenvx import constants as vx
from pyopenvx.api import ffi, lib
from pyopenvx.pythonic import (INPUT, OUTPUT, Context, Delay, Graph, Image, Kernel, Released, Scalar, StatusError,
                               Tensor, user_kernel)
from pyopenvx.pythonic import base

U8_IO = [("in", INPUT, "image"), ("out", OUTPUT, "image")]


@pytest.fixture
def ctx():
    """A context whose log entries are in `ctx.log`; checks the references come back to their start."""
    with Context() as context:
        context.log = []
        context.on_log(lambda status, text: context.log.append((status, text)))
        start = context.references
        yield context
        assert context.references == start


def pixels(seed, shape=(6, 10)):
    return np.random.default_rng(seed).integers(0, 256, shape, dtype=np.uint8)


def u8_validator(src, dst):
    if src.format != "U8":
        raise StatusError(vx.VX_ERROR_INVALID_FORMAT, f"input is {src.format}, not U8")
    return {"out": (src.width, src.height, "U8")}


def register(ctx):
    """app.invert (a validator giving a tuple) and app.half (no validator: out like in)."""
    @user_kernel(ctx, "app.invert", U8_IO, validator=u8_validator)
    def invert(src, dst):
        with src.map(usage="r") as a, dst.map(usage="w") as b:
            b[:] = 255 - a

    @user_kernel(ctx, "app.half", U8_IO)
    def half(src, dst):
        with src.map(usage="r") as a, dst.map(usage="w") as b:
            b[:] = a // 2
    return invert, half


def test_python_kernel_chain_with_virtual_intermediates(ctx):
    invert, half = register(ctx)
    with invert, half, Image(ctx, 10, 6) as src, Image(ctx, 10, 6) as dst, Graph(ctx) as graph:
        with Image.virtual(graph) as v1, Image.virtual(graph) as v2:
            nodes = [graph.node(invert, src, v1), graph.node("app.half", v1, v2), graph.node(invert, v2, dst)]
        assert graph.num_nodes == 3 and graph.state == "unverified"
        for seed in (1, 2):                        # the second run takes the verified graph's C path
            data = pixels(seed)
            src.write(data)
            graph.process()
            np.testing.assert_array_equal(dst.to_numpy(), 255 - (255 - data) // 2)
        assert graph.state == "completed"
        assert [n.status for n in nodes] == [vx.VX_SUCCESS] * 3
        with nodes[1][1] as v2_again:              # an owned wrapper of the node's parameter
            assert (v2_again.width, v2_again.height, v2_again.format) == (10, 6, "U8")
        for n in nodes:
            n.release()
    assert ctx.log == []


def test_python_and_c_kernels_in_one_graph(ctx, tmp_path):
    from test_user_kernels import build_module
    module = str(build_module(tmp_path, "pvxadd10", source="add_module.c")).encode()
    check_ok = lambda status: status == vx.VX_SUCCESS or pytest.fail(f"status {status}")
    check_ok(lib.vxLoadKernels(ctx.handle, module))
    invert, half = register(ctx)
    with invert, half, Kernel.by_name(ctx, "test.c.add10") as add10, Image(ctx, 10, 6) as src, \
            Image(ctx, 10, 6) as dst, Graph(ctx) as graph:
        assert add10.num_parameters == 2 and add10.name == "test.c.add10"
        with Kernel.by_enum(ctx, add10.enum) as same:
            assert same.name == "test.c.add10"
        with Image.virtual(graph) as v1, Image.virtual(graph, 10, 6, "U8") as v2:
            for node in (graph.node(add10, src, v1), graph.node(invert, v1, v2), graph.node("test.c.add10", v2, dst)):
                node.release()                     # the graph holds its nodes
        data = pixels(3)
        src.write(data)
        graph.process()
        expected = np.minimum(255 - np.minimum(data.astype(int) + 10, 255) + 10, 255)
        np.testing.assert_array_equal(dst.to_numpy(), expected)
    check_ok(lib.vxUnloadKernels(ctx.handle, module))


def test_validator_refusals_give_their_status_and_a_log_entry(ctx):
    invert, half = register(ctx)

    @user_kernel(ctx, "app.broken_validator", U8_IO, validator=lambda src, dst: {"out": {"colour": 1}})
    def broken(src, dst):
        pytest.fail("a kernel whose validator failed ran")

    with invert, half, broken, Image(ctx, 4, 4, "S16") as s16, Image(ctx, 4, 4) as u8, Image(ctx, 4, 4) as out:
        with Graph(ctx) as graph:
            graph.node(invert, s16, out).release()
            with pytest.raises(StatusError) as refused:
                graph.verify()
            assert refused.value.status == vx.VX_ERROR_INVALID_FORMAT
            assert graph.state == "unverified"
            assert any(status == vx.VX_ERROR_INVALID_FORMAT and "app.invert validator" in text
                       and "input is S16, not U8" in text for status, text in ctx.log)
        ctx.log.clear()
        with Graph(ctx) as graph:
            graph.node(broken, u8, out).release()
            with pytest.raises(StatusError) as refused:
                graph.process()
            assert refused.value.status == vx.VX_FAILURE
            assert any(status == vx.VX_FAILURE and "KeyError" in text and "colour" in text for status, text in ctx.log)


@pytest.mark.parametrize("error, status, words", [
    (ZeroDivisionError("no pixels"), vx.VX_FAILURE, "ZeroDivisionError: no pixels"),
    (StatusError(vx.VX_ERROR_NO_RESOURCES, "the camera"), vx.VX_ERROR_NO_RESOURCES, "the camera failed"),
])
def test_kernel_exceptions_fail_the_node_and_the_graph(ctx, error, status, words):
    @user_kernel(ctx, "app.raises", U8_IO)
    def raises(src, dst):
        raise error

    with raises, Image(ctx, 4, 4) as src, Image(ctx, 4, 4) as dst, Graph(ctx) as graph:
        node = graph.node(raises, src, dst)
        with pytest.raises(StatusError) as failed:
            graph.process()
        assert failed.value.status == status
        assert node.status == status
        assert graph.state == "abandoned"
        assert [s for s, text in ctx.log if "app.raises kernel" in text and words in text] == [status]
        node.release()


def test_schedule_and_wait(ctx):
    invert, half = register(ctx)
    with invert, half, Image(ctx, 10, 6) as src, Image(ctx, 10, 6) as dst, Graph(ctx) as graph:
        graph.node(invert, src, dst).release()
        data = pixels(4)
        src.write(data)
        graph.schedule()
        with pytest.raises(StatusError) as busy:         # scheduled until waited for
            graph.process()
        assert busy.value.status == vx.VX_ERROR_GRAPH_SCHEDULED
        graph.wait()
        np.testing.assert_array_equal(dst.to_numpy(), 255 - data)
        assert graph.state == "completed"


def test_graph_parameters(ctx):
    invert, half = register(ctx)
    with invert, half, Image(ctx, 10, 6) as a, Image(ctx, 10, 6) as b, Image(ctx, 10, 6) as out_a, \
            Image(ctx, 10, 6) as out_b, Graph(ctx) as graph:
        with Image.virtual(graph) as v, graph.node(invert, a, v) as first, graph.node(half, v, out_a) as second:
            assert graph.add_parameter(first, 0) == 0
            assert graph.add_parameter(second, 1) == 1
        assert graph.num_parameters == 2
        for src, dst, seed in ((a, out_a, 5), (b, out_b, 6)):
            graph[0], graph[1] = src, dst
            with graph[0] as p0, graph[1] as p1:
                assert (p0.handle, p1.handle) == (src.handle, dst.handle)
            data = pixels(seed)
            src.write(data)
            graph.process()
            np.testing.assert_array_equal(dst.to_numpy(), (255 - data) // 2)
        with pytest.raises(StatusError) as refused:
            graph[2] = a
        assert refused.value.status == vx.VX_ERROR_INVALID_VALUE


def test_node_callbacks_and_border(ctx):
    invert, half = register(ctx)
    seen = []
    with invert, half, Image(ctx, 4, 4) as src, Image(ctx, 4, 4) as dst, Graph(ctx) as graph, \
            graph.node(invert, src, dst) as node:
        assert node.border == ("undefined", 0)
        node.border = ("constant", 7)
        assert node.border == ("constant", 7)
        node.border = "replicate"
        assert node.border[0] == "replicate"
        node.on_complete(lambda n: seen.append(n.status))
        graph.process()
        assert seen == [vx.VX_SUCCESS]
        node.on_complete(lambda n: "abandon")
        with pytest.raises(StatusError) as abandoned:
            graph.process()
        assert abandoned.value.status == vx.VX_ERROR_GRAPH_ABANDONED
        assert graph.state == "abandoned"
        node.on_complete(lambda n: 1 / 0)
        with pytest.raises(StatusError) as abandoned:
            graph.process()
        assert abandoned.value.status == vx.VX_ERROR_GRAPH_ABANDONED
        assert graph.state == "abandoned"
        assert any("node callback: ZeroDivisionError" in text for _, text in ctx.log)
        node.on_complete(None)
        graph.process()
        assert graph.state == "completed"


def test_delay_slots_are_wrappers_of_their_type(ctx):
    with Image(ctx, 4, 4) as exemplar, Delay(ctx, exemplar, 2) as delay:
        assert len(delay) == 2
        current, previous = delay[0], delay[-1]
        assert isinstance(current, Image) and (current.width, current.format) == (4, "U8")
        delay.age()
        assert delay[-1].handle == current.handle and delay[0].handle == previous.handle


def test_scalar_parameters_and_removed_kernels(ctx):
    @user_kernel(ctx, "app.add", [("in", INPUT, "image"), ("k", INPUT, "scalar"), ("out", OUTPUT, "image")])
    def add(src, k, dst):
        with src.map(usage="r") as a, dst.map(usage="w") as b:
            b[:] = a + k.value
    with Image(ctx, 4, 4) as src, Image(ctx, 4, 4) as dst, Scalar(ctx, "uint8", 3) as k, Graph(ctx) as graph:
        graph.node(add, src, k, dst).release()
        src.write(np.full((4, 4), 4, np.uint8))
        graph.process()
        assert (dst.to_numpy() == 7).all()
        with pytest.raises(StatusError) as in_use:
            add.remove()
        assert in_use.value.status == vx.VX_FAILURE and "still used" in ctx.log[-1][1]
    add.remove()
    assert ("kernel", "app.add") not in base._KEPT[base._address(ctx.handle)]
    with pytest.raises(StatusError):
        Kernel.by_name(ctx, "app.add")


def test_python_kernels_on_virtual_tensors(ctx):
    @user_kernel(ctx, "app.tinc", [("in", INPUT, "tensor"), ("out", OUTPUT, "tensor")])
    def tinc(a, b):
        assert a.shape == b.shape == (2, 3)        # wrappers describe themselves from queries
        with a.map() as x, b.map() as y:
            y[:] = x + 1

    with tinc, Tensor(ctx, (2, 3), "int16") as src, Tensor(ctx, (2, 3), "int16") as dst, Graph(ctx) as graph:
        with src.map() as x:
            x[:] = np.arange(-3, 3).reshape(2, 3)
        with Tensor.virtual(graph, "int16") as v:    # dimensions from the graph's meta data
            graph.node(tinc, src, v).release()
            graph.node(tinc, v, dst).release()
        graph.process()
        with dst.map() as y:
            np.testing.assert_array_equal(y, np.arange(-1, 5).reshape(2, 3))


def test_a_delay_does_not_age_under_a_scheduled_graph(ctx):
    @user_kernel(ctx, "app.keep", [("in", INPUT, "image"), ("out", OUTPUT, "image")])
    def keep(src, dst):
        with src.map(usage="r") as a, dst.map(usage="w") as b:
            b[:] = a
    with keep, Image(ctx, 4, 4) as exemplar, Delay(ctx, exemplar, 2) as delay, Image(ctx, 4, 4) as dst, \
            Graph(ctx) as graph:
        graph.node(keep, delay[-1], dst).release()
        graph.verify()
        graph.schedule()
        with pytest.raises(StatusError) as running:
            delay.age()
        assert running.value.status == vx.VX_ERROR_GRAPH_SCHEDULED and "cannot age" in ctx.log[-1][1]
        graph.wait()
        delay.age()                                  # idle again: the node follows the slot
        graph.process()


def test_python_kernel_runs_follow_replaced_parameters(ctx):
    """A Python kernel's wrappers reuse what the previous run learnt of the same image (speed);
    a parameter replaced by an image of another size (verified again) or of the same size (not
    verified again), or an image whose memory was swapped, is seen as it is now."""
    invert, half = register(ctx)
    seen = []

    @user_kernel(ctx, "app.shape_of", U8_IO)
    def shape_of(src, dst):
        with src.map(usage="r") as a, dst.map(usage="w") as b:
            seen.append(a.shape)
            b[:] = 255 - a

    with invert, half, shape_of, Graph(ctx) as graph, Image(ctx, 10, 6) as a, Image(ctx, 10, 6) as out, \
            Image(ctx, 16, 8) as big, Image(ctx, 16, 8) as big_out, Image(ctx, 10, 6) as other:
        with graph.node(shape_of, a, out) as node:
            for src, dst, seed in ((a, out, 1), (a, out, 2), (big, big_out, 3), (other, out, 4), (a, out, 5)):
                node[0], node[1] = src, dst
                data = pixels(seed, (src.height, src.width))
                src.write(data)
                graph.process()
                np.testing.assert_array_equal(dst.to_numpy(), 255 - data)
        assert seen == [(6, 10), (6, 10), (8, 16), (6, 10), (6, 10)]
        swapped = pixels(6)
        with Image.from_numpy(ctx, swapped.copy()) as own, Graph(ctx) as g2:
            g2.node(shape_of, own, out).release()
            g2.process()
            np.testing.assert_array_equal(out.to_numpy(), 255 - swapped)
            new = pixels(7)
            previous = ffi.new("void *[1]")
            assert lib.vxSwapImageHandle(own.handle, ffi.new("void *[1]", [ffi.from_buffer(new)]), previous, 1) == 0
            g2.process()
            np.testing.assert_array_equal(out.to_numpy(), 255 - new)
            assert lib.vxSwapImageHandle(own.handle, previous, ffi.NULL, 1) == 0


def test_a_python_kernels_wrappers_come_back_unless_kept(ctx):
    """A node's next run uses its wrappers again (speed), but one the function kept (an escaped
    wrapper) stays released and the next run gets another; a failed run's wrappers too."""
    ids, kept = [], []              # weak references: they do not keep the wrappers

    @user_kernel(ctx, "app.keep_some", U8_IO)
    def keep_some(src, dst):
        ids.append(weakref.ref(src))
        if len(ids) == 3:
            kept.append(src)
        if len(ids) == 5:
            raise ValueError("this run fails")

    with keep_some, Graph(ctx) as graph, Image(ctx, 8, 4) as a, Image(ctx, 8, 4) as out:
        graph.node(keep_some, a, out).release()
        for run in range(6):
            if run == 4:
                with pytest.raises(StatusError) as failed:      # its traceback holds the run's wrappers
                    graph.process()
            else:
                graph.process()
        assert ids[0]() is ids[1]() is ids[2]() is kept[0]     # the same wrapper, run after run
        assert kept[0].released and ids[3]() is ids[4]() is not kept[0]
        assert ids[5]() is not ids[4]() and failed
        with pytest.raises(Released):
            kept[0].width
        assert kept[0].released                     # still, after the later runs
