/* HOGCells and HOGFeatures against plain C (the conformance tests' reference computation): two
 * cell shapes and bin counts, the features of windows of normalised blocks, as nodes and through
 * vxu. Then refusals. */
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

static int px(const int32_t *img, int x, int y)
{
    x = x < 0 ? 0 : x >= W ? W - 1 : x;
    y = y < 0 ? 0 : y >= H ? H - 1 : y;
    return img[y * W + x];
}

/* HOGCells as the conformance tests' reference: float gradients, signed orientation over 360
 * degrees, each pixel's magnitude / area added to an int16 truncated after every addition; the
 * values as they are, bins fastest in memory. */
static void cells_reference(const int32_t *img, int cw, int ch, int bins, int16_t *mags, int16_t *hist)
{
    int cx_n = W / cw, cy_n = H / ch;
    memset(mags, 0, sizeof *mags * (size_t)(cx_n * cy_n));
    memset(hist, 0, sizeof *hist * (size_t)(cx_n * cy_n * bins));
    for (int y = 0; y < cy_n * ch; y++)
        for (int x = 0; x < cx_n * cw; x++) {
            float gx = (float)(px(img, x + 1, y) - px(img, x - 1, y)), gy = (float)(px(img, x, y + 1) - px(img, x, y - 1));
            float m = sqrtf(gx * gx + gy * gy), area = (float)(cw * ch);
            float t = (float)fmod((double)atan2f(gy, (float)(gx + 1e-14)) * (180 / 3.14159265), 360);
            if (t < 0)
                t += 360;
            int b = (int)floor(t * ((float)bins / 360.0f)), c = (y / ch) * cx_n + x / cw;
            b = b < bins ? b : bins - 1;
            mags[c] = (int16_t)((float)mags[c] + m / area);
            hist[c * bins + b] = (int16_t)((float)hist[c * bins + b] + m / area);
        }
}

/* HOGFeatures as the conformance tests' reference: whole windows (width / window width) at
 * window_stride, blocks normalised by their cells' magnitudes, clipped, to Q8, renormalised, in
 * the order windows, blocks, cells, bins. */
static int features_reference(const int16_t *mags, const int16_t *hist, const vx_hog_t *h, int16_t *out)
{
    int n_cells_x = W / h->cell_width, k = 0, cbw = h->block_width / h->cell_width, cbh = h->block_height / h->cell_height;
    int bx_n = (h->window_width - h->block_width) / h->block_stride + 1;
    int by_n = (h->window_height - h->block_height) / h->block_stride + 1;
    for (int wy = 0; wy < H / h->window_height; wy++)
        for (int wx = 0; wx < W / h->window_width; wx++)
            for (int by = 0; by < by_n; by++)
                for (int bx = 0; bx < bx_n; bx++) {
                    int first = wy * (n_cells_x * h->window_stride / h->cell_height) + wx * (h->window_stride / h->cell_width) +
                                by * (n_cells_x * h->block_stride / h->cell_height) + bx * h->block_stride / h->cell_height;
                    float sum = 0, renorm = 0;
                    for (int y = 0; y < cbh; y++)
                        for (int x = 0; x < cbw; x++)
                            sum += (float)mags[first + y * n_cells_x + x] * (float)mags[first + y * n_cells_x + x];
                    sum = sqrtf(sum + 1e-14f);
                    int start = k;
                    for (int y = 0; y < cbh; y++)
                        for (int x = 0; x < cbw; x++)
                            for (int b = 0; b < h->num_bins; b++) {
                                float v = hist[(first + y * n_cells_x + x) * h->num_bins + b] / sum;
                                out[k++] = (int16_t)((v < h->threshold ? v : h->threshold) * 256.0f);
                            }
                    for (int i = start; i < k; i++) renorm += (out[i] / 256.0f) * (out[i] / 256.0f);
                    renorm = sqrtf(renorm + 1e-14f);
                    for (int i = start; i < k; i++) out[i] = (int16_t)((out[i] / 256.0f / renorm) * 256.0f);
                }
    return k;
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
            cells_reference(img_values, cases[c].cw, cases[c].ch, cases[c].bins, want_m, want_b);
            read_tensor(mags, got_m), read_tensor(bins, got_b);
            CHECK(memcmp(got_m, want_m, sizeof got_m[0] * cx_n * cy_n) == 0);
            CHECK(memcmp(got_b, want_b, sizeof got_b[0] * cx_n * cy_n * cases[c].bins) == 0);
            int nonzero = 0;
            for (int k = 0; k < cx_n * cy_n; k++) nonzero += want_m[k] != 0;
            CHECK(nonzero > cx_n * cy_n / 2);
            vxReleaseTensor(&mags), vxReleaseTensor(&bins);
        }

    /* features: 8x8 cells, 16x16 blocks 8 apart, 32x32 windows 16 apart, 9 bins; the hog_param_size
     * the conformance tests pass (1) accepted */
    vx_hog_t hog = {8, 8, 16, 16, 8, 9, 32, 32, 16, 0.2f};
    int cx_n = W / 8, cy_n = H / 8, wx_n = (W - 32) / 16 + 1, wy_n = (H - 32) / 16 + 1, per_block = 2 * 2 * 9;
    int features = 9 * per_block;
    vx_tensor mags = tensor(ctx, 2, (vx_size)cx_n, (vx_size)cy_n, 1, 4), bins = tensor(ctx, 3, (vx_size)cx_n, (vx_size)cy_n, 9, 8);
    CHECK_OK(vxuHOGCells(ctx, img, 8, 8, 9, mags, bins));
    read_tensor(mags, got_m), read_tensor(bins, got_b);
    memset(want_f, 0, sizeof want_f);
    int listed = features_reference(got_m, got_b, &hog, want_f);
    CHECK(listed == (W / 32) * (H / 32) * features && listed < wx_n * wy_n * features);
    for (int immediate = 0; immediate < 2; immediate++) {
        vx_tensor feat = tensor(ctx, 3, (vx_size)wx_n, (vx_size)wy_n, (vx_size)features, 14);
        CHECK_OK(RUN(immediate, ctx, vxuHOGFeatures(ctx, img, mags, bins, &hog, immediate ? 1 : sizeof hog, feat),
                     vxHOGFeaturesNode(graph_, img, mags, bins, &hog, immediate ? 1 : sizeof hog, feat)));
        read_tensor(feat, got_f);
        for (int k = 0; k < wx_n * wy_n * features; k++)
            if (got_f[k] != want_f[k]) {
                fprintf(stderr, "immediate %d feature %d: %d, expected %d\n", immediate, k, got_f[k], want_f[k]);
                return 1;
            }
        vxReleaseTensor(&feat);
    }
    int nonzero = 0;
    for (int k = 0; k < listed; k++) nonzero += want_f[k] != 0;
    CHECK(nonzero > listed / 2);

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
