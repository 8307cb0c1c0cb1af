"""Matrix: rows x columns of INT32, FLOAT32 or UINT8 (patterns), with an origin and a pattern."""
from _pyopenvx import ffi

from .. import constants as vx
from ..datatypes import SIZES
from ..errors import check
from .memory import Resident, check_bytes

DATA_TYPES = (vx.VX_TYPE_INT32, vx.VX_TYPE_FLOAT32, vx.VX_TYPE_UINT8)
PATTERNS = (vx.VX_PATTERN_BOX, vx.VX_PATTERN_CROSS, vx.VX_PATTERN_DISK)


def pattern_values(pattern, columns, rows):
    """255 where the pattern is set, 0 elsewhere, row-major. The pattern is the matrix's, whatever
    its origin: a cross through the middle row and column (the conformance tests' reference)."""
    def inside(x, y):
        if pattern == vx.VX_PATTERN_BOX:
            return True
        if pattern == vx.VX_PATTERN_CROSS:
            return x == columns // 2 or y == rows // 2
        # disk: the ellipse inscribed in the matrix, sampled at pixel centres
        rx, ry = columns / 2.0, rows / 2.0
        return ((x + 0.5 - rx) / rx) ** 2 + ((y + 0.5 - ry) / ry) ** 2 <= 1.0
    return bytes(255 if inside(x, y) else 0 for y in range(rows) for x in range(columns))


class Matrix(Resident):
    vx_type = vx.VX_TYPE_MATRIX
    DESC = "pvx_matrix"
    META = {vx.VX_MATRIX_TYPE: ("data_type", vx.VX_TYPE_INVALID, vx.VX_ERROR_INVALID_TYPE),
            vx.VX_MATRIX_COLUMNS: ("columns", 0, vx.VX_ERROR_INVALID_DIMENSION),
            vx.VX_MATRIX_ROWS: ("rows", 0, vx.VX_ERROR_INVALID_DIMENSION)}

    def __init__(self, context, data_type, columns, rows, scope=None, virtual=False,
                 pattern=vx.VX_PATTERN_OTHER, origin=None):
        check(data_type in DATA_TYPES or (virtual and data_type == vx.VX_TYPE_INVALID), vx.VX_ERROR_INVALID_TYPE,
              f"{data_type:#x} is not a matrix type")
        check((columns > 0 and rows > 0) or virtual, vx.VX_ERROR_INVALID_DIMENSION,
              f"a {columns}x{rows} matrix is empty")
        origin = origin if origin is not None else (columns // 2, rows // 2)
        check(origin[0] < max(columns, 1) and origin[1] < max(rows, 1), vx.VX_ERROR_INVALID_DIMENSION,
              f"origin {origin} is outside the {columns}x{rows} matrix")
        check(columns < 1 << 31 and rows < 1 << 31, vx.VX_ERROR_NO_MEMORY, "matrix too large")
        check_bytes(columns * rows * SIZES.get(data_type, 0))
        super().__init__(context, scope, virtual)
        self.data_type, self.columns, self.rows, self.pattern = data_type, columns, rows, pattern
        self.origin = origin
        self.publish()
        if pattern != vx.VX_PATTERN_OTHER:
            ffi.memmove(self.base(), pattern_values(pattern, columns, rows), columns * rows)

    def fill(self, desc):
        desc.data_type, desc.columns, desc.rows, desc.pattern = self.data_type, self.columns, self.rows, self.pattern
        desc.origin.x, desc.origin.y = self.origin

    def nbytes(self):
        return self.columns * self.rows * SIZES.get(self.data_type, 0)

    def make_like(self, context, scope=None, virtual=False):
        return Matrix(context, self.data_type, self.columns, self.rows, scope, virtual, self.pattern, self.origin)

    def apply_meta(self, meta):
        super().apply_meta(meta)
        if self.virtual and self.mem.base == ffi.NULL:
            self.origin = (self.columns // 2, self.rows // 2)
            self.fill(self.desc)
