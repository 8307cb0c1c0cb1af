"""Python user kernels: a real vx user kernel whose function and validator are Python callables.

    @user_kernel(ctx, "app.invert", params=[("in", INPUT, "image"), ("out", OUTPUT, "image")])
    def invert(src, dst):
        with src.map(usage="r") as a, dst.map(usage="w") as b:
            b[:] = 255 - a

The function gets the node's parameters as Pythonic wrappers (None for an unset optional one),
valid during the call. The validator gets the same and returns the outputs' meta data as a dict
{name or index: meta}, where meta is an object to copy from, an image's (width, height, format)
or a dict of META attributes; without a validator every output is described like the first
input. Raising StatusError(status, why) refuses with that status; any other exception fails
with VX_FAILURE; both add a log entry. The kernel is usable by name from C too (one graph may
mix it with C kernels); its callbacks live until `remove()` or the context's release.
"""
from __future__ import annotations

import sys
from contextlib import ExitStack
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from .. import constants as vx
from ..api import ffi, lib
from .base import _CLASSES, Object, check, keep, kept, wrap_reference
from .dataobjects import _vx_type, exact
from .kernel import Kernel, guarded
from .image import Image, _format

if TYPE_CHECKING:
    from .context import Context

INPUT, OUTPUT, BIDIRECTIONAL = vx.VX_INPUT, vx.VX_OUTPUT, vx.VX_BIDIRECTIONAL
REQUIRED, OPTIONAL = vx.VX_PARAMETER_STATE_REQUIRED, vx.VX_PARAMETER_STATE_OPTIONAL
TYPES: Dict[Any, int] = {name: getattr(vx, f"VX_TYPE_{name.upper()}") for name in (
    "reference", "image", "scalar", "array", "tensor", "user_data_object", "lut", "distribution", "matrix",
    "threshold", "pyramid", "convolution", "remap", "object_array")}
# a kernel parameter: (name, direction, type[, state]); type a TYPES name or a VX_TYPE_* value
Param = Union[Tuple[str, int, Union[str, int]], Tuple[str, int, Union[str, int], int]]

# meta attribute name -> (attribute, C type, conversion)
META = {
    "width": (vx.VX_IMAGE_WIDTH, "vx_uint32", int), "height": (vx.VX_IMAGE_HEIGHT, "vx_uint32", int),
    "format": (vx.VX_IMAGE_FORMAT, "vx_df_image", _format),
    "item_type": (vx.VX_ARRAY_ITEMTYPE, "vx_enum", _vx_type), "capacity": (vx.VX_ARRAY_CAPACITY, "vx_size", int),
    "scalar_type": (vx.VX_SCALAR_TYPE, "vx_enum", _vx_type),
    "size": (vx.VX_USER_DATA_OBJECT_SIZE, "vx_size", int),
}


def _describe(meta, value):
    """Sets a vx_meta_format from what a validator returned for one output."""
    if isinstance(value, Object):
        check(lib.vxSetMetaFormatFromReference(meta, value.reference), "vxSetMetaFormatFromReference")
        return
    if isinstance(value, tuple):
        value = dict(zip(("width", "height", "format"), value))
    for name, v in value.items():
        attribute, ctype, convert = META[name]
        check(lib.vxSetMetaFormatAttribute(meta, attribute, ffi.new(f"{ctype} *", convert(v)), ffi.sizeof(ctype)),
              f"vxSetMetaFormatAttribute({name})")


def _remove_or_release(pointer):
    """A collected user kernel's wrapper: the kernel leaves the context, or (a node still uses it)
    only the wrapper's reference goes."""
    if lib.vxRemoveKernel(pointer[0]) == vx.VX_SUCCESS:
        return vx.VX_SUCCESS
    return lib.vxReleaseKernel(pointer)


class UserKernel(Kernel):
    """A finalized user kernel of `context` (this wrapper holds one reference to it)."""

    def __init__(self, context: "Context", name: str, function: Callable[..., Any], params: Sequence[Param],
                 validator: Optional[Callable[..., Any]] = None) -> None:
        """params: (name, direction, type[, state]) per parameter; type a TYPES name or VX_TYPE_*."""
        self.context, self.kernel_name, self.function, self.validator = context, name, function, validator
        self.params = [(p[0], p[1], TYPES.get(p[2], p[2]), p[3] if len(p) > 3 else REQUIRED) for p in params]
        # parameters of one type are wrapped without asking C their type (a kernel run is a hot path)
        self._borrowers = [_CLASSES[t].borrow if t in _CLASSES and t != vx.VX_TYPE_REFERENCE else None
                           for _, _, t, _ in self.params]
        self._what_run, self._what_validate = f"{name} kernel", f"{name} validator"
        self._reused: Dict[Any, List[Any]] = {}     # node -> the wrappers of its last run (see _params)
        run = ffi.callback("vx_kernel_f", self._run, error=vx.VX_FAILURE)
        validate = ffi.callback("vx_kernel_validate_f", self._validate, error=vx.VX_FAILURE)
        enum = ffi.new("vx_enum *")
        check(lib.vxAllocateUserKernelId(context.handle, enum), "vxAllocateUserKernelId")
        super().__init__(lib.vxAddUserKernel(context.handle, name.encode(), enum[0], run, len(params), validate,
                                             ffi.NULL, ffi.NULL), f"vxAddUserKernel({name})")
        try:
            for index, (_, direction, vx_type, state) in enumerate(self.params):
                check(lib.vxAddParameterToKernel(self.handle, index, direction, vx_type, state),
                      f"vxAddParameterToKernel({index})")
            check(lib.vxFinalizeKernel(self.handle), "vxFinalizeKernel")
        except Exception:
            lib.vxRemoveKernel(self.handle)
            self._forget()
            raise
        keep(context, ("kernel", name), (run, validate))
        assert self._owner is not None
        self._owner.release_fn = _remove_or_release

    def remove(self) -> None:
        """vxRemoveKernel: the kernel leaves the context (refused while a node uses it)."""
        check(lib.vxRemoveKernel(self.handle), "vxRemoveKernel", self)
        self._forget()
        keep(self.context, ("kernel", self.kernel_name), None)

    def release(self) -> None:
        """The kernel this wrapper added leaves the context with it (a user kernel counts in
        VX_CONTEXT_REFERENCES until removed); while a node still uses it, only the wrapper's
        reference goes and the kernel stays until the context does. The same when the wrapper
        is garbage collected."""
        if self._handle is not None and self._owner is not None:
            removed = lib.vxRemoveKernel(self._handle) == vx.VX_SUCCESS
            if removed:
                self._forget()
                keep(self.context, ("kernel", self.kernel_name), None)
        super().release()

    def _params(self, refs, num, last=None):
        """Borrowed wrappers of the parameters (None for an unset one). `last`: the wrappers of the
        node's previous run, used again for the same handle at the same place: what they learnt
        (an image's geometry, map buffers, the array kept over its memory) stays valid, as between
        two validations of the node (every verification validates every node) an object replaced
        there has the same meta data."""
        params = []
        for i, borrow in zip(range(num), self._borrowers):
            ref = refs[i]
            if ref == ffi.NULL:
                params.append(None)
                continue
            old = last[i] if last is not None else None
            if old is not None and old._last == ref:
                old._handle = old._last
                params.append(old)
            else:
                params.append(borrow(ref) if borrow is not None else wrap_reference(ref))
        return params

    def _run(self, node, refs, num):
        return guarded(node, self._what_run, self._run_params, args=(node, refs, num))

    def _run_params(self, node, refs, num):
        params = self._params(refs, num, self._reused.pop(node, None))   # taken: runs of one node never share
        try:
            return self.function(*params)
        finally:
            for i in range(len(params)):
                p = params[i]
                if p is not None:
                    p._last, p._handle = p._handle, None    # borrowed: the wrapper forgets the handle
                    if sys.getrefcount(p) > 3:              # params, p, the argument: anything more kept it
                        params[i] = None                    # (it stays released; the next run makes another)
            if len(self._reused) > 1024:                    # nodes gone long ago
                self._reused.clear()
            self._reused[node] = params

    def _validate(self, node, refs, num, metas):
        self._reused.pop(node, None)            # its parameters may change from here

        def validate():
            params = self._params(refs, num)
            try:
                described = self.validator(*params) if self.validator else self._like_first_input(params)
                names = [p[0] for p in self.params]
                for key, value in (described or {}).items():
                    _describe(metas[names.index(key) if isinstance(key, str) else key], value)
            finally:
                for p in params:
                    if p is not None:
                        p.release()             # borrowed: the wrapper forgets the handle
        return guarded(node, self._what_validate, validate)

    def _like_first_input(self, params):
        inputs = [p for p, (_, direction, _t, _s) in zip(params, self.params) if direction == INPUT]
        return {i: inputs[0] for i, (_, direction, _t, _s) in enumerate(self.params)
                if direction == OUTPUT and inputs}


def user_kernel(context: "Context", name: str, params: Sequence[Param],
                validator: Optional[Callable[..., Any]] = None) -> Callable[[Callable[..., Any]], UserKernel]:
    """Decorator: registers the function as the kernel `name` and returns the UserKernel."""
    return lambda function: UserKernel(context, name, function, params, validator)


def python_node(graph: Any, function: Callable[..., Any], inputs: Sequence[Object]) -> Image:
    """Graph.python: the node of `function`'s kernel on `inputs`; its output (a virtual image)."""
    context = graph.context
    kernel = kept(context, ("python node", function, len(inputs)))
    if kernel is None:
        kernel = _numpy_kernel(context, function, len(inputs))
        keep(context, ("python node", function, len(inputs)), kernel)
    out = Image.virtual(graph)
    graph.node(kernel, *inputs, out)
    return out


def _numpy_kernel(context, function, count):
    """A user kernel: `count` input images mapped as numpy arrays into function, its result into
    the output image (exactly: a value that does not fit its type fails the node)."""
    what = getattr(function, "__name__", "function")

    def run(*images):
        *sources, out = images
        with ExitStack() as stack:
            arrays = [stack.enter_context(s.map(usage="r")) for s in sources]
            target = stack.enter_context(out.map(usage="w"))
            target[...] = exact(function(*arrays), target.dtype, what, out)
    name = f"python.{getattr(function, '__qualname__', 'function')}.{id(function):x}"
    params = [(f"in{i}", INPUT, "image") for i in range(count)] + [("out", OUTPUT, "image")]
    return UserKernel(context, name, run, params)
