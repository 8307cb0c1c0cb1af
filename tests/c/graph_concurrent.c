/* Graphs scheduled together whose nodes split their rows over the tile pool (csrc/runtime/async.c,
 * csrc/base/pool.c): 640x480 and 1920x1080 Box3x3 chains (row bands), two to five at once, waited
 * for in changing orders, give outputs bit-identical to the same graphs run by vxProcessGraph; each
 * wait returns VX_SUCCESS once, a scheduled graph refuses a second schedule, its state after the
 * wait is COMPLETED, and the run counts in its performance. The waiter does row bands of the graph
 * it waits for, and a worker between two graphs takes the second of two queued: this exercises both
 * with several graphs queued, some waited for before the others were scheduled. */
#include <VX/vx.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

#define GRAPHS 5
#define ROUNDS 40

typedef struct {
    vx_image in, out;
    vx_graph g;
} chain;

/* in -> Box3x3 x 4 -> out, virtual intermediates */
static chain make_chain(vx_context ctx, vx_uint32 w, vx_uint32 h)
{
    chain c = {vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8), vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8),
               vxCreateGraph(ctx)};
    CHECK_REF(c.in);
    CHECK_REF(c.out);
    CHECK_REF(c.g);
    vx_image cur = c.in;
    for (int k = 0; k < 4; k++) {
        vx_image next = k == 3 ? c.out : vxCreateVirtualImage(c.g, 0, 0, VX_DF_IMAGE_U8);
        vx_node n = vxBox3x3Node(c.g, cur, next);
        CHECK_REF(n);
        CHECK_OK(vxReleaseNode(&n));
        if (cur != c.in)
            CHECK_OK(vxReleaseImage(&cur));
        cur = next;
    }
    CHECK_OK(vxVerifyGraph(c.g));
    return c;
}

static void release_chain(chain *c)
{
    CHECK_OK(vxReleaseGraph(&c->g));
    CHECK_OK(vxReleaseImage(&c->in));
    CHECK_OK(vxReleaseImage(&c->out));
}

static vx_uint32 width(vx_image img)
{
    vx_uint32 w = 0;
    CHECK_OK(vxQueryImage(img, VX_IMAGE_WIDTH, &w, sizeof w));
    return w;
}

static vx_uint32 height(vx_image img)
{
    vx_uint32 h = 0;
    CHECK_OK(vxQueryImage(img, VX_IMAGE_HEIGHT, &h, sizeof h));
    return h;
}

/* Pixels from a seed (a different picture each round and graph). */
static void fill(vx_image img, unsigned seed)
{
    vx_uint32 w = width(img), h = height(img);
    vx_uint8 *p = malloc((size_t)w * h);
    CHECK(p != NULL);
    unsigned x = seed * 2654435761u + 1;
    for (size_t i = 0; i < (size_t)w * h; i++) {
        x ^= x << 13, x ^= x >> 17, x ^= x << 5;
        p[i] = (vx_uint8)(x >> 11);
    }
    vx_rectangle_t rect = {0, 0, w, h};
    vx_imagepatch_addressing_t addr = {w, h, 1, (vx_int32)w, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 0};
    CHECK_OK(vxCopyImagePatch(img, &rect, 0, &addr, p, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    free(p);
}

static void read_u8(vx_image img, vx_uint8 *p)
{
    vx_uint32 w = width(img), h = height(img);
    vx_rectangle_t rect = {0, 0, w, h};
    vx_imagepatch_addressing_t addr = {w, h, 1, (vx_int32)w, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 0};
    CHECK_OK(vxCopyImagePatch(img, &rect, 0, &addr, p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
}

int main(void)
{
    vx_context ctx = test_context();
    CHECK_REF(ctx);
    vx_uint32 start = context_references(ctx);
    CHECK_OK(vxDirective((vx_reference)ctx, VX_DIRECTIVE_ENABLE_PERFORMANCE));
    /* graph i and its twin ref[i], run by vxProcessGraph on the same input for the expected output */
    chain c[GRAPHS], ref[GRAPHS];
    for (int i = 0; i < GRAPHS; i++) {
        vx_uint32 w = i == 2 ? 1920 : 640, h = i == 2 ? 1080 : 480;
        c[i] = make_chain(ctx, w, h);
        ref[i] = make_chain(ctx, w, h);
    }
    vx_uint8 *got = malloc(1920 * 1080), *want = malloc(1920 * 1080);
    CHECK(got != NULL && want != NULL);
    vx_uint32 runs[GRAPHS] = {0};
    for (int round = 0; round < ROUNDS; round++) {
        int n = 2 + round % (GRAPHS - 1);             /* 2 to 5 graphs at once */
        int first = round % GRAPHS;
        for (int k = 0; k < n; k++) {
            int i = (first + k) % GRAPHS;
            fill(c[i].in, (unsigned)(round * GRAPHS + i));
            CHECK_OK(vxScheduleGraph(c[i].g));
            runs[i]++;
            if (round % 3 == 0 && k == 0)             /* the first waited for before the others come */
                CHECK_OK(vxWaitGraph(c[i].g));
        }
        CHECK_STATUS(vxScheduleGraph(c[(first + n - 1) % GRAPHS].g), VX_ERROR_GRAPH_SCHEDULED);
        for (int k = 0; k < n; k++) {
            int i = (first + (round % 2 ? n - 1 - k : (k + round / 2) % n)) % GRAPHS;
            if (round % 3 == 0 && i == first)
                continue;
            CHECK_OK(vxWaitGraph(c[i].g));
        }
        for (int k = 0; k < n; k++) {
            int i = (first + k) % GRAPHS;
            CHECK_REFUSED(vxWaitGraph(c[i].g), VX_FAILURE);          /* waited for once */
            vx_enum state;
            CHECK_OK(vxQueryGraph(c[i].g, VX_GRAPH_STATE, &state, sizeof state));
            CHECK(state == VX_GRAPH_STATE_COMPLETED);
            fill(ref[i].in, (unsigned)(round * GRAPHS + i));
            CHECK_OK(vxProcessGraph(ref[i].g));
            vx_uint32 size = width(c[i].out) * height(c[i].out);
            read_u8(c[i].out, got);
            read_u8(ref[i].out, want);
            CHECK(memcmp(got, want, size) == 0);
        }
    }
    for (int i = 0; i < GRAPHS; i++) {
        vx_perf_t perf;
        CHECK_OK(vxQueryGraph(c[i].g, VX_GRAPH_PERFORMANCE, &perf, sizeof perf));
        CHECK(perf.num == runs[i]);
    }
    free(got);
    free(want);
    for (int i = 0; i < GRAPHS; i++) {
        release_chain(&c[i]);
        release_chain(&ref[i]);
    }
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
