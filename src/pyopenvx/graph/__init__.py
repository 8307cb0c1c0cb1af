"""The graph manager: graphs and their nodes and parameters, verification and what it decides (meta
formats of outputs, tiling plans, buffer aliasing, the schedule, pipelining and events, replicated nodes),
and the targets that run nodes with the modules that register target kernels on them.

This floor sits on objects/ (verification reads the data objects a node takes) and the ground modules
(reference, kernel, log), and below kernels/ (whose immediate calls build graphs), ix and capi/.
`targets`, `tiling` and `meta_format` are here because verification and nodes use them and nothing below
does; `module` is here because loading a module registers and forgets target kernels (`targets`)."""
