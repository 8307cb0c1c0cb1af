/* Tensor: create, query, copy/map both ways, views share memory, from handle + swap, refusals, counts. */
#include <string.h>
#include "check.h"

int main(void)
{
    vx_context context = vxCreateContext();
    vx_uint32 start = context_references(context);
    vx_size dims[3] = {4, 3, 2}, got[3] = {0}, n = 0;
    vx_tensor t = vxCreateTensor(context, 3, dims, VX_TYPE_INT16, 8);
    CHECK_REF(t);
    vx_enum type = 0;
    vx_int8 fpp = 0;
    CHECK_OK(vxQueryTensor(t, VX_TENSOR_NUMBER_OF_DIMS, &n, sizeof n));
    CHECK_OK(vxQueryTensor(t, VX_TENSOR_DIMS, got, sizeof got));
    CHECK_OK(vxQueryTensor(t, VX_TENSOR_DATA_TYPE, &type, sizeof type));
    CHECK_OK(vxQueryTensor(t, VX_TENSOR_FIXED_POINT_POSITION, &fpp, sizeof fpp));
    CHECK(n == 3 && got[0] == 4 && got[1] == 3 && got[2] == 2 && type == VX_TYPE_INT16 && fpp == 8);

    vx_int16 in[24], out[24];
    for (int i = 0; i < 24; i++)
        in[i] = (vx_int16)i;
    vx_size zero[3] = {0, 0, 0}, stride[3] = {2, 8, 24};
    CHECK_OK(vxCopyTensorPatch(t, 3, zero, dims, stride, in, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    memset(out, 0, sizeof out);
    CHECK_OK(vxCopyTensorPatch(t, 3, zero, dims, stride, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(memcmp(in, out, sizeof in) == 0);

    /* map a patch: zero copy with the tensor's strides */
    vx_size s1[3] = {1, 1, 1}, e1[3] = {3, 3, 2}, mstride[3];
    vx_map_id id;
    void *p = NULL;
    CHECK_OK(vxMapTensorPatch(t, 3, s1, e1, &id, mstride, &p, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST));
    CHECK(mstride[0] == 2 && mstride[1] == 8 && mstride[2] == 24 && *(vx_int16 *)p == 1 + 4 + 12);
    *(vx_int16 *)p = -1;
    CHECK_OK(vxUnmapTensorPatch(t, id));
    CHECK_STATUS(vxUnmapTensorPatch(t, id), VX_ERROR_INVALID_PARAMETERS);

    /* a view sees the parent's memory */
    vx_tensor v = vxCreateTensorFromView(t, 3, s1, e1);
    CHECK_REF(v);
    vx_int16 first = 0;
    vx_size one[3] = {1, 1, 1}, ustride[3] = {2, 2, 2};
    CHECK_OK(vxCopyTensorPatch(v, 3, zero, one, ustride, &first, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(first == -1);
    CHECK_OK(vxQueryTensor(v, VX_TENSOR_DIMS, got, sizeof got));
    CHECK(got[0] == 2 && got[1] == 2 && got[2] == 1);

    /* fewer dimensions than the tensor's: a patch of the lower ones, index 0 above (the conformance
     * tests' AlexNet writes its [227, 227, 3, 1] input so) */
    vx_int16 plane[12] = {0};
    vx_size pstride[2] = {2, 8};
    CHECK_OK(vxCopyTensorPatch(t, 2, zero, dims, pstride, plane, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(plane[0] == 0 && plane[5] == 5 && plane[11] == 11);          /* slice 0 */
    vx_size lo1[1] = {1}, hi1[1] = {3}, s1d[1] = {0};
    CHECK_OK(vxMapTensorPatch(t, 1, lo1, hi1, &id, s1d, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(s1d[0] == 2 && ((vx_int16 *)p)[0] == 1 && ((vx_int16 *)p)[1] == 2);
    CHECK_OK(vxUnmapTensorPatch(t, id));
    vx_tensor row = vxCreateTensorFromView(t, 1, lo1, hi1);
    CHECK_OK(vxQueryTensor(row, VX_TENSOR_NUMBER_OF_DIMS, &n, sizeof n));
    CHECK_OK(vxQueryTensor(row, VX_TENSOR_DIMS, got, sizeof got));
    CHECK(n == 3 && got[0] == 2 && got[1] == 1 && got[2] == 1);
    CHECK_OK(vxReleaseTensor(&row));

    /* refusals */
    vx_size bad_end[3] = {5, 3, 2}, bad_stride[3] = {1, 8, 24};
    CHECK_STATUS(vxCopyTensorPatch(t, 3, zero, bad_end, stride, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxCopyTensorPatch(t, 3, zero, dims, bad_stride, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxCopyTensorPatch(t, 4, zero, dims, stride, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxCopyTensorPatch(t, 0, zero, dims, stride, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxCopyTensorPatch(t, 3, zero, dims, stride, out, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxMapTensorPatch(t, 3, e1, s1, &id, mstride, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxMapTensorPatch(t, 3, s1, e1, &id, mstride, &p, VX_READ_ONLY, VX_MEMORY_TYPE_NONE), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxQueryTensor(t, VX_TENSOR_DIMS, got, 2 * sizeof(vx_size)), VX_ERROR_INVALID_PARAMETERS);
    vx_size zero_dim[2] = {3, 0}, seven[7] = {1, 1, 1, 1, 1, 1, 1};
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateTensor(context, 2, zero_dim, VX_TYPE_UINT8, 0)), VX_ERROR_INVALID_DIMENSION);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateTensor(context, 7, seven, VX_TYPE_UINT8, 0)), VX_ERROR_INVALID_DIMENSION);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateTensor(context, 0, seven, VX_TYPE_UINT8, 0)), VX_ERROR_INVALID_DIMENSION);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateTensor(context, 2, dims, VX_TYPE_RECTANGLE, 0)), VX_ERROR_INVALID_TYPE);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateTensor(context, 2, NULL, VX_TYPE_UINT8, 0)), VX_ERROR_INVALID_PARAMETERS);
    vx_size huge[2] = {(vx_size)1 << 30, (vx_size)1 << 30};
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateTensor(context, 2, huge, VX_TYPE_FLOAT64, 0)), VX_ERROR_NO_MEMORY);

    /* from handle, swap */
    vx_uint8 buf_a[12], buf_b[12];
    for (int i = 0; i < 12; i++)
        buf_a[i] = (vx_uint8)i, buf_b[i] = (vx_uint8)(100 + i);
    vx_size hd[2] = {3, 4}, hs[2] = {1, 3};
    vx_tensor h = vxCreateTensorFromHandle(context, 2, hd, VX_TYPE_UINT8, 0, hs, buf_a, VX_MEMORY_TYPE_HOST);
    CHECK_REF(h);
    vx_size hz[2] = {0, 0};
    CHECK_OK(vxMapTensorPatch(h, 2, hz, hd, &id, mstride, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(p == buf_a);
    void *prev = NULL;
    CHECK_STATUS(vxSwapTensorHandle(h, buf_b, &prev), VX_ERROR_INVALID_PARAMETERS);   /* mapped */
    CHECK_OK(vxUnmapTensorPatch(h, id));
    CHECK_OK(vxSwapTensorHandle(h, buf_b, &prev));
    CHECK(prev == buf_a);
    vx_uint8 b0 = 0;
    vx_size hone[2] = {1, 1}, hst[2] = {1, 1};
    CHECK_OK(vxCopyTensorPatch(h, 2, hz, hone, hst, &b0, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(b0 == 100);
    CHECK_STATUS(vxSwapTensorHandle(v, buf_b, &prev), VX_ERROR_INVALID_REFERENCE);    /* a view */

    /* from a NULL handle: no memory until one is swapped in (the conformance tests create one) */
    vx_tensor none = vxCreateTensorFromHandle(context, 2, hd, VX_TYPE_UINT8, 0, hs, NULL, VX_MEMORY_TYPE_HOST);
    CHECK_REF(none);
    CHECK_STATUS(vxCopyTensorPatch(none, 2, hz, hone, hst, &b0, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                 VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxSwapTensorHandle(none, buf_a, &prev));
    CHECK(prev == NULL);
    CHECK_OK(vxCopyTensorPatch(none, 2, hz, hone, hst, &b0, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(b0 == 0);
    CHECK_OK(vxReleaseTensor(&none));

    /* a tensor of vxCreateTensor swaps too (the conformance tests do): its own storage comes back as
     * the previous pointer, valid while the tensor lives; its views follow the new memory */
    vx_int16 other[24];
    for (int i = 0; i < 24; i++)
        other[i] = (vx_int16)(1000 + i);
    void *own = NULL, *back = NULL;
    CHECK_OK(vxSwapTensorHandle(t, other, &own));
    CHECK(own != NULL && ((vx_int16 *)own)[0] == 0 && ((vx_int16 *)own)[1 + 4 + 12] == -1);
    CHECK_OK(vxCopyTensorPatch(v, 3, zero, one, ustride, &first, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(first == 1000 + 1 + 4 + 12);
    CHECK_OK(vxSwapTensorHandle(t, own, &back));          /* its own storage back */
    CHECK(back == (void *)other);

    CHECK(context_references(context) == start + 3);
    CHECK_OK(vxReleaseTensor(&t));              /* the view keeps the parent's memory alive */
    CHECK_OK(vxCopyTensorPatch(v, 3, zero, one, ustride, &first, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(first == -1);
    CHECK_OK(vxReleaseTensor(&v));
    CHECK_OK(vxReleaseTensor(&h));
    CHECK(context_references(context) == start);
    CHECK_OK(vxReleaseContext(&context));
    return 0;
}
