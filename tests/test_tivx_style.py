"""Programs in TIOVX's style (issue 33): tests/c/tivx_style.c, one case per process."""
import pytest


@pytest.mark.parametrize("case", ["replicated_release_orders", "nested_graph_kernel", "one_context",
                                  "object_array_from_list",
                                  "initialize_maps_virtual", "command_unused_entries"])
def test_tivx_style(c_program, case):
    assert c_program("tivx_style.c", case).stdout.strip() == "ok"
