"""vx_parameter: a view of one parameter of a node or of a kernel."""
from .. import constants as vx
from ..errors import check
from ..reference import Reference


class Parameter(Reference):
    vx_type = vx.VX_TYPE_PARAMETER

    def __init__(self, owner, index):
        """`owner` is a Node or a Kernel; the parameter holds it while it lives."""
        kernel = getattr(owner, "kernel", owner)
        check(index < kernel.num_params, vx.VX_ERROR_INVALID_PARAMETERS,
              f"parameter index {index} is out of range ({owner} has {kernel.num_params})", owner)
        check(kernel.signature[index] is not None, vx.VX_ERROR_INVALID_PARAMETERS,
              f"parameter {index} of {owner} was never added", owner)
        super().__init__(owner.context)
        self.owner, self.index, self.kernel = owner, index, kernel
        owner.retain(internal=True)

    @property
    def signature(self):
        return self.kernel.signature[self.index]

    @property
    def node(self):
        return self.owner if self.owner is not self.kernel else None

    @property
    def ref(self):
        return self.node.params[self.index] if self.node is not None else None

    def on_destroy(self):
        if self.owner.alive:
            self.owner.release(internal=True)
