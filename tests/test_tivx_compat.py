"""TIOVX source compatibility (issue 23): a kernel library written only against TIOVX's public API
(tests/c/tivx_compat, in TIOVX's style) builds with the users' flags alone and runs, loaded by
vxLoadKernels, on DSP1, DSP2 and MPU-0 with exact results (tests/c/tivx_compat.c)."""
import subprocess
import sys

from conftest import C_DIR, user_flags

HEADERS = ("TI/tivx.h", "TI/tivx_debug.h", "TI/tivx_task.h", "TI/tivx_event.h", "TI/tivx_mutex.h", "TI/tivx_queue.h",
           "TI/tivx_kernels.h", "TI/tivx_log_stats.h", "TI/tivx_obj_desc.h", "TI/tivx_target_kernel.h",
           "TI/tivx_mem.h", "TI/tivx_config.h", "TI/tivx_ext_obj_array_from_list.h")


def build_library(tmp_path):
    """As a TIOVX library is built: its own warnings policy (TI code leaves callback arguments unused),
    our flags, no TIOVX folder on the include path."""
    out = tmp_path / "libtivx_compat.so"
    sources = sorted(str(p) for p in (C_DIR / "tivx_compat").glob("*.c"))
    subprocess.run(["gcc", "-shared", "-fPIC", "-std=c99", "-Wall", "-Werror", *sources, *user_flags(), "-o", str(out)],
                   check=True)
    return out


def test_tiovx_style_library_runs_on_targets(c_program, tmp_path):
    out = c_program("tivx_compat.c", build_library(tmp_path), tmp_path)
    assert out.stdout.strip() == "ok"
    # VX_PRINT from a target kernel once VX_ZONE_INFO is on (two nodes of three ran while it was)
    assert out.stderr.count("] not: 64x48") == 3
    # VX_PRINT_NODE follows the node's own zones; errors print from the start
    assert "VX_ZONE_INFO: [ first_not ] node zone on" in out.stderr
    assert "node zone off" not in out.stderr
    # VX_PRINT_KERNEL in a target kernel follows the zones of the instance's node
    assert out.stderr.count("the node's own zone") == 1
    dot = (tmp_path / "compat_1_img.txt").read_text()
    assert dot.startswith("digraph") and dot.count("com.compat.not") >= 3
    assert "DSP-1" in dot and "DSP-2" in dot and "MPU-0" in dot and "first_not" in dot
    assert dot.count("style=\"dashed\"") == 1          # the virtual image


def test_ti_headers_compile_alone_in_c_and_cpp(tmp_path):
    """Each TI header on its own, in C99 and C++11, pedantic: everything it uses it includes."""
    for header in HEADERS:
        src = tmp_path / "alone.c"
        src.write_text(f"#include <{header}>\nint ti_alone;\n")
        for compiler, std in (("gcc", "-std=c99"), ("g++", "-std=c++11")):
            subprocess.run([compiler, std, "-Wall", "-Wextra", "-Werror", "-pedantic", "-x", "c" if compiler == "gcc" else "c++",
                            "-c", str(src), *user_flags(), "-o", str(tmp_path / "alone.o")], check=True)


def test_values_are_tiovx_values(tmp_path):
    """Names whose values programs exchange with TIOVX-built code, and the limits kernels size arrays by."""
    from pyopenvx import constants as vx
    assert (vx.TIVX_OBJ_DESC_IMAGE, vx.TIVX_OBJ_DESC_SCALAR, vx.TIVX_OBJ_DESC_ARRAY, vx.TIVX_OBJ_DESC_PYRAMID,
            vx.TIVX_OBJ_DESC_OBJARRAY, vx.TIVX_OBJ_DESC_TENSOR, vx.TIVX_OBJ_DESC_USER_DATA_OBJECT) == \
        (0x0, 0x1, 0xA, 0xB, 0xC, 0x11, 0x12)
    assert (vx.TIVX_TARGET_MAX_NAME, vx.TIVX_IMAGE_MAX_PLANES, vx.TIVX_PYRAMID_MAX_LEVEL_OBJECTS) == (64, 4, 64)
    assert (vx.VX_ZONE_ERROR, vx.VX_ZONE_WARNING, vx.VX_ZONE_INFO, vx.VX_ZONE_MAX) == (0, 1, 2, 3)
    assert (vx.VX_ERROR_TIMEOUT, vx.VX_GRAPH_TIMEOUT, vx.VX_GRAPH_EVENT_TIMEOUT, vx.VX_TIMEOUT_WAIT_FOREVER) == \
        (-25, 0x80206, 0x80207, 0xFFFFFFFF)
    assert (vx.TIVX_NODE_TARGET_STRING, vx.TIVX_NODE_TIMEOUT, vx.TIVX_REFERENCE_TIMESTAMP) == (0x180300, 0x180301, 0x180000)
    assert (vx.TIVX_DF_IMAGE_RGB565, vx.TIVX_DF_IMAGE_BGRX) == (0x35363552, 0x41524742)
    assert (vx.TIVX_MEM_EXTERNAL_CACHEABLE_WT, vx.TIVX_MEM_EXTERNAL_SHARED) == (7, 8)
    assert vx.TIVX_GRAPH_MAX_PIPELINE_DEPTH == 16


def test_ti_code_builds_with_tiovx_values(c_program, tmp_path):
    """`--tiovx` gives TI code TIOVX's values (VX_DF_IMAGE_RGBA, 'RGBX', VX_STATUS_MIN -26) and no
    VX_PRINT_KERNEL of ours to clash with its own; without it the same switches do not compile (the
    Khronos values, which tests/test_abi.py holds, collide there)."""
    flags = subprocess.run([sys.executable, "-m", "pyopenvx", "--tiovx"], capture_output=True, text=True,
                           check=True).stdout.split()
    assert flags == ["-DPYOPENVX_TIOVX_VALUES"]
    assert c_program("tivx_values.c", extra=flags).stdout.strip() == "ok"
    khronos = subprocess.run(["gcc", "-std=c99", "-Wall", "-Werror", f"-I{C_DIR}", "-c", str(C_DIR / "tivx_values.c"),
                              *user_flags(), "-o", str(tmp_path / "khronos.o")], capture_output=True, text=True)
    assert khronos.returncode != 0 and "VX_DF_IMAGE_RGBA" in khronos.stderr
