/* Seed 000 re-verification rules from C: a parameter replaced by an object with the same meta data
 * keeps the graph verified (the next run simply uses it); different meta data, an optional parameter
 * set or cleared, make the graph re-verify (deinitialize, validate, initialize, in that order) at the
 * next run; refused replacements change nothing. */
#include "check.h"
#include <string.h>

static char seq[64];                   /* V validate, I initialize, D deinitialize */
static void note(char c)
{
    size_t n = strlen(seq);
    CHECK(n + 1 < sizeof seq);
    seq[n] = c;
}

/* out = in + opt (opt optional), first pixel only: enough to see which objects the node used */
static vx_status VX_CALLBACK add(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)n;
    vx_uint8 v = (vx_uint8)(u8_pixel((vx_image)p[0], 0, 0) + (p[1] ? u8_pixel((vx_image)p[1], 0, 0) : 0));
    return copy_u8_pixel((vx_image)p[2], 0, 0, &v, VX_WRITE_ONLY);
}

static vx_status VX_CALLBACK add_validate(vx_node node, const vx_reference p[], vx_uint32 n, vx_meta_format m[])
{
    (void)node; (void)n;
    note('V');
    vx_uint32 w, h;
    vx_df_image f;
    CHECK_OK(vxQueryImage((vx_image)p[0], VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxQueryImage((vx_image)p[0], VX_IMAGE_HEIGHT, &h, sizeof h));
    CHECK_OK(vxQueryImage((vx_image)p[0], VX_IMAGE_FORMAT, &f, sizeof f));
    CHECK_OK(vxSetMetaFormatAttribute(m[2], VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxSetMetaFormatAttribute(m[2], VX_IMAGE_HEIGHT, &h, sizeof h));
    return vxSetMetaFormatAttribute(m[2], VX_IMAGE_FORMAT, &f, sizeof f);
}

static vx_status VX_CALLBACK add_init(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)p; (void)n;
    note('I');
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK add_deinit(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)p; (void)n;
    note('D');
    return VX_SUCCESS;
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs0 = context_references(ctx);
    vx_enum id;
    CHECK_OK(vxAllocateUserKernelId(ctx, &id));
    vx_kernel k = vxAddUserKernel(ctx, "test.reverify.add", id, add, 3, add_validate, add_init, add_deinit);
    CHECK_OK(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxAddParameterToKernel(k, 1, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_OPTIONAL));
    CHECK_OK(vxAddParameterToKernel(k, 2, VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxFinalizeKernel(k));

    vx_image in = u8_image(ctx, 8, 4, 1), same = u8_image(ctx, 8, 4, 5), big = u8_image(ctx, 16, 8, 7);
    vx_image opt = u8_image(ctx, 16, 8, 2), out = u8_image(ctx, 8, 4, 0), big_out = u8_image(ctx, 16, 8, 0);
    vx_graph g = vxCreateGraph(ctx);
    vx_node n = vxCreateGenericNode(g, k);
    CHECK_OK(vxSetParameterByIndex(n, 0, (vx_reference)in));
    CHECK_OK(vxSetParameterByIndex(n, 2, (vx_reference)out));
    vx_parameter p0 = vxGetParameterByIndex(n, 0);
    CHECK_OK(vxAddParameterToGraph(g, p0));
    CHECK_OK(vxReleaseParameter(&p0));
    CHECK_OK(vxProcessGraph(g));                              /* verifies first */
    CHECK(strcmp(seq, "VI") == 0 && u8_pixel(out, 0, 0) == 1);

    /* same meta data: still verified, no callback, and the run uses the new object */
    CHECK_OK(vxSetParameterByIndex(n, 0, (vx_reference)same));
    CHECK(vxIsGraphVerified(g) == vx_true_e);
    CHECK_OK(vxProcessGraph(g));
    CHECK(strcmp(seq, "VI") == 0 && u8_pixel(out, 0, 0) == 5);
    CHECK_OK(vxSetGraphParameterByIndex(g, 0, (vx_reference)in));  /* through a graph parameter too */
    CHECK(vxIsGraphVerified(g) == vx_true_e);
    CHECK_OK(vxProcessGraph(g));
    CHECK(strcmp(seq, "VI") == 0 && u8_pixel(out, 0, 0) == 1);

    /* refused replacements change nothing */
    vx_scalar s = vxCreateScalar(ctx, VX_TYPE_UINT8, &(vx_uint8){3});
    CHECK_REFUSED(vxSetParameterByIndex(n, 0, (vx_reference)s), VX_ERROR_INVALID_TYPE);
    CHECK_REFUSED(vxSetGraphParameterByIndex(g, 0, (vx_reference)s), VX_ERROR_INVALID_TYPE);
    CHECK_REFUSED(vxSetParameterByIndex(n, 3, (vx_reference)in), VX_ERROR_INVALID_PARAMETERS);
    CHECK(vxIsGraphVerified(g) == vx_true_e);
    CHECK_OK(vxProcessGraph(g));
    CHECK(strcmp(seq, "VI") == 0 && u8_pixel(out, 0, 0) == 1);

    /* an output must be writable: a uniform image (or a region of one) is not */
    vx_pixel_value_t one = {.U8 = 1};
    vx_image uniform = vxCreateUniformImage(ctx, 8, 4, VX_DF_IMAGE_U8, &one);
    vx_rectangle_t all = {0, 0, 8, 4};
    vx_image region = vxCreateImageFromROI(uniform, &all);
    CHECK_REF(region);
    CHECK_OK(vxSetParameterByIndex(n, 2, (vx_reference)uniform));
    CHECK_REFUSED(vxVerifyGraph(g), VX_ERROR_NOT_SUPPORTED);
    CHECK(vxIsGraphVerified(g) == vx_false_e && strcmp(seq, "VID") == 0);
    CHECK_OK(vxSetParameterByIndex(n, 2, (vx_reference)region));
    CHECK_REFUSED(vxVerifyGraph(g), VX_ERROR_NOT_SUPPORTED);
    CHECK_OK(vxSetParameterByIndex(n, 2, (vx_reference)out));
    CHECK_OK(vxReleaseImage(&region));
    CHECK_OK(vxReleaseImage(&uniform));
    CHECK_OK(vxProcessGraph(g));
    CHECK(strcmp(seq, "VIDVI") == 0 && u8_pixel(out, 0, 0) == 1);
    memset(seq + 2, 0, sizeof seq - 2);                       /* back to "VI" for the sequences below */

    /* different meta data: re-verified at the next run, deinitialize first */
    CHECK_OK(vxSetParameterByIndex(n, 0, (vx_reference)big));
    CHECK(vxIsGraphVerified(g) == vx_false_e);
    CHECK_REFUSED(vxProcessGraph(g), VX_ERROR_INVALID_DIMENSION);   /* out is 8x4; the validator says 16x8 */
    CHECK(strcmp(seq, "VIDV") == 0 && vxIsGraphVerified(g) == vx_false_e);
    CHECK_OK(vxSetParameterByIndex(n, 2, (vx_reference)big_out));
    CHECK_OK(vxProcessGraph(g));
    CHECK(strcmp(seq, "VIDVVI") == 0 && u8_pixel(big_out, 0, 0) == 7);   /* nothing to deinitialize after a refusal */

    /* an optional parameter set, then cleared: re-verified each time */
    CHECK_OK(vxSetParameterByIndex(n, 1, (vx_reference)opt));
    CHECK(vxIsGraphVerified(g) == vx_false_e);
    CHECK_OK(vxProcessGraph(g));
    CHECK(strcmp(seq, "VIDVVIDVI") == 0 && u8_pixel(big_out, 0, 0) == 9);
    CHECK_OK(vxSetParameterByIndex(n, 1, NULL));
    CHECK(vxIsGraphVerified(g) == vx_false_e);
    CHECK_OK(vxVerifyGraph(g));                               /* explicitly this time */
    CHECK(strcmp(seq, "VIDVVIDVIDVI") == 0);
    CHECK_OK(vxProcessGraph(g));
    CHECK(u8_pixel(big_out, 0, 0) == 7);

    /* vxVerifyGraph of a verified graph verifies again: a complete verification */
    CHECK_OK(vxVerifyGraph(g));
    CHECK(strcmp(seq, "VIDVVIDVIDVIDVI") == 0);

    /* the node's release deinitializes it */
    CHECK_OK(vxReleaseNode(&n));
    CHECK_OK(vxReleaseGraph(&g));
    CHECK(strcmp(seq, "VIDVVIDVIDVIDVID") == 0);
    vx_image *imgs[] = {&in, &same, &big, &opt, &out, &big_out};
    for (int i = 0; i < 6; i++)
        CHECK_OK(vxReleaseImage(imgs[i]));
    CHECK_OK(vxReleaseScalar(&s));
    CHECK_OK(vxRemoveKernel(k));
    CHECK(context_references(ctx) == refs0);
    CHECK_OK(vxReleaseContext(&ctx));
    printf("ok\n");
    return 0;
}
