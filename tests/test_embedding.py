"""The embedded interpreter: pinned to the installing Python, shared with a Python host, and a
clean failure when it cannot start or there is no shared libpython."""
import subprocess
import sys
from pathlib import Path

from pyopenvx.paths import INCLUDEDIR, LIBDIR

C_DIR = Path(__file__).resolve().parent / "c"


def test_c_host_runs_with_a_bare_environment(c_program):
    # conftest runs programs with PATH=/usr/bin:/bin and no LD_LIBRARY_PATH or PYTHON* variables
    assert c_program("context.c").stdout.strip() == "ok"


def test_interpreter_that_cannot_start_gives_null_and_failure(c_program, tmp_path):
    broken = tmp_path / "pyopenvx"
    broken.mkdir()
    (broken / "__init__.py").write_text("raise ImportError('broken on purpose')\n")
    proc = c_program("embed_failure.c", env={"PYTHONPATH": str(tmp_path)}, python_errors_ok=True)
    assert proc.stdout.strip() == "refused"
    assert "could not start" in proc.stderr


def test_no_shared_libpython_gives_null_and_says_why(tmp_path):
    """A statically linked Python has no libpython.so to load: copies of the libraries that look for
    a soname no system has stand in for it. The program loads, vxCreateContext fails, stderr says why."""
    lib = tmp_path / "lib"
    lib.mkdir()
    for name in ("libopenvx.so", "_pyopenvx.so"):
        data = (LIBDIR / name).read_bytes()
        soname = f"libpython{sys.version_info.major}.{sys.version_info.minor}{sys.abiflags}.so.1.0".encode()
        assert name != "libopenvx.so" or soname in data
        (lib / name).write_bytes(data.replace(soname, soname[:-3] + b"9.9"))
    exe = tmp_path / "embed_failure"
    subprocess.run(["gcc", "-std=c99", f"-I{C_DIR}", f"-I{INCLUDEDIR}", str(C_DIR / "embed_failure.c"), f"-L{lib}",
                    f"-Wl,-rpath,{lib}", "-lopenvx", "-o", str(exe)], check=True)
    proc = subprocess.run([str(exe)], capture_output=True, text=True, env={"PATH": "/usr/bin:/bin"})
    assert proc.returncode == 0 and proc.stdout.strip() == "refused", proc.stderr
    assert "no shared libpython" in proc.stderr and "statically linked" in proc.stderr


def test_several_c_threads(c_program):
    assert c_program("threads.c", extra=("-pthread",)).stdout.strip() == "ok"


def test_python_host_shares_the_implementation(vx):
    """The library loaded into this process runs its implementation in this interpreter."""
    import _pyopenvx
    from pyopenvx.reference import live_objects
    assert any(o.h is not None and vx.ffi.cast("uintptr_t", vx.context) == int(_pyopenvx.ffi.cast("uintptr_t", o.h))
               for o in live_objects())
    assert sys.modules["_pyopenvx"] is _pyopenvx


def test_flags_command():
    out = subprocess.run([sys.executable, "-m", "pyopenvx", "--cflags", "--libs"], capture_output=True,
                         text=True, check=True).stdout.split()
    assert out[0].startswith("-I") and "-lopenvx" in out and "-lvxu" in out
    assert any(a.startswith("-Wl,-rpath,") for a in out)
    bad = subprocess.run([sys.executable, "-m", "pyopenvx", "--nope"], capture_output=True, text=True)
    assert bad.returncode == 2
