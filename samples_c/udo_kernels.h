/* The custom data type exchanged by the udo_kernels module (seed 002, section 2.1.1): two images
 * with their metadata in one user data object, and the names the application uses. */
#ifndef UDO_KERNELS_H
#define UDO_KERNELS_H
#include <VX/vx.h>
#include <VX/vx_khr_user_data_object.h>
#include <stdint.h>

#define USER_CUSTOM_DATA_NAME "user_custom_data_t"
#define PREPROCESS_KERNEL_NAME "org.example.udo.preprocess_combine_images"
#define CLASSIFIER_KERNEL_NAME "org.example.udo.classifier"

enum { MODE_TWO_IMAGES = 2 };
enum { CLASS_DARK = 0, CLASS_BRIGHT = 1 };

typedef struct {
    uint16_t mode;            /* what the payload holds (so a kernel knows how to parse it) */
    uint16_t source_data;     /* where the data comes from (for the algorithm) */
    uint16_t byte_size[2];    /* bytes per pixel of each image in the payload */
    uint16_t width[2];        /* widths of each image */
    uint16_t heights[2];      /* heights of each image */
    uint16_t meta_size[2];    /* bytes of meta information after each image */
    uint8_t payload[];        /* image 0, its meta, image 1, its meta */
} user_custom_data_t;

/* The meta information stored after each image's pixels. */
typedef struct {
    uint16_t min, max;
} image_meta_t;

#endif
