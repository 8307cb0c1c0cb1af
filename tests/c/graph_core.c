/* Graph manager from C with opaque data tokens (parameters of type VX_TYPE_REFERENCE): order by
 * dependency, cycles, single writer, required parameters, validator and kernel failures, node
 * callbacks, performance, local data (seed 000), re-verification, async, graph parameters, two
 * threads, node attributes and removal; reference counts return to their start. */
#include "check.h"
#include <pthread.h>
#include <string.h>
#include <VX/vx_khr_pipelining.h>

static int order[64], ran;
static int inits, deinits, validations;
static vx_status fail_with = VX_SUCCESS;     /* what the "step" kernel returns */
static vx_status refuse_with = VX_SUCCESS;   /* what its validator returns */

/* step: in -> out, records its node's tag (local data holds it: kernel-declared 16 bytes) */
static vx_status VX_CALLBACK step(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)p; (void)n;
    int *tag = NULL;
    vx_size size = 0;
    CHECK_OK(vxQueryNode(node, VX_NODE_LOCAL_DATA_PTR, &tag, sizeof tag));
    CHECK_OK(vxQueryNode(node, VX_NODE_LOCAL_DATA_SIZE, &size, sizeof size));
    CHECK(tag != NULL && size == 16);
    if (ran < 64)
        order[ran] = *tag;
    ran++;
    return fail_with;
}

static vx_status VX_CALLBACK step_validate(vx_node node, const vx_reference p[], vx_uint32 n, vx_meta_format m[])
{
    (void)p;
    validations++;
    vx_size size = 0;
    void *ptr = NULL;
    /* seed 000: the local data attributes are set before the validator runs */
    CHECK_OK(vxQueryNode(node, VX_NODE_LOCAL_DATA_SIZE, &size, sizeof size));
    CHECK_OK(vxQueryNode(node, VX_NODE_LOCAL_DATA_PTR, &ptr, sizeof ptr));
    CHECK(size == 16 && ptr != NULL);
    CHECK(n == 2 && m[0] == NULL && m[1] != NULL);
    return refuse_with;
}

static vx_status VX_CALLBACK step_init(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)p; (void)n;
    inits++;
    vx_size size = 99;
    /* the kernel declared its local data size: the initializer may not change it */
    CHECK(vxSetNodeAttribute(node, VX_NODE_LOCAL_DATA_SIZE, &size, sizeof size) == VX_ERROR_NOT_SUPPORTED);
    int *tag = NULL;
    CHECK_OK(vxQueryNode(node, VX_NODE_LOCAL_DATA_PTR, &tag, sizeof tag));
    vx_char *name = NULL;
    CHECK_OK(vxQueryReference((vx_reference)node, VX_REFERENCE_NAME, &name, sizeof name));
    *tag = name[0] ? name[0] - '0' : -1;
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK step_deinit(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)p; (void)n;
    deinits++;
    void *ptr = NULL;
    vx_size size = 0;
    /* the kernel declared its size and the implementation set the pointer: the deinitializer may
     * change neither */
    CHECK(vxSetNodeAttribute(node, VX_NODE_LOCAL_DATA_PTR, &ptr, sizeof ptr) == VX_ERROR_NOT_SUPPORTED);
    CHECK(vxSetNodeAttribute(node, VX_NODE_LOCAL_DATA_SIZE, &size, sizeof size) == VX_ERROR_NOT_SUPPORTED);
    return VX_SUCCESS;
}

/* asks: no declared size; its initializer asks for 32 bytes and leaves the pointer to us */
static vx_status VX_CALLBACK asks(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)p; (void)n;
    unsigned char *buf = NULL;
    vx_size size = 0;
    CHECK_OK(vxQueryNode(node, VX_NODE_LOCAL_DATA_PTR, &buf, sizeof buf));
    CHECK_OK(vxQueryNode(node, VX_NODE_LOCAL_DATA_SIZE, &size, sizeof size));
    CHECK(buf != NULL && size == 32);
    memset(buf, 7, size);
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK asks_validate(vx_node node, const vx_reference p[], vx_uint32 n, vx_meta_format m[])
{
    (void)p; (void)n; (void)m;
    vx_size size = 1;
    void *ptr = (void *)1;
    CHECK_OK(vxQueryNode(node, VX_NODE_LOCAL_DATA_SIZE, &size, sizeof size));
    CHECK_OK(vxQueryNode(node, VX_NODE_LOCAL_DATA_PTR, &ptr, sizeof ptr));
    CHECK(size == 0 && ptr == NULL);
    /* only the initializer may set it */
    CHECK(vxSetNodeAttribute(node, VX_NODE_LOCAL_DATA_SIZE, &size, sizeof size) == VX_ERROR_NOT_SUPPORTED);
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK asks_init(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)p; (void)n;
    vx_size size = 32;
    return vxSetNodeAttribute(node, VX_NODE_LOCAL_DATA_SIZE, &size, sizeof size);
}

/* owns: its initializer gives its own buffer (size and pointer); its deinitializer frees it and
 * may clear the pointer, which the implementation did not set */
static void *owned;
static vx_status VX_CALLBACK owns(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)p; (void)n;
    void *ptr = NULL;
    vx_size size = 0;
    CHECK_OK(vxQueryNode(node, VX_NODE_LOCAL_DATA_PTR, &ptr, sizeof ptr));
    CHECK_OK(vxQueryNode(node, VX_NODE_LOCAL_DATA_SIZE, &size, sizeof size));
    CHECK(ptr == owned && size == 8);
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK owns_init(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)p; (void)n;
    vx_size size = 8;
    owned = malloc(size);
    CHECK_OK(vxSetNodeAttribute(node, VX_NODE_LOCAL_DATA_SIZE, &size, sizeof size));
    return vxSetNodeAttribute(node, VX_NODE_LOCAL_DATA_PTR, &owned, sizeof owned);
}

static vx_status VX_CALLBACK owns_deinit(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)p; (void)n;
    void *ptr = NULL;
    CHECK_OK(vxQueryNode(node, VX_NODE_LOCAL_DATA_PTR, &ptr, sizeof ptr));
    CHECK(ptr == owned);
    free(ptr);
    ptr = NULL;
    owned = NULL;
    vx_size size = 0;
    CHECK_OK(vxSetNodeAttribute(node, VX_NODE_LOCAL_DATA_SIZE, &size, sizeof size));
    return vxSetNodeAttribute(node, VX_NODE_LOCAL_DATA_PTR, &ptr, sizeof ptr);
}

static int callbacks;
static vx_action VX_CALLBACK cont(vx_node node)
{
    (void)node;
    callbacks++;
    return VX_ACTION_CONTINUE;
}

static vx_action VX_CALLBACK stop(vx_node node)
{
    (void)node;
    callbacks++;
    return VX_ACTION_ABANDON;
}

static vx_kernel add_kernel(vx_context ctx, const char *name, vx_kernel_f fn, vx_kernel_validate_f val,
                            vx_kernel_initialize_f init, vx_kernel_deinitialize_f deinit, vx_size local)
{
    vx_enum id;
    CHECK_OK(vxAllocateUserKernelId(ctx, &id));
    vx_kernel k = vxAddUserKernel(ctx, name, id, fn, 2, val, init, deinit);
    CHECK_REF(k);
    CHECK_OK(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_REFERENCE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(k, 1, VX_OUTPUT, VX_TYPE_REFERENCE, VX_PARAMETER_STATE_REQUIRED));
    if (local)
        CHECK_OK(vxSetKernelAttribute(k, VX_KERNEL_LOCAL_DATA_SIZE, &local, sizeof local));
    CHECK_OK(vxFinalizeKernel(k));
    return k;
}

static vx_node node_of(vx_graph g, vx_kernel k, vx_reference in, vx_reference out, const char *name)
{
    vx_node n = vxCreateGenericNode(g, k);
    CHECK_REF(n);
    CHECK_OK(vxSetParameterByIndex(n, 0, in));
    CHECK_OK(vxSetParameterByIndex(n, 1, out));
    vxSetReferenceName((vx_reference)n, name);
    return n;
}

static void *run_graph(void *arg)
{
    for (int i = 0; i < 50; i++)
        if (vxProcessGraph((vx_graph)arg) != VX_SUCCESS)
            return arg;
    return NULL;
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs0 = context_references(ctx);
    vx_kernel k = add_kernel(ctx, "test.step", step, step_validate, step_init, step_deinit, 16);
    vx_kernel ka = add_kernel(ctx, "test.asks", asks, asks_validate, asks_init, NULL, 0);
    vx_kernel ko = add_kernel(ctx, "test.owns", owns, asks_validate, owns_init, owns_deinit, 0);
    /* opaque data tokens */
    vx_reference t[6];
    for (int i = 0; i < 6; i++)
        t[i] = (vx_reference)vxCreateGraph(ctx);

    /* nodes created against the data order: 3 reads what 2 writes, 2 reads what 1 writes */
    vx_graph g = vxCreateGraph(ctx);
    vx_node n3 = node_of(g, k, t[2], t[3], "3");
    vx_node n2 = node_of(g, k, t[1], t[2], "2");
    vx_node n1 = node_of(g, k, t[0], t[1], "1");
    vx_node na = node_of(g, ka, t[3], t[4], "a");
    vx_node no = node_of(g, ko, t[4], t[5], "o");
    CHECK(vxIsGraphVerified(g) == vx_false_e);
    vx_enum state;
    CHECK_OK(vxQueryGraph(g, VX_GRAPH_STATE, &state, sizeof state));
    CHECK(state == VX_GRAPH_STATE_UNVERIFIED);
    CHECK_OK(vxVerifyGraph(g));
    CHECK(vxIsGraphVerified(g) == vx_true_e && inits == 3 && validations == 3);
    CHECK_OK(vxQueryGraph(g, VX_GRAPH_STATE, &state, sizeof state));
    CHECK(state == VX_GRAPH_STATE_VERIFIED);
    CHECK_OK(vxProcessGraph(g));
    CHECK(ran == 3 && order[0] == 1 && order[1] == 2 && order[2] == 3);
    CHECK_OK(vxQueryGraph(g, VX_GRAPH_STATE, &state, sizeof state));
    CHECK(state == VX_GRAPH_STATE_COMPLETED);
    vx_uint32 numnodes = 0;
    CHECK_OK(vxQueryGraph(g, VX_GRAPH_NUMNODES, &numnodes, sizeof numnodes));
    CHECK(numnodes == 5);
    CHECK_REFUSED(vxSetGraphAttribute(g, VX_GRAPH_NUMNODES, &numnodes, sizeof numnodes), VX_ERROR_NOT_SUPPORTED);
    CHECK_REFUSED(vxQueryGraph(g, VX_GRAPH_NUMNODES, &numnodes, 2), VX_ERROR_INVALID_PARAMETERS);

    /* performance: only with the directive */
    vx_perf_t perf;
    CHECK_OK(vxQueryNode(n1, VX_NODE_PERFORMANCE, &perf, sizeof perf));
    CHECK(perf.num == 0);
    CHECK_OK(vxDirective((vx_reference)ctx, VX_DIRECTIVE_ENABLE_PERFORMANCE));
    CHECK_OK(vxProcessGraph(g));
    CHECK_OK(vxProcessGraph(g));
    CHECK_OK(vxQueryNode(n1, VX_NODE_PERFORMANCE, &perf, sizeof perf));
    CHECK(perf.num == 2 && perf.sum >= perf.min && perf.max >= perf.min && perf.avg == perf.sum / 2);
    CHECK_OK(vxQueryGraph(g, VX_GRAPH_PERFORMANCE, &perf, sizeof perf));
    CHECK(perf.num == 2 && perf.sum > 0);
    CHECK_OK(vxDirective((vx_reference)ctx, VX_DIRECTIVE_DISABLE_PERFORMANCE));

    /* node attributes */
    vx_status nstatus = -1;
    vx_uint32 nparams = 0;
    vx_bool replicated = vx_true_e, reset = vx_true_e;
    vx_border_t border;
    vx_enum nstate = 0;
    vx_bool flags[2];
    CHECK_OK(vxQueryNode(n1, VX_NODE_STATUS, &nstatus, sizeof nstatus));
    CHECK_OK(vxQueryNode(n1, VX_NODE_PARAMETERS, &nparams, sizeof nparams));
    CHECK_OK(vxQueryNode(n1, VX_NODE_IS_REPLICATED, &replicated, sizeof replicated));
    CHECK_OK(vxQueryNode(n1, VX_NODE_VALID_RECT_RESET, &reset, sizeof reset));
    CHECK_OK(vxQueryNode(n1, VX_NODE_BORDER, &border, sizeof border));
    CHECK_OK(vxQueryNode(n1, VX_NODE_STATE, &nstate, sizeof nstate));
    CHECK_OK(vxQueryNode(n1, VX_NODE_REPLICATE_FLAGS, flags, sizeof flags));
    CHECK(nstatus == VX_SUCCESS && nparams == 2 && replicated == vx_false_e && reset == vx_false_e &&
          border.mode == VX_BORDER_UNDEFINED && nstate == VX_NODE_STATE_STEADY && flags[0] == vx_false_e);
    CHECK_REFUSED(vxQueryNode(n1, VX_NODE_STATUS, &nstatus, 2), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxQueryNode(n1, VX_GRAPH_STATE, &nstatus, sizeof nstatus), VX_ERROR_NOT_SUPPORTED);
    CHECK_REFUSED(vxSetNodeAttribute(n1, VX_NODE_STATUS, &nstatus, sizeof nstatus), VX_ERROR_NOT_SUPPORTED);
    vx_size size = 8;
    CHECK_REFUSED(vxSetNodeAttribute(n1, VX_NODE_LOCAL_DATA_SIZE, &size, sizeof size), VX_ERROR_NOT_SUPPORTED);
    CHECK_OK(vxSetNodeTarget(n1, VX_TARGET_ANY, NULL));
    CHECK_OK(vxSetNodeTarget(n1, VX_TARGET_STRING, "aNy"));
    CHECK_REFUSED(vxSetNodeTarget(n1, VX_TARGET_STRING, "dsp"), VX_ERROR_NOT_SUPPORTED);
    CHECK_REFUSED(vxSetNodeTarget(n1, VX_TARGET_VENDOR_BEGIN, NULL), VX_ERROR_NOT_SUPPORTED);

    /* re-verification: a border change deinitializes, validates and initializes again */
    int deinits0 = deinits, inits0 = inits;
    border.mode = VX_BORDER_REPLICATE;
    CHECK_OK(vxSetNodeAttribute(n2, VX_NODE_BORDER, &border, sizeof border));
    CHECK(vxIsGraphVerified(g) == vx_false_e);
    ran = 0;
    CHECK_OK(vxProcessGraph(g));                        /* re-verifies automatically */
    CHECK(deinits == deinits0 + 3 && inits == inits0 + 3 && ran == 3 && order[2] == 3);
    CHECK(vxIsGraphVerified(g) == vx_true_e);
    border.mode = 0x1234;
    CHECK_REFUSED(vxSetNodeAttribute(n2, VX_NODE_BORDER, &border, sizeof border), VX_ERROR_INVALID_VALUE);

    /* callbacks */
    CHECK(vxRetrieveNodeCallback(n1) == NULL);
    CHECK_OK(vxAssignNodeCallback(n1, cont));
    CHECK(vxRetrieveNodeCallback(n1) == cont);
    CHECK_REFUSED(vxAssignNodeCallback(n1, stop), VX_ERROR_NOT_SUPPORTED);
    ran = 0;
    CHECK_OK(vxProcessGraph(g));
    CHECK(callbacks == 1 && ran == 3);
    CHECK_OK(vxAssignNodeCallback(n1, NULL));
    CHECK_OK(vxAssignNodeCallback(n1, stop));
    ran = 0;
    CHECK_STATUS(vxProcessGraph(g), VX_ERROR_GRAPH_ABANDONED);
    CHECK(callbacks == 2 && ran == 1);
    CHECK_OK(vxQueryGraph(g, VX_GRAPH_STATE, &state, sizeof state));
    CHECK(state == VX_GRAPH_STATE_ABANDONED);
    CHECK_OK(vxAssignNodeCallback(n1, NULL));

    /* a failing kernel stops the graph with its status, reported by node and graph */
    fail_with = VX_ERROR_NO_MEMORY;
    ran = 0;
    CHECK_STATUS(vxProcessGraph(g), VX_ERROR_NO_MEMORY);
    CHECK(ran == 1);
    CHECK_OK(vxQueryNode(n1, VX_NODE_STATUS, &nstatus, sizeof nstatus));
    CHECK(nstatus == VX_ERROR_NO_MEMORY);
    CHECK_OK(vxQueryGraph(g, VX_GRAPH_ATTRIBUTE_STATUS, &nstatus, sizeof nstatus));
    CHECK(nstatus == VX_ERROR_NO_MEMORY);
    CHECK_OK(vxQueryGraph(g, VX_GRAPH_STATE, &state, sizeof state));
    CHECK(state == VX_GRAPH_STATE_ABANDONED);
    fail_with = VX_SUCCESS;
    CHECK_OK(vxProcessGraph(g));

    /* async */
    ran = 0;
    CHECK_OK(vxScheduleGraph(g));
    CHECK_STATUS(vxScheduleGraph(g), VX_ERROR_GRAPH_SCHEDULED);
    CHECK_OK(vxWaitGraph(g));
    CHECK(ran == 3);
    CHECK_REFUSED(vxWaitGraph(g), VX_FAILURE);
    fail_with = VX_ERROR_INVALID_VALUE;
    CHECK_OK(vxScheduleGraph(g));
    CHECK_STATUS(vxWaitGraph(g), VX_ERROR_INVALID_VALUE);
    fail_with = VX_SUCCESS;

    /* graph parameters */
    vx_parameter p = vxGetParameterByIndex(n1, 0);
    CHECK_REF(p);
    CHECK_OK(vxAddParameterToGraph(g, p));
    CHECK_OK(vxReleaseParameter(&p));
    vx_uint32 gparams = 0;
    CHECK_OK(vxQueryGraph(g, VX_GRAPH_NUMPARAMETERS, &gparams, sizeof gparams));
    CHECK(gparams == 1);
    CHECK_OK(vxSetGraphParameterByIndex(g, 0, t[5]));
    CHECK_REFUSED(vxSetGraphParameterByIndex(g, 1, t[5]), VX_ERROR_INVALID_VALUE);
    p = vxGetGraphParameterByIndex(g, 0);
    CHECK_REF(p);
    vx_reference got = NULL;
    CHECK_OK(vxQueryParameter(p, VX_PARAMETER_REF, &got, sizeof got));
    CHECK(got == t[5]);
    CHECK_OK(vxReleaseReference(&got));
    CHECK_OK(vxSetParameterByReference(p, t[0]));
    CHECK_OK(vxReleaseParameter(&p));
    CHECK(vxGetStatus((vx_reference)vxGetGraphParameterByIndex(g, 3)) == VX_ERROR_INVALID_VALUE);
    CHECK_OK(vxProcessGraph(g));

    /* two graphs in two threads at once */
    vx_graph g2 = vxCreateGraph(ctx);
    vx_node m = node_of(g2, k, t[0], t[5], "5");
    CHECK_OK(vxVerifyGraph(g2));
    pthread_t th1, th2;
    void *r1, *r2;
    pthread_create(&th1, NULL, run_graph, g);
    pthread_create(&th2, NULL, run_graph, g2);
    pthread_join(th1, &r1);
    pthread_join(th2, &r2);
    CHECK(r1 == NULL && r2 == NULL);
    CHECK_OK(vxReleaseNode(&m));
    CHECK_OK(vxReleaseGraph(&g2));

    /* removal: the deinitializer of the removed node runs */
    CHECK(owned != NULL);
    CHECK_OK(vxRemoveNode(&no));
    CHECK(owned == NULL);
    CHECK_OK(vxRemoveNode(&na));
    CHECK(na == NULL && vxIsGraphVerified(g) == vx_false_e);
    CHECK_OK(vxQueryGraph(g, VX_GRAPH_NUMNODES, &numnodes, sizeof numnodes));
    CHECK(numnodes == 3);
    CHECK_OK(vxVerifyGraph(g));

    /* refusals: the graph stays unverified and the log says why */
    vx_node bad = node_of(g, k, t[3], t[1], "x");            /* writes t[1] too */
    CHECK_REFUSED_LAST(vxVerifyGraph(g), VX_ERROR_MULTIPLE_WRITERS);
    CHECK(vxIsGraphVerified(g) == vx_false_e);
    CHECK_OK(vxSetParameterByIndex(bad, 1, t[0]));            /* t0 -> 1 -> 2 -> 3 -> t0: a cycle */
    CHECK_REFUSED(vxVerifyGraph(g), VX_ERROR_INVALID_GRAPH);
    CHECK_REFUSED(vxProcessGraph(g), VX_ERROR_INVALID_GRAPH);
    CHECK_OK(vxSetParameterByIndex(bad, 1, t[5]));
    CHECK_OK(vxVerifyGraph(g));
    refuse_with = VX_ERROR_INVALID_FORMAT;
    CHECK_REFUSED_LAST(vxVerifyGraph(g), VX_ERROR_INVALID_FORMAT);
    CHECK(vxIsGraphVerified(g) == vx_false_e);
    refuse_with = VX_SUCCESS;
    CHECK_OK(vxRemoveNode(&bad));
    vx_node empty = vxCreateGenericNode(g, k);                /* required parameters not set */
    CHECK_REFUSED(vxVerifyGraph(g), VX_ERROR_NOT_SUFFICIENT);
    CHECK_REFUSED(vxSetParameterByIndex(empty, 2, t[0]), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxRemoveNode(&empty));
    vx_graph empty_graph = vxCreateGraph(ctx);
    CHECK_REFUSED(vxVerifyGraph(empty_graph), VX_ERROR_INVALID_GRAPH);
    CHECK_OK(vxReleaseGraph(&empty_graph));

    /* releasing the graph deinitializes its nodes */
    CHECK_OK(vxVerifyGraph(g));
    deinits0 = deinits;
    CHECK_OK(vxReleaseNode(&n1));
    CHECK_OK(vxReleaseNode(&n2));
    CHECK_OK(vxReleaseNode(&n3));
    CHECK(deinits == deinits0);
    CHECK_OK(vxReleaseGraph(&g));
    CHECK(deinits == deinits0 + 3);
    for (int i = 0; i < 6; i++)
        CHECK_OK(vxReleaseReference(&t[i]));
    CHECK_OK(vxRemoveKernel(k));
    CHECK_OK(vxRemoveKernel(ka));
    CHECK_OK(vxRemoveKernel(ko));
    CHECK(context_references(ctx) == refs0);
    CHECK_OK(vxReleaseContext(&ctx));
    printf("ok\n");
    return 0;
}
