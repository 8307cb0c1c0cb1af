/* Delays of every delayable type in graphs: a node reads slot -1 and writes slot 0 (+1); with
 * vxRegisterAutoAging the values move through the slots run after run; vxAgeDelay ages by hand and
 * the node follows; every count returns. Each type carries one number (its *_value below). */
#include "kernels.h"
#include <string.h>

/* One function per type moves its number in the direction `usage` says: VX_WRITE_ONLY stores *v,
 * VX_READ_ONLY loads it into *v. */
typedef vx_status (*value_f)(vx_reference, vx_int32 *v, vx_enum usage);

/* an image: pixel (3, 2) */
static vx_status image_value(vx_reference r, vx_int32 *v, vx_enum usage)
{
    vx_uint8 px = (vx_uint8)*v;
    TRY(copy_u8_pixel((vx_image)r, 3, 2, &px, usage));
    *v = px;
    return VX_SUCCESS;
}
/* a pyramid: its last level */
static vx_status pyramid_value(vx_reference r, vx_int32 *v, vx_enum usage)
{
    vx_image level = vxGetPyramidLevel((vx_pyramid)r, 1);
    vx_status s = image_value((vx_reference)level, v, usage);
    vxReleaseImage(&level);
    return s;
}
/* an object array: its item 2 */
static vx_status objarr_value(vx_reference r, vx_int32 *v, vx_enum usage)
{
    vx_reference item = vxGetObjectArrayItem((vx_object_array)r, 2);
    vx_status s = image_value(item, v, usage);
    vxReleaseReference(&item);
    return s;
}
/* an array: as many items as the number */
static vx_status array_value(vx_reference r, vx_int32 *v, vx_enum usage)
{
    vx_uint8 items[64] = {0};
    vx_size n = 0;
    if (usage == VX_WRITE_ONLY) {
        TRY(vxTruncateArray((vx_array)r, 0));
        return vxAddArrayItems((vx_array)r, (vx_size)*v, items, 1);
    }
    TRY(vxQueryArray((vx_array)r, VX_ARRAY_NUMITEMS, &n, sizeof n));
    *v = (vx_int32)n;
    return VX_SUCCESS;
}
static vx_status scalar_value(vx_reference r, vx_int32 *v, vx_enum usage)
{
    return vxCopyScalar((vx_scalar)r, v, usage, VX_MEMORY_TYPE_HOST);
}
/* a matrix: its last element */
static vx_status matrix_value(vx_reference r, vx_int32 *v, vx_enum usage)
{
    vx_int32 m[6] = {0, 0, 0, 0, 0, *v};
    TRY(vxCopyMatrix((vx_matrix)r, m, usage, VX_MEMORY_TYPE_HOST));
    *v = m[5];
    return VX_SUCCESS;
}
/* a convolution: its centre */
static vx_status conv_value(vx_reference r, vx_int32 *v, vx_enum usage)
{
    vx_int16 c[9] = {0, 0, 0, 0, (vx_int16)*v, 0, 0, 0, 0};
    TRY(vxCopyConvolutionCoefficients((vx_convolution)r, c, usage, VX_MEMORY_TYPE_HOST));
    *v = c[4];
    return VX_SUCCESS;
}
/* a LUT: entry 200 */
static vx_status lut_value(vx_reference r, vx_int32 *v, vx_enum usage)
{
    vx_uint8 t[256] = {0};
    t[200] = (vx_uint8)*v;
    TRY(vxCopyLUT((vx_lut)r, t, usage, VX_MEMORY_TYPE_HOST));
    *v = t[200];
    return VX_SUCCESS;
}
/* a distribution: bin 1 */
static vx_status dist_value(vx_reference r, vx_int32 *v, vx_enum usage)
{
    vx_uint32 b[4] = {0, (vx_uint32)*v, 0, 0};
    TRY(vxCopyDistribution((vx_distribution)r, b, usage, VX_MEMORY_TYPE_HOST));
    *v = (vx_int32)b[1];
    return VX_SUCCESS;
}
/* a remap: the source y of destination point (1, 1) */
static vx_status remap_value(vx_reference r, vx_int32 *v, vx_enum usage)
{
    static const vx_rectangle_t point = {1, 1, 2, 2};
    vx_coordinates2df_t c = {0.5f, (vx_float32)*v};
    TRY(vxCopyRemapPatch((vx_remap)r, &point, sizeof c, &c, VX_TYPE_COORDINATES2DF, usage, VX_MEMORY_TYPE_HOST));
    *v = (vx_int32)c.y;
    return VX_SUCCESS;
}
static vx_status thresh_value(vx_reference r, vx_int32 *v, vx_enum usage)
{
    vx_pixel_value_t px;
    memset(&px, 0, sizeof px);
    px.U8 = (vx_uint8)*v;
    TRY(vxCopyThresholdValue((vx_threshold)r, &px, usage, VX_MEMORY_TYPE_HOST));
    *v = px.U8;
    return VX_SUCCESS;
}
/* a tensor: element (1, 2) */
static vx_status tensor_value(vx_reference r, vx_int32 *v, vx_enum usage)
{
    vx_size start[2] = {1, 2}, end[2] = {2, 3}, stride[2] = {4, 4};
    return vxCopyTensorPatch((vx_tensor)r, 2, start, end, stride, v, usage, VX_MEMORY_TYPE_HOST);
}

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
    value_f value;
} kind;

static const kind KINDS[] = {
    {"image", VX_TYPE_IMAGE, image_value},
    {"pyramid", VX_TYPE_PYRAMID, pyramid_value},
    {"array", VX_TYPE_ARRAY, array_value},
    {"scalar", VX_TYPE_SCALAR, scalar_value},
    {"matrix", VX_TYPE_MATRIX, matrix_value},
    {"convolution", VX_TYPE_CONVOLUTION, conv_value},
    {"lut", VX_TYPE_LUT, lut_value},
    {"distribution", VX_TYPE_DISTRIBUTION, dist_value},
    {"remap", VX_TYPE_REMAP, remap_value},
    {"threshold", VX_TYPE_THRESHOLD, thresh_value},
    {"tensor", VX_TYPE_TENSOR, tensor_value},
    {"object array", VX_TYPE_OBJECT_ARRAY, objarr_value},
};
#define NKINDS (sizeof KINDS / sizeof *KINDS)

static const kind *current;

/* out = in + 1 (the output is validated like the input) */
static vx_status VX_CALLBACK step(vx_node n, const vx_reference *p, vx_uint32 num)
{
    (void)n; (void)num;
    vx_int32 v = 0;
    TRY(current->value(p[0], &v, VX_READ_ONLY));
    v++;
    return current->value(p[1], &v, VX_WRITE_ONLY);
}

static vx_int32 slot_value(vx_delay d, vx_int32 index)
{
    vx_int32 v = -1;
    CHECK_OK(current->value(vxGetReferenceFromDelay(d, index), &v, VX_READ_ONLY));
    return v;
}

static void set_slot(vx_delay d, vx_int32 index, vx_int32 v)
{
    CHECK_OK(current->value(vxGetReferenceFromDelay(d, index), &v, VX_WRITE_ONLY));
}

static void one_type(vx_context ctx, const kind *k)
{
    char name[64];
    snprintf(name, sizeof name, "test.step.%s", k->name);
    vx_kernel kern = in_out_kernel(ctx, name, step, like_input, k->type);

    vx_reference ex = exemplar(ctx, k->type);
    CHECK_REF(ex);
    vx_delay d = vxCreateDelay(ctx, ex, 3);
    CHECK_REF(d);
    CHECK_OK(vxReleaseReference(&ex));
    set_slot(d, 0, 1);
    set_slot(d, -1, 10);
    set_slot(d, -2, 2);

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
