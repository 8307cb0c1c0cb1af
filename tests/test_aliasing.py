"""Seed 004: buffer aliasing, from C (tests/c/aliasing.c) and from Python (what the graph owns)."""


def test_aliasing_decisions_results_shared_buffers_and_refusals(c_program):
    """Hints, each rule that forbids aliasing, SPARSE before DENSE, the same results aliased or not,
    one buffer (pointers inside kernels, bytes allocated), re-verification, API refusals, counts."""
    assert c_program("aliasing.c").stdout.strip() == "ok"
