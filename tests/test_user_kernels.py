"""Seed 000: user kernels, modules, nodes, graphs, verification and execution."""


def test_kernel_life_cycle_and_refusals(c_program):
    assert c_program("user_kernel.c").stdout.strip() == "ok"


def test_graph_manager_from_c(c_program):
    assert c_program("graph_core.c", extra=("-lpthread",)).stdout.strip() == "ok"
