/* Re-verification re-derives virtual objects: what the application left open when it created a
 * virtual object is open again at each verification, so a graph whose input changes size (graph
 * parameters swapped, a scalar its validators read changed) verifies again, implicitly through
 * vxProcessGraph or explicitly, and its virtual intermediates take the new meta data, as the
 * kernels see when they query their parameters. What the application fixed stays fixed and is
 * still checked. */
#include "kernels.h"
#include <VX/vx_khr_user_data_object.h>
#include <string.h>

/* What each kernel run saw of its parameters, in run order. */
typedef struct seen_t {
    vx_uint32 width, height;
    vx_df_image format;
    vx_enum item_type;
    vx_size capacity, size;
    char name[VX_MAX_REFERENCE_NAME];
} seen_t;
static seen_t seen[8];
static int runs;

static seen_t *next_seen(void)
{
    CHECK(runs < 8);
    memset(&seen[runs], 0, sizeof seen[runs]);
    return &seen[runs++];
}

/* ---- images: out = in + 1, out the size and format of in ---------------------------------- */
static vx_df_image inc_format = VX_DF_IMAGE_U8;     /* what the validator asks of its output */

static vx_status VX_CALLBACK inc_validate(vx_node node, const vx_reference p[], vx_uint32 n, vx_meta_format m[])
{
    (void)node; (void)n;
    vx_uint32 w, h;
    CHECK_OK(vxQueryImage((vx_image)p[0], VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxQueryImage((vx_image)p[0], VX_IMAGE_HEIGHT, &h, sizeof h));
    CHECK_OK(vxSetMetaFormatAttribute(m[1], VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxSetMetaFormatAttribute(m[1], VX_IMAGE_HEIGHT, &h, sizeof h));
    return vxSetMetaFormatAttribute(m[1], VX_IMAGE_FORMAT, &inc_format, sizeof inc_format);
}

static vx_status VX_CALLBACK inc(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)n;
    vx_image in = (vx_image)p[0], out = (vx_image)p[1];
    seen_t *s = next_seen();
    vx_uint32 w, h;
    CHECK_OK(vxQueryImage(in, VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxQueryImage(in, VX_IMAGE_HEIGHT, &h, sizeof h));
    CHECK_OK(vxQueryImage(out, VX_IMAGE_WIDTH, &s->width, sizeof s->width));
    CHECK_OK(vxQueryImage(out, VX_IMAGE_HEIGHT, &s->height, sizeof s->height));
    CHECK_OK(vxQueryImage(out, VX_IMAGE_FORMAT, &s->format, sizeof s->format));
    CHECK(s->width == w && s->height == h);
    u8_map a, b;
    CHECK_OK(map_u8(in, VX_READ_ONLY, &a));
    CHECK_OK(map_u8(out, VX_WRITE_ONLY, &b));
    for (vx_uint32 y = 0; y < h; y++)
        for (vx_uint32 x = 0; x < w; x++)
            b.p[y * b.stride + x] = (vx_uint8)(a.p[y * a.stride + x] + 1);
    CHECK_OK(vxUnmapImagePatch(in, a.id));
    return vxUnmapImagePatch(out, b.id);
}

/* ---- a list: n (scalar) -> array of 0..n-1 -> packed into a user data object -> their sum ---- */
static vx_uint32 scalar_u32(vx_scalar s)
{
    vx_uint32 v = 0;
    CHECK_OK(vxCopyScalar(s, &v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    return v;
}

static vx_enum list_type(vx_uint32 n) { return n <= 256 ? VX_TYPE_UINT8 : VX_TYPE_UINT16; }

static vx_status VX_CALLBACK list_validate(vx_node node, const vx_reference p[], vx_uint32 n, vx_meta_format m[])
{
    (void)node; (void)n;
    vx_uint32 count = scalar_u32((vx_scalar)p[0]);
    vx_enum type = list_type(count);
    vx_size capacity = count;
    CHECK_OK(vxSetMetaFormatAttribute(m[1], VX_ARRAY_ITEMTYPE, &type, sizeof type));
    return vxSetMetaFormatAttribute(m[1], VX_ARRAY_CAPACITY, &capacity, sizeof capacity);
}

static vx_status VX_CALLBACK list(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)n;
    vx_array out = (vx_array)p[1];
    seen_t *s = next_seen();
    vx_uint32 count = scalar_u32((vx_scalar)p[0]);
    vx_size items = 1;
    CHECK_OK(vxQueryArray(out, VX_ARRAY_ITEMTYPE, &s->item_type, sizeof s->item_type));
    CHECK_OK(vxQueryArray(out, VX_ARRAY_CAPACITY, &s->capacity, sizeof s->capacity));
    CHECK_OK(vxQueryArray(out, VX_ARRAY_NUMITEMS, &items, sizeof items));
    CHECK(items == 0);                                  /* a re-derived virtual array starts empty */
    for (vx_uint32 i = 0; i < count; i++) {
        vx_uint8 u8 = (vx_uint8)i;
        vx_uint16 u16 = (vx_uint16)i;
        if (s->item_type == VX_TYPE_UINT8)
            CHECK_OK(vxAddArrayItems(out, 1, &u8, sizeof u8));
        else
            CHECK_OK(vxAddArrayItems(out, 1, &u16, sizeof u16));
    }
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK pack_validate(vx_node node, const vx_reference p[], vx_uint32 n, vx_meta_format m[])
{
    (void)node; (void)n;
    vx_enum type;
    vx_size capacity, item;
    CHECK_OK(vxQueryArray((vx_array)p[0], VX_ARRAY_ITEMTYPE, &type, sizeof type));
    CHECK_OK(vxQueryArray((vx_array)p[0], VX_ARRAY_CAPACITY, &capacity, sizeof capacity));
    CHECK_OK(vxQueryArray((vx_array)p[0], VX_ARRAY_ITEMSIZE, &item, sizeof item));
    vx_size size = capacity * item;
    const char *name = type == VX_TYPE_UINT8 ? "u8list" : "u16list";
    CHECK_OK(vxSetMetaFormatAttribute(m[1], VX_USER_DATA_OBJECT_NAME, name, VX_MAX_REFERENCE_NAME));
    return vxSetMetaFormatAttribute(m[1], VX_USER_DATA_OBJECT_SIZE, &size, sizeof size);
}

static vx_status VX_CALLBACK pack(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)n;
    vx_array in = (vx_array)p[0];
    vx_user_data_object out = (vx_user_data_object)p[1];
    seen_t *s = next_seen();
    vx_size items, item;
    CHECK_OK(vxQueryArray(in, VX_ARRAY_NUMITEMS, &items, sizeof items));
    CHECK_OK(vxQueryArray(in, VX_ARRAY_ITEMSIZE, &item, sizeof item));
    CHECK_OK(vxQueryUserDataObject(out, VX_USER_DATA_OBJECT_SIZE, &s->size, sizeof s->size));
    CHECK_OK(vxQueryUserDataObject(out, VX_USER_DATA_OBJECT_NAME, s->name, sizeof s->name));
    CHECK(items * item == s->size);
    vx_map_id id;
    void *ptr = NULL;
    CHECK_OK(vxMapUserDataObject(out, 0, s->size, &id, &ptr, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0));
    CHECK_OK(vxCopyArrayRange(in, 0, items, item, ptr, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    return vxUnmapUserDataObject(out, id);
}

static vx_status VX_CALLBACK sum_validate(vx_node node, const vx_reference p[], vx_uint32 n, vx_meta_format m[])
{
    (void)node; (void)p; (void)n;
    vx_enum type = VX_TYPE_UINT32;
    return vxSetMetaFormatAttribute(m[1], VX_SCALAR_TYPE, &type, sizeof type);
}

static vx_status VX_CALLBACK sum(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)n;
    vx_user_data_object in = (vx_user_data_object)p[0];
    seen_t *s = next_seen();
    CHECK_OK(vxQueryUserDataObject(in, VX_USER_DATA_OBJECT_SIZE, &s->size, sizeof s->size));
    CHECK_OK(vxQueryUserDataObject(in, VX_USER_DATA_OBJECT_NAME, s->name, sizeof s->name));
    vx_map_id id;
    void *ptr = NULL;
    CHECK_OK(vxMapUserDataObject(in, 0, s->size, &id, &ptr, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0));
    vx_uint32 total = 0;
    int wide = strcmp(s->name, "u16list") == 0;
    for (vx_size i = 0; i < s->size / (wide ? 2 : 1); i++)
        total += wide ? ((vx_uint16 *)ptr)[i] : ((vx_uint8 *)ptr)[i];
    CHECK_OK(vxUnmapUserDataObject(in, id));
    return vxCopyScalar((vx_scalar)p[1], &total, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
}

/* The chain's output is its input + 3 everywhere, and every run saw w x h U8 images. */
static void check_chain(vx_image out, vx_uint32 w, vx_uint32 h)
{
    CHECK(runs == 3);
    for (int k = 0; k < 3; k++)
        CHECK(seen[k].width == w && seen[k].height == h && seen[k].format == VX_DF_IMAGE_U8);
    u8_map m;
    CHECK_OK(map_u8(out, VX_READ_ONLY, &m));
    CHECK(m.width == w && m.height == h);
    for (vx_uint32 y = 0; y < h; y++)
        for (vx_uint32 x = 0; x < w; x++)
            CHECK(m.p[y * m.stride + x] == (vx_uint8)(x * 3 + y * 7 + 3));
    CHECK_OK(vxUnmapImagePatch(out, m.id));
}

static void add_graph_parameter(vx_graph g, vx_node n, vx_uint32 index)
{
    vx_parameter p = vxGetParameterByIndex(n, index);
    CHECK_REF(p);
    CHECK_OK(vxAddParameterToGraph(g, p));
    CHECK_OK(vxReleaseParameter(&p));
}

static void images(vx_context ctx, vx_kernel k_inc)
{
    vx_graph g = vxCreateGraph(ctx);
    CHECK_REF(g);
    vx_image in64 = pattern_u8_image(ctx, 64, 48, 3, 7), out64 = vxCreateImage(ctx, 64, 48, VX_DF_IMAGE_U8);
    vx_image in32 = pattern_u8_image(ctx, 32, 16, 3, 7), out32 = vxCreateImage(ctx, 32, 16, VX_DF_IMAGE_U8);
    vx_image in16 = pattern_u8_image(ctx, 16, 32, 3, 7), out16 = vxCreateImage(ctx, 16, 32, VX_DF_IMAGE_U8);
    vx_image v1 = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_image v2 = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_U8);    /* format fixed, size open */
    vx_node n[3] = {node_of_two(g, k_inc, in64, v1),
                    node_of_two(g, k_inc, v1, v2),
                    node_of_two(g, k_inc, v2, out64)};
    add_graph_parameter(g, n[0], 0);
    add_graph_parameter(g, n[2], 1);

    runs = 0;
    CHECK_OK(vxProcessGraph(g));                      /* verifies at 64x48 */
    check_chain(out64, 64, 48);

    /* other sizes through the graph parameters: the next run verifies again */
    CHECK_OK(vxSetGraphParameterByIndex(g, 0, (vx_reference)in32));
    CHECK_OK(vxSetGraphParameterByIndex(g, 1, (vx_reference)out32));
    CHECK(vxIsGraphVerified(g) == vx_false_e);
    runs = 0;
    CHECK_OK(vxProcessGraph(g));
    check_chain(out32, 32, 16);

    /* the same bytes in another shape (the virtual images' memory is laid out again) */
    CHECK_OK(vxSetGraphParameterByIndex(g, 0, (vx_reference)in16));
    CHECK_OK(vxSetGraphParameterByIndex(g, 1, (vx_reference)out16));
    CHECK_OK(vxVerifyGraph(g));
    runs = 0;
    CHECK_OK(vxProcessGraph(g));
    check_chain(out16, 16, 32);

    /* back to the larger size, verified explicitly: the memory grows again */
    CHECK_OK(vxSetGraphParameterByIndex(g, 0, (vx_reference)in64));
    CHECK_OK(vxSetGraphParameterByIndex(g, 1, (vx_reference)out64));
    CHECK_OK(vxVerifyGraph(g));
    CHECK(vxIsGraphVerified(g) == vx_true_e);
    runs = 0;
    CHECK_OK(vxProcessGraph(g));
    check_chain(out64, 64, 48);

    /* what the application fixed stays fixed: v2 is U8, a validator asking S16 is refused (v1,
     * open, would take it), at every verification; the graph recovers when the validator agrees */
    inc_format = VX_DF_IMAGE_S16;
    CHECK_REFUSED_LAST(vxVerifyGraph(g), VX_ERROR_INVALID_FORMAT);
    CHECK(vxIsGraphVerified(g) == vx_false_e);
    CHECK_REFUSED_LAST(vxProcessGraph(g), VX_ERROR_INVALID_FORMAT);
    inc_format = VX_DF_IMAGE_U8;
    runs = 0;
    CHECK_OK(vxProcessGraph(g));
    check_chain(out64, 64, 48);

    for (int k = 0; k < 3; k++)
        CHECK_OK(vxReleaseNode(&n[k]));
    vx_image all[] = {in64, out64, in32, out32, in16, out16, v1, v2};
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++)
        CHECK_OK(vxReleaseImage(&all[k]));
    CHECK_OK(vxReleaseGraph(&g));
}

/* n -> virtual array -> virtual user data object -> sum, for each n in turn */
static void lists(vx_context ctx, vx_kernel k_list, vx_kernel k_pack, vx_kernel k_sum)
{
    vx_graph g = vxCreateGraph(ctx);
    vx_uint32 count = 10, total = 0;
    vx_scalar n_in = vxCreateScalar(ctx, VX_TYPE_UINT32, &count);
    vx_scalar result = vxCreateScalar(ctx, VX_TYPE_UINT32, &total);
    vx_array items = vxCreateVirtualArray(g, 0, 0);
    vx_user_data_object packed = vxCreateVirtualUserDataObject(g, NULL, 0);
    CHECK_REF(items);
    CHECK_REF(packed);
    vx_node n[3] = {node_of_two(g, k_list, n_in, items),
                    node_of_two(g, k_pack, items, packed),
                    node_of_two(g, k_sum, packed, result)};
    static const struct { vx_uint32 n; vx_enum type; vx_size item; const char *name; } cases[] = {
        {10, VX_TYPE_UINT8, 1, "u8list"}, {300, VX_TYPE_UINT16, 2, "u16list"},
        {20, VX_TYPE_UINT8, 1, "u8list"}, {10, VX_TYPE_UINT8, 1, "u8list"}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        count = cases[c].n;
        CHECK_OK(vxCopyScalar(n_in, &count, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
        /* the validators read n: the application verifies again after changing it */
        CHECK_OK(vxVerifyGraph(g));
        runs = 0;
        CHECK_OK(vxProcessGraph(g));
        CHECK(runs == 3);
        CHECK(seen[0].item_type == cases[c].type && seen[0].capacity == cases[c].n);
        for (int k = 1; k < 3; k++) {
            CHECK(seen[k].size == cases[c].n * cases[c].item);
            CHECK(strcmp(seen[k].name, cases[c].name) == 0);
        }
        CHECK_OK(vxCopyScalar(result, &total, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK(total == cases[c].n * (cases[c].n - 1) / 2);
    }
    for (int k = 0; k < 3; k++)
        CHECK_OK(vxReleaseNode(&n[k]));
    CHECK_OK(vxReleaseArray(&items));
    CHECK_OK(vxReleaseUserDataObject(&packed));
    CHECK_OK(vxReleaseScalar(&n_in));
    CHECK_OK(vxReleaseScalar(&result));
    CHECK_OK(vxReleaseGraph(&g));
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    vx_kernel k_inc = in_out_kernel(ctx, "test.redescribe.inc", inc, inc_validate, VX_TYPE_IMAGE);
    vx_kernel k_list = in_out_kernel_of(ctx, "test.redescribe.list", list, list_validate, VX_TYPE_SCALAR, VX_TYPE_ARRAY);
    vx_kernel k_pack = in_out_kernel_of(ctx, "test.redescribe.pack", pack, pack_validate, VX_TYPE_ARRAY,
                                  VX_TYPE_USER_DATA_OBJECT);
    vx_kernel k_sum = in_out_kernel_of(ctx, "test.redescribe.sum", sum, sum_validate, VX_TYPE_USER_DATA_OBJECT,
                                 VX_TYPE_SCALAR);
    images(ctx, k_inc);
    lists(ctx, k_list, k_pack, k_sum);
    vx_kernel kernels[] = {k_inc, k_list, k_pack, k_sum};
    for (int k = 0; k < 4; k++)
        CHECK_OK(vxRemoveKernel(kernels[k]));
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
