/* vxCopyUserDataObject and vxMapUserDataObject/vxUnmapUserDataObject over ranges, with every
 * usage, size 0 meaning "to the end", several maps open at once; and the seed's own example
 * (section 2.1.2): reading one field of a custom structure by map and by copy. */
#include "udo_check.h"
#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint16_t mode;
    uint16_t source_data;
    uint16_t byte_size[2];
    uint16_t width[2];
    uint16_t heights[2];
    uint16_t meta_size[2];
    uint8_t payload[];
} user_custom_data_t;

enum { N = 64 };

static void read_all(vx_user_data_object udo, vx_uint8 *out)
{
    CHECK_OK(vxCopyUserDataObject(udo, 0, 0, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
}

static vx_status get_source_data_using_map(vx_user_data_object obj, uint16_t *source_data)
{
    vx_char name[VX_MAX_REFERENCE_NAME];
    uint16_t *p = NULL;
    vx_map_id map_id;
    vx_status status = vxQueryUserDataObject(obj, VX_USER_DATA_OBJECT_NAME, name, sizeof name);
    if (status != VX_SUCCESS || strncmp(name, "user_custom_data_t", VX_MAX_REFERENCE_NAME) != 0)
        return VX_FAILURE;
    status = vxMapUserDataObject(obj, offsetof(user_custom_data_t, source_data), sizeof p[0], &map_id, (void **)&p,
                                 VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0);
    if (status == VX_SUCCESS) {
        *source_data = *p;
        status = vxUnmapUserDataObject(obj, map_id);
    }
    return status;
}

static vx_status get_source_data_using_copy(vx_user_data_object obj, uint16_t *source_data)
{
    vx_char name[VX_MAX_REFERENCE_NAME];
    vx_status status = vxQueryUserDataObject(obj, VX_USER_DATA_OBJECT_NAME, name, sizeof name);
    if (status != VX_SUCCESS || strncmp(name, "user_custom_data_t", VX_MAX_REFERENCE_NAME) != 0)
        return VX_FAILURE;
    return vxCopyUserDataObject(obj, offsetof(user_custom_data_t, source_data), sizeof *source_data, source_data,
                                VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
}

static void seed_example(vx_context ctx)
{
    vx_size payload = 40;
    vx_user_data_object obj = vxCreateUserDataObject(ctx, "user_custom_data_t", sizeof(user_custom_data_t) + payload, NULL);
    CHECK_REF(obj);
    uint16_t source = 0x1234, got = 0;
    CHECK_OK(vxCopyUserDataObject(obj, offsetof(user_custom_data_t, source_data), sizeof source, &source,
                                  VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(get_source_data_using_map(obj, &got));
    CHECK(got == 0x1234);
    got = 0;
    CHECK_OK(get_source_data_using_copy(obj, &got));
    CHECK(got == 0x1234);
    CHECK_OK(vxReleaseUserDataObject(&obj));
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs = context_references(ctx);
    vx_uint8 model[N], buf[N], got[N];
    for (int i = 0; i < N; i++)
        model[i] = (vx_uint8)(i ^ 0x5A);
    vx_user_data_object udo = vxCreateUserDataObject(ctx, "blob", N, NULL);
    CHECK_REF(udo);

    /* copy: whole object (size 0), sub-ranges, size 0 from an offset */
    CHECK_OK(vxCopyUserDataObject(udo, 0, 0, model, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    read_all(udo, got);
    CHECK(memcmp(got, model, N) == 0);
    CHECK_OK(vxCopyUserDataObject(udo, 10, 5, buf, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(memcmp(buf, model + 10, 5) == 0);
    CHECK_OK(vxCopyUserDataObject(udo, N - 7, 0, buf, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(memcmp(buf, model + N - 7, 7) == 0);
    memset(buf, 0xC3, sizeof buf);
    CHECK_OK(vxCopyUserDataObject(udo, 20, 0, buf, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    memset(model + 20, 0xC3, N - 20);
    CHECK_OK(vxCopyUserDataObject(udo, N - 1, 1, &(vx_uint8){0x11}, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    model[N - 1] = 0x11;
    read_all(udo, got);
    CHECK(memcmp(got, model, N) == 0);

    /* map READ_ONLY: the range's bytes */
    vx_map_id id1 = 0, id2 = 0, id3 = 0;
    vx_uint8 *p1 = NULL, *p2 = NULL, *p3 = NULL;
    CHECK_OK(vxMapUserDataObject(udo, 3, 9, &id1, (void **)&p1, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0));
    CHECK(p1 != NULL && memcmp(p1, model + 3, 9) == 0);
    CHECK_OK(vxUnmapUserDataObject(udo, id1));

    /* map WRITE_ONLY (to the end) and READ_AND_WRITE, open together; ids distinct */
    CHECK_OK(vxMapUserDataObject(udo, 40, 0, &id1, (void **)&p1, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0));
    CHECK_OK(vxMapUserDataObject(udo, 0, 8, &id2, (void **)&p2, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST, VX_NOGAP_X));
    CHECK_OK(vxMapUserDataObject(udo, 0, 0, &id3, (void **)&p3, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0));
    CHECK(id1 != id2 && id2 != id3 && id1 != id3);
    for (int i = 40; i < N; i++)
        p1[i - 40] = model[i] = (vx_uint8)(200 + i);
    for (int i = 0; i < 8; i++)
        p2[i] = model[i] = (vx_uint8)(p2[i] + 1);
    CHECK_OK(vxUnmapUserDataObject(udo, id2));      /* in another order than opened */
    CHECK_OK(vxUnmapUserDataObject(udo, id1));
    CHECK(memcmp(p3, model, N) == 0);
    CHECK_OK(vxUnmapUserDataObject(udo, id3));
    read_all(udo, got);
    CHECK(memcmp(got, model, N) == 0);

    /* copying into the object from a map of itself (overlapping ranges) */
    CHECK_OK(vxMapUserDataObject(udo, 0, 0, &id1, (void **)&p1, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0));
    CHECK_OK(vxCopyUserDataObject(udo, 1, 32, p1, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(vxUnmapUserDataObject(udo, id1));
    memmove(model + 1, model, 32);
    read_all(udo, got);
    CHECK(memcmp(got, model, N) == 0);

    seed_example(ctx);
    CHECK_OK(vxReleaseUserDataObject(&udo));
    CHECK(context_references(ctx) == refs);
    CHECK(log_entries == 0);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
