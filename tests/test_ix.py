"""vx_khr_ix: export and import (tests/c/ix_graph.c from C; every data object type, and fuzzed
blobs, through the C API from Python)."""


def test_export_import_graph_from_c(c_program):
    assert c_program("ix_graph.c").stdout.strip() == "ok"
