/* Registered user structs and user data objects (seed 002, 1.2): an object's type name may be
 * the name of a struct registered with vxRegisterUserStructWithName, and that name is how a
 * kernel tells which structure it holds, even among structures of the same size. The object's
 * size is its own: a registered header may be followed by a variable payload. */
#include "udo_check.h"
#include <stdint.h>

typedef struct { uint16_t mode, source_data, width[2], height[2]; } header_t;   /* 12 bytes */
typedef struct { uint32_t a, b, c; } other_t;                                     /* 12 bytes too */

/* What a kernel does with an object it receives: find the registered struct its name names. */
static vx_enum struct_of(vx_context ctx, vx_user_data_object udo)
{
    vx_char name[VX_MAX_REFERENCE_NAME];
    vx_enum type = VX_TYPE_INVALID;
    CHECK_OK(vxQueryUserDataObject(udo, VX_USER_DATA_OBJECT_NAME, name, sizeof name));
    return vxGetUserStructEnumByName(ctx, name, &type) == VX_SUCCESS ? type : VX_TYPE_INVALID;
}

int main(void)
{
    vx_context ctx = test_context();
    vx_enum header_type = vxRegisterUserStructWithName(ctx, sizeof(header_t), "header_t");
    vx_enum other_type = vxRegisterUserStructWithName(ctx, sizeof(other_t), "other_t");
    CHECK(header_type >= VX_TYPE_USER_STRUCT_START && other_type >= VX_TYPE_USER_STRUCT_START);
    CHECK(header_type != other_type);

    /* create from the registered name, as an application knowing only the enum would */
    vx_char name[VX_MAX_REFERENCE_NAME];
    CHECK_OK(vxGetUserStructNameByEnum(ctx, header_type, name, sizeof name));
    header_t h = {1, 42, {640, 320}, {480, 240}};
    vx_user_data_object with_payload = vxCreateUserDataObject(ctx, name, sizeof h + 1000, NULL);
    vx_user_data_object single = vxCreateUserDataObject(ctx, "other_t", sizeof(other_t), NULL);
    vx_user_data_object unregistered = vxCreateUserDataObject(ctx, "not_registered_t", sizeof(other_t), NULL);
    CHECK_REF(with_payload);
    CHECK_REF(single);
    CHECK_REF(unregistered);
    CHECK_OK(vxCopyUserDataObject(with_payload, 0, sizeof h, &h, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));

    /* same sizes, told apart by name */
    CHECK(struct_of(ctx, with_payload) == header_type);
    CHECK(struct_of(ctx, single) == other_type);
    CHECK(struct_of(ctx, unregistered) == VX_TYPE_INVALID);
    CHECK(udo_size(with_payload) == sizeof h + 1000);

    /* the header is readable as that struct */
    header_t *mapped = NULL;
    vx_map_id id;
    CHECK_OK(vxMapUserDataObject(with_payload, 0, sizeof *mapped, &id, (void **)&mapped, VX_READ_ONLY,
                                 VX_MEMORY_TYPE_HOST, 0));
    CHECK(mapped->source_data == 42 && mapped->width[1] == 320 && mapped->height[0] == 480);
    CHECK_OK(vxUnmapUserDataObject(with_payload, id));

    CHECK_OK(vxReleaseUserDataObject(&with_payload));
    CHECK_OK(vxReleaseUserDataObject(&single));
    CHECK_OK(vxReleaseUserDataObject(&unregistered));
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
