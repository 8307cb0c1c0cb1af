/* The standard vision kernels (standard_kernels.py registers them): one vx_kernel_f each, plain
 * loops over the image planes, reading scalars, thresholds and LUTs from their descriptors. */
#ifndef PVX_STD_KERNELS_H
#define PVX_STD_KERNELS_H
PVX_HIDDEN vx_status pvx_std_and(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_or(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_xor(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_not(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_absdiff(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_add(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_subtract(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_multiply(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_threshold(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_table_lookup(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_convert_depth(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_box_3x3(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_gaussian_3x3(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_median_3x3(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_dilate_3x3(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_erode_3x3(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_sobel_3x3(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_channel_extract(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_channel_combine(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_magnitude(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_phase(vx_node node, const vx_reference *p, vx_uint32 n);
/* csrc/std_geometry.c */
PVX_HIDDEN vx_status pvx_std_color_convert(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_scale_image(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_halfscale_gaussian(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_warp_affine(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_warp_perspective(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_remap(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_gaussian_pyramid(vx_node node, const vx_reference *p, vx_uint32 n);
#endif
