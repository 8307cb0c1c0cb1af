/* Array: create, query, add with stride, copy both ways, map both ways, truncate, refusals, counts. */
#include <string.h>
#include "check.h"

static vx_size query_size(vx_array a, vx_enum attribute)
{
    vx_size v = 0;
    CHECK_OK(vxQueryArray(a, attribute, &v, sizeof v));
    return v;
}

int main(void)
{
    vx_context context = vxCreateContext();
    vx_uint32 start = context_references(context);

    const struct { vx_enum type; vx_size size; } types[] = {
        {VX_TYPE_CHAR, 1}, {VX_TYPE_UINT8, 1}, {VX_TYPE_INT16, 2}, {VX_TYPE_UINT32, 4}, {VX_TYPE_INT64, 8},
        {VX_TYPE_FLOAT32, 4}, {VX_TYPE_FLOAT64, 8}, {VX_TYPE_ENUM, 4}, {VX_TYPE_SIZE, sizeof(vx_size)},
        {VX_TYPE_DF_IMAGE, 4}, {VX_TYPE_BOOL, 4}, {VX_TYPE_RECTANGLE, sizeof(vx_rectangle_t)},
        {VX_TYPE_KEYPOINT, sizeof(vx_keypoint_t)}, {VX_TYPE_COORDINATES2D, sizeof(vx_coordinates2d_t)},
        {VX_TYPE_COORDINATES3D, sizeof(vx_coordinates3d_t)}, {VX_TYPE_COORDINATES2DF, sizeof(vx_coordinates2df_t)},
        {VX_TYPE_LINE_2D, sizeof(vx_line2d_t)}, {VX_TYPE_HOG_PARAMS, sizeof(vx_hog_t)},
    };
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        vx_array a = vxCreateArray(context, types[i].type, 3);
        CHECK_REF(a);
        CHECK(query_size(a, VX_ARRAY_ITEMSIZE) == types[i].size);
        CHECK_OK(vxReleaseArray(&a));
    }

    vx_array a = vxCreateArray(context, VX_TYPE_KEYPOINT, 8);
    CHECK_REF(a);
    vx_enum t = 0;
    CHECK_OK(vxQueryArray(a, VX_ARRAY_ITEMTYPE, &t, sizeof t));
    CHECK(t == VX_TYPE_KEYPOINT);
    CHECK(query_size(a, VX_ARRAY_CAPACITY) == 8 && query_size(a, VX_ARRAY_NUMITEMS) == 0);

    /* add with a stride larger than the item */
    struct { vx_keypoint_t kp; int pad[3]; } in[5];
    memset(in, 0, sizeof in);
    for (int i = 0; i < 5; i++)
        in[i].kp.x = 10 + i, in[i].kp.strength = (vx_float32)i;
    CHECK_OK(vxAddArrayItems(a, 5, in, sizeof in[0]));
    CHECK(query_size(a, VX_ARRAY_NUMITEMS) == 5);
    CHECK_STATUS(vxAddArrayItems(a, 4, in, sizeof in[0]), VX_FAILURE);
    CHECK_STATUS(vxAddArrayItems(a, 1, in, sizeof(vx_keypoint_t) - 1), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxAddArrayItems(a, 1, NULL, sizeof(vx_keypoint_t)), VX_ERROR_INVALID_PARAMETERS);
    CHECK(query_size(a, VX_ARRAY_NUMITEMS) == 5);

    /* copy out with a stride, copy in */
    vx_keypoint_t out[8];
    CHECK_OK(vxCopyArrayRange(a, 1, 4, sizeof out[0], out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(out[0].x == 11 && out[2].x == 13);
    out[0].x = 111;
    CHECK_OK(vxCopyArrayRange(a, 1, 2, sizeof out[0], out, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_STATUS(vxCopyArrayRange(a, 4, 6, sizeof out[0], out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxCopyArrayRange(a, 2, 2, sizeof out[0], out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxCopyArrayRange(a, 0, 1, 4, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxCopyArrayRange(a, 0, 1, sizeof out[0], out, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxCopyArrayRange(a, 0, 1, sizeof out[0], out, VX_READ_ONLY, VX_MEMORY_TYPE_NONE), VX_ERROR_INVALID_PARAMETERS);

    /* map read-write: zero copy, the same memory on every map */
    vx_map_id id1, id2;
    vx_size stride = 0;
    void *p1 = NULL, *p2 = NULL;
    CHECK_OK(vxMapArrayRange(a, 0, 5, &id1, &stride, &p1, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST, 0));
    CHECK(stride == sizeof(vx_keypoint_t));
    CHECK(((vx_keypoint_t *)p1)[1].x == 111);
    ((vx_keypoint_t *)p1)[4].y = 77;
    CHECK_OK(vxMapArrayRange(a, 4, 5, &id2, &stride, &p2, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0));
    CHECK(id2 != id1 && p2 == (char *)p1 + 4 * stride && ((vx_keypoint_t *)p2)->y == 77);
    CHECK_OK(vxUnmapArrayRange(a, id2));
    CHECK_STATUS(vxUnmapArrayRange(a, id2), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxUnmapArrayRange(a, id1));
    CHECK_STATUS(vxMapArrayRange(a, 0, 6, &id1, &stride, &p1, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxMapArrayRange(a, 0, 1, &id1, &stride, &p1, 0x1234, VX_MEMORY_TYPE_HOST, 0), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxMapArrayRange(a, 0, 1, NULL, &stride, &p1, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxMapArrayRange(a, 0, 1, &id1, &stride, &p1, VX_READ_ONLY, 0x12345, 0), VX_ERROR_INVALID_PARAMETERS);

    /* a map id of another array is refused */
    vx_array b = vxCreateArray(context, VX_TYPE_UINT8, 4);
    vx_uint8 bytes[4] = {1, 2, 3, 4};
    CHECK_OK(vxAddArrayItems(b, 4, bytes, 1));
    CHECK_OK(vxMapArrayRange(b, 0, 4, &id2, &stride, &p2, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0));
    CHECK_STATUS(vxUnmapArrayRange(a, id2), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxUnmapArrayRange(b, id2));

    /* compatibility access/commit */
    void *acc = NULL;
    CHECK_OK(vxAccessArrayRange(a, 0, 2, &stride, &acc, VX_READ_ONLY));
    CHECK(((vx_keypoint_t *)acc)[0].x == 10);
    CHECK_OK(vxCommitArrayRange(a, 0, 2, acc));
    CHECK_STATUS(vxCommitArrayRange(a, 0, 2, acc), VX_ERROR_INVALID_PARAMETERS);

    /* truncate */
    CHECK_STATUS(vxTruncateArray(a, 6), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxTruncateArray(a, 2));
    CHECK(query_size(a, VX_ARRAY_NUMITEMS) == 2);
    CHECK_OK(vxTruncateArray(a, 0));

    /* user struct items */
    typedef struct { vx_uint16 a; vx_uint8 b[5]; } item_t;
    vx_enum user = vxRegisterUserStruct(context, sizeof(item_t));
    vx_array u = vxCreateArray(context, user, 2);
    CHECK_REF(u);
    CHECK(query_size(u, VX_ARRAY_ITEMSIZE) == sizeof(item_t));

    /* refusals at creation */
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateArray(context, VX_TYPE_KEYPOINT, 0)), VX_ERROR_INVALID_DIMENSION);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateArray(context, VX_TYPE_IMAGE, 4)), VX_ERROR_INVALID_TYPE);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateArray(context, user + 1, 4)), VX_ERROR_INVALID_TYPE);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateArray(context, VX_TYPE_UINT64, (vx_size)1 << 60)), VX_ERROR_NO_MEMORY);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateArray(NULL, VX_TYPE_UINT8, 4)), VX_ERROR_NO_RESOURCES);
    CHECK_STATUS(vxQueryArray(a, VX_ARRAY_CAPACITY, &t, sizeof t), VX_ERROR_INVALID_PARAMETERS);

    CHECK(context_references(context) == start + 3);
    CHECK_OK(vxReleaseArray(&a));
    CHECK_OK(vxReleaseArray(&b));
    CHECK_OK(vxReleaseArray(&u));
    CHECK(context_references(context) == start);
    CHECK_OK(vxReleaseContext(&context));
    return 0;
}
