/* Pyramids: level sizes for HALF, ORB and a custom scale, attributes, levels as images, who keeps
 * whom alive, refusals. */
#include <VX/vx.h>

#include "check.h"

static double up(double v)     /* ceil, without libm */
{
    double t = (double)(long long)v;
    return t < v ? t + 1 : t;
}

/* Level sizes: `want` (width, height per level) or else each ceil(previous * scale). */
static void check_levels(vx_context ctx, vx_float32 scale, vx_size levels, vx_uint32 w, vx_uint32 h,
                         const vx_uint32 (*want)[2])
{
    vx_pyramid pyr = vxCreatePyramid(ctx, levels, scale, w, h, VX_DF_IMAGE_U8);
    CHECK_REF(pyr);
    vx_size n;
    vx_float32 s;
    vx_uint32 pw, ph;
    vx_df_image f;
    CHECK_OK(vxQueryPyramid(pyr, VX_PYRAMID_LEVELS, &n, sizeof n));
    CHECK_OK(vxQueryPyramid(pyr, VX_PYRAMID_SCALE, &s, sizeof s));
    CHECK_OK(vxQueryPyramid(pyr, VX_PYRAMID_WIDTH, &pw, sizeof pw));
    CHECK_OK(vxQueryPyramid(pyr, VX_PYRAMID_HEIGHT, &ph, sizeof ph));
    CHECK_OK(vxQueryPyramid(pyr, VX_PYRAMID_FORMAT, &f, sizeof f));
    CHECK(n == levels && s == scale && pw == w && ph == h && f == VX_DF_IMAGE_U8);
    double ew = w, eh = h;
    for (vx_uint32 i = 0; i < levels; i++) {
        vx_image img = vxGetPyramidLevel(pyr, i);
        CHECK_REF(img);
        vx_uint32 iw, ih;
        CHECK_OK(vxQueryImage(img, VX_IMAGE_WIDTH, &iw, sizeof iw));
        CHECK_OK(vxQueryImage(img, VX_IMAGE_HEIGHT, &ih, sizeof ih));
        if (want != NULL)
            ew = want[i][0], eh = want[i][1];
        CHECK(iw == (vx_uint32)ew && ih == (vx_uint32)eh);
        ew = up(ew * scale);
        eh = up(eh * scale);
        CHECK_OK(vxReleaseImage(&img));
    }
    CHECK_STATUS(vxGetStatus((vx_reference)vxGetPyramidLevel(pyr, (vx_uint32)levels)), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxReleasePyramid(&pyr));
}

int main(void)
{
    vx_context ctx = vxCreateContext();
    CHECK_REF(ctx);
    vx_uint32 start = context_references(ctx);
    check_levels(ctx, VX_SCALE_PYRAMID_HALF, 4, 640, 480, NULL);
    check_levels(ctx, 0.7f, 3, 100, 50, NULL);
    /* ORB: level i is ceil(level 0 * 2^(-i/4)), the sizes other implementations give */
    static const vx_uint32 orb16[8][2] = {{16, 16}, {14, 14}, {12, 12}, {10, 10}, {8, 8}, {7, 7}, {6, 6}, {5, 5}};
    static const vx_uint32 orb256[8][2] = {{256, 256}, {216, 216}, {182, 182}, {153, 153},
                                           {128, 128}, {108, 108}, {91, 91}, {77, 77}};
    static const vx_uint32 orb640[8][2] = {{640, 480}, {539, 404}, {453, 340}, {381, 286},
                                           {320, 240}, {270, 202}, {227, 170}, {191, 143}};
    check_levels(ctx, VX_SCALE_PYRAMID_ORB, 8, 16, 16, orb16);
    check_levels(ctx, VX_SCALE_PYRAMID_ORB, 8, 256, 256, orb256);
    check_levels(ctx, VX_SCALE_PYRAMID_ORB, 8, 640, 480, orb640);
    CHECK(context_references(ctx) == start);

    /* a level held by the application keeps the pyramid alive, and the other way round */
    vx_pyramid pyr = vxCreatePyramid(ctx, 3, VX_SCALE_PYRAMID_HALF, 64, 32, VX_DF_IMAGE_S16);
    vx_image l1 = vxGetPyramidLevel(pyr, 1);
    vx_image l1b = vxGetPyramidLevel(pyr, 1);
    CHECK(l1 == l1b && ref_count((vx_reference)l1) == 2);
    CHECK(context_references(ctx) == start + 2);
    vx_pyramid keep = pyr;
    CHECK_OK(vxReleasePyramid(&pyr));
    CHECK(pyr == NULL && context_references(ctx) == start + 1);
    vx_size n;
    CHECK_STATUS(vxQueryPyramid(keep, VX_PYRAMID_LEVELS, &n, sizeof n), VX_SUCCESS);   /* held by its level */
    vx_rectangle_t r = {0, 0, 32, 16};
    vx_imagepatch_addressing_t a;
    vx_map_id id;
    void *p = NULL;
    CHECK_OK(vxMapImagePatch(l1, &r, 0, &id, &a, &p, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0));
    CHECK(a.stride_x == 2);
    CHECK_OK(vxUnmapImagePatch(l1, id));
    CHECK_OK(vxReleaseImage(&l1b));
    CHECK_OK(vxReleaseImage(&l1));
    CHECK(context_references(ctx) == start);
    CHECK_STATUS(vxQueryPyramid(keep, VX_PYRAMID_LEVELS, &n, sizeof n), VX_ERROR_INVALID_REFERENCE);

    /* releasing the pyramid last */
    pyr = vxCreatePyramid(ctx, 2, VX_SCALE_PYRAMID_HALF, 16, 16, VX_DF_IMAGE_U8);
    l1 = vxGetPyramidLevel(pyr, 0);
    CHECK_OK(vxReleaseImage(&l1));
    CHECK_OK(vxQueryPyramid(pyr, VX_PYRAMID_LEVELS, &n, sizeof n));
    CHECK_OK(vxReleasePyramid(&pyr));
    CHECK(context_references(ctx) == start);

    /* refusals */
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreatePyramid(ctx, 0, 0.5f, 16, 16, VX_DF_IMAGE_U8)), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreatePyramid(ctx, 2, 1.5f, 16, 16, VX_DF_IMAGE_U8)), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreatePyramid(ctx, 2, 0.5f, 0, 16, VX_DF_IMAGE_U8)), VX_ERROR_INVALID_DIMENSION);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreatePyramid(ctx, 2, 0.5f, 16, 16, VX_DF_IMAGE_VIRT)), VX_ERROR_INVALID_FORMAT);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreatePyramid(ctx, 2, 0.5f, 6, 6, VX_DF_IMAGE_NV12)), VX_ERROR_INVALID_DIMENSION);
    CHECK_STATUS(vxReleasePyramid(NULL), VX_ERROR_INVALID_REFERENCE);
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    printf("image_pyramid ok\n");
    return 0;
}
