/* Assertions for the C test programs: print where and why, exit non-zero. */
#ifndef PVX_TEST_CHECK_H
#define PVX_TEST_CHECK_H
#include <VX/vx.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(cond)                                                                  \
    do {                                                                             \
        if (!(cond)) {                                                               \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
            exit(1);                                                                 \
        }                                                                            \
    } while (0)

#define CHECK_STATUS(expr, expected)                                                        \
    do {                                                                                    \
        vx_status check_s_ = (expr);                                                        \
        if (check_s_ != (expected)) {                                                       \
            fprintf(stderr, "%s:%d: %s returned %d, expected %d\n", __FILE__, __LINE__, #expr, \
                    (int)check_s_, (int)(expected));                                        \
            exit(1);                                                                        \
        }                                                                                   \
    } while (0)

#define CHECK_OK(expr) CHECK_STATUS(expr, VX_SUCCESS)
#define CHECK_REF(ref) CHECK_OK(vxGetStatus((vx_reference)(ref)))

static inline vx_uint32 context_references(vx_context context)
{
    vx_uint32 n = 0;
    CHECK_OK(vxQueryContext(context, VX_CONTEXT_REFERENCES, &n, sizeof n));
    return n;
}

#endif
