"""The data types a scalar holds or an array stores, with their C types: one table, so sizes come
from the compiler (cffi) rather than from hand-kept numbers."""
from _pyopenvx import ffi

from . import constants as vx

SCALAR_TYPES = {
    vx.VX_TYPE_CHAR: "vx_char", vx.VX_TYPE_INT8: "vx_int8", vx.VX_TYPE_UINT8: "vx_uint8",
    vx.VX_TYPE_INT16: "vx_int16", vx.VX_TYPE_UINT16: "vx_uint16", vx.VX_TYPE_INT32: "vx_int32",
    vx.VX_TYPE_UINT32: "vx_uint32", vx.VX_TYPE_INT64: "vx_int64", vx.VX_TYPE_UINT64: "vx_uint64",
    vx.VX_TYPE_FLOAT32: "vx_float32", vx.VX_TYPE_FLOAT64: "vx_float64", vx.VX_TYPE_ENUM: "vx_enum",
    vx.VX_TYPE_SIZE: "vx_size", vx.VX_TYPE_DF_IMAGE: "vx_df_image", vx.VX_TYPE_BOOL: "vx_bool",
    vx.VX_TYPE_FLOAT16: "vx_uint16",   # 2 bytes; vx_float16 exists only on some platforms
}

STRUCT_TYPES = {
    vx.VX_TYPE_RECTANGLE: "vx_rectangle_t", vx.VX_TYPE_KEYPOINT: "vx_keypoint_t",
    vx.VX_TYPE_COORDINATES2D: "vx_coordinates2d_t", vx.VX_TYPE_COORDINATES3D: "vx_coordinates3d_t",
    vx.VX_TYPE_COORDINATES2DF: "vx_coordinates2df_t", vx.VX_TYPE_HOG_PARAMS: "vx_hog_t",
    vx.VX_TYPE_HOUGH_LINES_PARAMS: "vx_hough_lines_p_t", vx.VX_TYPE_LINE_2D: "vx_line2d_t",
    vx.VX_TYPE_TENSOR_MATRIX_MULTIPLY_PARAMS: "vx_tensor_matrix_multiply_params_t",
    vx.VX_TYPE_NN_CONVOLUTION_PARAMS: "vx_nn_convolution_params_t",
    vx.VX_TYPE_NN_DECONVOLUTION_PARAMS: "vx_nn_deconvolution_params_t",
    vx.VX_TYPE_NN_ROI_POOL_PARAMS: "vx_nn_roi_pool_params_t",
}

C_TYPES = {**SCALAR_TYPES, **STRUCT_TYPES}
SIZES = {t: ffi.sizeof(c) for t, c in C_TYPES.items()}


def size_of(context, data_type):
    """Bytes of one item of a standard type or a user struct registered in `context`; None if the
    type is neither."""
    if data_type in SIZES:
        return SIZES[data_type]
    entry = context.user_struct(data_type)
    return entry[0] if entry is not None else None
