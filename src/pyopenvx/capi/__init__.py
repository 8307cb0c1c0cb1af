"""The exported functions, one module per API group.

A module marks each implementation with `@export`; its name is the OpenVX function's name and it
receives the raw C arguments. Status functions return None for success (or raise VxError);
creators return the new object. `install()` wires every prototype of our headers to Python:
its implementation if one exists, otherwise a stub that logs and returns VX_ERROR_NOT_IMPLEMENTED.
No function can report success by accident: any exception becomes a failing status (or an error
object) plus a log entry.
"""
import importlib
import pkgutil
import traceback

from _pyopenvx import ffi

from .. import constants as vx
from ..log import entry as log_entry
from .._build_info import C_ONLY
from ..errors import INTERRUPTIONS, VxError
from ..failure import VX_FAILURE, py_failure
from ..paths import INCLUDEDIR
from ..prototypes import parse
from ..reference import HANDLE_TYPES, LOCK, Reference, find, lookup

IMPLEMENTED = {}          # name -> implementation


def export(fn):
    IMPLEMENTED[fn.__name__] = fn
    return fn


def install():
    for info in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{info.name}")
    for proto in parse(INCLUDEDIR):
        if not proto.variadic and proto.name not in C_ONLY:
            ffi.def_extern(name=f"pvx_py_{proto.name}", error=_failure(proto.ret))(_exported(proto))


def _failure(ret):
    """The failing return value, typed: a NULL of the exact pointer type (cffi does not convert
    `void *` NULL into a function pointer)."""
    value = py_failure(ret)
    if value is None and ret != "void":
        return ffi.cast(ret, 0)
    return value


def implemented_names():
    """What docs/STATUS.md calls implemented: a Python body or a complete C one."""
    return set(IMPLEMENTED) | set(C_ONLY) | {"vxAddLogEntry", "tivx_print_global", "tivx_print_object"}


def _context_of(args):
    """The context a call concerns: that of its first valid handle argument."""
    for a in args:
        obj = find(a) if isinstance(a, ffi.CData) else None
        if obj is not None:
            return obj.context
    return None


def _report(name, args, status, message, ref=None):
    target = ref if isinstance(ref, Reference) and ref.alive else _context_of(args)
    log_entry(target, status, f"{name}: {message}")
    return target


acquire, release = LOCK.acquire, LOCK.release
cast = ffi.cast
SUCCESS = vx.VX_SUCCESS


def _exported(proto):
    name = proto.name
    impl = IMPLEMENTED.get(name) or _not_implemented(proto)
    returns_handle = proto.ret in HANDLE_TYPES
    returns_status = proto.ret == "vx_status"
    failure = _failure(proto.ret)
    handle_type = ffi.typeof(proto.ret) if returns_handle else None

    def refusal(args, error):
        target = _report(name, args, error.status, error.message, error.ref)
        if returns_handle:
            ctx = target.context if target is not None else None
            return ffi.cast(handle_type, ctx.error(error.status).h) if ctx is not None and ctx.alive else ffi.NULL
        return error.status if returns_status else failure

    def guarded(args):
        """Run the implementation under the lock; a refusal or a bug becomes (False, value)."""
        acquire()
        try:
            return True, impl(*args)
        except VxError as error:
            return False, refusal(args, error)
        except Exception as exc:      # a bug of ours: never a success
            traceback.print_exc()
            return False, refusal(args, VxError(VX_FAILURE, f"internal error: {exc!r}"))
        except BaseException as exc:  # Ctrl-C, sys.exit(): cannot cross C; the caller's Python raises it
            INTERRUPTIONS.append(exc)
            return False, refusal(args, VxError(vx.VX_ERROR_GRAPH_ABANDONED, f"interrupted: {exc!r}"))
        finally:
            release()

    if returns_status:
        def call(*args):
            ok, result = guarded(args)
            return SUCCESS if ok and result is None else result
    elif returns_handle:
        def call(*args):
            ok, result = guarded(args)
            return cast(handle_type, result.h) if ok and isinstance(result, Reference) else result
    else:
        def call(*args):
            return guarded(args)[1]

    call.__name__ = name
    return call


def _not_implemented(proto):
    """A stub that still refuses a bad handle as the real function will, then says what is missing."""
    first = proto.params[0].ctype if proto.params else None

    pointed = first[:-1].strip() if first and first.endswith("*") else None

    def stub(*args):
        if first in HANDLE_TYPES:
            lookup(args[0], HANDLE_TYPES[first], proto.params[0].name)
        elif pointed in HANDLE_TYPES:
            if args[0] == ffi.NULL:
                raise VxError(vx.VX_ERROR_INVALID_REFERENCE, f"{proto.params[0].name} is NULL")
            lookup(args[0][0], HANDLE_TYPES[pointed], proto.params[0].name)
        raise VxError(vx.VX_ERROR_NOT_IMPLEMENTED, "not implemented")
    return stub
