/* Issue 16, formats: an open virtual output (VX_DF_IMAGE_VIRT) gets at verification the format
 * its kernel gives it, and a query returns it; uniform images and images from a channel of every
 * YUV format. */
#include <VX/vxu.h>
#include <string.h>

#include "check.h"

#define W 16u
#define H 12u


/* g has a node writing the virtual image `out`: after verification its format is `want`. */
static void check_virtual_format(vx_graph g, vx_image out, vx_df_image want, const char *what)
{
    CHECK_OK(vxVerifyGraph(g));
    vx_df_image got = 0;
    CHECK_OK(vxQueryImage(out, VX_IMAGE_FORMAT, &got, sizeof got));
    if (got != want) {
        fprintf(stderr, "%s: format %.4s, expected %.4s\n", what, (char *)&got, (char *)&want);
        exit(1);
    }
}

static void inferred_formats(vx_context ctx)
{
    vx_image u8 = u8_image(ctx, W, H, 9), s16 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_S16);
    vx_pixel_value_t zero = {{0}};
    CHECK_OK(vxSetImagePixelValues(s16, &zero));
    vx_float32 scale_v = 1.0f, alpha_v = 0.5f;
    vx_int32 shift_v = 0, window_v = 3;
    vx_scalar scale = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &scale_v), alpha = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &alpha_v);
    vx_scalar shift = vxCreateScalar(ctx, VX_TYPE_INT32, &shift_v);
    vx_threshold t = vxCreateThresholdForImage(ctx, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
    vx_lut lut = vxCreateLUT(ctx, VX_TYPE_UINT8, 256);
    vx_int16 coeffs[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
    vx_convolution conv = vxCreateConvolution(ctx, 3, 3);
    CHECK_OK(vxCopyConvolutionCoefficients(conv, coeffs, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    enum { ADD_U8, ADD_MIXED, SUB_U8, MUL_U8, MUL_S16, ABSDIFF_U8, ABSDIFF_S16, AND, NOT, THRESHOLD, LUT,
           DEPTH_UP, DEPTH_DOWN, BOX, SOBEL, CONVOLVE, EQUALIZE, INTEGRAL, MIN_S16, MAX_U8, WEIGHTED, NMS,
           MAGNITUDE, PHASE, HALFSCALE, CASES };
    static const vx_df_image want[CASES] = {
        [ADD_U8] = VX_DF_IMAGE_S16, [ADD_MIXED] = VX_DF_IMAGE_S16, [SUB_U8] = VX_DF_IMAGE_S16,
        [MUL_U8] = VX_DF_IMAGE_S16, [MUL_S16] = VX_DF_IMAGE_S16, [ABSDIFF_U8] = VX_DF_IMAGE_U8,
        [ABSDIFF_S16] = VX_DF_IMAGE_S16, [AND] = VX_DF_IMAGE_U8, [NOT] = VX_DF_IMAGE_U8,
        [THRESHOLD] = VX_DF_IMAGE_U8, [LUT] = VX_DF_IMAGE_U8, [DEPTH_UP] = VX_DF_IMAGE_S16,
        [DEPTH_DOWN] = VX_DF_IMAGE_U8, [BOX] = VX_DF_IMAGE_U8, [SOBEL] = VX_DF_IMAGE_S16,
        [CONVOLVE] = VX_DF_IMAGE_S16, [EQUALIZE] = VX_DF_IMAGE_U8, [INTEGRAL] = VX_DF_IMAGE_U32,
        [MIN_S16] = VX_DF_IMAGE_S16, [MAX_U8] = VX_DF_IMAGE_U8, [WEIGHTED] = VX_DF_IMAGE_U8,
        [NMS] = VX_DF_IMAGE_S16, [MAGNITUDE] = VX_DF_IMAGE_S16, [PHASE] = VX_DF_IMAGE_U8,
        [HALFSCALE] = VX_DF_IMAGE_U8,
    };
    for (int c = 0; c < CASES; c++) {
        vx_graph g = vxCreateGraph(ctx);
        vx_image v = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
        vx_node n = NULL;
        switch (c) {
        case ADD_U8: n = vxAddNode(g, u8, u8, VX_CONVERT_POLICY_SATURATE, v); break;
        case ADD_MIXED: n = vxAddNode(g, u8, s16, VX_CONVERT_POLICY_SATURATE, v); break;
        case SUB_U8: n = vxSubtractNode(g, u8, u8, VX_CONVERT_POLICY_WRAP, v); break;
        case MUL_U8:
            n = vxMultiplyNode(g, u8, u8, scale, VX_CONVERT_POLICY_WRAP, VX_ROUND_POLICY_TO_ZERO, v);
            break;
        case MUL_S16:
            n = vxMultiplyNode(g, s16, u8, scale, VX_CONVERT_POLICY_WRAP, VX_ROUND_POLICY_TO_ZERO, v);
            break;
        case ABSDIFF_U8: n = vxAbsDiffNode(g, u8, u8, v); break;
        case ABSDIFF_S16: n = vxAbsDiffNode(g, s16, s16, v); break;
        case AND: n = vxAndNode(g, u8, u8, v); break;
        case NOT: n = vxNotNode(g, u8, v); break;
        case THRESHOLD: n = vxThresholdNode(g, u8, t, v); break;
        case LUT: n = vxTableLookupNode(g, u8, lut, v); break;
        case DEPTH_UP: n = vxConvertDepthNode(g, u8, v, VX_CONVERT_POLICY_WRAP, shift); break;
        case DEPTH_DOWN: n = vxConvertDepthNode(g, s16, v, VX_CONVERT_POLICY_WRAP, shift); break;
        case BOX: n = vxBox3x3Node(g, u8, v); break;
        case SOBEL: n = vxSobel3x3Node(g, u8, v, NULL); break;
        case CONVOLVE: n = vxConvolveNode(g, u8, conv, v); break;
        case EQUALIZE: n = vxEqualizeHistNode(g, u8, v); break;
        case INTEGRAL: n = vxIntegralImageNode(g, u8, v); break;
        case MIN_S16: n = vxMinNode(g, s16, s16, v); break;
        case MAX_U8: n = vxMaxNode(g, u8, u8, v); break;
        case WEIGHTED: n = vxWeightedAverageNode(g, u8, alpha, u8, v); break;
        case NMS: n = vxNonMaxSuppressionNode(g, s16, NULL, window_v, v); break;
        case MAGNITUDE: n = vxMagnitudeNode(g, s16, s16, v); break;
        case PHASE: n = vxPhaseNode(g, s16, s16, v); break;
        case HALFSCALE: n = vxHalfScaleGaussianNode(g, u8, v, 3); break;
        }
        CHECK_REF(n);
        char what[32];
        snprintf(what, sizeof what, "case %d", c);
        check_virtual_format(g, v, want[c], what);
        CHECK_OK(vxReleaseNode(&n));
        CHECK_OK(vxReleaseImage(&v));
        CHECK_OK(vxReleaseGraph(&g));
    }
    /* an explicit U8 output of U8 + U8 stays U8 */
    vx_image out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    CHECK_OK(vxuAdd(ctx, u8, u8, VX_CONVERT_POLICY_SATURATE, out));
    CHECK(u8_pixel(out, 3, 3) == 18);
    vx_image s16_out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_S16);
    CHECK_OK(vxuAdd(ctx, u8, u8, VX_CONVERT_POLICY_SATURATE, s16_out));
    CHECK_REFUSED(vxuAdd(ctx, u8, s16, VX_CONVERT_POLICY_SATURATE, out), VX_ERROR_INVALID_FORMAT);
    vx_image images[] = {u8, s16, out, s16_out};
    for (int i = 0; i < 4; i++)
        CHECK_OK(vxReleaseImage(&images[i]));
    CHECK_OK(vxReleaseScalar(&scale));
    CHECK_OK(vxReleaseScalar(&alpha));
    CHECK_OK(vxReleaseScalar(&shift));
    CHECK_OK(vxReleaseThreshold(&t));
    CHECK_OK(vxReleaseLUT(&lut));
    CHECK_OK(vxReleaseConvolution(&conv));
}

/* Every YUV format: a uniform image holds its Y, U, V everywhere (read through ChannelExtract),
 * and vxCreateImageFromChannel gives the planes the spec lists, sharing their pixels. */
static void yuv_images(vx_context ctx)
{
    static const struct { vx_df_image f; vx_uint32 sx, sy; int planar; } yuv[] = {
        {VX_DF_IMAGE_NV12, 2, 2, 0}, {VX_DF_IMAGE_NV21, 2, 2, 0}, {VX_DF_IMAGE_UYVY, 2, 1, 0},
        {VX_DF_IMAGE_YUYV, 2, 1, 0}, {VX_DF_IMAGE_IYUV, 2, 2, 1}, {VX_DF_IMAGE_YUV4, 1, 1, 1},
    };
    static const vx_enum channels[3] = {VX_CHANNEL_Y, VX_CHANNEL_U, VX_CHANNEL_V};
    for (size_t f = 0; f < sizeof yuv / sizeof yuv[0]; f++) {
        vx_pixel_value_t value = {{0}};
        value.YUV[0] = 10, value.YUV[1] = 20, value.YUV[2] = 30;
        vx_image img = vxCreateUniformImage(ctx, W, H, yuv[f].f, &value);
        CHECK_REF(img);
        for (int k = 0; k < 3; k++) {
            vx_uint32 w = k ? W / yuv[f].sx : W, h = k ? H / yuv[f].sy : H;
            vx_image ch = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
            CHECK_OK(vxuChannelExtract(ctx, img, channels[k], ch));
            CHECK(u8_pixel(ch, 0, 0) == value.YUV[k] && u8_pixel(ch, w - 1, h - 1) == value.YUV[k]);
            CHECK_OK(vxReleaseImage(&ch));
        }
        /* channels as images: Y of every multi-plane format, U and V of the planar ones */
        vx_image full = vxCreateImage(ctx, W, H, yuv[f].f);
        CHECK_OK(vxSetImagePixelValues(full, &value));
        vx_size planes = 0;
        CHECK_OK(vxQueryImage(full, VX_IMAGE_PLANES, &planes, sizeof planes));
        for (int k = 0; k < 3; k++) {
            vx_image ch = vxCreateImageFromChannel(full, channels[k]);
            int allowed = planes > 1 && (k == 0 || yuv[f].planar);
            if (!allowed) {
                CHECK(vxGetStatus((vx_reference)ch) != VX_SUCCESS);
                continue;
            }
            CHECK_REF(ch);
            vx_uint32 w = 0, h = 0;
            vx_df_image fmt = 0;
            CHECK_OK(vxQueryImage(ch, VX_IMAGE_WIDTH, &w, sizeof w));
            CHECK_OK(vxQueryImage(ch, VX_IMAGE_HEIGHT, &h, sizeof h));
            CHECK_OK(vxQueryImage(ch, VX_IMAGE_FORMAT, &fmt, sizeof fmt));
            CHECK(fmt == VX_DF_IMAGE_U8 && w == (k ? W / yuv[f].sx : W) && h == (k ? H / yuv[f].sy : H));
            CHECK(u8_pixel(ch, 1, 1) == value.YUV[k]);
            vx_uint8 v = 77;
            CHECK_OK(copy_u8_pixel(ch, 1, 1, &v, VX_WRITE_ONLY));    /* written through to the parent */
            vx_image back = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
            CHECK_OK(vxuChannelExtract(ctx, full, channels[k], back));
            CHECK(u8_pixel(back, 1, 1) == 77);
            CHECK_OK(vxReleaseImage(&back));
            CHECK_OK(vxReleaseImage(&ch));
        }
        CHECK_OK(vxReleaseImage(&full));
        CHECK_OK(vxReleaseImage(&img));
    }
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs = context_references(ctx);
    inferred_formats(ctx);
    yuv_images(ctx);
    CHECK(context_references(ctx) == refs);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
