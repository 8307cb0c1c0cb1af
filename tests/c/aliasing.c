/* Seed 004, buffer aliasing: hints, which pairs verification aliases and which it refuses, results
 * equal whether aliased or not, one buffer shared (pointers inside kernels, bytes allocated),
 * re-verification deciding again, refusals of the API, reference counts. */
#include <string.h>

#include <VX/vx_khr_buffer_aliasing.h>

#include "kernels.h"

#define DENSE VX_BUFFER_ALIASING_PROCESSING_TYPE_DENSE
#define SPARSE VX_BUFFER_ALIASING_PROCESSING_TYPE_SPARSE

static int runs_aliased, runs_plain;     /* kernel runs that found their pair aliased / not */
static int init_aliased = -1;            /* what mark's initializer was told */

/* Maps input `i` read-only and output `o` (usage `out_usage`); checks that the two share memory
 * exactly when the node says they are aliased, and counts the run. */
static vx_bool map_pair(vx_node node, const vx_reference *p, vx_uint32 i, vx_uint32 o, vx_enum out_usage,
                        u8_map *in, u8_map *out)
{
    vx_bool aliased = vxIsParameterAliased(node, i, o);
    CHECK(vxIsParameterAliased(node, o, i) == aliased);
    CHECK_OK(map_u8((vx_image)p[i], VX_READ_ONLY, in));
    CHECK_OK(map_u8((vx_image)p[o], out_usage, out));
    CHECK((in->p == out->p) == (aliased == vx_true_e));
    if (aliased)
        runs_aliased++;
    else
        runs_plain++;
    return aliased;
}

static void unmap_pair(const vx_reference *p, vx_uint32 i, vx_uint32 o, u8_map *in, u8_map *out)
{
    CHECK_OK(vxUnmapImagePatch((vx_image)p[o], out->id));
    CHECK_OK(vxUnmapImagePatch((vx_image)p[i], in->id));
}

/* Dense: every output pixel is 255 - the input pixel (in place when aliased). */
static vx_status VX_CALLBACK invert(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)n;
    u8_map in, out;
    map_pair(node, p, 0, 1, VX_WRITE_ONLY, &in, &out);
    for (vx_uint32 y = 0; y < in.height; y++)
        for (vx_uint32 x = 0; x < in.width; x++)
            out.p[y * out.stride + x] = (vx_uint8)(255 - in.p[y * in.stride + x]);
    unmap_pair(p, 0, 1, &in, &out);
    return VX_SUCCESS;
}

/* Sparse: the input with every 4th column set to 7. Aliased, only those pixels are written; not
 * aliased, the input is copied first. */
static void mark_pixels(u8_map *out)
{
    for (vx_uint32 y = 0; y < out->height; y++)
        for (vx_uint32 x = 0; x < out->width; x += 4)
            out->p[y * out->stride + x] = 7;
}

static void mark_from(vx_node node, const vx_reference *p, vx_uint32 i, vx_uint32 o)
{
    u8_map in, out;
    if (!map_pair(node, p, i, o, VX_READ_AND_WRITE, &in, &out))
        for (vx_uint32 y = 0; y < in.height; y++)
            memcpy(out.p + y * out.stride, in.p + y * in.stride, in.width);
    mark_pixels(&out);
    unmap_pair(p, i, o, &in, &out);
}

static vx_status VX_CALLBACK mark(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)n;
    mark_from(node, p, 0, 1);
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK mark_init(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)p; (void)n;
    init_aliased = vxIsParameterAliased(node, 1, 0);
    return VX_SUCCESS;
}

/* pick(in0, in1) -> out: out is mark(in1); in0 is only read. Two hints compete for out. */
static vx_status VX_CALLBACK pick(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)n;
    u8_map in0;
    CHECK_OK(map_u8((vx_image)p[0], VX_READ_ONLY, &in0));
    CHECK_OK(vxUnmapImagePatch((vx_image)p[0], in0.id));
    mark_from(node, p, 1, 2);
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK like_input1(vx_node node, const vx_reference p[], vx_uint32 n, vx_meta_format m[])
{
    (void)node; (void)n;
    return vxSetMetaFormatFromReference(m[2], p[1]);
}

/* What the `reshape` kernel's validator gives its output: 0 like the input, 1 half as wide, 2 U16. */
static int shape_mode;

static vx_status VX_CALLBACK reshape_validate(vx_node node, const vx_reference p[], vx_uint32 n, vx_meta_format m[])
{
    (void)node; (void)n;
    vx_uint32 w, h;
    vx_df_image f = shape_mode == 2 ? VX_DF_IMAGE_U16 : VX_DF_IMAGE_U8;
    TRY(vxQueryImage((vx_image)p[0], VX_IMAGE_WIDTH, &w, sizeof w));
    TRY(vxQueryImage((vx_image)p[0], VX_IMAGE_HEIGHT, &h, sizeof h));
    w = shape_mode == 1 ? w / 2 : w;
    TRY(vxSetMetaFormatAttribute(m[1], VX_IMAGE_WIDTH, &w, sizeof w));
    TRY(vxSetMetaFormatAttribute(m[1], VX_IMAGE_HEIGHT, &h, sizeof h));
    return vxSetMetaFormatAttribute(m[1], VX_IMAGE_FORMAT, &f, sizeof f);
}

/* A user kernel in -> out of images, with an alias hint (a, b, type) unless type is 0, given
 * before the output is added (applied at vxFinalizeKernel). */
static vx_kernel add_kernel(vx_context ctx, const char *name, vx_kernel_f fn, vx_kernel_validate_f validate,
                            vx_kernel_initialize_f init, vx_uint32 a, vx_uint32 b, vx_enum type)
{
    vx_enum id;
    CHECK_OK(vxAllocateUserKernelId(ctx, &id));
    vx_kernel k = vxAddUserKernel(ctx, name, id, fn, 2, validate, init, NULL);
    CHECK_REF(k);
    CHECK_OK(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    if (type)
        CHECK_OK(vxAliasParameterIndexHint(k, a, b, type));
    CHECK_OK(vxAddParameterToKernel(k, 1, VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxFinalizeKernel(k));
    return k;
}

static vx_kernel k_invert, k_mark, k_plain_invert, k_plain_mark, k_pick, k_reshape;

static vx_image virt(vx_graph g)
{
    vx_image v = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    CHECK_REF(v);
    return v;
}

/* Checks img against `in` passed through `inverts` inversions, with marks in between if `marked`. */
static void check_result(vx_image img, vx_image in, int inverts, int marked)
{
    u8_map a, b;
    CHECK_OK(map_u8(img, VX_READ_ONLY, &a));
    CHECK_OK(map_u8(in, VX_READ_ONLY, &b));
    for (vx_uint32 y = 0; y < a.height; y++)
        for (vx_uint32 x = 0; x < a.width; x++) {
            vx_uint8 v = b.p[y * b.stride + x];
            v = (vx_uint8)(inverts % 2 ? 255 - v : v);
            if (marked && x % 4 == 0)
                v = (vx_uint8)(marked == 1 ? 255 - 7 : 7);    /* marks then one inversion, or none */
            CHECK(a.p[y * a.stride + x] == v);
        }
    CHECK_OK(vxUnmapImagePatch(in, b.id));
    CHECK_OK(vxUnmapImagePatch(img, a.id));
}

static void release_all(vx_node *nodes, int n_nodes, vx_image *images, int n_images)
{
    for (int i = 0; i < n_nodes; i++)
        CHECK_OK(vxReleaseNode(&nodes[i]));
    for (int i = 0; i < n_images; i++)
        CHECK_OK(vxReleaseImage(&images[i]));
}

/* in -[invert, DENSE]-> v1 -[mark, SPARSE]-> v2 -[invert]-> out: only v1 -> v2 is aliasable. Then a
 * later reader of v1 makes it illegal; removing that reader makes it legal again. */
static void chain(vx_context ctx)
{
    vx_graph g = vxCreateGraph(ctx);
    vx_image in = pattern_u8_image(ctx, 64, 16, 3, 5), out = vxCreateImage(ctx, 64, 16, VX_DF_IMAGE_U8);
    vx_image out2 = vxCreateImage(ctx, 64, 16, VX_DF_IMAGE_U8), v1 = virt(g), v2 = virt(g);
    vx_node n[3] = {node_of_two(g, k_invert, in, v1), node_of_two(g, k_mark, v1, v2), node_of_two(g, k_invert, v2, out)};
    CHECK(vxIsParameterAliased(n[1], 0, 1) == vx_false_e);       /* not verified yet */
    CHECK_OK(vxVerifyGraph(g));
    CHECK(vxIsParameterAliased(n[0], 0, 1) == vx_false_e);       /* in, out: not virtual */
    CHECK(vxIsParameterAliased(n[1], 0, 1) == vx_true_e && vxIsParameterAliased(n[1], 1, 0) == vx_true_e);
    CHECK(vxIsParameterAliased(n[2], 1, 0) == vx_false_e);
    CHECK(init_aliased == vx_true_e);
    runs_aliased = runs_plain = 0;
    CHECK_OK(vxProcessGraph(g));
    CHECK_OK(vxProcessGraph(g));
    CHECK(runs_aliased == 2 && runs_plain == 4);
    check_result(out, in, 2, 1);

    /* a later reader of v1: mark may no longer overwrite it */
    vx_node later = node_of_two(g, k_invert, v1, out2);
    CHECK_OK(vxVerifyGraph(g));
    CHECK(vxIsParameterAliased(n[1], 0, 1) == vx_false_e && init_aliased == vx_false_e);
    runs_aliased = runs_plain = 0;
    CHECK_OK(vxProcessGraph(g));
    CHECK(runs_aliased == 0 && runs_plain == 4);
    check_result(out, in, 2, 1);
    check_result(out2, in, 2, 0);
    CHECK_OK(vxRemoveNode(&later));
    CHECK_OK(vxProcessGraph(g));                                 /* verified again: aliased again */
    CHECK(vxIsParameterAliased(n[1], 0, 1) == vx_true_e && init_aliased == vx_true_e);
    check_result(out, in, 2, 1);

    /* v1 as a graph parameter: application-visible, never aliased */
    vx_parameter param = vxGetParameterByIndex(n[1], 0);
    CHECK_OK(vxAddParameterToGraph(g, param));
    CHECK_OK(vxReleaseParameter(&param));
    CHECK_OK(vxVerifyGraph(g));
    CHECK(vxIsParameterAliased(n[1], 0, 1) == vx_false_e);
    CHECK_OK(vxProcessGraph(g));
    check_result(out, in, 2, 1);
    vx_image images[] = {in, out, out2, v1, v2};
    release_all(n, 3, images, 5);
    CHECK_OK(vxReleaseGraph(&g));
}

/* v1 read by mark and, after it, by a second inverter: only the last reader (the inverter) may
 * take v1's buffer, although mark's hint is SPARSE. */
static void last_reader(vx_context ctx)
{
    vx_graph g = vxCreateGraph(ctx);
    vx_image in = pattern_u8_image(ctx, 32, 8, 3, 5), out_a = vxCreateImage(ctx, 32, 8, VX_DF_IMAGE_U8);
    vx_image out_b = vxCreateImage(ctx, 32, 8, VX_DF_IMAGE_U8), v1 = virt(g), v2 = virt(g), v3 = virt(g);
    vx_node n[5] = {node_of_two(g, k_invert, in, v1), node_of_two(g, k_mark, v1, v2), node_of_two(g, k_invert, v1, v3),
                    node_of_two(g, k_invert, v2, out_a), node_of_two(g, k_invert, v3, out_b)};
    CHECK_OK(vxProcessGraph(g));
    CHECK(vxIsParameterAliased(n[1], 0, 1) == vx_false_e && vxIsParameterAliased(n[2], 0, 1) == vx_true_e);
    check_result(out_a, in, 2, 1);
    check_result(out_b, in, 3, 0);
    vx_image images[] = {in, out_a, out_b, v1, v2, v3};
    release_all(n, 5, images, 6);
    CHECK_OK(vxReleaseGraph(&g));
}

/* Two hints compete for pick's output: the SPARSE one (in1 -> out) wins over the DENSE one. */
static void priority(vx_context ctx)
{
    vx_graph g = vxCreateGraph(ctx);
    vx_image in = pattern_u8_image(ctx, 32, 8, 3, 5), out = vxCreateImage(ctx, 32, 8, VX_DF_IMAGE_U8);
    vx_image v0 = virt(g), v1 = virt(g), v2 = virt(g);
    vx_node n[4] = {node_of_two(g, k_invert, in, v0), node_of_two(g, k_invert, in, v1), vxCreateGenericNode(g, k_pick),
                    node_of_two(g, k_plain_invert, v2, out)};
    CHECK_OK(vxSetParameterByIndex(n[2], 0, (vx_reference)v0));
    CHECK_OK(vxSetParameterByIndex(n[2], 1, (vx_reference)v1));
    CHECK_OK(vxSetParameterByIndex(n[2], 2, (vx_reference)v2));
    CHECK_OK(vxProcessGraph(g));
    CHECK(vxIsParameterAliased(n[2], 0, 2) == vx_false_e && vxIsParameterAliased(n[2], 2, 1) == vx_true_e);
    check_result(out, in, 2, 1);
    vx_image images[] = {in, out, v0, v1, v2};
    release_all(n, 4, images, 5);
    CHECK_OK(vxReleaseGraph(&g));
}

/* Outputs of another size or format than the input are never aliased; nor non-virtual ones. */
static void layouts(vx_context ctx)
{
    for (shape_mode = 0; shape_mode < 3; shape_mode++) {
        vx_graph g = vxCreateGraph(ctx);
        vx_image in = pattern_u8_image(ctx, 32, 8, 3, 5), v1 = virt(g), v2 = virt(g);
        vx_node n[2] = {node_of_two(g, k_invert, in, v1), node_of_two(g, k_reshape, v1, v2)};
        CHECK_OK(vxVerifyGraph(g));
        CHECK(vxIsParameterAliased(n[1], 0, 1) == (shape_mode == 0 ? vx_true_e : vx_false_e));
        vx_image images[] = {in, v1, v2};
        release_all(n, 2, images, 3);
        CHECK_OK(vxReleaseGraph(&g));
    }
    vx_graph g = vxCreateGraph(ctx);
    vx_image in = pattern_u8_image(ctx, 32, 8, 3, 5), mid = vxCreateImage(ctx, 32, 8, VX_DF_IMAGE_U8);
    vx_image out = vxCreateImage(ctx, 32, 8, VX_DF_IMAGE_U8);
    vx_node n[2] = {node_of_two(g, k_invert, in, mid), node_of_two(g, k_mark, mid, out)};
    runs_aliased = 0;
    CHECK_OK(vxProcessGraph(g));
    CHECK(runs_aliased == 0 && vxIsParameterAliased(n[1], 0, 1) == vx_false_e);
    check_result(out, in, 1, 2);
    vx_image images[] = {in, mid, out};
    release_all(n, 2, images, 3);
    CHECK_OK(vxReleaseGraph(&g));
}

/* in -> 4 in-place steps over virtual 1 MiB images -> out: with hints the four share one buffer,
 * without them two (lifetimes: each image lives from its writer to its reader). */
static size_t chain_memory(vx_context ctx, vx_kernel inv, vx_kernel mk, int hinted)
{
    enum { W = 1024, H = 1024 };
    vx_graph g = vxCreateGraph(ctx);
    vx_image in = pattern_u8_image(ctx, W, H, 3, 5), out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_image v[4] = {virt(g), virt(g), virt(g), virt(g)};
    fill_u8(out, 0);                                  /* its memory is allocated before we count */
    vx_node n[5] = {node_of_two(g, inv, in, v[0]), node_of_two(g, inv, v[0], v[1]), node_of_two(g, inv, v[1], v[2]),
                    node_of_two(g, mk, v[2], v[3]), node_of_two(g, inv, v[3], out)};
    size_t before = heap_bytes();
    CHECK_OK(vxProcessGraph(g));
    size_t used = heap_bytes() - before;
    for (int i = 1; i < 4; i++)
        CHECK(vxIsParameterAliased(n[i], 0, 1) == (hinted ? vx_true_e : vx_false_e));
    check_result(out, in, 4, 1);
    vx_image images[] = {in, out, v[0], v[1], v[2], v[3]};
    release_all(n, 5, images, 6);
    CHECK_OK(vxReleaseGraph(&g));
    return used;
}

static void memory(vx_context ctx)
{
    /* heap counts are process-wide: the better of two runs each, so another thread's allocation
     * in the window does not decide */
    size_t hinted = chain_memory(ctx, k_invert, k_mark, 1), again = chain_memory(ctx, k_invert, k_mark, 1);
    size_t plain = chain_memory(ctx, k_plain_invert, k_plain_mark, 0);
    size_t plain_again = chain_memory(ctx, k_plain_invert, k_plain_mark, 0);
    hinted = again < hinted ? again : hinted;
    plain = plain_again > plain ? plain_again : plain;
    fprintf(stderr, "virtual chain: %zu bytes with hints, %zu without\n", hinted, plain);
    /* without hints, images whose lifetimes do not overlap share storage (verify.py
     * `_storage_plan`): v0 and v2 one buffer, v1 and v3 another */
    CHECK(plain > (3u << 20) / 2);                     /* two buffers */
    CHECK(hinted < (3u << 20) / 2);                    /* one */
}

#define CHECK_FALSE_LOGGED(expr)                                          \
    do {                                                                  \
        int entries_ = log_entries;                                       \
        CHECK((expr) == vx_false_e);                                      \
        CHECK(log_entries == entries_ + 1);                               \
    } while (0)

static void refusals(vx_context ctx)
{
    vx_enum id;
    CHECK_OK(vxAllocateUserKernelId(ctx, &id));
    vx_kernel k = vxAddUserKernel(ctx, "test.alias.refusals", id, invert, 4, like_input, NULL, NULL);
    CHECK_REF(k);
    CHECK_OK(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(k, 1, VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(k, 2, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_OPTIONAL));
    CHECK_OK(vxAliasParameterIndexHint(k, 1, 3, DENSE));     /* 3 not added: decided at vxFinalizeKernel */
    CHECK_OK(vxAddParameterToKernel(k, 3, VX_OUTPUT, VX_TYPE_ARRAY, VX_PARAMETER_STATE_OPTIONAL));
    CHECK_STATUS(vxAliasParameterIndexHint(NULL, 0, 1, DENSE), VX_ERROR_INVALID_REFERENCE);  /* no context to log to */
    CHECK_REFUSED(vxAliasParameterIndexHint((vx_kernel)ctx, 0, 1, DENSE), VX_ERROR_INVALID_REFERENCE);
    CHECK_REFUSED(vxAliasParameterIndexHint(k, 0, 4, DENSE), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxAliasParameterIndexHint(k, 1, 1, DENSE), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxAliasParameterIndexHint(k, 0, 2, DENSE), VX_ERROR_INVALID_PARAMETERS);   /* two inputs */
    CHECK_REFUSED(vxAliasParameterIndexHint(k, 0, 3, DENSE), VX_ERROR_INVALID_TYPE);         /* image, array */
    CHECK_REFUSED(vxAliasParameterIndexHint(k, 0, 1, 0x1F002), VX_FAILURE);  /* not a processing type */
    CHECK_OK(vxAliasParameterIndexHint(k, 1, 0, SPARSE));
    int dropped = log_entries;
    CHECK_OK(vxFinalizeKernel(k));
    CHECK(log_entries == dropped + 1);                 /* (1, 3) names two outputs: dropped, logged */
    CHECK_REFUSED(vxAliasParameterIndexHint(k, 2, 1, DENSE), VX_ERROR_NOT_SUPPORTED);

    vx_graph g = vxCreateGraph(ctx);
    vx_node n = vxCreateGenericNode(g, k);
    CHECK_REF(n);
    CHECK(vxIsParameterAliased(NULL, 0, 1) == vx_false_e);
    CHECK_FALSE_LOGGED(vxIsParameterAliased((vx_node)g, 0, 1));
    CHECK_FALSE_LOGGED(vxIsParameterAliased(n, 0, 4));
    CHECK_FALSE_LOGGED(vxIsParameterAliased(n, 1, 1));
    int entries = log_entries;
    CHECK(vxIsParameterAliased(n, 0, 1) == vx_false_e && vxIsParameterAliased(n, 2, 3) == vx_false_e);
    CHECK(log_entries == entries);                     /* valid questions, answered without a log */
    CHECK_OK(vxReleaseNode(&n));
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_OK(vxRemoveKernel(k));
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs0 = context_references(ctx);
    char ext[1024];
    CHECK_OK(vxQueryContext(ctx, VX_CONTEXT_EXTENSIONS, ext, sizeof ext));
    CHECK(strstr(ext, "vx_khr_buffer_aliasing") != NULL);

    k_invert = add_kernel(ctx, "test.alias.invert", invert, like_input, NULL, 0, 1, DENSE);
    k_mark = add_kernel(ctx, "test.alias.mark", mark, like_input, mark_init, 1, 0, SPARSE);
    k_plain_invert = add_kernel(ctx, "test.alias.plain_invert", invert, like_input, NULL, 0, 0, 0);
    k_plain_mark = add_kernel(ctx, "test.alias.plain_mark", mark, like_input, NULL, 0, 0, 0);
    k_reshape = add_kernel(ctx, "test.alias.reshape", invert, reshape_validate, NULL, 0, 1, DENSE);
    vx_enum id;
    CHECK_OK(vxAllocateUserKernelId(ctx, &id));
    k_pick = vxAddUserKernel(ctx, "test.alias.pick", id, pick, 3, like_input1, NULL, NULL);
    CHECK_REF(k_pick);
    CHECK_OK(vxAddParameterToKernel(k_pick, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(k_pick, 1, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(k_pick, 2, VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAliasParameterIndexHint(k_pick, 0, 2, DENSE));
    CHECK_OK(vxAliasParameterIndexHint(k_pick, 2, 1, SPARSE));
    CHECK_OK(vxFinalizeKernel(k_pick));

    chain(ctx);
    last_reader(ctx);
    priority(ctx);
    layouts(ctx);
    memory(ctx);
    refusals(ctx);

    vx_kernel all[] = {k_invert, k_mark, k_plain_invert, k_plain_mark, k_reshape, k_pick};
    for (unsigned i = 0; i < sizeof all / sizeof *all; i++)
        CHECK_OK(vxRemoveKernel(all[i]));
    CHECK(context_references(ctx) == refs0);
    CHECK_OK(vxReleaseContext(&ctx));
    printf("ok\n");
    return 0;
}
