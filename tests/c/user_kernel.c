/* Seed 000 kernel life cycle from C: add, parameters, finalize, attributes, lookup, removal,
 * and every refusal, with VX_CONTEXT_UNIQUE_KERNELS/_TABLE and reference counts kept exact. */
#include "kernels.h"
#include <string.h>
#include <VX/vx_compatibility.h>

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs0 = context_references(ctx), kernels0 = context_u32(ctx, VX_CONTEXT_UNIQUE_KERNELS);

    vx_enum id;
    CHECK_OK(vxAllocateUserKernelId(ctx, &id));
    vx_kernel k = vxAddUserKernel(ctx, "test.user.copy", id, run_nothing, 2, accept_all, NULL, NULL);
    CHECK_REF(k);
    /* clashes */
    CHECK_CREATE_REFUSED(vxAddUserKernel(ctx, "test.user.copy", id + 1, run_nothing, 2, accept_all, NULL, NULL),
                         VX_ERROR_INVALID_PARAMETERS);
    CHECK_CREATE_REFUSED(vxAddUserKernel(ctx, "test.user.other", id, run_nothing, 2, accept_all, NULL, NULL),
                         VX_ERROR_INVALID_PARAMETERS);
    vx_kernel noval = vxAddUserKernel(ctx, "test.user.noval", id + 1, run_nothing, 2, NULL, NULL, NULL);
    CHECK_REF(noval);                 /* no validator: vx_khr_pipelining's source kernels (graph_letter.c) */
    CHECK_OK(vxRemoveKernel(noval));
    CHECK_CREATE_REFUSED(vxAddUserKernel(ctx, "test.user.khr", VX_KERNEL_BASE(VX_ID_KHRONOS, 0) + 1,
                         run_nothing, 2, accept_all, NULL, NULL), VX_ERROR_INVALID_PARAMETERS);
    /* not usable before finalize */
    CHECK(vxGetStatus((vx_reference)vxGetKernelByName(ctx, "test.user.copy")) != VX_SUCCESS);
    CHECK(context_u32(ctx, VX_CONTEXT_UNIQUE_KERNELS) == kernels0);

    /* parameters */
    CHECK_REFUSED(vxAddParameterToKernel(k, 2, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxAddParameterToKernel(k, 0, VX_BIDIRECTIONAL, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_UINT8, VX_PARAMETER_STATE_REQUIRED), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, 0x1234), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_REFUSED(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxFinalizeKernel(k), VX_ERROR_INVALID_PARAMETERS);          /* parameter 1 missing */
    CHECK_OK(vxAddParameterToKernel(k, 1, VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_OPTIONAL));
    vx_size local = 64;
    CHECK_OK(vxSetKernelAttribute(k, VX_KERNEL_LOCAL_DATA_SIZE, &local, sizeof local));
    CHECK_REFUSED(vxSetKernelAttribute(k, VX_KERNEL_LOCAL_DATA_SIZE, &local, 4), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxSetKernelAttribute(k, VX_KERNEL_ENUM, &id, sizeof id), VX_ERROR_NOT_SUPPORTED);
    CHECK_OK(vxFinalizeKernel(k));
    CHECK_REFUSED(vxFinalizeKernel(k), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxAddParameterToKernel(k, 1, VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxSetKernelAttribute(k, VX_KERNEL_LOCAL_DATA_SIZE, &local, sizeof local), VX_ERROR_NOT_SUPPORTED);
    CHECK(context_u32(ctx, VX_CONTEXT_UNIQUE_KERNELS) == kernels0 + 1);

    /* every attribute */
    vx_uint32 np = 0;
    vx_enum e = 0;
    vx_size ls = 0;
    vx_char name[VX_MAX_KERNEL_NAME];
    CHECK_OK(vxQueryKernel(k, VX_KERNEL_PARAMETERS, &np, sizeof np));
    CHECK_OK(vxQueryKernel(k, VX_KERNEL_ENUM, &e, sizeof e));
    CHECK_OK(vxQueryKernel(k, VX_KERNEL_LOCAL_DATA_SIZE, &ls, sizeof ls));
    CHECK_OK(vxQueryKernel(k, VX_KERNEL_NAME, name, sizeof name));
    CHECK(np == 2 && e == id && ls == 64 && strcmp(name, "test.user.copy") == 0);
    CHECK_REFUSED(vxQueryKernel(k, VX_KERNEL_PARAMETERS, &np, 2), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxQueryKernel(k, VX_NODE_STATUS, &np, sizeof np), VX_ERROR_NOT_SUPPORTED);

    /* the unique kernel table lists it */
    vx_uint32 total = context_u32(ctx, VX_CONTEXT_UNIQUE_KERNELS);
    vx_kernel_info_t *table = calloc(total, sizeof *table);
    CHECK_OK(vxQueryContext(ctx, VX_CONTEXT_UNIQUE_KERNEL_TABLE, table, total * sizeof *table));
    int found = 0;
    for (vx_uint32 i = 0; i < total; i++)
        found += table[i].enumeration == id && strcmp(table[i].name, "test.user.copy") == 0;
    CHECK(found == 1);
    free(table);

    /* lookup gives the same kernel, counted */
    vx_kernel byname = vxGetKernelByName(ctx, "test.user.copy");
    vx_kernel byenum = vxGetKernelByEnum(ctx, id);
    CHECK(byname == k && byenum == k);
    vx_uint32 count = 0;
    CHECK_OK(vxQueryReference((vx_reference)k, VX_REFERENCE_COUNT, &count, sizeof count));
    CHECK(count == 3);
    CHECK(vxGetStatus((vx_reference)vxGetKernelByName(ctx, "no.such.kernel")) == VX_ERROR_INVALID_PARAMETERS);
    CHECK(vxGetStatus((vx_reference)vxGetKernelByEnum(ctx, id + 7)) == VX_ERROR_INVALID_PARAMETERS);
    /* 1.3.1: not removed while the application holds other references to it */
    CHECK_REFUSED(vxRemoveKernel(k), VX_FAILURE);
    CHECK_OK(vxReleaseKernel(&byname));
    CHECK(byname == NULL);
    CHECK_REFUSED(vxRemoveKernel(k), VX_FAILURE);
    CHECK_OK(vxReleaseKernel(&byenum));
    CHECK_OK(vxQueryKernel(k, VX_KERNEL_PARAMETERS, &np, sizeof np));     /* still there */

    /* kernel parameters */
    vx_parameter p = vxGetKernelParameterByIndex(k, 1);
    CHECK_REF(p);
    vx_enum dir, type, state;
    vx_uint32 index;
    CHECK_OK(vxQueryParameter(p, VX_PARAMETER_INDEX, &index, sizeof index));
    CHECK_OK(vxQueryParameter(p, VX_PARAMETER_DIRECTION, &dir, sizeof dir));
    CHECK_OK(vxQueryParameter(p, VX_PARAMETER_TYPE, &type, sizeof type));
    CHECK_OK(vxQueryParameter(p, VX_PARAMETER_STATE, &state, sizeof state));
    CHECK(index == 1 && dir == VX_OUTPUT && type == VX_TYPE_IMAGE && state == VX_PARAMETER_STATE_OPTIONAL);
    CHECK_OK(vxReleaseParameter(&p));
    CHECK(vxGetStatus((vx_reference)vxGetKernelParameterByIndex(k, 2)) == VX_ERROR_INVALID_PARAMETERS);

    /* removal is refused while a node uses the kernel */
    vx_graph g = vxCreateGraph(ctx);
    vx_node node = vxCreateGenericNode(g, k);
    CHECK_REF(node);
    CHECK_REFUSED(vxRemoveKernel(k), VX_FAILURE);
    CHECK_OK(vxReleaseNode(&node));
    CHECK_REFUSED(vxRemoveKernel(k), VX_FAILURE);               /* the graph still holds the node */
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_OK(vxRemoveKernel(k));
    CHECK(context_u32(ctx, VX_CONTEXT_UNIQUE_KERNELS) == kernels0);
    CHECK(vxGetStatus((vx_reference)vxGetKernelByEnum(ctx, id)) != VX_SUCCESS);
    CHECK_STATUS(vxRemoveKernel(k), VX_ERROR_INVALID_REFERENCE);   /* dead: no context to log to */

    /* the name and enum can be used again; library ids make enums too */
    vx_enum lib;
    CHECK_OK(vxAllocateUserKernelLibraryId(ctx, &lib));
    vx_kernel k2 = vxAddUserKernel(ctx, "test.user.copy", VX_KERNEL_BASE(VX_ID_USER, lib) + 3, run_nothing, 0, accept_all, NULL, NULL);
    CHECK_REF(k2);
    CHECK_OK(vxFinalizeKernel(k2));
    CHECK_OK(vxReleaseKernel(&k2));                        /* the context keeps it published */
    k2 = vxGetKernelByName(ctx, "test.user.copy");
    CHECK_REF(k2);
    CHECK_OK(vxRemoveKernel(k2));

    CHECK(context_references(ctx) == refs0);
    CHECK_OK(vxReleaseContext(&ctx));
    printf("ok\n");
    return 0;
}
