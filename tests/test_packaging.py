"""What an installed pyopenvx gives a C developer: exports, pkg-config, CMake, flags."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pyopenvx.paths import CMAKEDIR, LIBDIR, PKGCONFIGDIR
from pyopenvx.prototypes import API_HEADERS

ROOT = Path(__file__).resolve().parent.parent
ABI = Path(os.environ.get("PVX_ABI_DIR", ROOT.parent / "shared" / "abi"))


def exported(lib):
    out = subprocess.run(["nm", "-D", "--defined-only", str(lib)], capture_output=True, text=True, check=True)
    return {line.split()[-1] for line in out.stdout.splitlines() if line.split()[1] in "TtWDB"}


def required_functions():
    if not (ABI / "functions.tsv").exists():
        if os.environ.get("CI"):
            pytest.fail(f"ABI facts not found at {ABI}")
        pytest.skip("ABI facts not available")
    rows = [line.split("\t") for line in (ABI / "functions.tsv").read_text().splitlines()[1:]]
    return {r[3] for r in rows if f"VX/{r[1]}" in API_HEADERS}


def ti_functions():
    """Seed 003's TIOVX-compatible functions: what our TI headers declare, and the safe casts TIOVX ships."""
    from pyopenvx.paths import INCLUDEDIR
    from pyopenvx.prototypes import parse
    return {p.name for p in parse(INCLUDEDIR) if p.header.startswith("TI/") or p.header == "VX/vx_khr_safe_casts.h"}


def test_exports_are_exactly_the_api():
    ours = exported(LIBDIR / "libopenvx.so")
    cffi_entry = {n for n in ours if n.startswith("PyInit_")}     # lets Python import the module
    assert ti_functions() >= {"tivxAddTargetKernelByName", "tivxNodeSendCommand", "tivxMemBufferMap"}
    assert ours - cffi_entry == required_functions() | ti_functions()
    assert exported(LIBDIR / "libvxu.so") == set()


def test_a_loaded_call_is_a_load_and_a_jump():
    """libopenvx.so's trampolines keep the first call's loading out of line: once loaded, a call is
    the table load, a test and a jump, no frame (the suite's per-pixel vxFormatImagePatchAddress2d
    calls spent 12% of GraphPipeline's large cases in the trampolines' register saves)."""
    out = subprocess.run(["objdump", "-d", "--no-show-raw-insn", str(LIBDIR / "libopenvx.so")],
                         capture_output=True, text=True, check=True).stdout
    body = out.split("<vxFormatImagePatchAddress2d>:\n")[1].split("\n\n")[0]
    ops = [line.split("\t")[1].split()[0] for line in body.splitlines() if "\t" in line]
    assert "push" not in ops[:4] and "jmp" in ops[:4], ops


def test_pkg_config_builds_hello(tmp_path):
    env = {**os.environ, "PKG_CONFIG_PATH": str(PKGCONFIGDIR)}
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "openvx"], capture_output=True, text=True,
                           env=env, check=True).stdout.split()
    exe = tmp_path / "hello"
    subprocess.run(["gcc", "-std=c99", str(ROOT / "samples_c" / "hello.c"), *flags, "-o", str(exe)], check=True)
    out = subprocess.run([str(exe)], capture_output=True, text=True, env={"PATH": "/usr/bin:/bin"})
    assert out.returncode == 0 and "implementation: pyopenvx" in out.stdout


def test_pkg_config_flags_compile_tivx_code(tmp_path):
    """The TI headers are installed beside VX and need no SoC define, in C and C++."""
    env = {**os.environ, "PKG_CONFIG_PATH": str(PKGCONFIGDIR)}
    flags = subprocess.run(["pkg-config", "--cflags", "openvx"], capture_output=True, text=True,
                           env=env, check=True).stdout.split()
    src = tmp_path / "ti.c"
    src.write_text("#include <TI/tivx.h>\n#include <TI/tivx_target_kernel.h>\n#include <TI/tivx_obj_desc.h>\n"
                   "#include <TI/tivx_mem.h>\nint ti_ok(void) { return TIVX_TARGET_MAX_NAME > 0; }\n")
    for compiler, std in (("gcc", "-std=c99"), ("g++", "-std=c++11")):
        subprocess.run([compiler, std, "-Wall", "-Wextra", "-Werror", "-pedantic", "-x", "c" if compiler == "gcc" else "c++",
                        "-c", str(src), *flags, "-o", str(tmp_path / "ti.o")], check=True)


def test_cmake_find_package_builds_hello(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.10)\nproject(hello C)\nfind_package(OpenVX 1.3 REQUIRED)\n"
        f"add_executable(hello {ROOT / 'samples_c' / 'hello.c'})\n"
        "target_link_libraries(hello OpenVX::openvx OpenVX::vxu)\n")
    build = tmp_path / "build"
    subprocess.run(["cmake", "-S", str(src), "-B", str(build), f"-DOpenVX_DIR={CMAKEDIR}"],
                   check=True, capture_output=True)
    subprocess.run(["cmake", "--build", str(build)], check=True, capture_output=True)
    out = subprocess.run([str(build / "hello")], capture_output=True, text=True, env={"PATH": "/usr/bin:/bin"})
    assert out.returncode == 0 and "released: yes" in out.stdout


def test_build_declarations_ignore_installed_opencl_headers(tmp_path):
    """With OpenCL development headers on the include path (Debian's opencl-headers: CL/cl.h pulls in
    <mmintrin.h> through cl_platform.h), the declarations build_ffi.py hands to cffi still parse:
    `pip install .` used to stop at `typedef int __m64 __attribute__ ((__vector_size__ (8), ...))`."""
    cl = tmp_path / "CL"
    cl.mkdir()
    (cl / "cl.h").write_text("#include <mmintrin.h>\n"
                             "typedef struct _cl_context *cl_context;\n"
                             "typedef struct _cl_command_queue *cl_command_queue;\n")
    check = ("import build_ffi, cffi\n"
             "text = build_ffi.declarations()\n"
             "assert '__m64' not in text\n"
             "cffi.FFI().cdef(text)\n")
    env = {**os.environ, "CPATH": str(tmp_path)}
    p = subprocess.run([sys.executable, "-c", check], cwd=ROOT, env=env, capture_output=True,
                       text=True)
    assert p.returncode == 0, p.stderr[-2000:]
    # a C program still gets the installed headers' types
    prog = tmp_path / "uses_cl.c"
    prog.write_text("#include <VX/vx_khr_opencl_interop.h>\n#ifndef PYOPENVX_HAVE_CL_H\n#error no CL/cl.h\n#endif\n"
                    "int main(void) { __m64 unused; (void)unused; return 0; }\n")
    subprocess.run(["gcc", "-c", "-I", str(ROOT / "include"), str(prog), "-o", str(tmp_path / "uses_cl.o")],
                   env=env, check=True)
