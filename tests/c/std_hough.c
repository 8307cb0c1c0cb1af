/* HoughLinesP against plain C (the same progressive transform as the conformance tests' reference
 * lines, written out: pixels in the order of a multiply-with-carry generator, float sums): U8 and
 * U1 images of segments with gaps and scattered pixels, two parameter sets, a full and a short
 * array, as a node and through vxu; an image whose valid rectangle leaves out a drawn segment; the
 * horizontal and vertical segments found whole (ends within 3 pixels). Then refusals. */
#include <VX/vx.h>
#include <VX/vxu.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "std_images.h"

enum { W = 64, H = 48, MAX_LINES = 64 };

static int32_t acc[400][2 * (W + H) + 3];
static uint8_t present[H][W];

static int round_away(double v)
{
    return (int)(v >= 0 ? v + 0.5 : v - 0.5);
}

/* cos and sin of angle n over rho, as floats */
static void trig(const vx_hough_lines_p_t *p, int n, float *c, float *s)
{
    double t = (double)p->theta_min + n * (double)p->theta;
    float irho = 1.0f / p->rho;
    *c = (float)(cos(t) * irho), *s = (float)(sin(t) * irho);
}

static int rho_at(const vx_hough_lines_p_t *p, int n, int x, int y)
{
    float c, s;
    trig(p, n, &c, &s);
    float v = (float)x * c + (float)y * s;
    return round_away(v) + W + H + 1;
}

/* Adds `sign` votes of (x, y); the first angle of the largest count. */
static int vote(const vx_hough_lines_p_t *p, int numangle, int x, int y, int sign, int *top)
{
    int best = 0;
    *top = INT32_MIN;
    for (int n = 0; n < numangle; n++) {
        int32_t *c = &acc[n][rho_at(p, n, x, y)];
        *c += sign;
        if (*c > *top)
            *top = *c, best = n;
    }
    return best;
}

/* The pixels the line through (x0, y0) at angle n crosses, direction k, one a step along its
 * major axis in 16-bit fixed point; stops out of the image or (find) after more than `gap` absent
 * ones, or (clear) at `end`, a kept line's pixels taking back their votes. */
static void walk(const vx_hough_lines_p_t *p, int numangle, int x0, int y0, int n, int k, int clear, int good,
                 int end[2])
{
    float c, s;
    trig(p, n, &c, &s);
    float a = -s, b = c;
    int xmajor = fabsf(a) > fabsf(b);
    int64_t x = x0, y = y0, dx, dy, one = 1 << 16;
    if (xmajor)
        dx = a > 0 ? 1 : -1, dy = round_away((double)(b * 65536.0f) / fabs((double)a)), y = y * one + one / 2;
    else
        dy = b > 0 ? 1 : -1, dx = round_away((double)(a * 65536.0f) / fabs((double)b)), x = x * one + one / 2;
    if (k)
        dx = -dx, dy = -dy;
    int gap = 0;
    for (;; x += dx, y += dy) {
        int px = (int)(xmajor ? x : x >> 16), py = (int)(xmajor ? y >> 16 : y);
        if (px < 0 || py < 0 || px >= W || py >= H)
            return;
        if (clear) {
            int ignored;
            if (present[py][px] && good)
                vote(p, numangle, px, py, -1, &ignored);
            present[py][px] = 0;
            if (px == end[0] && py == end[1])
                return;
        } else if (present[py][px]) {
            gap = 0, end[0] = px, end[1] = py;
        } else if (++gap > p->line_gap) {
            return;
        }
    }
}

static vx_size reference(const uint8_t img[H][W], const vx_rectangle_t *valid, const vx_hough_lines_p_t *p,
                         vx_line2d_t *lines)
{
    int numangle = (int)((p->theta_max - p->theta_min) / p->theta);
    memset(acc, 0, sizeof acc);
    static int order[W * H];                   /* the set pixels of the valid rectangle, raster order */
    int count = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            present[y][x] = img[y][x] && x >= (int)valid->start_x && x < (int)valid->end_x &&
                            y >= (int)valid->start_y && y < (int)valid->end_y;
            if (present[y][x])
                order[count++] = y * W + x;
        }
    vx_size found = 0;
    uint64_t random = UINT64_MAX;
    for (; count > 0; count--) {
        random = (uint64_t)(uint32_t)random * 4164903690u + (random >> 32);
        int at = (int)((uint32_t)random % (uint32_t)count), x = order[at] % W, y = order[at] / W;
        order[at] = order[count - 1];
        if (!present[y][x])
            continue;
        int top, n = vote(p, numangle, x, y, 1, &top), end[2][2] = {{x, y}, {x, y}};
        if (top < p->threshold)
            continue;
        walk(p, numangle, x, y, n, 0, 0, 0, end[0]);
        walk(p, numangle, x, y, n, 1, 0, 0, end[1]);
        int good = abs(end[1][0] - end[0][0]) >= p->line_length || abs(end[1][1] - end[0][1]) >= p->line_length;
        walk(p, numangle, x, y, n, 0, 1, good, end[0]);
        walk(p, numangle, x, y, n, 1, 1, good, end[1]);
        int swap = end[0][0] > end[1][0] || (end[0][0] == end[1][0] && end[0][1] > end[1][1]);
        if (good && found < MAX_LINES)
            lines[found] = (vx_line2d_t){(vx_float32)end[swap][0], (vx_float32)end[swap][1], (vx_float32)end[!swap][0],
                                         (vx_float32)end[!swap][1]};
        found += good;
    }
    return found;
}

static void draw(uint8_t img[H][W], int x0, int y0, int x1, int y1, int skip_every)
{
    int steps = abs(x1 - x0) > abs(y1 - y0) ? abs(x1 - x0) : abs(y1 - y0);
    for (int s = 0; s <= steps; s++)
        if (skip_every == 0 || s % skip_every)
            img[y0 + (y1 - y0) * s / steps][x0 + (x1 - x0) * s / steps] = 255;
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    static uint8_t img[H][W];
    draw(img, 4, 5, 58, 5, 0);                  /* horizontal */
    draw(img, 10, 8, 10, 44, 6);                /* vertical with gaps */
    draw(img, 15, 12, 50, 40, 0);               /* diagonal */
    draw(img, 60, 10, 30, 45, 9);
    uint32_t seed = 1;
    for (int k = 0; k < 40; k++) {              /* scattered pixels */
        seed = seed * 1664525u + 1013904223u;
        img[(seed >> 8) % H][(seed >> 20) % W] = 255;
    }
    vx_image u8 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8), u1 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U1);
    vx_rectangle_t rect = {0, 0, W, H};
    vx_imagepatch_addressing_t a8 = {W, H, 1, W, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 8};
    vx_imagepatch_addressing_t a1 = {W, H, 0, W / 8, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 1};
    static uint8_t bits[H][W / 8];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            bits[y][x / 8] |= (uint8_t)((img[y][x] != 0) << (x % 8));
    CHECK_OK(vxCopyImagePatch(u8, &rect, 0, &a8, img, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(vxCopyImagePatch(u1, &rect, 0, &a1, bits, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    /* the same pixels, only a part of them valid (the vertical segment at x = 10 left out) */
    vx_image part = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_rectangle_t inner = {12, 2, W - 1, 40};
    CHECK_OK(vxCopyImagePatch(part, &rect, 0, &a8, img, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(vxSetImageValidRectangle(part, &inner));
    const float pi = 3.14159265f;
    vx_hough_lines_p_t settings[2] = {{1.0f, pi / 180, 12, 10, 2, pi, 0.0f}, {2.0f, pi / 90, 20, 20, 6, 2.5f, 0.3f}};
    static vx_line2d_t want[MAX_LINES], got[MAX_LINES];
    for (int st = 0; st < 2; st++) {
        for (int f = 0; f < 3; f++) {
            vx_size expected = reference(img, f == 2 ? &inner : &rect, &settings[st], want);
            CHECK(expected >= 2 && expected <= MAX_LINES);
            for (int shortened = 0; shortened < 2; shortened++)
                for (int immediate = 0; immediate < 2; immediate++) {
                    vx_size capacity = shortened ? 2 : MAX_LINES, count = 0, zero = 0, items = 0;
                    vx_array lines = vxCreateArray(ctx, VX_TYPE_LINE_2D, capacity);
                    vx_scalar num = vxCreateScalar(ctx, VX_TYPE_SIZE, &zero);
                    vx_image in = f == 0 ? u8 : f == 1 ? u1 : part;
                    CHECK_OK(RUN(immediate, ctx, vxuHoughLinesP(ctx, in, &settings[st], lines, num),
                                 vxHoughLinesPNode(graph_, in, &settings[st], lines, num)));
                    CHECK_OK(vxCopyScalar(num, &count, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
                    CHECK_OK(vxQueryArray(lines, VX_ARRAY_NUMITEMS, &items, sizeof items));
                    CHECK(count == expected && items == (expected < capacity ? expected : capacity));
                    CHECK_OK(vxCopyArrayRange(lines, 0, items, sizeof got[0], got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
                    if (memcmp(got, want, items * sizeof got[0]) != 0) {
                        fprintf(stderr, "setting %d format %d short %d immediate %d: lines differ\n", st, f, shortened,
                                immediate);
                        for (vx_size k = 0; k < items; k++)
                            fprintf(stderr, "  (%g %g %g %g) expected (%g %g %g %g)\n", got[k].start_x, got[k].start_y,
                                    got[k].end_x, got[k].end_y, want[k].start_x, want[k].start_y, want[k].end_x,
                                    want[k].end_y);
                        return 1;
                    }
                    vxReleaseArray(&lines), vxReleaseScalar(&num);
                }
        }
    }
    /* the drawn horizontal and vertical segments (gaps within line_gap) are found whole: one line each,
     * its ends within 3 pixels of the drawn ones (the diagonals may be followed at the first angle of
     * a tie, one off theirs, and left early: so the reference lines were made) */
    const int drawn[2][4] = {{4, 5, 58, 5}, {10, 8, 10, 44}};
    vx_size n0 = reference(img, &rect, &settings[0], want);
    for (int d = 0; d < 2; d++) {
        int found = 0;
        for (vx_size k = 0; k < n0; k++)
            for (int flip = 0; flip < 2; flip++) {
                const int *e = drawn[d];
                float sx = flip ? want[k].end_x : want[k].start_x, sy = flip ? want[k].end_y : want[k].start_y;
                float ex = flip ? want[k].start_x : want[k].end_x, ey = flip ? want[k].start_y : want[k].end_y;
                found += fabsf(sx - e[0]) <= 3 && fabsf(sy - e[1]) <= 3 && fabsf(ex - e[2]) <= 3 && fabsf(ey - e[3]) <= 3;
            }
        if (found != 1) {
            fprintf(stderr, "segment (%d, %d)-(%d, %d) found %d times in:\n", drawn[d][0], drawn[d][1], drawn[d][2],
                    drawn[d][3], found);
            for (vx_size k = 0; k < n0; k++)
                fprintf(stderr, "  (%g %g %g %g)\n", want[k].start_x, want[k].start_y, want[k].end_x, want[k].end_y);
            return 1;
        }
    }

    /* refusals */
    vx_size zero = 0;
    vx_uint32 zero32 = 0;
    vx_array lines = vxCreateArray(ctx, VX_TYPE_LINE_2D, 8), coords = vxCreateArray(ctx, VX_TYPE_COORDINATES2D, 8);
    vx_scalar num = vxCreateScalar(ctx, VX_TYPE_SIZE, &zero), num32 = vxCreateScalar(ctx, VX_TYPE_UINT32, &zero32);
    vx_image s16 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_S16);
    vx_hough_lines_p_t bad_rho = settings[0], bad_range = settings[0];
    bad_rho.rho = 0.0f;
    bad_range.theta_min = bad_range.theta_max;
    vx_hough_lines_p_t fine = settings[0];
    fine.theta = 1e-9f;                        /* an accumulator too large */
    CHECK_REFUSED(vxuHoughLinesP(ctx, s16, &settings[0], lines, num), VX_ERROR_INVALID_FORMAT);
    CHECK_REFUSED(vxuHoughLinesP(ctx, u8, &bad_rho, lines, num), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(vxuHoughLinesP(ctx, u8, &bad_range, lines, num), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(vxuHoughLinesP(ctx, u8, &fine, lines, num), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(vxuHoughLinesP(ctx, u8, NULL, lines, num), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED_LAST(vxuHoughLinesP(ctx, u8, &settings[0], coords, num), VX_ERROR_INVALID_TYPE);
    CHECK_REFUSED_LAST(vxuHoughLinesP(ctx, u8, &settings[0], lines, num32), VX_ERROR_INVALID_TYPE);
    vxReleaseArray(&lines), vxReleaseArray(&coords), vxReleaseScalar(&num), vxReleaseScalar(&num32);
    vxReleaseImage(&s16), vxReleaseImage(&u8), vxReleaseImage(&u1), vxReleaseImage(&part);
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
