"""Helpers for the data-object tests: a graph to create virtual objects in (the real one when the
library has vxCreateGraph, else a bare graph reference), and the Python object behind a handle."""
import pytest

from pyopenvx import constants


def obj_of(api_ffi, handle):
    from _pyopenvx import ffi
    from pyopenvx.reference import LOCK, lookup
    with LOCK:
        return lookup(ffi.cast("vx_reference", int(api_ffi.cast("uintptr_t", handle))))


@pytest.fixture
def graph(vx):
    g = vx.lib.vxCreateGraph(vx.context)
    if vx.lib.vxGetStatus(vx.ref(g)) == vx.c.VX_SUCCESS:
        yield g
        vx.lib.vxReleaseGraph(vx.ffi.new("vx_graph *", g))
        return
    from pyopenvx.reference import LOCK, Reference

    class BareGraph(Reference):
        vx_type = constants.VX_TYPE_GRAPH

    with LOCK:
        stub = BareGraph(obj_of(vx.ffi, vx.context))
    from _pyopenvx import ffi
    yield vx.ffi.cast("vx_graph", int(ffi.cast("uintptr_t", stub.h)))
    with LOCK:
        if stub.alive:
            stub.release()
