/* vxLoadKernels/vxUnloadKernels from a C host: argv[1] a good module (path), argv[2] one whose
 * publish fails, argv[3] one without vxPublishKernels, argv[4] a short name found via the search
 * paths (LD_LIBRARY_PATH), argv[5] one without vxUnpublishKernels. */
#include "kernels.h"
#include <string.h>

/* whether the library at `path` is mapped into this process */
static int mapped(const char *path)
{
    FILE *maps = fopen("/proc/self/maps", "r");
    CHECK(maps != NULL);
    char line[4096];
    int found = 0;
    while (!found && fgets(line, sizeof line, maps))
        found = strstr(line, path) != NULL;
    fclose(maps);
    return found;
}

int main(int argc, char **argv)
{
    CHECK(argc == 6);
    vx_context ctx = test_context();
    vx_uint32 refs0 = context_references(ctx), kernels0 = context_u32(ctx, VX_CONTEXT_UNIQUE_KERNELS);

    vx_enum lib_before, lib_after;
    CHECK_OK(vxAllocateUserKernelLibraryId(ctx, &lib_before));
    CHECK_REFUSED(vxLoadKernels(ctx, "pyopenvx_no_such_module"), VX_ERROR_INVALID_MODULE);
    CHECK_REFUSED(vxLoadKernels(ctx, argv[2]), VX_ERROR_NO_RESOURCES);
    CHECK_REFUSED(vxLoadKernels(ctx, argv[3]), VX_ERROR_INVALID_MODULE);
    CHECK(context_u32(ctx, VX_CONTEXT_MODULES) == 0 && context_u32(ctx, VX_CONTEXT_UNIQUE_KERNELS) == kernels0);
    CHECK(vxGetStatus((vx_reference)vxGetKernelByName(ctx, "test.module.run")) != VX_SUCCESS);
    CHECK_OK(vxAllocateUserKernelLibraryId(ctx, &lib_after));
    CHECK(lib_after == lib_before + 1);          /* the failed publish took no library id */

    CHECK_OK(vxLoadKernels(ctx, argv[1]));
    CHECK_REFUSED(vxLoadKernels(ctx, argv[1]), VX_ERROR_INVALID_MODULE);
    CHECK(context_u32(ctx, VX_CONTEXT_MODULES) == 1 && context_u32(ctx, VX_CONTEXT_UNIQUE_KERNELS) == kernels0 + 1);
    vx_reference token = (vx_reference)vxCreateGraph(ctx);
    vx_graph g = run_in_graph(ctx, "test.module.run", token);
    /* a kernel in use (by the graph's node) cannot be removed, so the module stays */
    CHECK(vxUnloadKernels(ctx, argv[1]) == VX_FAILURE);
    CHECK(context_u32(ctx, VX_CONTEXT_MODULES) == 1);
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_OK(vxReleaseReference(&token));
    CHECK_OK(vxUnloadKernels(ctx, argv[1]));
    CHECK(context_u32(ctx, VX_CONTEXT_MODULES) == 0 && context_u32(ctx, VX_CONTEXT_UNIQUE_KERNELS) == kernels0);
    CHECK_REFUSED(vxUnloadKernels(ctx, argv[1]), VX_ERROR_INVALID_PARAMETERS);

    CHECK_OK(vxLoadKernels(ctx, argv[4]));                       /* by short name */
    CHECK(context_u32(ctx, VX_CONTEXT_MODULES) == 1);
    CHECK_OK(vxUnloadKernels(ctx, argv[4]));
    CHECK(context_references(ctx) == refs0);
    CHECK(!mapped(argv[1]));

    /* 1.3.1 asks modules for vxPublishKernels only: without vxUnpublishKernels, vxUnloadKernels
     * removes the module's kernels itself */
    CHECK_OK(vxLoadKernels(ctx, argv[5]));
    vx_kernel k = vxGetKernelByName(ctx, "test.module.run");
    CHECK_REF(k);
    CHECK_OK(vxReleaseKernel(&k));
    CHECK(context_u32(ctx, VX_CONTEXT_MODULES) == 1 && context_u32(ctx, VX_CONTEXT_UNIQUE_KERNELS) == kernels0 + 1);
    CHECK_OK(vxUnloadKernels(ctx, argv[5]));
    CHECK(context_u32(ctx, VX_CONTEXT_MODULES) == 0 && context_u32(ctx, VX_CONTEXT_UNIQUE_KERNELS) == kernels0);
    CHECK(vxGetStatus((vx_reference)vxGetKernelByName(ctx, "test.module.run")) != VX_SUCCESS);
    CHECK(context_references(ctx) == refs0);
    CHECK(!mapped(argv[5]));

    /* a module still loaded when its context goes is closed with it */
    CHECK_OK(vxLoadKernels(ctx, argv[1]));
    CHECK(mapped(argv[1]));
    CHECK_OK(vxReleaseContext(&ctx));
    CHECK(!mapped(argv[1]));
    printf("ok\n");
    return 0;
}
