"""Every exported function refuses a bad handle in its first parameter: NULL, released, foreign
(outside our arena, or inside it but misaligned), or of the wrong type. No crash, no success."""
import pytest

from pyopenvx.failure import INTEGERS
from pyopenvx.paths import INCLUDEDIR
from pyopenvx.prototypes import parse
from pyopenvx.handle_types import HANDLE_TYPES

PROTOS = parse(INCLUDEDIR)
FIRST_HANDLE = [p for p in PROTOS if p.params and p.params[0].ctype in HANDLE_TYPES]
RELEASERS = [p for p in PROTOS if p.name.startswith("vxRelease") and p.params[0].ctype.endswith("*")
             and p.params[0].ctype[:-1].strip() in HANDLE_TYPES]


def test_every_handle_function_is_covered():
    assert len(FIRST_HANDLE) > 300 and len(RELEASERS) >= 20


def default_args(vx, proto):
    """Harmless values for every parameter after the first."""
    out = []
    for p in proto.params[1:]:
        t = vx.ffi.typeof(p.ctype)
        out.append(vx.ffi.NULL if t.kind in ("pointer", "function") else
                   0.0 if t.kind == "primitive" and t.cname in ("float", "double") else 0)
    return out


def bad_handles(vx, want):
    """(label, handle) pairs that are not a valid handle of type `want`."""
    ffi, lib = vx.ffi, vx.lib
    dead = lib.vxCreateGraph(vx.context)        # (a context released lives on while the fixture holds it)
    lib.vxReleaseGraph(ffi.new("vx_graph *", dead))
    vx.foreign = ffi.new("unsigned int[64]", [0x50565821] * 64)    # looks like a live header
    error_obj = lib.vxGetKernelByEnum(vx.context, -1)
    assert lib.vxGetStatus(ffi.cast("vx_reference", error_obj)) != 0
    cases = [("NULL", ffi.NULL), ("released", dead), ("foreign", vx.foreign),
             ("misaligned", ffi.cast("char *", vx.context) + 8), ("wild", ffi.cast("void *", 0x10))]
    if want != 0:
        cases.append(("wrong type", error_obj if want == vx.c.VX_TYPE_CONTEXT else vx.context))
    return cases


# NULL where programs written for other implementations expect another status than a bad handle's
NULL_STATUS = {"vxGetStatus": "VX_ERROR_NO_RESOURCES", "vxGetUserStructNameByEnum": "VX_ERROR_INVALID_PARAMETERS"}


def expect_refused(vx, proto, result, label=None):
    ret = proto.ret
    if ret == "vx_status":
        want = NULL_STATUS.get(proto.name, "VX_ERROR_INVALID_REFERENCE") if label == "NULL" else "VX_ERROR_INVALID_REFERENCE"
        assert result == getattr(vx.c, want), f"{proto.name} returned {result} for a {label} handle"
    elif ret in INTEGERS:
        assert result == 0, f"{proto.name} returned {result}"
    elif ret != "void":
        if vx.ffi.typeof(result).cname.startswith("struct _vx"):
            assert vx.lib.vxGetStatus(vx.ffi.cast("vx_reference", result)) != vx.c.VX_SUCCESS, proto.name
        else:
            assert result == vx.ffi.NULL, proto.name


@pytest.mark.parametrize("proto", FIRST_HANDLE, ids=lambda p: p.name)
def test_bad_first_handle_is_refused(vx, proto):
    fn = getattr(vx.lib, proto.name)
    rest = default_args(vx, proto)
    for label, handle in bad_handles(vx, HANDLE_TYPES[proto.params[0].ctype]):
        result = fn(vx.ffi.cast(proto.params[0].ctype, handle), *rest)
        expect_refused(vx, proto, result, label)


@pytest.mark.parametrize("proto", RELEASERS, ids=lambda p: p.name)
def test_release_refuses_bad_handles_and_keeps_them(vx, proto):
    fn = getattr(vx.lib, proto.name)
    assert fn(vx.ffi.NULL) == vx.c.VX_ERROR_INVALID_REFERENCE
    handle_type = proto.params[0].ctype[:-1].strip()
    for label, handle in bad_handles(vx, HANDLE_TYPES[handle_type]):
        slot = vx.ffi.new(f"{handle_type} *", vx.ffi.cast(handle_type, handle))
        assert fn(slot) == vx.c.VX_ERROR_INVALID_REFERENCE, label
        assert slot[0] == vx.ffi.cast(handle_type, handle), f"{label}: the handle was modified"


def test_a_released_handle_is_logged_to_its_former_context(vx):
    lib, ffi, c = vx.lib, vx.ffi, vx.c
    g = lib.vxCreateGraph(vx.context)
    assert lib.vxReleaseGraph(ffi.new("vx_graph *", g)) == c.VX_SUCCESS
    vx.log.clear()
    assert lib.vxVerifyGraph(g) == c.VX_ERROR_INVALID_REFERENCE
    assert lib.vxReleaseGraph(ffi.new("vx_graph *", g)) == c.VX_ERROR_INVALID_REFERENCE
    assert vx.log == [(c.VX_ERROR_INVALID_REFERENCE, "vxVerifyGraph: graph was released"),
                      (c.VX_ERROR_INVALID_REFERENCE, "vxReleaseGraph: graph was released")]


def test_releasing_what_the_application_does_not_hold_is_logged(vx):
    """A meta format (the node's) and an error object (the context's): refused, logged, kept."""
    lib, ffi, c = vx.lib, vx.ffi, vx.c
    error = lib.vxGetKernelByName(vx.context, b"no.such.kernel")
    vx.log.clear()
    ptr = ffi.new("vx_reference *", ffi.cast("vx_reference", error))
    assert lib.vxReleaseReference(ptr) == c.VX_ERROR_INVALID_REFERENCE
    assert ptr[0] != ffi.NULL
    assert vx.log == [(c.VX_ERROR_INVALID_REFERENCE, "vxReleaseReference: error objects are not released")]
    never = (ffi.callback("vx_kernel_f", lambda *a: 0), ffi.callback("vx_kernel_validate_f", lambda *a: 0))
    kid = ffi.new("vx_enum *")
    assert lib.vxAllocateUserKernelId(vx.context, kid) == c.VX_SUCCESS
    kernel = lib.vxAddUserKernel(vx.context, b"test.meta", kid[0], never[0], 1, never[1], ffi.NULL, ffi.NULL)
    assert lib.vxAddParameterToKernel(kernel, 0, c.VX_OUTPUT, c.VX_TYPE_SCALAR, c.VX_PARAMETER_STATE_REQUIRED) == 0
    assert lib.vxFinalizeKernel(kernel) == c.VX_SUCCESS
    graph = lib.vxCreateGraph(vx.context)
    node = lib.vxCreateGenericNode(graph, kernel)
    p = lib.vxGetParameterByIndex(node, 0)
    meta = ffi.new("vx_meta_format *")
    assert lib.vxQueryParameter(p, c.VX_PARAMETER_META_FORMAT, meta, ffi.sizeof("vx_meta_format")) == c.VX_SUCCESS
    vx.log.clear()
    ptr = ffi.new("vx_reference *", ffi.cast("vx_reference", meta[0]))
    assert lib.vxReleaseReference(ptr) == c.VX_ERROR_INVALID_REFERENCE
    assert len(vx.log) == 1 and "has already been released" in vx.log[0][1]
    assert lib.vxReleaseParameter(ffi.new("vx_parameter *", p)) == c.VX_SUCCESS
    assert lib.vxReleaseNode(ffi.new("vx_node *", node)) == c.VX_SUCCESS
    assert lib.vxReleaseGraph(ffi.new("vx_graph *", graph)) == c.VX_SUCCESS
    assert lib.vxRemoveKernel(kernel) == c.VX_SUCCESS
