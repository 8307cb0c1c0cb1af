/*
 * pyopenvx - basic types, handles, enumerations and structures of
 * OpenVX 1.3.1.
 */
#ifndef PYOPENVX_VX_TYPES_H
#define PYOPENVX_VX_TYPES_H

#include <stdint.h>
#include <stddef.h>

/* Linkage and calling conventions; a build may predefine them. */
#ifndef VX_API_ENTRY
#define VX_API_ENTRY
#endif
#ifndef VX_API_CALL
#if defined(_WIN32)
#define VX_API_CALL __stdcall
#else
#define VX_API_CALL
#endif
#endif
#ifndef VX_CALLBACK
#if defined(_WIN32)
#define VX_CALLBACK __stdcall
#else
#define VX_CALLBACK
#endif
#endif

/* Scalar types. */
typedef char vx_char;
typedef uint8_t vx_uint8;
typedef uint16_t vx_uint16;
typedef uint32_t vx_uint32;
typedef uint64_t vx_uint64;
typedef int8_t vx_int8;
typedef int16_t vx_int16;
typedef int32_t vx_int32;
typedef int64_t vx_int64;
typedef uint32_t vx_bitfield;
#if defined(EXPERIMENTAL_PLATFORM_SUPPORTS_16_FLOAT)
#if defined(__arm__) || defined(__arm64__)
typedef __fp16 vx_float16;
#else
typedef hfloat vx_float16;
#endif
#endif
typedef float vx_float32;
typedef double vx_float64;
typedef int32_t vx_enum;
typedef size_t vx_size;
typedef uint32_t vx_df_image;
typedef uintptr_t vx_map_id;

/* Opaque object handles. */
typedef struct _vx_reference *vx_reference;
typedef struct _vx_scalar *vx_scalar;
typedef struct _vx_image *vx_image;
typedef struct _vx_kernel *vx_kernel;
typedef struct _vx_parameter *vx_parameter;
typedef struct _vx_node *vx_node;
typedef struct _vx_graph *vx_graph;
typedef struct _vx_context *vx_context;
typedef struct _vx_delay *vx_delay;
typedef struct _vx_lut *vx_lut;
typedef struct _vx_distribution *vx_distribution;
typedef struct _vx_matrix *vx_matrix;
typedef struct _vx_pyramid *vx_pyramid;
typedef struct _vx_threshold *vx_threshold;
typedef struct _vx_convolution *vx_convolution;
typedef struct _vx_remap *vx_remap;
typedef struct _vx_array *vx_array;
typedef struct _vx_object_array *vx_object_array;
typedef struct _vx_tensor_t *vx_tensor;
typedef struct _vx_meta_format *vx_meta_format;

/* Enumerated scalar types (values from the enums below). */
typedef vx_enum vx_bool;
typedef vx_enum vx_status;
typedef vx_enum vx_action;

/* Layout of 32-bit vendor-scoped values. */
#define VX_VENDOR_MASK (0xFFF00000)
#define VX_TYPE_MASK (0x000FFF00)
#define VX_LIBRARY_MASK (0x000FF000)
#define VX_KERNEL_MASK (0x00000FFF)
#define VX_ATTRIBUTE_ID_MASK (0x000000FF)
#define VX_ENUM_TYPE_MASK (0x000FF000)
#define VX_ENUM_MASK (0x00000FFF)

#define VX_VENDOR(e) (((vx_uint32)(e) & VX_VENDOR_MASK) >> 20)
#define VX_TYPE(e) (((vx_uint32)(e) & VX_TYPE_MASK) >> 8)
#define VX_ENUM_TYPE(e) (((vx_uint32)(e) & VX_ENUM_TYPE_MASK) >> 12)
#define VX_LIBRARY(e) (((vx_uint32)(e) & VX_LIBRARY_MASK) >> 12)

/* Bases of attribute, kernel and enumeration values. */
#define VX_ATTRIBUTE_BASE(vendor, object) ((vx_int32)(((vx_uint32)(vendor) << 20) | ((vx_uint32)(object) << 8)))
#define VX_KERNEL_BASE(vendor, lib) ((vx_int32)(((vx_uint32)(vendor) << 20) | ((vx_uint32)(lib) << 12)))
#define VX_ENUM_BASE(vendor, id) ((vx_int32)(((vx_uint32)(vendor) << 20) | ((vx_uint32)(id) << 12)))

/* Four-character image format code, first character in the low byte. */
#define VX_DF_IMAGE(a, b, c, d) \
    ((vx_uint32)(vx_uint8)(a) | ((vx_uint32)(vx_uint8)(b) << 8) | \
     ((vx_uint32)(vx_uint8)(c) << 16) | ((vx_uint32)(vx_uint8)(d) << 24))

enum vx_bool_e {
    vx_false_e = 0,
    vx_true_e = 1,
};

enum vx_type_e {
    VX_TYPE_INVALID = 0,
    VX_TYPE_CHAR = 1,
    VX_TYPE_INT8 = 2,
    VX_TYPE_UINT8 = 3,
    VX_TYPE_INT16 = 4,
    VX_TYPE_UINT16 = 5,
    VX_TYPE_INT32 = 6,
    VX_TYPE_UINT32 = 7,
    VX_TYPE_INT64 = 8,
    VX_TYPE_UINT64 = 9,
    VX_TYPE_FLOAT32 = 10,
    VX_TYPE_FLOAT64 = 11,
    VX_TYPE_ENUM = 12,
    VX_TYPE_SIZE = 13,
    VX_TYPE_DF_IMAGE = 14,
    VX_TYPE_FLOAT16 = 15,
    VX_TYPE_BOOL = 0x10,
    VX_TYPE_RECTANGLE = 0x20,
    VX_TYPE_KEYPOINT = 0x21,
    VX_TYPE_COORDINATES2D = 0x22,
    VX_TYPE_COORDINATES3D = 0x23,
    VX_TYPE_COORDINATES2DF = 0x24,
    VX_TYPE_HOG_PARAMS = 0x28,
    VX_TYPE_HOUGH_LINES_PARAMS = 0x29,
    VX_TYPE_LINE_2D = 0x2A,
    VX_TYPE_TENSOR_MATRIX_MULTIPLY_PARAMS = 0x2B,
    VX_TYPE_USER_STRUCT_START = 0x100,
    VX_TYPE_VENDOR_STRUCT_START = 0x400,
    VX_TYPE_KHRONOS_OBJECT_START = 0x800,
    VX_TYPE_VENDOR_OBJECT_START = 0xC00,
    VX_TYPE_KHRONOS_STRUCT_MAX = 0xFF,
    VX_TYPE_USER_STRUCT_END = 0x3FF,
    VX_TYPE_VENDOR_STRUCT_END = 0x7FF,
    VX_TYPE_KHRONOS_OBJECT_END = 0xBFF,
    VX_TYPE_VENDOR_OBJECT_END = 0xFFF,
    VX_TYPE_REFERENCE = 0x800,
    VX_TYPE_CONTEXT = 0x801,
    VX_TYPE_GRAPH = 0x802,
    VX_TYPE_NODE = 0x803,
    VX_TYPE_KERNEL = 0x804,
    VX_TYPE_PARAMETER = 0x805,
    VX_TYPE_DELAY = 0x806,
    VX_TYPE_LUT = 0x807,
    VX_TYPE_DISTRIBUTION = 0x808,
    VX_TYPE_PYRAMID = 0x809,
    VX_TYPE_THRESHOLD = 0x80A,
    VX_TYPE_MATRIX = 0x80B,
    VX_TYPE_CONVOLUTION = 0x80C,
    VX_TYPE_SCALAR = 0x80D,
    VX_TYPE_ARRAY = 0x80E,
    VX_TYPE_IMAGE = 0x80F,
    VX_TYPE_REMAP = 0x810,
    VX_TYPE_ERROR = 0x811,
    VX_TYPE_META_FORMAT = 0x812,
    VX_TYPE_OBJECT_ARRAY = 0x813,
    VX_TYPE_TENSOR = 0x815,
};

enum vx_status_e {
    VX_STATUS_MIN = -25,
    VX_ERROR_REFERENCE_NONZERO = -24,
    VX_ERROR_MULTIPLE_WRITERS = -23,
    VX_ERROR_GRAPH_ABANDONED = -22,
    VX_ERROR_GRAPH_SCHEDULED = -21,
    VX_ERROR_INVALID_SCOPE = -20,
    VX_ERROR_INVALID_NODE = -19,
    VX_ERROR_INVALID_GRAPH = -18,
    VX_ERROR_INVALID_TYPE = -17,
    VX_ERROR_INVALID_VALUE = -16,
    VX_ERROR_INVALID_DIMENSION = -15,
    VX_ERROR_INVALID_FORMAT = -14,
    VX_ERROR_INVALID_LINK = -13,
    VX_ERROR_INVALID_REFERENCE = -12,
    VX_ERROR_INVALID_MODULE = -11,
    VX_ERROR_INVALID_PARAMETERS = -10,
    VX_ERROR_OPTIMIZED_AWAY = -9,
    VX_ERROR_NO_MEMORY = -8,
    VX_ERROR_NO_RESOURCES = -7,
    VX_ERROR_NOT_COMPATIBLE = -6,
    VX_ERROR_NOT_ALLOCATED = -5,
    VX_ERROR_NOT_SUFFICIENT = -4,
    VX_ERROR_NOT_SUPPORTED = -3,
    VX_ERROR_NOT_IMPLEMENTED = -2,
    VX_FAILURE = -1,
    VX_SUCCESS = 0,
};

enum vx_enum_e {
    VX_ENUM_DIRECTION = 0,
    VX_ENUM_ACTION = 1,
    VX_ENUM_HINT = 2,
    VX_ENUM_DIRECTIVE = 3,
    VX_ENUM_INTERPOLATION = 4,
    VX_ENUM_OVERFLOW = 5,
    VX_ENUM_COLOR_SPACE = 6,
    VX_ENUM_COLOR_RANGE = 7,
    VX_ENUM_PARAMETER_STATE = 8,
    VX_ENUM_CHANNEL = 9,
    VX_ENUM_CONVERT_POLICY = 10,
    VX_ENUM_THRESHOLD_TYPE = 11,
    VX_ENUM_BORDER = 12,
    VX_ENUM_COMPARISON = 13,
    VX_ENUM_MEMORY_TYPE = 14,
    VX_ENUM_TERM_CRITERIA = 15,
    VX_ENUM_NORM_TYPE = 0x10,
    VX_ENUM_ACCESSOR = 0x11,
    VX_ENUM_ROUND_POLICY = 0x12,
    VX_ENUM_TARGET = 0x13,
    VX_ENUM_BORDER_POLICY = 0x14,
    VX_ENUM_GRAPH_STATE = 0x15,
    VX_ENUM_NONLINEAR = 0x16,
    VX_ENUM_PATTERN = 0x17,
    VX_ENUM_LBP_FORMAT = 0x18,
    VX_ENUM_COMP_METRIC = 0x19,
    VX_ENUM_SCALAR_OPERATION = 0x20,
};

enum vx_action_e {
    VX_ACTION_CONTINUE = 0x1000,
    VX_ACTION_ABANDON = 0x1001,
};

enum vx_direction_e {
    VX_INPUT = 0,
    VX_OUTPUT = 1,
};

enum vx_hint_e {
    VX_HINT_PERFORMANCE_DEFAULT = 0x2001,
    VX_HINT_PERFORMANCE_LOW_POWER = 0x2002,
    VX_HINT_PERFORMANCE_HIGH_SPEED = 0x2003,
};

enum vx_directive_e {
    VX_DIRECTIVE_DISABLE_LOGGING = 0x3000,
    VX_DIRECTIVE_ENABLE_LOGGING = 0x3001,
    VX_DIRECTIVE_DISABLE_PERFORMANCE = 0x3002,
    VX_DIRECTIVE_ENABLE_PERFORMANCE = 0x3003,
};

enum vx_graph_state_e {
    VX_GRAPH_STATE_UNVERIFIED = 0x15000,
    VX_GRAPH_STATE_VERIFIED = 0x15001,
    VX_GRAPH_STATE_RUNNING = 0x15002,
    VX_GRAPH_STATE_ABANDONED = 0x15003,
    VX_GRAPH_STATE_COMPLETED = 0x15004,
};

enum vx_graph_attribute_e {
    VX_GRAPH_NUMNODES = 0x80200,
    VX_GRAPH_PERFORMANCE = 0x80202,
    VX_GRAPH_NUMPARAMETERS = 0x80203,
    VX_GRAPH_STATE = 0x80204,
};

enum vx_convert_policy_e {
    VX_CONVERT_POLICY_WRAP = 0xA000,
    VX_CONVERT_POLICY_SATURATE = 0xA001,
};

enum vx_df_image_e {
    VX_DF_IMAGE_VIRT = 0x54524956,
    VX_DF_IMAGE_RGB = 0x32424752,
    VX_DF_IMAGE_RGBX = 0x41424752,
    VX_DF_IMAGE_NV12 = 0x3231564E,
    VX_DF_IMAGE_NV21 = 0x3132564E,
    VX_DF_IMAGE_UYVY = 0x59565955,
    VX_DF_IMAGE_YUYV = 0x56595559,
    VX_DF_IMAGE_IYUV = 0x56555949,
    VX_DF_IMAGE_YUV4 = 0x34565559,
    VX_DF_IMAGE_U1 = 0x31303055,
    VX_DF_IMAGE_U8 = 0x38303055,
    VX_DF_IMAGE_U16 = 0x36313055,
    VX_DF_IMAGE_S16 = 0x36313053,
    VX_DF_IMAGE_U32 = 0x32333055,
    VX_DF_IMAGE_S32 = 0x32333053,
};

enum vx_target_e {
    VX_TARGET_ANY = 0x13000,
    VX_TARGET_STRING = 0x13001,
    VX_TARGET_VENDOR_BEGIN = 0x14000,
};

enum vx_reference_attribute_e {
    VX_REFERENCE_COUNT = 0x80000,
    VX_REFERENCE_TYPE = 0x80001,
    VX_REFERENCE_NAME = 0x80002,
};

enum vx_context_attribute_e {
    VX_CONTEXT_VENDOR_ID = 0x80100,
    VX_CONTEXT_VERSION = 0x80101,
    VX_CONTEXT_UNIQUE_KERNELS = 0x80102,
    VX_CONTEXT_MODULES = 0x80103,
    VX_CONTEXT_REFERENCES = 0x80104,
    VX_CONTEXT_IMPLEMENTATION = 0x80105,
    VX_CONTEXT_EXTENSIONS_SIZE = 0x80106,
    VX_CONTEXT_EXTENSIONS = 0x80107,
    VX_CONTEXT_CONVOLUTION_MAX_DIMENSION = 0x80108,
    VX_CONTEXT_OPTICAL_FLOW_MAX_WINDOW_DIMENSION = 0x80109,
    VX_CONTEXT_IMMEDIATE_BORDER = 0x8010A,
    VX_CONTEXT_UNIQUE_KERNEL_TABLE = 0x8010B,
    VX_CONTEXT_IMMEDIATE_BORDER_POLICY = 0x8010C,
    VX_CONTEXT_NONLINEAR_MAX_DIMENSION = 0x8010D,
    VX_CONTEXT_MAX_TENSOR_DIMS = 0x8010E,
};

enum vx_kernel_attribute_e {
    VX_KERNEL_PARAMETERS = 0x80400,
    VX_KERNEL_NAME = 0x80401,
    VX_KERNEL_ENUM = 0x80402,
    VX_KERNEL_LOCAL_DATA_SIZE = 0x80403,
};

enum vx_node_attribute_e {
    VX_NODE_STATUS = 0x80300,
    VX_NODE_PERFORMANCE = 0x80301,
    VX_NODE_BORDER = 0x80302,
    VX_NODE_LOCAL_DATA_SIZE = 0x80303,
    VX_NODE_LOCAL_DATA_PTR = 0x80304,
    VX_NODE_PARAMETERS = 0x80305,
    VX_NODE_IS_REPLICATED = 0x80306,
    VX_NODE_REPLICATE_FLAGS = 0x80307,
    VX_NODE_VALID_RECT_RESET = 0x80308,
};

enum vx_parameter_attribute_e {
    VX_PARAMETER_INDEX = 0x80500,
    VX_PARAMETER_DIRECTION = 0x80501,
    VX_PARAMETER_TYPE = 0x80502,
    VX_PARAMETER_STATE = 0x80503,
    VX_PARAMETER_REF = 0x80504,
    VX_PARAMETER_META_FORMAT = 0x80505,
};

enum vx_image_attribute_e {
    VX_IMAGE_WIDTH = 0x80F00,
    VX_IMAGE_HEIGHT = 0x80F01,
    VX_IMAGE_FORMAT = 0x80F02,
    VX_IMAGE_PLANES = 0x80F03,
    VX_IMAGE_SPACE = 0x80F04,
    VX_IMAGE_RANGE = 0x80F05,
    VX_IMAGE_MEMORY_TYPE = 0x80F07,
    VX_IMAGE_IS_UNIFORM = 0x80F08,
    VX_IMAGE_UNIFORM_VALUE = 0x80F09,
};

enum vx_scalar_attribute_e {
    VX_SCALAR_TYPE = 0x80D00,
};

enum vx_scalar_operation_e {
    VX_SCALAR_OP_AND = 0x20000,
    VX_SCALAR_OP_OR = 0x20001,
    VX_SCALAR_OP_XOR = 0x20002,
    VX_SCALAR_OP_NAND = 0x20003,
    VX_SCALAR_OP_EQUAL = 0x20004,
    VX_SCALAR_OP_NOTEQUAL = 0x20005,
    VX_SCALAR_OP_LESS = 0x20006,
    VX_SCALAR_OP_LESSEQ = 0x20007,
    VX_SCALAR_OP_GREATER = 0x20008,
    VX_SCALAR_OP_GREATEREQ = 0x20009,
    VX_SCALAR_OP_ADD = 0x2000A,
    VX_SCALAR_OP_SUBTRACT = 0x2000B,
    VX_SCALAR_OP_MULTIPLY = 0x2000C,
    VX_SCALAR_OP_DIVIDE = 0x2000D,
    VX_SCALAR_OP_MODULUS = 0x2000E,
    VX_SCALAR_OP_MIN = 0x2000F,
    VX_SCALAR_OP_MAX = 0x20010,
};

enum vx_lut_attribute_e {
    VX_LUT_TYPE = 0x80700,
    VX_LUT_COUNT = 0x80701,
    VX_LUT_SIZE = 0x80702,
    VX_LUT_OFFSET = 0x80703,
};

enum vx_distribution_attribute_e {
    VX_DISTRIBUTION_DIMENSIONS = 0x80800,
    VX_DISTRIBUTION_OFFSET = 0x80801,
    VX_DISTRIBUTION_RANGE = 0x80802,
    VX_DISTRIBUTION_BINS = 0x80803,
    VX_DISTRIBUTION_WINDOW = 0x80804,
    VX_DISTRIBUTION_SIZE = 0x80805,
};

enum vx_threshold_type_e {
    VX_THRESHOLD_TYPE_BINARY = 0xB000,
    VX_THRESHOLD_TYPE_RANGE = 0xB001,
};

enum vx_threshold_attribute_e {
    VX_THRESHOLD_TYPE = 0x80A00,
    VX_THRESHOLD_INPUT_FORMAT = 0x80A07,
    VX_THRESHOLD_OUTPUT_FORMAT = 0x80A08,
};

enum vx_matrix_attribute_e {
    VX_MATRIX_TYPE = 0x80B00,
    VX_MATRIX_ROWS = 0x80B01,
    VX_MATRIX_COLUMNS = 0x80B02,
    VX_MATRIX_SIZE = 0x80B03,
    VX_MATRIX_ORIGIN = 0x80B04,
    VX_MATRIX_PATTERN = 0x80B05,
};

enum vx_convolution_attribute_e {
    VX_CONVOLUTION_ROWS = 0x80C00,
    VX_CONVOLUTION_COLUMNS = 0x80C01,
    VX_CONVOLUTION_SCALE = 0x80C02,
    VX_CONVOLUTION_SIZE = 0x80C03,
};

enum vx_pyramid_attribute_e {
    VX_PYRAMID_LEVELS = 0x80900,
    VX_PYRAMID_SCALE = 0x80901,
    VX_PYRAMID_WIDTH = 0x80902,
    VX_PYRAMID_HEIGHT = 0x80903,
    VX_PYRAMID_FORMAT = 0x80904,
};

enum vx_remap_attribute_e {
    VX_REMAP_SOURCE_WIDTH = 0x81000,
    VX_REMAP_SOURCE_HEIGHT = 0x81001,
    VX_REMAP_DESTINATION_WIDTH = 0x81002,
    VX_REMAP_DESTINATION_HEIGHT = 0x81003,
};

enum vx_array_attribute_e {
    VX_ARRAY_ITEMTYPE = 0x80E00,
    VX_ARRAY_NUMITEMS = 0x80E01,
    VX_ARRAY_CAPACITY = 0x80E02,
    VX_ARRAY_ITEMSIZE = 0x80E03,
};

enum vx_object_array_attribute_e {
    VX_OBJECT_ARRAY_ITEMTYPE = 0x81300,
    VX_OBJECT_ARRAY_NUMITEMS = 0x81301,
};

enum vx_tensor_attribute_e {
    VX_TENSOR_NUMBER_OF_DIMS = 0x81500,
    VX_TENSOR_DIMS = 0x81501,
    VX_TENSOR_DATA_TYPE = 0x81502,
    VX_TENSOR_FIXED_POINT_POSITION = 0x81503,
};

enum vx_meta_valid_rect_attribute_e {
    VX_VALID_RECT_CALLBACK = 0x81201,
};

enum vx_channel_e {
    VX_CHANNEL_0 = 0x9000,
    VX_CHANNEL_1 = 0x9001,
    VX_CHANNEL_2 = 0x9002,
    VX_CHANNEL_3 = 0x9003,
    VX_CHANNEL_R = 0x9010,
    VX_CHANNEL_G = 0x9011,
    VX_CHANNEL_B = 0x9012,
    VX_CHANNEL_A = 0x9013,
    VX_CHANNEL_Y = 0x9014,
    VX_CHANNEL_U = 0x9015,
    VX_CHANNEL_V = 0x9016,
};

enum vx_memory_type_e {
    VX_MEMORY_TYPE_NONE = 0xE000,
    VX_MEMORY_TYPE_HOST = 0xE001,
};

enum vx_interpolation_type_e {
    VX_INTERPOLATION_NEAREST_NEIGHBOR = 0x4000,
    VX_INTERPOLATION_BILINEAR = 0x4001,
    VX_INTERPOLATION_AREA = 0x4002,
};

enum vx_non_linear_filter_e {
    VX_NONLINEAR_FILTER_MEDIAN = 0x16000,
    VX_NONLINEAR_FILTER_MIN = 0x16001,
    VX_NONLINEAR_FILTER_MAX = 0x16002,
};

enum vx_pattern_e {
    VX_PATTERN_BOX = 0x17000,
    VX_PATTERN_CROSS = 0x17001,
    VX_PATTERN_DISK = 0x17002,
    VX_PATTERN_OTHER = 0x17003,
};

enum vx_color_space_e {
    VX_COLOR_SPACE_NONE = 0x6000,
    VX_COLOR_SPACE_BT601_525 = 0x6001,
    VX_COLOR_SPACE_BT601_625 = 0x6002,
    VX_COLOR_SPACE_BT709 = 0x6003,
    VX_COLOR_SPACE_DEFAULT = 0x6003,
};

enum vx_channel_range_e {
    VX_CHANNEL_RANGE_FULL = 0x7000,
    VX_CHANNEL_RANGE_RESTRICTED = 0x7001,
};

enum vx_parameter_state_e {
    VX_PARAMETER_STATE_REQUIRED = 0x8000,
    VX_PARAMETER_STATE_OPTIONAL = 0x8001,
};

enum vx_border_e {
    VX_BORDER_UNDEFINED = 0xC000,
    VX_BORDER_CONSTANT = 0xC001,
    VX_BORDER_REPLICATE = 0xC002,
};

enum vx_border_policy_e {
    VX_BORDER_POLICY_DEFAULT_TO_UNDEFINED = 0x14000,
    VX_BORDER_POLICY_RETURN_ERROR = 0x14001,
};

enum vx_termination_criteria_e {
    VX_TERM_CRITERIA_ITERATIONS = 0xF000,
    VX_TERM_CRITERIA_EPSILON = 0xF001,
    VX_TERM_CRITERIA_BOTH = 0xF002,
};

enum vx_norm_type_e {
    VX_NORM_L1 = 0x10000,
    VX_NORM_L2 = 0x10001,
};

enum vx_delay_attribute_e {
    VX_DELAY_TYPE = 0x80600,
    VX_DELAY_SLOTS = 0x80601,
};

enum vx_accessor_e {
    VX_READ_ONLY = 0x11001,
    VX_WRITE_ONLY = 0x11002,
    VX_READ_AND_WRITE = 0x11003,
};

enum vx_round_policy_e {
    VX_ROUND_POLICY_TO_ZERO = 0x12001,
    VX_ROUND_POLICY_TO_NEAREST_EVEN = 0x12002,
};

enum vx_lbp_format_e {
    VX_LBP = 0x18000,
    VX_MLBP = 0x18001,
    VX_ULBP = 0x18002,
};

enum vx_comp_metric_e {
    VX_COMPARE_HAMMING = 0x19000,
    VX_COMPARE_L1 = 0x19001,
    VX_COMPARE_L2 = 0x19002,
    VX_COMPARE_CCORR = 0x19003,
    VX_COMPARE_L2_NORM = 0x19004,
    VX_COMPARE_CCORR_NORM = 0x19005,
};

enum vx_map_flag_e {
    VX_NOGAP_X = 1,
};

typedef struct _vx_imagepatch_addressing_t {
    vx_uint32 dim_x;
    vx_uint32 dim_y;
    vx_int32 stride_x;
    vx_int32 stride_y;
    vx_uint32 scale_x;
    vx_uint32 scale_y;
    vx_uint32 step_x;
    vx_uint16 step_y;
    vx_uint16 stride_x_bits;
} vx_imagepatch_addressing_t;

/* Initializer of a vx_imagepatch_addressing_t: every field zero. */
#define VX_IMAGEPATCH_ADDR_INIT {0u, 0u, 0, 0, 0u, 0u, 0u, 0u, 0u}

typedef struct _vx_perf_t {
    vx_uint64 tmp;
    vx_uint64 beg;
    vx_uint64 end;
    vx_uint64 sum;
    vx_uint64 avg;
    vx_uint64 min;
    vx_uint64 num;
    vx_uint64 max;
} vx_perf_t;

/* Initializer of a vx_perf_t: every field zero (one zero per field, so -Wextra stays quiet). */
#define VX_PERF_INIT {0ul, 0ul, 0ul, 0ul, 0ul, 0ul, 0ul, 0ul}

typedef struct _vx_hough_lines_p_t {
    vx_float32 rho;
    vx_float32 theta;
    vx_int32 threshold;
    vx_int32 line_length;
    vx_int32 line_gap;
    vx_float32 theta_max;
    vx_float32 theta_min;
} vx_hough_lines_p_t;

typedef struct _vx_line2d_t {
    vx_float32 start_x;
    vx_float32 start_y;
    vx_float32 end_x;
    vx_float32 end_y;
} vx_line2d_t;

typedef struct _vx_tensor_matrix_multiply_params_t {
    vx_bool transpose_input1;
    vx_bool transpose_input2;
    vx_bool transpose_input3;
} vx_tensor_matrix_multiply_params_t;

typedef struct _vx_kernel_info_t {
    vx_enum enumeration;
    vx_char name[VX_MAX_KERNEL_NAME];
} vx_kernel_info_t;

typedef struct _vx_keypoint_t {
    vx_int32 x;
    vx_int32 y;
    vx_float32 strength;
    vx_float32 scale;
    vx_float32 orientation;
    vx_int32 tracking_status;
    vx_float32 error;
} vx_keypoint_t;

typedef struct _vx_rectangle_t {
    vx_uint32 start_x;
    vx_uint32 start_y;
    vx_uint32 end_x;
    vx_uint32 end_y;
} vx_rectangle_t;

typedef struct _vx_coordinates2d_t {
    vx_uint32 x;
    vx_uint32 y;
} vx_coordinates2d_t;

typedef struct _vx_coordinates2df_t {
    vx_float32 x;
    vx_float32 y;
} vx_coordinates2df_t;

typedef struct _vx_coordinates3d_t {
    vx_uint32 x;
    vx_uint32 y;
    vx_uint32 z;
} vx_coordinates3d_t;

typedef union _vx_pixel_value_t {
    vx_uint8 RGB[3];
    vx_uint8 RGBX[4];
    vx_uint8 YUV[3];
    vx_bool U1;
    vx_uint8 U8;
    vx_uint16 U16;
    vx_int16 S16;
    vx_uint32 U32;
    vx_int32 S32;
    vx_uint8 reserved[16];
} vx_pixel_value_t;

typedef struct _vx_hog_t {
    vx_int32 cell_width;
    vx_int32 cell_height;
    vx_int32 block_width;
    vx_int32 block_height;
    vx_int32 block_stride;
    vx_int32 num_bins;
    vx_int32 window_width;
    vx_int32 window_height;
    vx_int32 window_stride;
    vx_float32 threshold;
} vx_hog_t;

typedef struct _vx_border_t {
    vx_enum mode;
    vx_pixel_value_t constant_value;
} vx_border_t;

#ifdef __cplusplus
extern "C" {
#endif

/* Callbacks. */
typedef vx_action (VX_CALLBACK *vx_nodecomplete_f)(vx_node node);
typedef vx_status (VX_API_CALL *vx_publish_kernels_f)(vx_context context);
typedef vx_status (VX_API_CALL *vx_unpublish_kernels_f)(vx_context context);
typedef vx_status (VX_CALLBACK *vx_kernel_f)(vx_node node, const vx_reference *parameters, vx_uint32 num);
typedef vx_status (VX_CALLBACK *vx_kernel_initialize_f)(vx_node node, const vx_reference *parameters, vx_uint32 num);
typedef vx_status (VX_CALLBACK *vx_kernel_deinitialize_f)(vx_node node, const vx_reference *parameters, vx_uint32 num);
typedef vx_status (VX_CALLBACK *vx_kernel_validate_f)(vx_node node, const vx_reference parameters[], vx_uint32 num, vx_meta_format metas[]);
typedef vx_status (VX_CALLBACK *vx_kernel_image_valid_rectangle_f)(vx_node node, vx_uint32 index, const vx_rectangle_t *const input_valid[], vx_rectangle_t *const output_valid[]);
typedef void (VX_CALLBACK *vx_log_callback_f)(vx_context context, vx_reference ref, vx_status status, const vx_char string[]);

#ifdef __cplusplus
}
#endif

/* printf formats for references and sizes. */
#if defined(_WIN32)
#if defined(_WIN64)
#define VX_FMT_REF "%I64u"
#define VX_FMT_SIZE "%I64u"
#else
#define VX_FMT_REF "%lu"
#define VX_FMT_SIZE "%lu"
#endif
#else
#define VX_FMT_REF "%p"
#define VX_FMT_SIZE "%zu"
#endif

/* Fixed-point unity of vx_imagepatch_addressing_t scale_x/scale_y. */
#define VX_SCALE_UNITY (1024u)

/* Pyramid scales: one half, and the ORB scale 2^(-1/4). */
#define VX_SCALE_PYRAMID_HALF (0.5f)
#define VX_SCALE_PYRAMID_ORB ((vx_float32)0.8408964f)

/* TIOVX's values, for TI code built with -DPYOPENVX_TIOVX_VALUES (`python -m pyopenvx --cflags --tiovx`).
 * TIOVX's copy of this header gives VX_DF_IMAGE_RGBX the code 'RGBX' and adds VX_DF_IMAGE_RGBA,
 * 'RGBA' (the code the specification gives RGBX), and moves VX_STATUS_MIN to -26 below its
 * VX_ERROR_TIMEOUT (-25): TI's switches list both formats and both statuses, which collide with
 * the specification's values. Khronos programs keep the specification's (the ABI). The library
 * serves 'RGBX' as an image format of its own, laid out as RGBX; the standard kernels take the
 * specification's RGBX ('RGBA', TIOVX's RGBA). */
#ifdef PYOPENVX_TIOVX_VALUES
#define VX_DF_IMAGE_RGBX VX_DF_IMAGE('R', 'G', 'B', 'X')
#define VX_DF_IMAGE_RGBA VX_DF_IMAGE('R', 'G', 'B', 'A')
#define VX_STATUS_MIN ((vx_status)-26)
#ifndef VX_ERROR_TIMEOUT
#define VX_ERROR_TIMEOUT ((vx_status)-25)
#endif
#endif /* PYOPENVX_TIOVX_VALUES */

#endif /* PYOPENVX_VX_TYPES_H */
