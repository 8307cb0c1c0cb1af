"""pyopenvx.dask on a LocalCluster of 2 worker processes (one thread each): frames and chunked
images give exactly the one-process results, every border mode, graphs that cannot be chunked are
refused by node, a worker killed mid-task loses no frame, and `python -m pyopenvx run` end to end
(a C program exports the graph). One cluster for the module: worker start-up is most of the time."""
import os
import re
import subprocess
import sys

import numpy as np
import pytest

distributed = pytest.importorskip("distributed")
da = pytest.importorskip("dask.array")
iio = pytest.importorskip("imageio.v3")

import pyopenvx.dask as pvd                                         # noqa: E402
from pyopenvx.dask import cli                                      # noqa: E402
from pyopenvx.dask.graphs import GraphSource, Runner, context       # noqa: E402
from pyopenvx.dask.halo import halo                                 # noqa: E402
from pyopenvx.pythonic import Scalar, Threshold                            # noqa: E402


@pytest.fixture(scope="module")
def client():
    # this module's functions travel by value: the workers need not import the tests
    import cloudpickle
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    with pvd.local_cluster(2) as cluster, distributed.Client(cluster) as c:
        yield c


def _edges(g, src):
    gx, gy = g.sobel3x3(g.gaussian3x3(src))
    return g.threshold(g.convert_depth(g.magnitude(gx, gy), policy="saturate", shift=1), Threshold(g.context, value=40))


def _magnitude(g, src):
    return g.magnitude(*g.sobel3x3(g.gaussian3x3(src)))


def _alone(graph, arrays, border=None):
    """The one-process result: the graph on each whole array, here."""
    return [Runner(GraphSource(graph, border), [a], context())([a])[0] for a in arrays]


def _frames(n, shape=(48, 64)):
    return [np.random.default_rng(i).integers(0, 256, shape, dtype=np.uint8) for i in range(n)]


def test_frames_as_on_one_process_graph_built_once_per_worker(client):
    frames = _frames(8)
    want = _alone(_edges, frames)
    for partitions in (4, 2):     # 2 and 4 frames a task: a partition's results all held at once
        got = pvd.map_frames(_edges, frames, npartitions=partitions).compute()
        assert len(got) == 8 and all(np.array_equal(a, b) for a, b in zip(got, want))
    stack = pvd.map_frames(_edges, da.from_array(np.stack(frames), chunks=(3, 48, 64))).compute()
    assert np.array_equal(stack, np.stack(want))
    # each worker keeps one graph of this source (not one per frame or task), with OpenVX's tile
    # threads sized to its one thread
    key = GraphSource(_edges).key
    kept = client.run(lambda: sum(1 for k in __import__("pyopenvx.dask.graphs").dask.graphs._runners if k[1] == key))
    assert 1 <= sum(kept.values()) <= 2, kept
    assert set(client.run(lambda: os.environ.get("PVX_TILE_THREADS")).values()) == {"1"}


def test_our_cluster_single_thread_workers_without_the_profiler_ticking_and_monitoring_slowly(client):
    assert list(client.nthreads().values()) == [1, 1]
    # the profiler's periodic look at the task threads is not scheduled on the workers
    profiled = client.run(lambda dask_worker: ("profile" in dask_worker.periodic_callbacks,
                                               __import__("dask").config.get("distributed.worker.profile.enabled")))
    assert set(profiled.values()) == {(False, False)}
    # the event loops' health tick once a second, not every 20 ms: on the workers and the scheduler
    ticks = client.run(lambda dask_worker: dask_worker.periodic_callbacks["tick"].callback_time)
    assert set(ticks.values()) == {1000}
    assert client.run_on_scheduler(lambda dask_scheduler: dask_scheduler.periodic_callbacks["tick"].callback_time) == 1000
    # the system monitor every 2 s and the memory monitor every 0.5 s (Dask's defaults: 0.5 s, 0.1 s),
    # on the workers and their nannies; the scheduler's system monitor too
    every = lambda dask_worker: {k: dask_worker.periodic_callbacks[k].callback_time for k in ("monitor", "memory_monitor")}
    assert list(client.run(every).values()) == list(client.run(every, nanny=True).values()) == \
        [{"monitor": 2000, "memory_monitor": 500}] * 2
    assert client.run_on_scheduler(lambda dask_scheduler: dask_scheduler.periodic_callbacks["monitor"].callback_time) == 2000
    # (the client's own configuration is left as it was)
    assert __import__("dask").config.get("distributed.worker.profile.enabled") is True


def test_a_list_in_batches_in_input_order(client, monkeypatch):
    monkeypatch.setattr(pvd, "BATCH", 3)
    assert pvd.partitions(20) == 7 and pvd.partitions(5) == 4 and pvd.partitions(1) == 1   # (2 tasks a thread)
    assert pvd.partitions(5, threads=1) == 2 and pvd.partitions(5, threads=3) == 5      # threads given
    frames = _frames(20)
    frames[7] = frames[7][:40, :50]                 # a frame of another shape inside a batch (batch 2: 6-8)
    frames[9] = frames[9][:32]                      # ... and first in one
    want = _alone(_edges, frames)
    results = pvd.map_frames(_edges, frames)
    assert results.npartitions == 7                # batches of 3, the last of 2
    got = results.compute()
    assert len(got) == 20 and all(np.array_equal(a, b) for a, b in zip(got, want))


def test_frames_read_in_place_and_a_held_result_never_reused():
    frames = _frames(5)
    want = _alone(_edges, frames)
    graph = Runner(GraphSource(_edges), frames[:1], context())
    first = graph(frames[:1])[0]
    with graph.inputs[0].map(usage="r") as pixels:          # the frame itself is the graph's input
        assert pixels.ctypes.data == frames[0].ctypes.data
    held = first[1:]                                        # a view holds the buffer too
    del first
    for i in (1, 2, 3):
        assert np.array_equal(graph(frames[i:i + 1])[0], want[i])
    assert np.array_equal(held, want[0][1:])                # never overwritten while held
    dropped = graph(frames[4:5])[0]
    address = dropped.ctypes.data
    del dropped
    again = graph(frames[1:2])[0]
    assert again.ctypes.data == address and np.array_equal(again, want[1])   # reused once dropped
    with pytest.raises(ValueError, match="read-only"):
        again[0, 0] = 1
    # frames that cannot be swapped in (read-only, padded rows) are copied
    locked = frames[2].copy()
    locked.flags.writeable = False
    padded = np.zeros((48, 80), np.uint8)[:, :64]
    padded[:] = frames[3]
    assert np.array_equal(graph([locked])[0], want[2]) and np.array_equal(graph([padded])[0], want[3])


def test_blocks_and_chunks_are_not_kept_by_the_runners():
    from pyopenvx.dask import graphs
    frames = np.stack(_frames(3))
    pvd.map_frames(_edges, da.from_array(frames, chunks=(3, 48, 64))).compute(scheduler="sync")
    pvd.apply(_magnitude, da.from_array(frames[0], chunks=(24, 32))).compute(scheduler="sync")
    probe = ((frames[0].shape, frames.dtype.str),)      # apply's probe runs like a frame, its buffers kept
    ran = [r for (_, key, shapes), r in graphs._runners.items()
           if key == GraphSource(_edges).key or (key == GraphSource(_magnitude).key and shapes != probe)]
    assert len(ran) >= 2 and all(b.held is None for r in ran for b in r.ins + r.outs)


def _blob(build):
    """A blob of the graph build(graph, src, dst) makes, graph parameter 0 src (48x64 U8) and 1 dst."""
    from pyopenvx.pythonic import Graph, Image
    from pyopenvx.pythonic.ix import export
    ctx = context()
    graph, src, dst = Graph(ctx), Image(ctx, 64, 48), Image(ctx, 64, 48)
    build(graph, src, dst)
    graph.add_parameter(graph._nodes[0], 0)
    graph.add_parameter(graph._nodes[-1], graph._nodes[-1].num_parameters - 1)
    return export(ctx, [graph, src, dst], ["values", "no values", "no values"])


def test_a_blob_graph_through_its_parameters():
    frames = _frames(3)
    blob = _blob(lambda g, s, d: g.box3x3(s, d))
    graph = Runner(GraphSource(blob), frames[:1], context())
    for frame, want in zip(frames, _alone(lambda g, s: g.box3x3(s), frames)):
        assert np.array_equal(graph([frame])[0], want)
    # the input image read by two nodes: a frame set on graph parameter 0 would reach one of them
    twice = _blob(lambda g, s, d: g.add(g.box3x3(s), s, out=d))
    with pytest.raises(pvd.BlobError, match="graph parameter 0 is an image 2 node parameters use"):
        Runner(GraphSource(twice), frames[:1], context())


def test_a_frame_the_graph_does_not_take_is_refused_by_what_it_is():
    blob = _blob(lambda g, s, d: g.box3x3(s, d))          # a graph of 64x48 U8 images
    graph = Runner(GraphSource(blob), _frames(1), context())
    for frame, said in ((np.zeros((40, 50), np.uint8), "frame 7 is 50x40 U8"),
                        (np.zeros((48, 64, 3), np.uint8), "frame 7 is 64x48 RGB"),
                        (np.zeros((48, 64), np.int16), "frame 7 is 64x48 S16")):
        with pytest.raises(pvd.FrameMismatch, match=f"input 0 is a 64x48 U8 image; {said}"):
            graph([frame], "frame 7")
    with pytest.raises(pvd.FrameMismatch, match="takes 1 input images, the frame gives 2"):
        graph(_frames(2))


@pytest.mark.parametrize("border", [None, "undefined", "replicate", ("constant", 7)])
def test_chunked_image_is_the_whole_image_result(client, border):
    img = np.random.default_rng(1).integers(0, 256, (300, 410), dtype=np.uint8)
    got = pvd.apply(_magnitude, da.from_array(img, chunks=(64, 100)), border=border).compute()
    assert got.dtype == np.int16 and np.array_equal(got, _alone(_magnitude, [img], border)[0])


def test_chunked_rgb_image_and_the_halo(client):
    rgb = np.random.default_rng(2).integers(0, 256, (130, 150, 3), dtype=np.uint8)

    def build(g, s):
        return g.dilate3x3(g.box3x3(g.channel_extract(s, "g")))
    got = pvd.apply(build, da.from_array(rgb, chunks=(40, 50, 3)), border="replicate").compute()
    assert np.array_equal(got, _alone(build, [rgb], "replicate")[0])
    # chunks thinner than the halo (Dask merges them) and a first chunk smaller than a 3x3 kernel
    small = np.ascontiguousarray(rgb[:12, :30, 0])
    got = pvd.apply(build_u8 := (lambda g, s: g.box3x3(g.box3x3(s))), da.from_array(small, chunks=(2, 30)),
                    border="replicate").compute()
    assert np.array_equal(got, _alone(build_u8, [small], "replicate")[0])
    img = np.zeros((32, 32), np.uint8)
    halos = [halo(Runner(GraphSource(b), [img], context()).graph) for b in (
        _magnitude, _edges, lambda g, s: getattr(g, "not")(s),
        lambda g, s: g.add(g.box3x3(g.box3x3(s)), g.median3x3(s)))]
    assert halos == [2, 2, 0, 2]      # the longest path's radii, not the count of nodes


@pytest.mark.parametrize("build, refused", [
    (lambda g, s: g.canny(s, low=80, high=160), "canny_edge_detector"),
    (lambda g, s: g.equalize_hist(s), "equalize_histogram"),
    (lambda g, s: g.integral_image(g.box3x3(s)), "node 1 (org.khronos.openvx.integral_image"),
    (lambda g, s: g.scale_image(s, (16, 16)), "scales the image"),
    (lambda g, s: g.python(lambda a: a, s), "not a bounded neighbourhood"),
])
def test_graphs_that_cannot_be_chunked_are_refused_by_node(build, refused):
    with pytest.raises(pvd.NotChunkable, match=re.escape(refused)):
        pvd.apply(build, da.zeros((64, 64), dtype=np.uint8, chunks=32))


def test_a_reduction_is_named_as_one():
    with pytest.raises(pvd.NotChunkable, match="mean and standard deviation"):
        pvd.apply(lambda g, s: (g.mean_std_dev(s, Scalar(g.context, "float32", 0), Scalar(g.context, "float32", 0)), s)[1],
                  da.zeros((64, 64), dtype=np.uint8, chunks=32))


def test_a_killed_worker_loses_no_frame(client, tmp_path):
    marker = tmp_path / "killed"

    def dies_once(a):
        if not marker.exists():
            marker.touch()
            os._exit(1)                 # the worker process dies in the middle of its task
        return a

    def build(g, src):
        return g.python(dies_once, g.gaussian3x3(src))
    frames = _frames(8)
    report = pvd.to_files(build, frames, tmp_path / "out", npartitions=4).compute()
    assert marker.exists()
    assert sorted(report) == [(f"frame_{i:06d}.png", "written") for i in range(8)]
    assert sorted(os.listdir(tmp_path / "out")) == [f"frame_{i:06d}.png" for i in range(8)]   # no partial file
    for i, want in enumerate(_alone(lambda g, s: g.gaussian3x3(s), frames)):
        assert np.array_equal(iio.imread(tmp_path / "out" / f"frame_{i:06d}.png"), want)


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "pyopenvx", "run", *map(str, args), "--no-progress"],
                          capture_output=True, text=True, timeout=300)


def test_cli_end_to_end(client, compile_c, tmp_path, capsys):
    blob = tmp_path / "edges.ix"
    compile_c("ix_export_edges.c").run(64, 48, blob)
    (tmp_path / "in").mkdir()
    frames = _frames(5)
    for i, f in enumerate(frames):
        iio.imwrite(tmp_path / "in" / f"f{i}.png", f)
    (tmp_path / "in" / "broken.png").write_bytes(b"\x89PNG\r\n\x1a\n not an image")
    address = client.scheduler.address
    out = tmp_path / "out"
    proc = _cli(blob, "--input", tmp_path / "in" / "*.png", "--output", out, "--scheduler", address)
    assert proc.returncode == 1 and "broken.png" in proc.stderr, proc.stderr     # reported, the rest went on
    assert "5 written, 0 skipped, 1 failed" in proc.stdout
    want = _alone(_edges, frames)
    for i in range(5):
        assert np.array_equal(iio.imread(out / f"f{i}.png"), want[i])
    assert _alone(blob.read_bytes(), frames[:1])[0].tolist() == want[0].tolist()
    # resumed: what exists is skipped
    os.remove(out / "f3.png")
    proc = _cli(blob, "--input", tmp_path / "in" / "f*.png", "--output", out, "--scheduler", address)
    assert proc.returncode == 0 and "1 written, 4 skipped, 0 failed" in proc.stdout, proc.stderr
    # inputs the graph's parameters do not take, and a blob of another version: refused before any
    # cluster (so here, in this process)
    (tmp_path / "big").mkdir()
    iio.imwrite(tmp_path / "big" / "a.png", np.zeros((50, 60), np.uint8))
    assert cli.main([str(blob), "--input", str(tmp_path / "big" / "*.png"), "--output", str(out)]) == 2
    assert "do not match the inputs: the graph's input 0 is a 64x48 U8 image; " \
        f"{tmp_path / 'big' / 'a.png'} is 60x50 U8" in capsys.readouterr().err
    other = bytearray(blob.read_bytes())
    other[8:12] = (7).to_bytes(4, "little")
    (tmp_path / "other.ix").write_bytes(bytes(other))
    assert cli.main([str(tmp_path / "other.ix"), "--input", str(tmp_path / "in" / "*.png"), "--output", str(out)]) == 2
    assert "exported by another pyopenvx version (export format 7" in capsys.readouterr().err


def test_video_frames_with_the_video_extra(client, tmp_path):
    pytest.importorskip("av")
    video = tmp_path / "clip.mp4"
    iio.imwrite(video, np.stack([np.full((48, 64, 3), 40 * i, np.uint8) for i in range(4)]), plugin="pyav",
                codec="mpeg4", fps=10)
    report = pvd.to_files(lambda g, s: g.channel_extract(s, "g"), [video], tmp_path / "out").compute()
    assert report == [(f"clip_{i:06d}.png", "written") for i in range(4)]
    for i in range(4):
        want = iio.imread(video, index=i, plugin="pyav")[:, :, 1]
        assert np.array_equal(iio.imread(tmp_path / "out" / f"clip_{i:06d}.png"), want)
