/* TI code built with TIOVX's values (-DPYOPENVX_TIOVX_VALUES, `python -m pyopenvx --cflags --tiovx`,
 * issue 33): TI's switches that list VX_DF_IMAGE_RGBX and VX_DF_IMAGE_RGBA, VX_STATUS_MIN and
 * VX_ERROR_TIMEOUT compile with -Werror, a target file that defines VX_PRINT_KERNEL itself (as TI's
 * kernel utilities do) meets no other definition, and both RGBX formats make images. Without the
 * define the same file does not compile (tests/test_tivx_compat.py): Khronos programs keep the
 * specification's values. */
#include <TI/tivx.h>
#include <TI/tivx_target_kernel.h>
#include <VX/vxu.h>
#include "check.h"

#define VX_PRINT_KERNEL(zone, kernel, message, ...) tivx_print_global((vx_enum)(zone), message, ##__VA_ARGS__)

static vx_uint32 pixel_bytes(vx_df_image format)
{
    switch (format) {
    case VX_DF_IMAGE_RGBX:
    case VX_DF_IMAGE_RGBA:
        return 4;
    case VX_DF_IMAGE_RGB:
        return 3;
    default:
        return 1;
    }
}

static const char *status_name(vx_status status)
{
    switch (status) {
    case VX_STATUS_MIN: return "VX_STATUS_MIN";
    case VX_ERROR_TIMEOUT: return "VX_ERROR_TIMEOUT";
    case VX_ERROR_REFERENCE_NONZERO: return "VX_ERROR_REFERENCE_NONZERO";
    case VX_SUCCESS: return "VX_SUCCESS";
    default: return "other";
    }
}

int main(void)
{
    CHECK(VX_DF_IMAGE_RGBX == VX_DF_IMAGE('R', 'G', 'B', 'X') && VX_DF_IMAGE_RGBA == VX_DF_IMAGE('R', 'G', 'B', 'A'));
    CHECK(VX_STATUS_MIN == -26 && VX_ERROR_TIMEOUT == -25 && strcmp(status_name(-25), "VX_ERROR_TIMEOUT") == 0);
    vx_context ctx = test_context();
    vx_uint32 refs0 = context_references(ctx);
    vx_df_image formats[2] = {VX_DF_IMAGE_RGBX, VX_DF_IMAGE_RGBA};
    for (int i = 0; i < 2; i++) {
        vx_image img = vxCreateImage(ctx, 8, 4, formats[i]);
        CHECK_REF(img);
        vx_df_image format = 0;
        CHECK_OK(vxQueryImage(img, VX_IMAGE_FORMAT, &format, sizeof format));
        CHECK(format == formats[i] && pixel_bytes(format) == 4);
        vx_pixel_value_t value = {.RGBX = {1, 2, 3, 4}};
        CHECK_OK(vxSetImagePixelValues(img, &value));
        vx_uint8 px[4] = {0};
        vx_rectangle_t one = {7, 3, 8, 4};
        vx_imagepatch_addressing_t a = {1, 1, 4, 4, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 0};
        CHECK_OK(vxCopyImagePatch(img, &one, 0, &a, px, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK(px[0] == 1 && px[1] == 2 && px[2] == 3 && px[3] == 4);
        CHECK_OK(vxReleaseImage(&img));
    }
    /* TIOVX's RGBA is the specification's RGBX: the standard kernels make it */
    vx_image rgb = vxCreateImage(ctx, 8, 4, VX_DF_IMAGE_RGB), rgba = vxCreateImage(ctx, 8, 4, VX_DF_IMAGE_RGBA);
    CHECK_OK(vxuColorConvert(ctx, rgb, rgba));
    CHECK_OK(vxReleaseImage(&rgb));
    CHECK_OK(vxReleaseImage(&rgba));
    VX_PRINT_KERNEL(VX_ZONE_INFO, NULL, "not shown\n");
    CHECK(context_references(ctx) == refs0);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
