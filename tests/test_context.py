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
    missing = [p for p in parse(INCLUDEDIR) if p.name not in implemented_names()
               and len(p.params) == 1 and p.params[0].ctype == "vx_context" and p.ret in HANDLE_TYPES]
    if not missing:
        pytest.skip("every context-only creator is implemented")
    proto = missing[0]
    obj = getattr(vx.lib, proto.name)(vx.context)
    assert vx.lib.vxGetStatus(vx.ref(obj)) == vx.c.VX_ERROR_NOT_IMPLEMENTED
    assert (vx.c.VX_ERROR_NOT_IMPLEMENTED, f"{proto.name}: not implemented") in vx.log


def test_reference_counts_over_every_type_from_c(c_program):
    assert c_program("refcounts.c").stdout.strip() == "ok"
