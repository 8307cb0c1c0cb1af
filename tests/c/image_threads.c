/* Several threads at once: each maps, writes and copies its own band of one shared image (fast
 * path) and creates and releases images of its own (made in C); the result is exact. */
#include <VX/vx.h>
#include <pthread.h>
#include <string.h>

#include "check.h"

enum { THREADS = 4, W = 256, H = 64, ROUNDS = 2000 };

static vx_context ctx;
static vx_image shared;

static void *worker(void *arg)
{
    vx_uint32 t = (vx_uint32)(uintptr_t)arg;
    vx_rectangle_t band = {0, t * (H / THREADS), W, (t + 1) * (H / THREADS)};
    vx_uint8 row[W];
    vx_imagepatch_addressing_t ua = {W, 1, 1, W, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 8};
    for (int k = 0; k < ROUNDS; k++) {
        vx_map_id id;
        vx_imagepatch_addressing_t a;
        void *ptr = NULL;
        CHECK_OK(vxMapImagePatch(shared, &band, 0, &id, &a, &ptr, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST, 0));
        vx_uint8 *p = ptr;
        p[k % W] = (vx_uint8)(p[k % W] + 1);
        CHECK_OK(vxUnmapImagePatch(shared, id));
        vx_rectangle_t line = {0, band.start_y, W, band.start_y + 1};
        CHECK_OK(vxCopyImagePatch(shared, &line, 0, &ua, row, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        if (k % 100 == 0) {
            vx_image own = vxCreateImage(ctx, 32, 32, VX_DF_IMAGE_U8);
            CHECK_REF(own);
            CHECK_OK(vxReleaseImage(&own));
        }
    }
    return NULL;
}

int main(void)
{
    ctx = vxCreateContext();
    CHECK_REF(ctx);
    vx_uint32 start = context_references(ctx);
    shared = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_pixel_value_t zero;
    memset(&zero, 0, sizeof zero);
    CHECK_OK(vxSetImagePixelValues(shared, &zero));
    pthread_t th[THREADS];
    for (uintptr_t t = 0; t < THREADS; t++)
        CHECK(pthread_create(&th[t], NULL, worker, (void *)t) == 0);
    for (int t = 0; t < THREADS; t++)
        pthread_join(th[t], NULL);
    static vx_uint8 all[H][W];
    vx_rectangle_t r = {0, 0, W, H};
    vx_imagepatch_addressing_t ua = {W, H, 1, W, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 8};
    CHECK_OK(vxCopyImagePatch(shared, &r, 0, &ua, all, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    for (int t = 0; t < THREADS; t++) {
        unsigned sum = 0;
        for (int x = 0; x < W; x++)
            sum += all[t * (H / THREADS)][x];
        CHECK(sum == ROUNDS);
    }
    CHECK_OK(vxReleaseImage(&shared));
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    printf("image_threads ok\n");
    return 0;
}
