"""Thresholds for the Pythonic layer.

    t = Threshold(ctx, "binary", "U8", value=100)            # out = true_value where in > 100
    r = Threshold(ctx, "range", "U8", lower=50, upper=200)   # true_value where 50 <= in <= 200
    t.value, r.range, t.output                               # read back; assign to change
"""
from __future__ import annotations

import functools
from typing import Any, Dict, Optional, Tuple, Union

from .. import constants as vx
from ..api import ffi, lib
from .base import ContextLike, Object, _newp, attribute, check, reader, settled_attribute
from .image import _format, format_name

TYPES: Dict[Any, int] = {"binary": vx.VX_THRESHOLD_TYPE_BINARY, "range": vx.VX_THRESHOLD_TYPE_RANGE}
_TYPE_NAMES = {kind: name for name, kind in TYPES.items()}
# the vx_pixel_value_t member that holds a value of each format
_MEMBERS = {"U1": "U1", "U8": "U8", "U16": "U16", "S16": "S16", "U32": "U32", "S32": "S32"}
HOST = vx.VX_MEMORY_TYPE_HOST
_PIXEL = ffi.typeof("vx_pixel_value_t *")
_free_pixels: list = []     # free out-arguments: single ones and pairs (as base.reader's)
_free_pairs: list = []


def _pair(function, name, key, obj, values=None):
    """Reads (values None) or writes the (first, second) pair of `obj` by vxCopyThreshold<X>
    `function` (`name`) in the member of its input (key "_member_in") or output ("_member_out")
    format; a property's getter and setter as they are (functools.partial: no method frame)."""
    try:
        a, b = _free_pairs.pop()
    except IndexError:
        a, b = _newp(_PIXEL, None), _newp(_PIXEL, None)
    member = getattr(obj, key) or obj._member(key)
    if values is not None:
        setattr(a, member, values[0])
        setattr(b, member, values[1])
    handle, owner = obj._handle, obj._owner
    if handle is None or owner is not None and owner.context is not None and owner.context.handle is None:
        handle = obj.handle                     # raises Released (Object.handle inline)
    status = function(handle, a, b, vx.VX_READ_ONLY if values is None else vx.VX_WRITE_ONLY, HOST)
    if status:
        check(status, name, obj)
    pair = getattr(a, member), getattr(b, member)
    _free_pairs.append((a, b))
    return pair


def _value(obj):
    try:
        out = _free_pixels.pop()
    except IndexError:
        out = _newp(_PIXEL, None)
    handle, owner = obj._handle, obj._owner
    if handle is None or owner is not None and owner.context is not None and owner.context.handle is None:
        handle = obj.handle                     # raises Released (Object.handle inline)
    status = lib.vxCopyThresholdValue(handle, out, vx.VX_READ_ONLY, HOST)
    if status:
        check(status, "vxCopyThresholdValue", obj)
    value = getattr(out, obj._member_in or obj._member("_member_in"))
    _free_pixels.append(out)
    return value


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

    # the attributes' getters are their readers themselves (base.attribute: one Python frame a read)
    type: str = attribute(settled_attribute("_type", reader("vxQueryThreshold", vx.VX_THRESHOLD_TYPE, "vx_enum",
                                                             _TYPE_NAMES)), """"binary" or "range".""")
    input_format: str = attribute(settled_attribute("_input_format", lambda self: format_name(
        self.query("vxQueryThreshold", vx.VX_THRESHOLD_INPUT_FORMAT, "vx_df_image"))), """The format of the images compared.""")
    output_format: str = attribute(settled_attribute("_output_format", lambda self: format_name(
        self.query("vxQueryThreshold", vx.VX_THRESHOLD_OUTPUT_FORMAT, "vx_df_image"))), """The format of the images written.""")

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

    def _set_value(self, v: int) -> None:
        pixel = ffi.new(_PIXEL)
        setattr(pixel, self._member_in or self._member("_member_in"), v)
        check(lib.vxCopyThresholdValue(self.handle, pixel, vx.VX_WRITE_ONLY, HOST), "vxCopyThresholdValue", self)

    value: int = attribute(_value, """The binary threshold value.""", _set_value)
    range: Tuple[int, int] = attribute(
        functools.partial(_pair, lib.vxCopyThresholdRange, "vxCopyThresholdRange", "_member_in"),
        """(lower, upper) of a range threshold.""",
        functools.partial(_pair, lib.vxCopyThresholdRange, "vxCopyThresholdRange", "_member_in"))
    output: Tuple[int, int] = attribute(
        functools.partial(_pair, lib.vxCopyThresholdOutput, "vxCopyThresholdOutput", "_member_out"),
        """(true value, false value) written to the output image.""",
        functools.partial(_pair, lib.vxCopyThresholdOutput, "vxCopyThresholdOutput", "_member_out"))
