"""Validators of the per-pixel kernels (csrc/kernels/kernels.c): logic, arithmetic, threshold,
lookup, depth conversion, magnitude and phase, channel extraction and combination; 1.0's
accumulations (csrc/kernels/accumulate.c)."""
from .. import constants as vx
from ..objects.image import format_name
from ..reference import type_name
from .common import (refuse, image_param, same_size, scalar_param, output_like, POLICIES, ROUNDINGS, U1, U8, S16,
                     Implementation, Like)


def _bitwise(node):
    """U8 or U1 (bit by bit), both inputs and the output alike."""
    a = image_param(node, 0, (U8, U1))
    image_param(node, 1, (a.format,))
    return output_like(node, 2, a.format, same_size(node, 0, 1))


def _not(node):
    a = image_param(node, 0, (U8, U1))
    return output_like(node, 1, a.format, a)


def _absdiff(node):
    a = image_param(node, 0, (U8, S16))
    image_param(node, 1, (a.format,))
    return output_like(node, 2, a.format, same_size(node, 0, 1))


def _arithmetic(out_index, scalars):
    """Add, Subtract, Multiply: U8/S16 inputs; the output is S16, or U8 when both inputs are U8 and
    the output is a U8 image (an open virtual output gets S16). `scalars`: index -> (type, allowed
    values)."""
    def validate(node):
        a, b = image_param(node, 0, (U8, S16)), image_param(node, 1, (U8, S16))
        same_size(node, 0, 1)
        for index, (data_type, allowed) in scalars.items():
            scalar_param(node, index, data_type, allowed)
        both_u8 = a.format == b.format == U8
        have = node.params[out_index].format
        fmt = U8 if both_u8 and have == U8 else S16
        return output_like(node, out_index, fmt, a)
    return validate


def _multiply(node):
    outputs = _arithmetic(5, {2: (vx.VX_TYPE_FLOAT32, None), 3: (vx.VX_TYPE_ENUM, POLICIES),
                              4: (vx.VX_TYPE_ENUM, ROUNDINGS)})(node)
    if node.params[2].value < 0:
        refuse(node, vx.VX_ERROR_INVALID_VALUE, f"scale {node.params[2].value} is negative")
    return outputs


def _threshold(node):
    a = image_param(node, 0, (U8, S16))
    t = node.params[1].desc
    if t.input_format != a.format:
        refuse(node, vx.VX_ERROR_INVALID_FORMAT, f"the threshold is for {format_name(t.input_format)} input, "
               f"the image is {format_name(a.format)}")
    if t.output_format not in (U8, U1):
        refuse(node, vx.VX_ERROR_INVALID_FORMAT, f"threshold output format {format_name(t.output_format)} is not "
               "U8 or U1")
    return output_like(node, 2, t.output_format, a)


def _table_lookup(node):
    a = image_param(node, 0, (U8, S16))
    lut = node.params[1]
    want = vx.VX_TYPE_UINT8 if a.format == U8 else vx.VX_TYPE_INT16
    if lut.data_type != want:
        refuse(node, vx.VX_ERROR_INVALID_TYPE, f"a {format_name(a.format)} image needs a {type_name(want)} LUT, "
               f"not {type_name(lut.data_type)}")
    if a.format == U8 and lut.count != 256:
        refuse(node, vx.VX_ERROR_INVALID_VALUE, f"a U8 LUT needs 256 entries, not {lut.count}")
    return output_like(node, 2, a.format, a)


def _convert_depth(node):
    """U8 <-> S16, and U1 <-> U8 or S16 (the output's format says which; an open virtual output of
    U8 is S16, of S16 or U1 is U8)."""
    a = image_param(node, 0, (U8, S16, U1))
    scalar_param(node, 2, vx.VX_TYPE_ENUM, POLICIES)
    shift = scalar_param(node, 3, vx.VX_TYPE_INT32)
    if not 0 <= shift < 8:
        refuse(node, vx.VX_ERROR_INVALID_VALUE, f"shift {shift} is outside 0..7")
    have = node.params[1].format
    if a.format == U1:
        fmt = S16 if have == S16 else U8
    else:
        fmt = U1 if have == U1 else S16 if a.format == U8 else U8
    return output_like(node, 1, fmt, a)


# format -> its channels in order (channel k is also VX_CHANNEL_k), and the subsampling (x, y) of
# the chroma channels (1 and 2) of the YUV formats
_YUV_CHANNELS = (vx.VX_CHANNEL_Y, vx.VX_CHANNEL_U, vx.VX_CHANNEL_V)
_CHANNELS = {
    vx.VX_DF_IMAGE_RGB: (vx.VX_CHANNEL_R, vx.VX_CHANNEL_G, vx.VX_CHANNEL_B),
    vx.VX_DF_IMAGE_RGBX: (vx.VX_CHANNEL_R, vx.VX_CHANNEL_G, vx.VX_CHANNEL_B, vx.VX_CHANNEL_A),
    **{f: _YUV_CHANNELS for f in (vx.VX_DF_IMAGE_NV12, vx.VX_DF_IMAGE_NV21, vx.VX_DF_IMAGE_UYVY,
                                  vx.VX_DF_IMAGE_YUYV, vx.VX_DF_IMAGE_IYUV, vx.VX_DF_IMAGE_YUV4)},
}
_SUBSAMPLED = {vx.VX_DF_IMAGE_NV12: (2, 2), vx.VX_DF_IMAGE_NV21: (2, 2), vx.VX_DF_IMAGE_IYUV: (2, 2),
               vx.VX_DF_IMAGE_UYVY: (2, 1), vx.VX_DF_IMAGE_YUYV: (2, 1)}


def _channel_size(fmt, k, width, height):
    sx, sy = _SUBSAMPLED.get(fmt, (1, 1)) if k in (1, 2) else (1, 1)
    return -(-width // sx), -(-height // sy)


def _channel_extract(node):
    a = image_param(node, 0, tuple(_CHANNELS))
    named = _CHANNELS[a.format]
    channel = scalar_param(node, 1, vx.VX_TYPE_ENUM, named + tuple(vx.VX_CHANNEL_0 + k for k in range(len(named))))
    k = named.index(channel) if channel in named else channel - vx.VX_CHANNEL_0
    return {2: (U8, *_channel_size(a.format, k, a.width, a.height))}


def _channel_combine(node):
    out = node.params[4]
    if out.format not in _CHANNELS:
        refuse(node, vx.VX_ERROR_INVALID_FORMAT, f"output format {format_name(out.format)} is not "
               + ", ".join(format_name(f) for f in _CHANNELS))
    count = len(_CHANNELS[out.format])
    for k in range(4):
        if (node.params[k] is not None) != (k < count):
            refuse(node, vx.VX_ERROR_INVALID_PARAMETERS, f"{format_name(out.format)} has {count} channels: "
                   f"plane {k} must be {'set' if k < count else 'absent'}")
    first = image_param(node, 0, (U8,))
    for k in range(1, count):
        img = image_param(node, k, (U8,))
        want = _channel_size(out.format, k, first.width, first.height)
        if (img.width, img.height) != want:
            refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"plane {k} is {img.width}x{img.height}, "
                   f"{format_name(out.format)} needs {want[0]}x{want[1]}")
    return output_like(node, 4, out.format, first)


def _gradients(out_format):
    def validate(node):
        image_param(node, 0, (S16,)), image_param(node, 1, (S16,))
        return output_like(node, 2, out_format, same_size(node, 0, 1))
    return validate


def _accumulate(accum_format, scalar=None):
    """1.0's Accumulate kernels: a U8 input into an accumulator of its size, written in place
    (VX_BIDIRECTIONAL, so no output to describe); `scalar`: (data type, lowest, highest) of
    parameter 1."""
    def validate(node):
        image_param(node, 0, (U8,))
        accum = len(node.params) - 1
        image_param(node, accum, (accum_format,))
        same_size(node, 0, accum)
        if scalar is not None:
            data_type, lo, hi = scalar
            value = scalar_param(node, 1, data_type)
            if not lo <= value <= hi:
                refuse(node, vx.VX_ERROR_INVALID_VALUE, f"scalar parameter 1 is {value}, outside [{lo}, {hi}]")
        return {}
    return validate


_BITWISE = Like(0, (U8, U1), 2, other=1)
IMPLEMENTATIONS = {
    "VX_KERNEL_AND": Implementation("pvx_std_and", _bitwise, like=_BITWISE),
    "VX_KERNEL_OR": Implementation("pvx_std_or", _bitwise, like=_BITWISE),
    "VX_KERNEL_XOR": Implementation("pvx_std_xor", _bitwise, like=_BITWISE),
    "VX_KERNEL_NOT": Implementation("pvx_std_not", _not, like=Like(0, (U8, U1), 1)),
    "VX_KERNEL_ABSDIFF": Implementation("pvx_std_absdiff", _absdiff, like=Like(0, (U8, S16), 2, other=1)),
    "VX_KERNEL_ADD": Implementation("pvx_std_add", _arithmetic(3, {2: (vx.VX_TYPE_ENUM, POLICIES)})),
    "VX_KERNEL_SUBTRACT": Implementation("pvx_std_subtract", _arithmetic(3, {2: (vx.VX_TYPE_ENUM, POLICIES)})),
    "VX_KERNEL_MULTIPLY": Implementation("pvx_std_multiply", _multiply),
    "VX_KERNEL_THRESHOLD": Implementation("pvx_std_threshold", _threshold),
    "VX_KERNEL_TABLE_LOOKUP": Implementation("pvx_std_table_lookup", _table_lookup),
    "VX_KERNEL_CONVERTDEPTH": Implementation("pvx_std_convert_depth", _convert_depth),
    "VX_KERNEL_CHANNEL_EXTRACT": Implementation("pvx_std_channel_extract", _channel_extract),
    "VX_KERNEL_CHANNEL_COMBINE": Implementation("pvx_std_channel_combine", _channel_combine),
    "VX_KERNEL_MAGNITUDE": Implementation("pvx_std_magnitude", _gradients(S16), like=Like(0, (S16,), 2, S16, 1)),
    "VX_KERNEL_PHASE": Implementation("pvx_std_phase", _gradients(U8), like=Like(0, (S16,), 2, U8, 1)),
    "VX_KERNEL_ACCUMULATE": Implementation("pvx_std_accumulate", _accumulate(S16)),
    "VX_KERNEL_ACCUMULATE_WEIGHTED": Implementation("pvx_std_accumulate_weighted",
                                                    _accumulate(U8, (vx.VX_TYPE_FLOAT32, 0.0, 1.0))),
    "VX_KERNEL_ACCUMULATE_SQUARE": Implementation("pvx_std_accumulate_square",
                                                  _accumulate(S16, (vx.VX_TYPE_UINT32, 0, 15))),
}
