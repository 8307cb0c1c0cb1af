"""The standard vision kernels: registered in every context from one table (standard_table.ROWS,
the signatures, joined with IMPLEMENTATIONS, the C function and validator of each kernel done),
and the one node creator and one immediate-mode function every vx*Node/vxu* name shares.

A validator reads the node's parameter objects and returns {output index: (format, width,
height)} for images, {output index: {meta attribute: value}} for other objects; it refuses with the precise status and says why. The output's valid rectangle is the
intersection of the inputs', shrunk by the kernel's border under VX_BORDER_UNDEFINED."""
from dataclasses import dataclass

from _pyopenvx import ffi, lib

from . import constants as vx
from .datatypes import SCALAR_TYPES
from .errors import VxError
from .graph import Graph
from .image import format_name
from .kernel import Kernel, Signature
from .node import Node
from .reference import find, type_name
from .scalar import Scalar
from .standard_table import ROWS

U8, S16 = vx.VX_DF_IMAGE_U8, vx.VX_DF_IMAGE_S16
_DIRECTIONS = {"input": vx.VX_INPUT, "output": vx.VX_OUTPUT}
_STATES = {"required": vx.VX_PARAMETER_STATE_REQUIRED, "optional": vx.VX_PARAMETER_STATE_OPTIONAL}
# value arguments of node creators and vxu functions -> the scalar type that carries them
SCALAR_OF_CTYPE = {c: t for t, c in reversed(list(SCALAR_TYPES.items()))}


def parse_signature(text):
    """'0:input:image:required; ...' -> [Signature] in index order."""
    out = []
    for k, item in enumerate(text.split(";")):
        index, direction, kind, state = item.strip().split(":")
        assert int(index) == k, text
        out.append(Signature(_DIRECTIONS[direction], getattr(vx, f"VX_TYPE_{kind.upper()}"), _STATES[state]))
    return out


# -- validators -----------------------------------------------------------------------------------
def _refuse(node, status, why):
    raise VxError(status, f"{node.kernel.kernel_name}: {why}", node)


def _image(node, index, formats):
    img = node.params[index]
    if img.format not in formats:
        _refuse(node, vx.VX_ERROR_INVALID_FORMAT, f"parameter {index} is {format_name(img.format)}, not "
                + " or ".join(format_name(f) for f in formats))
    return img


def _same_size(node, first, *others):
    a = node.params[first]
    for i in others:
        b = node.params[i]
        if (b.width, b.height) != (a.width, a.height):
            _refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"parameter {i} is {b.width}x{b.height}, parameter {first} "
                    f"is {a.width}x{a.height}")
    return a


def _scalar(node, index, data_type, allowed=None):
    s = node.params[index]
    if s.data_type != data_type:
        _refuse(node, vx.VX_ERROR_INVALID_TYPE, f"scalar parameter {index} is a {type_name(s.data_type)}, not a "
                f"{type_name(data_type)}")
    value = s.value
    if allowed is not None and value not in allowed:
        _refuse(node, vx.VX_ERROR_INVALID_VALUE, f"scalar parameter {index} is {value:#x}, not one of "
                + ", ".join(f"{a:#x}" for a in allowed))
    return value


_POLICIES = (vx.VX_CONVERT_POLICY_WRAP, vx.VX_CONVERT_POLICY_SATURATE)
_ROUNDINGS = (vx.VX_ROUND_POLICY_TO_ZERO, vx.VX_ROUND_POLICY_TO_NEAREST_EVEN)


def _out(node, index, fmt, like):
    return {index: (fmt, like.width, like.height)}


def _bitwise(node):
    _image(node, 0, (U8,)), _image(node, 1, (U8,))
    return _out(node, 2, U8, _same_size(node, 0, 1))


def _not(node):
    return _out(node, 1, U8, _image(node, 0, (U8,)))


def _absdiff(node):
    a = _image(node, 0, (U8, S16))
    _image(node, 1, (a.format,))
    return _out(node, 2, a.format, _same_size(node, 0, 1))


def _arithmetic(out_index, scalars):
    """Add, Subtract, Multiply: U8/S16 inputs; U8 output only from two U8 inputs (else S16), an
    S16 output accepted from two U8 inputs. `scalars`: index -> (type, allowed values)."""
    def validate(node):
        a, b = _image(node, 0, (U8, S16)), _image(node, 1, (U8, S16))
        _same_size(node, 0, 1)
        for index, (data_type, allowed) in scalars.items():
            _scalar(node, index, data_type, allowed)
        both_u8 = a.format == b.format == U8
        have = node.params[out_index].format
        fmt = have if both_u8 and have in (U8, S16) else U8 if both_u8 else S16
        return _out(node, out_index, fmt, a)
    return validate


def _multiply(node):
    outputs = _arithmetic(5, {2: (vx.VX_TYPE_FLOAT32, None), 3: (vx.VX_TYPE_ENUM, _POLICIES),
                              4: (vx.VX_TYPE_ENUM, _ROUNDINGS)})(node)
    if node.params[2].value < 0:
        _refuse(node, vx.VX_ERROR_INVALID_VALUE, f"scale {node.params[2].value} is negative")
    return outputs


def _threshold(node):
    a = _image(node, 0, (U8, S16))
    t = node.params[1].desc
    if t.input_format != a.format:
        _refuse(node, vx.VX_ERROR_INVALID_FORMAT, f"the threshold is for {format_name(t.input_format)} input, "
                f"the image is {format_name(a.format)}")
    if t.output_format != U8:
        _refuse(node, vx.VX_ERROR_INVALID_FORMAT, f"threshold output format {format_name(t.output_format)} is not "
                "supported (U8 only)")
    return _out(node, 2, U8, a)


def _table_lookup(node):
    a = _image(node, 0, (U8, S16))
    lut = node.params[1]
    want = vx.VX_TYPE_UINT8 if a.format == U8 else vx.VX_TYPE_INT16
    if lut.data_type != want:
        _refuse(node, vx.VX_ERROR_INVALID_TYPE, f"a {format_name(a.format)} image needs a {type_name(want)} LUT, "
                f"not {type_name(lut.data_type)}")
    if a.format == U8 and lut.count != 256:
        _refuse(node, vx.VX_ERROR_INVALID_VALUE, f"a U8 LUT needs 256 entries, not {lut.count}")
    return _out(node, 2, a.format, a)


def _convert_depth(node):
    a = _image(node, 0, (U8, S16))
    _scalar(node, 2, vx.VX_TYPE_ENUM, _POLICIES)
    shift = _scalar(node, 3, vx.VX_TYPE_INT32)
    if not 0 <= shift < 8:
        _refuse(node, vx.VX_ERROR_INVALID_VALUE, f"shift {shift} is outside 0..7")
    return _out(node, 1, S16 if a.format == U8 else U8, a)


def _filter_u8(node, out_format=U8):
    a = _image(node, 0, (U8,))
    if a.width < 3 or a.height < 3:
        _refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"the input is {a.width}x{a.height}, less than 3x3")
    return _out(node, 1, out_format, a)


# format -> its channels in order (channel k is also VX_CHANNEL_k), and the subsampled ones
_CHANNELS = {
    vx.VX_DF_IMAGE_RGB: (vx.VX_CHANNEL_R, vx.VX_CHANNEL_G, vx.VX_CHANNEL_B),
    vx.VX_DF_IMAGE_RGBX: (vx.VX_CHANNEL_R, vx.VX_CHANNEL_G, vx.VX_CHANNEL_B, vx.VX_CHANNEL_A),
    vx.VX_DF_IMAGE_YUV4: (vx.VX_CHANNEL_Y, vx.VX_CHANNEL_U, vx.VX_CHANNEL_V),
    vx.VX_DF_IMAGE_IYUV: (vx.VX_CHANNEL_Y, vx.VX_CHANNEL_U, vx.VX_CHANNEL_V),
}
_HALVED = {vx.VX_DF_IMAGE_IYUV: (1, 2)}       # channel indices stored at half width and height


def _channel_size(fmt, k, width, height):
    return ((width + 1) // 2, (height + 1) // 2) if k in _HALVED.get(fmt, ()) else (width, height)


def _channel_extract(node):
    a = _image(node, 0, tuple(_CHANNELS))
    named = _CHANNELS[a.format]
    channel = _scalar(node, 1, vx.VX_TYPE_ENUM, named + tuple(vx.VX_CHANNEL_0 + k for k in range(len(named))))
    k = named.index(channel) if channel in named else channel - vx.VX_CHANNEL_0
    return {2: (U8, *_channel_size(a.format, k, a.width, a.height))}


def _channel_combine(node):
    out = node.params[4]
    if out.format not in _CHANNELS:
        _refuse(node, vx.VX_ERROR_INVALID_FORMAT, f"output format {format_name(out.format)} is not "
                + ", ".join(format_name(f) for f in _CHANNELS))
    count = len(_CHANNELS[out.format])
    for k in range(4):
        if (node.params[k] is not None) != (k < count):
            _refuse(node, vx.VX_ERROR_INVALID_PARAMETERS, f"{format_name(out.format)} has {count} channels: "
                    f"plane {k} must be {'set' if k < count else 'absent'}")
    first = _image(node, 0, (U8,))
    for k in range(1, count):
        img = _image(node, k, (U8,))
        want = _channel_size(out.format, k, first.width, first.height)
        if (img.width, img.height) != want:
            _refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"plane {k} is {img.width}x{img.height}, "
                    f"{format_name(out.format)} needs {want[0]}x{want[1]}")
    return _out(node, 4, out.format, first)


def _gradients(out_format):
    def validate(node):
        _image(node, 0, (S16,)), _image(node, 1, (S16,))
        return _out(node, 2, out_format, _same_size(node, 0, 1))
    return validate


def _sobel(node):
    if node.params[1] is None and node.params[2] is None:
        _refuse(node, vx.VX_ERROR_NOT_SUFFICIENT, "neither output is set")
    out = _filter_u8(node, S16)[1]
    return {1: out, 2: out}


# -- color and geometry (csrc/std_geometry.c) -----------------------------------------------------
_RGB = (vx.VX_DF_IMAGE_RGB, vx.VX_DF_IMAGE_RGBX)
_YUV = (vx.VX_DF_IMAGE_NV12, vx.VX_DF_IMAGE_IYUV, vx.VX_DF_IMAGE_YUV4)


def _color_convert(node):
    """RGB <-> RGBX, and between either and NV12, IYUV or YUV4; the output keeps its format."""
    a = _image(node, 0, _RGB + _YUV)
    out = node.params[1]
    targets = tuple(f for f in (_RGB + _YUV if a.format in _RGB else _RGB) if f != a.format)
    if out.format not in targets:
        _refuse(node, vx.VX_ERROR_INVALID_FORMAT, f"{format_name(a.format)} converts to "
                + ", ".join(format_name(f) for f in targets) + f", not {format_name(out.format)}")
    return _out(node, 1, out.format, a)


def _output_size(node, index):
    """The output's own size (geometric kernels cannot infer it)."""
    out = node.params[index]
    if out.width == 0 or out.height == 0:
        _refuse(node, vx.VX_ERROR_INVALID_PARAMETERS, f"output {index} has no size ({out.width}x{out.height})")
    return out


_INTERPOLATIONS = (vx.VX_INTERPOLATION_NEAREST_NEIGHBOR, vx.VX_INTERPOLATION_BILINEAR, vx.VX_INTERPOLATION_AREA)


def _scale_image(node):
    _image(node, 0, (U8,))
    if node.params[2] is not None:
        _scalar(node, 2, vx.VX_TYPE_ENUM, _INTERPOLATIONS)
    return _out(node, 1, U8, _output_size(node, 1))



def _halfscale_gaussian(node):
    a = _image(node, 0, (U8,))
    if node.params[2] is not None:
        _scalar(node, 2, vx.VX_TYPE_INT32, (1, 3, 5))
    return {1: (U8, (a.width + 1) // 2, (a.height + 1) // 2)}


def _sampling(node, index):
    """Warps and Remap: NEAREST_NEIGHBOR or BILINEAR, and a border they support."""
    if node.params[index] is not None:
        _scalar(node, index, vx.VX_TYPE_ENUM, _INTERPOLATIONS[:2])
    mode = node.desc.border.mode
    if mode not in (vx.VX_BORDER_UNDEFINED, vx.VX_BORDER_CONSTANT):
        _refuse(node, vx.VX_ERROR_NOT_SUPPORTED, f"border mode {mode:#x} is not supported (UNDEFINED or CONSTANT)")


def _warp(columns):
    def validate(node):
        _image(node, 0, (U8,))
        m = node.params[1]
        if m.data_type != vx.VX_TYPE_FLOAT32:
            _refuse(node, vx.VX_ERROR_INVALID_TYPE, f"the matrix is of {type_name(m.data_type)}, not VX_TYPE_FLOAT32")
        if (m.columns, m.rows) != (columns, 3):
            _refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"the matrix is {m.columns}x{m.rows}, not {columns}x3")
        _sampling(node, 2)
        return _out(node, 3, U8, _output_size(node, 3))
    return validate


def _remap(node):
    a = _image(node, 0, (U8,))
    table, out = node.params[1], _output_size(node, 3)
    if (table.src_width, table.src_height, table.dst_width, table.dst_height) != (a.width, a.height, out.width,
                                                                                   out.height):
        _refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"the remap maps {table.src_width}x{table.src_height} to "
                f"{table.dst_width}x{table.dst_height}, the images are {a.width}x{a.height} and "
                f"{out.width}x{out.height}")
    _sampling(node, 2)
    return _out(node, 3, U8, out)


def _gaussian_pyramid(node):
    """VX_SCALE_PYRAMID_HALF only (ORB's scale would need an interpolation the spec leaves open)."""
    a = _image(node, 0, (U8,))
    pyramid = node.params[1]
    if pyramid.scale != vx.VX_SCALE_PYRAMID_HALF:
        _refuse(node, vx.VX_ERROR_NOT_SUPPORTED, f"pyramid scale {pyramid.scale} is not supported "
                "(VX_SCALE_PYRAMID_HALF only)")
    return {1: {vx.VX_PYRAMID_FORMAT: U8, vx.VX_PYRAMID_WIDTH: a.width, vx.VX_PYRAMID_HEIGHT: a.height,
                vx.VX_PYRAMID_LEVELS: len(pyramid.levels), vx.VX_PYRAMID_SCALE: pyramid.scale}}


# -- statistics and simple operations (csrc/std_stats.c) --
def _histogram(node):
    _image(node, 0, (U8,))
    return {}                                 # the distribution's bins, offset and range are the caller's


def _equalize_histogram(node):
    return _out(node, 1, U8, _image(node, 0, (U8,)))


def _integral_image(node):
    return _out(node, 1, vx.VX_DF_IMAGE_U32, _image(node, 0, (U8,)))


def _mean_stddev(node):
    _image(node, 0, (U8,))
    return {1: {vx.VX_SCALAR_TYPE: vx.VX_TYPE_FLOAT32}, 2: {vx.VX_SCALAR_TYPE: vx.VX_TYPE_FLOAT32}}


def _min_max(node):
    a = _image(node, 0, (U8, S16))
    _image(node, 1, (a.format,))
    return _out(node, 2, a.format, _same_size(node, 0, 1))


def _minmaxloc(node):
    """Values in the input's type, locations as coordinates (an array without a capacity gets one
    per pixel), counts in VX_TYPE_SIZE (1.3.1) or VX_TYPE_UINT32 (1.0/1.1) scalars."""
    a = _image(node, 0, (U8, S16))
    value_type = vx.VX_TYPE_UINT8 if a.format == U8 else vx.VX_TYPE_INT16
    outputs = {}
    for index in (1, 2):
        outputs[index] = {vx.VX_SCALAR_TYPE: value_type}
    for index in (3, 4):
        capacity = node.params[index].capacity if node.params[index] is not None else 0
        outputs[index] = {vx.VX_ARRAY_ITEMTYPE: vx.VX_TYPE_COORDINATES2D,
                          vx.VX_ARRAY_CAPACITY: capacity or a.width * a.height}
    for index in (5, 6):
        count = node.params[index]
        if count is not None and count.data_type not in (vx.VX_TYPE_SIZE, vx.VX_TYPE_UINT32):
            _refuse(node, vx.VX_ERROR_INVALID_TYPE, f"count parameter {index} is a {type_name(count.data_type)}, "
                    "not a vx_size or vx_uint32")
    return {i: meta for i, meta in outputs.items() if node.params[i] is not None}


def _weighted_average(node):
    _image(node, 0, (U8,)), _image(node, 2, (U8,))
    alpha = _scalar(node, 1, vx.VX_TYPE_FLOAT32)
    if not 0.0 <= alpha <= 1.0:
        _refuse(node, vx.VX_ERROR_INVALID_VALUE, f"alpha {alpha} is outside [0, 1]")
    return _out(node, 3, U8, _same_size(node, 0, 2))


# the object types Copy handles: images plane by plane, arrays by their items, the rest whole
_COPYABLE = (vx.VX_TYPE_IMAGE, vx.VX_TYPE_ARRAY, vx.VX_TYPE_SCALAR, vx.VX_TYPE_LUT, vx.VX_TYPE_DISTRIBUTION,
             vx.VX_TYPE_MATRIX, vx.VX_TYPE_REMAP, vx.VX_TYPE_USER_DATA_OBJECT)


def _copy_of(node, src, dst_index):
    """The output `dst_index` as a copy of `src`: same type, same meta."""
    dst = node.params[dst_index]
    if dst.vx_type != src.vx_type:
        _refuse(node, vx.VX_ERROR_INVALID_TYPE, f"parameter {dst_index} is a {type_name(dst.vx_type)}, the input a "
                f"{type_name(src.vx_type)}")
    if src.vx_type not in _COPYABLE:
        _refuse(node, vx.VX_ERROR_NOT_SUPPORTED, f"copying a {type_name(src.vx_type)} is not supported")
    if src.vx_type != vx.VX_TYPE_IMAGE:
        return {dst_index: src.meta()}
    if src.format == vx.VX_DF_IMAGE_U1:
        _refuse(node, vx.VX_ERROR_NOT_SUPPORTED, "copying a U1 image is not supported")
    return _out(node, dst_index, src.format, src)


def _copy(node):
    return _copy_of(node, node.params[0], 1)


def _select(node):
    """The true and false values alike (type and meta), the output a copy of either."""
    _scalar(node, 0, vx.VX_TYPE_BOOL)
    a, b = node.params[1], node.params[2]
    if b.vx_type != a.vx_type:
        _refuse(node, vx.VX_ERROR_INVALID_TYPE, f"the false value is a {type_name(b.vx_type)}, the true value a "
                f"{type_name(a.vx_type)}")
    if a.vx_type in _COPYABLE and a.meta() != b.meta():
        _refuse(node, vx.VX_ERROR_INVALID_PARAMETERS, f"the true and false values differ: {a.meta()} and {b.meta()}")
    return _copy_of(node, a, 3)


# -- filters over neighbourhoods of any size (csrc/std_filters.c) ---------------------------------
def _convolve(node):
    a = _image(node, 0, (U8,))
    conv = node.params[1]
    if a.width < conv.columns or a.height < conv.rows:
        _refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"the input is {a.width}x{a.height}, less than the "
                f"{conv.columns}x{conv.rows} convolution")
    fmt = node.params[2].format
    if fmt not in (U8, S16):
        _refuse(node, vx.VX_ERROR_INVALID_FORMAT, f"output format {format_name(fmt)} is not U8 or S16")
    return _out(node, 2, fmt, a)


def _convolve_border(node):
    conv = node.params[1]
    return conv.columns // 2, conv.rows // 2


def _non_max_suppression(node):
    a = _image(node, 0, (U8, S16))
    if node.params[1] is not None:
        _image(node, 1, (U8,))
        _same_size(node, 0, 1)
    size = _scalar(node, 2, vx.VX_TYPE_INT32)
    if size < 1 or size % 2 == 0 or size > min(a.width, a.height):
        _refuse(node, vx.VX_ERROR_INVALID_VALUE, f"window size {size} is not odd, positive and at most "
                f"{min(a.width, a.height)} (the input is {a.width}x{a.height})")
    return _out(node, 3, a.format, a)


def _window_border(node):
    """NonMaxSuppression and LBP: half the window size in their parameter 2."""
    return node.params[2].value // 2, node.params[2].value // 2


def _lbp(node):
    a = _image(node, 0, (U8,))
    form = _scalar(node, 1, vx.VX_TYPE_ENUM, (vx.VX_LBP, vx.VX_MLBP, vx.VX_ULBP))
    size = _scalar(node, 2, vx.VX_TYPE_INT8, (5,) if form == vx.VX_MLBP else (3, 5))
    if a.width < size or a.height < size:
        _refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"the input is {a.width}x{a.height}, less than {size}x{size}")
    return _out(node, 3, U8, a)


# -- tensors (csrc/std_tensors.c) ------------------------------------------------------------------
_TENSOR_TYPES = {vx.VX_TYPE_UINT8: 1, vx.VX_TYPE_INT8: 1, vx.VX_TYPE_INT16: 2}      # -> bytes
_TENSOR_POLICY = {2: (vx.VX_TYPE_ENUM, _POLICIES)}


def _tensor_meta(dims, data_type, fixed_point_position):
    return {vx.VX_TENSOR_NUMBER_OF_DIMS: len(dims), vx.VX_TENSOR_DIMS: tuple(dims),
            vx.VX_TENSOR_DATA_TYPE: data_type, vx.VX_TENSOR_FIXED_POINT_POSITION: fixed_point_position}


def _tensor_types(node, indices, types=_TENSOR_TYPES):
    """The tensors at `indices`: one element type of `types` with one fixed point position, from 0
    to the type's bits less one (so the kernels' shifts are defined)."""
    first = node.params[indices[0]]
    for index in indices:
        t = node.params[index]
        if (t.data_type, t.fixed_point_position) != (first.data_type, first.fixed_point_position) or \
                first.data_type not in types or not 0 <= t.fixed_point_position < 8 * _TENSOR_TYPES[t.data_type]:
            _refuse(node, vx.VX_ERROR_INVALID_TYPE, f"tensor parameter {index} is {type_name(t.data_type)} Q"
                    f"{t.fixed_point_position}; parameters {indices} must be one of "
                    + ", ".join(type_name(d) for d in types) + " with one fixed point position below its bits")
    return first


def _tensor_output(node, index, dims, like):
    out = node.params[index]
    if not out.virtual and tuple(out.dims) != tuple(dims):
        _refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"output dimensions {tuple(out.dims)} are not {tuple(dims)}")
    return {index: _tensor_meta(dims, like.data_type, like.fixed_point_position)}


def _tensor_elementwise(out_index, scalars):
    """TensorAdd, TensorSubtract, TensorMultiply: one element type (UINT8, INT8, INT16 of any fixed
    point position) for the three tensors; input dimensions equal or 1 (broadcast); the output has
    their maximum. `scalars`: index -> (type, allowed values)."""
    def validate(node):
        a, b = node.params[0], node.params[1]
        for index, (data_type, allowed) in scalars.items():
            _scalar(node, index, data_type, allowed)
        _tensor_types(node, (0, 1, out_index))
        if len(a.dims) != len(b.dims) or any(x != y and 1 not in (x, y) for x, y in zip(a.dims, b.dims)):
            _refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"input dimensions {a.dims} and {b.dims} neither match "
                    "nor broadcast")
        return _tensor_output(node, out_index, tuple(max(x, y) for x, y in zip(a.dims, b.dims)), a)
    return validate


def _tensor_multiply(node):
    outputs = _tensor_elementwise(5, {2: (vx.VX_TYPE_FLOAT32, None), 3: (vx.VX_TYPE_ENUM, _POLICIES),
                                      4: (vx.VX_TYPE_ENUM, _ROUNDINGS)})(node)
    if not node.params[2].value >= 0:
        _refuse(node, vx.VX_ERROR_INVALID_VALUE, f"scale {node.params[2].value} is not a number >= 0")
    return outputs


def _tensor_table_lookup(node):
    """UINT8 (Q0) tensors with a UINT8 LUT, INT16 tensors with an INT16 LUT; the output is like the input."""
    a, lut = node.params[0], node.params[1]
    _tensor_types(node, (0, 2), (vx.VX_TYPE_UINT8, vx.VX_TYPE_INT16))
    if a.data_type == vx.VX_TYPE_UINT8 and a.fixed_point_position:
        _refuse(node, vx.VX_ERROR_INVALID_TYPE, f"a UINT8 tensor needs fixed point position 0, not {a.fixed_point_position}")
    if lut.data_type != a.data_type:
        _refuse(node, vx.VX_ERROR_INVALID_TYPE, f"a {type_name(a.data_type)} tensor needs a {type_name(a.data_type)} "
                f"LUT, not {type_name(lut.data_type)}")
    return _tensor_output(node, 2, a.dims, a)


def _tensor_convert_depth(node):
    """Between any two of UINT8, INT8, INT16 (any fixed point positions), same dimensions; norm != 0."""
    a, out = node.params[0], node.params[4]
    _scalar(node, 1, vx.VX_TYPE_ENUM, _POLICIES)
    if _scalar(node, 2, vx.VX_TYPE_FLOAT32) == 0:
        _refuse(node, vx.VX_ERROR_INVALID_VALUE, "norm is 0")
    _scalar(node, 3, vx.VX_TYPE_FLOAT32)
    _tensor_types(node, (0,)), _tensor_types(node, (4,))
    return _tensor_output(node, 4, a.dims, out)


def _tensor_transpose(node):
    """Dimensions dimension1 and dimension2 (indices below the input's count) swapped; UINT8, INT8 or
    INT16, the output of the input's type."""
    a = _tensor_types(node, (0, 3))
    dims = list(a.dims)
    d1, d2 = (_scalar(node, i, vx.VX_TYPE_SIZE) for i in (1, 2))
    for index, d in ((1, d1), (2, d2)):
        if d >= len(dims):
            _refuse(node, vx.VX_ERROR_INVALID_VALUE, f"dimension {d} (parameter {index}) is not below {len(dims)}")
    dims[d1], dims[d2] = dims[d2], dims[d1]
    return _tensor_output(node, 3, dims, a)


def _tensor_matrix_multiply(node):
    """2-dimensional tensors (dims[0]: columns) of one type and fixed point position: op(input1) is
    M x K, op(input2) K x N, the optional op(input3) M x N, the output M x N (op: transposed if asked)."""
    present = tuple(i for i in (0, 1, 2, 6) if node.params[i] is not None)
    a = _tensor_types(node, present)
    flags = [_scalar(node, i, vx.VX_TYPE_BOOL, (vx.vx_false_e, vx.vx_true_e)) for i in (3, 4, 5)]
    shapes = {}
    for i, transposed in zip((0, 1, 2), flags):
        t = node.params[i]
        if t is None:
            continue
        if len(t.dims) != 2:
            _refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"tensor parameter {i} has {len(t.dims)} dimensions, not 2")
        columns, rows = t.dims
        shapes[i] = (columns, rows) if transposed else (rows, columns)       # (rows, columns) of op(t)
    (m, k), (k2, n) = shapes[0], shapes[1]
    if k != k2 or shapes.get(2, (m, n)) != (m, n):
        _refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"op(input1) is {m}x{k}, op(input2) {k2}x{n}"
                + (f", op(input3) {shapes[2][0]}x{shapes[2][1]}" if 2 in shapes else "") + " (rows x columns)")
    return _tensor_output(node, 6, (n, m), a)


# -- feature detectors (csrc/std_features.c) --------------------------------------------------------
def _keypoints(node, index, image):
    """A keypoint array output (one keypoint per pixel when it has no capacity yet), and its
    optional count, a vx_size scalar."""
    capacity = node.params[index].capacity
    count = node.params[index + 1]
    if count is not None and count.data_type != vx.VX_TYPE_SIZE:
        _refuse(node, vx.VX_ERROR_INVALID_TYPE, f"count parameter {index + 1} is a {type_name(count.data_type)}, "
                "not a vx_size")
    outputs = {index: {vx.VX_ARRAY_ITEMTYPE: vx.VX_TYPE_KEYPOINT,
                       vx.VX_ARRAY_CAPACITY: capacity or image.width * image.height}}
    if count is not None:
        outputs[index + 1] = {vx.VX_SCALAR_TYPE: vx.VX_TYPE_SIZE}
    return outputs


def _fast_corners(node):
    a = _image(node, 0, (U8,))
    threshold = _scalar(node, 1, vx.VX_TYPE_FLOAT32)
    if not 0.0 <= threshold < 256.0:
        _refuse(node, vx.VX_ERROR_INVALID_VALUE, f"strength threshold {threshold} is outside [0, 256)")
    _scalar(node, 2, vx.VX_TYPE_BOOL)
    return _keypoints(node, 3, a)


def _harris_corners(node):
    a = _image(node, 0, (U8,))
    _scalar(node, 1, vx.VX_TYPE_FLOAT32)
    distance = _scalar(node, 2, vx.VX_TYPE_FLOAT32)
    if not 0.0 <= distance <= 30.0:
        _refuse(node, vx.VX_ERROR_INVALID_VALUE, f"min distance {distance} is outside [0, 30]")
    _scalar(node, 3, vx.VX_TYPE_FLOAT32)
    _scalar(node, 4, vx.VX_TYPE_INT32, (3, 5, 7))
    _scalar(node, 5, vx.VX_TYPE_INT32, (3, 5, 7))
    return _keypoints(node, 6, a)


def _canny_edge_detector(node):
    a = _image(node, 0, (U8,))
    t = node.params[1]
    if t.thresh_type != vx.VX_THRESHOLD_TYPE_RANGE:
        _refuse(node, vx.VX_ERROR_INVALID_TYPE, "the hysteresis threshold is not a VX_THRESHOLD_TYPE_RANGE")
    if t.input_format not in (U8, S16):
        _refuse(node, vx.VX_ERROR_INVALID_FORMAT, f"the threshold is for {format_name(t.input_format)} values, "
                "not U8 or S16")
    size = _scalar(node, 2, vx.VX_TYPE_INT32, (3, 5, 7))
    _scalar(node, 3, vx.VX_TYPE_ENUM, (vx.VX_NORM_L1, vx.VX_NORM_L2))
    if a.width < size or a.height < size:
        _refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"the input is {a.width}x{a.height}, less than {size}x{size}")
    return _out(node, 4, U8, a)


def _canny_border(node):
    """The gradient's half size and one more for the suppression."""
    return node.params[2].value // 2 + 1, node.params[2].value // 2 + 1


@dataclass(frozen=True)
class Implementation:
    function: str                     # the C kernel in csrc/std_*.c
    validate: object                  # node -> {output index: (format, width, height)}
    border: object = 0                # pixels an output loses on each side under VX_BORDER_UNDEFINED,
                                      # or node -> (x, y) of them
    arguments: tuple = None           # per argument of vx*Node/vxu* when not the parameters in order:
                                      # its parameter index, or ((index, field, ctype), ...) for a struct

    def shrink(self, node):
        return self.border(node) if callable(self.border) else (self.border, self.border)


IMPLEMENTATIONS = {
    "VX_KERNEL_AND": Implementation("pvx_std_and", _bitwise),
    "VX_KERNEL_OR": Implementation("pvx_std_or", _bitwise),
    "VX_KERNEL_XOR": Implementation("pvx_std_xor", _bitwise),
    "VX_KERNEL_NOT": Implementation("pvx_std_not", _not),
    "VX_KERNEL_ABSDIFF": Implementation("pvx_std_absdiff", _absdiff),
    "VX_KERNEL_ADD": Implementation("pvx_std_add", _arithmetic(3, {2: (vx.VX_TYPE_ENUM, _POLICIES)})),
    "VX_KERNEL_SUBTRACT": Implementation("pvx_std_subtract", _arithmetic(3, {2: (vx.VX_TYPE_ENUM, _POLICIES)})),
    "VX_KERNEL_MULTIPLY": Implementation("pvx_std_multiply", _multiply),
    "VX_KERNEL_THRESHOLD": Implementation("pvx_std_threshold", _threshold),
    "VX_KERNEL_TABLE_LOOKUP": Implementation("pvx_std_table_lookup", _table_lookup),
    "VX_KERNEL_CONVERTDEPTH": Implementation("pvx_std_convert_depth", _convert_depth),
    "VX_KERNEL_CHANNEL_EXTRACT": Implementation("pvx_std_channel_extract", _channel_extract),
    "VX_KERNEL_CHANNEL_COMBINE": Implementation("pvx_std_channel_combine", _channel_combine),
    "VX_KERNEL_MAGNITUDE": Implementation("pvx_std_magnitude", _gradients(S16)),
    "VX_KERNEL_PHASE": Implementation("pvx_std_phase", _gradients(U8)),
    "VX_KERNEL_BOX_3x3": Implementation("pvx_std_box_3x3", _filter_u8, border=1),
    "VX_KERNEL_GAUSSIAN_3x3": Implementation("pvx_std_gaussian_3x3", _filter_u8, border=1),
    "VX_KERNEL_MEDIAN_3x3": Implementation("pvx_std_median_3x3", _filter_u8, border=1),
    "VX_KERNEL_DILATE_3x3": Implementation("pvx_std_dilate_3x3", _filter_u8, border=1),
    "VX_KERNEL_ERODE_3x3": Implementation("pvx_std_erode_3x3", _filter_u8, border=1),
    "VX_KERNEL_SOBEL_3x3": Implementation("pvx_std_sobel_3x3", _sobel, border=1),
    # statistics and simple operations (csrc/std_stats.c)
    "VX_KERNEL_HISTOGRAM": Implementation("pvx_std_histogram", _histogram),
    "VX_KERNEL_EQUALIZE_HISTOGRAM": Implementation("pvx_std_equalize_histogram", _equalize_histogram),
    "VX_KERNEL_INTEGRAL_IMAGE": Implementation("pvx_std_integral_image", _integral_image),
    "VX_KERNEL_MEAN_STDDEV": Implementation("pvx_std_mean_stddev", _mean_stddev),
    "VX_KERNEL_MINMAXLOC": Implementation("pvx_std_minmaxloc", _minmaxloc),
    "VX_KERNEL_MIN": Implementation("pvx_std_min", _min_max),
    "VX_KERNEL_MAX": Implementation("pvx_std_max", _min_max),
    "VX_KERNEL_WEIGHTED_AVERAGE": Implementation("pvx_std_weighted_average", _weighted_average),
    "VX_KERNEL_COPY": Implementation("pvx_std_copy", _copy),
    "VX_KERNEL_SELECT": Implementation("pvx_std_select", _select),
    "VX_KERNEL_CUSTOM_CONVOLUTION": Implementation("pvx_std_convolve", _convolve, border=_convolve_border),
    "VX_KERNEL_NON_MAX_SUPPRESSION": Implementation("pvx_std_non_max_suppression", _non_max_suppression,
                                                    border=_window_border),
    "VX_KERNEL_LBP": Implementation("pvx_std_lbp", _lbp, border=_window_border),
    "VX_KERNEL_TENSOR_ADD": Implementation("pvx_std_tensor_add", _tensor_elementwise(3, _TENSOR_POLICY)),
    "VX_KERNEL_TENSOR_SUBTRACT": Implementation("pvx_std_tensor_subtract", _tensor_elementwise(3, _TENSOR_POLICY)),
    # the other tensor kernels (csrc/std_tensors.c)
    "VX_KERNEL_TENSOR_MULTIPLY": Implementation("pvx_std_tensor_multiply", _tensor_multiply),
    "VX_KERNEL_TENSOR_TABLE_LOOKUP": Implementation("pvx_std_tensor_table_lookup", _tensor_table_lookup),
    "VX_KERNEL_TENSOR_CONVERT_DEPTH": Implementation("pvx_std_tensor_convert_depth", _tensor_convert_depth),
    "VX_KERNEL_TENSOR_TRANSPOSE": Implementation("pvx_std_tensor_transpose", _tensor_transpose, arguments=(0, 3, 1, 2)),
    "VX_KERNEL_TENSOR_MATRIX_MULTIPLY": Implementation(
        "pvx_std_tensor_matrix_multiply", _tensor_matrix_multiply,
        arguments=(0, 1, 2, tuple((3 + k, f"transpose_input{k + 1}", "vx_bool") for k in range(3)), 6)),
    # color and geometry
    "VX_KERNEL_COLOR_CONVERT": Implementation("pvx_std_color_convert", _color_convert),
    "VX_KERNEL_SCALE_IMAGE": Implementation("pvx_std_scale_image", _scale_image),
    "VX_KERNEL_HALFSCALE_GAUSSIAN": Implementation("pvx_std_halfscale_gaussian", _halfscale_gaussian, border=1),
    "VX_KERNEL_WARP_AFFINE": Implementation("pvx_std_warp_affine", _warp(2)),
    "VX_KERNEL_WARP_PERSPECTIVE": Implementation("pvx_std_warp_perspective", _warp(3)),
    "VX_KERNEL_REMAP": Implementation("pvx_std_remap", _remap),
    "VX_KERNEL_GAUSSIAN_PYRAMID": Implementation("pvx_std_gaussian_pyramid", _gaussian_pyramid),
    # feature detectors (csrc/std_features.c)
    "VX_KERNEL_FAST_CORNERS": Implementation("pvx_std_fast_corners", _fast_corners),
    "VX_KERNEL_HARRIS_CORNERS": Implementation("pvx_std_harris_corners", _harris_corners),
    "VX_KERNEL_CANNY_EDGE_DETECTOR": Implementation("pvx_std_canny_edge_detector", _canny_edge_detector,
                                                    border=_canny_border),
}


@dataclass(frozen=True)
class Row:
    enum_name: str
    kernel_name: str
    node_creator: str
    vxu_function: str
    signature: tuple
    implementation: Implementation

    @property
    def enumeration(self):
        return getattr(vx, self.enum_name)


TABLE = tuple(Row(enum, name, creator, vxu, tuple(parse_signature(params)), IMPLEMENTATIONS[enum])
              for enum, name, creator, vxu, params in ROWS if enum in IMPLEMENTATIONS)


# -- the kernels in a context ---------------------------------------------------------------------
class StandardKernel(Kernel):
    """A standard kernel: published at context creation, never removed."""

    def __init__(self, context, row):
        impl = row.implementation
        function = ffi.cast("vx_kernel_f", ffi.addressof(lib, impl.function))
        super().__init__(context, row.kernel_name, row.enumeration, function, len(row.signature), _validate,
                         ffi.NULL, ffi.NULL)
        self.row = row
        for index, sig in enumerate(row.signature):
            self.add_parameter(index, sig.direction, sig.data_type, sig.state)
        self.finalize()
        self.release()                        # only the registry holds it

    def remove(self, forced=False):
        raise VxError(vx.VX_ERROR_INVALID_PARAMETERS, f"{self} is a standard kernel: it cannot be removed", self)


def register(context):
    for row in TABLE:
        StandardKernel(context, row)


def _validate(c_node, parameters, num, metas):
    """The kernel validator of every standard kernel (called by verify.validate_nodes)."""
    node = find(c_node)
    for index, described in node.kernel.row.implementation.validate(node).items():
        meta = node.metas[index]
        if isinstance(described, dict):           # another object type: its meta attributes
            for attribute, value in described.items():
                meta._store(attribute, value)
            continue
        fmt, width, height = described
        for attribute, value in ((vx.VX_IMAGE_FORMAT, fmt), (vx.VX_IMAGE_WIDTH, width), (vx.VX_IMAGE_HEIGHT, height)):
            meta._store(attribute, value)
        meta.desc.valid_rect_callback = _VALID_RECT
    return vx.VX_SUCCESS


@ffi.callback("vx_kernel_image_valid_rectangle_f")
def _VALID_RECT(c_node, index, inputs, outputs):
    """The intersection of the input images' valid rectangles, each scaled to the output's size
    (ChannelExtract of a half-size plane), shrunk by the border under UNDEFINED."""
    node = find(c_node)
    images = [node.params[i] for i in node.kernel.inputs
              if node.params[i] is not None and node.params[i].vx_type == vx.VX_TYPE_IMAGE]
    out_img = node.params[index]
    w, h = out_img.width, out_img.height
    undefined = node.desc.border.mode == vx.VX_BORDER_UNDEFINED
    shrink_x, shrink_y = node.kernel.row.implementation.shrink(node) if undefined else (0, 0)
    start_x, start_y, end_x, end_y = 0, 0, w, h
    for k, img in enumerate(images):
        r = inputs[k][0]
        start_x = max(start_x, r.start_x * w // img.width)
        start_y = max(start_y, r.start_y * h // img.height)
        end_x = min(end_x, -(-r.end_x * w // img.width))
        end_y = min(end_y, -(-r.end_y * h // img.height))
    out = outputs[0]
    out.start_x, out.start_y = min(start_x + shrink_x, w), min(start_y + shrink_y, h)
    out.end_x, out.end_y = max(out.start_x, end_x - shrink_x), max(out.start_y, end_y - shrink_y)
    return vx.VX_SUCCESS


# -- node creators and immediate mode -------------------------------------------------------------
@dataclass(frozen=True)
class Value:
    """An argument passed by value (vxAddNode's policy, vxuMultiply's scale): the node gets a scalar.
    `result`: a vxu output passed by pointer (vxuMeanStdDev's mean), written after a good run."""
    data_type: int
    ctype: str
    value: object
    result: object = None


def create_node(graph, row, arguments):
    """vx<Kernel>Node: a node of the row's kernel with `arguments` (objects, None, or Values) set in
    order; scalars made from Values are held by the node only."""
    kernel = next(k for k in graph.context.kernels if getattr(k, "row", None) is row)
    node = Node(graph, kernel)
    graph.add_node(node)
    try:
        for index, arg in enumerate(arguments):
            if isinstance(arg, Value):
                scalar = Scalar(graph.context, arg.data_type, ffi.new(f"{arg.ctype} *", arg.value))
                try:
                    node.set_parameter(index, scalar)
                finally:
                    scalar.release()
            elif arg is not None:
                node.set_parameter(index, arg)
    except BaseException:
        graph.remove_node(node)
        node.release()
        raise
    return node


def immediate(context, row, arguments):
    """vxu<Kernel>: a one-node graph with the context's immediate border and target, verified,
    run once and released; the status of the run."""
    graph = Graph(context)
    try:
        node = create_node(graph, row, arguments)
        try:
            node.set_border(context.immediate_border[0])
            node.set_target(context.immediate_target, ffi.NULL)
        finally:
            node.release()                    # the graph holds it
        status = graph.process()
        for index, arg in enumerate(arguments):
            if status == vx.VX_SUCCESS and isinstance(arg, Value) and arg.result not in (None, ffi.NULL):
                arg.result[0] = node.params[index].value
        return status
    finally:
        graph.release()

