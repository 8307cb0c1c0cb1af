/* Fused execution (graph/fusion.py, runtime/fusion.c): prints a hash of every output's valid
 * rectangle (and the rectangle) of three graphs, in every border mode (and one mode per node), at odd
 * sizes; the test compares the lines of a fused run with those of PVX_FUSION=0 (node by node) at
 * every SIMD level. Then the heap a first run of the 5-node edge pipeline takes (its virtual images
 * never allocated when fused) and the performance attributes of a fused graph. Graphs:
 *   edge: Gaussian3x3 -> Sobel3x3 -> Magnitude -> ConvertDepth -> Threshold (one pass when fused);
 *   mixed: Box, Median, Erode, Dilate, AbsDiff, Add, Sobel (one output the application's), Phase, Xor,
 *          Threshold (range), ConvertDepth (widen), Subtract over virtual images read by several nodes;
 *   points: And, Add, ConvertDepth both ways, Threshold (also at 1xN and Nx1);
 *   cuts: a Not (not fusable) in a chain, an image also read by Not;
 *   convolutions: Gaussian3x3 -> Convolve 5x5 (U8) -> 3x3 (S16) -> ConvertDepth -> 5x3 (U8), and
 *                 the 5x5's output -> 3x5 (S16) (sizes of at least 5x5);
 *   scaled: Gaussian3x3 -> HalfScaleGaussian (kernel 1, 3 or 5) -> Sobel3x3 -> Magnitude ->
 *           ConvertDepth -> Threshold and -> ScaleImage to half (NEAREST, BILINEAR or AREA; fused
 *           only where the half size is even), beside HalfScaleGaussian 5 of the blurred input ->
 *           AbsDiff with the first half-size image (stages of half size, two producers of one stage,
 *           a ring read by two stages that change size);
 *   channels: ChannelExtract G of RGB and B of RGBX -> AbsDiff -> Gaussian3x3, and (even sizes) Y of
 *             NV12 -> ScaleImage to half, Y of IYUV -> Xor with that Y (chains starting from several
 *             inputs, multi-plane inputs read through their first plane), and A of RGBX into a
 *             virtual image nobody reads;
 *   colors: ColorConvert RGB -> RGBX -> RGB (rings of 4 and 3 bytes a pixel) -> ChannelExtract R ->
 *           Gaussian3x3 and -> RGBX (the application's), and (even sizes) NV12, NV21, IYUV, YUYV, UYVY,
 *           YUV4 -> RGBX or RGB -> ChannelExtract, folded by AbsDiff -> Gaussian3x3 (chroma planes read
 *           at row y / their subsampling of the application's image);
 *   unlinked: ColorConverts from YUV to the application's RGB around and between two chains (left
 *             out of the pass);
 *   yuv_outputs: ColorConvert RGB -> RGBX -> RGB (rings) -> NV12, IYUV, YUV4 from each (the
 *                application's: 4:2:0 written by pairs of rows), the RGB ring -> ChannelExtract ->
 *                Gaussian3x3 and -> a virtual NV12 (odd sizes: YUV4) -> RGBX, and (even sizes) every YUV -> YUV conversion (NV12, NV21, YUYV, UYVY,
 *                IYUV inputs to NV12, IYUV, YUV4 outputs) in the same pass;
 *   nonlinear: NonLinearFilter MEDIAN, MIN, MAX with every mask of box, cross, disk at 3x3 and 5x5, a
 *              5x3 mask whose origin is on its left edge (4 columns of reach), a 4x4 L-shaped one and
 *              a 5x5 whose origin is on its top row (not fused: it reaches 4 rows down), each from the
 *              blurred input or the previous filter, folded by AbsDiff;
 *   twins: nodes computing what an earlier node of the pass computes (its stage stores its rows to
 *          their images): Box3x3 x 3 of one input into the application's images (filled first with
 *          other values: what an UNDEFINED border leaves stays each one's own) and a fourth into a
 *          virtual image -> Dilate3x3 (the first computes rows beyond its band for that ring),
 *          Gaussian3x3 x 2 into virtual images -> Median3x3 and Erode3x3, Threshold x 2 of one
 *          threshold; no twins: a Box3x3 of
 *          the same input with another border (mode 3), Convolve of one convolution into U8 and
 *          into S16; hashed whole;
 *   chains3x3: openvx-mark's GraphDividend chains (Box3x3 x 4; Gaussian3x3 -> Box3x3 -> Median3x3 ->
 *              Erode3x3) and Dilate3x3 -> Gaussian3x3 -> Erode3x3 -> Box3x3 -> Dilate3x3 (stages
 *              computing a step's rows at once, rows3.inc), of the random input and of one with
 *              blocks of 255 (the largest sums).
 * The heap a first run at 1000 x 700 takes, fused and not, shows those ColorConverts and
 * NonLinearFilters joining their pass (their virtual images are never allocated). */
#include <VX/vx.h>
#include <stdlib.h>

#include "check.h"
#include "kernels.h"
#include "std_images.h"

static void print_hash(const char *name, vx_image img)
{
    vx_rectangle_t r;
    CHECK_OK(vxGetValidRegionImage(img, &r));
    vx_uint32 w;
    CHECK_OK(vxQueryImage(img, VX_IMAGE_WIDTH, &w, sizeof w));
    vx_uint32 h;
    CHECK_OK(vxQueryImage(img, VX_IMAGE_HEIGHT, &h, sizeof h));
    int32_t *v = malloc(sizeof(int32_t) * w * h);
    read_image(img, v);
    uint32_t hash = 2166136261u;
    for (vx_uint32 y = r.start_y; y < r.end_y; y++)
        for (vx_uint32 x = r.start_x; x < r.end_x; x++)
            hash = (hash ^ (uint32_t)v[y * w + x]) * 16777619u;
    printf("%s %u,%u-%u,%u %08x\n", name, r.start_x, r.start_y, r.end_x, r.end_y, hash);
    free(v);
}

/* The same for the bytes of an interleaved image (all of it). */
static void print_bytes_hash(const char *name, vx_image img)
{
    vx_uint32 w, h;
    CHECK_OK(vxQueryImage(img, VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxQueryImage(img, VX_IMAGE_HEIGHT, &h, sizeof h));
    vx_rectangle_t rect = {0, 0, w, h};
    vx_imagepatch_addressing_t addr;
    vx_map_id id;
    void *ptr;
    CHECK_OK(vxMapImagePatch(img, &rect, 0, &id, &addr, &ptr, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0));
    uint32_t hash = 2166136261u;
    for (vx_uint32 y = 0; y < h; y++)
        for (vx_uint32 x = 0; x < w * (vx_uint32)addr.stride_x; x++)
            hash = (hash ^ ((vx_uint8 *)ptr)[(size_t)y * addr.stride_y + x]) * 16777619u;
    CHECK_OK(vxUnmapImagePatch(img, id));
    printf("%s %08x\n", name, hash);
}

/* The same for every plane of an image (of any format). */
static void print_planes_hash(const char *name, vx_image img)
{
    vx_uint32 w, h;
    vx_size planes;
    CHECK_OK(vxQueryImage(img, VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxQueryImage(img, VX_IMAGE_HEIGHT, &h, sizeof h));
    CHECK_OK(vxQueryImage(img, VX_IMAGE_PLANES, &planes, sizeof planes));
    uint32_t hash = 2166136261u;
    for (vx_uint32 p = 0; p < planes; p++) {
        vx_rectangle_t rect = {0, 0, w, h};
        vx_imagepatch_addressing_t addr;
        vx_map_id id;
        void *ptr;
        CHECK_OK(vxMapImagePatch(img, &rect, p, &id, &addr, &ptr, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0));
        for (vx_uint32 y = 0; y < addr.dim_y / addr.step_y; y++)
            for (vx_uint32 x = 0; x < addr.dim_x / addr.step_x * (vx_uint32)addr.stride_x; x++)
                hash = (hash ^ ((vx_uint8 *)ptr)[(size_t)y * addr.stride_y + x]) * 16777619u;
        CHECK_OK(vxUnmapImagePatch(img, id));
    }
    printf("%s %08x\n", name, hash);
}

static vx_border_t border_of(int mode, int k)
{
    static const vx_enum modes[3] = {VX_BORDER_UNDEFINED, VX_BORDER_CONSTANT, VX_BORDER_REPLICATE};
    vx_border_t b = {modes[mode < 3 ? mode : k % 3], {{0}}};
    b.constant_value.U8 = (vx_uint8)(mode < 3 ? 37 : 37 + 50 * k);
    return b;
}

/* Border `mode` on every node, one constant (3: each node another mode and constant), then verify
 * and run twice; the nodes released unless `keep`. */
static void run(vx_graph g, vx_node *nodes, int count, int mode, int keep)
{
    for (int k = 0; k < count; k++) {
        CHECK_REF(nodes[k]);
        vx_border_t b = border_of(mode, k);
        CHECK_OK(vxSetNodeAttribute(nodes[k], VX_NODE_BORDER, &b, sizeof b));
    }
    CHECK_OK(vxVerifyGraph(g));
    CHECK_OK(vxProcessGraph(g));
    CHECK_OK(vxProcessGraph(g));     /* a second run reuses the plan */
    for (int k = 0; !keep && k < count; k++) CHECK_OK(vxReleaseNode(&nodes[k]));
}

static vx_threshold binary_threshold(vx_context ctx, int value)
{
    vx_threshold t = vxCreateThresholdForImage(ctx, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
    vx_pixel_value_t v = {.U8 = (vx_uint8)value}, yes = {.U8 = 255}, no = {.U8 = 0};
    CHECK_OK(vxCopyThresholdValue(t, &v, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(vxCopyThresholdOutput(t, &yes, &no, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    return t;
}

/* The edge pipeline; returns its graph (verified and run) and, when `n` is given, its nodes. */
static vx_graph edge(vx_context ctx, vx_image in, vx_image out, int mode, vx_threshold t, vx_scalar shift,
                     vx_node *keep)
{
    vx_uint32 w, h;
    CHECK_OK(vxQueryImage(in, VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxQueryImage(in, VX_IMAGE_HEIGHT, &h, sizeof h));
    vx_graph g = vxCreateGraph(ctx);
    vx_image blur = vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8), gx = vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_S16);
    vx_image gy = vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_S16), mag = vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_S16);
    vx_image u8 = vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8);
    vx_node local[5], *n = keep ? keep : local;
    n[0] = vxGaussian3x3Node(g, in, blur), n[1] = vxSobel3x3Node(g, blur, gx, gy);
    n[2] = vxMagnitudeNode(g, gx, gy, mag), n[3] = vxConvertDepthNode(g, mag, u8, VX_CONVERT_POLICY_SATURATE, shift), n[4] = vxThresholdNode(g, u8, t, out);
    run(g, n, 5, mode, keep != NULL);
    vx_image *v[5] = {&blur, &gx, &gy, &mag, &u8};
    for (int k = 0; k < 5; k++) CHECK_OK(vxReleaseImage(v[k]));
    return g;
}

static void mixed(vx_context ctx, vx_image a, vx_image b, vx_image out1, vx_image out2, vx_image out3, int mode)
{
    vx_uint32 w, h;
    CHECK_OK(vxQueryImage(a, VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxQueryImage(a, VX_IMAGE_HEIGHT, &h, sizeof h));
    vx_graph g = vxCreateGraph(ctx);
    vx_image v[11];
    static const vx_df_image f[11] = {VX_DF_IMAGE_U8, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8,
                                      VX_DF_IMAGE_U8, VX_DF_IMAGE_U8, VX_DF_IMAGE_S16, VX_DF_IMAGE_S16,
                                      VX_DF_IMAGE_U8, VX_DF_IMAGE_U8, VX_DF_IMAGE_S16};
    for (int k = 0; k < 11; k++) v[k] = vxCreateVirtualImage(g, w, h, f[k]);
    vx_threshold range = vxCreateThresholdForImage(ctx, VX_THRESHOLD_TYPE_RANGE, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
    vx_pixel_value_t lo = {.U8 = 50}, hi = {.U8 = 200}, yes = {.U8 = 17}, no = {.U8 = 3};
    CHECK_OK(vxCopyThresholdRange(range, &lo, &hi, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(vxCopyThresholdOutput(range, &yes, &no, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    vx_int32 two = 2;
    vx_scalar shift = vxCreateScalar(ctx, VX_TYPE_INT32, &two);
    vx_node n[12] = {
        vxBox3x3Node(g, a, v[0]), vxMedian3x3Node(g, v[0], v[1]), vxErode3x3Node(g, v[1], v[2]),
        vxDilate3x3Node(g, v[2], v[3]), vxAbsDiffNode(g, v[3], b, v[4]),
        vxAddNode(g, v[4], v[0], VX_CONVERT_POLICY_SATURATE, v[5]), vxSobel3x3Node(g, v[5], out3, v[7]),
        vxPhaseNode(g, v[7], v[7], v[8]), vxXorNode(g, v[8], a, v[9]), vxThresholdNode(g, v[9], range, out1),
        vxConvertDepthNode(g, v[5], v[10], VX_CONVERT_POLICY_WRAP, shift),
        vxSubtractNode(g, v[10], v[7], VX_CONVERT_POLICY_WRAP, out2)};
    run(g, n, 12, mode, 0);
    print_hash("mixed.threshold", out1);
    print_hash("mixed.subtract", out2);
    print_hash("mixed.sobel_x", out3);
    for (int k = 0; k < 11; k++) CHECK_OK(vxReleaseImage(&v[k]));
    CHECK_OK(vxReleaseThreshold(&range));
    CHECK_OK(vxReleaseScalar(&shift));
    CHECK_OK(vxReleaseGraph(&g));
}

static void cuts(vx_context ctx, vx_image a, vx_image out1, vx_image out2, int mode)
{
    vx_uint32 w, h;
    CHECK_OK(vxQueryImage(a, VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxQueryImage(a, VX_IMAGE_HEIGHT, &h, sizeof h));
    vx_graph g = vxCreateGraph(ctx);
    vx_image v[4];
    for (int k = 0; k < 4; k++) v[k] = vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8);
    vx_node n[6] = {vxGaussian3x3Node(g, a, v[0]), vxBox3x3Node(g, v[0], v[1]), vxNotNode(g, v[1], v[2]),
                    vxMedian3x3Node(g, v[2], v[3]), vxErode3x3Node(g, v[3], out1), vxNotNode(g, v[0], out2)};
    run(g, n, 6, mode, 0);
    print_hash("cuts.erode", out1);
    print_hash("cuts.not", out2);
    for (int k = 0; k < 4; k++) CHECK_OK(vxReleaseImage(&v[k]));
    CHECK_OK(vxReleaseGraph(&g));
}

static void chains3x3(vx_context ctx, vx_image a, vx_image out, int mode)
{
    vx_uint32 w, h;
    CHECK_OK(vxQueryImage(a, VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxQueryImage(a, VX_IMAGE_HEIGHT, &h, sizeof h));
    static int32_t values[660 * 396];
    vx_image bright = test_image(ctx, w, h, VX_DF_IMAGE_U8, 3, values);
    for (vx_uint32 y = 0; y < h; y++)
        for (vx_uint32 x = 0; x < w; x++)
            if ((x / 5 + y / 4) % 2 == 0)
                values[y * w + x] = 255;
    copy_image(bright, values, VX_WRITE_ONLY);
    typedef vx_node (*node_f)(vx_graph, vx_image, vx_image);
    static const node_f chains[3][5] = {
        {vxBox3x3Node, vxBox3x3Node, vxBox3x3Node, vxBox3x3Node},
        {vxGaussian3x3Node, vxBox3x3Node, vxMedian3x3Node, vxErode3x3Node},
        {vxDilate3x3Node, vxGaussian3x3Node, vxErode3x3Node, vxBox3x3Node, vxDilate3x3Node}};
    for (int input = 0; input < 2; input++)
        for (int c = 0; c < 3; c++) {
            int count = chains[c][4] != NULL ? 5 : 4;
            vx_graph g = vxCreateGraph(ctx);
            vx_image v[4], cur = input ? bright : a;
            vx_node n[5];
            for (int k = 0; k < count; k++) {
                vx_image next = k == count - 1 ? out : (v[k] = vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8));
                n[k] = chains[c][k](g, cur, next);
                cur = next;
            }
            run(g, n, count, mode, 0);
            printf("chains3x3.%d.%d ", input, c);
            print_hash("", out);
            for (int k = 0; k < count - 1; k++) CHECK_OK(vxReleaseImage(&v[k]));
            CHECK_OK(vxReleaseGraph(&g));
        }
    CHECK_OK(vxReleaseImage(&bright));
}

static vx_convolution convolution(vx_context ctx, vx_size columns, vx_size rows, const vx_int16 *c, vx_uint32 scale)
{
    vx_convolution conv = vxCreateConvolution(ctx, columns, rows);
    CHECK_OK(vxCopyConvolutionCoefficients(conv, (void *)c, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(vxSetConvolutionAttribute(conv, VX_CONVOLUTION_SCALE, &scale, sizeof scale));
    return conv;
}

static void convolutions(vx_context ctx, vx_image a, vx_image out1, vx_image out2, int mode)
{
    vx_uint32 w, h;
    CHECK_OK(vxQueryImage(a, VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxQueryImage(a, VX_IMAGE_HEIGHT, &h, sizeof h));
    vx_graph g = vxCreateGraph(ctx);
    vx_image v[4] = {vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8), vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8),
                     vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_S16), vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8)};
    static const vx_int16 c5[25] = {1, 0, 2, 0, 1, -1, 3, 4, 0, 2, 0, 5, 9, 5, 0, 2, 0, 4, 3, -1, 1, 0, 2, 0, 1};
    static const vx_int16 c3[9] = {1, 2, 1, 0, 3, 0, -1, -2, -7}, c53[15] = {1, 2, 3, 2, 1, 0, 0, 4, 0, 0, -1, 2, 3, 2, -1};
    static const vx_int16 c35[15] = {3, 0, -3, 1, 2, 1, 0, 8, 0, -1, 2, -1, 5, 0, -5};
    vx_convolution conv[4] = {convolution(ctx, 5, 5, c5, 16), convolution(ctx, 3, 3, c3, 1),
                              convolution(ctx, 5, 3, c53, 8), convolution(ctx, 3, 5, c35, 2)};
    vx_int32 one = 1;
    vx_scalar shift = vxCreateScalar(ctx, VX_TYPE_INT32, &one);
    /* (border mode 3: the 5x5 UNDEFINED, read under CONSTANT and REPLICATE) */
    vx_node n[6] = {vxGaussian3x3Node(g, a, v[0]), vxConvolveNode(g, v[1], conv[1], v[2]),
                    vxConvertDepthNode(g, v[2], v[3], VX_CONVERT_POLICY_SATURATE, shift),
                    vxConvolveNode(g, v[0], conv[0], v[1]), vxConvolveNode(g, v[3], conv[2], out1),
                    vxConvolveNode(g, v[1], conv[3], out2)};
    run(g, n, 6, mode, 0);
    print_hash("convolutions.5x3", out1);
    print_hash("convolutions.3x5", out2);
    for (int k = 0; k < 4; k++) CHECK_OK(vxReleaseImage(&v[k]));
    for (int k = 0; k < 4; k++) CHECK_OK(vxReleaseConvolution(&conv[k]));
    CHECK_OK(vxReleaseScalar(&shift));
    CHECK_OK(vxReleaseGraph(&g));
}

/* Half-size stages: `out1` half the input's size (U8), `out2` a quarter (U8, the half of out1's size
 * rounded down), `out3` half (U8). Returns the graph when `keep`, else releases it. */
static vx_graph scaled(vx_context ctx, vx_image a, vx_image out1, vx_image out2, vx_image out3, int mode, int kind,
                       int keep)
{
    static const vx_enum interpolations[3] = {VX_INTERPOLATION_NEAREST_NEIGHBOR, VX_INTERPOLATION_BILINEAR,
                                              VX_INTERPOLATION_AREA};
    vx_uint32 w, h;
    CHECK_OK(vxQueryImage(a, VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxQueryImage(a, VX_IMAGE_HEIGHT, &h, sizeof h));
    vx_uint32 hw = (w + 1) / 2, hh = (h + 1) / 2;
    vx_graph g = vxCreateGraph(ctx);
    vx_image v[7] = {vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8), vxCreateVirtualImage(g, hw, hh, VX_DF_IMAGE_U8),
                     vxCreateVirtualImage(g, hw, hh, VX_DF_IMAGE_S16), vxCreateVirtualImage(g, hw, hh, VX_DF_IMAGE_S16),
                     vxCreateVirtualImage(g, hw, hh, VX_DF_IMAGE_S16), vxCreateVirtualImage(g, hw, hh, VX_DF_IMAGE_U8),
                     vxCreateVirtualImage(g, hw, hh, VX_DF_IMAGE_U8)};
    vx_int32 size = 1 + 2 * kind, one = 1, five = 5;
    vx_scalar ksize = vxCreateScalar(ctx, VX_TYPE_INT32, &size), shift = vxCreateScalar(ctx, VX_TYPE_INT32, &one);
    vx_scalar k5 = vxCreateScalar(ctx, VX_TYPE_INT32, &five);
    vx_scalar interpolation = vxCreateScalar(ctx, VX_TYPE_ENUM, &interpolations[kind]);
    vx_threshold t = binary_threshold(ctx, 20);
    vx_node n[9] = {vxGaussian3x3Node(g, a, v[0]), vxHalfScaleGaussianNode(g, v[0], v[1], size),
                    vxSobel3x3Node(g, v[1], v[2], v[3]), vxMagnitudeNode(g, v[2], v[3], v[4]),
                    vxConvertDepthNode(g, v[4], v[5], VX_CONVERT_POLICY_SATURATE, shift), vxThresholdNode(g, v[5], t, out1),
                    vxScaleImageNode(g, v[5], out2, interpolations[kind]), vxHalfScaleGaussianNode(g, v[0], v[6], 5),
                    vxAbsDiffNode(g, v[6], v[1], out3)};
    run(g, n, 9, mode, 0);
    print_hash("scaled.threshold", out1);
    print_hash("scaled.scale", out2);
    print_hash("scaled.absdiff", out3);
    for (int k = 0; k < 7; k++) CHECK_OK(vxReleaseImage(&v[k]));
    vx_scalar *sc[4] = {&ksize, &shift, &k5, &interpolation};
    for (int k = 0; k < 4; k++) CHECK_OK(vxReleaseScalar(sc[k]));
    CHECK_OK(vxReleaseThreshold(&t));
    if (!keep)
        CHECK_OK(vxReleaseGraph(&g));
    return g;
}

/* An image of any format, every plane filled with a pattern from `seed`. */
static vx_image patterned(vx_context ctx, vx_uint32 w, vx_uint32 h, vx_df_image f, uint32_t seed)
{
    vx_image img = vxCreateImage(ctx, w, h, f);
    vx_size planes;
    CHECK_OK(vxQueryImage(img, VX_IMAGE_PLANES, &planes, sizeof planes));
    for (vx_uint32 p = 0; p < planes; p++) {
        vx_rectangle_t rect = {0, 0, w, h};
        vx_imagepatch_addressing_t addr;
        vx_map_id id;
        void *ptr;
        CHECK_OK(vxMapImagePatch(img, &rect, p, &id, &addr, &ptr, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0));
        for (vx_uint32 y = 0; y < addr.dim_y / addr.step_y; y++)
            for (vx_uint32 x = 0; x < addr.dim_x / addr.step_x * (vx_uint32)addr.stride_x; x++)
                ((vx_uint8 *)ptr)[(size_t)y * addr.stride_y + x] = (vx_uint8)((x * 7 + y * 13 + seed * 31 + p * 5) ^ (x * y >> 3));
        CHECK_OK(vxUnmapImagePatch(img, id));
    }
    return img;
}

static void channels(vx_context ctx, vx_uint32 w, vx_uint32 h, int mode)
{
    int yuv = w % 2 == 0 && h % 2 == 0;
    vx_graph g = vxCreateGraph(ctx);
    vx_image rgb = patterned(ctx, w, h, VX_DF_IMAGE_RGB, 1), rgbx = patterned(ctx, w, h, VX_DF_IMAGE_RGBX, 2);
    vx_image nv12 = patterned(ctx, yuv ? w : 2, yuv ? h : 2, VX_DF_IMAGE_NV12, 3);
    vx_image iyuv = patterned(ctx, yuv ? w : 2, yuv ? h : 2, VX_DF_IMAGE_IYUV, 4);
    vx_image out1 = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8), out2 = vxCreateImage(ctx, w / 2, h / 2 ? h / 2 : 1, VX_DF_IMAGE_U8);
    vx_image out3 = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8), v[6];
    for (int k = 0; k < 6; k++) v[k] = vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8);
    /* v[5]: a virtual image nobody reads (a ring of the one row written) */
    vx_node n[9] = {vxChannelExtractNode(g, rgb, VX_CHANNEL_G, v[0]), vxChannelExtractNode(g, rgbx, VX_CHANNEL_B, v[1]),
                    vxAbsDiffNode(g, v[0], v[1], v[2]), vxGaussian3x3Node(g, v[2], out1),
                    vxChannelExtractNode(g, rgbx, VX_CHANNEL_A, v[5])};
    if (yuv) {
        n[5] = vxChannelExtractNode(g, nv12, VX_CHANNEL_Y, v[3]), n[6] = vxScaleImageNode(g, v[3], out2, VX_INTERPOLATION_BILINEAR);
        n[7] = vxChannelExtractNode(g, iyuv, VX_CHANNEL_Y, v[4]), n[8] = vxXorNode(g, v[3], v[4], out3);
    }
    run(g, n, yuv ? 9 : 5, mode, 0);
    print_hash("channels.gaussian", out1);
    if (yuv)
        print_hash("channels.scale", out2), print_hash("channels.xor", out3);
    vx_image *imgs[13] = {&rgb, &rgbx, &nv12, &iyuv, &out1, &out2, &out3, &v[0], &v[1], &v[2], &v[3], &v[4], &v[5]};
    for (int k = 0; k < 13; k++) CHECK_OK(vxReleaseImage(imgs[k]));
    CHECK_OK(vxReleaseGraph(&g));
}

static void colors(vx_context ctx, vx_uint32 w, vx_uint32 h, int mode)
{
    enum { YUVS = 6 };
    int yuv = w % 2 == 0 && h % 2 == 0;
    vx_uint32 yw = yuv ? w : 2, yh = yuv ? h : 2;
    vx_graph g = vxCreateGraph(ctx);
    vx_image rgb = patterned(ctx, w, h, VX_DF_IMAGE_RGB, 5), out1 = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
    vx_image rgbx = vxCreateImage(ctx, w, h, VX_DF_IMAGE_RGBX), out2 = vxCreateImage(ctx, yw, yh, VX_DF_IMAGE_U8);
    static const vx_df_image yuvs[YUVS] = {VX_DF_IMAGE_NV12, VX_DF_IMAGE_NV21, VX_DF_IMAGE_IYUV, VX_DF_IMAGE_YUYV,
                                           VX_DF_IMAGE_UYVY, VX_DF_IMAGE_YUV4};
    static const vx_enum ch[3] = {VX_CHANNEL_R, VX_CHANNEL_G, VX_CHANNEL_B};
    vx_image in[YUVS], v[3 + 3 * YUVS];
    for (int k = 0; k < YUVS; k++) in[k] = patterned(ctx, yw, yh, yuvs[k], 6 + (uint32_t)k);
    v[0] = vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_RGBX), v[1] = vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_RGB);
    v[2] = vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8);
    for (int k = 0; k < YUVS; k++) {
        v[3 + 3 * k] = vxCreateVirtualImage(g, yw, yh, k % 2 ? VX_DF_IMAGE_RGB : VX_DF_IMAGE_RGBX);
        v[4 + 3 * k] = vxCreateVirtualImage(g, yw, yh, VX_DF_IMAGE_U8);
        v[5 + 3 * k] = vxCreateVirtualImage(g, yw, yh, VX_DF_IMAGE_U8);
    }
    /* rgbx: an application's image written by the pass */
    vx_node n[5 + 3 * YUVS + 1] = {vxColorConvertNode(g, rgb, v[0]), vxColorConvertNode(g, v[0], v[1]),
                                   vxChannelExtractNode(g, v[1], VX_CHANNEL_R, v[2]), vxGaussian3x3Node(g, v[2], out1),
                                   vxColorConvertNode(g, v[1], rgbx)};
    int count = 5;
    for (int k = 0; yuv && k < YUVS; k++) {     /* each conversion's channel folded in by AbsDiff */
        n[count++] = vxColorConvertNode(g, in[k], v[3 + 3 * k]);
        n[count++] = vxChannelExtractNode(g, v[3 + 3 * k], ch[k % 3], v[4 + 3 * k]);
        if (k > 0)
            n[count++] = vxAbsDiffNode(g, v[4 + 3 * k], v[k == 1 ? 4 : 5 + 3 * (k - 1)], v[5 + 3 * k]);
    }
    if (yuv)
        n[count++] = vxGaussian3x3Node(g, v[5 + 3 * (YUVS - 1)], out2);
    run(g, n, count, mode, 0);
    print_hash("colors.gaussian", out1);
    print_bytes_hash("colors.rgbx", rgbx);
    if (yuv)
        print_hash("colors.yuv_gaussian", out2);
    for (int k = 0; k < YUVS; k++) CHECK_OK(vxReleaseImage(&in[k]));
    for (int k = 0; k < 3 + 3 * YUVS; k++) CHECK_OK(vxReleaseImage(&v[k]));
    vx_image *imgs[4] = {&rgb, &rgbx, &out1, &out2};
    for (int k = 0; k < 4; k++) CHECK_OK(vxReleaseImage(imgs[k]));
    CHECK_OK(vxReleaseGraph(&g));
}

/* Stages that read no ring and write none (ColorConvert from the application's YUV to its RGB):
 * graph/fusion.py `_linked` moves them before the pass (the schedule puts them between its stages;
 * tests/test_fusion.py checks the order and the pass on the same graph) and they run node by node.
 * Even sizes. */
static void unlinked(vx_context ctx, vx_image a, vx_uint32 w, vx_uint32 h, int mode)
{
    vx_graph g = vxCreateGraph(ctx);
    vx_image nv12 = patterned(ctx, w, h, VX_DF_IMAGE_NV12, 11), iyuv = patterned(ctx, w, h, VX_DF_IMAGE_IYUV, 12);
    vx_image nv21 = patterned(ctx, w, h, VX_DF_IMAGE_NV21, 13), yuyv = patterned(ctx, w, h, VX_DF_IMAGE_YUYV, 14);
    vx_image rgb[4], half = vxCreateImage(ctx, w / 2, h / 2, VX_DF_IMAGE_U8), out = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
    for (int k = 0; k < 4; k++) rgb[k] = vxCreateImage(ctx, w, h, k == 1 ? VX_DF_IMAGE_RGBX : VX_DF_IMAGE_RGB);
    vx_image v[3] = {vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8), vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8),
                     vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8)};
    vx_node n[9] = {vxColorConvertNode(g, nv12, rgb[0]), vxChannelExtractNode(g, nv12, VX_CHANNEL_Y, v[0]),
                    vxGaussian3x3Node(g, v[0], v[1]), vxColorConvertNode(g, iyuv, rgb[1]),
                    vxScaleImageNode(g, v[1], half, VX_INTERPOLATION_AREA), vxColorConvertNode(g, nv21, rgb[2]),
                    vxGaussian3x3Node(g, a, v[2]), vxBox3x3Node(g, v[2], out), vxColorConvertNode(g, yuyv, rgb[3])};
    run(g, n, 9, mode, 0);
    for (int k = 0; k < 4; k++) print_bytes_hash("unlinked.rgb", rgb[k]);
    print_hash("unlinked.half", half), print_hash("unlinked.box", out);
    vx_image *imgs[12] = {&nv12, &iyuv, &nv21, &yuyv, &half, &out, &rgb[0], &rgb[1], &rgb[2], &rgb[3], &v[0], &v[1]};
    for (int k = 0; k < 12; k++) CHECK_OK(vxReleaseImage(imgs[k]));
    CHECK_OK(vxReleaseImage(&v[2]));
    CHECK_OK(vxReleaseGraph(&g));
}

/* ColorConvert to the YUV formats (see the top). With `keep` the graph is returned unreleased (its
 * outputs too: the caller releases them with it), else released. */
enum { TO_YUV = 6, YUV_TO_YUV = 10 };

static vx_graph yuv_outputs(vx_context ctx, vx_uint32 w, vx_uint32 h, int mode, int keep)
{
    static const vx_df_image outs[TO_YUV] = {VX_DF_IMAGE_NV12, VX_DF_IMAGE_IYUV, VX_DF_IMAGE_YUV4,
                                             VX_DF_IMAGE_IYUV, VX_DF_IMAGE_NV12, VX_DF_IMAGE_YUV4};
    static const vx_df_image pairs[YUV_TO_YUV][2] = {
        {VX_DF_IMAGE_NV12, VX_DF_IMAGE_IYUV}, {VX_DF_IMAGE_NV12, VX_DF_IMAGE_YUV4}, {VX_DF_IMAGE_NV21, VX_DF_IMAGE_IYUV},
        {VX_DF_IMAGE_NV21, VX_DF_IMAGE_YUV4}, {VX_DF_IMAGE_YUYV, VX_DF_IMAGE_NV12}, {VX_DF_IMAGE_YUYV, VX_DF_IMAGE_IYUV},
        {VX_DF_IMAGE_UYVY, VX_DF_IMAGE_NV12}, {VX_DF_IMAGE_UYVY, VX_DF_IMAGE_IYUV}, {VX_DF_IMAGE_IYUV, VX_DF_IMAGE_NV12},
        {VX_DF_IMAGE_IYUV, VX_DF_IMAGE_YUV4}};
    int even = w % 2 == 0 && h % 2 == 0;
    vx_graph g = vxCreateGraph(ctx);
    vx_image rgb = patterned(ctx, w, h, VX_DF_IMAGE_RGB, 8), gauss = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
    vx_image back = vxCreateImage(ctx, w, h, VX_DF_IMAGE_RGBX);
    /* v[3]: a virtual NV12 (odd sizes: YUV4) written and read in the run: no ring, the pass cut there */
    vx_image v[4] = {vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_RGBX), vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_RGB),
                     vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8),
                     vxCreateVirtualImage(g, w, h, even ? VX_DF_IMAGE_NV12 : VX_DF_IMAGE_YUV4)};
    vx_image out[TO_YUV], yin[YUV_TO_YUV], yout[YUV_TO_YUV];
    vx_node n[6 + TO_YUV + YUV_TO_YUV];
    n[0] = vxColorConvertNode(g, rgb, v[0]), n[1] = vxColorConvertNode(g, v[0], v[1]);
    n[2] = vxChannelExtractNode(g, v[1], VX_CHANNEL_G, v[2]), n[3] = vxGaussian3x3Node(g, v[2], gauss);
    n[4] = vxColorConvertNode(g, v[1], v[3]), n[5] = vxColorConvertNode(g, v[3], back);
    int count = 6;
    for (int k = 0; k < TO_YUV; k++) {        /* RGBX -> NV12, IYUV, YUV4, then RGB -> the same */
        out[k] = vxCreateImage(ctx, w, h, even ? outs[k] : VX_DF_IMAGE_YUV4);
        n[count++] = vxColorConvertNode(g, v[k < 3 ? 0 : 1], out[k]);
    }
    for (int k = 0; even && k < YUV_TO_YUV; k++) {
        yin[k] = patterned(ctx, w, h, pairs[k][0], 20 + (uint32_t)k), yout[k] = vxCreateImage(ctx, w, h, pairs[k][1]);
        n[count++] = vxColorConvertNode(g, yin[k], yout[k]);
    }
    run(g, n, count, mode, 0);
    if (!keep) {
        print_hash("yuv_outputs.gaussian", gauss);
        print_bytes_hash("yuv_outputs.back", back);
        char name[64];
        for (int k = 0; k < TO_YUV; k++) {
            snprintf(name, sizeof name, "yuv_outputs.rgb_to_yuv%d", k);
            print_planes_hash(name, out[k]);
        }
        for (int k = 0; even && k < YUV_TO_YUV; k++) {
            snprintf(name, sizeof name, "yuv_outputs.yuv_to_yuv%d", k);
            print_planes_hash(name, yout[k]);
        }
    }
    for (int k = 0; k < TO_YUV; k++) CHECK_OK(vxReleaseImage(&out[k]));
    for (int k = 0; even && k < YUV_TO_YUV; k++) {
        CHECK_OK(vxReleaseImage(&yin[k]));
        CHECK_OK(vxReleaseImage(&yout[k]));
    }
    for (int k = 0; k < 4; k++) CHECK_OK(vxReleaseImage(&v[k]));
    vx_image *imgs[3] = {&rgb, &gauss, &back};
    for (int k = 0; k < 3; k++) CHECK_OK(vxReleaseImage(imgs[k]));
    if (!keep)
        CHECK_OK(vxReleaseGraph(&g));
    return g;
}

/* NonLinearFilter masks: box, cross, disk of 3 and 5 (pattern index k / 2, size 3 + 2 (k % 2)); a 5x3
 * one with its origin on the left edge (rows 0 and 2: an L and its mirror); a 4x4 L with its origin
 * at (1, 2); a 5x5 box with its origin on its top row (reaching 4 rows: not fused). */
enum { NL_MASKS = 9 };

static void nonlinear_masks(vx_context ctx, vx_matrix *m)
{
    static const vx_enum patterns[3] = {VX_PATTERN_BOX, VX_PATTERN_CROSS, VX_PATTERN_DISK};
    static const vx_uint8 wide[15] = {1, 1, 0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0};
    static const vx_uint8 ell[16] = {0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0, 1};
    for (int k = 0; k < 6; k++)
        m[k] = vxCreateMatrixFromPattern(ctx, patterns[k / 2], 3 + 2 * (vx_size)(k % 2), 3 + 2 * (vx_size)(k % 2));
    m[6] = vxCreateMatrixFromPatternAndOrigin(ctx, VX_PATTERN_BOX, 5, 3, 0, 1);
    m[7] = vxCreateMatrixFromPatternAndOrigin(ctx, VX_PATTERN_BOX, 4, 4, 1, 2);
    m[8] = vxCreateMatrixFromPatternAndOrigin(ctx, VX_PATTERN_BOX, 5, 5, 2, 0);
    for (int k = 0; k < NL_MASKS; k++) CHECK_REF(m[k]);
    CHECK_OK(vxCopyMatrix(m[6], (void *)wide, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(vxCopyMatrix(m[7], (void *)ell, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
}

static void nonlinear(vx_context ctx, vx_image a, vx_image out, int mode)
{
    static const vx_enum functions[3] = {VX_NONLINEAR_FILTER_MEDIAN, VX_NONLINEAR_FILTER_MIN, VX_NONLINEAR_FILTER_MAX};
    enum { FILTERS = 3 * NL_MASKS };
    vx_uint32 w, h;
    CHECK_OK(vxQueryImage(a, VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxQueryImage(a, VX_IMAGE_HEIGHT, &h, sizeof h));
    vx_graph g = vxCreateGraph(ctx);
    vx_matrix m[NL_MASKS];
    nonlinear_masks(ctx, m);
    /* v[0] the blurred input, v[1 + k] filter k's output (of v[0] for even k, of filter k - 1's for
     * odd k), v[FILTERS + k] the AbsDiff of the filters' outputs up to k (0 < k < FILTERS - 1) */
    vx_image v[2 * FILTERS - 1];
    for (int k = 0; k < 2 * FILTERS - 1; k++) v[k] = vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8);
    vx_node n[2 * FILTERS + 1];
    n[0] = vxGaussian3x3Node(g, a, v[0]);
    int count = 1;
    for (int k = 0; k < FILTERS; k++) {       /* mask k / 3 with function k % 3 */
        n[count++] = vxNonLinearFilterNode(g, functions[k % 3], v[k % 2 ? k : 0], m[k / 3], v[1 + k]);
        if (k > 0)
            n[count++] = vxAbsDiffNode(g, v[1 + k], v[k == 1 ? 1 : FILTERS + k - 1], k == FILTERS - 1 ? out : v[FILTERS + k]);
    }
    run(g, n, count, mode, 0);
    print_hash("nonlinear", out);
    for (int k = 0; k < 2 * FILTERS - 1; k++) CHECK_OK(vxReleaseImage(&v[k]));
    for (int k = 0; k < NL_MASKS; k++) CHECK_OK(vxReleaseMatrix(&m[k]));
    CHECK_OK(vxReleaseGraph(&g));
}

/* A run that fails: the second of two NonLinearFilters has its mask emptied after verification (its
 * kernel refuses it: VX_ERROR_INVALID_VALUE whether fused or not); fused, the first one's plan,
 * made for the run, is freed all the same (tools/sanitize.sh sees a leak otherwise). */
static void nonlinear_emptied(vx_context ctx, vx_image a, vx_image out)
{
    vx_uint32 w, h;
    CHECK_OK(vxQueryImage(a, VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxQueryImage(a, VX_IMAGE_HEIGHT, &h, sizeof h));
    vx_graph g = vxCreateGraph(ctx);
    vx_matrix box = vxCreateMatrixFromPattern(ctx, VX_PATTERN_BOX, 3, 3), cross = vxCreateMatrixFromPattern(ctx, VX_PATTERN_CROSS, 3, 3);
    vx_image v = vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8);
    vx_node n[2] = {vxNonLinearFilterNode(g, VX_NONLINEAR_FILTER_MEDIAN, a, box, v),
                    vxNonLinearFilterNode(g, VX_NONLINEAR_FILTER_MAX, v, cross, out)};
    run(g, n, 2, 2, 0);
    static const vx_uint8 none[9] = {0};
    CHECK_OK(vxCopyMatrix(cross, (void *)none, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    printf("nonlinear.emptied %d\n", vxProcessGraph(g));
    CHECK_OK(vxReleaseImage(&v));
    CHECK_OK(vxReleaseMatrix(&box));
    CHECK_OK(vxReleaseMatrix(&cross));
    CHECK_OK(vxReleaseGraph(&g));
}

/* Pixel-wise only (any size): And, Add, ConvertDepth both ways, Threshold. */
static void points(vx_context ctx, vx_image a, vx_image b, vx_image out, vx_threshold t, vx_scalar shift)
{
    vx_uint32 w, h;
    CHECK_OK(vxQueryImage(a, VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxQueryImage(a, VX_IMAGE_HEIGHT, &h, sizeof h));
    vx_graph g = vxCreateGraph(ctx);
    vx_image v[4] = {vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8), vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8),
                     vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_S16), vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8)};
    vx_node n[5] = {vxAndNode(g, a, b, v[0]), vxAddNode(g, v[0], a, VX_CONVERT_POLICY_WRAP, v[1]),
                    vxConvertDepthNode(g, v[1], v[2], VX_CONVERT_POLICY_WRAP, shift),
                    vxConvertDepthNode(g, v[2], v[3], VX_CONVERT_POLICY_SATURATE, shift), vxThresholdNode(g, v[3], t, out)};
    run(g, n, 5, 0, 0);
    print_hash("points", out);
    for (int k = 0; k < 4; k++) CHECK_OK(vxReleaseImage(&v[k]));
    CHECK_OK(vxReleaseGraph(&g));
}

static void twins(vx_context ctx, vx_image a, vx_threshold t, int mode)
{
    vx_uint32 w, h;
    CHECK_OK(vxQueryImage(a, VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxQueryImage(a, VX_IMAGE_HEIGHT, &h, sizeof h));
    vx_graph g = vxCreateGraph(ctx);
    vx_image out[10], v[3];
    for (int k = 0; k < 3; k++) v[k] = vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8);
    for (int k = 0; k < 10; k++) {
        out[k] = vxCreateImage(ctx, w, h, k == 8 ? VX_DF_IMAGE_S16 : VX_DF_IMAGE_U8);
        if (k != 8)
            CHECK_OK(write_u8(out[k], (vx_uint8)(11 * k + 5)));
    }
    static const vx_int16 sharpen[9] = {0, -1, 0, -1, 8, -1, 0, -1, 0};
    vx_convolution conv = convolution(ctx, 3, 3, sharpen, 2);
    vx_node n[13] = {vxBox3x3Node(g, a, out[0]), vxGaussian3x3Node(g, a, v[0]), vxBox3x3Node(g, a, out[1]),
                     vxThresholdNode(g, a, t, out[2]), vxGaussian3x3Node(g, a, v[1]), vxBox3x3Node(g, a, out[3]),
                     vxThresholdNode(g, a, t, out[4]), vxMedian3x3Node(g, v[0], out[5]), vxErode3x3Node(g, v[1], out[6]),
                     vxConvolveNode(g, a, conv, out[7]), vxConvolveNode(g, a, conv, out[8]),
                     vxBox3x3Node(g, a, v[2]), vxDilate3x3Node(g, v[2], out[9])};
    run(g, n, 13, mode, 0);
    CHECK_OK(vxReleaseConvolution(&conv));
    for (int k = 0; k < 10; k++) {
        char name[32];
        snprintf(name, sizeof name, "twins.%d", k);
        print_bytes_hash(name, out[k]);
        CHECK_OK(vxReleaseImage(&out[k]));
    }
    for (int k = 0; k < 3; k++) CHECK_OK(vxReleaseImage(&v[k]));
    CHECK_OK(vxReleaseGraph(&g));
}

static int completions;

static vx_action VX_CALLBACK completed(vx_node node)
{
    (void)node;
    completions++;
    return VX_ACTION_CONTINUE;
}

/* A completion callback on a node of a pass: it runs after its node, before the next (the pass runs
 * node by node), once per run; the output is the same. */
static void callback_in_pass(vx_context ctx, vx_image in, vx_image out, vx_threshold t, vx_scalar shift)
{
    vx_node n[5];
    vx_graph g = edge(ctx, in, out, 2, t, shift, n);
    print_hash("edge.before_callback", out);
    CHECK_OK(vxAssignNodeCallback(n[2], completed));
    CHECK_OK(vxProcessGraph(g));
    CHECK(completions == 1);
    print_hash("edge.callback", out);
    for (int k = 0; k < 5; k++) CHECK_OK(vxReleaseNode(&n[k]));
    CHECK_OK(vxReleaseGraph(&g));
}

/* The heap a first run of the edge pipeline at 1000 x 700 takes (the better of two graphs), and
 * the performance attributes: every node measured once, their sum within the graph's time. */
static void memory_and_performance(vx_context ctx, vx_threshold t, vx_scalar shift)
{
    enum { W = 1000, H = 700 };
    static int32_t va[W * H];
    vx_image in = test_image(ctx, W, H, VX_DF_IMAGE_U8, 5, va), out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    CHECK_OK(write_u8(out, 0));       /* its memory before the count (verification would give it) */
    CHECK_OK(vxDirective((vx_reference)ctx, VX_DIRECTIVE_ENABLE_PERFORMANCE));
    size_t best = SIZE_MAX;
    for (int i = 0; i < 2; i++) {
        size_t before = heap_bytes();
        vx_node n[5];
        vx_graph g = edge(ctx, in, out, 2, t, shift, n);
        size_t used = heap_bytes() - before;
        best = used < best ? used : best;
        vx_perf_t gp;
        CHECK_OK(vxQueryGraph(g, VX_GRAPH_PERFORMANCE, &gp, sizeof gp));
        CHECK(gp.num == 2);
        vx_uint64 sum = 0;
        for (int k = 0; k < 5; k++) {
            vx_perf_t np;
            CHECK_OK(vxQueryNode(n[k], VX_NODE_PERFORMANCE, &np, sizeof np));
            CHECK(np.num == 2 && np.tmp > 0 && np.beg >= gp.beg && np.end <= gp.end);
            sum += np.tmp;
            CHECK_OK(vxReleaseNode(&n[k]));
        }
        CHECK(sum <= gp.tmp);
        CHECK_OK(vxReleaseGraph(&g));
    }
    printf("heap_kb %zu\n", best / 1024);
    CHECK_OK(vxReleaseImage(&in));
    CHECK_OK(vxReleaseImage(&out));
}

/* The heap a first run of the scaled graph at 1000 x 700 takes (its seven virtual images: 2.3 MB
 * node by node). */
static void scaled_memory(vx_context ctx)
{
    enum { W = 1000, H = 700 };
    static int32_t va[W * H];
    vx_image in = test_image(ctx, W, H, VX_DF_IMAGE_U8, 5, va);
    vx_image h1 = vxCreateImage(ctx, W / 2, H / 2, VX_DF_IMAGE_U8), h3 = vxCreateImage(ctx, W / 2, H / 2, VX_DF_IMAGE_U8);
    vx_image q = vxCreateImage(ctx, W / 4, H / 4, VX_DF_IMAGE_U8);
    size_t before = heap_bytes();
    vx_graph g = scaled(ctx, in, h1, q, h3, 2, 1, 1);
    printf("scaled_heap_kb %zu\n", (heap_bytes() - before) / 1024);
    CHECK_OK(vxReleaseGraph(&g));
    vx_image *imgs[4] = {&in, &h1, &q, &h3};
    for (int k = 0; k < 4; k++) CHECK_OK(vxReleaseImage(imgs[k]));
}

/* The heap first runs at 1000 x 700 take: the eight fusable masks of nonlinear each filtering one
 * blurred image, folded by AbsDiff (each of the nine virtual images 0.7 MB node by node), then
 * yuv_outputs (its RGBX and RGB rings 4.9 MB node by node). */
static void yuv_nonlinear_memory(vx_context ctx)
{
    enum { W = 1000, H = 700 };
    static const vx_enum functions[3] = {VX_NONLINEAR_FILTER_MEDIAN, VX_NONLINEAR_FILTER_MIN, VX_NONLINEAR_FILTER_MAX};
    static int32_t va[W * H];
    vx_image in = test_image(ctx, W, H, VX_DF_IMAGE_U8, 3, va), out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_matrix m[NL_MASKS];
    nonlinear_masks(ctx, m);
    CHECK_OK(write_u8(out, 0));       /* its memory before the count (verification would give it) */
    size_t before = heap_bytes();
    vx_graph g = vxCreateGraph(ctx);
    vx_image v[9 + 6];                        /* the blurred image, the filters', the AbsDiffs' */
    for (int k = 0; k < 15; k++) v[k] = vxCreateVirtualImage(g, W, H, VX_DF_IMAGE_U8);
    vx_node n[16];
    n[0] = vxGaussian3x3Node(g, in, v[0]);
    for (int k = 0; k < 8; k++) n[1 + k] = vxNonLinearFilterNode(g, functions[k % 3], v[0], m[k], v[1 + k]);
    for (int k = 1; k < 8; k++) n[8 + k] = vxAbsDiffNode(g, v[1 + k], v[k == 1 ? 1 : 7 + k], k == 7 ? out : v[8 + k]);
    run(g, n, 16, 2, 0);
    printf("nonlinear_heap_kb %zu\n", (heap_bytes() - before) / 1024);
    CHECK_OK(vxReleaseGraph(&g));
    for (int k = 0; k < 15; k++) CHECK_OK(vxReleaseImage(&v[k]));
    for (int k = 0; k < NL_MASKS; k++) CHECK_OK(vxReleaseMatrix(&m[k]));
    CHECK_OK(vxReleaseImage(&in));
    CHECK_OK(vxReleaseImage(&out));
    before = heap_bytes();
    g = yuv_outputs(ctx, W, H, 2, 1);
    printf("yuv_heap_kb %zu\n", (heap_bytes() - before) / 1024);
    CHECK_OK(vxReleaseGraph(&g));
}

int main(void)
{
    static const vx_uint32 sizes[][2] = {{1, 5}, {5, 1}, {3, 3}, {7, 3}, {3, 11}, {641, 9}, {9, 641}, {331, 197},
                                         {11, 7}, {10, 6}, {45, 17}, {66, 9}, {660, 396}};
    static int32_t va[660 * 396], vb[660 * 396];
    vx_context ctx = test_context();
    vx_uint32 refs = context_references(ctx);
    vx_threshold t = binary_threshold(ctx, 40);
    vx_int32 one = 1;
    vx_scalar shift = vxCreateScalar(ctx, VX_TYPE_INT32, &one);
    /* the heap counts first: objects of earlier graphs freed later (the interpreter's collector)
     * would be counted against them */
    memory_and_performance(ctx, t, shift);
    scaled_memory(ctx);
    yuv_nonlinear_memory(ctx);
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        vx_uint32 w = sizes[s][0], h = sizes[s][1];
        vx_image a = test_image(ctx, w, h, VX_DF_IMAGE_U8, 1, va), b = test_image(ctx, w, h, VX_DF_IMAGE_U8, 2, vb);
        vx_image o1 = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8), o2 = vxCreateImage(ctx, w, h, VX_DF_IMAGE_S16);
        printf("size %ux%u\n", w, h);
        points(ctx, a, b, o1, t, shift);
        for (int mode = 0; mode < 4 && w >= 3 && h >= 3; mode++) {
            printf("size %ux%u border %d\n", w, h, mode);
            vx_graph g = edge(ctx, a, o1, mode, t, shift, NULL);
            print_hash("edge", o1);
            CHECK_OK(vxReleaseGraph(&g));
            vx_image o3 = vxCreateImage(ctx, w, h, VX_DF_IMAGE_S16);
            mixed(ctx, a, b, o1, o2, o3, mode);
            CHECK_OK(vxReleaseImage(&o3));
            cuts(ctx, a, o1, o2 = (vxReleaseImage(&o2), vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8)), mode);
            CHECK_OK(vxReleaseImage(&o2));
            o2 = vxCreateImage(ctx, w, h, VX_DF_IMAGE_S16);
            channels(ctx, w, h, mode);
            if (w >= 5 && h >= 5)
                convolutions(ctx, a, o1, o2, mode);
            colors(ctx, w, h, mode);
            if (w % 2 == 0 && h % 2 == 0)
                unlinked(ctx, a, w, h, mode);
            yuv_outputs(ctx, w, h, mode, 0);
            if (w >= 5 && h >= 5)
                nonlinear(ctx, a, o1, mode);
            twins(ctx, a, t, mode);
            chains3x3(ctx, a, o1, mode);
            for (int kind = 0; kind < 3 && w >= 5 && h >= 5; kind++) {      /* Sobel needs 3x3 at half size */
                vx_uint32 hw = (w + 1) / 2, hh = (h + 1) / 2;
                vx_image h1 = vxCreateImage(ctx, hw, hh, VX_DF_IMAGE_U8), h3 = vxCreateImage(ctx, hw, hh, VX_DF_IMAGE_U8);
                vx_image q = vxCreateImage(ctx, hw / 2 ? hw / 2 : 1, hh / 2 ? hh / 2 : 1, VX_DF_IMAGE_U8);
                printf("scaled kind %d\n", kind);
                scaled(ctx, a, h1, q, h3, mode, kind, 0);
                vx_image *hs[3] = {&h1, &q, &h3};
                for (int k = 0; k < 3; k++) CHECK_OK(vxReleaseImage(hs[k]));
            }
        }
        if (w == 331)
            callback_in_pass(ctx, a, o1, t, shift), nonlinear_emptied(ctx, a, o1);
        vx_image *imgs[4] = {&a, &b, &o1, &o2};
        for (int k = 0; k < 4; k++) CHECK_OK(vxReleaseImage(imgs[k]));
    }
    CHECK_OK(vxReleaseThreshold(&t));
    CHECK_OK(vxReleaseScalar(&shift));
    CHECK(context_references(ctx) == refs);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
