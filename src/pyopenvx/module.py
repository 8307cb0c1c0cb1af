"""Modules for vxLoadKernels: a shared library whose vxPublishKernels adds kernels to a context and
whose vxUnpublishKernels removes them. The dynamic loader is csrc/module.c; this is the policy."""
from _pyopenvx import ffi, lib

from . import constants as vx
from .errors import VxError, check

_exported = False


def path_of(name):
    """`xyz` is libxyz.so found through the system's search paths; a name with a `/` is a path."""
    return name if "/" in name else f"lib{name}.so"


class Module:
    def __init__(self, name, handle):
        self.name, self.handle = name, handle


def _symbol(handle, name, module_name):
    fn = lib.pvx_module_symbol(handle, name.encode())
    check(fn != ffi.NULL, vx.VX_ERROR_INVALID_MODULE, f"module {module_name!r} has no {name}")
    return fn


def load(context, name):
    global _exported
    check(name, vx.VX_ERROR_INVALID_PARAMETERS, "module name is empty")
    check(name not in context.modules, vx.VX_ERROR_INVALID_MODULE, f"module {name!r} is already loaded", context)
    if not _exported:                         # a Python host opened us RTLD_LOCAL
        _exported = lib.pvx_export_own_symbols() == 0
    error = ffi.new("char[]", 512)
    handle = lib.pvx_module_open(path_of(name).encode(), error, len(error))
    check(handle != ffi.NULL, vx.VX_ERROR_INVALID_MODULE,
          f"module {name!r} cannot be opened: {ffi.string(error).decode(errors='replace')}", context)
    try:
        _symbol(handle, "vxUnpublishKernels", name)
        publish = ffi.cast("vx_publish_kernels_f", _symbol(handle, "vxPublishKernels", name))
        before = set(context.kernels)
        ids = context.user_kernel_ids, context.user_library_ids
        context.loading_module = name
        try:
            status = publish(ffi.cast("vx_context", context.h))
        finally:
            context.loading_module = None
        if status != vx.VX_SUCCESS:
            for k in [k for k in context.kernels if k not in before]:
                k.remove()
            context.user_kernel_ids, context.user_library_ids = ids    # the context is as it was
            raise VxError(status, f"vxPublishKernels of module {name!r} failed", context)
    except VxError:
        lib.pvx_module_close(handle)
        raise
    context.modules[name] = Module(name, handle)


def unload(context, name):
    module = context.modules.get(name)
    check(module is not None, vx.VX_ERROR_INVALID_PARAMETERS, f"module {name!r} is not loaded", context)
    unpublish = ffi.cast("vx_unpublish_kernels_f", _symbol(module.handle, "vxUnpublishKernels", name))
    status = unpublish(ffi.cast("vx_context", context.h))
    check(status == vx.VX_SUCCESS, status, f"vxUnpublishKernels of module {name!r} failed", context)
    left = [k for k in context.kernels if k.module == name]
    for k in left:                            # what the module forgot to remove
        k.remove()
    del context.modules[name]
    lib.pvx_module_close(module.handle)
