/* Several threads at once on the one memory/map-table mechanism (csrc/objects/memory.c), for every data
 * type: each thread maps, writes and copies its own part of shared objects (images through ROI
 * views, arrays, tensors, remaps and user data objects by region; LUTs, distributions, matrices,
 * convolutions and thresholds read whole), and the same on objects of its own. Then two threads
 * race to write-map one region of each shared object in lockstep: exactly one of them is refused,
 * every round. At the end every map is closed (a whole-object write map succeeds again), the
 * contents are exact and VX_CONTEXT_REFERENCES is back where it started. */
#define _POSIX_C_SOURCE 200809L   /* pthread barriers */
#include <VX/vx.h>
#include <VX/vx_khr_user_data_object.h>
#include <pthread.h>
#include <string.h>

#include "check.h"

enum { THREADS = 4, ROUNDS = 150, RACES = 40, W = 64, H = 8 * THREADS, K = 16, LUT_SEED = 3 };

static vx_context ctx;

typedef struct objects {
    vx_image image;
    vx_image band[THREADS];           /* ROI views of image, one band of 8 rows per thread */
    vx_array array;                   /* THREADS * K vx_uint32 */
    vx_tensor tensor;                 /* dims {K, 2, THREADS} vx_uint8: slice t is thread t's */
    vx_user_data_object udo;          /* THREADS * K bytes */
    vx_remap remap;                   /* W x THREADS points: row t is thread t's */
    vx_lut lut;
    vx_distribution distribution;
    vx_matrix matrix;
    vx_convolution convolution;
    vx_threshold threshold;
} objects;

static objects shared;

static void create(objects *o)
{
    o->image = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    CHECK_REF(o->image);
    vx_pixel_value_t zero;
    memset(&zero, 0, sizeof zero);
    CHECK_OK(vxSetImagePixelValues(o->image, &zero));
    for (vx_uint32 t = 0; t < THREADS; t++) {
        vx_rectangle_t r = {0, 8 * t, W, 8 * t + 8};
        o->band[t] = vxCreateImageFromROI(o->image, &r);
        CHECK_REF(o->band[t]);
    }
    o->array = vxCreateArray(ctx, VX_TYPE_UINT32, THREADS * K);
    CHECK_REF(o->array);
    vx_uint32 items[THREADS * K] = {0};
    CHECK_OK(vxAddArrayItems(o->array, THREADS * K, items, sizeof items[0]));
    vx_size dims[3] = {K, 2, THREADS};
    o->tensor = vxCreateTensor(ctx, 3, dims, VX_TYPE_UINT8, 0);
    CHECK_REF(o->tensor);
    o->udo = vxCreateUserDataObject(ctx, "counters_t", THREADS * K, NULL);
    CHECK_REF(o->udo);
    o->remap = vxCreateRemap(ctx, W, W, W, THREADS);
    CHECK_REF(o->remap);
    o->lut = vxCreateLUT(ctx, VX_TYPE_UINT8, 256);
    CHECK_REF(o->lut);
    vx_uint8 table[256];
    for (int i = 0; i < 256; i++)
        table[i] = (vx_uint8)(i * LUT_SEED);
    CHECK_OK(vxCopyLUT(o->lut, table, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    o->distribution = vxCreateDistribution(ctx, 8, 0, 256);
    CHECK_REF(o->distribution);
    vx_int32 bins[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    CHECK_OK(vxCopyDistribution(o->distribution, bins, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    o->matrix = vxCreateMatrix(ctx, VX_TYPE_INT32, 3, 2);
    CHECK_REF(o->matrix);
    vx_int32 m[6] = {-1, 2, -3, 4, -5, 6};
    CHECK_OK(vxCopyMatrix(o->matrix, m, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    o->convolution = vxCreateConvolution(ctx, 3, 3);
    CHECK_REF(o->convolution);
    vx_int16 c[9] = {1, 2, 1, 2, 4, 2, 1, 2, 1};
    CHECK_OK(vxCopyConvolutionCoefficients(o->convolution, c, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    o->threshold = vxCreateThresholdForImage(ctx, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
    CHECK_REF(o->threshold);
    vx_pixel_value_t v;
    memset(&v, 0, sizeof v);
    v.U8 = 77;
    CHECK_OK(vxCopyThresholdValue(o->threshold, &v, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
}

static void destroy(objects *o)
{
    for (int t = 0; t < THREADS; t++)
        CHECK_OK(vxReleaseImage(&o->band[t]));
    CHECK_OK(vxReleaseImage(&o->image));
    CHECK_OK(vxReleaseArray(&o->array));
    CHECK_OK(vxReleaseTensor(&o->tensor));
    CHECK_OK(vxReleaseUserDataObject(&o->udo));
    CHECK_OK(vxReleaseRemap(&o->remap));
    CHECK_OK(vxReleaseLUT(&o->lut));
    CHECK_OK(vxReleaseDistribution(&o->distribution));
    CHECK_OK(vxReleaseMatrix(&o->matrix));
    CHECK_OK(vxReleaseConvolution(&o->convolution));
    CHECK_OK(vxReleaseThreshold(&o->threshold));
}

/* One round of thread t's work on its part of `o`: increment one counter of each part by map,
 * read the part back by copy, and read the whole-object types (contents never change). */
static void work(objects *o, vx_uint32 t, int k)
{
    vx_map_id id;
    void *ptr;
    vx_uint32 x = (vx_uint32)k % K;

    vx_rectangle_t band = {0, 0, W, 8};
    vx_imagepatch_addressing_t a;
    CHECK_OK(vxMapImagePatch(o->band[t], &band, 0, &id, &a, &ptr, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST, 0));
    ((vx_uint8 *)ptr)[x] += 1;
    CHECK_OK(vxUnmapImagePatch(o->band[t], id));
    vx_uint8 row[W];
    vx_imagepatch_addressing_t ua = {W, 1, 1, W, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 8};
    vx_rectangle_t line = {0, 8 * t, W, 8 * t + 1};
    CHECK_OK(vxCopyImagePatch(o->image, &line, 0, &ua, row, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));

    vx_size stride;
    CHECK_OK(vxMapArrayRange(o->array, t * K, t * K + K, &id, &stride, &ptr, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST, 0));
    ((vx_uint32 *)ptr)[x] += 1;
    CHECK_OK(vxUnmapArrayRange(o->array, id));
    vx_uint32 items[K];
    CHECK_OK(vxCopyArrayRange(o->array, t * K, t * K + K, sizeof items[0], items, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));

    vx_size start[3] = {0, 0, t}, end[3] = {K, 2, t + 1}, strides[3];
    CHECK_OK(vxMapTensorPatch(o->tensor, 3, start, end, &id, strides, &ptr, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST));
    ((vx_uint8 *)ptr)[x] += 1;
    CHECK_OK(vxUnmapTensorPatch(o->tensor, id));

    CHECK_OK(vxMapUserDataObject(o->udo, t * K, K, &id, &ptr, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST, 0));
    ((vx_uint8 *)ptr)[x] += 1;
    CHECK_OK(vxUnmapUserDataObject(o->udo, id));
    vx_uint8 bytes[K];
    CHECK_OK(vxCopyUserDataObject(o->udo, t * K, K, bytes, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));

    vx_rectangle_t points = {0, t, W, t + 1};
    vx_size stride_y;
    CHECK_OK(vxMapRemapPatch(o->remap, &points, &id, &stride_y, &ptr, VX_TYPE_COORDINATES2DF, VX_READ_AND_WRITE,
                             VX_MEMORY_TYPE_HOST));
    ((vx_coordinates2df_t *)ptr)[x].x += 1.0f;
    CHECK_OK(vxUnmapRemapPatch(o->remap, id));

    CHECK_OK(vxMapLUT(o->lut, &id, &ptr, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0));
    CHECK(((vx_uint8 *)ptr)[x] == (vx_uint8)(x * LUT_SEED));
    CHECK_OK(vxUnmapLUT(o->lut, id));
    CHECK_OK(vxMapDistribution(o->distribution, &id, &ptr, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0));
    CHECK(((vx_int32 *)ptr)[x % 8] == (vx_int32)(x % 8 + 1));
    CHECK_OK(vxUnmapDistribution(o->distribution, id));
    vx_int32 m[6];
    CHECK_OK(vxCopyMatrix(o->matrix, m, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(m[0] == -1 && m[5] == 6);
    vx_int16 c[9];
    CHECK_OK(vxCopyConvolutionCoefficients(o->convolution, c, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(c[4] == 4 && c[8] == 1);
    vx_pixel_value_t v;
    CHECK_OK(vxCopyThresholdValue(o->threshold, &v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(v.U8 == 77);
}

/* After `rounds` rounds of work by one thread on part t: every counter of the part is exact. */
static void check_part(objects *o, vx_uint32 t, int rounds)
{
    for (int x = 0; x < K; x++) {
        int n = rounds / K + (x < rounds % K);
        vx_uint8 want = (vx_uint8)n;
        vx_uint8 px[1];
        vx_imagepatch_addressing_t ua = {1, 1, 1, 1, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 8};
        vx_rectangle_t r = {(vx_uint32)x, 8 * t, (vx_uint32)x + 1, 8 * t + 1};
        CHECK_OK(vxCopyImagePatch(o->image, &r, 0, &ua, px, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK(px[0] == want);
        vx_uint32 item;
        CHECK_OK(vxCopyArrayRange(o->array, t * K + x, t * K + x + 1, sizeof item, &item, VX_READ_ONLY,
                                  VX_MEMORY_TYPE_HOST));
        CHECK(item == (vx_uint32)n);
        vx_size start[3] = {(vx_size)x, 0, t}, end[3] = {(vx_size)x + 1, 1, t + 1}, st[3] = {1, 1, 1};
        vx_uint8 e;
        CHECK_OK(vxCopyTensorPatch(o->tensor, 3, start, end, st, &e, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK(e == want);
        CHECK_OK(vxCopyUserDataObject(o->udo, t * K + x, 1, &e, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK(e == want);
        vx_coordinates2df_t p;
        vx_rectangle_t pr = {(vx_uint32)x, t, (vx_uint32)x + 1, t + 1};
        CHECK_OK(vxCopyRemapPatch(o->remap, &pr, sizeof p, &p, VX_TYPE_COORDINATES2DF, VX_READ_ONLY,
                                  VX_MEMORY_TYPE_HOST));
        CHECK(p.x == (vx_float32)n);
    }
}

static pthread_barrier_t barrier;
static int refusals[2], wins[2];

/* A write map, by side 0 or 1, of regions of the shared objects that overlap between sides. */
static vx_status map_write(int kind, int side, vx_map_id *id)
{
    void *ptr;
    vx_size stride;
    vx_rectangle_t rows = {0, 4, W, 12};          /* across bands 0 and 1 */
    vx_rectangle_t view_rows = {0, 4, W, 8};      /* band 0's rows 4..8: the same root rows 4..8 */
    vx_imagepatch_addressing_t a;
    vx_size start[3] = {2, 0, 1}, end[3] = {6, 2, 2}, strides[3];
    vx_rectangle_t points = {8, 1, 16, 3};
    switch (kind) {
    case 0:   /* the root against its ROI view: one table */
        return side == 0 ? vxMapImagePatch(shared.image, &rows, 0, id, &a, &ptr, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0)
                         : vxMapImagePatch(shared.band[0], &view_rows, 0, id, &a, &ptr, VX_READ_AND_WRITE,
                                           VX_MEMORY_TYPE_HOST, 0);
    case 1:
        return vxMapArrayRange(shared.array, side ? 10 : 5, side ? 20 : 11, id, &stride, &ptr, VX_WRITE_ONLY,
                               VX_MEMORY_TYPE_HOST, 0);
    case 2:
        return vxMapTensorPatch(shared.tensor, 3, start, end, id, strides, &ptr, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST);
    case 3:
        return vxMapUserDataObject(shared.udo, side ? 7 : 0, side ? 0 : 8, id, &ptr, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0);
    case 4:
        return vxMapRemapPatch(shared.remap, &points, id, &stride, &ptr, VX_TYPE_COORDINATES2DF, VX_WRITE_ONLY,
                               VX_MEMORY_TYPE_HOST);
    case 5:
        return vxMapLUT(shared.lut, id, &ptr, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST, 0);
    default:
        return vxMapDistribution(shared.distribution, id, &ptr, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST, 0);
    }
}

static vx_status unmap(int kind, int side, vx_map_id id)
{
    switch (kind) {
    case 0: return vxUnmapImagePatch(side == 0 ? shared.image : shared.band[0], id);
    case 1: return vxUnmapArrayRange(shared.array, id);
    case 2: return vxUnmapTensorPatch(shared.tensor, id);
    case 3: return vxUnmapUserDataObject(shared.udo, id);
    case 4: return vxUnmapRemapPatch(shared.remap, id);
    case 5: return vxUnmapLUT(shared.lut, id);
    default: return vxUnmapDistribution(shared.distribution, id);
    }
}

enum { KINDS = 7 };

static void *racer(void *arg)
{
    int side = (int)(uintptr_t)arg;
    for (int round = 0; round < RACES; round++) {
        for (int kind = 0; kind < KINDS; kind++) {
            vx_map_id id = 0;
            pthread_barrier_wait(&barrier);
            vx_status s = map_write(kind, side, &id);
            CHECK(s == VX_SUCCESS || s == VX_ERROR_NO_RESOURCES);
            pthread_barrier_wait(&barrier);           /* both tried while the winner's map is open */
            if (s == VX_SUCCESS) {
                wins[side]++;
                CHECK_OK(unmap(kind, side, id));
            } else {
                refusals[side]++;
            }
            pthread_barrier_wait(&barrier);
            CHECK(wins[0] + wins[1] == round * KINDS + kind + 1);
            CHECK(refusals[0] + refusals[1] == round * KINDS + kind + 1);
            pthread_barrier_wait(&barrier);           /* nobody reads the counts while they change */
        }
    }
    return NULL;
}

static void *worker(void *arg)
{
    vx_uint32 t = (vx_uint32)(uintptr_t)arg;
    objects own;
    create(&own);
    for (int k = 0; k < ROUNDS; k++) {
        work(&shared, t, k);
        work(&own, t, k);
    }
    check_part(&own, t, ROUNDS);
    destroy(&own);
    return NULL;
}

/* No map is left open: a write map of everything succeeds. */
static void all_closed(void)
{
    vx_map_id id;
    void *ptr;
    vx_size stride;
    vx_rectangle_t all = {0, 0, W, H};
    vx_imagepatch_addressing_t a;
    CHECK_OK(vxMapImagePatch(shared.image, &all, 0, &id, &a, &ptr, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0));
    CHECK_OK(vxUnmapImagePatch(shared.image, id));
    CHECK_OK(vxMapArrayRange(shared.array, 0, THREADS * K, &id, &stride, &ptr, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0));
    CHECK_OK(vxUnmapArrayRange(shared.array, id));
    vx_size start[3] = {0, 0, 0}, end[3] = {K, 2, THREADS}, strides[3];
    CHECK_OK(vxMapTensorPatch(shared.tensor, 3, start, end, &id, strides, &ptr, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(vxUnmapTensorPatch(shared.tensor, id));
    CHECK_OK(vxMapUserDataObject(shared.udo, 0, 0, &id, &ptr, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0));
    CHECK_OK(vxUnmapUserDataObject(shared.udo, id));
    for (int kind = 4; kind < KINDS; kind++) {
        CHECK_OK(map_write(kind, 0, &id));
        CHECK_OK(unmap(kind, 0, id));
    }
}

int main(void)
{
    ctx = vxCreateContext();
    CHECK_REF(ctx);
    vx_uint32 start = context_references(ctx);
    create(&shared);
    pthread_t th[THREADS];
    for (uintptr_t t = 0; t < THREADS; t++)
        CHECK(pthread_create(&th[t], NULL, worker, (void *)t) == 0);
    for (int t = 0; t < THREADS; t++)
        CHECK(pthread_join(th[t], NULL) == 0);
    for (vx_uint32 t = 0; t < THREADS; t++)
        check_part(&shared, t, ROUNDS);
    all_closed();

    CHECK(pthread_barrier_init(&barrier, NULL, 2) == 0);
    for (uintptr_t side = 0; side < 2; side++)
        CHECK(pthread_create(&th[side], NULL, racer, (void *)side) == 0);
    for (int side = 0; side < 2; side++)
        CHECK(pthread_join(th[side], NULL) == 0);
    pthread_barrier_destroy(&barrier);
    CHECK(wins[0] + wins[1] == RACES * KINDS && refusals[0] + refusals[1] == RACES * KINDS);
    all_closed();

    destroy(&shared);
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    printf("memory_threads ok\n");
    return 0;
}
