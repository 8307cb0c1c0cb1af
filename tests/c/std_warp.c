/* WarpAffine, WarpPerspective and Remap against plain C, as graph nodes and through vxu: every pixel
 * of odd-sized outputs (widths 1, 7, 33, 641) for NEAREST_NEIGHBOR and BILINEAR under UNDEFINED
 * (whose outside pixels the implementation takes from the nearest edge) and CONSTANT borders;
 * identity, scale, rotation and perspective matrices, and maps pointing outside the image (far,
 * infinite, not a number). The arithmetic the implementation documents (csrc/kernels/warp.c): points
 * in float32, held in 1/128 pixel (nearest even), 7-bit bilinear weights, rounded half up. */
#include <VX/vx.h>
#include <VX/vxu.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "std_images.h"

#define FAR 4194304.0f

enum { AFFINE, PERSPECTIVE, REMAP };

typedef struct {
    int kind;
    vx_enum type;
    float m[9];                                /* AFFINE (6 used), PERSPECTIVE: m[row][column] */
    vx_coordinates2df_t *points;               /* REMAP, ow * oh */
} job;

/* (v clamped to +-FAR, not a number to -FAR) * 128, rounded to nearest even */
static int32_t to_fixed(float v)
{
    if (!(v > -FAR))
        v = -FAR;
    if (v > FAR)
        v = FAR;
    return (int32_t)lrintf(v * 128.0f);
}

static int32_t floor128(int32_t v)
{
    return (v - (v & 127)) / 128;
}

/* Plain C: output pixel (x, y) of the job. */
static uint8_t reference(const job *j, const int32_t *img, int iw, int ih, int ow, int x, int y, const vx_border_t *b)
{
    const float *m = j->m;
    float fx = (float)x, fy = (float)y, sx, sy;
    if (j->kind == AFFINE)
        sx = m[0] * fx + (m[2] * fy + m[4]), sy = m[1] * fx + (m[3] * fy + m[5]);
    else if (j->kind == PERSPECTIVE) {
        float r = 1.0f / (m[2] * fx + (m[5] * fy + m[8]));
        sx = (m[0] * fx + (m[3] * fy + m[6])) * r, sy = (m[1] * fx + (m[4] * fy + m[7])) * r;
    } else
        sx = j->points[y * ow + x].x, sy = j->points[y * ow + x].y;
    int32_t X = to_fixed(sx), Y = to_fixed(sy);
    if (j->type == VX_INTERPOLATION_NEAREST_NEIGHBOR)
        return (uint8_t)bordered_pixel(img, iw, ih, floor128(X + 64), floor128(Y + 64), b, VX_DF_IMAGE_U8);
    int x0 = floor128(X), y0 = floor128(Y), ax = X & 127, ay = Y & 127;
    int32_t v = (128 - ax) * (128 - ay) * bordered_pixel(img, iw, ih, x0, y0, b, VX_DF_IMAGE_U8) +
                ax * (128 - ay) * bordered_pixel(img, iw, ih, x0 + 1, y0, b, VX_DF_IMAGE_U8) +
                (128 - ax) * ay * bordered_pixel(img, iw, ih, x0, y0 + 1, b, VX_DF_IMAGE_U8) +
                ax * ay * bordered_pixel(img, iw, ih, x0 + 1, y0 + 1, b, VX_DF_IMAGE_U8);
    return (uint8_t)((v + 8192) / 16384);
}

static vx_reference job_object(vx_context ctx, const job *j, int ow, int oh, int iw, int ih)
{
    if (j->kind == REMAP) {
        vx_remap r = vxCreateRemap(ctx, (vx_uint32)iw, (vx_uint32)ih, (vx_uint32)ow, (vx_uint32)oh);
        vx_rectangle_t all = {0, 0, (vx_uint32)ow, (vx_uint32)oh};
        CHECK_OK(vxCopyRemapPatch(r, &all, sizeof(vx_coordinates2df_t) * (vx_size)ow, j->points,
                                  VX_TYPE_COORDINATES2DF, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
        return (vx_reference)r;
    }
    vx_matrix m = vxCreateMatrix(ctx, VX_TYPE_FLOAT32, j->kind == AFFINE ? 2 : 3, 3);
    CHECK_OK(vxCopyMatrix(m, (void *)j->m, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    return (vx_reference)m;
}

static void check_job(vx_context ctx, const job *j, vx_image src, const int32_t *img, int iw, int ih, int ow, int oh,
                      const vx_border_t *border)
{
    int32_t *got = malloc(sizeof *got * (size_t)(ow * oh));
    vx_reference obj = job_object(ctx, j, ow, oh, iw, ih);
    for (int immediate = 0; immediate < 2; immediate++) {
        vx_image dst = vxCreateImage(ctx, (vx_uint32)ow, (vx_uint32)oh, VX_DF_IMAGE_U8);
        vx_status s = j->kind == AFFINE
            ? RUN_BORDER(immediate, ctx, border, vxuWarpAffine(ctx, src, (vx_matrix)obj, j->type, dst),
                         vxWarpAffineNode(graph_, src, (vx_matrix)obj, j->type, dst))
            : j->kind == PERSPECTIVE
            ? RUN_BORDER(immediate, ctx, border, vxuWarpPerspective(ctx, src, (vx_matrix)obj, j->type, dst),
                         vxWarpPerspectiveNode(graph_, src, (vx_matrix)obj, j->type, dst))
            : RUN_BORDER(immediate, ctx, border, vxuRemap(ctx, src, (vx_remap)obj, j->type, dst),
                         vxRemapNode(graph_, src, (vx_remap)obj, j->type, dst));
        CHECK_OK(s);
        read_image(dst, got);
        for (int y = 0; y < oh; y++)
            for (int x = 0; x < ow; x++) {
                int want = reference(j, img, iw, ih, ow, x, y, border);
                if (got[y * ow + x] != want) {
                    fprintf(stderr, "kind %d type %#x border %#x immediate %d %dx%d -> %dx%d (%d, %d): %d, expected %d\n",
                            j->kind, j->type, border->mode, immediate, iw, ih, ow, oh, x, y, got[y * ow + x], want);
                    exit(1);
                }
            }
        CHECK_OK(vxReleaseImage(&dst));
    }
    CHECK_OK(vxReleaseReference(&obj));
    free(got);
}

static uint32_t seed_ = 11;

static float random_in(float lo, float hi)
{
    seed_ = seed_ * 1664525u + 1013904223u;
    return lo + (hi - lo) * (float)(seed_ >> 8) / 16777216.0f;
}

/* Every job for one input and output size. */
static void check_sizes(vx_context ctx, vx_image src, const int32_t *img, int iw, int ih, int ow, int oh)
{
    float sx = (float)iw / (float)ow, sy = (float)ih / (float)oh, c = cosf(0.5f), s = sinf(0.5f);
    /* rotation by 0.5 rad about the centres, scaled: part of the output falls outside */
    float rot[6] = {c * sx, s * sy, -s * sx, c * sy, 0, 0};
    rot[4] = iw / 2.0f - rot[0] * ow / 2.0f - rot[2] * oh / 2.0f;
    rot[5] = ih / 2.0f - rot[1] * ow / 2.0f - rot[3] * oh / 2.0f;
    const float affine[3][6] = {{1, 0, 0, 1, 0, 0}, {sx, 0, 0, sy, 0, 0},
                                {rot[0], rot[1], rot[2], rot[3], rot[4], rot[5]}};
    /* a gentle perspective, and one whose z crosses 0 within the output (infinite and NaN points) */
    const float perspective[2][9] = {{0.95f * sx, 0.1f, 0.0004f, -0.2f, 1.05f * sy, 0.002f, 3.5f, -1.75f, 1.0f},
                                     {sx, 0.05f, -4.0f / (float)(ow + 1), 0.1f, sy, 0.01f, -2.0f, 1.5f, 2.0f}};
    vx_coordinates2df_t *maps[2];
    static const float special[4] = {1e30f, -1e30f, INFINITY, NAN};
    for (int k = 0; k < 2; k++) maps[k] = malloc(sizeof *maps[k] * (size_t)(ow * oh));
    for (int y = 0, i = 0; y < oh; y++)
        for (int x = 0; x < ow; x++, i++) {
            maps[0][i].x = rot[0] * x + (rot[2] * y + rot[4]), maps[0][i].y = rot[1] * x + (rot[3] * y + rot[5]);
            maps[1][i].x = random_in(-3.0f, iw + 3.0f), maps[1][i].y = random_in(-3.0f, ih + 3.0f);
            if (i % 13 == 5)
                maps[1][i].x = special[i % 4];
            if (i % 17 == 3)
                maps[1][i].y = special[i % 4];
        }
    vx_border_t borders[2] = {{VX_BORDER_UNDEFINED, {{0}}}, {VX_BORDER_CONSTANT, {{0}}}};
    borders[1].constant_value.U8 = 77;
    static const vx_enum types[] = {VX_INTERPOLATION_NEAREST_NEIGHBOR, VX_INTERPOLATION_BILINEAR};
    for (int t = 0; t < 2; t++)
        for (int b = 0; b < 2; b++) {
            for (int k = 0; k < 3; k++) {
                job a = {.kind = AFFINE, .type = types[t]};
                memcpy(a.m, affine[k], sizeof affine[k]);
                check_job(ctx, &a, src, img, iw, ih, ow, oh, &borders[b]);
            }
            for (int k = 0; k < 2; k++) {
                job p = {.kind = PERSPECTIVE, .type = types[t]}, r = {.kind = REMAP, .type = types[t], .points = maps[k]};
                memcpy(p.m, perspective[k], sizeof perspective[k]);
                check_job(ctx, &p, src, img, iw, ih, ow, oh, &borders[b]);
                check_job(ctx, &r, src, img, iw, ih, ow, oh, &borders[b]);
            }
        }
    free(maps[0]), free(maps[1]);
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    static const int inputs[][2] = {{29, 17}, {643, 21}};
    static const int outputs[][2] = {{1, 3}, {7, 9}, {33, 37}, {641, 7}};   /* 37: two bands of rows */
    for (int i = 0; i < 2; i++) {
        int iw = inputs[i][0], ih = inputs[i][1];
        int32_t *img = malloc(sizeof *img * (size_t)(iw * ih));
        vx_image src = test_image(ctx, (vx_uint32)iw, (vx_uint32)ih, VX_DF_IMAGE_U8, (uint32_t)i + 3, img);
        for (int o = 0; o < 4; o++)
            check_sizes(ctx, src, img, iw, ih, outputs[o][0], outputs[o][1]);
        CHECK_OK(vxReleaseImage(&src));
        free(img);
    }
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
