"""The Pythonic layer: OpenVX objects as Python objects, over the same C API C programs use.

    from pyopenvx.pythonic import Context, Image
    with Context() as ctx, Image(ctx, 640, 480, "U8") as img:
        with img.map(usage="w") as pixels:      # a numpy view of the image memory, no copy
            pixels[:] = 7

Each object module (image, array, ...) subclasses `Object`; failures raise `StatusError`.
"""
from .base import Context, Object, StatusError, check
from .dataobjects import LUT, Array, Distribution, Matrix, Scalar, Tensor
from .image import Image
from .user_data_object import UserDataObject

__all__ = ["Array", "Context", "Distribution", "Image", "LUT", "Matrix", "Object", "Scalar", "StatusError",
           "Tensor", "UserDataObject", "check"]
