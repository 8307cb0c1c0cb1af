"""Convolutions for the Pythonic layer: `Convolution(ctx, coefficients, scale=16)` with an int16
matrix of odd sizes; the kernel computes sum(coefficients * pixels) / scale."""
from __future__ import annotations

from typing import TYPE_CHECKING, Tuple

import numpy as np
from numpy.typing import ArrayLike

from .. import constants as vx
from ..api import ffi, lib
from .base import Object, attribute, check, reader, settled_attribute
from .dataobjects import exact

if TYPE_CHECKING:
    from .context import Context

HOST = vx.VX_MEMORY_TYPE_HOST


class Convolution(Object):
    """An int16 convolution matrix and its power-of-2 scale (`Convolution(ctx, coefficients, scale)`)."""
    _release = lib.vxReleaseConvolution
    _ctype = "vx_convolution"
    vx_type = vx.VX_TYPE_CONVOLUTION

    def __init__(self, context: "Context", coefficients: ArrayLike, scale: int = 1) -> None:
        coefficients = np.asarray(coefficients)
        rows, columns = coefficients.shape
        super().__init__(lib.vxCreateConvolution(context.handle, columns, rows),
                         f"vxCreateConvolution({columns}x{rows})")
        self.scale = scale
        self.coefficients = coefficients

    # the attributes' getters are their readers themselves (base.attribute: one Python frame a read)
    shape: Tuple[int, int] = attribute(settled_attribute("_shape", lambda self: (
        self.query("vxQueryConvolution", vx.VX_CONVOLUTION_ROWS, "vx_size"),
        self.query("vxQueryConvolution", vx.VX_CONVOLUTION_COLUMNS, "vx_size"))), """(rows, columns).""")

    def _set_scale(self, value: int) -> None:
        check(lib.vxSetConvolutionAttribute(self.handle, vx.VX_CONVOLUTION_SCALE, ffi.new("vx_uint32 *", value), 4),
              "vxSetConvolutionAttribute(VX_CONVOLUTION_SCALE)", self)

    scale: int = attribute(reader("vxQueryConvolution", vx.VX_CONVOLUTION_SCALE, "vx_uint32"),
                           """The divisor of the weighted sum (a power of 2).""", _set_scale)

    @property
    def coefficients(self) -> np.ndarray:
        """A copy of the int16 coefficients (rows, columns); assign an array to change them."""
        out = np.empty(self.shape, np.int16)
        check(lib.vxCopyConvolutionCoefficients(self.handle, ffi.from_buffer(out), vx.VX_READ_ONLY, HOST),
              "vxCopyConvolutionCoefficients", self)
        return out

    @coefficients.setter
    def coefficients(self, values: ArrayLike) -> None:
        values = exact(values, np.dtype(np.int16), "vxCopyConvolutionCoefficients", self).reshape(self.shape)
        check(lib.vxCopyConvolutionCoefficients(self.handle, ffi.from_buffer(values), vx.VX_WRITE_ONLY, HOST),
              "vxCopyConvolutionCoefficients", self)

    def _describe_state(self):
        rows, columns = self.shape
        return f"{columns}x{rows} scale={self.scale}"
