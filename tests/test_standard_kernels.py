"""The standard vision kernels, from C: pixel-exact against plain C as nodes and through vxu."""


def test_pointwise_kernels_match_plain_c_in_every_format_and_policy(c_program):
    assert c_program("std_pointwise.c").stdout.strip() == "ok"


def test_registry_refusals_creator_scalars_valid_rectangles_and_a_mixed_graph(c_program):
    assert c_program("std_graph.c").stdout.strip() == "ok"


def test_3x3_filters_match_plain_c_in_every_border_mode(c_program):
    assert c_program("std_filters.c").stdout.strip() == "ok"


def test_channels_magnitude_and_phase_match_plain_c(c_program):
    # libm for the reference's sqrt/atan2 (placed before the source, so not --as-needed)
    assert c_program("std_channels.c", extra=("-Wl,--no-as-needed", "-lm")).stdout.strip() == "ok"
