"""Distribution: `bins` vx_int32 counters over [offset, offset + range)."""
from .. import constants as vx
from ..errors import check
from .memory import Resident, check_bytes


class Distribution(Resident):
    vx_type = vx.VX_TYPE_DISTRIBUTION
    DESC = "pvx_distribution"
    META = {vx.VX_DISTRIBUTION_BINS: ("bins", 0, vx.VX_ERROR_INVALID_DIMENSION),
            vx.VX_DISTRIBUTION_OFFSET: ("offset", None, vx.VX_ERROR_INVALID_VALUE),
            vx.VX_DISTRIBUTION_RANGE: ("range", 0, vx.VX_ERROR_INVALID_VALUE)}

    def __init__(self, context, bins, offset, range_, scope=None, virtual=False):
        check(bins > 0 or virtual, vx.VX_ERROR_INVALID_DIMENSION, "a distribution needs at least one bin")
        check(range_ > 0 or virtual, vx.VX_ERROR_INVALID_VALUE, "range must be > 0")
        check(bins <= range_ or virtual, vx.VX_ERROR_INVALID_VALUE, f"{bins} bins do not fit range {range_}")
        check_bytes(bins * 4)
        super().__init__(context, scope, virtual)
        self.bins, self.offset, self.range = bins, offset, range_
        self.publish()

    @property
    def window(self):
        return self.range // self.bins if self.bins else 0

    def fill(self, desc):
        desc.bins, desc.offset, desc.range, desc.window = self.bins, self.offset, self.range, self.window

    def nbytes(self):
        return self.bins * 4

    def apply_meta(self, meta):
        # a virtual distribution created without bins is open, its offset too (0 is a real offset)
        if self.virtual and not self.bins and vx.VX_DISTRIBUTION_OFFSET in meta:
            self.offset = meta[vx.VX_DISTRIBUTION_OFFSET]
        super().apply_meta(meta)

    def make_like(self, context, scope=None, virtual=False):
        return Distribution(context, self.bins, self.offset, self.range, scope, virtual)
