"""The Pythonic layer's base: contexts, status errors, release."""
import pytest

from pyopenvx import constants as vx
from pyopenvx.api import ffi, lib
from pyopenvx.pythonic import Context, StatusError, check


def test_context_lifecycle():
    with Context() as ctx:
        assert ctx.references == 0
        handle = ctx.handle
    assert ctx.released
    assert lib.vxGetStatus(ffi.cast("vx_reference", handle)) == vx.VX_ERROR_INVALID_REFERENCE


def test_status_error_names_the_status():
    with pytest.raises(StatusError, match="VX_ERROR_INVALID_REFERENCE") as info:
        check(lib.vxQueryContext(ffi.NULL, vx.VX_CONTEXT_REFERENCES, ffi.NULL, 0), "query")
    assert info.value.status == vx.VX_ERROR_INVALID_REFERENCE
