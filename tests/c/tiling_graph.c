/* Seed 001 beside seed 000: tiling and ordinary user kernels in one graph with virtual
 * intermediates; the tiling attributes (defaults, when they may be set) and every refusal, each
 * with its status and one log entry; reference counts return. */
#include "kernels.h"
#include "tiling_kernels.h"

#define W 67
#define H 45

static vx_uint8 plus_one(vx_uint8 v)
{
    return (vx_uint8)(v + 1);
}

/* An ordinary user kernel: out = in + 1, through maps. */
static vx_status VX_CALLBACK inc(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)n;
    return u8_pointwise(p, plus_one);
}

static vx_uint8 src[W * H], out[W * H];

/* in -> inc -> virtual -> box (REPLICATE) -> virtual -> pointwise (+k) -> out, run twice. */
static void mixed_graph(vx_context ctx, vx_kernel box, vx_kernel pw)
{
    vx_kernel ink = in_out_kernel(ctx, "test.tiling.inc", inc, like_input, VX_TYPE_IMAGE);
    vx_graph g = vxCreateGraph(ctx);
    vx_image in = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_image v1 = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_image v2 = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_image o = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    for (int i = 0; i < W * H; i++)
        src[i] = (vx_uint8)(i * 11 + i / W);
    vx_rectangle_t all = {0, 0, W, H};
    vx_imagepatch_addressing_t addr = {W, H, 1, W, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 0};
    CHECK_OK(vxCopyImagePatch(in, &all, 0, &addr, src, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    vx_uint8 kv = 3;
    vx_scalar s = vxCreateScalar(ctx, VX_TYPE_UINT8, &kv);
    /* created in reverse order: the graph orders them by data */
    vx_node n3 = vxCreateGenericNode(g, pw);
    vx_node n2 = vxCreateGenericNode(g, box);
    vx_node n1 = vxCreateGenericNode(g, ink);
    CHECK_OK(vxSetParameterByIndex(n1, 0, (vx_reference)in));
    CHECK_OK(vxSetParameterByIndex(n1, 1, (vx_reference)v1));
    CHECK_OK(vxSetParameterByIndex(n2, 0, (vx_reference)v1));
    CHECK_OK(vxSetParameterByIndex(n2, 1, (vx_reference)v2));
    CHECK_OK(vxSetParameterByIndex(n3, 0, (vx_reference)v2));
    CHECK_OK(vxSetParameterByIndex(n3, 1, (vx_reference)s));
    CHECK_OK(vxSetParameterByIndex(n3, 2, (vx_reference)o));
    vx_border_t border = {VX_BORDER_REPLICATE, {{0}}};
    CHECK_OK(vxSetNodeAttribute(n2, VX_NODE_BORDER, &border, sizeof border));
    for (int run = 0; run < 2; run++) {
        CHECK_OK(vxProcessGraph(g));
        CHECK_OK(vxCopyImagePatch(o, &all, 0, &addr, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        static vx_uint8 inc_ref[W * H];
        for (int i = 0; i < W * H; i++)
            inc_ref[i] = (vx_uint8)(src[i] + 1);
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++)
                CHECK(out[y * W + x] == (vx_uint8)(box_reference(inc_ref, W, H, x, y, &border) + kv));
        kv = 250;                      /* the second run sees the new scalar value */
        CHECK_OK(vxCopyScalar(s, &kv, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    }
    vx_status status = VX_FAILURE;
    CHECK_OK(vxQueryNode(n2, VX_NODE_STATUS, &status, sizeof status));
    CHECK(status == VX_SUCCESS);
    vx_node nodes[3] = {n1, n2, n3};
    for (int i = 0; i < 3; i++)
        CHECK_OK(vxReleaseNode(&nodes[i]));
    vx_image imgs[4] = {in, v1, v2, o};
    for (int i = 0; i < 4; i++)
        CHECK_OK(vxReleaseImage(&imgs[i]));
    CHECK_OK(vxReleaseScalar(&s));
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_OK(vxRemoveKernel(ink));
}

/* Two graphs with tiling nodes scheduled at once: each node gets the pool or runs its tiles alone,
 * and both outputs are right. */
static void concurrent_graphs(vx_context ctx, vx_kernel box)
{
    enum { N = 4, S = 128 };
    static vx_uint8 pixels[S * S], result[S * S];
    vx_graph g[N];
    vx_image in[N], o[N];
    vx_rectangle_t all = {0, 0, S, S};
    vx_imagepatch_addressing_t addr = {S, S, 1, S, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 0};
    vx_border_t border = {VX_BORDER_CONSTANT, {{0}}};
    for (int i = 0; i < N; i++) {
        for (int p = 0; p < S * S; p++)
            pixels[p] = (vx_uint8)(p * (i + 3));
        g[i] = vxCreateGraph(ctx);
        in[i] = vxCreateImage(ctx, S, S, VX_DF_IMAGE_U8);
        o[i] = vxCreateImage(ctx, S, S, VX_DF_IMAGE_U8);
        CHECK_OK(vxCopyImagePatch(in[i], &all, 0, &addr, pixels, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
        vx_node n = vxCreateGenericNode(g[i], box);
        CHECK_OK(vxSetParameterByIndex(n, 0, (vx_reference)in[i]));
        CHECK_OK(vxSetParameterByIndex(n, 1, (vx_reference)o[i]));
        border.constant_value.U8 = (vx_uint8)(50 * i);
        CHECK_OK(vxSetNodeAttribute(n, VX_NODE_BORDER, &border, sizeof border));
        CHECK_OK(vxReleaseNode(&n));
        CHECK_OK(vxVerifyGraph(g[i]));
    }
    for (int i = 0; i < N; i++)
        CHECK_OK(vxScheduleGraph(g[i]));
    for (int i = 0; i < N; i++)
        CHECK_OK(vxWaitGraph(g[i]));
    for (int i = 0; i < N; i++) {
        for (int p = 0; p < S * S; p++)
            pixels[p] = (vx_uint8)(p * (i + 3));
        border.constant_value.U8 = (vx_uint8)(50 * i);
        CHECK_OK(vxCopyImagePatch(o[i], &all, 0, &addr, result, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        for (int y = 0; y < S; y++)
            for (int x = 0; x < S; x++)
                CHECK(result[y * S + x] == box_reference(pixels, S, S, x, y, &border));
        CHECK_OK(vxReleaseImage(&in[i]));
        CHECK_OK(vxReleaseImage(&o[i]));
        CHECK_OK(vxReleaseGraph(&g[i]));
    }
}

/* A replicated tiling node: the plan of item 0 runs over every item of the object arrays. */
static void replicated(vx_context ctx, vx_kernel box)
{
    enum { N = 3, S = 40 };
    static vx_uint8 pixels[N][S * S], result[S * S];
    vx_image exemplar = vxCreateImage(ctx, S, S, VX_DF_IMAGE_U8);
    vx_object_array ain = vxCreateObjectArray(ctx, (vx_reference)exemplar, N);
    vx_object_array aout = vxCreateObjectArray(ctx, (vx_reference)exemplar, N);
    vx_rectangle_t all = {0, 0, S, S};
    vx_imagepatch_addressing_t addr = {S, S, 1, S, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 0};
    for (vx_uint32 i = 0; i < N; i++) {
        for (int p = 0; p < S * S; p++)
            pixels[i][p] = (vx_uint8)(p * 5 + i * 77);
        vx_image item = (vx_image)vxGetObjectArrayItem(ain, i);
        CHECK_OK(vxCopyImagePatch(item, &all, 0, &addr, pixels[i], VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK_OK(vxReleaseImage(&item));
    }
    vx_graph g = vxCreateGraph(ctx);
    vx_node n = vxCreateGenericNode(g, box);
    vx_image in0 = (vx_image)vxGetObjectArrayItem(ain, 0), out0 = (vx_image)vxGetObjectArrayItem(aout, 0);
    CHECK_OK(vxSetParameterByIndex(n, 0, (vx_reference)in0));
    CHECK_OK(vxSetParameterByIndex(n, 1, (vx_reference)out0));
    vx_border_t border = {VX_BORDER_REPLICATE, {{0}}};
    CHECK_OK(vxSetNodeAttribute(n, VX_NODE_BORDER, &border, sizeof border));
    vx_bool flags[2] = {vx_true_e, vx_true_e};
    CHECK_OK(vxReplicateNode(g, n, flags, 2));
    CHECK_OK(vxProcessGraph(g));
    for (vx_uint32 i = 0; i < N; i++) {
        vx_image item = (vx_image)vxGetObjectArrayItem(aout, i);
        CHECK_OK(vxCopyImagePatch(item, &all, 0, &addr, result, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK_OK(vxReleaseImage(&item));
        for (int y = 0; y < S; y++)
            for (int x = 0; x < S; x++)
                CHECK(result[y * S + x] == box_reference(pixels[i], S, S, x, y, &border));
    }
    CHECK_OK(vxReleaseNode(&n));
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_OK(vxReleaseImage(&in0));
    CHECK_OK(vxReleaseImage(&out0));
    CHECK_OK(vxReleaseImage(&exemplar));
    CHECK_OK(vxReleaseObjectArray(&ain));
    CHECK_OK(vxReleaseObjectArray(&aout));
}

/* A finalized box kernel (flexible function only) declaring border `mode`. */
static vx_kernel box_kernel_with_border(vx_context ctx, const char *name, vx_enum mode)
{
    vx_enum id;
    CHECK_OK(vxAllocateUserKernelId(ctx, &id));
    vx_char kname[VX_MAX_KERNEL_NAME];
    snprintf(kname, sizeof kname, "%s", name);
    vx_kernel k = vxAddTilingKernel(ctx, kname, id, box_flexible, NULL, 2, any_input, output_like_input);
    CHECK_REF(k);
    CHECK_OK(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(k, 1, VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    vx_border_t border = {mode, {{0}}};
    CHECK_OK(vxSetKernelAttribute(k, VX_KERNEL_BORDER, &border, sizeof border));
    CHECK_OK(vxFinalizeKernel(k));
    return k;
}

static void attributes(vx_context ctx, vx_kernel box, vx_kernel pw)
{
    vx_neighborhood_size_t nb;
    vx_tile_block_size_t bs;
    vx_border_t border;
    vx_size mem = 1;
    /* kernel values, and their defaults */
    CHECK_OK(vxQueryKernel(box, VX_KERNEL_INPUT_NEIGHBORHOOD, &nb, sizeof nb));
    CHECK(nb.left == -1 && nb.right == 1 && nb.top == -1 && nb.bottom == 1);
    CHECK_OK(vxQueryKernel(box, VX_KERNEL_OUTPUT_TILE_BLOCK_SIZE, &bs, sizeof bs));
    CHECK(bs.width == 1 && bs.height == 1);
    CHECK_OK(vxQueryKernel(box, VX_KERNEL_BORDER, &border, sizeof border));
    CHECK(border.mode == VX_BORDER_UNDEFINED);
    CHECK_OK(vxQueryKernel(box, VX_KERNEL_TILE_MEMORY_SIZE, &mem, sizeof mem));
    CHECK(mem == 0);
    CHECK_OK(vxQueryKernel(pw, VX_KERNEL_OUTPUT_TILE_BLOCK_SIZE, &bs, sizeof bs));
    CHECK(bs.width == PW_BLOCK && bs.height == PW_BLOCK);
    CHECK_OK(vxQueryKernel(pw, VX_KERNEL_INPUT_NEIGHBORHOOD, &nb, sizeof nb));
    CHECK(nb.left == 0 && nb.right == 0 && nb.top == 0 && nb.bottom == 0);
    /* kernel attributes are fixed once finalized */
    CHECK_REFUSED(vxSetKernelAttribute(box, VX_KERNEL_INPUT_NEIGHBORHOOD, &nb, sizeof nb), VX_ERROR_NOT_SUPPORTED);
    CHECK_REFUSED(vxSetKernelAttribute(box, VX_KERNEL_TILE_MEMORY_SIZE, &mem, sizeof mem), VX_ERROR_NOT_SUPPORTED);
    CHECK_REFUSED(vxSetKernelAttribute(box, VX_KERNEL_BORDER, &border, sizeof border), VX_ERROR_NOT_SUPPORTED);
    CHECK_REFUSED(vxQueryKernel(box, VX_KERNEL_INPUT_NEIGHBORHOOD, &nb, sizeof nb - 1), VX_ERROR_INVALID_PARAMETERS);

    /* a node starts with its kernel's values; it may change them until its graph is verified */
    vx_graph g = vxCreateGraph(ctx);
    vx_image in = u8_image(ctx, 32, 32, 1), o = u8_image(ctx, 32, 32, 0);
    vx_node n = vxCreateGenericNode(g, box);
    CHECK_OK(vxSetParameterByIndex(n, 0, (vx_reference)in));
    CHECK_OK(vxSetParameterByIndex(n, 1, (vx_reference)o));
    CHECK_OK(vxQueryNode(n, VX_NODE_INPUT_NEIGHBORHOOD, &nb, sizeof nb));
    CHECK(nb.left == -1 && nb.bottom == 1);
    CHECK_OK(vxQueryNode(n, VX_NODE_BORDER, &border, sizeof border));
    CHECK(border.mode == VX_BORDER_UNDEFINED);
    vx_neighborhood_size_t bad_nb[3] = {{1, 1, -1, 1}, {-1, -1, -1, 1}, {-1, 1, 0, -2}};
    for (int i = 0; i < 3; i++)
        CHECK_REFUSED(vxSetNodeAttribute(n, VX_NODE_INPUT_NEIGHBORHOOD, &bad_nb[i], sizeof nb), VX_ERROR_INVALID_VALUE);
    vx_tile_block_size_t bad_bs[2] = {{0, 1}, {4, -2}};
    for (int i = 0; i < 2; i++)
        CHECK_REFUSED(vxSetNodeAttribute(n, VX_NODE_OUTPUT_TILE_BLOCK_SIZE, &bad_bs[i], sizeof bs),
                      VX_ERROR_INVALID_VALUE);
    vx_neighborhood_size_t wider = {-2, 2, -2, 2};
    CHECK_OK(vxSetNodeAttribute(n, VX_NODE_INPUT_NEIGHBORHOOD, &wider, sizeof wider));
    CHECK_OK(vxQueryNode(n, VX_NODE_INPUT_NEIGHBORHOOD, &nb, sizeof nb));
    CHECK(nb.left == -2 && nb.right == 2 && nb.top == -2 && nb.bottom == 2);
    CHECK_OK(vxQueryKernel(box, VX_KERNEL_INPUT_NEIGHBORHOOD, &nb, sizeof nb));
    CHECK(nb.left == -1);             /* the kernel's stays */
    mem = 64;
    CHECK_OK(vxSetNodeAttribute(n, VX_NODE_TILE_MEMORY_SIZE, &mem, sizeof mem));
    CHECK_OK(vxVerifyGraph(g));
    memset(hits, 0, sizeof hits);
    CHECK_OK(vxProcessGraph(g));       /* the node's neighborhood (2) decides what is computed */
    for (int y = 0; y < 32; y++)
        for (int x = 0; x < 32; x++)
            CHECK(hits[y * 32 + x] == ((x >= 2 && y >= 2 && x < 30 && y < 30) ? HIT_FAST : 0u));
    CHECK_REFUSED(vxSetNodeAttribute(n, VX_NODE_INPUT_NEIGHBORHOOD, &wider, sizeof wider), VX_ERROR_NOT_SUPPORTED);
    CHECK_REFUSED(vxSetNodeAttribute(n, VX_NODE_OUTPUT_TILE_BLOCK_SIZE, &bs, sizeof bs), VX_ERROR_NOT_SUPPORTED);
    CHECK_REFUSED(vxSetNodeAttribute(n, VX_NODE_TILE_MEMORY_SIZE, &mem, sizeof mem), VX_ERROR_NOT_SUPPORTED);
    CHECK_OK(vxQueryNode(n, VX_NODE_TILE_MEMORY_SIZE, &mem, sizeof mem));
    CHECK(mem == 64);
    /* VX_BORDER_MODE_SELF is for nodes of tiling kernels only */
    vx_border_t self = {VX_BORDER_MODE_SELF, {{0}}};
    CHECK_OK(vxSetNodeAttribute(n, VX_NODE_BORDER, &self, sizeof self));
    vx_kernel plain = in_out_kernel(ctx, "test.tiling.plain", run_nothing, like_input, VX_TYPE_IMAGE);
    vx_node pn = vxCreateGenericNode(g, plain);
    CHECK_REFUSED(vxSetNodeAttribute(pn, VX_NODE_BORDER, &self, sizeof self), VX_ERROR_INVALID_VALUE);
    /* tiling attributes of what is not a tiling kernel or its node */
    CHECK_REFUSED(vxQueryKernel(plain, VX_KERNEL_INPUT_NEIGHBORHOOD, &nb, sizeof nb), VX_ERROR_NOT_SUPPORTED);
    CHECK_REFUSED(vxQueryNode(pn, VX_NODE_OUTPUT_TILE_BLOCK_SIZE, &bs, sizeof bs), VX_ERROR_NOT_SUPPORTED);
    CHECK_REFUSED(vxSetNodeAttribute(pn, VX_NODE_TILE_MEMORY_SIZE, &mem, sizeof mem), VX_ERROR_NOT_SUPPORTED);
    /* a node's border starts as its kernel's VX_KERNEL_BORDER; a kernel's SELF stands (the node
     * refuses another border), and its flexible function then computes every pixel */
    vx_kernel rk = box_kernel_with_border(ctx, "test.tiling.replicating", VX_BORDER_REPLICATE);
    vx_node rn = vxCreateGenericNode(g, rk);
    CHECK_OK(vxQueryNode(rn, VX_NODE_BORDER, &border, sizeof border));
    CHECK(border.mode == VX_BORDER_REPLICATE);
    CHECK_OK(vxReleaseNode(&rn));
    vx_kernel sk = box_kernel_with_border(ctx, "test.tiling.self", VX_BORDER_MODE_SELF);
    vx_graph sg = vxCreateGraph(ctx);
    vx_node sn = node_of_two(sg, sk, in, o);
    vx_border_t replicate_border = {VX_BORDER_REPLICATE, {{0}}};
    CHECK_REFUSED(vxSetNodeAttribute(sn, VX_NODE_BORDER, &replicate_border, sizeof replicate_border),
                  VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(vxSetNodeAttribute(sn, VX_NODE_BORDER, &self, sizeof self), VX_ERROR_INVALID_VALUE);
    CHECK_OK(vxQueryNode(sn, VX_NODE_BORDER, &border, sizeof border));
    CHECK(border.mode == VX_BORDER_MODE_SELF);
    memset(hits, 0, sizeof hits);
    self_border = 1;                  /* the box clamps its reads: SELF leaves the border to it */
    CHECK_OK(vxProcessGraph(sg));
    self_border = 0;
    for (int i = 0; i < 32 * 32; i++)
        CHECK(hits[i] == HIT_FLEX);
    CHECK_OK(vxReleaseNode(&sn));
    CHECK_OK(vxReleaseGraph(&sg));
    CHECK_OK(vxRemoveKernel(sk));
    CHECK_OK(vxReleaseNode(&pn));
    CHECK_OK(vxReleaseNode(&n));
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_OK(vxRemoveKernel(plain));
    CHECK_OK(vxRemoveKernel(rk));
    CHECK_OK(vxReleaseImage(&in));
    CHECK_OK(vxReleaseImage(&o));
}

/* One node of `k` on these images; vxVerifyGraph refused with `status` and one log entry. */
static void verify_refused(vx_context ctx, vx_kernel k, vx_image in, vx_image o, vx_image extra, vx_enum mode,
                           vx_status status)
{
    vx_graph g = vxCreateGraph(ctx);
    vx_node n = vxCreateGenericNode(g, k);
    vx_uint8 kv = 0;
    vx_scalar s = vxCreateScalar(ctx, VX_TYPE_UINT8, &kv);
    vx_uint32 np = 0;
    CHECK_OK(vxQueryNode(n, VX_NODE_PARAMETERS, &np, sizeof np));
    CHECK_OK(vxSetParameterByIndex(n, 0, (vx_reference)in));
    CHECK_OK(vxSetParameterByIndex(n, np == 2 ? 1 : 2, (vx_reference)o));
    if (np == 4) {
        CHECK_OK(vxSetParameterByIndex(n, 1, (vx_reference)s));
        if (extra)
            CHECK_OK(vxSetParameterByIndex(n, 3, (vx_reference)extra));
    }
    vx_border_t border = {mode, {{0}}};
    CHECK_OK(vxSetNodeAttribute(n, VX_NODE_BORDER, &border, sizeof border));
    CHECK_REFUSED(vxVerifyGraph(g), status);
    CHECK_OK(vxReleaseScalar(&s));
    CHECK_OK(vxReleaseNode(&n));
    CHECK_OK(vxReleaseGraph(&g));
}

static void refusals(vx_context ctx, vx_kernel box_fast_only, vx_kernel pw)
{
    vx_enum id;
    CHECK_OK(vxAllocateUserKernelId(ctx, &id));
    vx_char name[VX_MAX_KERNEL_NAME] = "test.tiling.refused";
    /* creation */
    CHECK_CREATE_REFUSED(vxAddTilingKernel(ctx, name, id, NULL, NULL, 2, any_input, output_like_input),
                         VX_ERROR_INVALID_PARAMETERS);
    CHECK_CREATE_REFUSED(vxAddTilingKernel(ctx, name, id, box_flexible, NULL, 2, NULL, output_like_input),
                         VX_ERROR_INVALID_PARAMETERS);
    vx_char taken[VX_MAX_KERNEL_NAME] = "test.box.both";
    CHECK_CREATE_REFUSED(vxAddTilingKernel(ctx, taken, id, box_flexible, NULL, 2, any_input, output_like_input),
                         VX_ERROR_INVALID_PARAMETERS);
    /* parameters: images and input scalars only; an output image is required */
    vx_kernel k = vxAddTilingKernel(ctx, name, id, box_flexible, box_fast, 3, any_input, output_like_input);
    CHECK_REF(k);
    CHECK_REFUSED(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_ARRAY, VX_PARAMETER_STATE_REQUIRED),
                  VX_ERROR_NOT_SUPPORTED);
    CHECK_REFUSED(vxAddParameterToKernel(k, 0, VX_OUTPUT, VX_TYPE_SCALAR, VX_PARAMETER_STATE_REQUIRED),
                  VX_ERROR_NOT_SUPPORTED);
    CHECK_OK(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(k, 1, VX_INPUT, VX_TYPE_SCALAR, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(k, 2, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    /* kernel attribute values */
    vx_neighborhood_size_t bad_nb = {0, 0, 1, 0};
    CHECK_REFUSED(vxSetKernelAttribute(k, VX_KERNEL_INPUT_NEIGHBORHOOD, &bad_nb, sizeof bad_nb), VX_ERROR_INVALID_VALUE);
    vx_tile_block_size_t bad_bs = {1, 0};
    CHECK_REFUSED(vxSetKernelAttribute(k, VX_KERNEL_OUTPUT_TILE_BLOCK_SIZE, &bad_bs, sizeof bad_bs),
                  VX_ERROR_INVALID_VALUE);
    vx_border_t bad_border = {0x1234, {{0}}};
    CHECK_REFUSED(vxSetKernelAttribute(k, VX_KERNEL_BORDER, &bad_border, sizeof bad_border), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(vxFinalizeKernel(k), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxRemoveKernel(k));

    /* verification: single-plane images only, all of one size, functions for the border asked */
    vx_image in = u8_image(ctx, 32, 16, 1), o = u8_image(ctx, 32, 16, 0);
    vx_image nv12 = vxCreateImage(ctx, 32, 16, VX_DF_IMAGE_NV12);
    vx_image small = u8_image(ctx, 16, 16, 0);
    verify_refused(ctx, pw, in, o, nv12, VX_BORDER_UNDEFINED, VX_ERROR_INVALID_FORMAT);
    verify_refused(ctx, pw, in, o, small, VX_BORDER_UNDEFINED, VX_ERROR_INVALID_DIMENSION);
    verify_refused(ctx, box_fast_only, in, o, NULL, VX_BORDER_MODE_SELF, VX_ERROR_NOT_SUPPORTED);
    verify_refused(ctx, box_fast_only, in, o, NULL, VX_BORDER_REPLICATE, VX_ERROR_NOT_SUPPORTED);
    vx_image imgs[4] = {in, o, nv12, small};
    for (int i = 0; i < 4; i++)
        CHECK_OK(vxReleaseImage(&imgs[i]));
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs = context_references(ctx);
    vx_char ext[512] = {0};
    CHECK_OK(vxQueryContext(ctx, VX_CONTEXT_EXTENSIONS, ext, sizeof ext));
    CHECK(strstr(ext, OPENVX_KHR_TILING) != NULL);
    vx_kernel box = box_kernel(ctx, "test.box.both", box_flexible, box_fast);
    vx_kernel box_fast_only = box_kernel(ctx, "test.box.fast", NULL, box_fast);
    vx_kernel pw = pointwise_kernel(ctx, "test.pw.both", pw_flexible, pw_fast);
    vx_uint32 with_kernels = context_references(ctx);
    mixed_graph(ctx, box, pw);
    CHECK(context_references(ctx) == with_kernels);
    concurrent_graphs(ctx, box);
    CHECK(context_references(ctx) == with_kernels);
    replicated(ctx, box);
    CHECK(context_references(ctx) == with_kernels);
    attributes(ctx, box, pw);
    CHECK(context_references(ctx) == with_kernels);
    refusals(ctx, box_fast_only, pw);
    CHECK(context_references(ctx) == with_kernels);
    CHECK(violations == 0);
    CHECK_OK(vxRemoveKernel(box));
    CHECK_OK(vxRemoveKernel(box_fast_only));
    CHECK_OK(vxRemoveKernel(pw));
    CHECK(context_references(ctx) == refs);
    CHECK_OK(vxReleaseContext(&ctx));
    printf("ok\n");
    return 0;
}
