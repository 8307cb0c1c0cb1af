/* Convolve against plain C: square, non-square and context-maximum convolutions, U8 and S16
 * output (saturated), every border mode, as a graph node and through vxu, on an odd size; under
 * UNDEFINED the valid rectangle loses columns/2 and rows/2 pixels; sizes narrower than a vector and
 * not a multiple of one (tests/test_standard_kernels.py runs this at every SIMD level). Then the
 * refusals. */
#include <VX/vx.h>
#include <VX/vxu.h>
#include <stdlib.h>

#include "check.h"
#include "std_images.h"

enum { MAXW = 641, MAXH = 19, MARK = 77 };
static int W = 31, H = 19;

static int32_t pixel(const int32_t *in, int x, int y, const vx_border_t *b)
{
    return bordered_pixel(in, W, H, x, y, b, VX_DF_IMAGE_U8);
}

/* The spec's sum: input(x + cx - j, y + cy - i) * c[i][j], over the scale, saturated. */
static int32_t reference(const int32_t *in, const int16_t *c, int cols, int rows, int scale, vx_df_image f, int x,
                         int y, const vx_border_t *b)
{
    long sum = 0;
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            sum += (long)pixel(in, x + cols / 2 - j, y + rows / 2 - i, b) * c[i * cols + j];
    return to_format(sum / scale, f, 1);
}

/* Every shape that fits the W x H image, every border, U8 and S16, as a node and through vxu. */
static void every_shape(vx_context ctx, vx_size max, vx_image in, const int32_t *in_values)
{
    static int32_t marks[MAXW * MAXH], got[MAXW * MAXH];
    for (int k = 0; k < W * H; k++)
        marks[k] = MARK;
    const struct { int cols, rows, scale; } shapes[] = {{3, 3, 1}, {5, 3, 8}, {3, 7, 2}, {7, 5, 16}, {(int)max, (int)max, 256}};
    vx_border_t borders[3] = {{VX_BORDER_UNDEFINED, {{0}}}, {VX_BORDER_CONSTANT, {{0}}}, {VX_BORDER_REPLICATE, {{0}}}};
    borders[1].constant_value.U8 = 211;
    uint32_t seed = 99;
    for (int s = 0; s < 5; s++) {
        int cols = shapes[s].cols, rows = shapes[s].rows;
        if (cols > W || rows > H)
            continue;                          /* refused: tested below */
        int16_t c[15 * 15];
        for (int k = 0; k < cols * rows; k++) {            /* asymmetric, large enough to saturate */
            seed = seed * 1664525u + 1013904223u;
            c[k] = (int16_t)((int)(seed >> 23) - 256);
            c[k] = (int16_t)(k % 4 == 1 ? 0 : c[k]);       /* and some taps zero */
        }
        vx_convolution conv = vxCreateConvolution(ctx, (vx_size)cols, (vx_size)rows);
        CHECK_REF(conv);
        CHECK_OK(vxCopyConvolutionCoefficients(conv, c, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
        vx_uint32 scale = (vx_uint32)shapes[s].scale;
        CHECK_OK(vxSetConvolutionAttribute(conv, VX_CONVOLUTION_SCALE, &scale, sizeof scale));
        for (int b = 0; b < 3; b++)
            for (int fo = 0; fo < 2; fo++)
                for (int immediate = 0; immediate < 2; immediate++) {
                    vx_df_image f = fo ? VX_DF_IMAGE_S16 : VX_DF_IMAGE_U8;
                    vx_image out = vxCreateImage(ctx, W, H, f);
                    copy_image(out, marks, VX_WRITE_ONLY);
                    CHECK_OK(vxSetContextAttribute(ctx, VX_CONTEXT_IMMEDIATE_BORDER, &borders[b], sizeof borders[b]));
                    vx_node n = NULL;
                    vx_status st = immediate ? vxuConvolve(ctx, in, conv, out)
                                             : (graph_ = vxCreateGraph(ctx), n = vxConvolveNode(graph_, in, conv, out),
                                                vxSetNodeAttribute(n, VX_NODE_BORDER, &borders[b], sizeof borders[b]),
                                                run_graph_node(n));
                    CHECK_OK(st);
                    read_image(out, got);
                    int undefined = borders[b].mode == VX_BORDER_UNDEFINED;
                    int rx = undefined ? cols / 2 : 0, ry = undefined ? rows / 2 : 0;
                    for (int y = 0; y < H; y++)
                        for (int x = 0; x < W; x++) {
                            int inside = x >= rx && x < W - rx && y >= ry && y < H - ry;
                            int32_t want = inside ? reference(in_values, c, cols, rows, shapes[s].scale, f, x, y,
                                                              &borders[b])
                                                  : MARK;      /* UNDEFINED: the outside is not written */
                            if (got[y * W + x] != want) {
                                fprintf(stderr, "%dx%d border %#x format %d immediate %d (%d, %d): %d, expected %d\n",
                                        cols, rows, borders[b].mode, fo, immediate, x, y, got[y * W + x], want);
                                exit(1);
                            }
                        }
                    vx_rectangle_t r;
                    CHECK_OK(vxGetValidRegionImage(out, &r));
                    CHECK(r.start_x == (vx_uint32)rx && r.start_y == (vx_uint32)ry && r.end_x == (vx_uint32)(W - rx) &&
                          r.end_y == (vx_uint32)(H - ry));
                    CHECK_OK(vxReleaseImage(&out));
                }
        CHECK_OK(vxReleaseConvolution(&conv));
    }
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    vx_size max = 0;
    CHECK_OK(vxQueryContext(ctx, VX_CONTEXT_CONVOLUTION_MAX_DIMENSION, &max, sizeof max));
    CHECK(max >= 9 && max <= MAXH);
    static int32_t in_values[MAXW * MAXH];
    static const int sizes[][2] = {{7, 5}, {33, 9}, {MAXW, 15}, {31, 19}};
    vx_image in = NULL;
    for (int z = 0; z < 4; z++) {
        W = sizes[z][0], H = sizes[z][1];
        if (in != NULL)
            vxReleaseImage(&in);
        in = test_image(ctx, W, H, VX_DF_IMAGE_U8, 3, in_values);
        every_shape(ctx, max, in, in_values);
    }

    /* refusals: input format, output format, an image smaller than the convolution */
    vx_convolution conv = vxCreateConvolution(ctx, 5, 5);
    vx_image s16 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_S16), u16 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U16);
    vx_image small = vxCreateImage(ctx, 4, 9, VX_DF_IMAGE_U8), small_out = vxCreateImage(ctx, 4, 9, VX_DF_IMAGE_U8);
    CHECK_REFUSED(vxuConvolve(ctx, s16, conv, in), VX_ERROR_INVALID_FORMAT);
    CHECK_REFUSED(vxuConvolve(ctx, in, conv, u16), VX_ERROR_INVALID_FORMAT);
    CHECK_REFUSED(vxuConvolve(ctx, small, conv, small_out), VX_ERROR_INVALID_DIMENSION);
    CHECK_OK(vxReleaseConvolution(&conv));
    vxReleaseImage(&s16), vxReleaseImage(&u16), vxReleaseImage(&small), vxReleaseImage(&small_out);
    vxReleaseImage(&in);
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
