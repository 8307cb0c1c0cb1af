/* Maps of a user data object are zero-copy: every map points into the object's one buffer, so
 * addresses of different ranges differ by their offsets, writes through one map are visible
 * through another at once, and a later map returns the same memory. */
#include "udo_check.h"

int main(void)
{
    vx_context ctx = test_context();
    vx_user_data_object udo = vxCreateUserDataObject(ctx, "zc", 4096, NULL);
    CHECK_REF(udo);
    vx_map_id whole_id, part_id, again_id;
    vx_uint8 *whole = NULL, *part = NULL, *again = NULL;
    CHECK_OK(vxMapUserDataObject(udo, 0, 0, &whole_id, (void **)&whole, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST, 0));
    CHECK_OK(vxMapUserDataObject(udo, 1000, 24, &part_id, (void **)&part, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0));
    CHECK(part == whole + 1000);
    whole[1003] = 0x7F;
    CHECK(part[3] == 0x7F);                                /* no staging copy in between */
    vx_uint8 byte = 0;
    CHECK_OK(vxCopyUserDataObject(udo, 1003, 1, &byte, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(byte == 0x7F);
    CHECK_OK(vxUnmapUserDataObject(udo, part_id));
    CHECK_OK(vxUnmapUserDataObject(udo, whole_id));
    CHECK_OK(vxMapUserDataObject(udo, 4095, 1, &again_id, (void **)&again, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0));
    CHECK(again == whole + 4095);
    CHECK_OK(vxUnmapUserDataObject(udo, again_id));
    CHECK_OK(vxReleaseUserDataObject(&udo));
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
