/* Large images run in bands of rows on the tile pool: prints a hash of every 3x3 filter's output in
 * every border mode, of a 5x3 Convolve (U8 and S16), of HalfScaleGaussian and 2:1 ScaleImage, and of two pointwise kernels, on an
 * image large enough for bands (odd sizes: the last output column reads the padding; the cheap
 * pointwise kernels split only from PVX_BAND_MIN_WORK pixels, so theirs is larger); the test
 * compares the lines of a run on 3 threads with the SIMD loops against a run on 1 thread with the
 * plain loops. */
#include <VX/vx.h>
#include <VX/vxu.h>
#include <stdlib.h>

#include "check.h"
#include "std_images.h"

enum { W = 701, H = 503, PW = 1301, PH = 811 };

static uint32_t hash(vx_image img)
{
    static int32_t values[PW * PH];
    vx_uint32 w, h_;
    CHECK_OK(vxQueryImage(img, VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxQueryImage(img, VX_IMAGE_HEIGHT, &h_, sizeof h_));
    read_image(img, values);
    uint32_t h = 2166136261u;
    for (vx_uint32 k = 0; k < w * h_; k++)
        h = (h ^ (uint32_t)values[k]) * 16777619u;
    return h;
}

int main(void)
{
    static int32_t va[W * H], vb[W * H];
    vx_context ctx = test_context();
    vx_image a = test_image(ctx, W, H, VX_DF_IMAGE_U8, 1, va), b = test_image(ctx, W, H, VX_DF_IMAGE_U8, 2, vb);
    vx_image o8 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8), o16 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_S16);
    vx_image gy = vxCreateImage(ctx, W, H, VX_DF_IMAGE_S16);
    vx_image half = vxCreateImage(ctx, (W + 1) / 2, (H + 1) / 2, VX_DF_IMAGE_U8);
    vx_image even = test_image(ctx, W - 1, H - 1, VX_DF_IMAGE_U8, 3, vb);
    vx_image quarter = vxCreateImage(ctx, (W - 1) / 2, (H - 1) / 2, VX_DF_IMAGE_U8);
    vx_convolution conv = vxCreateConvolution(ctx, 5, 3);
    static const vx_int16 coefficients[15] = {1, -2, 3, 0, 5, -7, 11, 2, -3, 4, 9, 0, -1, 6, -8};
    CHECK_OK(vxCopyConvolutionCoefficients(conv, (void *)coefficients, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    vx_uint32 scale = 4;
    CHECK_OK(vxSetConvolutionAttribute(conv, VX_CONVOLUTION_SCALE, &scale, sizeof scale));
    vx_border_t borders[3] = {{VX_BORDER_UNDEFINED, {{0}}}, {VX_BORDER_CONSTANT, {{0}}}, {VX_BORDER_REPLICATE, {{0}}}};
    borders[1].constant_value.U8 = 99;
    for (int k = 0; k < 3; k++) {
        CHECK_OK(vxSetContextAttribute(ctx, VX_CONTEXT_IMMEDIATE_BORDER, &borders[k], sizeof borders[k]));
        fill_u8(o8, 7);
        CHECK_OK(vxuBox3x3(ctx, a, o8));
        printf("box %d %08x\n", k, hash(o8));
        CHECK_OK(vxuGaussian3x3(ctx, a, o8));
        printf("gaussian %d %08x\n", k, hash(o8));
        CHECK_OK(vxuMedian3x3(ctx, a, o8));
        printf("median %d %08x\n", k, hash(o8));
        CHECK_OK(vxuErode3x3(ctx, a, o8));
        printf("erode %d %08x\n", k, hash(o8));
        CHECK_OK(vxuDilate3x3(ctx, a, o8));
        printf("dilate %d %08x\n", k, hash(o8));
        CHECK_OK(vxuSobel3x3(ctx, a, o16, gy));
        printf("sobel %d %08x %08x\n", k, hash(o16), hash(gy));
        CHECK_OK(vxuConvolve(ctx, a, conv, o8));
        CHECK_OK(vxuConvolve(ctx, a, conv, o16));
        printf("convolve %d %08x %08x\n", k, hash(o8), hash(o16));
        for (vx_int32 size = 3; size <= 5; size += 2) {
            CHECK_OK(vxuHalfScaleGaussian(ctx, a, half, size));
            printf("halfscale %d %d %08x\n", size, k, hash(half));
        }
    }
    static const vx_enum types[3] = {VX_INTERPOLATION_NEAREST_NEIGHBOR, VX_INTERPOLATION_BILINEAR, VX_INTERPOLATION_AREA};
    for (int t = 0; t < 3; t++) {
        CHECK_OK(vxuScaleImage(ctx, even, quarter, types[t]));
        printf("scale %d %08x\n", t, hash(quarter));
    }
    static int32_t pa[PW * PH], pb[PW * PH];
    vx_image la = test_image(ctx, PW, PH, VX_DF_IMAGE_U8, 4, pa), lb = test_image(ctx, PW, PH, VX_DF_IMAGE_U8, 5, pb);
    vx_image l8 = vxCreateImage(ctx, PW, PH, VX_DF_IMAGE_U8), l16 = vxCreateImage(ctx, PW, PH, VX_DF_IMAGE_S16);
    CHECK_OK(vxuAnd(ctx, la, lb, l8));
    printf("and %08x\n", hash(l8));
    CHECK_OK(vxuAdd(ctx, la, lb, VX_CONVERT_POLICY_WRAP, l16));
    printf("add %08x\n", hash(l16));
    vxReleaseImage(&la), vxReleaseImage(&lb), vxReleaseImage(&l8), vxReleaseImage(&l16);
    vxReleaseImage(&a), vxReleaseImage(&b), vxReleaseImage(&o8), vxReleaseImage(&o16), vxReleaseImage(&gy);
    vxReleaseImage(&half), vxReleaseImage(&even), vxReleaseImage(&quarter), vxReleaseConvolution(&conv);
    CHECK_OK(vxReleaseContext(&ctx));
    return 0;
}
