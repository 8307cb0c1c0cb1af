/* The packed layout of a root image of each format (image_desc.h). */
#include "image_desc.h"

#include <string.h>

/* Per format: planes as (bits per element, step_x, step_y). objects/image.py's FORMATS says the same
 * (a test compares them) and holds the policy: which sizes each format accepts. */
static const struct {
    vx_df_image format;
    uint32_t planes;
    uint8_t plane[3][3];
} layouts[] = {
    {VX_DF_IMAGE_U1, 1, {{1, 1, 1}}},     {VX_DF_IMAGE_U8, 1, {{8, 1, 1}}},
    {VX_DF_IMAGE_U16, 1, {{16, 1, 1}}},   {VX_DF_IMAGE_S16, 1, {{16, 1, 1}}},
    {VX_DF_IMAGE_U32, 1, {{32, 1, 1}}},   {VX_DF_IMAGE_S32, 1, {{32, 1, 1}}},
    {VX_DF_IMAGE_RGB, 1, {{24, 1, 1}}},   {VX_DF_IMAGE_RGBX, 1, {{32, 1, 1}}},
    {VX_DF_IMAGE_UYVY, 1, {{16, 1, 1}}},  {VX_DF_IMAGE_YUYV, 1, {{16, 1, 1}}},
    {VX_DF_IMAGE_NV12, 2, {{8, 1, 1}, {16, 2, 2}}},
    {VX_DF_IMAGE_NV21, 2, {{8, 1, 1}, {16, 2, 2}}},
    {VX_DF_IMAGE_IYUV, 3, {{8, 1, 1}, {8, 2, 2}, {8, 2, 2}}},
    {VX_DF_IMAGE_YUV4, 3, {{8, 1, 1}, {8, 1, 1}, {8, 1, 1}}},
    {VX_DF_IMAGE('R', 'G', 'B', 'X'), 1, {{32, 1, 1}}},   /* TIOVX's RGBX (vx_types.h, PYOPENVX_TIOVX_VALUES) */
};

int pvx_image_describe(pvx_image *img, vx_df_image fmt, uint32_t width, uint32_t height)
{
    img->width = width, img->height = height, img->format = fmt;
    img->valid = (vx_rectangle_t){0, 0, width, height};
    img->planes = 0;
    img->size = 0;
    memset(img->plane, 0, sizeof img->plane);
    for (size_t k = 0; k < sizeof layouts / sizeof layouts[0]; k++) {
        if (layouts[k].format != fmt)
            continue;
        img->planes = layouts[k].planes;
        for (uint32_t p = 0; p < img->planes; p++) {
            pvx_image_plane *pl = &img->plane[p];
            pl->bits = layouts[k].plane[p][0], pl->step_x = layouts[k].plane[p][1], pl->step_y = layouts[k].plane[p][2];
            uint64_t cols = (width + pl->step_x - 1) / pl->step_x, rows = (height + pl->step_y - 1) / pl->step_y;
            pl->stride_y = (int32_t)((cols * pl->bits + 7) / 8);
            pl->root_plane = p;
            img->size += (vx_size)pl->stride_y * rows;
        }
        return 0;
    }
    return -1;
}
