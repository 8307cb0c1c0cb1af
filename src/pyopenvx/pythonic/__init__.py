"""A Pythonic layer over the OpenVX C API (pyopenvx.api): contexts and images with numpy views.

    from pyopenvx.pythonic import Context
    with Context() as ctx:
        img = ctx.image(640, 480, "U8")
        with img.map(usage="w") as pixels:      # a numpy view of the image memory, no copy
            pixels[:] = 7
        print(img.to_numpy().sum())
"""
from .image import Context, Image, VxStatusError

__all__ = ["Context", "Image", "VxStatusError"]
