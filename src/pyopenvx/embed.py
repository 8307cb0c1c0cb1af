"""The embedded interpreter's entry point: run once by libopenvx.so on its first call, in a C host
or inside a Python process that loaded the library. Installs every exported function."""
from _pyopenvx import ffi, lib  # noqa: F401  (registered by cffi before this runs)

from . import capi

capi.install()
