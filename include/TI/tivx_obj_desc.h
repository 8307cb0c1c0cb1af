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

/* No descriptor: an obj_desc_id that names nothing. */
#define TIVX_OBJ_DESC_INVALID (0xFFFFu)

/* Common header of every descriptor. */
typedef struct _tivx_obj_desc_t {
    uint16_t obj_desc_id;         /* for tivxGetObjDescList */
    uint16_t type;                /* vx_type_e of the object */
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

#ifdef __cplusplus
}
#endif

#endif /* PYOPENVX_TIVX_OBJ_DESC_H */
