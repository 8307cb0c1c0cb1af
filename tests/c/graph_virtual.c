/* Virtual data objects of every type in a real graph: created with their attributes left open,
 * given their meta data by a producer's validator (attributes, or an exemplar through
 * vxSetMetaFormatFromReference), written and read by the kernels while the graph runs, refused to
 * the application outside it, and refused by verification when nobody specifies them. */
#include "kernels.h"
#include <string.h>

#define SET(m, attr, type, value)                                        \
    do {                                                                 \
        type v_ = (value);                                               \
        CHECK_OK(vxSetMetaFormatAttribute((m), (attr), &v_, sizeof v_)); \
    } while (0)

static const vx_rectangle_t R84 = {0, 0, 8, 4};

/* Each type below has: v_ (a virtual one, attributes open), e_ (a plain exemplar with the meta data
 * the producer gives), m_ (that meta data, by attribute), d_ (writes the type's values when sum is
 * NULL, else adds the values it reads, weighted by position, to *sum) and, where the application
 * tries another access than the consumer's read, a_. Reads start from zeros, so a read that copies
 * nothing cannot pass. Writes and reads take different paths (map, copy) on purpose. */

/* images ---------------------------------------------------------------------------------------- */
static vx_status u8_data(vx_image img, vx_uint8 bias, vx_uint32 *sum)
{
    u8_map m;
    TRY(map_u8(img, sum ? VX_READ_ONLY : VX_WRITE_ONLY, &m));
    for (vx_uint32 y = 0; y < m.height; y++)
        for (vx_uint32 x = 0; x < m.width; x++) {
            if (sum)
                *sum += m.p[y * m.stride + x];
            else
                m.p[y * m.stride + x] = (vx_uint8)(x + y + bias);
        }
    return vxUnmapImagePatch(img, m.id);
}

static vx_status app_image(vx_image img)
{
    vx_uint8 buf[32];
    vx_imagepatch_addressing_t a = {8, 4, 1, 8, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 0};
    return vxCopyImagePatch(img, &R84, 0, &a, buf, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
}

static vx_reference v_image(vx_graph g) { return (vx_reference)vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT); }
static vx_reference e_image(vx_context c) { return (vx_reference)vxCreateImage(c, 8, 4, VX_DF_IMAGE_U8); }
static void m_image(vx_meta_format m)
{
    SET(m, VX_IMAGE_WIDTH, vx_uint32, 8);
    SET(m, VX_IMAGE_HEIGHT, vx_uint32, 4);
    SET(m, VX_IMAGE_FORMAT, vx_df_image, VX_DF_IMAGE_U8);
}
static vx_status d_image(vx_reference r, vx_uint32 *sum) { return u8_data((vx_image)r, 1, sum); }
static vx_status a_image(vx_reference r) { return app_image((vx_image)r); }

/* pyramids: every level ------------------------------------------------------------------------ */
static vx_reference v_pyramid(vx_graph g)
{
    return (vx_reference)vxCreateVirtualPyramid(g, 3, VX_SCALE_PYRAMID_HALF, 0, 0, VX_DF_IMAGE_VIRT);
}
static vx_reference e_pyramid(vx_context c)
{
    return (vx_reference)vxCreatePyramid(c, 3, VX_SCALE_PYRAMID_HALF, 16, 8, VX_DF_IMAGE_U8);
}
static void m_pyramid(vx_meta_format m)
{
    SET(m, VX_PYRAMID_LEVELS, vx_size, 3);
    SET(m, VX_PYRAMID_SCALE, vx_float32, VX_SCALE_PYRAMID_HALF);
    SET(m, VX_PYRAMID_WIDTH, vx_uint32, 16);
    SET(m, VX_PYRAMID_HEIGHT, vx_uint32, 8);
    SET(m, VX_PYRAMID_FORMAT, vx_df_image, VX_DF_IMAGE_U8);
}
static vx_status d_pyramid(vx_reference r, vx_uint32 *sum)
{
    for (vx_uint32 i = 0; i < 3; i++) {
        vx_image level = vxGetPyramidLevel((vx_pyramid)r, i);
        TRY(vxGetStatus((vx_reference)level));
        vx_status s = u8_data(level, (vx_uint8)(10 * i), sum);
        vxReleaseImage(&level);
        TRY(s);
    }
    return VX_SUCCESS;
}
static vx_status a_pyramid(vx_reference r)
{
    vx_image level = vxGetPyramidLevel((vx_pyramid)r, 2);
    vx_status s = app_image(level);
    vxReleaseImage(&level);
    return s;
}

/* arrays: the application tries to add an item ------------------------------------------------- */
static vx_reference v_array(vx_graph g) { return (vx_reference)vxCreateVirtualArray(g, 0, 0); }
static vx_reference e_array(vx_context c) { return (vx_reference)vxCreateArray(c, VX_TYPE_UINT32, 8); }
static void m_array(vx_meta_format m)
{
    SET(m, VX_ARRAY_ITEMTYPE, vx_enum, VX_TYPE_UINT32);
    SET(m, VX_ARRAY_CAPACITY, vx_size, 8);
}
static vx_status d_array(vx_reference r, vx_uint32 *sum)
{
    vx_uint32 items[8] = {3, 5, 7, 11, 13};
    vx_size n = 0;
    if (!sum) {
        TRY(vxTruncateArray((vx_array)r, 0));
        return vxAddArrayItems((vx_array)r, 5, items, sizeof items[0]);
    }
    TRY(vxQueryArray((vx_array)r, VX_ARRAY_NUMITEMS, &n, sizeof n));
    memset(items, 0, sizeof items);
    TRY(vxCopyArrayRange((vx_array)r, 0, n, sizeof items[0], items, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    for (vx_size i = 0; i < n; i++)
        *sum += items[i] * (vx_uint32)(i + 1);
    return VX_SUCCESS;
}
static vx_status a_array(vx_reference r)
{
    vx_uint32 item = 1;
    return vxAddArrayItems((vx_array)r, 1, &item, sizeof item);
}

/* scalars --------------------------------------------------------------------------------------- */
static vx_reference v_scalar(vx_graph g) { return (vx_reference)vxCreateVirtualScalar(g, VX_TYPE_INVALID); }
static vx_reference e_scalar(vx_context c)
{
    vx_uint32 zero = 0;
    return (vx_reference)vxCreateScalar(c, VX_TYPE_UINT32, &zero);
}
static void m_scalar(vx_meta_format m) { SET(m, VX_SCALAR_TYPE, vx_enum, VX_TYPE_UINT32); }
static vx_status d_scalar(vx_reference r, vx_uint32 *sum)
{
    vx_uint32 v = sum ? 0 : 4242;
    TRY(vxCopyScalar((vx_scalar)r, &v, sum ? VX_READ_ONLY : VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    if (sum)
        *sum += v;
    return VX_SUCCESS;
}
#define a_scalar NULL

/* matrices -------------------------------------------------------------------------------------- */
static vx_reference v_matrix(vx_graph g) { return (vx_reference)vxCreateVirtualMatrix(g, VX_TYPE_INVALID, 0, 0); }
static vx_reference e_matrix(vx_context c) { return (vx_reference)vxCreateMatrix(c, VX_TYPE_INT32, 3, 2); }
static void m_matrix(vx_meta_format m)
{
    SET(m, VX_MATRIX_TYPE, vx_enum, VX_TYPE_INT32);
    SET(m, VX_MATRIX_COLUMNS, vx_size, 3);
    SET(m, VX_MATRIX_ROWS, vx_size, 2);
}
static vx_status d_matrix(vx_reference r, vx_uint32 *sum)
{
    vx_int32 v[6] = {1, 2, 3, 4, 5, 6};
    if (sum)
        memset(v, 0, sizeof v);
    TRY(vxCopyMatrix((vx_matrix)r, v, sum ? VX_READ_ONLY : VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    for (int i = 0; sum && i < 6; i++)
        *sum += (vx_uint32)(v[i] * (i + 1));
    return VX_SUCCESS;
}
#define a_matrix NULL

/* convolutions ---------------------------------------------------------------------------------- */
static vx_reference v_conv(vx_graph g) { return (vx_reference)vxCreateVirtualConvolution(g, 0, 0); }
static vx_reference e_conv(vx_context c) { return (vx_reference)vxCreateConvolution(c, 3, 3); }
static void m_conv(vx_meta_format m)
{
    SET(m, VX_CONVOLUTION_COLUMNS, vx_size, 3);
    SET(m, VX_CONVOLUTION_ROWS, vx_size, 3);
}
static vx_status d_conv(vx_reference r, vx_uint32 *sum)
{
    vx_int16 v[9] = {1, 2, 1, 2, 4, 2, 1, 2, 9};
    if (sum)
        memset(v, 0, sizeof v);
    TRY(vxCopyConvolutionCoefficients((vx_convolution)r, v, sum ? VX_READ_ONLY : VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    for (int i = 0; sum && i < 9; i++)
        *sum += (vx_uint32)(v[i] * (i + 1));
    return VX_SUCCESS;
}
#define a_conv NULL

/* LUTs: written through a map, read by a copy; the application tries a map ----------------------- */
static vx_reference v_lut(vx_graph g) { return (vx_reference)vxCreateVirtualLUT(g, VX_TYPE_INVALID, 0); }
static vx_reference e_lut(vx_context c) { return (vx_reference)vxCreateLUT(c, VX_TYPE_UINT8, 256); }
static void m_lut(vx_meta_format m)
{
    SET(m, VX_LUT_TYPE, vx_enum, VX_TYPE_UINT8);
    SET(m, VX_LUT_COUNT, vx_size, 256);
}
static vx_status d_lut(vx_reference r, vx_uint32 *sum)
{
    vx_map_id id;
    vx_uint8 *p = NULL, v[256] = {0};
    if (!sum) {
        TRY(vxMapLUT((vx_lut)r, &id, (void **)&p, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0));
        for (int i = 0; i < 256; i++)
            p[i] = (vx_uint8)(255 - i);
        return vxUnmapLUT((vx_lut)r, id);
    }
    TRY(vxCopyLUT((vx_lut)r, v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    for (int i = 0; i < 256; i++)
        *sum += v[i] * (vx_uint32)(i % 3);
    return VX_SUCCESS;
}
static vx_status a_lut(vx_reference r)
{
    vx_map_id id;
    void *p = NULL;
    return vxMapLUT((vx_lut)r, &id, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0);
}

/* distributions: written through a map, read by a copy ------------------------------------------ */
static vx_reference v_dist(vx_graph g) { return (vx_reference)vxCreateVirtualDistribution(g, 0, 0, 0); }
static vx_reference e_dist(vx_context c) { return (vx_reference)vxCreateDistribution(c, 4, 2, 16); }
static void m_dist(vx_meta_format m)
{
    SET(m, VX_DISTRIBUTION_BINS, vx_size, 4);
    SET(m, VX_DISTRIBUTION_OFFSET, vx_int32, 2);
    SET(m, VX_DISTRIBUTION_RANGE, vx_uint32, 16);
}
static vx_status d_dist(vx_reference r, vx_uint32 *sum)
{
    vx_map_id id;
    vx_uint32 *p = NULL, v[4] = {0};
    if (!sum) {
        TRY(vxMapDistribution((vx_distribution)r, &id, (void **)&p, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0));
        for (int i = 0; i < 4; i++)
            p[i] = (vx_uint32)(100 + i);
        return vxUnmapDistribution((vx_distribution)r, id);
    }
    TRY(vxCopyDistribution((vx_distribution)r, v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    for (int i = 0; i < 4; i++)
        *sum += v[i] * (vx_uint32)(i + 1);
    return VX_SUCCESS;
}
#define a_dist NULL

/* remaps: written by a copy, read through a map; the application tries a copy ------------------- */
static const vx_rectangle_t R44 = {0, 0, 4, 4};
static vx_reference v_remap(vx_graph g) { return (vx_reference)vxCreateVirtualRemap(g, 0, 0, 0, 0); }
static vx_reference e_remap(vx_context c) { return (vx_reference)vxCreateRemap(c, 8, 8, 4, 4); }
static void m_remap(vx_meta_format m)
{
    SET(m, VX_REMAP_SOURCE_WIDTH, vx_uint32, 8);
    SET(m, VX_REMAP_SOURCE_HEIGHT, vx_uint32, 8);
    SET(m, VX_REMAP_DESTINATION_WIDTH, vx_uint32, 4);
    SET(m, VX_REMAP_DESTINATION_HEIGHT, vx_uint32, 4);
}
static vx_status d_remap(vx_reference r, vx_uint32 *sum)
{
    vx_coordinates2df_t c[16];
    vx_map_id id;
    vx_size stride_y = 0;
    void *p = NULL;
    if (!sum) {
        for (int i = 0; i < 16; i++) {
            c[i].x = (vx_float32)(2 * (i % 4));
            c[i].y = (vx_float32)(i / 4 + 3);
        }
        return vxCopyRemapPatch((vx_remap)r, &R44, 4 * sizeof c[0], c, VX_TYPE_COORDINATES2DF, VX_WRITE_ONLY,
                                VX_MEMORY_TYPE_HOST);
    }
    TRY(vxMapRemapPatch((vx_remap)r, &R44, &id, &stride_y, &p, VX_TYPE_COORDINATES2DF, VX_READ_ONLY,
                        VX_MEMORY_TYPE_HOST));
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++) {
            const vx_coordinates2df_t *e = (const vx_coordinates2df_t *)((char *)p + y * stride_y) + x;
            *sum += (vx_uint32)(e->x * (x + 1) + e->y * (y + 5));
        }
    return vxUnmapRemapPatch((vx_remap)r, id);
}
static vx_status a_remap(vx_reference r)
{
    vx_coordinates2df_t c[16];
    return vxCopyRemapPatch((vx_remap)r, &R44, 4 * sizeof c[0], c, VX_TYPE_COORDINATES2DF, VX_READ_ONLY,
                            VX_MEMORY_TYPE_HOST);
}

/* thresholds (created with their formats: never open) ------------------------------------------ */
static vx_reference v_thresh(vx_graph g)
{
    return (vx_reference)vxCreateVirtualThresholdForImage(g, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
}
static vx_reference e_thresh(vx_context c)
{
    return (vx_reference)vxCreateThresholdForImage(c, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
}
static void m_thresh(vx_meta_format m)
{
    SET(m, VX_THRESHOLD_TYPE, vx_enum, VX_THRESHOLD_TYPE_BINARY);
    SET(m, VX_THRESHOLD_INPUT_FORMAT, vx_df_image, VX_DF_IMAGE_U8);
    SET(m, VX_THRESHOLD_OUTPUT_FORMAT, vx_df_image, VX_DF_IMAGE_U8);
}
static vx_status d_thresh(vx_reference r, vx_uint32 *sum)
{
    vx_pixel_value_t v;
    memset(&v, 0, sizeof v);
    v.U8 = sum ? 0 : 177;
    TRY(vxCopyThresholdValue((vx_threshold)r, &v, sum ? VX_READ_ONLY : VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    if (sum)
        *sum += v.U8;
    return VX_SUCCESS;
}
#define a_thresh NULL

/* tensors: written by a copy, read through a map ------------------------------------------------ */
static vx_size tdims[2] = {4, 3};
static vx_reference v_tensor(vx_graph g) { return (vx_reference)vxCreateVirtualTensor(g, 0, NULL, VX_TYPE_INVALID, 0); }
static vx_reference e_tensor(vx_context c) { return (vx_reference)vxCreateTensor(c, 2, tdims, VX_TYPE_INT16, 0); }
static void m_tensor(vx_meta_format m)
{
    SET(m, VX_TENSOR_NUMBER_OF_DIMS, vx_size, 2);
    CHECK_OK(vxSetMetaFormatAttribute(m, VX_TENSOR_DIMS, tdims, sizeof tdims));
    SET(m, VX_TENSOR_DATA_TYPE, vx_enum, VX_TYPE_INT16);
    SET(m, VX_TENSOR_FIXED_POINT_POSITION, vx_int8, 0);
}
static vx_status d_tensor(vx_reference r, vx_uint32 *sum)
{
    vx_size start[2] = {0, 0}, stride[2] = {2, 8};
    vx_int16 v[12];
    vx_map_id id;
    char *p = NULL;
    if (!sum) {
        for (int i = 0; i < 12; i++)
            v[i] = (vx_int16)(i * i);
        return vxCopyTensorPatch((vx_tensor)r, 2, start, tdims, stride, v, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
    }
    TRY(vxMapTensorPatch((vx_tensor)r, 2, start, tdims, &id, stride, (void **)&p, VX_READ_ONLY,
                         VX_MEMORY_TYPE_HOST));
    for (vx_size j = 0; j < 3; j++)
        for (vx_size i = 0; i < 4; i++)
            *sum += (vx_uint32)(*(vx_int16 *)(p + i * stride[0] + j * stride[1]) * (vx_int16)(i + 1));
    return vxUnmapTensorPatch((vx_tensor)r, id);
}
#define a_tensor NULL

/* object arrays (item type and count are the creator's: never open) ---------------------------- */
static vx_image item_exemplar;
static vx_reference v_objarr(vx_graph g) { return (vx_reference)vxCreateVirtualObjectArray(g, (vx_reference)item_exemplar, 3); }
static vx_reference e_objarr(vx_context c) { return (vx_reference)vxCreateObjectArray(c, (vx_reference)item_exemplar, 3); }
static void m_objarr(vx_meta_format m)
{
    SET(m, VX_OBJECT_ARRAY_ITEMTYPE, vx_enum, VX_TYPE_IMAGE);
    SET(m, VX_OBJECT_ARRAY_NUMITEMS, vx_size, 3);
}
static vx_status d_objarr(vx_reference r, vx_uint32 *sum)
{
    for (vx_uint32 i = 0; i < 3; i++) {
        vx_image item = (vx_image)vxGetObjectArrayItem((vx_object_array)r, i);
        TRY(vxGetStatus((vx_reference)item));
        vx_status s = u8_data(item, (vx_uint8)(20 * i + 1), sum);
        vxReleaseImage(&item);
        TRY(s);
        if (sum)
            *sum *= 3;
    }
    return VX_SUCCESS;
}
static vx_status a_objarr(vx_reference r)
{
    vx_image item = (vx_image)vxGetObjectArrayItem((vx_object_array)r, 1);
    vx_status s = app_image(item);
    vxReleaseImage(&item);
    return s;
}

/* the table ------------------------------------------------------------------------------------- */
typedef struct {
    const char *name;
    vx_enum type;
    vx_reference (*make_virtual)(vx_graph);
    vx_reference (*make_exemplar)(vx_context);
    void (*set_meta)(vx_meta_format);
    vx_status (*data)(vx_reference, vx_uint32 *sum);   /* sum NULL: write, else read */
    vx_status (*app_access)(vx_reference);             /* NULL: the consumer's read */
    vx_status unspecified;           /* verification's status when the validator says nothing */
} kind;

#define KIND(name, type, x, unspecified) \
    {name, type, v_##x, e_##x, m_##x, d_##x, a_##x, unspecified}
static const kind KINDS[] = {
    KIND("image", VX_TYPE_IMAGE, image, VX_ERROR_INVALID_DIMENSION),
    KIND("pyramid", VX_TYPE_PYRAMID, pyramid, VX_ERROR_INVALID_DIMENSION),
    KIND("array", VX_TYPE_ARRAY, array, VX_ERROR_INVALID_TYPE),
    KIND("scalar", VX_TYPE_SCALAR, scalar, VX_ERROR_INVALID_TYPE),
    KIND("matrix", VX_TYPE_MATRIX, matrix, VX_ERROR_INVALID_TYPE),
    KIND("convolution", VX_TYPE_CONVOLUTION, conv, VX_ERROR_INVALID_DIMENSION),
    KIND("lut", VX_TYPE_LUT, lut, VX_ERROR_INVALID_TYPE),
    KIND("distribution", VX_TYPE_DISTRIBUTION, dist, VX_ERROR_INVALID_DIMENSION),
    KIND("remap", VX_TYPE_REMAP, remap, VX_ERROR_INVALID_DIMENSION),
    KIND("threshold", VX_TYPE_THRESHOLD, thresh, VX_SUCCESS),
    KIND("tensor", VX_TYPE_TENSOR, tensor, VX_ERROR_INVALID_TYPE),
    KIND("object array", VX_TYPE_OBJECT_ARRAY, objarr, VX_SUCCESS),
};
#define NKINDS (sizeof KINDS / sizeof *KINDS)

enum { BY_ATTRIBUTES, BY_EXEMPLAR, UNSPECIFIED };
static int mode;
static const kind *current;
static vx_reference exemplar;
static int produced, consumed;

static vx_status VX_CALLBACK produce_validate(vx_node n, const vx_reference p[], vx_uint32 num, vx_meta_format m[])
{
    (void)n; (void)p; (void)num;
    if (mode == BY_EXEMPLAR)
        return vxSetMetaFormatFromReference(m[0], exemplar);
    if (mode == BY_ATTRIBUTES)
        current->set_meta(m[0]);
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK produce(vx_node n, const vx_reference *p, vx_uint32 num)
{
    (void)n; (void)num;
    produced++;
    return current->data(p[0], NULL);
}

static vx_status VX_CALLBACK consume_validate(vx_node n, const vx_reference p[], vx_uint32 num, vx_meta_format m[])
{
    (void)n; (void)p; (void)num;
    SET(m[1], VX_SCALAR_TYPE, vx_enum, VX_TYPE_UINT32);
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK consume(vx_node n, const vx_reference *p, vx_uint32 num)
{
    (void)n; (void)num;
    vx_uint32 sum = 0;
    consumed++;
    TRY(current->data(p[0], &sum));
    return vxCopyScalar((vx_scalar)p[1], &sum, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
}

static vx_kernel add_kernel(vx_context ctx, const char *name, vx_kernel_f fn, vx_kernel_validate_f validate,
                            vx_enum type, int consumer)
{
    vx_enum id;
    CHECK_OK(vxAllocateUserKernelId(ctx, &id));
    vx_kernel k = vxAddUserKernel(ctx, name, id, fn, consumer ? 2 : 1, validate, NULL, NULL);
    CHECK_REF(k);
    CHECK_OK(vxAddParameterToKernel(k, 0, consumer ? VX_INPUT : VX_OUTPUT, type, VX_PARAMETER_STATE_REQUIRED));
    if (consumer)
        CHECK_OK(vxAddParameterToKernel(k, 1, VX_OUTPUT, VX_TYPE_SCALAR, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxFinalizeKernel(k));
    return k;
}

static vx_node add_node(vx_graph g, vx_kernel k, vx_reference a, vx_reference b)
{
    vx_node n = vxCreateGenericNode(g, k);
    CHECK_REF(n);
    CHECK_OK(vxSetParameterByIndex(n, 0, a));
    if (b)
        CHECK_OK(vxSetParameterByIndex(n, 1, b));
    return n;
}

/* what the application tries on a virtual object (refused) */
static vx_status app_access(const kind *k, vx_reference v)
{
    vx_uint32 sum = 0;
    return k->app_access ? k->app_access(v) : k->data(v, &sum);
}

/* one graph: producer -> virtual -> consumer -> result; returns the verification status */
static vx_status run(vx_context ctx, const kind *k, vx_kernel producer, vx_kernel consumer, vx_uint32 expected)
{
    vx_uint32 zero = 0, result = 0;
    vx_scalar out = vxCreateScalar(ctx, VX_TYPE_UINT32, &zero);
    vx_graph g = vxCreateGraph(ctx);
    vx_reference v = k->make_virtual(g);
    CHECK_REF(v);
    vx_node a = add_node(g, producer, v, NULL), b = add_node(g, consumer, v, (vx_reference)out);
    /* not the application's, before the graph ... */
    CHECK_REFUSED(app_access(k, v), VX_ERROR_OPTIMIZED_AWAY);
    int before = log_entries;
    vx_status verified = vxVerifyGraph(g);
    if (verified == VX_SUCCESS) {
        produced = consumed = 0;
        CHECK_OK(vxProcessGraph(g));
        CHECK(produced == 1 && consumed == 1);
        CHECK_OK(vxCopyScalar(out, &result, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        if (result != expected)
            fprintf(stderr, "%s: the consumer read %u, expected %u\n", k->name, result, expected);
        CHECK(result == expected);
        /* ... nor after it */
        CHECK_REFUSED(app_access(k, v), VX_ERROR_OPTIMIZED_AWAY);
    } else {
        CHECK(log_entries > before);
    }
    CHECK_OK(vxReleaseNode(&a));
    CHECK_OK(vxReleaseNode(&b));
    CHECK_OK(vxReleaseReference(&v));
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_OK(vxReleaseScalar(&out));
    return verified;
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs0 = context_references(ctx);
    item_exemplar = vxCreateImage(ctx, 8, 4, VX_DF_IMAGE_U8);
    for (unsigned i = 0; i < NKINDS; i++) {
        const kind *k = current = &KINDS[i];
        char name[64];
        snprintf(name, sizeof name, "test.produce.%u", i);
        vx_kernel producer = add_kernel(ctx, name, produce, produce_validate, k->type, 0);
        snprintf(name, sizeof name, "test.consume.%u", i);
        vx_kernel consumer = add_kernel(ctx, name, consume, consume_validate, k->type, 1);
        /* what the kernels do to a plain object of the same meta data is what they must do to the
         * virtual one */
        exemplar = k->make_exemplar(ctx);
        CHECK_REF(exemplar);
        vx_uint32 expected = 0;
        CHECK_OK(k->data(exemplar, NULL));
        CHECK_OK(k->data(exemplar, &expected));
        CHECK(expected != 0);
        mode = BY_ATTRIBUTES;
        if (run(ctx, k, producer, consumer, expected) != VX_SUCCESS) {
            fprintf(stderr, "%s: verification refused the attributes\n", k->name);
            return 1;
        }
        mode = BY_EXEMPLAR;
        if (run(ctx, k, producer, consumer, expected) != VX_SUCCESS) {
            fprintf(stderr, "%s: verification refused the exemplar\n", k->name);
            return 1;
        }
        mode = UNSPECIFIED;
        vx_status s = run(ctx, k, producer, consumer, expected);
        if (s != k->unspecified) {
            fprintf(stderr, "%s: an unspecified virtual output gave %d, expected %d\n", k->name, s, k->unspecified);
            return 1;
        }
        CHECK_OK(vxReleaseReference(&exemplar));
        CHECK_OK(vxRemoveKernel(producer));
        CHECK_OK(vxRemoveKernel(consumer));
    }
    CHECK_OK(vxReleaseImage(&item_exemplar));
    CHECK(context_references(ctx) == refs0);
    CHECK_OK(vxReleaseContext(&ctx));
    printf("ok\n");
    return 0;
}
