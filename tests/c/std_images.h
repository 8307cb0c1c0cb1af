/* Shared by the standard-kernel tests: test images as int32 arrays, plain-C format conversion,
 * and RUN, which runs one kernel as a node of a fresh graph or through its vxu function. */
#ifndef PVX_TEST_STD_IMAGES_H
#define PVX_TEST_STD_IMAGES_H
#include <stdint.h>

#include "check.h"

/* Pixel (x, y) of a w x h reference image of format f; outside it, the border's constant
 * (CONSTANT) or the nearest edge pixel (REPLICATE, and UNDEFINED where a test reads it). */
static inline int32_t bordered_pixel(const int32_t *img, int w, int h, int x, int y, const vx_border_t *b,
                                     vx_df_image f)
{
    if (x < 0 || y < 0 || x >= w || y >= h) {
        if (b->mode == VX_BORDER_CONSTANT)
            return f == VX_DF_IMAGE_U8 ? b->constant_value.U8 : b->constant_value.S16;
        x = x < 0 ? 0 : x >= w ? w - 1 : x;
        y = y < 0 ? 0 : y >= h ? h - 1 : y;
    }
    return img[y * w + x];
}

/* The value in the output format: saturated (clamped) or wrapped (low bits kept). */
static inline int32_t to_format(int64_t v, vx_df_image f, int saturate)
{
    if (f == VX_DF_IMAGE_U8)
        return saturate ? (v < 0 ? 0 : v > 255 ? 255 : (int32_t)v) : (uint8_t)v;
    return saturate ? (v < -32768 ? -32768 : v > 32767 ? 32767 : (int32_t)v) : (int16_t)(uint16_t)v;
}

static inline vx_size element_size(vx_df_image f)
{
    return f == VX_DF_IMAGE_U8 ? 1 : 2;
}

/* Copies plane 0 of `img` into (usage VX_READ_ONLY) or from (VX_WRITE_ONLY) `values`. */
static inline void copy_image(vx_image img, int32_t *values, vx_enum usage)
{
    vx_uint32 w, h;
    vx_df_image f;
    CHECK_OK(vxQueryImage(img, VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxQueryImage(img, VX_IMAGE_HEIGHT, &h, sizeof h));
    CHECK_OK(vxQueryImage(img, VX_IMAGE_FORMAT, &f, sizeof f));
    vx_size es = element_size(f);
    uint8_t *buf = malloc(es * w * h);
    vx_rectangle_t rect = {0, 0, w, h};
    vx_imagepatch_addressing_t addr = {w, h, (vx_int32)es, (vx_int32)(es * w), VX_SCALE_UNITY, VX_SCALE_UNITY,
                                       1, 1, (vx_uint16)(8 * es)};
    for (vx_uint32 k = 0; usage == VX_WRITE_ONLY && k < w * h; k++) {
        if (es == 1)
            buf[k] = (uint8_t)values[k];
        else
            ((int16_t *)buf)[k] = (int16_t)values[k];
    }
    CHECK_OK(vxCopyImagePatch(img, &rect, 0, &addr, buf, usage, VX_MEMORY_TYPE_HOST));
    for (vx_uint32 k = 0; usage == VX_READ_ONLY && k < w * h; k++)
        values[k] = es == 1 ? buf[k] : ((int16_t *)buf)[k];
    free(buf);
}

static inline void read_image(vx_image img, int32_t *values)
{
    copy_image(img, values, VX_READ_ONLY);
}

/* A w x h image of pseudo-random values of the whole range of its format, the extremes included
 * (first pixels), written into `values` too. */
static inline vx_image test_image(vx_context ctx, vx_uint32 w, vx_uint32 h, vx_df_image f, uint32_t seed,
                                  int32_t *values)
{
    static const int32_t extremes[2][6] = {{0, 255, 1, 254, 128, 127}, {-32768, 32767, 0, -1, 255, 256}};
    uint32_t x = seed * 2654435761u + 12345;
    for (vx_uint32 k = 0; k < w * h; k++) {
        x = x * 1664525u + 1013904223u;
        values[k] = k < 6 ? extremes[f != VX_DF_IMAGE_U8][(k + seed) % 6]
                          : f == VX_DF_IMAGE_U8 ? (int32_t)(x >> 24) : (int16_t)(x >> 16);
    }
    vx_image img = vxCreateImage(ctx, w, h, f);
    CHECK_REF(img);
    copy_image(img, values, VX_WRITE_ONLY);
    return img;
}

/* RUN(immediate, ctx, vxuX(...), vxXNode(graph_, ...)): the status of the vxu call, or of
 * processing a fresh graph holding that one node (released after). */
static vx_graph graph_;

static inline vx_status run_graph_node(vx_node node)
{
    CHECK_REF(node);
    vx_status s = vxProcessGraph(graph_);
    CHECK_OK(vxReleaseNode(&node));
    CHECK_OK(vxReleaseGraph(&graph_));
    return s;
}

#define RUN(immediate, ctx, VXU, NODE) ((immediate) ? (VXU) : (graph_ = vxCreateGraph(ctx), run_graph_node(NODE)))

/* RUN with a border: the context's immediate border, or the node's. */
static inline vx_status run_node_with_border(vx_node node, const vx_border_t *b)
{
    CHECK_REF(node);
    CHECK_OK(vxSetNodeAttribute(node, VX_NODE_BORDER, b, sizeof *b));
    return run_graph_node(node);
}

static inline vx_context with_immediate_border(vx_context ctx, const vx_border_t *b)
{
    CHECK_OK(vxSetContextAttribute(ctx, VX_CONTEXT_IMMEDIATE_BORDER, b, sizeof *b));
    return ctx;
}

#define RUN_BORDER(immediate, ctx, border, VXU, NODE)                                                        \
    ((immediate) ? (with_immediate_border(ctx, border), (VXU))                                              \
                 : (graph_ = vxCreateGraph(ctx), run_node_with_border(NODE, border)))

/* For qsort: int32 values in increasing order. */
static inline int compare_int32(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

#endif
