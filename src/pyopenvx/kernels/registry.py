"""The standard kernels in a context: the table's rows (table.ROWS, mirroring the ABI facts) joined
with the implementations of every family, registered in each new context, and the validator and
valid-rectangle callbacks they all share. The neural network layers (nn_table.ROWS) join them.

The output's valid rectangle is the intersection of the inputs', shrunk by the kernel's border
under VX_BORDER_UNDEFINED."""
from dataclasses import dataclass

from _pyopenvx import ffi, lib

from .. import constants as vx
from ..errors import VxError
from ..kernel import Kernel, Signature
from . import features, filters, geometry, nn, nn_table, pointwise, statistics, tensors
from .common import Implementation
from .table import COMPATIBILITY_ROWS, EXTENSION_ROWS, ROWS

_IMAGE = vx.VX_TYPE_IMAGE
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
    context.standard_kernels = {row.enum_name: StandardKernel(context, row) for row in TABLE}


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


def valid_rect(node, index, rects):
    """An image output's valid rectangle from its inputs' (`rects`, in the order of the kernel's
    inputs, paired with its image inputs in turn): the intersection of the input images' valid
    rectangles, each scaled to the output's size (ChannelExtract of a half-size plane), shrunk by the
    border under UNDEFINED; the whole output for kernels that sample the input's valid rectangle only
    (`whole_valid`)."""
    kernel = node.kernel
    impl = kernel.row.implementation
    out = node.params[index].desc
    w, h = out.width, out.height
    start_x, start_y, end_x, end_y = 0, 0, w, h
    if not impl.whole_valid:
        images = [p for p in map(node.params.__getitem__, kernel.inputs) if p is not None and p.vx_type == _IMAGE]
        for img, (x0, y0, x1, y1) in zip(images, rects):
            d = img.desc
            iw, ih = d.width, d.height
            if iw != w or ih != h:                     # (scaled: rounded outwards)
                x0, y0, x1, y1 = x0 * w // iw, y0 * h // ih, -(-x1 * w // iw), -(-y1 * h // ih)
            # (comparisons, not max and min: this runs per node)
            start_x, start_y = x0 if x0 > start_x else start_x, y0 if y0 > start_y else start_y
            end_x, end_y = x1 if x1 < end_x else end_x, y1 if y1 < end_y else end_y
    if node.desc.border.mode == vx.VX_BORDER_UNDEFINED:
        left, top, right, bottom = impl.shrink(node)
        start_x, start_y = start_x + left if start_x + left < w else w, start_y + top if start_y + top < h else h
        end_x, end_y = end_x - right, end_y - bottom
    return start_x, start_y, end_x if end_x > start_x else start_x, end_y if end_y > start_y else start_y
