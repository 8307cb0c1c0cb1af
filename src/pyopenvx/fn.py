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
Thread-safe: each thread keeps its own graphs (on the one context of this module, which is the
process's one context: `release()` lets it go).
"""
from __future__ import annotations

import functools
import itertools
import threading
import types
from collections import OrderedDict
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Tuple, Union

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
    call, so one flat tuple (hashed twice a call; nested tuples and numpy's dtype.str cost ~1 us
    here): the name, then per argument its position or name and what of it shapes the graph: a
    plain value's type and value, an image array's ndarray, shape and dtype, a tuple of plain
    values' (an output size) tuple, values and their types; anything else one part (_part of an
    (array, format) image, _constant of the rest: a tuple, never a type). What follows a position
    is a type only when it is one of the first three, so equal keys are equal arguments."""
    slots = _IMAGE_SLOTS.get(spec.name)
    if slots is None:
        slots = _IMAGE_SLOTS[spec.name] = frozenset(
            where for i, p in enumerate(spec.parameters) if p.direction == "input" and p.type in ("image", "pyramid")
            for where in (i, p.name))
    key = [name]
    for where, value in itertools.chain(enumerate(args), sorted(kwargs.items())) if kwargs else enumerate(args):
        kind = type(value)
        if kind in _PLAIN:
            key += (where, kind, value)
        elif kind is np.ndarray and where in slots:
            key += (where, kind, value.shape, value.dtype)
        elif kind is tuple and set(map(type, value)) <= _PLAIN:     # an output's size (no generator frames)
            key += (where, kind, value, tuple(map(type, value)))
        else:
            part = _part(value) if where in slots and _part(value) is not value else _constant(value)
            if part is None:
                return None
            key += (where, part)
    return tuple(key)


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


@functools.lru_cache(maxsize=256)
def _names(code):
    """The global names `code` and the functions defined in it may read."""
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names.update(_names(const))
    return tuple(sorted(names))


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
    read = [(n, scope[n]) for n in _names(code) if n in scope]
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
    return _entry(graph, inputs, [graph.readable(obj) for _, obj in outputs])


def _input(ctx, value):
    """A real image for `value` (an array, format from its dtype and shape, or (array, format)), to
    be written before each run; or a video frame's (pythonic.video.Frame))."""
    if hasattr(value, "copy_to"):
        return Image(ctx, value.width, value.height, value.format)
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


def _reader(obj):
    """What reads an output as a value: a scalar's number, an image's, array's, distribution's or
    pyramid's numpy copy (decided when the graph is made, not per call)."""
    if isinstance(obj, Scalar):
        return lambda: obj.value
    to_numpy = getattr(obj, "to_numpy", None)
    return (lambda: obj) if to_numpy is None else to_numpy


def _entry(graph, inputs, outputs):
    """A cache entry: (graph, input images, the outputs' readers)."""
    return graph, inputs, [_reader(o) for o in outputs]


def _results(readers):
    if len(readers) == 1:
        return readers[0]()
    return tuple(read() for read in readers)


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
    graph, inputs, readers = _cached(_graph_key(build, arrays), lambda: _entry(*_built(build, arrays)))
    for img, array in zip(inputs, arrays):
        img.write(array[0] if isinstance(array, tuple) else array)
    graph.process()
    return _results(readers)


def stream(build: Callable[..., Any], frames: Iterable[Any], depth: int = 3) -> Iterator[np.ndarray]:
    """build(graph, source image) -> output image (node helpers, e.g.
    `lambda g, src: g.canny(g.gaussian3x3(src), low=80, high=160)`), run pipelined over `frames`
    (numpy arrays, all of the first one's shape and dtype, or a pythonic.video.VideoReader): yields each frame's output as a new
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
    return _run_kernel(name, args, kwargs)


_SPECS: Dict[str, Any] = {}     # function name (aliases too) -> its nodes.Spec (the node table is the process's)


def _spec(name):
    spec = _SPECS.get(name)
    if spec is None:
        spec = spec_of(name, (_context[0] if _context else context()).handle)
        if spec is None:
            raise AttributeError(f"pyopenvx.fn has no function {name!r}")
        _SPECS[name] = spec
    return spec


def _run_kernel(name, args, kwargs):
    """The hot path of every one-call function: _cache, _cached's hit and _results inline (a Python
    frame each less a call, of the ~10 a call makes)."""
    spec = _SPECS.get(name) or _spec(name)
    key = _key(name, spec, args, kwargs)
    graphs = _graphs.get(threading.get_ident())
    entry = graphs.get(key) if graphs is not None and key is not None else None
    if entry is None:
        entry = _cached(key, lambda: _build(spec, args, kwargs))
    else:
        graphs.move_to_end(key)
    graph, inputs, readers = entry
    for img, where in inputs:
        value = args[where] if isinstance(where, int) else kwargs[where]
        img.write(value[0] if isinstance(value, tuple) else value)
    graph.process()
    if len(readers) == 1:
        return readers[0]()
    return tuple(read() for read in readers)


def release() -> None:
    """Drops every thread's graphs and this module's context (vxCreateContext gives the process's one
    context, which lives while anything holds it: the application's Contexts share it). The next
    call makes them again."""
    with _graphs_lock:
        graphs = list(_graphs.values())
        _graphs.clear()
    with _context_lock:
        contexts = _context[:]
        _context.clear()
    del graphs                  # released here, outside the locks, before their context
    for ctx in contexts:
        ctx.release()


def call(name: str, args: Tuple[Any, ...], **extras: Any) -> Any:
    """A generated function's call (fn_kernels.py): `args` all the kernel's parameters, None where
    not given; an extra keyword left None is not given."""
    if extras.get("border", 0) is None:         # most calls' (a comprehension is a Python frame)
        del extras["border"]
    if None in extras.values():
        extras = {k: v for k, v in extras.items() if v is not None}
    return _run_kernel(name, args, extras)



# The one-call functions, one per node helper: generated from the node table, typed.
# ---- generated by `python -m pyopenvx.pythonic.signatures` from the node table: do not edit below ----

from .pythonic.base import Object  # noqa: E402,F401,F811
from .pythonic.containers import ObjectArray, Pyramid  # noqa: E402,F401,F811
from .pythonic.convolution import Convolution  # noqa: E402,F401,F811
from .pythonic.dataobjects import LUT, Array, Distribution, Matrix, Scalar, Tensor  # noqa: E402,F401,F811
from .pythonic.image import Image  # noqa: E402,F401,F811
from .pythonic.remap import Remap  # noqa: E402,F401,F811
from .pythonic.threshold import Threshold  # noqa: E402,F401,F811


def abs_diff(
        in1: Union[np.ndarray, Tuple[np.ndarray, str]],
        in2: Union[np.ndarray, Tuple[np.ndarray, str]],
        out: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.absdiff (vxAbsDiffNode) on numpy arrays; returns its outputs as arrays or values.

    in1: input image
    in2: input image
    out: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('abs_diff', (in1, in2, out), border=border)


def add(
        in1: Union[np.ndarray, Tuple[np.ndarray, str]],
        in2: Union[np.ndarray, Tuple[np.ndarray, str]],
        policy: Union[str, int] = 'saturate',
        out: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.add (vxAddNode) on numpy arrays; returns its outputs as arrays or values.

    in1: input image
    in2: input image
    policy: vx_enum, default 'saturate'
    out: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('add', (in1, in2, policy, out), border=border)


def and_(
        in1: Union[np.ndarray, Tuple[np.ndarray, str]],
        in2: Union[np.ndarray, Tuple[np.ndarray, str]],
        out: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.and (vxAndNode) on numpy arrays; returns its outputs as arrays or values.

    in1: input image
    in2: input image
    out: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('and', (in1, in2, out), border=border)


def bilateral_filter(
        src: Tensor,
        diameter: int,
        sigmaSpace: float,
        sigmaValues: float,
        dst: Optional[Tensor] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.bilateral_filter (vxBilateralFilterNode) on numpy arrays; returns its outputs as arrays or values.

    src: input tensor
    diameter: vx_int32
    sigmaSpace: vx_float32
    sigmaValues: vx_float32
    dst: output tensor (made if not given)
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('bilateral_filter', (src, diameter, sigmaSpace, sigmaValues, dst), border=border)


def box3x3(
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        output: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.box_3x3 (vxBox3x3Node) on numpy arrays; returns its outputs as arrays or values.

    input: input image
    output: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('box3x3', (input, output), border=border)


def canny_edge_detector(
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        hyst: Optional[Threshold] = None,
        gradient_size: int = 3,
        norm_type: Union[str, int] = 'l1',
        output: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
        low: Optional[int] = None,
        high: Optional[int] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.canny_edge_detector (vxCannyEdgeDetectorNode) on numpy arrays; returns its outputs as arrays or values.

    input: input image
    hyst: input threshold, if not given: made of low=/high=
    gradient_size: vx_int32, default 3
    norm_type: vx_enum, default 'l1'
    output: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    low: the hysteresis' lower threshold (with high)
    high: the hysteresis' upper threshold (with low)
    """
    return call('canny_edge_detector', (input, hyst, gradient_size, norm_type, output), border=border, low=low, high=high)


def channel_combine(
        plane0: Union[np.ndarray, Tuple[np.ndarray, str]],
        plane1: Union[np.ndarray, Tuple[np.ndarray, str]],
        plane2: Optional[Union[np.ndarray, Tuple[np.ndarray, str]]] = None,
        plane3: Optional[Union[np.ndarray, Tuple[np.ndarray, str]]] = None,
        output: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.channel_combine (vxChannelCombineNode) on numpy arrays; returns its outputs as arrays or values.

    plane0: input image
    plane1: input image
    plane2: input image, optional
    plane3: input image, optional
    output: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('channel_combine', (plane0, plane1, plane2, plane3, output), border=border)


def channel_extract(
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        channel: Union[str, int],
        output: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.channel_extract (vxChannelExtractNode) on numpy arrays; returns its outputs as arrays or values.

    input: input image
    channel: vx_enum
    output: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('channel_extract', (input, channel, output), border=border)


def color_convert(
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        output: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.color_convert (vxColorConvertNode) on numpy arrays; returns its outputs as arrays or values.

    input: input image
    output: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('color_convert', (input, output), border=border)


def convert_depth(
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        output: Union[str, Tuple[int, int], None] = None,
        policy: Union[str, int] = 'saturate',
        shift: Optional[Union[Scalar, int, float]] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.convertdepth (vxConvertDepthNode) on numpy arrays; returns its outputs as arrays or values.

    input: input image
    output: output image: a virtual one if not given, or of this format or size
    policy: vx_enum, default 'saturate'
    shift: input scalar, required
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('convert_depth', (input, output, policy, shift), border=border)


def convolve(
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        conv: Convolution,
        output: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.custom_convolution (vxConvolveNode) on numpy arrays; returns its outputs as arrays or values.

    input: input image
    conv: input convolution
    output: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('convolve', (input, conv, output), border=border)


def copy(
        input: Object,
        output: Optional[Object] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> Any:
    """Runs a node of org.khronos.openvx.copy (vxCopyNode) on numpy arrays; returns its outputs as arrays or values.

    input: input reference
    output: output reference
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('copy', (input, output), border=border)


def dilate3x3(
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        output: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.dilate_3x3 (vxDilate3x3Node) on numpy arrays; returns its outputs as arrays or values.

    input: input image
    output: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('dilate3x3', (input, output), border=border)


def equalize_hist(
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        output: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.equalize_histogram (vxEqualizeHistNode) on numpy arrays; returns its outputs as arrays or values.

    input: input image
    output: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('equalize_hist', (input, output), border=border)


def erode3x3(
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        output: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.erode_3x3 (vxErode3x3Node) on numpy arrays; returns its outputs as arrays or values.

    input: input image
    output: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('erode3x3', (input, output), border=border)


def fast_corners(
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        strength_thresh: Union[Scalar, int, float],
        nonmax_suppression: bool = True,
        corners: Optional[Array] = None,
        num_corners: Optional[Scalar] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> Tuple[np.ndarray, int]:
    """Runs a node of org.khronos.openvx.fast_corners (vxFastCornersNode) on numpy arrays; returns its outputs as arrays or values.

    input: input image
    strength_thresh: input scalar
    nonmax_suppression: vx_bool, default True
    corners: output array (made if not given)
    num_corners: output scalar (made if not given)
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('fast_corners', (input, strength_thresh, nonmax_suppression, corners, num_corners), border=border)


def gaussian3x3(
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        output: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.gaussian_3x3 (vxGaussian3x3Node) on numpy arrays; returns its outputs as arrays or values.

    input: input image
    output: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('gaussian3x3', (input, output), border=border)


def gaussian_pyramid(
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        gaussian: Optional[Pyramid] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
        levels: int = 4,
        scale: Union[str, float] = 'half',
) -> List[np.ndarray]:
    """Runs a node of org.khronos.openvx.gaussian_pyramid (vxGaussianPyramidNode) on numpy arrays; returns its outputs as arrays or values.

    input: input image
    gaussian: output pyramid (made if not given)
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    levels: the pyramid's levels
    scale: "half", "orb" or a ratio
    """
    return call('gaussian_pyramid', (input, gaussian), border=border, levels=levels, scale=scale)


def half_scale_gaussian(
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        output: Union[str, Tuple[int, int], None] = None,
        kernel_size: int = 3,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.halfscale_gaussian (vxHalfScaleGaussianNode) on numpy arrays; returns its outputs as arrays or values.

    input: input image
    output: output image: a virtual one if not given, or of this format or size
    kernel_size: vx_int32, default 3
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('half_scale_gaussian', (input, output, kernel_size), border=border)


def harris_corners(
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        strength_thresh: Union[Scalar, int, float],
        min_distance: Union[Scalar, int, float],
        sensitivity: Union[Scalar, int, float],
        gradient_size: int = 3,
        block_size: Optional[int] = None,
        corners: Optional[Array] = None,
        num_corners: Optional[Scalar] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> Tuple[np.ndarray, int]:
    """Runs a node of org.khronos.openvx.harris_corners (vxHarrisCornersNode) on numpy arrays; returns its outputs as arrays or values.

    input: input image
    strength_thresh: input scalar
    min_distance: input scalar
    sensitivity: input scalar
    gradient_size: vx_int32, default 3
    block_size: vx_int32, required
    corners: output array (made if not given)
    num_corners: output scalar (made if not given)
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('harris_corners', (input, strength_thresh, min_distance, sensitivity, gradient_size, block_size, corners, num_corners), border=border)


def histogram(
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        distribution: Optional[Distribution] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
        bins: int = 256,
        offset: int = 0,
        range: int = 256,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.histogram (vxHistogramNode) on numpy arrays; returns its outputs as arrays or values.

    input: input image
    distribution: output distribution (made if not given)
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    bins: the distribution's bins
    offset: its first value
    range: how many values it covers from offset
    """
    return call('histogram', (input, distribution), border=border, bins=bins, offset=offset, range=range)


def hog_cells(
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        cell_width: int,
        cell_height: int,
        num_bins: int,
        magnitudes: Optional[Tensor] = None,
        bins: Optional[Tensor] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> Tuple[np.ndarray, np.ndarray]:
    """Runs a node of org.khronos.openvx.hog_cells (vxHOGCellsNode) on numpy arrays; returns its outputs as arrays or values.

    input: input image
    cell_width: vx_int32
    cell_height: vx_int32
    num_bins: vx_int32
    magnitudes: output tensor (made if not given)
    bins: output tensor (made if not given)
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('hog_cells', (input, cell_width, cell_height, num_bins, magnitudes, bins), border=border)


def hog_features(
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        magnitudes: Tensor,
        bins: Tensor,
        params: Any,
        hog_param_size: int,
        features: Optional[Tensor] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.hog_features (vxHOGFeaturesNode) on numpy arrays; returns its outputs as arrays or values.

    input: input image
    magnitudes: input tensor
    bins: input tensor
    params: const vx_hog_t *
    hog_param_size: vx_size
    features: output tensor (made if not given)
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('hog_features', (input, magnitudes, bins, params, hog_param_size, features), border=border)


def hough_lines_p(
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        params: Any,
        lines_array: Optional[Array] = None,
        num_lines: Optional[Scalar] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> Tuple[np.ndarray, int]:
    """Runs a node of org.khronos.openvx.hough_lines_p (vxHoughLinesPNode) on numpy arrays; returns its outputs as arrays or values.

    input: input image
    params: const vx_hough_lines_p_t *
    lines_array: output array (made if not given)
    num_lines: output scalar (made if not given)
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('hough_lines_p', (input, params, lines_array, num_lines), border=border)


def integral_image(
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        output: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.integral_image (vxIntegralImageNode) on numpy arrays; returns its outputs as arrays or values.

    input: input image
    output: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('integral_image', (input, output), border=border)


def laplacian_pyramid(
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        laplacian: Optional[Pyramid] = None,
        output: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
        levels: int = 4,
) -> Tuple[List[np.ndarray], np.ndarray]:
    """Runs a node of org.khronos.openvx.laplacian_pyramid (vxLaplacianPyramidNode) on numpy arrays; returns its outputs as arrays or values.

    input: input image
    laplacian: output pyramid (made if not given)
    output: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    levels: the pyramid's levels
    """
    return call('laplacian_pyramid', (input, laplacian, output), border=border, levels=levels)


def laplacian_reconstruct(
        laplacian: Union[Pyramid, Image, np.ndarray],
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        output: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.laplacian_reconstruct (vxLaplacianReconstructNode) on numpy arrays; returns its outputs as arrays or values.

    laplacian: input pyramid
    input: input image
    output: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('laplacian_reconstruct', (laplacian, input, output), border=border)


def lbp(
        in_: Union[np.ndarray, Tuple[np.ndarray, str]],
        format: Union[str, int],
        kernel_size: int = 3,
        out: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.lbp (vxLBPNode) on numpy arrays; returns its outputs as arrays or values.

    in_: input image
    format: vx_enum
    kernel_size: vx_int8, default 3
    out: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('lbp', (in_, format, kernel_size, out), border=border)


def magnitude(
        grad_x: Union[np.ndarray, Tuple[np.ndarray, str]],
        grad_y: Union[np.ndarray, Tuple[np.ndarray, str]],
        mag: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.magnitude (vxMagnitudeNode) on numpy arrays; returns its outputs as arrays or values.

    grad_x: input image
    grad_y: input image
    mag: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('magnitude', (grad_x, grad_y, mag), border=border)


def match_template(
        src: Union[np.ndarray, Tuple[np.ndarray, str]],
        templateImage: Union[np.ndarray, Tuple[np.ndarray, str]],
        matchingMethod: Union[str, int],
        output: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.match_template (vxMatchTemplateNode) on numpy arrays; returns its outputs as arrays or values.

    src: input image
    templateImage: input image
    matchingMethod: vx_enum
    output: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('match_template', (src, templateImage, matchingMethod, output), border=border)


def max(
        in1: Union[np.ndarray, Tuple[np.ndarray, str]],
        in2: Union[np.ndarray, Tuple[np.ndarray, str]],
        out: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.max (vxMaxNode) on numpy arrays; returns its outputs as arrays or values.

    in1: input image
    in2: input image
    out: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('max', (in1, in2, out), border=border)


def mean_std_dev(
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        mean: Optional[Scalar] = None,
        stddev: Optional[Scalar] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> Tuple[float, float]:
    """Runs a node of org.khronos.openvx.mean_stddev (vxMeanStdDevNode) on numpy arrays; returns its outputs as arrays or values.

    input: input image
    mean: output scalar (made if not given)
    stddev: output scalar (made if not given)
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('mean_std_dev', (input, mean, stddev), border=border)


def median3x3(
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        output: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.median_3x3 (vxMedian3x3Node) on numpy arrays; returns its outputs as arrays or values.

    input: input image
    output: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('median3x3', (input, output), border=border)


def min(
        in1: Union[np.ndarray, Tuple[np.ndarray, str]],
        in2: Union[np.ndarray, Tuple[np.ndarray, str]],
        out: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.min (vxMinNode) on numpy arrays; returns its outputs as arrays or values.

    in1: input image
    in2: input image
    out: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('min', (in1, in2, out), border=border)


def min_max_loc(
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        minVal: Optional[Scalar] = None,
        maxVal: Optional[Scalar] = None,
        minLoc: Optional[Array] = None,
        maxLoc: Optional[Array] = None,
        minCount: Optional[Scalar] = None,
        maxCount: Optional[Scalar] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> Tuple[int, int, np.ndarray, np.ndarray, int, int]:
    """Runs a node of org.khronos.openvx.minmaxloc (vxMinMaxLocNode) on numpy arrays; returns its outputs as arrays or values.

    input: input image
    minVal: output scalar (made if not given)
    maxVal: output scalar (made if not given)
    minLoc: output array (made if not given)
    maxLoc: output array (made if not given)
    minCount: output scalar (made if not given)
    maxCount: output scalar (made if not given)
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('min_max_loc', (input, minVal, maxVal, minLoc, maxLoc, minCount, maxCount), border=border)


def multiply(
        in1: Union[np.ndarray, Tuple[np.ndarray, str]],
        in2: Union[np.ndarray, Tuple[np.ndarray, str]],
        scale: Union[Scalar, int, float],
        overflow_policy: Union[str, int] = 'saturate',
        rounding_policy: Union[str, int] = 'to_zero',
        out: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.multiply (vxMultiplyNode) on numpy arrays; returns its outputs as arrays or values.

    in1: input image
    in2: input image
    scale: input scalar
    overflow_policy: vx_enum, default 'saturate'
    rounding_policy: vx_enum, default 'to_zero'
    out: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('multiply', (in1, in2, scale, overflow_policy, rounding_policy, out), border=border)


def non_linear_filter(
        function: Union[str, int],
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        mask: Union[Matrix, np.ndarray],
        output: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.non_linear_filter (vxNonLinearFilterNode) on numpy arrays; returns its outputs as arrays or values.

    function: vx_enum
    input: input image
    mask: input matrix
    output: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('non_linear_filter', (function, input, mask, output), border=border)


def non_max_suppression(
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        mask: Optional[Union[np.ndarray, Tuple[np.ndarray, str]]] = None,
        win_size: Optional[int] = None,
        output: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.non_max_suppression (vxNonMaxSuppressionNode) on numpy arrays; returns its outputs as arrays or values.

    input: input image
    mask: input image, optional
    win_size: vx_int32, required
    output: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('non_max_suppression', (input, mask, win_size, output), border=border)


def not_(
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        output: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.not (vxNotNode) on numpy arrays; returns its outputs as arrays or values.

    input: input image
    output: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('not', (input, output), border=border)


def optical_flow_pyr_lk(
        old_images: Union[Pyramid, Image, np.ndarray],
        new_images: Union[Pyramid, Image, np.ndarray],
        old_points: Union[Array, np.ndarray],
        new_points_estimates: Optional[Union[Array, np.ndarray]] = None,
        new_points: Optional[Array] = None,
        termination: Union[str, int] = 'both',
        epsilon: Union[Scalar, int, float] = 0.01,
        num_iterations: Union[Scalar, int, float] = 30,
        use_initial_estimate: Union[Scalar, int, float] = False,
        window_dimension: int = 21,
        *,
        border: Union[str, Tuple[str, int], None] = None,
        levels: int = 4,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.optical_flow_pyr_lk (vxOpticalFlowPyrLKNode) on numpy arrays; returns its outputs as arrays or values.

    old_images: input pyramid
    new_images: input pyramid
    old_points: input array
    new_points_estimates: input array, if not given: made of old_points
    new_points: output array (made if not given)
    termination: vx_enum, default 'both'
    epsilon: input scalar, default 0.01
    num_iterations: input scalar, default 30
    use_initial_estimate: input scalar, default False
    window_dimension: vx_size, default 21
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    levels: levels of the pyramids made of images given for old_images/new_images
    """
    return call('optical_flow_pyr_lk', (old_images, new_images, old_points, new_points_estimates, new_points, termination, epsilon, num_iterations, use_initial_estimate, window_dimension), border=border, levels=levels)


def or_(
        in1: Union[np.ndarray, Tuple[np.ndarray, str]],
        in2: Union[np.ndarray, Tuple[np.ndarray, str]],
        out: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.or (vxOrNode) on numpy arrays; returns its outputs as arrays or values.

    in1: input image
    in2: input image
    out: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('or', (in1, in2, out), border=border)


def phase(
        grad_x: Union[np.ndarray, Tuple[np.ndarray, str]],
        grad_y: Union[np.ndarray, Tuple[np.ndarray, str]],
        orientation: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.phase (vxPhaseNode) on numpy arrays; returns its outputs as arrays or values.

    grad_x: input image
    grad_y: input image
    orientation: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('phase', (grad_x, grad_y, orientation), border=border)


def remap(
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        table: Remap,
        policy: Union[str, int] = 'saturate',
        output: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.remap (vxRemapNode) on numpy arrays; returns its outputs as arrays or values.

    input: input image
    table: input remap
    policy: vx_enum, default 'saturate'
    output: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('remap', (input, table, policy, output), border=border)


def scalar_operation(
        scalar_operation: Union[str, int],
        a: Union[Scalar, int, float],
        b: Union[Scalar, int, float],
        output: Optional[Scalar] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> Any:
    """Runs a node of org.khronos.openvx.scalar_operation (vxScalarOperationNode) on numpy arrays; returns its outputs as arrays or values.

    scalar_operation: vx_enum
    a: input scalar
    b: input scalar
    output: output scalar
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('scalar_operation', (scalar_operation, a, b, output), border=border)


def scale_image(
        src: Union[np.ndarray, Tuple[np.ndarray, str]],
        dst: Union[str, Tuple[int, int], None] = None,
        type: Union[str, int] = 'bilinear',
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.scale_image (vxScaleImageNode) on numpy arrays; returns its outputs as arrays or values.

    src: input image
    dst: output image: a virtual one if not given, or of this format or size
    type: vx_enum, default 'bilinear'
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('scale_image', (src, dst, type), border=border)


def select(
        condition: Union[Scalar, int, float],
        true_value: Object,
        false_value: Object,
        output: Optional[Object] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> Any:
    """Runs a node of org.khronos.openvx.select (vxSelectNode) on numpy arrays; returns its outputs as arrays or values.

    condition: input scalar
    true_value: input reference
    false_value: input reference
    output: output reference
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('select', (condition, true_value, false_value, output), border=border)


def sobel3x3(
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        output_x: Union[str, Tuple[int, int], None] = None,
        output_y: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> Tuple[np.ndarray, np.ndarray]:
    """Runs a node of org.khronos.openvx.sobel_3x3 (vxSobel3x3Node) on numpy arrays; returns its outputs as arrays or values.

    input: input image
    output_x: output image: a virtual one if not given, or of this format or size
    output_y: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('sobel3x3', (input, output_x, output_y), border=border)


def subtract(
        in1: Union[np.ndarray, Tuple[np.ndarray, str]],
        in2: Union[np.ndarray, Tuple[np.ndarray, str]],
        policy: Union[str, int] = 'saturate',
        out: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.subtract (vxSubtractNode) on numpy arrays; returns its outputs as arrays or values.

    in1: input image
    in2: input image
    policy: vx_enum, default 'saturate'
    out: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('subtract', (in1, in2, policy, out), border=border)


def table_lookup(
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        lut: Union[LUT, np.ndarray],
        output: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.table_lookup (vxTableLookupNode) on numpy arrays; returns its outputs as arrays or values.

    input: input image
    lut: input lut
    output: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('table_lookup', (input, lut, output), border=border)


def tensor_add(
        input1: Tensor,
        input2: Tensor,
        policy: Union[str, int] = 'saturate',
        output: Optional[Tensor] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.tensor_add (vxTensorAddNode) on numpy arrays; returns its outputs as arrays or values.

    input1: input tensor
    input2: input tensor
    policy: vx_enum, default 'saturate'
    output: output tensor (made if not given)
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('tensor_add', (input1, input2, policy, output), border=border)


def tensor_convert_depth(
        input: Tensor,
        policy: Union[str, int] = 'saturate',
        norm: Optional[Union[Scalar, int, float]] = None,
        offset: Optional[Union[Scalar, int, float]] = None,
        output: Optional[Tensor] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.tensor_convert_depth (vxTensorConvertDepthNode) on numpy arrays; returns its outputs as arrays or values.

    input: input tensor
    policy: vx_enum, default 'saturate'
    norm: input scalar, required
    offset: input scalar, required
    output: output tensor (made if not given)
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('tensor_convert_depth', (input, policy, norm, offset, output), border=border)


def tensor_multiply(
        input1: Tensor,
        input2: Tensor,
        scale: Union[Scalar, int, float],
        overflow_policy: Union[str, int] = 'saturate',
        rounding_policy: Union[str, int] = 'to_zero',
        output: Optional[Tensor] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.tensor_multiply (vxTensorMultiplyNode) on numpy arrays; returns its outputs as arrays or values.

    input1: input tensor
    input2: input tensor
    scale: input scalar
    overflow_policy: vx_enum, default 'saturate'
    rounding_policy: vx_enum, default 'to_zero'
    output: output tensor (made if not given)
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('tensor_multiply', (input1, input2, scale, overflow_policy, rounding_policy, output), border=border)


def tensor_subtract(
        input1: Tensor,
        input2: Tensor,
        policy: Union[str, int] = 'saturate',
        output: Optional[Tensor] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.tensor_subtract (vxTensorSubtractNode) on numpy arrays; returns its outputs as arrays or values.

    input1: input tensor
    input2: input tensor
    policy: vx_enum, default 'saturate'
    output: output tensor (made if not given)
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('tensor_subtract', (input1, input2, policy, output), border=border)


def tensor_table_lookup(
        input1: Tensor,
        lut: Union[LUT, np.ndarray],
        output: Optional[Tensor] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.tensor_table_lookup (vxTensorTableLookupNode) on numpy arrays; returns its outputs as arrays or values.

    input1: input tensor
    lut: input lut
    output: output tensor (made if not given)
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('tensor_table_lookup', (input1, lut, output), border=border)


def tensor_transpose(
        input: Tensor,
        output: Union[Scalar, int, float],
        dimension1: int,
        dimension2: int,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.tensor_transpose (vxTensorTransposeNode) on numpy arrays; returns its outputs as arrays or values.

    input: input tensor
    output: input scalar
    dimension1: vx_size
    dimension2: vx_size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('tensor_transpose', (input, output, dimension1, dimension2), border=border)


def threshold(
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        thresh: Optional[Threshold] = None,
        output: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
        value: Optional[int] = None,
        lower: Optional[int] = None,
        upper: Optional[int] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.threshold (vxThresholdNode) on numpy arrays; returns its outputs as arrays or values.

    input: input image
    thresh: input threshold, if not given: made of value= or lower=/upper=
    output: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    value: a binary threshold: true where input > value
    lower: a range threshold: true where lower <= input <= upper
    upper: a range threshold: true where lower <= input <= upper
    """
    return call('threshold', (input, thresh, output), border=border, value=value, lower=lower, upper=upper)


def warp_affine(
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        matrix: Union[Matrix, np.ndarray],
        type: Union[str, int] = 'bilinear',
        output: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.warp_affine (vxWarpAffineNode) on numpy arrays; returns its outputs as arrays or values.

    input: input image
    matrix: input matrix
    type: vx_enum, default 'bilinear'
    output: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('warp_affine', (input, matrix, type, output), border=border)


def warp_perspective(
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        matrix: Union[Matrix, np.ndarray],
        type: Union[str, int] = 'bilinear',
        output: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.warp_perspective (vxWarpPerspectiveNode) on numpy arrays; returns its outputs as arrays or values.

    input: input image
    matrix: input matrix
    type: vx_enum, default 'bilinear'
    output: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('warp_perspective', (input, matrix, type, output), border=border)


def weighted_average(
        img1: Union[np.ndarray, Tuple[np.ndarray, str]],
        alpha: Union[Scalar, int, float],
        img2: Union[np.ndarray, Tuple[np.ndarray, str]],
        output: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.weighted_average (vxWeightedAverageNode) on numpy arrays; returns its outputs as arrays or values.

    img1: input image
    alpha: input scalar
    img2: input image
    output: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('weighted_average', (img1, alpha, img2, output), border=border)


def xor(
        in1: Union[np.ndarray, Tuple[np.ndarray, str]],
        in2: Union[np.ndarray, Tuple[np.ndarray, str]],
        out: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.xor (vxXorNode) on numpy arrays; returns its outputs as arrays or values.

    in1: input image
    in2: input image
    out: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('xor', (in1, in2, out), border=border)


def canny(
        input: Union[np.ndarray, Tuple[np.ndarray, str]],
        hyst: Optional[Threshold] = None,
        gradient_size: int = 3,
        norm_type: Union[str, int] = 'l1',
        output: Union[str, Tuple[int, int], None] = None,
        *,
        border: Union[str, Tuple[str, int], None] = None,
        low: Optional[int] = None,
        high: Optional[int] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.canny_edge_detector (vxCannyEdgeDetectorNode) on numpy arrays; returns its outputs as arrays or values.

    input: input image
    hyst: input threshold, if not given: made of low=/high=
    gradient_size: vx_int32, default 3
    norm_type: vx_enum, default 'l1'
    output: output image: a virtual one if not given, or of this format or size
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    low: the hysteresis' lower threshold (with high)
    high: the hysteresis' upper threshold (with low)
    """
    return call('canny', (input, hyst, gradient_size, norm_type, output), border=border, low=low, high=high)


def resize(
        src: Union[np.ndarray, Tuple[np.ndarray, str]],
        dst: Union[str, Tuple[int, int], None] = None,
        type: Union[str, int] = 'bilinear',
        *,
        border: Union[str, Tuple[str, int], None] = None,
) -> np.ndarray:
    """Runs a node of org.khronos.openvx.scale_image (vxScaleImageNode) on numpy arrays; returns its outputs as arrays or values.

    src: input image
    dst: output image: a virtual one if not given, or of this format or size
    type: vx_enum, default 'bilinear'
    border: the node's border mode: None or "undefined" (the spec's default: pixels whose neighbourhood leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)
    """
    return call('resize', (src, dst, type), border=border)


kernels = ['abs_diff', 'add', 'and_', 'bilateral_filter', 'box3x3', 'canny', 'canny_edge_detector', 'channel_combine', 'channel_extract', 'color_convert', 'convert_depth', 'convolve', 'copy', 'dilate3x3', 'equalize_hist', 'erode3x3', 'fast_corners', 'gaussian3x3', 'gaussian_pyramid', 'half_scale_gaussian', 'harris_corners', 'histogram', 'hog_cells', 'hog_features', 'hough_lines_p', 'integral_image', 'laplacian_pyramid', 'laplacian_reconstruct', 'lbp', 'magnitude', 'match_template', 'max', 'mean_std_dev', 'median3x3', 'min', 'min_max_loc', 'multiply', 'non_linear_filter', 'non_max_suppression', 'not_', 'optical_flow_pyr_lk', 'or_', 'phase', 'remap', 'resize', 'scalar_operation', 'scale_image', 'select', 'sobel3x3', 'subtract', 'table_lookup', 'tensor_add', 'tensor_convert_depth', 'tensor_multiply', 'tensor_subtract', 'tensor_table_lookup', 'tensor_transpose', 'threshold', 'warp_affine', 'warp_perspective', 'weighted_average', 'xor']
