"""vx_khr_buffer_aliasing (seed 004): kernels' alias hints and the graph's decisions."""
from ..graph import aliasing
from . import export
from .kernel import kernel_of
from .node import node_of


@export
def vxAliasParameterIndexHint(kernel, parameter_index_a, parameter_index_b, processing_type):
    aliasing.add_hint(kernel_of(kernel), parameter_index_a, parameter_index_b, processing_type)


@export
def vxIsParameterAliased(node, parameter_index_a, parameter_index_b):
    """Valid calls are answered in C (csrc/runtime/aliasing.c); here the refusals (vx_false_e, logged)."""
    return aliasing.is_aliased(node_of(node), parameter_index_a, parameter_index_b)
