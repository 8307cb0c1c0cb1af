/*
 * pyopenvx - raw (sensor) images (vx_khr_raw_image extension).
 * Declarations only: the functions return VX_ERROR_NOT_IMPLEMENTED (or an error object).
 */
#ifndef PYOPENVX_VX_KHR_RAW_IMAGE_H
#define PYOPENVX_VX_KHR_RAW_IMAGE_H

#include <VX/vx.h>

#define OPENVX_KHR_RAW_IMAGE "vx_khr_raw_image"
#define VX_IMAGE_RAW_MAX_EXPOSURES (3)
#define VX_DF_IMAGE_RAW VX_DF_IMAGE('R', 'A', 'W', '0')

/* Image attributes of raw images. */
#define VX_IMAGE_IS_RAW (VX_ATTRIBUTE_BASE(VX_ID_KHRONOS, VX_TYPE_IMAGE) + 0xA)
#define VX_IMAGE_RAW_EXPOSURE_INTERLEAVING (VX_ATTRIBUTE_BASE(VX_ID_KHRONOS, VX_TYPE_IMAGE) + 0xB)
#define VX_IMAGE_RAW_FORMAT (VX_ATTRIBUTE_BASE(VX_ID_KHRONOS, VX_TYPE_IMAGE) + 0xC)
#define VX_IMAGE_RAW_META_HEIGHT_BEFORE (VX_ATTRIBUTE_BASE(VX_ID_KHRONOS, VX_TYPE_IMAGE) + 0xD)
#define VX_IMAGE_RAW_META_HEIGHT_AFTER (VX_ATTRIBUTE_BASE(VX_ID_KHRONOS, VX_TYPE_IMAGE) + 0xE)

#define VX_ENUM_IMAGE_RAW_BUFFER_ACCESS (0x24)
#define VX_ENUM_IMAGE_RAW_PIXEL_CONTAINER (0x25)
#define VX_ENUM_IMAGE_RAW_EXPOSURE_INTERLEAVING (0x26)

/* Which part of a raw buffer a copy reaches. */
enum vx_image_raw_buffer_access_e {
    VX_IMAGE_RAW_ALLOC_BUFFER = 0x24000,
    VX_IMAGE_RAW_PIXEL_BUFFER = 0x24001,
    VX_IMAGE_RAW_META_BEFORE_BUFFER = 0x24002,
    VX_IMAGE_RAW_META_AFTER_BUFFER = 0x24003,
};

/* How raw pixels are stored. */
enum vx_image_raw_pixel_container_e {
    VX_IMAGE_RAW_16_BIT = 0x25000,
    VX_IMAGE_RAW_8_BIT = 0x25001,
    VX_IMAGE_RAW_P12_BIT = 0x25002,
};

/* How several exposures share one buffer. */
enum vx_image_raw_exposure_interleaving_e {
    VX_IMAGE_RAW_PLANAR = 0x26000,
    VX_IMAGE_RAW_LINE_INTERLEAVED = 0x26001,
    VX_IMAGE_RAW_PIXEL_INTERLEAVED = 0x26002,
};

typedef struct _vx_image_raw_format_t {
    vx_uint32 pixel_container;
    vx_uint32 msb;
} vx_image_raw_format_t;

typedef struct _vx_image_raw_create_params_t {
    vx_uint32 width;
    vx_uint32 height;
    vx_uint32 num_exposures;
    vx_uint32 exposure_interleaving;
    vx_image_raw_format_t format[VX_IMAGE_RAW_MAX_EXPOSURES];
    vx_uint32 meta_height_before;
    vx_uint32 meta_height_after;
} vx_image_raw_create_params_t;

#ifdef __cplusplus
extern "C" {
#endif

/* image */
VX_API_ENTRY vx_image VX_API_CALL vxCreateRawImage(vx_context context, const vx_image_raw_create_params_t *params, vx_size size);
VX_API_ENTRY vx_image VX_API_CALL vxCreateVirtualRawImage(vx_graph graph, const vx_image_raw_create_params_t *params, vx_size size);
VX_API_ENTRY vx_status VX_API_CALL vxCopyImagePatchWithFlags(vx_image image, const vx_rectangle_t *image_rect, vx_uint32 image_plane_index, const vx_imagepatch_addressing_t *user_addr, void *user_ptr, vx_enum usage, vx_enum user_mem_type, vx_uint32 flags);

#ifdef __cplusplus
}
#endif

#endif /* PYOPENVX_VX_KHR_RAW_IMAGE_H */
