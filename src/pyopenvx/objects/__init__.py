"""The data objects: one module per OpenVX data object type (image, array, tensor, scalar, matrix,
convolution, LUT, distribution, threshold, remap, pyramid, object array, user data object, delay), their
common base (`dataobject`), the host memory they own (`memory`) and how they contain one another (`parts`).

This floor sits on the ground modules (reference, context, errors, constants, datatypes) and below the
graph manager: a data object knows nothing of graphs, nodes or kernels; graph/, kernels/, ix and capi/
use it. `parts` is here because it describes data objects only, and every user is above (graph/,
kernels/statistics, ix)."""
