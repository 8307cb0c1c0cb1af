"""Validators of the tensor kernels (csrc/kernels/tensors.c), of the bilateral filter
(csrc/kernels/bilateral.c) and of HOG, whose cells and features are tensors (csrc/kernels/hog.c)."""

from .. import constants as vx
from ..reference import type_name
from .common import refuse, image_param, scalar_param, struct_param, POLICIES, ROUNDINGS, U8, Implementation, StructItem


_TENSOR_TYPES = {vx.VX_TYPE_UINT8: 1, vx.VX_TYPE_INT8: 1, vx.VX_TYPE_INT16: 2}      # -> bytes
_TENSOR_POLICY = {2: (vx.VX_TYPE_ENUM, POLICIES)}


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
            refuse(node, vx.VX_ERROR_INVALID_TYPE, f"tensor parameter {index} is {type_name(t.data_type)} Q"
                   f"{t.fixed_point_position}; parameters {indices} must be one of "
                   + ", ".join(type_name(d) for d in types) + " with one fixed point position below its bits")
    return first


def _tensor_output(node, index, dims, like):
    out = node.params[index]
    if not out.virtual and tuple(out.dims) != tuple(dims):
        refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"output dimensions {tuple(out.dims)} are not {tuple(dims)}")
    return {index: _tensor_meta(dims, like.data_type, like.fixed_point_position)}


def _tensor_elementwise(out_index, scalars):
    """TensorAdd, TensorSubtract, TensorMultiply: one element type (UINT8, INT8, INT16 of any fixed
    point position) for the three tensors; input dimensions equal or 1 (broadcast); the output has
    their maximum. `scalars`: index -> (type, allowed values)."""
    def validate(node):
        a, b = node.params[0], node.params[1]
        for index, (data_type, allowed) in scalars.items():
            scalar_param(node, index, data_type, allowed)
        _tensor_types(node, (0, 1, out_index))
        if len(a.dims) != len(b.dims) or any(x != y and 1 not in (x, y) for x, y in zip(a.dims, b.dims)):
            refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"input dimensions {a.dims} and {b.dims} neither match "
                   "nor broadcast")
        return _tensor_output(node, out_index, tuple(max(x, y) for x, y in zip(a.dims, b.dims)), a)
    return validate


def _tensor_multiply(node):
    outputs = _tensor_elementwise(5, {2: (vx.VX_TYPE_FLOAT32, None), 3: (vx.VX_TYPE_ENUM, POLICIES),
                                      4: (vx.VX_TYPE_ENUM, ROUNDINGS)})(node)
    if not node.params[2].value >= 0:
        refuse(node, vx.VX_ERROR_INVALID_VALUE, f"scale {node.params[2].value} is not a number >= 0")
    return outputs


def _tensor_table_lookup(node):
    """UINT8 (Q0) tensors with a UINT8 LUT, INT16 tensors with an INT16 LUT; the output is like the input."""
    a, lut = node.params[0], node.params[1]
    _tensor_types(node, (0, 2), (vx.VX_TYPE_UINT8, vx.VX_TYPE_INT16))
    if a.data_type == vx.VX_TYPE_UINT8 and a.fixed_point_position:
        refuse(node, vx.VX_ERROR_INVALID_TYPE, f"a UINT8 tensor needs fixed point position 0, not {a.fixed_point_position}")
    if lut.data_type != a.data_type:
        refuse(node, vx.VX_ERROR_INVALID_TYPE, f"a {type_name(a.data_type)} tensor needs a {type_name(a.data_type)} "
               f"LUT, not {type_name(lut.data_type)}")
    return _tensor_output(node, 2, a.dims, a)


def _tensor_convert_depth(node):
    """Between any two of UINT8, INT8, INT16 (any fixed point positions), same dimensions; norm != 0."""
    a, out = node.params[0], node.params[4]
    scalar_param(node, 1, vx.VX_TYPE_ENUM, POLICIES)
    if scalar_param(node, 2, vx.VX_TYPE_FLOAT32) == 0:
        refuse(node, vx.VX_ERROR_INVALID_VALUE, "norm is 0")
    scalar_param(node, 3, vx.VX_TYPE_FLOAT32)
    _tensor_types(node, (0,)), _tensor_types(node, (4,))
    return _tensor_output(node, 4, a.dims, out)


def _tensor_transpose(node):
    """Dimensions dimension1 and dimension2 (indices below the input's count) swapped; UINT8, INT8 or
    INT16, the output of the input's type."""
    a = _tensor_types(node, (0, 3))
    dims = list(a.dims)
    d1, d2 = (scalar_param(node, i, vx.VX_TYPE_SIZE) for i in (1, 2))
    for index, d in ((1, d1), (2, d2)):
        if d >= len(dims):
            refuse(node, vx.VX_ERROR_INVALID_VALUE, f"dimension {d} (parameter {index}) is not below {len(dims)}")
    dims[d1], dims[d2] = dims[d2], dims[d1]
    return _tensor_output(node, 3, dims, a)


def _tensor_matrix_multiply(node):
    """2-dimensional tensors (dims[0]: columns) of one type and fixed point position: op(input1) is
    M x K, op(input2) K x N, the optional op(input3) M x N, the output M x N (op: transposed if asked)."""
    present = tuple(i for i in (0, 1, 2, 6) if node.params[i] is not None)
    a = _tensor_types(node, present)
    flags = [scalar_param(node, i, vx.VX_TYPE_BOOL, (vx.vx_false_e, vx.vx_true_e)) for i in (3, 4, 5)]
    shapes = {}
    for i, transposed in zip((0, 1, 2), flags):
        t = node.params[i]
        if t is None:
            continue
        if len(t.dims) != 2:
            refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"tensor parameter {i} has {len(t.dims)} dimensions, not 2")
        columns, rows = t.dims
        shapes[i] = (columns, rows) if transposed else (rows, columns)       # (rows, columns) of op(t)
    (m, k), (k2, n) = shapes[0], shapes[1]
    if k != k2 or shapes.get(2, (m, n)) != (m, n):
        refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"op(input1) is {m}x{k}, op(input2) {k2}x{n}"
               + (f", op(input3) {shapes[2][0]}x{shapes[2][1]}" if 2 in shapes else "") + " (rows x columns)")
    return _tensor_output(node, 6, (n, m), a)


def _bilateral_filter(node):
    """U8 or S16 tensors (any fixed point position, read as integers) of [width, height] or
    [channels (1 to 3: 3, a colour image), width, height], alike; an odd diameter from 3 to 9,
    positive sigmas."""
    src = _tensor_types(node, (0, 4), {vx.VX_TYPE_UINT8: 1, vx.VX_TYPE_INT16: 2})
    if len(src.dims) not in (2, 3) or (len(src.dims) == 3 and src.dims[0] not in (1, 2, 3)):
        refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"the source is {tuple(src.dims)}, not [width, height] or "
               "[1 to 3, width, height]")
    diameter = scalar_param(node, 1, vx.VX_TYPE_INT32)
    if diameter not in (3, 5, 7, 9):
        refuse(node, vx.VX_ERROR_INVALID_VALUE, f"diameter {diameter} is not odd from 3 to 9")
    for index in (2, 3):
        if not scalar_param(node, index, vx.VX_TYPE_FLOAT32) > 0:
            refuse(node, vx.VX_ERROR_INVALID_VALUE, f"sigma parameter {index} is not positive")
    return _tensor_output(node, 4, src.dims, src)


def _int16_tensor(node, index, dims):
    """An INT16 tensor of `dims` (any fixed point position from 0 to 15), as input or output."""
    t = node.params[index]
    if t.data_type != vx.VX_TYPE_INT16 or not 0 <= t.fixed_point_position < 16:
        refuse(node, vx.VX_ERROR_INVALID_TYPE, f"tensor parameter {index} is {type_name(t.data_type)} Q"
               f"{t.fixed_point_position}, not int16 of a fixed point position from 0 to 15")
    if index not in node.kernel.outputs and tuple(t.dims) != tuple(dims):
        refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"tensor parameter {index} is {tuple(t.dims)}, not {tuple(dims)}")
    return _tensor_output(node, index, dims, t) if index in node.kernel.outputs else {}


def _hog_cells(node):
    """Cells of a positive size within the U8 input, a positive bin count: average magnitudes
    [cells x, cells y] and bins [cells x, cells y, bins]."""
    a = image_param(node, 0, (U8,))
    cw, ch, bins = (scalar_param(node, i, vx.VX_TYPE_INT32) for i in (1, 2, 3))
    if not (0 < cw <= a.width and 0 < ch <= a.height and bins > 0):
        refuse(node, vx.VX_ERROR_INVALID_VALUE, f"cells of {cw}x{ch} in the {a.width}x{a.height} input, {bins} bins: "
               "not positive, or larger than the input")
    cells = (a.width // cw, a.height // ch)
    return {**_int16_tensor(node, 4, cells), **_int16_tensor(node, 5, cells + (bins,))}


def _hog_features(node):
    """vx_hog_t: blocks of whole cells, strides of whole cells, windows holding a
    block within the input, a positive threshold; the cells' tensors as HOGCells makes them. The
    features: [windows x, windows y, blocks per window x cells per block x bins]."""
    a = image_param(node, 0, (U8,))
    h = struct_param(node, 3, vx.VX_TYPE_HOG_PARAMS)
    scalar_param(node, 4, vx.VX_TYPE_SIZE)    # (any value: the conformance tests pass 1, not the struct's size)
    sizes = (h.cell_width, h.cell_height, h.block_width, h.block_height, h.block_stride, h.num_bins, h.window_width,
             h.window_height, h.window_stride)
    if not (min(sizes) > 0 and h.threshold > 0 and h.block_width % h.cell_width == 0
            and h.block_height % h.cell_height == 0
            and all(s % h.cell_width == 0 and s % h.cell_height == 0 for s in (h.block_stride, h.window_stride))
            and h.block_width <= h.window_width <= a.width and h.block_height <= h.window_height <= a.height):
        refuse(node, vx.VX_ERROR_INVALID_VALUE, f"HOG parameters {sizes}, threshold {h.threshold}: blocks and strides "
               "must be whole cells, windows hold a block within the input, all positive")
    cells = (a.width // h.cell_width, a.height // h.cell_height)
    _int16_tensor(node, 1, cells), _int16_tensor(node, 2, cells + (h.num_bins,))
    blocks = ((h.window_width - h.block_width) // h.block_stride + 1) * \
        ((h.window_height - h.block_height) // h.block_stride + 1)
    per_block = (h.block_width // h.cell_width) * (h.block_height // h.cell_height) * h.num_bins
    windows = ((a.width - h.window_width) // h.window_stride + 1, (a.height - h.window_height) // h.window_stride + 1)
    return _int16_tensor(node, 5, windows + (blocks * per_block,))


IMPLEMENTATIONS = {
    "VX_KERNEL_TENSOR_ADD": Implementation("pvx_std_tensor_add", _tensor_elementwise(3, _TENSOR_POLICY)),
    "VX_KERNEL_TENSOR_SUBTRACT": Implementation("pvx_std_tensor_subtract", _tensor_elementwise(3, _TENSOR_POLICY)),
    "VX_KERNEL_TENSOR_MULTIPLY": Implementation("pvx_std_tensor_multiply", _tensor_multiply),
    "VX_KERNEL_TENSOR_TABLE_LOOKUP": Implementation("pvx_std_tensor_table_lookup", _tensor_table_lookup),
    "VX_KERNEL_TENSOR_CONVERT_DEPTH": Implementation("pvx_std_tensor_convert_depth", _tensor_convert_depth),
    "VX_KERNEL_TENSOR_TRANSPOSE": Implementation("pvx_std_tensor_transpose", _tensor_transpose, arguments=(0, 3, 1, 2)),
    "VX_KERNEL_TENSOR_MATRIX_MULTIPLY": Implementation(
        "pvx_std_tensor_matrix_multiply", _tensor_matrix_multiply,
        arguments=(0, 1, 2, tuple((3 + k, f"transpose_input{k + 1}", "vx_bool") for k in range(3)), 6)),
    "VX_KERNEL_BILATERAL_FILTER": Implementation("pvx_std_bilateral_filter", _bilateral_filter),
    "VX_KERNEL_HOG_CELLS": Implementation("pvx_std_hog_cells", _hog_cells),
    "VX_KERNEL_HOG_FEATURES": Implementation("pvx_std_hog_features", _hog_features,
                                             arguments=(0, 1, 2, StructItem(3, vx.VX_TYPE_HOG_PARAMS), 4, 5)),
}
