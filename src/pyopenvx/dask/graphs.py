"""What a Dask task runs: one graph per worker process (and worker thread), built from a build
function or imported from a vx_khr_ix blob the first time a task of that graph runs there, then kept
(keyed on a hash of the pickled function or of the blob) and reused for every frame of every task."""
from __future__ import annotations

import hashlib
import os
import struct
import threading
from contextlib import ExitStack, contextmanager
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple, Union

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
from ..pythonic.image import Image, _NUMPY_FORMATS
from ..pythonic.ix import Import

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


class Runner:
    """A verified graph with its input and output images: runner(arrays) -> output arrays."""

    def __init__(self, source: GraphSource, arrays: Sequence[np.ndarray], context: Context) -> None:
        self.held: List[Any] = []
        if source.build is not None:
            self.graph = Graph(context)
            # (an array of no image format: from_numpy refuses it with the reason)
            self.inputs = [Image(context, a.shape[1], a.shape[0], fmt) if (fmt := _format_of(a))
                           else Image.from_numpy(context, a) for a in arrays]
            outputs = source.build(self.graph, *self.inputs)
            outputs = list(outputs) if isinstance(outputs, (tuple, list)) else [outputs]
            if source.border is not None:
                for node in self.graph._nodes:
                    node.border = source.border
            self.outputs = [self.graph.readable(o) for o in outputs]
        else:
            imported = Import(context, source.blob, blob_uses(source.blob))     # type: ignore[arg-type]
            self.held.append(imported)
            graphs = [o for o in imported.objects if isinstance(o, Graph)]
            if not graphs:
                raise BlobError("the blob holds no graph")
            self.graph = graphs[0]
            self.held.extend(imported.objects)
            params = [_parameter(self.graph, i) for i in range(self.graph.num_parameters)]
            self.inputs = [o for d, o in params if d == vx.VX_INPUT]
            self.outputs = [o for d, o in params if d != vx.VX_INPUT]
            if not self.inputs or not self.outputs or not all(isinstance(o, Image) for d, o in params):
                raise BlobError(f"the blob's graph has {len(self.inputs)} input and {len(self.outputs)} output "
                                "parameters: it needs its input images then its output images as graph parameters "
                                "(vxAddParameterToGraph), and only images")
        self.graph.verify()

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

    def process(self, arrays: Sequence[np.ndarray], what: str = "the frame") -> None:
        self.check(arrays, what)
        for img, a in zip(self.inputs, arrays):
            img.write(a)
        self.graph.process()

    def __call__(self, arrays: Sequence[np.ndarray], what: str = "the frame") -> List[np.ndarray]:
        self.process(arrays, what)
        return [o.to_numpy() for o in self.outputs]

    @contextmanager
    def views(self, arrays: Sequence[np.ndarray], what: str = "the frame") -> Iterator[List[np.ndarray]]:
        """Runs the graph; read-only views of its outputs, valid in the block. No new array per frame:
        under Dask's MALLOC_TRIM_THRESHOLD_ each fresh 1080p array costs page faults (~5 ms under load)."""
        self.process(arrays, what)
        with ExitStack() as stack:
            yield [stack.enter_context(o.map(usage="r")) for o in self.outputs]


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
