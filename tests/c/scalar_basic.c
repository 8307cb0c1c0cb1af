/* Scalar: every scalar type round-trips, structs through *WithSize, refusals, counts. */
#include <string.h>
#include "check.h"

typedef struct { vx_int32 a; vx_float64 b; vx_char tag[12]; } my_struct;

static void round_trip(vx_context context, vx_enum type, const void *value, vx_size size)
{
    unsigned char out[64];
    vx_scalar s = vxCreateScalar(context, type, value);
    CHECK_REF(s);
    vx_enum t = 0;
    CHECK_OK(vxQueryScalar(s, VX_SCALAR_TYPE, &t, sizeof t));
    CHECK(t == type);
    memset(out, 0xAB, sizeof out);
    CHECK_OK(vxCopyScalar(s, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(memcmp(out, value, size) == 0);
    CHECK(out[size] == 0xAB);                       /* exactly size bytes written */
    memset(out, 0x5A, size);
    CHECK_OK(vxCopyScalar(s, out, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    memset(out, 0, sizeof out);
    CHECK_OK(vxCopyScalarWithSize(s, size, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    for (vx_size i = 0; i < size; i++)
        CHECK(out[i] == 0x5A);
    CHECK_STATUS(vxCopyScalarWithSize(s, size + 1, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxReleaseScalar(&s));
    CHECK(s == NULL);
}

int main(void)
{
    vx_context context = vxCreateContext();
    CHECK_REF(context);
    vx_uint32 start = context_references(context);

    vx_char c = 'x'; vx_int8 i8 = -5; vx_uint8 u8 = 200; vx_int16 i16 = -3000; vx_uint16 u16 = 60000;
    vx_int32 i32 = -100000; vx_uint32 u32 = 4000000000u; vx_int64 i64 = -(1LL << 40);
    vx_uint64 u64 = 1ULL << 63; vx_float32 f32 = 1.5f; vx_float64 f64 = -2.25; vx_enum e = VX_READ_ONLY;
    vx_size sz = (vx_size)1 << 40; vx_df_image df = VX_DF_IMAGE_U8; vx_bool b = vx_true_e;
    round_trip(context, VX_TYPE_CHAR, &c, sizeof c);
    round_trip(context, VX_TYPE_INT8, &i8, sizeof i8);
    round_trip(context, VX_TYPE_UINT8, &u8, sizeof u8);
    round_trip(context, VX_TYPE_INT16, &i16, sizeof i16);
    round_trip(context, VX_TYPE_UINT16, &u16, sizeof u16);
    round_trip(context, VX_TYPE_INT32, &i32, sizeof i32);
    round_trip(context, VX_TYPE_UINT32, &u32, sizeof u32);
    round_trip(context, VX_TYPE_INT64, &i64, sizeof i64);
    round_trip(context, VX_TYPE_UINT64, &u64, sizeof u64);
    round_trip(context, VX_TYPE_FLOAT32, &f32, sizeof f32);
    round_trip(context, VX_TYPE_FLOAT64, &f64, sizeof f64);
    round_trip(context, VX_TYPE_ENUM, &e, sizeof e);
    round_trip(context, VX_TYPE_SIZE, &sz, sizeof sz);
    round_trip(context, VX_TYPE_DF_IMAGE, &df, sizeof df);
    round_trip(context, VX_TYPE_BOOL, &b, sizeof b);

    /* a user struct and a standard struct, through *WithSize */
    vx_enum my_type = vxRegisterUserStruct(context, sizeof(my_struct));
    CHECK(my_type >= VX_TYPE_USER_STRUCT_START);
    my_struct in = {42, 3.5, "hello"}, out;
    vx_scalar us = vxCreateScalarWithSize(context, my_type, &in, sizeof in);
    CHECK_REF(us);
    memset(&out, 0, sizeof out);
    CHECK_OK(vxCopyScalarWithSize(us, sizeof out, &out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(out.a == 42 && out.b == 3.5 && strcmp(out.tag, "hello") == 0);
    out.a = 7;
    CHECK_OK(vxCopyScalar(us, &out, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    memset(&in, 0, sizeof in);
    CHECK_OK(vxCopyScalar(us, &in, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(in.a == 7);
    vx_enum t = 0;
    CHECK_OK(vxQueryScalar(us, VX_SCALAR_TYPE, &t, sizeof t));
    CHECK(t == my_type);
    vx_rectangle_t rect = {1, 2, 3, 4};
    vx_scalar rs = vxCreateScalarWithSize(context, VX_TYPE_RECTANGLE, &rect, sizeof rect);
    CHECK_REF(rs);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateScalarWithSize(context, my_type, &in, sizeof in - 1)),
                 VX_ERROR_INVALID_PARAMETERS);

    /* compatibility read/write */
    vx_scalar s = vxCreateScalar(context, VX_TYPE_INT32, &i32);
    vx_int32 v = 0;
    CHECK_OK(vxReadScalarValue(s, &v));
    CHECK(v == i32);
    v = 99;
    CHECK_OK(vxWriteScalarValue(s, &v));
    v = 0;
    CHECK_OK(vxCopyScalar(s, &v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(v == 99);

    /* refusals: nothing modified */
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateScalar(context, VX_TYPE_RECTANGLE, &rect)), VX_ERROR_INVALID_TYPE);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateScalar(context, VX_TYPE_IMAGE, &v)), VX_ERROR_INVALID_TYPE);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateScalar(context, 0x3FF, &v)), VX_ERROR_INVALID_TYPE);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateScalar(NULL, VX_TYPE_INT32, &v)), VX_ERROR_NO_RESOURCES);
    CHECK_STATUS(vxCopyScalar(s, &v, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxCopyScalar(s, &v, VX_WRITE_ONLY, VX_MEMORY_TYPE_NONE), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxCopyScalar(s, NULL, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxCopyScalar((vx_scalar)context, &v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_REFERENCE);
    CHECK_STATUS(vxCopyScalar(NULL, &v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_REFERENCE);
    CHECK_STATUS(vxQueryScalar(s, VX_SCALAR_TYPE, &t, 2), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxQueryScalar(s, VX_ARRAY_CAPACITY, &t, sizeof t), VX_ERROR_NOT_SUPPORTED);
    v = 0;
    CHECK_OK(vxCopyScalar(s, &v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(v == 99);

    /* counts */
    vx_uint32 count = 0;
    CHECK(context_references(context) == start + 3);
    CHECK_OK(vxRetainReference((vx_reference)s));
    CHECK_OK(vxQueryReference((vx_reference)s, VX_REFERENCE_COUNT, &count, sizeof count));
    CHECK(count == 2);
    vx_scalar extra = s;
    CHECK_OK(vxReleaseScalar(&extra));
    CHECK(context_references(context) == start + 3);
    vx_scalar again = (vx_scalar)(vx_reference)us;
    CHECK_OK(vxReleaseScalar(&s));
    CHECK_OK(vxReleaseScalar(&us));
    CHECK_OK(vxReleaseScalar(&rs));
    CHECK_STATUS(vxReleaseScalar(&again), VX_ERROR_INVALID_REFERENCE);
    CHECK(context_references(context) == start);
    CHECK_OK(vxReleaseContext(&context));
    return 0;
}
