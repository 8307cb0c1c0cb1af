/* Context semantics: attributes, settings, user structs, ids, names, counts, release. */
#include "check.h"
#include <string.h>

static char last_log[2 * VX_MAX_LOG_MESSAGE_LEN];

static void VX_CALLBACK keep_log(vx_context c, vx_reference r, vx_status s, const vx_char text[])
{
    count_log(c, r, s, text);
    strncpy(last_log, text, sizeof last_log - 1);
}

static void attributes(vx_context ctx)
{
    vx_uint16 u16;
    vx_uint32 u32;
    vx_size size, ext_size;
    vx_char impl[VX_MAX_IMPLEMENTATION_NAME];
    vx_border_t border;
    vx_enum policy;

    CHECK_OK(vxQueryContext(ctx, VX_CONTEXT_VENDOR_ID, &u16, sizeof u16));
    CHECK(u16 == VX_ID_DEFAULT);
    CHECK_OK(vxQueryContext(ctx, VX_CONTEXT_VERSION, &u16, sizeof u16));
    CHECK(u16 == VX_VERSION);
    CHECK_OK(vxQueryContext(ctx, VX_CONTEXT_UNIQUE_KERNELS, &u32, sizeof u32));
    CHECK_OK(vxQueryContext(ctx, VX_CONTEXT_MODULES, &u32, sizeof u32));
    CHECK(u32 == 0);
    CHECK_OK(vxQueryContext(ctx, VX_CONTEXT_IMPLEMENTATION, impl, sizeof impl));
    CHECK(strcmp(impl, "pyopenvx") == 0);
    CHECK_OK(vxQueryContext(ctx, VX_CONTEXT_EXTENSIONS_SIZE, &ext_size, sizeof ext_size));
    CHECK(ext_size >= 1);
    {
        vx_char *ext = malloc(ext_size);
        CHECK_OK(vxQueryContext(ctx, VX_CONTEXT_EXTENSIONS, ext, ext_size));
        CHECK(strlen(ext) + 1 == ext_size);
        CHECK_STATUS(vxQueryContext(ctx, VX_CONTEXT_EXTENSIONS, ext, ext_size - 1),
                     ext_size > 1 ? VX_ERROR_INVALID_PARAMETERS : VX_ERROR_INVALID_PARAMETERS);
        free(ext);
    }
    CHECK_OK(vxQueryContext(ctx, VX_CONTEXT_CONVOLUTION_MAX_DIMENSION, &size, sizeof size));
    CHECK(size >= 9);
    CHECK_OK(vxQueryContext(ctx, VX_CONTEXT_OPTICAL_FLOW_MAX_WINDOW_DIMENSION, &size, sizeof size));
    CHECK(size >= 9);
    CHECK_OK(vxQueryContext(ctx, VX_CONTEXT_NONLINEAR_MAX_DIMENSION, &size, sizeof size));
    CHECK(size >= 9);
    CHECK_OK(vxQueryContext(ctx, VX_CONTEXT_MAX_TENSOR_DIMS, &size, sizeof size));
    CHECK(size >= 4);
    CHECK_OK(vxQueryContext(ctx, VX_CONTEXT_IMMEDIATE_BORDER, &border, sizeof border));
    CHECK(border.mode == VX_BORDER_UNDEFINED);
    CHECK_OK(vxQueryContext(ctx, VX_CONTEXT_IMMEDIATE_BORDER_POLICY, &policy, sizeof policy));
    CHECK(policy == VX_BORDER_POLICY_DEFAULT_TO_UNDEFINED);
    CHECK_OK(vxQueryContext(ctx, VX_CONTEXT_UNIQUE_KERNELS, &u32, sizeof u32));
    if (u32 > 0) {
        vx_kernel_info_t *table = calloc(u32, sizeof *table);
        CHECK_OK(vxQueryContext(ctx, VX_CONTEXT_UNIQUE_KERNEL_TABLE, table, u32 * sizeof *table));
        free(table);
    }

    /* refusals: wrong size, NULL, unknown attribute */
    CHECK_STATUS(vxQueryContext(ctx, VX_CONTEXT_VERSION, &u32, sizeof u32), VX_ERROR_INVALID_PARAMETERS);
    CHECK(strstr(last_log, "vxQueryContext") != NULL);
    CHECK_STATUS(vxQueryContext(ctx, VX_CONTEXT_REFERENCES, NULL, sizeof u32), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxQueryContext(ctx, (VX_CONTEXT_MAX_TENSOR_DIMS + 0x40), &u32, sizeof u32), VX_ERROR_NOT_SUPPORTED);

    /* settable: immediate border and policy; the rest is read-only */
    border.mode = VX_BORDER_CONSTANT;
    border.constant_value.U8 = 7;
    CHECK_OK(vxSetContextAttribute(ctx, VX_CONTEXT_IMMEDIATE_BORDER, &border, sizeof border));
    memset(&border, 0, sizeof border);
    CHECK_OK(vxQueryContext(ctx, VX_CONTEXT_IMMEDIATE_BORDER, &border, sizeof border));
    CHECK(border.mode == VX_BORDER_CONSTANT && border.constant_value.U8 == 7);
    border.mode = 0x1234;
    CHECK_STATUS(vxSetContextAttribute(ctx, VX_CONTEXT_IMMEDIATE_BORDER, &border, sizeof border), VX_ERROR_INVALID_VALUE);
    policy = VX_BORDER_POLICY_RETURN_ERROR;
    CHECK_OK(vxSetContextAttribute(ctx, VX_CONTEXT_IMMEDIATE_BORDER_POLICY, &policy, sizeof policy));
    u16 = 1;
    CHECK_STATUS(vxSetContextAttribute(ctx, VX_CONTEXT_VERSION, &u16, sizeof u16), VX_ERROR_NOT_SUPPORTED);
}

static void settings(vx_context ctx)
{
    CHECK_OK(vxSetImmediateModeTarget(ctx, VX_TARGET_ANY, NULL));
    CHECK_OK(vxSetImmediateModeTarget(ctx, VX_TARGET_STRING, "aNy"));
    CHECK_STATUS(vxSetImmediateModeTarget(ctx, VX_TARGET_STRING, "dsp"), VX_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(vxSetImmediateModeTarget(ctx, VX_TARGET_VENDOR_BEGIN, NULL), VX_ERROR_NOT_SUPPORTED);
    CHECK_OK(vxHint((vx_reference)ctx, VX_HINT_PERFORMANCE_HIGH_SPEED, NULL, 0));
    CHECK_STATUS(vxHint((vx_reference)ctx, 0x7777, NULL, 0), VX_ERROR_NOT_SUPPORTED);
    CHECK_OK(vxDirective((vx_reference)ctx, VX_DIRECTIVE_ENABLE_PERFORMANCE));
    CHECK_OK(vxDirective((vx_reference)ctx, VX_DIRECTIVE_DISABLE_PERFORMANCE));
    CHECK_STATUS(vxDirective((vx_reference)ctx, 0x7777), VX_ERROR_NOT_SUPPORTED);
}

static void user_structs(vx_context ctx)
{
    vx_enum a = vxRegisterUserStruct(ctx, 12);
    vx_enum b = vxRegisterUserStructWithName(ctx, 20, "my_struct");
    vx_enum found = 0;
    vx_char name[VX_MAX_REFERENCE_NAME];
    CHECK(a >= VX_TYPE_USER_STRUCT_START && a <= VX_TYPE_USER_STRUCT_END);
    CHECK(b == a + 1);
    CHECK(vxRegisterUserStruct(ctx, 0) == VX_TYPE_INVALID);
    CHECK(vxRegisterUserStructWithName(ctx, 4, "my_struct") == VX_TYPE_INVALID);
    CHECK_OK(vxGetUserStructEnumByName(ctx, "my_struct", &found));
    CHECK(found == b);
    CHECK_STATUS(vxGetUserStructEnumByName(ctx, "nope", &found), VX_FAILURE);
    CHECK_OK(vxGetUserStructNameByEnum(ctx, b, name, sizeof name));
    CHECK(strcmp(name, "my_struct") == 0);
    CHECK_STATUS(vxGetUserStructNameByEnum(ctx, b, name, 4), VX_ERROR_NO_MEMORY);
    CHECK_STATUS(vxGetUserStructNameByEnum(ctx, a, name, sizeof name), VX_FAILURE);
}

static void ids(vx_context ctx)
{
    vx_enum id, first = 0, lib;
    int n;
    for (n = 0; vxAllocateUserKernelId(ctx, &id) == VX_SUCCESS; n++) {
        if (n == 0)
            first = id;
        CHECK(id == first + n);
    }
    CHECK(n == 4096 && first == VX_KERNEL_BASE(VX_ID_USER, 0));
    CHECK_STATUS(vxAllocateUserKernelId(ctx, &id), VX_ERROR_NO_RESOURCES);
    for (n = 0; vxAllocateUserKernelLibraryId(ctx, &lib) == VX_SUCCESS; n++)
        CHECK(lib == n + 1);
    CHECK(n == 255);
    CHECK_STATUS(vxAllocateUserKernelLibraryId(ctx, &lib), VX_ERROR_NO_RESOURCES);
    CHECK_STATUS(vxAllocateUserKernelId(ctx, NULL), VX_ERROR_INVALID_PARAMETERS);
}

static void names_counts_log(vx_context ctx)
{
    vx_uint32 count;
    vx_enum type;
    vx_char *name = NULL;
    char long_text[3 * VX_MAX_LOG_MESSAGE_LEN];

    CHECK_OK(vxSetReferenceName((vx_reference)ctx, "main context"));
    CHECK_OK(vxQueryReference((vx_reference)ctx, VX_REFERENCE_NAME, &name, sizeof name));
    CHECK(name && strcmp(name, "main context") == 0);
    CHECK_OK(vxQueryReference((vx_reference)ctx, VX_REFERENCE_TYPE, &type, sizeof type));
    CHECK(type == VX_TYPE_CONTEXT);
    CHECK_OK(vxQueryReference((vx_reference)ctx, VX_REFERENCE_COUNT, &count, sizeof count));
    CHECK(count == 2);                           /* (main created it twice) */
    CHECK_OK(vxRetainReference((vx_reference)ctx));
    CHECK_OK(vxQueryReference((vx_reference)ctx, VX_REFERENCE_COUNT, &count, sizeof count));
    CHECK(count == 3);
    CHECK_STATUS(vxQueryReference((vx_reference)ctx, VX_REFERENCE_COUNT, &count, 2), VX_ERROR_INVALID_PARAMETERS);
    CHECK(vxGetContext((vx_reference)ctx) == ctx);

    /* vxAddLogEntry formats and truncates to VX_MAX_LOG_MESSAGE_LEN - 1 characters */
    log_entries = 0;
    vxAddLogEntry((vx_reference)ctx, VX_ERROR_INVALID_VALUE, "value %d of %s", 42, "x");
    CHECK(log_entries == 1 && last_status == VX_ERROR_INVALID_VALUE && strcmp(last_log, "value 42 of x") == 0);
    memset(long_text, 'a', sizeof long_text - 1);
    long_text[sizeof long_text - 1] = 0;
    vxAddLogEntry((vx_reference)ctx, VX_FAILURE, "%s", long_text);
    CHECK(strlen(last_log) == VX_MAX_LOG_MESSAGE_LEN - 1);
    /* logging can be switched off and on */
    CHECK_OK(vxDirective((vx_reference)ctx, VX_DIRECTIVE_DISABLE_LOGGING));
    vxAddLogEntry((vx_reference)ctx, VX_FAILURE, "hidden");
    CHECK(log_entries == 2);
    CHECK_OK(vxDirective((vx_reference)ctx, VX_DIRECTIVE_ENABLE_LOGGING));
    vxAddLogEntry((vx_reference)ctx, VX_FAILURE, "shown");
    CHECK(log_entries == 3);
    vxAddLogEntry(NULL, VX_FAILURE, "nowhere");
    CHECK(log_entries == 3);
}

int main(void)
{
    vx_context ctx = vxCreateContext(), copy;
    vx_context other = vxCreateContext();        /* the process's one context, one more count */
    CHECK_REF(ctx);
    CHECK_REF(other);
    CHECK(ctx == other && ref_count(ctx) == 2);
    vxRegisterLogCallback(ctx, keep_log, vx_false_e);
    attributes(ctx);
    settings(ctx);
    user_structs(ctx);
    ids(ctx);
    names_counts_log(ctx);

    /* three counts held (two creations, one retain): the last release frees it */
    copy = ctx;
    CHECK_OK(vxReleaseContext(&copy));
    CHECK(copy == NULL);
    CHECK_REF(ctx);
    CHECK_OK(vxReleaseContext(&ctx));
    CHECK(ctx == NULL);
    CHECK_STATUS(vxReleaseContext(&ctx), VX_ERROR_INVALID_REFERENCE);
    copy = other;
    CHECK_OK(vxReleaseContext(&other));
    CHECK_STATUS(vxGetStatus((vx_reference)copy), VX_ERROR_INVALID_REFERENCE);
    CHECK_STATUS(vxReleaseContext(&copy), VX_ERROR_INVALID_REFERENCE);
    CHECK(copy != NULL);
    puts("ok");
    return 0;
}
