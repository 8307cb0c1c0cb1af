"""The node creators (vx_nodes.h) and immediate-mode functions (vxu.h) of the standard kernels
done: one generic body each, registered per table row. Arguments after the graph or context map
to the kernel's parameters in order; handles are looked up as their C type says, values and
outputs by pointer become scalars (standard_kernels.Value)."""
from .. import constants as vx
from .. import standard_kernels as std
from ..paths import INCLUDEDIR
from ..prototypes import parse
from ..reference import HANDLE_TYPES, lookup, lookup_optional
from . import IMPLEMENTED
from .context import context_of


def _unpack(row, params, args):
    out = []
    for sig, param, arg in zip(row.signature, params, args):
        if param.ctype in HANDLE_TYPES:
            find = lookup_optional if sig.optional else lookup
            out.append(find(arg, HANDLE_TYPES[param.ctype], param.name))
        elif param.ctype.endswith("*"):       # an output by pointer: a scalar read back after the run
            ctype = param.ctype[:-1].strip()
            out.append(std.Value(std.SCALAR_OF_CTYPE[ctype], ctype, 0, result=arg))
        else:
            out.append(std.Value(std.SCALAR_OF_CTYPE[param.ctype], param.ctype, arg))
    return out


def _node_creator(row, params):
    def create(graph, *args):
        return std.create_node(lookup(graph, vx.VX_TYPE_GRAPH, "graph"), row, _unpack(row, params, args))
    return create


def _immediate(row, params):
    def run(context, *args):
        return std.immediate(context_of(context), row, _unpack(row, params, args))
    return run


def _register():
    protos = {p.name: p for p in parse(INCLUDEDIR)}
    for row in std.TABLE:
        for name, make in ((row.node_creator, _node_creator), (row.vxu_function, _immediate)):
            if not name:                      # vxSelectNode, vxScalarOperationNode: no vxu function
                continue
            params = protos[name].params[1:]
            assert len(params) == len(row.signature), f"{name}: {len(params)} arguments for {len(row.signature)}"
            IMPLEMENTED[name] = make(row, params)
            IMPLEMENTED[name].__name__ = name


_register()
