/* Virtual images whose lifetimes do not overlap share storage (verify.py `_storage_plan`), so
 * vxVerifyGraph allocates and maps only what the graph needs at once:
 *  chain     16 user-kernel steps over virtual 1 MiB images take two buffers, not 15, at
 *            verification and again at re-verification; the result is unchanged;
 *  branches  in -> b -> v1 -> c -> out1 beside in -> a -> v0 -> d -> v3 -> e -> out2; in schedule
 *            order v1's life ends before v3's begins, but c and d run at once (they meet, and c
 *            reads only after d wrote): v1 and v3 must not share, or c reads d's pixels. */
#define _GNU_SOURCE
#include <VX/vx.h>
#include <stdlib.h>
#include "kernels.h"
#include "meet.h"

#define W 1024
#define H 1024

static int missed, d_wrote;

static vx_uint8 plus_one(vx_uint8 v)
{
    return (vx_uint8)(v + 1);
}

static vx_uint8 plus_two(vx_uint8 v)
{
    return (vx_uint8)(v + 2);
}

static vx_status VX_CALLBACK step(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)n;
    return u8_pointwise(p, plus_one);
}

/* c: meets d, waits until d wrote its output (up to 5 s), then out = in + 1 */
static vx_status VX_CALLBACK read_after_d(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)n;
    missed += !meet_partner();
    double until = seconds_now() + 5;
    while (!__atomic_load_n(&d_wrote, __ATOMIC_ACQUIRE) && seconds_now() < until)
        sched_yield();
    return u8_pointwise(p, plus_one);
}

/* d: meets c, out = in + 2, tells c */
static vx_status VX_CALLBACK write_for_c(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)n;
    missed += !meet_partner();
    vx_status status = u8_pointwise(p, plus_two);
    __atomic_store_n(&d_wrote, 1, __ATOMIC_RELEASE);
    return status;
}

static void check_all(vx_image img, vx_uint8 value)
{
    u8_map m;
    CHECK_OK(map_u8(img, VX_READ_ONLY, &m));
    for (vx_uint32 y = 0; y < m.height; y++)
        for (vx_uint32 x = 0; x < m.width; x++)
            CHECK(m.p[y * m.stride + x] == value);
    CHECK_OK(vxUnmapImagePatch(img, m.id));
}

static void chain(vx_context ctx, vx_kernel k_step)
{
    enum { STEPS = 16 };
    vx_image in = u8_image(ctx, W, H, 10), out = u8_image(ctx, W, H, 0);
    vx_graph g = vxCreateGraph(ctx);
    vx_image cur = in;
    for (int i = 0; i < STEPS; i++) {
        vx_image next = i == STEPS - 1 ? out : vxCreateVirtualImage(g, W, H, VX_DF_IMAGE_U8);
        vx_node node = node_of_two(g, k_step, cur, next);
        CHECK_OK(vxReleaseNode(&node));
        if (cur != in)
            CHECK_OK(vxReleaseImage(&cur));
        cur = next;
    }
    size_t before = heap_bytes();
    CHECK_OK(vxVerifyGraph(g));
    size_t used = heap_bytes() - before;
    fprintf(stderr, "chain of %d virtual 1 MiB images: %zu bytes at verification\n", STEPS - 1, used);
    CHECK(used > (3u << 20) / 2 && used < (5u << 20) / 2);     /* two buffers */
    CHECK_OK(vxProcessGraph(g));
    check_all(out, 10 + STEPS);
    fill_u8(in, 100);
    before = heap_bytes();
    CHECK_OK(vxVerifyGraph(g));                                  /* decided again: nothing more */
    CHECK(heap_bytes() < before + (1u << 20) / 2);
    CHECK_OK(vxProcessGraph(g));
    check_all(out, 100 + STEPS);
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_OK(vxReleaseImage(&in));
    CHECK_OK(vxReleaseImage(&out));
}

static void branches(vx_context ctx, vx_kernel k_step, vx_kernel k_read, vx_kernel k_write)
{
    vx_image in = u8_image(ctx, W, H, 1), out1 = u8_image(ctx, W, H, 0), out2 = u8_image(ctx, W, H, 0);
    vx_graph g = vxCreateGraph(ctx);
    vx_image v0 = vxCreateVirtualImage(g, W, H, VX_DF_IMAGE_U8), v1 = vxCreateVirtualImage(g, W, H, VX_DF_IMAGE_U8),
             v3 = vxCreateVirtualImage(g, W, H, VX_DF_IMAGE_U8);
    /* schedule b, a, c, d, e: in schedule order v1 (b to c) ends before v3 (d to e) begins */
    vx_node n[5] = {node_of_two(g, k_step, in, v1), node_of_two(g, k_read, v1, out1), node_of_two(g, k_step, in, v0),
                    node_of_two(g, k_write, v0, v3), node_of_two(g, k_step, v3, out2)};
    arrived = missed = 0;
    for (int run = 0; run < 10; run++) {
        d_wrote = 0;
        CHECK_OK(vxProcessGraph(g));
        check_all(out1, 3);
        check_all(out2, 5);
    }
    CHECK(missed == 0);
    for (int i = 0; i < 5; i++)
        CHECK_OK(vxReleaseNode(&n[i]));
    vx_image imgs[] = {in, out1, out2, v0, v1, v3};
    for (int i = 0; i < 6; i++)
        CHECK_OK(vxReleaseImage(&imgs[i]));
    CHECK_OK(vxReleaseGraph(&g));
}

int main(void)
{
    setenv("PVX_TILE_THREADS", "3", 1);
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    vx_kernel k_step = in_out_kernel(ctx, "test.step", step, like_input, VX_TYPE_IMAGE);
    vx_kernel k_read = in_out_kernel(ctx, "test.read_after_d", read_after_d, like_input, VX_TYPE_IMAGE);
    vx_kernel k_write = in_out_kernel(ctx, "test.write_for_c", write_for_c, like_input, VX_TYPE_IMAGE);
    chain(ctx, k_step);
    branches(ctx, k_step, k_read, k_write);
    vx_kernel ks[] = {k_step, k_read, k_write};
    for (int i = 0; i < 3; i++)
        CHECK_OK(vxRemoveKernel(ks[i]));
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    printf("ok\n");
    return 0;
}
