"""Validators of the neural network layers (vx_khr_nn.h; C in csrc/nn/nn.c).

Tensors are Q7.8 (INT16, fixed point position 8), INT8 or UINT8 (position 0), one of them for every
tensor of a layer. Spatial layers read [width, height, #IFM, #batches...]. The convolution and
pooling skip (stride), and the deconvolution upscale, are not parameters: they follow from the
output's dimensions (the smallest that fits), so a given output is checked and an output without
dimensions gets skip 1 (deconvolution: upscale a + 1)."""
from math import prod

from .. import constants as vx
from ..reference import type_name
from .common import refuse, scalar_param, POLICIES, ROUNDINGS, Implementation
from .tensors import _tensor_output

_NN_TYPES = ((vx.VX_TYPE_INT16, 8), (vx.VX_TYPE_INT8, 0), (vx.VX_TYPE_UINT8, 0))
_DS_ROUNDINGS = (vx.VX_NN_DS_SIZE_ROUNDING_FLOOR, vx.VX_NN_DS_SIZE_ROUNDING_CEILING)
_POOLINGS = (vx.VX_NN_POOLING_MAX, vx.VX_NN_POOLING_AVG)
_NORMALIZATIONS = (vx.VX_NN_NORMALIZATION_SAME_MAP, vx.VX_NN_NORMALIZATION_ACROSS_MAPS)
_ACTIVATIONS = tuple(range(vx.VX_NN_ACTIVATION_LOGISTIC, vx.VX_NN_ACTIVATION_LINEAR + 1))
_SPATIAL_RANKS = range(3, 7)                      # [width, height, #IFM] and up to 3 batch dimensions


def _nn_types(node, indices):
    """The tensors present at `indices`: one of Q7.8, INT8, UINT8, the same for all (a virtual
    output without a type gets it)."""
    present = [i for i in indices if node.params[i] is not None
               and not (node.params[i].virtual and node.params[i].data_type == vx.VX_TYPE_INVALID)]
    first = node.params[present[0]]
    kind = (first.data_type, first.fixed_point_position)
    for i in present:
        t = node.params[i]
        if (t.data_type, t.fixed_point_position) != kind or kind not in _NN_TYPES:
            refuse(node, vx.VX_ERROR_INVALID_TYPE, f"tensor parameter {i} is {type_name(t.data_type)} Q"
                   f"{t.fixed_point_position}; parameters {present} must all be INT16 Q8 (Q7.8), INT8 Q0 or UINT8 Q0")
    return first


def _rank(node, index, ranks):
    t = node.params[index]
    if len(t.dims) not in ranks:
        refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"tensor parameter {index} has {len(t.dims)} dimensions, not "
               + " or ".join(map(str, ranks)))
    return t.dims


def _sizes(node, *indices):
    return [scalar_param(node, i, vx.VX_TYPE_SIZE) for i in indices]


def _given(node, index, rank):
    """The output's dimensions when it has them all (a virtual output may not)."""
    dims = tuple(node.params[index].dims)
    return dims if len(dims) == rank and all(dims) else None


def _down_scaled(node, out_index, in_dims, kernel, pads, dilations, ceiling):
    """Output width and height of a convolution or pooling: for a given output, a skip s >= 1 must
    give it (round((in + 2 pad - k - (k - 1) dilation) / s) + 1, round per `ceiling`)."""
    given = _given(node, out_index, len(in_dims))
    sizes = []
    for axis, (n, k, pad, dilation) in enumerate(zip(in_dims, kernel, pads, dilations)):
        span = n + 2 * pad - k - (k - 1) * dilation
        if span < 0:
            refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"the kernel ({k}, dilation {dilation}) is larger than "
                   f"dimension {axis} padded ({n} + 2 x {pad})")
        if given is None:
            sizes.append(span + 1)
            continue
        if not any((-(-span // s) if ceiling else span // s) + 1 == given[axis] for s in range(1, span + 2)):
            refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"no skip gives output dimension {axis} = {given[axis]} "
                   f"from {n} (+2 x {pad} padding, kernel {k}, dilation {dilation})")
        sizes.append(given[axis])
    return sizes


def _biases(node, index, *layouts):
    b = node.params[index]
    if b is not None and tuple(b.dims) not in layouts:
        refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"biases {tuple(b.dims)} are not " + " or ".join(map(str, layouts)))


def _weights_for(node, x_dims):
    w = _rank(node, 1, (4,))
    if w[2] != x_dims[2]:
        refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"weights {tuple(w)} are for {w[2]} input maps, inputs have "
               f"{x_dims[2]}")
    return w


def _convolution(node):
    """Outputs [width', height', #OFM, batches] from weights [kx, ky, #IFM, #OFM]; biases [#OFM] or
    [width', height', #OFM]."""
    pad_x, pad_y = _sizes(node, 3, 4)
    scalar_param(node, 5, vx.VX_TYPE_ENUM, POLICIES)
    scalar_param(node, 6, vx.VX_TYPE_ENUM, ROUNDINGS)
    ceiling = scalar_param(node, 7, vx.VX_TYPE_ENUM, _DS_ROUNDINGS) == vx.VX_NN_DS_SIZE_ROUNDING_CEILING
    dilation = _sizes(node, 8, 9)
    x = _nn_types(node, (0, 1, 2, 10))
    dims = _rank(node, 0, _SPATIAL_RANKS)
    kx, ky, _, ofm = _weights_for(node, dims)
    width, height = _down_scaled(node, 10, dims, (kx, ky), (pad_x, pad_y), dilation, ceiling)
    _biases(node, 2, (ofm,), (width, height, ofm))
    return _tensor_output(node, 10, (width, height, ofm, *dims[3:]), x)


def _deconvolution(node):
    """Outputs (in - 1) x upscale - 2 pad + k + a per axis, the upscale an integer above a; the
    padding below the kernel size; biases [#OFM] or [width', height', #OFM] (as the convolution's)."""
    pads = _sizes(node, 3, 4)
    scalar_param(node, 5, vx.VX_TYPE_ENUM, POLICIES)
    scalar_param(node, 6, vx.VX_TYPE_ENUM, ROUNDINGS)
    extra = _sizes(node, 7, 8)
    x = _nn_types(node, (0, 1, 2, 9))
    dims = _rank(node, 0, _SPATIAL_RANKS)
    w = _weights_for(node, dims)
    given = _given(node, 9, len(dims))
    sizes = []
    for axis in (0, 1):
        n, k, pad, a = dims[axis], w[axis], pads[axis], extra[axis]
        if pad >= k:
            refuse(node, vx.VX_ERROR_INVALID_VALUE, f"padding {pad} is not below the kernel size {k} (axis {axis})")
        out = given[axis] if given else (n - 1) * (a + 1) - 2 * pad + k + a
        rest = out + 2 * pad - k - a                              # (in - 1) x upscale
        fits = rest == 0 if n == 1 else rest > 0 and rest % (n - 1) == 0 and rest // (n - 1) > a
        if out <= 0 or not fits:
            refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"no upscale above a = {a} gives output dimension {axis} = "
                   f"{out} from {n} (kernel {k}, padding {pad})")
        sizes.append(out)
    _biases(node, 2, (w[3],), (*sizes, w[3]))
    return _tensor_output(node, 9, (*sizes, w[3], *dims[3:]), x)


def _fully_connected(node):
    """Inputs [#IFM, batches...] or [width, height, #IFM, batches...] against weights [#IFM (or
    width x height x #IFM), #OFM] or [width, height, #IFM, #OFM]: outputs [#OFM, batches...]; biases
    [#OFM]. When both readings of the input fit (height and #IFM 1), the output's rank decides."""
    scalar_param(node, 3, vx.VX_TYPE_ENUM, POLICIES)
    scalar_param(node, 4, vx.VX_TYPE_ENUM, ROUNDINGS)
    x = _nn_types(node, (0, 1, 2, 5))
    w = _rank(node, 1, (2, 4))
    dims, ofm = tuple(x.dims), w[-1]
    cores = [1, 3] if len(w) == 2 else [3]
    fits = [c for c in cores
            if len(dims) >= c and prod(dims[:c]) == prod(w[:-1]) and (len(w) == 2 or dims[:3] == tuple(w[:3]))]
    given = node.params[5].dims
    if len(fits) > 1 and given:
        fits = [c for c in fits if 1 + len(dims) - c == len(given)] or fits
    if not fits:
        refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"inputs {dims} do not give the weights' {tuple(w[:-1])} inputs")
    _biases(node, 2, (ofm,))
    return _tensor_output(node, 5, (ofm, *dims[fits[0]:]), x)


def _pooling(node):
    scalar_param(node, 1, vx.VX_TYPE_ENUM, _POOLINGS)
    size = _sizes(node, 2, 3)
    pads = _sizes(node, 4, 5)
    ceiling = scalar_param(node, 6, vx.VX_TYPE_ENUM, _DS_ROUNDINGS) == vx.VX_NN_DS_SIZE_ROUNDING_CEILING
    x = _nn_types(node, (0, 7))
    dims = _rank(node, 0, _SPATIAL_RANKS)
    if 0 in size:
        refuse(node, vx.VX_ERROR_INVALID_VALUE, f"pooling size {size} is empty")
    width, height = _down_scaled(node, 7, dims, size, pads, (0, 0), ceiling)
    return _tensor_output(node, 7, (width, height, *dims[2:]), x)


def _softmax(node):
    """Over dimension 0 of 1 or 2 dimensions, over dimension 2 of 3 or 4."""
    x = _nn_types(node, (0, 1))
    _rank(node, 0, range(1, 5))
    return _tensor_output(node, 1, x.dims, x)


def _normalization(node):
    """vxLocalResponseNormalizationLayer (bias at 5) and vxNormalizationLayer (none: 1): an odd size
    from 3 to 7, alpha, beta and bias > 0."""
    scalar_param(node, 1, vx.VX_TYPE_ENUM, _NORMALIZATIONS)
    size, = _sizes(node, 2)
    if size not in (3, 5, 7):
        refuse(node, vx.VX_ERROR_INVALID_VALUE, f"normalization size {size} is not 3, 5 or 7")
    out = len(node.params) - 1
    for index in range(3, out):
        if not scalar_param(node, index, vx.VX_TYPE_FLOAT32) > 0:
            refuse(node, vx.VX_ERROR_INVALID_VALUE, f"scalar parameter {index} is {node.params[index].value}, not > 0")
    x = _nn_types(node, (0, out))
    _rank(node, 0, _SPATIAL_RANKS)
    return _tensor_output(node, out, x.dims, x)


def _activation(node):
    """Any function of vx_nn_activation_function_e; a and b >= 0 (the extension asks for positive
    parameters; 0 is what unused ones are given)."""
    scalar_param(node, 1, vx.VX_TYPE_ENUM, _ACTIVATIONS)
    for index in (2, 3):
        if not scalar_param(node, index, vx.VX_TYPE_FLOAT32) >= 0:
            refuse(node, vx.VX_ERROR_INVALID_VALUE, f"scalar parameter {index} is {node.params[index].value}, not >= 0")
    x = _nn_types(node, (0, 4))
    return _tensor_output(node, 4, x.dims, x)


def _roi_pooling(node):
    """Inputs [width, height, #IFM (, batches)], rois [4, count (, batches)] (x1, y1, x2, y2: integer
    coordinates in the inputs' type, not scaled by its fixed point position): outputs [pooled width, pooled height, #IFM, count (, batches)], the pooled size
    taken from the output (2 x 2 without one). MAX pooling only."""
    if scalar_param(node, 2, vx.VX_TYPE_ENUM, _POOLINGS) != vx.VX_NN_POOLING_MAX:
        refuse(node, vx.VX_ERROR_NOT_SUPPORTED, "ROI pooling is MAX pooling only")
    x = _nn_types(node, (0, 1, 3))
    dims = _rank(node, 0, (3, 4))
    rois = _rank(node, 1, (len(dims) - 1,))
    if rois[0] != 4 or tuple(rois[2:]) != tuple(dims[3:]):
        refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"rois {tuple(rois)} are not [4, count{', ' if dims[3:] else ''}"
               + ", ".join(map(str, dims[3:])) + "]")
    given = _given(node, 3, len(dims) + 1)
    pooled = given[:2] if given else (2, 2)
    return _tensor_output(node, 3, (*pooled, dims[2], rois[1], *dims[3:]), x)


_CONVOLUTION_FIELDS = tuple((3 + k, field, ctype) for k, (field, ctype) in enumerate(
    (("padding_x", "vx_size"), ("padding_y", "vx_size"), ("overflow_policy", "vx_enum"), ("rounding_policy", "vx_enum"),
     ("down_scale_size_rounding", "vx_enum"), ("dilation_x", "vx_size"), ("dilation_y", "vx_size"))))
_DECONVOLUTION_FIELDS = tuple((3 + k, field, ctype) for k, (field, ctype) in enumerate(
    (("padding_x", "vx_size"), ("padding_y", "vx_size"), ("overflow_policy", "vx_enum"), ("rounding_policy", "vx_enum"),
     ("a_x", "vx_size"), ("a_y", "vx_size"))))
SIZE_OF = "size_of"                               # an argument giving the size of the struct before it

IMPLEMENTATIONS = {
    "VX_KERNEL_CONVOLUTION_LAYER": Implementation("pvx_nn_convolution", _convolution,
                                                  arguments=(0, 1, 2, _CONVOLUTION_FIELDS, SIZE_OF, 10)),
    "VX_KERNEL_DECONVOLUTION_LAYER": Implementation("pvx_nn_deconvolution", _deconvolution,
                                                    arguments=(0, 1, 2, _DECONVOLUTION_FIELDS, SIZE_OF, 9)),
    "VX_KERNEL_FULLY_CONNECTED_LAYER": Implementation("pvx_nn_fully_connected", _fully_connected),
    "VX_KERNEL_POOLING_LAYER": Implementation("pvx_nn_pooling", _pooling),
    "VX_KERNEL_SOFTMAX_LAYER": Implementation("pvx_nn_softmax", _softmax),
    "VX_KERNEL_NORMALIZATION_LAYER": Implementation("pvx_nn_normalization", _normalization),
    "VX_KERNEL_LOCAL_RESPONSE_NORMALIZATION_LAYER": Implementation("pvx_nn_normalization", _normalization),
    "VX_KERNEL_ACTIVATION_LAYER": Implementation("pvx_nn_activation", _activation),
    "VX_KERNEL_ROI_POOLING_LAYER": Implementation("pvx_nn_roi_pooling", _roi_pooling,
                                                  arguments=(0, 1, ((2, "pool_type", "vx_enum"),), SIZE_OF, 3)),
}
