"""Matrix functions."""
from .. import attributes
from .. import constants as vx
from ..errors import check
from ..objects.matrix import PATTERNS, Matrix
from ..objects.memory import graph_of
from ..reference import lookup
from . import export
from .context import context_of
from .reference import release_handle

QUERY = {
    vx.VX_MATRIX_TYPE: ("vx_enum", lambda m: m.data_type),
    vx.VX_MATRIX_ROWS: ("vx_size", lambda m: m.rows),
    vx.VX_MATRIX_COLUMNS: ("vx_size", lambda m: m.columns),
    vx.VX_MATRIX_SIZE: ("vx_size", lambda m: m.nbytes()),
    vx.VX_MATRIX_ORIGIN: ("vx_coordinates2d_t", lambda m: {"x": m.origin[0], "y": m.origin[1]}),
    vx.VX_MATRIX_PATTERN: ("vx_enum", lambda m: m.pattern),
}


def matrix_of(handle):
    return lookup(handle, vx.VX_TYPE_MATRIX, "matrix")


@export
def vxCreateMatrix(c, data_type, columns, rows):
    return Matrix(context_of(c), data_type, columns, rows)


@export
def vxCreateVirtualMatrix(graph, data_type, columns, rows):
    g = graph_of(graph)
    return Matrix(g.context, data_type, columns, rows, scope=g, virtual=True)


def _pattern(context, pattern, columns, rows, origin):
    ctx = context_of(context)
    check(pattern in PATTERNS, vx.VX_ERROR_INVALID_PARAMETERS, f"{pattern:#x} is not a pattern that can be built")
    return Matrix(ctx, vx.VX_TYPE_UINT8, columns, rows, pattern=pattern, origin=origin)


@export
def vxCreateMatrixFromPattern(context, pattern, columns, rows):
    return _pattern(context, pattern, columns, rows, None)


@export
def vxCreateMatrixFromPatternAndOrigin(context, pattern, columns, rows, origin_col, origin_row):
    return _pattern(context, pattern, columns, rows, (origin_col, origin_row))


@export
def vxQueryMatrix(mat, attribute, ptr, size):
    attributes.query(QUERY, matrix_of(mat), attribute, ptr, size)


@export
def vxCopyMatrix(matrix, user_ptr, usage, user_mem_type):
    matrix_of(matrix).copy_all(user_ptr, usage, user_mem_type)


@export
def vxReadMatrix(mat, array):
    matrix_of(mat).copy_all(array, vx.VX_READ_ONLY, vx.VX_MEMORY_TYPE_HOST)


@export
def vxWriteMatrix(mat, array):
    matrix_of(mat).copy_all(array, vx.VX_WRITE_ONLY, vx.VX_MEMORY_TYPE_HOST)


@export
def vxReleaseMatrix(mat):
    release_handle(mat, vx.VX_TYPE_MATRIX, "matrix")
