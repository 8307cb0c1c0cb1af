/* ColorConvert, ScaleImage, HalfScaleGaussian, GaussianPyramid against plain C, as graph nodes and through vxu, every byte of every
 * plane (the warps and Remap: std_warp.c); validator refusals with their status and one log entry. */
#include <VX/vx.h>
#include <VX/vxu.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "std_images.h"

/* An image as dense planes: plane p is (w / sx) x (h / sy) elements of `bytes` each; the chroma
 * channels are subsampled by (cx, cy). */
typedef struct {
    vx_df_image f;
    int w, h, planes, cx, cy;
    int sx[3], sy[3], bytes[3];
    uint8_t *data[3];
} picture;

static picture make_picture(vx_df_image f, int w, int h)
{
    picture p = {f, w, h, 1, 1, 1, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}, {NULL, NULL, NULL}};
    switch (f) {
    case VX_DF_IMAGE_RGB: p.bytes[0] = 3; break;
    case VX_DF_IMAGE_RGBX: p.bytes[0] = 4; break;
    case VX_DF_IMAGE_UYVY:
    case VX_DF_IMAGE_YUYV: p.sx[0] = p.cx = 2, p.bytes[0] = 4; break;     /* two pixels per element */
    case VX_DF_IMAGE_NV12:
    case VX_DF_IMAGE_NV21: p.planes = 2, p.sx[1] = p.sy[1] = p.cx = p.cy = 2, p.bytes[1] = 2; break;
    case VX_DF_IMAGE_IYUV: p.planes = 3, p.sx[1] = p.sy[1] = p.sx[2] = p.sy[2] = p.cx = p.cy = 2; break;
    case VX_DF_IMAGE_YUV4: p.planes = 3; break;
    }
    for (int k = 0; k < p.planes; k++)
        p.data[k] = calloc((size_t)(w / p.sx[k]) * (h / p.sy[k]) * p.bytes[k], 1);
    return p;
}

static void free_picture(picture *p)
{
    for (int k = 0; k < p->planes; k++) free(p->data[k]);
}

static size_t plane_size(const picture *p, int k)
{
    return (size_t)(p->w / p->sx[k]) * (p->h / p->sy[k]) * p->bytes[k];
}

static uint8_t *element(const picture *p, int k, int x, int y)
{
    return p->data[k] + ((size_t)(y / p->sy[k]) * (p->w / p->sx[k]) + x / p->sx[k]) * p->bytes[k];
}

/* Channel c (R, G, B or Y, U, V) of pixel (x, y). */
static uint8_t *channel(const picture *p, int c, int x, int y)
{
    switch (p->f) {
    case VX_DF_IMAGE_RGB:
    case VX_DF_IMAGE_RGBX: return element(p, 0, x, y) + c;
    case VX_DF_IMAGE_UYVY: return element(p, 0, x, y) + (c == 0 ? 1 + 2 * (x % 2) : 2 * c - 2);
    case VX_DF_IMAGE_YUYV: return element(p, 0, x, y) + (c == 0 ? 2 * (x % 2) : 2 * c - 1);
    case VX_DF_IMAGE_NV12: return c == 0 ? element(p, 0, x, y) : element(p, 1, x, y) + c - 1;
    case VX_DF_IMAGE_NV21: return c == 0 ? element(p, 0, x, y) : element(p, 1, x, y) + 2 - c;
    }
    return element(p, c, x, y);
}

/* Copies every plane between `p` and the image, as `usage` says. */
static void transfer(vx_image img, const picture *p, vx_enum usage)
{
    for (int k = 0; k < p->planes; k++) {
        vx_rectangle_t rect = {0, 0, (vx_uint32)p->w, (vx_uint32)p->h};
        vx_map_id id;
        vx_imagepatch_addressing_t addr;
        void *base = NULL;
        CHECK_OK(vxMapImagePatch(img, &rect, (vx_uint32)k, &id, &addr, &base, usage, VX_MEMORY_TYPE_HOST, 0));
        for (int y = 0; y < p->h; y += p->sy[k])
            for (int x = 0; x < p->w; x += p->sx[k]) {
                uint8_t *q = vxFormatImagePatchAddress2d(base, (vx_uint32)x, (vx_uint32)y, &addr);
                if (usage == VX_WRITE_ONLY)
                    memcpy(q, element(p, k, x, y), (size_t)p->bytes[k]);
                else
                    memcpy(element(p, k, x, y), q, (size_t)p->bytes[k]);
            }
        CHECK_OK(vxUnmapImagePatch(img, id));
    }
}

static uint32_t seed_ = 7;

static vx_image random_image(vx_context ctx, picture *p)
{
    for (int k = 0; k < p->planes; k++)
        for (size_t i = 0; i < plane_size(p, k); i++) {
            seed_ = seed_ * 1664525u + 1013904223u;
            p->data[k][i] = (uint8_t)(seed_ >> 24);
        }
    p->data[0][0] = 0;                         /* the extremes */
    if (plane_size(p, 0) > 1)
        p->data[0][1] = 255;
    vx_image img = vxCreateImage(ctx, (vx_uint32)p->w, (vx_uint32)p->h, p->f);
    CHECK_REF(img);
    transfer(img, p, VX_WRITE_ONLY);
    return img;
}

static int same(const picture *a, const picture *b, const char *what)
{
    for (int k = 0; k < a->planes; k++) {
        for (size_t i = 0; i < plane_size(a, k); i++)
            if (a->data[k][i] != b->data[k][i]) {
                fprintf(stderr, "%s: plane %d byte %zu: %d, expected %d\n", what, k, i, a->data[k][i], b->data[k][i]);
                return 0;
            }
    }
    return 1;
}

/* round(num / den), halves up, clamped to 0..255 (den > 0) */
static uint8_t rounded(int64_t num, int64_t den)
{
    int64_t q = (int64_t)floor(((double)num + den / 2.0) / den);   /* exact: |num| < 2^53 */
    return (uint8_t)(q < 0 ? 0 : q > 255 ? 255 : q);
}

static int rgb(vx_df_image f)
{
    return f == VX_DF_IMAGE_RGB || f == VX_DF_IMAGE_RGBX;
}

/* Plain C: the conversion per BT.709 (coefficients in 1/10000); subsampled chroma the mean of
 * its block, rounded from RGB, truncated from YUV (4:2:2 rows into 4:2:0: (a + b) >> 1, the
 * conformance tests' reference). */
static void convert_reference(const picture *in, picture *out)
{
    int bw = (in->w + out->cx - 1) / out->cx, bh = (in->h + out->cy - 1) / out->cy;   /* chroma blocks */
    int64_t *u_sum = calloc((size_t)bw * bh, sizeof *u_sum), *v_sum = calloc((size_t)bw * bh, sizeof *v_sum);
    CHECK(u_sum != NULL && v_sum != NULL);
    for (int y = 0; y < in->h; y++)
        for (int x = 0; x < in->w; x++) {
            int64_t a = *channel(in, 0, x, y), b = *channel(in, 1, x, y), c = *channel(in, 2, x, y), o[3];
            if (rgb(in->f) && !rgb(out->f)) {
                o[0] = 2126 * a + 7152 * b + 722 * c;
                o[1] = 1280000 - 1146 * a - 3854 * b + 5000 * c;
                o[2] = 1280000 + 5000 * a - 4542 * b - 458 * c;
            } else if (!rgb(in->f) && rgb(out->f)) {
                o[0] = 10000 * a + 15748 * (c - 128);
                o[1] = 10000 * a - 1873 * (b - 128) - 4681 * (c - 128);
                o[2] = 10000 * a + 18556 * (b - 128);
            } else
                o[0] = 10000 * a, o[1] = 10000 * b, o[2] = 10000 * c;
            *channel(out, 0, x, y) = rounded(o[0], 10000);
            if (out->cx * out->cy == 1)
                *channel(out, 1, x, y) = rounded(o[1], 10000), *channel(out, 2, x, y) = rounded(o[2], 10000);
            u_sum[y / out->cy * bw + x / out->cx] += o[1], v_sum[y / out->cy * bw + x / out->cx] += o[2];
            if (out->f == VX_DF_IMAGE_RGBX)
                *channel(out, 3, x, y) = 255;
        }
    int64_t n = 10000 * out->cx * out->cy;
    for (int y = 0; out->cx * out->cy > 1 && y < out->h; y += out->cy)
        for (int x = 0; x < out->w; x += out->cx) {
            int64_t u = u_sum[y / out->cy * bw + x / out->cx], v = v_sum[y / out->cy * bw + x / out->cx];
            *channel(out, 1, x, y) = rgb(in->f) ? rounded(u, n) : (int)(u / n);
            *channel(out, 2, x, y) = rgb(in->f) ? rounded(v, n) : (int)(v / n);
        }
    free(u_sum);
    free(v_sum);
}

/* every_uv: the chroma samples in raster order i take U = i % 256, V = i / 256 (the SIMD rows'
 * integer deltas checked for every (U, V) pair on a picture of 65536 samples) */
/* RGB 2x2 blocks (R, G, B sums in 0..1020) whose U or V sum before the mean's division by 4 x
 * 10000, S = U or V's weights . sums + 4 x 1285000 (always even), is 40000 k - 2 or 40000 k for
 * every k it reaches (926 blocks): each side of every rounding step of the mean. Found once (~1 s). */
static int mean_edges(const int (**blocks)[3])
{
    static const int weights[2][3] = {{-1146, -3854, 5000}, {5000, -4542, -458}};
    static int sums[1024][3], count = -1, n = 1024;
    *blocks = (const int (*)[3])sums;
    if (count >= 0)
        return count;
    count = 0;
    for (int c = 0; c < 2; c++) {
        int solve = c == 0 ? 2 : 0, a = c == 0 ? 0 : 1, b = c == 0 ? 1 : 2;    /* the sum solved for */
        for (int64_t t = 1; t <= 2 * 256 && count < n; t++) {
            int64_t target = 40000 * (t / 2 + t % 2) - 2 * (t % 2);
            for (int64_t i = 0, found = 0; i <= 1020 * 1021 + 1020 && !found; i++) {
                int64_t rest = target - 5140000 - weights[c][a] * (i / 1021) - weights[c][b] * (i % 1021);
                if (rest % weights[c][solve] == 0 && rest / weights[c][solve] >= 0 && rest / weights[c][solve] <= 1020) {
                    sums[count][a] = (int)(i / 1021), sums[count][b] = (int)(i % 1021);
                    sums[count][solve] = (int)(rest / weights[c][solve]), count++, found = 1;
                }
            }
        }
    }
    return count;
}

/* fill: 0 random, 1 every (U, V) pair (YUV input), 2 mean_edges' blocks (RGB input, h 2), 3 every
 * (R, G, B) (RGB input, 4096 x 4096) */
static void check_convert_of(vx_context ctx, vx_df_image from, vx_df_image to, int w, int h, int fill)
{
    picture in = make_picture(from, w, h), want = make_picture(to, w, h), got = make_picture(to, w, h);
    vx_image src = random_image(ctx, &in);
    for (int y = 0; fill == 1 && y < h; y++)
        for (int x = 0; x < w; x++) {
            int i = y / in.cy * (w / in.cx) + x / in.cx;
            *channel(&in, 1, x, y) = (uint8_t)(i % 256), *channel(&in, 2, x, y) = (uint8_t)(i / 256 % 256);
        }
    for (int y = 0; fill == 3 && y < h; y++)
        for (int x = 0; x < w; x++)
            for (int k = 0; k < 3; k++) *channel(&in, k, x, y) = (uint8_t)((y * w + x) >> 8 * k);
    if (fill == 2) {
        const int (*sums)[3];
        int blocks = mean_edges(&sums);
        CHECK(blocks > 900 && 2 * blocks <= w);
        for (int x = 0; x < 2 * blocks; x++)
            for (int k = 0; k < 3; k++)                            /* the sum's four parts, each <= 255 */
                for (int y = 0; y < 2; y++) {
                    int part = y * 2 + x % 2, s = sums[x / 2][k];
                    *channel(&in, k, x, y) = (uint8_t)(s / 4 + (part < s % 4));
                }
    }
    if (fill)
        transfer(src, &in, VX_WRITE_ONLY);
    convert_reference(&in, &want);
    for (int immediate = 0; immediate < 2; immediate++) {
        vx_image dst = vxCreateImage(ctx, (vx_uint32)w, (vx_uint32)h, to);
        CHECK_OK(RUN(immediate, ctx, vxuColorConvert(ctx, src, dst), vxColorConvertNode(graph_, src, dst)));
        transfer(dst, &got, VX_READ_ONLY);
        char what[96];
        snprintf(what, sizeof what, "ColorConvert %.4s -> %.4s immediate %d", (char *)&from, (char *)&to, immediate);
        if (!same(&got, &want, what))
            exit(1);
        CHECK_OK(vxReleaseImage(&dst));
    }
    CHECK_OK(vxReleaseImage(&src));
    free_picture(&in), free_picture(&want), free_picture(&got);
}

static void check_convert(vx_context ctx, vx_df_image from, vx_df_image to, int w, int h)
{
    check_convert_of(ctx, from, to, w, h, 0);
}

/* -- ScaleImage -- */
static int32_t at(const picture *p, int x, int y, const vx_border_t *b)
{
    if (x < 0 || y < 0 || x >= p->w || y >= p->h) {
        if (b->mode == VX_BORDER_CONSTANT)
            return b->constant_value.U8;
        x = x < 0 ? 0 : x >= p->w ? p->w - 1 : x;
        y = y < 0 ? 0 : y >= p->h ? p->h - 1 : y;
    }
    return *element(p, 0, x, y);
}

/* Plain C, positions in units of 1/(2 ow): NN picks the pixel under the output centre mapped back,
 * BILINEAR blends around it, AREA integrates the input over the output pixel's footprint. */
static uint8_t scale_reference(const picture *in, int ow, int oh, vx_enum type, int x, int y, const vx_border_t *b)
{
    int64_t W = in->w, H = in->h;
    if (type == VX_INTERPOLATION_NEAREST_NEIGHBOR)
        return (uint8_t)at(in, (int)((2 * x + 1) * W / (2 * ow)), (int)((2 * y + 1) * H / (2 * oh)), b);
    if (type == VX_INTERPOLATION_BILINEAR) {
        int64_t nx = (2 * x + 1) * W - ow, ny = (2 * y + 1) * H - oh, dx = 2 * ow, dy = 2 * oh;
        int x0 = (int)floor((double)nx / dx), y0 = (int)floor((double)ny / dy);
        int64_t fx = nx - x0 * dx, fy = ny - y0 * dy;
        return rounded((dy - fy) * ((dx - fx) * at(in, x0, y0, b) + fx * at(in, x0 + 1, y0, b)) +
                       fy * ((dx - fx) * at(in, x0, y0 + 1, b) + fx * at(in, x0 + 1, y0 + 1, b)), dx * dy);
    }
    int64_t sum = 0;                           /* overlaps in units of 1/ow and 1/oh */
    for (int yy = 0; yy < in->h; yy++)
        for (int xx = 0; xx < in->w; xx++) {
            int64_t cx = fmin((x + 1) * W, (xx + 1) * ow) - fmax(x * W, xx * ow);
            int64_t cy = fmin((y + 1) * H, (yy + 1) * oh) - fmax(y * H, yy * oh);
            if (cx > 0 && cy > 0)
                sum += cx * cy * *element(in, 0, xx, yy);
        }
    return rounded(sum, W * H);
}

static void check_scale(vx_context ctx, const picture *in, vx_image src, int ow, int oh, vx_enum type,
                        const vx_border_t *border, int immediate)
{
    vx_image dst = vxCreateImage(ctx, (vx_uint32)ow, (vx_uint32)oh, VX_DF_IMAGE_U8);
    static int32_t got[1 << 16];
    if (immediate) {
        CHECK_OK(vxSetContextAttribute(ctx, VX_CONTEXT_IMMEDIATE_BORDER, border, sizeof *border));
        CHECK_OK(vxuScaleImage(ctx, src, dst, type));
    } else {
        vx_graph g = vxCreateGraph(ctx);
        vx_node n = vxScaleImageNode(g, src, dst, type);
        CHECK_REF(n);
        CHECK_OK(vxSetNodeAttribute(n, VX_NODE_BORDER, border, sizeof *border));
        CHECK_OK(vxProcessGraph(g));
        CHECK_OK(vxReleaseNode(&n));
        CHECK_OK(vxReleaseGraph(&g));
    }
    read_image(dst, got);
    for (int y = 0; y < oh; y++)
        for (int x = 0; x < ow; x++) {
            int want = scale_reference(in, ow, oh, type, x, y, border);
            if (got[y * ow + x] != want) {
                fprintf(stderr, "ScaleImage %dx%d type %#x border %#x immediate %d (%d, %d): %d, expected %d\n",
                        ow, oh, type, border->mode, immediate, x, y, got[y * ow + x], want);
                exit(1);
            }
        }
    CHECK_OK(vxReleaseImage(&dst));
}

/* -- HalfScaleGaussian -- */
/* Plain C: output pixel (x, y) of the Gaussian of `size`; *defined cleared where UNDEFINED leaves it undefined. */
static uint8_t half_reference(vx_int32 size, const picture *in, int x, int y, const vx_border_t *b, int *defined)
{
    static const int g[3][5] = {{1}, {1, 2, 1}, {1, 4, 6, 4, 1}}, norm[3] = {1, 16, 256};
    int r = size / 2, sum = 0;
    *defined = 1;
    for (int dy = -r; dy <= r; dy++)
        for (int dx = -r; dx <= r; dx++) {
            int sx = 2 * x + dx, sy = 2 * y + dy;
            if (sx < 0 || sy < 0 || sx >= in->w || sy >= in->h)
                *defined = 0;
            sum += g[r][dx + r] * g[r][dy + r] * at(in, sx, sy, b);
        }
    return (uint8_t)(sum / norm[r]);
}

static void check_half(vx_context ctx, vx_int32 size, const picture *in, vx_image src, const vx_border_t *border)
{
    static int32_t got[64 * 64];
    int ow = (in->w + 1) / 2, oh = (in->h + 1) / 2;
    for (int immediate = 0; immediate < 2; immediate++) {
        vx_image dst = vxCreateImage(ctx, (vx_uint32)ow, (vx_uint32)oh, VX_DF_IMAGE_U8);
        if (immediate) {
            CHECK_OK(vxSetContextAttribute(ctx, VX_CONTEXT_IMMEDIATE_BORDER, border, sizeof *border));
            CHECK_OK(vxuHalfScaleGaussian(ctx, src, dst, size));
        } else {
            vx_graph g = vxCreateGraph(ctx);
            vx_node n = vxHalfScaleGaussianNode(g, src, dst, size);
            CHECK_REF(n);
            CHECK_OK(vxSetNodeAttribute(n, VX_NODE_BORDER, border, sizeof *border));
            CHECK_OK(vxProcessGraph(g));
            CHECK_OK(vxReleaseNode(&n));
            CHECK_OK(vxReleaseGraph(&g));
        }
        read_image(dst, got);
        int checked = 0;
        for (int y = 0; y < oh; y++)
            for (int x = 0; x < ow; x++) {
                int defined, want = half_reference(size, in, x, y, border, &defined);
                if (!defined && border->mode == VX_BORDER_UNDEFINED)
                    continue;
                checked++;
                if (got[y * ow + x] != want) {
                    fprintf(stderr, "size %d border %#x immediate %d (%d, %d): %d, expected %d\n",
                            size, border->mode, immediate, x, y, got[y * ow + x], want);
                    exit(1);
                }
            }
        CHECK(checked > ow * oh / 4);
        vx_rectangle_t r;                      /* one output pixel lost on each side under UNDEFINED */
        vx_uint32 u = border->mode == VX_BORDER_UNDEFINED;
        CHECK_OK(vxGetValidRegionImage(dst, &r));
        CHECK(r.start_x == u && r.start_y == u && r.end_x == (vx_uint32)ow - u && r.end_y == (vx_uint32)oh - u);
        CHECK_OK(vxReleaseImage(&dst));
    }
}

static void check_half_scale_gaussian(vx_context ctx, const picture *in, vx_image src)
{
    vx_border_t borders[3] = {{VX_BORDER_UNDEFINED, {{0}}}, {VX_BORDER_CONSTANT, {{0}}}, {VX_BORDER_REPLICATE, {{0}}}};
    borders[1].constant_value.U8 = 77;
    for (int size = 1; size <= 5; size += 2)
        for (int b = 0; b < 3; b++) check_half(ctx, size, in, src, &borders[b]);
}

/* -- GaussianPyramid: level 0 the input, each next level the 5x5 Gaussian of the previous at its
 * even pixels -- */
/* Level i of a HALF or ORB pyramid: ceil(previous / 2), or ceil(level 0 * 2^(-i/4)); each pixel the
 * 5x5 Gaussian of the previous level at (2x, 2y), or at the pixel nearest its centre. */
static void check_pyramid(vx_context ctx, const picture *in, vx_image src, const vx_border_t *border, int immediate,
                          vx_float32 scale)
{
    enum { LEVELS = 6 };
    static const int g[5] = {1, 4, 6, 4, 1};
    int orb = scale != VX_SCALE_PYRAMID_HALF;
    picture level[LEVELS];
    level[0] = *in;
    for (int i = 1; i < LEVELS; i++) {
        const picture *prev = &level[i - 1];
        level[i] = orb ? make_picture(VX_DF_IMAGE_U8, (int)ceil(in->w * pow(2, -i / 4.0)), (int)ceil(in->h * pow(2, -i / 4.0)))
                       : make_picture(VX_DF_IMAGE_U8, (prev->w + 1) / 2, (prev->h + 1) / 2);
        for (int y = 0; y < level[i].h; y++)
            for (int x = 0; x < level[i].w; x++) {
                int cx = orb ? (int)floor((x + 0.5) * prev->w / level[i].w) : 2 * x;
                int cy = orb ? (int)floor((y + 0.5) * prev->h / level[i].h) : 2 * y;
                int sum = 0;
                for (int k = 0; k < 25; k++)
                    sum += g[k % 5] * g[k / 5] * at(prev, cx + k % 5 - 2, cy + k / 5 - 2, border);
                *element(&level[i], 0, x, y) = (uint8_t)(sum / 256);
            }
    }
    vx_pyramid pyr = vxCreatePyramid(ctx, LEVELS, scale, (vx_uint32)in->w, (vx_uint32)in->h,
                                     VX_DF_IMAGE_U8);
    if (immediate) {
        CHECK_OK(vxSetContextAttribute(ctx, VX_CONTEXT_IMMEDIATE_BORDER, border, sizeof *border));
        CHECK_OK(vxuGaussianPyramid(ctx, src, pyr));
    } else {
        vx_graph g_ = vxCreateGraph(ctx);
        vx_node n = vxGaussianPyramidNode(g_, src, pyr);
        CHECK_REF(n);
        CHECK_OK(vxSetNodeAttribute(n, VX_NODE_BORDER, border, sizeof *border));
        CHECK_OK(vxProcessGraph(g_));
        CHECK_OK(vxReleaseNode(&n));
        CHECK_OK(vxReleaseGraph(&g_));
    }
    for (vx_uint32 i = 0; i < LEVELS; i++) {
        vx_image img = vxGetPyramidLevel(pyr, i);
        picture got = make_picture(VX_DF_IMAGE_U8, level[i].w, level[i].h);
        transfer(img, &got, VX_READ_ONLY);
        char what[64];
        snprintf(what, sizeof what, "GaussianPyramid x%g level %u border %#x immediate %d", scale, i, border->mode,
                 immediate);
        if (!same(&got, &level[i], what))
            exit(1);
        free_picture(&got);
        CHECK_OK(vxReleaseImage(&img));
        if (i > 0)
            free_picture(&level[i]);
    }
    CHECK_OK(vxReleasePyramid(&pyr));
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);

    /* RGB <-> RGBX on an odd size; the YUV formats need even sizes */
    check_convert(ctx, VX_DF_IMAGE_RGB, VX_DF_IMAGE_RGBX, 61, 17);
    check_convert(ctx, VX_DF_IMAGE_RGBX, VX_DF_IMAGE_RGB, 61, 17);
    check_convert(ctx, VX_DF_IMAGE_RGB, VX_DF_IMAGE_YUV4, 61, 17);
    check_convert(ctx, VX_DF_IMAGE_YUV4, VX_DF_IMAGE_RGBX, 61, 17);
    /* every pair of the spec's table (and YUV4 -> RGB, RGBX) */
    static const struct { vx_df_image from, to[4]; } conversions[] = {
        {VX_DF_IMAGE_RGB, {VX_DF_IMAGE_RGBX, VX_DF_IMAGE_NV12, VX_DF_IMAGE_IYUV, VX_DF_IMAGE_YUV4}},
        {VX_DF_IMAGE_RGBX, {VX_DF_IMAGE_RGB, VX_DF_IMAGE_NV12, VX_DF_IMAGE_IYUV, VX_DF_IMAGE_YUV4}},
        {VX_DF_IMAGE_NV12, {VX_DF_IMAGE_RGB, VX_DF_IMAGE_RGBX, VX_DF_IMAGE_IYUV, VX_DF_IMAGE_YUV4}},
        {VX_DF_IMAGE_NV21, {VX_DF_IMAGE_RGB, VX_DF_IMAGE_RGBX, VX_DF_IMAGE_IYUV, VX_DF_IMAGE_YUV4}},
        {VX_DF_IMAGE_UYVY, {VX_DF_IMAGE_RGB, VX_DF_IMAGE_RGBX, VX_DF_IMAGE_NV12, VX_DF_IMAGE_IYUV}},
        {VX_DF_IMAGE_YUYV, {VX_DF_IMAGE_RGB, VX_DF_IMAGE_RGBX, VX_DF_IMAGE_NV12, VX_DF_IMAGE_IYUV}},
        {VX_DF_IMAGE_IYUV, {VX_DF_IMAGE_RGB, VX_DF_IMAGE_RGBX, VX_DF_IMAGE_NV12, VX_DF_IMAGE_YUV4}},
        {VX_DF_IMAGE_YUV4, {VX_DF_IMAGE_RGB, VX_DF_IMAGE_RGBX, 0, 0}},
    };
    /* sizes past the vector steps (16 pixels, stopping 16 before a row's end; the rest of 16 to 47
     * pixels of YUV -> RGB rows by steps on padded copies: 80, 110, 642) and short of them */
    static const int even_sizes[][2] = {{62, 18}, {2, 2}, {6, 4}, {34, 2}, {80, 2}, {110, 2}, {642, 4}};
    for (size_t z = 0; z < sizeof even_sizes / sizeof even_sizes[0]; z++)
        for (size_t r = 0; r < sizeof conversions / sizeof conversions[0]; r++)
            for (int t = 0; t < 4 && conversions[r].to[t]; t++)
                check_convert(ctx, conversions[r].from, conversions[r].to[t], even_sizes[z][0], even_sizes[z][1]);
    static const int odd_sizes[][2] = {{1, 1}, {7, 3}, {33, 1}, {643, 3}};
    static const vx_df_image full[][2] = {{VX_DF_IMAGE_RGB, VX_DF_IMAGE_RGBX}, {VX_DF_IMAGE_RGBX, VX_DF_IMAGE_RGB},
        {VX_DF_IMAGE_RGB, VX_DF_IMAGE_YUV4}, {VX_DF_IMAGE_RGBX, VX_DF_IMAGE_YUV4}, {VX_DF_IMAGE_YUV4, VX_DF_IMAGE_RGB},
        {VX_DF_IMAGE_YUV4, VX_DF_IMAGE_RGBX}};
    for (size_t z = 0; z < sizeof odd_sizes / sizeof odd_sizes[0]; z++)
        for (size_t r = 0; r < sizeof full / sizeof full[0]; r++)
            check_convert(ctx, full[r][0], full[r][1], odd_sizes[z][0], odd_sizes[z][1]);
    static const struct { vx_df_image from, to; int w, h; } every_uv[] = {
        {VX_DF_IMAGE_UYVY, VX_DF_IMAGE_RGB, 1024, 128}, {VX_DF_IMAGE_YUYV, VX_DF_IMAGE_RGBX, 1024, 128},
        {VX_DF_IMAGE_YUV4, VX_DF_IMAGE_RGB, 256, 256}, {VX_DF_IMAGE_NV12, VX_DF_IMAGE_RGB, 512, 512},
        {VX_DF_IMAGE_NV21, VX_DF_IMAGE_RGBX, 512, 512}};
    for (size_t r = 0; r < sizeof every_uv / sizeof every_uv[0]; r++)
        check_convert_of(ctx, every_uv[r].from, every_uv[r].to, every_uv[r].w, every_uv[r].h, 1);
    /* both sides of every rounding step of the 2x2 chroma mean */
    check_convert_of(ctx, VX_DF_IMAGE_RGB, VX_DF_IMAGE_IYUV, 2048, 2, 2);
    check_convert_of(ctx, VX_DF_IMAGE_RGBX, VX_DF_IMAGE_NV12, 2048, 2, 2);
    check_convert_of(ctx, VX_DF_IMAGE_RGB, VX_DF_IMAGE_YUV4, 4096, 4096, 3);       /* every Y, U, V formula value */

    /* ScaleImage: down, up and 2:1, every interpolation and border */
    picture in = make_picture(VX_DF_IMAGE_U8, 29, 17);
    vx_image src = random_image(ctx, &in);
    static const int sizes[][2] = {{13, 7}, {41, 23}, {15, 9}, {29, 17}};
    static const vx_enum types[] = {VX_INTERPOLATION_NEAREST_NEIGHBOR, VX_INTERPOLATION_BILINEAR, VX_INTERPOLATION_AREA};
    vx_border_t borders[3] = {{VX_BORDER_UNDEFINED, {{0}}}, {VX_BORDER_CONSTANT, {{0}}}, {VX_BORDER_REPLICATE, {{0}}}};
    borders[1].constant_value.U8 = 200;
    for (int s = 0; s < 4; s++)
        for (int t = 0; t < 3; t++)
            for (int b = 1; b < 3; b++)
                for (int immediate = 0; immediate < 2; immediate++)
                    check_scale(ctx, &in, src, sizes[s][0], sizes[s][1], types[t], &borders[b], immediate);
    /* exactly 2:1 (the vector steps: 32 outputs) and other ratios of wider inputs (the separable rows) */
    static const int wide[][4] = {{4, 2, 2, 1}, {66, 18, 33, 9}, {644, 6, 322, 3}, {130, 12, 87, 8},
                                  {48, 10, 144, 23}, {96, 9, 64, 6}};
    for (size_t z = 0; z < sizeof wide / sizeof wide[0]; z++) {
        picture big = make_picture(VX_DF_IMAGE_U8, wide[z][0], wide[z][1]);
        vx_image bsrc = random_image(ctx, &big);
        for (int t = 0; t < 3; t++)
            for (int b = 1; b < 3; b++)
                check_scale(ctx, &big, bsrc, wide[z][2], wide[z][3], types[t], &borders[b], 0);
        CHECK_OK(vxReleaseImage(&bsrc));
        free_picture(&big);
    }
    check_half_scale_gaussian(ctx, &in, src);
    for (int b = 1; b < 3; b++)
        for (int immediate = 0; immediate < 2; immediate++)
            for (int orb = 0; orb < 2; orb++)
                check_pyramid(ctx, &in, src, &borders[b], immediate, orb ? VX_SCALE_PYRAMID_ORB : VX_SCALE_PYRAMID_HALF);
    /* valid rectangle: the input's, scaled */
    vx_rectangle_t half = {0, 0, 29, 8}, r;
    CHECK_OK(vxSetImageValidRectangle(src, &half));
    vx_image dst = vxCreateImage(ctx, 58, 34, VX_DF_IMAGE_U8);
    CHECK_OK(vxuScaleImage(ctx, src, dst, VX_INTERPOLATION_NEAREST_NEIGHBOR));
    CHECK_OK(vxGetValidRegionImage(dst, &r));
    CHECK(r.start_x == 0 && r.start_y == 0 && r.end_x == 58 && r.end_y == 16);
    CHECK_OK(vxSetImageValidRectangle(src, NULL));

    /* refusals */
    vx_image s16 = vxCreateImage(ctx, 29, 17, VX_DF_IMAGE_S16), rgb_img = vxCreateImage(ctx, 30, 18, VX_DF_IMAGE_RGB);
    vx_image rgb2 = vxCreateImage(ctx, 30, 18, VX_DF_IMAGE_RGB), nv12 = vxCreateImage(ctx, 30, 18, VX_DF_IMAGE_NV12);
    vx_image iyuv = vxCreateImage(ctx, 30, 18, VX_DF_IMAGE_IYUV), small = vxCreateImage(ctx, 28, 18, VX_DF_IMAGE_NV12);
    CHECK_REFUSED(vxuColorConvert(ctx, rgb_img, rgb2), VX_ERROR_INVALID_FORMAT);
    CHECK_REFUSED(vxuColorConvert(ctx, nv12, small), VX_ERROR_INVALID_FORMAT);       /* NV12 -> NV12 */
    CHECK_REFUSED(vxuColorConvert(ctx, src, rgb_img), VX_ERROR_INVALID_FORMAT);
    CHECK_REFUSED(vxuColorConvert(ctx, rgb_img, small), VX_ERROR_INVALID_DIMENSION);
    CHECK_REFUSED(vxuScaleImage(ctx, s16, dst, VX_INTERPOLATION_AREA), VX_ERROR_INVALID_FORMAT);
    CHECK_REFUSED(vxuScaleImage(ctx, src, dst, VX_CONVERT_POLICY_WRAP), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(vxuHalfScaleGaussian(ctx, src, dst, 7), VX_ERROR_INVALID_VALUE);
    vx_matrix m23 = vxCreateMatrix(ctx, VX_TYPE_FLOAT32, 2, 3), m33 = vxCreateMatrix(ctx, VX_TYPE_FLOAT32, 3, 3);
    vx_matrix i23 = vxCreateMatrix(ctx, VX_TYPE_INT32, 2, 3);
    vx_remap table = vxCreateRemap(ctx, 29, 17, 30, 17);
    CHECK_REFUSED(vxuWarpAffine(ctx, src, i23, VX_INTERPOLATION_BILINEAR, dst), VX_ERROR_INVALID_TYPE);
    CHECK_REFUSED(vxuWarpAffine(ctx, src, m33, VX_INTERPOLATION_BILINEAR, dst), VX_ERROR_INVALID_DIMENSION);
    CHECK_REFUSED(vxuWarpPerspective(ctx, src, m23, VX_INTERPOLATION_BILINEAR, dst), VX_ERROR_INVALID_DIMENSION);
    CHECK_REFUSED(vxuWarpAffine(ctx, src, m23, VX_INTERPOLATION_AREA, dst), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(vxuWarpAffine(ctx, s16, m23, VX_INTERPOLATION_BILINEAR, dst), VX_ERROR_INVALID_FORMAT);
    CHECK_REFUSED(vxuRemap(ctx, src, table, VX_INTERPOLATION_BILINEAR, dst), VX_ERROR_INVALID_DIMENSION);
    vx_border_t replicate = {VX_BORDER_REPLICATE, {{0}}};
    CHECK_OK(vxSetContextAttribute(ctx, VX_CONTEXT_IMMEDIATE_BORDER, &replicate, sizeof replicate));
    CHECK_OK(vxuWarpPerspective(ctx, src, m33, VX_INTERPOLATION_BILINEAR, dst));   /* run as UNDEFINED */
    vx_enum policy = VX_BORDER_POLICY_RETURN_ERROR;
    CHECK_OK(vxSetContextAttribute(ctx, VX_CONTEXT_IMMEDIATE_BORDER_POLICY, &policy, sizeof policy));
    CHECK_REFUSED(vxuWarpPerspective(ctx, src, m33, VX_INTERPOLATION_BILINEAR, dst), VX_ERROR_NOT_SUPPORTED);
    policy = VX_BORDER_POLICY_DEFAULT_TO_UNDEFINED;
    CHECK_OK(vxSetContextAttribute(ctx, VX_CONTEXT_IMMEDIATE_BORDER_POLICY, &policy, sizeof policy));
    vxReleaseMatrix(&m23), vxReleaseMatrix(&m33), vxReleaseMatrix(&i23), vxReleaseRemap(&table);
    vx_pyramid custom = vxCreatePyramid(ctx, 3, 0.7f, 29, 17, VX_DF_IMAGE_U8);
    vx_pyramid halves = vxCreatePyramid(ctx, 3, VX_SCALE_PYRAMID_HALF, 29, 17, VX_DF_IMAGE_U8);
    CHECK_REFUSED(vxuGaussianPyramid(ctx, src, custom), VX_ERROR_NOT_SUPPORTED);
    CHECK_REFUSED(vxuGaussianPyramid(ctx, s16, halves), VX_ERROR_INVALID_FORMAT);
    vxReleasePyramid(&custom), vxReleasePyramid(&halves);
    vx_graph g = vxCreateGraph(ctx);
    vx_image sizeless = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_U8);
    vx_node n = vxScaleImageNode(g, src, sizeless, VX_INTERPOLATION_AREA);
    vx_node sink = vxNotNode(g, sizeless, dst);
    CHECK_REFUSED(vxVerifyGraph(g), VX_ERROR_INVALID_PARAMETERS);
    vxReleaseNode(&n), vxReleaseNode(&sink), vxReleaseImage(&sizeless), vxReleaseGraph(&g);
    vxReleaseImage(&s16), vxReleaseImage(&rgb_img), vxReleaseImage(&rgb2), vxReleaseImage(&nv12);
    vxReleaseImage(&iyuv), vxReleaseImage(&small), vxReleaseImage(&dst), vxReleaseImage(&src);
    free_picture(&in);
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
