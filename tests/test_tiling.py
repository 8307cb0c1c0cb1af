"""Seed 001: tiling kernels, from C."""
import pytest


@pytest.mark.parametrize("threads", ["1", "3"])
def test_tiles_computed_by_the_function_the_seed_says_in_every_border_mode(c_program, threads):
    """Pixel-exact against plain C, each pixel once; the same on one thread and on a pool."""
    assert c_program("tiling_run.c", env={"PVX_TILE_THREADS": threads}).stdout.strip() == "ok"


def test_tiling_and_user_kernels_in_one_graph_attributes_and_refusals(c_program):
    assert c_program("tiling_graph.c").stdout.strip() == "ok"
