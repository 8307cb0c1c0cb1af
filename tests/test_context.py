"""Context, reference, log and embedding behaviour through the C API."""


def test_context_from_c(c_program):
    assert c_program("context.c").stdout.strip() == "ok"


def test_python_exception_is_a_failure_with_a_log_entry(vx, monkeypatch):
    from pyopenvx.context import Context

    def broken(self):
        raise RuntimeError("simulated bug")
    monkeypatch.setattr(Context, "references", broken)
    out = vx.ffi.new("vx_uint32 *")
    status = vx.lib.vxQueryContext(vx.context, vx.c.VX_CONTEXT_REFERENCES, out, 4)
    assert status == vx.c.VX_FAILURE
    assert any(s == vx.c.VX_FAILURE and "simulated bug" in text for s, text in vx.log)


def test_not_implemented_creator_returns_error_object_and_logs_its_name(vx):
    import pytest

    from pyopenvx.capi import implemented_names
    from pyopenvx.handle_types import HANDLE_TYPES
    from pyopenvx.paths import INCLUDEDIR
    from pyopenvx.prototypes import parse
    missing = [p for p in parse(INCLUDEDIR) if p.name not in implemented_names() and p.ret in HANDLE_TYPES
               and p.params and p.params[0].ctype in ("vx_context", "vx_graph")]
    if not missing:
        pytest.skip("every creator taking a context or graph is implemented")
    proto = missing[0]
    graph = vx.lib.vxCreateGraph(vx.context)
    first = vx.context if proto.params[0].ctype == "vx_context" else graph
    rest = [vx.ffi.cast(p.ctype, 0) if vx.ffi.typeof(p.ctype).kind == "pointer" else 0 for p in proto.params[1:]]
    obj = getattr(vx.lib, proto.name)(first, *rest)
    assert vx.lib.vxGetStatus(vx.ref(obj)) == vx.c.VX_ERROR_NOT_IMPLEMENTED
    assert (vx.c.VX_ERROR_NOT_IMPLEMENTED, f"{proto.name}: not implemented") in vx.log
    assert vx.lib.vxReleaseGraph(vx.ffi.new("vx_graph *", graph)) == vx.c.VX_SUCCESS


def test_reference_counts_over_every_type_from_c(c_program):
    assert c_program("refcounts.c").stdout.strip() == "ok"


def test_opencl_interop_header_is_shipped_and_its_function_refuses(c_program):
    assert c_program("opencl_interop.c", extra=("-pedantic",)).stdout.strip() == "ok"
