/* Delays of every delayable type in graphs: a node reads slot -1 and writes slot 0 (+1); with
 * vxRegisterAutoAging the values move through the slots run after run; vxAgeDelay ages by hand and
 * the node follows; every count returns. Each type carries one number (put/get below). */
#include "check.h"
#include <string.h>

typedef vx_status (*put_f)(vx_reference, vx_int32);
typedef vx_status (*get_f)(vx_reference, vx_int32 *);

#define TRY(expr)                         \
    do {                                  \
        vx_status try_s_ = (expr);        \
        if (try_s_ != VX_SUCCESS)         \
            return try_s_;                \
    } while (0)

static vx_status put_image(vx_reference r, vx_int32 v)
{
    vx_pixel_value_t px;
    memset(&px, 0, sizeof px);
    px.U8 = (vx_uint8)v;
    return vxSetImagePixelValues((vx_image)r, &px);
}
static vx_status get_image(vx_reference r, vx_int32 *v)
{
    vx_uint8 px = 0;
    vx_rectangle_t one = {3, 2, 4, 3};
    vx_imagepatch_addressing_t a = {1, 1, 1, 1, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 0};
    TRY(vxCopyImagePatch((vx_image)r, &one, 0, &a, &px, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    *v = px;
    return VX_SUCCESS;
}
/* a pyramid: its last level */
static vx_status pyr_level(vx_reference r, vx_int32 put, vx_int32 *get)
{
    vx_image level = vxGetPyramidLevel((vx_pyramid)r, 1);
    vx_status s = get ? get_image((vx_reference)level, get) : put_image((vx_reference)level, put);
    vxReleaseImage(&level);
    return s;
}
static vx_status put_pyramid(vx_reference r, vx_int32 v) { return pyr_level(r, v, NULL); }
static vx_status get_pyramid(vx_reference r, vx_int32 *v) { return pyr_level(r, 0, v); }
/* an object array: its item 2 */
static vx_status oa_item(vx_reference r, vx_int32 put, vx_int32 *get)
{
    vx_reference item = vxGetObjectArrayItem((vx_object_array)r, 2);
    vx_status s = get ? get_image(item, get) : put_image(item, put);
    vxReleaseReference(&item);
    return s;
}
static vx_status put_objarr(vx_reference r, vx_int32 v) { return oa_item(r, v, NULL); }
static vx_status get_objarr(vx_reference r, vx_int32 *v) { return oa_item(r, 0, v); }
/* an array: as many items as the number */
static vx_status put_array(vx_reference r, vx_int32 v)
{
    vx_uint8 items[64] = {0};
    TRY(vxTruncateArray((vx_array)r, 0));
    return vxAddArrayItems((vx_array)r, (vx_size)v, items, 1);
}
static vx_status get_array(vx_reference r, vx_int32 *v)
{
    vx_size n = 0;
    TRY(vxQueryArray((vx_array)r, VX_ARRAY_NUMITEMS, &n, sizeof n));
    *v = (vx_int32)n;
    return VX_SUCCESS;
}
static vx_status put_scalar(vx_reference r, vx_int32 v)
{
    return vxCopyScalar((vx_scalar)r, &v, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
}
static vx_status get_scalar(vx_reference r, vx_int32 *v)
{
    return vxCopyScalar((vx_scalar)r, v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
}
/* a matrix: its last element */
static vx_status put_matrix(vx_reference r, vx_int32 v)
{
    vx_int32 m[6] = {0, 0, 0, 0, 0, v};
    return vxCopyMatrix((vx_matrix)r, m, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
}
static vx_status get_matrix(vx_reference r, vx_int32 *v)
{
    vx_int32 m[6];
    TRY(vxCopyMatrix((vx_matrix)r, m, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    *v = m[5];
    return VX_SUCCESS;
}
/* a convolution: its centre */
static vx_status put_conv(vx_reference r, vx_int32 v)
{
    vx_int16 c[9] = {0, 0, 0, 0, (vx_int16)v, 0, 0, 0, 0};
    return vxCopyConvolutionCoefficients((vx_convolution)r, c, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
}
static vx_status get_conv(vx_reference r, vx_int32 *v)
{
    vx_int16 c[9];
    TRY(vxCopyConvolutionCoefficients((vx_convolution)r, c, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    *v = c[4];
    return VX_SUCCESS;
}
/* a LUT: entry 200 */
static vx_status put_lut(vx_reference r, vx_int32 v)
{
    vx_uint8 t[256] = {0};
    t[200] = (vx_uint8)v;
    return vxCopyLUT((vx_lut)r, t, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
}
static vx_status get_lut(vx_reference r, vx_int32 *v)
{
    vx_uint8 t[256];
    TRY(vxCopyLUT((vx_lut)r, t, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    *v = t[200];
    return VX_SUCCESS;
}
/* a distribution: bin 1 */
static vx_status put_dist(vx_reference r, vx_int32 v)
{
    vx_uint32 b[4] = {0, (vx_uint32)v, 0, 0};
    return vxCopyDistribution((vx_distribution)r, b, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
}
static vx_status get_dist(vx_reference r, vx_int32 *v)
{
    vx_uint32 b[4];
    TRY(vxCopyDistribution((vx_distribution)r, b, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    *v = (vx_int32)b[1];
    return VX_SUCCESS;
}
/* a remap: the source y of destination point (1, 1) */
static const vx_rectangle_t POINT = {1, 1, 2, 2};
static vx_status put_remap(vx_reference r, vx_int32 v)
{
    vx_coordinates2df_t c = {0.5f, (vx_float32)v};
    return vxCopyRemapPatch((vx_remap)r, &POINT, sizeof c, &c, VX_TYPE_COORDINATES2DF, VX_WRITE_ONLY,
                            VX_MEMORY_TYPE_HOST);
}
static vx_status get_remap(vx_reference r, vx_int32 *v)
{
    vx_coordinates2df_t c;
    TRY(vxCopyRemapPatch((vx_remap)r, &POINT, sizeof c, &c, VX_TYPE_COORDINATES2DF, VX_READ_ONLY,
                         VX_MEMORY_TYPE_HOST));
    *v = (vx_int32)c.y;
    return VX_SUCCESS;
}
static vx_status put_thresh(vx_reference r, vx_int32 v)
{
    vx_pixel_value_t px;
    memset(&px, 0, sizeof px);
    px.U8 = (vx_uint8)v;
    return vxCopyThresholdValue((vx_threshold)r, &px, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
}
static vx_status get_thresh(vx_reference r, vx_int32 *v)
{
    vx_pixel_value_t px;
    memset(&px, 0, sizeof px);
    TRY(vxCopyThresholdValue((vx_threshold)r, &px, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    *v = px.U8;
    return VX_SUCCESS;
}
/* a tensor: element (1, 2) */
static vx_status tensor_at(vx_reference r, vx_int32 put, vx_int32 *get)
{
    vx_size start[2] = {1, 2}, end[2] = {2, 3}, stride[2] = {4, 4};
    vx_int32 e = put;
    TRY(vxCopyTensorPatch((vx_tensor)r, 2, start, end, stride, &e, get ? VX_READ_ONLY : VX_WRITE_ONLY,
                          VX_MEMORY_TYPE_HOST));
    if (get)
        *get = e;
    return VX_SUCCESS;
}
static vx_status put_tensor(vx_reference r, vx_int32 v) { return tensor_at(r, v, NULL); }
static vx_status get_tensor(vx_reference r, vx_int32 *v) { return tensor_at(r, 0, v); }

static vx_reference exemplar(vx_context c, vx_enum type)
{
    static vx_size dims[2] = {3, 4};
    vx_int32 zero = 0;
    vx_image img;
    vx_reference r;
    switch (type) {
    case VX_TYPE_IMAGE: return (vx_reference)vxCreateImage(c, 8, 4, VX_DF_IMAGE_U8);
    case VX_TYPE_PYRAMID: return (vx_reference)vxCreatePyramid(c, 2, VX_SCALE_PYRAMID_HALF, 8, 8, VX_DF_IMAGE_U8);
    case VX_TYPE_ARRAY: return (vx_reference)vxCreateArray(c, VX_TYPE_UINT8, 64);
    case VX_TYPE_SCALAR: return (vx_reference)vxCreateScalar(c, VX_TYPE_INT32, &zero);
    case VX_TYPE_MATRIX: return (vx_reference)vxCreateMatrix(c, VX_TYPE_INT32, 3, 2);
    case VX_TYPE_CONVOLUTION: return (vx_reference)vxCreateConvolution(c, 3, 3);
    case VX_TYPE_LUT: return (vx_reference)vxCreateLUT(c, VX_TYPE_UINT8, 256);
    case VX_TYPE_DISTRIBUTION: return (vx_reference)vxCreateDistribution(c, 4, 0, 64);
    case VX_TYPE_REMAP: return (vx_reference)vxCreateRemap(c, 8, 8, 4, 4);
    case VX_TYPE_THRESHOLD:
        return (vx_reference)vxCreateThresholdForImage(c, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
    case VX_TYPE_TENSOR: return (vx_reference)vxCreateTensor(c, 2, dims, VX_TYPE_INT32, 0);
    default:
        img = vxCreateImage(c, 8, 4, VX_DF_IMAGE_U8);
        r = (vx_reference)vxCreateObjectArray(c, (vx_reference)img, 3);
        vxReleaseImage(&img);
        return r;
    }
}

typedef struct {
    const char *name;
    vx_enum type;
    put_f put;
    get_f get;
} kind;

static const kind KINDS[] = {
    {"image", VX_TYPE_IMAGE, put_image, get_image},
    {"pyramid", VX_TYPE_PYRAMID, put_pyramid, get_pyramid},
    {"array", VX_TYPE_ARRAY, put_array, get_array},
    {"scalar", VX_TYPE_SCALAR, put_scalar, get_scalar},
    {"matrix", VX_TYPE_MATRIX, put_matrix, get_matrix},
    {"convolution", VX_TYPE_CONVOLUTION, put_conv, get_conv},
    {"lut", VX_TYPE_LUT, put_lut, get_lut},
    {"distribution", VX_TYPE_DISTRIBUTION, put_dist, get_dist},
    {"remap", VX_TYPE_REMAP, put_remap, get_remap},
    {"threshold", VX_TYPE_THRESHOLD, put_thresh, get_thresh},
    {"tensor", VX_TYPE_TENSOR, put_tensor, get_tensor},
    {"object array", VX_TYPE_OBJECT_ARRAY, put_objarr, get_objarr},
};
#define NKINDS (sizeof KINDS / sizeof *KINDS)

static const kind *current;

/* out = in + 1; validated by describing the output like the input */
static vx_status VX_CALLBACK step(vx_node n, const vx_reference *p, vx_uint32 num)
{
    (void)n; (void)num;
    vx_int32 v = 0;
    TRY(current->get(p[0], &v));
    return current->put(p[1], v + 1);
}

static vx_status VX_CALLBACK step_validate(vx_node n, const vx_reference p[], vx_uint32 num, vx_meta_format m[])
{
    (void)n; (void)num;
    return vxSetMetaFormatFromReference(m[1], p[0]);
}

static vx_int32 slot_value(vx_delay d, vx_int32 index)
{
    vx_int32 v = -1;
    CHECK_OK(current->get(vxGetReferenceFromDelay(d, index), &v));
    return v;
}

static void one_type(vx_context ctx, const kind *k)
{
    vx_enum id;
    CHECK_OK(vxAllocateUserKernelId(ctx, &id));
    char name[64];
    snprintf(name, sizeof name, "test.step.%s", k->name);
    vx_kernel kern = vxAddUserKernel(ctx, name, id, step, 2, step_validate, NULL, NULL);
    CHECK_REF(kern);
    CHECK_OK(vxAddParameterToKernel(kern, 0, VX_INPUT, k->type, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(kern, 1, VX_OUTPUT, k->type, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxFinalizeKernel(kern));

    vx_reference ex = exemplar(ctx, k->type);
    CHECK_REF(ex);
    vx_delay d = vxCreateDelay(ctx, ex, 3);
    CHECK_REF(d);
    CHECK_OK(vxReleaseReference(&ex));
    CHECK_OK(k->put(vxGetReferenceFromDelay(d, 0), 1));
    CHECK_OK(k->put(vxGetReferenceFromDelay(d, -1), 10));
    CHECK_OK(k->put(vxGetReferenceFromDelay(d, -2), 2));

    vx_graph g = vxCreateGraph(ctx);
    vx_node n = vxCreateGenericNode(g, kern);
    CHECK_REF(n);
    CHECK_OK(vxSetParameterByIndex(n, 0, vxGetReferenceFromDelay(d, -1)));
    CHECK_OK(vxSetParameterByIndex(n, 1, vxGetReferenceFromDelay(d, 0)));
    CHECK_OK(vxRegisterAutoAging(g, d));
    CHECK(ref_count((vx_reference)d) == 1);        /* the graph's hold is not the application's */
    /* run k writes 10 + k into slot 0, then aging makes it slot -1; the slot before is 9 + k */
    for (vx_int32 run = 1; run <= 4; run++) {
        CHECK_OK(vxProcessGraph(g));
        if (slot_value(d, -1) != 10 + run || slot_value(d, -2) != 9 + run) {
            fprintf(stderr, "%s run %d: slots -1, -2 hold %d, %d\n", k->name, run, slot_value(d, -1), slot_value(d, -2));
            exit(1);
        }
    }
    /* slot 0 now holds what was written two runs ago, 12 */
    CHECK(slot_value(d, 0) == 12);
    /* by hand: slot 0 (12) becomes -1, and the node reads it there */
    CHECK_OK(vxAgeDelay(d));
    CHECK(slot_value(d, -1) == 12 && slot_value(d, -2) == 14);
    CHECK_OK(vxProcessGraph(g));                  /* writes 13, then ages */
    CHECK(slot_value(d, -1) == 13 && slot_value(d, -2) == 12);

    CHECK_OK(vxReleaseNode(&n));
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_OK(vxReleaseDelay(&d));
    CHECK_OK(vxRemoveKernel(kern));
}

int main(void)
{
    vx_context ctx = vxCreateContext();
    CHECK_REF(ctx);
    vx_uint32 refs0 = context_references(ctx);
    for (unsigned i = 0; i < NKINDS; i++) {
        current = &KINDS[i];
        one_type(ctx, current);
        if (context_references(ctx) != refs0) {
            fprintf(stderr, "%s: %u references left, %u at the start\n", current->name, context_references(ctx), refs0);
            return 1;
        }
    }
    CHECK_OK(vxReleaseContext(&ctx));
    printf("ok\n");
    return 0;
}
