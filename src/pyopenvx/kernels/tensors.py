"""Validators of the tensor kernels (csrc/std_tensors.c)."""
from .. import constants as vx
from ..reference import type_name
from .common import refuse, scalar_param, POLICIES, ROUNDINGS, Implementation


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
}
