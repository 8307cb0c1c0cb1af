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
from ..reference import find
from . import features, filters, geometry, nn, nn_table, pointwise, statistics, tensors
from .common import Implementation
from .table import COMPATIBILITY_ROWS, EXTENSION_ROWS, ROWS

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
        super().__init__(context, row.kernel_name, row.enumeration, function, len(row.signature), _validate,
                         ffi.NULL, ffi.NULL)
        self.row = row
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


def _validate(c_node, parameters, num, metas):
    """The kernel validator of every standard kernel (called by verify.validate_nodes)."""
    node = find(c_node)
    impl = node.kernel.row.implementation
    if node.desc.border.mode not in impl.borders:
        raise VxError(vx.VX_ERROR_NOT_SUPPORTED, f"{node.kernel.kernel_name}: border mode {node.desc.border.mode:#x} is "
                      "not supported (" + ", ".join(f"{m:#x}" for m in impl.borders) + ")", node)
    for index, described in impl.validate(node).items():
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
    (ChannelExtract of a half-size plane), shrunk by the border under UNDEFINED; the whole output
    for kernels that sample the input's valid rectangle only (`whole_valid`)."""
    node = find(c_node)
    images = [node.params[i] for i in node.kernel.inputs if not node.kernel.row.implementation.whole_valid
              and node.params[i] is not None and node.params[i].vx_type == vx.VX_TYPE_IMAGE]
    out_img = node.params[index]
    w, h = out_img.width, out_img.height
    undefined = node.desc.border.mode == vx.VX_BORDER_UNDEFINED
    left, top, right, bottom = node.kernel.row.implementation.shrink(node) if undefined else (0, 0, 0, 0)
    start_x, start_y, end_x, end_y = 0, 0, w, h
    for k, img in enumerate(images):
        r = inputs[k][0]
        start_x = max(start_x, r.start_x * w // img.width)
        start_y = max(start_y, r.start_y * h // img.height)
        end_x = min(end_x, -(-r.end_x * w // img.width))
        end_y = min(end_y, -(-r.end_y * h // img.height))
    out = outputs[0]
    out.start_x, out.start_y = min(start_x + left, w), min(start_y + top, h)
    out.end_x, out.end_y = max(out.start_x, end_x - right), max(out.start_y, end_y - bottom)
    return vx.VX_SUCCESS


