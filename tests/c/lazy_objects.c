/* Scalars and arrays vxCreateScalar and vxCreateArray make in C (csrc/objects/lazy.h) behave like
 * any other, before Python has met them (queries, copies, maps, appends, counts, release) and after
 * (names, retain, node parameters, delays, object arrays), with VX_CONTEXT_REFERENCES exact
 * throughout; what C does not serve is refused with its status and one log entry; a context
 * release frees what is left; threads create, use and release them at once. */
#include <VX/vx.h>
#include <pthread.h>
#include <string.h>

#include "check.h"

static vx_context ctx;

static vx_int32 read_i32(vx_scalar s)
{
    vx_int32 v = -1;
    CHECK_OK(vxCopyScalar(s, &v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    return v;
}

static vx_size array_attr(vx_array a, vx_enum attribute)
{
    vx_size v = 0;
    CHECK_OK(vxQueryArray(a, attribute, &v, sizeof v));
    return v;
}

static vx_enum type_of(void *ref)
{
    vx_enum e = 0;
    CHECK_OK(vxQueryReference((vx_reference)ref, VX_REFERENCE_TYPE, &e, sizeof e));
    return e;
}

/* Everything that answers without making the Python object, then the release in C. */
static void never_seen_by_python(vx_uint32 start)
{
    vx_int32 seven = 7;
    vx_scalar s = vxCreateScalar(ctx, VX_TYPE_INT32, &seven);
    CHECK_REF(s);
    CHECK(context_references(ctx) == start + 1 && ref_count(s) == 1 && type_of(s) == VX_TYPE_SCALAR);
    vx_enum t;
    CHECK_OK(vxQueryScalar(s, VX_SCALAR_TYPE, &t, sizeof t));
    CHECK(t == VX_TYPE_INT32 && read_i32(s) == 7);
    vx_int32 eight = 8;
    CHECK_OK(vxCopyScalar(s, &eight, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(read_i32(s) == 8);
    vx_scalar empty = vxCreateScalar(ctx, VX_TYPE_INT32, NULL);   /* no value: zero, memory on first copy */
    CHECK(read_i32(empty) == 0 && vxGetContext((vx_reference)empty) == ctx);
    CHECK(context_references(ctx) == start + 2);
    CHECK_OK(vxReleaseScalar(&s));
    CHECK(s == NULL && context_references(ctx) == start + 1);
    CHECK_OK(vxReleaseReference((vx_reference *)&empty));
    CHECK(empty == NULL && context_references(ctx) == start);

    vx_array a = vxCreateArray(ctx, VX_TYPE_COORDINATES2D, 10);
    CHECK_REF(a);
    CHECK(context_references(ctx) == start + 1 && type_of(a) == VX_TYPE_ARRAY);
    CHECK(array_attr(a, VX_ARRAY_CAPACITY) == 10 && array_attr(a, VX_ARRAY_ITEMSIZE) == sizeof(vx_coordinates2d_t));
    CHECK(array_attr(a, VX_ARRAY_NUMITEMS) == 0);
    vx_enum item;
    CHECK_OK(vxQueryArray(a, VX_ARRAY_ITEMTYPE, &item, sizeof item));
    CHECK(item == VX_TYPE_COORDINATES2D);
    vx_coordinates2d_t pts[4] = {{1, 2}, {3, 4}, {5, 6}, {7, 8}}, back[4];
    CHECK_OK(vxAddArrayItems(a, 4, pts, sizeof pts[0]));
    CHECK(array_attr(a, VX_ARRAY_NUMITEMS) == 4);
    CHECK_OK(vxCopyArrayRange(a, 1, 3, sizeof back[0], back, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(back[0].x == 3 && back[1].y == 6);
    vx_map_id id;
    vx_size stride;
    void *ptr = NULL;
    CHECK_OK(vxMapArrayRange(a, 0, 4, &id, &stride, &ptr, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST, 0));
    CHECK(stride == sizeof pts[0] && ((vx_coordinates2d_t *)ptr)[3].x == 7);
    ((vx_coordinates2d_t *)ptr)[3].x = 70;
    CHECK_OK(vxUnmapArrayRange(a, id));
    CHECK_OK(vxTruncateArray(a, 2));
    CHECK(array_attr(a, VX_ARRAY_NUMITEMS) == 2);
    CHECK(context_references(ctx) == start + 1);
    CHECK_OK(vxReleaseArray(&a));
    CHECK(a == NULL && context_references(ctx) == start);
}

/* Used while unseen, then met by Python (a name, a retain), which finds the same value. */
static void seen_by_python(vx_uint32 start)
{
    vx_int32 v = 41;
    vx_scalar s = vxCreateScalar(ctx, VX_TYPE_INT32, &v);
    vx_array a = vxCreateArray(ctx, VX_TYPE_UINT16, 5);
    vx_uint16 items[3] = {10, 20, 30}, back[3];
    CHECK_OK(vxAddArrayItems(a, 3, items, sizeof items[0]));
    CHECK_OK(vxSetReferenceName((vx_reference)s, "lazy scalar"));
    vx_char *name = NULL;
    CHECK_OK(vxQueryReference((vx_reference)s, VX_REFERENCE_NAME, &name, sizeof name));
    CHECK(strcmp(name, "lazy scalar") == 0 && read_i32(s) == 41);
    CHECK_OK(vxRetainReference((vx_reference)a));
    CHECK(ref_count(a) == 2 && context_references(ctx) == start + 2);
    CHECK_OK(vxCopyArrayRange(a, 0, 3, sizeof back[0], back, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(back[2] == 30 && array_attr(a, VX_ARRAY_NUMITEMS) == 3);
    vx_array again = a;
    CHECK_OK(vxReleaseArray(&again));
    CHECK(ref_count(a) == 1 && context_references(ctx) == start + 2);
    CHECK_OK(vxReleaseArray(&a));
    CHECK_OK(vxReleaseScalar(&s));
    CHECK(context_references(ctx) == start);
}

/* Node parameters, delays and object arrays take unseen scalars and arrays (Python meets them there). */
static void graphs_delays_object_arrays(vx_uint32 start)
{
    vx_image in = u8_image(ctx, 32, 24, 9), out = vxCreateImage(ctx, 32, 24, VX_DF_IMAGE_S16);
    vx_int32 shift = 2;
    vx_scalar sh = vxCreateScalar(ctx, VX_TYPE_INT32, &shift);
    vx_float32 thresh = 10.0f;
    vx_scalar strength = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &thresh);
    vx_size many = 99;
    vx_scalar num = vxCreateScalar(ctx, VX_TYPE_SIZE, &many);
    vx_array corners = vxCreateArray(ctx, VX_TYPE_KEYPOINT, 100);
    vx_graph g = vxCreateGraph(ctx);
    vx_node convert = vxConvertDepthNode(g, in, out, VX_CONVERT_POLICY_SATURATE, sh);
    vx_node fast = vxFastCornersNode(g, in, strength, vx_true_e, corners, num);
    CHECK_REF(convert);
    CHECK_REF(fast);
    CHECK(context_references(ctx) == start + 9);
    CHECK_OK(vxReleaseScalar(&sh));                   /* the graph holds them */
    CHECK_OK(vxReleaseScalar(&strength));
    CHECK_OK(vxProcessGraph(g));
    vx_int16 px;
    vx_rectangle_t r = {3, 3, 4, 4};
    CHECK_OK(vxCopyImagePatch(out, &r, 0, &(vx_imagepatch_addressing_t){1, 1, 2, 2, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 16},
                              &px, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(px == 9 << 2);
    vx_size found = 1;
    CHECK_OK(vxCopyScalar(num, &found, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(found == 0 && array_attr(corners, VX_ARRAY_NUMITEMS) == 0);   /* a flat image has no corner */
    CHECK_OK(vxReleaseNode(&convert));
    CHECK_OK(vxReleaseNode(&fast));
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_OK(vxReleaseScalar(&num));
    CHECK_OK(vxReleaseArray(&corners));
    CHECK_OK(vxReleaseImage(&in));
    CHECK_OK(vxReleaseImage(&out));
    CHECK(context_references(ctx) == start);

    /* vxSetParameterByIndex of an unseen scalar */
    g = vxCreateGraph(ctx);
    in = u8_image(ctx, 8, 8, 1), out = vxCreateImage(ctx, 8, 8, VX_DF_IMAGE_S16);
    shift = 0;
    sh = vxCreateScalar(ctx, VX_TYPE_INT32, &shift);
    convert = vxConvertDepthNode(g, in, out, VX_CONVERT_POLICY_SATURATE, sh);
    shift = 3;
    vx_scalar other = vxCreateScalar(ctx, VX_TYPE_INT32, &shift);
    CHECK_OK(vxSetParameterByIndex(convert, 3, (vx_reference)other));
    CHECK_OK(vxProcessGraph(g));
    CHECK_OK(vxCopyImagePatch(out, &r, 0, &(vx_imagepatch_addressing_t){1, 1, 2, 2, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 16},
                              &px, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(px == 1 << 3);
    CHECK_OK(vxReleaseScalar(&other));
    CHECK_OK(vxReleaseScalar(&sh));
    CHECK_OK(vxReleaseNode(&convert));
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_OK(vxReleaseImage(&in));
    CHECK_OK(vxReleaseImage(&out));
    CHECK(context_references(ctx) == start);

    vx_int32 v = 5;
    vx_scalar exemplar = vxCreateScalar(ctx, VX_TYPE_INT32, &v);
    vx_delay delay = vxCreateDelay(ctx, (vx_reference)exemplar, 2);
    CHECK_REF(delay);
    vx_scalar slot = (vx_scalar)vxGetReferenceFromDelay(delay, -1);
    vx_enum t;
    CHECK_OK(vxQueryScalar(slot, VX_SCALAR_TYPE, &t, sizeof t));
    CHECK(t == VX_TYPE_INT32);
    CHECK_OK(vxReleaseDelay(&delay));
    vx_array item_exemplar = vxCreateArray(ctx, VX_TYPE_FLOAT32, 6);
    vx_object_array arr = vxCreateObjectArray(ctx, (vx_reference)item_exemplar, 3);
    CHECK_REF(arr);
    vx_array item = (vx_array)vxGetObjectArrayItem(arr, 2);
    CHECK(array_attr(item, VX_ARRAY_CAPACITY) == 6 && array_attr(item, VX_ARRAY_ITEMSIZE) == 4);
    CHECK_OK(vxReleaseArray(&item));
    CHECK_OK(vxReleaseObjectArray(&arr));
    CHECK(context_references(ctx) == start + 2);
    CHECK_OK(vxReleaseArray(&item_exemplar));
    CHECK_OK(vxReleaseScalar(&exemplar));
    CHECK(context_references(ctx) == start);
}

/* What C does not serve goes to Python, which refuses with its status and one log entry. */
static void refusals(vx_uint32 start)
{
    vx_int32 v = 1;
    CHECK_CREATE_REFUSED(vxCreateScalar(ctx, VX_TYPE_RECTANGLE, &v), VX_ERROR_INVALID_TYPE);
    CHECK_CREATE_REFUSED(vxCreateScalar(ctx, 0x7777, &v), VX_ERROR_INVALID_TYPE);
    CHECK_CREATE_REFUSED(vxCreateArray(ctx, 0x7777, 4), VX_ERROR_INVALID_TYPE);
    CHECK_CREATE_REFUSED(vxCreateArray(ctx, VX_TYPE_UINT8, 0), VX_ERROR_INVALID_DIMENSION);
    CHECK_CREATE_REFUSED(vxCreateArray(ctx, VX_TYPE_UINT8, (vx_size)1 << 62), VX_ERROR_NO_MEMORY);
    CHECK_CREATE_REFUSED(vxCreateArray(ctx, VX_TYPE_KEYPOINT, (vx_size)1 << 60), VX_ERROR_NO_MEMORY);
    vx_scalar s = vxCreateScalar(ctx, VX_TYPE_INT32, &v);
    vx_array a = vxCreateArray(ctx, VX_TYPE_INT32, 4);
    /* a scalar is not a context, nor an array; a released scalar is not a scalar */
    CHECK_CREATE_REFUSED(vxCreateScalar((vx_context)s, VX_TYPE_INT32, &v), VX_ERROR_INVALID_REFERENCE);
    CHECK_CREATE_REFUSED(vxCreateArray((vx_context)a, VX_TYPE_INT32, 4), VX_ERROR_INVALID_REFERENCE);
    vx_array not_array = (vx_array)s;
    CHECK_REFUSED(vxReleaseArray(&not_array), VX_ERROR_INVALID_REFERENCE);
    vx_scalar not_scalar = (vx_scalar)a;
    CHECK_REFUSED(vxReleaseScalar(&not_scalar), VX_ERROR_INVALID_REFERENCE);
    CHECK(context_references(ctx) == start + 2);
    vx_scalar stale = s;
    CHECK_OK(vxReleaseScalar(&s));
    CHECK_REFUSED(vxReleaseScalar(&stale), VX_ERROR_INVALID_REFERENCE);
    CHECK_STATUS(vxCopyScalar(stale, &v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_REFERENCE);
    CHECK_STATUS(vxReleaseScalar(NULL), VX_ERROR_INVALID_REFERENCE);
    CHECK_STATUS(vxReleaseArray(NULL), VX_ERROR_INVALID_REFERENCE);
    vx_scalar null_scalar = NULL;
    CHECK_STATUS(vxReleaseScalar(&null_scalar), VX_ERROR_INVALID_REFERENCE);
    CHECK_OK(vxReleaseArray(&a));
    CHECK(context_references(ctx) == start);
}

enum { THREADS = 4, ROUNDS = 2000 };

static void *worker(void *arg)
{
    vx_int32 t = (vx_int32)(uintptr_t)arg;
    for (vx_int32 k = 0; k < ROUNDS; k++) {
        vx_int32 v = k * THREADS + t;
        vx_scalar s = vxCreateScalar(ctx, VX_TYPE_INT32, &v);
        vx_array a = vxCreateArray(ctx, VX_TYPE_INT32, 2);
        CHECK_REF(s);
        CHECK_REF(a);
        CHECK_OK(vxAddArrayItems(a, 1, &v, sizeof v));
        if (k % 50 == 0) {
            CHECK_OK(vxSetReferenceName((vx_reference)s, "seen"));
            CHECK_OK(vxSetReferenceName((vx_reference)a, "seen"));
        }
        vx_int32 back = -1;
        CHECK_OK(vxCopyArrayRange(a, 0, 1, sizeof back, &back, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK(read_i32(s) == v && back == v);
        CHECK_OK(vxReleaseScalar(&s));
        CHECK_OK(vxReleaseReference((vx_reference *)&a));
    }
    return NULL;
}

static void threads(vx_uint32 start)
{
    pthread_t th[THREADS];
    for (uintptr_t t = 0; t < THREADS; t++)
        CHECK(pthread_create(&th[t], NULL, worker, (void *)t) == 0);
    for (int t = 0; t < THREADS; t++)
        pthread_join(th[t], NULL);
    CHECK(context_references(ctx) == start);
}

int main(void)
{
    ctx = test_context();
    vx_uint32 start = context_references(ctx);
    never_seen_by_python(start);
    seen_by_python(start);
    graphs_delays_object_arrays(start);
    refusals(start);
    threads(start);

    /* a context release frees those left: unseen (with and without memory) and seen */
    vx_int32 v = 3;
    vx_scalar left_scalars[2] = {vxCreateScalar(ctx, VX_TYPE_INT32, &v), vxCreateScalar(ctx, VX_TYPE_UINT8, NULL)};
    vx_array left_arrays[2] = {vxCreateArray(ctx, VX_TYPE_INT32, 8), vxCreateArray(ctx, VX_TYPE_RECTANGLE, 8)};
    CHECK_OK(vxAddArrayItems(left_arrays[0], 1, &v, sizeof v));
    CHECK_OK(vxSetReferenceName((vx_reference)left_arrays[1], "seen"));
    CHECK(context_references(ctx) == start + 4 && left_scalars[1] != NULL);
    CHECK_OK(vxReleaseContext(&ctx));
    return 0;
}
