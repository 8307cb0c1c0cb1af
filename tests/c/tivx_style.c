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

static const test_case cases[] = {
    {"replicated_release_orders", replicated_release_orders},
};

int main(int argc, char **argv)
{
    return run_case(cases, sizeof cases / sizeof *cases, argc, argv);
}
