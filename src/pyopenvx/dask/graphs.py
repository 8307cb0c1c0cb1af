"""What a Dask task runs: one graph per worker process (and worker thread), built from a build
function or imported from a vx_khr_ix blob the first time a task of that graph runs there, then kept
(keyed on a hash of the pickled function or of the blob) and reused for every frame of every task."""
from __future__ import annotations

import hashlib
import os
import struct
import sys
import threading
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

import cloudpickle
import numpy as np

from .. import __version__
from .. import constants as vx
from ..api import ffi, lib
from ..errors import VxError
from ..ix_blob import MAGIC, VERSION, open_blob
from ..pythonic.base import check, wrap_reference
from ..pythonic.context import Context
from ..pythonic.graph import Graph
from ..pythonic.image import _NUMPY_FORMATS, _STACKED, Image, _stacked_planes
from ..pythonic.ix import Import
from .halo import model

Border = Union[None, str, Tuple[str, int]]


class BlobError(ValueError):
    """A graph blob this pyopenvx cannot run (another version's, corrupt, or no graph with parameters)."""


class FrameMismatch(ValueError):
    """A frame that is not what the graph's input image parameter takes."""


def blob_uses(blob: bytes) -> List[int]:
    """The uses the blob was exported with (its refs record), after checking its header: a blob of
    another export format version is refused by name, before any import."""
    magic, version = struct.unpack_from("<8sI", blob) if len(blob) >= 12 else (b"", 0)
    if magic == MAGIC and version != VERSION:
        raise BlobError(f"the graph blob was exported by another pyopenvx version (export format {version}; "
                        f"pyopenvx {__version__} reads format {VERSION}): export it again with this version")
    try:
        records = open_blob(blob)
    except VxError as err:
        raise BlobError(str(err)) from None
    uses = records[-1][2][1] if records[-1][:1] == ["refs"] else None
    if not isinstance(uses, list):
        raise BlobError("the graph blob does not end with the list of what was exported")
    if vx.VX_IX_USE_APPLICATION_CREATE in uses:
        raise BlobError("the graph blob needs objects the application creates (VX_IX_USE_APPLICATION_CREATE): "
                        "export them with VX_IX_USE_EXPORT_VALUES or VX_IX_USE_NO_EXPORT_VALUES")
    return uses


class GraphSource:
    """A picklable description of the graph (what tasks carry): a build function
    `build(graph, *input images) -> output image(s)` (node helpers) or a vx_khr_ix blob whose
    graph's parameters are its input images (read) then its output images (written); `border`
    ("undefined", "replicate" or ("constant", value)) set on every node of a built graph."""

    def __init__(self, graph: Union[bytes, Callable[..., Any], "GraphSource"], border: Border = None) -> None:
        if isinstance(graph, GraphSource):
            graph = graph.blob if graph.blob is not None else graph.build      # type: ignore[assignment]
        self.blob: Optional[bytes] = None
        self.build: Optional[Callable[..., Any]] = None
        if isinstance(graph, (bytes, bytearray, memoryview)):
            self.blob = bytes(graph)
            blob_uses(self.blob)
            if border is not None:
                raise ValueError("a blob's graph keeps the borders it was exported with")
            digest = hashlib.sha256(self.blob).hexdigest()
        elif callable(graph):
            self.build = graph
            digest = hashlib.sha256(cloudpickle.dumps(graph)).hexdigest()
        else:
            raise TypeError(f"graph: a build function or a vx_khr_ix blob (bytes), not {type(graph).__name__}")
        self.border = border
        self.key = (digest, repr(border))


def _parameter(graph: Graph, index: int) -> Tuple[int, Any]:
    """(direction, object) of graph parameter `index`."""
    parameter = lib.vxGetGraphParameterByIndex(graph.handle, index)
    check(lib.vxGetStatus(ffi.cast("vx_reference", parameter)), f"vxGetGraphParameterByIndex({index})")
    try:
        direction, ref = ffi.new("vx_enum *"), ffi.new("vx_reference *")
        check(lib.vxQueryParameter(parameter, vx.VX_PARAMETER_DIRECTION, direction, ffi.sizeof("vx_enum")),
              "vxQueryParameter")
        check(lib.vxQueryParameter(parameter, vx.VX_PARAMETER_REF, ref, ffi.sizeof("vx_reference")),
              "vxQueryParameter")
        return direction[0], wrap_reference(ref[0], owned=True)
    finally:
        lib.vxReleaseParameter(ffi.new("vx_parameter *", parameter))


def _format_of(array: np.ndarray) -> Optional[str]:
    channels = array.shape[2] if array.ndim == 3 else 1
    return _NUMPY_FORMATS.get((array.dtype, array.ndim, channels))


# buffers an output binding keeps for reuse: enough for a frame's output still on its way to the
# next function while the next frame runs
_POOL = 2


def _references(pool: List[np.ndarray], k: int) -> int:
    return sys.getrefcount(pool[k])


# the count of a buffer only its pool holds, measured (interpreters count borrowed references apart)
_ALONE = _references([np.empty(0)], 0)


class Binding:
    """A graph image whose memory is swapped for each run (vxSwapImageHandle): a frame's own buffer
    in, a buffer the caller gets out, so a frame costs no copy either way. `exemplar` is a buffer of
    the image's shape, dtype and strides (what to_numpy gives); the image keeps no memory of its own
    between runs, only the buffer last swapped in (held while the image points at it)."""

    def __init__(self, context: Context, fmt: str, width: int, exemplar: np.ndarray) -> None:
        self.layout = (exemplar.shape, exemplar.dtype, exemplar.strides)
        self.image = Image.from_numpy(context, exemplar, fmt, width)
        planes = _stacked_planes(fmt, exemplar, width, self.image.height) if fmt in _STACKED else [exemplar]
        self.offsets = [plane.ctypes.data - exemplar.ctypes.data for plane in planes]
        self.pointers = ffi.new("void *[]", len(planes))
        self.held: Optional[np.ndarray] = None
        self.pool: List[np.ndarray] = []
        self.unbind()

    def unbind(self) -> None:
        """Swaps the buffer out: the image has no memory until the next bind."""
        check(lib.vxSwapImageHandle(self.image.handle, ffi.NULL, ffi.NULL, len(self.offsets)), "vxSwapImageHandle",
              self.image)
        self.held = None

    def fits(self, array: np.ndarray) -> bool:
        """Whether `array` can be swapped in as it is (the exemplar's layout, and writable: a graph
        never writes its inputs, but a read-only buffer is not handed to C as memory to write)."""
        return (array.shape, array.dtype, array.strides) == self.layout and array.flags.writeable

    def bind(self, array: np.ndarray) -> None:
        """Swaps `array` (one that fits) in as the image's memory (unless it is already)."""
        if array is self.held:
            return
        base = array.ctypes.data
        for p, offset in enumerate(self.offsets):
            self.pointers[p] = ffi.cast("void *", base + offset)
        check(lib.vxSwapImageHandle(self.image.handle, self.pointers, ffi.NULL, len(self.offsets)),
              "vxSwapImageHandle", self.image)
        self.held = array

    def fresh(self) -> np.ndarray:
        """An output buffer nothing else holds: a pooled one whose last result was dropped (no new
        pages a frame: under Dask's MALLOC_TRIM_THRESHOLD_ each fresh 1080p array faults its pages
        in again), else a new one. One the caller (or a view of it) still holds is never reused.
        Read-only for Python, so a reused one holds exactly what the graph wrote there (pixels an
        undefined border leaves are 0, as in a new one)."""
        pool = self.pool
        for k in range(len(pool)):
            if _references(pool, k) == _ALONE + (pool[k] is self.held):      # (`held`: swapped in now)
                return pool[k]
        buffer = np.zeros(self.layout[0], self.layout[1])
        buffer.flags.writeable = False
        if len(self.pool) < _POOL:
            self.pool.append(buffer)
        return buffer


def _holders(graph: Graph, image: Any) -> int:
    """How many node parameters of the graph hold `image` (the object model's graph)."""
    obj = model(image)
    return sum(p is obj for node in model(graph).nodes for p in node.params)


def _replace(graph: Graph, old: Any, new: Image) -> None:
    """Puts `new` wherever `old` is a parameter of a node the built graph made."""
    for node, index in list(graph._sites(old)):
        node[index] = new


class Runner:
    """A verified graph whose input and output images are Bindings: runner(arrays) -> output arrays,
    each a buffer of its own (the frame's pixels are read where they are)."""

    def __init__(self, source: GraphSource, arrays: Sequence[np.ndarray], context: Context) -> None:
        self.held: List[Any] = []
        if source.build is not None:
            self.graph = Graph(context)
            self.ins: List[Binding] = []
            for a in arrays:
                fmt = _format_of(a)
                if fmt is None:
                    Image.from_numpy(context, a)        # refuses the array with the reason
                exemplar = np.empty(a.shape, a.dtype)
                self.ins.append(Binding(context, fmt, a.shape[1], exemplar))    # type: ignore[arg-type]
            outputs = source.build(self.graph, *(b.image for b in self.ins))
            outputs = list(outputs) if isinstance(outputs, (tuple, list)) else [outputs]
            if source.border is not None:
                for node in self.graph._nodes:
                    node.border = source.border
            self.graph.verify()                         # sizes virtual outputs
            self.outs = [self._binding(context, o) for o in outputs]
            for old, binding in zip(outputs, self.outs):
                _replace(self.graph, old, binding.image)
        else:
            imported = Import(context, source.blob, blob_uses(source.blob))     # type: ignore[arg-type]
            self.held.append(imported)
            graphs = [o for o in imported.objects if isinstance(o, Graph)]
            if not graphs:
                raise BlobError("the blob holds no graph")
            self.graph = graphs[0]
            self.held.extend(imported.objects)
            params = [_parameter(self.graph, i) for i in range(self.graph.num_parameters)]
            inputs = [o for d, o in params if d == vx.VX_INPUT]
            outputs = [o for d, o in params if d != vx.VX_INPUT]
            if not inputs or not outputs or not all(isinstance(o, Image) for d, o in params):
                raise BlobError(f"the blob's graph has {len(inputs)} input and {len(outputs)} output "
                                "parameters: it needs its input images then its output images as graph parameters "
                                "(vxAddParameterToGraph), and only images")
            self.held.extend(o for d, o in params)
            bindings = [self._binding(context, o) for d, o in params]
            for i, ((d, o), binding) in enumerate(zip(params, bindings)):
                holders = _holders(self.graph, o)
                if holders != 1:
                    raise BlobError(f"the blob's graph parameter {i} is an image {holders} node "
                                    "parameters use: a frame set on the graph parameter reaches one of them only; "
                                    "export a graph whose parameter images each belong to one node parameter")
                self.graph[i] = binding.image
            self.ins = [b for (d, _), b in zip(params, bindings) if d == vx.VX_INPUT]
            self.outs = [b for (d, _), b in zip(params, bindings) if d != vx.VX_INPUT]
        self.inputs = [b.image for b in self.ins]
        self.outputs = [b.image for b in self.outs]
        self.graph.verify()

    @staticmethod
    def _binding(context: Context, image: Any) -> Binding:
        """A Binding like `image` (a verified virtual one included)."""
        like = Image(context, image.width, image.height, image.format)
        return Binding(context, image.format, image.width, like.to_numpy())

    def check(self, arrays: Sequence[np.ndarray], what: str = "the frame") -> None:
        """FrameMismatch unless `arrays` fit the input images (count, size and format)."""
        if len(arrays) != len(self.inputs):
            raise FrameMismatch(f"the graph takes {len(self.inputs)} input images, {what} gives {len(arrays)}")
        for i, (img, a) in enumerate(zip(self.inputs, arrays)):
            got = _format_of(a)
            if got != img.format or a.shape[:2] != (img.height, img.width):
                raise FrameMismatch(f"the graph's input {i} is a {img.width}x{img.height} {img.format} image; "
                                    f"{what} is {a.shape[1] if a.ndim > 1 else '?'}x{a.shape[0]} "
                                    f"{got or f'{a.dtype} of shape {a.shape} (no image format)'}")

    def __call__(self, arrays: Sequence[np.ndarray], what: str = "the frame",
                 outputs: Optional[Sequence[np.ndarray]] = None) -> List[np.ndarray]:
        """The graph run on `arrays` (read in place when their layout allows, else copied once);
        its outputs written into `outputs` (buffers laid out as to_numpy gives them) or into
        buffers of their own (Binding.fresh: read-only), returned."""
        fit = [binding.fits(a) for binding, a in zip(self.ins, arrays)]
        if len(arrays) != len(self.ins) or not all(fit):        # (an array that fits is what the image takes)
            self.check(arrays, what)
        for binding, a, fits in zip(self.ins, arrays, fit):
            binding.bind(a if fits else np.array(a))
        if outputs is None:
            outputs = [binding.fresh() for binding in self.outs]
        for binding, out in zip(self.outs, outputs):
            binding.bind(out)
        self.graph.process()
        return list(outputs)

    def unbind(self) -> None:
        """Lets go of the last run's buffers (apply: a chunk's, which the runner need not keep)."""
        for binding in self.ins + self.outs:
            binding.unbind()


_runners: Dict[Any, Runner] = {}
_lock = threading.Lock()
_context: List[Context] = []


def _size_threads() -> None:
    """OpenVX's tile threads: as many as the Dask worker's threads (the worker runs that many tasks
    at once), unless PVX_TILE_THREADS says otherwise; read when the pool starts, so before any run."""
    try:
        from distributed import get_worker
        os.environ.setdefault("PVX_TILE_THREADS", str(get_worker().state.nthreads))
    except (ImportError, ValueError, AttributeError):
        pass                            # not on a worker: the process's own setting


def context() -> Context:
    """This process's context for the graphs of tasks."""
    with _lock:
        if not _context:
            _size_threads()
            _context.append(Context())
        return _context[0]


def runner(source: GraphSource, arrays: Sequence[np.ndarray]) -> Runner:
    """The calling thread's runner of `source` for arrays shaped like `arrays` (built on first use)."""
    shapes = None if source.blob is not None else tuple((a.shape, a.dtype.str) for a in arrays)
    key = (threading.get_ident(), source.key, shapes)
    found = _runners.get(key)
    if found is None:
        found = Runner(source, arrays, context())
        with _lock:
            _runners[key] = found
    return found


def release() -> None:
    """Drops this process's runners and its context (vxCreateContext gives the process's one context,
    which lives while anything holds it: in a client process, the application's objects share it).
    The next task builds them again."""
    with _lock:
        runners = list(_runners.values())
        _runners.clear()
        contexts = _context[:]
        _context.clear()
    del runners                 # released here, outside the lock, before their context
    for ctx in contexts:
        ctx.release()


def run(source: GraphSource, arrays: Sequence[np.ndarray], what: str = "the frame") -> List[np.ndarray]:
    """The graph's outputs for `arrays` (this process's runner)."""
    return runner(source, arrays)(arrays, what)
