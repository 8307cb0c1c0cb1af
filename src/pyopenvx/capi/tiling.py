"""vx_khr_tiling: tiling kernels (seed 001). Their attributes are rows of the kernel and node tables."""
from ..graph import tiling
from . import export
from .context import context_of
from .kernel import _text


@export
def vxAddTilingKernel(context, name, enumeration, flexible_func_ptr, fast_func_ptr, num_params, input, output):
    ctx = context_of(context)
    return tiling.add_tiling_kernel(ctx, _text(name, "name"), enumeration, flexible_func_ptr, fast_func_ptr,
                                    num_params, input, output)
