/* Meta formats for every data object type, from a C validator: vxSetMetaFormatFromReference with an
 * exemplar, vxQueryMetaFormatAttribute of each meta attribute (equal to the exemplar's own),
 * vxSetMetaFormatAttribute of each, refusals (an attribute of another type, the write-only
 * VX_VALID_RECT_CALLBACK), VX_PARAMETER_META_FORMAT afterwards; verification then checks the output
 * against the meta data, accepting an equal object (and a larger array) and refusing a different
 * one with the status of the attribute that differs. */
#include "kernels.h"
#include <string.h>
#include <VX/vx_khr_user_data_object.h>

/* the meta attributes of each type, with their sizes (VX_TENSOR_DIMS: per dimension) */
typedef struct {
    vx_enum type;
    vx_enum attrs[6];
    vx_size sizes[6];
} meta_attrs;

static const meta_attrs TABLE[] = {
    {VX_TYPE_IMAGE, {VX_IMAGE_FORMAT, VX_IMAGE_WIDTH, VX_IMAGE_HEIGHT}, {4, 4, 4}},
    {VX_TYPE_ARRAY, {VX_ARRAY_ITEMTYPE, VX_ARRAY_CAPACITY}, {4, sizeof(vx_size)}},
    {VX_TYPE_PYRAMID, {VX_PYRAMID_FORMAT, VX_PYRAMID_WIDTH, VX_PYRAMID_HEIGHT, VX_PYRAMID_LEVELS, VX_PYRAMID_SCALE},
     {4, 4, 4, sizeof(vx_size), 4}},
    {VX_TYPE_SCALAR, {VX_SCALAR_TYPE}, {4}},
    {VX_TYPE_MATRIX, {VX_MATRIX_TYPE, VX_MATRIX_ROWS, VX_MATRIX_COLUMNS}, {4, sizeof(vx_size), sizeof(vx_size)}},
    {VX_TYPE_DISTRIBUTION, {VX_DISTRIBUTION_BINS, VX_DISTRIBUTION_OFFSET, VX_DISTRIBUTION_RANGE},
     {sizeof(vx_size), 4, 4}},
    {VX_TYPE_REMAP, {VX_REMAP_SOURCE_WIDTH, VX_REMAP_SOURCE_HEIGHT, VX_REMAP_DESTINATION_WIDTH,
                     VX_REMAP_DESTINATION_HEIGHT}, {4, 4, 4, 4}},
    {VX_TYPE_LUT, {VX_LUT_TYPE, VX_LUT_COUNT}, {4, sizeof(vx_size)}},
    {VX_TYPE_THRESHOLD, {VX_THRESHOLD_TYPE, VX_THRESHOLD_INPUT_FORMAT, VX_THRESHOLD_OUTPUT_FORMAT}, {4, 4, 4}},
    {VX_TYPE_OBJECT_ARRAY, {VX_OBJECT_ARRAY_ITEMTYPE, VX_OBJECT_ARRAY_NUMITEMS}, {4, sizeof(vx_size)}},
    {VX_TYPE_TENSOR, {VX_TENSOR_NUMBER_OF_DIMS, VX_TENSOR_DIMS, VX_TENSOR_DATA_TYPE, VX_TENSOR_FIXED_POINT_POSITION},
     {sizeof(vx_size), sizeof(vx_size), 4, 1}},
    {VX_TYPE_CONVOLUTION, {VX_CONVOLUTION_ROWS, VX_CONVOLUTION_COLUMNS}, {sizeof(vx_size), sizeof(vx_size)}},
    {VX_TYPE_USER_DATA_OBJECT, {VX_USER_DATA_OBJECT_NAME, VX_USER_DATA_OBJECT_SIZE},
     {VX_MAX_REFERENCE_NAME, sizeof(vx_size)}},
};
#define TYPES (sizeof TABLE / sizeof TABLE[0])

static vx_enum type_of(vx_reference ref)
{
    vx_enum type = 0;
    CHECK_OK(vxQueryReference(ref, VX_REFERENCE_TYPE, &type, sizeof type));
    return type;
}

static vx_status query(vx_reference ref, vx_enum attribute, void *ptr, vx_size size)
{
    switch (type_of(ref)) {
    case VX_TYPE_IMAGE: return vxQueryImage((vx_image)ref, attribute, ptr, size);
    case VX_TYPE_ARRAY: return vxQueryArray((vx_array)ref, attribute, ptr, size);
    case VX_TYPE_PYRAMID: return vxQueryPyramid((vx_pyramid)ref, attribute, ptr, size);
    case VX_TYPE_SCALAR: return vxQueryScalar((vx_scalar)ref, attribute, ptr, size);
    case VX_TYPE_MATRIX: return vxQueryMatrix((vx_matrix)ref, attribute, ptr, size);
    case VX_TYPE_DISTRIBUTION: return vxQueryDistribution((vx_distribution)ref, attribute, ptr, size);
    case VX_TYPE_REMAP: return vxQueryRemap((vx_remap)ref, attribute, ptr, size);
    case VX_TYPE_LUT: return vxQueryLUT((vx_lut)ref, attribute, ptr, size);
    case VX_TYPE_THRESHOLD: return vxQueryThreshold((vx_threshold)ref, attribute, ptr, size);
    case VX_TYPE_OBJECT_ARRAY: return vxQueryObjectArray((vx_object_array)ref, attribute, ptr, size);
    case VX_TYPE_TENSOR: return vxQueryTensor((vx_tensor)ref, attribute, ptr, size);
    case VX_TYPE_CONVOLUTION: return vxQueryConvolution((vx_convolution)ref, attribute, ptr, size);
    case VX_TYPE_USER_DATA_OBJECT: return vxQueryUserDataObject((vx_user_data_object)ref, attribute, ptr, size);
    }
    return VX_ERROR_NOT_SUPPORTED;
}

static int validations;

static vx_status VX_CALLBACK rect(vx_node node, vx_uint32 index, const vx_rectangle_t *const in[],
                                 vx_rectangle_t *const out[])
{
    (void)node; (void)index; (void)in; (void)out;
    return VX_SUCCESS;
}

/* p[0]: the exemplar; p[1]: the output */
static vx_status VX_CALLBACK validate(vx_node node, const vx_reference p[], vx_uint32 n, vx_meta_format m[])
{
    (void)node;
    CHECK(n == 2 && m[0] == NULL && m[1] != NULL);
    validations++;
    vx_enum type = type_of(p[0]);
    const meta_attrs *t = NULL;
    for (size_t i = 0; i < TYPES; i++)
        if (TABLE[i].type == type)
            t = &TABLE[i];
    CHECK(t != NULL);
    CHECK_OK(vxSetMetaFormatFromReference(m[1], p[0]));
    vx_size dims = 1;
    if (type == VX_TYPE_TENSOR)
        CHECK_OK(vxQueryTensor((vx_tensor)p[0], VX_TENSOR_NUMBER_OF_DIMS, &dims, sizeof dims));
    for (int a = 0; a < 6 && t->attrs[a]; a++) {
        vx_size size = t->sizes[a] * (t->attrs[a] == VX_TENSOR_DIMS ? dims : 1);
        unsigned char want[VX_MAX_REFERENCE_NAME] = {0}, got[VX_MAX_REFERENCE_NAME] = {0};
        CHECK_OK(query(p[0], t->attrs[a], want, size));
        CHECK_OK(vxQueryMetaFormatAttribute(m[1], t->attrs[a], got, size));
        CHECK(memcmp(want, got, size) == 0);
        CHECK_OK(vxSetMetaFormatAttribute(m[1], t->attrs[a], want, size));
    }
    /* an attribute of another type, and the write-only valid rectangle callback */
    vx_size other = 4;
    vx_enum foreign = type == VX_TYPE_CONVOLUTION ? VX_LUT_COUNT : VX_CONVOLUTION_ROWS;
    CHECK(vxSetMetaFormatAttribute(m[1], foreign, &other, sizeof other) == VX_ERROR_INVALID_TYPE);
    CHECK(vxQueryMetaFormatAttribute(m[1], foreign, &other, sizeof other) == VX_ERROR_INVALID_TYPE);
    vx_kernel_image_valid_rectangle_f cb = rect;
    CHECK(vxQueryMetaFormatAttribute(m[1], VX_VALID_RECT_CALLBACK, &cb, sizeof cb) == VX_ERROR_NOT_SUPPORTED);
    if (type != VX_TYPE_IMAGE && type != VX_TYPE_PYRAMID)
        CHECK(vxSetMetaFormatAttribute(m[1], VX_VALID_RECT_CALLBACK, &cb, sizeof cb) == VX_ERROR_INVALID_TYPE);
    return VX_SUCCESS;
}

static vx_image image(vx_context ctx, vx_uint32 w, vx_uint32 h, vx_df_image f)
{
    return vxCreateImage(ctx, w, h, f);
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs0 = context_references(ctx);
    vx_kernel k = in_out_kernel(ctx, "test.meta.every", run_nothing, validate, VX_TYPE_REFERENCE);

    vx_uint8 u8 = 0;
    vx_uint16 u16 = 0;
    vx_size d2[2] = {4, 3}, d2b[2] = {4, 5};
    vx_image item = image(ctx, 8, 4, VX_DF_IMAGE_U8);
    /* per type: the exemplar, an equal output, a different output and the status it gets */
    struct {
        vx_reference exemplar, same, different;
        vx_status status;
    } cases[] = {
        {(vx_reference)image(ctx, 8, 4, VX_DF_IMAGE_U8), (vx_reference)image(ctx, 8, 4, VX_DF_IMAGE_U8),
         (vx_reference)image(ctx, 8, 4, VX_DF_IMAGE_U16), VX_ERROR_INVALID_FORMAT},
        {(vx_reference)vxCreateArray(ctx, VX_TYPE_UINT8, 10), (vx_reference)vxCreateArray(ctx, VX_TYPE_UINT8, 20),
         (vx_reference)vxCreateArray(ctx, VX_TYPE_UINT8, 5), VX_ERROR_INVALID_DIMENSION},
        {(vx_reference)vxCreatePyramid(ctx, 2, VX_SCALE_PYRAMID_HALF, 16, 8, VX_DF_IMAGE_U8),
         (vx_reference)vxCreatePyramid(ctx, 2, VX_SCALE_PYRAMID_HALF, 16, 8, VX_DF_IMAGE_U8),
         (vx_reference)vxCreatePyramid(ctx, 2, VX_SCALE_PYRAMID_ORB, 16, 8, VX_DF_IMAGE_U8), VX_ERROR_INVALID_VALUE},
        {(vx_reference)vxCreateScalar(ctx, VX_TYPE_UINT8, &u8), (vx_reference)vxCreateScalar(ctx, VX_TYPE_UINT8, &u8),
         (vx_reference)vxCreateScalar(ctx, VX_TYPE_UINT16, &u16), VX_ERROR_INVALID_TYPE},
        {(vx_reference)vxCreateMatrix(ctx, VX_TYPE_INT32, 3, 3), (vx_reference)vxCreateMatrix(ctx, VX_TYPE_INT32, 3, 3),
         (vx_reference)vxCreateMatrix(ctx, VX_TYPE_INT32, 3, 2), VX_ERROR_INVALID_DIMENSION},
        {(vx_reference)vxCreateDistribution(ctx, 16, 0, 256), (vx_reference)vxCreateDistribution(ctx, 16, 0, 256),
         (vx_reference)vxCreateDistribution(ctx, 16, 10, 256), VX_ERROR_INVALID_VALUE},
        {(vx_reference)vxCreateRemap(ctx, 8, 4, 8, 4), (vx_reference)vxCreateRemap(ctx, 8, 4, 8, 4),
         (vx_reference)vxCreateRemap(ctx, 8, 4, 16, 8), VX_ERROR_INVALID_DIMENSION},
        {(vx_reference)vxCreateLUT(ctx, VX_TYPE_UINT8, 256), (vx_reference)vxCreateLUT(ctx, VX_TYPE_UINT8, 256),
         (vx_reference)vxCreateLUT(ctx, VX_TYPE_INT16, 256), VX_ERROR_INVALID_TYPE},
        {(vx_reference)vxCreateThresholdForImage(ctx, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8),
         (vx_reference)vxCreateThresholdForImage(ctx, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8),
         (vx_reference)vxCreateThresholdForImage(ctx, VX_THRESHOLD_TYPE_RANGE, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8),
         VX_ERROR_INVALID_TYPE},
        {(vx_reference)vxCreateObjectArray(ctx, (vx_reference)item, 3),
         (vx_reference)vxCreateObjectArray(ctx, (vx_reference)item, 3),
         (vx_reference)vxCreateObjectArray(ctx, (vx_reference)item, 4), VX_ERROR_INVALID_DIMENSION},
        {(vx_reference)vxCreateTensor(ctx, 2, d2, VX_TYPE_INT16, 0),
         (vx_reference)vxCreateTensor(ctx, 2, d2, VX_TYPE_INT16, 0),
         (vx_reference)vxCreateTensor(ctx, 2, d2b, VX_TYPE_INT16, 0), VX_ERROR_INVALID_DIMENSION},
        {(vx_reference)vxCreateConvolution(ctx, 3, 3), (vx_reference)vxCreateConvolution(ctx, 3, 3),
         (vx_reference)vxCreateConvolution(ctx, 5, 5), VX_ERROR_INVALID_DIMENSION},
        {(vx_reference)vxCreateUserDataObject(ctx, "blob", 16, NULL),
         (vx_reference)vxCreateUserDataObject(ctx, "blob", 16, NULL),
         (vx_reference)vxCreateUserDataObject(ctx, "other", 16, NULL), VX_ERROR_INVALID_TYPE},
    };
    const size_t count = sizeof cases / sizeof cases[0];
    CHECK(count == TYPES);

    vx_graph g = vxCreateGraph(ctx);
    vx_node n = vxCreateGenericNode(g, k);
    for (size_t i = 0; i < count; i++) {
        CHECK_REF(cases[i].exemplar);
        CHECK_REF(cases[i].same);
        CHECK_REF(cases[i].different);
        CHECK(type_of(cases[i].exemplar) == TABLE[i].type);
        CHECK_OK(vxSetParameterByIndex(n, 0, cases[i].exemplar));
        CHECK_OK(vxSetParameterByIndex(n, 1, cases[i].same));
        int before = validations;
        CHECK_OK(vxVerifyGraph(g));
        CHECK(validations == before + 1);
        /* the output parameter's meta format is what the validator said; an input has none */
        vx_parameter out = vxGetParameterByIndex(n, 1), in = vxGetParameterByIndex(n, 0);
        vx_meta_format mf = NULL;
        CHECK_OK(vxQueryParameter(out, VX_PARAMETER_META_FORMAT, &mf, sizeof mf));
        unsigned char want[VX_MAX_REFERENCE_NAME] = {0}, got[VX_MAX_REFERENCE_NAME] = {0};
        CHECK_OK(query(cases[i].exemplar, TABLE[i].attrs[0], want, TABLE[i].sizes[0]));
        CHECK_OK(vxQueryMetaFormatAttribute(mf, TABLE[i].attrs[0], got, TABLE[i].sizes[0]));
        CHECK(memcmp(want, got, TABLE[i].sizes[0]) == 0);
        CHECK_REFUSED(vxQueryParameter(in, VX_PARAMETER_META_FORMAT, &mf, sizeof mf), VX_ERROR_NOT_SUPPORTED);
        CHECK_OK(vxReleaseParameter(&out));
        CHECK_OK(vxReleaseParameter(&in));
        CHECK_OK(vxProcessGraph(g));
        CHECK_OK(vxSetParameterByIndex(n, 1, cases[i].different));
        CHECK_REFUSED_LAST(vxVerifyGraph(g), cases[i].status);
        CHECK(vxIsGraphVerified(g) == vx_false_e);
    }

    CHECK_OK(vxReleaseNode(&n));
    CHECK_OK(vxReleaseGraph(&g));
    for (size_t i = 0; i < count; i++) {
        CHECK_OK(vxReleaseReference(&cases[i].exemplar));
        CHECK_OK(vxReleaseReference(&cases[i].same));
        CHECK_OK(vxReleaseReference(&cases[i].different));
    }
    CHECK_OK(vxReleaseImage(&item));
    CHECK_OK(vxRemoveKernel(k));
    CHECK(context_references(ctx) == refs0);
    CHECK_OK(vxReleaseContext(&ctx));
    printf("ok\n");
    return 0;
}
