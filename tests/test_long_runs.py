"""Resident memory stays flat over create/release cycles of every object type and over
verify/process cycles of a graph (bench/long_runs.c, here with a small count; the full run,
10^6 and 10^5 cycles, is `python bench/run.py long_runs`)."""
import json
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench" / "long_runs.c"
CYCLES, GRAPH_CYCLES = 3000, 300
# A leaked object per cycle costs at least its handle slot (128 bytes) and its Python object:
# >= 1 MiB over CYCLES. Contexts (CYCLES / 100 of them) still fill interpreter caches at first.
BOUND_KIB = {"context": 2048}
# Summed over the rows after the first: the handle arena's free ring once walked through 32 MiB,
# a new page every 1024 releases (~12 KiB a row here, ~4 MiB per 10^6 cycles); now it stays put.
STEADY_ROWS_KIB = 64


def test_resident_memory_stays_flat(compile_c):
    proc = compile_c(BENCH, "-O2", "-std=gnu11", f"-I{BENCH.parent}").run(CYCLES, GRAPH_CYCLES)
    rows = json.loads(proc.stdout)["results"]
    assert len(rows) == 20
    grown = {r["name"]: r["rss_growth_kib"] for r in rows if r["rss_growth_kib"] > BOUND_KIB.get(r["name"], 256)}
    assert not grown, grown
    steady = [r["rss_growth_kib"] for r in rows[1:] if r["name"] != "context"]
    assert sum(steady) <= STEADY_ROWS_KIB, rows
    assert all(r["cycles"] in (CYCLES, CYCLES // 100, GRAPH_CYCLES) and r["ours_ns"] > 0 for r in rows)
