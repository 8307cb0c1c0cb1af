/* udo_classify: the application side of seed 002's example. Two user kernels from the
 * udo_kernels module exchange a user_custom_data_t through a user data object:
 *
 *   IMG1 -> vxCustomPreprocessCombineImagesNode -> TMP_USER_DATA_OBJECT
 *   IMG2 ->                                          '-> vxCustomClassifier -> CLASS
 *
 * First with an object the application creates and reads back (by map and by copy, as in the
 * seed's section 2.1.2), then with a virtual object whose type name and size come from the
 * pre-processing kernel's validator.
 *
 *   LD_LIBRARY_PATH=build build/udo_classify */
#include "udo_kernels.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(expr)                                                                    \
    do {                                                                               \
        if (!(expr)) {                                                                 \
            fprintf(stderr, "%s:%d: %s failed\n", __FILE__, __LINE__, #expr);          \
            exit(1);                                                                   \
        }                                                                              \
    } while (0)
#define CHECK_OK(call) CHECK((call) == VX_SUCCESS)

static void VX_CALLBACK on_log(vx_context c, vx_reference r, vx_status s, const vx_char text[])
{
    (void)c;
    (void)r;
    fprintf(stderr, "log (%d): %s\n", s, text);
}

static vx_node node_of(vx_graph graph, const char *kernel_name, const vx_reference params[], vx_uint32 count)
{
    vx_kernel kernel = vxGetKernelByName(vxGetContext((vx_reference)graph), kernel_name);
    vx_node node = vxCreateGenericNode(graph, kernel);
    for (vx_uint32 i = 0; i < count && vxGetStatus((vx_reference)node) == VX_SUCCESS; i++)
        CHECK_OK(vxSetParameterByIndex(node, i, params[i]));
    vxReleaseKernel(&kernel);
    return node;
}

static vx_node vxCustomPreprocessCombineImagesNode(vx_graph graph, vx_image img1, vx_image img2, vx_scalar source,
                                                   vx_user_data_object out)
{
    vx_reference params[] = {(vx_reference)img1, (vx_reference)img2, (vx_reference)source, (vx_reference)out};
    return node_of(graph, PREPROCESS_KERNEL_NAME, params, 4);
}

static vx_node vxCustomClassifier(vx_graph graph, vx_user_data_object in, vx_scalar class_out)
{
    vx_reference params[] = {(vx_reference)in, (vx_reference)class_out};
    return node_of(graph, CLASSIFIER_KERNEL_NAME, params, 2);
}

/* Seed 002, 2.1.2: read one field of the structure, by map and by copy. */
static vx_status get_source_data_using_map(vx_user_data_object usr_obj, uint16_t *source_data)
{
    vx_char obj_name[VX_MAX_REFERENCE_NAME];
    uint16_t *p = NULL;
    vx_map_id map_id;
    vx_status status = vxQueryUserDataObject(usr_obj, VX_USER_DATA_OBJECT_NAME, obj_name, sizeof obj_name);
    if (status != VX_SUCCESS || strncmp(obj_name, USER_CUSTOM_DATA_NAME, VX_MAX_REFERENCE_NAME) != 0)
        return VX_FAILURE;
    status = vxMapUserDataObject(usr_obj, offsetof(user_custom_data_t, source_data), sizeof *p, &map_id, (void **)&p,
                                 VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0);
    if (status == VX_SUCCESS) {
        *source_data = *p;
        status = vxUnmapUserDataObject(usr_obj, map_id);
    }
    return status;
}

static vx_status get_source_data_using_copy(vx_user_data_object usr_obj, uint16_t *source_data)
{
    vx_char obj_name[VX_MAX_REFERENCE_NAME];
    vx_status status = vxQueryUserDataObject(usr_obj, VX_USER_DATA_OBJECT_NAME, obj_name, sizeof obj_name);
    if (status != VX_SUCCESS || strncmp(obj_name, USER_CUSTOM_DATA_NAME, VX_MAX_REFERENCE_NAME) != 0)
        return VX_FAILURE;
    return vxCopyUserDataObject(usr_obj, offsetof(user_custom_data_t, source_data), sizeof *source_data, source_data,
                                VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
}

/* Runs the two-node graph on uniform images of the given levels; returns the class. With
 * `readback`, the intermediate object is the application's and is checked afterwards. */
static vx_int32 classify(vx_context context, vx_uint8 level8, vx_uint16 level16, vx_uint16 source_id, int readback)
{
    const vx_uint32 width[2] = {64, 32}, height[2] = {48, 16};
    vx_graph graph = vxCreateGraph(context);
    vx_pixel_value_t v1 = {.U8 = level8}, v2 = {.U16 = level16};
    vx_image img1 = vxCreateUniformImage(context, width[0], height[0], VX_DF_IMAGE_U8, &v1);
    vx_image img2 = vxCreateUniformImage(context, width[1], height[1], VX_DF_IMAGE_U16, &v2);
    vx_scalar source = vxCreateScalar(context, VX_TYPE_UINT16, &source_id);
    vx_int32 class = -1;
    vx_scalar s0 = vxCreateScalar(context, VX_TYPE_INT32, &class);
    vx_size payload = width[0] * height[0] * 1 + width[1] * height[1] * 2 + 2 * sizeof(image_meta_t);
    vx_user_data_object tmp = readback
        ? vxCreateUserDataObject(context, USER_CUSTOM_DATA_NAME, sizeof(user_custom_data_t) + payload, NULL)
        : vxCreateVirtualUserDataObject(graph, NULL, 0);
    CHECK_OK(vxGetStatus((vx_reference)tmp));
    vx_node n0 = vxCustomPreprocessCombineImagesNode(graph, img1, img2, source, tmp);
    vx_node n1 = vxCustomClassifier(graph, tmp, s0);
    CHECK_OK(vxGetStatus((vx_reference)n0));
    CHECK_OK(vxGetStatus((vx_reference)n1));
    CHECK_OK(vxVerifyGraph(graph));
    CHECK_OK(vxProcessGraph(graph));
    CHECK_OK(vxCopyScalar(s0, &class, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));

    vx_size size = 0;
    CHECK_OK(vxQueryUserDataObject(tmp, VX_USER_DATA_OBJECT_SIZE, &size, sizeof size));
    CHECK(size == sizeof(user_custom_data_t) + payload);
    if (readback) {
        uint16_t by_map = 0, by_copy = 0;
        CHECK_OK(get_source_data_using_map(tmp, &by_map));
        CHECK_OK(get_source_data_using_copy(tmp, &by_copy));
        CHECK(by_map == source_id && by_copy == source_id);
        image_meta_t meta;
        CHECK_OK(vxCopyUserDataObject(tmp, size - sizeof meta, sizeof meta, &meta, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        CHECK(meta.min == level16 && meta.max == level16);
    } else {
        uint16_t ignored;     /* the virtual object is the graph's: the application cannot read it */
        CHECK(vxCopyUserDataObject(tmp, 0, sizeof ignored, &ignored, VX_READ_ONLY, VX_MEMORY_TYPE_HOST) ==
              VX_ERROR_OPTIMIZED_AWAY);
    }

    vxReleaseNode(&n0);
    vxReleaseNode(&n1);
    vxReleaseUserDataObject(&tmp);
    vxReleaseScalar(&s0);
    vxReleaseScalar(&source);
    vxReleaseImage(&img1);
    vxReleaseImage(&img2);
    vxReleaseGraph(&graph);
    return class;
}

int main(void)
{
    vx_context context = vxCreateContext();
    CHECK_OK(vxGetStatus((vx_reference)context));
    vxRegisterLogCallback(context, on_log, vx_false_e);
    vx_uint32 refs0 = 0, refs1 = 0;
    CHECK_OK(vxQueryContext(context, VX_CONTEXT_REFERENCES, &refs0, sizeof refs0));
    CHECK_OK(vxLoadKernels(context, "udo_kernels"));

    vx_int32 bright = classify(context, 200, 0x9000, 7, 1);
    vx_int32 dark = classify(context, 20, 0x1000, 8, 0);
    printf("bright scene: class %d\ndark scene (virtual edge): class %d\n", bright, dark);
    CHECK(bright == CLASS_BRIGHT && dark == CLASS_DARK);

    CHECK_OK(vxUnloadKernels(context, "udo_kernels"));
    CHECK_OK(vxQueryContext(context, VX_CONTEXT_REFERENCES, &refs1, sizeof refs1));
    CHECK(refs1 == refs0);
    CHECK_OK(vxReleaseContext(&context));
    puts("ok");
    return 0;
}
