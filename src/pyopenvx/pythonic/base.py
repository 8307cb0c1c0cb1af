"""Context, the Object base and status checking for the Pythonic layer."""
from .. import constants as vx
from ..api import ffi, lib
from ..errors import status_name


class StatusError(Exception):
    """An OpenVX call failed; `status` is its vx_status."""

    def __init__(self, status, what):
        super().__init__(f"{what} failed: {status_name(status)} ({status})")
        self.status = status


def check(status, what):
    if status != vx.VX_SUCCESS:
        raise StatusError(status, what)


class Object:
    """An OpenVX reference owned by Python: released by `release()` or at the end of a with block."""

    _release = None          # the vxRelease<Type> function, set by subclasses

    def __init__(self, handle, what):
        check(lib.vxGetStatus(ffi.cast("vx_reference", handle)), what)
        self.handle = handle

    @property
    def reference(self):
        return ffi.cast("vx_reference", self.handle)

    def release(self):
        if self.handle is not None:
            slot = ffi.new(f"{ffi.typeof(self.handle).cname} *", self.handle)
            check(type(self)._release(slot), "release")
            self.handle = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.release()

    def query(self, function, attribute, ctype):
        out = ffi.new(f"{ctype} *")
        check(function(self.handle, attribute, out, ffi.sizeof(ctype)), f"query {attribute:#x}")
        return out[0]


class Context(Object):
    _release = lib.vxReleaseContext

    def __init__(self):
        super().__init__(lib.vxCreateContext(), "vxCreateContext")

    @property
    def references(self):
        return self.query(lib.vxQueryContext, vx.VX_CONTEXT_REFERENCES, "vx_uint32")
