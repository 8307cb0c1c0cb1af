"""LUT: UINT8 (up to 256 entries, offset 0) or INT16 (up to 65536, offset count/2)."""
from .. import constants as vx
from ..datatypes import SIZES
from ..errors import check
from .memory import Resident

MAX_COUNT = {vx.VX_TYPE_UINT8: 256, vx.VX_TYPE_INT16: 65536}


class LUT(Resident):
    vx_type = vx.VX_TYPE_LUT
    DESC = "pvx_lut"
    META = {vx.VX_LUT_TYPE: ("data_type", vx.VX_TYPE_INVALID, vx.VX_ERROR_INVALID_TYPE),
            vx.VX_LUT_COUNT: ("count", 0, vx.VX_ERROR_INVALID_DIMENSION)}

    def __init__(self, context, data_type, count, scope=None, virtual=False):
        check(data_type in MAX_COUNT or (virtual and data_type == vx.VX_TYPE_INVALID), vx.VX_ERROR_INVALID_TYPE,
              f"{data_type:#x} is not a LUT type (UINT8 or INT16)")
        check((virtual and count == 0) or 0 < count <= MAX_COUNT.get(data_type, 65536), vx.VX_ERROR_INVALID_DIMENSION,
              f"a LUT of {data_type:#x} cannot have {count} entries")
        super().__init__(context, scope, virtual)
        self.data_type, self.count = data_type, count
        self.publish()

    @property
    def offset(self):
        return self.count // 2 if self.data_type == vx.VX_TYPE_INT16 else 0

    def fill(self, desc):
        desc.data_type, desc.count, desc.offset = self.data_type, self.count, self.offset

    def nbytes(self):
        return self.count * SIZES.get(self.data_type, 0)

    def make_like(self, context, scope=None, virtual=False):
        return LUT(context, self.data_type, self.count, scope, virtual)
