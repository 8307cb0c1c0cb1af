/* Graph and reference semantics as the 1.3.1 text states them (issue 21): one case per statement,
 * chosen by argv[1]; each prints "ok". */
#define _POSIX_C_SOURCE 200809L
#include <TI/tivx.h>
#include <TI/tivx_target_kernel.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "kernels.h"

static int deinitialized;

static vx_status VX_CALLBACK count_deinit(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)p; (void)n;
    deinitialized++;
    return VX_SUCCESS;
}

/* Whether a handle the application released still stands for a live object (held by others). */
static int alive(void *handle)
{
    vx_uint32 n;
    return vxQueryReference((vx_reference)handle, VX_REFERENCE_COUNT, &n, sizeof n) == VX_SUCCESS;
}

/* 1. vxReleaseGraph: "all node references in the graph are automatically released as well":
 * nodes the application never released go, with what only they held. */
static void release_graph_releases_nodes(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs0 = context_references(ctx);
    vx_enum id;
    CHECK_OK(vxAllocateUserKernelId(ctx, &id));
    vx_kernel k = vxAddUserKernel(ctx, "letter.copy", id, run_nothing, 2, like_input, NULL, count_deinit);
    CHECK_OK(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(k, 1, VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxFinalizeKernel(k));
    vx_uint32 refs_kernel = context_references(ctx);

    vx_graph g = vxCreateGraph(ctx);
    vx_image images[] = {u8_image(ctx, 16, 16, 1), vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT),
                         vxCreateImage(ctx, 16, 16, VX_DF_IMAGE_U8), vxCreateImage(ctx, 16, 16, VX_DF_IMAGE_U8)};
    node_of_two(g, k, images[0], images[1]);        /* results never released, as programs often do */
    node_of_two(g, k, images[1], images[2]);
    CHECK(vxNotNode(g, images[2], images[3]) != NULL);
    vx_image handles[4];
    memcpy(handles, images, sizeof images);
    for (int i = 0; i < 4; i++)
        CHECK_OK(vxReleaseImage(&images[i]));
    CHECK_OK(vxVerifyGraph(g));
    for (int i = 0; i < 4; i++)
        CHECK(alive(handles[i]));                   /* the nodes hold them */
    CHECK_OK(vxReleaseGraph(&g));
    CHECK(deinitialized == 2);                      /* both user nodes died */
    for (int i = 0; i < 4; i++)
        CHECK(!alive(handles[i]));                  /* and let go of their parameters */
    CHECK(context_references(ctx) == refs_kernel);
    CHECK_OK(vxRemoveKernel(k));
    CHECK(context_references(ctx) == refs0);
    CHECK_OK(vxReleaseContext(&ctx));
}

/* 2. vxSetParameterByIndex(node, i, NULL): refused for a required parameter, clears an optional one. */
static void set_parameter_null(void)
{
    vx_context ctx = test_context();
    vx_enum id;
    CHECK_OK(vxAllocateUserKernelId(ctx, &id));
    vx_kernel k = vxAddUserKernel(ctx, "letter.optional", id, run_nothing, 3, accept_all, NULL, NULL);
    CHECK_OK(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(k, 1, VX_INPUT, VX_TYPE_SCALAR, VX_PARAMETER_STATE_OPTIONAL));
    CHECK_OK(vxAddParameterToKernel(k, 2, VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxFinalizeKernel(k));
    vx_graph g = vxCreateGraph(ctx);
    vx_image a = u8_image(ctx, 8, 8, 0), b = u8_image(ctx, 8, 8, 0);
    vx_uint8 value = 3;
    vx_scalar s = vxCreateScalar(ctx, VX_TYPE_UINT8, &value);
    vx_node n = node_of_two(g, k, a, s);
    CHECK_OK(vxSetParameterByIndex(n, 2, (vx_reference)b));
    CHECK_OK(vxSetParameterByIndex(n, 1, NULL));
    CHECK_REFUSED(vxSetParameterByIndex(n, 0, NULL), VX_ERROR_INVALID_REFERENCE);
    CHECK_REFUSED(vxSetParameterByIndex(n, 2, NULL), VX_ERROR_INVALID_REFERENCE);
    vx_parameter p = vxGetParameterByIndex(n, 0);     /* the refused calls changed nothing */
    vx_reference ref = NULL;
    CHECK_OK(vxQueryParameter(p, VX_PARAMETER_REF, &ref, sizeof ref));
    CHECK(ref == (vx_reference)a);
    CHECK_OK(vxReleaseReference(&ref));
    CHECK_OK(vxReleaseParameter(&p));
    p = vxGetParameterByIndex(n, 1);
    CHECK_OK(vxQueryParameter(p, VX_PARAMETER_REF, &ref, sizeof ref));
    CHECK(ref == NULL);
    CHECK_OK(vxReleaseParameter(&p));
    CHECK_OK(vxVerifyGraph(g));
    CHECK_OK(vxReleaseScalar(&s));
    CHECK_OK(vxReleaseImage(&a));
    CHECK_OK(vxReleaseImage(&b));
    CHECK_OK(vxReleaseNode(&n));
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_OK(vxRemoveKernel(k));
    CHECK_OK(vxReleaseContext(&ctx));
}

/* 3. vxGetKernelByName/ByEnum of a kernel that exists leaves VX_CONTEXT_REFERENCES as it is (a
 * kernel counts from vxAddUserKernel until removed); the kernel's own count moves. */
static void kernel_lookup_counts(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs0 = context_references(ctx), kernels0 = context_u32(ctx, VX_CONTEXT_UNIQUE_KERNELS);
    vx_kernel std1 = vxGetKernelByName(ctx, "org.khronos.openvx.not");
    vx_kernel std2 = vxGetKernelByEnum(ctx, VX_KERNEL_NOT);
    CHECK_REF(std1);
    CHECK(std1 == std2 && ref_count(std1) == 2);
    CHECK(context_references(ctx) == refs0);
    CHECK_OK(vxReleaseKernel(&std1));
    CHECK_OK(vxReleaseKernel(&std2));
    CHECK(context_references(ctx) == refs0);

    vx_enum id;
    CHECK_OK(vxAllocateUserKernelId(ctx, &id));
    vx_kernel k = vxAddUserKernel(ctx, "letter.counted", id, run_nothing, 1, accept_all, NULL, NULL);
    CHECK_OK(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_REFERENCE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxFinalizeKernel(k));
    CHECK(context_references(ctx) == refs0 + 1);
    CHECK(context_u32(ctx, VX_CONTEXT_UNIQUE_KERNELS) == kernels0 + 1);
    vx_kernel by_name = vxGetKernelByName(ctx, "letter.counted"), by_enum = vxGetKernelByEnum(ctx, id);
    CHECK(by_name == k && by_enum == k && ref_count(k) == 3);
    CHECK(context_references(ctx) == refs0 + 1);
    CHECK_OK(vxReleaseKernel(&by_name));
    CHECK_OK(vxReleaseKernel(&by_enum));
    CHECK(context_references(ctx) == refs0 + 1 && ref_count(k) == 1);
    CHECK_OK(vxRemoveKernel(k));
    CHECK(context_references(ctx) == refs0 && context_u32(ctx, VX_CONTEXT_UNIQUE_KERNELS) == kernels0);
    CHECK_OK(vxReleaseContext(&ctx));
}

/* 5. A node takes a virtual object of another graph, or of a graph already gone; vxVerifyGraph
 * refuses it with VX_ERROR_INVALID_SCOPE. */
static void scope_at_verify(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs0 = context_references(ctx);
    vx_graph g = vxCreateGraph(ctx), other = vxCreateGraph(ctx), gone = vxCreateGraph(ctx);
    vx_image in = u8_image(ctx, 8, 8, 1), out = vxCreateImage(ctx, 8, 8, VX_DF_IMAGE_U8);
    vx_image foreign = vxCreateVirtualImage(other, 8, 8, VX_DF_IMAGE_U8);
    vx_image orphan = vxCreateVirtualImage(gone, 8, 8, VX_DF_IMAGE_U8);
    CHECK_OK(vxReleaseGraph(&gone));
    vx_node n1 = vxNotNode(g, in, foreign);
    CHECK_REF(n1);
    vx_node n2 = vxNotNode(g, foreign, out);
    CHECK_REF(n2);
    CHECK_REFUSED(vxVerifyGraph(g), VX_ERROR_INVALID_SCOPE);
    CHECK_OK(vxSetParameterByIndex(n1, 1, (vx_reference)orphan));
    CHECK_OK(vxSetParameterByIndex(n2, 0, (vx_reference)orphan));
    CHECK_REFUSED(vxVerifyGraph(g), VX_ERROR_INVALID_SCOPE);
    vx_image own = vxCreateVirtualImage(g, 8, 8, VX_DF_IMAGE_U8);
    CHECK_OK(vxSetParameterByIndex(n1, 1, (vx_reference)own));
    CHECK_OK(vxSetParameterByIndex(n2, 0, (vx_reference)own));
    CHECK_OK(vxProcessGraph(g));
    CHECK(u8_pixel(out, 3, 3) == 1);
    vx_reference objects[] = {(vx_reference)in, (vx_reference)out, (vx_reference)foreign, (vx_reference)orphan,
                              (vx_reference)own, (vx_reference)n1, (vx_reference)n2, (vx_reference)g,
                              (vx_reference)other};
    for (unsigned i = 0; i < sizeof objects / sizeof *objects; i++)
        CHECK_OK(vxReleaseReference(&objects[i]));
    CHECK(context_references(ctx) == refs0);
    CHECK_OK(vxReleaseContext(&ctx));
}

/* A Not node reading `in` and writing `out`, created now (before the node it must follow). */
static vx_node not_node(vx_graph g, vx_image in, vx_image out)
{
    vx_node n = vxNotNode(g, in, out);
    CHECK_REF(n);
    return n;
}

/* 4. Images that share memory order the nodes, whatever order they were added in: a node reading
 * an ROI that overlaps an ROI another node writes, a channel image of the plane another channel
 * image of the same image writes, an image from a handle aliasing another one's memory. */
static void shared_memory_order(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs0 = context_references(ctx);
    vx_graph g = vxCreateGraph(ctx);
    /* ROIs: the writer of A = (0,0)-(16,16) before the reader of B = (8,0)-(24,16) */
    vx_image parent = u8_image(ctx, 32, 16, 0), in = u8_image(ctx, 16, 16, 10);
    vx_image out_b = vxCreateImage(ctx, 16, 16, VX_DF_IMAGE_U8), out_p = vxCreateImage(ctx, 32, 16, VX_DF_IMAGE_U8);
    vx_rectangle_t ra = {0, 0, 16, 16}, rb = {8, 0, 24, 16};
    vx_image roi_a = vxCreateImageFromROI(parent, &ra), roi_b = vxCreateImageFromROI(parent, &rb);
    vx_node reader = not_node(g, roi_b, out_b);
    vx_node parent_reader = not_node(g, parent, out_p);
    vx_node writer = not_node(g, in, roi_a);
    CHECK_OK(vxProcessGraph(g));
    CHECK(u8_pixel(out_b, 0, 3) == 10 && u8_pixel(out_b, 7, 3) == 10);   /* ~~10 where they overlap */
    CHECK(u8_pixel(out_b, 8, 3) == 255);                                  /* ~0 beyond A */
    CHECK(u8_pixel(out_p, 15, 0) == 10 && u8_pixel(out_p, 16, 0) == 255);
    vx_reference first[] = {(vx_reference)reader, (vx_reference)parent_reader, (vx_reference)writer,
                            (vx_reference)roi_a, (vx_reference)roi_b, (vx_reference)parent, (vx_reference)in,
                            (vx_reference)out_b, (vx_reference)out_p, (vx_reference)g};
    for (unsigned i = 0; i < sizeof first / sizeof *first; i++)
        CHECK_OK(vxReleaseReference(&first[i]));

    /* channels: two channel images of the Y plane of one YUV4 image; U untouched */
    g = vxCreateGraph(ctx);
    vx_image yuv = vxCreateImage(ctx, 16, 16, VX_DF_IMAGE_YUV4);
    vx_image y_write = vxCreateImageFromChannel(yuv, VX_CHANNEL_Y), y_read = vxCreateImageFromChannel(yuv, VX_CHANNEL_Y);
    vx_image u_read = vxCreateImageFromChannel(yuv, VX_CHANNEL_U);
    fill_u8(y_write, 0);
    fill_u8(u_read, 7);
    in = u8_image(ctx, 16, 16, 20);
    vx_image out_y = vxCreateImage(ctx, 16, 16, VX_DF_IMAGE_U8), out_u = vxCreateImage(ctx, 16, 16, VX_DF_IMAGE_U8);
    vx_node y_reader = not_node(g, y_read, out_y), u_reader = not_node(g, u_read, out_u);
    writer = not_node(g, in, y_write);
    CHECK_OK(vxProcessGraph(g));
    CHECK(u8_pixel(out_y, 5, 5) == 20 && u8_pixel(out_u, 5, 5) == 248);
    vx_reference second[] = {(vx_reference)y_reader, (vx_reference)u_reader, (vx_reference)writer,
                             (vx_reference)y_write, (vx_reference)y_read, (vx_reference)u_read, (vx_reference)yuv,
                             (vx_reference)in, (vx_reference)out_y, (vx_reference)out_u, (vx_reference)g};
    for (unsigned i = 0; i < sizeof second / sizeof *second; i++)
        CHECK_OK(vxReleaseReference(&second[i]));

    /* handles: two images on the same memory, the second starting 4 rows down */
    static vx_uint8 memory[24 * 16];
    vx_imagepatch_addressing_t addr = {16, 16, 1, 16, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 0};
    void *ptr_a = memory, *ptr_b = memory + 4 * 16;
    vx_image h_write = vxCreateImageFromHandle(ctx, VX_DF_IMAGE_U8, &addr, &ptr_a, VX_MEMORY_TYPE_HOST);
    vx_image h_read = vxCreateImageFromHandle(ctx, VX_DF_IMAGE_U8, &addr, &ptr_b, VX_MEMORY_TYPE_HOST);
    vx_image h_apart = vxCreateImageFromHandle(ctx, VX_DF_IMAGE_U8, &addr, &(void *){memory + 16 * 16},
                                               VX_MEMORY_TYPE_HOST);
    CHECK_REF(h_read);
    g = vxCreateGraph(ctx);
    in = u8_image(ctx, 16, 16, 30);
    vx_image out_h = vxCreateImage(ctx, 16, 16, VX_DF_IMAGE_U8);
    vx_node h_reader = not_node(g, h_read, out_h);
    writer = not_node(g, in, h_write);
    CHECK_OK(vxProcessGraph(g));
    CHECK(u8_pixel(out_h, 0, 0) == 30 && u8_pixel(out_h, 0, 11) == 30 && u8_pixel(out_h, 0, 12) == 255);
    vx_reference third[] = {(vx_reference)h_reader, (vx_reference)writer, (vx_reference)h_write,
                            (vx_reference)h_read, (vx_reference)h_apart, (vx_reference)in, (vx_reference)out_h,
                            (vx_reference)g};
    for (unsigned i = 0; i < sizeof third / sizeof *third; i++)
        CHECK_OK(vxReleaseReference(&third[i]));
    CHECK(context_references(ctx) == refs0);
    CHECK_OK(vxReleaseContext(&ctx));
}

/* The reference a node's parameter holds now (released at once: the node holds it too). */
static vx_reference parameter_ref(vx_node n, vx_uint32 index)
{
    vx_parameter p = vxGetParameterByIndex(n, index);
    vx_reference ref = NULL;
    CHECK_OK(vxQueryParameter(p, VX_PARAMETER_REF, &ref, sizeof ref));
    CHECK_OK(vxReleaseParameter(&p));
    vx_reference held = ref;
    CHECK_OK(vxReleaseReference(&ref));
    return held;
}

/* Level `level` of the pyramid in delay slot `slot` (a pointer to compare; not held). */
static vx_reference level_in_slot(vx_delay d, vx_int32 slot, vx_uint32 level)
{
    vx_image img = vxGetPyramidLevel((vx_pyramid)vxGetReferenceFromDelay(d, slot), level);
    vx_reference r = (vx_reference)img;
    CHECK_OK(vxReleaseImage(&img));
    return r;
}

static vx_reference item_in_slot(vx_delay d, vx_int32 slot, vx_uint32 index)
{
    vx_reference item = vxGetObjectArrayItem((vx_object_array)vxGetReferenceFromDelay(d, slot), index), r = item;
    CHECK_OK(vxReleaseReference(&item));
    return r;
}

/* 6. Delays of pyramids and of object arrays: a node parameter that is a level (an item) of a
 * delay slot follows the slot as the delay ages, by vxAgeDelay and by auto-aging. */
static void delay_parts_follow(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs0 = context_references(ctx);
    vx_pyramid pyr = vxCreatePyramid(ctx, 3, VX_SCALE_PYRAMID_HALF, 16, 16, VX_DF_IMAGE_U8);
    vx_image exemplar = vxCreateImage(ctx, 8, 8, VX_DF_IMAGE_U8);
    vx_object_array arr = vxCreateObjectArray(ctx, (vx_reference)exemplar, 3);
    vx_delay pyramids = vxCreateDelay(ctx, (vx_reference)pyr, 2), arrays = vxCreateDelay(ctx, (vx_reference)arr, 3);
    for (vx_int32 slot = 0; slot > -2; slot--)
        fill_u8((vx_image)level_in_slot(pyramids, slot, 1), (vx_uint8)(10 - slot * 10));   /* 10, 20 */
    for (vx_int32 slot = 0; slot > -3; slot--)
        fill_u8((vx_image)item_in_slot(arrays, slot, 2), (vx_uint8)(1 - slot));            /* 1, 2, 3 */
    vx_image out_p = vxCreateImage(ctx, 8, 8, VX_DF_IMAGE_U8), out_a = vxCreateImage(ctx, 8, 8, VX_DF_IMAGE_U8);
    vx_graph g = vxCreateGraph(ctx);
    vx_node np = not_node(g, (vx_image)level_in_slot(pyramids, 0, 1), out_p);
    vx_node na = not_node(g, (vx_image)item_in_slot(arrays, -1, 2), out_a);
    CHECK_OK(vxProcessGraph(g));
    CHECK(u8_pixel(out_p, 1, 1) == 245 && u8_pixel(out_a, 1, 1) == 253);
    CHECK_OK(vxAgeDelay(pyramids));
    CHECK_OK(vxAgeDelay(arrays));
    CHECK(parameter_ref(np, 0) == level_in_slot(pyramids, 0, 1));
    CHECK(parameter_ref(na, 0) == item_in_slot(arrays, -1, 2));
    CHECK_OK(vxProcessGraph(g));
    CHECK(u8_pixel(out_p, 1, 1) == 235 && u8_pixel(out_a, 1, 1) == 254);   /* ~20, ~1 */
    /* auto-aging: after each run */
    CHECK_OK(vxRegisterAutoAging(g, pyramids));
    CHECK_OK(vxRegisterAutoAging(g, arrays));
    CHECK_OK(vxProcessGraph(g));
    CHECK(u8_pixel(out_p, 1, 1) == 235 && u8_pixel(out_a, 1, 1) == 254);
    CHECK(parameter_ref(np, 0) == level_in_slot(pyramids, 0, 1) && parameter_ref(na, 0) == item_in_slot(arrays, -1, 2));
    CHECK_OK(vxProcessGraph(g));
    CHECK(u8_pixel(out_p, 1, 1) == 245 && u8_pixel(out_a, 1, 1) == 252);   /* ~10, ~3 */
    vx_reference objects[] = {(vx_reference)np, (vx_reference)na, (vx_reference)g, (vx_reference)pyramids,
                              (vx_reference)arrays, (vx_reference)pyr, (vx_reference)arr, (vx_reference)exemplar,
                              (vx_reference)out_p, (vx_reference)out_a};
    for (unsigned i = 0; i < sizeof objects / sizeof *objects; i++)
        CHECK_OK(vxReleaseReference(&objects[i]));
    CHECK(context_references(ctx) == refs0);
    CHECK_OK(vxReleaseContext(&ctx));
}

/* 12. vxDisableEvents: vxSendUserEvent fails and queues nothing; vxEnableEvents restores it. */
static void disable_events(void)
{
    vx_context ctx = test_context();
    vx_event_t e;
    CHECK_OK(vxSendUserEvent(ctx, 1, NULL));
    CHECK_OK(vxDisableEvents(ctx));
    CHECK_REFUSED(vxSendUserEvent(ctx, 2, NULL), VX_FAILURE);
    CHECK_OK(vxWaitEvent(ctx, &e, vx_true_e));      /* what came before stays */
    CHECK(e.type == VX_EVENT_USER && e.app_value == 1);
    CHECK(vxWaitEvent(ctx, &e, vx_true_e) != VX_SUCCESS);
    CHECK_OK(vxEnableEvents(ctx));
    CHECK_OK(vxSendUserEvent(ctx, 3, NULL));
    CHECK_OK(vxWaitEvent(ctx, &e, vx_true_e));
    CHECK(e.app_value == 3);
    CHECK(vxWaitEvent(ctx, &e, vx_true_e) != VX_SUCCESS);
    CHECK_OK(vxReleaseContext(&ctx));
}

/* A whole OpenVX program in a callback, as TI's nested-graph kernels run one in their create
 * callback: its own context, a graph, a run, everything released. */
static vx_status nested_program(void)
{
    vx_context c = vxCreateContext();
    TRY(vxGetStatus((vx_reference)c));
    vx_image a = u8_image(c, 8, 8, 5), b = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U8);
    vx_graph g = vxCreateGraph(c);
    vxNotNode(g, a, b);
    TRY(vxProcessGraph(g));
    if (u8_pixel(b, 1, 1) != 250)
        return VX_FAILURE;
    TRY(vxReleaseGraph(&g));
    TRY(vxReleaseImage(&a));
    TRY(vxReleaseImage(&b));
    return vxReleaseContext(&c);
}

static int nested_runs;

static vx_status VX_CALLBACK nested_on_target(tivx_target_kernel_instance kernel, tivx_obj_desc_t *obj_desc[],
                                              uint16_t num_params, void *priv_arg)
{
    (void)kernel; (void)obj_desc; (void)num_params; (void)priv_arg;
    nested_runs++;
    return nested_program();
}

static vx_status VX_CALLBACK nested_on_host(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)p; (void)n;
    nested_runs++;
    return nested_program();
}

/* 7. A context created and released inside a target's create and process callbacks, and inside a
 * host kernel, while the application's context lives: no deadlock (the alarm fails the test). */
static void nested_context(void)
{
    alarm(30);
    vx_context ctx = test_context();
    vx_uint32 refs0 = context_references(ctx);
    vx_kernel on_target = in_out_kernel(ctx, "letter.nested_target", NULL, like_input, VX_TYPE_IMAGE);
    vx_kernel on_host = in_out_kernel(ctx, "letter.nested_host", nested_on_host, like_input, VX_TYPE_IMAGE);
    vx_enum id;
    CHECK_OK(vxQueryKernel(on_target, VX_KERNEL_ENUM, &id, sizeof id));
    CHECK_OK(tivxAddKernelTarget(on_target, TIVX_TARGET_DSP1));
    tivx_target_kernel tk = tivxAddTargetKernel(id, TIVX_TARGET_DSP1, nested_on_target, nested_on_target,
                                                nested_on_target, NULL, NULL);
    CHECK(tk != NULL);
    vx_image in = u8_image(ctx, 8, 8, 1), out = vxCreateImage(ctx, 8, 8, VX_DF_IMAGE_U8);
    vx_graph g = vxCreateGraph(ctx);
    vx_image mid = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_node n1 = node_of_two(g, on_target, in, mid), n2 = node_of_two(g, on_host, mid, out);
    CHECK_OK(vxVerifyGraph(g));                       /* create */
    CHECK(nested_runs == 1);
    CHECK_OK(vxProcessGraph(g));                      /* process on the target, then the host kernel */
    CHECK(nested_runs == 3);
    vx_reference objects[] = {(vx_reference)n1, (vx_reference)n2, (vx_reference)mid, (vx_reference)g,
                              (vx_reference)in, (vx_reference)out};
    for (unsigned i = 0; i < sizeof objects / sizeof *objects; i++)
        CHECK_OK(vxReleaseReference(&objects[i]));   /* the graph's release runs delete */
    CHECK(nested_runs == 4);
    CHECK_OK(tivxRemoveTargetKernel(tk));
    CHECK_OK(vxRemoveKernel(on_target));
    CHECK_OK(vxRemoveKernel(on_host));
    CHECK(context_references(ctx) == refs0);
    CHECK_OK(vxReleaseContext(&ctx));
    alarm(0);
}

static vx_status VX_CALLBACK slow_run(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)p; (void)n;
    struct timespec ts = {0, 300000000L};
    nanosleep(&ts, NULL);
    return VX_SUCCESS;
}

static int slow_creates;

static vx_status VX_CALLBACK slow_create(tivx_target_kernel_instance kernel, tivx_obj_desc_t *obj_desc[],
                                         uint16_t num_params, void *priv_arg)
{
    (void)kernel; (void)obj_desc; (void)num_params; (void)priv_arg;
    __atomic_add_fetch(&slow_creates, 1, __ATOMIC_SEQ_CST);
    return slow_run(NULL, NULL, 0);
}

static vx_status VX_CALLBACK quick_target(tivx_target_kernel_instance kernel, tivx_obj_desc_t *obj_desc[],
                                          uint16_t num_params, void *priv_arg)
{
    (void)kernel; (void)obj_desc; (void)num_params; (void)priv_arg;
    return VX_SUCCESS;
}

static void set_graph_timeout(vx_graph g, vx_uint32 ms)
{
    CHECK_OK(vxSetGraphAttribute(g, VX_GRAPH_TIMEOUT, &ms, sizeof ms));
}

/* 14. Timeouts as TIOVX names them: VX_GRAPH_TIMEOUT bounds vxWaitGraph and
 * vxGraphParameterDequeueDoneRef, TIVX_NODE_TIMEOUT a target node's create callback; what expires
 * returns VX_ERROR_TIMEOUT (a status of its own) and can be waited for again. (Control commands:
 * tests/c/targets.c.) */
static void timeouts(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs0 = context_references(ctx);
    CHECK(VX_ERROR_TIMEOUT == -25);                          /* TIOVX's value, a status of its own */
    vx_kernel slow = in_out_kernel(ctx, "letter.slow", slow_run, like_input, VX_TYPE_IMAGE);
    vx_image in = u8_image(ctx, 8, 8, 1), out = vxCreateImage(ctx, 8, 8, VX_DF_IMAGE_U8);

    /* a scheduled run */
    vx_graph g = vxCreateGraph(ctx);
    vx_node n = node_of_two(g, slow, in, out);
    vx_uint32 ms = 0;
    CHECK_OK(vxQueryGraph(g, VX_GRAPH_TIMEOUT, &ms, sizeof ms));
    CHECK(ms == VX_TIMEOUT_WAIT_FOREVER);
    CHECK_REFUSED(vxSetGraphAttribute(g, VX_GRAPH_TIMEOUT, &ms, sizeof ms - 1), VX_ERROR_INVALID_PARAMETERS);
    ms = 0;
    CHECK_REFUSED(vxSetGraphAttribute(g, VX_GRAPH_TIMEOUT, &ms, sizeof ms), VX_ERROR_INVALID_PARAMETERS);
    set_graph_timeout(g, 20);
    CHECK_OK(vxVerifyGraph(g));
    CHECK_OK(vxScheduleGraph(g));
    CHECK_REFUSED(vxWaitGraph(g), VX_ERROR_TIMEOUT);
    CHECK_REFUSED(vxScheduleGraph(g), VX_ERROR_GRAPH_SCHEDULED);   /* it still runs */
    set_graph_timeout(g, VX_TIMEOUT_WAIT_FOREVER);
    CHECK_OK(vxWaitGraph(g));
    CHECK_OK(vxReleaseNode(&n));
    CHECK_OK(vxReleaseGraph(&g));

    /* queued frames */
    g = vxCreateGraph(ctx);
    n = node_of_two(g, slow, in, out);
    vx_parameter p = vxGetParameterByIndex(n, 0);
    CHECK_OK(vxAddParameterToGraph(g, p));
    CHECK_OK(vxReleaseParameter(&p));
    vx_graph_parameter_queue_params_t q = {0, 1, (vx_reference *)&in};
    CHECK_OK(vxSetGraphScheduleConfig(g, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, 1, &q));
    CHECK_OK(vxVerifyGraph(g));
    set_graph_timeout(g, 20);
    CHECK_OK(vxGraphParameterEnqueueReadyRef(g, 0, (vx_reference *)&in, 1));
    vx_reference done = NULL;
    vx_uint32 num = 0;
    CHECK_OK(vxGraphParameterCheckDoneRef(g, 0, &num));  /* a worker takes the frame (a waiter would run it) */
    struct timespec settle = {0, 20000000L};
    nanosleep(&settle, NULL);
    CHECK_REFUSED(vxGraphParameterDequeueDoneRef(g, 0, &done, 1, &num), VX_ERROR_TIMEOUT);
    CHECK_REFUSED(vxWaitGraph(g), VX_ERROR_TIMEOUT);
    set_graph_timeout(g, 5000);
    CHECK_OK(vxGraphParameterDequeueDoneRef(g, 0, &done, 1, &num));
    CHECK(num == 1 && done == (vx_reference)in);
    CHECK_OK(vxWaitGraph(g));
    CHECK_OK(vxReleaseNode(&n));
    CHECK_OK(vxReleaseGraph(&g));

    /* a target node's create callback */
    vx_kernel tk_kernel = in_out_kernel(ctx, "letter.slow_create", NULL, like_input, VX_TYPE_IMAGE);
    vx_enum id;
    CHECK_OK(vxQueryKernel(tk_kernel, VX_KERNEL_ENUM, &id, sizeof id));
    CHECK_OK(tivxAddKernelTarget(tk_kernel, TIVX_TARGET_DSP2));
    tivx_target_kernel tk = tivxAddTargetKernel(id, TIVX_TARGET_DSP2, quick_target, slow_create, quick_target,
                                                NULL, NULL);
    g = vxCreateGraph(ctx);
    n = node_of_two(g, tk_kernel, in, out);
    CHECK_OK(vxQueryNode(n, TIVX_NODE_TIMEOUT, &ms, sizeof ms));
    CHECK(ms == VX_TIMEOUT_WAIT_FOREVER);
    ms = 0;
    CHECK_REFUSED(vxSetNodeAttribute(n, TIVX_NODE_TIMEOUT, &ms, sizeof ms), VX_ERROR_INVALID_PARAMETERS);
    ms = 20;
    CHECK_OK(vxSetNodeAttribute(n, TIVX_NODE_TIMEOUT, &ms, sizeof ms));
    CHECK_REFUSED_LAST(vxVerifyGraph(g), VX_ERROR_TIMEOUT);
    ms = VX_TIMEOUT_WAIT_FOREVER;
    CHECK_OK(vxSetNodeAttribute(n, TIVX_NODE_TIMEOUT, &ms, sizeof ms));
    CHECK_OK(vxVerifyGraph(g));                      /* the first create ended, then delete, then this one */
    CHECK(slow_creates == 2);
    CHECK_OK(vxProcessGraph(g));
    CHECK_OK(vxReleaseNode(&n));
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_OK(tivxRemoveTargetKernel(tk));

    CHECK_OK(vxRemoveKernel(tk_kernel));
    CHECK_OK(vxRemoveKernel(slow));
    CHECK_OK(vxReleaseImage(&in));
    CHECK_OK(vxReleaseImage(&out));
    CHECK(context_references(ctx) == refs0);
    CHECK_OK(vxReleaseContext(&ctx));
}

static const test_case CASES[] = {
    {"release_graph_releases_nodes", release_graph_releases_nodes},
    {"shared_memory_order", shared_memory_order},
    {"set_parameter_null", set_parameter_null},
    {"kernel_lookup_counts", kernel_lookup_counts},
    {"scope_at_verify", scope_at_verify},
    {"delay_parts_follow", delay_parts_follow},
    {"nested_context", nested_context},
    {"disable_events", disable_events},
    {"timeouts", timeouts},
};

int main(int argc, char **argv)
{
    return run_case(CASES, sizeof CASES / sizeof *CASES, argc, argv);
}
