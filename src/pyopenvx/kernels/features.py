"""Validators of the feature detectors (csrc/kernels/features.c): FAST, Harris, Canny; template matching
(csrc/kernels/match.c), probabilistic Hough lines (csrc/kernels/hough.c), pyramidal Lucas-Kanade
(csrc/kernels/optflow.c)."""
import math

from .. import constants as vx
from ..context import OPTICAL_FLOW_MAX_WINDOW_DIMENSION
from ..objects.image import format_name
from ..reference import type_name
from .common import refuse, image_param, scalar_param, struct_param, output_like, U8, S16, Implementation, StructItem


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
    out = node.params[4].format
    return output_like(node, 4, out if out == vx.VX_DF_IMAGE_U1 else U8, a)


def _canny_border(node):
    """The gradient's half size and one more for the suppression."""
    return node.params[2].value // 2 + 1, node.params[2].value // 2 + 1


_METRICS = tuple(range(vx.VX_COMPARE_HAMMING, vx.VX_COMPARE_CCORR_NORM + 1))


def _match_template(node):
    """A U8 template of at most 65535 pixels within the U8 source; the S16 map is one value per
    position where the template fits ((W - w + 1) x (H - h + 1), what a virtual output gets) or
    the source's size (the positions where the template overhangs get 0)."""
    a, t = image_param(node, 0, (U8,)), image_param(node, 1, (U8,))
    if t.width > a.width or t.height > a.height or t.width * t.height > 65535:
        refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"the template is {t.width}x{t.height}: larger than the "
               f"{a.width}x{a.height} source or than 65535 pixels")
    scalar_param(node, 2, vx.VX_TYPE_ENUM, _METRICS)
    out = node.params[3]
    fits = (a.width - t.width + 1, a.height - t.height + 1)
    if (out.width, out.height) not in (fits, (a.width, a.height), (0, 0)):
        refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"the output is {out.width}x{out.height}, not {fits[0]}x{fits[1]} "
               f"or {a.width}x{a.height}")
    return {3: (S16, out.width or fits[0], out.height or fits[1])}


_HOUGH_CELLS = 1 << 28                    # the accumulator's largest size (1 GiB of counts)


def _hough_lines_p(node):
    """A U8 or U1 binary image; resolutions, threshold, length and gap positive (length and gap may
    be 0), theta_min < theta_max; lines in a VX_TYPE_LINE_2D array (one per pixel when it has no
    capacity yet), their count in a vx_size."""
    a = image_param(node, 0, (U8, vx.VX_DF_IMAGE_U1))
    p = struct_param(node, 1, vx.VX_TYPE_HOUGH_LINES_PARAMS)
    if not (p.rho > 0 and p.theta > 0 and p.threshold > 0 and p.line_length >= 0 and p.line_gap >= 0
            and math.isfinite(p.theta_min) and math.isfinite(p.theta_max) and p.theta_min < p.theta_max):
        refuse(node, vx.VX_ERROR_INVALID_VALUE, f"parameters rho {p.rho}, theta {p.theta}, threshold {p.threshold}, "
               f"line length {p.line_length}, gap {p.line_gap}, theta [{p.theta_min}, {p.theta_max}] are not all "
               "positive (length and gap may be 0) with theta_min < theta_max")
    angles = max(1, int((p.theta_max - p.theta_min) / p.theta))
    if angles * (2 * math.ceil((a.width + a.height) / p.rho) + 3) > _HOUGH_CELLS:
        refuse(node, vx.VX_ERROR_INVALID_VALUE, f"rho {p.rho} and theta {p.theta} ask for an accumulator of more than "
               f"{_HOUGH_CELLS} cells")
    capacity = node.params[2].capacity
    return {2: {vx.VX_ARRAY_ITEMTYPE: vx.VX_TYPE_LINE_2D, vx.VX_ARRAY_CAPACITY: capacity or a.width * a.height},
            3: {vx.VX_SCALAR_TYPE: vx.VX_TYPE_SIZE}}


_TERMINATIONS = (vx.VX_TERM_CRITERIA_ITERATIONS, vx.VX_TERM_CRITERIA_EPSILON, vx.VX_TERM_CRITERIA_BOTH)


def _optical_flow_pyr_lk(node):
    """Two U8 VX_SCALE_PYRAMID_HALF pyramids alike; keypoint arrays (as many estimates as points
    when they are used); a non-negative epsilon; a window (even ones too) from 3 to
    VX_CONTEXT_OPTICAL_FLOW_MAX_WINDOW_DIMENSION. The new points: keypoints, as many as the old."""
    old, new = node.params[0], node.params[1]
    for index, pyramid in ((0, old), (1, new)):
        if pyramid.format != U8:
            refuse(node, vx.VX_ERROR_INVALID_FORMAT, f"pyramid {index} is {format_name(pyramid.format)}, not U8")
        if pyramid.scale != vx.VX_SCALE_PYRAMID_HALF:
            refuse(node, vx.VX_ERROR_NOT_SUPPORTED, f"pyramid {index} has scale {pyramid.scale} "
                   "(VX_SCALE_PYRAMID_HALF only)")
    if (len(new.levels), new.width, new.height) != (len(old.levels), old.width, old.height):
        refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"the pyramids differ: {len(old.levels)} levels of "
               f"{old.width}x{old.height} and {len(new.levels)} of {new.width}x{new.height}")
    for index in (2, 3):
        if node.params[index].item_type != vx.VX_TYPE_KEYPOINT:
            refuse(node, vx.VX_ERROR_INVALID_TYPE, f"array parameter {index} holds "
                   f"{type_name(node.params[index].item_type)}, not keypoints")
    scalar_param(node, 5, vx.VX_TYPE_ENUM, _TERMINATIONS)
    epsilon = scalar_param(node, 6, vx.VX_TYPE_FLOAT32)
    if not epsilon >= 0:
        refuse(node, vx.VX_ERROR_INVALID_VALUE, f"epsilon {epsilon} is negative")
    scalar_param(node, 7, vx.VX_TYPE_UINT32)
    estimate = scalar_param(node, 8, vx.VX_TYPE_BOOL)
    window = scalar_param(node, 9, vx.VX_TYPE_SIZE)
    if not 3 <= window <= OPTICAL_FLOW_MAX_WINDOW_DIMENSION:
        refuse(node, vx.VX_ERROR_INVALID_VALUE, f"window dimension {window} is not from 3 to "
               f"{OPTICAL_FLOW_MAX_WINDOW_DIMENSION}")
    olds, estimates = node.params[2], node.params[3]
    if estimate and not olds.virtual and not estimates.virtual and estimates.num_items != olds.num_items:
        refuse(node, vx.VX_ERROR_INVALID_PARAMETERS, f"{estimates.num_items} estimates for {olds.num_items} points")
    return {4: {vx.VX_ARRAY_ITEMTYPE: vx.VX_TYPE_KEYPOINT, vx.VX_ARRAY_CAPACITY: node.params[4].capacity or
                olds.capacity}}


IMPLEMENTATIONS = {
    "VX_KERNEL_FAST_CORNERS": Implementation("pvx_std_fast_corners", _fast_corners),
    "VX_KERNEL_HARRIS_CORNERS": Implementation("pvx_std_harris_corners", _harris_corners),
    "VX_KERNEL_CANNY_EDGE_DETECTOR": Implementation("pvx_std_canny_edge_detector", _canny_edge_detector,
                                                    border=_canny_border),
    "VX_KERNEL_MATCH_TEMPLATE": Implementation("pvx_std_match_template", _match_template),
    "VX_KERNEL_HOUGH_LINES_P": Implementation("pvx_std_hough_lines_p", _hough_lines_p,
                                              arguments=(0, StructItem(1, vx.VX_TYPE_HOUGH_LINES_PARAMS), 2, 3)),
    "VX_KERNEL_OPTICAL_FLOW_PYR_LK": Implementation("pvx_std_optical_flow_pyr_lk", _optical_flow_pyr_lk),
}
