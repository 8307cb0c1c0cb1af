/* Copy and Select (control flow) on the object types beyond the plain buffers: convolution
 * (coefficients and scale), tensor (from a view with gaps, into a packed one), threshold,
 * pyramid, object array of images. Same attributes checked at verify, a deep copy at run:
 * changing the source afterwards does not change the copy. */
#include <VX/vx.h>
#include <VX/vxu.h>
#include <string.h>

#include "check.h"

static void check_convolution(vx_convolution c, vx_int16 first, vx_uint32 scale)
{
    vx_int16 coef[9];
    vx_uint32 s = 0;
    CHECK_OK(vxCopyConvolutionCoefficients(c, coef, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(vxQueryConvolution(c, VX_CONVOLUTION_SCALE, &s, sizeof s));
    for (int k = 0; k < 9; k++) CHECK(coef[k] == first + k);
    CHECK(s == scale);
}

static void set_convolution(vx_convolution c, vx_int16 first, vx_uint32 scale)
{
    vx_int16 coef[9];
    for (int k = 0; k < 9; k++) coef[k] = (vx_int16)(first + k);
    CHECK_OK(vxCopyConvolutionCoefficients(c, coef, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(vxSetConvolutionAttribute(c, VX_CONVOLUTION_SCALE, &scale, sizeof scale));
}

/* out = in (Copy) or out = cond ? in : other (Select), as a graph or through vxu */
static vx_status copy(vx_context ctx, int how, vx_reference in, vx_reference other, vx_reference out)
{
    if (how == 0)
        return vxuCopy(ctx, in, out);
    vx_graph g = vxCreateGraph(ctx);
    vx_bool yes = vx_true_e;
    vx_scalar cond = vxCreateScalar(ctx, VX_TYPE_BOOL, &yes);
    vx_node n = how == 1 ? vxCopyNode(g, in, out) : vxSelectNode(g, cond, in, other, out);
    vx_status s = vxProcessGraph(g);
    vxReleaseNode(&n), vxReleaseScalar(&cond), vxReleaseGraph(&g);
    return s;
}

static vx_uint8 first_pixel(vx_image img)
{
    vx_rectangle_t r = {0, 0, 1, 1};
    vx_imagepatch_addressing_t a = {1, 1, 1, 1, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 8};
    vx_uint8 v = 0;
    CHECK_OK(vxCopyImagePatch(img, &r, 0, &a, &v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    return v;
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    for (int how = 0; how < 3; how++) {
        /* convolution */
        vx_convolution ca = vxCreateConvolution(ctx, 3, 3), cb = vxCreateConvolution(ctx, 3, 3),
                       cother = vxCreateConvolution(ctx, 3, 3);
        set_convolution(ca, 7, 16), set_convolution(cb, 0, 1), set_convolution(cother, 100, 2);
        CHECK_OK(copy(ctx, how, (vx_reference)ca, (vx_reference)cother, (vx_reference)cb));
        set_convolution(ca, 50, 4);
        check_convolution(cb, 7, 16);
        /* tensor: a view (every other element of dimension 0, rows 1..3) into a packed tensor */
        vx_size dims[3] = {8, 4, 2}, vs[3] = {2, 1, 0}, ve[3] = {6, 4, 2}, small[3] = {4, 3, 2};
        vx_tensor big = vxCreateTensor(ctx, 3, dims, VX_TYPE_INT16, 8);
        vx_int16 values[2][4][8], got[2][3][4];
        for (int k = 0; k < 64; k++) ((vx_int16 *)values)[k] = (vx_int16)(k * 37 - 900);
        vx_size zero[3] = {0, 0, 0}, strides[3] = {2, 16, 64}, sstrides[3] = {2, 8, 24};
        CHECK_OK(vxCopyTensorPatch(big, 3, zero, dims, strides, values, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
        vx_tensor view = vxCreateTensorFromView(big, 3, vs, ve), packed = vxCreateTensor(ctx, 3, small, VX_TYPE_INT16, 8);
        vx_tensor tother = vxCreateTensor(ctx, 3, small, VX_TYPE_INT16, 8);
        CHECK_REF(view);
        CHECK_OK(copy(ctx, how, (vx_reference)view, (vx_reference)tother, (vx_reference)packed));
        CHECK_OK(vxCopyTensorPatch(packed, 3, zero, small, sstrides, got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        for (int z = 0; z < 2; z++)
            for (int y = 0; y < 3; y++)
                for (int x = 0; x < 4; x++) CHECK(got[z][y][x] == values[z][y + 1][x + 2]);
        /* and back into the view: the elements around it unchanged */
        memset(got, 0, sizeof got);
        CHECK_OK(vxCopyTensorPatch(tother, 3, zero, small, sstrides, got, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK_OK(copy(ctx, how, (vx_reference)tother, (vx_reference)packed, (vx_reference)view));
        vx_int16 after[2][4][8];
        CHECK_OK(vxCopyTensorPatch(big, 3, zero, dims, strides, after, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        for (int z = 0; z < 2; z++)
            for (int y = 0; y < 4; y++)
                for (int x = 0; x < 8; x++)
                    CHECK(after[z][y][x] == (y >= 1 && x >= 2 && x < 6 ? 0 : values[z][y][x]));
        /* threshold */
        vx_threshold ta = vxCreateThresholdForImage(ctx, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
        vx_threshold tb = vxCreateThresholdForImage(ctx, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
        vx_threshold tother2 = vxCreateThresholdForImage(ctx, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
        vx_pixel_value_t v = {{0}}, yes = {{0}}, no = {{0}};
        v.U8 = 77, yes.U8 = 200, no.U8 = 3;
        CHECK_OK(vxCopyThresholdValue(ta, &v, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK_OK(vxCopyThresholdOutput(ta, &yes, &no, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK_OK(copy(ctx, how, (vx_reference)ta, (vx_reference)tother2, (vx_reference)tb));
        memset(&v, 0, sizeof v), memset(&yes, 0, sizeof yes), memset(&no, 0, sizeof no);
        CHECK_OK(vxCopyThresholdValue(tb, &v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK_OK(vxCopyThresholdOutput(tb, &yes, &no, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK(v.U8 == 77 && yes.U8 == 200 && no.U8 == 3);
        /* pyramid */
        vx_pyramid pa = vxCreatePyramid(ctx, 3, VX_SCALE_PYRAMID_HALF, 32, 24, VX_DF_IMAGE_U8);
        vx_pyramid pb = vxCreatePyramid(ctx, 3, VX_SCALE_PYRAMID_HALF, 32, 24, VX_DF_IMAGE_U8);
        vx_pyramid pother = vxCreatePyramid(ctx, 3, VX_SCALE_PYRAMID_HALF, 32, 24, VX_DF_IMAGE_U8);
        for (vx_uint32 l = 0; l < 3; l++) {
            vx_image a = vxGetPyramidLevel(pa, l), o = vxGetPyramidLevel(pother, l);
            fill_u8(a, (vx_uint8)(10 + l)), fill_u8(o, 99);
            vxReleaseImage(&a), vxReleaseImage(&o);
        }
        CHECK_OK(copy(ctx, how, (vx_reference)pa, (vx_reference)pother, (vx_reference)pb));
        for (vx_uint32 l = 0; l < 3; l++) {
            vx_image b = vxGetPyramidLevel(pb, l);
            CHECK(first_pixel(b) == 10 + l);
            vxReleaseImage(&b);
        }
        /* object array of images */
        vx_image exemplar = vxCreateImage(ctx, 9, 5, VX_DF_IMAGE_U8);
        vx_object_array oa = vxCreateObjectArray(ctx, (vx_reference)exemplar, 4);
        vx_object_array ob = vxCreateObjectArray(ctx, (vx_reference)exemplar, 4);
        vx_object_array oother = vxCreateObjectArray(ctx, (vx_reference)exemplar, 4);
        for (vx_uint32 k = 0; k < 4; k++) {
            vx_image a = (vx_image)vxGetObjectArrayItem(oa, k), o = (vx_image)vxGetObjectArrayItem(oother, k);
            fill_u8(a, (vx_uint8)(k * 3 + 1)), fill_u8(o, 99);
            vxReleaseImage(&a), vxReleaseImage(&o);
        }
        CHECK_OK(copy(ctx, how, (vx_reference)oa, (vx_reference)oother, (vx_reference)ob));
        for (vx_uint32 k = 0; k < 4; k++) {
            vx_image b = (vx_image)vxGetObjectArrayItem(ob, k);
            CHECK(first_pixel(b) == k * 3 + 1);
            vxReleaseImage(&b);
        }
        /* attributes differ: refused at verify */
        vx_convolution c5 = vxCreateConvolution(ctx, 5, 5);
        vx_pyramid p2 = vxCreatePyramid(ctx, 2, VX_SCALE_PYRAMID_HALF, 32, 24, VX_DF_IMAGE_U8);
        vx_image other_size = vxCreateImage(ctx, 9, 6, VX_DF_IMAGE_U8);
        vx_object_array oc = vxCreateObjectArray(ctx, (vx_reference)other_size, 4);
        if (how != 2) {
            CHECK(copy(ctx, how, (vx_reference)ca, NULL, (vx_reference)c5) != VX_SUCCESS);
            CHECK(copy(ctx, how, (vx_reference)pa, NULL, (vx_reference)p2) != VX_SUCCESS);
            CHECK(copy(ctx, how, (vx_reference)oa, NULL, (vx_reference)oc) != VX_SUCCESS);
            CHECK(copy(ctx, how, (vx_reference)big, NULL, (vx_reference)tother) != VX_SUCCESS);
        }
        vxReleaseConvolution(&c5), vxReleasePyramid(&p2), vxReleaseImage(&other_size), vxReleaseObjectArray(&oc);
        vxReleaseConvolution(&ca), vxReleaseConvolution(&cb), vxReleaseConvolution(&cother);
        vxReleaseTensor(&view), vxReleaseTensor(&big), vxReleaseTensor(&packed), vxReleaseTensor(&tother);
        vxReleaseThreshold(&ta), vxReleaseThreshold(&tb), vxReleaseThreshold(&tother2);
        vxReleasePyramid(&pa), vxReleasePyramid(&pb), vxReleasePyramid(&pother);
        vxReleaseImage(&exemplar), vxReleaseObjectArray(&oa), vxReleaseObjectArray(&ob), vxReleaseObjectArray(&oother);
    }
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
