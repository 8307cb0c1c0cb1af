"""pyopenvx.dask on this machine (issue 31; docs/scale-out.md), each figure beside its floor:
  frames  N 1920x1080 U8 frames through the 5-node edge graph (Gaussian3x3 -> Sobel3x3 -> Magnitude ->
          ConvertDepth -> Threshold) with map_frames: one single-thread worker vs two, and the same
          loop in one process without Dask (the graph's own time; frames made and counted alike)
  image   a SIZE x SIZE U8 image through Gaussian3x3 -> Sobel3x3 -> Magnitude -> Threshold in CHUNK
          chunks with apply (2 single-thread workers) vs the whole-image graph in one process on 2
          tile threads, and vs dask-image's ndfilters equivalents on the same dask.array and cluster;
          peak memory (RSS summed over the client and its workers, sampled every 50 ms); the chunks
          are made on the workers (random), timed alone and taken out of the ratios
Frames are made on the workers from a seed and only counts come back, so no figure is transport.
The frame figures are taken twice: with glibc's own malloc, and with the MALLOC_TRIM_THRESHOLD_ that
Dask's nannies set by default (each fresh output array then costs its page faults: docs/scale-out.md).
Prints one JSON object; wall-clock seconds, one run each (the machine is shared: uptime is recorded).

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


def cluster(workers, dask_malloc=True):
    """A local cluster of single-thread workers; dask_malloc False: without the MALLOC_TRIM_THRESHOLD_
    Dask's nannies set (glibc's own, adaptive, malloc)."""
    import dask
    from distributed import Client, LocalCluster
    with dask.config.set({} if dask_malloc else {"distributed.nanny.pre-spawn-environ": {}}):
        c = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
    client = Client(c)
    assert dask_malloc == all(client.run(lambda: "MALLOC_TRIM_THRESHOLD_" in os.environ).values())
    return c, client


def frames_part(n):
    import dask.bag as db

    import pyopenvx.dask as pvd
    from pyopenvx.dask.graphs import GraphSource, run
    source = GraphSource(edges)
    run(source, [frame(0)])                                   # built and verified once, as on a worker
    start = time.perf_counter()
    alone = [int(np.count_nonzero(run(source, [frame(i)])[0])) for i in range(n)]
    alone_s = time.perf_counter() - start
    start = time.perf_counter()
    for i in range(n):
        frame(i)
    making_s = time.perf_counter() - start
    out = {"frames": n, "one_process_s": alone_s, "frame_making_s": making_s,
           "graph_ms_per_frame": (alone_s - making_s) / n * 1e3}
    for malloc, tag in ((False, ""), (True, "dask_malloc_")):
        for workers in (1, 2):
            c, client = cluster(workers, malloc)
            with c, client:
                bag = db.from_sequence(range(n), npartitions=8 * workers).map(frame)
                warm = db.from_sequence(range(2 * workers), npartitions=2 * workers).map(frame)
                pvd.map_frames(edges, warm).map(np.count_nonzero).compute()     # graphs built on every worker
                start = time.perf_counter()
                counts = pvd.map_frames(edges, bag).map(np.count_nonzero).compute()
                out[f"{tag}workers_{workers}_s"] = time.perf_counter() - start
                if workers == 1:        # and a fifth of the frames: a compute's fixed cost apart from the per-frame one
                    fifth = db.from_sequence(range(n // 5), npartitions=8).map(frame)
                    start = time.perf_counter()
                    pvd.map_frames(edges, fifth).map(np.count_nonzero).compute()
                    short_s = time.perf_counter() - start
                    per_frame = (out[f"{tag}workers_1_s"] - short_s) / (n - n // 5)
                    out[f"{tag}one_worker_ms_per_frame"] = per_frame * 1e3
                    out[f"{tag}compute_fixed_s"] = out[f"{tag}workers_1_s"] - per_frame * n
            assert [int(x) for x in counts] == alone, "a frame differs from the one-process run"
        out[f"{tag}speedup_2_vs_1"] = out[f"{tag}workers_1_s"] / out[f"{tag}workers_2_s"]
        # the slope's excess over the one-process loop: Dask's own cost per frame (the fixed cost apart)
        out[f"{tag}dask_overhead_ms_per_frame"] = out[f"{tag}one_worker_ms_per_frame"] - alone_s / n * 1e3
        out[f"{tag}dask_overhead_vs_graph"] = out[f"{tag}dask_overhead_ms_per_frame"] / out["graph_ms_per_frame"]
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
