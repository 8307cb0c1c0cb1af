"""The Pythonic layer: OpenVX objects as Python objects, over the same C API C programs use.

    from pyopenvx.pythonic import Context, Image
    with Context() as ctx, Image(ctx, 640, 480, "U8") as img:
        with img.map(usage="w") as pixels:      # a numpy view of the image memory, no copy
            pixels[:] = 7

Each object module (image, array, ...) subclasses `Object`; failures raise `StatusError`.
`graph` has Graph, Node, Kernel and Delay; `user_kernel` makes kernels of Python functions; `ix`
exports objects to a blob and imports them (`export`, `Import`).
"""
from .base import Object, Reference
from .errors import *  # noqa: F403  (VXError and its subclasses)
from .errors import __all__ as _errors
from .containers import ObjectArray, Pyramid
from .context import Context
from .convolution import Convolution
from .dataobjects import LUT, Array, Distribution, Matrix, Scalar, Tensor
from .events import Event
from .graph import Delay, Graph, Kernel, Node
from .image import Image
from .ix import Import, export
from .remap import Remap
from .threshold import Threshold
from .user_data_object import UserDataObject
from .user_kernel import BIDIRECTIONAL, INPUT, OPTIONAL, OUTPUT, REQUIRED, UserKernel, user_kernel

__all__ = ["Array", "BIDIRECTIONAL", "Context", "Convolution", "Delay", "Distribution", "Event", "Graph", "INPUT", "Image",
           "Import", "Kernel", "LUT", "Matrix", "Node", "OPTIONAL", "OUTPUT", "Object", "ObjectArray", "Pyramid",
           "REQUIRED", "Reference", "Remap", "Scalar", "Tensor", "Threshold", "UserDataObject", "UserKernel", "export",
           "user_kernel", *_errors]
