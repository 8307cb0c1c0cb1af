"""Issue 21: the graph manager to the letter of OpenVX 1.3.1 (tests/c/graph_letter.c, one case per
statement)."""
import pytest


@pytest.mark.parametrize("case", ["release_graph_releases_nodes", "shared_memory_order", "set_parameter_null", "kernel_lookup_counts",
                                  "scope_at_verify", "delay_parts_follow", "nested_context", "disable_events",
                                  "timeouts"])
def test_graph_letter(c_program, case):
    assert c_program("graph_letter.c", case).stdout.strip() == "ok"


@pytest.mark.parametrize("case", ["streaming", "every_type_queued", "replicated_pipelined",
                                  "several_outputs", "loop_carried_delay"])
def test_pipeline_letter(c_program, case):
    assert c_program("pipeline_letter.c", case).stdout.strip() == "ok"
