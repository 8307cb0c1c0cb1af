/* TIOVX source compatibility (issue 23): the TIOVX-style library tests/c/tivx_compat (argv[1]),
 * loaded with vxLoadKernels, runs graphs on DSP1, DSP2 and MPU-0 with exact results: images through
 * two DSPs, a pyramid from a source to a sink, a streamed source -> intermediate -> sink pipeline,
 * control commands (NULL objects, timeouts), a failing delete callback, the Graphviz export into
 * argv[2]; then the TIOVX host helpers and OS layer (tasks, queues, events, debug zones), graph event
 * queues and the safe casts. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <TI/tivx.h>
#include <TI/tivx_queue.h>
#include <TI/tivx_task.h>
#include <VX/vx_khr_safe_casts.h>
#include "check.h"
#include "tivx_compat/tivx_compat_kernels.h"

#define W 64
#define H 48

static void on_target(vx_node node, const char *target)
{
    char name[TIVX_TARGET_MAX_NAME];
    CHECK_OK(vxSetNodeTarget(node, VX_TARGET_STRING, target));
    CHECK_OK(vxQueryNode(node, TIVX_NODE_TARGET_STRING, name, sizeof name));
    CHECK(strcmp(name, target) == 0);
}

static vx_image pattern(vx_context ctx)
{
    vx_image img = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_uint8 pixels[H][W];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            pixels[y][x] = (vx_uint8)(x * 7 + y * 13);
    vx_imagepatch_addressing_t addr = {W, H, 1, W, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 0};
    vx_rectangle_t all = {0, 0, W, H};
    CHECK_OK(vxCopyImagePatch(img, &all, 0, &addr, pixels, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    return img;
}

static void read_u8(vx_image img, vx_uint8 out[H][W])
{
    vx_imagepatch_addressing_t addr = {W, H, 1, W, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 0};
    vx_rectangle_t all = {0, 0, W, H};
    CHECK_OK(vxCopyImagePatch(img, &all, 0, &addr, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
}

/* not on DSP1 -> virtual -> not on DSP2 gives the input back; not on MPU-0 its complement. */
static void images(vx_context ctx, const char *dot_dir)
{
    vx_graph graph = vxCreateGraph(ctx);
    vx_image in = pattern(ctx), mid = vxCreateVirtualImage(graph, 0, 0, VX_DF_IMAGE_VIRT);
    vx_image out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8), out2 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_reference p1[] = {(vx_reference)in, (vx_reference)mid}, p2[] = {(vx_reference)mid, (vx_reference)out},
                 p3[] = {(vx_reference)in, (vx_reference)out2};
    vx_node n1 = tivxCreateNodeByKernelName(graph, TIVX_KERNEL_COMPAT_NOT_NAME, p1, dimof(p1));
    vx_node n2 = tivxCreateNodeByKernelName(graph, TIVX_KERNEL_COMPAT_NOT_NAME, p2, dimof(p2));
    vx_node n3 = tivxCreateNodeByKernelName(graph, TIVX_KERNEL_COMPAT_NOT_NAME, p3, dimof(p3));
    CHECK_REF(n1); CHECK_REF(n2); CHECK_REF(n3);
    on_target(n1, TIVX_TARGET_DSP1);
    on_target(n2, TIVX_TARGET_DSP2);
    on_target(n3, TIVX_TARGET_MPU_0);
    CHECK(tivxGraphGetNode(graph, 1) == n2);
    CHECK(tivxIsReferenceVirtual((vx_reference)mid) == vx_true_e && tivxIsReferenceVirtual((vx_reference)in) == vx_false_e);
    CHECK_OK(vxSetReferenceName((vx_reference)n1, "first_not"));
    CHECK_OK(vxVerifyGraph(graph));
    CHECK_OK(vxProcessGraph(graph));
    vx_uint8 a[H][W], b[H][W], c[H][W];
    read_u8(in, a), read_u8(out, b), read_u8(out2, c);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            CHECK(b[y][x] == a[y][x] && c[y][x] == 255 - a[y][x]);

    /* VX_PRINT in the kernel, once its zone is on; VX_PRINT_NODE by the node's own zones */
    CHECK(tivx_is_zone_enabled(VX_ZONE_INFO) == vx_false_e);
    tivx_set_debug_zone(VX_ZONE_INFO);
    CHECK_OK(vxProcessGraph(graph));
    tivx_clr_debug_zone(VX_ZONE_INFO);
    CHECK_OK(tivxSetNodeDebugZone(n1, VX_ZONE_INFO, vx_true_e));
    CHECK((tivxGetNodeDebugZonemask(n1) & (1u << VX_ZONE_INFO)) != 0);
    VX_PRINT_NODE(VX_ZONE_INFO, n1, "node zone on\n");
    CHECK_OK(vxProcessGraph(graph));         /* VX_PRINT_KERNEL prints for n1 only */
    VX_PRINT_NODE(VX_ZONE_INFO, n2, "node zone off\n");
    CHECK(strcmp(tivxGetNodeName(n1), "first_not") == 0);
    vx_uint32 timeout = 0;
    vx_bool timed_out = vx_true_e;
    CHECK_OK(vxQueryNode(n1, TIVX_NODE_TIMEOUT, &timeout, sizeof timeout));
    CHECK_OK(vxQueryNode(n1, TIVX_NODE_IS_TIMED_OUT, &timed_out, sizeof timed_out));
    CHECK(timeout == VX_TIMEOUT_WAIT_FOREVER && timed_out == vx_false_e);
    timeout = 100;                           /* bounds its create/delete on a target (graph_letter.c timeouts) */
    CHECK_OK(vxSetNodeAttribute(n1, TIVX_NODE_TIMEOUT, &timeout, sizeof timeout));
    CHECK_OK(vxQueryNode(n1, TIVX_NODE_TIMEOUT, &timeout, sizeof timeout));
    CHECK(timeout == 100);

    CHECK_OK(tivxExportGraphToDot(graph, dot_dir, "compat"));
    CHECK_REFUSED(tivxExportGraphToDot(graph, "/no/such/folder", "compat"), VX_ERROR_INVALID_PARAMETERS);
    vx_node nodes[] = {n1, n2, n3};
    for (vx_uint32 i = 0; i < dimof(nodes); i++)
        CHECK_OK(vxReleaseNode(&nodes[i]));
    CHECK_OK(vxReleaseGraph(&graph));
    vxReleaseImage(&in), vxReleaseImage(&mid), vxReleaseImage(&out), vxReleaseImage(&out2);
}

/* A pyramid written by a source on DSP2 and read by a sink on DSP1 through tivxGetObjDescElement. */
static void pyramids(vx_context ctx)
{
    vx_graph graph = vxCreateGraph(ctx);
    vx_pyramid pyr = vxCreatePyramid(ctx, 4, VX_SCALE_PYRAMID_HALF, 32, 32, VX_DF_IMAGE_U8);
    vx_reference p[] = {(vx_reference)pyr};
    vx_kernel k = vxGetKernelByName(ctx, TIVX_KERNEL_COMPAT_PYRAMID_SOURCE_NAME);
    vx_enum source_enum;
    CHECK_OK(vxQueryKernel(k, VX_KERNEL_ENUM, &source_enum, sizeof source_enum));
    vx_node src = tivxCreateNodeByKernelEnum(graph, source_enum, p, dimof(p));
    vx_node sink = tivxCreateNodeByKernelName(graph, TIVX_KERNEL_COMPAT_PYRAMID_SINK_NAME, p, dimof(p));
    CHECK_REF(src); CHECK_REF(sink);
    on_target(src, TIVX_TARGET_DSP2);
    on_target(sink, TIVX_TARGET_DSP1);
    CHECK_OK(vxProcessGraph(graph));

    vx_uint32 expected = 0, w = 32, h = 32;
    for (vx_uint32 l = 0; l < 4; l++, w /= 2, h /= 2)
        for (vx_uint32 y = 0; y < h; y++)
            for (vx_uint32 x = 0; x < w; x++)
                expected = expected * 31u + TIVX_COMPAT_PYRAMID_PIXEL(x, y, l);
    vx_uint32 zero = 0;
    vx_scalar sum = vxCreateScalar(ctx, VX_TYPE_UINT32, &zero);
    vx_reference cmd[] = {(vx_reference)sum};
    CHECK_OK(tivxNodeSendCommand(sink, 0, TIVX_COMPAT_PYRAMID_SINK_GET_SUM, cmd, dimof(cmd)));
    vx_uint32 got = 0;
    CHECK_OK(vxCopyScalar(sum, &got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(got == expected);

    vx_image level = vxGetPyramidLevel(pyr, 2);
    CHECK(tivxGetReferenceParent((vx_reference)level) == (vx_reference)pyr);
    CHECK(tivxGetReferenceParent((vx_reference)pyr) == NULL);
    vxReleaseImage(&level);
    vxReleaseNode(&src), vxReleaseNode(&sink), vxReleaseKernel(&k), vxReleaseScalar(&sum);
    CHECK_OK(vxReleaseGraph(&graph));
    vxReleasePyramid(&pyr);
}

static void stats_of(vx_node sink, vx_scalar frames, vx_scalar mismatches, vx_uint32 *f, vx_uint32 *m)
{
    vx_reference cmd[] = {(vx_reference)frames, (vx_reference)mismatches};
    CHECK_OK(tivxNodeSendCommand(sink, 0, TIVX_COMPAT_SINK_GET_STATS, cmd, dimof(cmd)));
    CHECK_OK(vxCopyScalar(frames, f, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(vxCopyScalar(mismatches, m, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
}

/* source (DSP1) -> intermediate (DSP2) -> sink (MPU-0), streamed at depth 3: every frame in order. */
static void streaming(vx_context ctx)
{
    vx_uint8 zero8 = 0;
    vx_uint32 zero = 0;
    vx_graph graph = vxCreateGraph(ctx);
    vx_scalar s1 = vxCreateScalar(ctx, VX_TYPE_UINT8, &zero8), s2 = vxCreateScalar(ctx, VX_TYPE_UINT8, &zero8);
    vx_scalar frames = vxCreateScalar(ctx, VX_TYPE_UINT32, &zero), mismatches = vxCreateScalar(ctx, VX_TYPE_UINT32, &zero);
    vx_reference ps[] = {(vx_reference)s1}, pi[] = {(vx_reference)s1, (vx_reference)s2}, pk[] = {(vx_reference)s2};
    vx_node src = tivxCreateNodeByKernelName(graph, TIVX_KERNEL_COMPAT_SCALAR_SOURCE_NAME, ps, dimof(ps));
    vx_node mid = tivxCreateNodeByKernelName(graph, TIVX_KERNEL_COMPAT_SCALAR_INTERMEDIATE_NAME, pi, dimof(pi));
    vx_node sink = tivxCreateNodeByKernelName(graph, TIVX_KERNEL_COMPAT_SCALAR_SINK_NAME, pk, dimof(pk));
    CHECK_REF(src); CHECK_REF(mid); CHECK_REF(sink);
    on_target(src, TIVX_TARGET_DSP1);
    on_target(mid, TIVX_TARGET_DSP2);
    on_target(sink, TIVX_TARGET_MPU_0);
    CHECK_OK(tivxSetGraphPipelineDepth(graph, 3));
    CHECK_REFUSED(tivxSetGraphPipelineDepth(graph, TIVX_GRAPH_MAX_PIPELINE_DEPTH + 1), VX_ERROR_INVALID_VALUE);
    CHECK_OK(tivxSetNodeParameterNumBufByIndex(src, 0, 3));
    CHECK_REFUSED(tivxSetNodeParameterNumBufByIndex(mid, 0, 3), VX_ERROR_INVALID_PARAMETERS);   /* an input */
    vx_uint32 bufs = 0;
    CHECK_OK(tivxGetNodeParameterNumBufByIndex(src, 0, &bufs));
    CHECK(bufs == 3);
    CHECK_OK(vxEnableGraphStreaming(graph, src));
    CHECK_OK(vxVerifyGraph(graph));
    vx_uint32 depth = 0;
    CHECK_OK(vxQueryGraph(graph, VX_GRAPH_PIPELINE_DEPTH, &depth, sizeof depth));
    CHECK(depth == 3);

    /* a NULL object reaches the control callback as NULL */
    vx_reference with_null[] = {NULL, (vx_reference)frames};
    CHECK_OK(tivxNodeSendCommand(sink, 0, TIVX_COMPAT_SINK_CHECK_NULL, with_null, dimof(with_null)));
    vx_reference no_null[] = {(vx_reference)mismatches, (vx_reference)frames};
    CHECK_REFUSED(tivxNodeSendCommand(sink, 0, TIVX_COMPAT_SINK_CHECK_NULL, no_null, dimof(no_null)), VX_FAILURE);

    CHECK_OK(vxStartGraphStreaming(graph));
    vx_uint32 f = 0, m = 0;
    uint64_t start = tivxPlatformGetTimeInUsecs();
    while (f < 20 && tivxPlatformGetTimeInUsecs() - start < 20000000u) {
        tivxTaskWaitMsecs(5);
        stats_of(sink, frames, mismatches, &f, &m);
    }
    CHECK_OK(vxStopGraphStreaming(graph));
    stats_of(sink, frames, mismatches, &f, &m);
    CHECK(f >= 20 && m == 0);
    vx_uint32 executions = 0;
    CHECK_OK(vxQueryGraph(graph, TIVX_GRAPH_STREAM_EXECUTIONS, &executions, sizeof executions));
    CHECK(executions == f);                   /* every frame the source started reached the sink */

    /* a command to the source changes the object it is given */
    vx_uint8 v = 41;
    CHECK_OK(vxCopyScalar(s1, &v, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    vx_reference inc[] = {(vx_reference)s1};
    CHECK_OK(tivxNodeSendCommand(src, 0, TIVX_COMPAT_SCALAR_SRC_INC, inc, dimof(inc)));
    CHECK_OK(vxCopyScalar(s1, &v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(v == 42);

    vxReleaseNode(&src), vxReleaseNode(&mid), vxReleaseNode(&sink);
    CHECK_OK(vxReleaseGraph(&graph));
    vxReleaseScalar(&s1), vxReleaseScalar(&s2), vxReleaseScalar(&frames), vxReleaseScalar(&mismatches);
}

/* A command that outlasts its timeout: VX_ERROR_TIMEOUT; a failing delete callback: vxReleaseGraph fails. */
static void timeouts_and_delete(vx_context ctx)
{
    vx_uint32 ms = 300;
    vx_graph graph = vxCreateGraph(ctx);
    vx_scalar s = vxCreateScalar(ctx, VX_TYPE_UINT32, &ms);
    vx_reference p[] = {(vx_reference)s};
    vx_node node = tivxCreateNodeByKernelName(graph, TIVX_KERNEL_COMPAT_CMD_TIMEOUT_NAME, p, dimof(p));
    CHECK_REF(node);
    on_target(node, TIVX_TARGET_DSP1);
    CHECK_OK(vxVerifyGraph(graph));
    vx_bool timed_out = vx_false_e;
    CHECK_REFUSED(tivxNodeSendCommandTimed(node, 0, TIVX_COMPAT_CMD_SLEEP, p, dimof(p), 10), VX_ERROR_TIMEOUT);
    CHECK_OK(vxQueryNode(node, TIVX_NODE_IS_TIMED_OUT, &timed_out, sizeof timed_out));
    CHECK(timed_out == vx_true_e);            /* the last command's outcome, as TIOVX */
    CHECK_OK(tivxNodeSendCommandTimed(node, 0, TIVX_COMPAT_CMD_FAIL_DELETE, NULL, 0, VX_TIMEOUT_WAIT_FOREVER));
    CHECK_OK(vxQueryNode(node, TIVX_NODE_IS_TIMED_OUT, &timed_out, sizeof timed_out));
    CHECK(timed_out == vx_false_e);
    CHECK_OK(vxReleaseNode(&node));
    CHECK_REFUSED(vxReleaseGraph(&graph), VX_FAILURE);
    CHECK(graph == NULL);
    vxReleaseScalar(&s);

    /* a node whose parameter is refused is not created */
    graph = vxCreateGraph(ctx);
    vx_image img = vxCreateImage(ctx, 8, 8, VX_DF_IMAGE_U8);
    vx_reference bad[] = {(vx_reference)img};
    CHECK_CREATE_REFUSED(tivxCreateNodeByKernelName(graph, TIVX_KERNEL_COMPAT_CMD_TIMEOUT_NAME, bad, dimof(bad)),
                         VX_ERROR_INVALID_TYPE);
    CHECK_CREATE_REFUSED(tivxCreateNodeByKernelName(graph, "no.such.kernel", NULL, 0), VX_ERROR_INVALID_PARAMETERS);
    vx_uint32 n = 1;
    CHECK_OK(vxQueryGraph(graph, VX_GRAPH_NUMNODES, &n, sizeof n));
    CHECK(n == 0);
    vxReleaseImage(&img);
    CHECK_OK(vxReleaseGraph(&graph));
}

/* Object arrays of given objects, objects made like an exemplar. */
static void references(vx_context ctx)
{
    vx_uint8 v[3] = {1, 2, 3};
    vx_reference list[3];
    for (int i = 0; i < 3; i++)
        list[i] = (vx_reference)vxCreateScalar(ctx, VX_TYPE_UINT8, &v[i]);
    vx_object_array arr = tivxCreateObjectArrayFromList(ctx, list, 3);
    CHECK_REF(arr);
    vx_reference item = vxGetObjectArrayItem(arr, 1);
    CHECK(item == list[1]);
    CHECK(tivxGetReferenceParent(list[1]) == (vx_reference)arr);
    vx_bool from_list = vx_false_e;
    CHECK_OK(vxQueryObjectArray(arr, TIVX_OBJECT_ARRAY_IS_FROM_LIST, &from_list, sizeof from_list));
    CHECK(from_list == vx_true_e);
    vxReleaseReference(&item);
    CHECK_CREATE_REFUSED(tivxCreateObjectArrayFromList(ctx, list, 2), VX_ERROR_INVALID_PARAMETERS);   /* taken */
    CHECK_OK(vxReleaseObjectArray(&arr));
    vx_uint8 back = 0;
    CHECK_OK(vxCopyScalar((vx_scalar)list[2], &back, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(back == 3);
    for (int i = 0; i < 3; i++)
        CHECK_OK(vxReleaseReference(&list[i]));

    /* memory exported by one object and imported by another: both see the same bytes */
    vx_uint8 bytes[16], seen[16];
    for (int i = 0; i < 16; i++)
        bytes[i] = (vx_uint8)(i * 5);
    vx_user_data_object a = vxCreateUserDataObject(ctx, "blob", 16, bytes), b = vxCreateUserDataObject(ctx, "blob", 16, NULL);
    void *addr[4];
    uint32_t size[4], n = 0;
    CHECK_OK(tivxReferenceExportHandle((vx_reference)a, addr, size, dimof(addr), &n));
    CHECK(n == 1 && size[0] == 16 && memcmp(addr[0], bytes, 16) == 0);
    CHECK_REFUSED(tivxReferenceImportHandle((vx_reference)b, (const void **)addr, size, 2), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(tivxReferenceImportHandle((vx_reference)b, (const void **)addr, size, n));
    CHECK_OK(vxCopyUserDataObject(b, 0, 16, seen, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(memcmp(seen, bytes, 16) == 0);
    vxReleaseUserDataObject(&b), vxReleaseUserDataObject(&a);

    vx_image img = vxCreateImage(ctx, 20, 10, VX_DF_IMAGE_U16);
    CHECK_OK(tivxReferenceExportHandle((vx_reference)img, addr, size, dimof(addr), &n));
    CHECK(n == 1 && size[0] >= 20 * 10 * 2 && addr[0] != NULL);
    CHECK_OK(tivxReferenceImportHandle((vx_reference)img, (const void **)addr, size, n));   /* (as TIOVX; tivx_style.c) */
    vx_uint16 pixels[10][20];
    memset(pixels, 0, sizeof pixels);
    vx_imagepatch_addressing_t layout = {20, 10, 2, 40, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 0};
    void *ptrs[] = {pixels};
    vx_image handled = vxCreateImageFromHandle(ctx, VX_DF_IMAGE_U16, &layout, ptrs, VX_MEMORY_TYPE_HOST);
    vx_uint16 *mine = addr[0];
    mine[0] = 1234;
    uint32_t handled_size[] = {0};
    uint32_t m = 0;
    void *handled_addr[1];
    CHECK_OK(tivxReferenceExportHandle((vx_reference)handled, handled_addr, handled_size, 1, &m));
    CHECK(m == 1 && handled_addr[0] == (void *)pixels && handled_size[0] == sizeof pixels);
    if (size[0] == sizeof pixels) {            /* same layout: the handle image now shows img's pixels */
        CHECK_OK(tivxReferenceImportHandle((vx_reference)handled, (const void **)addr, size, n));
        vx_uint16 first = 0;
        vx_rectangle_t one = {0, 0, 1, 1};
        vx_imagepatch_addressing_t a1 = {1, 1, 2, 2, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 0};
        CHECK_OK(vxCopyImagePatch(handled, &one, 0, &a1, &first, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK(first == 1234);
    }
    vxReleaseImage(&handled);
    vx_image like = (vx_image)tivxCreateReferenceFromExemplar(ctx, (vx_reference)img);
    CHECK_REF(like);
    vx_uint32 w = 0;
    vx_df_image f = 0;
    CHECK_OK(vxQueryImage(like, VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxQueryImage(like, VX_IMAGE_FORMAT, &f, sizeof f));
    CHECK(w == 20 && f == VX_DF_IMAGE_U16 && like != img);
    vxReleaseImage(&like), vxReleaseImage(&img);
}

/* A graph's own event queue beside the context's. */
static void graph_events(vx_context ctx)
{
    vx_graph graph = vxCreateGraph(ctx);
    vx_image in = pattern(ctx), out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_reference p[] = {(vx_reference)in, (vx_reference)out};
    vx_node node = tivxCreateNodeByKernelName(graph, TIVX_KERNEL_COMPAT_NOT_NAME, p, dimof(p));
    on_target(node, TIVX_TARGET_DSP2);
    CHECK_OK(vxRegisterGraphEvent((vx_reference)graph, VX_EVENT_GRAPH_COMPLETED, 0, 7));
    CHECK_OK(vxRegisterGraphEvent((vx_reference)node, VX_EVENT_NODE_COMPLETED, 0, 8));
    CHECK_OK(vxRegisterEvent((vx_reference)node, VX_EVENT_NODE_COMPLETED, 0, 9));
    CHECK_REFUSED(vxRegisterGraphEvent((vx_reference)in, VX_EVENT_NODE_COMPLETED, 0, 1), VX_ERROR_NOT_SUPPORTED);
    CHECK_OK(vxProcessGraph(graph));
    vx_event_t e;
    CHECK_OK(vxWaitGraphEvent(graph, &e, vx_true_e));
    CHECK(e.type == VX_EVENT_NODE_COMPLETED && e.app_value == 8 && e.event_info.node_completed.node == node);
    CHECK_OK(vxWaitGraphEvent(graph, &e, vx_true_e));
    CHECK(e.type == VX_EVENT_GRAPH_COMPLETED && e.app_value == 7 && e.event_info.graph_completed.graph == graph);
    CHECK_STATUS(vxWaitGraphEvent(graph, &e, vx_true_e), VX_FAILURE);
    CHECK_OK(vxWaitEvent(ctx, &e, vx_true_e));
    CHECK(e.type == VX_EVENT_NODE_COMPLETED && e.app_value == 9);
    CHECK_STATUS(vxWaitEvent(ctx, &e, vx_true_e), VX_FAILURE);

    CHECK_OK(vxDisableGraphEvents(graph));
    CHECK_OK(vxProcessGraph(graph));
    CHECK_OK(vxSendUserGraphEvent(graph, 5, NULL));
    CHECK_STATUS(vxWaitGraphEvent(graph, &e, vx_true_e), VX_FAILURE);
    CHECK_OK(vxEnableGraphEvents(graph));
    int marker;
    CHECK_OK(vxSendUserGraphEvent(graph, 5, &marker));
    CHECK_OK(vxWaitGraphEvent(graph, &e, vx_false_e));
    CHECK(e.type == VX_EVENT_USER && e.app_value == 5 && e.event_info.user_event.user_event_parameter == &marker);
    CHECK_OK(vxWaitEvent(ctx, &e, vx_true_e));          /* the context's registration still reports */
    CHECK(e.type == VX_EVENT_NODE_COMPLETED && e.app_value == 9);
    vxReleaseNode(&node);
    CHECK_OK(vxReleaseGraph(&graph));
    vxReleaseImage(&in), vxReleaseImage(&out);
}

/* vx_khr_safe_casts: checked casts keep the first failure in *status. */
static void safe_casts(vx_context ctx)
{
    vx_image img = vxCreateImage(ctx, 4, 4, VX_DF_IMAGE_U8);
    vx_reference ref = vxCastRefFromImage(img);
    CHECK(ref == (vx_reference)img);
    vx_status status = VX_SUCCESS;
    CHECK(vxCastRefAsImage(ref, &status) == img && status == VX_SUCCESS);
    vx_uint32 count = ref_count(img);
    vx_image again = vxGetRefAsImage(&ref, &status);
    CHECK(again == img && status == VX_SUCCESS && ref_count(img) == count + 1);
    CHECK_OK(vxReleaseImage(&again));
    vx_scalar wrong = vxCastRefAsScalar(ref, &status);
    CHECK(status == VX_ERROR_INVALID_TYPE && vxGetStatus((vx_reference)wrong) == VX_ERROR_INVALID_TYPE);
    CHECK(vxCastRefAsArray(NULL, &status) == NULL && status == VX_ERROR_INVALID_TYPE);   /* the first failure stays */
    status = VX_SUCCESS;
    CHECK(vxCastRefAsArray(NULL, &status) == NULL && status == VX_ERROR_INVALID_REFERENCE);
    vx_reference from = vxGetRefFromImage(&img);
    CHECK(from == (vx_reference)img && ref_count(img) == count + 1);
    CHECK_OK(vxReleaseReference(&from));
    vx_image imgs[2] = {img, img};
    CHECK(vxCastRefFromImageP(imgs) == (vx_reference *)imgs && vxCastRefFromImageConstP(imgs) == (const vx_reference *)imgs);
    CHECK(vxCastRefFromContext(ctx) == (vx_reference)ctx);
    CHECK(vxGetStatus(vxCastRefFromScalar((vx_scalar)img)) == VX_ERROR_INVALID_REFERENCE);   /* not a scalar */
    vxReleaseImage(&img);
}

/* Tasks, queues and events. */
typedef struct {
    tivx_queue queue;
    tivx_event done;
} producer_t;

static void VX_CALLBACK produce(void *arg)
{
    producer_t *p = arg;
    for (uintptr_t i = 1; i <= 10; i++)
        tivxQueuePut(&p->queue, i, VX_TIMEOUT_WAIT_FOREVER);
    tivxEventPost(p->done);
}

static void os_layer(void)
{
    producer_t p;
    uintptr_t memory[4], value = 0;
    CHECK_OK(tivxQueueCreate(&p.queue, dimof(memory), memory, TIVX_QUEUE_FLAG_BLOCK_ON_GET | TIVX_QUEUE_FLAG_BLOCK_ON_PUT));
    CHECK(tivxQueueIsEmpty(&p.queue) == vx_true_e);
    CHECK_STATUS(tivxQueuePeek(&p.queue, &value), VX_FAILURE);
    CHECK_OK(tivxEventCreate(&p.done));
    CHECK_STATUS(tivxEventWait(p.done, TIVX_EVENT_TIMEOUT_NO_WAIT), VX_ERROR_TIMEOUT);
    tivx_task task;
    tivx_task_create_params_t params;
    tivxTaskSetDefaultCreateParams(&params);
    params.task_main = produce;
    params.app_var = &p;
    strncpy(params.task_name, "producer", TIVX_MAX_TASK_NAME - 1);
    CHECK_OK(tivxTaskCreate(&task, &params));
    for (uintptr_t i = 1; i <= 10; i++) {
        CHECK_OK(tivxQueueGet(&p.queue, &value, VX_TIMEOUT_WAIT_FOREVER));
        CHECK(value == i);
    }
    CHECK_OK(tivxEventWait(p.done, VX_TIMEOUT_WAIT_FOREVER));
    CHECK_STATUS(tivxQueueGet(&p.queue, &value, 5), VX_FAILURE);      /* empty: after 5 ms */
    CHECK_OK(tivxTaskDelete(&task));
    CHECK_OK(tivxEventDelete(&p.done));
    CHECK_OK(tivxQueueDelete(&p.queue));

    uint64_t t0 = tivxPlatformGetTimeInUsecs();
    tivxTaskWaitMsecs(3);
    CHECK(tivxPlatformGetTimeInUsecs() - t0 >= 3000);
    CHECK(strcmp(tivx_find_zone_name(VX_ZONE_WARNING), "VX_ZONE_WARNING") == 0);
}

int main(int argc, char **argv)
{
    CHECK(argc == 3);
    vx_context ctx = test_context();
    vx_uint32 refs0 = context_references(ctx);
    CHECK_OK(vxLoadKernels(ctx, argv[1]));
    images(ctx, argv[2]);
    pyramids(ctx);
    streaming(ctx);
    timeouts_and_delete(ctx);
    references(ctx);
    graph_events(ctx);
    safe_casts(ctx);
    os_layer();
    CHECK_OK(vxUnloadKernels(ctx, argv[1]));
    CHECK(context_references(ctx) == refs0);
    CHECK_OK(vxReleaseContext(&ctx));
    printf("ok\n");
    return 0;
}
