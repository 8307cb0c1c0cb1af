"""Fused execution (graph/fusion.py, runtime/fusion.c): every fused chain of tests/c/fusion.c gives
the outputs of node-by-node execution (PVX_FUSION=0) bit for bit, in every border mode, at odd sizes
and every SIMD level; the fused edge pipeline never allocates its virtual images."""
import pytest

SIMD_LEVELS = pytest.mark.parametrize("simd", ["plain", "sse2", "avx2"])


def _lines(c_program, **env):
    out = c_program("fusion.c", env=env).stdout.splitlines()
    assert out[-1] == "ok"
    heap = int(next(line for line in out if line.startswith("heap_kb")).split()[1])
    return [line for line in out if not line.startswith("heap_kb")], heap


@SIMD_LEVELS
def test_fused_chains_equal_node_by_node_in_every_border_mode_and_odd_size(c_program, simd):
    fused, fused_heap = _lines(c_program, PVX_SIMD=simd, PVX_TILE_THREADS="3")
    reference, reference_heap = _lines(c_program, PVX_SIMD=simd, PVX_FUSION="0", PVX_TILE_THREADS="1")
    assert len(fused) > 100 and fused == reference
    # 1000 x 700: the four virtual images take 4.9 MB node by node; the rings a few rows per thread
    assert reference_heap > 4000 and fused_heap < 600, (fused_heap, reference_heap)
