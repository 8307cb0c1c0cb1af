/* vx_khr_swap_move against plain C: Swap exchanges two images, two arrays (items and counts) and
 * two scalars; Move copies the first object into the second; as nodes and through vxu. Then
 * refusals. */
#include <VX/vx.h>
#include <VX/vx_khr_swap_move.h>
#include <VX/vxu.h>
#include <string.h>

#include "check.h"
#include "std_images.h"

enum { W = 13, H = 9 };

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    static int32_t a_values[W * H], b_values[W * H], got[W * H];
    for (int how = 0; how < 2; how++) {
        /* images */
        vx_image a = test_image(ctx, W, H, VX_DF_IMAGE_S16, 1, a_values), b = test_image(ctx, W, H, VX_DF_IMAGE_S16, 2, b_values);
        CHECK_OK(RUN(how, ctx, vxuSwap(ctx, (vx_reference)a, (vx_reference)b),
                     vxSwapNode(graph_, (vx_reference)a, (vx_reference)b)));
        read_image(a, got);
        CHECK(memcmp(got, b_values, sizeof got) == 0);
        read_image(b, got);
        CHECK(memcmp(got, a_values, sizeof got) == 0);
        CHECK_OK(RUN(how, ctx, vxuMove(ctx, (vx_reference)a, (vx_reference)b),
                     vxMoveNode(graph_, (vx_reference)a, (vx_reference)b)));
        read_image(b, got);
        CHECK(memcmp(got, b_values, sizeof got) == 0);      /* a held b's values */
        vxReleaseImage(&a), vxReleaseImage(&b);

        /* arrays of different counts */
        vx_coordinates2d_t pa[3] = {{1, 2}, {3, 4}, {5, 6}}, pb[1] = {{7, 8}}, out[3];
        vx_array x = vxCreateArray(ctx, VX_TYPE_COORDINATES2D, 4), y = vxCreateArray(ctx, VX_TYPE_COORDINATES2D, 4);
        CHECK_OK(vxAddArrayItems(x, 3, pa, sizeof pa[0]));
        CHECK_OK(vxAddArrayItems(y, 1, pb, sizeof pb[0]));
        CHECK_OK(RUN(how, ctx, vxuSwap(ctx, (vx_reference)x, (vx_reference)y),
                     vxSwapNode(graph_, (vx_reference)x, (vx_reference)y)));
        vx_size nx, ny;
        CHECK_OK(vxQueryArray(x, VX_ARRAY_NUMITEMS, &nx, sizeof nx));
        CHECK_OK(vxQueryArray(y, VX_ARRAY_NUMITEMS, &ny, sizeof ny));
        CHECK(nx == 1 && ny == 3);
        CHECK_OK(vxCopyArrayRange(x, 0, 1, sizeof out[0], out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK(out[0].x == 7 && out[0].y == 8);
        CHECK_OK(vxCopyArrayRange(y, 0, 3, sizeof out[0], out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK(memcmp(out, pa, sizeof pa) == 0);
        vxReleaseArray(&x), vxReleaseArray(&y);

        /* scalars */
        vx_int32 one = 1, two = 2, v;
        vx_scalar s = vxCreateScalar(ctx, VX_TYPE_INT32, &one), t = vxCreateScalar(ctx, VX_TYPE_INT32, &two);
        CHECK_OK(RUN(how, ctx, vxuSwap(ctx, (vx_reference)s, (vx_reference)t),
                     vxSwapNode(graph_, (vx_reference)s, (vx_reference)t)));
        CHECK_OK(vxCopyScalar(s, &v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK(v == 2);
        CHECK_OK(vxCopyScalar(t, &v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK(v == 1);
        vxReleaseScalar(&s), vxReleaseScalar(&t);
    }

    /* the parameters are bidirectional (Swap), input and output (Move) */
    vx_kernel swap = vxGetKernelByEnum(ctx, VX_KERNEL_SWAP), move = vxGetKernelByName(ctx, VX_KERNEL_MOVE_NAME);
    vx_parameter ps = vxGetKernelParameterByIndex(swap, 1), pm = vxGetKernelParameterByIndex(move, 1);
    vx_enum ds, dm;
    CHECK_OK(vxQueryParameter(ps, VX_PARAMETER_DIRECTION, &ds, sizeof ds));
    CHECK_OK(vxQueryParameter(pm, VX_PARAMETER_DIRECTION, &dm, sizeof dm));
    CHECK(ds == VX_BIDIRECTIONAL && dm == VX_OUTPUT);
    vxReleaseParameter(&ps), vxReleaseParameter(&pm), vxReleaseKernel(&swap), vxReleaseKernel(&move);

    /* refusals */
    vx_image u8 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8), s16 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_S16);
    vx_image u1 = vxCreateImage(ctx, 16, 8, VX_DF_IMAGE_U1), u1b = vxCreateImage(ctx, 16, 8, VX_DF_IMAGE_U1);
    vx_array arr = vxCreateArray(ctx, VX_TYPE_COORDINATES2D, 4);
    CHECK_REFUSED(vxuSwap(ctx, (vx_reference)u8, (vx_reference)s16), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxuSwap(ctx, (vx_reference)u8, (vx_reference)arr), VX_ERROR_INVALID_TYPE);
    CHECK_REFUSED(vxuSwap(ctx, (vx_reference)u1, (vx_reference)u1b), VX_ERROR_NOT_SUPPORTED);
    CHECK_REFUSED_LAST(vxuMove(ctx, (vx_reference)u8, (vx_reference)s16), VX_ERROR_INVALID_FORMAT);
    vxReleaseImage(&u8), vxReleaseImage(&s16), vxReleaseImage(&u1), vxReleaseImage(&u1b), vxReleaseArray(&arr);
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
