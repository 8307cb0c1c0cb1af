"""Validators of the feature detectors (csrc/std_features.c): FAST, Harris, Canny."""
from .. import constants as vx
from ..image import format_name
from ..reference import type_name
from .common import refuse, image_param, scalar_param, output_like, U8, S16, Implementation


def _keypoints(node, index, image):
    """A keypoint array output (one keypoint per pixel when it has no capacity yet), and its
    optional count, a vx_size scalar."""
    capacity = node.params[index].capacity
    count = node.params[index + 1]
    if count is not None and count.data_type != vx.VX_TYPE_SIZE:
        refuse(node, vx.VX_ERROR_INVALID_TYPE, f"count parameter {index + 1} is a {type_name(count.data_type)}, "
               "not a vx_size")
    outputs = {index: {vx.VX_ARRAY_ITEMTYPE: vx.VX_TYPE_KEYPOINT,
                       vx.VX_ARRAY_CAPACITY: capacity or image.width * image.height}}
    if count is not None:
        outputs[index + 1] = {vx.VX_SCALAR_TYPE: vx.VX_TYPE_SIZE}
    return outputs


def _fast_corners(node):
    a = image_param(node, 0, (U8,))
    threshold = scalar_param(node, 1, vx.VX_TYPE_FLOAT32)
    if not 0.0 <= threshold < 256.0:
        refuse(node, vx.VX_ERROR_INVALID_VALUE, f"strength threshold {threshold} is outside [0, 256)")
    scalar_param(node, 2, vx.VX_TYPE_BOOL)
    return _keypoints(node, 3, a)


def _harris_corners(node):
    a = image_param(node, 0, (U8,))
    scalar_param(node, 1, vx.VX_TYPE_FLOAT32)
    distance = scalar_param(node, 2, vx.VX_TYPE_FLOAT32)
    if not 0.0 <= distance <= 30.0:
        refuse(node, vx.VX_ERROR_INVALID_VALUE, f"min distance {distance} is outside [0, 30]")
    scalar_param(node, 3, vx.VX_TYPE_FLOAT32)
    scalar_param(node, 4, vx.VX_TYPE_INT32, (3, 5, 7))
    scalar_param(node, 5, vx.VX_TYPE_INT32, (3, 5, 7))
    return _keypoints(node, 6, a)


def _canny_edge_detector(node):
    a = image_param(node, 0, (U8,))
    t = node.params[1]
    if t.thresh_type != vx.VX_THRESHOLD_TYPE_RANGE:
        refuse(node, vx.VX_ERROR_INVALID_TYPE, "the hysteresis threshold is not a VX_THRESHOLD_TYPE_RANGE")
    if t.input_format not in (U8, S16):
        refuse(node, vx.VX_ERROR_INVALID_FORMAT, f"the threshold is for {format_name(t.input_format)} values, "
               "not U8 or S16")
    size = scalar_param(node, 2, vx.VX_TYPE_INT32, (3, 5, 7))
    scalar_param(node, 3, vx.VX_TYPE_ENUM, (vx.VX_NORM_L1, vx.VX_NORM_L2))
    if a.width < size or a.height < size:
        refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"the input is {a.width}x{a.height}, less than {size}x{size}")
    return output_like(node, 4, U8, a)


def _canny_border(node):
    """The gradient's half size and one more for the suppression."""
    return node.params[2].value // 2 + 1, node.params[2].value // 2 + 1


IMPLEMENTATIONS = {
    "VX_KERNEL_FAST_CORNERS": Implementation("pvx_std_fast_corners", _fast_corners),
    "VX_KERNEL_HARRIS_CORNERS": Implementation("pvx_std_harris_corners", _harris_corners),
    "VX_KERNEL_CANNY_EDGE_DETECTOR": Implementation("pvx_std_canny_edge_detector", _canny_edge_detector,
                                                    border=_canny_border),
}
