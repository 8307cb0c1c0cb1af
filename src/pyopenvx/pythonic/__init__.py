"""The Pythonic layer: OpenVX objects as Python objects, over the same C API C programs use.

    from pyopenvx.pythonic import Context
    with Context() as ctx:
        ...

Each object module (image, array, ...) subclasses `Object`; failures raise `StatusError`.
"""
from .base import Context, Object, StatusError, check

__all__ = ["Context", "Object", "StatusError", "check"]
