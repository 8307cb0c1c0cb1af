"""What the validators of every family share: the refusal, parameter checks, the output
description, and `Implementation`, a kernel's C function, validator and border.

A validator reads the node's parameter objects and returns {output index: (format, width,
height)} for images, {output index: {meta attribute: value}} for other objects; it refuses with
the precise status and says why."""
from dataclasses import dataclass

from _pyopenvx import ffi

from .. import constants as vx
from ..datatypes import C_TYPES
from ..errors import VxError
from ..objects.image import format_name
from ..reference import type_name

U1, U8, S16 = vx.VX_DF_IMAGE_U1, vx.VX_DF_IMAGE_U8, vx.VX_DF_IMAGE_S16
POLICIES = (vx.VX_CONVERT_POLICY_WRAP, vx.VX_CONVERT_POLICY_SATURATE)
ROUNDINGS = (vx.VX_ROUND_POLICY_TO_ZERO, vx.VX_ROUND_POLICY_TO_NEAREST_EVEN)
BORDERS = (vx.VX_BORDER_UNDEFINED, vx.VX_BORDER_CONSTANT, vx.VX_BORDER_REPLICATE)


@dataclass(frozen=True)
class Like:
    """A validator whose output is like an input, as plain data: parameter `input` an image of one
    of `formats`, at least `least` x `least`, `other` (if set) an image of its format and size; the
    output, parameter `output`, of `output_format` (0: the input's) and the input's size.
    Verification hands these to C (runtime/validate.h), which passes a run of such nodes in one
    call; the validator itself still runs for a node C does not pass, and says why it refuses.
    tests/test_like_rules.py keeps each rule equal to its validator."""
    input: int
    formats: tuple
    output: int
    output_format: int = 0
    other: int = None
    least: int = 0


@dataclass(frozen=True)
class Implementation:
    function: str                     # the C kernel in csrc/kernels/*.c
    validate: object                  # node -> {output index: (format, width, height)}
    border: object = 0                # pixels an output loses on each side under VX_BORDER_UNDEFINED,
                                      # or node -> (x, y) of them, or node -> (left, top, right, bottom)
    arguments: tuple = None           # per argument of vx*Node/vxu* when not the parameters in order:
                                      # its parameter index, ((index, field, ctype), ...) for a struct
                                      # whose fields are scalars, or a StructItem
    borders: tuple = BORDERS          # the border modes it supports
    whole_valid: bool = False         # its outputs are valid everywhere (warps, Remap: what they
                                      # sample outside the input's valid rectangle is border)
    like: Like = None                 # `validate` as a rule C can check (a constant `border` then)

    def shrink(self, node):
        """(left, top, right, bottom): the columns and rows an output loses under UNDEFINED."""
        lost = self.border(node) if callable(self.border) else (self.border, self.border)
        return lost if len(lost) == 4 else lost * 2


@dataclass(frozen=True)
class StructItem:
    """An argument passed as a struct pointer (vxHoughLinesPNode's params) that the kernel takes
    as parameter `index`, an array of one item of type `data_type`."""
    index: int
    data_type: int


def refuse(node, status, why):
    raise VxError(status, f"{node.kernel.kernel_name}: {why}", node)


def image_param(node, index, formats):
    img = node.params[index]
    if img.format not in formats:
        refuse(node, vx.VX_ERROR_INVALID_FORMAT, f"parameter {index} is {format_name(img.format)}, not "
               + " or ".join(format_name(f) for f in formats))
    return img


def same_size(node, first, *others):
    a = node.params[first]
    for i in others:
        b = node.params[i]
        if (b.width, b.height) != (a.width, a.height):
            refuse(node, vx.VX_ERROR_INVALID_DIMENSION, f"parameter {i} is {b.width}x{b.height}, parameter {first} "
                   f"is {a.width}x{a.height}")
    return a


def scalar_param(node, index, data_type, allowed=None):
    s = node.params[index]
    if s.data_type != data_type:
        refuse(node, vx.VX_ERROR_INVALID_TYPE, f"scalar parameter {index} is a {type_name(s.data_type)}, not a "
               f"{type_name(data_type)}")
    value = s.value
    if allowed is not None and value not in allowed:
        refuse(node, vx.VX_ERROR_INVALID_VALUE, f"scalar parameter {index} is {value:#x}, not one of "
               + ", ".join(f"{a:#x}" for a in allowed))
    return value


def struct_param(node, index, data_type):
    """The struct a StructItem argument became: the first item of the array parameter `index`."""
    items = node.params[index]
    if items.item_type != data_type or items.num_items < 1:
        refuse(node, vx.VX_ERROR_INVALID_PARAMETERS, f"parameter {index} holds {items.num_items} items of "
               f"{type_name(items.item_type)}, not one {type_name(data_type)}")
    return ffi.cast(f"{C_TYPES[data_type]} *", items.base())[0]


def output_like(node, index, fmt, like):
    return {index: (fmt, like.width, like.height)}
