/* NonLinearFilter against plain C: median, min and max over pattern masks (box, cross, disk),
 * masks with off-centre origins (one with an even count of elements), and the largest mask, in every
 * border mode, as a node and through vxu, on sizes narrower than a vector and not a multiple of one
 * (tests/test_standard_kernels.py runs this at every SIMD level). Then refusals. */
#include <VX/vx.h>
#include <VX/vxu.h>
#include <stdlib.h>

#include "check.h"
#include "std_images.h"

enum { MAXW = 1043, MAXH = 16, MARK = 77, MASKS = 9 };
static int W, H;

/* The spec's definition: the pixels under the set mask elements, the mask's origin on (x, y); the
 * median is the element at count / 2 once sorted. */
static int32_t reference(const int32_t *in, vx_enum function, const vx_uint8 *mask, int cols, int rows, int ox,
                         int oy, int x, int y, const vx_border_t *b)
{
    int32_t v[81];
    int n = 0;
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            if (mask[i * cols + j])
                v[n++] = bordered_pixel(in, W, H, x + j - ox, y + i - oy, b, VX_DF_IMAGE_U8);
    qsort(v, n, sizeof v[0], compare_int32);
    return function == VX_NONLINEAR_FILTER_MIN ? v[0] : function == VX_NONLINEAR_FILTER_MAX ? v[n - 1] : v[n / 2];
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    static int32_t in_values[MAXW * MAXH], marks[MAXW * MAXH], got[MAXW * MAXH];
    for (int k = 0; k < MAXW * MAXH; k++)
        marks[k] = MARK;
    vx_border_t borders[3] = {{VX_BORDER_UNDEFINED, {{0}}}, {VX_BORDER_CONSTANT, {{0}}}, {VX_BORDER_REPLICATE, {{0}}}};
    borders[1].constant_value.U8 = 201;
    /* an L of six elements in a 4x3 mask, its origin on the bottom-left corner */
    static const vx_uint8 ell[12] = {1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1};
    vx_matrix masks[MASKS] = {
        vxCreateMatrixFromPattern(ctx, VX_PATTERN_BOX, 3, 3),
        vxCreateMatrixFromPattern(ctx, VX_PATTERN_CROSS, 5, 5),
        vxCreateMatrixFromPattern(ctx, VX_PATTERN_DISK, 7, 5),
        vxCreateMatrixFromPatternAndOrigin(ctx, VX_PATTERN_BOX, 4, 3, 0, 2),
        vxCreateMatrixFromPattern(ctx, VX_PATTERN_BOX, 9, 9),
        vxCreateMatrixFromPattern(ctx, VX_PATTERN_BOX, 5, 5),      /* 25 elements: a network of its own */
        vxCreateMatrixFromPatternAndOrigin(ctx, VX_PATTERN_BOX, 5, 5, 0, 1),   /* off the window's corner */
        /* the conformance tests' off-centre origins: the whole 3x3 window, a cross through the middle */
        vxCreateMatrixFromPatternAndOrigin(ctx, VX_PATTERN_BOX, 3, 3, 0, 0),
        vxCreateMatrixFromPatternAndOrigin(ctx, VX_PATTERN_CROSS, 5, 5, 1, 1),
    };
    CHECK_OK(vxCopyMatrix(masks[3], (void *)ell, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    const vx_enum functions[3] = {VX_NONLINEAR_FILTER_MEDIAN, VX_NONLINEAR_FILTER_MIN, VX_NONLINEAR_FILTER_MAX};
    /* 1043: a row of more than one 1024-pixel block of the 5x5 median, the last one short */
    static const int sizes[][2] = {{9, 9}, {33, 10}, {641, 11}, {23, 16}, {MAXW, 9}};
    vx_image in = NULL;
    for (int z = 0; z < 5; z++) {
        W = sizes[z][0], H = sizes[z][1];
        if (in != NULL)
            vxReleaseImage(&in);
        in = test_image(ctx, W, H, VX_DF_IMAGE_U8, 11, in_values);
        for (int m = 0; m < MASKS; m++) {
            vx_size cols, rows;
            vx_coordinates2d_t origin;
            vx_uint8 mask[81];
            CHECK_REF(masks[m]);
            CHECK_OK(vxQueryMatrix(masks[m], VX_MATRIX_COLUMNS, &cols, sizeof cols));
            CHECK_OK(vxQueryMatrix(masks[m], VX_MATRIX_ROWS, &rows, sizeof rows));
            CHECK_OK(vxQueryMatrix(masks[m], VX_MATRIX_ORIGIN, &origin, sizeof origin));
            CHECK_OK(vxCopyMatrix(masks[m], mask, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
            int ox = (int)origin.x, oy = (int)origin.y, c = (int)cols, r = (int)rows;
            if (m == MASKS - 1)               /* the cross stays in the middle, whatever the origin */
                for (int k = 0; k < 25; k++)
                    CHECK(mask[k] == (k / 5 == 2 || k % 5 == 2 ? 255 : 0));
            /* under UNDEFINED: defined where the whole mask lies inside the image */
            int left = ox, top = oy, right = c - 1 - ox, bottom = r - 1 - oy;
            for (int f = 0; f < 3; f++)
                for (int b = 0; b < 3; b++)
                    for (int immediate = 0; immediate < 2; immediate++) {
                        vx_image out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
                        copy_image(out, marks, VX_WRITE_ONLY);
                        CHECK_OK(RUN_BORDER(immediate, ctx, &borders[b], vxuNonLinearFilter(ctx, functions[f], in, masks[m], out),
                                            vxNonLinearFilterNode(graph_, functions[f], in, masks[m], out)));
                        read_image(out, got);
                        int undefined = borders[b].mode == VX_BORDER_UNDEFINED;
                        for (int y = undefined * top; y < H - undefined * bottom; y++)
                            for (int x = undefined * left; x < W - undefined * right; x++) {
                                int32_t want = reference(in_values, functions[f], mask, c, r, ox, oy, x, y, &borders[b]);
                                if (got[y * W + x] != want) {
                                    fprintf(stderr, "mask %d function %#x border %#x immediate %d (%d, %d): %d, expected %d\n",
                                            m, functions[f], borders[b].mode, immediate, x, y, got[y * W + x], want);
                                    return 1;
                                }
                            }
                        vx_rectangle_t rect;
                        CHECK_OK(vxGetValidRegionImage(out, &rect));
                        CHECK(rect.start_x == (vx_uint32)(undefined * left) && rect.start_y == (vx_uint32)(undefined * top) &&
                              rect.end_x == (vx_uint32)(W - undefined * right) && rect.end_y == (vx_uint32)(H - undefined * bottom));
                        CHECK_OK(vxReleaseImage(&out));
                    }
        }
    }

    /* refusals */
    vx_image out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8), s16 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_S16);
    vx_image tiny = vxCreateImage(ctx, 4, 4, VX_DF_IMAGE_U8), tiny_out = vxCreateImage(ctx, 4, 4, VX_DF_IMAGE_U8);
    vx_matrix wide = vxCreateMatrix(ctx, VX_TYPE_UINT8, 11, 3), ints = vxCreateMatrix(ctx, VX_TYPE_INT32, 3, 3);
    vx_matrix empty = vxCreateMatrix(ctx, VX_TYPE_UINT8, 3, 3);
    static const vx_uint8 zeros[9] = {0};
    CHECK_OK(vxCopyMatrix(empty, (void *)zeros, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_REFUSED(vxuNonLinearFilter(ctx, VX_NONLINEAR_FILTER_MAX + 1, in, masks[0], out), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(vxuNonLinearFilter(ctx, VX_NONLINEAR_FILTER_MIN, s16, masks[0], out), VX_ERROR_INVALID_FORMAT);
    CHECK_REFUSED(vxuNonLinearFilter(ctx, VX_NONLINEAR_FILTER_MIN, in, ints, out), VX_ERROR_INVALID_TYPE);
    CHECK_REFUSED(vxuNonLinearFilter(ctx, VX_NONLINEAR_FILTER_MIN, in, wide, out), VX_ERROR_INVALID_DIMENSION);
    CHECK_REFUSED(vxuNonLinearFilter(ctx, VX_NONLINEAR_FILTER_MIN, tiny, masks[1], tiny_out), VX_ERROR_INVALID_DIMENSION);
    CHECK_REFUSED(vxuNonLinearFilter(ctx, VX_NONLINEAR_FILTER_MEDIAN, in, empty, out), VX_ERROR_INVALID_VALUE);
    vxReleaseImage(&out), vxReleaseImage(&s16), vxReleaseImage(&tiny), vxReleaseImage(&tiny_out);
    vxReleaseMatrix(&wide), vxReleaseMatrix(&ints), vxReleaseMatrix(&empty);
    for (int m = 0; m < MASKS; m++)
        vxReleaseMatrix(&masks[m]);
    vxReleaseImage(&in);
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
