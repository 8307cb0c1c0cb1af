"""pyopenvx.dask on this machine (issue 31; docs/scale-out.md), each figure beside its floor:
  frames  N 1920x1080 U8 frames through the 5-node edge graph (Gaussian3x3 -> Sobel3x3 -> Magnitude ->
          ConvertDepth -> Threshold) with map_frames, then a count of each output: one single-thread
          worker vs two (wall-clock), and CPU time a frame: the graph's own (vxProcessGraph alone), the
          same loop in one process without Dask (frames swapped in, as on the workers), a hand-written
          loop that copies frames in and outputs out; on the cluster, the CPU of the workers' task
          threads, of their other threads and of the client with its scheduler over N frames, a frame;
          the wall-clock time a frame from the slope over N/5 and N frames (a compute's fixed cost
          apart). Dask's overhead a frame: the task thread's CPU a frame beyond the same loop's in
          one task of the same worker; its background: the other threads' and the client's
  image   a SIZE x SIZE U8 image through Gaussian3x3 -> Sobel3x3 -> Magnitude -> Threshold in CHUNK
          chunks with apply (2 single-thread workers) vs the whole-image graph in one process on 2
          tile threads, and vs dask-image's ndfilters equivalents on the same dask.array and cluster;
          peak memory (RSS summed over the client and its workers, sampled every 50 ms); the chunks
          are made on the workers (random), timed alone and taken out of the ratios
Frames are made on the workers from a seed and only counts come back, so no figure is transport.
The frame figures are taken three times: with glibc's own malloc, with the MALLOC_TRIM_THRESHOLD_ that
Dask's nannies set by default (docs/scale-out.md), and with glibc's malloc and no worker profiler.
Prints one JSON object; wall-clock seconds, one run each (the machine is shared: uptime is recorded;
CPU figures hold under load far better than wall-clock ones).

    python bench/scale_out.py [--frames 500] [--size 16384] [--chunk 2048] [--part frames|image]
"""
import argparse
import json
import os
import subprocess
import sys
import threading
import time

os.environ.setdefault("PVX_TILE_THREADS", "1")    # single-thread figures (the whole-image run asks for 2)

import numpy as np                            # noqa: E402

W, H = 1920, 1080


_FRAMES = []


def frame(seed):
    """One of 8 1080p frames of edges and texture, made once per process (so making them costs no
    figure anything)."""
    if not _FRAMES:
        base = (np.arange(W, dtype=np.uint32)[None, :] * 7 + np.arange(H, dtype=np.uint32)[:, None] * 13)
        _FRAMES.extend(((base + s * 31) ^ (base >> 5)).astype(np.uint8) for s in range(8))
    return _FRAMES[seed % 8]


def edges(g, src):
    from pyopenvx.pythonic import Threshold
    gx, gy = g.sobel3x3(g.gaussian3x3(src))
    return g.threshold(g.convert_depth(g.magnitude(gx, gy), policy="saturate", shift=1),
                       Threshold(g.context, value=40))


def chain(g, src):
    from pyopenvx.pythonic import Threshold
    return g.threshold(g.magnitude(*g.sobel3x3(g.gaussian3x3(src))),
                       Threshold(g.context, "binary", "S16", "U8", value=100))


class PeakRSS:
    """The largest sum of RSS over this process and its children, sampled while in the block."""

    def __enter__(self):
        import psutil
        self.peak, self._stop = 0, threading.Event()
        self.idle = self._total(psutil)

        def sample():
            while not self._stop.wait(0.05):
                self.peak = max(self.peak, self._total(psutil))
        self._thread = threading.Thread(target=sample, daemon=True)
        self._thread.start()
        return self

    @staticmethod
    def _total(psutil):
        me, total = psutil.Process(), 0
        for p in [me, *me.children(recursive=True)]:
            try:
                total += p.memory_info().rss
            except psutil.Error:
                pass
        return total

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()


def cluster(workers, dask_malloc=True, profiler=True):
    """A local cluster of single-thread workers; dask_malloc False: without the MALLOC_TRIM_THRESHOLD_
    Dask's nannies set (glibc's own, adaptive, malloc); profiler False: without the workers'
    statistical profiler (a look at every task thread's stack every 10 ms)."""
    import dask
    from distributed import Client, LocalCluster
    with dask.config.set({**({} if dask_malloc else {"distributed.nanny.pre-spawn-environ": {}}),
                          **({} if profiler else {"distributed.worker.profile.enabled": False})}):
        c = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
    client = Client(c)
    trims = client.run(lambda: "MALLOC_TRIM_THRESHOLD_" in os.environ)
    assert all(t == dask_malloc for t in trims.values()), (dask_malloc, profiler, trims)
    return c, client


def _cpu():
    """This process's CPU seconds (all its threads)."""
    return time.process_time()


def _threads_cpu():
    """(CPU seconds of the threads that run tasks, of every other thread) in this worker."""
    tasks = other = 0.0
    for t in threading.enumerate():
        try:
            seconds = time.clock_gettime(time.pthread_getcpuclockid(t.ident))
        except OSError:                 # ended meanwhile
            continue
        if "Dask-Default-Threads" in t.name:
            tasks += seconds
        else:
            other += seconds
    return tasks, other


def _workers_cpu(client):
    """(CPU seconds of the workers' task threads, of their other threads), summed over the workers."""
    spent = list(client.run(_threads_cpu).values())
    return np.array([sum(s[0] for s in spent), sum(s[1] for s in spent)])


def _build_here():
    from pyopenvx.dask.graphs import GraphSource, runner
    runner(GraphSource(edges), [frame(0)])


def _warm(client):
    """Every worker builds the graph in its task thread (single-thread workers: the one that runs tasks)."""
    for address in client.scheduler_info()["workers"]:
        client.submit(_build_here, workers=[address], pure=False).result()


def _loop_cpu(step, n, repeats=3):
    """The least CPU seconds a frame of `step(i)` over n frames took, in this thread, of `repeats`
    loops (CPU time: what the machine's load does not inflate much, unlike wall-clock time)."""
    best = float("inf")
    for _ in range(repeats):
        start = time.thread_time()
        for i in range(n):
            step(i)
        best = min(best, (time.thread_time() - start) / n)
    return best


def _loops(n):
    """In a worker's task thread: (the graph's own CPU a frame, the one-process loop's), best of 3."""
    from pyopenvx.dask.graphs import GraphSource, runner
    graph = runner(GraphSource(edges), [frame(0)])

    def handed(i):
        graph.ins[0].bind(frame(i))
        graph.graph.process()
    return _loop_cpu(handed, n), _loop_cpu(lambda i: np.count_nonzero(graph([frame(i)])[0]), n)


def frames_part(n):
    import dask.bag as db

    import pyopenvx.dask as pvd
    from pyopenvx.dask.graphs import GraphSource, runner
    source = GraphSource(edges)
    graph = runner(source, [frame(0)])                        # built and verified once, as on a worker
    alone = [int(np.count_nonzero(graph([frame(i)])[0])) for i in range(n)]

    def handed(i):                    # the graph's own time: the frame swapped in, vxProcessGraph
        graph.ins[0].bind(frame(i))
        graph.graph.process()
    cpu = {"graph": _loop_cpu(handed, n),
           "count": _loop_cpu(lambda i: np.count_nonzero(frame(i)), n),  # the function after map_frames
           "one_process": _loop_cpu(lambda i: np.count_nonzero(graph([frame(i)])[0]), n)}
    graph.ins[0].bind(np.zeros_like(frame(0)))
    graph.outs[0].bind(graph.outs[0].fresh().copy())

    def by_hand(i):                   # what a hand-written loop does: copy the frame in, the output out
        graph.inputs[0].write(frame(i))
        graph.graph.process()
        return np.count_nonzero(graph.outputs[0].to_numpy())
    cpu["by_hand"] = _loop_cpu(by_hand, n)
    out = {"frames": n, **{f"{k}_cpu_ms_per_frame": v * 1e3 for k, v in cpu.items()}}
    start = time.perf_counter()
    for i in range(n):
        graph([frame(i)])
    out["one_process_s"] = time.perf_counter() - start
    # (the default malloc last: a nanny made after it keeps its MALLOC_TRIM_THRESHOLD_ whatever the configuration says)
    for malloc, profiler, tag in ((False, True, ""), (False, False, "no_profiler_"), (True, True, "dask_malloc_")):
        for workers in (1, 2):
            c, client = cluster(workers, malloc, profiler)
            with c, client:
                _warm(client)
                idle, client_idle = _workers_cpu(client), _cpu()      # what an idle cluster spends a second
                time.sleep(1)
                out[f"{tag}workers_{workers}_idle_cpu_ms_per_s"] = (_workers_cpu(client) - idle).sum() * 1e3
                out[f"{tag}workers_{workers}_client_idle_cpu_ms_per_s"] = (_cpu() - client_idle) * 1e3
                spent, loops = {n // 5: [], n: []}, []
                for _ in range(3):      # interleaved, best of 3: the machine's load varies
                    for frames in (n // 5, n):     # the slope over n/5 and n frames: a compute's fixed cost apart
                        bag = db.from_sequence(range(frames), npartitions=16).map(frame)   # the same bag on 1 or 2
                        workers_cpu, client_cpu, start = _workers_cpu(client), _cpu(), time.perf_counter()
                        counts = pvd.map_frames(edges, bag).map(np.count_nonzero).compute()
                        spent[frames].append((time.perf_counter() - start, *(_workers_cpu(client) - workers_cpu),
                                              _cpu() - client_cpu))
                    if workers == 1:    # the same loop in one task of the same worker: no Dask a frame
                        loops.append(client.submit(_loops, n, pure=False).result())
                assert [int(x) for x in counts] == alone, "a frame differs from the one-process run"
            short, full = np.min(spent[n // 5], axis=0), np.min(spent[n], axis=0)
            per_frame = [(b - a) / (n - n // 5) for a, b in zip(short, full)]
            out[f"{tag}workers_{workers}_s"] = full[0]
            out[f"{tag}workers_{workers}_fixed_s"] = full[0] - per_frame[0] * n
            out[f"{tag}workers_{workers}_wall_ms_per_frame"] = per_frame[0] * 1e3
            # CPU: the whole run's over its frames (a difference of two noisy figures, as the wall
            # slope is, would not resolve it under load): the 16 tasks' own costs spread over the frames
            for k, what in enumerate(("task_threads_cpu", "other_threads_cpu", "client_cpu"), 1):
                out[f"{tag}workers_{workers}_{what}_ms_per_frame"] = full[k] / n * 1e3
            if loops:
                out[f"{tag}worker_graph_cpu_ms_per_frame"], out[f"{tag}worker_loop_cpu_ms_per_frame"] = \
                    (v * 1e3 for v in np.min(loops, axis=0))
        out[f"{tag}speedup_2_vs_1"] = out[f"{tag}workers_1_s"] / out[f"{tag}workers_2_s"]
        # Dask's cost a frame on the frame's path: the task thread's CPU a frame beyond the same loop's
        # in one task of the same worker (1 worker); beside it, what the workers' other threads (event
        # loop, heartbeats, profiler) and the client with its scheduler spend a frame, on the other core
        # when one is free
        graph_ms = out[f"{tag}worker_graph_cpu_ms_per_frame"]
        on_path = out[f"{tag}workers_1_task_threads_cpu_ms_per_frame"] - out[f"{tag}worker_loop_cpu_ms_per_frame"]
        beside = (out[f"{tag}workers_1_other_threads_cpu_ms_per_frame"]
                  + out[f"{tag}workers_1_client_cpu_ms_per_frame"])
        out[f"{tag}dask_overhead_ms_per_frame"] = on_path
        out[f"{tag}dask_overhead_vs_graph"] = on_path / graph_ms
        out[f"{tag}dask_background_ms_per_frame"] = beside
        out[f"{tag}dask_background_vs_graph"] = beside / graph_ms
    # pyopenvx.dask's own cost a frame (swapping buffers in, the runner's lookup and checks)
    out["pyopenvx_dask_ms_per_frame"] = (out["one_process_cpu_ms_per_frame"] - out["graph_cpu_ms_per_frame"]
                                         - out["count_cpu_ms_per_frame"])
    return out


def _image(size, chunk):
    import dask.array as da
    return da.random.default_rng(0).integers(0, 256, (size, size), chunks=chunk, dtype=np.uint8)


def whole_image(size, chunk):
    """(seconds, count of ones) of the graph on the whole image, in this process (2 tile threads)."""
    from pyopenvx.dask.graphs import GraphSource, Runner, context
    img = _image(size, chunk).compute(scheduler="synchronous")
    runner = Runner(GraphSource(chain), [img], context())
    start = time.perf_counter()
    out = runner([img])[0]
    return time.perf_counter() - start, int(np.count_nonzero(out))


def image_part(size, chunk):
    import dask.array as da
    from dask_image import ndfilters

    import pyopenvx.dask as pvd
    env = {**os.environ, "PVX_TILE_THREADS": "2"}
    with PeakRSS() as peak:
        proc = subprocess.run([sys.executable, __file__, "--whole", str(size), str(chunk)], env=env,
                              capture_output=True, text=True, check=True)
    whole_s, whole_ones = json.loads(proc.stdout)
    out = {"size": size, "chunk": chunk, "whole_image_s": whole_s, "whole_image_peak_mb": peak.peak / 2**20, "client_idle_mb": peak.idle / 2**20,
           "image_mb": size * size / 2**20}
    c, client = cluster(2)
    with c, client:
        pvd.apply(chain, _image(4 * 64, 64)).sum().compute()         # workers warm (imports, a graph)
        start = time.perf_counter()                                  # making the chunks, to count apart
        da.count_nonzero(_image(size, chunk)).compute()
        out["making_chunks_s"] = time.perf_counter() - start
        with PeakRSS() as peak:
            start = time.perf_counter()
            ones = int(da.count_nonzero(pvd.apply(chain, _image(size, chunk))).compute())
            out["dask_s"] = time.perf_counter() - start
        out["dask_peak_mb"], out["dask_idle_mb"] = peak.peak / 2**20, peak.idle / 2**20
        assert ones == whole_ones, f"{ones} != {whole_ones}: the chunked result differs"
        x = _image(size, chunk).astype(np.float32)
        gauss = ndfilters.convolve(x, np.array([[1, 2, 1], [2, 4, 2], [1, 2, 1]], np.float32) / 16, mode="nearest")
        magnitude = da.hypot(ndfilters.sobel(gauss, axis=1, mode="nearest"), ndfilters.sobel(gauss, axis=0, mode="nearest"))
        with PeakRSS() as peak:
            start = time.perf_counter()
            int(da.count_nonzero(magnitude > 100).compute())
            out["dask_image_s"] = time.perf_counter() - start
        out["dask_image_peak_mb"], out["dask_image_idle_mb"] = peak.peak / 2**20, peak.idle / 2**20
    out["dask_vs_whole"] = (out["dask_s"] - out["making_chunks_s"]) / whole_s
    out["dask_image_vs_dask"] = (out["dask_image_s"] - out["making_chunks_s"]) / (out["dask_s"] - out["making_chunks_s"])
    return out


def main():
    if sys.argv[1:2] == ["--whole"]:
        print(json.dumps(whole_image(int(sys.argv[2]), int(sys.argv[3]))))
        return
    p = argparse.ArgumentParser()
    p.add_argument("--frames", type=int, default=500)
    p.add_argument("--size", type=int, default=16384)
    p.add_argument("--chunk", type=int, default=2048)
    p.add_argument("--part", choices=("frames", "image"))
    args = p.parse_args()
    result = {"load_before": os.getloadavg()}
    if args.part in (None, "frames"):
        result["frames"] = frames_part(args.frames)
    if args.part in (None, "image"):
        result["image"] = image_part(args.size, args.chunk)
    result["load_after"] = os.getloadavg()
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    # run as the module `scale_out`: the functions tasks carry then go by reference (the workers import
    # it, as they get this sys.path), not by value with the frames made here, as __main__'s would
    import scale_out
    scale_out.main()
