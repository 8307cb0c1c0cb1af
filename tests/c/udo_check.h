/* Shared by the udo_*.c tests: a log callback that counts entries, and refusal checks that
 * demand the exact status plus exactly one log entry carrying it. */
#ifndef PVX_TEST_UDO_CHECK_H
#define PVX_TEST_UDO_CHECK_H
#include "check.h"
#include <VX/vx_khr_user_data_object.h>
#include <string.h>

static int log_entries;
static vx_status last_status;

static void VX_CALLBACK count_log(vx_context c, vx_reference r, vx_status s, const vx_char text[])
{
    (void)c;
    (void)r;
    (void)text;
    log_entries++;
    last_status = s;
}

static inline vx_context udo_test_context(void)
{
    vx_context ctx = vxCreateContext();
    CHECK_REF(ctx);
    vxRegisterLogCallback(ctx, count_log, vx_false_e);
    return ctx;
}

#define CHECK_REFUSED(expr, expected)                                  \
    do {                                                               \
        int entries_ = log_entries;                                    \
        CHECK_STATUS(expr, expected);                                  \
        CHECK(log_entries == entries_ + 1 && last_status == (expected)); \
    } while (0)

/* A creator's refusal: an error object with that status, and one log entry. */
#define CHECK_CREATE_REFUSED(expr, expected) CHECK_REFUSED(vxGetStatus((vx_reference)(expr)), expected)

static inline vx_size udo_size(vx_user_data_object udo)
{
    vx_size size = 0;
    CHECK_OK(vxQueryUserDataObject(udo, VX_USER_DATA_OBJECT_SIZE, &size, sizeof size));
    return size;
}

#endif
