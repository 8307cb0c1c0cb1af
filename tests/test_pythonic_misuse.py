"""Every mistake a new user makes gives a pyopenvx exception of the right class that names what
is wrong (issue 35): each line of the misuse list in its own interpreter, as a user's script, with
nothing printed as an unraisable exception on the way."""
import subprocess
import sys
import textwrap

import pytest

PRELUDE = """
import numpy as np
from pyopenvx.pythonic import *
from pyopenvx.pythonic import Array, Context, Graph, Image
import pyopenvx.fn as vxfn
ctx = Context()
a = np.zeros((48, 64), np.uint8)

def expect(cls, function, *words):
    try:
        function()
    except cls as err:
        for word in words:
            assert word in str(err), (word, str(err))
        print("ok", type(err).__name__)
    else:
        raise AssertionError(f"no {cls.__name__}")
"""


def script(body, expect_rc=0):
    proc = subprocess.run([sys.executable, "-c", PRELUDE + textwrap.dedent(body)], capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == expect_rc, proc.stderr
    assert "Exception ignored" not in proc.stderr and "RecursionError" not in proc.stderr, proc.stderr
    return proc


def test_use_after_the_contexts_release_raises_released():
    script("""
        img, graph = Image(ctx, 64, 48), Graph(ctx)
        graph.gaussian3x3(img)
        ctx.release()
        expect(Released, img.to_numpy, "context was released")
        expect(Released, graph.process, "context was released")
        assert repr(img) == "<Image released>" and str(graph) == "<Graph released>"
        with Context() as c:
            left = Image(c, 8, 8)
        expect(Released, left.to_numpy)
        print(left)
    """)


# the attributes whose property getter is their reader itself (base.attribute): Object.handle's check inline
LEAN_ATTRIBUTES = """
    graph, node = Graph(ctx), None
    node = graph.node("org.khronos.openvx.gaussian_3x3", Image(ctx, 8, 8), Image(ctx, 8, 8))
    objects = {"node": node, "graph": graph, "kernel": Kernel.by_name(ctx, "org.khronos.openvx.gaussian_3x3"),
               "binary": Threshold(ctx, "binary", value=3), "range": Threshold(ctx, "range", lower=1, upper=9),
               "convolution": Convolution(ctx, np.ones((3, 3), np.int16)), "pyramid": Pyramid(ctx, 2, "half", 8, 8, "U8"),
               "remap": Remap(ctx, (8, 8), (8, 8)), "data": UserDataObject(ctx, "thing", 16), "scalar": Scalar(ctx, "uint8", 3),
               "image": Image(ctx, 8, 8)}
    reads = {"graph": ["state", "num_nodes", "num_parameters", "performance"],
             "node": ["status", "num_parameters", "performance", "border"],
             "kernel": ["name", "enum", "num_parameters", "signature"], "binary": ["value", "output", "type", "input_format",
             "output_format"], "range": ["range"], "convolution": ["scale", "shape"], "pyramid": ["scale", "format"],
             "remap": ["source_size", "destination_size"], "data": ["size", "type_name"], "scalar": ["value"]}
    for name, names in reads.items():
        for attribute in names:
            getattr(objects[name], attribute)
    objects["image"].to_numpy(), objects["image"].write(np.zeros((8, 8), np.uint8)), graph.process()
"""


def test_lean_attributes_raise_released_after_a_release():
    script(LEAN_ATTRIBUTES + """
    for name, obj in objects.items():             # (the node first: the graph's release takes its nodes)
        obj.release()
        for attribute in reads.get(name, []):
            expect(Released, lambda: getattr(obj, attribute), type(obj).__name__)
    expect(Released, objects["image"].to_numpy)
    expect(Released, lambda: objects["image"].write(np.zeros((8, 8), np.uint8)))
    expect(Released, graph.process)
    """)


def test_lean_attributes_raise_released_after_the_contexts_release():
    script(LEAN_ATTRIBUTES + """
    ctx.release()
    for name, names in reads.items():
        for attribute in names:
            expect(Released, lambda: getattr(objects[name], attribute), "context was released")
    expect(Released, objects["image"].to_numpy, "context was released")
    expect(Released, graph.process, "context was released")
    """)


def test_a_failing_query_in_a_repr_does_not_recurse():
    script("""
        graph = Graph(ctx)
        mean, _ = graph.mean_std_dev(a)             # virtual scalars: reading them fails
        print(repr(mean))
        expect(OptimizedAway, lambda: mean.value, "vxCopyScalar")
    """)


def test_sizes_and_memory():
    script("""
        expect(NoMemory, lambda: Image(ctx, 200000, 200000), "VX_ERROR_NO_MEMORY")
        assert issubclass(NoMemory, MemoryError)
        try:
            Image(ctx, -5, 10)
        except InvalidParameters as err:
            assert "width=-5" in err.log[0]
        expect(TypeError, lambda: Image(ctx, 1.5, 10), "width must be an int")
        expect(TypeError, lambda: Image(None, 64, 48), "context must be a Context")
        expect(TypeError, lambda: Graph(None), "context must be a Context")
        expect(TypeError, lambda: Array("ctx", "uint8", 4), "ctx must be a Context")
    """)


def test_wrong_argument_kinds_name_the_argument():
    script("""
        g = Graph(ctx)
        expect(TypeError, lambda: g.threshold(a, 100), "thresh", "value=", "int")
        expect(TypeError, lambda: g.gaussian3x3(123), "input", "int")
        expect(TypeError, lambda: g.canny(a, low="80", high=160), "low must be a number")
        expect(TypeError, lambda: g.canny(a, lo=80), "unexpected keyword argument 'lo'")   # the generated signature's own check
        expect(TypeError, lambda: g.canny(a, high=80), "both low and high")
        expect(TypeError, lambda: g.scale_image(a, (32, 24), type=1.5), "type must be a name or an int")
        expect(ValueError, lambda: g.scale_image(a, (32, 24), type="bicubic"), "bilinear")
        expect(TypeError, lambda: vxfn.gaussian3x3(a, border=7), "border")
        expect(InvalidParameters, lambda: vxfn.gaussian3x3(a, border="mirror"), "mirror")
        items = Array(ctx, "uint8", 4)
        items.extend([1, 2, 3])
        with items.map(usage="r") as view:          # "r" as Image.map takes it
            assert list(view) == [1, 2, 3] and not view.flags.writeable
        expect(InvalidParameters, lambda: items.map(usage="x").__enter__(), "usage='x'")
    """)


def test_a_python_kernels_keyboard_interrupt_and_exit_propagate_as_themselves():
    script("""
        ran = []
        def stop(x):
            raise KeyboardInterrupt
        def after(x):
            ran.append(1)
            return x
        try:
            vxfn.run(lambda g, s: g.python(after, g.python(stop, s)), a)
        except KeyboardInterrupt:
            print("interrupted")
        assert ran == [], "the graph went on after the interrupted node"
        def leave(x):
            raise SystemExit(3)
        vxfn.run(lambda g, s: g.python(leave, s), a)
    """, expect_rc=3)


def test_ctrl_c_during_a_long_process_stops_it_within_one_node(tmp_path):
    from test_user_kernels import build_module
    module = build_module(tmp_path, "pvxsigint", source="sigint_module.c")
    proc = script(f"""
        from pyopenvx.api import lib
        from pyopenvx.pythonic import Kernel
        assert lib.vxLoadKernels(ctx.handle, {str(module)!r}.encode()) == 0
        g = Graph(ctx)
        src, mid, out = Image(ctx, 64, 48), Image.virtual(g), Image(ctx, 64, 48)
        src.write(np.zeros((48, 64), np.uint8))
        out.write(np.full((48, 64), 7, np.uint8))
        g.node("test.c.sigint", g.gaussian3x3(src), mid)    # "Ctrl-C" while this C node runs
        g.box3x3(g.box3x3(mid), output=out)                 # C nodes after it: none may start
        try:
            g.process()
        except KeyboardInterrupt:
            print("interrupted")
        assert (out.to_numpy() == 7).all(), "nodes ran after the Ctrl-C"
        assert g.state == "abandoned"
    """)
    assert "interrupted" in proc.stdout


BAD_CAMERA = """
        import signal, time
        signal.alarm(60)                # a kernel error never reported would wait forever
        from pyopenvx.pythonic import OUTPUT, INPUT, user_kernel
        tries = []
        @user_kernel(ctx, "app.bad_camera", [("out", OUTPUT, "image")], validator=lambda out: {0: (64, 48, "U8")})
        def camera(out):
            tries.append(1)
            raise ValueError("no camera")
        @user_kernel(ctx, "app.sink", [("in", INPUT, "image")], validator=lambda src: {})
        def sink(src):
            pass
        g = Graph(ctx)
        picture = Image.virtual(g)
        g.node(camera, picture)
        g.node(sink, picture)
        g.start_streaming()
"""


@pytest.mark.parametrize("call", ["g.state", "g.process()", "g.wait()", "g.verify()", "g.start_streaming()"])
def test_a_streaming_kernels_error_is_raised_once_by_the_next_call(call):
    proc = script(BAD_CAMERA + f"""
        seen = []
        while not any(e.kind == "node_error" for e in seen):     # the events query shows it
            seen += g.events()
            time.sleep(0.01)
        error = next(e for e in seen if e.kind == "node_error")
        assert (error.node, error.status) == ("app.bad_camera", -1), error
        try:
            {call}
        except Failure as err:
            assert isinstance(err.__cause__, ValueError) and "no camera" in str(err.__cause__)
            assert "node app.bad_camera" in str(err), err
            print("reported")
        g.state                     # once: neither this nor stopping raises it again
        g.stop_streaming()
    """)
    assert "reported" in proc.stdout


def test_polling_a_streaming_graphs_state_raises_its_kernels_error():
    proc = script(BAD_CAMERA + """
        try:
            while True:
                g.state
                time.sleep(0.01)
        except Failure as err:
            assert isinstance(err.__cause__, ValueError) and "app.bad_camera" in str(err)
            print("reported")
        g.stop_streaming()
        assert any(e.kind == "node_error" and e.node == "app.bad_camera" for e in g.events())
    """)
    assert "reported" in proc.stdout


def test_a_streaming_source_that_always_raises_is_reported_by_stop_streaming():
    script(BAD_CAMERA + """
        while not tries:
            time.sleep(0.01)
        try:
            g.stop_streaming()
        except Failure as err:
            assert isinstance(err.__cause__, ValueError) and "no camera" in str(err.__cause__)
            print("reported")
        else:
            raise AssertionError("stop_streaming said nothing")
    """)
