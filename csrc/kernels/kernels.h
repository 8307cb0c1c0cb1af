/* The kernel floor (csrc/kernels): the standard vision kernels (capi/standard_kernels.py registers
 * them), one vx_kernel_f each, one file per family, plain loops over the image planes reading
 * scalars, thresholds and LUTs from their descriptors; their row loops per SIMD level (rows.h,
 * stats_rows.h: compiled once per level, picked by base/simd.c) and row bands on the pool. To the
 * runtime below they are kernel functions like any user's: nothing below calls in here.
 * Plain data and prototypes only (cffi parses this header; rows.h and stats_rows.h it does not see). */
#ifndef PVX_KERNELS_H
#define PVX_KERNELS_H

#include "../runtime/runtime.h"

/* The shared helpers of the kernel files (kernels.c defines them): a plane of an image
 * parameter, scalar values, and rows converted to int32 and back (store_row saturates or wraps). */
typedef struct plane {
    uint8_t *ptr;
    int32_t stride;
    vx_df_image format;
    uint32_t width, height;       /* of the plane (subsampled planes are smaller) */
    uint32_t pixel_bytes;
} plane;
PVX_HIDDEN vx_status plane_at(vx_reference ref, uint32_t index, plane *pl);
PVX_HIDDEN vx_status plane_of(vx_reference ref, plane *pl);
/* Where channel k (R, G, B, X/A or Y, U, V) of an image format lies: its plane, the byte offset of
 * its first element in a row, the bytes between its elements, and its subsampling (x, y). */
typedef struct channel_loc {
    uint32_t plane, offset, step, sub_x, sub_y;
} channel_loc;
PVX_HIDDEN channel_loc channel_of(vx_df_image format, uint32_t k);
PVX_HIDDEN const void *scalar_value(vx_reference ref);
PVX_HIDDEN vx_enum scalar_enum(vx_reference ref);
PVX_HIDDEN void *row_of(const plane *p, uint32_t y);
PVX_HIDDEN void load_row(const plane *p, uint32_t y, int32_t *dst);
PVX_HIDDEN int32_t clamp(int32_t v, int32_t lo, int32_t hi);
PVX_HIDDEN void store_row(const plane *p, uint32_t y, const int32_t *src, int saturate);
PVX_HIDDEN int32_t *buffers(uint32_t width, uint32_t rows);
PVX_HIDDEN int32_t pixel_value(const vx_pixel_value_t *v, vx_df_image format);
/* U1 (pixel x: bit x % 8 of byte x / 8): the bits of a row's last byte that are no pixel of a
 * `w` wide image (an ROI's parent may own them: writers keep them); a U1 plane as a new U8
 * plane of 0 and 1 for the loops that are U8 only (free its ptr), and such a plane stored back
 * (not 0 is 1); a border whose constant is read as U8 (a U1 constant: 0 or 1). */
PVX_HIDDEN uint8_t u1_kept(uint32_t w);
PVX_HIDDEN vx_status u1_to_u8(const plane *u1, plane *u8);
PVX_HIDDEN vx_status u8_to_u1(const plane *u8, const plane *u1);
PVX_HIDDEN vx_border_t u8_border(const vx_border_t *b, vx_df_image format);
/* Two-input operations on int32 rows (binary_rows: in1, in2 -> out, then stored per `saturate`;
 * `op` is one of rows.h's OP_*). */
PVX_HIDDEN vx_status binary_rows(const vx_reference *p, vx_reference out_ref, int op, int saturate);
PVX_HIDDEN void padded_row(const plane *p, int64_t y, uint32_t r, const vx_border_t *border, int32_t *dst);

/* Fused execution's per-row entry points (runtime/fusion.h), per family of fusable kernels. */
PVX_HIDDEN pvx_fused_prepare_f pvx_fuse_filter_prepare;
PVX_HIDDEN pvx_fused_row_f pvx_fuse_filter_row;
PVX_HIDDEN pvx_fused_rows_f pvx_fuse_filter_rows;
PVX_HIDDEN pvx_fused_prepare_f pvx_fuse_pointwise_prepare;
PVX_HIDDEN pvx_fused_row_f pvx_fuse_pointwise_row;
PVX_HIDDEN pvx_fused_prepare_f pvx_fuse_threshold_prepare;
PVX_HIDDEN pvx_fused_row_f pvx_fuse_threshold_row;
PVX_HIDDEN pvx_fused_prepare_f pvx_fuse_convert_depth_prepare;
PVX_HIDDEN pvx_fused_row_f pvx_fuse_convert_depth_row;
PVX_HIDDEN pvx_fused_prepare_f pvx_fuse_halfscale_prepare;
PVX_HIDDEN pvx_fused_row_f pvx_fuse_halfscale_row;
PVX_HIDDEN pvx_fused_prepare_f pvx_fuse_half_scale_prepare;
PVX_HIDDEN pvx_fused_row_f pvx_fuse_half_scale_row;
PVX_HIDDEN pvx_fused_prepare_f pvx_fuse_channel_extract_prepare;
PVX_HIDDEN pvx_fused_row_f pvx_fuse_channel_extract_row;
PVX_HIDDEN pvx_fused_prepare_f pvx_fuse_color_convert_prepare;
PVX_HIDDEN pvx_fused_row_f pvx_fuse_color_convert_row;
PVX_HIDDEN pvx_fused_prepare_f pvx_fuse_convolve_prepare;
PVX_HIDDEN pvx_fused_row_f pvx_fuse_convolve_row;
PVX_HIDDEN pvx_fused_prepare_f pvx_fuse_non_linear_prepare;
PVX_HIDDEN pvx_fused_row_f pvx_fuse_non_linear_row;

/* Folds (fold.c): several nodes of a fused pass computed as one stage where the composition is exact.
 * graph/fusion.py finds them at verification and fills the nodes; prepare works out, per run, what
 * the chain of unary stages does over its whole input domain. */
enum { PVX_FOLD_MAX = 8,              /* nodes a fold takes at most */
       PVX_FOLD_CHUNK = 1024 };       /* domain values evaluated at once */

/* What comes before the unary stages (ConvertDepth, Threshold, TableLookup, Not) of a fold:
 * nothing (the chain reads an image), a Magnitude (reads gx, gy), a 3x3 filter with a U8 output,
 * or a Sobel3x3 whose gx and gy only its Magnitude reads. */
enum { PVX_FOLD_POINT, PVX_FOLD_MAGNITUDE, PVX_FOLD_FILTER, PVX_FOLD_SOBEL };

typedef struct pvx_fold {
    uint32_t head;                    /* PVX_FOLD_* */
    uint32_t count;                   /* nodes, in chain order: the head's (Sobel, Magnitude), then the unary ones */
    pvx_node *nodes[PVX_FOLD_MAX];
    int32_t kernels[PVX_FOLD_MAX];    /* their kernels' enums */
    /* per run (pvx_fold_prepare) */
    pvx_fused_stage member[PVX_FOLD_MAX];    /* each node's own stage, prepared as its kernel does */
    uint32_t first;                   /* the first unary member */
    int32_t low;                      /* the domain: [low, low + size) (Magnitude: its values 0..32767) */
    uint32_t size;
    vx_df_image domain_format, out_format;
    int32_t step;                     /* 1: the chain is `yes` on [lo, hi] of its domain and `no` elsewhere */
    int32_t yes, no, lo, hi;
    uint32_t s_lo, s_hi;              /* Magnitude: the same as gx^2 + gy^2 in [s_lo, s_hi] */
    int32_t valid, key[PVX_FOLD_MAX][8];      /* the unary members' values the table was made for */
    int16_t table[65536];             /* otherwise: the chain's value at v is table[v - low] */
    uint8_t table8[256];
    /* the domain rows in evaluation */
    int16_t rows[2][PVX_FOLD_CHUNK];
    int32_t scratch[8 * (PVX_FOLD_CHUNK + 2)];
} pvx_fold;

/* the stage of a fold (its pvx_fold in the stage's plan), and the stages of the nodes it took in
 * (they compute nothing) */
PVX_HIDDEN pvx_fused_prepare_f pvx_fold_prepare;
PVX_HIDDEN pvx_fused_row_f pvx_fold_row;
PVX_HIDDEN pvx_fused_prepare_f pvx_fold_taken_prepare;

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
/* stats.c */
PVX_HIDDEN vx_status pvx_std_histogram(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_equalize_histogram(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_integral_image(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_mean_stddev(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_min(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_max(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_weighted_average(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_minmaxloc(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_copy(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_select(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_swap(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_scalar_operation(vx_node node, const vx_reference *p, vx_uint32 n);
/* accumulate.c */
PVX_HIDDEN vx_status pvx_std_accumulate(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_accumulate_weighted(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_accumulate_square(vx_node node, const vx_reference *p, vx_uint32 n);
/* filters.c */
PVX_HIDDEN vx_status pvx_std_convolve(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_non_max_suppression(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_lbp(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_non_linear_filter(vx_node node, const vx_reference *p, vx_uint32 n);
/* tensors.c */
PVX_HIDDEN vx_status pvx_std_tensor_add(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_tensor_subtract(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_tensor_multiply(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_tensor_table_lookup(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_tensor_transpose(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_tensor_convert_depth(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_tensor_matrix_multiply(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN int64_t rounded(double v, int nearest_even);
PVX_HIDDEN vx_status pvx_tensor_load(vx_reference ref, int32_t *dst);
PVX_HIDDEN const void *pvx_tensor_packed(vx_reference ref);
PVX_HIDDEN vx_status pvx_tensor_store(vx_reference ref, const int64_t *src, int saturate);
/* bilateral.c */
PVX_HIDDEN vx_status pvx_std_bilateral_filter(vx_node node, const vx_reference *p, vx_uint32 n);
/* geometry.c */
PVX_HIDDEN vx_status pvx_std_color_convert(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_scale_image(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_halfscale_gaussian(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_warp_affine(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_warp_perspective(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_remap(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_gaussian_pyramid(vx_node node, const vx_reference *p, vx_uint32 n);
/* laplacian.c */
PVX_HIDDEN vx_status pvx_std_laplacian_pyramid(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_laplacian_reconstruct(vx_node node, const vx_reference *p, vx_uint32 n);
/* fast.c */
PVX_HIDDEN vx_status pvx_std_fast_corners(vx_node node, const vx_reference *p, vx_uint32 n);
/* features.c; the detectors' outputs: the count scalar (may be NULL), a keypoint appended
 * while the array has room */
PVX_HIDDEN void store_count(vx_reference scalar, vx_size count);
PVX_HIDDEN void add_keypoint(pvx_array *a, int32_t x, int32_t y, float strength);
PVX_HIDDEN vx_status pvx_std_harris_corners(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_canny_edge_detector(vx_node node, const vx_reference *p, vx_uint32 n);
/* optflow.c */
PVX_HIDDEN vx_status pvx_std_optical_flow_pyr_lk(vx_node node, const vx_reference *p, vx_uint32 n);
/* hog.c */
PVX_HIDDEN vx_status pvx_std_hog_cells(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_std_hog_features(vx_node node, const vx_reference *p, vx_uint32 n);
/* hough.c */
PVX_HIDDEN vx_status pvx_std_hough_lines_p(vx_node node, const vx_reference *p, vx_uint32 n);
/* match.c */
PVX_HIDDEN vx_status pvx_std_match_template(vx_node node, const vx_reference *p, vx_uint32 n);
#endif
