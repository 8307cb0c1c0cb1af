/* Tiling kernels (seed 001): a 3x3 box filter on a 1920x1080 U8 frame as a tiling kernel run by
 * vxProcessGraph (tiles on the library's thread pool), beside the same loop in plain C on one
 * thread. The fast function runs the very loop plain C runs, per tile.
 *
 *  box3x3_undefined   VX_BORDER_UNDEFINED: the fast function on the interior, nothing else
 *  box3x3_replicate   VX_BORDER_REPLICATE: the same, plus the edge tiles by the flexible function on
 *                     bordered copies; plain C clamps at the edge
 * "threads" is what the tile engine uses: PVX_TILE_THREADS, else the online CPUs. */
#include <VX/vx.h>
#include <VX/vx_compatibility.h>
#include <VX/vx_khr_tiling.h>
#include <stdlib.h>
#include <unistd.h>
#include "bench.h"

#define W 1920
#define H 1080

/* Rows [y0, y1), columns [x0, x1) of the box; in and out point at pixel (0, 0). */
static void box_rows(const vx_uint8 *in, vx_int32 in_stride, vx_uint8 *out, vx_int32 out_stride, vx_int32 x0,
                     vx_int32 x1, vx_int32 y0, vx_int32 y1)
{
    for (vx_int32 y = y0; y < y1; y++) {
        const vx_uint8 *a = in + (y - 1) * in_stride, *b = a + in_stride, *c = b + in_stride;
        vx_uint8 *o = out + y * out_stride;
        for (vx_int32 x = x0; x < x1; x++)
            o[x] = (vx_uint8)((a[x - 1] + a[x] + a[x + 1] + b[x - 1] + b[x] + b[x + 1] + c[x - 1] + c[x] +
                               c[x + 1]) / 9);
    }
}

static void box_fast(void *VX_RESTRICT p[], void *VX_RESTRICT mem, vx_size size)
{
    (void)mem; (void)size;
    vx_tile_t *in = p[0], *out = p[1];
    box_rows(in->base[0], in->addr[0].stride_y, out->base[0], out->addr[0].stride_y, 0,
             (vx_int32)vxTileWidth(out, 0), 0, (vx_int32)vxTileHeight(out, 0));
}

static void box_flexible(void *VX_RESTRICT p[], void *VX_RESTRICT mem, vx_size size)
{
    (void)mem; (void)size;
    vx_tile_t *in = p[0], *out = p[1];
    for (vx_uint32 y = 0; y < vxTileHeight(out, 0); y++)
        for (vx_uint32 x = 0; x < vxTileWidth(out, 0); x++) {
            unsigned sum = 0;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++)
                    sum += vxImagePixel(vx_uint8, in, 0, x, y, dx, dy);
            vxImagePixel(vx_uint8, out, 0, x, y, 0, 0) = (vx_uint8)(sum / 9);
        }
}

/* Plain C at the edge: the box with coordinates clamped to the image. */
static void box_edges(const vx_uint8 *in, vx_uint8 *out)
{
    for (vx_int32 y = 0; y < H; y++)
        for (vx_int32 x = 0; x < W; x += (y == 0 || y == H - 1) ? 1 : W - 1) {
            unsigned sum = 0;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    vx_int32 ax = x + dx < 0 ? 0 : x + dx >= W ? W - 1 : x + dx;
                    vx_int32 ay = y + dy < 0 ? 0 : y + dy >= H ? H - 1 : y + dy;
                    sum += in[ay * W + ax];
                }
            out[y * W + x] = (vx_uint8)(sum / 9);
        }
}

static vx_status VX_CALLBACK any_input(vx_node node, vx_uint32 index)
{
    (void)node; (void)index;
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK like_input(vx_node node, vx_uint32 index, vx_meta_format meta)
{
    (void)index;
    vx_parameter p = vxGetParameterByIndex(node, 0);
    vx_image img = NULL;
    vxQueryParameter(p, VX_PARAMETER_REF, &img, sizeof img);
    vx_status s = vxSetMetaFormatFromReference(meta, (vx_reference)img);
    vxReleaseImage(&img);
    vxReleaseParameter(&p);
    return s;
}

static vx_kernel box_kernel(vx_context ctx)
{
    vx_enum id;
    vxAllocateUserKernelId(ctx, &id);
    vx_char name[VX_MAX_KERNEL_NAME] = "bench.box3x3";
    vx_kernel k = vxAddTilingKernel(ctx, name, id, box_flexible, box_fast, 2, any_input, like_input);
    vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED);
    vxAddParameterToKernel(k, 1, VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED);
    vx_neighborhood_size_t nb = {-1, 1, -1, 1};
    vxSetKernelAttribute(k, VX_KERNEL_INPUT_NEIGHBORHOOD, &nb, sizeof nb);
    vxFinalizeKernel(k);
    return k;
}

/* Our run of the box in `mode` beside plain C; 1 when the outputs differ or anything failed. */
static int run(vx_context ctx, vx_kernel k, vx_enum mode, const vx_uint8 *src, int first)
{
    vx_graph g = vxCreateGraph(ctx);
    vx_image in = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8), out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_rectangle_t all = {0, 0, W, H};
    vx_imagepatch_addressing_t addr = {W, H, 1, W, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 0};
    vxCopyImagePatch(in, &all, 0, &addr, (void *)src, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
    vx_node n = vxCreateGenericNode(g, k);
    vxSetParameterByIndex(n, 0, (vx_reference)in);
    vxSetParameterByIndex(n, 1, (vx_reference)out);
    vx_border_t border = {mode, {{0}}};
    vxSetNodeAttribute(n, VX_NODE_BORDER, &border, sizeof border);
    int bad = vxVerifyGraph(g) != VX_SUCCESS || vxProcessGraph(g) != VX_SUCCESS;
    vx_uint8 *ours = calloc(W * H, 1), *plain = calloc(W * H, 1);
    double ours_ns, plain_ns;
    BENCH_NS(ours_ns, 5, 20, vxProcessGraph(g));
    if (mode == VX_BORDER_REPLICATE)
        BENCH_NS(plain_ns, 5, 20, box_rows(src, W, plain, W, 1, W - 1, 1, H - 1); box_edges(src, plain));
    else
        BENCH_NS(plain_ns, 5, 20, box_rows(src, W, plain, W, 1, W - 1, 1, H - 1));
    vxCopyImagePatch(out, &all, 0, &addr, ours, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
    for (vx_int32 y = 0; y < H; y++)        /* UNDEFINED: only the interior is defined */
        for (vx_int32 x = 0; x < W; x++)
            if ((mode == VX_BORDER_REPLICATE || (x > 0 && y > 0 && x < W - 1 && y < H - 1)) &&
                ours[y * W + x] != plain[y * W + x])
                bad = 1;
    bench_row(first, mode == VX_BORDER_REPLICATE ? "box3x3_replicate_1920x1080: tiling kernel vs plain C (1 thread)"
                                                 : "box3x3_undefined_1920x1080: tiling kernel vs plain C (1 thread)",
              ours_ns, plain_ns);
    free(ours);
    free(plain);
    vxReleaseNode(&n);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseGraph(&g);
    return bad;
}

int main(void)
{
    const char *env = getenv("PVX_TILE_THREADS");
    long threads = env && *env ? strtol(env, NULL, 10) : sysconf(_SC_NPROCESSORS_ONLN);
    vx_uint8 *src = malloc(W * H);
    for (int i = 0; i < W * H; i++)
        src[i] = (vx_uint8)(i * 2654435761u >> 24);
    vx_context ctx = vxCreateContext();
    vx_kernel k = box_kernel(ctx);
    printf("{\"bench\": \"tiling\", \"threads\": %ld, \"results\": [", threads < 1 ? 1 : threads);
    int bad = run(ctx, k, VX_BORDER_UNDEFINED, src, 1);
    bad |= run(ctx, k, VX_BORDER_REPLICATE, src, 0);
    bench_end();
    vxRemoveKernel(k);
    vxReleaseContext(&ctx);
    free(src);
    return bad;
}
