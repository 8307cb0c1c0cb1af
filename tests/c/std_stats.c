/* The statistics kernels and simple operations (Histogram, EqualizeHist, IntegralImage,
 * MeanStdDev, MinMaxLoc, Min, Max, WeightedAverage, Copy, Select) against plain C, as graph nodes and
 * through vxu (Select has none), on an
 * odd size; validator refusals with their status and one log entry; references restored. */
#include <VX/vx.h>
#include <VX/vxu.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "std_images.h"

enum { W = 37, H = 23, N = W * H };

/* Counted over the valid rectangle `r`. */
static void histogram(vx_context ctx, vx_image in, const int32_t *v, vx_rectangle_t r, vx_size bins, vx_int32 offset,
                      vx_uint32 range)
{
    for (int immediate = 0; immediate < 2; immediate++) {
        vx_distribution d = vxCreateDistribution(ctx, bins, offset, range);
        CHECK_REF(d);
        int32_t got[256], want[256] = {0};
        memset(got, 0x55, sizeof got);
        CHECK_OK(vxCopyDistribution(d, got, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));   /* counting starts at 0 */
        CHECK_OK(RUN(immediate, ctx, vxuHistogram(ctx, in, d), vxHistogramNode(graph_, in, d)));
        CHECK_OK(vxCopyDistribution(d, got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        for (vx_uint32 y = r.start_y; y < r.end_y; y++)
            for (vx_uint32 x = r.start_x; x < r.end_x; x++) {
                int32_t p = v[y * W + x];
                if (p >= offset && p < offset + (int64_t)range)
                    want[(int64_t)(p - offset) * (int64_t)bins / range]++;
            }
        for (vx_size b = 0; b < bins; b++)
            CHECK(got[b] == want[b]);
        CHECK_OK(vxReleaseDistribution(&d));
    }
}

/* Plain C: cdf(v) the pixels <= v, cdf_min that of the smallest value present, rounded half up. */
static void equalize(vx_context ctx, vx_image in, const int32_t *v)
{
    int64_t cdf_min = 0, d;
    int min = 256;
    for (int k = 0; k < N; k++)
        min = v[k] < min ? v[k] : min;
    for (int k = 0; k < N; k++)
        cdf_min += v[k] == min;
    d = N - cdf_min;
    for (int immediate = 0; immediate < 2; immediate++) {
        vx_image out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
        int32_t got[N];
        CHECK_OK(RUN(immediate, ctx, vxuEqualizeHist(ctx, in, out), vxEqualizeHistNode(graph_, in, out)));
        read_image(out, got);
        for (int k = 0; k < N; k++) {
            int64_t cdf = 0;
            for (int j = 0; j < N; j++)
                cdf += v[j] <= v[k];
            int32_t want = d == 0 ? v[k] : (int32_t)((2 * (cdf - cdf_min) * 255 + d) / (2 * d));
            CHECK(got[k] == want);
        }
        CHECK_OK(vxReleaseImage(&out));
    }
}

static void integral(vx_context ctx, vx_image in, const int32_t *v)
{
    for (int immediate = 0; immediate < 2; immediate++) {
        vx_image out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U32);
        static uint32_t got[N];
        vx_rectangle_t rect = {0, 0, W, H};
        vx_imagepatch_addressing_t addr = {W, H, 4, 4 * W, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 32};
        CHECK_OK(RUN(immediate, ctx, vxuIntegralImage(ctx, in, out), vxIntegralImageNode(graph_, in, out)));
        CHECK_OK(vxCopyImagePatch(out, &rect, 0, &addr, got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                uint32_t want = 0;
                for (int j = 0; j <= y; j++)
                    for (int i = 0; i <= x; i++)
                        want += (uint32_t)v[j * W + i];
                CHECK(got[y * W + x] == want);
            }
        CHECK_OK(vxReleaseImage(&out));
    }
}

static int close_to(vx_float32 got, double want)
{
    return fabs(got - want) <= 1e-6 * (fabs(want) > 1 ? fabs(want) : 1);
}

/* Two passes in double over the valid rectangle `r`. */
static void mean_stddev(vx_context ctx, vx_image in, const int32_t *v, vx_rectangle_t r)
{
    double sum = 0, squares = 0, count = (double)(r.end_x - r.start_x) * (r.end_y - r.start_y);
    for (vx_uint32 y = r.start_y; y < r.end_y; y++)
        for (vx_uint32 x = r.start_x; x < r.end_x; x++)
            sum += v[y * W + x];
    double mean = sum / count;
    for (vx_uint32 y = r.start_y; y < r.end_y; y++)
        for (vx_uint32 x = r.start_x; x < r.end_x; x++)
            squares += (v[y * W + x] - mean) * (v[y * W + x] - mean);
    double stddev = sqrt(squares / count);
    vx_float32 m = -1, s = -1;
    CHECK_OK(vxuMeanStdDev(ctx, in, &m, &s));
    CHECK(close_to(m, mean) && close_to(s, stddev));
    vx_scalar ms = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &(vx_float32){-1}), ss = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &s);
    graph_ = vxCreateGraph(ctx);
    CHECK_OK(run_graph_node(vxMeanStdDevNode(graph_, in, ms, ss)));
    CHECK_OK(vxCopyScalar(ms, &m, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(vxCopyScalar(ss, &s, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(close_to(m, mean) && close_to(s, stddev));
    CHECK_OK(vxReleaseScalar(&ms));
    CHECK_OK(vxReleaseScalar(&ss));
}

static void min_max(vx_context ctx, vx_df_image f)
{
    int32_t va[N], vb[N], got[N];
    vx_image a = test_image(ctx, W, H, f, 3, va), b = test_image(ctx, W, H, f, 4, vb);
    for (int larger = 0; larger < 2; larger++)
        for (int immediate = 0; immediate < 2; immediate++) {
            vx_image out = vxCreateImage(ctx, W, H, f);
            CHECK_OK(larger ? RUN(immediate, ctx, vxuMax(ctx, a, b, out), vxMaxNode(graph_, a, b, out))
                            : RUN(immediate, ctx, vxuMin(ctx, a, b, out), vxMinNode(graph_, a, b, out)));
            read_image(out, got);
            for (int k = 0; k < N; k++)
                CHECK(got[k] == (larger ? (va[k] > vb[k] ? va[k] : vb[k]) : (va[k] < vb[k] ? va[k] : vb[k])));
            CHECK_OK(vxReleaseImage(&out));
        }
    CHECK_OK(vxReleaseImage(&a));
    CHECK_OK(vxReleaseImage(&b));
}

/* The spec's definition: (1 - alpha) * img2 + alpha * img1 in float, truncated; on widths around
 * the vector loops' (odd, 1, past 32 and 64) and on every pair of U8 values (256 x 256). */
static void weighted_average(vx_context ctx)
{
    static const vx_float32 alphas[] = {0.0f, 0.25f, 0.7f, 1.0f, 0.1f};
    static const vx_uint32 sizes[][2] = {{W, H}, {1, 3}, {7, 2}, {33, 2}, {641, 2}, {256, 256}};
    static int32_t va[256 * 256], vb[256 * 256], got[256 * 256];
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
        vx_uint32 w = sizes[z][0], h = sizes[z][1];
        vx_image a = test_image(ctx, w, h, VX_DF_IMAGE_U8, 5, va), b = test_image(ctx, w, h, VX_DF_IMAGE_U8, 6, vb);
        if (w == 256) {                        /* every pair */
            for (vx_uint32 j = 0; j < w * h; j++) va[j] = (int32_t)(j % 256), vb[j] = (int32_t)(j / 256);
            copy_image(a, va, VX_WRITE_ONLY), copy_image(b, vb, VX_WRITE_ONLY);
        }
        for (int k = 0; k < 5; k++)
            for (int immediate = 0; immediate < 2; immediate++) {
                vx_float32 alpha = alphas[k];
                vx_scalar s = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &alpha);
                vx_image out = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
                CHECK_OK(RUN(immediate, ctx, vxuWeightedAverage(ctx, a, s, b, out),
                             vxWeightedAverageNode(graph_, a, s, b, out)));
                read_image(out, got);
                for (vx_uint32 j = 0; j < w * h; j++)
                    CHECK(got[j] == (uint8_t)((1.0f - alpha) * (vx_float32)vb[j] + alpha * (vx_float32)va[j]));
                CHECK_OK(vxReleaseImage(&out));
                CHECK_OK(vxReleaseScalar(&s));
            }
        CHECK_OK(vxReleaseImage(&a));
        CHECK_OK(vxReleaseImage(&b));
    }
}

/* Plain C over the valid rectangle `r`, locations in raster order up to each array's capacity;
 * counts in `count_type` scalars; `all` 0 leaves the values and minLoc unset. */
static void minmaxloc(vx_context ctx, vx_image in, vx_df_image f, const int32_t *v, vx_rectangle_t r,
                      vx_size capacity, vx_enum count_type, int all)
{
    int32_t lo = INT32_MAX, hi = INT32_MIN;
    vx_size lows = 0, highs = 0;
    vx_coordinates2d_t want_lo[N], want_hi[N];
    for (vx_uint32 y = r.start_y; y < r.end_y; y++)
        for (vx_uint32 x = r.start_x; x < r.end_x; x++)
            lo = v[y * W + x] < lo ? v[y * W + x] : lo, hi = v[y * W + x] > hi ? v[y * W + x] : hi;
    for (vx_uint32 y = r.start_y; y < r.end_y; y++)
        for (vx_uint32 x = r.start_x; x < r.end_x; x++) {
            if (v[y * W + x] == lo)
                want_lo[lows++] = (vx_coordinates2d_t){x, y};
            if (v[y * W + x] == hi)
                want_hi[highs++] = (vx_coordinates2d_t){x, y};
        }
    CHECK(lows > 1 && highs > 1);               /* the test image repeats its extremes */
    vx_enum value_type = f == VX_DF_IMAGE_U8 ? VX_TYPE_UINT8 : VX_TYPE_INT16;
    for (int immediate = 0; immediate < 2; immediate++) {
        vx_int16 init = 99;
        vx_uint8 init8 = 99;
        vx_size zero = 0;
        vx_scalar min_s = all ? vxCreateScalar(ctx, value_type, value_type == VX_TYPE_UINT8 ? (void *)&init8 : &init)
                              : NULL;
        vx_scalar max_s = vxCreateScalar(ctx, value_type, value_type == VX_TYPE_UINT8 ? (void *)&init8 : &init);
        vx_scalar lows_s = vxCreateScalar(ctx, count_type, &zero), highs_s = vxCreateScalar(ctx, count_type, &zero);
        vx_array min_a = all ? vxCreateArray(ctx, VX_TYPE_COORDINATES2D, capacity) : NULL;
        vx_array max_a = vxCreateArray(ctx, VX_TYPE_COORDINATES2D, capacity);
        CHECK_OK(RUN(immediate, ctx, vxuMinMaxLoc(ctx, in, min_s, max_s, min_a, max_a, lows_s, highs_s),
                     vxMinMaxLocNode(graph_, in, min_s, max_s, min_a, max_a, lows_s, highs_s)));
        vx_int16 got16 = 0;
        vx_uint8 got8 = 0;
        for (int k = 0; k < 2; k++) {
            vx_scalar sc = k ? max_s : min_s;
            if (sc == NULL)
                continue;
            CHECK_OK(vxCopyScalar(sc, value_type == VX_TYPE_UINT8 ? (void *)&got8 : &got16, VX_READ_ONLY,
                                  VX_MEMORY_TYPE_HOST));
            CHECK((value_type == VX_TYPE_UINT8 ? got8 : got16) == (k ? hi : lo));
        }
        vx_size count = 0;
        vx_uint32 count32 = 0;
        for (int k = 0; k < 2; k++) {
            CHECK_OK(vxCopyScalar(k ? highs_s : lows_s, count_type == VX_TYPE_SIZE ? (void *)&count : &count32,
                                  VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
            CHECK((count_type == VX_TYPE_SIZE ? count : count32) == (k ? highs : lows));
        }
        for (int k = 0; k < 2; k++) {
            vx_array a = k ? max_a : min_a;
            if (a == NULL)
                continue;
            vx_size items = 0, expected = k ? highs : lows;
            expected = expected < capacity ? expected : capacity;
            CHECK_OK(vxQueryArray(a, VX_ARRAY_NUMITEMS, &items, sizeof items));
            CHECK(items == expected);
            vx_coordinates2d_t got[N];
            CHECK_OK(vxCopyArrayRange(a, 0, items, sizeof got[0], got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
            CHECK(memcmp(got, k ? want_hi : want_lo, items * sizeof got[0]) == 0);
        }
        vxReleaseScalar(&min_s), vxReleaseScalar(&max_s), vxReleaseScalar(&lows_s), vxReleaseScalar(&highs_s);
        vxReleaseArray(&min_a), vxReleaseArray(&max_a);
    }
}

static void minmaxloc_cases(vx_context ctx)
{
    for (int k = 0; k < 2; k++) {
        vx_df_image f = k ? VX_DF_IMAGE_S16 : VX_DF_IMAGE_U8;
        int32_t v[N];
        vx_image in = test_image(ctx, W, H, f, 7, v);
        for (int j = 0; j < 6; j++)                 /* repeat the extremes at the ends of rows */
            v[(j + 4) * W - 1 - j] = v[j];
        copy_image(in, v, VX_WRITE_ONLY);
        vx_rectangle_t all = {0, 0, W, H}, part = {1, 1, W - 1, H - 1};
        minmaxloc(ctx, in, f, v, all, N, VX_TYPE_SIZE, 1);
        minmaxloc(ctx, in, f, v, all, 1, VX_TYPE_UINT32, 1);    /* arrays filled to capacity */
        minmaxloc(ctx, in, f, v, all, N, VX_TYPE_SIZE, 0);      /* optional outputs left out */
        for (int j = 0; j < 6; j++)                 /* extremes inside the valid rectangle too */
            v[(j + 10) * W + 5 + j] = v[(j + 12) * W + 20 + j] = v[j];
        copy_image(in, v, VX_WRITE_ONLY);
        CHECK_OK(vxSetImageValidRectangle(in, &part));
        minmaxloc(ctx, in, f, v, part, N, VX_TYPE_SIZE, 1);
        CHECK_OK(vxReleaseImage(&in));
    }
}

/* Writes (VX_WRITE_ONLY) or checks (VX_READ_ONLY) a pattern in every plane of `img`, mapped whole. */
static void fill_planes(vx_image img, vx_enum usage)
{
    vx_size planes = 0;
    vx_uint32 w, h;
    CHECK_OK(vxQueryImage(img, VX_IMAGE_PLANES, &planes, sizeof planes));
    CHECK_OK(vxQueryImage(img, VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxQueryImage(img, VX_IMAGE_HEIGHT, &h, sizeof h));
    vx_rectangle_t r = {0, 0, w, h};
    for (vx_uint32 k = 0; k < planes; k++) {
        vx_map_id id;
        vx_imagepatch_addressing_t a;
        void *base = NULL;
        CHECK_OK(vxMapImagePatch(img, &r, k, &id, &a, &base, usage, VX_MEMORY_TYPE_HOST, 0));
        for (vx_uint32 y = 0; y < a.dim_y; y += a.step_y)
            for (vx_uint32 x = 0; x < a.dim_x; x += a.step_x) {
                uint8_t *px = vxFormatImagePatchAddress2d(base, x, y, &a);
                if (usage == VX_WRITE_ONLY)
                    *px = (uint8_t)(x * 7 + y * 13 + k * 50);
                else
                    CHECK(*px == (uint8_t)(x * 7 + y * 13 + k * 50));
            }
        CHECK_OK(vxUnmapImagePatch(img, id));
    }
}

/* Copy of each object type, as node and through vxu; the output starts with other contents. */
static void copy_run(vx_context ctx, vx_reference in, vx_reference out, int immediate)
{
    CHECK_OK(RUN(immediate, ctx, vxuCopy(ctx, in, out), vxCopyNode(graph_, in, out)));
}

static void copies(vx_context ctx)
{
    for (int immediate = 0; immediate < 2; immediate++) {
        /* an ROI view (its own stride) into a U8 image, and a three-plane IYUV image */
        int32_t got[N], big[(W + 4) * (H + 3)];
        vx_image root = test_image(ctx, W + 4, H + 3, VX_DF_IMAGE_U8, 8, big);
        vx_rectangle_t roi = {3, 2, W + 3, H + 2};
        vx_image view = vxCreateImageFromROI(root, &roi), out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
        copy_run(ctx, (vx_reference)view, (vx_reference)out, immediate);
        read_image(out, got);
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++)
                CHECK(got[y * W + x] == big[(y + 2) * (W + 4) + x + 3]);
        vx_image yuv = vxCreateImage(ctx, W + 1, H + 1, VX_DF_IMAGE_IYUV), yuv_out = vxCreateImage(ctx, W + 1, H + 1,
                                                                                                   VX_DF_IMAGE_IYUV);
        fill_planes(yuv, VX_WRITE_ONLY);
        copy_run(ctx, (vx_reference)yuv, (vx_reference)yuv_out, immediate);
        fill_planes(yuv_out, VX_READ_ONLY);
        /* arrays: the valid items and their count, into a larger capacity */
        vx_array arr = vxCreateArray(ctx, VX_TYPE_INT32, 9), arr_out = vxCreateArray(ctx, VX_TYPE_INT32, 12);
        int32_t items[5] = {1, -2, 3, -4, 5}, old[7] = {9, 9, 9, 9, 9, 9, 9}, back[5];
        CHECK_OK(vxAddArrayItems(arr, 5, items, sizeof items[0]));
        CHECK_OK(vxAddArrayItems(arr_out, 7, old, sizeof old[0]));
        copy_run(ctx, (vx_reference)arr, (vx_reference)arr_out, immediate);
        vx_size count = 0;
        CHECK_OK(vxQueryArray(arr_out, VX_ARRAY_NUMITEMS, &count, sizeof count));
        CHECK(count == 5);
        CHECK_OK(vxCopyArrayRange(arr_out, 0, 5, sizeof back[0], back, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK(memcmp(back, items, sizeof items) == 0);
        /* a scalar, a distribution, a LUT, a matrix */
        vx_int32 sv = -123456, sv_out = 0;
        vx_scalar sc = vxCreateScalar(ctx, VX_TYPE_INT32, &sv), sc_out = vxCreateScalar(ctx, VX_TYPE_INT32, &sv_out);
        copy_run(ctx, (vx_reference)sc, (vx_reference)sc_out, immediate);
        CHECK_OK(vxCopyScalar(sc_out, &sv_out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK(sv_out == sv);
        int32_t dv[5] = {5, 0, 7, 1, 2}, dback[5];
        vx_distribution d = vxCreateDistribution(ctx, 5, 3, 100), d_out = vxCreateDistribution(ctx, 5, 3, 100);
        CHECK_OK(vxCopyDistribution(d, dv, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
        copy_run(ctx, (vx_reference)d, (vx_reference)d_out, immediate);
        CHECK_OK(vxCopyDistribution(d_out, dback, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK(memcmp(dv, dback, sizeof dv) == 0);
        uint8_t lv[256], lback[256];
        for (int k = 0; k < 256; k++)
            lv[k] = (uint8_t)(255 - k);
        vx_lut lut = vxCreateLUT(ctx, VX_TYPE_UINT8, 256), lut_out = vxCreateLUT(ctx, VX_TYPE_UINT8, 256);
        CHECK_OK(vxCopyLUT(lut, lv, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
        copy_run(ctx, (vx_reference)lut, (vx_reference)lut_out, immediate);
        CHECK_OK(vxCopyLUT(lut_out, lback, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK(memcmp(lv, lback, sizeof lv) == 0);
        vx_float32 mv[6] = {1.5f, -2, 3, 4, 5, 6.25f}, mback[6];
        vx_matrix m = vxCreateMatrix(ctx, VX_TYPE_FLOAT32, 3, 2), m_out = vxCreateMatrix(ctx, VX_TYPE_FLOAT32, 3, 2);
        CHECK_OK(vxCopyMatrix(m, mv, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
        copy_run(ctx, (vx_reference)m, (vx_reference)m_out, immediate);
        CHECK_OK(vxCopyMatrix(m_out, mback, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK(memcmp(mv, mback, sizeof mv) == 0);
        vxReleaseImage(&root), vxReleaseImage(&view), vxReleaseImage(&out), vxReleaseImage(&yuv);
        vxReleaseImage(&yuv_out), vxReleaseArray(&arr), vxReleaseArray(&arr_out), vxReleaseScalar(&sc);
        vxReleaseScalar(&sc_out), vxReleaseDistribution(&d), vxReleaseDistribution(&d_out), vxReleaseLUT(&lut);
        vxReleaseLUT(&lut_out), vxReleaseMatrix(&m), vxReleaseMatrix(&m_out);
    }
}

/* Select: the output a copy of the true or the false value (images, scalars). */
static void selects(vx_context ctx)
{
    int32_t va[N], vb[N], got[N];
    vx_image a = test_image(ctx, W, H, VX_DF_IMAGE_S16, 9, va), b = test_image(ctx, W, H, VX_DF_IMAGE_S16, 10, vb);
    vx_int32 x = 11, y = 22, z = 0;
    vx_scalar sx = vxCreateScalar(ctx, VX_TYPE_INT32, &x), sy = vxCreateScalar(ctx, VX_TYPE_INT32, &y);
    vx_scalar sz = vxCreateScalar(ctx, VX_TYPE_INT32, &z);
    for (int k = 0; k < 2; k++) {
        vx_bool which = k ? vx_true_e : vx_false_e;
        vx_scalar cond = vxCreateScalar(ctx, VX_TYPE_BOOL, &which);
        vx_image out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_S16);
        graph_ = vxCreateGraph(ctx);
        CHECK_OK(run_graph_node(vxSelectNode(graph_, cond, (vx_reference)a, (vx_reference)b, (vx_reference)out)));
        read_image(out, got);
        CHECK(memcmp(got, k ? va : vb, sizeof got) == 0);
        graph_ = vxCreateGraph(ctx);
        CHECK_OK(run_graph_node(vxSelectNode(graph_, cond, (vx_reference)sx, (vx_reference)sy, (vx_reference)sz)));
        CHECK_OK(vxCopyScalar(sz, &z, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK(z == (k ? x : y));
        CHECK_OK(vxReleaseImage(&out));
        CHECK_OK(vxReleaseScalar(&cond));
    }
    vxReleaseImage(&a), vxReleaseImage(&b), vxReleaseScalar(&sx), vxReleaseScalar(&sy), vxReleaseScalar(&sz);
}

/* vxVerifyGraph of one node refuses with `status`, one log entry; everything released after. */
static void refused(vx_graph g, vx_node node, vx_status status)
{
    CHECK_REF(node);
    CHECK_REFUSED(vxVerifyGraph(g), status);
    CHECK_OK(vxReleaseNode(&node));
    CHECK_OK(vxReleaseGraph(&g));
}

static void refusals(vx_context ctx)
{
    vx_image u8 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8), s16 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_S16);
    vx_image small = vxCreateImage(ctx, W - 1, H, VX_DF_IMAGE_U8), out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_distribution d = vxCreateDistribution(ctx, 16, 0, 256);
    vx_float32 big = 1.5f, f = 0;
    vx_int32 i = 0;
    vx_scalar alpha = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &big), fs = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &f);
    vx_scalar fs2 = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &f);
    vx_scalar is = vxCreateScalar(ctx, VX_TYPE_INT32, &i);
    vx_graph g;
    g = vxCreateGraph(ctx), refused(g, vxHistogramNode(g, s16, d), VX_ERROR_INVALID_FORMAT);
    g = vxCreateGraph(ctx), refused(g, vxEqualizeHistNode(g, s16, out), VX_ERROR_INVALID_FORMAT);
    g = vxCreateGraph(ctx), refused(g, vxIntegralImageNode(g, u8, out), VX_ERROR_INVALID_FORMAT);   /* not U32 */
    g = vxCreateGraph(ctx), refused(g, vxMeanStdDevNode(g, s16, fs, fs2), VX_ERROR_INVALID_FORMAT);
    g = vxCreateGraph(ctx), refused(g, vxMeanStdDevNode(g, u8, fs, is), VX_ERROR_INVALID_TYPE);
    g = vxCreateGraph(ctx), refused(g, vxMinNode(g, u8, s16, out), VX_ERROR_INVALID_FORMAT);
    g = vxCreateGraph(ctx), refused(g, vxMaxNode(g, u8, small, out), VX_ERROR_INVALID_DIMENSION);
    g = vxCreateGraph(ctx), refused(g, vxMaxNode(g, s16, s16, out), VX_ERROR_INVALID_FORMAT);  /* output U8 */
    g = vxCreateGraph(ctx), refused(g, vxWeightedAverageNode(g, u8, alpha, u8, out), VX_ERROR_INVALID_VALUE);
    g = vxCreateGraph(ctx), refused(g, vxWeightedAverageNode(g, u8, is, u8, out), VX_ERROR_INVALID_TYPE);
    g = vxCreateGraph(ctx), refused(g, vxWeightedAverageNode(g, u8, fs, small, out), VX_ERROR_INVALID_DIMENSION);
    vx_scalar i16 = vxCreateScalar(ctx, VX_TYPE_INT16, &(vx_int16){0});
    vx_array ints = vxCreateArray(ctx, VX_TYPE_INT32, 8);
    vx_image rgb = vxCreateImage(ctx, W, H, VX_DF_IMAGE_RGB);
    g = vxCreateGraph(ctx), refused(g, vxMinMaxLocNode(g, rgb, NULL, NULL, NULL, NULL, NULL, NULL), VX_ERROR_INVALID_FORMAT);
    g = vxCreateGraph(ctx), refused(g, vxMinMaxLocNode(g, u8, i16, NULL, NULL, NULL, NULL, NULL), VX_ERROR_INVALID_TYPE);
    g = vxCreateGraph(ctx), refused(g, vxMinMaxLocNode(g, u8, NULL, NULL, ints, NULL, NULL, NULL), VX_ERROR_INVALID_TYPE);
    g = vxCreateGraph(ctx), refused(g, vxMinMaxLocNode(g, u8, NULL, NULL, NULL, NULL, NULL, fs), VX_ERROR_INVALID_TYPE);
    vx_array small_arr = vxCreateArray(ctx, VX_TYPE_INT32, 4);
    vx_threshold t = vxCreateThresholdForImage(ctx, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
    vx_threshold t2 = vxCreateThresholdForImage(ctx, VX_THRESHOLD_TYPE_RANGE, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
    g = vxCreateGraph(ctx), refused(g, vxCopyNode(g, (vx_reference)u8, (vx_reference)ints), VX_ERROR_INVALID_TYPE);
    g = vxCreateGraph(ctx), refused(g, vxCopyNode(g, (vx_reference)u8, (vx_reference)s16), VX_ERROR_INVALID_FORMAT);
    g = vxCreateGraph(ctx), refused(g, vxCopyNode(g, (vx_reference)u8, (vx_reference)small), VX_ERROR_INVALID_DIMENSION);
    g = vxCreateGraph(ctx), refused(g, vxCopyNode(g, (vx_reference)ints, (vx_reference)small_arr), VX_ERROR_INVALID_DIMENSION);
    g = vxCreateGraph(ctx), refused(g, vxCopyNode(g, (vx_reference)fs, (vx_reference)is), VX_ERROR_INVALID_TYPE);
    g = vxCreateGraph(ctx), refused(g, vxCopyNode(g, (vx_reference)t, (vx_reference)t2), VX_ERROR_INVALID_TYPE);
    CHECK_OK(vxReleaseArray(&small_arr));
    CHECK_OK(vxReleaseThreshold(&t));
    CHECK_OK(vxReleaseThreshold(&t2));
    vx_bool yes = vx_true_e;
    vx_scalar cond = vxCreateScalar(ctx, VX_TYPE_BOOL, &yes);
    vx_reference R_u8 = (vx_reference)u8, R_out = (vx_reference)out;
    g = vxCreateGraph(ctx), refused(g, vxSelectNode(g, is, R_u8, R_u8, R_out), VX_ERROR_INVALID_TYPE);
    g = vxCreateGraph(ctx), refused(g, vxSelectNode(g, cond, R_u8, (vx_reference)fs, R_out), VX_ERROR_INVALID_TYPE);
    g = vxCreateGraph(ctx), refused(g, vxSelectNode(g, cond, R_u8, (vx_reference)small, R_out),
                                    VX_ERROR_INVALID_PARAMETERS);
    g = vxCreateGraph(ctx), refused(g, vxSelectNode(g, cond, R_u8, R_u8, (vx_reference)s16), VX_ERROR_INVALID_FORMAT);
    CHECK_OK(vxReleaseScalar(&cond));
    /* immediate mode refuses the same way */
    CHECK_REFUSED(vxuWeightedAverage(ctx, u8, alpha, u8, out), VX_ERROR_INVALID_VALUE);
    vx_float32 m = 7, s = 8;
    CHECK_REFUSED(vxuMeanStdDev(ctx, s16, &m, &s), VX_ERROR_INVALID_FORMAT);
    CHECK(m == 7 && s == 8);                   /* a refused run writes nothing */
    CHECK_OK(vxReleaseImage(&u8));
    CHECK_OK(vxReleaseImage(&s16));
    CHECK_OK(vxReleaseImage(&small));
    CHECK_OK(vxReleaseImage(&out));
    CHECK_OK(vxReleaseDistribution(&d));
    CHECK_OK(vxReleaseScalar(&alpha));
    CHECK_OK(vxReleaseScalar(&fs));
    CHECK_OK(vxReleaseScalar(&is));
    CHECK_OK(vxReleaseScalar(&fs2));
    CHECK_OK(vxReleaseScalar(&i16));
    CHECK_OK(vxReleaseArray(&ints));
    CHECK_OK(vxReleaseImage(&rgb));
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs = context_references(ctx);
    int32_t v[N];
    vx_image in = test_image(ctx, W, H, VX_DF_IMAGE_U8, 1, v);
    vx_rectangle_t all = {0, 0, W, H};
    histogram(ctx, in, v, all, 256, 0, 256);
    histogram(ctx, in, v, all, 7, 13, 200);     /* a range that is no multiple of the bins */
    histogram(ctx, in, v, all, 3, -10, 50);     /* an offset below the format's range */
    equalize(ctx, in, v);
    integral(ctx, in, v);
    mean_stddev(ctx, in, v, all);
    vx_rectangle_t part = {3, 2, W - 5, H - 4};
    CHECK_OK(vxSetImageValidRectangle(in, &part));
    mean_stddev(ctx, in, v, part);              /* statistics of the valid rectangle only */
    histogram(ctx, in, v, part, 256, 0, 256);
    CHECK_OK(vxReleaseImage(&in));

    int32_t flat[N];
    for (int k = 0; k < N; k++)
        flat[k] = 77;
    in = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    copy_image(in, flat, VX_WRITE_ONLY);
    equalize(ctx, in, flat);                    /* a constant image maps to itself */
    CHECK_OK(vxReleaseImage(&in));

    min_max(ctx, VX_DF_IMAGE_U8);
    min_max(ctx, VX_DF_IMAGE_S16);
    weighted_average(ctx);
    minmaxloc_cases(ctx);
    copies(ctx);
    selects(ctx);
    refusals(ctx);
    CHECK(context_references(ctx) == refs);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
