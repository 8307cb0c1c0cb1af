"""One-call functions on numpy arrays, one per standard kernel (the node helpers' names), and
whole graphs run on numpy arrays, once or pipelined over frames:

    import pyopenvx.fn as vxfn
    blurred = vxfn.gaussian3x3(a)                       # uint8 (h, w) in, uint8 (h, w) out
    gx, gy = vxfn.sobel3x3(a)
    edges = vxfn.canny(a, low=80, high=160)
    edges = vxfn.run(lambda g, src: g.canny(g.gaussian3x3(src), low=80, high=160), a)   # one graph
    for edges in vxfn.stream(lambda g, src: g.canny(g.gaussian3x3(src), low=80, high=160), frames):
        ...                                             # the same graph, pipelined, in frame order

Each distinct call (function, input shapes and dtypes, other arguments) builds a one-node graph
once, on a context of this module, and keeps it (the last CACHE_SIZE of them): later calls copy
the arrays in, process, and copy the outputs out. Images go in as numpy arrays (2-D uint8 is U8,
(h, w, 3) uint8 is RGB, see Image.from_numpy); outputs come back as new arrays.
Thread-safe: each thread keeps its own graphs (on the one context of this module).
"""
import itertools
import threading
from collections import OrderedDict
from typing import Any, Callable, Dict, Iterable, Iterator, List, Tuple, Union

import numpy as np

from .pythonic.context import Context
from .pythonic.graph import Graph
from .pythonic.image import Image, _NUMPY_FORMATS
from .pythonic.nodes import add_node, helper_names, spec_of

CACHE_SIZE = 32
_context: List[Context] = []
_context_lock = threading.Lock()


# thread ident -> that thread's graphs: call key -> (graph, [(input image, argument position or name)],
# [outputs]). Not a threading.local: its graphs would be released while the thread's state is torn
# down, where a release can deadlock; a finished thread's graphs go on another thread's next first call.
_graphs: Dict[int, "OrderedDict[Any, Tuple[Graph, list, list]]"] = {}
_graphs_lock = threading.Lock()


def _cache() -> "OrderedDict[Any, Tuple[Graph, list, list]]":
    """The calling thread's graphs."""
    cache = _graphs.get(threading.get_ident())
    if cache is None:
        with _graphs_lock:
            alive = {t.ident for t in threading.enumerate()}
            gone = [_graphs.pop(ident) for ident in list(_graphs) if ident not in alive]
            cache = _graphs[threading.get_ident()] = OrderedDict()
        del gone                    # released here, outside the lock
    return cache


def context() -> Context:
    """The context the one-call functions run on (made on first use)."""
    with _context_lock:
        if not _context:
            _context.append(Context())
    return _context[0]


def _key(name, args, kwargs):
    def part(v):
        return ("array", v.shape, v.dtype.str) if isinstance(v, np.ndarray) else v
    key = (name, tuple(map(part, args)), tuple(sorted((k, part(v)) for k, v in kwargs.items())))
    try:
        hash(key)
    except TypeError:
        return None                       # an unhashable argument: built for this call only
    return key


def _build(spec, args, kwargs):
    ctx = context()
    graph = Graph(ctx)
    inputs = []

    def image_of(where, value):
        if not isinstance(value, np.ndarray):
            return value
        img = _input(ctx, value)
        inputs.append((img, where))
        return img
    c_args = [image_of(i, v) for i, v in enumerate(args)]
    c_kwargs = {k: image_of(k, v) for k, v in kwargs.items()}
    node, outputs = add_node(graph, spec, c_args, c_kwargs)
    graph.verify()
    readable = []
    for index, obj in outputs:            # virtual images cannot be read: real ones of the verified format
        if isinstance(obj, Image):
            real = Image(ctx, obj.width, obj.height, obj.format)
            node[index] = real
            readable.append(real)
        else:
            readable.append(obj)
    return graph, inputs, readable


def _input(ctx, array):
    """A real image for `array` (format from its dtype and shape), to be written before each run."""
    channels = array.shape[2] if array.ndim == 3 else 1
    fmt = _NUMPY_FORMATS.get((array.dtype, array.ndim, channels))
    if fmt is None:
        return Image.from_numpy(ctx, array)               # refuses with the reason
    return Image(ctx, array.shape[1], array.shape[0], fmt)


def _built(build, arrays):
    """(graph, input images, readable outputs) of build(graph, *input images) for `arrays`."""
    graph = Graph(context())
    inputs = [_input(graph.context, a) for a in arrays]
    outputs = build(graph, *inputs)
    outputs = list(outputs) if isinstance(outputs, tuple) else [outputs]
    return graph, inputs, [graph.readable(o) for o in outputs]


def _run_graph(build, arrays):
    # a lambda written in a loop is a new function each time, of the same code
    same = getattr(build, "__code__", build) if not getattr(build, "__closure__", None) and \
        not getattr(build, "__defaults__", None) else build
    key = ("graph", same, tuple((a.shape, a.dtype.str) for a in arrays))
    graphs = _cache()
    entry = graphs.get(key)
    if entry is None:
        entry = graphs[key] = _built(build, arrays)
        while len(graphs) > CACHE_SIZE:
            graphs.popitem(last=False)
    graphs.move_to_end(key)
    graph, inputs, outputs = entry
    for img, array in zip(inputs, arrays):
        img.write(array)
    graph.process()
    results = [o.to_numpy() if isinstance(o, Image) else getattr(o, "value", o) for o in outputs]
    return results[0] if len(results) == 1 else tuple(results)


def stream(build: Callable[..., Any], frames: Iterable[np.ndarray], depth: int = 3) -> Iterator[np.ndarray]:
    """build(graph, source image) -> output image (node helpers, e.g.
    `lambda g, src: g.canny(g.gaussian3x3(src), low=80, high=160)`), run pipelined over `frames`
    (numpy arrays, all of the first one's shape and dtype): yields each frame's output as a new
    array, in order, with `depth` frames in flight (see Graph.stream)."""
    frames = iter(frames)
    first = next(frames, None)
    if first is None:
        return
    graph, (source,), outputs = _built(build, [first])
    if len(outputs) != 1 or not isinstance(outputs[0], Image):
        raise TypeError("stream: the graph must give one output image")
    yield from graph.stream(itertools.chain([first], frames), source, outputs[0], depth)


def run(name: Union[str, Callable[..., Any]], *args: Any, **kwargs: Any) -> Any:
    """Runs the kernel helper `name` on numpy arrays; its outputs as arrays (one, or a tuple).
    With a function instead of a name: run(build, *arrays) runs the graph build(graph, *input
    images) makes with node helpers, built once per build function and input shapes (per thread):
    values build reads are read then, so for other values use another function."""
    if callable(name):
        return _run_graph(name, args)
    spec = spec_of(name, context().handle)
    if spec is None:
        raise AttributeError(f"pyopenvx.fn has no function {name!r}")
    key, graphs = _key(name, args, kwargs), _cache()
    entry = graphs.get(key) if key is not None else None
    if entry is None:
        entry = _build(spec, args, kwargs)
        if key is not None:
            graphs[key] = entry
            while len(graphs) > CACHE_SIZE:
                graphs.popitem(last=False)
    else:
        graphs.move_to_end(key)
    graph, inputs, outputs = entry
    for img, where in inputs:
        img.write(args[where] if isinstance(where, int) else kwargs[where])
    graph.process()
    results = [o.to_numpy() if isinstance(o, Image) else getattr(o, "value", o) for o in outputs]
    return results[0] if len(results) == 1 else tuple(results)


def call(name: str, args: Tuple[Any, ...], **extras: Any) -> Any:
    """A generated function's call (fn_kernels.py): `args` all the kernel's parameters, None where
    not given; an extra keyword left None is not given."""
    return run(name, *args, **{k: v for k, v in extras.items() if v is not None})


# the one-call functions, one per node helper (generated from the node table, typed)
from .fn_kernels import *  # noqa: E402,F401,F403
from .fn_kernels import __all__ as kernels  # noqa: E402
