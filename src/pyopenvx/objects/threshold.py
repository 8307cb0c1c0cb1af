"""Threshold: binary (one value) or range (lower, upper), with the output's true and false values.
It has no bulk memory: the values live in the C descriptor that kernels read."""
from _pyopenvx import ffi

from .. import constants as vx
from ..errors import VxError, attribute_name, check
from .dataobject import DataObject
from .image import format_name
from .memory import COPY_USAGES, check_host, check_ptr, check_usage

TYPES = (vx.VX_THRESHOLD_TYPE_BINARY, vx.VX_THRESHOLD_TYPE_RANGE)
# format -> (vx_pixel_value_t member, the largest value: the default true value)
FORMATS = {vx.VX_DF_IMAGE_U1: ("U1", 1), vx.VX_DF_IMAGE_U8: ("U8", 255), vx.VX_DF_IMAGE_S16: ("S16", 32767),
           vx.VX_DF_IMAGE_U16: ("U16", 65535), vx.VX_DF_IMAGE_S32: ("S32", 2 ** 31 - 1),
           vx.VX_DF_IMAGE_U32: ("U32", 2 ** 32 - 1)}
INPUT_FORMATS = tuple(f for f in FORMATS if f != vx.VX_DF_IMAGE_U1)
# 1.0 thresholds name a data type instead of formats
DATA_TYPE_FORMATS = {vx.VX_TYPE_UINT8: vx.VX_DF_IMAGE_U8, vx.VX_TYPE_INT16: vx.VX_DF_IMAGE_S16,
                     vx.VX_TYPE_UINT16: vx.VX_DF_IMAGE_U16, vx.VX_TYPE_INT32: vx.VX_DF_IMAGE_S32,
                     vx.VX_TYPE_UINT32: vx.VX_DF_IMAGE_U32}


class Threshold(DataObject):
    vx_type = vx.VX_TYPE_THRESHOLD

    def __init__(self, context, thresh_type, input_format, output_format, scope=None, virtual=False):
        check(thresh_type in TYPES, vx.VX_ERROR_INVALID_TYPE, f"{thresh_type:#x} is not a threshold type")
        check(input_format in INPUT_FORMATS, vx.VX_ERROR_INVALID_FORMAT,
              f"input format {format_name(input_format)} is not one of {', '.join(map(format_name, INPUT_FORMATS))}")
        check(output_format in FORMATS, vx.VX_ERROR_INVALID_FORMAT,
              f"output format {format_name(output_format)} is not one of {', '.join(map(format_name, FORMATS))}")
        super().__init__(context, scope, virtual)
        self.desc = ffi.new("pvx_threshold *", {"type": thresh_type, "input_format": input_format,
                                                "output_format": output_format})
        member, top = FORMATS[output_format]
        setattr(self.desc.true_value, member, top)
        self.h.desc = self.desc

    thresh_type = property(lambda self: self.desc.type)
    input_format = property(lambda self: self.desc.input_format)
    output_format = property(lambda self: self.desc.output_format)

    def on_destroy(self):
        self.h.desc = ffi.NULL

    def meta(self):
        return {vx.VX_THRESHOLD_TYPE: self.thresh_type, vx.VX_THRESHOLD_INPUT_FORMAT: self.input_format,
                vx.VX_THRESHOLD_OUTPUT_FORMAT: self.output_format}

    def apply_meta(self, meta):
        for attr, mine in self.meta().items():
            if attr in meta and meta[attr] != mine:
                raise VxError(vx.VX_ERROR_INVALID_TYPE, f"{self} has {attribute_name(attr)} = {mine:#x}, not {meta[attr]:#x}", self)

    def make_like(self, context, scope=None, virtual=False):
        like = Threshold(context, self.thresh_type, self.input_format, self.output_format, scope, virtual)
        ffi.memmove(like.desc, self.desc, ffi.sizeof("pvx_threshold"))
        return like

    # values -----------------------------------------------------------------------------------
    def copy_values(self, pairs, usage, mem_type, need_type=None):
        """pairs: [(user vx_pixel_value_t *, descriptor field name)]"""
        self.check_accessible("copy")
        check_usage(usage, COPY_USAGES)
        check_host(mem_type)
        self.check_type(need_type)
        for ptr, _ in pairs:
            check_ptr(ptr, "value pointer")
        for ptr, field in pairs:
            mine = ffi.addressof(self.desc[0], field)
            src, dst = (mine, ptr) if usage == vx.VX_READ_ONLY else (ptr, mine)
            ffi.memmove(dst, src, ffi.sizeof("vx_pixel_value_t"))

    def check_type(self, need_type):
        """A value only for a binary threshold, a range only for a range one."""
        check(need_type in (None, self.thresh_type), vx.VX_ERROR_NOT_COMPATIBLE,
              f"{self} is of type {self.thresh_type:#x}, not {need_type or 0:#x}", self)

    def member(self):
        return FORMATS[self.input_format][0]

    def get(self, field):
        return getattr(getattr(self.desc, field), self.member())

    def set(self, field, value):
        setattr(getattr(self.desc, field), self.member(), value)
