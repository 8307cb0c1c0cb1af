"""Remap: for each destination pixel the source point it samples, as vx_coordinates2df_t."""
from .. import constants as vx
from ..errors import check
from .memory import COPY_USAGES, MAP_USAGES, Resident, check_bytes, check_map_memory, check_ptr, check_usage, region

POINT = 8     # sizeof(vx_coordinates2df_t)


class Remap(Resident):
    vx_type = vx.VX_TYPE_REMAP
    DESC = "pvx_remap"
    META = {vx.VX_REMAP_SOURCE_WIDTH: ("src_width", 0, vx.VX_ERROR_INVALID_DIMENSION),
            vx.VX_REMAP_SOURCE_HEIGHT: ("src_height", 0, vx.VX_ERROR_INVALID_DIMENSION),
            vx.VX_REMAP_DESTINATION_WIDTH: ("dst_width", 0, vx.VX_ERROR_INVALID_DIMENSION),
            vx.VX_REMAP_DESTINATION_HEIGHT: ("dst_height", 0, vx.VX_ERROR_INVALID_DIMENSION)}

    def __init__(self, context, src_width, src_height, dst_width, dst_height, scope=None, virtual=False):
        check(virtual or min(src_width, src_height, dst_width, dst_height) > 0, vx.VX_ERROR_INVALID_DIMENSION,
              "remap sizes must be > 0")
        check_bytes(dst_width * dst_height * POINT)
        super().__init__(context, scope, virtual)
        self.src_width, self.src_height, self.dst_width, self.dst_height = src_width, src_height, dst_width, dst_height
        self.publish()

    def fill(self, desc):
        desc.src_width, desc.src_height = self.src_width, self.src_height
        desc.dst_width, desc.dst_height = self.dst_width, self.dst_height

    def nbytes(self):
        return self.dst_width * self.dst_height * POINT

    def make_like(self, context, scope=None, virtual=False):
        return Remap(context, self.src_width, self.src_height, self.dst_width, self.dst_height, scope, virtual)

    def check_patch(self, rect, coordinate_type):
        check_ptr(rect, "rect")
        check(coordinate_type == vx.VX_TYPE_COORDINATES2DF, vx.VX_ERROR_INVALID_TYPE,
              f"coordinate type {coordinate_type:#x} is not VX_TYPE_COORDINATES2DF", self)
        r = rect[0]
        check(r.start_x < r.end_x <= self.dst_width and r.start_y < r.end_y <= self.dst_height,
              vx.VX_ERROR_INVALID_PARAMETERS, f"rectangle ({r.start_x},{r.start_y})-({r.end_x},{r.end_y}) is "
              f"not inside {self.dst_width}x{self.dst_height}", self)
        return r

    def offset_of(self, x, y):
        return (y * self.dst_width + x) * POINT

    def copy_patch(self, rect, stride_y, user_ptr, coordinate_type, usage, mem_type):
        self.check_access(user_ptr, usage, mem_type, COPY_USAGES, "copy")
        r = self.check_patch(rect, coordinate_type)
        width = r.end_x - r.start_x
        check(stride_y >= width * POINT, vx.VX_ERROR_INVALID_PARAMETERS, f"stride_y {stride_y} < {width} points", self)
        self.copy_block(self.offset_of(r.start_x, r.start_y), user_ptr, [POINT, stride_y],
                        [POINT, self.dst_width * POINT], [width, r.end_y - r.start_y], POINT, usage, self.box(r))

    def map_patch(self, rect, coordinate_type, usage, mem_type):
        self.check_accessible("map")
        check_usage(usage, MAP_USAGES)
        check_map_memory(mem_type)
        r = self.check_patch(rect, coordinate_type)
        return self.open_map(self.offset_of(r.start_x, r.start_y), usage, self.box(r))

    @staticmethod
    def box(r):
        """A patch as a region: x and y in points."""
        return region([r.start_x, r.start_y], [r.end_x, r.end_y])

    def point(self, x, y):
        check(x < self.dst_width and y < self.dst_height, vx.VX_ERROR_INVALID_VALUE,
              f"point ({x},{y}) is outside {self.dst_width}x{self.dst_height}", self)
        return self.base() + self.offset_of(x, y)
