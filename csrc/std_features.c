/* The standard feature detectors HarrisCorners and CannyEdgeDetector (FastCorners: std_fast.c).
 * Keypoints go into the output array up to its capacity; the optional count scalar gets every
 * corner found. */
#include "pvx.h"

#include <math.h>
#include <stdlib.h>

void store_count(vx_reference scalar, vx_size count)
{
    if (scalar != NULL)
        *(vx_size *)pvx_memory_storage(&((pvx_scalar *)((pvx_ref *)scalar)->desc)->mem) = count;
}

/* Appends keypoint (x, y) of `strength` if the array has room. */
void add_keypoint(pvx_array *a, int32_t x, int32_t y, float strength)
{
    if (a->num_items < a->capacity)
        ((vx_keypoint_t *)pvx_memory_base(&a->mem))[a->num_items++] =
            (vx_keypoint_t){x, y, strength, 0.0f, 0.0f, 1, 0.0f};
}

/* Sobel of size 3, 5, 7: the smoothing row and the derivative row (Gx = smooth^T * deriv). */
static const int32_t sobel_smooth[3][7] = {{1, 2, 1}, {1, 4, 6, 4, 1}, {1, 6, 15, 20, 15, 6, 1}};
static const int32_t sobel_deriv[3][7] = {{-1, 0, 1}, {-1, -2, 0, 2, 1}, {-1, -4, -5, 0, 5, 4, 1}};

/* The Sobel gradients of size gs at every pixel, the input padded per `border`. */
static vx_status sobel_gradients(const plane *in, int32_t gs, const vx_border_t *border, int32_t *gx, int32_t *gy)
{
    uint32_t w = in->width, h = in->height, r = (uint32_t)gs / 2, pw = w + 2 * r;
    int32_t *rows = buffers(pw, (uint32_t)gs);
    if (rows == NULL)
        return VX_ERROR_NO_MEMORY;
    const int32_t *sm = sobel_smooth[r - 1], *de = sobel_deriv[r - 1];
    for (uint32_t y = 0; y < h; y++) {
        for (int32_t i = 0; i < gs; i++)
            padded_row(in, (int64_t)y - r + i, r, border, rows + (size_t)i * pw);
        for (uint32_t x = 0; x < w; x++) {
            int32_t sx = 0, sy = 0;
            for (int32_t i = 0; i < gs; i++) {
                const int32_t *row = rows + (size_t)i * pw + x;
                for (int32_t j = 0; j < gs; j++)
                    sx += sm[i] * de[j] * row[j], sy += de[i] * sm[j] * row[j];
            }
            gx[(size_t)y * w + x] = sx, gy[(size_t)y * w + x] = sy;
        }
    }
    free(rows);
    return VX_SUCCESS;
}

typedef struct candidate {
    double strength;
    int32_t x, y;
} candidate;

/* Stronger first; equal strengths in raster order. */
static int stronger_first(const void *a, const void *b)
{
    const candidate *p = a, *q = b;
    if (p->strength != q->strength)
        return p->strength > q->strength ? -1 : 1;
    return p->y != q->y ? (p->y > q->y) - (p->y < q->y) : (p->x > q->x) - (p->x < q->x);
}

/* Harris: Sobel gradients of gradient_size scaled by 1 / (2^(gradient_size - 1) * block_size * 255),
 * their products summed over the block, Mc = det - k trace^2, kept where > the threshold and outside
 * the border of gradient_size / 2 + block_size / 2; then the 3x3 suppression of FastCorners, and
 * from the strongest down a corner is dropped when closer than min_distance to one kept. */
vx_status pvx_std_harris_corners(vx_node node, const vx_reference *p, vx_uint32 n)
{
    plane in;
    vx_status s;
    if ((s = plane_of(p[0], &in)))
        return s;
    double threshold = *(const vx_float32 *)scalar_value(p[1]);
    double min_distance = *(const vx_float32 *)scalar_value(p[2]);
    double k = *(const vx_float32 *)scalar_value(p[3]);
    int32_t gs = *(const vx_int32 *)scalar_value(p[4]), bs = *(const vx_int32 *)scalar_value(p[5]);
    pvx_array *corners = ((pvx_ref *)p[6])->desc;
    if (pvx_memory_storage(&corners->mem) == NULL)
        return VX_ERROR_NO_MEMORY;
    corners->num_items = 0;
    int32_t w = (int32_t)in.width, h = (int32_t)in.height, br = bs / 2, b = gs / 2 + br;
    size_t size = (size_t)w * h;
    int32_t *gx = calloc(size, sizeof *gx), *gy = calloc(size, sizeof *gy);
    double *vc = calloc(size, sizeof *vc);
    candidate *c = malloc(size * sizeof *c);
    uint8_t *taken = calloc(size, 1);
    const vx_border_t replicate = {VX_BORDER_REPLICATE, {{0}}};    /* only the inside is used */
    if (gx == NULL || gy == NULL || vc == NULL || c == NULL || taken == NULL ||
        sobel_gradients(&in, gs, &replicate, gx, gy) != VX_SUCCESS) {
        free(gx), free(gy), free(vc), free(c), free(taken);
        return VX_ERROR_NO_MEMORY;
    }
    double scale = 1.0 / ((double)(1 << (gs - 1)) * bs * 255.0), scale2 = scale * scale;
    for (int32_t y = b; y < h - b; y++)
        for (int32_t x = b; x < w - b; x++) {
            int64_t sxx = 0, syy = 0, sxy = 0;
            for (int32_t i = -br; i <= br; i++)
                for (int32_t j = -br; j <= br; j++) {
                    int64_t u = gx[(size_t)(y + i) * w + x + j], v = gy[(size_t)(y + i) * w + x + j];
                    sxx += u * u, syy += v * v, sxy += u * v;
                }
            double a = (double)sxx * scale2, d = (double)syy * scale2, m = (double)sxy * scale2;
            double mc = a * d - m * m - k * (a + d) * (a + d);
            vc[(size_t)y * w + x] = mc > threshold ? mc : 0.0;
        }
    size_t count = 0;
    for (int32_t y = b; y < h - b; y++)
        for (int32_t x = b; x < w - b; x++) {
            double v = vc[(size_t)y * w + x];
            int kept = v > 0.0;
            for (int dy = -1; dy <= 1 && kept; dy++)
                for (int dx = -1; dx <= 1 && kept; dx++) {
                    double o = vc[(size_t)(y + dy) * w + x + dx];
                    if (dx || dy)
                        kept = dy < 0 || (dy == 0 && dx < 0) ? v >= o : v > o;
                }
            if (kept)
                c[count++] = (candidate){v, x, y};
        }
    qsort(c, count, sizeof *c, stronger_first);
    /* a corner is dropped when a kept one lies at a distance < min_distance: look in that disc */
    int32_t r = (int32_t)min_distance;
    double r2 = min_distance * min_distance;
    vx_size found = 0;
    for (size_t i = 0; i < count; i++) {
        int near = 0;
        for (int32_t dy = -r; dy <= r && !near; dy++)
            for (int32_t dx = -r; dx <= r && !near; dx++) {
                int32_t x = c[i].x + dx, y = c[i].y + dy;
                near = (double)(dx * dx + dy * dy) < r2 && x >= 0 && y >= 0 && x < w && y < h &&
                       taken[(size_t)y * w + x];
            }
        if (!near) {
            taken[(size_t)c[i].y * w + c[i].x] = 1;
            found++, add_keypoint(corners, c[i].x, c[i].y, (float)c[i].strength);
        }
    }
    free(gx), free(gy), free(vc), free(c), free(taken);
    store_count(p[7], found);
    return VX_SUCCESS;
}

/* Canny: Sobel gradients of gradient_size (the input padded per the node's border), magnitude
 * |gx| + |gy| (L1) or gx^2 + gy^2 compared with squared thresholds (L2, so exact); suppressed
 * unless > the neighbour before it along the gradient direction quantized to 0, 45, 90, 135
 * degrees and >= the one after (outside the image: 0); edges are > upper, or > lower and
 * 8-connected to one. Output 255 or 0; under UNDEFINED the outer gradient_size / 2 + 1 pixels are
 * left as they are. */
vx_status pvx_std_canny_edge_detector(vx_node node, const vx_reference *p, vx_uint32 n)
{
    plane in, out;
    vx_status s;
    if ((s = plane_of(p[0], &in)) || (s = plane_of(p[4], &out)))
        return s;
    const pvx_threshold *t = ((pvx_ref *)p[1])->desc;
    int32_t gs = *(const vx_int32 *)scalar_value(p[2]);
    int l2 = scalar_enum(p[3]) == VX_NORM_L2;
    const vx_border_t *border = &((pvx_node *)((pvx_ref *)node)->desc)->border;
    int64_t lower = pixel_value(&t->lower, t->input_format), upper = pixel_value(&t->upper, t->input_format);
    if (l2)                                   /* a negative threshold is below every magnitude */
        lower = lower < 0 ? -1 : lower * lower, upper = upper < 0 ? -1 : upper * upper;
    int32_t w = (int32_t)in.width, h = (int32_t)in.height;
    int32_t b = border->mode == VX_BORDER_UNDEFINED ? gs / 2 + 1 : 0;
    size_t size = (size_t)w * h;
    int32_t *gx = malloc(size * sizeof *gx), *gy = malloc(size * sizeof *gy), *stack = malloc(size * sizeof *stack);
    int64_t *mag = malloc(size * sizeof *mag);
    uint8_t *edge = calloc(size, 1);          /* 0 none, 1 weak, 2 edge */
    if (gx == NULL || gy == NULL || stack == NULL || mag == NULL || edge == NULL ||
        sobel_gradients(&in, gs, border, gx, gy) != VX_SUCCESS) {
        free(gx), free(gy), free(stack), free(mag), free(edge);
        return VX_ERROR_NO_MEMORY;
    }
    for (size_t i = 0; i < size; i++) {
        int64_t x = gx[i], y = gy[i];
        mag[i] = l2 ? x * x + y * y : llabs(x) + llabs(y);
    }
    size_t top = 0;
    for (int32_t y = b; y < h - b; y++)
        for (int32_t x = b; x < w - b; x++) {
            size_t i = (size_t)y * w + x;
            double ax = fabs((double)gx[i]), ay = fabs((double)gy[i]);
            int dx, dy;                          /* the neighbour after, along the gradient */
            if (ay <= ax * 0.41421356237309503)
                dx = 1, dy = 0;
            else if (ay >= ax * 2.414213562373095)
                dx = 0, dy = 1;
            else
                dx = ((gx[i] > 0) == (gy[i] > 0)) ? 1 : -1, dy = 1;
            int64_t m = mag[i], before = 0, after = 0;
            if (x - dx >= 0 && x - dx < w && y - dy >= 0)
                before = mag[(size_t)(y - dy) * w + x - dx];
            if (x + dx >= 0 && x + dx < w && y + dy < h)
                after = mag[(size_t)(y + dy) * w + x + dx];
            if (m > lower && m > before && m >= after) {
                edge[i] = m > upper ? 2 : 1;
                if (edge[i] == 2)
                    stack[top++] = (int32_t)i;
            }
        }
    while (top > 0) {                         /* grow the edges into the weak pixels next to them */
        int32_t i = stack[--top], x = i % w, y = i / w;
        for (int32_t dy = -1; dy <= 1; dy++)
            for (int32_t dx = -1; dx <= 1; dx++) {
                int32_t u = x + dx, v = y + dy;
                if (u >= 0 && v >= 0 && u < w && v < h && edge[(size_t)v * w + u] == 1)
                    edge[(size_t)v * w + u] = 2, stack[top++] = v * w + u;
            }
    }
    for (int32_t y = b; y < h - b; y++) {
        uint8_t *row = row_of(&out, (uint32_t)y);
        for (int32_t x = b; x < w - b; x++) row[x] = edge[(size_t)y * w + x] == 2 ? 255 : 0;
    }
    free(gx), free(gy), free(stack), free(mag), free(edge);
    return VX_SUCCESS;
}
