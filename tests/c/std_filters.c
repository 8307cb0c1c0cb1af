/* The 3x3 filters against plain C in every border mode, as graph nodes (VX_NODE_BORDER) and through
 * vxu (VX_CONTEXT_IMMEDIATE_BORDER), on an odd size; under UNDEFINED only the inner pixels are
 * defined and the valid rectangle loses one pixel on each side. Sizes: the smallest (3x3), widths
 * around and between vector widths (4, 7, 29, 33, 67, 641), heights of three rows and more
 * (tests/test_standard_kernels.py runs this at every SIMD level). */
#include <VX/vx.h>
#include <VX/vxu.h>
#include <stdlib.h>

#include "check.h"
#include "std_images.h"

enum { MAXW = 641, MAXH = 17, MARK = 201 };
static int W, H;

static const vx_enum filters[] = {VX_KERNEL_BOX_3x3, VX_KERNEL_GAUSSIAN_3x3, VX_KERNEL_MEDIAN_3x3,
                                  VX_KERNEL_DILATE_3x3, VX_KERNEL_ERODE_3x3, VX_KERNEL_SOBEL_3x3};

/* The input pixel (x, y), x and y possibly one outside the image, per the border. */
static int32_t pixel(const int32_t *in, int x, int y, const vx_border_t *b)
{
    return bordered_pixel(in, W, H, x, y, b, VX_DF_IMAGE_U8);
}

/* Plain C: output `which` (0, or 1 for Sobel's y gradient) of the filter at (x, y). */
static int32_t reference(vx_enum kernel, int which, const int32_t *in, int x, int y, const vx_border_t *b)
{
    static const int gauss[9] = {1, 2, 1, 2, 4, 2, 1, 2, 1};
    static const int sx[9] = {-1, 0, 1, -2, 0, 2, -1, 0, 1}, sy[9] = {-1, -2, -1, 0, 0, 0, 1, 2, 1};
    int32_t v[9];
    for (int k = 0; k < 9; k++)
        v[k] = pixel(in, x + k % 3 - 1, y + k / 3 - 1, b);
    int32_t sum = 0, lo = 255, hi = 0;
    const int *weights = kernel == VX_KERNEL_GAUSSIAN_3x3 ? gauss : which ? sy : sx;
    for (int k = 0; k < 9; k++) {
        sum += (kernel == VX_KERNEL_BOX_3x3 ? 1 : weights[k]) * v[k];
        lo = v[k] < lo ? v[k] : lo;
        hi = v[k] > hi ? v[k] : hi;
    }
    switch (kernel) {
    case VX_KERNEL_BOX_3x3: return sum / 9;
    case VX_KERNEL_GAUSSIAN_3x3: return sum / 16;
    case VX_KERNEL_DILATE_3x3: return hi;
    case VX_KERNEL_ERODE_3x3: return lo;
    case VX_KERNEL_MEDIAN_3x3: qsort(v, 9, sizeof v[0], compare_int32); return v[4];
    }
    return sum;                                /* Sobel */
}

static vx_status run(vx_context ctx, int immediate, vx_enum kernel, vx_image in, vx_image *out,
                     const vx_border_t *border)
{
    if (immediate)
        CHECK_OK(vxSetContextAttribute(ctx, VX_CONTEXT_IMMEDIATE_BORDER, border, sizeof *border));
    vx_graph g = vxCreateGraph(ctx);
    vx_node n = NULL;
    vx_status s = VX_FAILURE;
    switch (kernel) {
    case VX_KERNEL_BOX_3x3: s = immediate ? vxuBox3x3(ctx, in, out[0]) : (n = vxBox3x3Node(g, in, out[0]), 0); break;
    case VX_KERNEL_GAUSSIAN_3x3:
        s = immediate ? vxuGaussian3x3(ctx, in, out[0]) : (n = vxGaussian3x3Node(g, in, out[0]), 0);
        break;
    case VX_KERNEL_MEDIAN_3x3: s = immediate ? vxuMedian3x3(ctx, in, out[0]) : (n = vxMedian3x3Node(g, in, out[0]), 0); break;
    case VX_KERNEL_DILATE_3x3: s = immediate ? vxuDilate3x3(ctx, in, out[0]) : (n = vxDilate3x3Node(g, in, out[0]), 0); break;
    case VX_KERNEL_ERODE_3x3: s = immediate ? vxuErode3x3(ctx, in, out[0]) : (n = vxErode3x3Node(g, in, out[0]), 0); break;
    case VX_KERNEL_SOBEL_3x3:
        s = immediate ? vxuSobel3x3(ctx, in, out[0], out[1]) : (n = vxSobel3x3Node(g, in, out[0], out[1]), 0);
        break;
    }
    if (!immediate) {
        CHECK_REF(n);
        CHECK_OK(vxSetNodeAttribute(n, VX_NODE_BORDER, border, sizeof *border));
        s = vxProcessGraph(g);
        CHECK_OK(vxReleaseNode(&n));
    }
    CHECK_OK(vxReleaseGraph(&g));
    return s;
}

/* Every filter in every border mode as a node and through vxu on a W x H image. */
static void every_filter(vx_context ctx, int32_t *in_values, const vx_border_t *borders)
{
    static int32_t marks[MAXW * MAXH], got[MAXW * MAXH];
    for (int k = 0; k < W * H; k++)
        marks[k] = MARK;
    vx_image in = test_image(ctx, W, H, VX_DF_IMAGE_U8, 5, in_values);
    for (int f = 0; f < 6; f++)
        for (int b = 0; b < 3; b++)
            for (int immediate = 0; immediate < 2; immediate++) {
                vx_enum kernel = filters[f];
                vx_df_image fmt = kernel == VX_KERNEL_SOBEL_3x3 ? VX_DF_IMAGE_S16 : VX_DF_IMAGE_U8;
                vx_image out[2] = {vxCreateImage(ctx, W, H, fmt), NULL};
                copy_image(out[0], marks, VX_WRITE_ONLY);
                if (kernel == VX_KERNEL_SOBEL_3x3) {
                    out[1] = vxCreateImage(ctx, W, H, fmt);
                    copy_image(out[1], marks, VX_WRITE_ONLY);
                }
                CHECK_OK(run(ctx, immediate, kernel, in, out, &borders[b]));
                int undefined = borders[b].mode == VX_BORDER_UNDEFINED;
                for (int o = 0; o < 2 && out[o] != NULL; o++) {
                    read_image(out[o], got);
                    for (int y = undefined; y < H - undefined; y++)
                        for (int x = undefined; x < W - undefined; x++) {
                            int32_t want = reference(kernel, o, in_values, x, y, &borders[b]);
                            if (got[y * W + x] != want) {
                                fprintf(stderr, "kernel %#x border %#x immediate %d output %d (%d, %d) of %dx%d: %d, "
                                        "expected %d\n", kernel, borders[b].mode, immediate, o, x, y, W, H,
                                        got[y * W + x], want);
                                exit(1);
                            }
                        }
                    vx_rectangle_t r;
                    CHECK_OK(vxGetValidRegionImage(out[o], &r));
                    CHECK(r.start_x == (vx_uint32)undefined && r.start_y == (vx_uint32)undefined &&
                          r.end_x == W - (vx_uint32)undefined && r.end_y == H - (vx_uint32)undefined);
                    CHECK_OK(vxReleaseImage(&out[o]));
                }
            }
    vxReleaseImage(&in);
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    static int32_t in_values[MAXW * MAXH], got[MAXW * MAXH];
    vx_border_t borders[3] = {{VX_BORDER_UNDEFINED, {{0}}}, {VX_BORDER_CONSTANT, {{0}}}, {VX_BORDER_REPLICATE, {{0}}}};
    borders[1].constant_value.U8 = 37;
    static const int sizes[][2] = {{3, 3}, {4, 3}, {7, 4}, {29, 17}, {33, 5}, {67, 17}, {MAXW, 3}};
    for (int k = 0; k < 7; k++) {
        W = sizes[k][0], H = sizes[k][1];
        every_filter(ctx, in_values, borders);
    }
    vx_image in = test_image(ctx, W, H, VX_DF_IMAGE_U8, 5, in_values);
    /* Sobel with one output only */
    vx_image gy = vxCreateImage(ctx, W, H, VX_DF_IMAGE_S16);
    CHECK_OK(vxuSobel3x3(ctx, in, NULL, gy));
    read_image(gy, got);
    CHECK(got[5 * W + 7] == reference(VX_KERNEL_SOBEL_3x3, 1, in_values, 7, 5, &borders[2]));
    CHECK_REFUSED(vxuSobel3x3(ctx, in, NULL, NULL), VX_ERROR_NOT_SUFFICIENT);
    vxReleaseImage(&gy);
    vxReleaseImage(&in);
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
