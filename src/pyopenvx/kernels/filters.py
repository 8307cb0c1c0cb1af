"""Validators of the neighbourhood filters (csrc/kernels/kernels.c, csrc/kernels/filters.c): the 3x3
filters, Sobel, custom convolution, non-maximum suppression, LBP."""
from _pyopenvx import ffi

from .. import constants as vx
from ..context import NONLINEAR_MAX_DIMENSION
from ..objects.image import format_name
from ..reference import type_name
from .common import refuse, image_param, same_size, scalar_param, output_like, U1, U8, S16, Implementation, Like


def _filter_u8(node, out_format=U8, formats=(U8,)):
    a = image_param(node, 0, formats)
    if a.width < 3 or a.height < 3:
        refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"the input is {a.width}x{a.height}, less than 3x3")
    return output_like(node, 1, out_format, a)


def _filter_binary(node):
    """Median, Dilate, Erode: U8 or U1, the output alike."""
    return _filter_u8(node, node.params[0].format, (U8, U1))


def _sobel(node):
    if node.params[1] is None and node.params[2] is None:
        refuse(node, vx.VX_ERROR_NOT_SUFFICIENT, "neither output is set")
    out = _filter_u8(node, S16)[1]
    return {1: out, 2: out}


def _convolve(node):
    a = image_param(node, 0, (U8,))
    conv = node.params[1]
    if a.width < conv.columns or a.height < conv.rows:
        refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"the input is {a.width}x{a.height}, less than the "
               f"{conv.columns}x{conv.rows} convolution")
    fmt = node.params[2].format
    if fmt == vx.VX_DF_IMAGE_VIRT:            # an open virtual output: the exact sums
        fmt = S16
    if fmt not in (U8, S16):
        refuse(node, vx.VX_ERROR_INVALID_FORMAT, f"output format {format_name(fmt)} is not U8 or S16")
    return output_like(node, 2, fmt, a)


def _convolve_border(node):
    conv = node.params[1]
    return conv.columns // 2, conv.rows // 2


def _non_max_suppression(node):
    a = image_param(node, 0, (U8, S16))
    if node.params[1] is not None:
        image_param(node, 1, (U8, U1))
        same_size(node, 0, 1)
    size = scalar_param(node, 2, vx.VX_TYPE_INT32)
    if size < 1 or size % 2 == 0 or size > min(a.width, a.height):
        refuse(node, vx.VX_ERROR_INVALID_VALUE, f"window size {size} is not odd, positive and at most "
               f"{min(a.width, a.height)} (the input is {a.width}x{a.height})")
    return output_like(node, 3, a.format, a)


def _window_border(node):
    """NonMaxSuppression and LBP: half the window size in their parameter 2."""
    return node.params[2].value // 2, node.params[2].value // 2


def _lbp(node):
    a = image_param(node, 0, (U8,))
    form = scalar_param(node, 1, vx.VX_TYPE_ENUM, (vx.VX_LBP, vx.VX_MLBP, vx.VX_ULBP))
    size = scalar_param(node, 2, vx.VX_TYPE_INT8, (5,) if form == vx.VX_MLBP else (3, 5))
    if a.width < size or a.height < size:
        refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"the input is {a.width}x{a.height}, less than {size}x{size}")
    return output_like(node, 3, U8, a)


_NONLINEAR = (vx.VX_NONLINEAR_FILTER_MEDIAN, vx.VX_NONLINEAR_FILTER_MIN, vx.VX_NONLINEAR_FILTER_MAX)


def _non_linear_filter(node):
    """A U8 mask of at most VX_CONTEXT_NONLINEAR_MAX_DIMENSION a side with an element set (the C
    kernel refuses one emptied after verification)."""
    scalar_param(node, 0, vx.VX_TYPE_ENUM, _NONLINEAR)
    a = image_param(node, 1, (U8, U1))
    mask = node.params[2]
    if mask.data_type != vx.VX_TYPE_UINT8:
        refuse(node, vx.VX_ERROR_INVALID_TYPE, f"the mask is of {type_name(mask.data_type)}, not VX_TYPE_UINT8")
    if max(mask.columns, mask.rows) > NONLINEAR_MAX_DIMENSION or mask.columns > a.width or mask.rows > a.height:
        refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"the mask is {mask.columns}x{mask.rows}: more than "
               f"{NONLINEAR_MAX_DIMENSION} a side or than the {a.width}x{a.height} input")
    if not mask.virtual and not any(bytes(ffi.buffer(mask.base(), mask.nbytes()))):
        refuse(node, vx.VX_ERROR_INVALID_VALUE, "the mask has no element set")
    return output_like(node, 3, a.format, a)


def _mask_border(node):
    """The mask's reach on each side of its origin (left, top, right, bottom): under UNDEFINED the
    output is defined where the whole mask lies inside the input (the conformance tests' reference)."""
    mask = node.params[2]
    (ox, oy) = mask.origin
    return ox, oy, mask.columns - 1 - ox, mask.rows - 1 - oy


_U8_3x3, _BINARY_3x3 = Like(0, (U8,), 1, U8, least=3), Like(0, (U8, U1), 1, least=3)
IMPLEMENTATIONS = {
    "VX_KERNEL_BOX_3x3": Implementation("pvx_std_box_3x3", _filter_u8, border=1, like=_U8_3x3),
    "VX_KERNEL_GAUSSIAN_3x3": Implementation("pvx_std_gaussian_3x3", _filter_u8, border=1, like=_U8_3x3),
    "VX_KERNEL_MEDIAN_3x3": Implementation("pvx_std_median_3x3", _filter_binary, border=1, like=_BINARY_3x3),
    "VX_KERNEL_DILATE_3x3": Implementation("pvx_std_dilate_3x3", _filter_binary, border=1, like=_BINARY_3x3),
    "VX_KERNEL_ERODE_3x3": Implementation("pvx_std_erode_3x3", _filter_binary, border=1, like=_BINARY_3x3),
    "VX_KERNEL_SOBEL_3x3": Implementation("pvx_std_sobel_3x3", _sobel, border=1),
    "VX_KERNEL_CUSTOM_CONVOLUTION": Implementation("pvx_std_convolve", _convolve, border=_convolve_border),
    "VX_KERNEL_NON_MAX_SUPPRESSION": Implementation("pvx_std_non_max_suppression", _non_max_suppression,
                                                    border=_window_border),
    "VX_KERNEL_LBP": Implementation("pvx_std_lbp", _lbp, border=_window_border),
    "VX_KERNEL_NON_LINEAR_FILTER": Implementation("pvx_std_non_linear_filter", _non_linear_filter,
                                                  border=_mask_border),
}
