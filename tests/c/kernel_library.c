/* vxRegisterKernelLibrary: a publish/unpublish pair registered under a module name, used by
 * vxLoadKernels/vxUnloadKernels of that name instead of a file; refusals leave the context as it was. */
#include "kernels.h"
#include <string.h>

static int published, unpublished;

static vx_status VX_CALLBACK publish(vx_context ctx)
{
    published++;
    vx_enum id;
    vx_status s = vxAllocateUserKernelId(ctx, &id);
    if (s != VX_SUCCESS)
        return s;
    vx_kernel k = vxAddUserKernel(ctx, "test.library.run", id, run_nothing, 1, accept_all, NULL, NULL);
    if ((s = vxGetStatus((vx_reference)k)) != VX_SUCCESS)
        return s;
    vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_REFERENCE, VX_PARAMETER_STATE_REQUIRED);
    s = vxFinalizeKernel(k);
    vxReleaseKernel(&k);
    return s;
}

static vx_status VX_CALLBACK unpublish(vx_context ctx)
{
    unpublished++;
    vx_kernel k = vxGetKernelByName(ctx, "test.library.run");
    vx_status s = vxGetStatus((vx_reference)k);
    if (s == VX_SUCCESS && (s = vxRemoveKernel(k)) != VX_SUCCESS)
        vxReleaseKernel(&k);                  /* still in use: our reference goes, the kernel stays */
    return s;
}

/* adds a kernel, then fails: the kernel must not stay */
static vx_status VX_CALLBACK publish_fails(vx_context ctx)
{
    vx_enum id;
    vxAllocateUserKernelId(ctx, &id);
    vx_kernel k = vxAddUserKernel(ctx, "test.library.half", id, run_nothing, 1, accept_all, NULL, NULL);
    vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_REFERENCE, VX_PARAMETER_STATE_REQUIRED);
    vxFinalizeKernel(k);
    vxReleaseKernel(&k);
    return VX_ERROR_NO_RESOURCES;
}

static vx_status VX_CALLBACK unpublish_never(vx_context ctx)
{
    (void)ctx;
    CHECK(!"the unpublish of a module whose publish failed is never called");
    return VX_FAILURE;
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs0 = context_references(ctx), kernels0 = context_u32(ctx, VX_CONTEXT_UNIQUE_KERNELS);

    /* refusals */
    CHECK_STATUS(vxRegisterKernelLibrary(NULL, "test.library", publish, unpublish), VX_ERROR_INVALID_REFERENCE);
    CHECK_REFUSED(vxRegisterKernelLibrary(ctx, NULL, publish, unpublish), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxRegisterKernelLibrary(ctx, "", publish, unpublish), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxRegisterKernelLibrary(ctx, "test.library", NULL, unpublish), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxRegisterKernelLibrary(ctx, "test.library", publish, NULL), VX_ERROR_INVALID_PARAMETERS);
    /* nothing was registered: the name is no file either */
    CHECK_REFUSED(vxLoadKernels(ctx, "test.library"), VX_ERROR_INVALID_MODULE);
    CHECK(published == 0);

    /* registering publishes nothing yet; loading by that name calls publish, no file involved */
    CHECK_OK(vxRegisterKernelLibrary(ctx, "test.library", publish, unpublish));
    CHECK_REFUSED(vxRegisterKernelLibrary(ctx, "test.library", publish, unpublish), VX_ERROR_INVALID_PARAMETERS);
    CHECK(published == 0 && context_u32(ctx, VX_CONTEXT_MODULES) == 0);
    CHECK(vxGetStatus((vx_reference)vxGetKernelByName(ctx, "test.library.run")) != VX_SUCCESS);
    CHECK_OK(vxLoadKernels(ctx, "test.library"));
    CHECK(published == 1 && unpublished == 0);
    CHECK(context_u32(ctx, VX_CONTEXT_MODULES) == 1 && context_u32(ctx, VX_CONTEXT_UNIQUE_KERNELS) == kernels0 + 1);
    CHECK_REFUSED(vxLoadKernels(ctx, "test.library"), VX_ERROR_INVALID_MODULE);       /* double load */
    CHECK(published == 1 && context_u32(ctx, VX_CONTEXT_MODULES) == 1);

    /* its kernel runs in a graph */
    vx_reference token = (vx_reference)vxCreateGraph(ctx);
    vx_graph g = run_in_graph(ctx, "test.library.run", token);
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_OK(vxReleaseReference(&token));

    /* unloading calls unpublish; the registration stays, so it can be loaded again */
    CHECK_OK(vxUnloadKernels(ctx, "test.library"));
    CHECK(unpublished == 1);
    CHECK(context_u32(ctx, VX_CONTEXT_MODULES) == 0 && context_u32(ctx, VX_CONTEXT_UNIQUE_KERNELS) == kernels0);
    CHECK_REFUSED(vxUnloadKernels(ctx, "test.library"), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxLoadKernels(ctx, "test.library"));
    CHECK(published == 2 && context_u32(ctx, VX_CONTEXT_MODULES) == 1);
    CHECK_OK(vxUnloadKernels(ctx, "test.library"));
    CHECK(unpublished == 2);

    /* a failing publish: its status, a log entry, and the context as it was */
    CHECK_OK(vxRegisterKernelLibrary(ctx, "test.library.fails", publish_fails, unpublish_never));
    CHECK_REFUSED(vxLoadKernels(ctx, "test.library.fails"), VX_ERROR_NO_RESOURCES);
    CHECK(context_u32(ctx, VX_CONTEXT_MODULES) == 0 && context_u32(ctx, VX_CONTEXT_UNIQUE_KERNELS) == kernels0);
    CHECK(vxGetStatus((vx_reference)vxGetKernelByName(ctx, "test.library.half")) != VX_SUCCESS);
    CHECK_REFUSED(vxUnloadKernels(ctx, "test.library.fails"), VX_ERROR_INVALID_PARAMETERS);


    CHECK(context_references(ctx) == refs0);
    CHECK_OK(vxReleaseContext(&ctx));
    printf("ok\n");
    return 0;
}
