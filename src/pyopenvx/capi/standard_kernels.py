"""The node creators (vx_nodes.h) and immediate-mode functions (vxu.h) of the standard kernels
done: one generic body each, registered per table row. Arguments after the graph or context map
to the kernel's parameters in order, or as the row's `Implementation.arguments` says (a struct
passed by pointer fills several, or one array of that item); handles are looked up as their C type
says, values, fields and outputs by pointer become scalars (kernels.calls.Value), struct items
arrays (kernels.calls.Item)."""
import struct

from _pyopenvx import ffi

from .. import constants as vx
from ..errors import VxError
from ..kernels import calls, nn
from ..kernels.common import StructItem
from ..kernels.registry import TABLE
from ..kernels.table import VALUE_NODE_CREATORS
from ..paths import INCLUDEDIR
from ..prototypes import parse
from ..reference import HANDLE_TYPES, lookup, lookup_optional
from . import IMPLEMENTED
from .context import context_of


def _targets(row, params):
    """Per argument: the parameter index it fills, or ((index, field, ctype), ...) for a struct."""
    return row.implementation.arguments or tuple(range(len(params)))


def _converter(sig, param):
    """What turns an argument into its parameter's value (decided once per function, not per call)."""
    if param.ctype in HANDLE_TYPES:
        find, vx_type, name = lookup_optional if sig.optional else lookup, HANDLE_TYPES[param.ctype], param.name
        return lambda arg: find(arg, vx_type, name)
    if param.ctype.endswith("*"):             # an output by pointer: a scalar read back after the run
        ctype = param.ctype[:-1].strip()
        return lambda arg: calls.Value(calls.SCALAR_OF_CTYPE[ctype], ctype, 0, result=arg)
    return lambda arg: calls.Value(calls.SCALAR_OF_CTYPE[param.ctype], param.ctype, arg)


def _indices(target):
    """The parameter indices an argument fills."""
    if isinstance(target, int):
        return (target,)
    return (target.index,) if isinstance(target, StructItem) else tuple(i for i, *_ in target)


def _plan(row, params):
    """Per argument: its parameter, its target and, for a target index, its converter."""
    return tuple((param, target, _converter(row.signature[target], param) if isinstance(target, int) else None)
                 for param, target in zip(params, _targets(row, params)))


def _unpack(row, params, plan, args):
    out = [None] * len(row.signature)
    for k, ((param, target, convert), arg) in enumerate(zip(plan, args)):
        if convert is not None:
            out[target] = convert(arg)
            continue
        if target == nn.SIZE_OF:              # the size of the struct before it: at least the struct
            struct = params[k - 1].ctype.replace("const", "").rstrip("* ").strip()
            if arg < ffi.sizeof(struct):
                raise VxError(vx.VX_ERROR_INVALID_PARAMETERS, f"{param.name} is {arg}, {struct} has {ffi.sizeof(struct)} bytes")
            continue
        if arg == ffi.NULL:                   # a struct by pointer: one array item, or several scalars
            raise VxError(vx.VX_ERROR_INVALID_PARAMETERS, f"{param.name} is NULL")
        if isinstance(target, StructItem):
            out[target.index] = calls.Item(target.data_type, arg)
            continue
        for index, field, ctype in target:
            out[index] = calls.Value(calls.SCALAR_OF_CTYPE[ctype], ctype, getattr(arg, field))
    return out


def _node_creator(row, params):
    plan = _plan(row, params)
    if _targets(row, params) == tuple(range(len(row.signature))) and all(p.ctype in HANDLE_TYPES for p in params):
        # every argument a handle of its parameter (most creators): looked up in one frame each
        wanted = tuple((lookup_optional if row.signature[k].optional else lookup, HANDLE_TYPES[p.ctype], p.name)
                       for k, p in enumerate(params))

        def create(graph, *args):
            return calls.create_node(lookup(graph, vx.VX_TYPE_GRAPH, "graph"), row,
                                     [find(arg, vx_type, name) for (find, vx_type, name), arg in zip(wanted, args)])
        return create

    def create(graph, *args):
        return calls.create_node(lookup(graph, vx.VX_TYPE_GRAPH, "graph"), row, _unpack(row, params, plan, args))
    return create


def _word(param, arg):
    """An argument as the generated wrapper gives it to csrc/runtime/immediate.c (PVX_IMMEDIATE_ARG)."""
    if param.ctype in HANDLE_TYPES:
        return int(ffi.cast("uintptr_t", arg))
    if param.ctype == "vx_float32":
        return struct.unpack("<I", struct.pack("<f", arg))[0]
    return int(arg) & 0xFFFFFFFFFFFFFFFF


def _immediate(row, params):
    plan = _plan(row, params)

    def run(context, *args):
        key = calls.immediate_key(row.vxu_function, (_word(p, a) for p, a in zip(params, args)))
        return calls.immediate(context_of(context), row, _unpack(row, params, plan, args), key)
    return run


def _register():
    protos = {p.name: p for p in parse(INCLUDEDIR)}
    for row in TABLE:
        for name, make in ((row.node_creator, _node_creator), (row.vxu_function, _immediate),
                           (VALUE_NODE_CREATORS.get(row.enum_name, ""), _node_creator)):
            if not name:                      # vxSelectNode, vxScalarOperationNode: no vxu function
                continue
            params = protos[name].params[1:]
            filled = sorted(k for t in _targets(row, params) if t != nn.SIZE_OF for k in _indices(t))
            assert filled == list(range(len(row.signature))), f"{name}: arguments fill {filled}"
            IMPLEMENTED[name] = make(row, params)
            IMPLEMENTED[name].__name__ = name


_register()
