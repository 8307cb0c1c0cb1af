/* HOGCells and HOGFeatures against plain C: two cell shapes and bin counts, fixed point outputs,
 * the features of sliding windows of L2-Hys normalised blocks, as nodes and through vxu. Then
 * refusals. */
#include <VX/vx.h>
#include <VX/vxu.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "std_images.h"

enum { W = 64, H = 48, MAX = 4096 };

static vx_tensor tensor(vx_context ctx, vx_size n, vx_size d0, vx_size d1, vx_size d2, vx_int8 q)
{
    vx_size dims[3] = {d0, d1, d2};
    vx_tensor t = vxCreateTensor(ctx, n, dims, VX_TYPE_INT16, q);
    CHECK_REF(t);
    return t;
}

/* A packed int16 tensor's values, innermost dimension first. */
static void read_tensor(vx_tensor t, int16_t *values)
{
    vx_size n, dims[3] = {1, 1, 1}, start[3] = {0}, strides[3];
    CHECK_OK(vxQueryTensor(t, VX_TENSOR_NUMBER_OF_DIMS, &n, sizeof n));
    CHECK_OK(vxQueryTensor(t, VX_TENSOR_DIMS, dims, n * sizeof dims[0]));
    strides[0] = 2, strides[1] = 2 * dims[0], strides[2] = 2 * dims[0] * dims[1];
    CHECK_OK(vxCopyTensorPatch(t, n, start, dims, strides, values, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
}

static int16_t fixed(double v, int q)
{
    double r = trunc(v * pow(2.0, q));
    return (int16_t)(r >= 32767 ? 32767 : r <= -32768 ? -32768 : r);
}

static int px(const int32_t *img, int x, int y)
{
    x = x < 0 ? 0 : x >= W ? W - 1 : x;
    y = y < 0 ? 0 : y >= H ? H - 1 : y;
    return img[y * W + x];
}

/* The cells of the spec's gradients: average magnitudes and bins, as HOGCells gives them. */
static void cells_reference(const int32_t *img, int cw, int ch, int bins, int qm, int qb, int16_t *mags, int16_t *hist)
{
    const double pi = 3.14159265358979323846;
    int cx_n = W / cw, cy_n = H / ch;
    for (int cy = 0; cy < cy_n; cy++)
        for (int cx = 0; cx < cx_n; cx++) {
            double m_sum = 0, b_sum[32] = {0};
            for (int y = cy * ch; y < (cy + 1) * ch; y++)
                for (int x = cx * cw; x < (cx + 1) * cw; x++) {
                    double gx = px(img, x + 1, y) - px(img, x - 1, y), gy = px(img, x, y + 1) - px(img, x, y - 1);
                    double m = sqrt(gx * gx + gy * gy), t = atan2(gy, gx);
                    if (t < 0)
                        t += pi;
                    if (t >= pi)
                        t -= pi;
                    int b = (int)(t * bins / pi);
                    m_sum += m, b_sum[b < bins ? b : bins - 1] += m;
                }
            mags[cy * cx_n + cx] = fixed(m_sum / (cw * ch), qm);
            for (int b = 0; b < bins; b++)
                hist[(b * cy_n + cy) * cx_n + cx] = fixed(b_sum[b] / (cw * ch), qb);
        }
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    static int32_t img_values[W * H];
    static int16_t want_m[MAX], want_b[MAX * 8], got_m[MAX], got_b[MAX * 8], want_f[MAX * 8], got_f[MAX * 8];
    vx_image img = test_image(ctx, W, H, VX_DF_IMAGE_U8, 13, img_values);
    const struct { int cw, ch, bins, qm, qb; } cases[2] = {{8, 8, 9, 4, 8}, {4, 6, 6, 0, 6}};
    for (int c = 0; c < 2; c++)
        for (int immediate = 0; immediate < 2; immediate++) {
            int cx_n = W / cases[c].cw, cy_n = H / cases[c].ch;
            vx_tensor mags = tensor(ctx, 2, (vx_size)cx_n, (vx_size)cy_n, 1, (vx_int8)cases[c].qm);
            vx_tensor bins = tensor(ctx, 3, (vx_size)cx_n, (vx_size)cy_n, (vx_size)cases[c].bins, (vx_int8)cases[c].qb);
            CHECK_OK(RUN(immediate, ctx, vxuHOGCells(ctx, img, cases[c].cw, cases[c].ch, cases[c].bins, mags, bins),
                         vxHOGCellsNode(graph_, img, cases[c].cw, cases[c].ch, cases[c].bins, mags, bins)));
            cells_reference(img_values, cases[c].cw, cases[c].ch, cases[c].bins, cases[c].qm, cases[c].qb, want_m, want_b);
            read_tensor(mags, got_m), read_tensor(bins, got_b);
            CHECK(memcmp(got_m, want_m, sizeof got_m[0] * cx_n * cy_n) == 0);
            CHECK(memcmp(got_b, want_b, sizeof got_b[0] * cx_n * cy_n * cases[c].bins) == 0);
            vxReleaseTensor(&mags), vxReleaseTensor(&bins);
        }

    /* features: 8x8 cells, 16x16 blocks 8 apart, 32x32 windows 16 apart, 9 bins */
    vx_hog_t hog = {8, 8, 16, 16, 8, 9, 32, 32, 16, 0.2f};
    int cx_n = W / 8, cy_n = H / 8, wx_n = (W - 32) / 16 + 1, wy_n = (H - 32) / 16 + 1, per_block = 2 * 2 * 9;
    int features = 9 * per_block;
    vx_tensor mags = tensor(ctx, 2, (vx_size)cx_n, (vx_size)cy_n, 1, 4), bins = tensor(ctx, 3, (vx_size)cx_n, (vx_size)cy_n, 9, 8);
    CHECK_OK(vxuHOGCells(ctx, img, 8, 8, 9, mags, bins));
    read_tensor(bins, got_b);
    for (int wy = 0; wy < wy_n; wy++)
        for (int wx = 0; wx < wx_n; wx++)
            for (int by = 0; by < 3; by++)
                for (int bx = 0; bx < 3; bx++) {
                    double v[36], norm = 0;
                    int k = 0, cx0 = (wx * 16 + bx * 8) / 8, cy0 = (wy * 16 + by * 8) / 8;
                    for (int j = 0; j < 2; j++)
                        for (int i = 0; i < 2; i++)
                            for (int b = 0; b < 9; b++)
                                v[k++] = got_b[(b * cy_n + cy0 + j) * cx_n + cx0 + i] / 256.0;
                    for (k = 0; k < per_block; k++) norm += v[k] * v[k];
                    norm = sqrt(norm);
                    for (k = 0; norm > 0 && k < per_block; k++) v[k] = v[k] / norm > 0.2f ? 0.2f : v[k] / norm;
                    norm = 0;
                    for (k = 0; k < per_block; k++) norm += v[k] * v[k];
                    norm = sqrt(norm);
                    for (k = 0; k < per_block; k++)
                        want_f[((by * 3 + bx) * per_block + k) * wy_n * wx_n + wy * wx_n + wx] =
                            fixed(norm > 0 ? v[k] / norm : v[k], 14);
                }
    for (int immediate = 0; immediate < 2; immediate++) {
        vx_tensor feat = tensor(ctx, 3, (vx_size)wx_n, (vx_size)wy_n, (vx_size)features, 14);
        CHECK_OK(RUN(immediate, ctx, vxuHOGFeatures(ctx, img, mags, bins, &hog, sizeof hog, feat),
                     vxHOGFeaturesNode(graph_, img, mags, bins, &hog, sizeof hog, feat)));
        read_tensor(feat, got_f);
        for (int k = 0; k < wx_n * wy_n * features; k++)
            if (got_f[k] != want_f[k]) {
                fprintf(stderr, "immediate %d feature %d: %d, expected %d\n", immediate, k, got_f[k], want_f[k]);
                return 1;
            }
        vxReleaseTensor(&feat);
    }
    int nonzero = 0;
    for (int k = 0; k < wx_n * wy_n * features; k++) nonzero += want_f[k] != 0;
    CHECK(nonzero > wx_n * wy_n * features / 2);

    /* refusals */
    vx_image s16 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_S16);
    vx_tensor feat = tensor(ctx, 3, (vx_size)wx_n, (vx_size)wy_n, (vx_size)features, 14);
    vx_tensor wrong = tensor(ctx, 3, (vx_size)cx_n, (vx_size)cy_n, 8, 8), short_mags = tensor(ctx, 2, 3, 3, 1, 0);
    vx_size dims2[2] = {(vx_size)cx_n, (vx_size)cy_n};
    vx_tensor u8 = vxCreateTensor(ctx, 2, dims2, VX_TYPE_UINT8, 0);
    vx_hog_t bad_block = hog;
    bad_block.block_width = 12;
    CHECK_REFUSED(vxuHOGCells(ctx, s16, 8, 8, 9, mags, bins), VX_ERROR_INVALID_FORMAT);
    CHECK_REFUSED(vxuHOGCells(ctx, img, 0, 8, 9, mags, bins), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(vxuHOGCells(ctx, img, 8, 8, 9, u8, bins), VX_ERROR_INVALID_TYPE);
    CHECK_REFUSED(vxuHOGCells(ctx, img, 8, 8, 9, mags, wrong), VX_ERROR_INVALID_DIMENSION);
    CHECK_REFUSED(vxuHOGFeatures(ctx, img, mags, bins, &hog, sizeof hog - 1, feat), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(vxuHOGFeatures(ctx, img, mags, bins, &bad_block, sizeof hog, feat), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(vxuHOGFeatures(ctx, img, mags, wrong, &hog, sizeof hog, feat), VX_ERROR_INVALID_DIMENSION);
    CHECK_REFUSED(vxuHOGFeatures(ctx, img, short_mags, bins, &hog, sizeof hog, feat), VX_ERROR_INVALID_DIMENSION);
    CHECK_REFUSED(vxuHOGFeatures(ctx, img, mags, bins, NULL, sizeof hog, feat), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxuHOGFeatures(ctx, img, mags, bins, &hog, sizeof hog, wrong), VX_ERROR_INVALID_DIMENSION);
    vxReleaseImage(&s16), vxReleaseTensor(&feat), vxReleaseTensor(&wrong), vxReleaseTensor(&short_mags);
    vxReleaseTensor(&u8), vxReleaseTensor(&mags), vxReleaseTensor(&bins), vxReleaseImage(&img);
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
