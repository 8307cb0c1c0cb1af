"""Kernels: the registry of a context, user kernels with their signatures, their life cycle
(added -> parameters -> finalized -> published -> removed)."""
from dataclasses import dataclass

from _pyopenvx import ffi

from . import constants as vx
from .errors import VxError, check
from .reference import Reference

DIRECTIONS = (vx.VX_INPUT, vx.VX_OUTPUT)
STATES = (vx.VX_PARAMETER_STATE_REQUIRED, vx.VX_PARAMETER_STATE_OPTIONAL)
# What a kernel parameter may be: a data object type, or VX_TYPE_REFERENCE for any of them.
DATA_TYPES = frozenset((
    vx.VX_TYPE_REFERENCE, vx.VX_TYPE_LUT, vx.VX_TYPE_DISTRIBUTION, vx.VX_TYPE_PYRAMID,
    vx.VX_TYPE_THRESHOLD, vx.VX_TYPE_MATRIX, vx.VX_TYPE_CONVOLUTION, vx.VX_TYPE_SCALAR, vx.VX_TYPE_ARRAY,
    vx.VX_TYPE_IMAGE, vx.VX_TYPE_REMAP, vx.VX_TYPE_OBJECT_ARRAY, vx.VX_TYPE_TENSOR, vx.VX_TYPE_DELAY,
    vx.VX_TYPE_USER_DATA_OBJECT,
))
_VENDOR_SHIFT = 20
# The spec sets no limit; beyond this a count is a bug (or garbage), refused precisely rather
# than as a failed allocation of its lists.
MAX_PARAMETERS = 1024


@dataclass(frozen=True)
class Signature:
    """One parameter of a kernel."""
    direction: int
    data_type: int
    state: int

    @property
    def optional(self):
        return self.state == vx.VX_PARAMETER_STATE_OPTIONAL

    def accepts(self, obj):
        return self.data_type == vx.VX_TYPE_REFERENCE or obj.vx_type == self.data_type


class Kernel(Reference):
    vx_type = vx.VX_TYPE_KERNEL
    tiling = None                             # a tiling kernel's TileSpec (graph/tiling.py)
    alias_hints = {}                          # (input, output) -> processing type (graph/aliasing.py, seed 004)
    pending_hints = ()                        # (a, b, processing type) given before a or b was added
    targets = ()                              # target ids from tivxAddKernelTarget (graph/targets.py, seed 003)
    pipeup_output_depth = pipeup_input_depth = 1   # VX_KERNEL_PIPEUP_*_DEPTH (graph/pipelining.py)
    describe = None                           # a standard kernel's validator in Python (kernels/registry.py)
    valid_rect = None                         # and the valid rectangle of the image outputs it describes
    like = ffi.NULL                           # and its pvx_like_rule, if it has one (verification's C pass)

    def __init__(self, context, name, enumeration, function, num_params, validate, init, deinit, module=None,
                 io_validators=(None, None)):
        super().__init__(context)
        self.kernel_name = name
        self.enumeration = enumeration
        # a NULL validate (vx_khr_pipelining source and sink kernels): the objects given describe the outputs
        self.function, self.initialize, self.deinitialize = function, init, deinit
        self.validate = None if validate == ffi.NULL else validate
        # vxAddKernel (vx_compatibility.h): a validator per input and per output instead of `validate`
        self.input_validate, self.output_validate = io_validators
        self.signature = [None] * num_params
        self.local_data_size = 0
        self.finalized = False
        self.module = module
        self.nodes = set()
        self.name = name
        self.retain(internal=True)            # the context's registry
        context.kernels.append(self)

    @property
    def counted(self):
        """In VX_CONTEXT_REFERENCES from vxAddUserKernel until removed, whatever references
        vxGetKernelByName/ByEnum hand out meanwhile (standard kernels: never)."""
        return self.h is not None and self in self.context.kernels

    @property
    def num_params(self):
        return len(self.signature)

    @property
    def published(self):
        return self.finalized

    def add_parameter(self, index, direction, data_type, state, directions=DIRECTIONS):
        check(not self.finalized, vx.VX_ERROR_INVALID_PARAMETERS, f"{self} is finalized: no parameter can be added", self)
        check(index < self.num_params, vx.VX_ERROR_INVALID_PARAMETERS,
              f"parameter index {index} is out of range (the kernel has {self.num_params})", self)
        check(self.signature[index] is None, vx.VX_ERROR_INVALID_PARAMETERS, f"parameter {index} is already added", self)
        check(direction in directions, vx.VX_ERROR_INVALID_PARAMETERS,
              f"parameter {index}: direction {direction:#x} is not VX_INPUT or VX_OUTPUT", self)
        check(data_type in DATA_TYPES, vx.VX_ERROR_INVALID_PARAMETERS,
              f"parameter {index}: type {data_type:#x} is not a data object type", self)
        check(data_type != vx.VX_TYPE_DELAY or direction == vx.VX_INPUT, vx.VX_ERROR_INVALID_PARAMETERS,
              f"parameter {index}: a delay can only be an input", self)
        check(state in STATES, vx.VX_ERROR_INVALID_PARAMETERS,
              f"parameter {index}: state {state:#x} is not a vx_parameter_state_e", self)
        self.signature[index] = Signature(direction, data_type, state)

    def finalize(self):
        check(not self.finalized, vx.VX_ERROR_INVALID_PARAMETERS, f"{self} is already finalized", self)
        missing = [i for i, s in enumerate(self.signature) if s is None]
        check(not missing, vx.VX_ERROR_INVALID_PARAMETERS,
              f"{self} cannot be finalized: parameters {missing} were never added", self)
        # a VX_BIDIRECTIONAL parameter (1.0's Accumulate kernels) is read as an input and has no meta
        self.inputs = tuple(i for i, s in enumerate(self.signature) if s.direction != vx.VX_OUTPUT)
        self.outputs = tuple(i for i, s in enumerate(self.signature) if s.direction == vx.VX_OUTPUT)
        self.finalized = True
        if self.tiling is None:               # (a tiling kernel's nodes copy its attributes: Python's)
            # what C needs to make its nodes as graph/node.py does (csrc/runtime/node_made.c)
            self._node_params = ffi.new("pvx_node_param[]", [(s.data_type, s.optional) for s in self.signature])
            self._node_kind = ffi.new("pvx_node_kind *", {
                "function": self.function, "local_data_size": self.local_data_size,
                "num_parameters": len(self.signature), "parameters": self._node_params})
            self.h.desc = self._node_kind

    def set_local_data_size(self, size):
        check(not self.finalized, vx.VX_ERROR_NOT_SUPPORTED, f"{self} is finalized: its attributes are fixed", self)
        self.local_data_size = size

    def remove(self, forced=False):
        """vxRemoveKernel: unpublish, and release the caller's reference. Refused (1.3.1) while a node
        uses the kernel or the application holds other references to it; `forced` (a module
        unloaded without removing it) skips the latter, as its code is about to go."""
        self.context.adopt_nodes()            # (nodes made in C join their kernel's set then)
        check(not self.nodes, vx.VX_FAILURE,
              f"{self} is still used by {len(self.nodes)} node(s): release them (and their graphs) first", self)
        check(forced or self.h.external_count <= 1, vx.VX_FAILURE,
              f"{self} is still referenced {self.h.external_count} times by the application: release the others "
              "(from vxGetKernelByName/ByEnum) first", self)
        self.context.kernels.remove(self)
        self.destroy()

    def __repr__(self):
        return f"<Kernel '{self.kernel_name}' {self.enumeration:#x}>" if self.h is not None else "<Kernel (dead)>"


def check_new_kernel(context, name, enumeration, num_params):
    """A new kernel's name, enumeration and parameter count: well-formed, not Khronos', not used in
    the context."""
    check(0 < len(name) < vx.VX_MAX_KERNEL_NAME, vx.VX_ERROR_INVALID_PARAMETERS,
          f"kernel name must have 1..{vx.VX_MAX_KERNEL_NAME - 1} characters")
    check(num_params <= MAX_PARAMETERS, vx.VX_ERROR_INVALID_PARAMETERS,
          f"kernel {name!r}: {num_params} parameters (at most {MAX_PARAMETERS})")
    check((enumeration >> _VENDOR_SHIFT) & 0xFFF != vx.VX_ID_KHRONOS, vx.VX_ERROR_INVALID_PARAMETERS,
          f"kernel {name!r}: enumeration {enumeration:#x} belongs to the Khronos standard kernels")
    for k in context.kernels:
        check(k.kernel_name != name, vx.VX_ERROR_INVALID_PARAMETERS, f"a kernel named {name!r} already exists", k)
        check(k.enumeration != enumeration, vx.VX_ERROR_INVALID_PARAMETERS,
              f"kernel {name!r}: enumeration {enumeration:#x} is already used by {k}", k)


def add_user_kernel(context, name, enumeration, function, num_params, validate, init, deinit,
                    io_validators=None):
    """vxAddUserKernel; vxAddKernel gives `io_validators` (input, output) and no `validate`.
    vxAddUserKernel's func_ptr may be NULL (seed 003): the kernel then runs on its targets; so may its
    validate (vx_khr_pipelining's source kernels): nothing is checked, outputs are what they are given."""
    if io_validators is not None:
        check(function != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, f"kernel {name!r}: func_ptr is NULL")
        check(ffi.NULL not in io_validators, vx.VX_ERROR_INVALID_PARAMETERS,
              f"kernel {name!r}: the input and output validators are both required")
    check_new_kernel(context, name, enumeration, num_params)
    return Kernel(context, name, enumeration, function, num_params, validate, init, deinit,
                  module=getattr(context, "loading_module", None), io_validators=io_validators or (None, None))


def by_name(context, name):
    for k in context.kernels:
        if k.published and k.kernel_name == name:
            return k
    raise VxError(vx.VX_ERROR_INVALID_PARAMETERS, f"no kernel named {name!r}")


def by_enum(context, enumeration):
    for k in context.kernels:
        if k.published and k.enumeration == enumeration:
            return k
    raise VxError(vx.VX_ERROR_INVALID_PARAMETERS, f"no kernel with enumeration {enumeration:#x}")
