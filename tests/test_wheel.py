"""The binary wheel, as README's users get it: `python -m build` (sdist, then the wheel from the sdist),
`auditwheel repair`, and `pip install` into a fresh venv on a PATH without a compiler. There the
Python API, the flags command and a C demo compiled beforehand work, and keep working once the
venv is moved. Built once per session (~1-2 minutes), offline: the build and the install take
what this test's environment has (--no-isolation; the runtime dependencies are linked in)."""
import importlib.metadata
import os
import shlex
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent                 # this environment's tools: auditwheel, patchelf
PROBE = "import os, sys; p = os.environ.get('PVX_PROBE'); p and open(p, 'w').write(sys.prefix)\n"
SMOKE = """
import numpy as np
from pyopenvx.api import ffi, lib
from pyopenvx.pythonic import Context, Image
with Context() as ctx, Image(ctx, 64, 48, "U8") as img:
    with img.map(usage="w") as pixels:
        pixels[:] = np.arange(64, dtype=np.uint8)
    with img.map(usage="r") as pixels:
        assert int(pixels.sum()) == 48 * sum(range(64))
ctx = lib.vxCreateContext()
assert lib.vxGetStatus(ffi.cast("vx_reference", ctx)) == 0
assert lib.vxReleaseContext(ffi.new("vx_context *", ctx)) == 0
print("smoke ok")
"""


def tool(name):
    path = shutil.which(name, path=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")
    if path is None:
        if os.environ.get("CI"):
            pytest.fail(f"{name} is missing: pip install '.[test]'")
        pytest.skip(f"{name} not installed (pip install '.[test]')")
    return path


def no_compiler_env(venv):
    """The environment of a user without a compiler: the venv's bin only, no CC/CXX."""
    env = {k: v for k, v in os.environ.items() if k not in ("CC", "CXX", "PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = str(venv / "bin")
    assert not any(shutil.which(cc, path=env["PATH"]) for cc in ("cc", "gcc", "c++", "g++", "clang"))
    return env


def link_dependencies(venv):
    """The runtime dependencies (cffi, numpy) from this environment, so pip finds them installed and
    nothing downloads: a directory of links to their files, on the venv's path by a .pth file."""
    deps = venv.parent / f"{venv.name}-deps"
    deps.mkdir()
    for name in ("cffi", "pycparser", "numpy"):
        dist = importlib.metadata.distribution(name)
        for top in {f.parts[0] for f in dist.files} - {"..", "__pycache__"}:
            if not (deps / top).exists():
                (deps / top).symlink_to(dist.locate_file(top))
    site = next((venv / "lib").glob("python3*/site-packages"))
    (site / "deps.pth").write_text(f"{deps}\n")
    (site / "pvx_probe.pth").write_text(PROBE)     # reports which interpreter processed this venv


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    for name in ("auditwheel", "patchelf"):
        tool(name)
    out = tmp_path_factory.mktemp("dist")
    start = time.monotonic()
    subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT)],
                   check=True, capture_output=True)
    built = time.monotonic() - start
    (sdist,), (plain,) = out.glob("*.tar.gz"), out.glob("*.whl")
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}"}
    subprocess.run([tool("auditwheel"), "repair", "-w", str(out / "wheelhouse"), str(plain)],
                   check=True, capture_output=True, env=env)
    (repaired,) = (out / "wheelhouse").glob("*.whl")
    print(f"\nwheel: {repaired.name}, {repaired.stat().st_size / 1e6:.1f} MB, sdist + wheel built in {built:.0f} s")
    return repaired


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory):
    """A fresh venv with the wheel installed by its own pip, no compiler on PATH."""
    venv = tmp_path_factory.mktemp("users") / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    link_dependencies(venv)
    start = time.monotonic()
    subprocess.run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install", "--no-index",
                    "--disable-pip-version-check", str(wheel)], check=True, capture_output=True,
                   env=no_compiler_env(venv))
    print(f"\ninstall: {time.monotonic() - start:.1f} s")
    return venv


def python(venv, *args, env=None):
    proc = subprocess.run([str(venv / "bin" / "python"), *args], capture_output=True, text=True,
                          env={**no_compiler_env(venv), **(env or {})})
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def compile_demo(venv, out):
    """samples_c/hello.c, compiled (where there is a compiler) with the flags the install gives."""
    flags = shlex.split(python(venv, "-m", "pyopenvx", "--cflags", "--libs"))
    subprocess.run(["gcc", "-std=c99", str(ROOT / "samples_c" / "hello.c"), *flags, "-o", str(out)], check=True)
    return out


def run_demo(exe, probe, env=None):
    proc = subprocess.run([str(exe)], capture_output=True, text=True, timeout=120,
                          env={"PATH": "/usr/bin:/bin", "HOME": "/nonexistent", "PVX_PROBE": str(probe), **(env or {})})
    assert proc.returncode == 0 and "implementation: pyopenvx" in proc.stdout, proc.stderr
    return probe.read_text()


def test_wheel_is_manylinux_and_carries_the_build_files(wheel):
    assert "manylinux" in wheel.name
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"pyopenvx/lib/libopenvx.so", "pyopenvx/lib/_pyopenvx.so", "pyopenvx/lib/libvxu.so",
            "pyopenvx/include/VX/vx.h", "pyopenvx/include/TI/tivx.h", "pyopenvx/share/pkgconfig/openvx.pc",
            "pyopenvx/share/cmake/OpenVX/OpenVXConfig.cmake"} <= names
    build_info = zipfile.ZipFile(wheel).read("pyopenvx/_build_info.py").decode()
    assert sys.executable not in build_info and str(ROOT) not in build_info


def test_installed_wheel_serves_python_and_c(installed, tmp_path):
    assert python(installed, "-c", SMOKE).strip() == "smoke ok"
    site = next((installed / "lib").glob("python3*/site-packages"))
    dirs = python(installed, "-m", "pyopenvx", "--pkgconfigdir", "--cmakedir").split()
    assert dirs == [str(site / "pyopenvx" / "share" / "pkgconfig"), str(site / "pyopenvx" / "share" / "cmake" / "OpenVX")]
    exe = compile_demo(installed, tmp_path / "hello")
    # the C host starts the interpreter of the venv the wheel went into, not the one that built it
    assert run_demo(exe, tmp_path / "prefix") == str(installed)


def test_moved_venv_still_runs(installed, tmp_path):
    exe = compile_demo(installed, tmp_path / "hello")      # before the move, against the old path
    moved = tmp_path / "elsewhere" / "venv"
    shutil.copytree(installed, moved, symlinks=True)
    lib = moved / next((installed / "lib").glob("python3*/site-packages")).relative_to(installed) / "pyopenvx" / "lib"
    hidden = installed.with_name("hidden")
    installed.rename(hidden)                               # nothing may still use the old location
    try:
        assert python(moved, "-c", SMOKE).strip() == "smoke ok"
        assert python(moved, "-m", "pyopenvx", "--libdir").strip() == str(lib)
        # the demo's rpath names the old place: the library is found on LD_LIBRARY_PATH, and finds
        # its interpreter from where it is now
        assert run_demo(exe, tmp_path / "prefix", env={"LD_LIBRARY_PATH": str(lib)}) == str(moved)
    finally:
        hidden.rename(installed)
