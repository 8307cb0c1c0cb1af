"""tests/c/api_fuzz.c: random calls of the C API from a seed (valid, released, foreign and NULL
handles; random attributes, sizes, rectangles; random graphs), and what it found.

A longer run by hand (any seed, any number of steps; tools/sanitize.sh runs this test under ASan):
    gcc -std=c99 -Itests/c tests/c/api_fuzz.c $(python -m pyopenvx --cflags --libs) -o api_fuzz
    for seed in $(seq 1 100); do ./api_fuzz $seed 20000 || echo "seed $seed failed"; done
"""
import pytest

SEEDS, STEPS = (1, 2, 3, 4), 1500


@pytest.mark.parametrize("seed", SEEDS)
def test_api_fuzz(c_program, seed):
    assert c_program("api_fuzz.c", seed, STEPS).stdout.strip() == f"ok {STEPS} steps"


def test_generic_parameters_take_data_objects_only(vx):
    """Copy and Select take any data object (VX_TYPE_REFERENCE), never a graph or node: the fuzz
    driver found a Copy node holding its own graph, which vxReleaseContext could not untangle."""
    lib, ffi, c = vx.lib, vx.ffi, vx.c
    start = vx.references()
    graph = lib.vxCreateGraph(vx.context)
    image = lib.vxCreateImage(vx.context, 4, 4, c.VX_DF_IMAGE_U8)
    out = lib.vxCreateImage(vx.context, 4, 4, c.VX_DF_IMAGE_U8)
    node = lib.vxCopyNode(graph, vx.ref(image), vx.ref(out))
    for wrong in (graph, node):
        assert lib.vxSetParameterByIndex(node, 0, vx.ref(wrong)) == c.VX_ERROR_INVALID_TYPE
        assert "expects a reference, got a" in vx.log[-1][1]
    refused = lib.vxCopyNode(graph, vx.ref(graph), vx.ref(out))
    assert lib.vxGetStatus(vx.ref(refused)) == c.VX_ERROR_INVALID_TYPE
    assert lib.vxProcessGraph(graph) == c.VX_SUCCESS
    for h in (node, image, out, graph):
        assert lib.vxReleaseReference(ffi.new("vx_reference *", vx.ref(h))) == c.VX_SUCCESS
    assert vx.references() == start
