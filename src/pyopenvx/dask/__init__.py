"""OpenVX graphs on Dask (pip install 'pyopenvx[dask]'): over many frames, or over one image bigger
than memory, on a local or remote cluster. Dask does the scheduling, the transport and the retries.

    import pyopenvx.dask as pvd
    edges = lambda g, src: g.canny(g.gaussian3x3(src), low=80, high=160)   # or a vx_khr_ix blob (bytes)
    results = pvd.map_frames(edges, ["a.png", "b.png"])      # a dask.bag of arrays, in input order
    report = pvd.to_files(edges, paths, "out/").compute()     # written files; existing ones skipped
    big = pvd.apply(lambda g, s: g.sobel3x3(s)[0], darr)      # a dask.array, chunk by chunk with a halo

Each worker process builds (or imports) and verifies the graph once, the first time one of its
tasks needs it, and reuses it for every frame of every later task (graphs.py). `local_cluster(n)`
makes the cluster the command line uses: n single-thread worker processes, their profiler off and
Dask's periodic monitors slowed (LOCAL_CLUSTER_CONFIG).
docs/scale-out.md.
"""
from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Any, Callable, List, Optional, Sequence, Tuple, Union

import dask
import dask.array as da
import dask.bag as db
import numpy as np

from . import files
from .graphs import BlobError, Border, FrameMismatch, GraphSource, Runner, context, release, run, runner
from .halo import NotChunkable, halo

__all__ = ["map_frames", "to_files", "apply", "local_cluster", "LOCAL_CLUSTER_CONFIG", "partitions", "GraphSource",
           "BlobError", "FrameMismatch", "NotChunkable", "release"]

GraphLike = Union[bytes, Callable[..., Any], GraphSource]


def _one(outputs: List[np.ndarray]) -> Any:
    return outputs[0] if len(outputs) == 1 else tuple(outputs)


def _run_frame(frame: Any, source: GraphSource) -> Any:
    what = files.describe(frame)
    try:
        pixels = files.read(frame)
    except Exception as err:
        raise OSError(f"{what}: {err}") from err
    return _one(run(source, [pixels], what))


def _run_stack(block: np.ndarray, source: GraphSource, shape: Tuple[int, ...], dtype: Any) -> np.ndarray:
    """The block's frames through one runner, each output written in place into the block's result."""
    out = np.zeros((len(block),) + shape, dtype)     # (pixels an undefined border leaves: 0)
    if len(block):
        graph = runner(source, [block[0]])
        for frame, result in zip(block, out):
            graph([frame], outputs=[result])
        graph.unbind()                                  # (no block kept by the runner)
    return out


# the most frames a task of a list runs: a task costs a few ms of CPU on the worker, its scheduler and
# the client (about 4 frames of a fast graph at 1080p): long tasks make that a per cent or less
BATCH = 256


def partitions(count: int, threads: Optional[int] = None) -> int:
    """How many tasks a list of `count` frames runs in: two a thread (`threads`, default those of
    the current Dask client's workers, else the cores) so a slower worker does not hold back the end
    of the run, and more when that would put more than BATCH frames in a task."""
    if threads is None:
        try:
            from distributed import default_client
            threads = sum(w["nthreads"] for w in default_client().scheduler_info()["workers"].values())  # (async too)
        except (ImportError, ValueError):
            threads = os.cpu_count() or 1
    return max(1, min(count, max(2 * threads, math.ceil(count / BATCH))))


def _bag(frames: Any, npartitions: Optional[int]) -> db.Bag:
    if isinstance(frames, db.Bag):
        return frames
    frames = files.expand(list(frames))
    return db.from_sequence(frames, npartitions=npartitions or partitions(len(frames)))


def map_frames(graph: GraphLike, frames: Any, border: Border = None,
               npartitions: Optional[int] = None) -> Union[db.Bag, da.Array]:
    """The graph run on every frame. `frames`: a dask.bag or a list of arrays or paths (images,
    or videos with the video extra) -> a dask.bag of output arrays (a tuple per frame for several
    outputs), in input order; or a dask.array stack (n, h, w[, c]) -> the stack of outputs (one
    output image). `graph`: build(graph, *inputs) -> output(s), or a vx_khr_ix blob (see GraphSource)."""
    source = GraphSource(graph, border)
    if isinstance(frames, da.Array):
        if frames.ndim not in (3, 4):
            raise ValueError(f"a stack of frames is (n, h, w) or (n, h, w, c), not {frames.shape}")
        frames = frames.rechunk({i: -1 for i in range(1, frames.ndim)})
        sample = np.zeros(frames.shape[1:], frames.dtype)
        outputs = Runner(source, [sample], context())([sample])      # the outputs' shape and dtype
        if len(outputs) != 1:
            raise ValueError(f"a stack of frames needs a graph of one output image, this one has {len(outputs)}")
        out = outputs[0]
        extra = out.ndim - sample.ndim
        return frames.map_blocks(_run_stack, source, out.shape, out.dtype, dtype=out.dtype,
                                 chunks=(frames.chunks[0],) + out.shape, drop_axis=[3] if extra < 0 else [],
                                 new_axis=[3] if extra > 0 else [], meta=np.empty((0,) * (out.ndim + 1), out.dtype))
    # element by element: a chain of maps after it (results.map(f)) takes each output before the next
    # frame's is made, so the runner's pooled output buffer comes back (no new pages a frame)
    return _bag(frames, npartitions).map(_run_frame, source)


def _write_partition(items: Sequence[Tuple[Any, str]], source: GraphSource, directory: str) -> List[Tuple[str, str]]:
    out = []
    for frame, name in items:
        target = Path(directory) / name
        what = files.describe(frame) if not isinstance(frame, np.ndarray) else name
        if target.exists():
            out.append((name, "skipped"))
            continue
        try:
            pixels = files.read(frame)
        except Exception as err:         # whatever the decoder raises (PIL: SyntaxError): this frame only
            out.append((name, f"failed: {what} cannot be read ({type(err).__name__}: {err})"))
            continue
        try:
            for k, image in enumerate(run(source, [pixels], what)):
                files.write_atomically(target if k == 0 else target.with_name(f"{target.stem}_{k}{target.suffix}"),
                                       image)
            out.append((name, "written"))
        except Exception as err:         # a frame the graph refuses, an output the format cannot hold
            out.append((name, f"failed: {what}: {type(err).__name__}: {err}"))
    return out


def to_files(graph: GraphLike, frames: Any, directory: Union[str, os.PathLike], suffix: str = ".png",
             names: Optional[Sequence[str]] = None, border: Border = None,
             npartitions: Optional[int] = None) -> db.Bag:
    """A dask.bag that, computed, runs the graph on each frame (paths, videos, arrays as in
    map_frames) and writes its output to `directory` (atomically; a frame whose file exists is
    skipped, so a run resumes where it stopped; further outputs go to <name>_<k>). Its items are
    (file name, "written" | "skipped" | "failed: <frame>: <why>"), in input order: a frame that
    cannot be read or does not fit the graph fails alone."""
    source = GraphSource(graph, border)
    frames = files.expand(list(frames))
    names = list(names) if names is not None else [files.output_name(f, i, suffix) for i, f in enumerate(frames)]
    if len(set(names)) != len(names):
        raise ValueError("two frames would be written to the same file: give `names`")
    Path(directory).mkdir(parents=True, exist_ok=True)
    files.remove_partials(Path(directory))
    items = db.from_sequence(list(zip(frames, names)), npartitions=npartitions or partitions(len(names)))
    return items.map_partitions(_write_partition, source, str(directory))


def _run_chunk(block: np.ndarray, source: GraphSource, depth: int, block_info: Any = None) -> np.ndarray:
    """The graph on a chunk with its halo; the chunk's own pixels (a view: the halo is on the sides
    that have a neighbour, none on the image's edges). The runner keeps no chunk's buffer after."""
    where, count = block_info[0]["chunk-location"], block_info[0]["num-chunks"]
    top, left = (depth if where[i] > 0 else 0 for i in (0, 1))
    bottom, right = (depth if where[i] < count[i] - 1 else 0 for i in (0, 1))
    block = np.ascontiguousarray(block)
    graph = runner(source, [block])
    out = graph([block], "the chunk", [np.zeros(*graph.outs[0].layout[:2])])[0]      # (not a pooled buffer)
    graph.unbind()
    return out[top:out.shape[0] - bottom, left:out.shape[1] - right]


def apply(graph: Union[Callable[..., Any], GraphSource], darr: da.Array, border: Border = None) -> da.Array:
    """The graph build(graph, image) -> output image run over the 2-D (or h x w x c) dask.array
    `darr` chunk by chunk: each chunk with a halo as wide as the graph reaches (halo.py), the border
    mode applied only at the image's true edges (chunks there get no halo on that side), so the result
    equals the whole-image run bit for bit. A node that cannot be chunked raises NotChunkable. (The
    pieces of map_overlap, with the trim done as each chunk's output is copied out.)"""
    source = GraphSource(graph, border)
    if source.build is None:
        raise ValueError("apply needs a build function: a blob's graph has images of fixed sizes")
    if darr.ndim not in (2, 3):
        raise ValueError(f"apply takes a 2-D or (h, w, c) dask.array, not {darr.shape}")
    if darr.ndim == 3:
        darr = darr.rechunk({2: -1})
    # a probe for the halo and the output's type (a same-size graph's do not depend on the size)
    sample = np.zeros((min(darr.shape[0], 64), min(darr.shape[1], 64)) + darr.shape[2:], darr.dtype)
    probe = runner(source, [sample])
    if len(probe.outputs) != 1:
        raise ValueError(f"apply needs a graph of one output image, this one has {len(probe.outputs)}")
    depth = halo(probe.graph)
    out = probe([sample])[0]
    extended = da.overlap.overlap(darr, {0: depth, 1: depth, **({2: 0} if darr.ndim == 3 else {})}, boundary="none")
    # the chunks without their halos (overlap may have merged chunks smaller than the halo)
    chunks = tuple(tuple(c - depth * ((j > 0) + (j < len(axis) - 1)) for j, c in enumerate(axis))
                   for axis in extended.chunks[:2]) + ((out.shape[2],) if out.ndim == 3 else ())
    return extended.map_blocks(_run_chunk, source, depth, dtype=out.dtype, chunks=chunks,
                               drop_axis=[2] if darr.ndim > out.ndim else [],
                               new_axis=[2] if out.ndim > darr.ndim else [], meta=np.empty((0,) * out.ndim, out.dtype))


# what local_cluster changes in Dask's configuration, each a cost a second that 2 workers on 2 cores
# take from the frames (docs/scale-out.md, "Threads", with how to undo it): the workers' statistical
# profiler off (it looks at every task thread's stack every 10 ms); the event loops' health tick (it
# only times how late the loop wakes, for a warning past distributed.admin.tick.limit, 3 s) once a
# second instead of 50 times; the system monitor (CPU, memory, disk and network counters for the
# dashboard and the heartbeats: about 0.8 ms a call here) every 2 s instead of 0.5 s, in the scheduler,
# each nanny and worker; the memory monitor (the spill, pause and terminate thresholds) every 0.5 s
# instead of 0.1 s, in each nanny and worker: a graph's frames hold a fixed few buffers, so memory does
# not jump within half a second. An idle 2-worker cluster: 58-74 ms of CPU a second -> 25-30 (s13)
LOCAL_CLUSTER_CONFIG = {"distributed.worker.profile.enabled": False, "distributed.admin.tick.interval": "1s",
                        "distributed.admin.system-monitor.interval": "2s",
                        "distributed.worker.memory.monitor-interval": "500ms"}


def local_cluster(n_workers: Optional[int] = None, **kwargs: Any) -> Any:
    """A distributed.LocalCluster of `n_workers` (default: one a core) single-thread worker
    processes, the fit for graphs, made under LOCAL_CLUSTER_CONFIG (the command line's cluster;
    for your own: docs/scale-out.md). `kwargs` go to LocalCluster."""
    from distributed import LocalCluster
    options = {"n_workers": n_workers or os.cpu_count() or 1, "threads_per_worker": 1, "processes": True,
               "dashboard_address": None, **kwargs}
    # (the scheduler and nannies read it here; each nanny hands its worker process the configuration
    # it was made in)
    with dask.config.set(LOCAL_CLUSTER_CONFIG):
        return LocalCluster(**options)
