"""The OpenVX standard kernels.

- `table`: the kernels as data, mirroring shared/abi/standard_kernels.tsv;
- `common` and one module per family (`pointwise`, `filters`, `statistics`, `tensors`, `geometry`,
  `features`): the validators, and each family's `IMPLEMENTATIONS` (C function, validator, border);
- `registry`: the rows joined with their implementations, registered in every context;
- `calls`: the node creators and immediate mode (vxu), built on the graph manager.

Nothing here imports upwards: the context does not import this package; `capi.context` registers
the kernels in each new context, and only `calls` uses the graph manager."""
