/* Target kernels (seed 003) through the TIOVX-style library tests/c/tivx_demo, loaded with
 * vxLoadKernels(argv[1]): targets and their choice, the create/process/control/delete sequence on
 * the target threads, descriptors (fields and memory of every data object) read and written back,
 * failures, crashes, timed commands, concurrency. */
#define _POSIX_C_SOURCE 199309L
#include <string.h>
#include <time.h>
#include <TI/tivx.h>
#include "kernels.h"
#include "tivx_demo/tivx_demo.h"

static vx_node node_of(vx_graph graph, const char *kernel_name, vx_reference params[], vx_uint32 n)
{
    vx_kernel kernel = vxGetKernelByName(vxGetContext((vx_reference)graph), kernel_name);
    CHECK_REF(kernel);
    vx_node node = vxCreateGenericNode(graph, kernel);
    CHECK_REF(node);
    for (vx_uint32 i = 0; i < n; i++)
        CHECK_OK(vxSetParameterByIndex(node, i, params[i]));
    CHECK_OK(vxReleaseKernel(&kernel));
    return node;
}

static void target_of(vx_node node, const char *expected)
{
    char name[TIVX_TARGET_MAX_NAME];
    CHECK_OK(vxQueryNode(node, TIVX_NODE_TARGET_STRING, name, sizeof name));
    CHECK(strcmp(name, expected) == 0);
}

static void read_udo(vx_user_data_object udo, void *out, vx_size size)
{
    CHECK_OK(vxCopyUserDataObject(udo, 0, size, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
}

static vx_uint32 u32_of(vx_scalar s)
{
    vx_uint32 v = 0;
    CHECK_OK(vxCopyScalar(s, &v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    return v;
}

static vx_status command(vx_node node, vx_uint32 cmd, vx_reference arg, vx_uint32 timeout)
{
    return tivxNodeSendCommandTimed(node, 0, cmd, arg ? &arg : NULL, arg ? 1 : 0, timeout);
}

static double ms_since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) * 1e3 + (double)(t.tv_nsec - t0->tv_nsec) / 1e6;
}

/* add_const on its targets: choice, create in verify, process, control, failures, crash, delete. */
static void add_const(vx_context ctx)
{
    vx_uint8 five = 5, seven = 7;
    vx_uint32 zero = 0;
    tivx_demo_stats_t stats;
    vx_graph graph = vxCreateGraph(ctx);
    vx_image in = u8_image(ctx, 16, 8, 10), out = u8_image(ctx, 16, 8, 0);
    vx_scalar c = vxCreateScalar(ctx, VX_TYPE_UINT8, &five), count = vxCreateScalar(ctx, VX_TYPE_UINT32, &zero);
    memset(&stats, 0, sizeof stats);
    vx_user_data_object udo = vxCreateUserDataObject(ctx, "tivx_demo_stats_t", sizeof stats, &stats);
    vx_reference params[] = {(vx_reference)in, (vx_reference)c, (vx_reference)out, (vx_reference)udo,
                             (vx_reference)count};
    vx_node node = node_of(graph, TIVX_DEMO_ADD_CONST_NAME, params, 5);

    /* the first listed target, unless vxSetNodeTarget picks another listed one */
    target_of(node, TIVX_TARGET_DSP1);
    CHECK_REFUSED(vxSetNodeTarget(node, VX_TARGET_STRING, TIVX_TARGET_MPU_0), VX_ERROR_NOT_SUPPORTED);
    CHECK_REFUSED(vxSetNodeTarget(node, VX_TARGET_STRING, "NO-SUCH"), VX_ERROR_NOT_SUPPORTED);
    CHECK_OK(vxSetNodeTarget(node, VX_TARGET_STRING, TIVX_TARGET_DSP2));
    target_of(node, TIVX_TARGET_DSP2);
    vx_border_t border = {VX_BORDER_REPLICATE, {{0}}};
    CHECK_OK(vxSetNodeAttribute(node, VX_NODE_BORDER, &border, sizeof border));

    /* commands go to created instances only */
    CHECK_REFUSED(command(node, TIVX_DEMO_CMD_NORMAL, NULL, TIVX_EVENT_TIMEOUT_WAIT_FOREVER), VX_ERROR_NOT_SUPPORTED);

    /* create runs once, inside vxVerifyGraph, and what it writes reaches the host object */
    CHECK_OK(vxVerifyGraph(graph));
    read_udo(udo, &stats, sizeof stats);
    CHECK(stats.creates == 1 && stats.processes == 0 && stats.create_thread != 0);

    CHECK_OK(vxProcessGraph(graph));
    CHECK_OK(vxProcessGraph(graph));
    CHECK(u8_pixel(out, 0, 0) == 15 && u8_pixel(out, 15, 7) == 15);
    CHECK(u32_of(count) == 2);               /* the callback wrote the scalar descriptor */
    read_udo(udo, &stats, sizeof stats);
    CHECK(stats.creates == 1 && stats.processes == 2);
    CHECK(stats.process_thread == stats.create_thread);    /* DSP-2's thread */
    CHECK(stats.border_mode == VX_BORDER_REPLICATE && stats.state == VX_NODE_STATE_STEADY);
    CHECK(stats.replicated == vx_false_e && stats.context_ok == 1);

    /* a command is delivered in order on the target and seen by the next process */
    vx_scalar arg = vxCreateScalar(ctx, VX_TYPE_UINT8, &seven);
    CHECK_OK(tivxNodeSendCommand(node, 0, TIVX_DEMO_CMD_SET_CONST, (vx_reference *)&arg, 1));
    CHECK_OK(vxProcessGraph(graph));
    CHECK(u8_pixel(out, 3, 3) == 17);
    CHECK_REFUSED(command(node, 99, NULL, TIVX_EVENT_TIMEOUT_WAIT_FOREVER), VX_ERROR_NOT_SUPPORTED);
    CHECK_REFUSED(tivxNodeSendCommand(node, 3, TIVX_DEMO_CMD_NORMAL, NULL, 0), VX_ERROR_INVALID_PARAMETERS);

    /* a failing process fails the run and sets the node's status; the next run works */
    vx_status node_status = VX_SUCCESS;
    CHECK_OK(command(node, TIVX_DEMO_CMD_FAIL, NULL, TIVX_EVENT_TIMEOUT_WAIT_FOREVER));
    CHECK_STATUS(vxProcessGraph(graph), VX_FAILURE);
    CHECK_OK(vxQueryNode(node, VX_NODE_STATUS, &node_status, sizeof node_status));
    CHECK(node_status == VX_FAILURE);
    CHECK_OK(command(node, TIVX_DEMO_CMD_NORMAL, NULL, TIVX_EVENT_TIMEOUT_WAIT_FOREVER));
    CHECK_OK(vxProcessGraph(graph));
    CHECK_OK(vxQueryNode(node, VX_NODE_STATUS, &node_status, sizeof node_status));
    CHECK(node_status == VX_SUCCESS);

    /* a crashing process is reported (stderr), fails the run, and the target goes on */
    CHECK_OK(command(node, TIVX_DEMO_CMD_CRASH, NULL, TIVX_EVENT_TIMEOUT_WAIT_FOREVER));
    CHECK_STATUS(vxProcessGraph(graph), VX_FAILURE);
    CHECK_OK(vxQueryNode(node, VX_NODE_STATUS, &node_status, sizeof node_status));
    CHECK(node_status == VX_FAILURE);
    CHECK_OK(command(node, TIVX_DEMO_CMD_NORMAL, NULL, TIVX_EVENT_TIMEOUT_WAIT_FOREVER));
    fill_u8(in, 1);
    CHECK_OK(vxProcessGraph(graph));
    CHECK(u8_pixel(out, 0, 0) == 8);

    /* a command that blocks: the timed wait ends with a timeout; the queue then goes on in order */
    vx_uint32 ms = 200;
    vx_scalar sleep = vxCreateScalar(ctx, VX_TYPE_UINT32, &ms);
    CHECK_REFUSED(command(node, TIVX_DEMO_CMD_SLEEP, (vx_reference)sleep, 20), VX_ERROR_TIMEOUT);
    CHECK_OK(command(node, TIVX_DEMO_CMD_SET_CONST, (vx_reference)c, TIVX_EVENT_TIMEOUT_WAIT_FOREVER));
    CHECK_OK(vxProcessGraph(graph));
    CHECK(u8_pixel(out, 0, 0) == 6);
    read_udo(udo, &stats, sizeof stats);
    CHECK(stats.deletes == 0);

    /* delete runs at graph release */
    CHECK_OK(vxReleaseNode(&node));
    CHECK_OK(vxReleaseGraph(&graph));
    read_udo(udo, &stats, sizeof stats);
    CHECK(stats.creates == 1 && stats.deletes == 1);

    /* a failing create fails verification */
    vx_uint8 bad = TIVX_DEMO_BAD_CONST;
    CHECK_OK(vxCopyScalar(c, &bad, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    graph = vxCreateGraph(ctx);
    node = node_of(graph, TIVX_DEMO_ADD_CONST_NAME, params, 5);
    CHECK_REFUSED_LAST(vxVerifyGraph(graph), VX_ERROR_INVALID_VALUE);
    CHECK(vxIsGraphVerified(graph) == vx_false_e);
    bad = TIVX_DEMO_CRASH_CONST;             /* a crashing create: reported, and verification fails */
    CHECK_OK(vxCopyScalar(c, &bad, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_REFUSED_LAST(vxVerifyGraph(graph), VX_FAILURE);
    CHECK(vxIsGraphVerified(graph) == vx_false_e);
    CHECK_OK(vxCopyScalar(c, &five, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(vxVerifyGraph(graph));        /* and verifies once the create succeeds */
    CHECK_OK(vxProcessGraph(graph));
    CHECK(u8_pixel(out, 0, 0) == 6);
    CHECK_OK(vxReleaseNode(&node));
    CHECK_OK(vxReleaseGraph(&graph));

    vxReleaseScalar(&sleep);
    vxReleaseScalar(&arg);
    vxReleaseScalar(&c);
    vxReleaseScalar(&count);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseUserDataObject(&udo);
}

typedef struct {
    vx_scalar ms, id;
    vx_user_data_object span;
} sleeper;

/* A node of `kernel_name` with the sleep kernel's parameters, made for it. */
static vx_node sleep_node_of(vx_graph graph, const char *kernel_name, vx_user_data_object journal, sleeper *s,
                             vx_uint32 ms, vx_uint8 id)
{
    vx_context ctx = vxGetContext((vx_reference)graph);
    tivx_demo_span_t span = {0, 0, 0, vx_false_e};
    s->ms = vxCreateScalar(ctx, VX_TYPE_UINT32, &ms);
    s->id = vxCreateScalar(ctx, VX_TYPE_UINT8, &id);
    s->span = vxCreateUserDataObject(ctx, "tivx_demo_span_t", sizeof span, &span);
    vx_reference params[] = {(vx_reference)s->ms, (vx_reference)s->id, (vx_reference)journal, (vx_reference)s->span};
    return node_of(graph, kernel_name, params, 4);
}

static vx_node sleep_node(vx_graph graph, vx_user_data_object journal, sleeper *s, vx_uint32 ms, vx_uint8 id,
                          const char *target)
{
    vx_node node = sleep_node_of(graph, TIVX_DEMO_SLEEP_NAME, journal, s, ms, id);
    CHECK_OK(vxSetNodeTarget(node, VX_TARGET_STRING, target));
    return node;
}

static void release_sleeper(sleeper *s)
{
    vxReleaseScalar(&s->ms);
    vxReleaseScalar(&s->id);
    vxReleaseUserDataObject(&s->span);
}

static tivx_demo_span_t span_of(const sleeper *s)
{
    tivx_demo_span_t span;
    read_udo(s->span, &span, sizeof span);
    return span;
}

/* The seed's call sequence, and concurrency: different targets at once, one target in order. */
static void sequence_and_concurrency(vx_context ctx)
{
    tivx_demo_journal_t j;
    memset(&j, 0, sizeof j);
    vx_user_data_object journal = vxCreateUserDataObject(ctx, "tivx_demo_journal_t", sizeof j, &j);
    vx_graph graph = vxCreateGraph(ctx);
    sleeper s[3];
    vx_node nodes[3] = {sleep_node(graph, journal, &s[0], 30, 1, TIVX_TARGET_DSP1),
                        sleep_node(graph, journal, &s[1], 30, 2, TIVX_TARGET_DSP2),
                        sleep_node(graph, journal, &s[2], 30, 3, TIVX_TARGET_DSP1)};
    CHECK_OK(vxVerifyGraph(graph));
    read_udo(journal, &j, sizeof j);        /* create: each node once, one after the other, in order */
    CHECK(j.count == 3);
    for (vx_uint8 k = 0; k < 3; k++)
        CHECK(j.kind[k] == TIVX_DEMO_CREATE && j.node_id[k] == k + 1);
    CHECK_OK(vxProcessGraph(graph));
    tivx_demo_span_t a = span_of(&s[0]), b = span_of(&s[1]), c = span_of(&s[2]);
    CHECK(a.start_ns < b.end_ns && b.start_ns < a.end_ns);    /* DSP-1 and DSP-2 overlap */
    CHECK(a.end_ns <= c.start_ns);                            /* DSP-1: one at a time, in order */
    CHECK(a.thread == c.thread && a.thread != b.thread);
    read_udo(journal, &j, sizeof j);
    CHECK(j.count == 6);
    for (vx_uint8 k = 3; k < 6; k++)
        CHECK(j.kind[k] == TIVX_DEMO_PROCESS);
    for (int k = 0; k < 3; k++)
        CHECK_OK(vxReleaseNode(&nodes[k]));
    CHECK_OK(vxReleaseGraph(&graph));
    read_udo(journal, &j, sizeof j);        /* delete at graph release, each node once */
    CHECK(j.count == 9);
    int deleted[4] = {0, 0, 0, 0};
    for (vx_uint8 k = 6; k < 9; k++) {
        CHECK(j.kind[k] == TIVX_DEMO_DELETE);
        deleted[j.node_id[k]]++;
    }
    CHECK(deleted[1] == 1 && deleted[2] == 1 && deleted[3] == 1);
    for (int k = 0; k < 3; k++)
        release_sleeper(&s[k]);
    vxReleaseUserDataObject(&journal);
}

/* A node after a failing one on the same target is left out (its queue does not wait for the host);
 * the run fails with the failing node's status. */
static void downstream_of_failure(vx_context ctx)
{
    vx_uint8 five = 5, id = 9;
    vx_uint32 zero = 0;
    tivx_demo_stats_t stats;
    tivx_demo_journal_t j;
    tivx_demo_span_t span = {0, 0, 0, vx_false_e};
    memset(&stats, 0, sizeof stats);
    memset(&j, 0, sizeof j);
    vx_image in = u8_image(ctx, 4, 4, 1), out = u8_image(ctx, 4, 4, 0);
    vx_scalar c = vxCreateScalar(ctx, VX_TYPE_UINT8, &five), count = vxCreateScalar(ctx, VX_TYPE_UINT32, &zero);
    vx_scalar id_scalar = vxCreateScalar(ctx, VX_TYPE_UINT8, &id);
    vx_user_data_object udo = vxCreateUserDataObject(ctx, "tivx_demo_stats_t", sizeof stats, &stats);
    vx_user_data_object journal = vxCreateUserDataObject(ctx, "tivx_demo_journal_t", sizeof j, &j);
    vx_user_data_object span_udo = vxCreateUserDataObject(ctx, "tivx_demo_span_t", sizeof span, &span);
    vx_graph graph = vxCreateGraph(ctx);
    vx_reference p1[] = {(vx_reference)in, (vx_reference)c, (vx_reference)out, (vx_reference)udo, (vx_reference)count};
    vx_reference p2[] = {(vx_reference)count, (vx_reference)id_scalar, (vx_reference)journal, (vx_reference)span_udo};
    vx_node first = node_of(graph, TIVX_DEMO_ADD_CONST_NAME, p1, 5), then = node_of(graph, TIVX_DEMO_SLEEP_NAME, p2, 4);
    CHECK_OK(vxSetNodeTarget(first, VX_TARGET_STRING, TIVX_TARGET_DSP2));
    CHECK_OK(vxSetNodeTarget(then, VX_TARGET_STRING, TIVX_TARGET_DSP2));
    CHECK_OK(vxVerifyGraph(graph));
    CHECK_OK(vxProcessGraph(graph));
    read_udo(journal, &j, sizeof j);
    CHECK(j.count == 2 && j.kind[1] == TIVX_DEMO_PROCESS);    /* create, process */
    CHECK_OK(command(first, TIVX_DEMO_CMD_FAIL, NULL, TIVX_EVENT_TIMEOUT_WAIT_FOREVER));
    CHECK_STATUS(vxProcessGraph(graph), VX_FAILURE);
    read_udo(journal, &j, sizeof j);
    CHECK(j.count == 2);                                      /* the sleep node did not run */
    CHECK_OK(command(first, TIVX_DEMO_CMD_NORMAL, NULL, TIVX_EVENT_TIMEOUT_WAIT_FOREVER));
    CHECK_OK(vxProcessGraph(graph));
    read_udo(journal, &j, sizeof j);
    CHECK(j.count == 3 && j.kind[2] == TIVX_DEMO_PROCESS);
    CHECK_OK(vxReleaseNode(&first));
    CHECK_OK(vxReleaseNode(&then));
    CHECK_OK(vxReleaseGraph(&graph));
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseScalar(&c);
    vxReleaseScalar(&count);
    vxReleaseScalar(&id_scalar);
    vxReleaseUserDataObject(&udo);
    vxReleaseUserDataObject(&journal);
    vxReleaseUserDataObject(&span_udo);
}

/* A replicated node: one instance per replica, each created, processed and deleted on the target. */
static void replicated(vx_context ctx)
{
    vx_uint32 ms = 1;
    vx_uint8 id = 7;
    tivx_demo_span_t span = {0, 0, 0, vx_false_e};
    tivx_demo_journal_t j;
    memset(&j, 0, sizeof j);
    vx_scalar ms_exemplar = vxCreateScalar(ctx, VX_TYPE_UINT32, &ms), id_scalar = vxCreateScalar(ctx, VX_TYPE_UINT8, &id);
    vx_user_data_object span_exemplar = vxCreateUserDataObject(ctx, "tivx_demo_span_t", sizeof span, &span);
    vx_user_data_object journal = vxCreateUserDataObject(ctx, "tivx_demo_journal_t", sizeof j, &j);
    vx_object_array mss = vxCreateObjectArray(ctx, (vx_reference)ms_exemplar, 2);
    vx_object_array spans = vxCreateObjectArray(ctx, (vx_reference)span_exemplar, 2);
    vx_reference ms0 = vxGetObjectArrayItem(mss, 0), span0 = vxGetObjectArrayItem(spans, 0);
    vx_graph graph = vxCreateGraph(ctx);
    vx_reference params[] = {ms0, (vx_reference)id_scalar, (vx_reference)journal, span0};
    vx_node node = node_of(graph, TIVX_DEMO_SLEEP_NAME, params, 4);
    vx_bool flags[4] = {vx_true_e, vx_false_e, vx_false_e, vx_true_e};
    CHECK_OK(vxReplicateNode(graph, node, flags, 4));
    CHECK_OK(vxVerifyGraph(graph));
    read_udo(journal, &j, sizeof j);
    CHECK(j.count == 2 && j.kind[0] == TIVX_DEMO_CREATE && j.kind[1] == TIVX_DEMO_CREATE && j.node_id[1] == 7);
    CHECK_OK(vxProcessGraph(graph));
    for (vx_uint32 i = 0; i < 2; i++) {
        vx_user_data_object item = (vx_user_data_object)vxGetObjectArrayItem(spans, i);
        read_udo(item, &span, sizeof span);
        CHECK(span.end_ns > span.start_ns && span.replicated == vx_true_e);
        vxReleaseUserDataObject(&item);
    }
    read_udo(journal, &j, sizeof j);
    CHECK(j.count == 4 && j.kind[2] == TIVX_DEMO_PROCESS && j.kind[3] == TIVX_DEMO_PROCESS);
    CHECK_OK(vxReleaseNode(&node));
    CHECK_OK(vxReleaseGraph(&graph));
    read_udo(journal, &j, sizeof j);
    CHECK(j.count == 6 && j.kind[4] == TIVX_DEMO_DELETE && j.kind[5] == TIVX_DEMO_DELETE);
    vxReleaseReference(&ms0);
    vxReleaseReference(&span0);
    vxReleaseObjectArray(&mss);
    vxReleaseObjectArray(&spans);
    vxReleaseScalar(&ms_exemplar);
    vxReleaseScalar(&id_scalar);
    vxReleaseUserDataObject(&span_exemplar);
    vxReleaseUserDataObject(&journal);
}

/* Descriptors of containers, tensors and arrays, as a target kernel reads and writes them. */
static void descriptors(vx_context ctx)
{
    vx_pyramid pyr = vxCreatePyramid(ctx, 3, VX_SCALE_PYRAMID_HALF, 32, 16, VX_DF_IMAGE_U8);
    vx_image level1 = vxGetPyramidLevel(pyr, 1);
    fill_u8(level1, 9);
    vx_image exemplar = u8_image(ctx, 8, 4, 0);
    vx_object_array objarr = vxCreateObjectArray(ctx, (vx_reference)exemplar, 2);
    vx_image item1 = (vx_image)vxGetObjectArrayItem(objarr, 1);
    fill_u8(item1, 4);
    vx_size dims[2] = {3, 4};
    vx_tensor tensor = vxCreateTensor(ctx, 2, dims, VX_TYPE_INT16, 0);
    vx_int16 values[4][3];
    memset(values, 0, sizeof values);
    values[2][1] = 77;                       /* element [1][2]: dims[0] varies fastest */
    vx_size start[2] = {0, 0}, strides[2] = {sizeof(vx_int16), 3 * sizeof(vx_int16)};
    CHECK_OK(vxCopyTensorPatch(tensor, 2, start, dims, strides, values, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    vx_array array = vxCreateArray(ctx, VX_TYPE_UINT32, 10);
    tivx_demo_summary_t s;
    memset(&s, 0, sizeof s);
    vx_user_data_object summary = vxCreateUserDataObject(ctx, "tivx_demo_summary_t", sizeof s, &s);
    vx_graph graph = vxCreateGraph(ctx);
    vx_reference params[] = {(vx_reference)pyr, (vx_reference)objarr, (vx_reference)tensor, (vx_reference)array,
                             (vx_reference)summary};
    vx_node node = node_of(graph, TIVX_DEMO_DESCRIBE_NAME, params, 5);
    target_of(node, TIVX_TARGET_MPU_0);
    CHECK_OK(vxVerifyGraph(graph));
    CHECK_OK(vxProcessGraph(graph));
    read_udo(summary, &s, sizeof s);
    CHECK(s.levels == 3 && s.width == 32 && s.height == 16 && s.format == VX_DF_IMAGE_U8);
    CHECK(s.scale == VX_SCALE_PYRAMID_HALF && s.level_width[0] == 32 && s.level_width[1] == 16 && s.level_width[2] == 8);
    CHECK(s.level1_pixel == 9);
    CHECK(s.items == 2 && s.item_type == VX_TYPE_IMAGE && s.item0_width == 8 && s.item1_pixel == 4);
    CHECK(s.tensor_dims == 2 && s.tensor_dim[0] == 3 && s.tensor_dim[1] == 4 && s.tensor_type == VX_TYPE_INT16);
    CHECK(s.tensor_stride[0] == 2 && s.tensor_stride[1] == 6 && s.tensor_at_1_2 == 77);
    CHECK(s.array_capacity == 10 && s.array_item_size == sizeof(vx_uint32));
    vx_size num_items = 0;
    CHECK_OK(vxQueryArray(array, VX_ARRAY_NUMITEMS, &num_items, sizeof num_items));
    CHECK(num_items == 3);                   /* the count the kernel set */
    vx_uint32 got[3];
    CHECK_OK(vxCopyArrayRange(array, 0, 3, sizeof(vx_uint32), got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(got[0] == 11 && got[1] == 22 && got[2] == 33);
    CHECK_OK(vxReleaseNode(&node));
    CHECK_OK(vxReleaseGraph(&graph));
    vxReleaseImage(&level1);
    vxReleaseImage(&item1);
    vxReleaseImage(&exemplar);
    vxReleasePyramid(&pyr);
    vxReleaseObjectArray(&objarr);
    vxReleaseTensor(&tensor);
    vxReleaseArray(&array);
    vxReleaseUserDataObject(&summary);
}

/* Matrix, LUT, threshold, convolution, distribution and remap descriptors: their fields and memory are
 * the host object's, and what the target kernel writes reaches it. */
static void data_descriptors(vx_context ctx)
{
    vx_matrix matrix = vxCreateMatrix(ctx, VX_TYPE_INT32, 4, 3);
    vx_int32 m[3][4];
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 4; c++)
            m[r][c] = r * 10 + c;
    CHECK_OK(vxCopyMatrix(matrix, m, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    vx_coordinates2d_t origin;
    CHECK_OK(vxQueryMatrix(matrix, VX_MATRIX_ORIGIN, &origin, sizeof origin));
    vx_lut lut = vxCreateLUT(ctx, VX_TYPE_UINT8, 256);
    vx_uint8 table[256];
    for (int i = 0; i < 256; i++)
        table[i] = (vx_uint8)(i ^ 0x55);
    CHECK_OK(vxCopyLUT(lut, table, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    vx_threshold thr = vxCreateThresholdForImage(ctx, VX_THRESHOLD_TYPE_RANGE, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
    vx_pixel_value_t lower = {{0}}, upper = {{0}}, yes = {{0}}, no = {{0}};
    lower.U8 = 10, upper.U8 = 200, yes.U8 = 250, no.U8 = 5;
    CHECK_OK(vxCopyThresholdRange(thr, &lower, &upper, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(vxCopyThresholdOutput(thr, &yes, &no, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    vx_convolution conv = vxCreateConvolution(ctx, 3, 5);
    vx_int16 coeffs[5][3];
    for (int r = 0; r < 5; r++)
        for (int c = 0; c < 3; c++)
            coeffs[r][c] = (vx_int16)(r * 3 + c + 1);
    CHECK_OK(vxCopyConvolutionCoefficients(conv, coeffs, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    vx_uint32 scale = 8;
    CHECK_OK(vxSetConvolutionAttribute(conv, VX_CONVOLUTION_SCALE, &scale, sizeof scale));
    vx_distribution dist = vxCreateDistribution(ctx, 8, -16, 64);
    vx_int32 bins[8];
    for (int i = 0; i < 8; i++)
        bins[i] = i * 3;
    CHECK_OK(vxCopyDistribution(dist, bins, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    vx_remap remap = vxCreateRemap(ctx, 40, 30, 5, 4);
    vx_rectangle_t at_1_2 = {1, 2, 2, 3};
    vx_coordinates2df_t point = {7.0f, 8.5f};
    CHECK_OK(vxCopyRemapPatch(remap, &at_1_2, sizeof point, &point, VX_TYPE_COORDINATES2DF, VX_WRITE_ONLY,
                              VX_MEMORY_TYPE_HOST));
    tivx_demo_data_summary_t s;
    memset(&s, 0, sizeof s);
    vx_user_data_object summary = vxCreateUserDataObject(ctx, "tivx_demo_data_summary_t", sizeof s, &s);
    vx_graph graph = vxCreateGraph(ctx);
    vx_reference params[] = {(vx_reference)matrix, (vx_reference)lut, (vx_reference)thr, (vx_reference)conv,
                             (vx_reference)dist, (vx_reference)remap, (vx_reference)summary};
    static const vx_enum types[] = {TIVX_OBJ_DESC_MATRIX, TIVX_OBJ_DESC_LUT, TIVX_OBJ_DESC_THRESHOLD,
                                    TIVX_OBJ_DESC_CONVOLUTION, TIVX_OBJ_DESC_DISTRIBUTION, TIVX_OBJ_DESC_REMAP};
    vx_node node = node_of(graph, TIVX_DEMO_DATA_NAME, params, 7);
    target_of(node, TIVX_TARGET_DSP1);
    CHECK_OK(vxProcessGraph(graph));
    read_udo(summary, &s, sizeof s);
    for (int i = 0; i < 6; i++)
        CHECK(s.host_ref[i] == (vx_uint64)(uintptr_t)params[i] && s.type[i] == (vx_uint32)types[i]);
    CHECK(s.matrix_rows == 3 && s.matrix_columns == 4 && s.matrix_mem_size == sizeof m);
    CHECK(s.matrix_origin_x == origin.x && s.matrix_origin_y == origin.y && s.matrix_origin_x == 2);
    CHECK(s.matrix_pattern == VX_PATTERN_OTHER && s.matrix_data_type == VX_TYPE_INT32 && s.matrix_at_1_2 == 12);
    CHECK(s.lut_item_type == VX_TYPE_UINT8 && s.lut_item_size == 1 && s.lut_num_items == 256);
    CHECK(s.lut_mem_size == 256 && s.lut_at_7 == (7 ^ 0x55));
    CHECK(s.thresh_type == VX_THRESHOLD_TYPE_RANGE && s.thresh_data_type == VX_TYPE_UINT8);
    CHECK(s.thresh_lower == 10 && s.thresh_upper == 200 && s.thresh_true == 250 && s.thresh_false == 5);
    CHECK(s.conv_rows == 5 && s.conv_columns == 3 && s.conv_scale == 8 && s.conv_mem_size == sizeof coeffs);
    CHECK(s.conv_at_2_1 == 2 * 3 + 1 + 1);
    CHECK(s.dist_bins == 8 && s.dist_offset == -16 && s.dist_range == 64 && s.dist_win == 8);
    CHECK(s.dist_mem_size == sizeof bins && s.dist_at_3 == 9);
    CHECK(s.remap_src_width == 40 && s.remap_src_height == 30 && s.remap_dst_width == 5 && s.remap_dst_height == 4);
    CHECK(s.remap_mem_size == 5 * 4 * sizeof point && s.remap_x_at_1_2 == 7.0f && s.remap_y_at_1_2 == 8.5f);

    /* what the kernel wrote */
    CHECK_OK(vxCopyMatrix(matrix, m, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(m[1][2] == 112 && m[1][1] == 11);
    CHECK_OK(vxCopyLUT(lut, table, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(table[7] == 200 && table[8] == (8 ^ 0x55));
    CHECK_OK(vxCopyThresholdRange(thr, &lower, &upper, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(vxCopyThresholdOutput(thr, &yes, &no, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(lower.U8 == 11 && upper.U8 == 199 && yes.U8 == 77 && no.U8 == 5);
    CHECK_OK(vxCopyConvolutionCoefficients(conv, coeffs, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(coeffs[2][1] == -5 && coeffs[2][2] == 9);
    CHECK_OK(vxCopyDistribution(dist, bins, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(bins[3] == 1234 && bins[4] == 12);
    CHECK_OK(vxCopyRemapPatch(remap, &at_1_2, sizeof point, &point, VX_TYPE_COORDINATES2DF, VX_READ_ONLY,
                              VX_MEMORY_TYPE_HOST));
    CHECK(point.x == 3.5f && point.y == 4.25f);
    CHECK_OK(vxReleaseNode(&node));
    CHECK_OK(vxReleaseGraph(&graph));
    vxReleaseMatrix(&matrix);
    vxReleaseLUT(&lut);
    vxReleaseThreshold(&thr);
    vxReleaseConvolution(&conv);
    vxReleaseDistribution(&dist);
    vxReleaseRemap(&remap);
    vxReleaseUserDataObject(&summary);
}

static vx_status VX_CALLBACK increment(tivx_target_kernel_instance kernel, tivx_obj_desc_t *obj_desc[],
                                       uint16_t num_params, void *priv_arg)
{
    (void)kernel;
    (void)num_params;
    (void)priv_arg;
    ((tivx_obj_desc_scalar_t *)obj_desc[1])->data.u32 = ((tivx_obj_desc_scalar_t *)obj_desc[0])->data.u32 + 1;
    return VX_SUCCESS;
}

/* Nothing to set up (TIOVX requires a create callback). */
static vx_status VX_CALLBACK no_setup(tivx_target_kernel_instance kernel, tivx_obj_desc_t *obj_desc[], uint16_t num_params,
                                   void *priv_arg)
{
    (void)kernel; (void)obj_desc; (void)num_params; (void)priv_arg;
    return VX_SUCCESS;
}

/* Kernels that cannot run: no process function and no target (until the application registers one);
 * a target without a target kernel. */
static void refusals(vx_context ctx)
{
    vx_kernel k = in_out_kernel(ctx, "test.targets.nowhere", NULL, accept_all, VX_TYPE_SCALAR);
    vx_enum id;
    CHECK_OK(vxQueryKernel(k, VX_KERNEL_ENUM, &id, sizeof id));
    CHECK_REFUSED(tivxAddKernelTarget(k, "NO-SUCH"), VX_ERROR_INVALID_PARAMETERS);
    vx_uint32 v = 1;
    vx_scalar s = vxCreateScalar(ctx, VX_TYPE_UINT32, &v), s2 = vxCreateScalar(ctx, VX_TYPE_UINT32, &v);
    vx_graph graph = vxCreateGraph(ctx);
    vx_node node = node_of_two(graph, k, s, s2);
    CHECK_REFUSED_LAST(vxVerifyGraph(graph), VX_ERROR_NOT_SUPPORTED);
    target_of(node, TIVX_TARGET_HOST);

    /* the application registers a target kernel itself, by enum, on the HOST target */
    CHECK_OK(tivxAddKernelTarget(k, TIVX_TARGET_HOST));
    CHECK(tivxAddTargetKernel(id, TIVX_TARGET_HOST, NULL, no_setup, NULL, NULL, NULL) == NULL);   /* no process */
    CHECK(tivxAddTargetKernel(id, TIVX_TARGET_HOST, increment, NULL, NULL, NULL, NULL) == NULL);  /* no create */
    tivx_target_kernel tk = tivxAddTargetKernel(id, TIVX_TARGET_HOST, increment, no_setup, NULL, NULL, NULL);
    CHECK(tk != NULL);
    CHECK(tivxAddTargetKernel(id, TIVX_TARGET_HOST, increment, no_setup, NULL, NULL, NULL) == NULL);  /* twice */
    CHECK_OK(vxVerifyGraph(graph));
    CHECK_OK(vxProcessGraph(graph));
    CHECK(u32_of(s2) == 2);
    CHECK_OK(vxReleaseNode(&node));
    CHECK_OK(vxReleaseGraph(&graph));
    CHECK_OK(tivxRemoveTargetKernel(tk));
    CHECK_STATUS(tivxRemoveTargetKernel(tk), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxRemoveKernel(k));

    tivx_demo_journal_t j;
    memset(&j, 0, sizeof j);
    vx_user_data_object journal = vxCreateUserDataObject(ctx, "tivx_demo_journal_t", sizeof j, &j);
    graph = vxCreateGraph(ctx);
    sleeper sl;
    node = sleep_node_of(graph, TIVX_DEMO_ORPHAN_NAME, journal, &sl, 1, 1);
    target_of(node, TIVX_TARGET_DSP2);
    CHECK_REFUSED_LAST(vxVerifyGraph(graph), VX_ERROR_NOT_SUPPORTED);
    CHECK_OK(vxReleaseNode(&node));
    CHECK_OK(vxReleaseGraph(&graph));
    release_sleeper(&sl);
    vxReleaseScalar(&s);
    vxReleaseScalar(&s2);
    vxReleaseUserDataObject(&journal);
}

/* vxReleaseContext while a target is still busy (a command whose wait timed out) waits, then returns;
 * the module it closes takes the target kernels it registered along. */
static void release_while_busy(const char *module, vx_uint32 target_kernels)
{
    vx_context ctx = test_context();
    CHECK_OK(vxLoadKernels(ctx, module));
    vx_uint8 five = 5;
    vx_uint32 zero = 0, ms = 300;
    tivx_demo_stats_t stats;
    memset(&stats, 0, sizeof stats);
    vx_graph graph = vxCreateGraph(ctx);
    vx_reference params[] = {(vx_reference)u8_image(ctx, 4, 4, 1), (vx_reference)vxCreateScalar(ctx, VX_TYPE_UINT8, &five),
                             (vx_reference)u8_image(ctx, 4, 4, 0),
                             (vx_reference)vxCreateUserDataObject(ctx, "tivx_demo_stats_t", sizeof stats, &stats),
                             (vx_reference)vxCreateScalar(ctx, VX_TYPE_UINT32, &zero)};
    vx_node node = node_of(graph, TIVX_DEMO_ADD_CONST_NAME, params, 5);
    CHECK_OK(vxVerifyGraph(graph));
    vx_scalar sleep = vxCreateScalar(ctx, VX_TYPE_UINT32, &ms);
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    CHECK_REFUSED(command(node, TIVX_DEMO_CMD_SLEEP, (vx_reference)sleep, 10), VX_ERROR_TIMEOUT);
    /* the busy target holds nothing the host needs: the API answers meanwhile */
    vx_scalar other = vxCreateScalar(ctx, VX_TYPE_UINT32, &ms);
    CHECK_OK(vxReleaseScalar(&other));
    CHECK(ms_since(&t0) < 150.0);
    CHECK_OK(vxReleaseContext(&ctx));
    CHECK(ms_since(&t0) >= 250.0);          /* it waited for the command to end */
    vx_uint32 n = 0;
    CHECK_OK(tivxQueryNumTargetKernel(&n));
    CHECK(n == target_kernels);
}

static vx_status VX_CALLBACK publish_registered(vx_context ctx)
{
    vx_kernel k = in_out_kernel(ctx, "test.targets.registered", run_nothing, accept_all, VX_TYPE_SCALAR);
    return vxReleaseKernel(&k);
}

static vx_status VX_CALLBACK unpublish_registered(vx_context ctx)
{
    vx_kernel k = vxGetKernelByName(ctx, "test.targets.registered");
    return vxRemoveKernel(k);
}

/* tivxRegisterModule: a module every context can load by name; tivxGetSelfCpuId/tivxSetSelfCpuId. */
static void modules_and_cpus(vx_context ctx)
{
    CHECK_OK(tivxRegisterModule("test_registered", publish_registered, unpublish_registered));
    CHECK_STATUS(tivxRegisterModule("test_registered", publish_registered, unpublish_registered),
                 VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxLoadKernels(ctx, "test_registered"));
    vx_kernel k = vxGetKernelByName(ctx, "test.targets.registered");
    CHECK_REF(k);
    CHECK_OK(vxReleaseKernel(&k));
    CHECK_OK(vxUnloadKernels(ctx, "test_registered"));
    CHECK_OK(tivxUnRegisterModule("test_registered"));
    CHECK_STATUS(tivxUnRegisterModule("test_registered"), VX_FAILURE);
    CHECK_REFUSED(vxLoadKernels(ctx, "test_registered"), VX_ERROR_INVALID_MODULE);

    CHECK(tivxGetSelfCpuId() == TIVX_CPU_ID_MPU_0);
    tivxSetSelfCpuId(TIVX_CPU_ID_DSP1);
    CHECK(tivxGetSelfCpuId() == TIVX_CPU_ID_DSP1);
    tivxSetSelfCpuId(TIVX_CPU_ID_MPU_0);
}

int main(int argc, char **argv)
{
    CHECK(argc == 2);
    tivxInit();
    tivxHostInit();
    vx_context ctx = test_context();
    vx_uint32 refs0 = context_references(ctx);
    modules_and_cpus(ctx);
    vx_uint32 before = 0, after = 0;
    CHECK_OK(tivxQueryNumTargetKernel(&before));
    CHECK_OK(vxLoadKernels(ctx, argv[1]));
    vx_uint32 refs_loaded = context_references(ctx);      /* its kernels count until unloaded */
    CHECK_OK(tivxQueryNumTargetKernel(&after));
    CHECK(after == before + 7);
    add_const(ctx);
    sequence_and_concurrency(ctx);
    descriptors(ctx);
    data_descriptors(ctx);
    replicated(ctx);
    downstream_of_failure(ctx);
    refusals(ctx);
    CHECK(context_references(ctx) == refs_loaded);
    CHECK_OK(vxUnloadKernels(ctx, argv[1]));
    CHECK(context_references(ctx) == refs0);
    CHECK_OK(tivxQueryNumTargetKernel(&after));
    CHECK(after == before);
    CHECK_OK(vxReleaseContext(&ctx));
    release_while_busy(argv[1], before);
    tivxHostDeInit();
    tivxDeInit();
    puts("ok");
    return 0;
}
