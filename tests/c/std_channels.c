/* ChannelExtract and ChannelCombine (RGB, RGBX and every YUV format), Magnitude and Phase against plain C,
 * as graph nodes and through vxu. */
#include <VX/vx.h>
#include <VX/vxu.h>
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "std_images.h"

/* The size of the images: even (the subsampled formats need it); 70 is past the vector loops' 32 and
 * 64 pixels, the others leave tails of every length below a vector (main). */
static vx_uint32 W = 70u, H = 14u;
enum { MAX_PIXELS = 4096 };
static const double PI = 3.14159265358979323846;

/* Where a channel's elements are: plane, byte offset in a row, bytes between elements, subsampling. */
typedef struct where {
    vx_uint32 plane, offset, step, sx, sy;
} where;

typedef struct format_info {
    vx_df_image format;
    int channels;
    vx_enum named[4];
    where at[4];
} format_info;

#define RGB_CHANNELS(n) {VX_CHANNEL_R, VX_CHANNEL_G, VX_CHANNEL_B, VX_CHANNEL_A}, \
    {{0, 0, n, 1, 1}, {0, 1, n, 1, 1}, {0, 2, n, 1, 1}, {0, 3, n, 1, 1}}
#define YUV_CHANNELS {VX_CHANNEL_Y, VX_CHANNEL_U, VX_CHANNEL_V}
static const format_info formats[] = {
    {VX_DF_IMAGE_RGB, 3, RGB_CHANNELS(3)},
    {VX_DF_IMAGE_RGBX, 4, RGB_CHANNELS(4)},
    {VX_DF_IMAGE_YUV4, 3, YUV_CHANNELS, {{0, 0, 1, 1, 1}, {1, 0, 1, 1, 1}, {2, 0, 1, 1, 1}}},
    {VX_DF_IMAGE_IYUV, 3, YUV_CHANNELS, {{0, 0, 1, 1, 1}, {1, 0, 1, 2, 2}, {2, 0, 1, 2, 2}}},
    {VX_DF_IMAGE_NV12, 3, YUV_CHANNELS, {{0, 0, 1, 1, 1}, {1, 0, 2, 2, 2}, {1, 1, 2, 2, 2}}},
    {VX_DF_IMAGE_NV21, 3, YUV_CHANNELS, {{0, 0, 1, 1, 1}, {1, 1, 2, 2, 2}, {1, 0, 2, 2, 2}}},
    {VX_DF_IMAGE_UYVY, 3, YUV_CHANNELS, {{0, 1, 2, 1, 1}, {0, 0, 4, 2, 1}, {0, 2, 4, 2, 1}}},
    {VX_DF_IMAGE_YUYV, 3, YUV_CHANNELS, {{0, 0, 2, 1, 1}, {0, 1, 4, 2, 1}, {0, 3, 4, 2, 1}}},
};

/* The test content of channel k at (x, y) of that channel's plane. */
static vx_uint8 content(int k, vx_uint32 x, vx_uint32 y)
{
    return (vx_uint8)(x * 7 + y * 13 + k * 61);
}

/* Visits every element of channel k of `img` (mapped for `usage`): sets or checks content(). */
static void channel_pixels(vx_image img, const format_info *f, int k, vx_enum usage)
{
    vx_rectangle_t all = {0, 0, W, H};
    vx_map_id id;
    vx_imagepatch_addressing_t a;
    vx_uint8 *p = NULL;
    where w = f->at[k];
    CHECK_OK(vxMapImagePatch(img, &all, w.plane, &id, &a, (void **)&p, usage, VX_MEMORY_TYPE_HOST, 0));
    for (vx_uint32 y = 0; y < H / w.sy; y++)
        for (vx_uint32 x = 0; x < W / w.sx; x++) {
            vx_uint8 *px = p + y * a.stride_y + x * w.step + w.offset;
            if (usage == VX_WRITE_ONLY)
                *px = content(k, x, y);
            else
                CHECK(*px == content(k, x, y));
        }
    CHECK_OK(vxUnmapImagePatch(img, id));
}

static void extract(vx_context ctx, const format_info *f)
{
    vx_image in = vxCreateImage(ctx, W, H, f->format);
    for (int k = 0; k < f->channels; k++)
        channel_pixels(in, f, k, VX_WRITE_ONLY);
    for (int k = 0; k < f->channels; k++)
        for (int numbered = 0; numbered < 2; numbered++)
            for (int immediate = 0; immediate < 2; immediate++) {
                vx_enum channel = numbered ? VX_CHANNEL_0 + k : f->named[k];
                vx_uint32 cw = W / f->at[k].sx, ch = H / f->at[k].sy;
                vx_image out = vxCreateImage(ctx, cw, ch, VX_DF_IMAGE_U8);
                CHECK_OK(RUN(immediate, ctx, vxuChannelExtract(ctx, in, channel, out),
                             vxChannelExtractNode(graph_, in, channel, out)));
                static int32_t got[MAX_PIXELS];
                read_image(out, got);
                for (vx_uint32 y = 0; y < ch; y++)
                    for (vx_uint32 x = 0; x < cw; x++)
                        CHECK(got[y * cw + x] == content(k, x, y));
                vxReleaseImage(&out);
            }
    /* a channel the format does not have; an output of the wrong size */
    vx_image out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    CHECK_REFUSED(vxuChannelExtract(ctx, in, f->named[0] == VX_CHANNEL_R ? VX_CHANNEL_Y : VX_CHANNEL_R, out),
                  VX_ERROR_INVALID_VALUE);
    if (f->at[1].sx > 1)
        CHECK_REFUSED(vxuChannelExtract(ctx, in, VX_CHANNEL_U, out), VX_ERROR_INVALID_DIMENSION);
    vxReleaseImage(&out);
    vxReleaseImage(&in);
}

static void combine(vx_context ctx, const format_info *f)
{
    vx_image planes[4] = {NULL, NULL, NULL, NULL};
    for (int k = 0; k < f->channels; k++) {
        vx_uint32 cw = W / f->at[k].sx, ch = H / f->at[k].sy;
        planes[k] = vxCreateImage(ctx, cw, ch, VX_DF_IMAGE_U8);
        /* channel k's content in a U8 image: plane 0 of it, as channel k */
        vx_rectangle_t all = {0, 0, cw, ch};
        vx_map_id id;
        vx_imagepatch_addressing_t a;
        vx_uint8 *p = NULL;
        CHECK_OK(vxMapImagePatch(planes[k], &all, 0, &id, &a, (void **)&p, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0));
        for (vx_uint32 y = 0; y < a.dim_y; y++)
            for (vx_uint32 x = 0; x < a.dim_x; x++)
                p[y * a.stride_y + x] = content(k, x, y);
        CHECK_OK(vxUnmapImagePatch(planes[k], id));
    }
    for (int immediate = 0; immediate < 2; immediate++) {
        vx_image out = vxCreateImage(ctx, W, H, f->format);
        CHECK_OK(RUN(immediate, ctx, vxuChannelCombine(ctx, planes[0], planes[1], planes[2], planes[3], out),
                     vxChannelCombineNode(graph_, planes[0], planes[1], planes[2], planes[3], out)));
        for (int k = 0; k < f->channels; k++)
            channel_pixels(out, f, k, VX_READ_ONLY);
        /* a missing plane, and one too many */
        CHECK_REFUSED(vxuChannelCombine(ctx, planes[0], planes[1], NULL, NULL, out), VX_ERROR_INVALID_PARAMETERS);
        if (f->channels == 3)
            CHECK_REFUSED(vxuChannelCombine(ctx, planes[0], planes[1], planes[2], planes[0], out),
                          VX_ERROR_INVALID_PARAMETERS);
        vxReleaseImage(&out);
    }
    for (int k = 0; k < 4; k++)
        if (planes[k] != NULL)
            vxReleaseImage(&planes[k]);
}

/* The plain-C magnitude and phase of (x, y). */
static int32_t magnitude_of(int32_t x, int32_t y)
{
    double m = sqrt((double)x * x + (double)y * y) + 0.5;
    return m > 32767 ? 32767 : (int32_t)m;
}

static int32_t phase_of(int32_t x, int32_t y)
{
    double a = atan2(y, x);
    a = a < 0 ? a + 2 * PI : a;
    return ((int32_t)(a * 256 / (2 * PI) + 0.5)) & 255;
}

/* Magnitude and phase of gx, gy (w x h, set) against plain C, as nodes and through vxu (vxu only:
 * `node` 0). */
static void check_gradients(vx_context ctx, vx_uint32 w, vx_uint32 h, const int32_t *gx, const int32_t *gy, int node)
{
    int32_t *got = malloc(sizeof(int32_t) * w * h);
    vx_image x = vxCreateImage(ctx, w, h, VX_DF_IMAGE_S16), y = vxCreateImage(ctx, w, h, VX_DF_IMAGE_S16);
    copy_image(x, (int32_t *)gx, VX_WRITE_ONLY), copy_image(y, (int32_t *)gy, VX_WRITE_ONLY);
    for (int immediate = !node; immediate < 2; immediate++) {
        vx_image mag = vxCreateImage(ctx, w, h, VX_DF_IMAGE_S16), phase = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
        CHECK_OK(RUN(immediate, ctx, vxuMagnitude(ctx, x, y, mag), vxMagnitudeNode(graph_, x, y, mag)));
        read_image(mag, got);
        for (vx_uint32 i = 0; i < w * h; i++)
            CHECK(got[i] == magnitude_of(gx[i], gy[i]));
        CHECK_OK(RUN(immediate, ctx, vxuPhase(ctx, x, y, phase), vxPhaseNode(graph_, x, y, phase)));
        read_image(phase, got);
        for (vx_uint32 i = 0; i < w * h; i++)
            CHECK(got[i] == phase_of(gx[i], gy[i]));
        CHECK_REFUSED(vxuMagnitude(ctx, x, mag, phase), VX_ERROR_INVALID_FORMAT);
        vxReleaseImage(&mag), vxReleaseImage(&phase);
    }
    vxReleaseImage(&x), vxReleaseImage(&y);
    free(got);
}

/* Random gradients (the extremes first) on widths around the vector loops' (odd, 1, past 16 and 32). */
static void gradients(vx_context ctx)
{
    static const vx_uint32 sizes[][2] = {{70, 14}, {1, 3}, {7, 2}, {33, 3}, {641, 2}};
    static int32_t gx[MAX_PIXELS], gy[MAX_PIXELS];
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        vx_uint32 w = sizes[k][0], h = sizes[k][1];
        vx_image x = test_image(ctx, w, h, VX_DF_IMAGE_S16, 7, gx), y = test_image(ctx, w, h, VX_DF_IMAGE_S16, 8, gy);
        vxReleaseImage(&x), vxReleaseImage(&y);
        check_gradients(ctx, w, h, gx, gy, 1);
    }
}

/* Every gradient pair in [-256, 256)^2 (the exact diagonals and axes, the pairs whose angle falls
 * nearest a rounding boundary, every a^2 + b^2 up to 2^16), then the same scaled by 128 (the
 * whole S16 range), x in [32256, 32768) (magnitudes around the saturation), and x in [1856, 2368)
 * (a^2 + b^2 on both sides of 2^22, where the vector loops' short form stops, and pairs such as
 * (2091, 165) where that form would be one off). */
static void phase_everywhere(vx_context ctx)
{
    enum { SIDE = 512 };
    static int32_t gx[SIDE * SIDE], gy[SIDE * SIDE];
    static const int32_t grids[][2] = {{1, 0}, {128, 0}, {1, 32512}, {1, 2112}};      /* scale, x offset */
    for (int g = 0; g < 4; g++) {
        for (int32_t i = 0; i < SIDE * SIDE; i++)
            gx[i] = (i % SIDE - SIDE / 2) * grids[g][0] + grids[g][1], gy[i] = (i / SIDE - SIDE / 2) * grids[g][0];
        check_gradients(ctx, SIDE, SIDE, gx, gy, 0);
    }
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    static const vx_uint32 sizes[][2] = {{70, 14}, {2, 2}, {6, 2}, {34, 4}, {642, 4}};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (size_t f = 0; f < sizeof formats / sizeof formats[0]; f++) {
            W = sizes[s][0], H = sizes[s][1];
            extract(ctx, &formats[f]);
            combine(ctx, &formats[f]);
        }
    W = 70, H = 14;
    gradients(ctx);
    phase_everywhere(ctx);
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
