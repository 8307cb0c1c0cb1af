/* libpyopenvx_samples.so: a user-kernel module, built as any OpenVX module is built.
 *
 *   pyopenvx.samples.invert   U8 -> U8, out = 255 - in, through a lookup table kept in the node's
 *                             local data (VX_KERNEL_LOCAL_DATA_SIZE), filled by the initializer
 *   pyopenvx.samples.hblur3   U8 -> U8, mean of three horizontal neighbours; the output is valid
 *                             one pixel in from the left and right edges (valid rectangle callback)
 */
#include <VX/vx.h>
#include <string.h>

#define SAMPLES_INVERT "pyopenvx.samples.invert"
#define SAMPLES_HBLUR3 "pyopenvx.samples.hblur3"
#define LUT_SIZE 256

/* Both kernels: one U8 input image, one output image of the same size and format. */
static vx_status VX_CALLBACK validate_u8(vx_node node, const vx_reference params[], vx_uint32 num,
                                         vx_meta_format metas[])
{
    (void)node;
    vx_uint32 width, height;
    vx_df_image format;
    if (num != 2)
        return VX_ERROR_INVALID_PARAMETERS;
    vxQueryImage((vx_image)params[0], VX_IMAGE_WIDTH, &width, sizeof width);
    vxQueryImage((vx_image)params[0], VX_IMAGE_HEIGHT, &height, sizeof height);
    vxQueryImage((vx_image)params[0], VX_IMAGE_FORMAT, &format, sizeof format);
    if (format != VX_DF_IMAGE_U8)
        return VX_ERROR_INVALID_FORMAT;
    vxSetMetaFormatAttribute(metas[1], VX_IMAGE_WIDTH, &width, sizeof width);
    vxSetMetaFormatAttribute(metas[1], VX_IMAGE_HEIGHT, &height, sizeof height);
    return vxSetMetaFormatAttribute(metas[1], VX_IMAGE_FORMAT, &format, sizeof format);
}

/* Maps both images for the whole frame; run() gets rows of in and out. */
typedef void (*row_f)(const vx_uint8 *in, vx_uint8 *out, vx_uint32 width, const void *local);

static vx_status map_and_run(vx_image in, vx_image out, row_f row, const void *local)
{
    vx_uint32 width, height;
    vxQueryImage(in, VX_IMAGE_WIDTH, &width, sizeof width);
    vxQueryImage(in, VX_IMAGE_HEIGHT, &height, sizeof height);
    vx_rectangle_t rect = {0, 0, width, height};
    vx_imagepatch_addressing_t ai, ao;
    vx_map_id mi, mo;
    void *pi = NULL, *po = NULL;
    vx_status s = vxMapImagePatch(in, &rect, 0, &mi, &ai, &pi, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0);
    if (s != VX_SUCCESS)
        return s;
    s = vxMapImagePatch(out, &rect, 0, &mo, &ao, &po, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0);
    if (s != VX_SUCCESS) {
        vxUnmapImagePatch(in, mi);
        return s;
    }
    for (vx_uint32 y = 0; y < height; y++)
        row((const vx_uint8 *)pi + (size_t)y * ai.stride_y, (vx_uint8 *)po + (size_t)y * ao.stride_y, width, local);
    vxUnmapImagePatch(in, mi);
    return vxUnmapImagePatch(out, mo);
}

/* invert ----------------------------------------------------------------------------------- */
static void invert_row(const vx_uint8 *in, vx_uint8 *out, vx_uint32 width, const void *local)
{
    const vx_uint8 *lut = local;
    for (vx_uint32 x = 0; x < width; x++)
        out[x] = lut[in[x]];
}

static vx_status VX_CALLBACK invert_init(vx_node node, const vx_reference *params, vx_uint32 num)
{
    (void)params; (void)num;
    vx_uint8 *lut = NULL;
    vx_status s = vxQueryNode(node, VX_NODE_LOCAL_DATA_PTR, &lut, sizeof lut);
    if (s != VX_SUCCESS || lut == NULL)
        return s != VX_SUCCESS ? s : VX_ERROR_NO_MEMORY;
    for (int i = 0; i < LUT_SIZE; i++)
        lut[i] = (vx_uint8)(255 - i);
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK invert(vx_node node, const vx_reference *params, vx_uint32 num)
{
    (void)num;
    const vx_uint8 *lut = NULL;
    vx_status s = vxQueryNode(node, VX_NODE_LOCAL_DATA_PTR, &lut, sizeof lut);
    return s != VX_SUCCESS ? s : map_and_run((vx_image)params[0], (vx_image)params[1], invert_row, lut);
}

/* hblur3 ----------------------------------------------------------------------------------- */
static void hblur_row(const vx_uint8 *in, vx_uint8 *out, vx_uint32 width, const void *local)
{
    (void)local;
    for (vx_uint32 x = 1; x + 1 < width; x++)
        out[x] = (vx_uint8)((in[x - 1] + in[x] + in[x + 1]) / 3);
    out[0] = in[0];
    out[width - 1] = in[width - 1];
}

static vx_status VX_CALLBACK hblur3(vx_node node, const vx_reference *params, vx_uint32 num)
{
    (void)node; (void)num;
    return map_and_run((vx_image)params[0], (vx_image)params[1], hblur_row, NULL);
}

static vx_status VX_CALLBACK hblur3_valid(vx_node node, vx_uint32 index, const vx_rectangle_t *const input_valid[],
                                          vx_rectangle_t *const output_valid[])
{
    (void)node; (void)index;
    vx_rectangle_t r = *input_valid[0];
    if (r.end_x - r.start_x >= 2) {            /* one pixel in from each side, never inverted */
        r.start_x += 1;
        r.end_x -= 1;
    } else {
        r.end_x = r.start_x;
    }
    *output_valid[0] = r;
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK validate_hblur3(vx_node node, const vx_reference params[], vx_uint32 num,
                                             vx_meta_format metas[])
{
    vx_status s = validate_u8(node, params, num, metas);
    vx_kernel_image_valid_rectangle_f cb = hblur3_valid;
    return s != VX_SUCCESS ? s : vxSetMetaFormatAttribute(metas[1], VX_VALID_RECT_CALLBACK, &cb, sizeof cb);
}

/* publishing ------------------------------------------------------------------------------- */
static vx_status add(vx_context context, const char *name, vx_enum id, vx_kernel_f fn, vx_kernel_validate_f val,
                     vx_kernel_initialize_f init, vx_size local_size)
{
    vx_kernel k = vxAddUserKernel(context, name, id, fn, 2, val, init, NULL);
    vx_status s = vxGetStatus((vx_reference)k);
    if (s == VX_SUCCESS)
        s = vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED);
    if (s == VX_SUCCESS)
        s = vxAddParameterToKernel(k, 1, VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED);
    if (s == VX_SUCCESS && local_size)
        s = vxSetKernelAttribute(k, VX_KERNEL_LOCAL_DATA_SIZE, &local_size, sizeof local_size);
    if (s == VX_SUCCESS)
        s = vxFinalizeKernel(k);
    if (s != VX_SUCCESS && vxGetStatus((vx_reference)k) == VX_SUCCESS)
        vxRemoveKernel(k);
    else if (s == VX_SUCCESS)
        vxReleaseKernel(&k);
    return s;
}

VX_API_ENTRY vx_status VX_API_CALL vxPublishKernels(vx_context context)
{
    vx_enum library;
    vx_status s = vxAllocateUserKernelLibraryId(context, &library);
    if (s == VX_SUCCESS)
        s = add(context, SAMPLES_INVERT, VX_KERNEL_BASE(VX_ID_USER, library) + 0, invert, validate_u8, invert_init,
                LUT_SIZE);
    if (s == VX_SUCCESS)
        s = add(context, SAMPLES_HBLUR3, VX_KERNEL_BASE(VX_ID_USER, library) + 1, hblur3, validate_hblur3, NULL, 0);
    return s;
}

VX_API_ENTRY vx_status VX_API_CALL vxUnpublishKernels(vx_context context)
{
    const char *names[] = {SAMPLES_INVERT, SAMPLES_HBLUR3};
    vx_status status = VX_SUCCESS;
    for (int i = 0; i < 2; i++) {
        vx_kernel k = vxGetKernelByName(context, names[i]);
        vx_status s = vxGetStatus((vx_reference)k);
        if (s == VX_SUCCESS && (s = vxRemoveKernel(k)) != VX_SUCCESS)
            vxReleaseKernel(&k);              /* still in use: our reference goes, the kernel stays */
        if (s != VX_SUCCESS)
            status = s;
    }
    return status;
}
