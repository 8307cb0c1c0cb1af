"""Validators of statistics and simple operations (csrc/kernels/stats.c): histogram, equalization,
integral image, mean and deviation, min/max (and their locations), weighted average, copy, swap and
move (vx_khr_swap_move), select, scalar operations."""
from .. import constants as vx
from ..objects.parts import items_of, lineage
from ..reference import type_name
from .common import refuse, image_param, same_size, scalar_param, output_like, U8, S16, Implementation


def _histogram(node):
    image_param(node, 0, (U8,))
    return {}                                 # the distribution's bins, offset and range are the caller's


def _equalize_histogram(node):
    return output_like(node, 1, U8, image_param(node, 0, (U8,)))


def _integral_image(node):
    return output_like(node, 1, vx.VX_DF_IMAGE_U32, image_param(node, 0, (U8,)))


def _mean_stddev(node):
    image_param(node, 0, (U8, vx.VX_DF_IMAGE_U1))
    return {1: {vx.VX_SCALAR_TYPE: vx.VX_TYPE_FLOAT32}, 2: {vx.VX_SCALAR_TYPE: vx.VX_TYPE_FLOAT32}}


def _min_max(node):
    a = image_param(node, 0, (U8, S16))
    image_param(node, 1, (a.format,))
    return output_like(node, 2, a.format, same_size(node, 0, 1))


def _minmaxloc(node):
    """Values in the input's type, locations as coordinates (an array without a capacity gets one
    per pixel), counts in VX_TYPE_SIZE (1.3.1) or VX_TYPE_UINT32 (1.0/1.1) scalars."""
    a = image_param(node, 0, (U8, S16))
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
            refuse(node, vx.VX_ERROR_INVALID_TYPE, f"count parameter {index} is a {type_name(count.data_type)}, "
                   "not a vx_size or vx_uint32")
    return {i: meta for i, meta in outputs.items() if node.params[i] is not None}


def _weighted_average(node):
    image_param(node, 0, (U8,)), image_param(node, 2, (U8,))
    alpha = scalar_param(node, 1, vx.VX_TYPE_FLOAT32)
    if not 0.0 <= alpha <= 1.0:
        refuse(node, vx.VX_ERROR_INVALID_VALUE, f"alpha {alpha} is outside [0, 1]")
    return output_like(node, 3, U8, same_size(node, 0, 2))


# the object types Copy, Select, Swap and Move handle: images plane by plane, arrays by their
# items, tensors element by element (views too), containers part by part, thresholds their values,
# convolutions their coefficients and scale, the rest whole
_COPYABLE = (vx.VX_TYPE_IMAGE, vx.VX_TYPE_ARRAY, vx.VX_TYPE_SCALAR, vx.VX_TYPE_LUT, vx.VX_TYPE_DISTRIBUTION,
             vx.VX_TYPE_MATRIX, vx.VX_TYPE_REMAP, vx.VX_TYPE_USER_DATA_OBJECT, vx.VX_TYPE_CONVOLUTION,
             vx.VX_TYPE_TENSOR, vx.VX_TYPE_THRESHOLD, vx.VX_TYPE_PYRAMID, vx.VX_TYPE_OBJECT_ARRAY)


def _full_meta(obj):
    """What two objects exchanging their contents must share: type, meta, and their parts'."""
    return obj.vx_type, obj.meta(), [_full_meta(part) for part in items_of(obj) or ()]


def _copy_of(node, src, dst_index, types=_COPYABLE, mismatch=vx.VX_ERROR_INVALID_TYPE):
    """The output `dst_index` as a copy of `src`: same type, same meta (a real container: its parts
    alike too)."""
    dst = node.params[dst_index]
    if dst.vx_type != src.vx_type:
        refuse(node, mismatch, f"parameter {dst_index} is a {type_name(dst.vx_type)}, the input a "
               f"{type_name(src.vx_type)}")
    if src.vx_type not in types:
        refuse(node, vx.VX_ERROR_NOT_SUPPORTED, f"copying a {type_name(src.vx_type)} is not supported")
    if src.vx_type in (vx.VX_TYPE_PYRAMID, vx.VX_TYPE_OBJECT_ARRAY) and not dst.virtual \
            and _full_meta(dst) != _full_meta(src):
        refuse(node, vx.VX_ERROR_NOT_COMPATIBLE, f"the parts of {dst} differ from those of {src}")
    if src.vx_type != vx.VX_TYPE_IMAGE:
        return {dst_index: src.meta()}
    return output_like(node, dst_index, src.format, src)


def _copy(node):
    return _copy_of(node, node.params[0], 1)


# Swap and Move exchange the bytes in place (views of the objects see it); views themselves
# (their bytes are not all theirs) are refused
_SWAPPABLE = _COPYABLE


def _exchanged(node, index):
    obj = node.params[index]
    if obj.vx_type not in _SWAPPABLE:
        refuse(node, vx.VX_ERROR_NOT_SUPPORTED, f"parameter {index}: exchanging a {type_name(obj.vx_type)} is not "
               "supported")
    if getattr(obj, "parent_image", None) is not None or getattr(obj, "viewed", None) is not None:
        refuse(node, vx.VX_ERROR_NOT_SUPPORTED, f"parameter {index}: {obj} is a view of another object")
    if obj.vx_type == vx.VX_TYPE_IMAGE and obj.format == vx.VX_DF_IMAGE_U1:
        refuse(node, vx.VX_ERROR_NOT_SUPPORTED, f"parameter {index}: exchanging a U1 image is not supported")
    return obj


def _swap(node):
    """Both objects alike (type and meta, parts included); no meta format (both bidirectional)."""
    a, b = _exchanged(node, 0), _exchanged(node, 1)
    if _full_meta(a) != _full_meta(b):
        refuse(node, vx.VX_ERROR_NOT_COMPATIBLE, f"{a} and {b} differ in type or meta data")
    return {}


def _move(node):
    """The second like the first: checked (NOT_COMPATIBLE), or given to a virtual second as Copy does
    (a virtual object array's items are as created: checked too). The first's contents are
    unspecified after the move, so no other node may read it (VX_ERROR_INVALID_GRAPH)."""
    first, second = _exchanged(node, 0), _exchanged(node, 1)
    within = set(lineage(first))
    for reader, index, obj, parts, _ in node.graph.inputs:
        if reader is not node and (first in parts or obj in within):
            refuse(node, vx.VX_ERROR_INVALID_GRAPH, f"{first} is moved from, but {reader} parameter {index} reads it")
    if not second.virtual or second.vx_type == vx.VX_TYPE_OBJECT_ARRAY:
        _swap(node)
    return _copy_of(node, first, 1, _SWAPPABLE, vx.VX_ERROR_NOT_COMPATIBLE)


def _select(node):
    """The true and false values alike (type and meta), the output a copy of either."""
    scalar_param(node, 0, vx.VX_TYPE_BOOL)
    a, b = node.params[1], node.params[2]
    if b.vx_type != a.vx_type:
        refuse(node, vx.VX_ERROR_INVALID_TYPE, f"the false value is a {type_name(b.vx_type)}, the true value a "
               f"{type_name(a.vx_type)}")
    if a.vx_type in _COPYABLE and _full_meta(a) != _full_meta(b):
        refuse(node, vx.VX_ERROR_INVALID_PARAMETERS, f"the true and false values differ: {a.meta()} and {b.meta()}")
    return _copy_of(node, a, 3)


_NUMBERS = (vx.VX_TYPE_INT8, vx.VX_TYPE_UINT8, vx.VX_TYPE_INT16, vx.VX_TYPE_UINT16, vx.VX_TYPE_INT32,
            vx.VX_TYPE_UINT32, vx.VX_TYPE_SIZE, vx.VX_TYPE_FLOAT32)
_LOGICAL = (vx.VX_SCALAR_OP_AND, vx.VX_SCALAR_OP_OR, vx.VX_SCALAR_OP_XOR, vx.VX_SCALAR_OP_NAND)
_COMPARISONS = tuple(range(vx.VX_SCALAR_OP_EQUAL, vx.VX_SCALAR_OP_GREATEREQ + 1))
_ARITHMETIC = tuple(range(vx.VX_SCALAR_OP_ADD, vx.VX_SCALAR_OP_MAX + 1))
# C's usual arithmetic conversions of two integer types: their common type (ranked by conversion)
_RANK = (vx.VX_TYPE_INT32, vx.VX_TYPE_UINT32, vx.VX_TYPE_SIZE)


def _common_type(a, b):
    if vx.VX_TYPE_FLOAT32 in (a, b):
        return vx.VX_TYPE_FLOAT32
    return max((t if t in _RANK else vx.VX_TYPE_INT32 for t in (a, b)), key=_RANK.index)


def _scalar_operation(node):
    """Logical operations on bools give a bool, comparisons of numbers a bool, arithmetic of
    numbers (modulus: integers) a number; a virtual output of arithmetic gets C's common type."""
    op = scalar_param(node, 0, vx.VX_TYPE_ENUM, _LOGICAL + _COMPARISONS + _ARITHMETIC)
    a, b, out = node.params[1].data_type, node.params[2].data_type, node.params[3]
    operands = (vx.VX_TYPE_BOOL,) if op in _LOGICAL else _NUMBERS
    if op == vx.VX_SCALAR_OP_MODULUS:
        operands = _NUMBERS[:-1]
    for index, t in ((1, a), (2, b)):
        if t not in operands:
            refuse(node, vx.VX_ERROR_INVALID_TYPE, f"operand {index} is a {type_name(t)}, not one of "
                   + ", ".join(type_name(o) for o in operands))
    allowed = _NUMBERS if op in _ARITHMETIC else (vx.VX_TYPE_BOOL,)
    if out.data_type not in allowed + (vx.VX_TYPE_INVALID,):   # INVALID: a virtual output to infer
        refuse(node, vx.VX_ERROR_INVALID_TYPE, f"the output is a {type_name(out.data_type)}, not one of "
               + ", ".join(type_name(o) for o in allowed))
    result = out.data_type if out.data_type != vx.VX_TYPE_INVALID else \
        _common_type(a, b) if op in _ARITHMETIC else vx.VX_TYPE_BOOL
    return {3: {vx.VX_SCALAR_TYPE: result}}


IMPLEMENTATIONS = {
    "VX_KERNEL_HISTOGRAM": Implementation("pvx_std_histogram", _histogram),
    "VX_KERNEL_EQUALIZE_HISTOGRAM": Implementation("pvx_std_equalize_histogram", _equalize_histogram),
    "VX_KERNEL_INTEGRAL_IMAGE": Implementation("pvx_std_integral_image", _integral_image),
    "VX_KERNEL_MEAN_STDDEV": Implementation("pvx_std_mean_stddev", _mean_stddev),
    "VX_KERNEL_MINMAXLOC": Implementation("pvx_std_minmaxloc", _minmaxloc),
    "VX_KERNEL_MIN": Implementation("pvx_std_min", _min_max),
    "VX_KERNEL_MAX": Implementation("pvx_std_max", _min_max),
    "VX_KERNEL_WEIGHTED_AVERAGE": Implementation("pvx_std_weighted_average", _weighted_average),
    "VX_KERNEL_COPY": Implementation("pvx_std_copy", _copy),
    "VX_KERNEL_SWAP": Implementation("pvx_std_swap", _swap),
    "VX_KERNEL_MOVE": Implementation("pvx_std_swap", _move),
    "VX_KERNEL_SELECT": Implementation("pvx_std_select", _select),
    "VX_KERNEL_SCALAR_OPERATION": Implementation("pvx_std_scalar_operation", _scalar_operation),
}
