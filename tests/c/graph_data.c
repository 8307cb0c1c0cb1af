/* The graph manager with real data objects: virtual images given their meta data, outputs checked
 * against the validators, valid rectangles propagating, replication over object arrays and
 * pyramids, delays aged automatically after each run, scope and producer checks. */
#define _POSIX_C_SOURCE 200809L
#include "kernels.h"
#include <pthread.h>
#include <string.h>
#include <time.h>

static int set_meta = 1;              /* whether the validators describe their output */

static vx_status VX_CALLBACK same_validate(vx_node node, const vx_reference p[], vx_uint32 n, vx_meta_format m[])
{
    (void)node; (void)n;
    vx_uint32 w, h;
    vx_df_image f;
    CHECK_OK(vxQueryImage((vx_image)p[0], VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxQueryImage((vx_image)p[0], VX_IMAGE_HEIGHT, &h, sizeof h));
    CHECK_OK(vxQueryImage((vx_image)p[0], VX_IMAGE_FORMAT, &f, sizeof f));
    if (!set_meta)
        return VX_SUCCESS;
    CHECK_OK(vxSetMetaFormatAttribute(m[1], VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxSetMetaFormatAttribute(m[1], VX_IMAGE_HEIGHT, &h, sizeof h));
    CHECK_OK(vxSetMetaFormatAttribute(m[1], VX_IMAGE_FORMAT, &f, sizeof f));
    vx_uint32 got = 0;
    CHECK_OK(vxQueryMetaFormatAttribute(m[1], VX_IMAGE_WIDTH, &got, sizeof got));
    CHECK(got == w);
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK shrink_rect(vx_node node, vx_uint32 index, const vx_rectangle_t *const in[],
                                         vx_rectangle_t *const out[])
{
    (void)node;
    CHECK(index == 1);
    out[0]->start_x = in[0]->start_x + 2;
    out[0]->start_y = in[0]->start_y + 1;
    out[0]->end_x = in[0]->end_x - 2;
    out[0]->end_y = in[0]->end_y - 1;
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK shrink_validate(vx_node node, const vx_reference p[], vx_uint32 n, vx_meta_format m[])
{
    vx_kernel_image_valid_rectangle_f cb = shrink_rect;
    CHECK_OK(same_validate(node, p, n, m));
    return vxSetMetaFormatAttribute(m[1], VX_VALID_RECT_CALLBACK, &cb, sizeof cb);
}

/* out = in + 1 over the whole image */
static vx_status VX_CALLBACK inc(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)n;
    vx_image in = (vx_image)p[0], out = (vx_image)p[1];
    u8_map a, b;
    TRY(map_u8(in, VX_READ_ONLY, &a));
    vx_status s = map_u8(out, VX_WRITE_ONLY, &b);
    if (s == VX_SUCCESS) {
        for (vx_uint32 y = 0; y < a.height; y++)
            for (vx_uint32 x = 0; x < a.width; x++)
                b.p[y * b.stride + x] = (vx_uint8)(a.p[y * a.stride + x] + 1);
        s = vxUnmapImagePatch(out, b.id);
    }
    vxUnmapImagePatch(in, a.id);
    return s;
}

/* meet: inc, but only once the other graph's meet node has arrived too (up to 10 s): two graphs
 * that need Python around their runs (auto-aged delays) still run at the same time */
static int arrived;
static vx_status VX_CALLBACK meet(vx_node node, const vx_reference *p, vx_uint32 n)
{
    int me = __atomic_add_fetch(&arrived, 1, __ATOMIC_SEQ_CST);
    int goal = (me + 1) / 2 * 2;
    struct timespec pause = {0, 1000000};
    for (int i = 0; i < 10000 && __atomic_load_n(&arrived, __ATOMIC_SEQ_CST) < goal; i++)
        nanosleep(&pause, NULL);
    if (__atomic_load_n(&arrived, __ATOMIC_SEQ_CST) < goal)
        return VX_ERROR_NO_RESOURCES;
    return inc(node, p, n);
}

static vx_kernel kernel(vx_context ctx, const char *name, vx_kernel_validate_f validate)
{
    return in_out_kernel(ctx, name, inc, validate, VX_TYPE_IMAGE);
}

static vx_node node(vx_graph g, vx_kernel k, vx_image in, vx_image out)
{
    vx_node n = vxCreateGenericNode(g, k);
    CHECK_REF(n);
    CHECK_OK(vxSetParameterByIndex(n, 0, (vx_reference)in));
    CHECK_OK(vxSetParameterByIndex(n, 1, (vx_reference)out));
    return n;
}

static void virtual_images_and_valid_rectangles(vx_context ctx, vx_kernel same, vx_kernel shrink)
{
    vx_image in = vxCreateImage(ctx, 32, 16, VX_DF_IMAGE_U8);
    vx_image out = vxCreateImage(ctx, 32, 16, VX_DF_IMAGE_U8);
    vx_graph g = vxCreateGraph(ctx);
    vx_image v1 = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_image v2 = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_node n3 = node(g, same, v2, out);
    vx_node n2 = node(g, shrink, v1, v2);
    vx_node n1 = node(g, shrink, in, v1);
    fill_u8(in, 10);
    CHECK_OK(vxVerifyGraph(g));
    vx_uint32 w = 0;
    vx_df_image f = 0;
    CHECK_OK(vxQueryImage(v2, VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxQueryImage(v2, VX_IMAGE_FORMAT, &f, sizeof f));
    CHECK(w == 32 && f == VX_DF_IMAGE_U8);
    CHECK_OK(vxProcessGraph(g));
    CHECK(u8_pixel(out, 5, 5) == 13);
    vx_rectangle_t r;
    CHECK_OK(vxGetValidRegionImage(v2, &r));
    CHECK(r.start_x == 4 && r.start_y == 2 && r.end_x == 28 && r.end_y == 14);
    /* a virtual image is not the application's */
    vx_map_id map;
    vx_imagepatch_addressing_t a;
    void *ptr = NULL;
    vx_rectangle_t all = {0, 0, 32, 16};
    CHECK(vxMapImagePatch(v1, &all, 0, &map, &a, &ptr, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0) != VX_SUCCESS);
    /* reset makes the output valid everywhere */
    vx_bool reset = vx_true_e;
    CHECK_OK(vxSetNodeAttribute(n2, VX_NODE_VALID_RECT_RESET, &reset, sizeof reset));
    CHECK_OK(vxVerifyGraph(g));
    CHECK_OK(vxGetValidRegionImage(v2, &r));
    CHECK(r.start_x == 0 && r.start_y == 0 && r.end_x == 32 && r.end_y == 16);

    /* outputs are checked against what the validators say */
    vx_image small = vxCreateImage(ctx, 16, 16, VX_DF_IMAGE_U8);
    vx_image s16 = vxCreateImage(ctx, 32, 16, VX_DF_IMAGE_S16);
    CHECK_OK(vxSetParameterByIndex(n3, 1, (vx_reference)small));
    CHECK_REFUSED(vxVerifyGraph(g), VX_ERROR_INVALID_DIMENSION);
    CHECK_OK(vxSetParameterByIndex(n3, 1, (vx_reference)s16));
    CHECK_REFUSED(vxVerifyGraph(g), VX_ERROR_INVALID_FORMAT);
    CHECK(vxIsGraphVerified(g) == vx_false_e);
    CHECK_OK(vxSetParameterByIndex(n3, 1, (vx_reference)out));
    CHECK_OK(vxVerifyGraph(g));
    /* a virtual output nobody describes */
    set_meta = 0;
    vx_image v3 = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    CHECK_OK(vxSetParameterByIndex(n1, 1, (vx_reference)v3));
    CHECK_OK(vxSetParameterByIndex(n2, 0, (vx_reference)v3));
    CHECK(vxVerifyGraph(g) != VX_SUCCESS);
    set_meta = 1;
    /* a virtual image read but never written */
    vx_image v4 = vxCreateVirtualImage(g, 32, 16, VX_DF_IMAGE_U8);
    CHECK_OK(vxSetParameterByIndex(n2, 0, (vx_reference)v4));
    CHECK_REFUSED(vxVerifyGraph(g), VX_ERROR_INVALID_GRAPH);
    /* a virtual image of another graph */
    vx_graph other = vxCreateGraph(ctx);
    vx_image foreign = vxCreateVirtualImage(other, 32, 16, VX_DF_IMAGE_U8);
    CHECK_OK(vxSetParameterByIndex(n2, 0, (vx_reference)foreign));   /* refused by verification */
    CHECK_REFUSED(vxVerifyGraph(g), VX_ERROR_INVALID_SCOPE);

    vx_image imgs[] = {in, out, v1, v2, v3, v4, small, s16, foreign};
    for (unsigned i = 0; i < sizeof imgs / sizeof *imgs; i++)
        CHECK_OK(vxReleaseImage(&imgs[i]));
    vx_node nodes[] = {n1, n2, n3};
    for (unsigned i = 0; i < 3; i++)
        CHECK_OK(vxReleaseNode(&nodes[i]));
    CHECK_OK(vxReleaseGraph(&other));
    CHECK_OK(vxReleaseGraph(&g));
}

static void replication(vx_context ctx, vx_kernel same)
{
    vx_image exemplar = vxCreateImage(ctx, 8, 8, VX_DF_IMAGE_U8);
    vx_object_array ain = vxCreateObjectArray(ctx, (vx_reference)exemplar, 3);
    vx_object_array aout = vxCreateObjectArray(ctx, (vx_reference)exemplar, 3);
    vx_object_array four = vxCreateObjectArray(ctx, (vx_reference)exemplar, 4);
    for (vx_uint32 i = 0; i < 3; i++) {
        vx_image item = (vx_image)vxGetObjectArrayItem(ain, i);
        fill_u8(item, (vx_uint8)(10 * i));
        CHECK_OK(vxReleaseImage(&item));
    }
    vx_graph g = vxCreateGraph(ctx);
    vx_image in0 = (vx_image)vxGetObjectArrayItem(ain, 0), out0 = (vx_image)vxGetObjectArrayItem(aout, 0);
    vx_image in1 = (vx_image)vxGetObjectArrayItem(ain, 1), four0 = (vx_image)vxGetObjectArrayItem(four, 0);
    vx_node n = node(g, same, in0, out0);
    vx_bool flags[2] = {vx_true_e, vx_true_e};
    CHECK_REFUSED(vxReplicateNode(g, n, flags, 3), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxSetParameterByIndex(n, 0, (vx_reference)in1));
    CHECK_REFUSED(vxReplicateNode(g, n, flags, 2), VX_ERROR_INVALID_PARAMETERS);      /* not item 0 */
    CHECK_OK(vxSetParameterByIndex(n, 0, (vx_reference)four0));
    CHECK_REFUSED(vxReplicateNode(g, n, flags, 2), VX_ERROR_INVALID_PARAMETERS);      /* 4 items vs 3 */
    CHECK_OK(vxSetParameterByIndex(n, 0, (vx_reference)in0));
    CHECK_OK(vxReplicateNode(g, n, flags, 2));
    vx_bool replicated = vx_false_e, got[2] = {vx_false_e, vx_false_e};
    CHECK_OK(vxQueryNode(n, VX_NODE_IS_REPLICATED, &replicated, sizeof replicated));
    CHECK_OK(vxQueryNode(n, VX_NODE_REPLICATE_FLAGS, got, sizeof got));
    CHECK(replicated == vx_true_e && got[0] == vx_true_e && got[1] == vx_true_e);
    CHECK_OK(vxProcessGraph(g));
    for (vx_uint32 i = 0; i < 3; i++) {
        vx_image item = (vx_image)vxGetObjectArrayItem(aout, i);
        CHECK(u8_pixel(item, 3, 3) == 10 * i + 1);
        CHECK_OK(vxReleaseImage(&item));
    }
    CHECK_OK(vxReleaseNode(&n));
    CHECK_OK(vxReleaseGraph(&g));

    /* pyramids: one run per level */
    vx_pyramid pin = vxCreatePyramid(ctx, 3, VX_SCALE_PYRAMID_HALF, 16, 16, VX_DF_IMAGE_U8);
    vx_pyramid pout = vxCreatePyramid(ctx, 3, VX_SCALE_PYRAMID_HALF, 16, 16, VX_DF_IMAGE_U8);
    for (vx_uint32 i = 0; i < 3; i++) {
        vx_image level = vxGetPyramidLevel(pin, i);
        fill_u8(level, (vx_uint8)(50 + i));
        CHECK_OK(vxReleaseImage(&level));
    }
    g = vxCreateGraph(ctx);
    vx_image l0 = vxGetPyramidLevel(pin, 0), m0 = vxGetPyramidLevel(pout, 0);
    n = node(g, same, l0, m0);
    CHECK_OK(vxReplicateNode(g, n, flags, 2));
    CHECK_OK(vxProcessGraph(g));
    for (vx_uint32 i = 0; i < 3; i++) {
        vx_image level = vxGetPyramidLevel(pout, i);
        CHECK(u8_pixel(level, 1, 1) == 51 + i);
        CHECK_OK(vxReleaseImage(&level));
    }
    CHECK_OK(vxReleaseNode(&n));
    CHECK_OK(vxReleaseGraph(&g));
    vx_image imgs[] = {exemplar, in0, out0, in1, four0, l0, m0};
    for (unsigned i = 0; i < sizeof imgs / sizeof *imgs; i++)
        CHECK_OK(vxReleaseImage(&imgs[i]));
    CHECK_OK(vxReleaseObjectArray(&ain));
    CHECK_OK(vxReleaseObjectArray(&aout));
    CHECK_OK(vxReleaseObjectArray(&four));
    CHECK_OK(vxReleasePyramid(&pin));
    CHECK_OK(vxReleasePyramid(&pout));
}

/* delay[0] = in + 1 each run; out = delay[-1] + 1: out lags one run behind */
static void delays(vx_context ctx, vx_kernel same)
{
    vx_image in = vxCreateImage(ctx, 8, 8, VX_DF_IMAGE_U8);
    vx_image out = vxCreateImage(ctx, 8, 8, VX_DF_IMAGE_U8);
    vx_delay delay = vxCreateDelay(ctx, (vx_reference)in, 2);
    CHECK_REF(delay);
    vx_image d0 = (vx_image)vxGetReferenceFromDelay(delay, 0);
    vx_image d1 = (vx_image)vxGetReferenceFromDelay(delay, -1);
    fill_u8(d0, 0);
    fill_u8(d1, 0);
    vx_graph g = vxCreateGraph(ctx);
    vx_node a = node(g, same, in, d0);
    vx_node b = node(g, same, d1, out);
    CHECK_OK(vxRegisterAutoAging(g, delay));
    CHECK_OK(vxRegisterAutoAging(g, delay));                  /* once is enough */
    CHECK_REFUSED(vxRegisterAutoAging(g, (vx_delay)in), VX_ERROR_INVALID_REFERENCE);
    fill_u8(in, 10);
    CHECK_OK(vxProcessGraph(g));       /* d0 = 11, out = 0 + 1; then aging: slot -1 holds 11 */
    CHECK(u8_pixel(out, 0, 0) == 1);
    fill_u8(in, 20);
    CHECK_OK(vxProcessGraph(g));       /* new d0 = 21, out = 11 + 1 */
    CHECK(u8_pixel(out, 0, 0) == 12);
    CHECK_OK(vxProcessGraph(g));
    CHECK(u8_pixel(out, 0, 0) == 22);
    CHECK(vxIsGraphVerified(g) == vx_true_e);
    CHECK_OK(vxReleaseNode(&a));
    CHECK_OK(vxReleaseNode(&b));
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_OK(vxReleaseDelay(&delay));
    CHECK_OK(vxReleaseImage(&in));
    CHECK_OK(vxReleaseImage(&out));
}

/* a graph on the Python path: in -> meet -> delay[0], with the delay auto-aged */
typedef struct {
    vx_image in;
    vx_delay delay;
    vx_graph graph;
    vx_node node;
} aged_graph;

static aged_graph aged(vx_context ctx, vx_kernel k)
{
    aged_graph a;
    a.in = vxCreateImage(ctx, 8, 8, VX_DF_IMAGE_U8);
    fill_u8(a.in, 1);
    a.delay = vxCreateDelay(ctx, (vx_reference)a.in, 2);
    a.graph = vxCreateGraph(ctx);
    a.node = node(a.graph, k, a.in, (vx_image)vxGetReferenceFromDelay(a.delay, 0));
    CHECK_OK(vxRegisterAutoAging(a.graph, a.delay));
    return a;
}

static void release_aged(aged_graph *a)
{
    CHECK_OK(vxReleaseNode(&a->node));
    CHECK_OK(vxReleaseGraph(&a->graph));
    CHECK_OK(vxReleaseDelay(&a->delay));
    CHECK_OK(vxReleaseImage(&a->in));
}

static void *process(void *graph)
{
    for (int i = 0; i < 5; i++)
        if (vxProcessGraph((vx_graph)graph) != VX_SUCCESS)
            return graph;
    return NULL;
}

static void concurrent_python_path(vx_context ctx)
{
    vx_kernel k = in_out_kernel(ctx, "test.meet", meet, same_validate, VX_TYPE_IMAGE);
    aged_graph a = aged(ctx, k), b = aged(ctx, k);
    /* vxProcessGraph from two threads */
    pthread_t ta, tb;
    void *ra, *rb;
    pthread_create(&ta, NULL, process, a.graph);
    pthread_create(&tb, NULL, process, b.graph);
    pthread_join(ta, &ra);
    pthread_join(tb, &rb);
    CHECK(ra == NULL && rb == NULL);
    /* vxScheduleGraph twice from one thread, then wait for each */
    for (int i = 0; i < 5; i++) {
        CHECK_OK(vxScheduleGraph(a.graph));
        CHECK_OK(vxScheduleGraph(b.graph));
        CHECK_OK(vxWaitGraph(a.graph));
        CHECK_OK(vxWaitGraph(b.graph));
    }
    release_aged(&a);
    release_aged(&b);
    CHECK_OK(vxRemoveKernel(k));
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs0 = context_references(ctx);
    vx_kernel same = kernel(ctx, "test.same", same_validate);
    vx_kernel shrink = kernel(ctx, "test.shrink", shrink_validate);
    virtual_images_and_valid_rectangles(ctx, same, shrink);
    replication(ctx, same);
    delays(ctx, same);
    concurrent_python_path(ctx);
    CHECK_OK(vxRemoveKernel(same));
    CHECK_OK(vxRemoveKernel(shrink));
    CHECK(context_references(ctx) == refs0);
    CHECK_OK(vxReleaseContext(&ctx));
    printf("ok\n");
    return 0;
}
