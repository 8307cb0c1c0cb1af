/* Folds (kernels.h: pvx_fold): nodes of a fused pass computed as one stage, bit for bit as node by node.
 * A chain of unary pixel-wise stages (ConvertDepth, Threshold, TableLookup, Not) is one function of
 * its input value: prepare runs the nodes' own row functions over every value of the input domain
 * (256 for U8, 65536 for S16, 32768 after a Magnitude) each run, as thresholds, LUTs and scalars may
 * change after verification. When that function takes one value on an interval [lo, hi] and another
 * elsewhere (a step: what Threshold makes of anything monotone), the row is one comparison; otherwise
 * one table lookup. After a Magnitude the interval is one of gx^2 + gy^2 (below), so no square root;
 * a 3x3 filter or Sobel3x3 before the chain computes its row into scratch (in L1) and the chain reads
 * it there: the intermediate rows never reach a ring. graph/fusion.py takes a node into a fold only
 * where nothing else reads the image between them. */
#include "kernels.h"
#include "rows.h"

#include <string.h>

#pragma GCC optimize("O3")
#if defined(__x86_64__)
#include <immintrin.h>
#endif

/* Magnitude rounds r = (int)(sqrt(s) + 0.5) (exact: kernels' rows and the plain loop) for s = gx^2 + gy^2,
 * saturated to 32767: r >= m (m >= 1) exactly when sqrt(s) >= m - 1/2, i.e. s >= m^2 - m + 1/4, and s
 * is an integer: the first s of magnitude m is m^2 - m + 1. */
static uint32_t first_square(uint32_t m)
{
    return m == 0 ? 0 : m * m - m + 1;
}

static vx_df_image image_format(vx_reference ref)
{
    return ((pvx_image *)((pvx_ref *)ref)->desc)->format;
}

/* TableLookup (params input, lut, output) and Not (input, output) as fold members: args[1] offset,
 * [2] count, [3] 1 for a U8 table; fn the table. The formula is pvx_std_table_lookup's / ~v. */
static vx_status lut_prepare(pvx_fused_stage *m)
{
    const pvx_lut *lut = ((pvx_ref *)m->params[1])->desc;
    m->fn = pvx_memory_storage(&((pvx_lut *)lut)->mem);
    if (m->fn == NULL)
        return VX_ERROR_NO_MEMORY;
    m->in_format[0] = image_format(m->params[0]), m->out_format[0] = image_format(m->params[2]);
    m->args[1] = (int32_t)lut->offset, m->args[2] = (int32_t)lut->count, m->args[3] = lut->data_type == VX_TYPE_UINT8;
    return VX_SUCCESS;
}

static void lut_row(const pvx_fused_stage *m, const uint8_t *const *in, uint8_t *const *out, int32_t *scratch)
{
    int64_t offset = m->args[1], count = m->args[2];
    int u8_in = m->in_format[0] == VX_DF_IMAGE_U8, u8_out = m->out_format[0] == VX_DF_IMAGE_U8;
    for (uint32_t x = 0; x < m->width; x++) {
        int32_t v = u8_in ? in[0][x] : ((const int16_t *)in[0])[x];
        if ((uint64_t)(offset + v) < (uint64_t)count)
            v = m->args[3] ? ((const uint8_t *)m->fn)[offset + v] : ((const int16_t *)m->fn)[offset + v];
        if (u8_out)
            out[0][x] = (uint8_t)v;
        else
            ((int16_t *)out[0])[x] = (int16_t)v;
    }
}

static vx_status not_prepare(pvx_fused_stage *m)
{
    m->in_format[0] = m->out_format[0] = VX_DF_IMAGE_U8;
    return VX_SUCCESS;
}

static void not_row(const pvx_fused_stage *m, const uint8_t *const *in, uint8_t *const *out, int32_t *scratch)
{
    for (uint32_t x = 0; x < m->width; x++) out[0][x] = (uint8_t)~in[0][x];
}

/* A member's prepare and row: its kernel's own (those the fused stage of the node alone uses). */
static void member_ops(int32_t kernel, pvx_fused_prepare_f **prepare, pvx_fused_row_f **row)
{
    switch (kernel) {
    case VX_KERNEL_THRESHOLD: *prepare = pvx_fuse_threshold_prepare, *row = pvx_fuse_threshold_row; break;
    case VX_KERNEL_CONVERTDEPTH: *prepare = pvx_fuse_convert_depth_prepare, *row = pvx_fuse_convert_depth_row; break;
    case VX_KERNEL_TABLE_LOOKUP: *prepare = lut_prepare, *row = lut_row; break;
    case VX_KERNEL_NOT: *prepare = not_prepare, *row = not_row; break;
    case VX_KERNEL_MAGNITUDE: *prepare = pvx_fuse_pointwise_prepare, *row = pvx_fuse_pointwise_row; break;
    default: *prepare = pvx_fuse_filter_prepare, *row = pvx_fuse_filter_row; break;   /* 3x3 filters, Sobel */
    }
}

/* The chain's value at every domain value into f->table, by its members' rows on rows of domain values. */
static void tabulate(pvx_fold *f)
{
    for (uint32_t c = 0; c < f->size; c += PVX_FOLD_CHUNK) {
        uint32_t n = f->size - c < PVX_FOLD_CHUNK ? f->size - c : PVX_FOLD_CHUNK;
        int16_t *a = f->rows[0], *b = f->rows[1];
        for (uint32_t i = 0; i < n; i++) {
            int32_t v = f->low + (int32_t)(c + i);
            if (f->domain_format == VX_DF_IMAGE_U8)
                ((uint8_t *)a)[i] = (uint8_t)v;
            else
                a[i] = (int16_t)v;
        }
        for (uint32_t k = f->first; k < f->count; k++) {
            pvx_fused_stage *m = &f->member[k];
            pvx_fused_prepare_f *prepare;
            pvx_fused_row_f *row;
            member_ops(f->kernels[k], &prepare, &row);
            m->width = n;
            const uint8_t *in[1] = {(const uint8_t *)a};
            uint8_t *out[1] = {(uint8_t *)b};
            row(m, in, out, f->scratch);
            int16_t *t = a;
            a = b, b = t;
        }
        for (uint32_t i = 0; i < n; i++)
            f->table[c + i] = f->out_format == VX_DF_IMAGE_U8 ? ((const uint8_t *)a)[i] : a[i];
    }
}

/* Whether the table is one value on one interval of the domain and another elsewhere (or constant). */
static void find_step(pvx_fold *f)
{
    const int16_t *t = f->table;
    uint32_t n = f->size, i = 0, j;
    while (i < n && t[i] == t[0]) i++;
    for (j = i; j < n && t[j] == t[i]; j++) {}
    uint32_t k = j;
    while (k < n && t[k] == t[0]) k++;
    f->step = k == n;                           /* t[0] outside [i, j), t[i] inside */
    if (i == n)                                 /* constant: `no` everywhere (an empty interval) */
        f->no = f->yes = t[0], f->lo = f->low + 1, f->hi = f->low;
    else if (f->step)
        f->no = t[0], f->yes = t[i], f->lo = f->low + (int32_t)i, f->hi = f->low + (int32_t)j - 1;
    if (f->domain_format == VX_DF_IMAGE_U8)
        for (uint32_t v = 0; v < 256; v++) f->table8[v] = (uint8_t)t[v];
    if (f->step && (f->head == PVX_FOLD_MAGNITUDE || f->head == PVX_FOLD_SOBEL)) {
        f->s_lo = first_square((uint32_t)f->lo);
        f->s_hi = f->hi >= 32767 ? UINT32_MAX : first_square((uint32_t)f->hi + 1) - 1;
        if (f->lo > f->hi)
            f->s_lo = 1, f->s_hi = 0;
    }
}

vx_status pvx_fold_prepare(pvx_fused_stage *s)
{
    pvx_fold *f = s->plan;
    vx_status status = VX_SUCCESS;
    for (uint32_t k = 0; k < f->count && status == VX_SUCCESS; k++) {
        pvx_fused_stage *m = &f->member[k];
        pvx_fused_prepare_f *prepare;
        pvx_fused_row_f *row;
        member_ops(f->kernels[k], &prepare, &row);
        *m = (pvx_fused_stage){.row = row, .node = f->nodes[k], .params = f->nodes[k]->parameters,
                               .num_in = f->kernels[k] == VX_KERNEL_MAGNITUDE ? 2 : 1,
                               .num_out = f->kernels[k] == VX_KERNEL_SOBEL_3x3 ? 2 : 1, .args = {f->kernels[k]},
                               .width = s->width, .height = s->height, .in_width = s->in_width,
                               .in_height = s->in_height};
        status = prepare(m);
    }
    if (status != VX_SUCCESS)
        return status;
    /* the head's border (a 3x3 filter's: graph/fusion.py folds none with an UNDEFINED one, which
     * leaves the edges unwritten) */
    s->border = f->member[0].border;
    s->first = 0, s->last = s->height, s->edge = 0;
    if ((f->head == PVX_FOLD_FILTER || f->head == PVX_FOLD_SOBEL) && s->border.mode == VX_BORDER_UNDEFINED)
        return VX_ERROR_NOT_SUPPORTED;
    f->first = f->head == PVX_FOLD_POINT ? 0 : f->head == PVX_FOLD_SOBEL ? 2 : 1;
    if (f->head == PVX_FOLD_MAGNITUDE || f->head == PVX_FOLD_SOBEL)
        f->domain_format = VX_DF_IMAGE_S16, f->low = 0, f->size = 32768;     /* Magnitude's values */
    else {
        f->domain_format = f->member[f->first].in_format[0];
        int u8 = f->domain_format == VX_DF_IMAGE_U8;
        f->low = u8 ? 0 : INT16_MIN, f->size = u8 ? 256 : 65536;
    }
    f->out_format = f->member[f->count - 1].out_format[0];
    /* the same members' values as the run before (no LUT, whose entries may change): the same table */
    int32_t key[PVX_FOLD_MAX][8];
    int cached = f->valid;
    memset(key, 0, sizeof key);
    for (uint32_t k = f->first; k < f->count; k++) {
        const pvx_fused_stage *m = &f->member[k];
        cached &= f->kernels[k] != VX_KERNEL_TABLE_LOOKUP;
        key[k][0] = (int32_t)m->in_format[0], key[k][1] = (int32_t)m->out_format[0];
        memcpy(&key[k][2], &m->args[1], 5 * sizeof(int32_t));
    }
    if (cached && memcmp(key, f->key, sizeof key) == 0)
        return VX_SUCCESS;
    memcpy(f->key, key, sizeof key);
    tabulate(f);
    find_step(f);
    f->valid = 1;
    return VX_SUCCESS;
}

vx_status pvx_fold_taken_prepare(pvx_fused_stage *s)
{
    s->first = s->last = 0, s->edge = 0;        /* its fold computes its rows */
    s->border = s->node->border;
    return VX_SUCCESS;
}

/* out = gx^2 + gy^2 in [lo, lo + range] ? yes : no (U8): s as one madd of interleaved gx, gy (2^31,
 * both -32768, wraps to the same bits), compared unsigned. */
#define MAG_STEP(NAME, ATTR)                                                                                 \
    ATTR static void NAME(const int16_t *restrict gx, const int16_t *restrict gy, uint8_t *restrict out, uint32_t w, \
                          uint32_t lo, uint32_t range, uint8_t yes, uint8_t no)                              \
    {                                                                                                        \
        for (uint32_t x = 0; x < w; x++) {                                                                   \
            uint32_t s = (uint32_t)(gx[x] * gx[x]) + (uint32_t)(gy[x] * gy[x]);                              \
            out[x] = s - lo <= range ? yes : no;                                                             \
        }                                                                                                    \
    }
MAG_STEP(mag_step_plain, )
#if defined(__x86_64__)
__attribute__((target("avx2"))) static void mag_step_avx2(const int16_t *restrict gx, const int16_t *restrict gy,
                                                          uint8_t *restrict out, uint32_t w, uint32_t lo,
                                                          uint32_t range, uint8_t yes, uint8_t no)
{
    const __m256i flip = _mm256_set1_epi32(INT32_MIN), vlo = _mm256_set1_epi32((int32_t)lo);
    const __m256i vrange = _mm256_set1_epi32((int32_t)(range ^ 0x80000000u));
    const __m256i vyes = _mm256_set1_epi8((char)yes), diff = _mm256_set1_epi8((char)(yes ^ no));
    uint32_t x = 0;
    for (; x + 32 <= w; x += 32) {
        __m256i over[2];
        for (int h = 0; h < 2; h++) {
            __m256i a = _mm256_loadu_si256((const __m256i *)(gx + x + 16 * h));
            __m256i b = _mm256_loadu_si256((const __m256i *)(gy + x + 16 * h));
            __m256i l = _mm256_unpacklo_epi16(a, b), u = _mm256_unpackhi_epi16(a, b);
            /* outside: (s - lo) > range unsigned, as signed after flipping the top bit */
            __m256i ol = _mm256_cmpgt_epi32(_mm256_xor_si256(_mm256_sub_epi32(_mm256_madd_epi16(l, l), vlo), flip), vrange);
            __m256i ou = _mm256_cmpgt_epi32(_mm256_xor_si256(_mm256_sub_epi32(_mm256_madd_epi16(u, u), vlo), flip), vrange);
            over[h] = _mm256_packs_epi32(ol, ou);          /* in-lane unpack then pack: pixel order */
        }
        __m256i m = _mm256_permute4x64_epi64(_mm256_packs_epi16(over[0], over[1]), 0xd8);
        _mm256_storeu_si256((__m256i *)(out + x), _mm256_xor_si256(vyes, _mm256_and_si256(m, diff)));
    }
    mag_step_plain(gx + x, gy + x, out + x, w - x, lo, range, yes, no);
}

static void mag_step_sse2(const int16_t *restrict gx, const int16_t *restrict gy, uint8_t *restrict out, uint32_t w,
                          uint32_t lo, uint32_t range, uint8_t yes, uint8_t no)
{
    const __m128i flip = _mm_set1_epi32(INT32_MIN), vlo = _mm_set1_epi32((int32_t)lo);
    const __m128i vrange = _mm_set1_epi32((int32_t)(range ^ 0x80000000u));
    const __m128i vyes = _mm_set1_epi8((char)yes), diff = _mm_set1_epi8((char)(yes ^ no));
    uint32_t x = 0;
    for (; x + 16 <= w; x += 16) {
        __m128i over[2];
        for (int h = 0; h < 2; h++) {
            __m128i a = _mm_loadu_si128((const __m128i *)(gx + x + 8 * h));
            __m128i b = _mm_loadu_si128((const __m128i *)(gy + x + 8 * h));
            __m128i l = _mm_unpacklo_epi16(a, b), u = _mm_unpackhi_epi16(a, b);
            __m128i ol = _mm_cmpgt_epi32(_mm_xor_si128(_mm_sub_epi32(_mm_madd_epi16(l, l), vlo), flip), vrange);
            __m128i ou = _mm_cmpgt_epi32(_mm_xor_si128(_mm_sub_epi32(_mm_madd_epi16(u, u), vlo), flip), vrange);
            over[h] = _mm_packs_epi32(ol, ou);
        }
        __m128i m = _mm_packs_epi16(over[0], over[1]);
        _mm_storeu_si128((__m128i *)(out + x), _mm_xor_si128(vyes, _mm_and_si128(m, diff)));
    }
    mag_step_plain(gx + x, gy + x, out + x, w - x, lo, range, yes, no);
}
#endif

/* Sobel3x3 then the step of gx^2 + gy^2 at once, outputs [x0, x1) of a row of w: a pixel outside
 * the row is the constant (`outside`) or the edge pixel, as kernels.c's edge_window. */
static inline int32_t pixel_at(const uint8_t *r, int64_t x, uint32_t w, const uint8_t *outside)
{
    return x >= 0 && x < w ? r[x] : outside ? outside[0] : r[x < 0 ? 0 : w - 1];
}

static void sobel_step_plain(const uint8_t *const *r, uint8_t *out, uint32_t x0, uint32_t x1, uint32_t w,
                             const uint8_t *outside, uint32_t lo, uint32_t range, uint8_t yes, uint8_t no)
{
    for (uint32_t x = x0; x < x1; x++) {
        int32_t s[3], t[3];
        for (int j = 0; j < 3; j++) {
            int32_t u = pixel_at(r[0], (int64_t)x + j - 1, w, outside), m = pixel_at(r[1], (int64_t)x + j - 1, w, outside);
            int32_t d = pixel_at(r[2], (int64_t)x + j - 1, w, outside);
            s[j] = u + 2 * m + d, t[j] = d - u;
        }
        int32_t gx = s[2] - s[0], gy = t[0] + 2 * t[1] + t[2];
        out[x] = (uint32_t)(gx * gx + gy * gy) - lo <= range ? yes : no;
    }
}

#if defined(__x86_64__)
/* Outputs 1 .. w - 2 in blocks of 32 (a block at x reads columns x - 1 .. x + 32; the last one moved
 * back to end at w - 2), when w >= 34; returns where the others start. Per 16 pixels: gx, gy from the three columns' sums (16-bit, |g| <= 1020), then
 * as mag_step_avx2. */
__attribute__((target("avx2"))) static uint32_t sobel_step_avx2(const uint8_t *const *r, uint8_t *out, uint32_t w,
                                                               uint32_t lo, uint32_t range, uint8_t yes, uint8_t no)
{
    const __m256i flip = _mm256_set1_epi32(INT32_MIN), vlo = _mm256_set1_epi32((int32_t)lo);
    const __m256i vrange = _mm256_set1_epi32((int32_t)(range ^ 0x80000000u));
    const __m256i vyes = _mm256_set1_epi8((char)yes), diff = _mm256_set1_epi8((char)(yes ^ no));
#define LOAD16(p) _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)(p)))
    if (w < 34)
        return 1;
    for (uint32_t x0 = 1; x0 < w - 1; x0 += 32) {
        uint32_t x = x0 + 33 > w ? w - 33 : x0;     /* the last block ends at w - 1 (overlapping) */
        __m256i over[2];
        for (int h = 0; h < 2; h++) {
            size_t c = x - 1 + 16 * (size_t)h;
            __m256i ul = LOAD16(r[0] + c), um = LOAD16(r[0] + c + 1), ur = LOAD16(r[0] + c + 2);
            __m256i ml = LOAD16(r[1] + c), mr = LOAD16(r[1] + c + 2);
            __m256i dl = LOAD16(r[2] + c), dm = LOAD16(r[2] + c + 1), dr = LOAD16(r[2] + c + 2);
            __m256i gx = _mm256_sub_epi16(_mm256_add_epi16(_mm256_add_epi16(ur, dr), _mm256_slli_epi16(mr, 1)),
                                          _mm256_add_epi16(_mm256_add_epi16(ul, dl), _mm256_slli_epi16(ml, 1)));
            __m256i gy = _mm256_sub_epi16(_mm256_add_epi16(_mm256_add_epi16(dl, dr), _mm256_slli_epi16(dm, 1)),
                                          _mm256_add_epi16(_mm256_add_epi16(ul, ur), _mm256_slli_epi16(um, 1)));
            __m256i l = _mm256_unpacklo_epi16(gx, gy), u = _mm256_unpackhi_epi16(gx, gy);
            __m256i ol = _mm256_cmpgt_epi32(_mm256_xor_si256(_mm256_sub_epi32(_mm256_madd_epi16(l, l), vlo), flip), vrange);
            __m256i ou = _mm256_cmpgt_epi32(_mm256_xor_si256(_mm256_sub_epi32(_mm256_madd_epi16(u, u), vlo), flip), vrange);
            over[h] = _mm256_packs_epi32(ol, ou);
        }
        __m256i m = _mm256_permute4x64_epi64(_mm256_packs_epi16(over[0], over[1]), 0xd8);
        _mm256_storeu_si256((__m256i *)(out + x), _mm256_xor_si256(vyes, _mm256_and_si256(m, diff)));
    }
#undef LOAD16
    return w - 1;
}

static uint32_t sobel_step_sse2(const uint8_t *const *r, uint8_t *out, uint32_t w, uint32_t lo, uint32_t range,
                                uint8_t yes, uint8_t no)
{
    const __m128i flip = _mm_set1_epi32(INT32_MIN), vlo = _mm_set1_epi32((int32_t)lo), zero = _mm_setzero_si128();
    const __m128i vrange = _mm_set1_epi32((int32_t)(range ^ 0x80000000u));
    const __m128i vyes = _mm_set1_epi8((char)yes), diff = _mm_set1_epi8((char)(yes ^ no));
#define LOAD8(p) _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(const void *)(p)), zero)
    if (w < 18)
        return 1;
    for (uint32_t x0 = 1; x0 < w - 1; x0 += 16) {
        uint32_t x = x0 + 17 > w ? w - 17 : x0;
        __m128i over[2];
        for (int h = 0; h < 2; h++) {
            size_t c = x - 1 + 8 * (size_t)h;
            __m128i ul = LOAD8(r[0] + c), um = LOAD8(r[0] + c + 1), ur = LOAD8(r[0] + c + 2);
            __m128i ml = LOAD8(r[1] + c), mr = LOAD8(r[1] + c + 2);
            __m128i dl = LOAD8(r[2] + c), dm = LOAD8(r[2] + c + 1), dr = LOAD8(r[2] + c + 2);
            __m128i gx = _mm_sub_epi16(_mm_add_epi16(_mm_add_epi16(ur, dr), _mm_slli_epi16(mr, 1)),
                                       _mm_add_epi16(_mm_add_epi16(ul, dl), _mm_slli_epi16(ml, 1)));
            __m128i gy = _mm_sub_epi16(_mm_add_epi16(_mm_add_epi16(dl, dr), _mm_slli_epi16(dm, 1)),
                                       _mm_add_epi16(_mm_add_epi16(ul, ur), _mm_slli_epi16(um, 1)));
            __m128i l = _mm_unpacklo_epi16(gx, gy), u = _mm_unpackhi_epi16(gx, gy);
            __m128i ol = _mm_cmpgt_epi32(_mm_xor_si128(_mm_sub_epi32(_mm_madd_epi16(l, l), vlo), flip), vrange);
            __m128i ou = _mm_cmpgt_epi32(_mm_xor_si128(_mm_sub_epi32(_mm_madd_epi16(u, u), vlo), flip), vrange);
            over[h] = _mm_packs_epi32(ol, ou);
        }
        __m128i m = _mm_packs_epi16(over[0], over[1]);
        _mm_storeu_si128((__m128i *)(out + x), _mm_xor_si128(vyes, _mm_and_si128(m, diff)));
    }
#undef LOAD8
    return w - 1;
}
#endif

/* The chain on a row of its domain values `v` (domain format) into `out` (the fold's output format). */
static void chain_row(const pvx_fold *f, const uint8_t *v, uint8_t *out, uint32_t w)
{
    const pvx_rows *rows = pvx_rows_in_use();
    int u8_in = f->domain_format == VX_DF_IMAGE_U8, u8_out = f->out_format == VX_DF_IMAGE_U8;
    if (u8_in && u8_out && f->step && rows->threshold != NULL && f->lo <= f->hi) {
        rows->threshold(v, out, w, (uint8_t)f->lo, (uint8_t)f->hi, (uint8_t)f->yes, (uint8_t)f->no);
        return;
    }
    if (u8_in && u8_out && rows->lookup != NULL) {
        rows->lookup(v, out, w, f->table8);
        return;
    }
    for (uint32_t x = 0; x < w; x++) {
        int32_t a = u8_in ? v[x] : ((const int16_t *)v)[x];
        int32_t r = f->step ? ((uint32_t)(a - f->lo) <= (uint32_t)(f->hi - f->lo) && f->lo <= f->hi ? f->yes : f->no)
                            : f->table[a - f->low];
        if (u8_out)
            out[x] = (uint8_t)r;
        else
            ((int16_t *)out)[x] = (int16_t)r;
    }
}

/* The chain after a Magnitude of gx, gy: a comparison of gx^2 + gy^2 (U8 output), or the Magnitude's
 * own row into `m` (w S16 values) and the chain on it. */
static void magnitude_row(const pvx_fold *f, const int16_t *gx, const int16_t *gy, int16_t *m, uint8_t *out,
                          uint32_t w, int32_t *scratch)
{
    if (f->step && f->out_format == VX_DF_IMAGE_U8) {
        uint32_t range = f->s_hi - f->s_lo;
        uint8_t yes = (uint8_t)f->yes, no = (uint8_t)f->no;
        if (f->s_lo > f->s_hi)                      /* never yes */
            yes = no, range = UINT32_MAX;
        int level = pvx_simd();
#if defined(__x86_64__)
        if (level >= PVX_SIMD_AVX2)
            mag_step_avx2(gx, gy, out, w, f->s_lo, range, yes, no);
        else if (level == PVX_SIMD_SSE2)
            mag_step_sse2(gx, gy, out, w, f->s_lo, range, yes, no);
        else
#endif
            mag_step_plain(gx, gy, out, w, f->s_lo, range, yes, no);
        return;
    }
    const pvx_fused_stage *mag = &f->member[f->first - 1];
    const uint8_t *in[2] = {(const uint8_t *)gx, (const uint8_t *)gy};
    uint8_t *o[1] = {(uint8_t *)m};
    mag->row(mag, in, o, scratch);
    chain_row(f, (const uint8_t *)m, out, w);
}

void pvx_fold_row(const pvx_fused_stage *s, const uint8_t *const *in, uint8_t *const *out, int32_t *scratch)
{
    const pvx_fold *f = s->plan;
    uint32_t w = s->width, pw = w + 2;
    /* scratch: [0, 4 pw) the filters' generic loops and Magnitude's, then the head's rows (in L1) */
    int16_t *gx = (int16_t *)(scratch + 4 * pw), *gy = gx + w, *m = (int16_t *)(scratch + 6 * pw);
    switch (f->head) {
    case PVX_FOLD_POINT:
        chain_row(f, in[0], out[0], w);
        break;
    case PVX_FOLD_MAGNITUDE:
        magnitude_row(f, (const int16_t *)in[0], (const int16_t *)in[1], m, out[0], w, scratch);
        break;
    case PVX_FOLD_FILTER: {
        uint8_t *o[1] = {(uint8_t *)gx};
        f->member[0].row(&f->member[0], in, o, scratch);
        chain_row(f, (const uint8_t *)gx, out[0], w);
        break;
    }
    default: {                                      /* PVX_FOLD_SOBEL */
        int level = pvx_simd();
        if (f->step && f->out_format == VX_DF_IMAGE_U8 && level != PVX_SIMD_PLAIN) {
            /* Sobel and the step at once (PVX_SIMD=plain: the nodes' own rows below) */
            uint32_t range = f->s_hi - f->s_lo;
            uint8_t yes = (uint8_t)f->yes, no = (uint8_t)f->no;
            if (f->s_lo > f->s_hi)
                yes = no, range = UINT32_MAX;
            const uint8_t *outside = s->border.mode == VX_BORDER_CONSTANT ? &s->border.constant_value.U8 : NULL;
            uint32_t x = 1;
#if defined(__x86_64__)
            x = level >= PVX_SIMD_AVX2 ? sobel_step_avx2(in, out[0], w, f->s_lo, range, yes, no)
                                       : sobel_step_sse2(in, out[0], w, f->s_lo, range, yes, no);
#endif
            sobel_step_plain(in, out[0], 0, 1 < w ? 1 : w, w, outside, f->s_lo, range, yes, no);
            sobel_step_plain(in, out[0], x < w ? x : w, w, w, outside, f->s_lo, range, yes, no);
            break;
        }
        uint8_t *o[2] = {(uint8_t *)gx, (uint8_t *)gy};
        f->member[0].row(&f->member[0], in, o, scratch);
        magnitude_row(f, gx, gy, m, out[0], w, scratch);
        break;
    }
    }
}
