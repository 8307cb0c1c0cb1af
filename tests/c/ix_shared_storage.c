/* vx_khr_ix of a graph whose verification made virtual images share storage: in -> Not -> v1 ->
 * Not -> v2 -> Not -> v3 -> Not -> out (v1 and v3 may share one buffer). The verified graph is
 * exported with its values (in and out created by the application), imported beside it (a second
 * vxCreateContext is a second count of the process's one context) and run: out == in. The original
 * graph, verified again after the export, runs the same. References come back exactly: the graph
 * the import writes into refs[0] is the application's, as the one vxGetImportReferenceByIndex gives. */
#include <VX/vx.h>
#include <VX/vx_khr_ix.h>
#include <VX/vx_khr_xml.h>          /* vxGetImportReferenceByIndex */
#include "kernels.h"                /* pattern_u8_image */
#include "std_images.h"             /* read_image */

#define W 64
#define H 48

static vx_graph chain(vx_context ctx, vx_image in, vx_image out)
{
    vx_graph g = vxCreateGraph(ctx);
    vx_image v[3];
    for (int i = 0; i < 3; i++)
        v[i] = vxCreateVirtualImage(g, W, H, VX_DF_IMAGE_U8);
    CHECK_REF(vxNotNode(g, in, v[0]));
    CHECK_REF(vxNotNode(g, v[0], v[1]));
    CHECK_REF(vxNotNode(g, v[1], v[2]));
    CHECK_REF(vxNotNode(g, v[2], out));
    for (int i = 0; i < 3; i++)
        CHECK_OK(vxReleaseImage(&v[i]));
    return g;
}

/* out == in, pixel by pixel */
static void check_identity(vx_image in, vx_image out)
{
    int32_t a[W * H], b[W * H];
    read_image(in, a);
    read_image(out, b);
    CHECK(memcmp(a, b, sizeof a) == 0);
}

int main(void)
{
    vx_context ctx = vxCreateContext();
    vx_uint32 start = context_references(ctx);
    vx_image in = pattern_u8_image(ctx, W, H, 3, 7), out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_graph g = chain(ctx, in, out);
    CHECK_OK(vxVerifyGraph(g));
    CHECK_OK(vxProcessGraph(g));
    check_identity(in, out);

    vx_reference refs[3] = {(vx_reference)g, (vx_reference)in, (vx_reference)out};
    vx_enum uses[3] = {VX_IX_USE_EXPORT_VALUES, VX_IX_USE_APPLICATION_CREATE, VX_IX_USE_APPLICATION_CREATE};
    const vx_uint8 *blob = NULL;
    vx_size length = 0;
    CHECK_OK(vxExportObjectsToMemory(ctx, 3, refs, uses, &blob, &length));

    vx_context other = vxCreateContext();
    CHECK(other == ctx);
    vx_image in2 = pattern_u8_image(other, W, H, 5, 1), out2 = vxCreateImage(other, W, H, VX_DF_IMAGE_U8);
    vx_reference given[3] = {NULL, (vx_reference)in2, (vx_reference)out2};
    vx_uint32 before = context_references(ctx);
    vx_import imp = vxImportObjectsFromMemory(other, 3, given, uses, blob, length);
    CHECK_REF(imp);
    CHECK_OK(vxReleaseExportedMemory(ctx, &blob));
    vx_graph g2 = (vx_graph)vxGetImportReferenceByIndex(imp, 0);
    CHECK_REF(g2);
    CHECK((vx_reference)g2 == given[0]);
    CHECK(context_references(ctx) == before + 2);     /* the imported graph and the import */
    CHECK_OK(vxProcessGraph(g2));
    check_identity(in2, out2);

    /* the exporter's graph still shares and runs */
    CHECK_OK(vxVerifyGraph(g));
    CHECK_OK(vxProcessGraph(g));
    check_identity(in, out);

    CHECK_OK(vxReleaseGraph(&g2));
    CHECK_OK(vxReleaseReference(&given[0]));
    CHECK_OK(vxReleaseImport(&imp));
    CHECK(context_references(ctx) == before);
    CHECK_OK(vxReleaseImage(&in2));
    CHECK_OK(vxReleaseImage(&out2));
    CHECK_OK(vxReleaseContext(&other));
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_OK(vxReleaseImage(&in));
    CHECK_OK(vxReleaseImage(&out));
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
