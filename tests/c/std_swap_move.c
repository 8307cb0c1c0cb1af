/* The Swap and Move kernels (vx_khr_swap_move): every data object type exchanged as a node and
 * through vxu, every byte checked; views of a swapped image see the exchange; refusals (views,
 * uniform images, different meta, NULL, two in-place writers); a graph orders producer -> swap ->
 * consumer whatever the creation order, and gives a virtual Move output the first's meta. Then
 * the AccumulateX nodes (vx_khr_bidirectional_parameters) against the 1.0 Accumulate nodes. */
#include <VX/vx.h>
#include <VX/vxu.h>
#include <VX/vx_khr_swap_move.h>
#include <VX/vx_khr_bidirectional_parameters.h>
#include <VX/vx_khr_user_data_object.h>
#include <string.h>

#include "check.h"

enum { BYTES = 64, KINDS = 14 };

/* Every byte of an image's planes: written as seed + x + 3y + 7 plane, or compared with that. */
static int image_bytes(vx_image img, vx_uint8 seed, int write)
{
    vx_uint32 w, h;
    vx_size planes;
    CHECK_OK(vxQueryImage(img, VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxQueryImage(img, VX_IMAGE_HEIGHT, &h, sizeof h));
    CHECK_OK(vxQueryImage(img, VX_IMAGE_PLANES, &planes, sizeof planes));
    vx_rectangle_t rect = {0, 0, w, h};
    int same = 1;
    for (vx_uint32 p = 0; p < planes; p++) {
        vx_map_id id;
        vx_imagepatch_addressing_t addr;
        void *base;
        CHECK_OK(vxMapImagePatch(img, &rect, p, &id, &addr, &base, write ? VX_WRITE_ONLY : VX_READ_ONLY,
                                 VX_MEMORY_TYPE_HOST, VX_NOGAP_X));
        for (vx_uint32 y = 0; y < addr.dim_y; y += addr.step_y)
            for (vx_uint32 x = 0; x < addr.dim_x; x += addr.step_x) {
                vx_uint8 *at = vxFormatImagePatchAddress2d(base, x, y, &addr);
                for (vx_int32 b = 0; b < addr.stride_x; b++) {
                    vx_uint8 want = (vx_uint8)(seed + x + 3 * y + 7 * p + b);
                    if (write)
                        at[b] = want;
                    else
                        same &= at[b] == want;
                }
            }
        CHECK_OK(vxUnmapImagePatch(img, id));
    }
    return same;
}

/* The contents of any object written from, or compared with, the pattern of `seed` (arrays hold
 * a number of items that depends on the seed, so their counts are exchanged too). */
static int contents(vx_reference ref, vx_uint8 seed, int write)
{
    vx_uint8 want[BYTES], got[BYTES];
    for (int k = 0; k < BYTES; k++)
        want[k] = (vx_uint8)(seed * 13 + k);
    memset(got, 0, sizeof got);
    vx_enum usage = write ? VX_WRITE_ONLY : VX_READ_ONLY, host = VX_MEMORY_TYPE_HOST;
    void *buf = write ? want : got;
    vx_size bytes = 0;
    vx_enum type;
    CHECK_OK(vxQueryReference(ref, VX_REFERENCE_TYPE, &type, sizeof type));
    switch (type) {
    case VX_TYPE_IMAGE:
        return image_bytes((vx_image)ref, seed, write);
    case VX_TYPE_PYRAMID:
    case VX_TYPE_OBJECT_ARRAY: {
        int same = 1;
        for (vx_uint32 k = 0; k < 2; k++) {
            vx_reference part = type == VX_TYPE_PYRAMID ? (vx_reference)vxGetPyramidLevel((vx_pyramid)ref, k)
                                                        : vxGetObjectArrayItem((vx_object_array)ref, k);
            same &= contents(part, (vx_uint8)(seed + 40 * k), write);
            CHECK_OK(vxReleaseReference(&part));
        }
        return same;
    }
    case VX_TYPE_ARRAY: {
        vx_size count = 2 + seed % 5, have = 0;
        if (write) {
            CHECK_OK(vxTruncateArray((vx_array)ref, 0));
            CHECK_OK(vxAddArrayItems((vx_array)ref, count, want, sizeof(vx_uint16)));
            return 1;
        }
        CHECK_OK(vxQueryArray((vx_array)ref, VX_ARRAY_NUMITEMS, &have, sizeof have));
        if (have != count)
            return 0;
        CHECK_OK(vxCopyArrayRange((vx_array)ref, 0, count, sizeof(vx_uint16), got, usage, host));
        bytes = count * sizeof(vx_uint16);
        break;
    }
    case VX_TYPE_SCALAR:
        CHECK_OK(vxCopyScalar((vx_scalar)ref, buf, usage, host));
        bytes = sizeof(vx_uint32);
        break;
    case VX_TYPE_LUT:
        CHECK_OK(vxCopyLUT((vx_lut)ref, buf, usage, host));
        bytes = 10 * sizeof(vx_int16);
        break;
    case VX_TYPE_DISTRIBUTION:
        CHECK_OK(vxCopyDistribution((vx_distribution)ref, buf, usage, host));
        bytes = 4 * sizeof(vx_int32);
        break;
    case VX_TYPE_MATRIX:
        CHECK_OK(vxCopyMatrix((vx_matrix)ref, buf, usage, host));
        bytes = 9 * sizeof(vx_int32);
        break;
    case VX_TYPE_CONVOLUTION:
        CHECK_OK(vxCopyConvolutionCoefficients((vx_convolution)ref, buf, usage, host));
        bytes = 9 * sizeof(vx_int16);
        break;
    case VX_TYPE_REMAP: {
        vx_coordinates2df_t points[4];                /* 2x2 remap: whole floats, so the bytes compare */
        for (int k = 0; k < 4; k++)
            points[k].x = (vx_float32)(seed + k), points[k].y = (vx_float32)(seed * 2 + k);
        vx_coordinates2df_t out[4];
        vx_rectangle_t rect = {0, 0, 2, 2};
        CHECK_OK(vxCopyRemapPatch((vx_remap)ref, &rect, 2 * sizeof points[0], write ? points : out,
                                  VX_TYPE_COORDINATES2DF, usage, host));
        return write || memcmp(points, out, sizeof out) == 0;
    }
    case VX_TYPE_TENSOR: {
        vx_size start[2] = {0, 0}, end[2] = {3, 4}, stride[2] = {sizeof(vx_int16), 3 * sizeof(vx_int16)};
        CHECK_OK(vxCopyTensorPatch((vx_tensor)ref, 2, start, end, stride, buf, usage, host));
        bytes = 12 * sizeof(vx_int16);
        break;
    }
    case VX_TYPE_THRESHOLD: {
        vx_pixel_value_t v;
        memset(&v, 0, sizeof v);
        v.U8 = want[0];
        CHECK_OK(vxCopyThresholdValue((vx_threshold)ref, &v, usage, host));
        return write || v.U8 == want[0];
    }
    default:                                          /* VX_TYPE_USER_DATA_OBJECT */
        bytes = 16;
        CHECK_OK(vxCopyUserDataObject((vx_user_data_object)ref, 0, bytes, buf, usage, host));
        break;
    }
    return write || memcmp(want, got, bytes) == 0;
}

/* A new object of the k-th type, or its k-th variant with other meta data (`other`). */
static vx_reference make(vx_context ctx, int k, int other)
{
    vx_size dims[2] = {3, 4};
    vx_uint32 zero = 0;
    vx_reference ref = NULL;
    switch (k) {
    case 0: ref = (vx_reference)vxCreateImage(ctx, 16 + other, 6, VX_DF_IMAGE_U8); break;
    case 1: ref = (vx_reference)vxCreateImage(ctx, 8, 6, other ? VX_DF_IMAGE_NV12 : VX_DF_IMAGE_IYUV); break;
    case 2: ref = (vx_reference)vxCreateArray(ctx, other ? VX_TYPE_INT16 : VX_TYPE_UINT16, 8); break;
    case 3: ref = (vx_reference)vxCreateScalar(ctx, other ? VX_TYPE_INT32 : VX_TYPE_UINT32, &zero); break;
    case 4: ref = (vx_reference)vxCreateLUT(ctx, VX_TYPE_INT16, 10 + other); break;
    case 5: ref = (vx_reference)vxCreateDistribution(ctx, 4, other, 256); break;
    case 6: ref = (vx_reference)vxCreateMatrix(ctx, VX_TYPE_INT32, 3, 3 + other); break;
    case 7: ref = (vx_reference)vxCreateConvolution(ctx, 3, 3 + 2 * other); break;
    case 8: ref = (vx_reference)vxCreateRemap(ctx, 2, 2, 2 + other, 2); break;
    case 9: ref = (vx_reference)vxCreateTensor(ctx, 2, dims, other ? VX_TYPE_UINT16 : VX_TYPE_INT16, 0); break;
    case 10:
        ref = (vx_reference)vxCreateThreshold(ctx, VX_THRESHOLD_TYPE_BINARY, other ? VX_TYPE_INT16 : VX_TYPE_UINT8);
        break;
    case 11: ref = (vx_reference)vxCreateUserDataObject(ctx, "sixteen", 16 + other, NULL); break;
    case 12: ref = (vx_reference)vxCreatePyramid(ctx, 2, VX_SCALE_PYRAMID_HALF, 8, 6 + 2 * other, VX_DF_IMAGE_U8);
        break;
    default: {
        vx_image item = vxCreateImage(ctx, 4 + other, 4, VX_DF_IMAGE_S16);
        ref = (vx_reference)vxCreateObjectArray(ctx, (vx_reference)item, 2);
        vxReleaseImage(&item);
    }
    }
    CHECK_REF(ref);
    return ref;
}

static vx_status run_node(vx_context ctx, int move, vx_reference a, vx_reference b)
{
    vx_graph g = vxCreateGraph(ctx);
    vx_node n = move ? vxMoveNode(g, a, b) : vxSwapNode(g, a, b);
    CHECK_REF(n);
    vx_status s = vxProcessGraph(g);
    vxReleaseNode(&n), vxReleaseGraph(&g);
    return s;
}

/* Swap and Move of every type, as a node and through vxu; objects of other meta are refused. */
static void every_type(vx_context ctx)
{
    for (int k = 0; k < KINDS; k++) {
        vx_reference a = make(ctx, k, 0), b = make(ctx, k, 0), c = make(ctx, k, 1);
        CHECK(contents(a, 1, 1) && contents(b, 2, 1));
        for (int immediate = 0; immediate < 2; immediate++) {
            vx_uint8 x = immediate ? 2 : 1, y = immediate ? 1 : 2;   /* what a and b hold now */
            CHECK_OK(immediate ? vxuSwap(ctx, a, b) : run_node(ctx, 0, a, b));
            if (!contents(a, y, 0) || !contents(b, x, 0)) {
                fprintf(stderr, "type %d immediate %d: swap did not exchange\n", k, immediate);
                exit(1);
            }
        }
        CHECK_OK(run_node(ctx, 1, a, b));                  /* a holds 1 and b 2 again: b gets 1 */
        CHECK(contents(b, 1, 0));
        CHECK(contents(a, 3, 1));
        CHECK_OK(vxuMove(ctx, a, b));
        CHECK(contents(b, 3, 0));
        CHECK_REFUSED_LAST(vxuSwap(ctx, a, c), VX_ERROR_NOT_COMPATIBLE);
        CHECK_REFUSED_LAST(vxuMove(ctx, c, b), VX_ERROR_NOT_COMPATIBLE);
        CHECK_REFUSED_LAST(run_node(ctx, 0, b, c), VX_ERROR_NOT_COMPATIBLE);
        vxReleaseReference(&a), vxReleaseReference(&b), vxReleaseReference(&c);
    }
}

/* Channel and ROI images (and ROIs of those) of swapped images show the other's former data;
 * views, uniform images, other types and NULL are refused. */
static void views_and_refusals(vx_context ctx)
{
    vx_image yuv[2], u8[2], chan[2], roi[2], sub[2];
    vx_rectangle_t rect = {1, 2, 7, 6}, inner = {1, 1, 3, 3};
    for (int k = 0; k < 2; k++) {
        yuv[k] = vxCreateImage(ctx, 8, 6, VX_DF_IMAGE_IYUV), u8[k] = vxCreateImage(ctx, 8, 6, VX_DF_IMAGE_U8);
        image_bytes(yuv[k], (vx_uint8)(10 + k), 1), image_bytes(u8[k], (vx_uint8)(20 + k), 1);
        chan[k] = vxCreateImageFromChannel(yuv[k], VX_CHANNEL_U), roi[k] = vxCreateImageFromROI(u8[k], &rect);
        sub[k] = vxCreateImageFromROI(roi[k], &inner);
        CHECK_REF(chan[k]);
        CHECK_REF(roi[k]);
        CHECK_REF(sub[k]);
    }
    vx_uint8 u0 = u8_pixel(chan[0], 1, 1), u1 = u8_pixel(chan[1], 1, 1);
    vx_uint8 r0 = u8_pixel(sub[0], 0, 1), r1 = u8_pixel(sub[1], 0, 1);
    CHECK(u0 == (vx_uint8)(10 + 2 + 3 * 2 + 7) && r0 == (vx_uint8)(20 + 2 + 3 * 4));   /* U at (2, 2) */
    CHECK_OK(vxuSwap(ctx, (vx_reference)yuv[0], (vx_reference)yuv[1]));
    CHECK_OK(vxuSwap(ctx, (vx_reference)u8[0], (vx_reference)u8[1]));
    CHECK(u8_pixel(chan[0], 1, 1) == u1 && u8_pixel(chan[1], 1, 1) == u0);
    CHECK(u8_pixel(sub[0], 0, 1) == r1 && u8_pixel(sub[1], 0, 1) == r0);
    CHECK_OK(vxuMove(ctx, (vx_reference)u8[0], (vx_reference)u8[1]));
    CHECK(u8_pixel(sub[1], 0, 1) == r1);

    CHECK_REFUSED_LAST(vxuSwap(ctx, (vx_reference)roi[0], (vx_reference)roi[1]), VX_ERROR_NOT_SUPPORTED);
    CHECK_REFUSED_LAST(vxuMove(ctx, (vx_reference)chan[0], (vx_reference)chan[1]), VX_ERROR_NOT_SUPPORTED);
    vx_pixel_value_t value = {{7}};
    vx_image uniform = vxCreateUniformImage(ctx, 8, 6, VX_DF_IMAGE_U8, &value);
    CHECK_REFUSED_LAST(vxuSwap(ctx, (vx_reference)uniform, (vx_reference)u8[0]), VX_ERROR_NOT_SUPPORTED);
    CHECK_REFUSED_LAST(vxuMove(ctx, (vx_reference)u8[0], (vx_reference)uniform), VX_ERROR_NOT_SUPPORTED);
    CHECK(u8_pixel(uniform, 0, 0) == 7);
    CHECK_REFUSED_LAST(vxuSwap(ctx, (vx_reference)u8[0], (vx_reference)yuv[0]), VX_ERROR_NOT_COMPATIBLE);
    vx_uint32 zero = 0;
    vx_scalar s = vxCreateScalar(ctx, VX_TYPE_UINT32, &zero);
    CHECK_REFUSED_LAST(vxuMove(ctx, (vx_reference)s, (vx_reference)u8[0]), VX_ERROR_NOT_COMPATIBLE);
    vx_graph g = vxCreateGraph(ctx);
    CHECK_CREATE_REFUSED(vxSwapNode(g, NULL, (vx_reference)s), VX_ERROR_INVALID_REFERENCE);
    CHECK_CREATE_REFUSED(vxMoveNode(g, (vx_reference)s, NULL), VX_ERROR_INVALID_REFERENCE);
    CHECK_REFUSED(vxuSwap(ctx, (vx_reference)s, NULL), VX_ERROR_INVALID_REFERENCE);
    CHECK_REFUSED(vxuMove(ctx, NULL, (vx_reference)s), VX_ERROR_INVALID_REFERENCE);
    vxReleaseGraph(&g), vxReleaseScalar(&s), vxReleaseImage(&uniform);
    for (int k = 0; k < 2; k++)
        vxReleaseImage(&sub[k]), vxReleaseImage(&roi[k]), vxReleaseImage(&chan[k]), vxReleaseImage(&yuv[k]),
            vxReleaseImage(&u8[k]);
}

/* producer -> swap -> consumer, created backwards: the swap runs after what writes its objects and
 * before what reads them (through containers too); a virtual Move output gets the first's meta; a
 * replicated Swap exchanges the items; two nodes writing one object in place, a node updating what
 * it writes, or one reading what another moves from, are refused. */
static void graph_order(vx_context ctx)
{
    vx_image in = u8_image(ctx, 8, 6, 5), a = vxCreateImage(ctx, 8, 6, VX_DF_IMAGE_U8);
    vx_image b = u8_image(ctx, 8, 6, 9), out = vxCreateImage(ctx, 8, 6, VX_DF_IMAGE_U8);
    vx_graph g = vxCreateGraph(ctx);
    vx_node consumer = vxNotNode(g, b, out), swap = vxSwapNode(g, (vx_reference)a, (vx_reference)b);
    vx_node producer = vxNotNode(g, in, a);
    CHECK_OK(vxProcessGraph(g));
    CHECK(u8_pixel(a, 3, 3) == 9 && u8_pixel(b, 3, 3) == 250 && u8_pixel(out, 3, 3) == 5);
    vx_node second = vxMoveNode(g, (vx_reference)b, (vx_reference)in);   /* b updated twice */
    CHECK_REFUSED_LAST(vxVerifyGraph(g), VX_ERROR_MULTIPLE_WRITERS);
    vxReleaseNode(&second), vxReleaseNode(&consumer), vxReleaseNode(&swap), vxReleaseNode(&producer);
    vxReleaseGraph(&g);

    g = vxCreateGraph(ctx);                           /* virtual objects, the second open */
    vx_image v1 = vxCreateVirtualImage(g, 8, 6, VX_DF_IMAGE_U8), v2 = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    consumer = vxNotNode(g, v2, out);
    vx_node move = vxMoveNode(g, (vx_reference)v1, (vx_reference)v2);
    producer = vxNotNode(g, in, v1);
    fill_u8(in, 40);
    CHECK_OK(vxProcessGraph(g));
    CHECK(u8_pixel(out, 0, 0) == 40);
    vxReleaseNode(&consumer), vxReleaseNode(&move), vxReleaseNode(&producer);
    vxReleaseImage(&v1), vxReleaseImage(&v2), vxReleaseGraph(&g);

    /* through containers: a level written, the pyramids swapped, the other's level read */
    vx_pyramid p = vxCreatePyramid(ctx, 2, VX_SCALE_PYRAMID_HALF, 8, 6, VX_DF_IMAGE_U8);
    vx_pyramid q = vxCreatePyramid(ctx, 2, VX_SCALE_PYRAMID_HALF, 8, 6, VX_DF_IMAGE_U8);
    vx_image p0 = vxGetPyramidLevel(p, 0), q0 = vxGetPyramidLevel(q, 0);
    g = vxCreateGraph(ctx);
    consumer = vxNotNode(g, q0, out);
    swap = vxSwapNode(g, (vx_reference)p, (vx_reference)q);
    producer = vxNotNode(g, in, p0);
    fill_u8(in, 60);
    CHECK_OK(vxProcessGraph(g));
    CHECK(u8_pixel(out, 2, 2) == 60 && u8_pixel(p0, 2, 2) == 0);
    vxReleaseNode(&consumer), vxReleaseNode(&swap), vxReleaseNode(&producer), vxReleaseGraph(&g);
    vxReleaseImage(&p0), vxReleaseImage(&q0), vxReleasePyramid(&p), vxReleasePyramid(&q);

    /* object arrays of other items: a replacement verifies again, a virtual one is refused */
    vx_reference oa = make(ctx, KINDS - 1, 0), ob = make(ctx, KINDS - 1, 0), wide = make(ctx, KINDS - 1, 1);
    g = vxCreateGraph(ctx);                           /* replicated over the items, then whole */
    vx_reference ia = vxGetObjectArrayItem((vx_object_array)oa, 0), ib = vxGetObjectArrayItem((vx_object_array)ob, 0);
    swap = vxSwapNode(g, ia, ib);
    vx_bool both[2] = {vx_true_e, vx_true_e};
    CHECK_OK(vxReplicateNode(g, swap, both, 2));
    CHECK(contents(oa, 4, 1) && contents(ob, 5, 1));
    CHECK_OK(vxProcessGraph(g));
    CHECK(contents(oa, 5, 0) && contents(ob, 4, 0));
    vxReleaseNode(&swap), vxReleaseGraph(&g), vxReleaseReference(&ia), vxReleaseReference(&ib);
    g = vxCreateGraph(ctx);
    swap = vxSwapNode(g, oa, ob);
    CHECK_OK(vxProcessGraph(g));
    CHECK(contents(oa, 4, 0) && contents(ob, 5, 0));
    CHECK_OK(vxSetParameterByIndex(swap, 1, wide));
    CHECK_REFUSED_LAST(vxProcessGraph(g), VX_ERROR_NOT_COMPATIBLE);
    vxReleaseNode(&swap), vxReleaseGraph(&g);
    g = vxCreateGraph(ctx);
    vx_image exemplar = vxCreateImage(ctx, 4, 5, VX_DF_IMAGE_S16);
    vx_object_array vo = vxCreateVirtualObjectArray(g, (vx_reference)exemplar, 2);
    move = vxMoveNode(g, oa, (vx_reference)vo);
    CHECK_REFUSED_LAST(vxVerifyGraph(g), VX_ERROR_NOT_COMPATIBLE);
    vxReleaseNode(&move), vxReleaseObjectArray(&vo), vxReleaseImage(&exemplar), vxReleaseGraph(&g);
    vxReleaseReference(&oa), vxReleaseReference(&ob), vxReleaseReference(&wide);

    g = vxCreateGraph(ctx);                           /* what is moved from is read by nobody else */
    move = vxMoveNode(g, (vx_reference)a, (vx_reference)b);
    consumer = vxNotNode(g, a, out);
    CHECK_REFUSED_LAST(vxVerifyGraph(g), VX_ERROR_INVALID_GRAPH);
    vxReleaseNode(&move), vxReleaseNode(&consumer), vxReleaseGraph(&g);

    g = vxCreateGraph(ctx);
    move = vxMoveNode(g, (vx_reference)a, (vx_reference)a);
    CHECK_REFUSED_LAST(vxVerifyGraph(g), VX_ERROR_MULTIPLE_WRITERS);
    vxReleaseNode(&move), vxReleaseGraph(&g);
    vxReleaseImage(&in), vxReleaseImage(&a), vxReleaseImage(&b), vxReleaseImage(&out);
}

/* vxAccumulate{Weighted,Square}ImageNodeX (values by value) give what the 1.0 nodes give. */
static void accumulate_x(vx_context ctx)
{
    vx_float32 alpha = 0.25f;
    vx_uint32 shift = 3;
    vx_scalar s_alpha = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &alpha);
    vx_scalar s_shift = vxCreateScalar(ctx, VX_TYPE_UINT32, &shift);
    vx_image in = vxCreateImage(ctx, 8, 6, VX_DF_IMAGE_U8);
    image_bytes(in, 77, 1);
    for (int square = 0; square < 2; square++) {
        vx_df_image f = square ? VX_DF_IMAGE_S16 : VX_DF_IMAGE_U8;
        vx_image acc[2] = {vxCreateImage(ctx, 8, 6, f), vxCreateImage(ctx, 8, 6, f)};
        vx_graph g = vxCreateGraph(ctx);
        vx_node n[2];
        for (int k = 0; k < 2; k++)
            image_bytes(acc[k], 3, 1);
        n[0] = square ? vxAccumulateSquareImageNode(g, in, s_shift, acc[0])
                      : vxAccumulateWeightedImageNode(g, in, s_alpha, acc[0]);
        n[1] = square ? vxAccumulateSquareImageNodeX(g, in, shift, acc[1])
                      : vxAccumulateWeightedImageNodeX(g, in, alpha, acc[1]);
        CHECK_REF(n[1]);
        CHECK_OK(vxProcessGraph(g));
        CHECK(!image_bytes(acc[1], 3, 0));                 /* updated */
        vx_int16 want[48], got[48];
        vx_rectangle_t rect = {0, 0, 8, 6};
        vx_uint32 es = square ? 2 : 1;
        vx_imagepatch_addressing_t addr = {8, 6, (vx_int32)es, (vx_int32)(8 * es), VX_SCALE_UNITY, VX_SCALE_UNITY,
                                           1, 1, 0};
        CHECK_OK(vxCopyImagePatch(acc[0], &rect, 0, &addr, want, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK_OK(vxCopyImagePatch(acc[1], &rect, 0, &addr, got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK(memcmp(want, got, 48 * es) == 0);
        vxReleaseNode(&n[0]), vxReleaseNode(&n[1]), vxReleaseGraph(&g);
        vxReleaseImage(&acc[0]), vxReleaseImage(&acc[1]);
    }
    vxReleaseImage(&in), vxReleaseScalar(&s_alpha), vxReleaseScalar(&s_shift);
}

/* The kernels by enum and by name: Swap's parameters are both bidirectional, Move's second an output. */
static void kernels(vx_context ctx)
{
    const vx_enum want[2][2] = {{VX_BIDIRECTIONAL, VX_BIDIRECTIONAL}, {VX_BIDIRECTIONAL, VX_OUTPUT}};
    for (int move = 0; move < 2; move++) {
        vx_kernel k = vxGetKernelByName(ctx, move ? VX_KERNEL_MOVE_NAME : VX_KERNEL_SWAP_NAME);
        vx_enum e;
        vx_uint32 n;
        CHECK_OK(vxQueryKernel(k, VX_KERNEL_ENUM, &e, sizeof e));
        CHECK_OK(vxQueryKernel(k, VX_KERNEL_PARAMETERS, &n, sizeof n));
        CHECK(e == (move ? VX_KERNEL_MOVE : VX_KERNEL_SWAP) && n == 2);
        for (vx_uint32 i = 0; i < 2; i++) {
            vx_parameter p = vxGetKernelParameterByIndex(k, i);
            vx_enum direction, type;
            CHECK_OK(vxQueryParameter(p, VX_PARAMETER_DIRECTION, &direction, sizeof direction));
            CHECK_OK(vxQueryParameter(p, VX_PARAMETER_TYPE, &type, sizeof type));
            CHECK(direction == want[move][i] && type == VX_TYPE_REFERENCE);
            vxReleaseParameter(&p);
        }
        vxReleaseKernel(&k);
    }
}

/* Accumulations chained through copies and moves of virtual images (nodes created backwards):
 * each object's writer, then its in-place update, then its readers. */
static void accumulate_chain(vx_context ctx)
{
    vx_graph g = vxCreateGraph(ctx);
    vx_image in = u8_image(ctx, 8, 6, 96), acc = u8_image(ctx, 8, 6, 112), out = u8_image(ctx, 8, 6, 4);
    vx_image tap1 = vxCreateImage(ctx, 8, 6, VX_DF_IMAGE_U8), tap2 = vxCreateImage(ctx, 8, 6, VX_DF_IMAGE_U8);
    vx_image v[5];
    for (int k = 0; k < 5; k++)
        v[k] = vxCreateVirtualImage(g, 8, 6, VX_DF_IMAGE_U8);
    vx_node n[12] = {
        vxCopyNode(g, (vx_reference)v[2], (vx_reference)out),
        vxAccumulateWeightedImageNodeX(g, in, 0.5f, v[2]),
        vxNotNode(g, v[1], tap2),
        vxMoveNode(g, (vx_reference)v[4], (vx_reference)v[2]),
        vxMoveNode(g, (vx_reference)v[3], (vx_reference)v[4]),
        vxCopyNode(g, (vx_reference)v[1], (vx_reference)v[3]),
        vxAccumulateWeightedImageNodeX(g, acc, 0.5f, v[1]),
        vxNotNode(g, v[0], tap1),
        vxCopyNode(g, (vx_reference)v[0], (vx_reference)v[1]),
        vxAccumulateWeightedImageNodeX(g, in, 0.5f, v[0]),
        vxCopyNode(g, (vx_reference)acc, (vx_reference)v[0]),
        vxAccumulateWeightedImageNodeX(g, in, 0.5f, acc),
    };
    CHECK_OK(vxProcessGraph(g));
    CHECK(u8_pixel(acc, 1, 1) == 104 && u8_pixel(tap1, 1, 1) == 255 - 100 && u8_pixel(tap2, 1, 1) == 255 - 102);
    CHECK(u8_pixel(out, 7, 5) == 99);
    for (int k = 0; k < 12; k++)
        vxReleaseNode(&n[k]);
    for (int k = 0; k < 5; k++)
        vxReleaseImage(&v[k]);
    vxReleaseImage(&in), vxReleaseImage(&acc), vxReleaseImage(&out), vxReleaseImage(&tap1), vxReleaseImage(&tap2);
    vxReleaseGraph(&g);
}

/* A Move into a delay slot, accumulated with the previous slot: the nodes follow the delay's aging. */
static void delay_slots(vx_context ctx)
{
    vx_image in = u8_image(ctx, 8, 6, 0x24), out = vxCreateImage(ctx, 8, 6, VX_DF_IMAGE_U8);
    vx_delay delay = vxCreateDelay(ctx, (vx_reference)in, 2);
    vx_image now = (vx_image)vxGetReferenceFromDelay(delay, 0), before = (vx_image)vxGetReferenceFromDelay(delay, -1);
    fill_u8(before, 0), fill_u8(now, 0xff);
    vx_graph g = vxCreateGraph(ctx);
    vx_node n[3] = {vxCopyNode(g, (vx_reference)now, (vx_reference)out),
                    vxAccumulateWeightedImageNodeX(g, before, 0.5f, now),
                    vxMoveNode(g, (vx_reference)in, (vx_reference)now)};
    CHECK_OK(vxProcessGraph(g));
    CHECK(u8_pixel(out, 2, 3) == 0x12);
    CHECK_OK(vxAgeDelay(delay));
    fill_u8(in, 0x44);
    CHECK_OK(vxProcessGraph(g));
    CHECK(u8_pixel(out, 2, 3) == (0x44 + 0x12) / 2);
    for (int k = 0; k < 3; k++)
        vxReleaseNode(&n[k]);
    vxReleaseGraph(&g), vxReleaseDelay(&delay), vxReleaseImage(&in), vxReleaseImage(&out);
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    kernels(ctx);
    every_type(ctx);
    views_and_refusals(ctx);
    graph_order(ctx);
    accumulate_x(ctx);
    accumulate_chain(ctx);
    delay_slots(ctx);
    CHECK(context_references(ctx) == start);
    vxReleaseContext(&ctx);
    puts("ok");
    return 0;
}
