/* 1.0's Accumulate kernels (vx_compatibility.h): a U8 input added into an accumulator image in
 * place, the accumulator being the node's VX_BIDIRECTIONAL parameter. */
#include "pvx.h"

#pragma GCC optimize("O3")

typedef struct accumulation {
    plane in, accum;
} accumulation;

static vx_status planes(const vx_reference *p, vx_reference accum, accumulation *a)
{
    vx_status s;
    if ((s = plane_of(p[0], &a->in)) || (s = plane_of(accum, &a->accum)))
        return s;
    return VX_SUCCESS;
}

/* accum = saturate_int16(accum + input) */
vx_status pvx_std_accumulate(vx_node node, const vx_reference *p, vx_uint32 n)
{
    accumulation a;
    vx_status s = planes(p, p[1], &a);
    for (uint32_t y = 0; s == VX_SUCCESS && y < a.in.height; y++) {
        const uint8_t *restrict in = row_of(&a.in, y);
        int16_t *restrict acc = row_of(&a.accum, y);
        for (uint32_t x = 0; x < a.in.width; x++) {
            int32_t v = acc[x] + in[x];
            acc[x] = (int16_t)(v > INT16_MAX ? INT16_MAX : v);
        }
    }
    return s;
}

/* accum = (1 - alpha) * accum + alpha * input, in float, truncated (as WeightedAverage) */
vx_status pvx_std_accumulate_weighted(vx_node node, const vx_reference *p, vx_uint32 n)
{
    accumulation a;
    vx_status s = planes(p, p[2], &a);
    vx_float32 alpha = *(const vx_float32 *)scalar_value(p[1]);
    for (uint32_t y = 0; s == VX_SUCCESS && y < a.in.height; y++) {
        const uint8_t *restrict in = row_of(&a.in, y);
        uint8_t *restrict acc = row_of(&a.accum, y);
        for (uint32_t x = 0; x < a.in.width; x++)
            acc[x] = (uint8_t)((1.0f - alpha) * acc[x] + alpha * in[x]);
    }
    return s;
}

/* accum = saturate_int16((uint16)accum + ((uint16)(input^2) >> shift)) */
vx_status pvx_std_accumulate_square(vx_node node, const vx_reference *p, vx_uint32 n)
{
    accumulation a;
    vx_status s = planes(p, p[2], &a);
    vx_uint32 shift = *(const vx_uint32 *)scalar_value(p[1]);
    for (uint32_t y = 0; s == VX_SUCCESS && y < a.in.height; y++) {
        const uint8_t *restrict in = row_of(&a.in, y);
        int16_t *restrict acc = row_of(&a.accum, y);
        for (uint32_t x = 0; x < a.in.width; x++) {
            int32_t v = (uint16_t)acc[x] + (int32_t)(((uint32_t)in[x] * in[x]) >> shift);
            acc[x] = (int16_t)(v > INT16_MAX ? INT16_MAX : v);
        }
    }
    return s;
}
