"""python -m pyopenvx run GRAPH.ix --input PATTERN --output DIR [--scheduler ADDRESS | --workers N]

Runs a graph exported by a C program (vxExportObjectsToMemory: its graph parameters are its input
image then its output images) over image files (PNG, JPEG, TIFF, ...; videos with the video extra)
on a Dask cluster: the one at ADDRESS, or N local worker processes (default: one per core). Files
already in DIR are skipped, so a stopped run resumes; a file that cannot be read fails alone.
Exit status: 0 all written, 1 some frames failed, 2 nothing run (bad graph, inputs or arguments)."""
from __future__ import annotations

import argparse
import glob
import os
import sys
from pathlib import Path
from typing import List, Optional

from . import files, local_cluster, to_files
from .graphs import BlobError, FrameMismatch, GraphSource, Runner, context


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m pyopenvx run", description=__doc__.split("\n\n")[1],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("graph", help="the exported graph (vx_khr_ix blob)")
    p.add_argument("--input", required=True, action="append", help="files or glob patterns (repeatable)")
    p.add_argument("--output", required=True, help="the directory to write to")
    p.add_argument("--suffix", default=".png", help="the output format, by file suffix (default .png)")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--scheduler", help="a Dask scheduler's address (tcp://host:8786)")
    where.add_argument("--workers", type=int, help="local worker processes (default: one per core)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    return p


def _check(source: GraphSource, frames: List[object]) -> Optional[str]:
    """Why the graph cannot run on these inputs (checked here, before any cluster), or None."""
    try:
        graph = Runner(source, [], context())
    except (BlobError, ValueError) as err:
        return f"the graph cannot run: {err}"
    if len(graph.inputs) != 1:
        return f"the graph has {len(graph.inputs)} input image parameters; files give one image each"
    for i, frame in enumerate(frames):      # the first readable frame decides
        try:
            pixels = files.read(frame)       # type: ignore[arg-type]
        except Exception:
            continue
        try:
            graph.check([pixels], files.describe(frame, i))    # type: ignore[arg-type]
        except FrameMismatch as err:
            return f"the graph's parameters do not match the inputs: {err}"
        return None
    return "no input file could be read"


def main(argv: List[str]) -> int:
    args = _parser().parse_args(argv)
    try:
        source = GraphSource(Path(args.graph).read_bytes())
    except (OSError, BlobError) as err:
        print(f"{args.graph}: {err}", file=sys.stderr)
        return 2
    paths = sorted({p for pattern in args.input for p in (glob.glob(pattern) or ([pattern] if os.path.exists(pattern)
                                                                                   else []))})
    if not paths:
        print(f"no input file matches {' '.join(args.input)}", file=sys.stderr)
        return 2
    try:
        frames = files.expand(paths)
    except (OSError, RuntimeError) as err:
        print(err, file=sys.stderr)
        return 2
    why = _check(source, frames)
    if why:
        print(f"{args.graph}: {why}", file=sys.stderr)
        return 2

    from distributed import Client, as_completed
    from tqdm import tqdm
    cluster = None if args.scheduler else local_cluster(args.workers)
    client = Client(args.scheduler or cluster)
    report = {}
    try:
        bag = to_files(source, frames, args.output, suffix=args.suffix,
                       npartitions=min(len(frames), 8 * sum(client.nthreads().values())))
        with tqdm(total=len(frames), unit="frame", disable=args.no_progress, file=sys.stderr) as bar:
            for future in as_completed(client.compute(bag.to_delayed())):
                part = future.result()
                report.update(part)
                bar.update(len(part))
                future.release()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    failed = {n: s for n, s in report.items() if s.startswith("failed")}
    for status in failed.values():
        print(status, file=sys.stderr)
    counts = {k: sum(1 for s in report.values() if s.startswith(k)) for k in ("written", "skipped", "failed")}
    print(", ".join(f"{v} {k}" for k, v in counts.items()))
    return 1 if failed else 0
