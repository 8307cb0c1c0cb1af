"""Target kernels (seed 003): a TIOVX-style kernel library (tests/c/tivx_demo: target side and host
side in separate files, `#include <TI/tivx.h>`) built with the users' flags, loaded by vxLoadKernels
and run by tests/c/targets.c."""
import subprocess

from conftest import C_DIR, user_flags


def build_tivx_demo(tmp_path):
    out = tmp_path / "libtivx_demo.so"
    sources = sorted(str(p) for p in (C_DIR / "tivx_demo").glob("*.c"))
    subprocess.run(["gcc", "-shared", "-fPIC", "-std=c99", "-Wall", "-Wextra", "-Werror", *sources, *user_flags(),
                    "-o", str(out)], check=True)
    return out


def test_tivx_library_runs_on_targets(c_program, tmp_path):
    out = c_program("targets.c", build_tivx_demo(tmp_path))
    assert out.stdout.strip() == "ok"
    # the crash was reported, naming the target, the callback and the node
    assert "target DSP-2: the process callback of node 'com.demo.tivx.add_const' crashed (signal 11)" in out.stderr
    assert "target DSP-1: the create callback of node 'com.demo.tivx.add_const' crashed (signal 11)" in out.stderr

