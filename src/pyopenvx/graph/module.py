"""Modules for vxLoadKernels: a shared library whose vxPublishKernels adds kernels to a context and
whose vxUnpublishKernels removes them, or a pair of such functions given to vxRegisterKernelLibrary
(or, for every context, to tivxRegisterModule) under a module name. The dynamic loader is csrc/base/module.c; this is the policy."""
from _pyopenvx import ffi, lib

from .. import constants as vx
from ..errors import VxError, check
from . import targets

_exported = False


def path_of(name):
    """`xyz` is libxyz.so found through the system's search paths; a name with a `/` is a path."""
    return name if "/" in name else f"lib{name}.so"


class Module:
    """A loaded module: its entry points, and the library handle when it was opened from a file.
    A file's vxUnpublishKernels is optional and looked up at vxUnloadKernels (the Khronos samples'
    modules export vxPublishKernels only)."""

    def __init__(self, name, publish, unpublish, handle=None):
        self.name, self.publish, self.handle = name, publish, handle
        self._unpublish = unpublish

    @property
    def unpublish(self):
        """The unpublish function, or None when the module has none."""
        if self._unpublish is None and self.handle is not None:
            fn = lib.pvx_module_symbol(self.handle, b"vxUnpublishKernels")
            return ffi.cast("vx_unpublish_kernels_f", fn) if fn != ffi.NULL else None
        return self._unpublish

    def close(self):
        targets.forget(self)                  # target kernels it registered and left (their code goes)
        if self.handle is not None:
            lib.pvx_module_close(self.handle)


# tivxRegisterModule (seed 003): name -> (publish, unpublish) for every context, after its own.
PROCESS_LIBRARIES = {}


def register(context, name, publish, unpublish):
    """vxRegisterKernelLibrary: a later vxLoadKernels(name) calls these instead of opening a file."""
    _register(context.kernel_libraries, name, publish, unpublish, context)


def register_everywhere(name, publish, unpublish):
    """tivxRegisterModule: the same for every context, present or future."""
    _register(PROCESS_LIBRARIES, name, publish, unpublish, None)


def unregister_everywhere(name):
    check(name in PROCESS_LIBRARIES, vx.VX_FAILURE, f"no module named {name!r} is registered (tivxRegisterModule)")
    del PROCESS_LIBRARIES[name]


def _register(libraries, name, publish, unpublish, context):
    check(name, vx.VX_ERROR_INVALID_PARAMETERS, "module name is empty", context)
    check(publish != ffi.NULL and unpublish != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS,
          f"kernel library {name!r}: publish and unpublish functions are both required", context)
    check(name not in libraries, vx.VX_ERROR_INVALID_PARAMETERS,
          f"a kernel library named {name!r} is already registered", context)
    libraries[name] = (publish, unpublish)


def _symbol(handle, name, module_name, ctype):
    fn = lib.pvx_module_symbol(handle, name.encode())
    check(fn != ffi.NULL, vx.VX_ERROR_INVALID_MODULE, f"module {module_name!r} has no {name}")
    return ffi.cast(ctype, fn)


def _open(context, name):
    global _exported
    if not _exported:                         # a Python host opened us RTLD_LOCAL
        _exported = lib.pvx_export_own_symbols() == 0
    error = ffi.new("char[]", 512)
    handle = lib.pvx_module_open(path_of(name).encode(), error, len(error))
    check(handle != ffi.NULL, vx.VX_ERROR_INVALID_MODULE,
          f"module {name!r} cannot be opened: {ffi.string(error).decode(errors='replace')}", context)
    try:
        return Module(name, _symbol(handle, "vxPublishKernels", name, "vx_publish_kernels_f"), None, handle)
    except VxError:
        lib.pvx_module_close(handle)
        raise


def load(context, name):
    check(name, vx.VX_ERROR_INVALID_PARAMETERS, "module name is empty")
    check(name not in context.modules, vx.VX_ERROR_INVALID_MODULE, f"module {name!r} is already loaded", context)
    registered = context.kernel_libraries.get(name) or PROCESS_LIBRARIES.get(name)
    module = Module(name, *registered) if registered else _open(context, name)
    before = set(context.kernels)
    ids = context.user_kernel_ids, context.user_library_ids
    context.loading_module, targets.loading = name, module
    try:
        status = module.publish(ffi.cast("vx_context", context.h))
    finally:
        context.loading_module = targets.loading = None
    if status != vx.VX_SUCCESS:
        for k in [k for k in context.kernels if k not in before]:
            k.remove(forced=True)
        context.user_kernel_ids, context.user_library_ids = ids    # the context is as it was
        module.close()
        raise VxError(status, f"vxPublishKernels of module {name!r} failed", context)
    context.modules[name] = module


def unload(context, name):
    module = context.modules.get(name)
    check(module is not None, vx.VX_ERROR_INVALID_PARAMETERS, f"module {name!r} is not loaded", context)
    # refused before unpublish runs, so a refusal changes nothing (not even some kernels removed)
    context.adopt_nodes()
    for k in context.kernels:
        if k.module == name and k.nodes:
            raise VxError(vx.VX_FAILURE, f"module {name!r}: {k} is still used by {len(k.nodes)} node(s): release "
                          "them (and their graphs) first", context)
    unpublish = module.unpublish
    if unpublish is not None:
        status = unpublish(ffi.cast("vx_context", context.h))
        check(status == vx.VX_SUCCESS, status, f"vxUnpublishKernels of module {name!r} failed", context)
    for k in [k for k in context.kernels if k.module == name]:      # what the module left (or has no unpublish)
        k.remove(forced=True)
    del context.modules[name]
    module.close()
