/* CannyEdgeDetector against plain C: every gradient size, L1 and L2, every border mode, U8 and S16
 * thresholds, as a node and through vxu, on an odd size; then on widths 7 to 1100 (the row loops'
 * blocks are 1024 columns) as a node, and on 256x200, which runs in bands of rows on several
 * threads (PVX_TILE_THREADS > 1): noise, and a weak outline through every band that only an edge in
 * its bottom corner makes an edge (growth across the bands, up and down). Then the refusals (width
 * 1 among them: less than the gradient size). */
#include <VX/vx.h>
#include <VX/vxu.h>
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "std_images.h"

enum { MARK = 99, MAX_PIXELS = 256 * 200 };
static int W, H;                               /* the image in test */

static int32_t pixel(const int32_t *img, int x, int y, const vx_border_t *b)
{
    return bordered_pixel(img, W, H, x, y, b, VX_DF_IMAGE_U8);
}

/* The expected output (0 or 255) inside the margin m; MARK outside it. */
static void reference(const int32_t *img, int gs, int l2, double lower, double upper, const vx_border_t *b,
                      int32_t *out)
{
    static const int smooth[3][7] = {{1, 2, 1}, {1, 4, 6, 4, 1}, {1, 6, 15, 20, 15, 6, 1}};
    static const int deriv[3][7] = {{-1, 0, 1}, {-1, -2, 0, 2, 1}, {-1, -4, -5, 0, 5, 4, 1}};
    static double mag[MAX_PIXELS];
    static int gx[MAX_PIXELS], gy[MAX_PIXELS], state[MAX_PIXELS];
    int r = gs / 2, m = b->mode == VX_BORDER_UNDEFINED ? r + 1 : 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            int sx = 0, sy = 0;
            for (int i = 0; i < gs; i++)
                for (int j = 0; j < gs; j++) {
                    int v = pixel(img, x - r + j, y - r + i, b);
                    sx += smooth[r - 1][i] * deriv[r - 1][j] * v, sy += deriv[r - 1][i] * smooth[r - 1][j] * v;
                }
            gx[y * W + x] = sx, gy[y * W + x] = sy;
            mag[y * W + x] = l2 ? sqrt((double)sx * sx + (double)sy * sy) : abs(sx) + abs(sy);
        }
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            state[y * W + x] = 0;
            if (x < m || y < m || x >= W - m || y >= H - m)
                continue;
            double angle = atan2(gy[y * W + x], gx[y * W + x]) * 180.0 / 3.14159265358979323846;
            angle = angle < 0 ? angle + 180 : angle;
            int dx = 1, dy = 0;                                    /* 0 degrees: left and right */
            if (angle >= 22.5 && angle < 67.5)
                dx = 1, dy = 1;
            else if (angle >= 67.5 && angle < 112.5)
                dx = 0, dy = 1;
            else if (angle >= 112.5 && angle < 157.5)
                dx = -1, dy = 1;
            double v = mag[y * W + x], before = 0, after = 0;
            if (x - dx >= 0 && x - dx < W && y - dy >= 0)
                before = mag[(y - dy) * W + x - dx];
            if (x + dx >= 0 && x + dx < W && y + dy < H)
                after = mag[(y + dy) * W + x + dx];
            if (v > lower && v > before && v >= after)
                state[y * W + x] = v > upper ? 2 : 1;
        }
    for (int changed = 1; changed;) {
        changed = 0;
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++)
                for (int dy = -1; dy <= 1 && state[y * W + x] == 1; dy++)
                    for (int dx = -1; dx <= 1; dx++)
                        if (x + dx >= 0 && y + dy >= 0 && x + dx < W && y + dy < H &&
                            state[(y + dy) * W + x + dx] == 2)
                            state[y * W + x] = 2, changed = 1;
    }
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            out[y * W + x] = (x < m || y < m || x >= W - m || y >= H - m) ? MARK : state[y * W + x] == 2 ? 255 : 0;
}

/* Every gradient size, norm and border on a w x h image (through vxu too when `immediate`); on the
 * first size, the edges must be neither too few nor too many for the test to mean something. */
static void check_size(vx_context ctx, int w, int h, int immediate_too, int count_edges)
{
    static int32_t values[MAX_PIXELS], want[MAX_PIXELS], got[MAX_PIXELS], marks[MAX_PIXELS];
    W = w, H = h;
    uint32_t seed = 5;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            seed = seed * 1664525u + 1013904223u;
            int disc = (x - 12) * (x - 12) + (y - 13) * (y - 13) < 64;
            values[y * W + x] = x < 24 ? (disc ? 210 : 30 + x) + (int32_t)(seed >> 29) : (int32_t)(seed >> 24);
            marks[y * W + x] = MARK;
        }
    vx_image in = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    copy_image(in, values, VX_WRITE_ONLY);
    vx_border_t borders[3] = {{VX_BORDER_UNDEFINED, {{0}}}, {VX_BORDER_CONSTANT, {{0}}}, {VX_BORDER_REPLICATE, {{0}}}};
    borders[1].constant_value.U8 = 77;
    const int limits[3][2] = {{60, 200}, {900, 2600}, {14000, 32000}};      /* per gradient size */
    const vx_enum norms[2] = {VX_NORM_L1, VX_NORM_L2};
    for (vx_int32 gs = 3; gs <= 7; gs += 2)
        for (int l2 = 0; l2 < 2; l2++)
            for (int b = 0; b < 3; b++)
                for (int immediate = 0; immediate <= immediate_too; immediate++) {
                    const int *lim = limits[gs / 2 - 1];
                    vx_df_image tf = gs == 3 ? VX_DF_IMAGE_U8 : VX_DF_IMAGE_S16;
                    vx_threshold t = vxCreateThresholdForImage(ctx, VX_THRESHOLD_TYPE_RANGE, tf, VX_DF_IMAGE_U8);
                    vx_pixel_value_t lower = {{0}}, upper = {{0}};
                    if (gs == 3)
                        lower.U8 = (vx_uint8)lim[0], upper.U8 = (vx_uint8)lim[1];
                    else
                        lower.S16 = (vx_int16)lim[0], upper.S16 = (vx_int16)lim[1];
                    CHECK_OK(vxCopyThresholdRange(t, &lower, &upper, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
                    vx_image out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
                    copy_image(out, marks, VX_WRITE_ONLY);
                    CHECK_OK(vxSetContextAttribute(ctx, VX_CONTEXT_IMMEDIATE_BORDER, &borders[b], sizeof borders[b]));
                    vx_node n = NULL;
                    vx_status st = immediate ? vxuCannyEdgeDetector(ctx, in, t, gs, norms[l2], out)
                                             : (graph_ = vxCreateGraph(ctx),
                                                n = vxCannyEdgeDetectorNode(graph_, in, t, gs, norms[l2], out),
                                                vxSetNodeAttribute(n, VX_NODE_BORDER, &borders[b], sizeof borders[b]),
                                                run_graph_node(n));
                    CHECK_OK(st);
                    read_image(out, got);
                    reference(values, gs, l2, lim[0], lim[1], &borders[b], want);
                    int edges = 0;
                    for (int k = 0; k < W * H; k++) {
                        edges += want[k] == 255;
                        if (got[k] != want[k]) {
                            fprintf(stderr, "%dx%d gs %d l2 %d border %#x immediate %d (%d, %d): %d, expected %d\n", W, H, gs, l2,
                                    borders[b].mode, immediate, k % W, k / W, got[k], want[k]);
                            exit(1);
                        }
                    }
                    CHECK(!count_edges || (edges > 20 && edges < W * H / 2));
                    int m = b == 0 ? gs / 2 + 1 : 0;
                    vx_rectangle_t rect;
                    CHECK_OK(vxGetValidRegionImage(out, &rect));
                    int end_x = W - m < m ? m : W - m, end_y = H - m < m ? m : H - m;   /* empty: start = end */
                    if (!(rect.start_x == (vx_uint32)m && rect.start_y == (vx_uint32)m &&
                          rect.end_x == (vx_uint32)end_x && rect.end_y == (vx_uint32)end_y)) {
                        fprintf(stderr, "%dx%d gs %d m %d: valid %u %u %u %u\n", W, H, gs, m, rect.start_x,
                                rect.start_y, rect.end_x, rect.end_y);
                        exit(1);
                    }
                    vxReleaseImage(&out), vxReleaseThreshold(&t);
                }
    vxReleaseImage(&in);
}

/* A U-shaped region 20 levels above the background (its outline weak), whose bottom-left corner is
 * 60 above it (an edge): the whole outline is edges, reached from that corner across the bands. */
static void check_outline(vx_context ctx)
{
    static int32_t values[MAX_PIXELS], want[MAX_PIXELS], got[MAX_PIXELS];
    W = 256, H = 200;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            int in_u = x >= 40 && x < 200 && y >= 10 && y < 190 && !(x >= 80 && x < 160 && y < 150);
            values[y * W + x] = !in_u ? 100 : x < 60 && y >= 170 ? 160 : 120;
        }
    vx_image in = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8), out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    copy_image(in, values, VX_WRITE_ONLY);
    vx_threshold t = vxCreateThresholdForImage(ctx, VX_THRESHOLD_TYPE_RANGE, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
    vx_pixel_value_t lower = {.U8 = 60}, upper = {.U8 = 200};
    CHECK_OK(vxCopyThresholdRange(t, &lower, &upper, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    vx_border_t replicate = {VX_BORDER_REPLICATE, {{0}}};
    graph_ = vxCreateGraph(ctx);
    vx_node n = vxCannyEdgeDetectorNode(graph_, in, t, 3, VX_NORM_L1, out);
    CHECK_OK(vxSetNodeAttribute(n, VX_NODE_BORDER, &replicate, sizeof replicate));
    CHECK_OK(run_graph_node(n));
    read_image(out, got);
    reference(values, 3, 0, 60, 200, &replicate, want);
    int edges = 0, top = 0, bottom = 0;
    for (int k = 0; k < W * H; k++) {
        if (got[k] != want[k]) {
            fprintf(stderr, "outline (%d, %d): %d, expected %d\n", k % W, k / W, got[k], want[k]);
            exit(1);
        }
        edges += want[k] == 255, top += want[k] == 255 && k / W < 20, bottom += want[k] == 255 && k % W > 150 && k / W > 180;
    }
    CHECK(edges > 700 && top > 0 && bottom > 0);    /* the outline, to its far end */
    vxReleaseImage(&in), vxReleaseImage(&out), vxReleaseThreshold(&t);
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    check_size(ctx, 41, 27, 1, 1);
    const int sizes[4][2] = {{7, 9}, {33, 12}, {641, 19}, {1100, 8}};
    for (int s = 0; s < 4; s++) check_size(ctx, sizes[s][0], sizes[s][1], 0, 0);
    check_size(ctx, 256, 200, 0, 0);
    check_outline(ctx);
    W = 41, H = 27;
    vx_image in = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);

    /* refusals */
    vx_threshold range = vxCreateThresholdForImage(ctx, VX_THRESHOLD_TYPE_RANGE, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
    vx_threshold binary = vxCreateThresholdForImage(ctx, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
    vx_image out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8), s16 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_S16);
    vx_image tiny = vxCreateImage(ctx, 4, 4, VX_DF_IMAGE_U8), tiny_out = vxCreateImage(ctx, 4, 4, VX_DF_IMAGE_U8);
    vx_image thin = vxCreateImage(ctx, 1, 9, VX_DF_IMAGE_U8), thin_out = vxCreateImage(ctx, 1, 9, VX_DF_IMAGE_U8);
    CHECK_REFUSED(vxuCannyEdgeDetector(ctx, s16, range, 3, VX_NORM_L1, out), VX_ERROR_INVALID_FORMAT);
    CHECK_REFUSED(vxuCannyEdgeDetector(ctx, in, binary, 3, VX_NORM_L1, out), VX_ERROR_INVALID_TYPE);
    CHECK_REFUSED(vxuCannyEdgeDetector(ctx, in, range, 4, VX_NORM_L1, out), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(vxuCannyEdgeDetector(ctx, in, range, 3, VX_NORM_L1 + 7, out), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(vxuCannyEdgeDetector(ctx, tiny, range, 5, VX_NORM_L1, tiny_out), VX_ERROR_INVALID_DIMENSION);
    CHECK_REFUSED(vxuCannyEdgeDetector(ctx, thin, range, 3, VX_NORM_L1, thin_out), VX_ERROR_INVALID_DIMENSION);
    CHECK_REFUSED(vxuCannyEdgeDetector(ctx, in, range, 3, VX_NORM_L1, s16), VX_ERROR_INVALID_FORMAT);
    vxReleaseThreshold(&range), vxReleaseThreshold(&binary), vxReleaseImage(&out), vxReleaseImage(&s16);
    vxReleaseImage(&tiny), vxReleaseImage(&tiny_out), vxReleaseImage(&thin), vxReleaseImage(&thin_out);
    vxReleaseImage(&in);
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
