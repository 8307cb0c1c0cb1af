/* Programs in TIOVX's style (issue 33), one case per process (argv[1], tests/test_tivx_style.py):
 * a replicated target node released in every order, contexts created and released inside kernels,
 * object arrays from lists, initialize callbacks that map virtual images, commands with unused
 * trailing entries. */
#define _POSIX_C_SOURCE 200809L
#include <TI/tivx.h>
#include <TI/tivx_target_kernel.h>
#include <TI/tivx_ext_obj_array_from_list.h>
#include "kernels.h"

#define LEVELS 3
#define SIZE 16

/* Reads every byte of a level's descriptor and plane (what a delete callback that frees buffers
 * sized from its descriptors does): a freed level faults, or ASan reports it. */
static vx_uint32 touch_image(const tivx_obj_desc_image_t *img)
{
    const vx_imagepatch_addressing_t *a = &img->imagepatch_addr[0];
    const vx_uint8 *p = tivxMemShared2TargetPtr(&img->mem_ptr[0]);
    vx_uint32 sum = 0;
    for (vx_uint32 y = 0; y < a->dim_y; y++)
        for (vx_uint32 x = 0; x < a->dim_x; x++)
            sum += p[y * a->stride_y + x];
    return sum;
}

static vx_status VX_CALLBACK level_create(tivx_target_kernel_instance kernel, tivx_obj_desc_t *obj_desc[],
                                          uint16_t num_params, void *priv_arg)
{
    (void)kernel; (void)obj_desc; (void)num_params; (void)priv_arg;
    return VX_SUCCESS;
}

/* out = in + 1 on one level */
static vx_status VX_CALLBACK level_process(tivx_target_kernel_instance kernel, tivx_obj_desc_t *obj_desc[],
                                           uint16_t num_params, void *priv_arg)
{
    (void)kernel; (void)num_params; (void)priv_arg;
    tivx_obj_desc_image_t *in = (tivx_obj_desc_image_t *)obj_desc[0], *out = (tivx_obj_desc_image_t *)obj_desc[1];
    const vx_uint8 *src = tivxMemShared2TargetPtr(&in->mem_ptr[0]);
    vx_uint8 *dst = tivxMemShared2TargetPtr(&out->mem_ptr[0]);
    const vx_imagepatch_addressing_t *a = &in->imagepatch_addr[0], *b = &out->imagepatch_addr[0];
    for (vx_uint32 y = 0; y < a->dim_y; y++)
        for (vx_uint32 x = 0; x < a->dim_x; x++)
            dst[y * b->stride_y + x] = (vx_uint8)(src[y * a->stride_y + x] + 1);
    return VX_SUCCESS;
}

static int deletes;

static vx_status VX_CALLBACK level_delete(tivx_target_kernel_instance kernel, tivx_obj_desc_t *obj_desc[],
                                          uint16_t num_params, void *priv_arg)
{
    (void)kernel; (void)priv_arg;
    for (uint16_t i = 0; i < num_params; i++)
        touch_image((tivx_obj_desc_image_t *)obj_desc[i]);
    deletes++;
    return VX_SUCCESS;
}

/* The host initialize callback maps each image it is given. */
static vx_status VX_CALLBACK map_each(vx_node node, const vx_reference p[], vx_uint32 n)
{
    (void)node;
    for (vx_uint32 i = 0; i < n; i++) {
        u8_map m;
        TRY(map_u8((vx_image)p[i], VX_READ_ONLY, &m));
        TRY(vxUnmapImagePatch((vx_image)p[i], m.id));
    }
    return VX_SUCCESS;
}

/* A finalized kernel on DSP1 with no host function: in -> out of `type`, the target kernel
 * registered for it (callbacks process, create, delete, control), its initialize `init`. */
static vx_kernel target_kernel(vx_context ctx, const char *name, vx_enum type, vx_kernel_validate_f validate,
                               vx_kernel_initialize_f init, tivx_target_kernel_f process, tivx_target_kernel_f create,
                               tivx_target_kernel_f delete_, tivx_target_kernel_control_f control)
{
    vx_enum id;
    CHECK_OK(vxAllocateUserKernelId(ctx, &id));
    vx_kernel k = vxAddUserKernel(ctx, name, id, NULL, 2, validate, init, NULL);
    CHECK_REF(k);
    CHECK_OK(vxAddParameterToKernel(k, 0, VX_INPUT, type, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(k, 1, VX_OUTPUT, type, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(tivxAddKernelTarget(k, TIVX_TARGET_DSP1));
    CHECK_OK(vxFinalizeKernel(k));
    CHECK(tivxAddTargetKernelByName(name, TIVX_TARGET_DSP1, process, create, delete_, control, NULL) != NULL);
    return k;
}

static void drop_kernel(vx_kernel k, const char *name)
{
    CHECK_OK(tivxRemoveTargetKernelByName(name, TIVX_TARGET_DSP1));
    CHECK_OK(vxRemoveKernel(k));
}

/* 1. A target node replicated over the levels of two pyramids (level 0 as its parameters), run,
 * then node, level-0 images, pyramids and graph released in each of the 24 orders: the delete
 * callbacks meet live levels, and everything is gone after. */
static const char *const releases[4] = {"node", "images", "pyramids", "graph"};

static void replicated_release_order(const int order[4])
{
    vx_context ctx = test_context();
    vx_uint32 refs0 = context_references(ctx);
    vx_kernel k = target_kernel(ctx, "tivx_style.level", VX_TYPE_IMAGE, like_input, map_each, level_process,
                                level_create, level_delete, NULL);
    vx_graph g = vxCreateGraph(ctx);
    vx_pyramid pyr[2] = {vxCreatePyramid(ctx, LEVELS, VX_SCALE_PYRAMID_HALF, SIZE, SIZE, VX_DF_IMAGE_U8),
                         vxCreatePyramid(ctx, LEVELS, VX_SCALE_PYRAMID_HALF, SIZE, SIZE, VX_DF_IMAGE_U8)};
    for (int l = 0; l < LEVELS; l++) {
        vx_image level = vxGetPyramidLevel(pyr[0], l);
        fill_u8(level, (vx_uint8)(10 * l));
        CHECK_OK(vxReleaseImage(&level));
    }
    vx_image img[2] = {vxGetPyramidLevel(pyr[0], 0), vxGetPyramidLevel(pyr[1], 0)};
    vx_node n = node_of_two(g, k, img[0], img[1]);
    vx_bool flags[2] = {vx_true_e, vx_true_e};
    CHECK_OK(vxReplicateNode(g, n, flags, 2));
    CHECK_OK(vxVerifyGraph(g));
    CHECK_OK(vxProcessGraph(g));
    for (int l = 0; l < LEVELS; l++) {
        vx_image level = vxGetPyramidLevel(pyr[1], l);
        CHECK(u8_pixel(level, 1, 1) == 10 * l + 1);
        CHECK_OK(vxReleaseImage(&level));
    }
    deletes = 0;
    int graph_gone = 0;
    for (int i = 0; i < 4; i++) {
        fprintf(stderr, "%s%s", releases[order[i]], i < 3 ? ", " : "\n");
        switch (order[i]) {
        case 0:                     /* the graph's release released its nodes (graph_letter.c) */
            if (graph_gone)
                CHECK_REFUSED(vxReleaseNode(&n), VX_ERROR_INVALID_REFERENCE);
            else
                CHECK_OK(vxReleaseNode(&n));
            break;
        case 1: CHECK_OK(vxReleaseImage(&img[0])); CHECK_OK(vxReleaseImage(&img[1])); break;
        case 2: CHECK_OK(vxReleasePyramid(&pyr[0])); CHECK_OK(vxReleasePyramid(&pyr[1])); break;
        case 3: CHECK_OK(vxReleaseGraph(&g)); graph_gone = 1; break;
        }
    }
    CHECK(deletes == LEVELS);
    drop_kernel(k, "tivx_style.level");
    CHECK(context_references(ctx) == refs0);
    CHECK_OK(vxReleaseContext(&ctx));
}

static void replicated_release_orders(void)
{
    int count = 0;
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++)
            for (int c = 0; c < 4; c++) {
                int d = 6 - a - b - c;
                if (a == b || a == c || b == c || d < 0 || d > 3 || d == a || d == b || d == c)
                    continue;
                int order[4] = {a, b, c, d};
                replicated_release_order(order);
                count++;
            }
    CHECK(count == 24);
}

/* 3. A nested-graph kernel as TI writes them: its create callback creates a context, builds and
 * verifies a graph in it, releases the context and keeps the graph (vxCreateContext gives the
 * process's one context, counted); process imports the node's buffers into the inner graph's
 * images (created without a handle) and runs it; delete gives the images their own buffers back
 * (exported when they had never been accessed) and releases everything. */
typedef struct {
    vx_graph graph;
    vx_image in, out;
    void *own[2];
    uint32_t own_size[2];
} nested_graph;

static vx_status VX_CALLBACK nested_create(tivx_target_kernel_instance kernel, tivx_obj_desc_t *obj_desc[],
                                           uint16_t num_params, void *priv_arg)
{
    (void)num_params; (void)priv_arg;
    tivx_obj_desc_image_t *in = (tivx_obj_desc_image_t *)obj_desc[0];
    vx_context ctx = vxCreateContext();
    TRY(vxGetStatus((vx_reference)ctx));
    nested_graph *s = malloc(sizeof *s);
    s->graph = vxCreateGraph(ctx);
    s->in = vxCreateImage(ctx, in->imagepatch_addr[0].dim_x, in->imagepatch_addr[0].dim_y, VX_DF_IMAGE_U8);
    s->out = vxCreateImage(ctx, in->imagepatch_addr[0].dim_x, in->imagepatch_addr[0].dim_y, VX_DF_IMAGE_U8);
    vx_node n = vxNotNode(s->graph, s->in, s->out);
    TRY(vxReleaseNode(&n));
    TRY(vxVerifyGraph(s->graph));
    TRY(vxReleaseContext(&ctx));
    vx_image images[2] = {s->in, s->out};
    for (int i = 0; i < 2; i++) {
        uint32_t num = 0;
        TRY(tivxReferenceExportHandle((vx_reference)images[i], &s->own[i], &s->own_size[i], 1, &num));
        CHECK(num == 1 && s->own[i] != NULL && s->own_size[i] >= in->imagepatch_addr[0].dim_x * in->imagepatch_addr[0].dim_y);
    }
    return tivxSetTargetKernelInstanceContext(kernel, s, sizeof *s);
}

static nested_graph *nested_of(tivx_target_kernel_instance kernel)
{
    void *s = NULL;
    uint32_t size = 0;
    CHECK_OK(tivxGetTargetKernelInstanceContext(kernel, &s, &size));
    CHECK(s != NULL && size == sizeof(nested_graph));
    return s;
}

static vx_status VX_CALLBACK nested_process(tivx_target_kernel_instance kernel, tivx_obj_desc_t *obj_desc[],
                                            uint16_t num_params, void *priv_arg)
{
    (void)priv_arg;
    nested_graph *s = nested_of(kernel);
    vx_image images[2] = {s->in, s->out};
    for (uint16_t i = 0; i < num_params; i++) {
        tivx_obj_desc_image_t *img = (tivx_obj_desc_image_t *)obj_desc[i];
        const void *addr[1] = {tivxMemShared2TargetPtr(&img->mem_ptr[0])};
        uint32_t size[1] = {img->mem_size[0]};
        TRY(tivxReferenceImportHandle((vx_reference)images[i], addr, size, 1));
    }
    return vxProcessGraph(s->graph);
}

static vx_status VX_CALLBACK nested_delete(tivx_target_kernel_instance kernel, tivx_obj_desc_t *obj_desc[],
                                           uint16_t num_params, void *priv_arg)
{
    (void)obj_desc; (void)num_params; (void)priv_arg;
    nested_graph *s = nested_of(kernel);
    vx_image images[2] = {s->in, s->out};
    for (int i = 0; i < 2; i++)
        TRY(tivxReferenceImportHandle((vx_reference)images[i], (const void **)&s->own[i], &s->own_size[i], 1));
    TRY(vxReleaseGraph(&s->graph));
    TRY(vxReleaseImage(&s->in));
    TRY(vxReleaseImage(&s->out));
    free(s);
    return VX_SUCCESS;
}

static void nested_graph_kernel(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs0 = context_references(ctx);
    vx_kernel k = target_kernel(ctx, "tivx_style.nested", VX_TYPE_IMAGE, like_input, NULL, nested_process,
                                nested_create, nested_delete, NULL);
    vx_graph g = vxCreateGraph(ctx);
    vx_image in = pattern_u8_image(ctx, SIZE, SIZE, 3, 5), out = vxCreateImage(ctx, SIZE, SIZE, VX_DF_IMAGE_U8);
    vx_node n = node_of_two(g, k, in, out);
    CHECK_OK(vxVerifyGraph(g));
    CHECK(ref_count(ctx) == 1);                  /* the create callback's count went */
    for (int run = 0; run < 2; run++) {
        CHECK_OK(vxProcessGraph(g));
        for (vx_uint32 y = 0; y < SIZE; y += 5)
            for (vx_uint32 x = 0; x < SIZE; x += 3)
                CHECK(u8_pixel(out, x, y) == (vx_uint8)~(x * 3 + y * 5));
    }
    CHECK_OK(vxReleaseNode(&n));
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_OK(vxReleaseImage(&in));
    CHECK_OK(vxReleaseImage(&out));
    drop_kernel(k, "tivx_style.nested");
    CHECK(context_references(ctx) == refs0);
    CHECK_OK(vxReleaseContext(&ctx));
}

/* 3. vxCreateContext gives the one context while any count of it is held; the last release ends
 * it, with everything in it, and the next call makes a new one. */
static void one_context(void)
{
    vx_context a = test_context(), b = vxCreateContext();
    CHECK(a == b && ref_count(a) == 2);
    vx_image img = vxCreateImage(b, 4, 4, VX_DF_IMAGE_U8);
    CHECK_OK(vxReleaseContext(&b));
    CHECK(b == NULL && ref_count(a) == 1);
    CHECK(vxGetContext((vx_reference)img) == a && u8_pixel(img, 0, 0) == 0);
    CHECK_OK(vxRetainReference((vx_reference)a));
    CHECK_OK(vxReleaseReference((vx_reference *)&img));
    b = a;
    CHECK_OK(vxReleaseContext(&b));
    CHECK(context_references(a) == 0 && ref_count(a) == 1);
    img = vxCreateImage(a, 4, 4, VX_DF_IMAGE_U8);  /* left to the context's end */
    CHECK_OK(vxReleaseContext(&a));
    CHECK_STATUS(vxQueryReference((vx_reference)img, VX_REFERENCE_COUNT, &(vx_uint32){0}, sizeof(vx_uint32)),
                 VX_ERROR_INVALID_REFERENCE);
    a = vxCreateContext();                       /* a new one */
    CHECK_REF(a);
    CHECK(ref_count(a) == 1 && context_references(a) == 0);
    CHECK_OK(vxReleaseContext(&a));
}

/* 5. tivxCreateObjectArrayFromList: the array takes a count of each listed object, the program
 * keeps its own and releases it whenever it likes; the objects need only be of one type (their
 * attributes may differ, as TIOVX checks). */
static void object_array_from_list(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs0 = context_references(ctx);
    for (int items_first = 0; items_first < 2; items_first++) {
        vx_reference list[3] = {(vx_reference)vxCreateScalar(ctx, VX_TYPE_UINT8, &(vx_uint8){7}),
                                (vx_reference)vxCreateScalar(ctx, VX_TYPE_INT32, &(vx_int32){-5}),
                                (vx_reference)vxCreateScalar(ctx, VX_TYPE_UINT8, &(vx_uint8){9})};
        vx_object_array arr = tivxCreateObjectArrayFromList(ctx, list, 3);
        CHECK_REF(arr);
        vx_image images[2] = {vxCreateImage(ctx, 8, 8, VX_DF_IMAGE_U8), vxCreateImage(ctx, 16, 4, VX_DF_IMAGE_S16)};
        vx_object_array arr2 = tivxCreateObjectArrayFromList(ctx, (vx_reference *)images, 2);
        CHECK_REF(arr2);
        if (items_first) {
            for (int i = 0; i < 3; i++)
                CHECK_OK(vxReleaseScalar((vx_scalar *)&list[i]));
            CHECK_OK(vxReleaseImage(&images[0]));
            CHECK_OK(vxReleaseImage(&images[1]));
        }
        vx_scalar second = (vx_scalar)vxGetObjectArrayItem(arr, 1);
        vx_int32 v = 0;
        CHECK_OK(vxCopyScalar(second, &v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK(v == -5);
        CHECK_OK(vxReleaseScalar(&second));
        CHECK_OK(vxReleaseObjectArray(&arr));
        CHECK_OK(vxReleaseObjectArray(&arr2));
        if (!items_first) {
            CHECK(u8_pixel(images[0], 7, 7) == 0);
            for (int i = 0; i < 3; i++)
                CHECK_OK(vxReleaseScalar((vx_scalar *)&list[i]));
            CHECK_OK(vxReleaseImage(&images[0]));
            CHECK_OK(vxReleaseImage(&images[1]));
        }
        CHECK(context_references(ctx) == refs0);
    }
    CHECK_OK(vxReleaseContext(&ctx));
}

/* 9. A host initialize callback maps the virtual image it reads (TIOVX lets it during verification). */
static vx_status VX_CALLBACK init_maps_input(vx_node node, const vx_reference p[], vx_uint32 n)
{
    (void)node; (void)n;
    u8_map m;
    TRY(map_u8((vx_image)p[0], VX_READ_ONLY, &m));
    return vxUnmapImagePatch((vx_image)p[0], m.id);
}

static vx_uint8 invert(vx_uint8 v)
{
    return (vx_uint8)~v;
}

static vx_status VX_CALLBACK run_invert(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)n;
    return u8_pointwise(p, invert);
}

static void initialize_maps_virtual(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs0 = context_references(ctx);
    vx_enum id;
    CHECK_OK(vxAllocateUserKernelId(ctx, &id));
    vx_kernel k = vxAddUserKernel(ctx, "tivx_style.init_maps", id, run_invert, 2, like_input, init_maps_input, NULL);
    CHECK_OK(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(k, 1, VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxFinalizeKernel(k));
    vx_graph g = vxCreateGraph(ctx);
    vx_image in = u8_image(ctx, SIZE, SIZE, 40), out = vxCreateImage(ctx, SIZE, SIZE, VX_DF_IMAGE_U8);
    vx_image mid = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_node n1 = node_of_two(g, k, in, mid), n2 = node_of_two(g, k, mid, out);
    CHECK_OK(vxVerifyGraph(g));
    CHECK_OK(vxProcessGraph(g));
    CHECK(u8_pixel(out, 3, 3) == 40);
    u8_map m;                                    /* outside the graph it stays out of reach */
    CHECK_REFUSED(map_u8(mid, VX_READ_ONLY, &m), VX_ERROR_OPTIMIZED_AWAY);
    vx_reference all[] = {(vx_reference)n1, (vx_reference)n2, (vx_reference)mid, (vx_reference)g,
                          (vx_reference)in, (vx_reference)out};
    for (unsigned i = 0; i < sizeof all / sizeof *all; i++)
        CHECK_OK(vxReleaseReference(&all[i]));
    CHECK_OK(vxRemoveKernel(k));
    CHECK(context_references(ctx) == refs0);
    CHECK_OK(vxReleaseContext(&ctx));
}

/* 9. tivxNodeSendCommand with entries that are no reference (NULL, an unused one never set):
 * the control callback gets NULL descriptors for them, as in TIOVX. */
static int commands;

static vx_status VX_CALLBACK count_command(tivx_target_kernel_instance kernel, uint32_t cmd, tivx_obj_desc_t *obj_desc[],
                                          uint16_t num_params, void *priv_arg)
{
    (void)kernel; (void)priv_arg;
    CHECK(cmd == 7 && num_params == 3);
    CHECK(obj_desc[0] != NULL && obj_desc[0]->type == TIVX_OBJ_DESC_SCALAR);
    CHECK(obj_desc[1] == NULL && obj_desc[2] == NULL);
    commands++;
    return VX_SUCCESS;
}

static void command_unused_entries(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs0 = context_references(ctx);
    vx_kernel k = target_kernel(ctx, "tivx_style.command", VX_TYPE_IMAGE, like_input, NULL, level_process,
                                level_create, NULL, count_command);
    vx_graph g = vxCreateGraph(ctx);
    vx_image in = u8_image(ctx, SIZE, SIZE, 1), out = vxCreateImage(ctx, SIZE, SIZE, VX_DF_IMAGE_U8);
    vx_node n = node_of_two(g, k, in, out);
    CHECK_OK(vxVerifyGraph(g));
    vx_scalar s = vxCreateScalar(ctx, VX_TYPE_UINT32, &(vx_uint32){5});
    long junk[4] = {0x1234, 0x5678, 0, 0};       /* what an entry never set may hold */
    vx_reference refs[3] = {(vx_reference)s, NULL, (vx_reference)junk};
    CHECK_OK(tivxNodeSendCommand(n, 0, 7, refs, 3));
    CHECK(commands == 1);
    CHECK_OK(vxReleaseScalar(&s));
    CHECK_OK(vxReleaseNode(&n));
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_OK(vxReleaseImage(&in));
    CHECK_OK(vxReleaseImage(&out));
    drop_kernel(k, "tivx_style.command");
    CHECK(context_references(ctx) == refs0);
    CHECK_OK(vxReleaseContext(&ctx));
}

static const test_case cases[] = {
    {"initialize_maps_virtual", initialize_maps_virtual},
    {"command_unused_entries", command_unused_entries},
    {"object_array_from_list", object_array_from_list},
    {"replicated_release_orders", replicated_release_orders},
    {"nested_graph_kernel", nested_graph_kernel},
    {"one_context", one_context},
};

int main(int argc, char **argv)
{
    return run_case(cases, sizeof cases / sizeof *cases, argc, argv);
}
