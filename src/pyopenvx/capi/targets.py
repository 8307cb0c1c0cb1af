"""TI target-kernel functions (seed 003, TI/tivx.h and TI/tivx_target_kernel.h): host side. The
target-side ones (instance context, memory, descriptors) are plain C in csrc/runtime/target.c."""
from _pyopenvx import ffi

from .. import constants as vx
from ..errors import check
from ..graph import module as modules
from ..graph import targets
from ..reference import find
from . import export
from .kernel import kernel_of
from .node import node_of


def _name(ptr, what):
    check(ptr != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, f"{what} is NULL")
    return ffi.string(ptr).decode(errors="replace")


@export
def tivxAddKernelTarget(kernel, target_name):
    targets.add_kernel_target(kernel_of(kernel), _name(target_name, "target_name"))


@export
def tivxAddTargetKernel(kernel_id, target_name, process_func, create_func, delete_func, control_func, priv_arg):
    return targets.add(None, kernel_id, _name(target_name, "target_name"), process_func, create_func, delete_func,
                       control_func, priv_arg)


@export
def tivxAddTargetKernelByName(kernel_name, target_name, process_func, create_func, delete_func, control_func,
                              priv_arg):
    return targets.add(_name(kernel_name, "kernel_name"), None, _name(target_name, "target_name"), process_func,
                       create_func, delete_func, control_func, priv_arg)


@export
def tivxRemoveTargetKernel(target_kernel):
    targets.remove(lambda tk: tk.handle == target_kernel, "target_kernel")


@export
def tivxRemoveTargetKernelByName(kernel_name, target_name):
    name, target = _name(kernel_name, "kernel_name"), targets.target_id(_name(target_name, "target_name"))
    targets.remove(lambda tk: tk.kernel_name == name and tk.target == target, f"{name!r} on {targets.NAMES[target]}")


@export
def tivxQueryNumTargetKernel(num_target_kernels):
    check(num_target_kernels != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, "num_target_kernels is NULL")
    num_target_kernels[0] = len(targets.REGISTRY)


@export
def tivxNodeSendCommandTimed(node, replicated_node_idx, node_cmd_id, ref, num_refs, timeout):
    n = node_of(node)
    check(num_refs == 0 or ref != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, "ref is NULL")
    check(num_refs <= vx.TIVX_KERNEL_MAX_PARAMS, vx.VX_ERROR_INVALID_PARAMETERS,
          f"{num_refs} objects (at most {vx.TIVX_KERNEL_MAX_PARAMS})", n)
    # an entry that is not a valid reference (NULL, an unused trailing one) reaches the control
    # callback as a NULL descriptor (as in TIOVX)
    objects = [find(ref[i]) for i in range(num_refs)]
    refs = ffi.new("vx_reference[]", [ffi.NULL if o is None else ffi.cast("vx_reference", o.h) for o in objects] or 1)
    targets.send_command(n, replicated_node_idx, node_cmd_id, refs, num_refs, timeout)


@export
def tivxNodeSendCommand(node, replicated_node_idx, node_cmd_id, ref, num_refs):
    tivxNodeSendCommandTimed(node, replicated_node_idx, node_cmd_id, ref, num_refs,
                             vx.TIVX_EVENT_TIMEOUT_WAIT_FOREVER)


@export
def tivxRegisterModule(name, publish, unpublish):
    modules.register_everywhere(_name(name, "name"), publish, unpublish)


@export
def tivxUnRegisterModule(name):
    modules.unregister_everywhere(_name(name, "name"))
