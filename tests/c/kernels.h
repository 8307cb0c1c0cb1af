/* User kernels and a kernel builder shared by the C tests (and the test module). */
#ifndef PVX_TEST_KERNELS_H
#define PVX_TEST_KERNELS_H
#include "check.h"

/* A kernel function that does nothing. */
static inline vx_status VX_CALLBACK run_nothing(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)p; (void)n;
    return VX_SUCCESS;
}

/* A validator that accepts any parameters and describes no output. */
static inline vx_status VX_CALLBACK accept_all(vx_node node, const vx_reference p[], vx_uint32 n, vx_meta_format m[])
{
    (void)node; (void)p; (void)n; (void)m;
    return VX_SUCCESS;
}

/* A validator for in -> out kernels: the output (parameter 1) is described like the input. */
static inline vx_status VX_CALLBACK like_input(vx_node node, const vx_reference p[], vx_uint32 n, vx_meta_format m[])
{
    (void)node; (void)n;
    return vxSetMetaFormatFromReference(m[1], p[0]);
}

/* All of a U8 image, mapped: pixel (x, y) is p[y * stride + x]. */
typedef struct {
    vx_map_id id;
    vx_uint8 *p;
    vx_uint32 width, height;
    vx_int32 stride;
} u8_map;

/* Maps all of plane 0 of a U8 image for `usage` (close with vxUnmapImagePatch(img, m->id)). */
static inline vx_status map_u8(vx_image img, vx_enum usage, u8_map *m)
{
    vx_imagepatch_addressing_t a;
    TRY(vxQueryImage(img, VX_IMAGE_WIDTH, &m->width, sizeof m->width));
    TRY(vxQueryImage(img, VX_IMAGE_HEIGHT, &m->height, sizeof m->height));
    vx_rectangle_t all = {0, 0, m->width, m->height};
    TRY(vxMapImagePatch(img, &all, 0, &m->id, &a, (void **)&m->p, usage, VX_MEMORY_TYPE_HOST, 0));
    m->stride = a.stride_y;
    return VX_SUCCESS;
}

/* Sets every pixel of a U8 image to `value` through a map (what a kernel may do with an image,
 * virtual ones included, that the application may not fill from outside). */
static inline vx_status write_u8(vx_image img, vx_uint8 value)
{
    u8_map m;
    TRY(map_u8(img, VX_WRITE_ONLY, &m));
    for (vx_uint32 y = 0; y < m.height; y++)
        for (vx_uint32 x = 0; x < m.width; x++)
            m.p[y * m.stride + x] = value;
    return vxUnmapImagePatch(img, m.id);
}

/* The body of a U8 in -> out kernel: out(x, y) = op(in(x, y)), parameters 0 and 1 mapped. */
static inline vx_status u8_pointwise(const vx_reference *p, vx_uint8 (*op)(vx_uint8))
{
    u8_map in, out;
    TRY(map_u8((vx_image)p[0], VX_READ_ONLY, &in));
    TRY(map_u8((vx_image)p[1], VX_WRITE_ONLY, &out));
    for (vx_uint32 y = 0; y < in.height; y++)
        for (vx_uint32 x = 0; x < in.width; x++)
            out.p[y * out.stride + x] = op(in.p[y * in.stride + x]);
    TRY(vxUnmapImagePatch((vx_image)p[0], in.id));
    return vxUnmapImagePatch((vx_image)p[1], out.id);
}

/* A finalized user kernel with a new id and two required parameters: 0 in (of in_type), 1 out. */
static inline vx_kernel in_out_kernel_of(vx_context ctx, const char *name, vx_kernel_f fn,
                                         vx_kernel_validate_f validate, vx_enum in_type, vx_enum out_type)
{
    vx_enum id;
    CHECK_OK(vxAllocateUserKernelId(ctx, &id));
    vx_kernel k = vxAddUserKernel(ctx, name, id, fn, 2, validate, NULL, NULL);
    CHECK_REF(k);
    CHECK_OK(vxAddParameterToKernel(k, 0, VX_INPUT, in_type, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(k, 1, VX_OUTPUT, out_type, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxFinalizeKernel(k));
    return k;
}

/* A finalized user kernel with a new id and one required parameter of `type` (a source's output,
 * a sink's input). */
static inline vx_kernel one_parameter_kernel(vx_context ctx, const char *name, vx_kernel_f fn, vx_enum direction,
                                             vx_enum type, vx_kernel_validate_f validate)
{
    vx_enum id;
    CHECK_OK(vxAllocateUserKernelId(ctx, &id));
    vx_kernel k = vxAddUserKernel(ctx, name, id, fn, 1, validate, NULL, NULL);
    CHECK_REF(k);
    CHECK_OK(vxAddParameterToKernel(k, 0, direction, type, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxFinalizeKernel(k));
    return k;
}

/* The same with both parameters of `type`. */
static inline vx_kernel in_out_kernel(vx_context ctx, const char *name, vx_kernel_f fn, vx_kernel_validate_f validate,
                                      vx_enum type)
{
    return in_out_kernel_of(ctx, name, fn, validate, type, type);
}

/* A node of kernel k in graph g with parameters 0 and 1 set to a and b. */
static inline vx_node node_of_two(vx_graph g, vx_kernel k, void *a, void *b)
{
    vx_node n = vxCreateGenericNode(g, k);
    CHECK_REF(n);
    CHECK_OK(vxSetParameterByIndex(n, 0, (vx_reference)a));
    CHECK_OK(vxSetParameterByIndex(n, 1, (vx_reference)b));
    return n;
}

/* A new w x h U8 image whose pixel (x, y) is (x * dx + y * dy) & 255. */
static inline vx_image pattern_u8_image(vx_context ctx, vx_uint32 w, vx_uint32 h, vx_uint32 dx, vx_uint32 dy)
{
    vx_image img = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
    CHECK_REF(img);
    u8_map m;
    CHECK_OK(map_u8(img, VX_WRITE_ONLY, &m));
    for (vx_uint32 y = 0; y < h; y++)
        for (vx_uint32 x = 0; x < w; x++)
            m.p[y * m.stride + x] = (vx_uint8)(x * dx + y * dy);
    CHECK_OK(vxUnmapImagePatch(img, m.id));
    return img;
}

/* A graph of one node of the kernel called `name`, parameter 0 set to `p0`, run once; the graph
 * holds the node. */
static inline vx_graph run_in_graph(vx_context ctx, const char *name, vx_reference p0)
{
    vx_kernel k = vxGetKernelByName(ctx, name);
    CHECK_REF(k);
    vx_graph g = vxCreateGraph(ctx);
    vx_node n = vxCreateGenericNode(g, k);
    CHECK_OK(vxSetParameterByIndex(n, 0, p0));
    CHECK_OK(vxProcessGraph(g));
    CHECK_OK(vxReleaseNode(&n));
    CHECK_OK(vxReleaseKernel(&k));
    return g;
}

/* Bytes malloc'd now (heap in use plus mmap'd blocks); under AddressSanitizer (tools/sanitize.sh)
 * malloc is its own, and so is the count. */
#include <malloc.h>
#ifdef __SANITIZE_ADDRESS__
size_t __sanitizer_get_current_allocated_bytes(void);     /* the runtime's (allocator_interface.h) */
#endif
static inline size_t heap_bytes(void)
{
#ifdef __SANITIZE_ADDRESS__
    return __sanitizer_get_current_allocated_bytes();
#else
    struct mallinfo2 mi = mallinfo2();
    return mi.uordblks + mi.hblkhd;
#endif
}

/* Page faults the process has taken so far (mapping memory shows as minor faults). */
#include <sys/resource.h>
static inline long minor_faults(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return u.ru_minflt;
}

#endif
