/* Run with a broken pyopenvx shadowing the real one: the library cannot start its Python. */
#include "check.h"

int main(void)
{
    vx_context ctx = vxCreateContext();
    vx_uint32 n = 0;
    CHECK(ctx == NULL);
    CHECK_STATUS(vxGetStatus((vx_reference)ctx), VX_ERROR_NO_RESOURCES);
    CHECK_STATUS(vxQueryContext(ctx, VX_CONTEXT_REFERENCES, &n, sizeof n), VX_FAILURE);
    CHECK_STATUS(vxReleaseContext(&ctx), VX_FAILURE);
    puts("refused");
    return 0;
}
