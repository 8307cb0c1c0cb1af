"""Target kernels (seed 003): the targets of TI/tivx.h, the target kernels registered for them, and the
policy of a node on a target: which target runs it, when its create and delete callbacks run.

csrc/runtime/target.c runs the commands on each target's thread without the GIL. The host never holds the
object-model lock while it waits for a target (`_waiting`), so a target thread may always enter
Python (a node completion callback, memory attached on first use)."""
import contextlib

from _pyopenvx import ffi, lib

from .. import constants as vx
from .. import log
from ..errors import VxError, check, status_name
from ..objects.dataobject import accessible
from ..objects.parts import container, items_of
from ..reference import LOCK, unlocked

# Target names in the order of tivx.h; a target's id is its index.
NAMES = tuple(v for k, v in vars(vx).items() if k.startswith("TIVX_TARGET_") and isinstance(v, str))
IDS = {name: i for i, name in enumerate(NAMES)}
for _i, _name in enumerate(NAMES):
    lib.pvx_target_define(_i, _name.encode())

REGISTRY = []          # TargetKernel, process-wide as in TIOVX (registered without a context)
loading = None         # the module (module.py) whose vxPublishKernels runs now
_LIMITS = {vx.VX_TYPE_PYRAMID: vx.TIVX_PYRAMID_MAX_LEVEL_OBJECTS, vx.VX_TYPE_OBJECT_ARRAY: vx.TIVX_OBJECT_ARRAY_MAX_ITEMS}


def target_id(name):
    check(name in IDS, vx.VX_ERROR_INVALID_PARAMETERS, f"{name!r} is not a target of TI/tivx.h")
    return IDS[name]


class TargetKernel:
    """tivxAddTargetKernel[ByName]: callbacks for one kernel (by name or enum) on one target."""

    def __init__(self, kernel_name, kernel_id, target, process, create, delete, control, priv_arg):
        self.kernel_name, self.kernel_id, self.target = kernel_name, kernel_id, target
        c = self.c = ffi.new("struct _tivx_target_kernel *")
        c.process, c.create, c.destroy, c.control, c.priv_arg = process, create, delete, control, priv_arg
        self.handle = ffi.cast("tivx_target_kernel", c)
        self.module = loading

    def serves(self, kernel, target):
        return self.target == target and (self.kernel_name == kernel.kernel_name or self.kernel_id == kernel.enumeration)

    def __repr__(self):
        return f"<target kernel {self.kernel_name or hex(self.kernel_id)} on {NAMES[self.target]}>"


def add(kernel_name, kernel_id, target_name, process, create, delete, control, priv_arg):
    """As TIOVX: a process and a create callback are required (delete and control are optional)."""
    check(process != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, "process_func is NULL")
    check(create != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, "create_func is NULL")
    target = target_id(target_name)
    tk = TargetKernel(kernel_name, kernel_id, target, process, create, delete, control, priv_arg)
    for other in REGISTRY:
        check(other.target != target or (other.kernel_name, other.kernel_id) != (kernel_name, kernel_id),
              vx.VX_ERROR_INVALID_PARAMETERS, f"{other} is already registered")
    REGISTRY.append(tk)
    return tk.handle


def remove(match, what):
    found = [tk for tk in REGISTRY if match(tk)]
    check(found, vx.VX_ERROR_INVALID_PARAMETERS, f"{what} is not a registered target kernel")
    REGISTRY.remove(found[0])


def forget(module):
    """A module's code goes: the target kernels it registered (and did not remove) go with it."""
    REGISTRY[:] = [tk for tk in REGISTRY if tk.module is not module]


def add_kernel_target(kernel, target_name):
    """tivxAddKernelTarget: the node runs on the first listed target unless vxSetNodeTarget picks another."""
    target = target_id(target_name)
    check(len(kernel.targets) < vx.TIVX_MAX_TARGETS_PER_KERNEL, vx.VX_ERROR_NO_RESOURCES,
          f"{kernel} already lists {len(kernel.targets)} targets", kernel)
    if target not in kernel.targets:
        kernel.targets = kernel.targets + (target,)


def choose(node, target_name):
    """vxSetNodeTarget with VX_TARGET_STRING: one of the kernel's targets, or "any" (the first)."""
    if target_name.lower() == "any":
        node.target_id = None
        return
    check(target_name in IDS and IDS[target_name] in node.kernel.targets, vx.VX_ERROR_NOT_SUPPORTED,
          f"{node.kernel} does not run on target {target_name!r} (it lists "
          f"{', '.join(NAMES[t] for t in node.kernel.targets) or 'no target'})", node)
    node.target_id = IDS[target_name]


def target_of(node):
    """The node's target id, or None for a host kernel with no target list."""
    if node.target_id is not None:
        return node.target_id
    return node.kernel.targets[0] if node.kernel.targets else None


def target_name(node):
    target = target_of(node)
    return NAMES[target] if target is not None else vx.TIVX_TARGET_HOST


@contextlib.contextmanager
def _waiting():
    """Waiting for a target: never with the object-model lock held."""
    if LOCK._is_owned():
        with unlocked():
            yield
    else:
        yield


# verification and release ---------------------------------------------------------------------
def create_nodes(graph):
    """Verification phase after the schedule is compiled: every node of a kernel without a host
    function gets its instances on its target and their create callbacks run there, one node at a
    time in schedule order; then every node learns which earlier nodes it waits for."""
    targeted = [n for n in graph.order if n.kernel.function == ffi.NULL and n.tiling is None]
    if targeted:
        with accessible(graph.virtual_objects):    # create callbacks get descriptors of virtual objects too
            for node in targeted:
                _create(node)
    graph.desc.num_targeted = len(targeted)
    if targeted:
        index = {n: k for k, n in enumerate(graph.order)}
        for node in graph.order:
            deps = sorted(index[p] for p in graph.order if node in graph.after[p])
            node._c_deps = ffi.new("vx_uint32[]", deps or 1)
            node.desc.deps, node.desc.num_deps = node._c_deps, len(deps)


def _create(node):
    target = target_of(node)
    check(target is not None, vx.VX_ERROR_NOT_SUPPORTED,
          f"{node}: its kernel has no process function and no target (tivxAddKernelTarget)", node)
    tk = next((tk for tk in REGISTRY if tk.serves(node.kernel, target)), None)
    check(tk is not None, vx.VX_ERROR_NOT_SUPPORTED,
          f"{node}: no target kernel is registered for {node.kernel.kernel_name!r} on target {NAMES[target]}", node)
    d = node.desc
    check(lib.pvx_target_instances_new(d, tk.c, target, d.replicas) == 0, vx.VX_ERROR_NO_MEMORY,
          f"{node}: no memory for its target instances", node)
    node.target_kernel = tk                    # registered callbacks stay known while the node uses them
    label = (node.name or node.kernel.kernel_name).encode()[: vx.VX_MAX_REFERENCE_NAME - 1]
    for r in range(d.replicas):
        inst = d.target + r
        inst.name = label
        _describe_containers(node, inst, r)
    for r in range(d.replicas):
        with _waiting():
            status = lib.pvx_target_call(d.target + r, lib.PVX_TARGET_CREATE, node.timeout)
        node.timed_out = status == vx.VX_ERROR_TIMEOUT
        check(not node.timed_out, status, f"the create callback of {node} on target {NAMES[target]} did "
              f"not end within TIVX_NODE_TIMEOUT ({node.timeout} ms)", node)
        if status != vx.VX_SUCCESS:
            raise VxError(status, f"the create callback of {node} on target {NAMES[target]} failed: "
                          f"{status_name(status)}", node)


def _describe_containers(node, inst, replica):
    """Pyramid and object-array parameters: their items, and a pyramid's fixed attributes."""
    n = len(node.params)
    for i in range(n):
        obj = _object_at(node, i, replica)
        if obj is None or obj.vx_type not in _LIMITS:
            continue
        items = items_of(obj)
        check(len(items) <= _LIMITS[obj.vx_type], vx.VX_ERROR_NOT_SUPPORTED,
              f"{node} parameter {i}: {len(items)} items, target kernels see at most {_LIMITS[obj.vx_type]}", node)
        refs = ffi.new("vx_reference[]", [ffi.cast("vx_reference", o.h) for o in items] or 1)
        check(lib.pvx_target_set_items(inst, i, refs, len(items)) == 0, vx.VX_ERROR_NO_MEMORY,
              f"{node} parameter {i}: no memory for its item descriptors", node)
        if obj.vx_type == vx.VX_TYPE_PYRAMID:
            p = inst.descs[i].pyramid
            p.num_levels, p.width, p.height, p.format, p.scale = (len(items), obj.width, obj.height, obj.format,
                                                                  obj.scale)


def _object_at(node, index, replica):
    obj = node.params[index]
    if obj is not None and node.replicate is not None and node.replicate[index]:
        obj = items_of(container(obj))[replica]
    return obj


def delete_node(node):
    """The delete callbacks (graph release, re-verification), then the instances go; unless one
    did not end within TIVX_NODE_TIMEOUT: the target still has it (or a create before it) and uses
    the instances, which are then left to it. Returns the first failure (each one is logged)."""
    d = node.desc
    if d.target == ffi.NULL:
        return vx.VX_SUCCESS
    failed, kept = vx.VX_SUCCESS, False
    for r in range(d.target[0].replicas):
        with _waiting():
            status = lib.pvx_target_call(d.target + r, lib.PVX_TARGET_DELETE, node.timeout)
        if status == vx.VX_ERROR_TIMEOUT:
            node.timed_out = kept = True
            log.entry(node, status, f"the delete callback of {node} did not end within TIVX_NODE_TIMEOUT "
                      f"({node.timeout} ms): its target keeps its instances")
        elif status != vx.VX_SUCCESS:
            log.entry(node, status, f"the delete callback of {node} failed: {status_name(status)}")
        failed = failed or status
    if kept:
        d.target = ffi.NULL
    else:
        lib.pvx_target_instances_free(d)
    node.target_kernel = None
    return failed


# commands -------------------------------------------------------------------------------------
def send_command(node, replica, cmd, refs, num_refs, timeout):
    """tivxNodeSendCommand[Timed]: the control callback on the node's target, in queue order; waits."""
    d = node.desc
    check(d.target != ffi.NULL, vx.VX_ERROR_NOT_SUPPORTED,
          f"{node} is not on a target: commands go to nodes of target kernels between vxVerifyGraph and "
          "vxReleaseGraph", node)
    check(node.target_kernel.c.control != ffi.NULL, vx.VX_ERROR_NOT_SUPPORTED,
          f"{node.target_kernel} has no control callback", node)
    replicas = d.target[0].replicas
    if replica == vx.TIVX_CONTROL_CMD_SEND_TO_ALL_REPLICATED_NODES:
        chosen = range(replicas)
    else:
        check(replica < replicas, vx.VX_ERROR_INVALID_PARAMETERS,
              f"replica {replica} of {node} does not exist ({replicas})", node)
        chosen = (replica,)
    node.retain(internal=True)                 # the application may release it while we wait
    try:
        for r in chosen:
            with _waiting():
                status = lib.pvx_target_command(d.target + r, cmd, refs, num_refs, timeout)
            node.timed_out = status == vx.VX_ERROR_TIMEOUT      # TIVX_NODE_IS_TIMED_OUT: the last command's
            if node.timed_out:
                raise VxError(status, f"command {cmd} to {node} did not end within {timeout} ms "
                              f"(target {target_name(node)} is busy)", node)
            check(status == vx.VX_SUCCESS, status, f"the control callback of {node} failed: {status_name(status)}",
                  node)
    finally:
        node.release(internal=True)


def wait_idle():
    """vxReleaseContext: targets finish what they were given first (a stuck one is reported every 5 s)."""
    with _waiting():
        while not lib.pvx_targets_wait_idle(5000):
            pass
