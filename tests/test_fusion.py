"""Fused execution (graph/fusion.py, runtime/fusion.c): every fused chain of tests/c/fusion.c gives
the outputs of node-by-node execution (PVX_FUSION=0) bit for bit, in every border mode, at odd sizes
and every SIMD level; the fused edge pipeline never allocates its virtual images. The fused runs set
PVX_FUSION=1: by default only passes over 1080p-sized images are fused."""
import pytest

SIMD_LEVELS = pytest.mark.parametrize("simd", ["plain", "sse2", "avx2", "avx512"])


def _lines(c_program, **env):
    out = c_program("fusion.c", env=env).stdout.splitlines()
    assert out[-1] == "ok"
    heap = {line.split()[0]: int(line.split()[1]) for line in out if "heap_kb" in line}
    return [line for line in out if "heap_kb" not in line], heap


@SIMD_LEVELS
def test_fused_chains_equal_node_by_node_in_every_border_mode_and_odd_size(c_program, simd):
    fused, fused_heap = _lines(c_program, PVX_SIMD=simd, PVX_FUSION="1", PVX_TILE_THREADS="3")
    reference, reference_heap = _lines(c_program, PVX_SIMD=simd, PVX_FUSION="0", PVX_TILE_THREADS="1")
    assert len(fused) > 100 and fused == reference
    # 1000 x 700: the four virtual images take 4.9 MB node by node; the rings a few rows per thread
    # (both figures also hold what the interpreter has allocated, which varies with the environment)
    assert reference_heap["heap_kb"] - fused_heap["heap_kb"] > 4000, (fused_heap, reference_heap)
    # the scaled graph's seven (2.3 MB; 1 MB without its half-size stages fused)
    assert reference_heap["scaled_heap_kb"] - fused_heap["scaled_heap_kb"] > 1500, (fused_heap, reference_heap)
