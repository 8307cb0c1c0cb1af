/*
 * pyopenvx - TIOVX-compatible object descriptors (seed 003).
 * Written for pyopenvx: the names and meanings of TIOVX's public descriptors. A target kernel
 * receives one descriptor per parameter, filled from the host object before each call; what it
 * writes into a scalar's value, an array's item count or any buffer reaches the host object.
 */
#ifndef PYOPENVX_TIVX_OBJ_DESC_H
#define PYOPENVX_TIVX_OBJ_DESC_H

#include <VX/vx.h>
#include <stdint.h>
#include <TI/tivx_config.h>
#include <TI/tivx_mem.h>

/* What a descriptor describes (its base.type). */
typedef enum _tivx_obj_desc_type_e {
    TIVX_OBJ_DESC_IMAGE = 0x0,
    TIVX_OBJ_DESC_SCALAR = 0x1,
    TIVX_OBJ_DESC_REMAP = 0x2,
    TIVX_OBJ_DESC_NODE = 0x3,
    TIVX_OBJ_DESC_CMD = 0x4,
    TIVX_OBJ_DESC_MATRIX = 0x5,
    TIVX_OBJ_DESC_LUT = 0x6,
    TIVX_OBJ_DESC_CONVOLUTION = 0x7,
    TIVX_OBJ_DESC_DISTRIBUTION = 0x8,
    TIVX_OBJ_DESC_THRESHOLD = 0x9,
    TIVX_OBJ_DESC_ARRAY = 0xA,
    TIVX_OBJ_DESC_PYRAMID = 0xB,
    TIVX_OBJ_DESC_OBJARRAY = 0xC,
    TIVX_OBJ_DESC_KERNEL_NAME = 0xD,
    TIVX_OBJ_DESC_QUEUE = 0xE,
    TIVX_OBJ_DESC_DATA_REF_Q = 0xF,
    TIVX_OBJ_DESC_GRAPH = 0x10,
    TIVX_OBJ_DESC_TENSOR = 0x11,
    TIVX_OBJ_DESC_USER_DATA_OBJECT = 0x12,
    TIVX_OBJ_DESC_RAW_IMAGE = 0x13,
    TIVX_OBJ_DESC_SUPER_NODE = 0x14,
    TIVX_OBJ_DESC_INVALID = 0xFFFF,       /* also: an obj_desc_id that names nothing */
} tivx_obj_desc_type_e;

/* Common header of every descriptor. */
typedef struct _tivx_obj_desc_t {
    uint16_t obj_desc_id;         /* for tivxGetObjDescList */
    uint16_t type;                /* tivx_obj_desc_type_e (TIVX_OBJ_DESC_INVALID: an object
                                     kernels get no descriptor of, such as a delay) */
    uint32_t flags;
    uint64_t host_ref;            /* the vx_reference described */
    uint16_t scope_obj_desc_id;   /* the container (pyramid, object array) or TIVX_OBJ_DESC_INVALID */
    uint16_t rsv0;
    uint32_t element_idx;         /* index in that container */
    uint64_t timestamp;
} tivx_obj_desc_t;

typedef struct _tivx_obj_desc_image {
    tivx_obj_desc_t base;
    tivx_shared_mem_ptr_t mem_ptr[TIVX_IMAGE_MAX_PLANES];   /* pixel (0,0) of each plane */
    uint32_t mem_size[TIVX_IMAGE_MAX_PLANES];
    vx_imagepatch_addressing_t imagepatch_addr[TIVX_IMAGE_MAX_PLANES];
    uint32_t width;
    uint32_t height;
    uint32_t format;              /* vx_df_image */
    uint32_t planes;
    uint32_t color_space;
    uint32_t color_range;
    vx_rectangle_t valid_roi;
    uint32_t uniform_image_pixel_value;
    uint32_t rsv;
} tivx_obj_desc_image_t;

typedef struct _tivx_obj_desc_scalar {
    tivx_obj_desc_t base;
    uint32_t data_type;           /* vx_type_e */
    uint32_t rsv;
    union {
        vx_char chr;
        vx_int8 s08;
        vx_uint8 u08;
        vx_int16 s16;
        vx_uint16 u16;
        vx_int32 s32;
        vx_uint32 u32;
        vx_int64 s64;
        vx_uint64 u64;
        vx_float32 f32;
        vx_float64 f64;
        vx_df_image fcc;
        vx_enum enm;
        vx_size size;
        vx_bool boolean;
    } data;
} tivx_obj_desc_scalar_t;

typedef struct _tivx_obj_desc_user_data_object {
    tivx_obj_desc_t base;
    tivx_shared_mem_ptr_t mem_ptr;
    char type_name[VX_MAX_REFERENCE_NAME];
    uint32_t mem_size;
    uint32_t valid_mem_size;
} tivx_obj_desc_user_data_object_t;

typedef struct _tivx_obj_desc_array {
    tivx_obj_desc_t base;
    tivx_shared_mem_ptr_t mem_ptr;
    uint32_t item_type;
    uint32_t item_size;
    uint32_t num_items;           /* a kernel may change it (up to capacity) */
    uint32_t capacity;
    uint32_t mem_size;
    uint32_t rsv;
} tivx_obj_desc_array_t;

typedef struct _tivx_obj_desc_tensor {
    tivx_obj_desc_t base;
    tivx_shared_mem_ptr_t mem_ptr;   /* element (0, ..., 0) */
    uint32_t number_of_dimensions;
    uint32_t dimensions[TIVX_CONTEXT_MAX_TENSOR_DIMS];
    uint32_t stride[TIVX_CONTEXT_MAX_TENSOR_DIMS];    /* bytes */
    uint32_t data_type;
    int32_t fixed_point_position;
    uint32_t mem_size;
    uint32_t rsv;
} tivx_obj_desc_tensor_t;

/* The descriptors below point at the host object's own memory (mem_ptr, mem_size bytes): what a
 * target kernel writes there is the object's content. */
typedef struct _tivx_obj_desc_matrix {
    tivx_obj_desc_t base;
    tivx_shared_mem_ptr_t mem_ptr;   /* rows x columns elements, row after row */
    uint32_t rows;
    uint32_t columns;
    uint32_t origin_x;            /* VX_MATRIX_ORIGIN */
    uint32_t origin_y;
    vx_enum pattern;              /* vx_pattern_e */
    uint32_t mem_size;
    vx_enum data_type;            /* vx_type_e of the elements */
    uint32_t rsv;
} tivx_obj_desc_matrix_t;

typedef struct _tivx_obj_desc_lut {
    tivx_obj_desc_t base;
    tivx_shared_mem_ptr_t mem_ptr;   /* entry 0 (the table, not the VX_LUT_OFFSET entry) */
    vx_enum item_type;            /* VX_TYPE_UINT8 or VX_TYPE_INT16 */
    uint32_t item_size;
    uint32_t num_items;
    uint32_t mem_size;
} tivx_obj_desc_lut_t;

/* Values as int32 in the threshold's formats (input: value, upper, lower; output: true, false). */
typedef struct _tivx_obj_desc_threshold {
    tivx_obj_desc_t base;
    vx_enum type;                 /* VX_THRESHOLD_TYPE_BINARY or _RANGE */
    int32_t value;
    int32_t upper;
    int32_t lower;
    int32_t true_value;
    int32_t false_value;
    vx_enum data_type;            /* vx_type_e of the input format */
    uint32_t rsv;
} tivx_obj_desc_threshold_t;

typedef struct _tivx_obj_desc_convolution {
    tivx_obj_desc_t base;
    tivx_shared_mem_ptr_t mem_ptr;   /* rows x columns vx_int16 coefficients */
    uint32_t rows;
    uint32_t columns;
    uint32_t scale;
    uint32_t mem_size;
} tivx_obj_desc_convolution_t;

typedef struct _tivx_obj_desc_distribution {
    tivx_obj_desc_t base;
    tivx_shared_mem_ptr_t mem_ptr;   /* num_bins vx_int32 counts */
    uint32_t num_bins;
    int32_t offset;               /* first value counted */
    uint32_t range;               /* values counted from offset on */
    uint32_t num_win;             /* range / num_bins: values per bin */
    uint32_t mem_size;
    uint32_t rsv;
} tivx_obj_desc_distribution_t;

typedef struct _tivx_obj_desc_remap {
    tivx_obj_desc_t base;
    tivx_shared_mem_ptr_t mem_ptr;   /* per destination pixel, row after row: its source point as
                                        vx_coordinates2df_t (x, y) */
    uint32_t src_width;
    uint32_t src_height;
    uint32_t dst_width;
    uint32_t dst_height;
    uint32_t mem_size;
    uint32_t rsv;
} tivx_obj_desc_remap_t;

typedef struct _tivx_obj_desc_pyramid {
    tivx_obj_desc_t base;
    uint32_t num_levels;
    uint32_t width;
    uint32_t height;
    uint32_t format;
    vx_float32 scale;
    uint32_t rsv;
    uint16_t obj_desc_id[TIVX_PYRAMID_MAX_LEVEL_OBJECTS];    /* the levels' image descriptors */
} tivx_obj_desc_pyramid_t;

typedef struct _tivx_obj_desc_object_array {
    tivx_obj_desc_t base;
    uint32_t item_type;
    uint32_t num_items;
    uint16_t obj_desc_id[TIVX_OBJECT_ARRAY_MAX_ITEMS];       /* the items' descriptors */
} tivx_obj_desc_object_array_t;

#ifdef __cplusplus
extern "C" {
#endif

/* The descriptors named by `obj_desc_id` (NULL for an unknown id). */
VX_API_ENTRY void VX_API_CALL tivxGetObjDescList(volatile uint16_t obj_desc_id[], tivx_obj_desc_t *obj_desc[], uint32_t num_desc_id);
/* Item `elem_idx` of an object array or pyramid descriptor (NULL past the end or for another type). */
VX_API_ENTRY tivx_obj_desc_t * VX_API_CALL tivxGetObjDescElement(tivx_obj_desc_t *obj_desc, uint16_t elem_idx);
/* Byte copies between descriptor fields (all memory is the host's here: plain copies). */
VX_API_ENTRY void VX_API_CALL tivx_obj_desc_strncpy(volatile void *dst, volatile void *src, uint32_t size);
VX_API_ENTRY void VX_API_CALL tivx_obj_desc_memcpy(volatile void *dst, volatile void *src, uint32_t size);
VX_API_ENTRY void VX_API_CALL tivx_obj_desc_memset(volatile void *dst, uint8_t val, uint32_t size);
VX_API_ENTRY int32_t VX_API_CALL tivx_obj_desc_strncmp(volatile void *dst, volatile void *src, uint32_t size);
VX_API_ENTRY int32_t VX_API_CALL tivx_obj_desc_strncmp_delim(volatile void *dst, volatile void *src, uint32_t size, char delim);

#ifdef __cplusplus
}
#endif

#endif /* PYOPENVX_TIVX_OBJ_DESC_H */
