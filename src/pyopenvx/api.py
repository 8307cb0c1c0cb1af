"""The OpenVX C API of the installed libopenvx.so, from Python.

    from pyopenvx.api import ffi, lib
    ctx = lib.vxCreateContext()

This is the same library C programs link: in a Python process its embedded implementation
shares this interpreter. Loading the library starts that implementation, whose compiled cffi module
(`_pyopenvx`) then serves these calls: the same functions libopenvx.so exports, called without
libffi's argument marshalling (a query costs about half of what the same call through `dlopen`
does). The library stays loaded until the process ends (RTLD_NODELETE): its objects' finalizers may
run while the interpreter shuts down, after this module is gone.
"""
import cffi

from .paths import LIBRARY

_loader = cffi.FFI()
_loader.cdef("int vxReleaseContext(void *context);")
_library = _loader.dlopen(str(LIBRARY), _loader.RTLD_NOW | _loader.RTLD_LOCAL | _loader.RTLD_NODELETE)
_library.vxReleaseContext(_loader.new("void **"))     # starts it (a NULL context: nothing else happens)

from _pyopenvx import ffi, lib  # noqa: E402  (registered by the start above)
