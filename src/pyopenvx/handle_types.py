"""Handle types of the C API, by C type name (importable without the library)."""
from . import constants as vx

# The vx_type_e of each handle type of the C API; vx_reference accepts any (0).
HANDLE_TYPES = {
    "vx_reference": 0, "vx_context": vx.VX_TYPE_CONTEXT, "vx_graph": vx.VX_TYPE_GRAPH,
    "vx_node": vx.VX_TYPE_NODE, "vx_kernel": vx.VX_TYPE_KERNEL, "vx_parameter": vx.VX_TYPE_PARAMETER,
    "vx_delay": vx.VX_TYPE_DELAY, "vx_lut": vx.VX_TYPE_LUT, "vx_distribution": vx.VX_TYPE_DISTRIBUTION,
    "vx_pyramid": vx.VX_TYPE_PYRAMID, "vx_threshold": vx.VX_TYPE_THRESHOLD, "vx_matrix": vx.VX_TYPE_MATRIX,
    "vx_convolution": vx.VX_TYPE_CONVOLUTION, "vx_scalar": vx.VX_TYPE_SCALAR, "vx_array": vx.VX_TYPE_ARRAY,
    "vx_image": vx.VX_TYPE_IMAGE, "vx_remap": vx.VX_TYPE_REMAP, "vx_object_array": vx.VX_TYPE_OBJECT_ARRAY,
    "vx_tensor": vx.VX_TYPE_TENSOR, "vx_meta_format": vx.VX_TYPE_META_FORMAT, "vx_import": vx.VX_TYPE_IMPORT,
    "vx_user_data_object": vx.VX_TYPE_USER_DATA_OBJECT,
}
