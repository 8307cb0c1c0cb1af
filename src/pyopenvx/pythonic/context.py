"""The Context of the Pythonic layer: every object belongs to one; its log goes into errors."""
from __future__ import annotations

from typing import Any, Callable, Dict, List

from .. import constants as vx
from ..api import ffi, lib
from .base import _CONTEXTS, Object, _address, _Life, keep, kept
from .errors import note_log
from .kernel import Kernel, kernels


class Context(Object):
    """An OpenVX context: every object belongs to one. Its log entries go into the errors of
    failing calls (and to `on_log` functions)."""
    _release = lib.vxReleaseContext
    _ctype = "vx_context"
    vx_type = vx.VX_TYPE_CONTEXT

    def __init__(self) -> None:
        super().__init__(lib.vxCreateContext(), "vxCreateContext")
        assert self._owner is not None
        # vxCreateContext gives the process's one context: Contexts made while another lives share
        # its life and its log (the newest owner is the one new objects hold)
        address = _address(self._handle)
        other = _CONTEXTS.get(address)
        self._owner.life = other.life if other is not None and not other.life.gone else _Life()
        _CONTEXTS[address] = self._owner
        callback, self._log_functions = kept(self, "log") or self._log()
        lib.vxRegisterLogCallback(self._handle, callback, vx.vx_true_e)
        keep(self, "log", (callback, self._log_functions))
        # the library runs in this interpreter (started by vxCreateContext above): the object model's
        # context, read directly where a query's round trip would cost more than the answer
        from ..reference import find
        self._model = find(self._handle)

    _model: Any = None      # the object model's context (pyopenvx.context.Context); None when wrapped

    @staticmethod
    def _log():
        log: List[Callable[[int, str], Any]] = []

        def on_entry(_ctx, _ref, status, text):
            line = ffi.string(text).decode(errors="replace")
            note_log(line)
            for function in log:
                function(status, line)
        return ffi.callback("vx_log_callback_f", on_entry), log

    @property
    def references(self) -> int:
        """VX_CONTEXT_REFERENCES: how many references the context's objects hold."""
        self.handle                     # noqa: B018  (raises Released)
        model = self._model
        if model is None or model.h is None:        # wrapped, or gone: the query (and its error)
            return self.query("vxQueryContext", vx.VX_CONTEXT_REFERENCES, "vx_uint32")
        return model.references()

    @property
    def kernels(self) -> Dict[str, Kernel]:
        """{name: Kernel} of every kernel of the context (standard, loaded and user kernels);
        `kernel.signature` shows its parameters. The standard ones also have node helpers
        (`graph.gaussian3x3(...)`, see pythonic.nodes) and one-call functions (pyopenvx.fn)."""
        return kernels(self)

    def on_log(self, function: Callable[[int, str], Any]) -> None:
        """Calls function(status, text) for every log entry of this context."""
        self._log_functions.append(function)

    def _describe_state(self):
        return f"references={self.references}"
