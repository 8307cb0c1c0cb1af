"""Kernels of a context (`Kernel.by_name(ctx, name)`, `ctx.kernels`), and `guarded`, the way
every Python callback (user kernels, validators, node callbacks) runs inside a C call."""
from __future__ import annotations

from collections import namedtuple
from typing import Dict, List

from .. import constants as vx
from ..api import ffi, lib
from .base import ContextLike, Object, StatusError, attribute, check, reader, settled_attribute
from .errors import note_cause, resume, suspend


def log_failure(ref, status, text):
    """One log entry on `ref` (what a failing Python callback reports), returns `status`."""
    lib.vxAddLogEntry(ffi.cast("vx_reference", ref), status, b"%s", ffi.new("char[]", text.encode()))
    return status


def guarded(ref, what, body, success=vx.VX_SUCCESS, failed=None, args=()):
    """Runs body(*args) for C and returns its result (None: `success`). An exception never leaves:
    it is logged on `ref` naming `what`, with the StatusError's status or VX_FAILURE, and that
    status is returned (or `failed` when given). The exception becomes the `__cause__` of the
    error the outer call raises in Python; the callback's own calls leave that call's log alone."""
    outer = suspend()
    try:
        result = body(*args)
        resume(outer)
        return success if result is None else result
    except StatusError as exc:
        resume(outer)
        note_cause(exc)
        status = log_failure(ref, exc.status or vx.VX_FAILURE, f"{what}: {exc}")
    except Exception as exc:            # a Python error is a failure, never a success
        resume(outer)
        note_cause(exc)
        status = log_failure(ref, vx.VX_FAILURE, f"{what}: {type(exc).__name__}: {exc}")
    except BaseException as exc:        # KeyboardInterrupt, SystemExit: the run stops at this node, and
        resume(outer)                   # the call that ran it raises the exception itself (errors.check)
        note_cause(exc)
        status = log_failure(ref, vx.VX_ERROR_GRAPH_ABANDONED, f"{what}: interrupted by {type(exc).__name__}")
    return status if failed is None else failed


class Kernel(Object):
    """A kernel of a context (`Kernel.by_name(ctx, name)`): what a node runs."""
    _release = lib.vxReleaseKernel
    _ctype = "vx_kernel"
    vx_type = vx.VX_TYPE_KERNEL

    @classmethod
    def by_name(cls, context: ContextLike, name: str) -> "Kernel":
        """vxGetKernelByName: the kernel named `name` (an owned wrapper)."""
        return cls.wrap(lib.vxGetKernelByName(context.handle, name.encode()), True, f"vxGetKernelByName({name})")

    @classmethod
    def by_enum(cls, context: ContextLike, enum: int) -> "Kernel":
        """vxGetKernelByEnum: the kernel of enumeration `enum` (an owned wrapper)."""
        return cls.wrap(lib.vxGetKernelByEnum(context.handle, enum), True, f"vxGetKernelByEnum({enum:#x})")

    def _name(self):
        out = ffi.new(f"vx_char[{vx.VX_MAX_KERNEL_NAME}]")
        check(lib.vxQueryKernel(self.handle, vx.VX_KERNEL_NAME, out, len(out)), "vxQueryKernel", self)
        return ffi.string(out).decode()

    # the attributes' getters are their readers themselves (base.attribute: one Python frame a read)
    name: str = attribute(settled_attribute("_name", _name), """VX_KERNEL_NAME, e.g. "org.khronos.openvx.gaussian_3x3".""")
    enum: int = attribute(settled_attribute("_enum", reader("vxQueryKernel", vx.VX_KERNEL_ENUM, "vx_enum")),
                          """VX_KERNEL_ENUM: the kernel's enumeration.""")
    num_parameters: int = attribute(settled_attribute("_num_parameters", reader(
        "vxQueryKernel", vx.VX_KERNEL_PARAMETERS, "vx_uint32")), """How many parameters the kernel has.""")

    @property
    def parameters(self) -> List["KernelParameter"]:
        """[KernelParameter(direction, type, optional)] in index order."""
        # once every parameter is defined (the query fails before) they stay as they are
        return list(self.settled("_parameters", self._parameters))

    def _parameters(self):
        out = []
        for index in range(self.num_parameters):
            parameter = lib.vxGetKernelParameterByIndex(self.handle, index)
            check(lib.vxGetStatus(ffi.cast("vx_reference", parameter)), f"vxGetKernelParameterByIndex({index})", self)
            try:
                values = []
                for attribute in (vx.VX_PARAMETER_DIRECTION, vx.VX_PARAMETER_TYPE, vx.VX_PARAMETER_STATE):
                    value = ffi.new("vx_enum *")
                    check(lib.vxQueryParameter(parameter, attribute, value, ffi.sizeof("vx_enum")), "vxQueryParameter")
                    values.append(value[0])
            finally:
                lib.vxReleaseParameter(ffi.new("vx_parameter *", parameter))
            out.append(KernelParameter(DIRECTIONS[values[0]], _TYPE_NAMES.get(values[1], hex(values[1])),
                                       values[2] == vx.VX_PARAMETER_STATE_OPTIONAL))
        return tuple(out)

    signature: str = attribute(settled_attribute("_signature", lambda self: f"{self.name}({', '.join(map(str, self.parameters))})"),
                               """"name(input image, input scalar?, output image)": "?" marks an optional parameter.""")

    def _describe_state(self):
        return self.signature


DIRECTIONS = {vx.VX_INPUT: "input", vx.VX_OUTPUT: "output", vx.VX_BIDIRECTIONAL: "bidirectional"}
_TYPE_NAMES = {getattr(vx, n): n[len("VX_TYPE_"):].lower() for n in dir(vx) if n.startswith("VX_TYPE_")}


class KernelParameter(namedtuple("KernelParameter", "direction type optional")):
    def __str__(self):
        return f"{self.direction} {self.type}{'?' if self.optional else ''}"


def kernels(context: Object) -> Dict[str, Kernel]:
    """{name: Kernel} of every kernel `context` has (owned wrappers)."""
    count = context.query("vxQueryContext", vx.VX_CONTEXT_UNIQUE_KERNELS, "vx_uint32")
    table = ffi.new("vx_kernel_info_t[]", max(count, 1))
    check(lib.vxQueryContext(context.handle, vx.VX_CONTEXT_UNIQUE_KERNEL_TABLE, table,
                             count * ffi.sizeof("vx_kernel_info_t")), "vxQueryContext(VX_CONTEXT_UNIQUE_KERNEL_TABLE)",
          context)
    names = sorted(ffi.string(table[i].name).decode() for i in range(count))
    return {name: Kernel.by_name(context, name) for name in names}
