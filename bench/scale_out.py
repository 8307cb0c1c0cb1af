"""pyopenvx.dask on this machine (issue 31; docs/scale-out.md), each figure beside its floor:
  frames  the issue's workload a compute: N 1920x1080 U8 frames (made on the workers from a seed,
          only counts come back, so no figure is transport) through the 5-node edge graph
          (Gaussian3x3 -> Sobel3x3 -> Magnitude -> ConvertDepth -> Threshold) with map_frames, then a
          count of each output, in the tasks map_frames gives a list of N frames (pvd.partitions).
          On one cluster of 2 warmed single-thread workers (pvd.local_cluster; each builds the graph
          before anything is timed, and one compute of each kind runs untimed), REPEATS computes on
          one worker (the compute restricted to it) and on both, alternated (the order swapped each
          round): the ratio of the median walls (the first target), each round's ratio, and the
          spread (median, min, max) of each; then a cluster of 1 worker, not alternated, as a
          cross-check. Where the time goes, from each run: the workers' CPU a frame in their task
          threads (vxProcessGraph's and count's timed where they run: the graph's own time and the
          user's function), in their other threads, the client's (its scheduler and nannies
          included); each worker's busy time (Dask's task stream), its wait for its first task, its
          wait after its last for the compute's end; a compute's fixed cost (2 frames). The task
          thread's CPU beyond the graph's and count's is the frame's path: pyopenvx.dask's own work
          (the same beyond in a loop in one task of the worker, no Dask) and Dask's, the second
          target. In one process: the graph alone, with the frame swapped in, map_frames' loop, a
          hand-written loop that copies frames in and outputs out. The machine's own 2-vs-1, the
          ceiling for Dask's: the same loop in one plain process vs half of it in each of two at
          once (no Dask), alternated REPEATS times
  image   a SIZE x SIZE U8 image through Gaussian3x3 -> Sobel3x3 -> Magnitude -> Threshold in CHUNK
          chunks with apply (2 single-thread workers) vs the whole-image graph in one process on 2
          tile threads, and vs dask-image's ndfilters equivalents on the same dask.array and cluster;
          peak memory (RSS summed over the client and its workers, sampled every 50 ms); the chunks
          are made on the workers (random), timed alone and taken out of the ratios
Prints one JSON object, the frames' two targets' verdicts last; the machine is shared: the load is
recorded, and CPU figures hold under load far better than wall-clock ones.

    python bench/scale_out.py [--frames 500] [--repeats 15] [--size 16384] [--chunk 2048] [--part frames|image]
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


def cluster(workers):
    """pyopenvx.dask's local cluster of `workers` single-thread workers, and its client."""
    from distributed import Client

    import pyopenvx.dask as pvd
    c = pvd.local_cluster(workers)
    return c, Client(c)


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


# CPU nanoseconds the task threads of this process spent in vxProcessGraph and in count (timed where
# they run, in the run measured: the graph's own time and the user's function, apart from the rest)
_SPENT = {"graph": 0, "count": 0}


def count(output):
    """The function after map_frames: the output's count of set pixels (its CPU time counted)."""
    start = time.thread_time_ns()
    ones = np.count_nonzero(output)
    _SPENT["count"] += time.thread_time_ns() - start
    return ones


def _timed(process):
    def timed():
        start = time.thread_time_ns()
        process()
        _SPENT["graph"] += time.thread_time_ns() - start
    return timed


def _worker_cpu():
    """(CPU seconds of this worker's task threads, of its other threads, of vxProcessGraph, of count)."""
    return np.array([*_threads_cpu(), _SPENT["graph"] / 1e9, _SPENT["count"] / 1e9])


def _build_here():
    """The graph built in this task thread, its vxProcessGraph timed (the runner map_frames uses)."""
    from pyopenvx.dask.graphs import GraphSource, runner
    graph = runner(GraphSource(edges), [frame(0)])
    if "process" not in vars(graph.graph):
        graph.graph.process = _timed(graph.graph.process)


def _warm(client):
    """Every worker builds the graph in its task thread (single-thread workers: the one that runs
    tasks), so no compute timed pays for a build."""
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


def _loop_beyond(n, repeats=3):
    """In a worker's task thread: the CPU a frame of map_frames' loop without Dask (the runner,
    count after it) beyond vxProcessGraph and count: pyopenvx.dask's own work a frame, best of 3."""
    from pyopenvx.dask.graphs import GraphSource, runner
    graph, best = runner(GraphSource(edges), [frame(0)]), float("inf")
    for _ in range(repeats):
        spent, start = dict(_SPENT), time.thread_time_ns()
        for i in range(n):
            count(graph([frame(i)])[0])
        beyond = time.thread_time_ns() - start - sum(_SPENT[k] - spent[k] for k in _SPENT)
        best = min(best, beyond / 1e9 / n)
    return best


def _one_process(n):
    """The graph in this process: CPU a frame of the graph alone, with the frame swapped in, of
    map_frames' loop and of a hand-written loop that copies frames in and outputs out; and the
    counts every Dask run must give."""
    from pyopenvx.dask.graphs import GraphSource, runner
    graph = runner(GraphSource(edges), [frame(0)])                # built and verified once, as on a worker
    alone = [int(np.count_nonzero(graph([frame(i)])[0])) for i in range(n)]

    def handed(i):                    # the graph with the frame swapped in (vxSwapImageHandle, vxProcessGraph)
        graph.ins[0].bind(frame(i))
        graph.graph.process()
    cpu = {"graph": _loop_cpu(lambda i: graph.graph.process(), n), "swapped_in": _loop_cpu(handed, n),
           "count": _loop_cpu(lambda i: np.count_nonzero(frame(i)), n),  # the function after map_frames
           "one_process": _loop_cpu(lambda i: np.count_nonzero(graph([frame(i)])[0]), n)}
    graph.ins[0].bind(np.zeros_like(frame(0)))
    graph.outs[0].bind(graph.outs[0].fresh().copy())

    def by_hand(i):                   # what a hand-written loop does: copy the frame in, the output out
        graph.inputs[0].write(frame(i))
        graph.graph.process()
        return np.count_nonzero(graph.outputs[0].to_numpy())
    cpu["by_hand"] = _loop_cpu(by_hand, n)
    return {f"{k}_cpu_ms_per_frame": v * 1e3 for k, v in cpu.items()}, alone


_PLAIN = []


def _plain(n, at):
    """In a plain process (no Dask): the issue's frames loop, n frames through map_frames' runner
    then count, started at time `at` (the graph built before) -> (its CPU seconds, start, end)."""
    from pyopenvx.dask.graphs import GraphSource, runner
    if not _PLAIN:
        _PLAIN.append(runner(GraphSource(edges), [frame(0)]))
    graph = _PLAIN[0]
    time.sleep(max(0.0, at - time.time()))
    start, cpu = time.time(), time.thread_time()
    for i in range(n):
        np.count_nonzero(graph([frame(i)])[0])
    return time.thread_time() - cpu, start, time.time()


def _machine(n, repeats):
    """The machine's own 2-vs-1 (the ceiling for Dask's): n frames in one plain process, or n/2 in
    each of two at once, alternated, in a pool of two processes each with its graph built."""
    import multiprocessing
    runs = {1: [], 2: []}
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        for parts in (1, 2) * 2:            # the graphs built (each process its own), not timed
            [job.get() for job in [pool.apply_async(_plain, (n // parts, 0)) for _ in range(parts)]]
        for r in range(repeats):
            for parts in ((1, 2) if r % 2 == 0 else (2, 1)):
                at = time.time() + 0.05
                done = [job.get() for job in [pool.apply_async(_plain, (n // parts, at)) for _ in range(parts)]]
                runs[parts].append((max(end for _, _, end in done) - at, sum(cpu for cpu, _, _ in done) / n * 1e3))
    out = {f"machine_{k}_s": _spread([wall for wall, _ in v]) for k, v in runs.items()}
    out.update({f"machine_{k}_cpu_ms_per_frame": float(np.median([cpu for _, cpu in v])) for k, v in runs.items()})
    out["machine_speedup_2_vs_1"] = out["machine_1_s"]["median"] / out["machine_2_s"]["median"]
    return out


def _compute(client, n, workers):
    """One compute of the issue's workload on `workers` (addresses) of the client's cluster: n frames
    made on the workers from a seed, in the tasks map_frames gives a list of n frames on that many
    single-thread workers (pvd.partitions), through the edge graph, then count; only the counts come
    back. -> (counts, a record: wall seconds; each worker's CPU in its task threads, its other
    threads, vxProcessGraph and count, and its busy seconds (its tasks' compute spans, from Dask's
    task stream); the client's CPU, its scheduler and nannies included)."""
    import dask.bag as db
    from distributed import get_task_stream

    import pyopenvx.dask as pvd
    bag = db.from_sequence(range(n), npartitions=pvd.partitions(n, threads=len(workers))).map(frame)
    before, client_cpu = client.run(_worker_cpu, workers=workers), _cpu()
    with get_task_stream(client) as stream:
        start, began = time.perf_counter(), time.time()
        counts = client.compute(pvd.map_frames(edges, bag).map(count), workers=workers,
                                allow_other_workers=False).result()
        wall, client_cpu = time.perf_counter() - start, _cpu() - client_cpu
    after = client.run(_worker_cpu, workers=workers)
    spans = {w: [] for w in workers}
    for task in stream.data:
        spans[task["worker"]] += [(s["start"], s["stop"]) for s in task["startstops"] if s["action"] == "compute"]
    # a worker's busy seconds, its wait for its first task, and its wait after its last for the end
    per_worker = {w: [*(after[w] - before[w]), sum(b - a for a, b in spans[w]),
                      min(a for a, _ in spans[w]) - began, began + wall - max(b for _, b in spans[w])]
                  for w in workers}
    return counts, {"workers": len(workers), "tasks": bag.npartitions, "wall": wall, "client": client_cpu,
                    "per_worker": per_worker}


def _spread(values):
    values = np.asarray(values, float)
    return {"median": float(np.median(values)), "min": float(values.min()), "max": float(values.max())}


def frames_part(n, repeats):
    """The issue's workload, `repeats` times on one worker and on two, alternated (the order swapped
    each round) on one cluster of two warmed workers (one worker: the compute restricted to it, the
    other idle): the wall-clock ratio of the medians, and each round's ratio; where the two workers'
    time goes (CPU a frame, idle); Dask's overhead on the frame's path against the graph's own time."""
    import pyopenvx.dask as pvd
    out, alone = _one_process(n)
    # the Dask settings both sides' workers run under (one cluster: the same for 1 worker and 2)
    out = {"frames": n, "repeats": repeats, "local_cluster_config": dict(pvd.LOCAL_CLUSTER_CONFIG), **out,
           **_machine(n, repeats)}
    c, client = cluster(2)
    with c, client:
        _warm(client)
        pair = list(client.scheduler_info()["workers"])
        one, both = pair[:1], pair
        # what an idle cluster spends a second (the workers' and the client's with its scheduler and nannies)
        idle, client_idle = np.sum(list(client.run(_worker_cpu).values()), axis=0), _cpu()
        time.sleep(1)
        out["workers_idle_cpu_ms_per_s"] = (np.sum(list(client.run(_worker_cpu).values()), axis=0) - idle)[:2].sum() * 1e3
        out["client_idle_cpu_ms_per_s"] = (_cpu() - client_idle) * 1e3
        for workers in (one, both):           # not timed: the first compute of each shape of run
            _compute(client, n, workers)
        runs, tiny = {1: [], 2: []}, []
        for r in range(repeats):
            for workers in ((one, both) if r % 2 == 0 else (both, one)):
                counts, record = _compute(client, n, workers)
                assert [int(x) for x in counts] == alone, "a frame differs from the one-process run"
                runs[len(workers)].append(record)
            tiny.append(_compute(client, 2, both)[1]["wall"])       # a compute's fixed cost: 2 frames
        loops = [client.submit(_loop_beyond, n, workers=one, pure=False).result() for _ in range(3)]
    # the same on a cluster of one worker (not alternated: a cross-check of the restricted runs)
    c, client = cluster(1)
    with c, client:
        _warm(client)
        one = list(client.scheduler_info()["workers"])
        _compute(client, n, one)
        alone_walls = [_compute(client, n, one)[1]["wall"] for _ in range(max(3, repeats // 3))]
    walls = {k: [r["wall"] for r in v] for k, v in runs.items()}
    out["tasks"] = {k: v[0]["tasks"] for k, v in runs.items()}
    for k in (1, 2):
        out[f"workers_{k}_s"] = _spread(walls[k])
    out["fixed_s"] = _spread(tiny)
    out["speedup_2_vs_1"] = out["workers_1_s"]["median"] / out["workers_2_s"]["median"]
    out["speedup_2_vs_1_each_round"] = _spread(np.divide(walls[1], walls[2]))
    out["speedup_vs_machine"] = out["speedup_2_vs_1"] / out["machine_speedup_2_vs_1"]   # what of the cores' Dask keeps
    out["one_worker_cluster_s"] = _spread(alone_walls)
    out["speedup_2_vs_one_worker_cluster"] = out["one_worker_cluster_s"]["median"] / out["workers_2_s"]["median"]
    # where each run's time goes, a frame: per worker (summed over the workers of the run), median of
    # the runs; idle: the run's wall-clock time a worker did not spend in a task, summed over its workers
    for k in (1, 2):
        per = np.array([np.sum(list(r["per_worker"].values()), axis=0) for r in runs[k]]) / n * 1e3
        for j, what in enumerate(("task_threads", "other_threads", "graph", "count")):
            out[f"workers_{k}_{what}_cpu_ms_per_frame"] = float(np.median(per[:, j]))
        out[f"workers_{k}_path_cpu_ms_per_frame"] = float(np.median(per[:, 0] - per[:, 2] - per[:, 3]))
        out[f"workers_{k}_client_cpu_ms_per_frame"] = float(np.median([r["client"] for r in runs[k]])) / n * 1e3
        for j, what in ((4, "busy"), (5, "first_task_wait"), (6, "after_last_task")):
            out[f"workers_{k}_{what}_s"] = _spread([sum(w[j] for w in r["per_worker"].values()) for r in runs[k]])
        out[f"workers_{k}_idle_s"] = _spread([k * r["wall"] - sum(w[4] for w in r["per_worker"].values())
                                              for r in runs[k]])
    out["worker_loop_beyond_cpu_ms_per_frame"] = min(loops) * 1e3
    # what 2 cores allow, from CPU alone (holds under load better than the walls): one worker's task
    # thread a frame against half of all the CPU a frame of a 2-worker run (its workers' threads, the
    # client with its scheduler and nannies), a compute's fixed latency left out
    everything = sum(out[f"workers_2_{what}_cpu_ms_per_frame"] for what in ("task_threads", "other_threads", "client"))
    out["speedup_2_vs_1_cpu_bound"] = out["workers_1_task_threads_cpu_ms_per_frame"] / (everything / 2)
    # Dask's cost a frame on the frame's path: the task thread's CPU beyond vxProcessGraph and count,
    # less pyopenvx.dask's own (the same beyond, in a loop in one task of the worker); beside it, what
    # the workers' other threads (event loop, heartbeats) and the client with its scheduler spend a
    # frame, on the other core when one is free
    graph_ms = out["workers_1_graph_cpu_ms_per_frame"]
    path = out["workers_1_path_cpu_ms_per_frame"]
    on_path = path - out["worker_loop_beyond_cpu_ms_per_frame"]
    beside = out["workers_1_other_threads_cpu_ms_per_frame"] + out["workers_1_client_cpu_ms_per_frame"]
    out["path_vs_graph"] = path / graph_ms
    out["dask_overhead_ms_per_frame"] = on_path
    out["dask_overhead_vs_graph"] = on_path / graph_ms
    out["dask_background_ms_per_frame"] = beside
    out["dask_background_vs_graph"] = beside / graph_ms
    out["target_speedup_2_vs_1_at_least_1.7"] = "met" if out["speedup_2_vs_1"] >= 1.7 else "NOT met"
    out["target_dask_overhead_at_most_5_percent"] = "met" if out["dask_overhead_vs_graph"] <= 0.05 else "NOT met"
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
    p.add_argument("--frames", type=int, default=500, help="frames a compute (the issue's: 500)")
    p.add_argument("--repeats", type=int, default=15, help="computes on 1 worker and on 2, alternated")
    p.add_argument("--size", type=int, default=16384)
    p.add_argument("--chunk", type=int, default=2048)
    p.add_argument("--part", choices=("frames", "image"))
    args = p.parse_args()
    result = {"load_before": os.getloadavg()}
    if args.part in (None, "frames"):
        result["frames"] = frames_part(args.frames, args.repeats)
    if args.part in (None, "image"):
        result["image"] = image_part(args.size, args.chunk)
    result["load_after"] = os.getloadavg()
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    # run as the module `scale_out`: the functions tasks carry then go by reference (the workers import
    # it, as they get this sys.path), not by value with the frames made here, as __main__'s would
    import scale_out
    scale_out.main()
