"""Lifetimes that cannot crash: scripts of any shape exit cleanly, wrappers release their objects
when collected, numpy views keep their memory alive, released wrappers raise a pyopenvx error."""
import gc
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from pyopenvx.pythonic import (INPUT, OUTPUT, Context, Graph, Image, InvalidReference, Released, Tensor,
                               user_kernel)

SCRIPTS = {
    "a graph with nodes, nothing released": """
        from pyopenvx.pythonic import Context, Graph, Image
        ctx = Context(); graph = Graph(ctx)
        src, dst = Image(ctx, 64, 48), Image(ctx, 64, 48)
        graph.node("org.khronos.openvx.gaussian_3x3", src, dst)
        graph.process()
    """,
    "the raw C API, objects alive and an image mapped": """
        from pyopenvx.api import ffi, lib
        from pyopenvx import constants as vx
        ctx = lib.vxCreateContext(); graph = lib.vxCreateGraph(ctx)
        a, b, c = (lib.vxCreateImage(ctx, 640, 480, vx.VX_DF_IMAGE_U8) for _ in range(3))
        lib.vxGaussian3x3Node(graph, a, b); lib.vxBox3x3Node(graph, b, c)
        assert lib.vxProcessGraph(graph) == vx.VX_SUCCESS
        assert lib.vxScheduleGraph(graph) == vx.VX_SUCCESS          # still running at exit, maybe
        map_id, addr, ptr = ffi.new("vx_map_id *"), ffi.new("vx_imagepatch_addressing_t *"), ffi.new("void **")
        assert lib.vxMapImagePatch(a, ffi.new("vx_rectangle_t *", (0, 0, 64, 48)), 0, map_id, addr, ptr,
                                   vx.VX_READ_ONLY, vx.VX_MEMORY_TYPE_HOST, 0) == vx.VX_SUCCESS
    """,
    "a Python kernel in a graph scheduled at exit": """
        from pyopenvx.pythonic import Context, Graph, Image, user_kernel, INPUT, OUTPUT
        ctx = Context()
        @user_kernel(ctx, "app.invert", [("in", INPUT, "image"), ("out", OUTPUT, "image")])
        def invert(a, b):
            with a.map(usage="r") as x, b.map(usage="w") as y:
                y[:] = 255 - x
        graph = Graph(ctx)
        src, dst, tmp = Image(ctx, 640, 480), Image(ctx, 640, 480), Image.virtual(graph)
        graph.gaussian = graph.node("org.khronos.openvx.gaussian_3x3", src, tmp)
        graph.node(invert, tmp, dst)
        graph.process()
        graph.schedule()
    """,
    "a view kept past its image and its context": """
        import numpy as np
        from pyopenvx.pythonic import Context, Image
        ctx = Context()
        img = Image(ctx, 1920, 1080)
        with img.map(usage="w") as view:
            view[:] = 7
        img.release()
        ctx.release()
        junk = [np.full((1080, 1920), 1, np.uint8) for _ in range(4)]     # reuse freed memory, if any
        assert view.sum() == 7 * 1920 * 1080 and not view.flags.writeable
    """,
    "a graph streaming Python kernels at exit": """
        import itertools, time
        from pyopenvx.pythonic import Context, Graph, Image, user_kernel, INPUT, OUTPUT
        ctx = Context()
        counter = itertools.count()
        @user_kernel(ctx, "app.camera", [("out", OUTPUT, "image")], validator=lambda out: {0: (640, 480, "U8")})
        def camera(out):
            with out.map(usage="w") as pixels:
                pixels[:] = next(counter) % 256
        @user_kernel(ctx, "app.show", [("in", INPUT, "image")], validator=lambda src: {})
        def show(src):
            with src.map(usage="r"):
                pass
        graph = Graph(ctx)
        picture = Image.virtual(graph)
        graph.node(camera, picture)
        graph.node(show, graph.gaussian3x3(picture))
        graph.start_streaming()
        time.sleep(0.1)
    """,
    "a pipelined stream left half way": """
        import numpy as np
        from pyopenvx.pythonic import Context, Graph, Image
        ctx = Context(); graph = Graph(ctx)
        src, out = Image(ctx, 640, 480), Image(ctx, 640, 480)
        graph.canny(graph.gaussian3x3(src), low=80, high=160, output=out)
        frames = (np.full((480, 640), i, np.uint8) for i in range(100))
        results = graph.stream(frames, src, out, depth=3)
        first = next(results)
    """,
    "wrappers in a reference cycle": """
        from pyopenvx.pythonic import Context, Graph, Image
        ctx = Context(); graph = Graph(ctx); img = Image(ctx, 8, 8)
        graph.cycle, img.cycle, ctx.cycle = (graph, img, ctx), graph, img
        del ctx, graph, img
    """,
}


@pytest.mark.parametrize("name", SCRIPTS)
def test_scripts_exit_cleanly(name, tmp_path):
    script = tmp_path / "script.py"
    script.write_text(textwrap.dedent(SCRIPTS[name]))
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "Segmentation" not in proc.stderr and "Exception ignored" not in proc.stderr, proc.stderr


def test_dropped_images_are_released_and_their_memory_freed():
    def rss():
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * 4096

    gc.collect()        # (what earlier tests left to the collector is in the one context too)
    with Context() as ctx:
        start, before = ctx.references, rss()
        for _ in range(200):
            img = Image(ctx, 1920, 1080)
            with img.map(usage="w") as view:      # the memory is allocated on first map
                view[:] = 1
        del img, view
        assert ctx.references == start
        assert rss() - before < 64 << 20           # 200 images held would be 400 MiB


def test_garbage_collected_cycles_release_their_objects():
    with Context() as ctx:
        start = ctx.references
        graph, img = Graph(ctx), Image(ctx, 8, 8)
        graph.cycle, img.cycle = img, graph
        del graph, img
        gc.collect()
        assert ctx.references == start


def test_a_view_keeps_its_object_until_it_goes():
    with Context() as ctx:
        start = ctx.references
        t = Tensor(ctx, (4, 5), "int16")
        with t.map() as view:
            view[:] = 3
        t.release()
        assert ctx.references == start + 1 and (view == 3).all()
        with pytest.raises(ValueError):
            view[0, 0] = 1                          # read-only once its block ended
        del view
        assert ctx.references == start


def test_a_released_wrapper_raises_a_pyopenvx_error():
    with Context() as ctx:
        img = Image(ctx, 8, 8)
        img.release()
        img.release()                               # twice: nothing
        assert img.released and repr(img) == "<Image released>"
        with pytest.raises(Released, match="this Image was released") as err:
            img.width
        assert isinstance(err.value, InvalidReference)
        with pytest.raises(Released):
            with img.map():
                pass
    with pytest.raises(Released, match="Context was released"):
        Image(ctx, 8, 8)


def test_a_dropped_node_wrapper_leaves_its_node_in_the_graph():
    with Context() as ctx:
        @user_kernel(ctx, "app.copy", [("in", INPUT, "image"), ("out", OUTPUT, "image")])
        def copy(src, dst):
            with src.map(usage="r") as a, dst.map(usage="w") as b:
                b[:] = a
        with Image(ctx, 4, 4) as src, Image(ctx, 4, 4) as dst, Graph(ctx) as graph:
            start = ctx.references
            graph.node(copy, src, dst)              # the node wrapper dropped at once
            gc.collect()
            src.write(np.full((4, 4), 9, np.uint8))
            graph.process()
            graph.process()
            assert (dst.to_numpy() == 9).all() and ctx.references == start
        copy.remove()


def test_a_release_never_parses_a_c_type():
    """A release may run in __del__ during a garbage collection inside one of cffi's parses, which
    hold cffi's parse lock: a release that parsed a type string would wait for it forever."""
    from pyopenvx.api import ffi
    from pyopenvx.pythonic import Context, Image
    with Context() as ctx:
        img = Image(ctx, 4, 4)
        assert isinstance(img._owner.ptr_type, ffi.CType) and isinstance(ctx._owner.ptr_type, ffi.CType)
