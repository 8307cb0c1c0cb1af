/* Graphs and virtual images vxCreateGraph and vxCreateVirtualImage make in C (csrc/objects/lazy.h)
 * behave like any other before Python has met them (queries, counts, release) and after (nodes,
 * verification, execution), with VX_CONTEXT_REFERENCES exact throughout; a graph released with
 * virtual images nobody used leaves them to the application; threads build, run and release graphs
 * at once, several on one graph; a context release frees what is left, met or not. */
#include <VX/vx.h>
#include <pthread.h>

#include "check.h"

static vx_context ctx;

static vx_uint32 graph_u32(vx_graph g, vx_enum attribute)
{
    vx_uint32 v = 99;
    CHECK_OK(vxQueryGraph(g, attribute, &v, sizeof v));
    return v;
}

static void never_seen_by_python(vx_uint32 start)
{
    vx_graph g = vxCreateGraph(ctx);
    CHECK_REF(g);
    CHECK(context_references(ctx) == start + 1 && ref_count(g) == 1);
    CHECK(graph_u32(g, VX_GRAPH_NUMNODES) == 0 && graph_u32(g, VX_GRAPH_NUMPARAMETERS) == 0);
    CHECK(graph_u32(g, VX_GRAPH_STATE) == VX_GRAPH_STATE_UNVERIFIED && vxIsGraphVerified(g) == vx_false_e);
    CHECK(vxGetContext((vx_reference)g) == ctx);
    vx_image v = vxCreateVirtualImage(g, 64, 48, VX_DF_IMAGE_U8);
    CHECK_REF(v);
    vx_uint32 w = 0;
    CHECK_OK(vxQueryImage(v, VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK(w == 64 && context_references(ctx) == start + 2 && ref_count(v) == 1);
    vx_imagepatch_addressing_t addr;
    vx_rectangle_t rect = {0, 0, 8, 8};
    vx_map_id id;
    void *ptr = NULL;           /* a virtual image outside its graph's run: refused by Python */
    CHECK_REFUSED(vxMapImagePatch(v, &rect, 0, &id, &addr, &ptr, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0),
                  VX_ERROR_OPTIMIZED_AWAY);
    CHECK_OK(vxReleaseImage(&v));
    CHECK(v == NULL && context_references(ctx) == start + 1);
    CHECK_OK(vxReleaseGraph(&g));
    CHECK(g == NULL && context_references(ctx) == start);
}

/* A chain made of lazy objects runs as any other; its unused virtual image outlives its graph. */
static void used(vx_uint32 start)
{
    vx_graph g = vxCreateGraph(ctx);
    vx_image in = u8_image(ctx, 16, 8, 10), out = u8_image(ctx, 16, 8, 0);
    vx_image mid = vxCreateVirtualImage(g, 16, 8, VX_DF_IMAGE_U8);
    vx_image unused = vxCreateVirtualImage(g, 16, 8, VX_DF_IMAGE_U8);
    vx_node a = vxNotNode(g, in, mid), b = vxNotNode(g, mid, out);
    CHECK_REF(a);
    CHECK_REF(b);
    CHECK(context_references(ctx) == start + 7);
    CHECK_OK(vxVerifyGraph(g));
    CHECK_OK(vxProcessGraph(g));
    CHECK(u8_pixel(out, 3, 3) == 10 && graph_u32(g, VX_GRAPH_NUMNODES) == 2);
    CHECK_OK(vxReleaseGraph(&g));               /* the nodes with it; the images stay the application's */
    CHECK(context_references(ctx) == start + 4);
    vx_graph other = vxCreateGraph(ctx);
    vx_node c = vxNotNode(other, in, unused);
    CHECK_REF(c);
    CHECK_REFUSED_LAST(vxVerifyGraph(other), VX_ERROR_INVALID_SCOPE);
    CHECK_OK(vxReleaseGraph(&other));
    CHECK_OK(vxReleaseImage(&unused));
    CHECK_OK(vxReleaseImage(&mid));
    CHECK_OK(vxReleaseImage(&in));
    CHECK_OK(vxReleaseImage(&out));
    CHECK(context_references(ctx) == start);
}

static void refusals(vx_uint32 start)
{
    vx_graph g = vxCreateGraph(ctx), stale = g;
    CHECK_CREATE_REFUSED(vxCreateVirtualImage(g, 63, 48, VX_DF_IMAGE_NV12), VX_ERROR_INVALID_DIMENSION);
    CHECK_CREATE_REFUSED(vxCreateVirtualImage(g, 64, 48, 0x7777), VX_ERROR_INVALID_FORMAT);
    CHECK_CREATE_REFUSED(vxCreateVirtualImage((vx_graph)ctx, 64, 48, VX_DF_IMAGE_U8), VX_ERROR_INVALID_REFERENCE);
    CHECK_CREATE_REFUSED(vxCreateGraph((vx_context)g), VX_ERROR_INVALID_REFERENCE);
    vx_image not_image = (vx_image)g;
    CHECK_REFUSED(vxReleaseImage(&not_image), VX_ERROR_INVALID_REFERENCE);
    CHECK(context_references(ctx) == start + 1);
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_REFUSED(vxReleaseGraph(&stale), VX_ERROR_INVALID_REFERENCE);
    CHECK_CREATE_REFUSED(vxCreateVirtualImage(stale, 64, 48, VX_DF_IMAGE_U8), VX_ERROR_INVALID_REFERENCE);
    CHECK_STATUS(vxReleaseGraph(NULL), VX_ERROR_INVALID_REFERENCE);
    CHECK(context_references(ctx) == start);
}

enum { THREADS = 4, ROUNDS = 300 };
static vx_graph shared;

/* Each thread: graphs of its own, made, run and released; virtual images made in the shared graph
 * and released, some met by Python (named). */
static void *worker(void *arg)
{
    uintptr_t t = (uintptr_t)arg;
    for (int k = 0; k < ROUNDS; k++) {
        vx_graph g = vxCreateGraph(ctx);
        CHECK_REF(g);
        vx_image v = vxCreateVirtualImage(shared, 16, 8, VX_DF_IMAGE_U8);
        CHECK_REF(v);
        if ((k + t) % 7 == 0)
            CHECK_OK(vxSetReferenceName((vx_reference)v, "seen"));
        if (k % 10 == 0) {
            vx_image in = u8_image(ctx, 16, 8, (vx_uint8)k), out = u8_image(ctx, 16, 8, 0);
            vx_image mid = vxCreateVirtualImage(g, 16, 8, VX_DF_IMAGE_U8);
            vx_node a = vxNotNode(g, in, mid), b = vxNotNode(g, mid, out);
            CHECK_OK(vxProcessGraph(g));
            CHECK(u8_pixel(out, 1, 1) == (vx_uint8)k);
            CHECK_OK(vxReleaseNode(&a));
            CHECK_OK(vxReleaseNode(&b));
            CHECK_OK(vxReleaseImage(&mid));
            CHECK_OK(vxReleaseImage(&in));
            CHECK_OK(vxReleaseImage(&out));
        }
        CHECK_OK(vxReleaseImage(&v));
        CHECK_OK(vxReleaseGraph(&g));
    }
    return NULL;
}

static void threads(vx_uint32 start)
{
    shared = vxCreateGraph(ctx);
    pthread_t th[THREADS];
    for (uintptr_t t = 0; t < THREADS; t++)
        CHECK(pthread_create(&th[t], NULL, worker, (void *)t) == 0);
    for (int t = 0; t < THREADS; t++)
        pthread_join(th[t], NULL);
    CHECK_OK(vxReleaseGraph(&shared));
    CHECK(context_references(ctx) == start);
}

int main(void)
{
    ctx = test_context();
    vx_uint32 start = context_references(ctx);
    never_seen_by_python(start);
    used(start);
    refusals(start);
    threads(start);

    /* a context release frees those left: graphs and virtual images unseen and seen */
    vx_graph left[3] = {vxCreateGraph(ctx), vxCreateGraph(ctx), vxCreateGraph(ctx)};
    vx_image images[3] = {vxCreateVirtualImage(left[0], 8, 8, VX_DF_IMAGE_U8),
                          vxCreateVirtualImage(left[1], 8, 8, VX_DF_IMAGE_U8),
                          vxCreateVirtualImage(left[1], 8, 8, VX_DF_IMAGE_U8)};
    CHECK_OK(vxSetReferenceName((vx_reference)left[1], "seen"));
    CHECK_OK(vxSetReferenceName((vx_reference)images[2], "seen"));
    CHECK(context_references(ctx) == start + 6);
    CHECK_OK(vxReleaseContext(&ctx));
    return 0;
}
