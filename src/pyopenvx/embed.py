"""The embedded interpreter's entry point: run once by libopenvx.so on its first call, in a C host
or inside a Python process that loaded the library. Installs every exported function, and in a
Python program whose Ctrl-C raises KeyboardInterrupt, lets Ctrl-C stop a graph run in C too."""
import signal

from _pyopenvx import ffi, lib  # noqa: F401  (registered by cffi before this runs)

from . import capi

capi.install()
if callable(signal.getsignal(signal.SIGINT)):       # Python's own C handler is the one installed
    lib.pvx_interrupt_watch()
