"""Issue 16: what C programs written for other OpenVX implementations expect of ours (statuses,
local data, output formats, YUV formats, pyramids, immediate-mode borders, valid regions,
reference counts of every node creator and vxu function)."""
import pytest


@pytest.mark.parametrize("program", ["conform_status.c", "conform_formats.c", "conform_geometry.c"])
def test_conformance_program(c_program, program):
    assert c_program(program).stdout.strip() == "ok"
