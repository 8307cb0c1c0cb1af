"""The standard kernels in a context: the table's rows (table.ROWS, mirroring the ABI facts) joined
with the implementations of every family, registered in each new context, and the validator and
valid-rectangle callbacks they all share. The neural network layers (nn_table.ROWS) join them.

The output's valid rectangle is the intersection of the inputs', shrunk by the kernel's border
under VX_BORDER_UNDEFINED."""
from dataclasses import dataclass

from _pyopenvx import ffi, lib

from .. import constants as vx
from .._build_info import NODE_CREATORS
from ..errors import VxError
from ..kernel import Kernel, Signature
from . import features, filters, geometry, nn, nn_table, pointwise, statistics, tensors
from .common import Implementation
from .table import COMPATIBILITY_ROWS, EXTENSION_ROWS, ROWS

_IMAGE, _PYRAMID = vx.VX_TYPE_IMAGE, vx.VX_TYPE_PYRAMID
_DIRECTIONS = {"input": vx.VX_INPUT, "output": vx.VX_OUTPUT, "bidirectional": vx.VX_BIDIRECTIONAL}
_STATES = {"required": vx.VX_PARAMETER_STATE_REQUIRED, "optional": vx.VX_PARAMETER_STATE_OPTIONAL}
IMPLEMENTATIONS = {enum: impl for family in (pointwise, filters, statistics, tensors, geometry, features, nn)
                   for enum, impl in family.IMPLEMENTATIONS.items()}


def parse_signature(text):
    """'0:input:image:required; ...' -> [Signature] in index order."""
    out = []
    for k, item in enumerate(text.split(";")):
        index, direction, kind, state = item.strip().split(":")
        assert int(index) == k, text
        out.append(Signature(_DIRECTIONS[direction], getattr(vx, f"VX_TYPE_{kind.upper()}"), _STATES[state]))
    return out



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
              for enum, name, creator, vxu, params in ROWS + nn_table.ROWS + COMPATIBILITY_ROWS + EXTENSION_ROWS
              if enum in IMPLEMENTATIONS and params)



# -- the kernels in a context ---------------------------------------------------------------------
class StandardKernel(Kernel):
    """A standard kernel: published at context creation, never removed."""

    def __init__(self, context, row):
        impl = row.implementation
        function = ffi.cast("vx_kernel_f", ffi.addressof(lib, impl.function))
        super().__init__(context, row.kernel_name, row.enumeration, function, len(row.signature), ffi.NULL,
                         ffi.NULL, ffi.NULL)
        self.row = row
        self.describe, self.valid_rect = describe, valid_rect
        if impl.like is not None:
            self.like = like_rule(impl)
        for index, sig in enumerate(row.signature):
            self.add_parameter(index, sig.direction, sig.data_type, sig.state, tuple(_DIRECTIONS.values()))
        self.finalize()
        self.release()                        # only the registry holds it

    @property
    def counted(self):
        return False                          # the context's own, not the application's

    def remove(self, forced=False):
        raise VxError(vx.VX_ERROR_INVALID_PARAMETERS, f"{self} is a standard kernel: it cannot be removed", self)


def register(context):
    """The standard kernels in a new context; `context.standard_kernels` finds a row's kernel by
    its enum name (vx<Kernel>Node) without searching (a Row hashes all its fields: slow)."""
    kernels = context.standard_kernels = {row.enum_name: StandardKernel(context, row) for row in TABLE}
    # which kernel each generated node creator makes nodes of in C (csrc/runtime/node_made.c): those
    # whose arguments are its parameters in order; the others (NULL) are Python's
    context.node_kernels = ffi.new("pvx_ref *[]", [kernels[e].h if e else ffi.NULL for e in _SERVED] or 1)
    context.desc.node_kernels, context.desc.num_node_kernels = context.node_kernels, len(_SERVED)


def like_rule(impl):
    """An implementation's `like` as C checks it (runtime/validate.h)."""
    like = impl.like
    return ffi.new("pvx_like_rule *", {
        "input": like.input, "other": 0xFFFFFFFF if like.other is None else like.other, "output": like.output,
        "formats": like.formats, "output_format": like.output_format, "least": like.least, "lost": impl.border,
        "borders": impl.borders})


def describe(node):
    """The validator of every standard kernel, called by verify.validate_nodes without a trip
    through C: ({output index: its meta attributes}, the image outputs whose valid rectangle
    `valid_rect` gives). Its node's meta formats show them (Node.show)."""
    impl = node.kernel.row.implementation
    if node.desc.border.mode not in impl.borders:
        raise VxError(vx.VX_ERROR_NOT_SUPPORTED, f"{node.kernel.kernel_name}: border mode {node.desc.border.mode:#x} is "
                      "not supported (" + ", ".join(f"{m:#x}" for m in impl.borders) + ")", node)
    wants, images = {}, []
    for index, described in impl.validate(node).items():
        if isinstance(described, dict):           # another object type: its meta attributes as C keeps them
            meta = node.meta(index, node.output_type(index))
            for attribute, value in described.items():
                meta.store(attribute, value)
            wants[index] = meta.attrs
            continue
        fmt, width, height = described
        wants[index] = {vx.VX_IMAGE_FORMAT: fmt, vx.VX_IMAGE_WIDTH: width, vx.VX_IMAGE_HEIGHT: height}
        images.append(index)
    return wants, images


def valid_rect(node, index):
    """An image output's valid rectangle from its inputs' (one C call writes it): the intersection
    of the input images' valid rectangles (in the order of the kernel's inputs, a pyramid's levels
    in turn, paired with its image inputs in turn for their sizes), each scaled to the output's size
    (ChannelExtract of a half-size plane), shrunk by the border under UNDEFINED; the whole output
    for kernels that sample the input's valid rectangle only (`whole_valid`)."""
    kernel = node.kernel
    impl = kernel.row.implementation
    sizes, rects = [], []
    if not impl.whole_valid:
        for p in map(node.params.__getitem__, kernel.inputs):
            if p is None:
                continue
            if p.vx_type == _IMAGE:
                sizes.append(p.desc)
                rects.append(p.desc)
            elif p.vx_type == _PYRAMID:
                rects.extend(level.desc for level in p.levels)
    lost = impl.shrink(node) if node.desc.border.mode == vx.VX_BORDER_UNDEFINED else (0, 0, 0, 0)
    lib.pvx_image_valid_from(node.params[index].desc, rects, sizes, min(len(rects), len(sizes)), *lost)


# NODE_CREATORS index -> the enum name of the row whose kernel it makes nodes of, or None
_BY_CREATOR = {row.node_creator: row.enum_name for row in TABLE
               if row.node_creator and not row.implementation.arguments}
_SERVED = [_BY_CREATOR.get(name) for name in NODE_CREATORS]
