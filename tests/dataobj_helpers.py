"""Helpers for the data-object tests: a graph to create virtual objects in, and the Python object
behind a handle."""
import pytest


def obj_of(api_ffi, handle):
    from _pyopenvx import ffi
    from pyopenvx.reference import LOCK, lookup
    with LOCK:
        return lookup(ffi.cast("vx_reference", int(api_ffi.cast("uintptr_t", handle))))


@pytest.fixture
def graph(vx):
    g = vx.lib.vxCreateGraph(vx.context)
    assert vx.lib.vxGetStatus(vx.ref(g)) == vx.c.VX_SUCCESS
    yield g
    assert vx.lib.vxReleaseGraph(vx.ffi.new("vx_graph *", g)) == vx.c.VX_SUCCESS
