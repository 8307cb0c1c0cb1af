/* Tiling test kernels (seed 001): a 3x3 box filter (neighborhood 1) and a pointwise kernel with a
 * 16x16 block, each as fast and/or flexible functions that record which function computed which
 * output pixel, and plain-C references of the same maths. */
#ifndef PVX_TEST_TILING_KERNELS_H
#define PVX_TEST_TILING_KERNELS_H
#include "check.h"
#include <string.h>
#include <VX/vx_compatibility.h>
#include <VX/vx_khr_tiling.h>

/* Per output pixel: +HIT_FAST per fast call covering it, +HIT_FLEX per flexible call. */
#define HIT_FAST 1u
#define HIT_FLEX 16u
#define MAX_PIXELS (256u * 256u)
static unsigned hits[MAX_PIXELS];
static int violations;                /* fast calls outside what the seed allows, bad tile memory */
static int self_border;               /* the flexible box handles its own border (VX_BORDER_MODE_SELF) */

static inline void record(const vx_tile_t *out, unsigned what)
{
    vx_uint32 w = vxImageWidth(out);
    for (vx_uint32 y = 0; y < vxTileHeight(out, 0); y++)
        for (vx_uint32 x = 0; x < vxTileWidth(out, 0); x++)
            __atomic_fetch_add(&hits[(vxTileY(out) + y) * w + vxTileX(out) + x], what, __ATOMIC_RELAXED);
}

/* The seed's promise to the fast function: aligned whole blocks, neighborhood inside the image. */
static inline void check_fast(const vx_tile_t *out)
{
    vx_int32 x = (vx_int32)vxTileX(out), y = (vx_int32)vxTileY(out);
    vx_int32 w = (vx_int32)vxTileWidth(out, 0), h = (vx_int32)vxTileHeight(out, 0);
    vx_int32 bw = vxTileBlockWidth(out), bh = vxTileBlockHeight(out);
    if (x % bw || y % bh || w % bw || h % bh || w == 0 || h == 0 || x + vxNeighborhoodLeft(out) < 0 ||
        y + vxNeighborhoodTop(out) < 0 || x + w - 1 + vxNeighborhoodRight(out) >= (vx_int32)vxImageWidth(out) ||
        y + h - 1 + vxNeighborhoodBottom(out) >= (vx_int32)vxImageHeight(out))
        __atomic_fetch_add(&violations, 1, __ATOMIC_RELAXED);
}

/* ---- box 3x3: parameters 0 input U8, 1 output U8 ------------------------------------------ */

static inline vx_uint8 box_at(const vx_tile_t *in, vx_int32 x, vx_int32 y)
{
    unsigned sum = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            vx_int32 ox = dx, oy = dy;
            if (self_border) {         /* clamp to the image: the border is ours to handle */
                vx_int32 ax = (vx_int32)vxTileX(in) + x + dx, ay = (vx_int32)vxTileY(in) + y + dy;
                vx_int32 w = (vx_int32)vxImageWidth(in), h = (vx_int32)vxImageHeight(in);
                ox = (ax < 0 ? 0 : ax >= w ? w - 1 : ax) - (vx_int32)vxTileX(in) - x;
                oy = (ay < 0 ? 0 : ay >= h ? h - 1 : ay) - (vx_int32)vxTileY(in) - y;
            }
            sum += vxImagePixel(vx_uint8, in, 0, x, y, ox, oy);
        }
    return (vx_uint8)(sum / 9);
}

static inline void box_tile(vx_tile_t *in, vx_tile_t *out)
{
    for (vx_uint32 y = 0; y < vxTileHeight(out, 0); y++)
        for (vx_uint32 x = 0; x < vxTileWidth(out, 0); x++)
            vxImagePixel(vx_uint8, out, 0, x, y, 0, 0) = box_at(in, (vx_int32)x, (vx_int32)y);
}

static inline void box_fast(void *VX_RESTRICT p[], void *VX_RESTRICT mem, vx_size size)
{
    (void)mem; (void)size;
    check_fast(p[1]);
    box_tile(p[0], p[1]);
    record(p[1], HIT_FAST);
}

static inline void box_flexible(void *VX_RESTRICT p[], void *VX_RESTRICT mem, vx_size size)
{
    (void)mem; (void)size;
    box_tile(p[0], p[1]);
    record(p[1], HIT_FLEX);
}

/* Plain C: the box of pixel (x, y) of a w x h image with a border (SELF: replicate). */
static inline vx_uint8 box_reference(const vx_uint8 *img, vx_int32 w, vx_int32 h, vx_int32 x, vx_int32 y,
                              const vx_border_t *border)
{
    unsigned sum = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            vx_int32 ax = x + dx, ay = y + dy;
            if ((ax < 0 || ay < 0 || ax >= w || ay >= h) && border->mode == VX_BORDER_CONSTANT) {
                sum += border->constant_value.U8;
                continue;
            }
            ax = ax < 0 ? 0 : ax >= w ? w - 1 : ax;
            ay = ay < 0 ? 0 : ay >= h ? h - 1 : ay;
            sum += img[ay * w + ax];
        }
    return (vx_uint8)(sum / 9);
}

/* ---- pointwise: 0 input U8, 1 input scalar U8 k, 2 output U8, 3 optional input U8 mask -----
 * out = (in + k) ^ mask; block 16x16; the fast function works through its tile memory. */

#define PW_BLOCK 16
#define PW_MEMORY (PW_BLOCK * PW_BLOCK)

static inline vx_uint8 pw_pixel(vx_tile_t *in, vx_uint8 k, vx_tile_t *mask, vx_uint32 x, vx_uint32 y)
{
    vx_uint8 m = mask ? vxImagePixel(vx_uint8, mask, 0, x, y, 0, 0) : 0;
    return (vx_uint8)((vx_uint8)(vxImagePixel(vx_uint8, in, 0, x, y, 0, 0) + k) ^ m);
}

static inline void pw_fast(void *VX_RESTRICT p[], void *VX_RESTRICT mem, vx_size size)
{
    vx_tile_t *in = p[0], *out = p[2], *mask = p[3];
    vx_uint8 k = *(vx_uint8 *)p[1];
    vx_uint32 w = vxTileWidth(out, 0), h = vxTileHeight(out, 0);
    check_fast(out);
    if (mem == NULL || size != (vx_size)PW_MEMORY * (w / PW_BLOCK) * (h / PW_BLOCK))
        __atomic_fetch_add(&violations, 1, __ATOMIC_RELAXED);
    vx_uint8 *buf = mem;               /* one 16x16 block after another, then copied out */
    for (vx_uint32 j = 0; j < h; j += PW_BLOCK)
        for (vx_uint32 i = 0; i < w; i += PW_BLOCK, buf += PW_MEMORY)
            for (vx_uint32 jj = 0; jj < PW_BLOCK; jj++)
                for (vx_uint32 ii = 0; ii < PW_BLOCK; ii++)
                    buf[jj * PW_BLOCK + ii] = pw_pixel(in, k, mask, i + ii, j + jj);
    buf = mem;
    for (vx_uint32 j = 0; j < h; j += PW_BLOCK)
        for (vx_uint32 i = 0; i < w; i += PW_BLOCK, buf += PW_MEMORY)
            for (vx_uint32 jj = 0; jj < PW_BLOCK; jj++)
                for (vx_uint32 ii = 0; ii < PW_BLOCK; ii++)
                    vxImagePixel(vx_uint8, out, 0, i + ii, j + jj, 0, 0) = buf[jj * PW_BLOCK + ii];
    record(out, HIT_FAST);
}

static inline void pw_flexible(void *VX_RESTRICT p[], void *VX_RESTRICT mem, vx_size size)
{
    vx_tile_t *in = p[0], *out = p[2], *mask = p[3];
    vx_uint8 k = *(vx_uint8 *)p[1];
    vx_uint32 w = vxTileWidth(out, 0), h = vxTileHeight(out, 0);
    vx_size blocks = ((w + PW_BLOCK - 1) / PW_BLOCK) * ((h + PW_BLOCK - 1) / PW_BLOCK);
    if (mem == NULL || size != PW_MEMORY * blocks)
        __atomic_fetch_add(&violations, 1, __ATOMIC_RELAXED);
    for (vx_uint32 y = 0; y < h; y++)
        for (vx_uint32 x = 0; x < w; x++)
            vxImagePixel(vx_uint8, out, 0, x, y, 0, 0) = pw_pixel(in, k, mask, x, y);
    record(out, HIT_FLEX);
}

/* ---- validators: inputs any; the output (`out_index`) is described like parameter 0 ------- */

static inline vx_status VX_CALLBACK any_input(vx_node node, vx_uint32 index)
{
    (void)node; (void)index;
    return VX_SUCCESS;
}

static inline vx_status VX_CALLBACK output_like_input(vx_node node, vx_uint32 index, vx_meta_format meta)
{
    (void)index;
    vx_parameter p = vxGetParameterByIndex(node, 0);
    vx_image img = NULL;
    TRY(vxQueryParameter(p, VX_PARAMETER_REF, &img, sizeof img));
    vx_status s = vxSetMetaFormatFromReference(meta, (vx_reference)img);
    vxReleaseImage(&img);
    vxReleaseParameter(&p);
    return s;
}

/* A finalized box tiling kernel with the given functions (NULL for absent), neighborhood 1. */
static inline vx_kernel box_kernel(vx_context ctx, const char *name, vx_tiling_kernel_f flexible, vx_tiling_kernel_f fast)
{
    vx_enum id;
    CHECK_OK(vxAllocateUserKernelId(ctx, &id));
    vx_char kname[VX_MAX_KERNEL_NAME] = {0};
    strncpy(kname, name, VX_MAX_KERNEL_NAME - 1);
    vx_kernel k = vxAddTilingKernel(ctx, kname, id, flexible, fast, 2, any_input, output_like_input);
    CHECK_REF(k);
    CHECK_OK(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(k, 1, VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    vx_neighborhood_size_t nb = {-1, 1, -1, 1};
    CHECK_OK(vxSetKernelAttribute(k, VX_KERNEL_INPUT_NEIGHBORHOOD, &nb, sizeof nb));
    CHECK_OK(vxFinalizeKernel(k));
    return k;
}

/* The finalized pointwise tiling kernel: block 16x16, tile memory 256 bytes per block. */
static inline vx_kernel pointwise_kernel(vx_context ctx, const char *name, vx_tiling_kernel_f flexible,
                                  vx_tiling_kernel_f fast)
{
    vx_enum id;
    CHECK_OK(vxAllocateUserKernelId(ctx, &id));
    vx_char kname[VX_MAX_KERNEL_NAME] = {0};
    strncpy(kname, name, VX_MAX_KERNEL_NAME - 1);
    vx_kernel k = vxAddTilingKernel(ctx, kname, id, flexible, fast, 4, any_input, output_like_input);
    CHECK_REF(k);
    CHECK_OK(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(k, 1, VX_INPUT, VX_TYPE_SCALAR, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(k, 2, VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(k, 3, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_OPTIONAL));
    vx_tile_block_size_t block = {PW_BLOCK, PW_BLOCK};
    CHECK_OK(vxSetKernelAttribute(k, VX_KERNEL_OUTPUT_TILE_BLOCK_SIZE, &block, sizeof block));
    vx_size memory = PW_MEMORY;
    CHECK_OK(vxSetKernelAttribute(k, VX_KERNEL_TILE_MEMORY_SIZE, &memory, sizeof memory));
    CHECK_OK(vxFinalizeKernel(k));
    return k;
}

/* The seed's rule for one output pixel, computed per pixel: HIT_FAST when its whole block is
 * inside the region where the neighborhood stays in the image and there is a fast function;
 * HIT_FLEX for the other pixels the border mode asks for (UNDEFINED: neighborhood inside) when
 * there is a flexible function (or no fast one); 0: not processed. */
static inline unsigned expected_hit(vx_int32 x, vx_int32 y, vx_int32 w, vx_int32 h, vx_int32 radius, vx_int32 bw,
                             vx_int32 bh, vx_enum mode, int fast, int flexible)
{
    vx_int32 bx = x / bw * bw, by = y / bh * bh;
    int block_inside = bx >= radius && by >= radius && bx + bw <= w - radius && by + bh <= h - radius;
    int inner = x >= radius && y >= radius && x < w - radius && y < h - radius;
    if (block_inside)
        return fast ? HIT_FAST : HIT_FLEX;
    if (flexible && (inner || mode != VX_BORDER_UNDEFINED))
        return HIT_FLEX;
    return 0;
}

#endif
