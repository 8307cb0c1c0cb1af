/* For the C test programs: assertions that print where and why and exit non-zero, a log counter
 * for refusals, and small helpers each test would otherwise write again. */
#ifndef PVX_TEST_CHECK_H
#define PVX_TEST_CHECK_H
#include <VX/vx.h>
#include <stdio.h>
#include <string.h>
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

/* In a kernel or a helper returning vx_status: return the status of `expr` unless VX_SUCCESS. */
#define TRY(expr)                  \
    do {                           \
        vx_status try_s_ = (expr); \
        if (try_s_ != VX_SUCCESS)  \
            return try_s_;         \
    } while (0)

/* A vx_uint32 attribute of the context (VX_CONTEXT_UNIQUE_KERNELS, VX_CONTEXT_MODULES, ...). */
static inline vx_uint32 context_u32(vx_context context, vx_enum attribute)
{
    vx_uint32 n = 0;
    CHECK_OK(vxQueryContext(context, attribute, &n, sizeof n));
    return n;
}

/* VX_CONTEXT_REFERENCES: what a program holds; back to its start value once it released all. */
static inline vx_uint32 context_references(vx_context context)
{
    return context_u32(context, VX_CONTEXT_REFERENCES);
}

/* VX_REFERENCE_COUNT of any handle. */
static inline vx_uint32 ref_count(void *ref)
{
    vx_uint32 n = 0;
    CHECK_OK(vxQueryReference((vx_reference)ref, VX_REFERENCE_COUNT, &n, sizeof n));
    return n;
}

/* Log entries seen by count_log (register it with vxRegisterLogCallback), and the last status;
 * each entry is also printed to stderr, to be read when a check fails. */
static int log_entries;
static vx_status last_status;

static inline void VX_CALLBACK count_log(vx_context c, vx_reference r, vx_status s, const vx_char text[])
{
    (void)c;
    (void)r;
    fprintf(stderr, "log (%d): %s\n", (int)s, text);
    log_entries++;
    last_status = s;
}

/* A new context with count_log registered. */
static inline vx_context test_context(void)
{
    vx_context ctx = vxCreateContext();
    CHECK_REF(ctx);
    vxRegisterLogCallback(ctx, count_log, vx_false_e);
    return ctx;
}

/* A refusal: `expr` returns `expected` and logs exactly one entry, with that status. */
#define CHECK_REFUSED(expr, expected)                                    \
    do {                                                                 \
        int entries_ = log_entries;                                      \
        CHECK_STATUS(expr, expected);                                    \
        CHECK(log_entries == entries_ + 1 && last_status == (expected)); \
    } while (0)

/* A refusal after which callbacks may have logged first: the last entry carries the status. */
#define CHECK_REFUSED_LAST(expr, expected)                              \
    do {                                                                \
        int entries_ = log_entries;                                     \
        CHECK_STATUS(expr, expected);                                   \
        CHECK(log_entries > entries_ && last_status == (expected));     \
    } while (0)

/* A creator's refusal: an error object with that status, and one log entry. */
#define CHECK_CREATE_REFUSED(expr, expected) CHECK_REFUSED(vxGetStatus((vx_reference)(expr)), expected)

/* Copies the U8 pixel (x, y) of plane 0 into or out of *v, as `usage` says. */
static inline vx_status copy_u8_pixel(vx_image img, vx_uint32 x, vx_uint32 y, vx_uint8 *v, vx_enum usage)
{
    vx_rectangle_t rect = {x, y, x + 1, y + 1};
    vx_imagepatch_addressing_t addr = {1, 1, 1, 1, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 0};
    return vxCopyImagePatch(img, &rect, 0, &addr, v, usage, VX_MEMORY_TYPE_HOST);
}

/* The U8 pixel (x, y) of an image. */
static inline vx_uint8 u8_pixel(vx_image img, vx_uint32 x, vx_uint32 y)
{
    vx_uint8 v = 0;
    CHECK_OK(copy_u8_pixel(img, x, y, &v, VX_READ_ONLY));
    return v;
}

/* A program of named cases (tests/test_graph_letter.py runs one per process): runs the case
 * argv[1] names and prints "ok"; exit 2 for an unknown name. */
typedef struct test_case {
    const char *name;
    void (*run)(void);
} test_case;

static inline int run_case(const test_case *cases, size_t count, int argc, char **argv)
{
    CHECK(argc == 2);
    for (size_t i = 0; i < count; i++)
        if (strcmp(argv[1], cases[i].name) == 0) {
            cases[i].run();
            printf("ok\n");
            return 0;
        }
    fprintf(stderr, "no case %s\n", argv[1]);
    return 2;
}

/* Sets every pixel of a U8 image to `value`. */
static inline void fill_u8(vx_image img, vx_uint8 value)
{
    vx_pixel_value_t v = {{0}};
    v.U8 = value;
    CHECK_OK(vxSetImagePixelValues(img, &v));
}

/* A new w x h U8 image, every pixel `value`. */
static inline vx_image u8_image(vx_context ctx, vx_uint32 w, vx_uint32 h, vx_uint8 value)
{
    vx_image img = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
    CHECK_REF(img);
    fill_u8(img, value);
    return img;
}

#endif
