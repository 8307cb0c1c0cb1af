/* The statistics kernels (IntegralImage, MeanStdDev, MinMaxLoc, EqualizeHist) on widths around the
 * vector widths (main below), whole images and valid rectangles, random, dense-extreme and
 * constant content: one line of results per case (hashes of the outputs, float bits), which the
 * test compares between PVX_SIMD=plain and the SIMD levels, bit for bit. */
#include <VX/vx.h>
#include <VX/vxu.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "std_images.h"

static uint64_t hash(const void *data, size_t bytes, uint64_t h)
{
    for (size_t k = 0; k < bytes; k++)
        h = (h ^ ((const uint8_t *)data)[k]) * 1099511628211u;
    return h;
}

static uint64_t image_hash(vx_image img, vx_uint32 w, vx_uint32 h, vx_size bytes)
{
    void *buf = malloc(bytes * w * h);
    vx_rectangle_t rect = {0, 0, w, h};
    vx_imagepatch_addressing_t addr = {w, h, (vx_int32)bytes, (vx_int32)(bytes * w), VX_SCALE_UNITY,
                                       VX_SCALE_UNITY, 1, 1, (vx_uint16)(8 * bytes)};
    CHECK_OK(vxCopyImagePatch(img, &rect, 0, &addr, buf, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    uint64_t r = hash(buf, bytes * w * h, 14695981039346656037u);
    free(buf);
    return r;
}

static void minmaxloc(vx_context ctx, vx_image in, vx_size capacity)
{
    vx_uint8 lo = 0, hi = 0;
    vx_size lows = 0, highs = 0, items[2];
    vx_scalar s[4] = {vxCreateScalar(ctx, VX_TYPE_UINT8, &lo), vxCreateScalar(ctx, VX_TYPE_UINT8, &hi),
                      vxCreateScalar(ctx, VX_TYPE_SIZE, &lows), vxCreateScalar(ctx, VX_TYPE_SIZE, &highs)};
    vx_array a[2] = {vxCreateArray(ctx, VX_TYPE_COORDINATES2D, capacity),
                     vxCreateArray(ctx, VX_TYPE_COORDINATES2D, capacity)};
    CHECK_OK(vxuMinMaxLoc(ctx, in, s[0], s[1], a[0], a[1], s[2], s[3]));
    CHECK_OK(vxCopyScalar(s[0], &lo, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(vxCopyScalar(s[1], &hi, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(vxCopyScalar(s[2], &lows, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(vxCopyScalar(s[3], &highs, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    uint64_t h = 14695981039346656037u;
    for (int k = 0; k < 2; k++) {
        CHECK_OK(vxQueryArray(a[k], VX_ARRAY_NUMITEMS, &items[k], sizeof items[k]));
        vx_coordinates2d_t *at = malloc(sizeof *at * (items[k] + 1));
        if (items[k])
            CHECK_OK(vxCopyArrayRange(a[k], 0, items[k], sizeof *at, at, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        h = hash(at, sizeof *at * items[k], h);
        free(at);
    }
    printf(" minmaxloc(%zu) %u %u %zu %zu %zu %zu %016" PRIx64, capacity, lo, hi, lows, highs, items[0], items[1], h);
    /* counts alone, then no counts at all */
    CHECK_OK(vxuMinMaxLoc(ctx, in, s[0], s[1], NULL, NULL, s[2], s[3]));
    CHECK_OK(vxCopyScalar(s[2], &lows, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(vxCopyScalar(s[3], &highs, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(vxuMinMaxLoc(ctx, in, s[0], s[1], NULL, NULL, NULL, NULL));
    CHECK_OK(vxCopyScalar(s[0], &lo, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(vxCopyScalar(s[1], &hi, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    printf(" %u %u %zu %zu", lo, hi, lows, highs);
    for (int k = 0; k < 4; k++)
        vxReleaseScalar(&s[k]);
    vxReleaseArray(&a[0]), vxReleaseArray(&a[1]);
}

static void statistics(vx_context ctx, vx_image in, vx_uint32 w, vx_uint32 h)
{
    vx_image out = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U32), eq = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
    CHECK_OK(vxuIntegralImage(ctx, in, out));
    CHECK_OK(vxuEqualizeHist(ctx, in, eq));
    vx_float32 mean = 0, dev = 0;
    CHECK_OK(vxuMeanStdDev(ctx, in, &mean, &dev));
    uint32_t bits[2];
    memcpy(&bits[0], &mean, 4), memcpy(&bits[1], &dev, 4);
    printf(" integral %016" PRIx64 " equalize %016" PRIx64 " mean %08x %08x", image_hash(out, w, h, 4),
           image_hash(eq, w, h, 1), bits[0], bits[1]);
    minmaxloc(ctx, in, (vx_size)w * h);
    minmaxloc(ctx, in, 5);
    vxReleaseImage(&out), vxReleaseImage(&eq);
}

/* One image's line: random content, then (content 1, 2) dense extremes and constant. */
static void sized(vx_context ctx, vx_uint32 w, vx_uint32 h, int seed, int contents, int32_t *v)
{
    for (int content = 0; content < contents; content++) {
        vx_image in = test_image(ctx, w, h, VX_DF_IMAGE_U8, seed, v);
        for (vx_uint32 k = 0; content && k < w * h; k++)
            v[k] = content == 1 ? (v[k] & 3) + 100 : 77;
        copy_image(in, v, VX_WRITE_ONLY);
        printf("%ux%u content %d:", w, h, content);
        statistics(ctx, in, w, h);
        if (w > 2 && h > 2) {
            vx_rectangle_t part = {1, 1, w - 1, h - 1};
            CHECK_OK(vxSetImageValidRectangle(in, &part));
            printf(" | valid:");
            statistics(ctx, in, w, h);
        }
        printf("\n");
        CHECK_OK(vxReleaseImage(&in));
    }
}

/* Widths: a step of the row loops' (4 vectors of 16, 32 or 64 bytes; MeanStdDev 2 x 64 at
 * AVX-512) and rests of 0-3 vectors with and without a tail; a column taller than the sums'
 * chunk of rows (4096 or 8192 vectors) and a row wider than it. */
int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs = context_references(ctx);
    static const vx_uint32 widths[] = {1, 7, 33, 64, 127, 200, 256, 641}, heights[] = {1, 3, 37};
    int32_t *v = malloc(sizeof(int32_t) * 600001);
    for (int wi = 0; wi < 8; wi++)
        for (int hi = 0; hi < 3; hi++)
            sized(ctx, widths[wi], heights[hi], 30 + wi * 3 + hi, 3, v);
    sized(ctx, 1, 9000, 60, 1, v);
    sized(ctx, 600001, 1, 61, 1, v);
    free(v);
    CHECK(context_references(ctx) == refs);
    CHECK_OK(vxReleaseContext(&ctx));
    return 0;
}
