"""Issue 16: what C programs written for other OpenVX implementations expect of ours (statuses,
local data, output formats, YUV formats, pyramids, immediate-mode borders, valid regions,
reference counts of every node creator and vxu function)."""
import pytest


@pytest.mark.parametrize("program", ["conform_status.c", "conform_formats.c", "conform_geometry.c"])
def test_conformance_program(c_program, program):
    assert c_program(program).stdout.strip() == "ok"


# -- every node creator and vxu function leaves the context's references where they were ---------
# Objects made for each parameter, by C type (and name where the kernels differ); values by name.
_FLOAT_SCALARS = {"alpha", "scale", "epsilon", "min_distance", "sensitivity", "strength_thresh", "mean", "stddev",
                  "norm", "offset"}
_SCALAR_TYPES = {"minVal": "VX_TYPE_UINT8", "maxVal": "VX_TYPE_UINT8", "num_corners": "VX_TYPE_SIZE",
                 "num_lines": "VX_TYPE_SIZE", "minCount": "VX_TYPE_SIZE", "maxCount": "VX_TYPE_SIZE",
                 "num_iterations": "VX_TYPE_UINT32", "use_initial_estimate": "VX_TYPE_BOOL",
                 "condition": "VX_TYPE_BOOL", **{n: "VX_TYPE_FLOAT32" for n in _FLOAT_SCALARS}}
_ARRAY_TYPES = {"lines_array": "VX_TYPE_LINE_2D", "minLoc": "VX_TYPE_COORDINATES2D", "maxLoc": "VX_TYPE_COORDINATES2D"}
_ENUMS = {"channel": "VX_CHANNEL_0", "format": "VX_LBP", "function": "VX_NONLINEAR_FILTER_MEDIAN",
          "matchingMethod": "VX_COMPARE_HAMMING", "norm_type": "VX_NORM_L1",
          "overflow_policy": "VX_CONVERT_POLICY_SATURATE", "policy": "VX_CONVERT_POLICY_SATURATE",
          "pooling_type": "VX_NN_POOLING_MAX", "rounding": "VX_NN_DS_SIZE_ROUNDING_FLOOR",
          "rounding_policy": "VX_ROUND_POLICY_TO_ZERO", "scalar_operation": "VX_SCALAR_OP_ADD",
          "termination": "VX_TERM_CRITERIA_BOTH", "type": "VX_INTERPOLATION_NEAREST_NEIGHBOR"}
_NUMBERS = {"gradient_size": 3, "kernel_size": 3, "win_size": 3, "block_size": 3, "cell_width": 4, "cell_height": 4,
            "num_bins": 9, "diameter": 5, "shift": 0, "dimension1": 0, "dimension2": 1, "window_dimension": 5,
            "normalization_size": 3, "alpha": 0.5}
_HANDLES = {
    "vx_image": "(vx_reference)u8_image(ctx, 640, 480, 10)",
    "vx_reference": "(vx_reference)u8_image(ctx, 640, 480, 10)",
    "vx_tensor": "(vx_reference)vxCreateTensor(ctx, 3, dims, VX_TYPE_INT16, 8)",
    "vx_pyramid": "(vx_reference)vxCreatePyramid(ctx, 3, VX_SCALE_PYRAMID_HALF, 640, 480, VX_DF_IMAGE_U8)",
    "vx_lut": "(vx_reference)vxCreateLUT(ctx, VX_TYPE_UINT8, 256)",
    "vx_distribution": "(vx_reference)vxCreateDistribution(ctx, 16, 0, 256)",
    "vx_convolution": "(vx_reference)vxCreateConvolution(ctx, 3, 3)",
    "vx_remap": "(vx_reference)vxCreateRemap(ctx, 640, 480, 640, 480)",
}


def _argument(proto, k, param, setup):
    """C text of argument k; `setup` collects what must exist before the call (objects in refs[])."""
    t, name = param.ctype, param.name
    if t in ("vx_graph", "vx_context"):
        return "g" if t == "vx_graph" else "ctx"
    made = {"vx_scalar": f"(vx_reference)vxCreateScalar(ctx, {_SCALAR_TYPES.get(name, 'VX_TYPE_INT32')}, &zero)",
            "vx_array": f"(vx_reference)vxCreateArray(ctx, {_ARRAY_TYPES.get(name, 'VX_TYPE_KEYPOINT')}, 64)",
            "vx_matrix": "(vx_reference)(" + ("vxCreateMatrixFromPattern(ctx, VX_PATTERN_BOX, 3, 3)" if name == "mask"
                                              else "vxCreateMatrix(ctx, VX_TYPE_FLOAT32, 2, 3)") + ")",
            "vx_threshold": "(vx_reference)vxCreateThresholdForImage(ctx, VX_THRESHOLD_TYPE_"
                            + ("RANGE" if name == "hyst" else "BINARY") + ", VX_DF_IMAGE_U8, VX_DF_IMAGE_U8)",
            **_HANDLES}.get(t)
    if made is not None:
        setup.append(f"refs[{k}] = {made};")
        return f"({t})refs[{k}]"
    if t.startswith("const ") and t.endswith("*"):          # a struct by pointer: zeroed
        setup.append(f"static {t[6:-1].strip()} s{k};")
        return f"&s{k}"
    if t.endswith("*"):                                      # an output by pointer
        setup.append(f"{t[:-1].strip()} out{k} = 0;")
        return f"&out{k}"
    if t == "vx_enum":
        return _ENUMS.get(name, "0")
    if t == "vx_bool":
        return "vx_true_e"
    if name.startswith("size_of") or name == "hog_param_size":
        return f"sizeof s{k - 1}"
    if t not in ("vx_int32", "vx_uint32", "vx_size", "vx_float32", "vx_int8"):
        return "NULL"                                        # an object type no test makes: refused
    return str(_NUMBERS.get(name, 2 if t == "vx_size" else 1))


def _refcount_program(protos):
    includes = "".join(f"#include <{h}>\n" for h in ["VX/vx.h", *sorted({p.header for p in protos})])
    calls = []
    for proto in protos:
        setup = []
        args = ", ".join(_argument(proto, k, p, setup) for k, p in enumerate(proto.params))
        if proto.ret == "vx_node":
            body = (f"vx_node n = {proto.name}({args});\n"
                    "        if (vxGetStatus((vx_reference)n) == VX_SUCCESS) {\n"
                    "            vxVerifyGraph(g);\n            vxProcessGraph(g);\n"
                    "            vxReleaseNode(&n);\n        }")
        else:
            body = f"{proto.name}({args});"
        calls.append(f"""    {{
        vx_uint32 before = context_references(ctx);
        vx_graph g = vxCreateGraph(ctx);
        vx_reference refs[16] = {{0}};
        {' '.join(setup)}
        {body}
        release_all(refs, 16);
        vxReleaseGraph(&g);
        check_refs(ctx, "{proto.name}", before);
    }}""")
    return includes + """#include "check.h"

static int leaks, calls;
static vx_size dims[3] = {4, 4, 2};
static vx_int32 zero;

static void release_all(vx_reference *refs, int n)
{
    for (int i = 0; i < n; i++)
        if (refs[i] != NULL)
            vxReleaseReference(&refs[i]);
}

static void check_refs(vx_context ctx, const char *name, vx_uint32 before)
{
    vx_uint32 after = context_references(ctx);
    calls++;
    if (after != before) {
        fprintf(stderr, "%s: VX_CONTEXT_REFERENCES %u before, %u after\\n", name, before, after);
        leaks++;
    }
}

int main(void)
{
    vx_context ctx = vxCreateContext();
    CHECK_REF(ctx);
    (void)zero;
""" + "\n".join(calls) + """
    CHECK_OK(vxReleaseContext(&ctx));
    printf("%d calls, %d leaks\\n", calls, leaks);
    return leaks != 0;
}
"""


def test_every_node_creator_and_vxu_function_leaves_no_reference(compile_c, tmp_path):
    """Point 15: each node creator (verified and run in its own graph) and vxu function, with objects
    of its parameter types (640x480 images) that it accepts or refuses, leaves VX_CONTEXT_REFERENCES
    as it was."""
    from pyopenvx.paths import INCLUDEDIR
    from pyopenvx.prototypes import parse
    protos = [p for p in parse(INCLUDEDIR) if (p.name.startswith("vxu") or p.ret == "vx_node")
              and p.name != "vxCreateGenericNode" and p.header.startswith("VX/")]   # (TI/: nodes by kernel)
    assert len(protos) > 120
    source = tmp_path / "refcount_calls.c"
    source.write_text(_refcount_program(protos))
    out = compile_c(source, "-Wno-deprecated-declarations").run(expect=None).stdout + ""
    assert out.strip() == f"{len(protos)} calls, 0 leaks", out
