/* 1.0's Accumulate kernels (vx_compatibility.h): a U8 input added into an accumulator image in
 * place, the accumulator being the node's VX_BIDIRECTIONAL parameter. */
#include "kernels.h"
#include "rows.h"

#pragma GCC optimize("O3")

/* One accumulation: per row, the input `in` (U8) into the accumulator `acc` of type T, in place;
 * EXPR the new value from in[x], acc[x] and k = PARAM(the value of parameter 1, of type S). ROW_LOOP
 * (rows.h: in, acc, w, k), where the level in use has it, does the same for a row. */
#define ACCUMULATE(name, T, S, ROW_LOOP, PARAM, EXPR)                                             \
    vx_status name(vx_node node, const vx_reference *p, vx_uint32 n)                              \
    {                                                                                             \
        plane a, b;                                                                               \
        vx_status s;                                                                              \
        if ((s = plane_of(p[0], &a)) || (s = plane_of(p[n - 1], &b)))                             \
            return s;                                                                             \
        S scalar = n > 2 ? *(const S *)scalar_value(p[1]) : 0;                                    \
        uint32_t k = PARAM(scalar);                                                               \
        const pvx_rows *rows = pvx_rows_in_use();                                                 \
        for (uint32_t y = 0; y < a.height; y++) {                                                 \
            const uint8_t *restrict in = row_of(&a, y);                                           \
            T *restrict acc = row_of(&b, y);                                                      \
            if (rows->ROW_LOOP != NULL)                                                           \
                rows->ROW_LOOP(in, acc, a.width, k);                                              \
            else                                                                                  \
                for (uint32_t x = 0; x < a.width; x++)                                            \
                    acc[x] = (T)(EXPR);                                                           \
        }                                                                                         \
        return VX_SUCCESS;                                                                        \
    }

static int32_t saturated_s16(int32_t v)
{
    return v > INT16_MAX ? INT16_MAX : v;
}

/* alpha (0 <= alpha <= 1, the validator) in 1/32768: the weight of AccumulateWeighted */
static uint32_t weight_q15(vx_float32 alpha)
{
    return (uint32_t)((double)alpha * 32768.0 + 0.5);
}

#define AS_IS(v) (v)

/* accum = saturate_int16(accum + input) */
ACCUMULATE(pvx_std_accumulate, int16_t, vx_uint32, accumulate, AS_IS, saturated_s16(acc[x] + in[x]))
/* accum = (1 - alpha) * accum + alpha * input in fixed point: with k = alpha 2^15 rounded,
 * ((2^15 - k) accum + k input) >> 15, within 1/256 of the real value before it is truncated, so
 * within 1 of the formula in float (the conformance tests' tolerance, EXPECT_CTIMAGE_NEAR 1) */
ACCUMULATE(pvx_std_accumulate_weighted, uint8_t, vx_float32, accumulate_weighted, weight_q15,
           ((32768 - k) * acc[x] + k * in[x]) >> 15)
/* accum = saturate_int16((uint16)accum + ((uint16)(input^2) >> shift)) */
ACCUMULATE(pvx_std_accumulate_square, int16_t, vx_uint32, accumulate_square, AS_IS,
           saturated_s16((uint16_t)acc[x] + (int32_t)(((uint32_t)in[x] * in[x]) >> k)))
