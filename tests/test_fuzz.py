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


def test_context_release_untangles_nodes_holding_their_graphs(vx):
    """The fuzz driver found it: a Copy node (parameters of any type) whose input is its own graph,
    and two graphs whose nodes hold each other, so graph and node hold each other after the
    application released both; vxReleaseContext then refused (VX_ERROR_INVALID_REFERENCE)."""
    lib, ffi, c = vx.lib, vx.ffi, vx.c
    ctx = lib.vxCreateContext()
    ref = vx.ref
    start = vx.query(lib.vxQueryContext, ctx, c.VX_CONTEXT_REFERENCES, "vx_uint32")
    g, g2 = lib.vxCreateGraph(ctx), lib.vxCreateGraph(ctx)
    out = lib.vxCreateImage(ctx, 4, 4, c.VX_DF_IMAGE_U8)
    made = [lib.vxCopyNode(g, ref(g), ref(out)), lib.vxCopyNode(g2, ref(g), ref(out)),
            lib.vxCopyNode(g, ref(g2), ref(out)), g, g2, out]
    for h in made:
        assert lib.vxGetStatus(ref(h)) == c.VX_SUCCESS
        assert lib.vxReleaseReference(ffi.new("vx_reference *", ref(h))) == c.VX_SUCCESS
    assert vx.query(lib.vxQueryContext, ctx, c.VX_CONTEXT_REFERENCES, "vx_uint32") == start
    assert lib.vxReleaseContext(ffi.new("vx_context *", ctx)) == c.VX_SUCCESS
