/* Reference counting over every object type: VX_REFERENCE_COUNT through retain and release,
 * children (ROI, channel, pyramid level, object-array item, delay slot, images from a tensor) held
 * and released in both orders, objects held by graphs and nodes; VX_CONTEXT_REFERENCES returns to
 * its start value. */
#include "kernels.h"
#include <VX/vx_khr_user_data_object.h>

static vx_context ctx;

/* A released handle (set to NULL by its release, or left dangling) */
static int gone(void *r)
{
    return vxGetStatus((vx_reference)r) == (r == NULL ? VX_ERROR_NO_RESOURCES : VX_ERROR_INVALID_REFERENCE);
}

/* one new object: counted once; retains and releases move its count, not the context's */
static void counts(vx_reference r)
{
    CHECK_REF(r);
    vx_uint32 refs = context_references(ctx);
    CHECK(ref_count(r) == 1);
    CHECK_OK(vxRetainReference(r));
    CHECK_OK(vxRetainReference(r));
    CHECK(ref_count(r) == 3 && context_references(ctx) == refs);
    vx_reference copy = r;
    CHECK_OK(vxReleaseReference(&copy));
    CHECK(copy == NULL && ref_count(r) == 2);
    copy = r;
    CHECK_OK(vxReleaseReference(&copy));
    CHECK(ref_count(r) == 1 && context_references(ctx) == refs);
    CHECK_OK(vxReleaseReference(&r));
    CHECK(context_references(ctx) == refs - 1 && gone(r));
    CHECK_STATUS(vxReleaseReference(&r), VX_ERROR_INVALID_REFERENCE);   /* r is NULL now */
}

static void every_type(void)
{
    vx_int32 zero = 0;
    vx_size dims[3] = {4, 4, 2};
    vx_graph g = vxCreateGraph(ctx);
    vx_reference objs[] = {
        (vx_reference)vxCreateImage(ctx, 8, 8, VX_DF_IMAGE_U8),
        (vx_reference)vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT),
        (vx_reference)vxCreatePyramid(ctx, 2, VX_SCALE_PYRAMID_HALF, 8, 8, VX_DF_IMAGE_U8),
        (vx_reference)vxCreateArray(ctx, VX_TYPE_UINT8, 4),
        (vx_reference)vxCreateScalar(ctx, VX_TYPE_INT32, &zero),
        (vx_reference)vxCreateMatrix(ctx, VX_TYPE_INT32, 2, 2),
        (vx_reference)vxCreateConvolution(ctx, 3, 3),
        (vx_reference)vxCreateLUT(ctx, VX_TYPE_UINT8, 256),
        (vx_reference)vxCreateDistribution(ctx, 4, 0, 16),
        (vx_reference)vxCreateRemap(ctx, 4, 4, 4, 4),
        (vx_reference)vxCreateThresholdForImage(ctx, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8),
        (vx_reference)vxCreateTensor(ctx, 3, dims, VX_TYPE_UINT8, 0),
        (vx_reference)vxCreateUserDataObject(ctx, "blob", 16, NULL),
        (vx_reference)vxCreateGraph(ctx),
    };
    for (unsigned i = 0; i < sizeof objs / sizeof *objs; i++)
        counts(objs[i]);
    /* containers made from an exemplar */
    vx_image ex = vxCreateImage(ctx, 4, 4, VX_DF_IMAGE_U8);
    counts((vx_reference)vxCreateObjectArray(ctx, (vx_reference)ex, 2));
    counts((vx_reference)vxCreateDelay(ctx, (vx_reference)ex, 2));
    CHECK_OK(vxReleaseImage(&ex));
    CHECK_OK(vxReleaseGraph(&g));
    /* a kernel: main holds it from vxAddUserKernel, each lookup adds one */
    vx_kernel k = vxGetKernelByName(ctx, "test.refcount");
    vx_uint32 refs = context_references(ctx);
    CHECK(ref_count(k) == 2);
    CHECK_OK(vxRetainReference((vx_reference)k));
    CHECK(ref_count(k) == 3);
    vx_kernel again = k;
    CHECK_OK(vxReleaseKernel(&again));
    CHECK_OK(vxReleaseKernel(&k));
    k = vxGetKernelByName(ctx, "test.refcount");
    CHECK(ref_count(k) == 2);
    CHECK_OK(vxReleaseKernel(&k));
    CHECK(context_references(ctx) == refs);
}

/* a child the application holds keeps its parent alive; released in both orders */
typedef vx_reference (*child_f)(vx_reference parent);

static void both_orders(vx_reference (*make_parent)(void), child_f get_child, const char *what)
{
    vx_uint32 refs = context_references(ctx);
    for (int parent_first = 0; parent_first < 2; parent_first++) {
        vx_reference parent = make_parent();
        CHECK_REF(parent);
        vx_reference child = get_child(parent);
        CHECK_REF(child);
        if (ref_count(child) != 1) {
            fprintf(stderr, "%s: count %u after getting it\n", what, ref_count(child));
            exit(1);
        }
        CHECK(ref_count(parent) == 1 && context_references(ctx) == refs + 2);
        vx_reference p = parent, c = child;
        if (parent_first) {
            CHECK_OK(vxReleaseReference(&p));
            CHECK(!gone(child) && context_references(ctx) == refs + 1);
            /* still usable: its parent's memory is still there */
            vx_enum type = 0;
            CHECK_OK(vxQueryReference(child, VX_REFERENCE_TYPE, &type, sizeof type));
            if (type == VX_TYPE_IMAGE) {
                vx_pixel_value_t v = {{0}};
                CHECK_OK(vxSetImagePixelValues((vx_image)child, &v));
            }
            CHECK_OK(vxReleaseReference(&c));
        } else {
            CHECK_OK(vxReleaseReference(&c));
            CHECK(!gone(parent) && ref_count(parent) == 1 && context_references(ctx) == refs + 1);
            CHECK_OK(vxReleaseReference(&p));
        }
        if (!gone(parent) || !gone(child) || context_references(ctx) != refs) {
            fprintf(stderr, "%s (parent released %s): parent %s, child %s, %u references, %u at the start\n", what,
                    parent_first ? "first" : "last", gone(parent) ? "gone" : "alive", gone(child) ? "gone" : "alive",
                    context_references(ctx), refs);
            exit(1);
        }
    }
}

static vx_reference image_u8(void) { return (vx_reference)vxCreateImage(ctx, 16, 8, VX_DF_IMAGE_U8); }
static vx_reference image_iyuv(void) { return (vx_reference)vxCreateImage(ctx, 16, 8, VX_DF_IMAGE_IYUV); }
static vx_reference pyramid(void)
{
    return (vx_reference)vxCreatePyramid(ctx, 3, VX_SCALE_PYRAMID_HALF, 16, 16, VX_DF_IMAGE_U8);
}
static vx_reference object_array(void)
{
    vx_reference ex = image_u8(), arr = (vx_reference)vxCreateObjectArray(ctx, ex, 3);
    vxReleaseReference(&ex);
    return arr;
}
static vx_reference delay(void)
{
    vx_reference ex = image_u8(), d = (vx_reference)vxCreateDelay(ctx, ex, 3);
    vxReleaseReference(&ex);
    return d;
}
static vx_reference tensor(void)
{
    vx_size dims[3] = {8, 4, 3};
    return (vx_reference)vxCreateTensor(ctx, 3, dims, VX_TYPE_UINT8, 0);
}

static vx_reference roi(vx_reference p)
{
    vx_rectangle_t r = {2, 2, 10, 6};
    return (vx_reference)vxCreateImageFromROI((vx_image)p, &r);
}
static vx_reference channel(vx_reference p) { return (vx_reference)vxCreateImageFromChannel((vx_image)p, VX_CHANNEL_U); }
static vx_reference level(vx_reference p) { return (vx_reference)vxGetPyramidLevel((vx_pyramid)p, 2); }
static vx_reference item(vx_reference p) { return vxGetObjectArrayItem((vx_object_array)p, 1); }
static vx_reference slot(vx_reference p)
{
    /* the delay keeps its slots; the application holds one by retaining it */
    vx_reference s = vxGetReferenceFromDelay((vx_delay)p, -2);
    CHECK(ref_count(s) == 0);
    CHECK_OK(vxRetainReference(s));
    return s;
}
static vx_reference tensor_view(vx_reference p)
{
    vx_size start[3] = {1, 1, 1}, end[3] = {8, 4, 3};
    return (vx_reference)vxCreateTensorFromView((vx_tensor)p, 3, start, end);
}
/* the images of a tensor: held through their object array, which holds the tensor */
static vx_reference image_from_tensor(vx_reference p)
{
    vx_rectangle_t r = {0, 0, 8, 4};
    vx_object_array arr = vxCreateImageObjectArrayFromTensor((vx_tensor)p, &r, 2, 2 * 8 * 4, VX_DF_IMAGE_U8);
    vx_reference img = vxGetObjectArrayItem(arr, 1);
    CHECK_OK(vxReleaseObjectArray(&arr));
    return img;
}

static void children(void)
{
    both_orders(image_u8, roi, "ROI");
    both_orders(image_iyuv, channel, "channel");
    both_orders(pyramid, level, "pyramid level");
    both_orders(object_array, item, "object array item");
    both_orders(delay, slot, "delay slot");
    both_orders(tensor, tensor_view, "tensor view");
    both_orders(tensor, image_from_tensor, "image from a tensor");
}

/* graphs and nodes hold what they use; the application's counts stay the application's */
static void graphs_and_nodes(void)
{
    vx_uint32 refs = context_references(ctx);
    vx_kernel k = vxGetKernelByName(ctx, "test.refcount");
    vx_image in = vxCreateImage(ctx, 8, 8, VX_DF_IMAGE_U8), out = vxCreateImage(ctx, 8, 8, VX_DF_IMAGE_U8);
    vx_graph g = vxCreateGraph(ctx);
    vx_image virt = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_node a = vxCreateGenericNode(g, k), b = vxCreateGenericNode(g, k);
    CHECK_OK(vxSetParameterByIndex(a, 0, (vx_reference)in));
    CHECK_OK(vxSetParameterByIndex(a, 1, (vx_reference)virt));
    CHECK_OK(vxSetParameterByIndex(b, 0, (vx_reference)virt));
    CHECK_OK(vxSetParameterByIndex(b, 1, (vx_reference)out));
    CHECK(ref_count(in) == 1 && ref_count(virt) == 1 && ref_count(a) == 1 && ref_count(k) == 2);
    CHECK(context_references(ctx) == refs + 6);
    vx_parameter param = vxGetParameterByIndex(a, 0);
    CHECK(ref_count(param) == 1);
    CHECK_OK(vxReleaseParameter(&param));
    /* everything but the graph released: the graph keeps what it needs and still runs */
    vx_image in_h = in, virt_h = virt;
    vx_node a_h = a;
    CHECK_OK(vxReleaseImage(&in));
    CHECK_OK(vxReleaseImage(&virt));
    CHECK_OK(vxReleaseNode(&a));
    CHECK_OK(vxReleaseNode(&b));
    CHECK_OK(vxReleaseKernel(&k));
    CHECK(!gone(in_h) && !gone(virt_h) && !gone(a_h));
    CHECK(context_references(ctx) == refs + 2);
    CHECK_OK(vxProcessGraph(g));
    vx_uint32 nodes = 0;
    CHECK_OK(vxQueryGraph(g, VX_GRAPH_NUMNODES, &nodes, sizeof nodes));
    CHECK(nodes == 2);
    /* the graph goes, and with it what only it held */
    CHECK_OK(vxReleaseGraph(&g));
    CHECK(gone(in_h) && gone(virt_h) && gone(a_h) && !gone(out));
    CHECK_OK(vxReleaseImage(&out));
    CHECK(context_references(ctx) == refs);

    /* a parameter held by the application outlives its node's graph reference */
    g = vxCreateGraph(ctx);
    k = vxGetKernelByName(ctx, "test.refcount");
    a = vxCreateGenericNode(g, k);
    param = vxGetParameterByIndex(a, 1);
    CHECK_OK(vxReleaseNode(&a));
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_OK(vxReleaseKernel(&k));
    CHECK(context_references(ctx) == refs + 1);
    CHECK_OK(vxReleaseParameter(&param));
    CHECK(context_references(ctx) == refs);
}

int main(void)
{
    ctx = vxCreateContext();
    CHECK_REF(ctx);
    vx_uint32 refs0 = context_references(ctx);
    vx_kernel k = in_out_kernel(ctx, "test.refcount", run_nothing, like_input, VX_TYPE_IMAGE);
    vx_uint32 refs1 = context_references(ctx);
    every_type();
    CHECK(context_references(ctx) == refs1);
    children();
    CHECK(context_references(ctx) == refs1);
    graphs_and_nodes();
    CHECK(context_references(ctx) == refs1);
    CHECK_OK(vxRemoveKernel(k));
    CHECK(context_references(ctx) == refs0);
    vx_uint32 count = 0;
    CHECK_OK(vxQueryReference((vx_reference)ctx, VX_REFERENCE_COUNT, &count, sizeof count));
    CHECK(count == 1);
    CHECK_OK(vxReleaseContext(&ctx));
    printf("ok\n");
    return 0;
}
