/* vxAddKernel (vx_compatibility.h): the deprecated creator, with an input validator called per set
 * input and an output validator per set output with that output's meta format; otherwise the same
 * life cycle as vxAddUserKernel. */
#include "check.h"
#include <string.h>
#include <VX/vx_compatibility.h>

static const vx_char NAME[VX_MAX_KERNEL_NAME] = "test.compat.inc";
static int input_calls[3], output_calls[3];
static vx_status refuse_input = VX_SUCCESS, refuse_output = VX_SUCCESS;

/* parameters: 0 input image (required), 1 input image (optional), 2 output image */
static vx_status VX_CALLBACK inc(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node;
    CHECK(n == 3);
    vx_image in = (vx_image)p[0], out = (vx_image)p[2];
    vx_rectangle_t rect = {0, 0, 8, 4};
    vx_uint8 buf[32];
    vx_imagepatch_addressing_t addr = {8, 4, 1, 8, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 0};
    CHECK_OK(vxCopyImagePatch(in, &rect, 0, &addr, buf, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    for (int i = 0; i < 32; i++)
        buf[i]++;
    return vxCopyImagePatch(out, &rect, 0, &addr, buf, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
}

static vx_status VX_CALLBACK input_validator(vx_node node, vx_uint32 index)
{
    CHECK(index < 2);
    input_calls[index]++;
    vx_parameter p = vxGetParameterByIndex(node, index);
    vx_image img = NULL;
    CHECK_OK(vxQueryParameter(p, VX_PARAMETER_REF, &img, sizeof img));
    vx_df_image format = 0;
    CHECK_OK(vxQueryImage(img, VX_IMAGE_FORMAT, &format, sizeof format));
    CHECK_OK(vxReleaseImage(&img));
    CHECK_OK(vxReleaseParameter(&p));
    return format == VX_DF_IMAGE_U8 ? refuse_input : VX_ERROR_INVALID_FORMAT;
}

/* the output takes the input's size, as 1.0 validators found it: through the node's parameter */
static vx_status VX_CALLBACK output_validator(vx_node node, vx_uint32 index, vx_meta_format meta)
{
    CHECK(index == 2 && meta != NULL);
    output_calls[index]++;
    vx_parameter p = vxGetParameterByIndex(node, 0);
    vx_image in = NULL;
    CHECK_OK(vxQueryParameter(p, VX_PARAMETER_REF, &in, sizeof in));
    vx_uint32 w = 0, h = 0;
    vx_df_image f = VX_DF_IMAGE_U8;
    CHECK_OK(vxQueryImage(in, VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxQueryImage(in, VX_IMAGE_HEIGHT, &h, sizeof h));
    CHECK_OK(vxReleaseImage(&in));
    CHECK_OK(vxReleaseParameter(&p));
    CHECK_OK(vxSetMetaFormatAttribute(meta, VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxSetMetaFormatAttribute(meta, VX_IMAGE_HEIGHT, &h, sizeof h));
    CHECK_OK(vxSetMetaFormatAttribute(meta, VX_IMAGE_FORMAT, &f, sizeof f));
    return refuse_output;
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs0 = context_references(ctx);
    vx_uint32 kernels0 = context_u32(ctx, VX_CONTEXT_UNIQUE_KERNELS);

    vx_enum id;
    CHECK_OK(vxAllocateUserKernelId(ctx, &id));
    /* both validators are required; the usual clashes are refused as for vxAddUserKernel */
    CHECK_CREATE_REFUSED(vxAddKernel(ctx, NAME, id, inc, 3, NULL, output_validator, NULL, NULL),
                         VX_ERROR_INVALID_PARAMETERS);
    CHECK_CREATE_REFUSED(vxAddKernel(ctx, NAME, id, inc, 3, input_validator, NULL, NULL, NULL),
                         VX_ERROR_INVALID_PARAMETERS);
    CHECK_CREATE_REFUSED(vxAddKernel(ctx, NAME, id, NULL, 3, input_validator, output_validator, NULL, NULL),
                         VX_ERROR_INVALID_PARAMETERS);
    vx_kernel k = vxAddKernel(ctx, NAME, id, inc, 3, input_validator, output_validator, NULL, NULL);
    CHECK_REF(k);
    CHECK_CREATE_REFUSED(vxAddKernel(ctx, NAME, id + 1, inc, 3, input_validator, output_validator, NULL, NULL),
                         VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(k, 1, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_OPTIONAL));
    CHECK_OK(vxAddParameterToKernel(k, 2, VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxFinalizeKernel(k));
    CHECK(context_u32(ctx, VX_CONTEXT_UNIQUE_KERNELS) == kernels0 + 1);
    vx_char name[VX_MAX_KERNEL_NAME];
    CHECK_OK(vxQueryKernel(k, VX_KERNEL_NAME, name, sizeof name));
    CHECK(strcmp(name, "test.compat.inc") == 0);
    CHECK(vxGetKernelByEnum(ctx, id) == k);
    CHECK_OK(vxReleaseKernel(&(vx_kernel){k}));

    /* in -> inc -> virtual -> inc -> out: the virtual image takes its meta data from the output validator */
    vx_image in = u8_image(ctx, 8, 4, 10), out = u8_image(ctx, 8, 4, 0);
    vx_graph g = vxCreateGraph(ctx);
    vx_image mid = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_node n1 = vxCreateGenericNode(g, k), n2 = vxCreateGenericNode(g, k);
    CHECK_OK(vxSetParameterByIndex(n1, 0, (vx_reference)in));
    CHECK_OK(vxSetParameterByIndex(n1, 2, (vx_reference)mid));
    CHECK_OK(vxSetParameterByIndex(n2, 0, (vx_reference)mid));
    CHECK_OK(vxSetParameterByIndex(n2, 1, (vx_reference)in));      /* the optional input, set on one node */
    CHECK_OK(vxSetParameterByIndex(n2, 2, (vx_reference)out));
    CHECK_OK(vxVerifyGraph(g));
    CHECK(input_calls[0] == 2 && input_calls[1] == 1 && output_calls[2] == 2);
    vx_uint32 w = 0;
    CHECK_OK(vxQueryImage(mid, VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK(w == 8);
    CHECK_OK(vxProcessGraph(g));
    vx_rectangle_t rect = {0, 0, 8, 4};
    vx_uint8 buf[32];
    vx_imagepatch_addressing_t addr = {8, 4, 1, 8, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 0};
    CHECK_OK(vxCopyImagePatch(out, &rect, 0, &addr, buf, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    for (int i = 0; i < 32; i++)
        CHECK(buf[i] == 12);

    /* a refusing input validator: its status, a log entry, the graph unverified, no output validator */
    int outputs_before = output_calls[2];
    refuse_input = VX_ERROR_INVALID_VALUE;
    CHECK_REFUSED(vxVerifyGraph(g), VX_ERROR_INVALID_VALUE);
    CHECK(vxIsGraphVerified(g) == vx_false_e && output_calls[2] == outputs_before);
    refuse_input = VX_SUCCESS;
    /* an input of the wrong format, refused by the input validator */
    vx_image rgb = vxCreateImage(ctx, 8, 4, VX_DF_IMAGE_RGB);
    CHECK_OK(vxSetParameterByIndex(n2, 1, (vx_reference)rgb));
    CHECK_REFUSED(vxVerifyGraph(g), VX_ERROR_INVALID_FORMAT);
    CHECK_REFUSED(vxProcessGraph(g), VX_ERROR_INVALID_FORMAT);
    CHECK_OK(vxSetParameterByIndex(n2, 1, NULL));
    /* a refusing output validator */
    refuse_output = VX_ERROR_INVALID_DIMENSION;
    CHECK_REFUSED(vxVerifyGraph(g), VX_ERROR_INVALID_DIMENSION);
    CHECK(vxIsGraphVerified(g) == vx_false_e);
    refuse_output = VX_SUCCESS;
    CHECK_OK(vxVerifyGraph(g));
    CHECK_OK(vxProcessGraph(g));

    /* removal as for any user kernel */
    CHECK_REFUSED(vxRemoveKernel(k), VX_FAILURE);
    CHECK_OK(vxReleaseNode(&n1));
    CHECK_OK(vxReleaseNode(&n2));
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_OK(vxRemoveKernel(k));
    CHECK_OK(vxReleaseImage(&mid));
    CHECK_OK(vxReleaseImage(&in));
    CHECK_OK(vxReleaseImage(&out));
    CHECK_OK(vxReleaseImage(&rgb));
    CHECK(context_references(ctx) == refs0);
    CHECK_OK(vxReleaseContext(&ctx));
    printf("ok\n");
    return 0;
}
