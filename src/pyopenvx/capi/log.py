"""The log: the application's callback and its own entries."""
from _pyopenvx import ffi

from .. import constants as vx
from .. import log
from ..reference import LOCK, lookup
from . import export
from .context import context_of


@export
def vxRegisterLogCallback(context, callback, reentrant):
    ctx = context_of(context)
    ctx.log_callback = None if callback == ffi.NULL else callback
    ctx.log_reentrant = bool(reentrant)
    ctx.log_enabled = ctx.log_callback is not None


@ffi.def_extern(name="pvx_py_log_entry")
def _add_log_entry(ref, status, message):
    """vxAddLogEntry after C formatted the message (embed/glue.c)."""
    with LOCK:
        try:
            obj = lookup(ref)
        except Exception:
            return
        log.entry(obj, status, ffi.string(message).decode(errors="replace"))
