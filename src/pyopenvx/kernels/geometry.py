"""Validators of colour conversion and the geometric kernels (csrc/kernels/geometry.c): scale,
half-scale Gaussian, warps, remap, Gaussian pyramid; Laplacian pyramid and reconstruction
(csrc/kernels/laplacian.c)."""
from .. import constants as vx
from ..objects.image import format_name
from ..objects.pyramid import is_orb, level_sizes
from ..reference import type_name
from .common import refuse, image_param, scalar_param, output_like, U1, U8, S16, Implementation


_RGB, _RGBX, _NV12, _IYUV, _YUV4 = (vx.VX_DF_IMAGE_RGB, vx.VX_DF_IMAGE_RGBX, vx.VX_DF_IMAGE_NV12,
                                    vx.VX_DF_IMAGE_IYUV, vx.VX_DF_IMAGE_YUV4)
# input format -> the output formats of the spec's table (YUV4 input: ours, to RGB/RGBX)
_CONVERSIONS = {
    _RGB: (_RGBX, _NV12, _IYUV, _YUV4),
    _RGBX: (_RGB, _NV12, _IYUV, _YUV4),
    _NV12: (_RGB, _RGBX, _IYUV, _YUV4),
    vx.VX_DF_IMAGE_NV21: (_RGB, _RGBX, _IYUV, _YUV4),
    vx.VX_DF_IMAGE_UYVY: (_RGB, _RGBX, _NV12, _IYUV),
    vx.VX_DF_IMAGE_YUYV: (_RGB, _RGBX, _NV12, _IYUV),
    _IYUV: (_RGB, _RGBX, _NV12, _YUV4),
    _YUV4: (_RGB, _RGBX),
}


def _color_convert(node):
    """The pairs of the spec's table; the output keeps its format (it cannot follow from the input)."""
    a = image_param(node, 0, tuple(_CONVERSIONS))
    out = node.params[1]
    targets = _CONVERSIONS[a.format]
    if out.format not in targets:
        refuse(node, vx.VX_ERROR_INVALID_FORMAT, f"{format_name(a.format)} converts to "
               + ", ".join(format_name(f) for f in targets) + f", not {format_name(out.format)}")
    return output_like(node, 1, out.format, a)


def _output_size(node, index):
    """The output's own size (geometric kernels cannot infer it)."""
    out = node.params[index]
    if out.width == 0 or out.height == 0:
        refuse(node, vx.VX_ERROR_INVALID_PARAMETERS, f"output {index} has no size ({out.width}x{out.height})")
    return out


_SAMPLING_BORDERS = (vx.VX_BORDER_UNDEFINED, vx.VX_BORDER_CONSTANT)     # warps and Remap
_INTERPOLATIONS = (vx.VX_INTERPOLATION_NEAREST_NEIGHBOR, vx.VX_INTERPOLATION_BILINEAR, vx.VX_INTERPOLATION_AREA)


def _scale_image(node):
    """U8, or U1 (the U8 interpolation of 0 and 1), the output alike."""
    a = image_param(node, 0, (U8, U1))
    if node.params[2] is not None:
        scalar_param(node, 2, vx.VX_TYPE_ENUM, _INTERPOLATIONS)
    return output_like(node, 1, a.format, _output_size(node, 1))


def _halfscale_gaussian(node):
    a = image_param(node, 0, (U8,))
    if node.params[2] is not None:
        scalar_param(node, 2, vx.VX_TYPE_INT32, (1, 3, 5))
    return {1: (U8, (a.width + 1) // 2, (a.height + 1) // 2)}


def _sampling(node, index):
    """Warps and Remap: NEAREST_NEIGHBOR or BILINEAR."""
    if node.params[index] is not None:
        scalar_param(node, index, vx.VX_TYPE_ENUM, _INTERPOLATIONS[:2])


def _warp(columns):
    def validate(node):
        a = image_param(node, 0, (U8, U1))
        m = node.params[1]
        if m.data_type != vx.VX_TYPE_FLOAT32:
            refuse(node, vx.VX_ERROR_INVALID_TYPE, f"the matrix is of {type_name(m.data_type)}, not VX_TYPE_FLOAT32")
        if (m.columns, m.rows) != (columns, 3):
            refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"the matrix is {m.columns}x{m.rows}, not {columns}x3")
        _sampling(node, 2)
        return output_like(node, 3, a.format, _output_size(node, 3))
    return validate


def _remap(node):
    """The images at the remap's sizes; a virtual output without a size takes the remap's
    destination size."""
    a = image_param(node, 0, (U8,))
    table, out = node.params[1], node.params[3]
    size = (table.dst_width, table.dst_height)
    if not (out.virtual and (out.width, out.height) == (0, 0)):
        out = _output_size(node, 3)
        size = (out.width, out.height)
    if (table.src_width, table.src_height, table.dst_width, table.dst_height) != (a.width, a.height, *size):
        refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"the remap maps {table.src_width}x{table.src_height} to "
               f"{table.dst_width}x{table.dst_height}, the images are {a.width}x{a.height} and {size[0]}x{size[1]}")
    _sampling(node, 2)
    return {3: (U8, *size)}


def _gaussian_pyramid(node):
    """VX_SCALE_PYRAMID_HALF or VX_SCALE_PYRAMID_ORB."""
    a = image_param(node, 0, (U8,))
    pyramid = node.params[1]
    if pyramid.scale != vx.VX_SCALE_PYRAMID_HALF and not is_orb(pyramid.scale):
        refuse(node, vx.VX_ERROR_NOT_SUPPORTED, f"pyramid scale {pyramid.scale} is not supported "
               "(VX_SCALE_PYRAMID_HALF or VX_SCALE_PYRAMID_ORB)")
    return {1: {vx.VX_PYRAMID_FORMAT: U8, vx.VX_PYRAMID_WIDTH: a.width, vx.VX_PYRAMID_HEIGHT: a.height,
                vx.VX_PYRAMID_LEVELS: len(pyramid.levels), vx.VX_PYRAMID_SCALE: pyramid.scale}}


def _laplacian(node, index):
    """A VX_SCALE_PYRAMID_HALF pyramid of S16 levels (or of a format still open)."""
    pyramid = node.params[index]
    if pyramid.scale != vx.VX_SCALE_PYRAMID_HALF:
        refuse(node, vx.VX_ERROR_NOT_SUPPORTED, f"pyramid scale {pyramid.scale} is not supported "
               "(VX_SCALE_PYRAMID_HALF only)")
    if pyramid.format not in (S16, vx.VX_DF_IMAGE_VIRT):
        refuse(node, vx.VX_ERROR_INVALID_FORMAT, f"the pyramid is {format_name(pyramid.format)}, not S016")
    return pyramid


def _laplacian_pyramid(node):
    """The pyramid at the input's size; the output, in the input's format, one level below its last."""
    a = image_param(node, 0, (U8, S16))
    pyramid = _laplacian(node, 1)
    levels = len(pyramid.levels)
    w, h = level_sizes(levels + 1, pyramid.scale, a.width, a.height)[-1]
    return {1: {vx.VX_PYRAMID_FORMAT: S16, vx.VX_PYRAMID_WIDTH: a.width, vx.VX_PYRAMID_HEIGHT: a.height,
                vx.VX_PYRAMID_LEVELS: levels, vx.VX_PYRAMID_SCALE: pyramid.scale},
            2: (a.format, w, h)}


def _laplacian_reconstruct(node):
    """The input one level below the pyramid's last; the output at the pyramid's size, in the
    input's format."""
    pyramid = _laplacian(node, 0)
    a = image_param(node, 1, (U8, S16))
    w, h = level_sizes(len(pyramid.levels) + 1, pyramid.scale, pyramid.width, pyramid.height)[-1]
    if (a.width, a.height) != (w, h):
        refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"the input is {a.width}x{a.height}, not {w}x{h} (one level "
               "below the pyramid's last)")
    return {2: (a.format, pyramid.width, pyramid.height)}


_SAMPLING = {"borders": _SAMPLING_BORDERS, "whole_valid": True}
IMPLEMENTATIONS = {
    "VX_KERNEL_COLOR_CONVERT": Implementation("pvx_std_color_convert", _color_convert),
    "VX_KERNEL_SCALE_IMAGE": Implementation("pvx_std_scale_image", _scale_image),
    "VX_KERNEL_HALFSCALE_GAUSSIAN": Implementation("pvx_std_halfscale_gaussian", _halfscale_gaussian, border=1),
    "VX_KERNEL_WARP_AFFINE": Implementation("pvx_std_warp_affine", _warp(2), **_SAMPLING),
    "VX_KERNEL_WARP_PERSPECTIVE": Implementation("pvx_std_warp_perspective", _warp(3), **_SAMPLING),
    "VX_KERNEL_REMAP": Implementation("pvx_std_remap", _remap, **_SAMPLING),
    "VX_KERNEL_GAUSSIAN_PYRAMID": Implementation("pvx_std_gaussian_pyramid", _gaussian_pyramid),
    "VX_KERNEL_LAPLACIAN_PYRAMID": Implementation("pvx_std_laplacian_pyramid", _laplacian_pyramid),
    "VX_KERNEL_LAPLACIAN_RECONSTRUCT": Implementation("pvx_std_laplacian_reconstruct", _laplacian_reconstruct),
}
