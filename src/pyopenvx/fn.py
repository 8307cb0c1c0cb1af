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
(h, w, 3) uint8 is RGB, see Image.from_numpy), or as (array, format) for a format numpy cannot
tell ((nv12, "NV12"), multi-plane formats stacked as cv2 takes them); outputs come back as values:
images as new arrays (multi-plane ones stacked), scalars as numbers, arrays as (structured) numpy
arrays, a histogram as its counts, a pyramid as a list of arrays. Every function takes
`border="replicate" | "constant" | ("constant", value)` (the spec's default: "undefined").
Thread-safe: each thread keeps its own graphs (on the one context of this module).
"""
import itertools
import threading
import types
from collections import OrderedDict
from typing import Any, Callable, Dict, Iterable, Iterator, List, Tuple, Union

import numpy as np

from .pythonic.context import Context
from .pythonic.graph import Graph
from .pythonic.base import Object
from .pythonic.dataobjects import Scalar
from .pythonic.image import _NUMPY_FORMATS, _STACKED, Image, stacked_size
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


def _part(value):
    """What of an argument shapes the graph: an image array's shape and dtype (its pixels are copied
    in at each call), an (array, format) pair's too; other arrays (a warp matrix, points) by value."""
    if isinstance(value, np.ndarray):
        return ("array", value.shape, value.dtype.str)
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], np.ndarray):
        return ("array", value[0].shape, value[0].dtype.str, value[1])
    return value


def _key(name, spec, args, kwargs):
    """The cache key of a one-call function's call (None: not cacheable). The hot path of every
    call: plain values and image arrays are told apart first (as _part/_constant make them)."""
    slots = _IMAGE_SLOTS.get(spec.name)
    if slots is None:
        slots = _IMAGE_SLOTS[spec.name] = frozenset(
            where for i, p in enumerate(spec.parameters) if p.direction == "input" and p.type in ("image", "pyramid")
            for where in (i, p.name))
    parts = []
    for where, value in itertools.chain(enumerate(args), sorted(kwargs.items())) if kwargs else enumerate(args):
        kind = type(value)
        if kind in _PLAIN:
            part = ("value", kind, value)
        elif where in slots and _part(value) is not value:
            part = _part(value)
        else:
            part = _constant(value)
            if part is None:
                return None
        parts.append((where, part))
    return (name, tuple(parts))


_IMAGE_SLOTS: Dict[str, frozenset] = {}     # helper -> positions and names of its input images (written per call)
_PLAIN = frozenset({type(None), bool, int, float, str})


def _is_image(spec, names, where, value):
    """Whether argument `where` (position or name) is an input image given as an array (written
    into the graph's image at each call)."""
    name = names[where] if isinstance(where, int) and where < len(names) else where
    p = next((p for p in spec.parameters if p.name == name), None)
    return p is not None and p.direction == "input" and p.type in ("image", "pyramid") and \
        _part(value) is not value


_VALUE_TYPES = (type(None), bool, int, float, complex, str, bytes, np.number, np.bool_, np.dtype, range)
_BY_IDENTITY = (types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType, type, Object)
_SMALL = 4096           # an array up to this size is part of a key by value; a bigger one is not cached


def _constant(value, depth=0):
    """A hashable stand-in for `value` that changes when what it means to a graph changes: values
    as they are, modules, functions, classes and pyopenvx objects by identity, small arrays by their
    bytes; None when it cannot be known (a list, an object whose attributes may change)."""
    if isinstance(value, _VALUE_TYPES):
        return ("value", type(value), value)
    if isinstance(value, _BY_IDENTITY):
        return ("id", id(value))
    if isinstance(value, np.ndarray) and value.nbytes <= _SMALL:
        return ("bytes", value.shape, value.dtype.str, value.tobytes())
    if isinstance(value, (tuple, frozenset)) and depth < 4:
        parts = tuple(_constant(v, depth + 1) for v in value)
        return None if None in parts else (type(value), parts)
    return None


def _names(code):
    """The global names `code` and the functions defined in it may read."""
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _names(const)
    return names


def _graph_key(build, arrays):
    """The cache key of run(build, *arrays): build's code and everything it reads that a later
    call could change (closure cells, defaults, the module globals it names) and the arrays'
    shapes, dtypes and formats; None when one of those cannot be known (not cached)."""
    code = getattr(build, "__code__", None)
    if code is None:
        return None                         # a callable object: its state is its own
    try:
        cells = tuple(c.cell_contents for c in build.__closure__ or ())
    except ValueError:                      # a cell not filled yet
        return None
    scope = build.__globals__
    read = [(n, scope[n]) for n in sorted(_names(code)) if n in scope]
    parts = [_constant(v) for v in (*cells, *(build.__defaults__ or ()), *sorted((build.__kwdefaults__ or {}).items()),
                                    *read)]
    if None in parts:
        return None
    return ("graph", code, tuple(parts), tuple(map(_part, arrays)))


def _build(spec, args, kwargs):
    ctx = context()
    graph = Graph(ctx)
    inputs = []
    names = [p.name for p in spec.parameters]

    def image_of(where, value):
        if not _is_image(spec, names, where, value):
            return value
        img = _input(ctx, value)
        inputs.append((img, where))
        return img
    c_args = [image_of(i, v) for i, v in enumerate(args)]
    c_kwargs = {k: image_of(k, v) for k, v in kwargs.items()}
    _, outputs = add_node(graph, spec, c_args, c_kwargs)
    graph.verify()
    return graph, inputs, [graph.readable(obj) for _, obj in outputs]


def _input(ctx, value):
    """A real image for `value` (an array, format from its dtype and shape, or (array, format)), to
    be written before each run."""
    array, fmt = value if isinstance(value, tuple) else (value, None)
    channels = array.shape[2] if array.ndim == 3 else 1
    fmt = fmt.upper() if fmt else _NUMPY_FORMATS.get((array.dtype, array.ndim, channels))
    if fmt is None:
        return Image.from_numpy(ctx, array)               # refuses with the reason
    if fmt in _STACKED:
        return Image(ctx, *stacked_size(fmt, array.shape), fmt)
    return Image(ctx, array.shape[1] * (8 if fmt == "U1" else 1), array.shape[0], fmt)


def _built(build, arrays):
    """(graph, input images, readable outputs) of build(graph, *input images) for `arrays`."""
    graph = Graph(context())
    inputs = [_input(graph.context, a) for a in arrays]
    outputs = build(graph, *inputs)
    outputs = list(outputs) if isinstance(outputs, tuple) else [outputs]
    return graph, inputs, [graph.readable(o) for o in outputs]


def _value(obj):
    """An output as a value: a scalar's number, an image's, array's, distribution's or pyramid's numpy copy."""
    if isinstance(obj, Scalar):
        return obj.value
    to_numpy = getattr(obj, "to_numpy", None)
    return obj if to_numpy is None else to_numpy()


def _results(outputs):
    results = [_value(o) for o in outputs]
    return results[0] if len(results) == 1 else tuple(results)


def _cached(key, make):
    """The calling thread's graph for `key` (made by make() when missing; never kept for key None)."""
    graphs = _cache()
    entry = graphs.get(key) if key is not None else None
    if entry is None:
        entry = make()
        if key is not None:
            graphs[key] = entry
            while len(graphs) > CACHE_SIZE:
                graphs.popitem(last=False)
    else:
        graphs.move_to_end(key)
    return entry


def _run_graph(build, arrays):
    graph, inputs, outputs = _cached(_graph_key(build, arrays), lambda: _built(build, arrays))
    for img, array in zip(inputs, arrays):
        img.write(array[0] if isinstance(array, tuple) else array)
    graph.process()
    return _results(outputs)


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
    images) makes with node helpers, built once per build function, what it reads (closure cells,
    defaults, the globals it names) and input shapes (per thread); not kept when what it reads
    cannot be compared (a list, an object), so a later call never runs a graph of other values.
    An array may be given as (array, format) for a format numpy cannot tell ("NV12", ...)."""
    if callable(name):
        return _run_graph(name, args)
    spec = spec_of(name, (_context[0] if _context else context()).handle)
    if spec is None:
        raise AttributeError(f"pyopenvx.fn has no function {name!r}")
    graph, inputs, outputs = _cached(_key(name, spec, args, kwargs), lambda: _build(spec, args, kwargs))
    for img, where in inputs:
        value = args[where] if isinstance(where, int) else kwargs[where]
        img.write(value[0] if isinstance(value, tuple) else value)
    graph.process()
    return _results(outputs)


def call(name: str, args: Tuple[Any, ...], **extras: Any) -> Any:
    """A generated function's call (fn_kernels.py): `args` all the kernel's parameters, None where
    not given; an extra keyword left None is not given."""
    return run(name, *args, **{k: v for k, v in extras.items() if v is not None})


# the one-call functions, one per node helper (generated from the node table, typed)
from .fn_kernels import *  # noqa: E402,F401,F403
from .fn_kernels import __all__ as kernels  # noqa: E402
