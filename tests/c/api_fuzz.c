/* A fuzz driver of the C API (issue 15): from a seed, random calls with valid, released, foreign
 * and NULL handles, random attributes and sizes (query buffers of exactly the size passed, so a
 * write past it is seen by AddressSanitizer), random rectangles, ranges and views, random graphs
 * (standard kernels with random, missing or wrong-typed parameters, cycles), run or scheduled.
 *
 *     api_fuzz SEED STEPS          (tests/test_fuzz.py runs a fixed budget; longer by hand)
 *
 * Checks: no crash; a NULL, foreign or misaligned handle as first argument gives
 * VX_ERROR_INVALID_REFERENCE; every status is one of the spec's; no log entry reports an internal
 * error; VX_CONTEXT_REFERENCES back to its start after everything is released. */
#include "check.h"
#include <VX/vx_khr_user_data_object.h>
#include <stdint.h>
#include <string.h>

#define POOL 48
#define DEAD 64
#define MAX_SIDE 48

static uint64_t state;
static long step;
static vx_context ctx, other;                 /* other: a second count of the one context (vxCreateContext) */
static vx_reference pool[POOL];
static int npool;
static vx_reference dead[DEAD];
static int ndead;
static vx_reference strangers[4];             /* objects created through the other count, held all along */
static unsigned char foreign_block[256];
static int internal_errors;
static long successes, refusals, graph_runs;     /* printed to stderr: what a seed exercised */

static uint32_t rnd(uint32_t n)
{
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return n ? (uint32_t)((state * 2685821657736338717ULL) >> 33) % n : 0;
}

static void *random_bytes(size_t n)
{
    unsigned char *p = malloc(n ? n : 1);
    CHECK(p != NULL);
    for (size_t i = 0; i < n; i++)
        p[i] = (unsigned char)rnd(256);
    return p;
}

static void VX_CALLBACK on_log(vx_context c, vx_reference r, vx_status s, const vx_char text[])
{
    (void)c;
    (void)r;
    (void)s;
    if (strstr(text, "internal error")) {
        fprintf(stderr, "step %ld: %s\n", step, text);
        internal_errors++;
    }
}

/* A status the spec defines (or success). */
static vx_status valid_status(vx_status s)
{
    if (s > VX_SUCCESS || s < VX_STATUS_MIN) {
        fprintf(stderr, "step %ld: status %d is not an OpenVX status\n", step, (int)s);
        exit(1);
    }
    if (s == VX_SUCCESS)
        successes++;
    else
        refusals++;
    return s;
}

/* Handles: what kind the last pick was, so the refusal of a bad one can be checked exactly. */
enum { LIVE, RELEASED, FOREIGN };
static int picked;

static vx_reference bad_handle(void)
{
    picked = FOREIGN;
    switch (rnd(6)) {
    case 0:
        return NULL;
    case 1:
        return (vx_reference)(foreign_block + 16 * rnd(8));
    case 2:
        return npool ? (vx_reference)((char *)pool[rnd(npool)] + 8) : NULL;   /* inside a header */
    case 3:
        return (vx_reference)(uintptr_t)0x1000;
    default:
        picked = RELEASED;               /* may still live inside a graph or container: any status */
        return ndead ? dead[rnd(ndead)] : NULL;
    }
}

static vx_reference any_handle(void)
{
    if (npool && rnd(10) < 7) {
        picked = LIVE;
        return pool[rnd(npool)];
    }
    if (rnd(8) == 0) {
        picked = LIVE;                   /* valid, made through the other count */
        return strangers[rnd(4)];
    }
    return bad_handle();
}

/* A handle of `type` from the pool when there is one, else any handle. */
static vx_reference handle_of(vx_enum type)
{
    int start = (int)rnd(POOL);
    for (int i = 0; i < npool && rnd(8) != 0; i++) {
        vx_reference r = pool[(start + i) % npool];
        vx_enum t = 0;
        if (vxQueryReference(r, VX_REFERENCE_TYPE, &t, sizeof t) == VX_SUCCESS && t == type) {
            picked = LIVE;
            return r;
        }
    }
    return any_handle();
}

/* A call whose first argument was just picked: a NULL or foreign handle is refused exactly. */
static void expect_(vx_status s, const char *call)
{
    valid_status(s);
    if (picked == FOREIGN && s != VX_ERROR_INVALID_REFERENCE) {
        fprintf(stderr, "step %ld: %s with a bad handle gave %d\n", step, call, (int)s);
        exit(1);
    }
}
#define expect(call) expect_((call), #call)

/* 1.3.1: a graph that goes (as we released it, or what held it) releases its nodes, the
 * references we hold too (a node others still hold lives on, with a count of 0): they leave the
 * pool as soon as they went. */
static void forget_released_nodes(void)
{
    for (int j = npool - 1; j >= 0; j--) {
        vx_uint32 n = 0;
        if (vxQueryReference(pool[j], VX_REFERENCE_COUNT, &n, sizeof n) != VX_SUCCESS || n == 0) {
            dead[ndead < DEAD ? ndead++ : (int)rnd(DEAD)] = pool[j];
            pool[j] = pool[--npool];
        }
    }
}

static void release_at(int i)
{
    vx_reference r = pool[i];
    CHECK_OK(vxReleaseReference(&r));
    CHECK(r == NULL);
    dead[ndead < DEAD ? ndead++ : (int)rnd(DEAD)] = pool[i];
    pool[i] = pool[--npool];
    forget_released_nodes();
}

/* Keeps what a creator returned when it is an object we now hold. */
static void keep(vx_reference r)
{
    if (r == NULL || vxGetStatus(r) != VX_SUCCESS)
        return;
    vx_enum t = 0;
    CHECK_OK(vxQueryReference(r, VX_REFERENCE_TYPE, &t, sizeof t));
    CHECK(t != VX_TYPE_ERROR);
    if (npool == POOL)
        release_at((int)rnd(POOL));
    pool[npool++] = r;
}

static const vx_df_image formats[] = {VX_DF_IMAGE_U8, VX_DF_IMAGE_U16, VX_DF_IMAGE_S16, VX_DF_IMAGE_U32,
    VX_DF_IMAGE_S32, VX_DF_IMAGE_RGB, VX_DF_IMAGE_RGBX, VX_DF_IMAGE_NV12, VX_DF_IMAGE_NV21, VX_DF_IMAGE_UYVY,
    VX_DF_IMAGE_YUYV, VX_DF_IMAGE_IYUV, VX_DF_IMAGE_YUV4, VX_DF_IMAGE_U1, VX_DF_IMAGE_VIRT, 0x12345678};
static const vx_enum item_types[] = {VX_TYPE_UINT8, VX_TYPE_INT16, VX_TYPE_UINT32, VX_TYPE_FLOAT32, VX_TYPE_INT64,
    VX_TYPE_KEYPOINT, VX_TYPE_COORDINATES2D, VX_TYPE_RECTANGLE, VX_TYPE_BOOL, VX_TYPE_SIZE, VX_TYPE_IMAGE, 0x7777};

#define PICK(table) (table)[rnd(sizeof(table) / sizeof((table)[0]))]

static vx_uint32 side(void) { return rnd(12) == 0 ? rnd(3) : 1 + rnd(MAX_SIDE); }

/* A rectangle inside the image most of the time, anything otherwise. */
static vx_rectangle_t rectangle_of(vx_image img)
{
    vx_uint32 w = 0, h = 0;
    vx_rectangle_t rect = {rnd(MAX_SIDE), rnd(MAX_SIDE), rnd(MAX_SIDE + 4), rnd(MAX_SIDE + 4)};
    if (rnd(3) && vxQueryImage(img, VX_IMAGE_WIDTH, &w, sizeof w) == VX_SUCCESS &&
        vxQueryImage(img, VX_IMAGE_HEIGHT, &h, sizeof h) == VX_SUCCESS && w > 0 && h > 0) {
        rect.start_x = rnd(w);
        rect.start_y = rnd(h);
        rect.end_x = rect.start_x + 1 + rnd(w - rect.start_x);
        rect.end_y = rect.start_y + 1 + rnd(h - rect.start_y);
    }
    return rect;
}

/* The context a creator gets: mostly ours, sometimes a bad one (then the result is no object). */
static vx_context context_arg(void)
{
    picked = LIVE;
    return rnd(12) == 0 ? (vx_context)bad_handle() : ctx;
}

static void create_data_object(void)
{
    vx_context c = context_arg();
    vx_reference r = NULL;
    vx_size dims[4] = {side(), side(), 1 + rnd(4), 1 + rnd(3)};
    vx_int64 value = (vx_int64)rnd(1000);
    switch (rnd(15)) {
    case 0: case 1: case 2:
        r = (vx_reference)vxCreateImage(c, side(), side(), PICK(formats));
        break;
    case 3:
        r = (vx_reference)vxCreateArray(c, PICK(item_types), rnd(40));
        break;
    case 4:
        r = (vx_reference)vxCreateScalar(c, PICK(item_types), &value);
        break;
    case 5:
        r = (vx_reference)vxCreateThresholdForImage(c, VX_THRESHOLD_TYPE_BINARY + (vx_enum)rnd(3), PICK(formats),
                                                    PICK(formats));
        break;
    case 6:
        r = (vx_reference)vxCreateLUT(c, rnd(2) ? VX_TYPE_UINT8 : VX_TYPE_INT16, rnd(300));
        break;
    case 7:
        r = (vx_reference)vxCreateMatrix(c, rnd(2) ? VX_TYPE_FLOAT32 : VX_TYPE_UINT8, rnd(5), rnd(5));
        break;
    case 8:
        r = (vx_reference)vxCreateConvolution(c, rnd(10), rnd(10));
        break;
    case 9:
        r = (vx_reference)vxCreateDistribution(c, rnd(20), (vx_int32)rnd(10) - 2, rnd(300));
        break;
    case 10:
        r = (vx_reference)vxCreateRemap(c, side(), side(), side(), side());
        break;
    case 11:
        r = (vx_reference)vxCreateTensor(c, rnd(5), dims, PICK(item_types), (vx_int8)rnd(10));
        break;
    case 12:
        r = (vx_reference)vxCreatePyramid(c, rnd(5), rnd(2) ? VX_SCALE_PYRAMID_HALF : 0.9f, side(), side(),
                                          PICK(formats));
        break;
    case 13:
        r = (vx_reference)vxCreateUserDataObject(c, rnd(2) ? "fuzz" : NULL, rnd(64), NULL);
        break;
    default: {
        vx_reference exemplar = any_handle();
        r = rnd(2) ? (vx_reference)vxCreateObjectArray(c, exemplar, rnd(4))
                   : (vx_reference)vxCreateDelay(c, exemplar, rnd(4));
    }
    }
    if (c != ctx)
        CHECK(r == NULL || vxGetStatus(r) != VX_SUCCESS);
    keep(r);
}

static void create_virtual_or_view(void)
{
    vx_graph g = (vx_graph)handle_of(VX_TYPE_GRAPH);
    vx_image img = (vx_image)handle_of(VX_TYPE_IMAGE);
    vx_rectangle_t rect = rectangle_of(img);
    vx_reference r = NULL;
    switch (rnd(6)) {
    case 0:
        r = (vx_reference)vxCreateVirtualImage(g, rnd(2) ? 0 : side(), rnd(2) ? 0 : side(), PICK(formats));
        break;
    case 1:
        r = (vx_reference)vxCreateVirtualArray(g, PICK(item_types), rnd(20));
        break;
    case 2:
        r = (vx_reference)vxCreateVirtualScalar(g, PICK(item_types));
        break;
    case 3:
        r = (vx_reference)vxCreateImageFromROI(img, &rect);
        break;
    case 4:
        r = (vx_reference)vxCreateImageFromChannel(img, VX_CHANNEL_0 + (vx_enum)rnd(8));
        break;
    default:
        r = (vx_reference)vxCreateVirtualPyramid(g, rnd(4), VX_SCALE_PYRAMID_HALF, side(), side(), PICK(formats));
    }
    keep(r);
}

/* A random attribute of the object's own range (sometimes any value) and a random size. */
static vx_enum attribute_for(vx_enum type)
{
    return rnd(10) == 0 ? (vx_enum)rnd(0x100000) : VX_ATTRIBUTE_BASE(VX_ID_KHRONOS, type) + (vx_enum)rnd(24);
}

static const vx_size sizes[] = {0, 1, 2, 4, 4, 4, 8, 8, 8, 12, 16, 24, 32, 64, 256};

static vx_status query(vx_reference r, vx_enum type, vx_enum attr, void *out, vx_size size)
{
    switch (type) {
    case VX_TYPE_IMAGE: return vxQueryImage((vx_image)r, attr, out, size);
    case VX_TYPE_ARRAY: return vxQueryArray((vx_array)r, attr, out, size);
    case VX_TYPE_SCALAR: return vxQueryScalar((vx_scalar)r, attr, out, size);
    case VX_TYPE_THRESHOLD: return vxQueryThreshold((vx_threshold)r, attr, out, size);
    case VX_TYPE_LUT: return vxQueryLUT((vx_lut)r, attr, out, size);
    case VX_TYPE_MATRIX: return vxQueryMatrix((vx_matrix)r, attr, out, size);
    case VX_TYPE_CONVOLUTION: return vxQueryConvolution((vx_convolution)r, attr, out, size);
    case VX_TYPE_DISTRIBUTION: return vxQueryDistribution((vx_distribution)r, attr, out, size);
    case VX_TYPE_REMAP: return vxQueryRemap((vx_remap)r, attr, out, size);
    case VX_TYPE_TENSOR: return vxQueryTensor((vx_tensor)r, attr, out, size);
    case VX_TYPE_PYRAMID: return vxQueryPyramid((vx_pyramid)r, attr, out, size);
    case VX_TYPE_OBJECT_ARRAY: return vxQueryObjectArray((vx_object_array)r, attr, out, size);
    case VX_TYPE_DELAY: return vxQueryDelay((vx_delay)r, attr, out, size);
    case VX_TYPE_USER_DATA_OBJECT: return vxQueryUserDataObject((vx_user_data_object)r, attr, out, size);
    case VX_TYPE_GRAPH: return vxQueryGraph((vx_graph)r, attr, out, size);
    case VX_TYPE_NODE: return vxQueryNode((vx_node)r, attr, out, size);
    case VX_TYPE_CONTEXT: return vxQueryContext((vx_context)r, attr, out, size);
    default: return vxQueryReference(r, attr, out, size);
    }
}

static vx_enum type_of(vx_reference r)
{
    vx_enum t = 0;
    if (vxQueryReference(r, VX_REFERENCE_TYPE, &t, sizeof t) != VX_SUCCESS)
        t = (vx_enum)(VX_TYPE_CONTEXT + rnd(0x17));   /* a bad handle: any type's function */
    return t;
}

static void query_or_set(void)
{
    vx_reference r = any_handle();
    if (rnd(16) == 0) {
        r = (vx_reference)ctx;
        picked = LIVE;
    }
    int kind = picked;
    vx_enum type = rnd(6) == 0 ? VX_TYPE_REFERENCE : type_of(r);
    vx_enum attr = attribute_for(type);
    vx_size size = PICK(sizes);
    void *buf = random_bytes(size);               /* exactly `size` bytes: a longer write is seen */
    vx_status s;
    int setting = rnd(5) == 0;
    if (setting) {
        switch (type) {
        case VX_TYPE_IMAGE: s = vxSetImageAttribute((vx_image)r, attr, buf, size); break;
        case VX_TYPE_THRESHOLD: s = vxSetThresholdAttribute((vx_threshold)r, attr, buf, size); break;
        case VX_TYPE_CONVOLUTION: s = vxSetConvolutionAttribute((vx_convolution)r, attr, buf, size); break;
        case VX_TYPE_GRAPH: s = vxSetGraphAttribute((vx_graph)r, attr, buf, size); break;
        case VX_TYPE_NODE: s = vxSetNodeAttribute((vx_node)r, attr, buf, size); break;
        default: s = vxSetContextAttribute((vx_context)r, attr, buf, size);
        }
    } else {
        s = query(r, type, attr, rnd(16) ? buf : NULL, size);
    }
    picked = kind;
    if (picked == FOREIGN && s != VX_ERROR_INVALID_REFERENCE)
        fprintf(stderr, "%s of type %#x, attribute %#x, size %zu\n", setting ? "set" : "query", type, attr, size);
    expect(s);
    free(buf);
}

static vx_size query_size(vx_reference r, vx_enum type, vx_enum attr)
{
    vx_size n = 0;
    return query(r, type, attr, &n, sizeof n) == VX_SUCCESS ? n : 0;
}

static vx_enum usage(void) { return VX_READ_ONLY + (vx_enum)rnd(rnd(8) ? 3 : 4); }   /* READ, WRITE, BOTH, bad */

/* Touches the first and last byte a successful map gives. */
static void touch(void *ptr, size_t last)
{
    volatile unsigned char *p = ptr;
    p[0] = p[0];
    p[last] = p[last];
}

static void image_access(vx_image img)
{
    vx_rectangle_t rect = rectangle_of(img);
    vx_uint32 plane = rnd(4) ? 0 : rnd(4);
    vx_status s;
    if (rnd(2)) {
        vx_map_id id = 0;
        vx_imagepatch_addressing_t addr;
        void *ptr = NULL;
        s = vxMapImagePatch(img, rnd(10) ? &rect : NULL, plane, &id, &addr, &ptr, usage(), VX_MEMORY_TYPE_HOST, 0);
        expect(s);
        if (s == VX_SUCCESS) {
            if (addr.dim_x > 0 && addr.dim_y > 0) {
                unsigned char *last = vxFormatImagePatchAddress2d(ptr, addr.dim_x - 1, addr.dim_y - 1, &addr);
                touch(ptr, (size_t)(last - (unsigned char *)ptr) + (addr.stride_x > 0 ? (size_t)addr.stride_x - 1 : 0));
            }
            if (rnd(3) == 0)
                valid_status(vxUnmapImagePatch(img, id + 1 + rnd(3)));        /* not this map's id */
            CHECK_OK(vxUnmapImagePatch(img, id));
        }
    } else {
        vx_uint32 w = rect.end_x > rect.start_x ? rect.end_x - rect.start_x : 0;
        vx_uint32 h = rect.end_y > rect.start_y ? rect.end_y - rect.start_y : 0;
        vx_imagepatch_addressing_t addr = {w, h, 8, (vx_int32)(8 * w), VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 0};
        void *buf = random_bytes((size_t)w * h * 8);
        expect(vxCopyImagePatch(img, &rect, plane, &addr, buf, usage(), VX_MEMORY_TYPE_HOST));
        free(buf);
    }
}

static void array_access(vx_array arr)
{
    vx_size item = query_size((vx_reference)arr, VX_TYPE_ARRAY, VX_ARRAY_ITEMSIZE);
    vx_size count = rnd(10), start = rnd(12), end = rnd(16);
    vx_size stride = rnd(3) == 0 ? 0 : item + 4 * rnd(2);
    vx_size span = end > start ? (end - start) * stride + item : 1;
    void *buf;
    switch (rnd(4)) {
    case 0:
        buf = random_bytes(count * stride + item);
        expect(vxAddArrayItems(arr, count, buf, stride));
        free(buf);
        break;
    case 1:
        buf = random_bytes(span);
        expect(vxCopyArrayRange(arr, start, end, stride, buf, usage(), VX_MEMORY_TYPE_HOST));
        free(buf);
        break;
    case 2: {
        vx_map_id id = 0;
        void *ptr = NULL;
        vx_status s = vxMapArrayRange(arr, start, end, &id, &stride, &ptr, usage(), VX_MEMORY_TYPE_HOST, 0);
        expect(s);
        if (s == VX_SUCCESS) {
            touch(ptr, (end - start - 1) * stride + item - 1);
            CHECK_OK(vxUnmapArrayRange(arr, id));
        }
        break;
    }
    default:
        expect(vxTruncateArray(arr, rnd(12)));
    }
}

/* Copies of the objects read or written whole: a buffer of the size their query gives. */
static void whole_copy(vx_reference r, vx_enum type)
{
    static const vx_enum size_attr[][2] = {{VX_TYPE_LUT, VX_LUT_SIZE}, {VX_TYPE_MATRIX, VX_MATRIX_SIZE},
        {VX_TYPE_CONVOLUTION, VX_CONVOLUTION_SIZE}, {VX_TYPE_DISTRIBUTION, VX_DISTRIBUTION_SIZE},
        {VX_TYPE_USER_DATA_OBJECT, VX_USER_DATA_OBJECT_SIZE}};
    vx_size size = 64;
    for (size_t i = 0; i < sizeof size_attr / sizeof size_attr[0]; i++)
        if (size_attr[i][0] == type)
            size = query_size(r, type, size_attr[i][1]);
    void *buf = random_bytes(size);
    vx_enum u = usage();
    switch (type) {
    case VX_TYPE_LUT: expect(vxCopyLUT((vx_lut)r, buf, u, VX_MEMORY_TYPE_HOST)); break;
    case VX_TYPE_MATRIX: expect(vxCopyMatrix((vx_matrix)r, buf, u, VX_MEMORY_TYPE_HOST)); break;
    case VX_TYPE_CONVOLUTION:
        expect(vxCopyConvolutionCoefficients((vx_convolution)r, buf, u, VX_MEMORY_TYPE_HOST));
        break;
    case VX_TYPE_DISTRIBUTION: expect(vxCopyDistribution((vx_distribution)r, buf, u, VX_MEMORY_TYPE_HOST)); break;
    case VX_TYPE_USER_DATA_OBJECT: {
        vx_size offset = rnd(8), n = size > offset ? rnd((vx_uint32)(size - offset + 4)) : rnd(4);
        void *part = random_bytes(n ? n : size > offset ? size - offset : 0);     /* 0: offset to the end */
        expect(vxCopyUserDataObject((vx_user_data_object)r, offset, n, part, u, VX_MEMORY_TYPE_HOST));
        free(part);
        break;
    }
    case VX_TYPE_THRESHOLD:
        expect(vxCopyThresholdValue((vx_threshold)r, buf, u, VX_MEMORY_TYPE_HOST));   /* a vx_pixel_value_t */
        break;
    default:
        expect(vxCopyScalarWithSize((vx_scalar)r, rnd(10), buf, u, VX_MEMORY_TYPE_HOST));
    }
    free(buf);
}

static void tensor_access(vx_tensor t)
{
    vx_size dims = rnd(5), start[4], end[4], stride[4], elem = 8, total = 1;
    for (vx_size i = 0; i < 4; i++) {
        start[i] = rnd(4);
        end[i] = rnd(MAX_SIDE + 2);
        stride[i] = elem * total;
        if (i < dims)
            total *= end[i] > start[i] ? end[i] - start[i] : 0;
    }
    void *buf = random_bytes(total * elem);
    expect(vxCopyTensorPatch(t, dims, start, end, stride, buf, usage(), VX_MEMORY_TYPE_HOST));
    free(buf);
}

static void data_access(void)
{
    vx_reference r = any_handle();
    int kind = picked;
    vx_enum type = type_of(r);
    picked = kind;
    switch (type) {
    case VX_TYPE_IMAGE: image_access((vx_image)r); break;
    case VX_TYPE_ARRAY: array_access((vx_array)r); break;
    case VX_TYPE_TENSOR: tensor_access((vx_tensor)r); break;
    case VX_TYPE_REMAP: {
        vx_rectangle_t rect = {rnd(8), rnd(8), rnd(MAX_SIDE + 2), rnd(MAX_SIDE + 2)};
        vx_size w = rect.end_x > rect.start_x ? rect.end_x - rect.start_x : 0;
        vx_size h = rect.end_y > rect.start_y ? rect.end_y - rect.start_y : 0;
        void *buf = random_bytes(w * h * sizeof(vx_coordinates2df_t));
        expect(vxCopyRemapPatch((vx_remap)r, &rect, w * sizeof(vx_coordinates2df_t), buf, VX_TYPE_COORDINATES2DF,
                                usage(), VX_MEMORY_TYPE_HOST));
        free(buf);
        break;
    }
    default: whole_copy(r, type);
    }
}

static void containers(void)
{
    vx_reference r = any_handle();
    vx_int32 index = (vx_int32)rnd(6) - 2;
    switch (rnd(4)) {
    case 0:
        keep(vxGetObjectArrayItem((vx_object_array)r, (vx_uint32)index));
        break;
    case 1:
        keep((vx_reference)vxGetPyramidLevel((vx_pyramid)r, (vx_uint32)index));
        break;
    case 2:
        valid_status(vxGetStatus(vxGetReferenceFromDelay((vx_delay)r, index)));   /* not retained */
        break;
    default:
        expect(vxAgeDelay((vx_delay)r));
    }
}

static const vx_enum parameter_types[] = {VX_TYPE_IMAGE, VX_TYPE_IMAGE, VX_TYPE_IMAGE, VX_TYPE_ARRAY, VX_TYPE_SCALAR,
    VX_TYPE_THRESHOLD, VX_TYPE_LUT, VX_TYPE_MATRIX, VX_TYPE_CONVOLUTION, VX_TYPE_DISTRIBUTION, VX_TYPE_REMAP,
    VX_TYPE_PYRAMID, VX_TYPE_TENSOR};

/* A node of a random standard kernel in a random graph, with random parameters, some unset. */
static void add_node(void)
{
    vx_kernel k = vxGetKernelByEnum(ctx, VX_KERNEL_BASE(VX_ID_KHRONOS, VX_LIBRARY_KHR_BASE) + (vx_enum)rnd(0x45));
    if (vxGetStatus((vx_reference)k) != VX_SUCCESS)
        return;
    vx_uint32 n = 0;
    CHECK_OK(vxQueryKernel(k, VX_KERNEL_PARAMETERS, &n, sizeof n));
    vx_node node = vxCreateGenericNode((vx_graph)handle_of(VX_TYPE_GRAPH), k);
    if (vxGetStatus((vx_reference)node) == VX_SUCCESS) {
        for (vx_uint32 i = 0; i < n + 1; i++)
            if (rnd(6))
                valid_status(vxSetParameterByIndex(node, i, handle_of(PICK(parameter_types))));
    }
    keep((vx_reference)node);
    CHECK_OK(vxReleaseKernel(&k));
}

/* A graph that must run: a chain of Not nodes through virtual images, processed or scheduled, with
 * its exact result; kept in the pool sometimes, with its images, for other operations to change. */
static void valid_graph(void)
{
    vx_uint32 w = 1 + rnd(MAX_SIDE), h = 1 + rnd(MAX_SIDE), n = 1 + rnd(4);
    vx_uint8 v = (vx_uint8)rnd(256);
    vx_graph g = vxCreateGraph(ctx);
    vx_image in = u8_image(ctx, w, h, v), out = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8), prev = in;
    vx_reference made[8];
    int nmade = 0;
    for (vx_uint32 i = 0; i < n; i++) {
        vx_image next = i + 1 == n ? out : vxCreateVirtualImage(g, rnd(2) ? w : 0, rnd(2) ? h : 0, VX_DF_IMAGE_VIRT);
        made[nmade++] = (vx_reference)vxNotNode(g, prev, next);
        if (next != out)
            made[nmade++] = (vx_reference)next;
        prev = next;
    }
    if (rnd(2)) {
        CHECK_OK(vxProcessGraph(g));
    } else {
        CHECK_OK(vxScheduleGraph(g));
        CHECK_OK(vxWaitGraph(g));
    }
    graph_runs++;
    CHECK(u8_pixel(out, rnd(w), rnd(h)) == (n % 2 ? 255 - v : v));
    for (int i = 0; i < nmade; i++)
        CHECK_OK(vxReleaseReference(&made[i]));
    keep((vx_reference)in);
    keep((vx_reference)out);
    keep((vx_reference)g);
}

/* Two nodes feeding each other: verification refuses the cycle. */
static void cycle(void)
{
    vx_graph g = vxCreateGraph(ctx);
    vx_image a = vxCreateImage(ctx, 8, 8, VX_DF_IMAGE_U8), b = vxCreateVirtualImage(g, 8, 8, VX_DF_IMAGE_U8);
    vx_node n1 = vxNotNode(g, a, b), n2 = vxNotNode(g, b, a);
    CHECK(vxVerifyGraph(g) != VX_SUCCESS);
    vx_reference all[] = {(vx_reference)n1, (vx_reference)n2, (vx_reference)a, (vx_reference)b};
    for (int i = 0; i < 4; i++)
        CHECK_OK(vxReleaseReference(&all[i]));
    if (rnd(2))
        CHECK_OK(vxReleaseGraph(&g));
    else
        keep((vx_reference)g);                    /* released with the pool, after its nodes */
}

static void graph_op(void)
{
    vx_graph g = (vx_graph)handle_of(VX_TYPE_GRAPH);
    int kind = picked;
    switch (rnd(6)) {
    case 0:
        keep((vx_reference)vxCreateGraph(context_arg()));
        break;
    case 1:
        expect(vxVerifyGraph(g));
        break;
    case 2: {
        vx_status s = vxProcessGraph(g);
        expect(s);
        graph_runs += s == VX_SUCCESS;
        break;
    }
    case 3: {
        vx_status s = vxScheduleGraph(g);
        expect(s);
        if (s == VX_SUCCESS && rnd(4))
            valid_status(vxWaitGraph(g));
        break;
    }
    case 4: {
        vx_node node = (vx_node)handle_of(VX_TYPE_NODE);
        vx_parameter p = vxGetParameterByIndex(node, rnd(5));
        picked = kind;
        expect(vxAddParameterToGraph(g, p));
        if (vxGetStatus((vx_reference)p) == VX_SUCCESS)
            CHECK_OK(vxReleaseParameter(&p));
        valid_status(vxSetGraphParameterByIndex(g, rnd(3), any_handle()));
        break;
    }
    default: {
        vx_bool replicate[6];
        for (int i = 0; i < 6; i++)
            replicate[i] = rnd(2) ? vx_true_e : vx_false_e;
        expect(vxReplicateNode(g, (vx_node)handle_of(VX_TYPE_NODE), replicate, rnd(7)));
    }
    }
}

static void reference_op(void)
{
    char name[300];
    memset(name, 'a' + (int)rnd(26), sizeof name);
    name[rnd(sizeof name)] = '\0';
    vx_reference r = any_handle();
    switch (rnd(5)) {
    case 0:
        expect(vxSetReferenceName(r, rnd(8) ? name : NULL));
        break;
    case 1:
        expect(vxHint(r, VX_HINT_PERFORMANCE_DEFAULT + (vx_enum)rnd(3), rnd(2) ? name : NULL, rnd(8)));
        break;
    case 2:
        expect(vxDirective(r, VX_DIRECTIVE_DISABLE_LOGGING + (vx_enum)rnd(6)));
        break;
    case 3:
        if (picked == LIVE && r != NULL && r != strangers[0] && r != strangers[1] && r != strangers[2] &&
            r != strangers[3]) {
            vx_uint32 before = ref_count(r);
            CHECK_OK(vxRetainReference(r));
            CHECK(ref_count(r) == before + 1);
            CHECK_OK(vxReleaseReference(&r));
        } else if (picked == FOREIGN) {       /* a released handle the framework still holds would revive */
            expect(vxRetainReference(r));
        }
        break;
    default: {
        vx_reference copy = r;
        if (picked == LIVE && npool && rnd(2)) {
            release_at((int)rnd(npool));
        } else if (picked == FOREIGN) {
            CHECK_STATUS(vxReleaseReference(&copy), VX_ERROR_INVALID_REFERENCE);
            CHECK_STATUS(vxReleaseReference(NULL), VX_ERROR_INVALID_REFERENCE);
        }
    }
    }
}

int main(int argc, char **argv)
{
    CHECK(argc == 3);
    state = strtoull(argv[1], NULL, 10) * 0x9E3779B97F4A7C15ULL + 1;
    long steps = strtol(argv[2], NULL, 10);
    ctx = vxCreateContext();
    other = vxCreateContext();
    CHECK(other == ctx);
    CHECK_REF(ctx);
    CHECK_REF(other);
    vxRegisterLogCallback(ctx, on_log, vx_false_e);
    vxRegisterLogCallback(other, on_log, vx_false_e);
    vx_uint32 start = context_references(ctx), other_start = context_references(other);
    strangers[0] = (vx_reference)vxCreateImage(other, 8, 8, VX_DF_IMAGE_U8);
    strangers[1] = (vx_reference)vxCreateGraph(other);
    strangers[2] = (vx_reference)vxCreateArray(other, VX_TYPE_UINT8, 4);
    strangers[3] = (vx_reference)vxCreateScalar(other, VX_TYPE_UINT8, &(vx_uint8){1});
    for (int i = 0; i < 4; i++)
        CHECK_REF(strangers[i]);

    void (*const ops[])(void) = {create_data_object, create_data_object, create_virtual_or_view, query_or_set,
        query_or_set, data_access, data_access, data_access, containers, add_node, add_node, graph_op, graph_op,
        valid_graph, reference_op, reference_op};
    for (step = 0; step < steps; step++) {
        if (rnd(200) == 0)
            cycle();
        else
            ops[rnd(sizeof ops / sizeof ops[0])]();
        forget_released_nodes();
    }

    while (npool)
        release_at((int)rnd(npool));
    for (int i = 0; i < 4; i++)
        CHECK_OK(vxReleaseReference(&strangers[i]));
    CHECK(context_references(ctx) == start);
    CHECK(context_references(other) == other_start);
    CHECK(internal_errors == 0);
    vx_context gone = other;
    CHECK_OK(vxReleaseContext(&other));
    CHECK_OK(vxReleaseContext(&ctx));             /* the last count */
    CHECK_STATUS(vxQueryContext(gone, VX_CONTEXT_REFERENCES, &start, sizeof start), VX_ERROR_INVALID_REFERENCE);
    fprintf(stderr, "%ld calls succeeded, %ld refused, %ld graphs processed\n", successes, refusals, graph_runs);
    printf("ok %ld steps\n", steps);
    return 0;
}
