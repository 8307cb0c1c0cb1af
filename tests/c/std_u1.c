/* VX_DF_IMAGE_U1 in every kernel that lists it, exact bits: pixel x is bit x % 8 of byte x / 8.
 * Against plain C: And, Or, Xor, Not; Threshold to U1; ConvertDepth U1 <-> U8/S16; Dilate, Erode,
 * Median 3x3 and NonLinearFilter (every pattern, function and border); MeanStdDev (also over a
 * valid rectangle starting at x = 1); Copy. Against the same kernel on U8 images of 0 and 1:
 * ScaleImage, WarpAffine, WarpPerspective, NonMaxSuppression's mask, Canny's output. Odd widths,
 * ROIs (inputs and outputs inside larger images, whose bits outside the ROI must not change),
 * padding bits set to garbage, nodes and vxu. */
#include <VX/vx.h>
#include <VX/vxu.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "std_images.h"

enum { W = 37, H = 11, MAXP = 64 * 32 };

static uint32_t seed_ = 12345;

static uint32_t next(void)
{
    seed_ = seed_ * 1664525u + 1013904223u;
    return seed_ >> 8;
}

static void size_of(vx_image img, vx_uint32 *w, vx_uint32 *h)
{
    CHECK_OK(vxQueryImage(img, VX_IMAGE_WIDTH, w, sizeof *w));
    CHECK_OK(vxQueryImage(img, VX_IMAGE_HEIGHT, h, sizeof *h));
}

/* All bits of a U1 image's rows, padding included: bytes[y * row + k], row = (w + 7) / 8. */
static void u1_bytes(vx_image img, uint8_t *bytes, vx_enum usage)
{
    vx_uint32 w, h;
    size_of(img, &w, &h);
    vx_rectangle_t rect = {0, 0, w, h};
    vx_imagepatch_addressing_t addr;
    vx_map_id id;
    void *ptr;
    CHECK_OK(vxMapImagePatch(img, &rect, 0, &id, &addr, &ptr, usage, VX_MEMORY_TYPE_HOST, 0));
    CHECK(addr.stride_x == 0 && addr.stride_x_bits == 1 && addr.dim_x == w);
    vx_uint32 row = (w + 7) / 8;
    for (vx_uint32 y = 0; y < h; y++) {
        uint8_t *p = (uint8_t *)ptr + (size_t)y * addr.stride_y;
        if (usage == VX_READ_ONLY)
            memcpy(bytes + y * row, p, row);
        else
            memcpy(p, bytes + y * row, row);
    }
    CHECK_OK(vxUnmapImagePatch(img, id));
}

/* The pixels of a U1 image as 0 and 1 (from), or written from such values with garbage in the
 * padding bits (to). */
static void u1_read(vx_image img, int32_t *v)
{
    static uint8_t bytes[MAXP];
    vx_uint32 w, h;
    size_of(img, &w, &h);
    u1_bytes(img, bytes, VX_READ_ONLY);
    for (vx_uint32 y = 0; y < h; y++)
        for (vx_uint32 x = 0; x < w; x++) v[y * w + x] = bytes[y * ((w + 7) / 8) + x / 8] >> (x % 8) & 1;
}

static void u1_write(vx_image img, const int32_t *v)
{
    static uint8_t bytes[MAXP];
    vx_uint32 w, h;
    size_of(img, &w, &h);
    vx_uint32 row = (w + 7) / 8;
    for (vx_uint32 k = 0; k < row * h; k++) bytes[k] = (uint8_t)next();
    for (vx_uint32 y = 0; y < h; y++)
        for (vx_uint32 x = 0; x < w; x++) {
            uint8_t *b = &bytes[y * row + x / 8];
            *b = (uint8_t)((*b & ~(1u << (x % 8))) | ((v[y * w + x] != 0) << (x % 8)));
        }
    u1_bytes(img, bytes, VX_WRITE_ONLY);
}

/* A w x h U1 image of random bits (about one in `one_in` set), the values in `v`. */
static vx_image u1_image(vx_context ctx, vx_uint32 w, vx_uint32 h, int one_in, int32_t *v)
{
    vx_image img = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U1);
    CHECK_REF(img);
    for (vx_uint32 k = 0; k < w * h; k++) v[k] = next() % one_in == 0;
    u1_write(img, v);
    return img;
}

/* A U8 image of the same 0 and 1 values. */
static vx_image u8_twin(vx_context ctx, vx_uint32 w, vx_uint32 h, const int32_t *v)
{
    vx_image img = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
    copy_image(img, (int32_t *)v, VX_WRITE_ONLY);
    return img;
}

static void check_same(const int32_t *got, const int32_t *want, int n, const char *what)
{
    for (int k = 0; k < n; k++)
        if ((got[k] != 0) != (want[k] != 0)) {
            fprintf(stderr, "%s: pixel %d is %d, expected %d\n", what, k, got[k], want[k]);
            exit(1);
        }
}

static const vx_border_t borders[4] = {{VX_BORDER_UNDEFINED, {{0}}}, {VX_BORDER_REPLICATE, {{0}}},
                                       {VX_BORDER_CONSTANT, {{0}}}, {VX_BORDER_CONSTANT, {{0}}}};

static vx_border_t border_k(int k)
{
    vx_border_t b = borders[k];
    if (k == 3)
        b.constant_value.U1 = vx_true_e;
    return b;
}

/* Pixel (x, y) of a U1 reference image under border b. */
static int32_t at(const int32_t *v, int w, int h, int x, int y, const vx_border_t *b)
{
    if (x < 0 || y < 0 || x >= w || y >= h) {
        if (b->mode == VX_BORDER_CONSTANT)
            return b->constant_value.U1 != vx_false_e;
        x = x < 0 ? 0 : x >= w ? w - 1 : x;
        y = y < 0 ? 0 : y >= h ? h - 1 : y;
    }
    return v[y * w + x];
}

static void bitwise(vx_context ctx)
{
    static int32_t a[W * H], b[W * H], got[W * H], want[W * H];
    static int32_t pa[64 * 16], pb[64 * 16], po[64 * 16], before[64 * 16];
    /* whole images, then ROIs: inputs at (8, 2) and (16, 1) of 61 x 16 images, the output at
     * (24, 3) of another (its bits outside the ROI keep their values) */
    vx_image pia = u1_image(ctx, 61, 16, 2, pa), pib = u1_image(ctx, 61, 16, 2, pb), pout = u1_image(ctx, 61, 16, 2, po);
    vx_rectangle_t ra = {8, 2, 8 + W, 2 + H}, rb = {16, 1, 16 + W, 1 + H}, ro = {24, 3, 24 + W, 3 + H};
    for (int roi = 0; roi < 2; roi++)
        for (int op = 0; op < 4; op++)
            for (int immediate = 0; immediate < 2; immediate++) {
                vx_image ia, ib, out;
                if (roi) {
                    ia = vxCreateImageFromROI(pia, &ra), ib = vxCreateImageFromROI(pib, &rb);
                    out = vxCreateImageFromROI(pout, &ro);
                    CHECK_REF(ia);
                    CHECK_REF(ib);
                    CHECK_REF(out);
                    u1_read(ia, a), u1_read(ib, b);
                    u1_read(pout, before);
                } else {
                    ia = u1_image(ctx, W, H, 2, a), ib = u1_image(ctx, W, H, 2, b);
                    out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U1);
                }
                vx_status s = op == 0 ? RUN(immediate, ctx, vxuAnd(ctx, ia, ib, out), vxAndNode(graph_, ia, ib, out))
                            : op == 1 ? RUN(immediate, ctx, vxuOr(ctx, ia, ib, out), vxOrNode(graph_, ia, ib, out))
                            : op == 2 ? RUN(immediate, ctx, vxuXor(ctx, ia, ib, out), vxXorNode(graph_, ia, ib, out))
                            : RUN(immediate, ctx, vxuNot(ctx, ia, out), vxNotNode(graph_, ia, out));
                CHECK_OK(s);
                for (int k = 0; k < W * H; k++)
                    want[k] = op == 0 ? a[k] & b[k] : op == 1 ? a[k] | b[k] : op == 2 ? a[k] ^ b[k] : !a[k];
                u1_read(out, got);
                check_same(got, want, W * H, "bitwise");
                if (roi) {                     /* the output's parent outside the ROI unchanged */
                    u1_read(pout, po);
                    for (int y = 0; y < 16; y++)
                        for (int x = 0; x < 61; x++)
                            if (!(x >= 24 && x < 24 + W && y >= 3 && y < 3 + H))
                                CHECK(po[y * 61 + x] == before[y * 61 + x]);
                }
                vxReleaseImage(&ia), vxReleaseImage(&ib), vxReleaseImage(&out);
            }
    vxReleaseImage(&pia), vxReleaseImage(&pib), vxReleaseImage(&pout);
    /* mixed formats are refused */
    vx_image u1 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U1), u8 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_image o1 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U1);
    CHECK_REFUSED(vxuAnd(ctx, u1, u8, o1), VX_ERROR_INVALID_FORMAT);
    CHECK_REFUSED(vxuNot(ctx, u1, u8), VX_ERROR_INVALID_FORMAT);
    vxReleaseImage(&u1), vxReleaseImage(&u8), vxReleaseImage(&o1);
}

static void threshold_and_depth(vx_context ctx)
{
    static int32_t in[W * H], got[W * H], want[W * H], bits[W * H];
    const vx_df_image fmts[2] = {VX_DF_IMAGE_U8, VX_DF_IMAGE_S16};
    for (int fi = 0; fi < 2; fi++) {
        vx_df_image f = fmts[fi];
        vx_image src = test_image(ctx, W, H, f, 3 + fi, in);
        vx_image out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U1);
        for (int type = 0; type < 2; type++) {
            vx_threshold t = vxCreateThresholdForImage(ctx, type ? VX_THRESHOLD_TYPE_RANGE : VX_THRESHOLD_TYPE_BINARY,
                                                       f, VX_DF_IMAGE_U1);
            CHECK_REF(t);
            vx_pixel_value_t lo = {{0}}, hi = {{0}};
            if (f == VX_DF_IMAGE_U8)
                lo.U8 = 60, hi.U8 = 180;
            else
                lo.S16 = -1000, hi.S16 = 9000;
            if (type)
                CHECK_OK(vxCopyThresholdRange(t, &lo, &hi, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
            else
                CHECK_OK(vxCopyThresholdValue(t, &lo, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
            int32_t l = f == VX_DF_IMAGE_U8 ? lo.U8 : lo.S16, u = f == VX_DF_IMAGE_U8 ? hi.U8 : hi.S16;
            for (int immediate = 0; immediate < 2; immediate++) {
                CHECK_OK(RUN(immediate, ctx, vxuThreshold(ctx, src, t, out), vxThresholdNode(graph_, src, t, out)));
                for (int k = 0; k < W * H; k++) want[k] = type ? in[k] >= l && in[k] <= u : in[k] > l;
                u1_read(out, got);
                check_same(got, want, W * H, "threshold");
            }
            vxReleaseThreshold(&t);
        }
        /* ConvertDepth U8/S16 -> U1 (not 0: 1) and U1 -> U8/S16 (0 or every bit set); the shift and
         * the policy do not apply */
        vx_scalar shift = vxCreateScalar(ctx, VX_TYPE_INT32, &(vx_int32){3});
        for (int immediate = 0; immediate < 2; immediate++) {
            CHECK_OK(RUN(immediate, ctx, vxuConvertDepth(ctx, src, out, VX_CONVERT_POLICY_SATURATE, 3),
                         vxConvertDepthNode(graph_, src, out, VX_CONVERT_POLICY_SATURATE, shift)));
            for (int k = 0; k < W * H; k++) want[k] = in[k] != 0;
            u1_read(out, got);
            check_same(got, want, W * H, "convert to U1");
            vx_image bin = u1_image(ctx, W, H, 2, bits), back = vxCreateImage(ctx, W, H, f);
            CHECK_OK(RUN(immediate, ctx, vxuConvertDepth(ctx, bin, back, VX_CONVERT_POLICY_WRAP, 3),
                         vxConvertDepthNode(graph_, bin, back, VX_CONVERT_POLICY_WRAP, shift)));
            read_image(back, got);
            for (int k = 0; k < W * H; k++) CHECK(got[k] == (bits[k] ? (f == VX_DF_IMAGE_U8 ? 255 : -1) : 0));
            vxReleaseImage(&bin), vxReleaseImage(&back);
        }
        vxReleaseScalar(&shift);
        vxReleaseImage(&src), vxReleaseImage(&out);
    }
}

/* Threshold to U1 on widths around the row loops' vectors and bytes (8: one byte; 61: a vector of
 * 32, three bytes and 5 bits; 64; 100), U8 and S16, binary and range, the output values swapped
 * (true 0, false 1), into an ROI whose parent's bits around it keep their values. */
static void threshold_widths(vx_context ctx)
{
    static const vx_uint32 widths[] = {8, 61, 64, 100};
    static int32_t in[100 * 3], before[116 * 5], after[116 * 5];
    for (int wi = 0; wi < 4; wi++)
        for (int fi = 0; fi < 2; fi++)
            for (int type = 0; type < 2; type++) {
                vx_uint32 w = widths[wi], h = 3, pw = w + 16, ph = h + 2;
                vx_df_image f = fi ? VX_DF_IMAGE_S16 : VX_DF_IMAGE_U8;
                vx_image src = test_image(ctx, w, h, f, 40 + wi, in);
                vx_image parent = u1_image(ctx, pw, ph, 2, before);
                vx_rectangle_t r = {8, 1, 8 + w, 1 + h};
                vx_image out = vxCreateImageFromROI(parent, &r);
                vx_threshold t = vxCreateThresholdForImage(ctx, type ? VX_THRESHOLD_TYPE_RANGE : VX_THRESHOLD_TYPE_BINARY,
                                                           f, VX_DF_IMAGE_U1);
                vx_pixel_value_t lo = {{0}}, hi = {{0}}, yes = {{0}}, no = {{0}};
                if (fi)
                    lo.S16 = -1000, hi.S16 = 9000;
                else
                    lo.U8 = 60, hi.U8 = 180;
                int32_t l = fi ? lo.S16 : lo.U8, u = fi ? hi.S16 : hi.U8;
                if (type)
                    CHECK_OK(vxCopyThresholdRange(t, &lo, &hi, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
                else
                    CHECK_OK(vxCopyThresholdValue(t, &lo, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
                yes.U1 = vx_false_e, no.U1 = vx_true_e;
                CHECK_OK(vxCopyThresholdOutput(t, &yes, &no, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
                CHECK_OK(vxuThreshold(ctx, src, t, out));
                u1_read(parent, after);
                for (vx_uint32 y = 0; y < ph; y++)
                    for (vx_uint32 x = 0; x < pw; x++) {
                        int inside = x >= 8 && x < 8 + w && y >= 1 && y < 1 + h;
                        int32_t v = inside ? in[(y - 1) * w + x - 8] : 0;
                        int32_t want = inside ? !(type ? v >= l && v <= u : v > l) : before[y * pw + x];
                        CHECK(after[y * pw + x] == want);
                    }
                vxReleaseThreshold(&t);
                vxReleaseImage(&out), vxReleaseImage(&parent), vxReleaseImage(&src);
            }
}

/* Min (erode), max (dilate) or the median (the element at n / 2 sorted) of the set elements of a
 * cols x rows mask at origin (ox, oy) over a U1 image. */
static int32_t reduce(const int32_t *v, int w, int h, int x, int y, const uint8_t *mask, int cols, int rows, int ox,
                      int oy, int function, const vx_border_t *b)
{
    int n = 0, ones = 0;
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            if (mask[i * cols + j])
                n++, ones += at(v, w, h, x + j - ox, y + i - oy, b);
    return function == VX_NONLINEAR_FILTER_MIN ? ones == n : function == VX_NONLINEAR_FILTER_MAX ? ones > 0
                                                                                              : ones > n - 1 - n / 2;
}

static void filters(vx_context ctx)
{
    static int32_t in[W * H], got[W * H], want[W * H];
    static const uint8_t box3[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
    static int32_t pin[64 * 16], pout[64 * 16], before[64 * 16];
    vx_image parent_in = u1_image(ctx, 64, 16, 2, pin), parent_out = u1_image(ctx, 64, 16, 2, pout);
    vx_rectangle_t ri = {8, 3, 8 + W, 3 + H}, ro = {16, 2, 16 + W, 2 + H};
    for (int roi = 0; roi < 2; roi++)
        for (int k = 0; k < 4; k++) {
            vx_border_t b = border_k(k);
            int undefined = b.mode == VX_BORDER_UNDEFINED;
            for (int op = 0; op < 3; op++) {
                vx_image src = roi ? vxCreateImageFromROI(parent_in, &ri) : u1_image(ctx, W, H, 2, in);
                vx_image out = roi ? vxCreateImageFromROI(parent_out, &ro) : u1_image(ctx, W, H, 2, got);
                if (roi)
                    u1_read(src, in);
                u1_read(out, want);            /* under UNDEFINED the outer ring keeps these */
                u1_read(parent_out, before);
                int immediate = (k + op) % 2;
                vx_status s = op == 0 ? RUN_BORDER(immediate, ctx, &b, vxuDilate3x3(ctx, src, out), vxDilate3x3Node(graph_, src, out))
                            : op == 1 ? RUN_BORDER(immediate, ctx, &b, vxuErode3x3(ctx, src, out), vxErode3x3Node(graph_, src, out))
                            : RUN_BORDER(immediate, ctx, &b, vxuMedian3x3(ctx, src, out), vxMedian3x3Node(graph_, src, out));
                CHECK_OK(s);
                int function = op == 0 ? VX_NONLINEAR_FILTER_MAX : op == 1 ? VX_NONLINEAR_FILTER_MIN
                                                                          : VX_NONLINEAR_FILTER_MEDIAN;
                for (int y = undefined; y < H - undefined; y++)
                    for (int x = undefined; x < W - undefined; x++)
                        want[y * W + x] = reduce(in, W, H, x, y, box3, 3, 3, 1, 1, function, &b);
                u1_read(out, got);
                check_same(got, want, W * H, op == 0 ? "dilate" : op == 1 ? "erode" : "median");
                u1_read(parent_out, pout);
                for (int y = 0; y < 16 && roi; y++)
                    for (int x = 0; x < 64; x++)
                        if (!(x >= 16 && x < 16 + W && y >= 2 && y < 2 + H))
                            CHECK(pout[y * 64 + x] == before[y * 64 + x]);
                vxReleaseImage(&src), vxReleaseImage(&out);
            }
        }
    vxReleaseImage(&parent_in), vxReleaseImage(&parent_out);
    /* NonLinearFilter: every pattern (an OTHER one; a box with its origin in a corner), function, border */
    vx_uint8 other[15] = {1, 0, 0, 1, 1, 0, 1, 0, 1, 0, 0, 0, 1, 1, 0};
    vx_matrix masks[5] = {vxCreateMatrixFromPattern(ctx, VX_PATTERN_BOX, 3, 3),
                          vxCreateMatrixFromPattern(ctx, VX_PATTERN_CROSS, 5, 5),
                          vxCreateMatrixFromPattern(ctx, VX_PATTERN_DISK, 5, 5),
                          vxCreateMatrix(ctx, VX_TYPE_UINT8, 5, 3),
                          vxCreateMatrixFromPatternAndOrigin(ctx, VX_PATTERN_BOX, 4, 3, 3, 0)};
    CHECK_OK(vxCopyMatrix(masks[3], other, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    const vx_enum functions[3] = {VX_NONLINEAR_FILTER_MEDIAN, VX_NONLINEAR_FILTER_MIN, VX_NONLINEAR_FILTER_MAX};
    vx_image src = u1_image(ctx, W, H, 2, in);
    for (int m = 0; m < 5; m++) {
        vx_size cols, rows;
        vx_coordinates2d_t origin;
        uint8_t mask[25];
        CHECK_OK(vxQueryMatrix(masks[m], VX_MATRIX_COLUMNS, &cols, sizeof cols));
        CHECK_OK(vxQueryMatrix(masks[m], VX_MATRIX_ROWS, &rows, sizeof rows));
        CHECK_OK(vxQueryMatrix(masks[m], VX_MATRIX_ORIGIN, &origin, sizeof origin));
        CHECK_OK(vxCopyMatrix(masks[m], mask, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        int ox = (int)origin.x, oy = (int)origin.y, right = (int)cols - 1 - ox, bottom = (int)rows - 1 - oy;
        for (int k = 0; k < 4; k++)
            for (int f = 0; f < 3; f++) {
                vx_border_t b = border_k(k);
                int undefined = b.mode == VX_BORDER_UNDEFINED;
                vx_image out = u1_image(ctx, W, H, 2, want);
                int immediate = (m + k + f) % 2;
                CHECK_OK(RUN_BORDER(immediate, ctx, &b, vxuNonLinearFilter(ctx, functions[f], src, masks[m], out),
                                    vxNonLinearFilterNode(graph_, functions[f], src, masks[m], out)));
                for (int y = undefined ? oy : 0; y < (undefined ? H - bottom : H); y++)
                    for (int x = undefined ? ox : 0; x < (undefined ? W - right : W); x++)
                        want[y * W + x] = reduce(in, W, H, x, y, mask, (int)cols, (int)rows, ox, oy, functions[f], &b);
                u1_read(out, got);
                check_same(got, want, W * H, "non-linear filter");
                vxReleaseImage(&out);
            }
        vxReleaseMatrix(&masks[m]);
    }
    vxReleaseImage(&src);
}

/* MeanStdDev of a U1 image, and of one whose valid rectangle starts at x = 1 (Dilate's output
 * under UNDEFINED, in a graph). */
static void mean_stddev(vx_context ctx)
{
    static int32_t in[W * H], dilated[W * H];
    vx_image src = u1_image(ctx, W, H, 3, in);
    vx_float32 mean, sd;
    CHECK_OK(vxuMeanStdDev(ctx, src, &mean, &sd));
    double n = W * H, ones = 0;
    for (int k = 0; k < W * H; k++) ones += in[k];
    double p = ones / n;
    CHECK(fabs(mean - p) < 1e-6 && fabs(sd - sqrt(p * (1 - p))) < 1e-6);
    vx_graph g = vxCreateGraph(ctx);
    vx_image mid = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U1);
    vx_scalar sm = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &mean), ss = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &sd);
    vx_node d = vxDilate3x3Node(g, src, mid), ms = vxMeanStdDevNode(g, mid, sm, ss);
    vx_border_t undefined = {VX_BORDER_UNDEFINED, {{0}}};
    CHECK_OK(vxSetNodeAttribute(d, VX_NODE_BORDER, &undefined, sizeof undefined));
    CHECK_OK(vxProcessGraph(g));
    vx_rectangle_t valid;
    CHECK_OK(vxGetValidRegionImage(mid, &valid));
    CHECK(valid.start_x == 1 && valid.start_y == 1 && valid.end_x == W - 1 && valid.end_y == H - 1);
    u1_read(mid, dilated);
    ones = 0, n = (W - 2) * (H - 2);
    for (int y = 1; y < H - 1; y++)
        for (int x = 1; x < W - 1; x++) ones += dilated[y * W + x];
    p = ones / n;
    CHECK_OK(vxCopyScalar(sm, &mean, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(vxCopyScalar(ss, &sd, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(fabs(mean - p) < 1e-6 && fabs(sd - sqrt(p * (1 - p))) < 1e-6);
    vxReleaseNode(&d), vxReleaseNode(&ms), vxReleaseGraph(&g);
    vxReleaseScalar(&sm), vxReleaseScalar(&ss), vxReleaseImage(&mid), vxReleaseImage(&src);
}

/* ScaleImage (every interpolation and border), WarpAffine and WarpPerspective (both
 * interpolations, UNDEFINED and CONSTANT 0 and 1) on U1: what the same kernel makes of the U8
 * image of the same 0 and 1. */
static void geometry(vx_context ctx)
{
    static int32_t in[W * H], got[64 * 32], want[64 * 32];
    vx_image u1 = u1_image(ctx, W, H, 2, in), u8 = u8_twin(ctx, W, H, in);
    const vx_uint32 sizes[3][2] = {{19, 6}, {64, 23}, {37, 11}};
    const vx_enum kinds[3] = {VX_INTERPOLATION_NEAREST_NEIGHBOR, VX_INTERPOLATION_BILINEAR, VX_INTERPOLATION_AREA};
    for (int s = 0; s < 3; s++)
        for (int t = 0; t < 3; t++)
            for (int k = 0; k < 4; k++) {
                vx_border_t b = border_k(k), b8 = b;
                b8.constant_value.U8 = b.constant_value.U1 != vx_false_e;
                vx_uint32 w = sizes[s][0], h = sizes[s][1];
                vx_image o1 = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U1), o8 = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
                CHECK_OK(RUN_BORDER(0, ctx, &b, 0, vxScaleImageNode(graph_, u1, o1, kinds[t])));
                CHECK_OK(RUN_BORDER(0, ctx, &b8, 0, vxScaleImageNode(graph_, u8, o8, kinds[t])));
                u1_read(o1, got), read_image(o8, want);
                if (b.mode != VX_BORDER_UNDEFINED || t == 0)
                    check_same(got, want, (int)(w * h), "scale");
                vxReleaseImage(&o1), vxReleaseImage(&o8);
            }
    vx_float32 affine[3][2] = {{0.9f, 0.3f}, {-0.25f, 1.1f}, {3.5f, -2.0f}};
    vx_float32 perspective[3][3] = {{0.95f, 0.1f, 0.0005f}, {-0.2f, 1.05f, 0.001f}, {2.0f, -1.5f, 1.0f}};
    vx_matrix ma = vxCreateMatrix(ctx, VX_TYPE_FLOAT32, 2, 3), mp = vxCreateMatrix(ctx, VX_TYPE_FLOAT32, 3, 3);
    CHECK_OK(vxCopyMatrix(ma, affine, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(vxCopyMatrix(mp, perspective, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    const int modes[3] = {0, 2, 3};
    for (int persp = 0; persp < 2; persp++)
        for (int t = 0; t < 2; t++)
            for (int k = 0; k < 3; k++) {
                vx_border_t b = border_k(modes[k]), b8 = b;
                b8.constant_value.U8 = b.constant_value.U1 != vx_false_e;
                vx_image o1 = vxCreateImage(ctx, 41, 13, VX_DF_IMAGE_U1), o8 = vxCreateImage(ctx, 41, 13, VX_DF_IMAGE_U8);
                int immediate = (persp + t + k) % 2;
                if (persp) {
                    CHECK_OK(RUN_BORDER(immediate, ctx, &b, vxuWarpPerspective(ctx, u1, mp, kinds[t], o1),
                                        vxWarpPerspectiveNode(graph_, u1, mp, kinds[t], o1)));
                    CHECK_OK(RUN_BORDER(immediate, ctx, &b8, vxuWarpPerspective(ctx, u8, mp, kinds[t], o8),
                                        vxWarpPerspectiveNode(graph_, u8, mp, kinds[t], o8)));
                } else {
                    CHECK_OK(RUN_BORDER(immediate, ctx, &b, vxuWarpAffine(ctx, u1, ma, kinds[t], o1),
                                        vxWarpAffineNode(graph_, u1, ma, kinds[t], o1)));
                    CHECK_OK(RUN_BORDER(immediate, ctx, &b8, vxuWarpAffine(ctx, u8, ma, kinds[t], o8),
                                        vxWarpAffineNode(graph_, u8, ma, kinds[t], o8)));
                }
                u1_read(o1, got), read_image(o8, want);
                if (b.mode != VX_BORDER_UNDEFINED)
                    check_same(got, want, 41 * 13, "warp");
                else                           /* UNDEFINED: where the U8 output is defined (not 0 or 1 there) */
                    for (int j = 0; j < 41 * 13; j++) CHECK(want[j] > 1 || (got[j] != 0) == (want[j] != 0));
                vxReleaseImage(&o1), vxReleaseImage(&o8);
            }
    vx_border_t restore = {VX_BORDER_UNDEFINED, {{0}}};
    CHECK_OK(vxSetContextAttribute(ctx, VX_CONTEXT_IMMEDIATE_BORDER, &restore, sizeof restore));
    vxReleaseMatrix(&ma), vxReleaseMatrix(&mp), vxReleaseImage(&u1), vxReleaseImage(&u8);
}

/* NonMaxSuppression with a U1 mask as with the U8 mask of the same 0 and 1; Canny into U1 as
 * into U8 (255 there); Copy of U1, into an ROI. */
static void masks_edges_copy(vx_context ctx)
{
    static int32_t mask[W * H], in[W * H], got[W * H], want[W * H];
    static int32_t po[64 * 16], before[64 * 16];
    vx_image m1 = u1_image(ctx, W, H, 4, mask), m8 = u8_twin(ctx, W, H, mask);
    vx_image src = test_image(ctx, W, H, VX_DF_IMAGE_U8, 5, in);
    vx_image o1 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8), o8 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_border_t replicate = {VX_BORDER_REPLICATE, {{0}}};
    CHECK_OK(RUN_BORDER(0, ctx, &replicate, 0, vxNonMaxSuppressionNode(graph_, src, m1, 3, o1)));
    CHECK_OK(RUN_BORDER(0, ctx, &replicate, 0, vxNonMaxSuppressionNode(graph_, src, m8, 3, o8)));
    read_image(o1, got), read_image(o8, want);
    for (int k = 0; k < W * H; k++) CHECK(got[k] == want[k]);
    vx_threshold hyst = vxCreateThresholdForImage(ctx, VX_THRESHOLD_TYPE_RANGE, VX_DF_IMAGE_U8, VX_DF_IMAGE_U1);
    vx_pixel_value_t lo = {{0}}, hi = {{0}};
    lo.U8 = 80, hi.U8 = 200;
    CHECK_OK(vxCopyThresholdRange(hyst, &lo, &hi, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    vx_image e1 = u1_image(ctx, W, H, 2, got);
    CHECK_OK(RUN_BORDER(0, ctx, &replicate, 0, vxCannyEdgeDetectorNode(graph_, src, hyst, 3, VX_NORM_L1, e1)));
    CHECK_OK(RUN_BORDER(0, ctx, &replicate, 0, vxCannyEdgeDetectorNode(graph_, src, hyst, 3, VX_NORM_L1, o8)));
    u1_read(e1, got), read_image(o8, want);
    for (int k = 0; k < W * H; k++) CHECK(got[k] == (want[k] == 255));
    int edges = 0;
    for (int k = 0; k < W * H; k++) edges += got[k];
    CHECK(edges > 0);
    /* Copy into an ROI at (16, 4) of a 64 x 16 image: its other bits stay */
    vx_image parent = u1_image(ctx, 64, 16, 2, po);
    vx_rectangle_t r = {16, 4, 16 + W, 4 + H};
    vx_image dst = vxCreateImageFromROI(parent, &r);
    u1_read(parent, before);
    for (int immediate = 0; immediate < 2; immediate++) {
        CHECK_OK(RUN(immediate, ctx, vxuCopy(ctx, (vx_reference)m1, (vx_reference)dst),
                     vxCopyNode(graph_, (vx_reference)m1, (vx_reference)dst)));
        u1_read(dst, got);
        check_same(got, mask, W * H, "copy");
        u1_read(parent, po);
        for (int y = 0; y < 16; y++)
            for (int x = 0; x < 64; x++)
                if (!(x >= 16 && x < 16 + W && y >= 4 && y < 4 + H))
                    CHECK(po[y * 64 + x] == before[y * 64 + x]);
    }
    vxReleaseImage(&dst), vxReleaseImage(&parent), vxReleaseThreshold(&hyst), vxReleaseImage(&e1);
    vxReleaseImage(&m1), vxReleaseImage(&m8), vxReleaseImage(&src), vxReleaseImage(&o1), vxReleaseImage(&o8);
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    bitwise(ctx);
    threshold_and_depth(ctx);
    threshold_widths(ctx);
    filters(ctx);
    mean_stddev(ctx);
    geometry(ctx);
    masks_edges_copy(ctx);
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
