"""Convolution: odd rows x columns of vx_int16 coefficients and a power-of-two scale."""
from .. import constants as vx
from ..context import CONVOLUTION_MAX_DIMENSION
from ..errors import check
from .memory import Resident


def check_scale(scale):
    check(scale > 0 and scale & (scale - 1) == 0, vx.VX_ERROR_INVALID_VALUE, f"scale {scale} is not a power of 2")


class Convolution(Resident):
    vx_type = vx.VX_TYPE_CONVOLUTION
    DESC = "pvx_convolution"
    META = {vx.VX_CONVOLUTION_COLUMNS: ("columns", 0, vx.VX_ERROR_INVALID_DIMENSION),
            vx.VX_CONVOLUTION_ROWS: ("rows", 0, vx.VX_ERROR_INVALID_DIMENSION)}

    def __init__(self, context, columns, rows, scope=None, virtual=False):
        for n, what in ((columns, "columns"), (rows, "rows")):
            check((virtual and n == 0) or (n >= 3 and n % 2 == 1 and n <= CONVOLUTION_MAX_DIMENSION),
                  vx.VX_ERROR_INVALID_DIMENSION, f"{what} {n} must be odd, 3..{CONVOLUTION_MAX_DIMENSION}")
        super().__init__(context, scope, virtual)
        self.columns, self.rows = columns, rows
        self.desc.scale = 1
        self.publish()

    @property
    def scale(self):
        """Held in the descriptor: Copy, Select, Swap and Move change it as data."""
        return self.desc.scale

    def fill(self, desc):
        desc.columns, desc.rows = self.columns, self.rows

    def nbytes(self):
        return self.columns * self.rows * 2

    def set_scale(self, scale):
        check_scale(scale)
        self.desc.scale = scale

    def make_like(self, context, scope=None, virtual=False):
        like = Convolution(context, self.columns, self.rows, scope, virtual)
        like.set_scale(self.scale)
        return like
