/* udo_kernels: a user-kernel module (libudo_kernels.so, loaded with vxLoadKernels) whose two
 * kernels talk through a user data object, as in seed 002's example:
 *
 *   IMG1 -> preprocess_combine_images -> user_custom_data_t -> classifier -> CLASS
 *   IMG2 ->        ^ source (uint16 scalar)
 *
 * The pre-processing kernel packs both images and their min/max into one user_custom_data_t; its
 * validator declares the object's type name and size, so the object between the nodes can be
 * virtual with neither given. The classifier recognises the structure by its type name, reads the
 * header field by field (map of a sub-range) and classifies the scene as dark or bright. */
#include "udo_kernels.h"

#include <stddef.h>
#include <string.h>

static vx_size image_bytes(const user_custom_data_t *head, int i)
{
    return (vx_size)head->width[i] * head->heights[i] * head->byte_size[i];
}

static vx_size payload_offset(const user_custom_data_t *head, int i)
{
    return offsetof(user_custom_data_t, payload) + (i == 0 ? 0 : image_bytes(head, 0) + head->meta_size[0]);
}

/* The header of the object for two images (U8 or U16); VX_ERROR_INVALID_FORMAT for others. */
static vx_status describe(const vx_image images[2], user_custom_data_t *head)
{
    memset(head, 0, sizeof *head);
    head->mode = MODE_TWO_IMAGES;
    for (int i = 0; i < 2; i++) {
        vx_uint32 width = 0, height = 0;
        vx_df_image format = VX_DF_IMAGE_VIRT;
        vx_status status = vxQueryImage(images[i], VX_IMAGE_WIDTH, &width, sizeof width);
        status |= vxQueryImage(images[i], VX_IMAGE_HEIGHT, &height, sizeof height);
        status |= vxQueryImage(images[i], VX_IMAGE_FORMAT, &format, sizeof format);
        if (status != VX_SUCCESS)
            return VX_ERROR_INVALID_PARAMETERS;
        if ((format != VX_DF_IMAGE_U8 && format != VX_DF_IMAGE_U16) || width > UINT16_MAX || height > UINT16_MAX)
            return VX_ERROR_INVALID_FORMAT;
        head->byte_size[i] = format == VX_DF_IMAGE_U8 ? 1 : 2;
        head->width[i] = (uint16_t)width;
        head->heights[i] = (uint16_t)height;
        head->meta_size[i] = sizeof(image_meta_t);
    }
    return VX_SUCCESS;
}

static vx_size total_size(const user_custom_data_t *head)
{
    return payload_offset(head, 1) + image_bytes(head, 1) + head->meta_size[1];
}

static vx_status VX_CALLBACK preprocess_validate(vx_node node, const vx_reference parameters[], vx_uint32 num,
                                                 vx_meta_format metas[])
{
    (void)node;
    user_custom_data_t head;
    vx_enum source_type = VX_TYPE_INVALID;
    if (num != 4)
        return VX_ERROR_INVALID_PARAMETERS;
    vx_status status = describe((const vx_image[2]){(vx_image)parameters[0], (vx_image)parameters[1]}, &head);
    if (status != VX_SUCCESS)
        return status;
    vxQueryScalar((vx_scalar)parameters[2], VX_SCALAR_TYPE, &source_type, sizeof source_type);
    if (source_type != VX_TYPE_UINT16)
        return VX_ERROR_INVALID_TYPE;
    vx_char name[VX_MAX_REFERENCE_NAME] = USER_CUSTOM_DATA_NAME;
    vx_size size = total_size(&head);
    status = vxSetMetaFormatAttribute(metas[3], VX_USER_DATA_OBJECT_NAME, name, sizeof name);
    if (status == VX_SUCCESS)
        status = vxSetMetaFormatAttribute(metas[3], VX_USER_DATA_OBJECT_SIZE, &size, sizeof size);
    return status;
}

/* Copies one image's pixels into the payload and appends its min/max. */
static vx_status pack_image(vx_image image, vx_user_data_object out, const user_custom_data_t *head, int i)
{
    vx_rectangle_t rect = {0, 0, head->width[i], head->heights[i]};
    vx_imagepatch_addressing_t addr;
    vx_map_id image_map, out_map;
    uint8_t *src = NULL, *dst = NULL;
    vx_size row = (vx_size)head->width[i] * head->byte_size[i];
    vx_status status = vxMapImagePatch(image, &rect, 0, &image_map, &addr, (void **)&src, VX_READ_ONLY,
                                       VX_MEMORY_TYPE_HOST, VX_NOGAP_X);
    if (status != VX_SUCCESS)
        return status;
    status = vxMapUserDataObject(out, payload_offset(head, i), image_bytes(head, i), &out_map, (void **)&dst,
                                 VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0);
    image_meta_t meta = {UINT16_MAX, 0};
    if (status == VX_SUCCESS) {
        for (vx_uint32 y = 0; y < head->heights[i]; y++) {
            const uint8_t *line = src + (vx_size)y * addr.stride_y;
            memcpy(dst + y * row, line, row);
            for (vx_uint32 x = 0; x < head->width[i]; x++) {
                uint16_t v = head->byte_size[i] == 1 ? line[x] : ((const uint16_t *)line)[x];
                meta.min = v < meta.min ? v : meta.min;
                meta.max = v > meta.max ? v : meta.max;
            }
        }
        status = vxUnmapUserDataObject(out, out_map);
    }
    vxUnmapImagePatch(image, image_map);
    if (status == VX_SUCCESS)
        status = vxCopyUserDataObject(out, payload_offset(head, i) + image_bytes(head, i), sizeof meta, &meta,
                                      VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
    return status;
}

static vx_status VX_CALLBACK preprocess(vx_node node, const vx_reference parameters[], vx_uint32 num)
{
    (void)node;
    (void)num;
    vx_image images[2] = {(vx_image)parameters[0], (vx_image)parameters[1]};
    vx_user_data_object out = (vx_user_data_object)parameters[3];
    user_custom_data_t head;
    vx_status status = describe(images, &head);
    if (status == VX_SUCCESS)
        status = vxCopyScalar((vx_scalar)parameters[2], &head.source_data, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
    for (int i = 0; i < 2 && status == VX_SUCCESS; i++)
        status = pack_image(images[i], out, &head, i);
    if (status == VX_SUCCESS)
        status = vxCopyUserDataObject(out, 0, sizeof head, &head, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
    return status;
}

static vx_status VX_CALLBACK classifier_validate(vx_node node, const vx_reference parameters[], vx_uint32 num,
                                                 vx_meta_format metas[])
{
    (void)node;
    vx_char name[VX_MAX_REFERENCE_NAME] = "";
    vx_size size = 0;
    if (num != 2)
        return VX_ERROR_INVALID_PARAMETERS;
    vx_user_data_object in = (vx_user_data_object)parameters[0];
    vxQueryUserDataObject(in, VX_USER_DATA_OBJECT_NAME, name, sizeof name);
    vxQueryUserDataObject(in, VX_USER_DATA_OBJECT_SIZE, &size, sizeof size);
    if (strncmp(name, USER_CUSTOM_DATA_NAME, sizeof name) != 0 || size < sizeof(user_custom_data_t))
        return VX_ERROR_INVALID_TYPE;
    vx_enum type = VX_TYPE_INT32;
    return vxSetMetaFormatAttribute(metas[1], VX_SCALAR_TYPE, &type, sizeof type);
}

/* The mean brightness of image i, on an 8-bit scale. */
static vx_status mean_of(vx_user_data_object in, const user_custom_data_t *head, int i, double *mean)
{
    vx_map_id id;
    const uint8_t *pixels = NULL;
    vx_size count = (vx_size)head->width[i] * head->heights[i];
    vx_status status = vxMapUserDataObject(in, payload_offset(head, i), image_bytes(head, i), &id, (void **)&pixels,
                                           VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0);
    if (status != VX_SUCCESS)
        return status;
    double sum = 0;
    for (vx_size k = 0; k < count; k++)
        sum += head->byte_size[i] == 1 ? pixels[k] : ((const uint16_t *)pixels)[k] / 256.0;
    *mean = count ? sum / count : 0;
    return vxUnmapUserDataObject(in, id);
}

static vx_status VX_CALLBACK classify(vx_node node, const vx_reference parameters[], vx_uint32 num)
{
    (void)node;
    (void)num;
    vx_user_data_object in = (vx_user_data_object)parameters[0];
    user_custom_data_t *mapped = NULL, head;
    vx_map_id id;
    vx_status status = vxMapUserDataObject(in, 0, sizeof head, &id, (void **)&mapped, VX_READ_ONLY,
                                           VX_MEMORY_TYPE_HOST, 0);
    if (status != VX_SUCCESS)
        return status;
    head = *mapped;
    vxUnmapUserDataObject(in, id);
    if (head.mode != MODE_TWO_IMAGES)
        return VX_ERROR_INVALID_VALUE;
    double means[2];
    for (int i = 0; i < 2 && status == VX_SUCCESS; i++)
        status = mean_of(in, &head, i, &means[i]);
    if (status != VX_SUCCESS)
        return status;
    vx_int32 class = (means[0] + means[1]) / 2 >= 128 ? CLASS_BRIGHT : CLASS_DARK;
    return vxCopyScalar((vx_scalar)parameters[1], &class, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
}

static const struct {
    const char *name;
    vx_kernel_f run;
    vx_kernel_validate_f validate;
    vx_uint32 count;
    struct { vx_enum dir, type; } params[4];
} KERNELS[] = {
    {PREPROCESS_KERNEL_NAME, preprocess, preprocess_validate, 4,
     {{VX_INPUT, VX_TYPE_IMAGE}, {VX_INPUT, VX_TYPE_IMAGE}, {VX_INPUT, VX_TYPE_SCALAR},
      {VX_OUTPUT, VX_TYPE_USER_DATA_OBJECT}}},
    {CLASSIFIER_KERNEL_NAME, classify, classifier_validate, 2,
     {{VX_INPUT, VX_TYPE_USER_DATA_OBJECT}, {VX_OUTPUT, VX_TYPE_SCALAR}}},
};
enum { KERNEL_COUNT = sizeof KERNELS / sizeof KERNELS[0] };

VX_API_ENTRY vx_status VX_API_CALL vxPublishKernels(vx_context context)
{
    vx_enum library = 0;
    vx_status status = vxAllocateUserKernelLibraryId(context, &library);
    for (vx_uint32 k = 0; k < KERNEL_COUNT && status == VX_SUCCESS; k++) {
        vx_kernel kernel = vxAddUserKernel(context, KERNELS[k].name, VX_KERNEL_BASE(VX_ID_USER, library) + (vx_enum)k,
                                           KERNELS[k].run, KERNELS[k].count, KERNELS[k].validate, NULL, NULL);
        status = vxGetStatus((vx_reference)kernel);
        for (vx_uint32 p = 0; p < KERNELS[k].count && status == VX_SUCCESS; p++)
            status = vxAddParameterToKernel(kernel, p, KERNELS[k].params[p].dir, KERNELS[k].params[p].type,
                                            VX_PARAMETER_STATE_REQUIRED);
        if (status == VX_SUCCESS)
            status = vxFinalizeKernel(kernel);
        if (status == VX_SUCCESS)
            status = vxReleaseKernel(&kernel);
    }
    return status;
}

VX_API_ENTRY vx_status VX_API_CALL vxUnpublishKernels(vx_context context)
{
    vx_status status = VX_SUCCESS;
    for (vx_uint32 k = 0; k < KERNEL_COUNT; k++) {
        vx_kernel kernel = vxGetKernelByName(context, KERNELS[k].name);
        vx_status s = vxGetStatus((vx_reference)kernel);
        if (s == VX_SUCCESS && (s = vxRemoveKernel(kernel)) != VX_SUCCESS)
            vxReleaseKernel(&kernel);         /* still in use: our reference goes, the kernel stays */
        status = status == VX_SUCCESS ? s : status;
    }
    return status;
}
