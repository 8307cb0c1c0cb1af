"""Twins: common-subexpression elimination in fused passes. A node of a pass that computes what an
earlier node of the same pass computes is its twin; the pass computes the row once and stores it to
each twin's image while the row is in L1 (csrc/runtime/fusion.c `twin_row`), in place of running
the kernel again.

Two nodes are twins when the result cannot differ: the same standard kernel (FUSABLE: side-effect
free, its row a function of its inputs' rows, its parameters and its border; no user kernel has a
standard enumeration), reading the same objects for every parameter but its output (so a scalar,
threshold or matrix that the application changes between runs changes for both), the same border
(mode and constant), one single-plane output of its input's size (a row map 1:1, no pairs of rows)
and of the same format and size (Add of the same images into U8 and into S16 differ). Not in a fold
(a fold computes its nodes as one). What stays each node's own: its stage, prepared with its kernel's
own prepare every run (its status, its share of the pass's time, its border's columns: an UNDEFINED
border leaves each image's edge as it was), and its image, written with the rows and columns the
kernel writes. A node with a completion callback makes its pass run node by node (graph.c
`run_fused`); replacing a parameter after verification makes the graph verify again, and so plan
its twins again.

openvx-mark's ParallelBranches (four Box3x3 of one input, issue 32) is one box and four stores of
its rows.
"""
from _pyopenvx import ffi


def twins(run, rows_of, taken=()):
    """{node: its twin} for the nodes of the run that compute what an earlier node of it computes
    (none of them in `taken`: the folds' nodes). rows_of(node): a node's (input, output) parameter
    indexes when its kernel is fusable with a row map 1:1, else None (graph/fusion.py `twin_rows`)."""
    found, seen = {}, {}
    if not may_twin(run, rows_of):            # (the usual run: no key to build a node)
        return found
    for node in run:
        e, rows = node.kernel.enumeration, rows_of(node)
        if node in taken or rows is None or len(rows[1]) != 1:
            continue
        out = rows[1][0]
        if node.params[out] is None or node.params[out].desc.planes != 1:
            continue
        border, written = node.desc.border, node.params[out].desc
        key = (e, border.mode, bytes(ffi.buffer(ffi.addressof(border, "constant_value"))),
               written.format, written.width, written.height,
               tuple(id(o) if k != out else None for k, o in enumerate(node.params)))
        if key in seen:
            found[node] = seen[key]
        else:
            seen[key] = node
    return found


def may_twin(nodes, rows_of):
    """Whether two of the nodes could be twins (one fusable kernel reading one first input): a
    look that costs a set entry a node, before `twins`."""
    seen = set()
    for node in nodes:
        rows = rows_of(node)
        if rows is not None:
            key = (node.kernel.enumeration, id(node.params[rows[0][0]]))
            if key in seen:
                return True
            seen.add(key)
    return False

