"""Typed signatures for the node helpers (Graph methods) and pyopenvx.fn's one-call functions.

They are generated from the table both are made of: `nodes.specs` (the creators' prototypes and
the kernels' descriptions), `nodes.DEFAULTS` and `nodes.EXTRAS`. The output is real functions, so
`help()` shows the Python parameters with their defaults and a type checker catches
`graph.gausian3x3`:

    python -m pyopenvx.pythonic.signatures      # rewrites pythonic/helpers.py and fn_kernels.py

tests/test_pythonic_types.py fails when the files are not current. Helpers named by a Python
keyword (and, or, not) get a trailing underscore (`graph.and_`); a parameter named so does too.
"""
import keyword
import sys
from pathlib import Path
from typing import Dict, List, Tuple

from .nodes import ALIASES, DEFAULTS, EXTRAS, SCALAR_OUTPUTS, extras_of, specs

HERE = Path(__file__).resolve().parent
HELPERS, FN = HERE / "helpers.py", HERE.parent / "fn_kernels.py"

# the annotation of a by-value parameter, by its C type (pointers to structs: Any)
_BY_VALUE = {"vx_int8": "int", "vx_int32": "int", "vx_uint32": "int", "vx_size": "int", "vx_float32": "float",
             "vx_enum": "Union[str, int]", "vx_bool": "bool"}
# object parameters by the kernel's type: what a helper takes as input, and what it returns as output
_CLASSES = {"image": "Image", "scalar": "Scalar", "array": "Array", "matrix": "Matrix", "lut": "LUT",
            "pyramid": "Pyramid", "threshold": "Threshold", "convolution": "Convolution", "remap": "Remap",
            "distribution": "Distribution", "tensor": "Tensor", "object_array": "ObjectArray", "reference": "Object"}
_INPUTS = {"image": "Union[Image, np.ndarray, Tuple[np.ndarray, str]]", "scalar": "Union[Scalar, int, float]",
           "array": "Union[Array, np.ndarray]", "matrix": "Union[Matrix, np.ndarray]", "lut": "Union[LUT, np.ndarray]",
           "pyramid": "Union[Pyramid, Image, np.ndarray]"}
_IMAGE_OUT = "Union[Image, str, Tuple[int, int], None]"     # an image, or a virtual one's format or size
# what pyopenvx.fn gives for an output, by the kernel's type (scalars: by their type, SCALAR_OUTPUTS)
_FN_RESULTS = {"image": "np.ndarray", "array": "np.ndarray", "distribution": "np.ndarray", "tensor": "np.ndarray",
               "matrix": "np.ndarray", "lut": "np.ndarray", "pyramid": "List[np.ndarray]"}
_FN_SCALARS = {"float32": "float", "bool": "bool"}
# the outputs a helper makes when not given (nodes._virtual); others are returned only when given
_MADE = {"image", "array", "tensor", "distribution", "pyramid"}


def _py(name):
    return name + "_" if keyword.iskeyword(name) else name


def _made(p):
    return p.type in _MADE or (p.type == "scalar" and p.name in SCALAR_OUTPUTS)


def _result(p, fn):
    if not fn:
        return _CLASSES.get(p.type, "Object")
    if p.type == "scalar":
        return _FN_SCALARS.get(SCALAR_OUTPUTS.get(p.name, ""), "int" if p.name in SCALAR_OUTPUTS else "Any")
    return _FN_RESULTS.get(p.type, "Any")


def _returns(spec, fn):
    """The return annotation: the outputs always returned; Any when how many depends on the call."""
    outputs = [p for p in spec.parameters if p.direction == "output"]
    if any(not _made(p) for p in outputs) or any(p.direction == "bidirectional" for p in spec.parameters):
        return "Any"
    kinds = [_result(p, fn) for p in outputs]
    return kinds[0] if len(kinds) == 1 else f"Tuple[{', '.join(kinds)}]" if kinds else "None"


def _parameter(spec, p, fn, after_default):
    """(the parameter's text in the def, its line in the docstring)."""
    made_by_extra = p.type == "threshold" and spec.name in EXTRAS       # canny's low/high, threshold's value
    if p.by_value:
        kind = _BY_VALUE.get(p.ctype, "Any")
        if p.name in DEFAULTS:
            return f"{_py(p.name)}: {kind} = {DEFAULTS[p.name]!r}", f"{p.ctype}, default {DEFAULTS[p.name]!r}"
    elif p.direction == "input":
        kind = _INPUTS.get(p.type, _CLASSES.get(p.type, "Object"))
        if fn and p.type == "image":
            kind = "Union[np.ndarray, Tuple[np.ndarray, str]]"     # (array, format): NV12, ...
    elif p.type == "image":
        kind = "Union[str, Tuple[int, int], None]" if fn else _IMAGE_OUT
        return f"{_py(p.name)}: {kind} = None", "output image: a virtual one if not given, or of this format or size"
    else:
        kind = f"Optional[{_CLASSES.get(p.type, 'Object')}]"
        return f"{_py(p.name)}: {kind} = None", f"output {p.type}" + (" (made if not given)" if _made(p) else "")
    what = p.ctype if p.by_value else f"{p.direction} {p.type}"
    if p.optional or made_by_extra or after_default:
        note = "optional" if p.optional else "or the keywords below" if made_by_extra else "required"
        kind = kind if kind.startswith(("Optional", "Any")) else f"Optional[{kind}]"
        return f"{_py(p.name)}: {kind} = None", f"{what}, {note}"
    return f"{_py(p.name)}: {kind}", what


def _function(spec, name, fn):
    """The def of helper `name` (fn: the pyopenvx.fn function) and its body."""
    params, lines, after_default = [], [], False
    for p in spec.parameters:
        text, doc = _parameter(spec, p, fn, after_default)
        after_default = after_default or "=" in text
        params.append(text)
        lines.append(f"{_py(p.name)}: {doc}")
    extras = extras_of(spec)
    if extras:
        params.append("*")
        for key, (default, kind, meaning) in extras.items():
            params.append(f"{key}: {kind} = {default!r}")
            lines.append(f"{key}: {meaning}")
    args = ", ".join(_py(p.name) for p in spec.parameters) + ("," if len(spec.parameters) == 1 else "")
    keywords = "".join(f", {k}={k}" for k in extras)
    what = ("Runs a node of" if fn else "Adds a node of") + f" {spec.kernel} ({spec.creator})" + \
        (" on numpy arrays; returns its outputs as arrays or values." if fn else "; returns its outputs.")
    params = params if fn else ["self"] + params
    head = f"def {_py(name)}({', '.join(params)}) -> {_returns(spec, fn)}:"
    if len(head) > 116:
        head = f"def {_py(name)}(\n" + "".join(f"        {p},\n" for p in params) + f") -> {_returns(spec, fn)}:"
    call = f"_call({name!r}, ({args}){keywords})" if fn else f"_call(self, {name!r}, ({args}){keywords})"
    return [*head.splitlines(), f'    """{what}', "", *(f"    {line}" for line in lines), '    """',
            f"    return {call}"]


_HEADER = '''"""Generated by `python -m pyopenvx.pythonic.signatures` from the node table ({source}): do not
edit; tests/test_pythonic_types.py checks it is current."""
# flake8: noqa
from __future__ import annotations

from typing import Any, List, Optional, Tuple, Union

import numpy as np
'''


def _names(context) -> Dict[str, object]:
    table = specs(context)
    out = dict(sorted(table.items()))
    out.update({alias: table[target] for alias, target in sorted(ALIASES.items())})
    return out


def _imports(package):
    return [f"from {package}base import Object", f"from {package}containers import ObjectArray, Pyramid",
            f"from {package}convolution import Convolution",
            f"from {package}dataobjects import LUT, Array, Distribution, Matrix, Scalar, Tensor",
            f"from {package}image import Image", f"from {package}remap import Remap",
            f"from {package}threshold import Threshold"]


def helpers_source(context) -> str:
    """The text of pythonic/helpers.py: the NodeHelpers mixin of Graph."""
    out: List[str] = [_HEADER.format(source="nodes.specs"), *_imports("."), "from .nodes import call_helper as _call",
                      "", "",
                      "class NodeHelpers:", '    """A method per standard kernel: adds its node to the graph."""']
    for name, spec in _names(context).items():
        out += [""] + ["    " + line if line else line for line in _function(spec, name, False)]
    return "\n".join(out) + "\n"


def fn_source(context) -> str:
    """The text of fn_kernels.py: pyopenvx.fn's one-call functions."""
    out: List[str] = [_HEADER.format(source="pythonic.nodes.specs"), "from .fn import call as _call",
                      *_imports(".pythonic."), ""]
    names = _names(context)
    for name, spec in names.items():
        out += [""] + _function(spec, name, True)
    out += ["", "", f"__all__ = {sorted(_py(n) for n in names)!r}"]
    return "\n".join(out) + "\n"


def sources(context) -> List[Tuple[Path, str]]:
    return [(HELPERS, helpers_source(context)), (FN, fn_source(context))]


def main(argv: List[str]) -> int:
    from .context import Context
    with Context() as ctx:
        for path, text in sources(ctx.handle):
            path.write_text(text)
            print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
