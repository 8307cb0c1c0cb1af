/*
 * pyopenvx - tiling kernels (vx_khr_tiling extension).
 *
 * Define OPENVX_TILING_1_1 before including this header to get the
 * tile-block-size and output-neighborhood attributes added in tiling 1.1.
 */
#ifndef PYOPENVX_VX_KHR_TILING_H
#define PYOPENVX_VX_KHR_TILING_H

#include <VX/vx.h>

#define OPENVX_KHR_TILING "vx_khr_tiling"
#define VX_MAX_TILING_PLANES (4)

/* Pointer qualifier for non-aliasing tile buffers. */
#ifndef VX_RESTRICT
#if defined(__cplusplus)
#define VX_RESTRICT __restrict
#elif defined(__STDC_VERSION__) && (__STDC_VERSION__ >= 199901L)
#define VX_RESTRICT restrict
#elif defined(__GNUC__) || defined(_MSC_VER)
#define VX_RESTRICT __restrict
#else
#define VX_RESTRICT
#endif
#endif

/* Kernel attributes of tiling kernels. */
enum vx_kernel_attribute_tiling_e {
    VX_KERNEL_INPUT_NEIGHBORHOOD = 0x80407,
    VX_KERNEL_OUTPUT_TILE_BLOCK_SIZE = 0x80408,
    VX_KERNEL_BORDER = 0x80409,
    VX_KERNEL_TILE_MEMORY_SIZE = 0x8040A,
#ifdef OPENVX_TILING_1_1
    VX_KERNEL_INPUT_TILE_BLOCK_SIZE = 0x8040B,
    VX_KERNEL_OUTPUT_NEIGHBORHOOD = 0x8040C,
#endif
};

/* Node attributes of nodes of tiling kernels. */
enum vx_node_attribute_tiling_e {
    VX_NODE_INPUT_NEIGHBORHOOD = 0x8030B,
    VX_NODE_OUTPUT_TILE_BLOCK_SIZE = 0x8030C,
    VX_NODE_TILE_MEMORY_SIZE = 0x8030D,
#ifdef OPENVX_TILING_1_1
    VX_NODE_INPUT_TILE_BLOCK_SIZE = 0x8030E,
    VX_NODE_OUTPUT_NEIGHBORHOOD = 0x8030F,
#endif
};

/* Extra border mode: the kernel handles the border itself. */
enum vx_border_tiling_e {
    VX_BORDER_MODE_SELF = 0xC003,
};

typedef struct _vx_tile_block_size_t {
    vx_int32 width;
    vx_int32 height;
} vx_tile_block_size_t;

typedef struct _vx_neighborhood_size_t {
    vx_int32 left;
    vx_int32 right;
    vx_int32 top;
    vx_int32 bottom;
} vx_neighborhood_size_t;

typedef struct _vx_image_description_t {
    vx_uint32 width;
    vx_uint32 height;
    vx_df_image format;
    vx_uint32 planes;
    vx_enum range;
    vx_enum space;
} vx_image_description_t;

typedef struct _vx_tile_t {
    vx_uint8 * VX_RESTRICT base[VX_MAX_TILING_PLANES];
    vx_uint32 tile_x;
    vx_uint32 tile_y;
    vx_imagepatch_addressing_t addr[VX_MAX_TILING_PLANES];
    vx_tile_block_size_t tile_block;
    vx_neighborhood_size_t neighborhood;
    vx_image_description_t image;
} vx_tile_t;

/* Geometry of the whole image a tile belongs to. */
#define vxImageWidth(ptile) ((ptile)->image.width)
#define vxImageHeight(ptile) ((ptile)->image.height)

/* Position and size of the tile. */
#define vxTileX(ptile) ((ptile)->tile_x)
#define vxTileY(ptile) ((ptile)->tile_y)
#define vxTileWidth(ptile, i) ((ptile)->addr[i].dim_x)
#define vxTileHeight(ptile, i) ((ptile)->addr[i].dim_y)
#define vxTileBlockWidth(ptile) ((ptile)->tile_block.width)
#define vxTileBlockHeight(ptile) ((ptile)->tile_block.height)
#define vxNeighborhoodLeft(ptile) ((ptile)->neighborhood.left)
#define vxNeighborhoodRight(ptile) ((ptile)->neighborhood.right)
#define vxNeighborhoodTop(ptile) ((ptile)->neighborhood.top)
#define vxNeighborhoodBottom(ptile) ((ptile)->neighborhood.bottom)

/* Strides and steps of parameter i's addressing (1.3.1 keeps these out of its header; programs
 * written for earlier drafts use them). */
#define vxStrideSizeX(ptile, i) ((ptile)->addr[i].stride_x)
#define vxStrideSizeY(ptile, i) ((ptile)->addr[i].stride_y)
#define vxStepSizeX(ptile, i) ((ptile)->addr[i].step_x)
#define vxStepSizeY(ptile, i) ((ptile)->addr[i].step_y)

/*
 * Byte offset of pixel (x + ox, y + oy) of plane i from base[i], and that
 * pixel as an lvalue of `type`. As in OpenVX 1.3.1, neither expansion has
 * outer parentheses: write (vxImageOffset(...)) inside larger expressions.
 */
#define vxImageOffset(ptile, i, x, y, ox, oy) \
    ((ptile)->addr[i].stride_y * (vx_int32)(((vx_int32)((oy) + (y)) * (vx_int32)(ptile)->addr[i].scale_y) / (vx_int32)VX_SCALE_UNITY)) + \
    ((ptile)->addr[i].stride_x * (vx_int32)(((vx_int32)((ox) + (x)) * (vx_int32)(ptile)->addr[i].scale_x) / (vx_int32)VX_SCALE_UNITY))

#define vxImagePixel(type, ptile, i, x, y, ox, oy) \
    *((type *)(&((vx_uint8 *)(ptile)->base[i])[vxImageOffset(ptile, i, x, y, ox, oy)]))

#ifdef __cplusplus
extern "C" {
#endif

/* A tiling kernel function (same spelling for C and C++). */
typedef void (*vx_tiling_kernel_f)(void *VX_RESTRICT parameters[], void *VX_RESTRICT tile_memory, vx_size tile_memory_size);

/* tiling */
VX_API_ENTRY vx_kernel VX_API_CALL vxAddTilingKernel(vx_context context, vx_char name[VX_MAX_KERNEL_NAME], vx_enum enumeration, vx_tiling_kernel_f flexible_func_ptr, vx_tiling_kernel_f fast_func_ptr, vx_uint32 num_params, vx_kernel_input_validate_f input, vx_kernel_output_validate_f output);

#ifdef __cplusplus
}
#endif

#endif /* PYOPENVX_VX_KHR_TILING_H */
