"""The one path for log entries: refusals, internal errors and vxAddLogEntry all end here."""
import threading

from _pyopenvx import ffi

from . import constants as vx

_serial = threading.Lock()     # callbacks registered as not reentrant are called one at a time
_CONTEXT = ffi.typeof("vx_context")
_REFERENCE = ffi.typeof("vx_reference")


def entry(ref, status, message):
    """Send one entry to the log callback of `ref`'s context, if logging is on."""
    context = ref.context if ref is not None else None
    if context is None or context.h is None or not context.log_enabled or context.log_callback is None:
        return
    text = message.encode(errors="replace")[: vx.VX_MAX_LOG_MESSAGE_LEN - 1]
    args = (ffi.cast(_CONTEXT, context.h), ffi.cast(_REFERENCE, ref.h), status, text)
    if context.log_reentrant:
        context.log_callback(*args)
    else:
        with _serial:
            context.log_callback(*args)

