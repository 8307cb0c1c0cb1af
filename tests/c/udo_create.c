/* vxCreateUserDataObject / vxQueryUserDataObject / vxReleaseUserDataObject: type name copied,
 * size, initial contents or zeros, the reference attributes, exact counts. */
#include "udo_check.h"

static void check_contents(vx_user_data_object udo, const vx_uint8 *expected, vx_size size)
{
    vx_uint8 got[256];
    CHECK(size <= sizeof got);
    CHECK_OK(vxCopyUserDataObject(udo, 0, 0, got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(memcmp(got, expected, size) == 0);
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs = context_references(ctx);
    vx_uint8 init[100], zeros[100] = {0};

    /* the extension is announced */
    vx_char extensions[4096];
    vx_size extensions_size = 0;
    CHECK_OK(vxQueryContext(ctx, VX_CONTEXT_EXTENSIONS_SIZE, &extensions_size, sizeof extensions_size));
    CHECK(extensions_size <= sizeof extensions);
    CHECK_OK(vxQueryContext(ctx, VX_CONTEXT_EXTENSIONS, extensions, extensions_size));
    CHECK(strstr(extensions, OPENVX_KHR_USER_DATA_OBJECT) != NULL);
    for (int i = 0; i < 100; i++)
        init[i] = (vx_uint8)(3 * i + 1);

    /* type name and size; contents from ptr; the name is the caller's to change afterwards */
    char type_name[VX_MAX_REFERENCE_NAME] = "user_custom_data_t";
    vx_user_data_object a = vxCreateUserDataObject(ctx, type_name, sizeof init, init);
    CHECK_REF(a);
    strcpy(type_name, "changed");
    init[0] = 0xEE;
    vx_char name[VX_MAX_REFERENCE_NAME];
    CHECK_OK(vxQueryUserDataObject(a, VX_USER_DATA_OBJECT_NAME, name, sizeof name));
    CHECK(strcmp(name, "user_custom_data_t") == 0);
    CHECK(udo_size(a) == 100);
    init[0] = 1;
    check_contents(a, init, sizeof init);
    CHECK(context_references(ctx) == refs + 1);

    /* a name buffer just large enough is fine */
    vx_char exact[sizeof "user_custom_data_t"];
    CHECK_OK(vxQueryUserDataObject(a, VX_USER_DATA_OBJECT_NAME, exact, sizeof exact));
    CHECK(strcmp(exact, "user_custom_data_t") == 0);

    /* no ptr: zeros; no type name: "" */
    vx_user_data_object b = vxCreateUserDataObject(ctx, NULL, sizeof zeros, NULL);
    CHECK_REF(b);
    memset(name, 'x', sizeof name);
    CHECK_OK(vxQueryUserDataObject(b, VX_USER_DATA_OBJECT_NAME, name, sizeof name));
    CHECK(name[0] == '\0');
    check_contents(b, zeros, sizeof zeros);

    /* the longest name allowed: VX_MAX_REFERENCE_NAME - 1 characters */
    char longest[VX_MAX_REFERENCE_NAME];
    memset(longest, 'n', sizeof longest - 1);
    longest[sizeof longest - 1] = '\0';
    vx_user_data_object c = vxCreateUserDataObject(ctx, longest, 1, NULL);
    CHECK_REF(c);
    CHECK_OK(vxQueryUserDataObject(c, VX_USER_DATA_OBJECT_NAME, name, sizeof name));
    CHECK(strcmp(name, longest) == 0);

    /* reference attributes through the user data object query and the generic one */
    vx_enum type = 0;
    vx_uint32 count = 0;
    vx_char *ref_name = NULL;
    CHECK_OK(vxQueryUserDataObject(a, VX_REFERENCE_TYPE, &type, sizeof type));
    CHECK(type == VX_TYPE_USER_DATA_OBJECT);
    CHECK_OK(vxQueryReference((vx_reference)a, VX_REFERENCE_TYPE, &type, sizeof type));
    CHECK(type == VX_TYPE_USER_DATA_OBJECT);
    CHECK_OK(vxRetainReference((vx_reference)a));
    CHECK_OK(vxQueryUserDataObject(a, VX_REFERENCE_COUNT, &count, sizeof count));
    CHECK(count == 2);
    CHECK_OK(vxSetReferenceName((vx_reference)a, "edge0"));
    CHECK_OK(vxQueryUserDataObject(a, VX_REFERENCE_NAME, &ref_name, sizeof ref_name));
    CHECK(strcmp(ref_name, "edge0") == 0);
    CHECK_OK(vxQueryUserDataObject(a, VX_USER_DATA_OBJECT_NAME, name, sizeof name));
    CHECK(strcmp(name, "user_custom_data_t") == 0);       /* the type name is not the reference name */
    CHECK(vxGetContext((vx_reference)a) == ctx);

    /* release: counts exact, handle zeroed */
    vx_user_data_object a2 = a;
    CHECK_OK(vxReleaseUserDataObject(&a2));
    CHECK(a2 == NULL);
    CHECK_OK(vxQueryUserDataObject(a, VX_REFERENCE_COUNT, &count, sizeof count));
    CHECK(count == 1);
    CHECK_OK(vxReleaseUserDataObject(&a));
    CHECK(a == NULL);
    CHECK_OK(vxReleaseUserDataObject(&b));
    CHECK(context_references(ctx) == refs + 1);
    CHECK_OK(vxReleaseUserDataObject(&c));
    CHECK(context_references(ctx) == refs);
    CHECK(log_entries == 0);

    /* objects still alive when the context goes are freed with it */
    vx_user_data_object left = vxCreateUserDataObject(ctx, "left", 64, NULL);
    CHECK_REF(left);
    CHECK_OK(vxReleaseContext(&ctx));
    CHECK_STATUS(vxQueryUserDataObject(left, VX_USER_DATA_OBJECT_SIZE, &(vx_size){0}, sizeof(vx_size)),
                 VX_ERROR_INVALID_REFERENCE);
    puts("ok");
    return 0;
}
