/* vx_khr_ix from C: a graph of standard kernels and a user kernel (with a virtual image, a LUT,
 * a threshold, a node border and a graph parameter) is exported, imported into a fresh context
 * that registers the same user kernel, and both graphs give the same pixels. Then the import
 * object, releases and reference counts, and the refusals (bad arguments, unlisted graph
 * parameters, same names, corrupt or truncated blobs, a missing kernel, a mismatched
 * application-created object). Last, nothing may unverify an imported graph: each refusal leaves
 * it verified, giving the same pixels, with nothing left behind. */
#include <string.h>
#include <VX/vx.h>
#include <VX/vx_khr_ix.h>
#include <VX/vx_khr_xml.h>          /* vxQueryImport, vxGetImportReferenceByIndex */
#include "kernels.h"

#define W 64
#define H 48
#define NREFS 5

static vx_uint8 inverted(vx_uint8 v)
{
    return (vx_uint8)(255 - v);
}

static vx_bool keep_node;      /* set: `invert` keeps (retains) the first node it runs as, in kept_node */
static vx_node kept_node;

/* out = 255 - in */
static vx_status VX_CALLBACK invert(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)n;
    if (keep_node && kept_node == NULL && vxRetainReference((vx_reference)node) == VX_SUCCESS)
        kept_node = node;
    return u8_pointwise(p, inverted);
}

static vx_kernel add_invert(vx_context ctx)
{
    return in_out_kernel(ctx, "test.ix.invert", invert, like_input, VX_TYPE_IMAGE);
}

/* All pixels of a U8 image. */
static void read_u8(vx_image img, vx_uint8 *pixels)
{
    vx_rectangle_t all = {0, 0, W, H};
    vx_imagepatch_addressing_t addr = {W, H, 1, W, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 0};
    CHECK_OK(vxCopyImagePatch(img, &all, 0, &addr, pixels, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
}

static vx_enum type_of(vx_reference ref)
{
    vx_enum type = 0;
    CHECK_OK(vxQueryReference(ref, VX_REFERENCE_TYPE, &type, sizeof type));
    return type;
}

typedef struct {
    vx_graph graph;
    vx_image in, out, out2, out3;     /* the listed objects (graph, in, out, out2, out3) */
} exported;

/* in -> Gaussian (border CONSTANT 9) -> virtual -> invert -> virtual -> Add(.., in) -> out;
 * in -> Threshold -> out2; in -> TableLookup -> out3. Graph parameter 0 is `in`. */
static exported build(vx_context ctx, vx_kernel invert_kernel)
{
    exported e;
    e.graph = vxCreateGraph(ctx);
    e.in = pattern_u8_image(ctx, W, H, 3, 7);
    e.out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    e.out2 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    e.out3 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_image blurred = vxCreateVirtualImage(e.graph, 0, 0, VX_DF_IMAGE_VIRT);
    vx_image inverted = vxCreateVirtualImage(e.graph, 0, 0, VX_DF_IMAGE_VIRT);
    vx_threshold t = vxCreateThresholdForImage(ctx, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
    vx_pixel_value_t v = {{0}};
    v.U8 = 100;
    CHECK_OK(vxCopyThresholdValue(t, &v, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    vx_lut lut = vxCreateLUT(ctx, VX_TYPE_UINT8, 256);
    vx_uint8 table[256];
    for (int i = 0; i < 256; i++)
        table[i] = (vx_uint8)(i * 5 + 1);
    CHECK_OK(vxCopyLUT(lut, table, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));

    vx_node gauss = vxGaussian3x3Node(e.graph, e.in, blurred);
    vx_border_t border = {VX_BORDER_CONSTANT, {{0}}};
    border.constant_value.U8 = 9;
    CHECK_OK(vxSetNodeAttribute(gauss, VX_NODE_BORDER, &border, sizeof border));
    vx_node user = node_of_two(e.graph, invert_kernel, blurred, inverted);
    vx_node add = vxAddNode(e.graph, inverted, e.in, VX_CONVERT_POLICY_SATURATE, e.out);
    vx_node thresh = vxThresholdNode(e.graph, e.in, t, e.out2);
    vx_node lookup = vxTableLookupNode(e.graph, e.in, lut, e.out3);
    vx_parameter p = vxGetParameterByIndex(gauss, 0);
    CHECK_OK(vxAddParameterToGraph(e.graph, p));
    CHECK_OK(vxReleaseParameter(&p));
    CHECK_OK(vxSetReferenceName((vx_reference)e.in, "input"));
    CHECK_OK(vxSetReferenceName((vx_reference)e.out, "output"));
    vx_node nodes[] = {gauss, user, add, thresh, lookup};
    for (int i = 0; i < 5; i++)
        CHECK_OK(vxReleaseNode(&nodes[i]));
    CHECK_OK(vxReleaseImage(&blurred));
    CHECK_OK(vxReleaseImage(&inverted));
    CHECK_OK(vxReleaseThreshold(&t));
    CHECK_OK(vxReleaseLUT(&lut));
    return e;
}

static const vx_enum uses[NREFS] = {VX_IX_USE_EXPORT_VALUES, VX_IX_USE_EXPORT_VALUES, VX_IX_USE_NO_EXPORT_VALUES,
                                    VX_IX_USE_NO_EXPORT_VALUES, VX_IX_USE_APPLICATION_CREATE};

/* Import refusals: the status, one log entry, nothing left behind. */
static void check_import_refused(vx_context ctx, vx_size n, vx_reference *refs, const vx_enum *u, const vx_uint8 *blob,
                                 vx_size length, vx_status expected)
{
    vx_uint32 before = context_references(ctx);
    CHECK_CREATE_REFUSED(vxImportObjectsFromMemory(ctx, n, refs, u, blob, length), expected);
    CHECK(context_references(ctx) == before);
}

static void check_export_refusals(vx_context ctx, exported *e)
{
    const vx_uint8 *ptr = (const vx_uint8 *)&ptr;
    vx_size length = 99;
    vx_reference refs[NREFS] = {(vx_reference)e->graph, (vx_reference)e->in, (vx_reference)e->out,
                                (vx_reference)e->out2, (vx_reference)e->out3};
    CHECK_REFUSED(vxExportObjectsToMemory(ctx, NREFS, NULL, uses, &ptr, &length), VX_ERROR_INVALID_PARAMETERS);
    CHECK(ptr == NULL && length == 0);
    CHECK_REFUSED(vxExportObjectsToMemory(ctx, NREFS, refs, uses, NULL, &length), VX_ERROR_INVALID_PARAMETERS);
    vx_enum bad_uses[NREFS];
    memcpy(bad_uses, uses, sizeof uses);
    bad_uses[2] = 0x1234;
    CHECK_REFUSED(vxExportObjectsToMemory(ctx, NREFS, refs, bad_uses, &ptr, &length), VX_ERROR_INVALID_PARAMETERS);
    /* the graph parameter `in` not listed */
    vx_reference no_in[2] = {(vx_reference)e->graph, (vx_reference)e->out};
    CHECK_REFUSED(vxExportObjectsToMemory(ctx, 2, no_in, uses, &ptr, &length), VX_ERROR_INVALID_PARAMETERS);
    /* two listed objects named alike */
    CHECK_OK(vxSetReferenceName((vx_reference)e->out2, "output"));
    CHECK_REFUSED(vxExportObjectsToMemory(ctx, NREFS, refs, uses, &ptr, &length), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxSetReferenceName((vx_reference)e->out2, "output2"));
    /* listed twice, a virtual object, a node */
    vx_reference twice[2] = {(vx_reference)e->in, (vx_reference)e->in};
    CHECK_REFUSED(vxExportObjectsToMemory(ctx, 2, twice, uses + 1, &ptr, &length), VX_ERROR_INVALID_PARAMETERS);
    vx_image virt = vxCreateVirtualImage(e->graph, W, H, VX_DF_IMAGE_U8);
    CHECK_REFUSED(vxExportObjectsToMemory(ctx, 1, (vx_reference *)&virt, uses + 1, &ptr, &length),
                  VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxReleaseImage(&virt));
    vx_graph g = vxCreateGraph(ctx);
    vx_node node = vxNotNode(g, e->in, e->out);
    CHECK_REFUSED(vxExportObjectsToMemory(ctx, 1, (vx_reference *)&node, uses + 1, &ptr, &length),
                  VX_ERROR_INVALID_TYPE);
    CHECK_OK(vxReleaseNode(&node));
    CHECK_OK(vxReleaseGraph(&g));
    /* a listed graph must verify */
    vx_graph bad = vxCreateGraph(ctx);
    vx_image half = vxCreateImage(ctx, W / 2, H, VX_DF_IMAGE_U8);
    vx_node not_node = vxNotNode(bad, e->in, half);
    vx_reference bad_refs[3] = {(vx_reference)bad, (vx_reference)e->in, (vx_reference)half};
    CHECK_REFUSED_LAST(vxExportObjectsToMemory(ctx, 3, bad_refs, uses, &ptr, &length), VX_ERROR_INVALID_DIMENSION);
    CHECK(ptr == NULL && length == 0);
    CHECK_OK(vxReleaseNode(&not_node));
    CHECK_OK(vxReleaseImage(&half));
    CHECK_OK(vxReleaseGraph(&bad));
    /* an image from a handle must be created by the application */
    static vx_uint8 pixels[W * H];
    vx_imagepatch_addressing_t addr = {W, H, 1, W, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 0};
    void *planes[1] = {pixels};
    vx_image handle = vxCreateImageFromHandle(ctx, VX_DF_IMAGE_U8, &addr, planes, VX_MEMORY_TYPE_HOST);
    CHECK_REFUSED(vxExportObjectsToMemory(ctx, 1, (vx_reference *)&handle, uses + 1, &ptr, &length),
                  VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxExportObjectsToMemory(ctx, 1, (vx_reference *)&handle, uses + 4, &ptr, &length));
    CHECK_OK(vxReleaseExportedMemory(ctx, &ptr));
    CHECK_OK(vxReleaseImage(&handle));
    /* memory not from an export */
    const vx_uint8 *foreign = pixels;
    CHECK_REFUSED(vxReleaseExportedMemory(ctx, &foreign), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxReleaseExportedMemory(ctx, NULL), VX_ERROR_INVALID_PARAMETERS);
}

/* Every change that would unverify the imported graph g (whose user node is `node`) is refused
 * with VX_ERROR_NOT_SUPPORTED and one log entry; g stays verified, its output `out` stays `want`,
 * and the context holds what it held before. */
static void check_imported_fixed(vx_context ctx, vx_graph g, vx_node node, vx_kernel user, vx_image out,
                                 const vx_uint8 *want)
{
    vx_uint32 before = context_references(ctx);
    vx_image a = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8), b = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_delay delay = vxCreateDelay(ctx, (vx_reference)a, 2);
    CHECK_CREATE_REFUSED(vxNotNode(g, a, b), VX_ERROR_NOT_SUPPORTED);
    CHECK_CREATE_REFUSED(vxAddNode(g, a, a, VX_CONVERT_POLICY_SATURATE, b), VX_ERROR_NOT_SUPPORTED);
    CHECK_CREATE_REFUSED(vxCreateGenericNode(g, user), VX_ERROR_NOT_SUPPORTED);
    vx_node removed = node;
    CHECK_REFUSED(vxRemoveNode(&removed), VX_ERROR_NOT_SUPPORTED);
    CHECK(removed == node);
    CHECK_REFUSED(vxRegisterAutoAging(g, delay), VX_ERROR_NOT_SUPPORTED);
    vx_bool flags[2] = {vx_true_e, vx_false_e};
    CHECK_REFUSED(vxReplicateNode(g, node, flags, 2), VX_ERROR_NOT_SUPPORTED);
    vx_border_t border = {VX_BORDER_REPLICATE, {{0}}};
    CHECK_REFUSED(vxSetNodeAttribute(node, VX_NODE_BORDER, &border, sizeof border), VX_ERROR_NOT_SUPPORTED);
    vx_bool reset = vx_true_e;
    CHECK_REFUSED(vxSetNodeAttribute(node, VX_NODE_VALID_RECT_RESET, &reset, sizeof reset), VX_ERROR_NOT_SUPPORTED);
    CHECK_REFUSED(vxSetNodeTarget(node, VX_TARGET_ANY, NULL), VX_ERROR_NOT_SUPPORTED);
    CHECK_OK(vxVerifyGraph(g));                         /* verified already: nothing to do */
    vx_uint32 nodes = 0;
    CHECK_OK(vxQueryGraph(g, VX_GRAPH_NUMNODES, &nodes, sizeof nodes));
    CHECK(nodes == 5 && vxIsGraphVerified(g) == vx_true_e);
    CHECK_OK(vxReleaseDelay(&delay));
    CHECK_OK(vxReleaseImage(&a));
    CHECK_OK(vxReleaseImage(&b));
    CHECK(context_references(ctx) == before);
    static vx_uint8 got[W * H];
    memset(got, 0, sizeof got);
    CHECK_OK(vxProcessGraph(g));
    read_u8(out, got);
    CHECK(memcmp(want, got, sizeof got) == 0 && vxIsGraphVerified(g) == vx_true_e);
}

int main(void)
{
    /* export side */
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    vx_kernel k = add_invert(ctx);
    exported e = build(ctx, k);
    check_export_refusals(ctx, &e);
    vx_reference refs[NREFS] = {(vx_reference)e.graph, (vx_reference)e.in, (vx_reference)e.out,
                                (vx_reference)e.out2, (vx_reference)e.out3};
    vx_uint32 held = context_references(ctx);
    const vx_uint8 *ptr = NULL;
    vx_size length = 0;
    CHECK_OK(vxExportObjectsToMemory(ctx, NREFS, refs, uses, &ptr, &length));
    CHECK(ptr != NULL && length > 0 && context_references(ctx) == held);
    vx_bool verified = vxIsGraphVerified(e.graph);
    CHECK(verified == vx_true_e);
    vx_uint8 *blob = malloc(length);
    memcpy(blob, ptr, length);
    const vx_uint8 *kept = ptr;
    CHECK_OK(vxReleaseExportedMemory(ctx, &ptr));
    CHECK(ptr == NULL);
    CHECK_REFUSED(vxReleaseExportedMemory(ctx, &kept), VX_ERROR_INVALID_PARAMETERS);

    CHECK_OK(vxProcessGraph(e.graph));
    static vx_uint8 want[3][W * H], got[3][W * H];
    read_u8(e.out, want[0]);
    read_u8(e.out2, want[1]);
    read_u8(e.out3, want[2]);
    CHECK(want[0][0] != 0 || want[0][1] != 0);
    /* the same graph with another image as its parameter (the import must follow it too) */
    static vx_uint8 want_b[W * H], got_b[W * H];
    vx_image in_b = pattern_u8_image(ctx, W, H, 5, 1);
    CHECK_OK(vxSetGraphParameterByIndex(e.graph, 0, (vx_reference)in_b));
    CHECK_OK(vxProcessGraph(e.graph));
    read_u8(e.out, want_b);
    CHECK(memcmp(want_b, want[0], sizeof want_b) != 0);

    /* the export side goes: its context's last count (vxCreateContext gives the one context) */
    CHECK_OK(vxReleaseGraph(&e.graph));
    vx_image images[] = {e.in, e.out, e.out2, e.out3, in_b};
    for (int i = 0; i < 5; i++)
        CHECK_OK(vxReleaseImage(&images[i]));
    CHECK_OK(vxRemoveKernel(k));
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));

    /* import side: a fresh context without the user kernel, then one with it and the application's out3 */
    vx_context ctx3 = test_context();           /* without the user kernel */
    vx_image out3_3 = vxCreateImage(ctx3, W, H, VX_DF_IMAGE_U8);
    vx_reference refs3[NREFS] = {NULL, NULL, NULL, NULL, (vx_reference)out3_3};
    check_import_refused(ctx3, NREFS, refs3, uses, blob, length, VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxReleaseImage(&out3_3));
    CHECK_OK(vxReleaseContext(&ctx3));
    vx_context ctx2 = test_context();
    vx_uint32 start2 = context_references(ctx2);
    vx_kernel k2 = add_invert(ctx2);
    vx_image app_out3 = vxCreateImage(ctx2, W, H, VX_DF_IMAGE_U8);
    vx_reference refs2[NREFS] = {NULL, NULL, NULL, NULL, (vx_reference)app_out3};

    /* refusals first: nothing may be left behind by any of them */
    check_import_refused(ctx2, NREFS - 1, refs2, uses, blob, length, VX_ERROR_INVALID_PARAMETERS);
    /* checked against the blob before the arrays are read */
    check_import_refused(ctx2, (vx_size)1 << 40, refs2, uses, blob, length, VX_ERROR_INVALID_PARAMETERS);
    check_import_refused(ctx2, NREFS, refs2, uses, blob, (vx_size)-1, VX_ERROR_INVALID_PARAMETERS);
    vx_enum other_uses[NREFS];
    memcpy(other_uses, uses, sizeof uses);
    other_uses[1] = VX_IX_USE_NO_EXPORT_VALUES;
    check_import_refused(ctx2, NREFS, refs2, other_uses, blob, length, VX_ERROR_INVALID_PARAMETERS);
    check_import_refused(ctx2, NREFS, refs2, uses, blob, length - 1, VX_ERROR_INVALID_FORMAT);
    check_import_refused(ctx2, NREFS, refs2, uses, blob, 10, VX_ERROR_INVALID_FORMAT);
    blob[length / 2] ^= 0x40;
    check_import_refused(ctx2, NREFS, refs2, uses, blob, length, VX_ERROR_INVALID_FORMAT);
    blob[length / 2] ^= 0x40;
    check_import_refused(ctx2, NREFS, NULL, uses, blob, length, VX_ERROR_INVALID_PARAMETERS);
    check_import_refused(ctx2, NREFS, refs2, uses, NULL, length, VX_ERROR_INVALID_PARAMETERS);
    vx_image wrong = vxCreateImage(ctx2, W, H / 2, VX_DF_IMAGE_U8);
    refs2[4] = (vx_reference)wrong;
    check_import_refused(ctx2, NREFS, refs2, uses, blob, length, VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxReleaseImage(&wrong));
    refs2[4] = (vx_reference)app_out3;
    CHECK_OK(vxSetReferenceName((vx_reference)app_out3, "output"));      /* as the imported `out` */
    check_import_refused(ctx2, NREFS, refs2, uses, blob, length, VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxSetReferenceName((vx_reference)app_out3, "app out3"));
    CHECK(refs2[0] == NULL && refs2[1] == NULL);

    vx_import import = vxImportObjectsFromMemory(ctx2, NREFS, refs2, uses, blob, length);
    CHECK_REF(import);
    CHECK(type_of((vx_reference)import) == VX_TYPE_IMPORT);
    free(blob);                                   /* the import does not keep it */
    CHECK(type_of(refs2[0]) == VX_TYPE_GRAPH && type_of(refs2[1]) == VX_TYPE_IMAGE);
    CHECK(refs2[4] == (vx_reference)app_out3 && ref_count(app_out3) == 1);
    CHECK(vxIsGraphVerified((vx_graph)refs2[0]) == vx_true_e);
    vx_uint32 params = 0;
    CHECK_OK(vxQueryGraph((vx_graph)refs2[0], VX_GRAPH_NUMPARAMETERS, &params, sizeof params));
    CHECK(params == 1);
    char name[VX_MAX_REFERENCE_NAME];
    vx_char *name_ptr = name;
    CHECK_OK(vxQueryReference(refs2[1], VX_REFERENCE_NAME, &name_ptr, sizeof name_ptr));
    CHECK(strcmp(name_ptr, "input") == 0);
    CHECK_OK(vxProcessGraph((vx_graph)refs2[0]));
    read_u8((vx_image)refs2[2], got[0]);
    read_u8((vx_image)refs2[3], got[1]);
    read_u8(app_out3, got[2]);
    for (int i = 0; i < 3; i++)
        CHECK(memcmp(want[i], got[i], sizeof want[i]) == 0);

    /* an imported graph is not verified again: a graph parameter takes only an object alike */
    vx_graph g2 = (vx_graph)refs2[0];
    vx_image small = vxCreateImage(ctx2, W / 2, H, VX_DF_IMAGE_U8);
    CHECK_REFUSED(vxSetGraphParameterByIndex(g2, 0, (vx_reference)small), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxSetGraphParameterByIndex(g2, 0, NULL), VX_ERROR_INVALID_PARAMETERS);
    vx_parameter gp = vxGetGraphParameterByIndex(g2, 0);
    CHECK_REFUSED(vxSetParameterByReference(gp, (vx_reference)small), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxReleaseParameter(&gp));
    CHECK_OK(vxReleaseImage(&small));
    vx_image in_b2 = pattern_u8_image(ctx2, W, H, 5, 1);
    CHECK_OK(vxSetGraphParameterByIndex(g2, 0, (vx_reference)in_b2));
    CHECK(vxIsGraphVerified(g2) == vx_true_e);
    keep_node = vx_true_e;                              /* (the user node, to try changing it) */
    CHECK_OK(vxProcessGraph(g2));
    keep_node = vx_false_e;
    read_u8((vx_image)refs2[2], got_b);
    CHECK(memcmp(want_b, got_b, sizeof want_b) == 0);
    CHECK_REF(kept_node);
    check_imported_fixed(ctx2, g2, kept_node, k2, (vx_image)refs2[2], want_b);
    CHECK_OK(vxReleaseNode(&kept_node));
    CHECK_OK(vxReleaseImage(&in_b2));

    /* its attributes, and by index: counted, the same object */
    vx_uint32 count = 0;
    vx_enum import_type = -1;
    CHECK_OK(vxQueryImport(import, VX_IMPORT_ATTRIBUTE_COUNT, &count, sizeof count));
    CHECK_OK(vxQueryImport(import, VX_IMPORT_ATTRIBUTE_TYPE, &import_type, sizeof import_type));
    CHECK(count == NREFS && import_type == VX_IMPORT_TYPE_HOST);
    CHECK_REFUSED(vxQueryImport(import, VX_IMPORT_ATTRIBUTE_COUNT, &count, 2), VX_ERROR_INVALID_PARAMETERS);
    vx_reference second = vxGetImportReferenceByIndex(import, 2);
    CHECK(second == refs2[2] && ref_count(second) == 2);
    CHECK_OK(vxReleaseReference(&second));
    CHECK_CREATE_REFUSED(vxGetImportReferenceByIndex(import, NREFS), VX_ERROR_INVALID_PARAMETERS);

    /* by name: counted, the same object; unknown names refused */
    vx_reference output = vxGetImportReferenceByName(import, "output");
    CHECK_REF(output);
    CHECK(output == refs2[2] && ref_count(output) == 2);
    CHECK_OK(vxReleaseReference(&output));
    CHECK_CREATE_REFUSED(vxGetImportReferenceByName(import, "nothing"), VX_ERROR_INVALID_PARAMETERS);
    CHECK_CREATE_REFUSED(vxGetImportReferenceByName(import, ""), VX_ERROR_INVALID_PARAMETERS);
    CHECK(vxGetImportReferenceByName(NULL, "output") == NULL);     /* no context to hold an error object */

    /* the application releases its references: the import still finds them by name */
    CHECK_OK(vxReleaseReference(&refs2[2]));
    output = vxGetImportReferenceByName(import, "output");
    CHECK_REF(output);
    read_u8((vx_image)output, got[0]);
    CHECK(memcmp(want_b, got[0], sizeof want_b) == 0);      /* (the last run had in_b2) */
    CHECK_OK(vxReleaseReference(&output));

    /* releasing the import leaves the other objects alone */
    CHECK_OK(vxReleaseImport(&import));
    CHECK(import == NULL);
    CHECK_STATUS(vxReleaseImport(&import), VX_ERROR_INVALID_REFERENCE);
    CHECK_OK(vxProcessGraph((vx_graph)refs2[0]));
    for (int i = 0; i < NREFS; i++)
        if (i != 2)
            CHECK_OK(vxReleaseReference(&refs2[i]));
    CHECK_OK(vxRemoveKernel(k2));                 /* a user kernel counts until removed */
    CHECK(context_references(ctx2) == start2);
    CHECK_OK(vxReleaseContext(&ctx2));

    puts("ok");
    return 0;
}
