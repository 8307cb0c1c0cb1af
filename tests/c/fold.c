/* Folds (kernels/fold.c, graph/fusion.py `folds`): prints hashes of graphs whose nodes fold into one
 * fused stage, run again and again after verification while the values that decide the folds change
 * (every U8 threshold value at every ConvertDepth shift 0..7, both policies, true/false values, range
 * thresholds, LUT entries); tests/test_fusion.py compares the lines of a fused run with those of
 * PVX_FUSION=0 (node by node) at every SIMD level, in every border mode, at odd sizes. Graphs:
 *   edge: Gaussian3x3 -> Sobel3x3 -> Magnitude -> ConvertDepth -> Threshold (binary): one stage
 *         (Sobel and the comparison of gx^2 + gy^2 in one row) unless the border is UNDEFINED;
 *   magnitude: gx, gy of the application's (values at and around the breakpoints, the extremes) ->
 *              Magnitude -> ConvertDepth -> Threshold, and -> Magnitude -> Threshold (range, S16 in);
 *   points: ConvertDepth (U8 -> S16) -> Threshold (range, S16 -> U8) -> Not -> TableLookup, and an
 *           S16 TableLookup -> ConvertDepth (wrap): no step, a table over 65536 values;
 *   filters: Gaussian3x3 -> Threshold, Erode3x3 -> ConvertDepth (U8 -> S16);
 *   kept: where nothing may fold: Sobel's gx and gy read by a Phase too, a Magnitude read by two
 *         nodes, an intermediate that is a graph parameter (then another image in its place), one
 *         that is the application's with a view read by another node (those printed too).
 * First the breakpoints of Magnitude: m^2 - m + 1 is the first s = gx^2 + gy^2 of magnitude m. */
#include <VX/vx.h>
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "std_images.h"

static uint32_t hash_of(uint32_t hash, vx_image img)
{
    vx_rectangle_t r;
    vx_uint32 w, h;
    CHECK_OK(vxGetValidRegionImage(img, &r));
    CHECK_OK(vxQueryImage(img, VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxQueryImage(img, VX_IMAGE_HEIGHT, &h, sizeof h));
    int32_t *v = malloc(sizeof(int32_t) * w * h);
    read_image(img, v);
    hash = (hash ^ (r.start_x + 7 * r.start_y + 31 * r.end_x + 127 * r.end_y)) * 16777619u;
    for (vx_uint32 y = r.start_y; y < r.end_y; y++)
        for (vx_uint32 x = r.start_x; x < r.end_x; x++) hash = (hash ^ (uint32_t)v[y * w + x]) * 16777619u;
    free(v);
    return hash;
}

static void set_border(vx_node *n, int count, int mode)
{
    static const vx_enum modes[3] = {VX_BORDER_UNDEFINED, VX_BORDER_CONSTANT, VX_BORDER_REPLICATE};
    for (int k = 0; k < count; k++) {
        CHECK_REF(n[k]);
        vx_border_t b = {modes[mode < 3 ? mode : k % 3], {{0}}};
        b.constant_value.U8 = (vx_uint8)(37 + 50 * k);
        CHECK_OK(vxSetNodeAttribute(n[k], VX_NODE_BORDER, &b, sizeof b));
    }
}

static void release_nodes(vx_node *n, int count)
{
    for (int k = 0; k < count; k++) CHECK_OK(vxReleaseNode(&n[k]));
}

/* The scalar a node holds as parameter `index` (its value changed between runs). */
static vx_scalar scalar_of(vx_node node, vx_uint32 index)
{
    vx_parameter p = vxGetParameterByIndex(node, index);
    vx_scalar s;
    CHECK_OK(vxQueryParameter(p, VX_PARAMETER_REF, &s, sizeof s));
    CHECK_OK(vxReleaseParameter(&p));
    return s;
}

static void set_int(vx_scalar s, vx_int32 v)
{
    CHECK_OK(vxCopyScalar(s, &v, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
}

static vx_threshold threshold(vx_context ctx, vx_enum type, vx_df_image in, vx_df_image out)
{
    vx_threshold t = vxCreateThresholdForImage(ctx, type, in, out);
    CHECK_REF(t);
    return t;
}

/* A binary threshold's value and outputs: the k-th pair of true/false values. */
static void set_binary(vx_threshold t, int value, int k)
{
    static const int pairs[4][2] = {{255, 0}, {0, 255}, {7, 7}, {1, 200}};
    vx_pixel_value_t v = {.U8 = (vx_uint8)value}, yes = {.U8 = (vx_uint8)pairs[k % 4][0]}, no = {.U8 = (vx_uint8)pairs[k % 4][1]};
    CHECK_OK(vxCopyThresholdValue(t, &v, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(vxCopyThresholdOutput(t, &yes, &no, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
}

static void set_range_s16(vx_threshold t, int lower, int upper, int k)
{
    vx_pixel_value_t lo = {.S16 = (vx_int16)lower}, hi = {.S16 = (vx_int16)upper};
    vx_pixel_value_t yes = {.U8 = (vx_uint8)(k % 2 ? 255 : 9)}, no = {.U8 = (vx_uint8)(k % 3 ? 0 : 100)};
    CHECK_OK(vxCopyThresholdRange(t, &lo, &hi, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(vxCopyThresholdOutput(t, &yes, &no, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
}

/* Every shift 0..7 and (step 1: every; else every step-th) threshold value, the policy and the
 * true/false values changing with them; one hash per shift. */
static void edge(vx_context ctx, vx_image in, vx_image out, int mode, int step)
{
    vx_uint32 w, h;
    CHECK_OK(vxQueryImage(in, VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxQueryImage(in, VX_IMAGE_HEIGHT, &h, sizeof h));
    vx_graph g = vxCreateGraph(ctx);
    vx_image blur = vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8), gx = vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_S16);
    vx_image gy = vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_S16), mag = vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_S16);
    vx_image u8 = vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8);
    vx_int32 zero = 0;
    vx_scalar shift = vxCreateScalar(ctx, VX_TYPE_INT32, &zero);
    vx_threshold t = threshold(ctx, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
    set_binary(t, 0, 0);
    vx_node n[5] = {vxGaussian3x3Node(g, in, blur), vxSobel3x3Node(g, blur, gx, gy), vxMagnitudeNode(g, gx, gy, mag),
                    vxConvertDepthNode(g, mag, u8, VX_CONVERT_POLICY_SATURATE, shift), vxThresholdNode(g, u8, t, out)};
    set_border(n, 5, mode);
    CHECK_OK(vxVerifyGraph(g));
    vx_scalar policy = scalar_of(n[3], 2);
    for (int s = 0; s < 8; s++) {
        uint32_t hash = 2166136261u;
        set_int(shift, s);
        for (int v = 0; v < 256; v += step) {
            set_binary(t, v, v / 3 + s);
            set_int(policy, (v + s) % 2 ? VX_CONVERT_POLICY_WRAP : VX_CONVERT_POLICY_SATURATE);
            CHECK_OK(vxProcessGraph(g));
            hash = hash_of(hash, out);
        }
        printf("edge border %d shift %d %08x\n", mode, s, hash);
    }
    vx_reference r[] = {(vx_reference)blur, (vx_reference)gx, (vx_reference)gy, (vx_reference)mag, (vx_reference)u8,
                        (vx_reference)shift, (vx_reference)t, (vx_reference)policy};
    for (size_t k = 0; k < sizeof r / sizeof r[0]; k++) CHECK_OK(vxReleaseReference(&r[k]));
    release_nodes(n, 5);
    CHECK_OK(vxReleaseGraph(&g));
}

/* gx, gy (W x 24): rows 0..15 every (a, b) with 0 <= a < W, b the row (many s = m^2 - m + 1 and m^2 - m:
 * magnitudes on both sides of a breakpoint), rows 16..22 a << k (k 1..7) against small b (the
 * breakpoints a shifted threshold meets), row 23 the extremes (both -32768: s = 2^31). */
static void gradients(int32_t *gx, int32_t *gy, vx_uint32 w)
{
    static const int32_t extremes[][2] = {{-32768, -32768}, {32767, 32767}, {-32768, 0}, {0, 32767},
                                          {23170, 23170}, {23171, 23170}, {-23170, 23171}, {181, 0}, {0, 0}};
    for (vx_uint32 y = 0; y < 24; y++)
        for (vx_uint32 x = 0; x < w; x++) {
            int32_t *a = &gx[y * w + x], *b = &gy[y * w + x];
            if (y < 16)
                *a = (int32_t)x * (x % 2 ? 1 : -1), *b = (int32_t)y;
            else if (y < 23)
                *a = (int32_t)(x << (y - 15)), *b = (int32_t)(x % 7) - 3;
            else
                *a = extremes[x % 9][0], *b = extremes[x % 9][1];
        }
}

static void magnitude(vx_context ctx, vx_uint32 w, int step)
{
    static int32_t vx_[256 * 24], vy_[256 * 24];
    vx_uint32 h = 24;
    gradients(vx_, vy_, w);
    vx_image gx = vxCreateImage(ctx, w, h, VX_DF_IMAGE_S16), gy = vxCreateImage(ctx, w, h, VX_DF_IMAGE_S16);
    copy_image(gx, vx_, VX_WRITE_ONLY);
    copy_image(gy, vy_, VX_WRITE_ONLY);
    vx_image out = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8), out2 = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
    vx_graph g = vxCreateGraph(ctx);
    vx_image mag = vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_S16), u8 = vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8);
    vx_image mag2 = vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_S16);
    vx_int32 zero = 0;
    vx_scalar shift = vxCreateScalar(ctx, VX_TYPE_INT32, &zero);
    vx_threshold t = threshold(ctx, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
    vx_threshold range = threshold(ctx, VX_THRESHOLD_TYPE_RANGE, VX_DF_IMAGE_S16, VX_DF_IMAGE_U8);
    set_binary(t, 0, 0);
    set_range_s16(range, 0, 0, 0);
    vx_node n[5] = {vxMagnitudeNode(g, gx, gy, mag), vxConvertDepthNode(g, mag, u8, VX_CONVERT_POLICY_SATURATE, shift),
                    vxThresholdNode(g, u8, t, out), vxMagnitudeNode(g, gx, gy, mag2), vxThresholdNode(g, mag2, range, out2)};
    CHECK_OK(vxVerifyGraph(g));
    vx_scalar policy = scalar_of(n[1], 2);
    for (int s = 0; s < 8; s++) {
        uint32_t hash = 2166136261u;
        set_int(shift, s);
        for (int v = 0; v < 256; v += step) {
            set_binary(t, v, v / 5 + s);
            set_int(policy, (v / 2 + s) % 2 ? VX_CONVERT_POLICY_WRAP : VX_CONVERT_POLICY_SATURATE);
            /* ranges over the magnitudes 0..32767, empty ones and ones ending at 32767 among them */
            int lower = (v << s) - (v % 3) * 7, upper = v % 11 == 3 ? 32767 : lower + (v % 4) * (s + 1) - (v % 13 == 0);
            set_range_s16(range, lower, upper, v + s);
            CHECK_OK(vxProcessGraph(g));
            hash = hash_of(hash_of(hash, out), out2);
        }
        printf("magnitude width %u shift %d %08x\n", w, s, hash);
    }
    vx_reference r[] = {(vx_reference)gx, (vx_reference)gy, (vx_reference)out, (vx_reference)out2, (vx_reference)mag,
                        (vx_reference)u8, (vx_reference)mag2, (vx_reference)shift, (vx_reference)t,
                        (vx_reference)range, (vx_reference)policy};
    for (size_t k = 0; k < sizeof r / sizeof r[0]; k++) CHECK_OK(vxReleaseReference(&r[k]));
    release_nodes(n, 5);
    CHECK_OK(vxReleaseGraph(&g));
}

/* ConvertDepth (U8 -> S16, shift) -> Threshold (range) -> Not -> TableLookup; and S16 -> TableLookup
 * -> ConvertDepth (S16 -> U8, wrap): LUT entries, shifts and ranges change between runs. */
static void points(vx_context ctx, vx_image a, vx_image b16, int mode)
{
    vx_uint32 w, h;
    CHECK_OK(vxQueryImage(a, VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxQueryImage(a, VX_IMAGE_HEIGHT, &h, sizeof h));
    vx_graph g = vxCreateGraph(ctx);
    vx_image v[5] = {vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_S16), vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8),
                     vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8), vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_S16)};
    vx_image out = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8), out2 = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
    vx_int32 zero = 0;
    vx_scalar shift = vxCreateScalar(ctx, VX_TYPE_INT32, &zero), shift2 = vxCreateScalar(ctx, VX_TYPE_INT32, &zero);
    vx_threshold range = threshold(ctx, VX_THRESHOLD_TYPE_RANGE, VX_DF_IMAGE_S16, VX_DF_IMAGE_U8);
    set_range_s16(range, 0, 0, 0);
    vx_lut lut = vxCreateLUT(ctx, VX_TYPE_UINT8, 256), lut16 = vxCreateLUT(ctx, VX_TYPE_INT16, 65536);
    vx_node n[6] = {vxConvertDepthNode(g, a, v[0], VX_CONVERT_POLICY_SATURATE, shift), vxThresholdNode(g, v[0], range, v[1]),
                    vxNotNode(g, v[1], v[2]), vxTableLookupNode(g, v[2], lut, out),
                    vxTableLookupNode(g, b16, lut16, v[3]), vxConvertDepthNode(g, v[3], out2, VX_CONVERT_POLICY_WRAP, shift2)};
    set_border(n, 6, mode);
    CHECK_OK(vxVerifyGraph(g));
    static uint8_t t8[256];
    static int16_t t16[65536];
    uint32_t hash = 2166136261u;
    for (int run = 0; run < 32; run++) {
        for (int k = 0; k < 256; k++) t8[k] = (uint8_t)(k * (run + 3) + run);
        for (int k = 0; k < 65536; k++) t16[k] = (int16_t)(k * (2 * run + 1) - 977 * run);
        CHECK_OK(vxCopyLUT(lut, t8, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK_OK(vxCopyLUT(lut16, t16, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
        int r = run / 2;                         /* every other run: only the LUTs' entries change */
        set_int(shift, r % 8);
        set_int(shift2, (r * 3) % 8);
        set_range_s16(range, r * 197 - 300, r * 700 + (r % 5) * 3000 - 200, r);
        CHECK_OK(vxProcessGraph(g));
        hash = hash_of(hash_of(hash, out), out2);
    }
    printf("points border %d %08x\n", mode, hash);
    for (int k = 0; k < 4; k++) CHECK_OK(vxReleaseImage(&v[k]));
    vx_reference r[] = {(vx_reference)out, (vx_reference)out2, (vx_reference)shift, (vx_reference)shift2,
                        (vx_reference)range, (vx_reference)lut, (vx_reference)lut16};
    for (size_t k = 0; k < sizeof r / sizeof r[0]; k++) CHECK_OK(vxReleaseReference(&r[k]));
    release_nodes(n, 6);
    CHECK_OK(vxReleaseGraph(&g));
}

/* Gaussian3x3 -> Threshold (every step-th value), Erode3x3 -> ConvertDepth (U8 -> S16, shift). */
static void filters(vx_context ctx, vx_image a, int mode, int step)
{
    vx_uint32 w, h;
    CHECK_OK(vxQueryImage(a, VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxQueryImage(a, VX_IMAGE_HEIGHT, &h, sizeof h));
    vx_graph g = vxCreateGraph(ctx);
    vx_image blur = vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8), low = vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8);
    vx_image out = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8), out2 = vxCreateImage(ctx, w, h, VX_DF_IMAGE_S16);
    vx_int32 zero = 0;
    vx_scalar shift = vxCreateScalar(ctx, VX_TYPE_INT32, &zero);
    vx_threshold t = threshold(ctx, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
    set_binary(t, 0, 0);
    vx_node n[4] = {vxGaussian3x3Node(g, a, blur), vxThresholdNode(g, blur, t, out), vxErode3x3Node(g, a, low),
                    vxConvertDepthNode(g, low, out2, VX_CONVERT_POLICY_SATURATE, shift)};
    set_border(n, 4, mode);
    CHECK_OK(vxVerifyGraph(g));
    uint32_t hash = 2166136261u;
    for (int v = 0; v < 256; v += step) {
        set_binary(t, v, v);
        set_int(shift, v % 8);
        CHECK_OK(vxProcessGraph(g));
        hash = hash_of(hash_of(hash, out), out2);
    }
    printf("filters border %d %08x\n", mode, hash);
    vx_reference r[] = {(vx_reference)blur, (vx_reference)low, (vx_reference)out, (vx_reference)out2,
                        (vx_reference)shift, (vx_reference)t};
    for (size_t k = 0; k < sizeof r / sizeof r[0]; k++) CHECK_OK(vxReleaseReference(&r[k]));
    release_nodes(n, 4);
    CHECK_OK(vxReleaseGraph(&g));
}

/* Nothing folds across an image read by another node too: Sobel's gx and gy read by a Phase, a
 * Magnitude read by two ConvertDepths (one pass: every node fusable). */
static void kept_readers(vx_context ctx, vx_image a, int mode)
{
    vx_uint32 w, h;
    CHECK_OK(vxQueryImage(a, VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxQueryImage(a, VX_IMAGE_HEIGHT, &h, sizeof h));
    vx_graph g = vxCreateGraph(ctx);
    vx_image gx = vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_S16), gy = vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_S16);
    vx_image mag = vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_S16), u8 = vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8);
    vx_image o[3];
    for (int k = 0; k < 3; k++) o[k] = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
    vx_int32 one = 1, two = 2;
    vx_scalar s1 = vxCreateScalar(ctx, VX_TYPE_INT32, &one), s2 = vxCreateScalar(ctx, VX_TYPE_INT32, &two);
    vx_threshold t = threshold(ctx, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
    set_binary(t, 20, 0);
    vx_node n[6] = {vxSobel3x3Node(g, a, gx, gy), vxPhaseNode(g, gx, gy, o[0]), vxMagnitudeNode(g, gx, gy, mag),
                    vxConvertDepthNode(g, mag, u8, VX_CONVERT_POLICY_SATURATE, s1), vxThresholdNode(g, u8, t, o[1]),
                    vxConvertDepthNode(g, mag, o[2], VX_CONVERT_POLICY_SATURATE, s2)};
    set_border(n, 6, mode);
    CHECK_OK(vxVerifyGraph(g));
    CHECK_OK(vxProcessGraph(g));
    printf("kept readers border %d %08x %08x %08x\n", mode, hash_of(0, o[0]), hash_of(0, o[1]), hash_of(0, o[2]));
    vx_reference r[] = {(vx_reference)gx, (vx_reference)gy, (vx_reference)mag, (vx_reference)u8, (vx_reference)s1,
                        (vx_reference)s2, (vx_reference)t};
    for (size_t k = 0; k < sizeof r / sizeof r[0]; k++) CHECK_OK(vxReleaseReference(&r[k]));
    for (int k = 0; k < 3; k++) CHECK_OK(vxReleaseImage(&o[k]));
    release_nodes(n, 6);
    CHECK_OK(vxReleaseGraph(&g));
}

/* Nor across a graph parameter (then another image in its place) or the application's image with a
 * view another node reads: those images are printed too (a fold would leave them unwritten). */
static void kept_images(vx_context ctx, vx_image a, int mode)
{
    vx_uint32 w, h;
    CHECK_OK(vxQueryImage(a, VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxQueryImage(a, VX_IMAGE_HEIGHT, &h, sizeof h));
    vx_graph g = vxCreateGraph(ctx);
    vx_image param = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8), other = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
    vx_image viewed = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
    vx_rectangle_t rect = {0, 0, w, h > 1 ? h - 1 : 1};
    vx_image view = vxCreateImageFromROI(viewed, &rect);
    vx_image o[2] = {vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8), vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8)};
    vx_image roi_out = vxCreateImage(ctx, rect.end_x, rect.end_y, VX_DF_IMAGE_U8);
    vx_threshold t = threshold(ctx, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
    set_binary(t, 20, 0);
    vx_node n[5] = {vxThresholdNode(g, a, t, param), vxNotNode(g, param, o[0]), vxThresholdNode(g, a, t, viewed),
                    vxNotNode(g, viewed, o[1]), vxNotNode(g, view, roi_out)};
    set_border(n, 5, mode);
    vx_parameter p = vxGetParameterByIndex(n[1], 0);
    CHECK_OK(vxAddParameterToGraph(g, p));
    CHECK_OK(vxReleaseParameter(&p));
    CHECK_OK(vxVerifyGraph(g));
    CHECK_OK(vxProcessGraph(g));
    printf("kept images border %d %08x %08x %08x %08x %08x\n", mode, hash_of(0, o[0]), hash_of(0, o[1]),
           hash_of(0, param), hash_of(0, viewed), hash_of(0, roi_out));
    CHECK_OK(vxSetGraphParameterByIndex(g, 0, (vx_reference)other));
    CHECK_OK(vxProcessGraph(g));
    printf("kept images border %d swapped %08x %08x\n", mode, hash_of(0, other), hash_of(0, o[0]));
    vx_reference r[] = {(vx_reference)param, (vx_reference)other, (vx_reference)view, (vx_reference)viewed,
                        (vx_reference)roi_out, (vx_reference)t, (vx_reference)o[0], (vx_reference)o[1]};
    for (size_t k = 0; k < sizeof r / sizeof r[0]; k++) CHECK_OK(vxReleaseReference(&r[k]));
    release_nodes(n, 5);
    CHECK_OK(vxReleaseGraph(&g));
}

/* m^2 - m + 1 is the first s of magnitude m, as the spec's rounding (int)(sqrt(s) + 0.5) gives it
 * (monotone in s: these two values per m decide every s) */
static void breakpoints(void)
{
    for (uint32_t m = 1; m <= 32767; m++) {
        uint32_t s = m * m - m + 1;
        CHECK((int32_t)(sqrt((double)s) + 0.5) == (int32_t)m && (int32_t)(sqrt((double)(s - 1)) + 0.5) == (int32_t)m - 1);
    }
    printf("breakpoints ok\n");
}

int main(void)
{
    static const vx_uint32 sizes[][2] = {{67, 37}, {7, 5}, {130, 5}, {35, 3}};
    static int32_t va[130 * 37], vb[130 * 37];
    breakpoints();
    vx_context ctx = test_context();
    vx_uint32 refs = context_references(ctx);
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        vx_uint32 w = sizes[s][0], h = sizes[s][1];
        int step = s == 0 ? 1 : 13;             /* every threshold value at the first size */
        vx_image a = test_image(ctx, w, h, VX_DF_IMAGE_U8, 1, va), b16 = test_image(ctx, w, h, VX_DF_IMAGE_S16, 2, vb);
        vx_image out = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
        printf("size %ux%u\n", w, h);
        for (int mode = 0; mode < 4; mode++) {
            edge(ctx, a, out, mode, step);
            points(ctx, a, b16, mode);
            filters(ctx, a, mode, step);
            kept_readers(ctx, a, mode);
            kept_images(ctx, a, mode);
        }
        magnitude(ctx, s == 0 ? 256 : w, step);
        CHECK_OK(vxReleaseImage(&a));
        CHECK_OK(vxReleaseImage(&b16));
        CHECK_OK(vxReleaseImage(&out));
    }
    CHECK(context_references(ctx) == refs);
    CHECK_OK(vxReleaseContext(&ctx));
    printf("ok\n");
    return 0;
}
