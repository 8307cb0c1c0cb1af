"""The OpenVX C API of the installed libopenvx.so, from Python (cffi ABI mode).

    from pyopenvx.api import ffi, lib
    ctx = lib.vxCreateContext()

This is the same library C programs link: in a Python process its embedded implementation
shares this interpreter. The library stays loaded until the process ends (RTLD_NODELETE): its
objects' finalizers may run while the interpreter shuts down, after this module is gone.
"""
import cffi

from ._api_decls import DECLS
from .paths import LIBRARY

ffi = cffi.FFI()
ffi.cdef(DECLS)
lib = ffi.dlopen(str(LIBRARY), ffi.RTLD_NOW | ffi.RTLD_LOCAL | ffi.RTLD_NODELETE)
