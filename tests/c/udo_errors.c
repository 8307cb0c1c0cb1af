/* Bad input to the user data object functions: each refusal has its precise status and one
 * log entry, and changes nothing (object contents, the caller's buffers and outputs, counts). */
#include "udo_check.h"
#include <stdint.h>

enum { N = 32 };
static vx_uint8 model[N];

static void unchanged(vx_user_data_object udo)
{
    vx_uint8 got[N];
    CHECK(udo_size(udo) == N);
    CHECK_OK(vxCopyUserDataObject(udo, 0, 0, got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(memcmp(got, model, N) == 0);
}

static void creation(vx_context ctx)
{
    vx_uint32 refs = context_references(ctx);
    char too_long[VX_MAX_REFERENCE_NAME + 1];
    memset(too_long, 'n', VX_MAX_REFERENCE_NAME);    /* one more than the longest (udo_create.c) */
    too_long[VX_MAX_REFERENCE_NAME] = '\0';
    CHECK_CREATE_REFUSED(vxCreateUserDataObject(ctx, too_long, 8, NULL), VX_ERROR_INVALID_PARAMETERS);
    CHECK_CREATE_REFUSED(vxCreateUserDataObject(ctx, "t", 0, NULL), VX_ERROR_INVALID_PARAMETERS);
    CHECK_CREATE_REFUSED(vxCreateUserDataObject(ctx, "t", SIZE_MAX, NULL), VX_ERROR_NO_MEMORY);
    /* no context: no object to log to, no error object to return */
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateUserDataObject(NULL, "t", 8, NULL)), VX_ERROR_NO_RESOURCES);
    /* virtual objects need a graph: NULL, or a handle of another type */
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateVirtualUserDataObject(NULL, "t", 8)), VX_ERROR_NO_RESOURCES);
    CHECK_CREATE_REFUSED(vxCreateVirtualUserDataObject((vx_graph)ctx, "t", 8), VX_ERROR_INVALID_REFERENCE);
    /* a virtual object's type name has the same limit; its size may be left to the validator */
    vx_graph g = vxCreateGraph(ctx);
    CHECK_CREATE_REFUSED(vxCreateVirtualUserDataObject(g, too_long, 8), VX_ERROR_INVALID_PARAMETERS);
    vx_user_data_object open = vxCreateVirtualUserDataObject(g, "t", 0);
    CHECK_REF(open);
    CHECK(udo_size(open) == 0);
    CHECK_OK(vxReleaseUserDataObject(&open));
    CHECK_OK(vxReleaseGraph(&g));
    CHECK(context_references(ctx) == refs);
}

static void query(vx_user_data_object udo)
{
    vx_size size = 77;
    vx_char name[4] = "abc";
    CHECK_REFUSED(vxQueryUserDataObject(udo, VX_USER_DATA_OBJECT_SIZE, &size, sizeof(vx_uint32)), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxQueryUserDataObject(udo, VX_USER_DATA_OBJECT_SIZE, NULL, sizeof size), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxQueryUserDataObject(udo, VX_USER_DATA_OBJECT_NAME, name, sizeof name), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxQueryUserDataObject(udo, VX_IMAGE_WIDTH, &size, sizeof size), VX_ERROR_NOT_SUPPORTED);
    CHECK(size == 77 && strcmp(name, "abc") == 0);
    CHECK_REFUSED(vxQueryUserDataObject((vx_user_data_object)vxGetContext((vx_reference)udo), VX_USER_DATA_OBJECT_SIZE,
                                        &size, sizeof size), VX_ERROR_INVALID_REFERENCE);
}

static void copy(vx_user_data_object udo)
{
    vx_uint8 buf[2 * N];
    memset(buf, 0xAB, sizeof buf);
    const struct { vx_size offset, size; vx_enum usage, mem; } bad[] = {
        {N, 0, VX_READ_ONLY, VX_MEMORY_TYPE_HOST},            /* offset at the end */
        {N + 5, 1, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST},       /* offset past the end */
        {0, N + 1, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST},       /* size past the end */
        {N - 4, 5, VX_READ_ONLY, VX_MEMORY_TYPE_HOST},        /* range ends past the end */
        {8, SIZE_MAX - 4, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST}, /* offset + size wraps around */
        {0, 4, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST},       /* copies read or write */
        {0, 4, 0, VX_MEMORY_TYPE_HOST},
        {0, 4, VX_WRITE_ONLY, VX_MEMORY_TYPE_NONE},
        {0, 4, VX_READ_ONLY, 0},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK_REFUSED(vxCopyUserDataObject(udo, bad[i].offset, bad[i].size, buf, bad[i].usage, bad[i].mem),
                      VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxCopyUserDataObject(udo, 0, 4, NULL, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    for (size_t i = 0; i < sizeof buf; i++)
        CHECK(buf[i] == 0xAB);
    unchanged(udo);
}

static void map(vx_user_data_object udo)
{
    vx_map_id id = 12345;
    void *ptr = (void *)&id;
    const struct { vx_size offset, size; vx_enum usage, mem; vx_uint32 flags; } bad[] = {
        {N, 0, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0},
        {0, N + 1, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST, 0},
        {N - 1, 2, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0},
        {1, SIZE_MAX, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0},
        {0, 4, 0, VX_MEMORY_TYPE_HOST, 0},
        {0, 4, VX_READ_ONLY, 0x12345, 0},
        {0, 4, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0x100},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK_REFUSED(vxMapUserDataObject(udo, bad[i].offset, bad[i].size, &id, &ptr, bad[i].usage, bad[i].mem,
                                          bad[i].flags), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxMapUserDataObject(udo, 0, 0, NULL, &ptr, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0),
                  VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxMapUserDataObject(udo, 0, 0, &id, NULL, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0),
                  VX_ERROR_INVALID_PARAMETERS);
    CHECK(id == 12345 && ptr == (void *)&id);

    /* unmap: unknown ids, an id already unmapped, an id of another object */
    vx_map_id open_id;
    CHECK_OK(vxMapUserDataObject(udo, 0, 0, &open_id, &ptr, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0));
    CHECK_REFUSED(vxUnmapUserDataObject(udo, open_id + 1000), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxUnmapUserDataObject(udo, 0), VX_ERROR_INVALID_PARAMETERS);
    vx_user_data_object other = vxCreateUserDataObject(vxGetContext((vx_reference)udo), "other", 4, NULL);
    CHECK_REF(other);
    CHECK_REFUSED(vxUnmapUserDataObject(other, open_id), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxUnmapUserDataObject(udo, open_id));
    CHECK_REFUSED(vxUnmapUserDataObject(udo, open_id), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxReleaseUserDataObject(&other));
    unchanged(udo);
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs = context_references(ctx);
    for (int i = 0; i < N; i++)
        model[i] = (vx_uint8)(7 * i + 3);
    creation(ctx);
    vx_user_data_object udo = vxCreateUserDataObject(ctx, "victim", N, model);
    CHECK_REF(udo);
    query(udo);
    copy(udo);
    map(udo);

    /* release: NULL pointer, an already released handle (the caller's copy stays as it is);
     * neither names a live context to log to */
    vx_user_data_object stale = udo;
    CHECK_STATUS(vxReleaseUserDataObject(NULL), VX_ERROR_INVALID_REFERENCE);
    CHECK_OK(vxReleaseUserDataObject(&udo));
    CHECK_STATUS(vxReleaseUserDataObject(&stale), VX_ERROR_INVALID_REFERENCE);
    CHECK(stale != NULL);
    CHECK(context_references(ctx) == refs);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
