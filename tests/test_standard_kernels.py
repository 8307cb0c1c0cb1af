"""The standard vision kernels: the table, and from C pixel-exact against plain C as nodes and
through vxu."""
import csv

import pytest

from test_abi import abi_dir


def test_the_table_mirrors_the_abi_facts():
    from pyopenvx.kernels.table import ROWS
    path = abi_dir() / "standard_kernels.tsv"
    if not path.is_file():
        pytest.skip(f"{path} not found")
    with open(path, newline="") as f:
        facts = [(r["kernel_enum"], r["kernel_name"], r["node_creator"], r["vxu_function"], r["parameters"])
                 for r in csv.DictReader(f, delimiter="\t")]
    assert list(ROWS) == facts


def test_every_implemented_kernel_is_in_every_context_and_its_functions_are_real(vx):
    from pyopenvx.kernels import registry as std
    from pyopenvx.capi import implemented_names
    assert len(std.TABLE) == len(std.IMPLEMENTATIONS)        # no implementation without its table row
    names = implemented_names()
    other = vx.lib.vxCreateContext()
    for ctx in (vx.context, other):
        for row in std.TABLE:
            assert {row.node_creator, row.vxu_function} - {""} <= names
            k = vx.lib.vxGetKernelByEnum(ctx, row.enumeration)
            assert vx.lib.vxGetStatus(vx.ffi.cast("vx_reference", k)) == vx.c.VX_SUCCESS, row.kernel_name
            out = vx.ffi.new("vx_uint32 *")
            assert vx.lib.vxQueryKernel(k, vx.c.VX_KERNEL_PARAMETERS, out, 4) == vx.c.VX_SUCCESS
            assert out[0] == len(row.signature)
            assert vx.lib.vxReleaseKernel(vx.ffi.new("vx_kernel *", k)) == vx.c.VX_SUCCESS
    assert vx.lib.vxReleaseContext(vx.ffi.new("vx_context *", other)) == vx.c.VX_SUCCESS


SIMD_LEVELS = pytest.mark.parametrize("simd", ["plain", "sse2", "avx2", "avx512"])   # csrc/base/simd.h (capped by the CPU)


@SIMD_LEVELS
def test_pointwise_kernels_match_plain_c_in_every_format_and_policy(c_program, simd):
    assert c_program("std_pointwise.c", env={"PVX_SIMD": simd}).stdout.strip() == "ok"


def test_registry_refusals_creator_scalars_valid_rectangles_and_a_mixed_graph(c_program):
    assert c_program("std_graph.c").stdout.strip() == "ok"


@SIMD_LEVELS
def test_3x3_filters_match_plain_c_in_every_border_mode_and_size(c_program, simd):
    assert c_program("std_filters.c", env={"PVX_SIMD": simd}).stdout.strip() == "ok"


@SIMD_LEVELS
def test_channels_magnitude_and_phase_match_plain_c(c_program, simd):
    # libm for the reference's sqrt/atan2 (placed before the source, so not --as-needed)
    assert c_program("std_channels.c", extra=("-Wl,--no-as-needed", "-lm"), env={"PVX_SIMD": simd}).stdout.strip() == "ok"


@SIMD_LEVELS
def test_convolve_matches_plain_c_in_every_size_format_and_border(c_program, simd):
    assert c_program("std_convolve.c", env={"PVX_SIMD": simd}).stdout.strip() == "ok"


@SIMD_LEVELS
def test_non_max_suppression_matches_plain_c_with_ties_masks_and_borders(c_program, simd):
    assert c_program("std_nms.c", env={"PVX_SIMD": simd}).stdout.strip() == "ok"


@SIMD_LEVELS
def test_lbp_standard_modified_and_uniform_match_plain_c(c_program, simd):
    assert c_program("std_lbp.c", env={"PVX_SIMD": simd}).stdout.strip() == "ok"


@SIMD_LEVELS
@pytest.mark.parametrize("d0, d1", [(1, 3), (7, 3), (33, 45), (641, 3)])
def test_tensor_kernels_match_plain_c_with_broadcast_policies_and_roundings(c_program, simd, d0, d1):
    assert c_program("std_tensors.c", extra=(f"-DD0_SIZE={d0}", f"-DD1_SIZE={d1}", "-Wl,--no-as-needed", "-lm"),
                     env={"PVX_SIMD": simd}).stdout.strip() == "ok"


@SIMD_LEVELS
def test_statistics_min_max_and_weighted_average_match_plain_c(c_program, simd):
    assert c_program("std_stats.c", extra=("-Wl,--no-as-needed", "-lm"), env={"PVX_SIMD": simd}).stdout.strip() == "ok"


def test_statistics_on_widths_around_the_vectors_equal_the_plain_loops_bit_for_bit(c_program):
    plain = c_program("std_stats_sizes.c", env={"PVX_SIMD": "plain"}).stdout
    assert len(plain.splitlines()) == 8 * 3 * 3 + 2 and "minmaxloc" in plain   # widths x heights x contents, tall, wide
    for simd in ("sse2", "avx2", "avx512"):
        assert c_program("std_stats_sizes.c", env={"PVX_SIMD": simd}).stdout == plain, simd


@SIMD_LEVELS
def test_color_convert_scaling_and_pyramids_match_plain_c(c_program, simd):
    assert c_program("std_geometry.c", extra=("-Wl,--no-as-needed", "-lm"), env={"PVX_SIMD": simd}).stdout.strip() == "ok"


@SIMD_LEVELS
def test_warps_and_remap_match_plain_c_in_both_interpolations_borders_and_odd_sizes(c_program, simd):
    assert c_program("std_warp.c", extra=("-Wl,--no-as-needed", "-lm"), env={"PVX_SIMD": simd}).stdout.strip() == "ok"


def test_fast_corners_match_plain_c_with_suppression(c_program):
    assert c_program("std_features.c", extra=("-Wl,--no-as-needed", "-lm")).stdout.strip() == "ok"


@SIMD_LEVELS
def test_harris_corners_match_plain_c_in_every_size_sensitivity_and_distance(c_program, simd):
    assert c_program("std_harris.c", extra=("-Wl,--no-as-needed", "-lm"), env={"PVX_SIMD": simd}).stdout.strip() == "ok"


@SIMD_LEVELS
def test_canny_matches_plain_c_in_every_gradient_size_norm_border_and_odd_size(c_program, simd):
    # 3 threads: the 256x200 images run in bands of rows on the pool, whatever the machine's cores
    assert c_program("std_canny.c", extra=("-Wl,--no-as-needed", "-lm"),
                     env={"PVX_SIMD": simd, "PVX_TILE_THREADS": "3"}).stdout.strip() == "ok"


@SIMD_LEVELS
def test_fast_corners_match_the_segment_test_at_every_width_and_threshold(c_program, simd):
    assert c_program("std_fast.c", env={"PVX_SIMD": simd}).stdout.strip() == "ok"


def test_immediate_mode_keeps_its_graphs_exact_across_changing_arguments(c_program):
    assert c_program("std_immediate.c").stdout.strip() == "ok"


def test_large_images_in_bands_on_threads_match_the_plain_loops_on_one(c_program):
    plain = c_program("std_bands.c", env={"PVX_SIMD": "plain", "PVX_TILE_THREADS": "1"}).stdout
    banded = c_program("std_bands.c", env={"PVX_TILE_THREADS": "3"}).stdout
    assert len(plain.splitlines()) == 32 and banded == plain


@SIMD_LEVELS
def test_non_linear_filter_matches_plain_c_for_every_function_mask_and_border(c_program, simd):
    assert c_program("std_nonlinear.c", env={"PVX_SIMD": simd}).stdout.strip() == "ok"


def test_scalar_operation_matches_plain_c_over_every_type_pair_and_conversion(c_program):
    assert c_program("std_scalar_op.c", extra=("-Wl,--no-as-needed", "-lm")).stdout.strip() == "ok"


@SIMD_LEVELS
def test_accumulate_kernels_of_1_0_update_their_bidirectional_accumulator_as_plain_c(c_program, simd):
    assert c_program("std_accumulate.c", env={"PVX_SIMD": simd}).stdout.strip() == "ok"


@SIMD_LEVELS
def test_match_template_matches_plain_c_for_every_metric_and_output_size(c_program, simd):
    assert c_program("std_match.c", extra=("-Wl,--no-as-needed", "-lm"), env={"PVX_SIMD": simd}).stdout.strip() == "ok"


@SIMD_LEVELS
def test_bilateral_filter_matches_plain_c_on_u8_and_s16_tensors_in_every_border(c_program, simd):
    assert c_program("std_bilateral.c", extra=("-Wl,--no-as-needed", "-lm"),
                     env={"PVX_SIMD": simd}).stdout.strip() == "ok"


@SIMD_LEVELS
def test_laplacian_pyramid_and_reconstruction_match_plain_c_and_round_trip(c_program, simd):
    assert c_program("std_laplacian.c", env={"PVX_SIMD": simd}).stdout.strip() == "ok"


@SIMD_LEVELS
def test_hough_lines_p_matches_plain_c_on_u8_and_u1_images(c_program, simd):
    assert c_program("std_hough.c", extra=("-Wl,--no-as-needed", "-lm"), env={"PVX_SIMD": simd}).stdout.strip() == "ok"


@SIMD_LEVELS
def test_optical_flow_pyr_lk_matches_plain_c_for_every_criterion_estimate_and_window(c_program, simd):
    assert c_program("std_optflow.c", extra=("-Wl,--no-as-needed", "-lm"), env={"PVX_SIMD": simd}).stdout.strip() == "ok"


def test_hog_cells_and_features_match_plain_c(c_program):
    assert c_program("std_hog.c", extra=("-Wl,--no-as-needed", "-lm")).stdout.strip() == "ok"


def test_swap_and_move_exchange_every_object_type_in_place_and_order_graphs(c_program):
    assert c_program("std_swap_move.c").stdout.strip() == "ok"


def test_neural_network_layers_match_plain_c_and_a_small_network_runs(c_program):
    assert c_program("std_nn.c", extra=("-Wl,--no-as-needed", "-lm")).stdout.strip() == "ok"


def test_neural_network_layers_give_the_fixed_point_definition_under_every_policy(c_program):
    assert c_program("nn_fixed.c", extra=("-Wl,--no-as-needed", "-lm")).stdout.strip() == "ok"


def test_an_alexnet_shaped_q78_network_classifies_as_its_float_reference(c_program):
    assert c_program("nn_alexnet.c", extra=("-Wl,--no-as-needed", "-lm")).stdout.startswith("ok")


@SIMD_LEVELS
def test_u1_images_in_every_kernel_that_lists_them_bit_exact_with_rois_and_odd_widths(c_program, simd):
    assert c_program("std_u1.c", extra=("-Wl,--no-as-needed", "-lm"), env={"PVX_SIMD": simd}).stdout.strip() == "ok"


def test_remap_into_a_virtual_image_of_no_size_takes_the_remap_destination_size(c_program):
    assert c_program("remap_virtual_size.c").stdout.strip() == "ok"


def test_copy_and_select_deep_copy_convolutions_tensor_views_thresholds_pyramids_and_object_arrays(c_program):
    assert c_program("copy_every_type.c").stdout.strip() == "ok"
