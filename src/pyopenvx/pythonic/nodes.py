"""Node helpers: a Graph method per standard kernel, made from the node creators' prototypes in
our headers (parameter names and C types) and the kernels as the library describes them
(directions, types, required/optional), the way pyvips introspects its operations.

    edges = graph.canny(graph.gaussian3x3(src), low=80, high=160)
    gx, gy = graph.sobel3x3(src)
    small = graph.scale_image(src, Image(ctx, 320, 240), type="bilinear")

Parameters go by position (the creator's order, without the graph) or by name. An output not
given is created as a virtual object of the graph (its format and size inferred by verification)
and returned: one output alone, several as a tuple; an output image given as a format name
("IYUV") or a size ((320, 240)) is a virtual image of that format or size. Numbers are accepted for scalar parameters,
names for enums ("l1", "saturate", "bilinear", ...), numpy arrays for input images (no copy).
`canny` takes `low`/`high` instead of a threshold, `threshold` takes `value` or `lower`/`upper`.
Where the spec gives no default, ours are DEFAULTS.
"""
import re
import threading
from functools import cached_property
from dataclasses import dataclass
from typing import Any, Callable, Dict, Tuple

import numpy as np

from .. import constants as vx
from ..api import ffi, lib
from .base import Object, _cast
from .containers import Pyramid
from .dataobjects import DTYPES, LUT, NAMED_TYPES, Array, Distribution, Matrix, Scalar, Tensor
from .errors import InvalidParameters
from .image import Image, _NUMPY_FORMATS
from .threshold import Threshold

# Defaults of by-value parameters where the spec leaves the choice to the application.
DEFAULTS = {"gradient_size": 3, "norm_type": "l1", "type": "bilinear", "policy": "saturate",
            "overflow_policy": "saturate", "rounding_policy": "to_zero", "nonmax_suppression": True,
            "kernel_size": 3, "termination": "both", "epsilon": 0.01, "num_iterations": 30,
            "use_initial_estimate": False, "window_dimension": 21}
# enum parameters by name: the prefix of their values' names in the spec
ENUMS = {"norm_type": "VX_NORM_", "type": "VX_INTERPOLATION_", "policy": "VX_CONVERT_POLICY_",
         "overflow_policy": "VX_CONVERT_POLICY_", "rounding_policy": "VX_ROUND_POLICY_", "channel": "VX_CHANNEL_",
         "function": "VX_NONLINEAR_FILTER_", "matchingMethod": "VX_COMPARE_", "termination": "VX_TERM_CRITERIA_",
         "scalar_operation": "VX_SCALAR_OP_"}
# vx_scalar parameters whose type a Python number does not tell (an int for a float32 scale)
SCALAR_TYPES = {"scale": "float32", "strength_thresh": "float32", "min_distance": "float32",
                "sensitivity": "float32", "alpha": "float32", "epsilon": "float32", "shift": "int32",
                "num_iterations": "uint32", "use_initial_estimate": "bool"}
# virtual scalar outputs need a type ("input": the numpy type of the input image's pixels)
SCALAR_OUTPUTS = {"num_corners": "size", "num_lines": "size", "mean": "float32", "stddev": "float32",
                  "minVal": "input", "maxVal": "input", "minCount": "uint32", "maxCount": "uint32"}
# The Python-only keywords of the helpers (and of pyopenvx.fn) beside the kernels' own parameters:
# helper ("*": every helper) -> {keyword: (default, annotation, meaning)}. The one place they are
# written: add_node reads it, and so do the generated signatures (signatures.py).
EXTRAS: Dict[str, Dict[str, Tuple[Any, str, str]]] = {
    "*": {"border": (None, "Union[str, Tuple[str, int], None]",
                     'the node\'s border mode: None or "undefined" (the spec\'s default: pixels whose neighbourhood '
                     'leaves the image are not defined), "replicate", "constant" (0) or ("constant", value)')},
    "canny_edge_detector": {"low": (None, "Optional[int]", "the hysteresis' lower threshold (with high)"),
                            "high": (None, "Optional[int]", "the hysteresis' upper threshold (with low)")},
    "threshold": {"value": (None, "Optional[int]", "a binary threshold: true where input > value"),
                  "lower": (None, "Optional[int]", "a range threshold: true where lower <= input <= upper"),
                  "upper": (None, "Optional[int]", "a range threshold: true where lower <= input <= upper")},
    "histogram": {"bins": (256, "int", "the distribution's bins"), "offset": (0, "int", "its first value"),
                  "range": (256, "int", "how many values it covers from offset")},
    "gaussian_pyramid": {"levels": (4, "int", "the pyramid's levels"),
                         "scale": ("half", "Union[str, float]", '"half", "orb" or a ratio')},
    "laplacian_pyramid": {"levels": (4, "int", "the pyramid's levels")},
    "optical_flow_pyr_lk": {"levels": (4, "int", "levels of the pyramids made of images given for old_images/new_images")},
}
ALIASES = {"canny": "canny_edge_detector", "resize": "scale_image"}
_C_TYPES = {"image": "vx_image", "scalar": "vx_scalar", "array": "vx_array", "tensor": "vx_tensor"}


@dataclass(frozen=True)
class Parameter:
    name: str
    ctype: str          # the creator's C type: a handle type, or a by-value vx_int32, vx_enum, ...
    direction: str      # input, output, bidirectional (the kernel's, as the library says)
    type: str           # the kernel's parameter type (image, scalar, ...)
    optional: bool

    @cached_property        # (per parameter, once: a helper reads these for every argument)
    def c_type(self):
        return ffi.typeof(self.ctype)

    @cached_property
    def vx_type(self):
        return getattr(vx, f"VX_TYPE_{self.type.upper()}", None)

    @cached_property
    def by_value(self):
        return self.ctype not in ("vx_reference",) and not self.ctype.startswith(
            ("vx_image", "vx_scalar", "vx_array", "vx_tensor", "vx_threshold", "vx_pyramid", "vx_matrix",
             "vx_remap", "vx_lut", "vx_distribution", "vx_convolution", "vx_object_array"))

    def __str__(self):
        default = DEFAULTS.get(self.name) if self.by_value else None
        mark = "=None" if self.optional or self.direction != "input" else f"={default!r}" if default is not None else ""
        return f"{self.name}: {self.ctype} {self.direction}{mark}"


@dataclass(frozen=True)
class Spec:
    name: str           # the helper's name
    kernel: str         # the kernel's name
    creator: str        # vx<Name>Node
    parameters: tuple

    @property
    def signature(self):
        return f"{self.name}({', '.join(map(str, self.parameters))})"

    @cached_property
    def create(self):
        """The node creator (looked up once)."""
        return getattr(lib, self.creator)

    @cached_property
    def plan(self):
        """Per parameter, what add_node reads of it, read once per kernel (not per call)."""
        return tuple((i, p, p.name, p.direction, p.by_value, p.optional, p.c_type, p.vx_type)
                     for i, p in enumerate(self.parameters))


def _snake(name):
    name = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name)
    return re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower()


# node creators whose kernel's name is not their own in snake case
_KERNEL_NAMES = {"vxConvolveNode": "custom_convolution", "vxEqualizeHistNode": "equalize_histogram"}
_TYPE_NAMES = {getattr(vx, n): n[len("VX_TYPE_"):].lower() for n in dir(vx) if n.startswith("VX_TYPE_")}
_DIRECTIONS = {vx.VX_INPUT: "input", vx.VX_OUTPUT: "output", vx.VX_BIDIRECTIONAL: "bidirectional"}
_specs: Dict[str, "Spec"] = {}
_specs_lock = threading.Lock()      # two threads' first helpers: one builds the table, the other waits


def _kernel_parameters(context, name):
    """[(direction, type, optional)] of kernel `name`, as the library describes it."""
    kernel = lib.vxGetKernelByName(context, name.encode())
    out, value = [], ffi.new("vx_uint32 *")
    try:
        lib.vxQueryKernel(kernel, vx.VX_KERNEL_PARAMETERS, value, 4)
        for index in range(value[0]):
            parameter = lib.vxGetKernelParameterByIndex(kernel, index)
            got = []
            for attribute in (vx.VX_PARAMETER_DIRECTION, vx.VX_PARAMETER_TYPE, vx.VX_PARAMETER_STATE):
                item = ffi.new("vx_enum *")
                lib.vxQueryParameter(parameter, attribute, item, 4)
                got.append(item[0])
            lib.vxReleaseParameter(ffi.new("vx_parameter *", parameter))
            out.append((_DIRECTIONS[got[0]], _TYPE_NAMES.get(got[1], "reference"),
                        got[2] == vx.VX_PARAMETER_STATE_OPTIONAL))
    finally:
        lib.vxReleaseKernel(ffi.new("vx_kernel *", kernel))
    return out


def specs(context=None):
    """{helper name: Spec} of every standard kernel whose node creator (vx_nodes.h) maps its
    parameters one to one; read once, from our headers and the kernels of `context` (a handle)."""
    if _specs or context is None:
        return _specs
    with _specs_lock:
        if not _specs:
            _specs.update(_read_specs(context))
    return _specs


def _read_specs(context):
    from ..paths import INCLUDEDIR
    from ..prototypes import parse

    count = ffi.new("vx_uint32 *")
    lib.vxQueryContext(context, vx.VX_CONTEXT_UNIQUE_KERNELS, count, 4)
    table = ffi.new("vx_kernel_info_t[]", max(count[0], 1))
    lib.vxQueryContext(context, vx.VX_CONTEXT_UNIQUE_KERNEL_TABLE, table, count[0] * ffi.sizeof("vx_kernel_info_t"))
    standard, found = {}, {}
    for i in range(count[0]):
        name = ffi.string(table[i].name).decode()
        if name.startswith("org.khronos.openvx."):
            standard[name.rsplit(".", 1)[1].replace("_", "")] = name
    for proto in parse(INCLUDEDIR):
        if proto.header != "VX/vx_nodes.h" or not proto.name.endswith("Node"):
            continue
        short = _KERNEL_NAMES.get(proto.name, proto.name[2:-len("Node")]).lower().replace("_", "")
        kernel = standard.get(short)
        if kernel is None:
            continue
        rows = _kernel_parameters(context, kernel)
        if len(proto.params) - 1 != len(rows):
            continue                      # a creator that packs parameters (tensor_matrix_multiply)
        name = _snake(proto.name[2:-len("Node")])
        found[name] = Spec(name, kernel, proto.name, tuple(
            Parameter(p.name, p.ctype, *row) for p, row in zip(proto.params[1:], rows)))
    return found


def helper_names(context=None):
    return sorted(set(specs(context)) | set(ALIASES))


def spec_of(name, context=None):
    return specs(context).get(ALIASES.get(name, name))


def _enum(p, value):
    if not isinstance(value, str):
        return value
    prefix = ENUMS.get(p.name, "VX_")
    for candidate in (prefix + value.upper(), prefix + "TYPE_" + value.upper()):
        if hasattr(vx, candidate):
            return getattr(vx, candidate)
    choices = sorted(n[len(prefix):].lower() for n in dir(vx) if n.startswith(prefix) and "ATTRIBUTE" not in n)
    raise ValueError(f"{p.name}={value!r}: not one of {', '.join(choices)}")


_INTEGERS = ("vx_int8", "vx_int32", "vx_uint32", "vx_size", "vx_enum", "vx_bool")


def _by_value(spec, p, value):
    """A by-value C argument (an enum by name, a number), or the error naming the parameter."""
    value = _enum(p, value)
    if p.ctype not in _INTEGERS and p.ctype != "vx_float32":
        return value                    # a struct by pointer (hog's params): cffi converts or refuses
    if isinstance(value, (bool, np.bool_)) and p.ctype == "vx_bool":
        return bool(value)
    if p.ctype in _INTEGERS and not isinstance(value, bool) and hasattr(value, "__index__"):
        return value.__index__()
    if p.ctype == "vx_float32" and isinstance(value, (int, float, np.number)) and not isinstance(value, bool):
        return float(value)
    kind = "a name or an int" if p.name in ENUMS else "a bool" if p.ctype == "vx_bool" else \
        "a number" if p.ctype == "vx_float32" else "an int"
    raise TypeError(f"{spec.name}: {p.name} must be {kind}, not {type(value).__name__} {value!r}")


def _format_of(graph, image):
    """The format name of an input image (a numpy array, an Image; a virtual one's after verifying
    the graph so far), "U8" when not known."""
    if isinstance(image, np.ndarray):
        return _NUMPY_FORMATS.get((image.dtype, image.ndim, image.shape[2] if image.ndim == 3 else 1), "U8")
    if isinstance(image, tuple):
        return image[1]
    if not isinstance(image, Image):
        return "U8"
    if image.format == "VIRT":
        try:
            graph.verify()
        except Exception:       # noqa: BLE001  (the graph so far cannot tell: the default)
            return "U8"
    return image.format if image.format != "VIRT" else "U8"


def _points(graph, array):
    """An Array of a numpy array: structured arrays of a named item type as they are; (n, 2)
    numbers as keypoints at those (x, y), rounded, tracking (optical flow's points)."""
    if array.dtype.fields is not None:
        kind = next((name for name, t in NAMED_TYPES.items() if DTYPES[t] == array.dtype), None)
        if kind is None:
            raise TypeError(f"a structured array of dtype {array.dtype} is none of the item types "
                            f"({', '.join(n for n in NAMED_TYPES if DTYPES[NAMED_TYPES[n]].fields)})")
        items = array
    elif array.ndim == 2 and array.shape[1] == 2:
        kind = "keypoint"
        items = np.zeros(len(array), DTYPES[NAMED_TYPES[kind]])
        items["x"], items["y"] = np.rint(array[:, 0]), np.rint(array[:, 1])
        items["tracking_status"] = 1
    else:
        kind, items = array.dtype, array
    out = Array(graph.context, kind, max(len(items), 1))
    if len(items):
        out.extend(items)
    return out


def _cv2_warp(spec, array):
    """A warp matrix given as cv2 takes it (2x3 affine, 3x3 perspective, mapping source to output
    pixels) as OpenVX's: the inverse map (output to source), transposed (OpenVX's columns are cv2's rows)."""
    rows = 2 if spec.name == "warp_affine" else 3
    array = np.asarray(array, np.float64)
    if array.shape != (rows, 3):
        raise InvalidParameters(vx.VX_ERROR_INVALID_PARAMETERS, spec.name, None, [
            f"matrix: a {rows}x3 array as cv2.{'warpAffine' if rows == 2 else 'warpPerspective'} takes it, "
            f"not {array.shape}"])
    square = np.vstack([array, [0, 0, 1]]) if rows == 2 else array
    inverse = np.linalg.inv(square)[:rows]
    return inverse.T.astype(np.float32)


def _object(graph, spec, p, value, extras):
    """What a numpy array, a number or an (array, format) pair given for parameter `p` becomes."""
    if isinstance(value, Object):       # the common case first: an object as it is
        return _pyramid_of(graph, value, extras) if p.type == "pyramid" and isinstance(value, Image) else value
    ctx = graph.context
    if p.type == "image" and isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], np.ndarray):
        return Image.from_numpy(ctx, value[0], value[1])
    if isinstance(value, np.ndarray):
        if p.type == "image":
            return Image.from_numpy(ctx, value)
        if p.type == "pyramid":
            return _pyramid_of(graph, Image.from_numpy(ctx, value), extras)
        if p.type == "array":
            return _points(graph, value)
        if p.type == "matrix":
            values = _cv2_warp(spec, value) if spec.name in ("warp_affine", "warp_perspective") else value
            matrix = Matrix(ctx, values.shape[0], values.shape[1], values.dtype)
            matrix.assign(values)
            return matrix
        if p.type == "lut":
            lut = LUT(ctx, value.dtype, len(value))
            with lut.map(usage="w") as view:
                view[:] = value
            return lut
    if isinstance(value, (bool, int, float, np.number)) and p.type == "scalar":
        dtype = SCALAR_TYPES.get(p.name) or ("bool" if isinstance(value, bool) else
                                             "float32" if isinstance(value, (float, np.floating)) else "int32")
        return Scalar(ctx, dtype, value)
    return value


def _pyramid_of(graph, image, extras):
    """A virtual Gaussian pyramid of `image`, made by a node of the graph (optical flow's inputs)."""
    pyramid = Pyramid.virtual(graph, extras.get("levels", 4), "half")
    graph._adopt_node(lib.vxGaussianPyramidNode(graph.handle, image.handle, pyramid.handle), "vxGaussianPyramidNode",
                      "org.khronos.openvx.gaussian_pyramid")
    return pyramid


def _argument(graph, spec, p, value, keep, extras):
    """The C argument for parameter `p` given `value` (wrappers made here go into `keep`); an
    object of the parameter's type goes as it is without coming here (add_node)."""
    if p.by_value:
        return _by_value(spec, p, value)
    if value is None:
        return ffi.NULL
    value = _object(graph, spec, p, value, extras)
    if not isinstance(value, Object) or (p.type != "reference" and value.vx_type not in (None, p.vx_type)):
        other = [f"{name}=" for name in EXTRAS.get(spec.name, {}) if name not in ("levels",)]
        hint = f" (or {', '.join(other)})" if other and p.type == "threshold" else ""
        raise TypeError(f"{spec.name}: {p.name} takes a {p.type}{hint}, not {type(value).__name__}"
                        f"{'' if isinstance(value, Object) else f' {value!r}'[:60]}")
    keep.append(value)
    return _cast(p.c_type, value.handle)


def _virtual(graph, spec, p, values, extras):
    """A virtual object for an output not given (a real one where OpenVX has no virtual kind;
    None when optional and not creatable)."""
    if p.type == "image" and spec.name in _SIZED_LIKE_INPUT:
        first = values.get(spec.parameters[0].name)
        if isinstance(first, np.ndarray):
            return Image.virtual(graph, first.shape[1], first.shape[0], "U8")
        if isinstance(first, Image) and first.format != "VIRT":
            return Image.virtual(graph, first.width, first.height, "U8")
    if p.type == "image":
        return Image._virtual_of(graph, graph.handle, 0, 0, vx.VX_DF_IMAGE_VIRT)
    if p.type == "array":
        array = Array.wrap(lib.vxCreateVirtualArray(graph.handle, 0, 0), True, "vxCreateVirtualArray")
        array._virtual = True
        return array
    if p.type == "tensor":
        return Tensor.wrap(lib.vxCreateVirtualTensor(graph.handle, 0, ffi.NULL, 0, 0), True, "vxCreateVirtualTensor")
    if p.type == "scalar" and p.name in SCALAR_OUTPUTS:
        dtype = SCALAR_OUTPUTS[p.name]
        if dtype == "input":
            dtype = _SCALAR_OF_FORMAT.get(_format_of(graph, values.get(spec.parameters[0].name)), "uint8")
        return Scalar.virtual(graph, dtype)
    if p.type == "distribution":
        return Distribution(graph.context, extras.get("bins", 256), extras.get("offset", 0), extras.get("range", 256))
    if p.type == "pyramid":
        return Pyramid.virtual(graph, extras.get("levels", 4), extras.get("scale", "half"))
    if p.optional:
        return None
    raise TypeError(f"{spec.name}: output {p.name} ({p.type}) cannot be made here: give it")


# kernels whose output's size the parameters do not tell: the input's when not given
_SIZED_LIKE_INPUT = ("warp_affine", "warp_perspective")
_SCALAR_OF_FORMAT = {"U8": "uint8", "U16": "uint16", "S16": "int16", "U32": "uint32", "S32": "int32", "U1": "bool"}


def _number(spec, name, value):
    if isinstance(value, bool) or not isinstance(value, (int, float, np.number)):
        raise TypeError(f"{spec.name}: {name} must be a number, not {type(value).__name__} {value!r}")
    return value


# The kernel inputs _convenience makes when not given: helper -> {parameter: of what}; the
# generated signatures give them a None default and say so.
FILLED = {"canny_edge_detector": {"hyst": "low=/high="}, "threshold": {"thresh": "value= or lower=/upper="},
          "optical_flow_pyr_lk": {"new_points_estimates": "old_points"}}


def _convenience(graph, spec, values, extras):
    """Objects some kernels take that read better as numbers (canny's low/high, threshold's
    value or lower/upper), of the input image's format (an S16 input, an S16 threshold)."""
    if spec.name == "canny_edge_detector" and "hyst" not in values and {"low", "high"} & set(extras):
        if not {"low", "high"} <= set(extras):
            raise TypeError("canny_edge_detector: give both low and high (or hyst=Threshold(...))")
        values["hyst"] = Threshold(graph.context, "range", _format_of(graph, values.get("input")),
                                   lower=_number(spec, "low", extras["low"]), upper=_number(spec, "high", extras["high"]))
    if spec.name == "optical_flow_pyr_lk" and values.get("new_points_estimates") is None:
        values["new_points_estimates"] = values.get("old_points")
    if spec.name == "threshold" and "thresh" not in values:
        fmt, given = _format_of(graph, values.get("input")), values.get("output")
        out = given if isinstance(given, str) else given.format if isinstance(given, Image) and \
            given.format != "VIRT" else "U8"                    # a U1 output: a U1 threshold
        if extras.get("value") is not None:
            values["thresh"] = Threshold(graph.context, "binary", fmt, out, value=_number(spec, "value", extras["value"]))
        elif {"lower", "upper"} & set(extras):
            values["thresh"] = Threshold(graph.context, "range", fmt, out,
                                         lower=_number(spec, "lower", extras.get("lower", 0)),
                                         upper=_number(spec, "upper", extras.get("upper", 0)))


def extras_of(spec):
    """{keyword: (default, annotation, meaning)} of the Python-only keywords of `spec`'s helper."""
    return {**EXTRAS["*"], **EXTRAS.get(spec.name, {})}


def add_node(graph, spec, args, kwargs):
    """Adds the node of `spec` to `graph`: (the node, its outputs as [(parameter index, object)])."""
    parameters = spec.parameters
    if len(args) > len(parameters):
        raise TypeError(f"{spec.signature} takes {len(parameters)} parameters, not {len(args)}")
    values = {p.name: v for p, v in zip(parameters, args) if v is not None}     # None: not given
    extras = {}
    if kwargs:
        known = extras_of(spec)
        for name, value in kwargs.items():
            if name in known:
                extras[name] = value
                continue
            if name in values:
                raise TypeError(f"{spec.name}: {name} given twice")
            if all(p.name != name for p in parameters):
                raise TypeError(f"{spec.name} has no parameter {name!r}: {spec.signature}"
                                f" (and keywords {', '.join(known)})")
            values[name] = value
        _convenience(graph, spec, values, extras)
    elif spec.name in FILLED:
        _convenience(graph, spec, values, extras)
    keep, outputs, c_args = [], [], []
    for index, p, name, direction, by_value, optional, c_type, vx_type in spec.plan:
        value = values.get(name)
        if direction != "input":
            if value is None:
                if direction == "output":
                    value = _virtual(graph, spec, p, values, extras)
            elif direction == "output" and p.type == "image" and isinstance(value, (str, tuple)):
                value = Image.virtual(graph, format=value) if isinstance(value, str) else Image.virtual(graph, *value)
            if value is not None:
                outputs.append((index, value))
        if value is None:
            if direction == "input" and name in DEFAULTS:
                value = DEFAULTS[name]
            elif by_value or (not optional and direction == "input"):
                raise TypeError(f"{spec.name}: parameter {name} is required: {spec.signature}")
        if not by_value and isinstance(value, Object) and value.vx_type == vx_type:     # the common case: as it is
            keep.append(value)
            c_args.append(_cast(c_type, value.handle))
        else:
            c_args.append(_argument(graph, spec, p, value, keep, extras))
    node = graph._adopt_node(spec.create(graph.handle, *c_args), spec.creator, spec.kernel)
    if extras and extras.get("border") is not None:
        node.border = extras["border"]
    return node, outputs


def call(graph, spec, args, kwargs):
    """Adds the node of `spec` to `graph`; returns its outputs (one, or a tuple)."""
    outputs = add_node(graph, spec, args, kwargs)[1]
    return outputs[0][1] if len(outputs) == 1 else tuple(obj for _, obj in outputs)


def call_helper(graph, name, args, **extras):
    """A generated helper's call (helpers.py): `args` all the kernel's parameters, None where not
    given; an extra keyword left None is not given."""
    spec = _specs.get(name) or spec_of(name, graph.context.handle)
    if len(extras) == 1 and extras.get("border") is None:     # most helpers' one extra, not given
        return call(graph, spec, args, None)
    return call(graph, spec, args, {k: v for k, v in extras.items() if v is not None})


_helpers: Dict[str, Callable[..., Any]] = {}


def helper(name, context):
    if name in _helpers:
        return _helpers[name]
    spec = spec_of(name, context)
    if spec is None:
        return None

    def node(graph, *args, **kwargs):
        return call(graph, spec, args, kwargs)
    node.__name__ = node.__qualname__ = name
    node.__doc__ = f"{spec.signature}\n\nA node of {spec.kernel} ({spec.creator}); returns its outputs."
    _helpers[name] = node
    return node


def bound_helper(graph, name):
    context = lib.vxGetContext(graph.reference)
    function = helper(name, context)
    if function is None:
        raise AttributeError(f"'Graph' object has no attribute {name!r}, and no standard kernel is called so "
                             f"(node helpers: {', '.join(helper_names(context))})")
    return function.__get__(graph)
