"""Thresholds for the Pythonic layer.

    t = Threshold(ctx, "binary", "U8", value=100)            # out = true_value where in > 100
    r = Threshold(ctx, "range", "U8", lower=50, upper=200)   # true_value where 50 <= in <= 200
    t.value, r.range, t.output                               # read back; assign to change
"""
from __future__ import annotations

from typing import Any, Dict, Optional, Tuple, Union

from .. import constants as vx
from ..api import ffi, lib
from .base import ContextLike, Object, _newp, check
from .image import _format, format_name

TYPES: Dict[Any, int] = {"binary": vx.VX_THRESHOLD_TYPE_BINARY, "range": vx.VX_THRESHOLD_TYPE_RANGE}
_TYPE_NAMES = {kind: name for name, kind in TYPES.items()}
# the vx_pixel_value_t member that holds a value of each format
_MEMBERS = {"U1": "U1", "U8": "U8", "U16": "U16", "S16": "S16", "U32": "U32", "S32": "S32"}
HOST = vx.VX_MEMORY_TYPE_HOST
_PIXEL = ffi.typeof("vx_pixel_value_t *")
_free_pixels: list = []     # free out-arguments: single ones and pairs (as base.reader's)
_free_pairs: list = []


class Threshold(Object):
    """A binary or range threshold of images of `input` format giving `output` (default U8)
    images; `true_value`/`false_value` default to the output format's maximum and 0."""
    _release = lib.vxReleaseThreshold
    _ctype = "vx_threshold"
    vx_type = vx.VX_TYPE_THRESHOLD

    def __init__(self, context: ContextLike, type: Union[str, int] = "binary", input: Union[str, int] = "U8",
                 output: Union[str, int] = "U8", value: Optional[int] = None, lower: Optional[int] = None,
                 upper: Optional[int] = None, true_value: Optional[int] = None,
                 false_value: Optional[int] = None) -> None:
        super().__init__(lib.vxCreateThresholdForImage(context.handle, TYPES.get(type, type), _format(input),
                                                       _format(output)), f"vxCreateThresholdForImage({type})")
        if value is not None:
            self.value = value
        if lower is not None or upper is not None:
            low, high = self.range
            self.range = (low if lower is None else lower, high if upper is None else upper)
        if true_value is not None or false_value is not None:
            true, false = self.output
            self.output = (true if true_value is None else true_value, false if false_value is None else false_value)

    @property
    def type(self) -> str:
        """"binary" or "range"."""
        return self.settled("_type", lambda: _TYPE_NAMES[self.query("vxQueryThreshold", vx.VX_THRESHOLD_TYPE,
                                                                     "vx_enum")])

    @property
    def input_format(self) -> str:
        """The format of the images compared."""
        return self.settled("_input_format", lambda: format_name(
            self.query("vxQueryThreshold", vx.VX_THRESHOLD_INPUT_FORMAT, "vx_df_image")))

    @property
    def output_format(self) -> str:
        """The format of the images written."""
        return self.settled("_output_format", lambda: format_name(
            self.query("vxQueryThreshold", vx.VX_THRESHOLD_OUTPUT_FORMAT, "vx_df_image")))

    def _describe_state(self):
        bounds = f"value={self.value}" if self.type == "binary" else f"range={self.range}"
        return f"{self.type} {self.input_format}->{self.output_format} {bounds} output={self.output}"

    _member_in: Optional[str] = None     # the vx_pixel_value_t member of the input / output format,
    _member_out: Optional[str] = None    # set once read (formats never change): see _member

    def _member(self, key):
        """The member of the input (key "_member_in") or output ("_member_out") format, kept."""
        member = _MEMBERS[self.input_format if key == "_member_in" else self.output_format]
        setattr(self, key, member)
        return member

    def _pair(self, function, name, member, values=None):
        try:
            a, b = _free_pairs.pop()
        except IndexError:
            a, b = _newp(_PIXEL, None), _newp(_PIXEL, None)
        if values is not None:
            setattr(a, member, values[0])
            setattr(b, member, values[1])
        usage = vx.VX_READ_ONLY if values is None else vx.VX_WRITE_ONLY
        status = function(self.handle, a, b, usage, HOST)
        if status:
            check(status, name, self)
        pair = getattr(a, member), getattr(b, member)
        _free_pairs.append((a, b))
        return pair

    @property
    def value(self) -> int:
        """The binary threshold value."""
        try:
            out = _free_pixels.pop()
        except IndexError:
            out = _newp(_PIXEL, None)
        status = lib.vxCopyThresholdValue(self.handle, out, vx.VX_READ_ONLY, HOST)
        if status:
            check(status, "vxCopyThresholdValue", self)
        value = getattr(out, self._member_in or self._member("_member_in"))
        _free_pixels.append(out)
        return value

    @value.setter
    def value(self, v: int) -> None:
        pixel = ffi.new(_PIXEL)
        setattr(pixel, self._member_in or self._member("_member_in"), v)
        check(lib.vxCopyThresholdValue(self.handle, pixel, vx.VX_WRITE_ONLY, HOST), "vxCopyThresholdValue", self)

    @property
    def range(self) -> Tuple[int, int]:
        """(lower, upper) of a range threshold."""
        return self._pair(lib.vxCopyThresholdRange, "vxCopyThresholdRange", self._member_in or self._member("_member_in"))

    @range.setter
    def range(self, v: Tuple[int, int]) -> None:
        self._pair(lib.vxCopyThresholdRange, "vxCopyThresholdRange", self._member_in or self._member("_member_in"), v)

    @property
    def output(self) -> Tuple[int, int]:
        """(true value, false value) written to the output image."""
        return self._pair(lib.vxCopyThresholdOutput, "vxCopyThresholdOutput", self._member_out or self._member("_member_out"))

    @output.setter
    def output(self, v: Tuple[int, int]) -> None:
        self._pair(lib.vxCopyThresholdOutput, "vxCopyThresholdOutput", self._member_out or self._member("_member_out"), v)
