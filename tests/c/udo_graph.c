/* User data objects in graphs (seed 002 with seed 000): kernel parameters of type
 * VX_TYPE_USER_DATA_OBJECT, graph parameters swapped between runs, validators describing their
 * outputs by attribute and from a reference, virtual objects given their name and size by the
 * validator, refusals of outputs that differ from the validator's demand, delays of user data
 * objects aged by the graph, object arrays of them with a replicated node; counts return.
 *
 * The kernels are defined here: "inc" adds a step (1, or an optional int32 scalar) to every
 * vx_int32 of its input object and writes the result into its output object. Its validator
 * accepts only objects whose type name is a registered user struct (seed 002, 1.2). */
#include "udo_check.h"

typedef struct { vx_int32 value, count, pad[2]; } acc_t;     /* 16 bytes: registered as "acc_t" */

static vx_reference last_ref;
static char last_text[VX_MAX_LOG_MESSAGE_LEN];

static void VX_CALLBACK keep_log(vx_context c, vx_reference r, vx_status s, const vx_char text[])
{
    count_log(c, r, s, text);
    last_ref = r;
    snprintf(last_text, sizeof last_text, "%s", text);
}

/* the validators' ways to describe output 1 */
enum { BY_ATTRIBUTE, FROM_REFERENCE, NOTHING };
static int meta_mode = BY_ATTRIBUTE;
static int validations, runs;

static vx_status describe_output(vx_meta_format meta, vx_user_data_object in, const char *name, vx_size size)
{
    vx_char long_name[80];
    switch (meta_mode) {
    case BY_ATTRIBUTE: {
        /* a name that does not fit is refused, not cut short */
        memset(long_name, 'x', sizeof long_name - 1);
        long_name[sizeof long_name - 1] = '\0';
        CHECK_STATUS(vxSetMetaFormatAttribute(meta, VX_USER_DATA_OBJECT_NAME, long_name, sizeof long_name),
                     VX_ERROR_INVALID_PARAMETERS);
        vx_char exact[VX_MAX_REFERENCE_NAME];
        snprintf(exact, sizeof exact, "%s", name);
        CHECK_OK(vxSetMetaFormatAttribute(meta, VX_USER_DATA_OBJECT_NAME, exact, sizeof exact));
        CHECK_STATUS(vxSetMetaFormatAttribute(meta, VX_USER_DATA_OBJECT_SIZE, &size, sizeof(vx_uint32)),
                     VX_ERROR_INVALID_PARAMETERS);
        CHECK_OK(vxSetMetaFormatAttribute(meta, VX_USER_DATA_OBJECT_SIZE, &size, sizeof size));
        /* a user data object's meta format takes no image attribute */
        vx_uint32 width = 4;
        CHECK_STATUS(vxSetMetaFormatAttribute(meta, VX_IMAGE_WIDTH, &width, sizeof width), VX_ERROR_INVALID_TYPE);
        break;
    }
    case FROM_REFERENCE:
        CHECK_OK(vxSetMetaFormatFromReference(meta, (vx_reference)in));
        break;
    default:
        return VX_SUCCESS;
    }
    vx_char got_name[VX_MAX_REFERENCE_NAME] = "";
    vx_size got_size = 0;
    CHECK_OK(vxQueryMetaFormatAttribute(meta, VX_USER_DATA_OBJECT_NAME, got_name, sizeof got_name));
    CHECK_OK(vxQueryMetaFormatAttribute(meta, VX_USER_DATA_OBJECT_SIZE, &got_size, sizeof got_size));
    CHECK(strcmp(got_name, name) == 0 && got_size == size);
    vx_char tiny[2];
    CHECK_STATUS(vxQueryMetaFormatAttribute(meta, VX_USER_DATA_OBJECT_NAME, tiny, sizeof tiny),
                 VX_ERROR_INVALID_PARAMETERS);
    vx_uint32 width = 0;
    CHECK_STATUS(vxQueryMetaFormatAttribute(meta, VX_IMAGE_WIDTH, &width, sizeof width), VX_ERROR_INVALID_TYPE);
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK inc_validate(vx_node node, const vx_reference p[], vx_uint32 n, vx_meta_format m[])
{
    CHECK(n == 3);
    validations++;
    vx_user_data_object in = (vx_user_data_object)p[0];
    vx_char name[VX_MAX_REFERENCE_NAME];
    vx_size size = 0;
    vx_enum type = VX_TYPE_INVALID;
    CHECK_OK(vxQueryUserDataObject(in, VX_USER_DATA_OBJECT_NAME, name, sizeof name));
    CHECK_OK(vxQueryUserDataObject(in, VX_USER_DATA_OBJECT_SIZE, &size, sizeof size));
    if (vxGetUserStructEnumByName(vxGetContext((vx_reference)node), name, &type) != VX_SUCCESS)
        return VX_ERROR_INVALID_TYPE;
    if (size % sizeof(vx_int32) != 0)
        return VX_ERROR_INVALID_DIMENSION;
    return describe_output(m[1], in, name, size);
}

static vx_status VX_CALLBACK inc(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node;
    (void)n;
    vx_user_data_object in = (vx_user_data_object)p[0], out = (vx_user_data_object)p[1];
    vx_int32 step = 1;
    vx_size size = 0, out_size = 0;
    vx_map_id in_id, out_id;
    vx_int32 *src = NULL, *dst = NULL;
    runs++;
    if (p[2] != NULL && vxCopyScalar((vx_scalar)p[2], &step, VX_READ_ONLY, VX_MEMORY_TYPE_HOST) != VX_SUCCESS)
        return VX_FAILURE;
    vx_status s = vxQueryUserDataObject(in, VX_USER_DATA_OBJECT_SIZE, &size, sizeof size);
    s |= vxQueryUserDataObject(out, VX_USER_DATA_OBJECT_SIZE, &out_size, sizeof out_size);
    if (s != VX_SUCCESS || size != out_size)
        return VX_ERROR_INVALID_DIMENSION;
    s = vxMapUserDataObject(in, 0, 0, &in_id, (void **)&src, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0);
    if (s != VX_SUCCESS)
        return s;
    s = vxMapUserDataObject(out, 0, 0, &out_id, (void **)&dst, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0);
    if (s == VX_SUCCESS) {
        for (vx_size k = 0; k < size / sizeof(vx_int32); k++)
            dst[k] = src[k] + step;
        s = vxUnmapUserDataObject(out, out_id);
    }
    vxUnmapUserDataObject(in, in_id);
    return s;
}

static vx_kernel add_inc_kernel(vx_context ctx)
{
    vx_enum id;
    CHECK_OK(vxAllocateUserKernelId(ctx, &id));
    vx_kernel k = vxAddUserKernel(ctx, "test.udo.inc", id, inc, 3, inc_validate, NULL, NULL);
    CHECK_REF(k);
    CHECK_OK(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_USER_DATA_OBJECT, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(k, 1, VX_OUTPUT, VX_TYPE_USER_DATA_OBJECT, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(k, 2, VX_INPUT, VX_TYPE_SCALAR, VX_PARAMETER_STATE_OPTIONAL));
    CHECK_OK(vxFinalizeKernel(k));
    vx_parameter kp = vxGetKernelParameterByIndex(k, 1);
    vx_enum type = 0, dir = 0;
    CHECK_OK(vxQueryParameter(kp, VX_PARAMETER_TYPE, &type, sizeof type));
    CHECK_OK(vxQueryParameter(kp, VX_PARAMETER_DIRECTION, &dir, sizeof dir));
    CHECK(type == VX_TYPE_USER_DATA_OBJECT && dir == VX_OUTPUT);
    CHECK_OK(vxReleaseParameter(&kp));
    return k;
}

static vx_node inc_node(vx_graph g, vx_kernel k, vx_user_data_object in, vx_user_data_object out)
{
    vx_node n = vxCreateGenericNode(g, k);
    CHECK_REF(n);
    CHECK_OK(vxSetParameterByIndex(n, 0, (vx_reference)in));
    CHECK_OK(vxSetParameterByIndex(n, 1, (vx_reference)out));
    return n;
}

static vx_user_data_object acc(vx_context ctx, const char *name, vx_size size, vx_int32 first)
{
    vx_int32 init[64] = {first};
    CHECK(size <= sizeof init);
    for (vx_size k = 1; k < size / sizeof(vx_int32); k++)
        init[k] = first + (vx_int32)k;
    vx_user_data_object u = vxCreateUserDataObject(ctx, name, size, init);
    CHECK_REF(u);
    return u;
}

static vx_int32 first_value(vx_user_data_object u)
{
    vx_int32 v = 0;
    CHECK_OK(vxCopyUserDataObject(u, 0, sizeof v, &v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    return v;
}

static vx_int32 value_at(vx_user_data_object u, vx_size index)
{
    vx_int32 v = 0;
    CHECK_OK(vxCopyUserDataObject(u, index * sizeof v, sizeof v, &v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    return v;
}

static void check_type(vx_user_data_object u, const char *name, vx_size size)
{
    vx_char got[VX_MAX_REFERENCE_NAME];
    CHECK_OK(vxQueryUserDataObject(u, VX_USER_DATA_OBJECT_NAME, got, sizeof got));
    CHECK(strcmp(got, name) == 0);
    CHECK(udo_size(u) == size);
}

/* a -> inc (by attribute) -> virtual -> inc (from reference, step 5) -> b; the virtual object
 * gets name and size from the first validator, is the graph's alone, and carries the data */
static void virtual_edge(vx_context ctx, vx_kernel k)
{
    vx_user_data_object a = acc(ctx, "acc_t", sizeof(acc_t), 10);
    vx_user_data_object b = acc(ctx, "acc_t", sizeof(acc_t), 0);
    vx_int32 five = 5;
    vx_scalar step = vxCreateScalar(ctx, VX_TYPE_INT32, &five);
    vx_graph g = vxCreateGraph(ctx);
    vx_user_data_object v = vxCreateVirtualUserDataObject(g, NULL, 0);
    CHECK_REF(v);
    check_type(v, "", 0);
    vx_node n2 = inc_node(g, k, v, b);
    CHECK_OK(vxSetParameterByIndex(n2, 2, (vx_reference)step));
    vx_node n1 = inc_node(g, k, a, v);

    /* a virtual object of another graph is refused by verification */
    vx_graph other = vxCreateGraph(ctx);
    vx_user_data_object foreign = vxCreateVirtualUserDataObject(other, "acc_t", sizeof(acc_t));
    CHECK_REF(foreign);
    CHECK_OK(vxSetParameterByIndex(n2, 0, (vx_reference)foreign));
    CHECK_REFUSED(vxVerifyGraph(g), VX_ERROR_INVALID_SCOPE);
    CHECK_OK(vxSetParameterByIndex(n2, 0, (vx_reference)v));
    /* so is an object of another type */
    CHECK_REFUSED(vxSetParameterByIndex(n2, 0, (vx_reference)step), VX_ERROR_INVALID_TYPE);
    CHECK_OK(vxReleaseUserDataObject(&foreign));
    CHECK_OK(vxReleaseGraph(&other));

    /* the application lets go of the virtual object: the graph holds it */
    vx_user_data_object v_handle = v;
    CHECK_OK(vxReleaseUserDataObject(&v));
    meta_mode = BY_ATTRIBUTE;        /* n1 runs first; n2 checks its input and describes from it */
    CHECK_OK(vxVerifyGraph(g));
    meta_mode = FROM_REFERENCE;
    CHECK_OK(vxVerifyGraph(g));
    runs = 0;
    CHECK_OK(vxProcessGraph(g));
    CHECK(runs == 2);
    for (vx_size i = 0; i < 4; i++)
        CHECK(value_at(b, i) == 10 + (vx_int32)i + 1 + 5);
    CHECK(value_at(a, 0) == 10);

    /* a virtual object is not the application's: query only */
    vx_parameter p = vxGetParameterByIndex(n1, 1);
    vx_user_data_object got = NULL;
    CHECK_OK(vxQueryParameter(p, VX_PARAMETER_REF, &got, sizeof got));
    CHECK(got == v_handle);
    check_type(got, "acc_t", sizeof(acc_t));
    vx_int32 buf[4] = {-1, -1, -1, -1};
    vx_map_id id = 99;
    void *ptr = NULL;
    CHECK_REFUSED(vxCopyUserDataObject(got, 0, 0, buf, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_OPTIMIZED_AWAY);
    CHECK(last_ref == (vx_reference)got && strstr(last_text, "outside its graph") != NULL);
    CHECK_REFUSED(vxCopyUserDataObject(got, 0, 0, buf, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_OPTIMIZED_AWAY);
    CHECK_REFUSED(vxMapUserDataObject(got, 0, 0, &id, &ptr, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0),
                  VX_ERROR_OPTIMIZED_AWAY);
    CHECK(buf[0] == -1 && id == 99 && ptr == NULL);
    CHECK_OK(vxReleaseUserDataObject(&got));
    CHECK_OK(vxReleaseParameter(&p));
    CHECK_OK(vxProcessGraph(g));               /* the refusals changed nothing the graph needs */
    CHECK(value_at(b, 0) == 16);

    /* a validator that says nothing about a virtual output of open size: refused */
    meta_mode = NOTHING;
    vx_user_data_object open = vxCreateVirtualUserDataObject(g, "acc_t", 0);
    CHECK_OK(vxSetParameterByIndex(n1, 1, (vx_reference)open));
    CHECK_OK(vxSetParameterByIndex(n2, 0, (vx_reference)open));
    CHECK_REFUSED_LAST(vxVerifyGraph(g), VX_ERROR_INVALID_DIMENSION);
    CHECK(last_ref == (vx_reference)n1 && vxIsGraphVerified(g) == vx_false_e);
    /* a virtual object whose own name or size contradicts the validator */
    meta_mode = BY_ATTRIBUTE;
    vx_user_data_object wrong_name = vxCreateVirtualUserDataObject(g, "other_t", sizeof(acc_t));
    vx_user_data_object wrong_size = vxCreateVirtualUserDataObject(g, "acc_t", 2 * sizeof(acc_t));
    CHECK_OK(vxSetParameterByIndex(n1, 1, (vx_reference)wrong_name));
    CHECK_OK(vxSetParameterByIndex(n2, 0, (vx_reference)wrong_name));
    CHECK_REFUSED_LAST(vxVerifyGraph(g), VX_ERROR_INVALID_TYPE);
    check_type(wrong_name, "other_t", sizeof(acc_t));
    CHECK_OK(vxSetParameterByIndex(n1, 1, (vx_reference)wrong_size));
    CHECK_OK(vxSetParameterByIndex(n2, 0, (vx_reference)wrong_size));
    CHECK_REFUSED_LAST(vxVerifyGraph(g), VX_ERROR_INVALID_DIMENSION);
    check_type(wrong_size, "acc_t", 2 * sizeof(acc_t));
    /* the open one, described this time */
    CHECK_OK(vxSetParameterByIndex(n1, 1, (vx_reference)open));
    CHECK_OK(vxSetParameterByIndex(n2, 0, (vx_reference)open));
    CHECK_OK(vxProcessGraph(g));
    check_type(open, "acc_t", sizeof(acc_t));
    CHECK(value_at(b, 3) == 13 + 1 + 5);

    vx_user_data_object objs[] = {a, b, open, wrong_name, wrong_size};
    for (unsigned i = 0; i < sizeof objs / sizeof *objs; i++)
        CHECK_OK(vxReleaseUserDataObject(&objs[i]));
    CHECK_OK(vxReleaseNode(&n1));
    CHECK_OK(vxReleaseNode(&n2));
    CHECK_OK(vxReleaseScalar(&step));
    CHECK_OK(vxReleaseGraph(&g));
}

/* non-virtual outputs must be what the validator demands; the refusal names node and parameter */
static void refused_outputs(vx_context ctx, vx_kernel k)
{
    vx_user_data_object in = acc(ctx, "acc_t", sizeof(acc_t), 1);
    vx_user_data_object big = acc(ctx, "acc_t", 2 * sizeof(acc_t), 7);
    vx_user_data_object named = acc(ctx, "other_t", sizeof(acc_t), 7);
    vx_user_data_object out = acc(ctx, "acc_t", sizeof(acc_t), 0);
    vx_user_data_object unregistered = acc(ctx, "unregistered_t", sizeof(acc_t), 0);
    vx_graph g = vxCreateGraph(ctx);
    vx_node n = inc_node(g, k, in, big);
    CHECK_OK(vxSetReferenceName((vx_reference)n, "the_inc_node"));
    for (int mode = BY_ATTRIBUTE; mode <= FROM_REFERENCE; mode++) {
        meta_mode = mode;
        const struct { vx_user_data_object out; vx_status status; } bad[] = {
            {big, VX_ERROR_INVALID_DIMENSION}, {named, VX_ERROR_INVALID_TYPE}};
        for (unsigned i = 0; i < 2; i++) {
            CHECK_OK(vxSetParameterByIndex(n, 1, (vx_reference)bad[i].out));
            CHECK_REFUSED_LAST(vxVerifyGraph(g), bad[i].status);
            CHECK(last_ref == (vx_reference)n);
            CHECK(strstr(last_text, "the_inc_node") != NULL && strstr(last_text, "parameter 1") != NULL);
            CHECK(vxIsGraphVerified(g) == vx_false_e);
            vx_enum state = 0;
            CHECK_OK(vxQueryGraph(g, VX_GRAPH_STATE, &state, sizeof state));
            CHECK(state == VX_GRAPH_STATE_UNVERIFIED);
            /* processing verifies first, and refuses the same way without running the kernel */
            runs = 0;
            CHECK_REFUSED_LAST(vxProcessGraph(g), bad[i].status);
            CHECK(runs == 0);
        }
        check_type(big, "acc_t", 2 * sizeof(acc_t));
        check_type(named, "other_t", sizeof(acc_t));
        CHECK(first_value(big) == 7 && first_value(named) == 7);
        CHECK_OK(vxSetParameterByIndex(n, 1, (vx_reference)out));
        CHECK_OK(vxVerifyGraph(g));
    }
    /* the validator refuses an input whose type name is no registered struct */
    CHECK_OK(vxSetParameterByIndex(n, 0, (vx_reference)unregistered));
    CHECK_REFUSED_LAST(vxVerifyGraph(g), VX_ERROR_INVALID_TYPE);
    CHECK(last_ref == (vx_reference)n);

    vx_user_data_object objs[] = {in, big, named, out, unregistered};
    for (unsigned i = 0; i < sizeof objs / sizeof *objs; i++)
        CHECK_OK(vxReleaseUserDataObject(&objs[i]));
    CHECK_OK(vxReleaseNode(&n));
    CHECK_OK(vxReleaseGraph(&g));
}

/* graph parameters: objects swapped between runs without re-verification when alike */
static void graph_parameters(vx_context ctx, vx_kernel k)
{
    vx_user_data_object a1 = acc(ctx, "acc_t", sizeof(acc_t), 100), b1 = acc(ctx, "acc_t", sizeof(acc_t), 0);
    vx_user_data_object a2 = acc(ctx, "acc_t", sizeof(acc_t), 200), b2 = acc(ctx, "acc_t", sizeof(acc_t), 0);
    vx_user_data_object a3 = acc(ctx, "acc_t", 3 * sizeof(acc_t), 300), b3 = acc(ctx, "acc_t", 3 * sizeof(acc_t), 0);
    vx_graph g = vxCreateGraph(ctx);
    vx_node n = inc_node(g, k, a1, b1);
    for (vx_uint32 i = 0; i < 2; i++) {
        vx_parameter p = vxGetParameterByIndex(n, i);
        CHECK_OK(vxAddParameterToGraph(g, p));
        CHECK_OK(vxReleaseParameter(&p));
    }
    vx_uint32 count = 0;
    CHECK_OK(vxQueryGraph(g, VX_GRAPH_NUMPARAMETERS, &count, sizeof count));
    CHECK(count == 2);
    meta_mode = FROM_REFERENCE;
    CHECK_OK(vxProcessGraph(g));
    CHECK(first_value(b1) == 101);

    /* same name and size: the verified graph simply runs on the new objects */
    validations = 0;
    CHECK_OK(vxSetGraphParameterByIndex(g, 0, (vx_reference)a2));
    CHECK_OK(vxSetGraphParameterByIndex(g, 1, (vx_reference)b2));
    CHECK(vxIsGraphVerified(g) == vx_true_e);
    CHECK_OK(vxProcessGraph(g));
    CHECK(validations == 0);
    CHECK(first_value(b2) == 201 && first_value(b1) == 101);
    vx_parameter gp = vxGetGraphParameterByIndex(g, 1);
    vx_reference ref = NULL;
    vx_enum type = 0;
    CHECK_OK(vxQueryParameter(gp, VX_PARAMETER_REF, &ref, sizeof ref));
    CHECK_OK(vxQueryParameter(gp, VX_PARAMETER_TYPE, &type, sizeof type));
    CHECK(ref == (vx_reference)b2 && type == VX_TYPE_USER_DATA_OBJECT);
    CHECK_OK(vxReleaseReference(&ref));
    CHECK_OK(vxReleaseParameter(&gp));

    /* back and forth */
    CHECK_OK(vxSetGraphParameterByIndex(g, 0, (vx_reference)a1));
    CHECK_OK(vxProcessGraph(g));
    CHECK(first_value(b2) == 101);
    CHECK(validations == 0);

    /* another size: verified again, and the new sizes are what the kernel sees */
    CHECK_OK(vxSetGraphParameterByIndex(g, 0, (vx_reference)a3));
    CHECK(vxIsGraphVerified(g) == vx_false_e);
    CHECK_REFUSED_LAST(vxProcessGraph(g), VX_ERROR_INVALID_DIMENSION);      /* b2 is too small */
    CHECK_OK(vxSetGraphParameterByIndex(g, 1, (vx_reference)b3));
    CHECK_OK(vxProcessGraph(g));
    CHECK(validations == 2);
    for (vx_size i = 0; i < 12; i++)
        CHECK(value_at(b3, i) == 300 + (vx_int32)i + 1);
    /* a graph parameter takes only a user data object */
    vx_int32 zero = 0;
    vx_scalar s = vxCreateScalar(ctx, VX_TYPE_INT32, &zero);
    CHECK_REFUSED(vxSetGraphParameterByIndex(g, 0, (vx_reference)s), VX_ERROR_INVALID_TYPE);
    CHECK_OK(vxProcessGraph(g));
    CHECK_OK(vxReleaseScalar(&s));

    vx_user_data_object objs[] = {a1, b1, a2, b2, a3, b3};
    for (unsigned i = 0; i < sizeof objs / sizeof *objs; i++)
        CHECK_OK(vxReleaseUserDataObject(&objs[i]));
    CHECK_OK(vxReleaseNode(&n));
    CHECK_OK(vxReleaseGraph(&g));
}

/* delay[0] = delay[-1] + 1 and lag = delay[-2] + 1, the delay aged after every run */
static void delays(vx_context ctx, vx_kernel k)
{
    vx_user_data_object exemplar = acc(ctx, "acc_t", sizeof(acc_t), 55);
    vx_delay delay = vxCreateDelay(ctx, (vx_reference)exemplar, 3);
    CHECK_REF(delay);
    vx_enum type = 0;
    CHECK_OK(vxQueryDelay(delay, VX_DELAY_TYPE, &type, sizeof type));
    CHECK(type == VX_TYPE_USER_DATA_OBJECT);
    vx_user_data_object slot[3];                   /* slot[k] is at index -k before any aging */
    for (int i = 0; i < 3; i++) {
        slot[i] = (vx_user_data_object)vxGetReferenceFromDelay(delay, -i);
        CHECK_REF(slot[i]);
        check_type(slot[i], "acc_t", sizeof(acc_t));
        vx_int32 v = i == 0 ? 1000 : i == 1 ? 10 : 0;
        CHECK_OK(vxCopyUserDataObject(slot[i], 0, sizeof v, &v, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    }
    vx_user_data_object lag = acc(ctx, "acc_t", sizeof(acc_t), 0);
    vx_graph g = vxCreateGraph(ctx);
    vx_user_data_object at[3] = {slot[0], slot[1], slot[2]};     /* what is at index -k now */
    vx_node a = inc_node(g, k, slot[1], slot[0]);
    vx_node b = inc_node(g, k, slot[2], lag);
    CHECK_OK(vxRegisterAutoAging(g, delay));
    meta_mode = BY_ATTRIBUTE;
    for (int run = 1; run <= 4; run++) {
        CHECK_OK(vxProcessGraph(g));
        vx_user_data_object newest = (vx_user_data_object)vxGetReferenceFromDelay(delay, -1);
        vx_user_data_object older = (vx_user_data_object)vxGetReferenceFromDelay(delay, -2);
        vx_user_data_object rotated[3] = {at[2], at[0], at[1]};
        memcpy(at, rotated, sizeof at);
        CHECK(newest == at[1] && older == at[2]);   /* what was written at index 0 moved to -1 */
        CHECK(first_value(newest) == 10 + run);
        CHECK(first_value(older) == 9 + run);
        CHECK(first_value(lag) == (run == 1 ? 1 : 9 + run));
        /* the node follows the slots: its input is whatever is at -1 now */
        vx_parameter p = vxGetParameterByIndex(a, 0);
        vx_reference ref = NULL;
        CHECK_OK(vxQueryParameter(p, VX_PARAMETER_REF, &ref, sizeof ref));
        CHECK(ref == (vx_reference)newest);
        CHECK_OK(vxReleaseReference(&ref));
        CHECK_OK(vxReleaseParameter(&p));
    }
    CHECK_OK(vxReleaseNode(&a));
    CHECK_OK(vxReleaseNode(&b));
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_OK(vxReleaseDelay(&delay));
    CHECK_OK(vxReleaseUserDataObject(&lag));
    CHECK_OK(vxReleaseUserDataObject(&exemplar));
}

/* object arrays of user data objects: in -> replicated inc -> virtual array -> replicated inc
 * (shared step) -> out, one run per item. With `open_items` the virtual array is made like a
 * virtual object of open name and size: the validator describes every item. */
static void object_arrays(vx_context ctx, vx_kernel k, int open_items)
{
    enum { ITEMS = 4 };
    vx_user_data_object exemplar = acc(ctx, "acc_t", sizeof(acc_t), 0);
    vx_object_array in = vxCreateObjectArray(ctx, (vx_reference)exemplar, ITEMS);
    vx_object_array out = vxCreateObjectArray(ctx, (vx_reference)exemplar, ITEMS);
    CHECK_REF(in);
    CHECK_REF(out);
    vx_enum type = 0;
    CHECK_OK(vxQueryObjectArray(in, VX_OBJECT_ARRAY_ITEMTYPE, &type, sizeof type));
    CHECK(type == VX_TYPE_USER_DATA_OBJECT);
    for (vx_uint32 i = 0; i < ITEMS; i++) {
        vx_user_data_object item = (vx_user_data_object)vxGetObjectArrayItem(in, i);
        check_type(item, "acc_t", sizeof(acc_t));
        vx_int32 v = 100 * (vx_int32)i;
        CHECK_OK(vxCopyUserDataObject(item, 0, sizeof v, &v, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK_OK(vxReleaseUserDataObject(&item));
    }
    vx_int32 ten = 10;
    vx_scalar step = vxCreateScalar(ctx, VX_TYPE_INT32, &ten);
    vx_graph g = vxCreateGraph(ctx);
    vx_user_data_object open = vxCreateVirtualUserDataObject(g, NULL, 0);
    vx_object_array mid = vxCreateVirtualObjectArray(g, (vx_reference)(open_items ? open : exemplar), ITEMS);
    CHECK_REF(mid);
    CHECK_OK(vxReleaseUserDataObject(&open));
    vx_user_data_object in0 = (vx_user_data_object)vxGetObjectArrayItem(in, 0);
    vx_user_data_object mid0 = (vx_user_data_object)vxGetObjectArrayItem(mid, 0);
    vx_user_data_object out0 = (vx_user_data_object)vxGetObjectArrayItem(out, 0);
    vx_node n1 = inc_node(g, k, in0, mid0);
    vx_node n2 = inc_node(g, k, mid0, out0);
    CHECK_OK(vxSetParameterByIndex(n2, 2, (vx_reference)step));
    vx_bool flags[3] = {vx_true_e, vx_true_e, vx_false_e};
    CHECK_OK(vxReplicateNode(g, n1, flags, 3));
    CHECK_OK(vxReplicateNode(g, n2, flags, 3));
    meta_mode = FROM_REFERENCE;
    runs = 0;
    CHECK_OK(vxProcessGraph(g));
    CHECK(runs == 2 * ITEMS);
    for (vx_uint32 i = 0; i < ITEMS; i++) {
        vx_user_data_object item = (vx_user_data_object)vxGetObjectArrayItem(out, i);
        CHECK(first_value(item) == 100 * (vx_int32)i + 1 + 10);
        CHECK(value_at(item, 3) == 0 + 1 + 10);     /* items are made like the exemplar, zero-filled */
        CHECK_OK(vxReleaseUserDataObject(&item));
        vx_user_data_object v = (vx_user_data_object)vxGetObjectArrayItem(mid, i);
        check_type(v, "acc_t", sizeof(acc_t));
        vx_int32 x;
        CHECK_REFUSED(vxCopyUserDataObject(v, 0, sizeof x, &x, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_OPTIMIZED_AWAY);
        CHECK_OK(vxReleaseUserDataObject(&v));
    }
    CHECK_OK(vxProcessGraph(g));                 /* again, from the C schedule */
    CHECK(first_value(out0) == 11);

    vx_user_data_object objs[] = {exemplar, in0, mid0, out0};
    for (unsigned i = 0; i < sizeof objs / sizeof *objs; i++)
        CHECK_OK(vxReleaseUserDataObject(&objs[i]));
    CHECK_OK(vxReleaseNode(&n1));
    CHECK_OK(vxReleaseNode(&n2));
    CHECK_OK(vxReleaseScalar(&step));
    CHECK_OK(vxReleaseObjectArray(&in));
    CHECK_OK(vxReleaseObjectArray(&out));
    CHECK_OK(vxReleaseObjectArray(&mid));
    CHECK_OK(vxReleaseGraph(&g));
}

int main(void)
{
    vx_context ctx = vxCreateContext();
    CHECK_REF(ctx);
    vxRegisterLogCallback(ctx, keep_log, vx_false_e);
    vx_uint32 refs = context_references(ctx);
    CHECK(vxRegisterUserStructWithName(ctx, sizeof(acc_t), "acc_t") != VX_TYPE_INVALID);
    CHECK(vxRegisterUserStructWithName(ctx, sizeof(acc_t), "other_t") != VX_TYPE_INVALID);
    vx_kernel k = add_inc_kernel(ctx);
    virtual_edge(ctx, k);
    refused_outputs(ctx, k);
    graph_parameters(ctx, k);
    delays(ctx, k);
    object_arrays(ctx, k, 0);
    object_arrays(ctx, k, 1);
    CHECK_OK(vxRemoveKernel(k));
    CHECK(context_references(ctx) == refs);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
