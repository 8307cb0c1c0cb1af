"""Context, the Object base and status checking for the Pythonic layer."""
from .. import constants as vx
from ..api import ffi, lib
from ..errors import status_name


class StatusError(Exception):
    """An OpenVX call failed; `status` is its vx_status. Raised in a Python kernel or validator,
    its status is what the node reports."""

    def __init__(self, status, what):
        super().__init__(f"{what} failed: {status_name(status)} ({status})")
        self.status = status


def check(status, what):
    if status != vx.VX_SUCCESS:
        raise StatusError(status, what)


# Callbacks C keeps for a context's objects (user kernels, node callbacks, its log), by context
# address then by what they serve: one owner each, replaced when set again, dropped with the context.
_KEPT = {}


def _address(handle):
    return int(ffi.cast("uintptr_t", handle))


def keep(obj, key, callbacks):
    """Keeps `callbacks` alive while C may call them (None drops them)."""
    kept = _KEPT.setdefault(_address(lib.vxGetContext(obj.reference)), {})
    if callbacks is None:
        kept.pop(key, None)
    else:
        kept[key] = callbacks


_CLASSES = {}                # vx_type -> the Object subclass wrapping it


class Object:
    """An OpenVX reference owned by Python: released by `release()` or at the end of a with block.
    `wrap(handle)` makes a borrowed wrapper (e.g. a kernel's parameter) whose release only forgets it."""

    _release = None          # the vxRelease<Type> function, set by subclasses
    _ctype = "vx_reference"  # the C handle type
    vx_type = None
    _owned = True

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        if cls.vx_type is not None:
            _CLASSES[cls.vx_type] = cls

    def __init__(self, handle, what):
        check(lib.vxGetStatus(ffi.cast("vx_reference", handle)), what)
        self.handle = handle

    @classmethod
    def wrap(cls, handle, owned=False, what="wrap"):
        """A wrapper of `handle` (owned: this wrapper releases one reference of it)."""
        obj = cls.__new__(cls)
        Object.__init__(obj, ffi.cast(cls._ctype, handle), what)
        obj._owned = owned
        obj._describe()
        return obj

    def _describe(self):
        """Fills what `__init__` would have set from queries (wrapped handles)."""

    @property
    def reference(self):
        return ffi.cast("vx_reference", self.handle)

    def release(self):
        if self.handle is not None:
            if self._owned:
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


class Reference(Object):
    """Any other reference type (threshold, pyramid, ...), through the vx_reference API."""
    _release = lib.vxReleaseReference


def wrap_reference(handle, owned=False):
    """The wrapper of the right class for a vx_reference (None for NULL)."""
    if handle == ffi.NULL:
        return None
    ref = ffi.cast("vx_reference", handle)
    out = ffi.new("vx_enum *")
    check(lib.vxQueryReference(ref, vx.VX_REFERENCE_TYPE, out, ffi.sizeof("vx_enum")), "vxQueryReference")
    return _CLASSES.get(out[0], Reference).wrap(ref, owned)


class Context(Object):
    _release = lib.vxReleaseContext
    _ctype = "vx_context"
    vx_type = vx.VX_TYPE_CONTEXT

    def __init__(self):
        super().__init__(lib.vxCreateContext(), "vxCreateContext")

    @property
    def references(self):
        return self.query(lib.vxQueryContext, vx.VX_CONTEXT_REFERENCES, "vx_uint32")

    def on_log(self, function):
        """Calls function(status, text) for every log entry of this context."""
        callback = ffi.callback("vx_log_callback_f",
                                lambda ctx, ref, status, text: function(status, ffi.string(text).decode()))
        lib.vxRegisterLogCallback(self.handle, callback, vx.vx_true_e)
        keep(self, "log", callback)

    def release(self):
        address = self.handle is not None and self._owned and _address(self.handle)
        super().release()
        _KEPT.pop(address, None)
