"""Node helpers: a Graph method per standard kernel, made from the kernel table (directions,
types, required/optional) and the node creators' prototypes in our headers (parameter names and
C types), the way pyvips introspects its operations.

    edges = graph.canny(graph.gaussian3x3(src), low=80, high=160)
    gx, gy = graph.sobel3x3(src)
    small = graph.scale_image(src, Image(ctx, 320, 240), type="bilinear")

Parameters go by position (the creator's order, without the graph) or by name. An output not
given is created as a virtual object of the graph (its format and size inferred by verification)
and returned: one output alone, several as a tuple. Numbers are accepted for scalar parameters,
names for enums ("l1", "saturate", "bilinear", ...), numpy arrays for input images (no copy).
`canny` takes `low`/`high` instead of a threshold, `threshold` takes `value` or `lower`/`upper`.
Where the spec gives no default, ours are DEFAULTS.
"""
import re
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .. import constants as vx
from ..api import ffi, lib
from .dataobjects import Array, Scalar, Tensor
from .image import Image
from .threshold import Threshold

# Defaults of by-value parameters where the spec leaves the choice to the application.
DEFAULTS = {"gradient_size": 3, "norm_type": "l1", "type": "bilinear", "policy": "saturate",
            "overflow_policy": "saturate", "rounding_policy": "to_zero", "nonmax_suppression": True,
            "kernel_size": 3}
# enum parameters by name: the prefix of their values' names in the spec
ENUMS = {"norm_type": "VX_NORM_", "type": "VX_INTERPOLATION_", "policy": "VX_CONVERT_POLICY_",
         "overflow_policy": "VX_CONVERT_POLICY_", "rounding_policy": "VX_ROUND_POLICY_", "channel": "VX_CHANNEL_",
         "function": "VX_NONLINEAR_FILTER_", "matchingMethod": "VX_COMPARE_", "termination": "VX_TERM_CRITERIA_",
         "scalar_operation": "VX_SCALAR_OP_"}
# vx_scalar parameters whose type a Python number does not tell (an int for a float32 scale)
SCALAR_TYPES = {"scale": "float32", "strength_thresh": "float32", "min_distance": "float32",
                "sensitivity": "float32", "alpha": "float32", "epsilon": "float32", "shift": "int32",
                "num_iterations": "uint32", "use_initial_estimate": "bool"}
# virtual scalar outputs need a type: the kernels that have one
SCALAR_OUTPUTS = {"num_corners": "size"}
ALIASES = {"canny": "canny_edge_detector", "resize": "scale_image"}
_C_TYPES = {"image": "vx_image", "scalar": "vx_scalar", "array": "vx_array", "tensor": "vx_tensor"}


@dataclass(frozen=True)
class Parameter:
    name: str
    ctype: str          # the creator's C type: a handle type, or a by-value vx_int32, vx_enum, ...
    direction: str      # input, output, bidirectional
    type: str           # the kernel's parameter type (image, scalar, ...)
    optional: bool

    @property
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


def _snake(name):
    name = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name)
    return re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower()


@lru_cache(maxsize=None)
def specs():
    """{helper name: Spec} of every standard kernel whose node creator maps its parameters one to one."""
    from ..kernels.table import ROWS
    from ..paths import INCLUDEDIR
    from ..prototypes import parse

    prototypes = {p.name: p for p in parse(INCLUDEDIR)}
    out = {}
    for _enum, kernel, creator, _vxu, params in ROWS:
        proto = prototypes.get(creator)
        rows = [p.strip().split(":") for p in params.split(";")] if params else []
        if proto is None or len(proto.params) - 1 != len(rows):
            continue                      # no creator, or one that packs parameters (tensor_matrix_multiply)
        name = _snake(creator[2:-len("Node")])
        out[name] = Spec(name, kernel, creator, tuple(
            Parameter(p.name, p.ctype, row[1], row[2], row[3] == "optional") for p, row in zip(proto.params[1:], rows)))
    return out


def helper_names():
    return sorted(set(specs()) | set(ALIASES))


def spec_of(name):
    return specs().get(ALIASES.get(name, name))


def _enum(p, value):
    if not isinstance(value, str):
        return value
    prefix = ENUMS.get(p.name, "VX_")
    for candidate in (prefix + value.upper(), prefix + "TYPE_" + value.upper()):
        if hasattr(vx, candidate):
            return getattr(vx, candidate)
    choices = sorted(n[len(prefix):].lower() for n in dir(vx) if n.startswith(prefix) and "ATTRIBUTE" not in n)
    raise ValueError(f"{p.name}={value!r}: not one of {', '.join(choices)}")


def _argument(graph, p, value, keep):
    """The C argument for parameter `p` given `value` (wrappers made here go into `keep`)."""
    if p.by_value:
        value = _enum(p, value)
        return bool(value) if p.ctype == "vx_bool" else value
    if value is None:
        return ffi.NULL
    if isinstance(value, np.ndarray) and p.type == "image":
        value = Image.from_numpy(graph.context, value)
    elif isinstance(value, (bool, int, float, np.number)) and p.type == "scalar":
        dtype = SCALAR_TYPES.get(p.name) or ("bool" if isinstance(value, bool) else
                                             "float32" if isinstance(value, (float, np.floating)) else "int32")
        value = Scalar(graph.context, dtype, value)
    keep.append(value)
    return ffi.cast(p.ctype, value.handle)


def _virtual(graph, p):
    """A virtual object for an output not given (None when optional and not creatable)."""
    if p.type == "image":
        return Image.virtual(graph)
    if p.type == "array":
        return Array.wrap(lib.vxCreateVirtualArray(graph.handle, 0, 0), True, "vxCreateVirtualArray")
    if p.type == "tensor":
        return Tensor.wrap(lib.vxCreateVirtualTensor(graph.handle, 0, ffi.NULL, 0, 0), True, "vxCreateVirtualTensor")
    if p.type == "scalar" and p.name in SCALAR_OUTPUTS:
        return Scalar.virtual(graph, SCALAR_OUTPUTS[p.name])
    if p.optional:
        return None
    raise TypeError(f"output {p.name} ({p.type}) cannot be made virtual here: give it")


def _convenience(graph, spec, kwargs):
    """Objects some kernels take that read better as numbers (canny's low/high, threshold's value)."""
    if spec.name == "canny_edge_detector" and "hyst" not in kwargs and {"low", "high"} & set(kwargs):
        kwargs["hyst"] = Threshold(graph.context, "range", "U8", lower=kwargs.pop("low"), upper=kwargs.pop("high"))
    if spec.name == "threshold" and "thresh" not in kwargs:
        if "value" in kwargs:
            kwargs["thresh"] = Threshold(graph.context, "binary", "U8", value=kwargs.pop("value"))
        elif {"lower", "upper"} & set(kwargs):
            kwargs["thresh"] = Threshold(graph.context, "range", "U8", lower=kwargs.pop("lower"),
                                         upper=kwargs.pop("upper"))


def add_node(graph, spec, args, kwargs):
    """Adds the node of `spec` to `graph`: (the node, its outputs as [(parameter index, object)])."""
    from .graph import Node

    kwargs = dict(kwargs)
    _convenience(graph, spec, kwargs)
    if len(args) > len(spec.parameters):
        raise TypeError(f"{spec.signature} takes {len(spec.parameters)} parameters, not {len(args)}")
    values = dict(zip((p.name for p in spec.parameters), args))
    for name, value in kwargs.items():
        if name in values:
            raise TypeError(f"{spec.name}: {name} given twice")
        if all(p.name != name for p in spec.parameters):
            raise TypeError(f"{spec.name} has no parameter {name!r}: {spec.signature}")
        values[name] = value
    keep, outputs, c_args = [], [], []
    for index, p in enumerate(spec.parameters):
        value = values.get(p.name)
        if value is None and p.direction == "output":
            value = _virtual(graph, p)
            if value is not None:
                outputs.append((index, value))
        elif p.direction != "input" and value is not None:
            outputs.append((index, value))
        if value is None and p.by_value:
            if p.name not in DEFAULTS:
                raise TypeError(f"{spec.name}: parameter {p.name} is required: {spec.signature}")
            value = DEFAULTS[p.name]
        elif value is None and not p.optional and p.direction == "input":
            raise TypeError(f"{spec.name}: parameter {p.name} is required: {spec.signature}")
        c_args.append(_argument(graph, p, value, keep))
    node = Node.wrap(getattr(lib, spec.creator)(graph.handle, *c_args), True, spec.creator)
    graph._track(node)
    return node, outputs


def call(graph, spec, args, kwargs):
    """Adds the node of `spec` to `graph`; returns its outputs (one, or a tuple)."""
    outputs = [obj for _, obj in add_node(graph, spec, args, kwargs)[1]]
    return outputs[0] if len(outputs) == 1 else tuple(outputs)


@lru_cache(maxsize=None)
def helper(name):
    spec = spec_of(name)
    if spec is None:
        return None

    def node(graph, *args, **kwargs):
        return call(graph, spec, args, kwargs)
    node.__name__ = node.__qualname__ = name
    node.__doc__ = f"{spec.signature}\n\nA node of {spec.kernel} ({spec.creator}); returns its outputs."
    return node


def bound_helper(graph, name):
    function = helper(name)
    if function is None:
        raise AttributeError(f"'Graph' object has no attribute {name!r}, and no standard kernel is called so "
                             f"(node helpers: {', '.join(helper_names())})")
    return function.__get__(graph)
