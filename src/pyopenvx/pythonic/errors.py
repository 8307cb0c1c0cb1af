"""Exceptions of the Pythonic layer: `VXError`, and one subclass per vx_status.

    try:
        graph.process()
    except pyopenvx.pythonic.InvalidType as err:
        err.status, err.object, err.log      # -17, the graph, the log lines of the failing call

Every pythonic context sends its log entries here; a failing call takes the lines logged since
the previous checked call, so the message carries the library's own reason (the validator's
"scalar parameter 2 is a vx_int32, not a vx_enum", not only a status code). An exception raised
by a Python kernel or callback during the call becomes the error's `__cause__`, with its traceback.

Threads: each Python thread gathers the lines it logs itself, so two threads' failing calls never
take each other's lines. Lines (and kernel exceptions) of threads that Python did not start (the
C workers of pipelined and scheduled graphs) have no caller of their own: the next failing call
of any thread takes them (in a program that waits for its graphs in one thread, that call).
"""
from __future__ import annotations

import threading
from collections import deque
from typing import Any, Deque, Dict, Iterable, List, Optional, Tuple, Type

from .. import constants as vx
from ..errors import INTERRUPTIONS

_BY_STATUS: Dict[int, Type["VXError"]] = {}     # vx_status -> its VXError subclass


class _Gathered:
    """What one thread gathered since its last checked call: log lines, and the Python exception
    a kernel or callback raised (one at most)."""
    __slots__ = ("recent", "cause")

    def __init__(self) -> None:
        self.recent: Deque[str] = deque(maxlen=64)
        self.cause: List[BaseException] = []


# Thread ident -> what it gathered (threads with nothing gathered have no entry). `_pending` counts
# the items of all of them: a successful call, the common case, only reads it (no thread lookup).
_gathered: Dict[Any, _Gathered] = {}
_pending = [0]
_lock = threading.Lock()
_WORKERS = "C workers"          # the key of what threads Python did not start gathered


def _gather(line, cause):
    key = _WORKERS if isinstance(threading.current_thread(), threading._DummyThread) else threading.get_ident()
    with _lock:
        gathered = _gathered.get(key)
        if gathered is None:
            gathered = _gathered[key] = _Gathered()
        if line is not None:
            _pending[0] += len(gathered.recent) < 64
            gathered.recent.append(line)
        else:
            _pending[0] += not gathered.cause
            gathered.cause[:] = [cause]


def _take(key):
    """What thread `key` gathered, forgotten (None when nothing)."""
    with _lock:
        gathered = _gathered.pop(key, None)
        if gathered is not None:
            _pending[0] -= len(gathered.recent) + len(gathered.cause)
    return gathered


def safe_repr(obj: Any) -> str:
    """repr(obj), or what it is when its repr fails (a dead object's queries fail too: an error's
    message must not raise, nor recurse into another error's)."""
    try:
        return repr(obj)
    except Exception as exc:        # noqa: BLE001  (only a description is at stake)
        return f"<{type(obj).__name__} ({type(exc).__name__} describing it)>"


def status_name(status):
    cls = _BY_STATUS.get(status)
    return cls.status_name if cls is not None else str(status)


class VXError(Exception):
    """An OpenVX call failed. `status` is its vx_status, `what` the call, `object` the wrapper it
    concerns (or None), `log` the context log lines the call produced. `VXError(status, what)`
    makes the subclass of that status; raised in a Python kernel or validator, its status is what
    the node reports."""

    status = vx.VX_FAILURE
    status_name = "VX_FAILURE"

    def __new__(cls, status: Optional[int] = None, what: str = "", obj: Any = None,
                log: Iterable[str] = ()) -> "VXError":
        if cls is VXError and status in _BY_STATUS:
            cls = _BY_STATUS[status]
        return Exception.__new__(cls)      # not super(): MemoryError's own __new__ refuses a subclass

    def __init__(self, status: Optional[int] = None, what: str = "", obj: Any = None,
                 log: Iterable[str] = ()) -> None:
        self.status = type(self).status if status is None else status
        self.what, self.object, self.log = what, obj, list(log)
        text = f"{what} failed: {status_name(self.status)} ({self.status})"
        if obj is not None:
            text += f" on {safe_repr(obj)}"
        if self.log:
            text += "\n  " + "\n  ".join(self.log)
        super().__init__(text)

    def __reduce__(self):
        return type(self), (self.status, self.what, None, self.log)

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        if "status" in cls.__dict__:
            _BY_STATUS[cls.status] = cls


StatusError = VXError           # the name of releases before 0.2


def _status_class(name: str, status: int, *bases: type, doc: str) -> Type[VXError]:
    return type(name, (VXError, *bases), {"status": status, "status_name": next(
        n for n in dir(vx) if (n.startswith("VX_ERROR_") or n == "VX_FAILURE") and getattr(vx, n) == status),
        "__doc__": doc, "__module__": __name__})


Failure = _status_class("Failure", vx.VX_FAILURE, doc="VX_FAILURE: a failure without a more precise status.")
NotImplementedStatus = _status_class("NotImplementedStatus", vx.VX_ERROR_NOT_IMPLEMENTED, NotImplementedError,
                                     doc="VX_ERROR_NOT_IMPLEMENTED: the function or feature is not implemented.")
NotSupported = _status_class("NotSupported", vx.VX_ERROR_NOT_SUPPORTED, doc="VX_ERROR_NOT_SUPPORTED.")
NotSufficient = _status_class("NotSufficient", vx.VX_ERROR_NOT_SUFFICIENT,
                              doc="VX_ERROR_NOT_SUFFICIENT: e.g. a graph with parameters not all set.")
NotAllocated = _status_class("NotAllocated", vx.VX_ERROR_NOT_ALLOCATED, doc="VX_ERROR_NOT_ALLOCATED.")
NotCompatible = _status_class("NotCompatible", vx.VX_ERROR_NOT_COMPATIBLE,
                              doc="VX_ERROR_NOT_COMPATIBLE: objects that do not match.")
NoResources = _status_class("NoResources", vx.VX_ERROR_NO_RESOURCES, doc="VX_ERROR_NO_RESOURCES.")
NoMemory = _status_class("NoMemory", vx.VX_ERROR_NO_MEMORY, MemoryError, doc="VX_ERROR_NO_MEMORY.")
OptimizedAway = _status_class("OptimizedAway", vx.VX_ERROR_OPTIMIZED_AWAY,
                              doc="VX_ERROR_OPTIMIZED_AWAY: a virtual object the graph removed.")
InvalidParameters = _status_class("InvalidParameters", vx.VX_ERROR_INVALID_PARAMETERS, ValueError,
                                  doc="VX_ERROR_INVALID_PARAMETERS: an argument the call refuses.")
InvalidModule = _status_class("InvalidModule", vx.VX_ERROR_INVALID_MODULE, doc="VX_ERROR_INVALID_MODULE.")


class InvalidReference(VXError):        # a class statement: Released derives from it
    """VX_ERROR_INVALID_REFERENCE: NULL, released or foreign object."""
    status = vx.VX_ERROR_INVALID_REFERENCE
    status_name = "VX_ERROR_INVALID_REFERENCE"


InvalidLink = _status_class("InvalidLink", vx.VX_ERROR_INVALID_LINK, doc="VX_ERROR_INVALID_LINK.")
InvalidFormat = _status_class("InvalidFormat", vx.VX_ERROR_INVALID_FORMAT, ValueError,
                              doc="VX_ERROR_INVALID_FORMAT: an image or data format the call refuses.")
InvalidDimension = _status_class("InvalidDimension", vx.VX_ERROR_INVALID_DIMENSION, ValueError,
                                 doc="VX_ERROR_INVALID_DIMENSION: sizes that do not fit.")
InvalidValue = _status_class("InvalidValue", vx.VX_ERROR_INVALID_VALUE, ValueError, doc="VX_ERROR_INVALID_VALUE.")
InvalidType = _status_class("InvalidType", vx.VX_ERROR_INVALID_TYPE, TypeError,
                            doc="VX_ERROR_INVALID_TYPE: an object of the wrong type.")
InvalidGraph = _status_class("InvalidGraph", vx.VX_ERROR_INVALID_GRAPH, doc="VX_ERROR_INVALID_GRAPH.")
InvalidNode = _status_class("InvalidNode", vx.VX_ERROR_INVALID_NODE, doc="VX_ERROR_INVALID_NODE.")
InvalidScope = _status_class("InvalidScope", vx.VX_ERROR_INVALID_SCOPE, doc="VX_ERROR_INVALID_SCOPE.")
GraphScheduled = _status_class("GraphScheduled", vx.VX_ERROR_GRAPH_SCHEDULED,
                               doc="VX_ERROR_GRAPH_SCHEDULED: the graph runs; wait for it first.")
GraphAbandoned = _status_class("GraphAbandoned", vx.VX_ERROR_GRAPH_ABANDONED,
                               doc="VX_ERROR_GRAPH_ABANDONED: a node failed or a callback abandoned the graph.")
MultipleWriters = _status_class("MultipleWriters", vx.VX_ERROR_MULTIPLE_WRITERS, doc="VX_ERROR_MULTIPLE_WRITERS.")
ReferenceNonzero = _status_class("ReferenceNonzero", vx.VX_ERROR_REFERENCE_NONZERO, doc="VX_ERROR_REFERENCE_NONZERO.")
Timeout = _status_class("Timeout", vx.VX_ERROR_TIMEOUT, TimeoutError,
                        doc="VX_ERROR_TIMEOUT: a wait (a timed node, a target) ran out of time.")
# a status our headers gain later still gets its class, named after it
for _name in dir(vx):
    if _name.startswith("VX_ERROR_") and getattr(vx, _name) not in _BY_STATUS:
        globals()[_name.title().replace("_", "")[len("VxError"):]] = _status_class(
            _name.title().replace("_", "")[len("VxError"):], getattr(vx, _name), doc=f"{_name}.")


class Released(InvalidReference):
    """The wrapper was released (by `release()` or its `with` block): it has no object any more."""

    def __init__(self, obj_type: str, why: str = "by release() or its with block") -> None:
        self.status, self.what, self.object, self.log = vx.VX_ERROR_INVALID_REFERENCE, "use", None, []
        Exception.__init__(self, f"this {obj_type} was released ({why}): it cannot be used")

    def __reduce__(self):
        return Exception.__reduce__(self)


def note_log(text: str) -> None:
    _gather(text, None)


def note_cause(exc: BaseException) -> None:
    """A Python kernel or callback raised `exc` inside a C call: the call's error gets it as __cause__."""
    _gather(None, exc)


def suspend() -> Optional[_Gathered]:
    """Before a Python callback runs inside a C call: what the outer call has gathered so far,
    set aside so that the callback's own (nested) calls neither take nor clear it."""
    return _take(threading.get_ident()) if _pending[0] else None


def resume(outer: Optional[_Gathered]) -> None:
    if outer is None:
        return
    key = threading.get_ident()
    with _lock:
        inner = _gathered.get(key)
        if inner is None:
            _gathered[key] = outer
            _pending[0] += len(outer.recent) + len(outer.cause)
        else:                       # the outer call's lines first; its cause unless the callback has one
            _pending[0] -= len(inner.recent)
            inner.recent.extendleft(reversed(outer.recent))
            _pending[0] += len(inner.recent)
            if outer.cause and not inner.cause:
                inner.cause[:] = outer.cause
                _pending[0] += 1


def check(status: int, what: str, obj: Any = None) -> None:
    """Raises the VXError of `status` (not VX_SUCCESS) with the log lines and cause of the call."""
    if status == vx.VX_SUCCESS:
        if _pending[0]:
            _take(threading.get_ident())
        return
    log, cause = [], None
    for gathered in (_take(threading.get_ident()), _take(_WORKERS)):
        if gathered is not None:
            log += gathered.recent
            cause = cause or (gathered.cause[0] if gathered.cause else None)
    if INTERRUPTIONS:                   # raised inside the library's own Python code of the call
        cause = INTERRUPTIONS.pop()
        INTERRUPTIONS.clear()
    if cause is not None and not isinstance(cause, Exception):
        raise cause                     # KeyboardInterrupt, SystemExit: as themselves, never a VXError
    raise VXError(status, what, obj, log) from cause


def check_workers(what: str, obj: Any = None) -> None:
    """Raises what a Python kernel run by a C worker (a streaming or scheduled graph) raised since
    the last failing call: a KeyboardInterrupt or SystemExit as itself, another exception as the
    cause of a Failure with the log lines gathered with it."""
    with _lock:
        gathered = _gathered.get(_WORKERS)
        failed = gathered is not None and bool(gathered.cause)
    if failed:
        check(vx.VX_FAILURE, what, obj)


__all__ = ["VXError", "StatusError", "Released", "check", "Failure", "NotImplementedStatus", "NotSupported",
           "NotSufficient", "NotAllocated", "NotCompatible", "NoResources", "NoMemory", "OptimizedAway",
           "InvalidParameters", "InvalidModule", "InvalidReference", "InvalidLink", "InvalidFormat", "InvalidDimension",
           "InvalidValue", "InvalidType", "InvalidGraph", "InvalidNode", "InvalidScope", "GraphScheduled",
           "GraphAbandoned", "MultipleWriters", "ReferenceNonzero", "Timeout"]     # listed: type checkers read it
__all__ += [c.__name__ for c in _BY_STATUS.values() if c.__name__ not in __all__]    # statuses added later
