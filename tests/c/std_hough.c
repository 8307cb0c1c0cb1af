/* HoughLinesP against plain C (the same deterministic progressive transform, written out): U8
 * and U1 images of segments with gaps and scattered pixels, two parameter sets, a full and a
 * short array, as a node and through vxu; the drawn segments found whole (ends within 3 pixels).
 * Then refusals. */
#include <VX/vx.h>
#include <VX/vxu.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "std_images.h"

enum { W = 64, H = 48, MAX_LINES = 64 };

static int32_t acc[400][2 * (W + H) + 3];
static uint8_t state[H][W];                    /* 0 absent, 1 present, 2 voted */

static int rho_at(const vx_hough_lines_p_t *p, int numrho, int n, int x, int y)
{
    double t = (double)p->theta_min + n * (double)p->theta;
    return (int)lround(x * (cos(t) / p->rho) + y * (sin(t) / p->rho)) + (numrho - 1) / 2;
}

/* The angle of the largest count: the middle of the first run of neighbouring angles sharing it. */
static int vote(const vx_hough_lines_p_t *p, int numangle, int numrho, int x, int y, int sign, int *top)
{
    int first = 0, last = 0;
    *top = INT32_MIN;
    for (int n = 0; n < numangle; n++) {
        int32_t *c = &acc[n][rho_at(p, numrho, n, x, y)];
        *c += sign;
        if (*c > *top)
            *top = *c, first = last = n;
        else if (*c == *top && last == n - 1)
            last = n;
    }
    return (first + last) / 2;
}

/* The pixels the line through (x0, y0) at angle n crosses, direction k, one a step along its
 * major axis in 16-bit fixed point; stops out of the image or (find) after more than `gap` absent
 * ones, or (clear) at `end`. */
static void walk(const vx_hough_lines_p_t *p, int numangle, int numrho, int x0, int y0, int n, int k, int clear,
                 int good, int end[2])
{
    double t = (double)p->theta_min + n * (double)p->theta;
    double a = -(sin(t) / p->rho), b = cos(t) / p->rho;
    int xmajor = fabs(a) > fabs(b);
    int64_t x = x0, y = y0, dx, dy, one = 1 << 16;
    if (xmajor)
        dx = a > 0 ? 1 : -1, dy = llround(b * one / fabs(a)), y = y * one + one / 2;
    else
        dy = b > 0 ? 1 : -1, dx = llround(a * one / fabs(b)), x = x * one + one / 2;
    if (k)
        dx = -dx, dy = -dy;
    int gap = 0;
    for (;; x += dx, y += dy) {
        int px = (int)(xmajor ? x : x >> 16), py = (int)(xmajor ? y >> 16 : y);
        if (px < 0 || py < 0 || px >= W || py >= H)
            return;
        if (clear) {
            int ignored;
            if (state[py][px] == 2 && good)
                vote(p, numangle, numrho, px, py, -1, &ignored);
            state[py][px] = 0;
            if (px == end[0] && py == end[1])
                return;
        } else if (state[py][px]) {
            gap = 0, end[0] = px, end[1] = py;
        } else if (++gap > p->line_gap) {
            return;
        }
    }
}

static vx_size reference(const uint8_t img[H][W], const vx_hough_lines_p_t *p, vx_line2d_t *lines)
{
    int numangle = (int)lround((p->theta_max - p->theta_min) / p->theta);
    int numrho = 2 * (int)ceil((W + H) / p->rho) + 3;
    memset(acc, 0, sizeof acc);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            state[y][x] = img[y][x] != 0;
    static int order[W * H];                    /* the set pixels, shuffled as the kernel does */
    int count = 0;
    for (int k = 0; k < W * H; k++)
        if (img[k / W][k % W])
            order[count++] = k;
    uint64_t lcg = 0;
    for (int i = count - 1; i > 0; i--) {
        lcg = lcg * 6364136223846793005u + 1442695040888963407u;
        int j = (int)((lcg >> 33) % (uint64_t)(i + 1)), t = order[i];
        order[i] = order[j], order[j] = t;
    }
    vx_size found = 0;
    for (int i = 0; i < count; i++) {
            int x = order[i] % W, y = order[i] / W;
            if (!state[y][x])
                continue;
            int top, n = vote(p, numangle, numrho, x, y, 1, &top), end[2][2] = {{x, y}, {x, y}};
            state[y][x] = 2;
            if (top < p->threshold)
                continue;
            walk(p, numangle, numrho, x, y, n, 0, 0, 0, end[0]);
            walk(p, numangle, numrho, x, y, n, 1, 0, 0, end[1]);
            int good = abs(end[1][0] - end[0][0]) >= p->line_length || abs(end[1][1] - end[0][1]) >= p->line_length;
            walk(p, numangle, numrho, x, y, n, 0, 1, good, end[0]);
            walk(p, numangle, numrho, x, y, n, 1, 1, good, end[1]);
            if (good && found < MAX_LINES)
                lines[found] = (vx_line2d_t){(vx_float32)end[0][0], (vx_float32)end[0][1], (vx_float32)end[1][0],
                                             (vx_float32)end[1][1]};
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
    const float pi = 3.14159265f;
    vx_hough_lines_p_t settings[2] = {{1.0f, pi / 180, 12, 10, 2, pi, 0.0f}, {2.0f, pi / 90, 20, 20, 6, 2.5f, 0.3f}};
    static vx_line2d_t want[MAX_LINES], got[MAX_LINES];
    for (int st = 0; st < 2; st++) {
        vx_size expected = reference(img, &settings[st], want);
        CHECK(expected >= 2 && expected <= MAX_LINES);
        for (int f = 0; f < 2; f++)
            for (int shortened = 0; shortened < 2; shortened++)
                for (int immediate = 0; immediate < 2; immediate++) {
                    vx_size capacity = shortened ? 2 : MAX_LINES, count = 0, zero = 0, items = 0;
                    vx_array lines = vxCreateArray(ctx, VX_TYPE_LINE_2D, capacity);
                    vx_scalar num = vxCreateScalar(ctx, VX_TYPE_SIZE, &zero);
                    vx_image in = f ? u1 : u8;
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
    /* the drawn segments (gaps within line_gap) are found whole: one line each, its ends within 3 pixels
     * of the drawn ones (followed at a whole degree, a 35-pixel diagonal leaves its pixels near the end) */
    const int drawn[4][4] = {{4, 5, 58, 5}, {10, 8, 10, 44}, {15, 12, 50, 40}, {60, 10, 30, 45}};
    vx_size n0 = reference(img, &settings[0], want);
    for (int d = 0; d < 4; d++) {
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
    vxReleaseImage(&s16), vxReleaseImage(&u8), vxReleaseImage(&u1);
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
