"""Fixtures shared by the suite.

- `c_program(source, ...)`: compiles a C file (tests/c/ or samples_c/) with exactly the flags a user
  gets from `python -m pyopenvx --cflags --libs`, once per source and flags, and returns a runner.
  Programs run with a bare environment (no LD_LIBRARY_PATH, a PATH without our Python), so the
  library must find its own interpreter.
- `vx`: the installed libopenvx.so from Python (cffi ABI mode), with a fresh context.
- `ctx`: a Pythonic context whose references come back to their start.
Unraisable exceptions (e.g. raised inside a cffi callback) fail the test.

Under a checker (tools/sanitize.sh, tools/valgrind.sh) only the tests that run C programs are
collected: PVX_CHECK_BUILD names another build of the library (build_ffi.py OUTDIR) that programs
compile and link against, PVX_CHECK_CFLAGS adds compiler flags, PVX_CHECK_PREFIX wraps every run
(valgrind ...), and the checkers' variables (ASAN_OPTIONS, PYTHONMALLOC, ...) reach the programs.
"""
import hashlib
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
C_DIR = Path(__file__).resolve().parent / "c"
CHECK_BUILD = os.environ.get("PVX_CHECK_BUILD")
CHECK_VARIABLES = ("ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS", "PYTHONMALLOC")
CLEAN_ENV = {"PATH": "/usr/bin:/bin", "HOME": "/nonexistent", "LANG": "C.UTF-8",
             **{k: os.environ[k] for k in CHECK_VARIABLES if CHECK_BUILD and k in os.environ}}
C_FIXTURES = {"c_program"}


def user_flags():
    if CHECK_BUILD:
        lib = Path(CHECK_BUILD) / "lib"
        return [f"-I{Path(CHECK_BUILD) / 'include'}", f"-L{lib}", f"-Wl,-rpath,{lib}", "-lopenvx", "-lvxu",
                *shlex.split(os.environ.get("PVX_CHECK_CFLAGS", ""))]
    out = subprocess.run([sys.executable, "-m", "pyopenvx", "--cflags", "--libs"],
                         capture_output=True, text=True, check=True).stdout
    return shlex.split(out)


def pytest_collection_modifyitems(config, items):
    if CHECK_BUILD:
        checked = [i for i in items if C_FIXTURES & set(getattr(i, "fixturenames", ()))]
        config.hook.pytest_deselected(items=[i for i in items if i not in checked])
        items[:] = checked


class Program:
    def __init__(self, path):
        self.path = path

    def run(self, *args, expect=0, env=None, timeout=120, python_errors_ok=False):
        prefix = shlex.split(os.environ.get("PVX_CHECK_PREFIX", "")) if CHECK_BUILD else []
        env = {**CLEAN_ENV, **(env or {})}
        proc = subprocess.run([*prefix, str(self.path), *map(str, args)], capture_output=True, text=True,
                              env=env, timeout=timeout * (20 if prefix else 1))
        if CHECK_BUILD and "Tracer caught signal" in proc.stderr and "LeakSanitizer has encountered a fatal error" in proc.stderr:
            # LeakSanitizer's own tracer faulted while stopping the threads at exit (now and then with
            # the tile pool's or the targets' threads): not a finding. The same run again without leak
            # detection, every other check kept, so the program is still checked.
            env["ASAN_OPTIONS"] = env.get("ASAN_OPTIONS", "") + ":detect_leaks=0"
            proc = subprocess.run([*prefix, str(self.path), *map(str, args)], capture_output=True, text=True,
                                  env=env, timeout=timeout * (20 if prefix else 1))
        if not python_errors_ok:
            assert "Traceback" not in proc.stderr and "Exception ignored" not in proc.stderr, proc.stderr
        if expect is not None:
            assert proc.returncode == expect, f"exit {proc.returncode}\n{proc.stdout}\n{proc.stderr}"
        return proc


@pytest.fixture(scope="session")
def compile_c(tmp_path_factory):
    flags = user_flags()
    cache = tmp_path_factory.mktemp("cbin")
    built = {}

    def compile_(source, *extra, cxx=False, std=None, output=None):
        source = Path(source)
        if not source.is_absolute():
            source = C_DIR / source
        compiler = "g++" if cxx else "gcc"
        cmd_flags = [f"-std={std or ('c++11' if cxx else 'c99')}", "-Wall", "-Wextra", "-Werror",
                     f"-I{C_DIR}", *extra]
        key = hashlib.sha256(source.read_bytes() + repr((compiler, cmd_flags, flags)).encode()).hexdigest()[:16]
        if key not in built:
            exe = cache / (output or f"{source.stem}-{key}")
            proc = subprocess.run([compiler, *cmd_flags, str(source), *flags, "-o", str(exe)],
                                  capture_output=True, text=True)
            assert proc.returncode == 0, f"compiling {source.name} failed:\n{proc.stderr}"
            built[key] = Program(exe)
        return built[key]

    return compile_


@pytest.fixture
def c_program(compile_c):
    """Compile and run a C test program; returns the completed process (exit 0 asserted)."""
    def run(source, *args, extra=(), **options):
        return compile_c(source, *extra).run(*args, **options)
    return run


class VX:
    """The library from Python, with helpers for the common assertions."""

    def __init__(self):
        from pyopenvx import constants
        from pyopenvx.api import ffi, lib
        self.ffi, self.lib, self.c = ffi, lib, constants
        self.context = lib.vxCreateContext()
        assert lib.vxGetStatus(self.ref(self.context)) == constants.VX_SUCCESS
        self.log = []
        self.kept = []          # test helpers whose callbacks the context may call until its release
        self._log_cb = ffi.callback("vx_log_callback_f", self._on_log)
        lib.vxRegisterLogCallback(self.context, self._log_cb, constants.vx_true_e)

    def _on_log(self, context, ref, status, text):
        self.log.append((status, self.ffi.string(text).decode()))

    def ref(self, handle):
        return self.ffi.cast("vx_reference", handle)

    def query(self, fn, handle, attribute, ctype):
        out = self.ffi.new(f"{ctype} *")
        status = fn(handle, attribute, out, self.ffi.sizeof(ctype))
        assert status == self.c.VX_SUCCESS, f"query {attribute:#x} failed: {status}"
        return out[0]

    def references(self):
        return self.query(self.lib.vxQueryContext, self.context, self.c.VX_CONTEXT_REFERENCES, "vx_uint32")

    def release(self):
        if self.context != self.ffi.NULL:
            # vxCreateContext gave the process's one context, which may outlive this count (a Pythonic
            # Context of pyopenvx.fn): give it back the Pythonic layer's log, never our dying callback.
            # (Not imported here: an import may run the garbage collector, and tests' callbacks in
            # reference cycles must live until the context's release below.)
            pythonic = sys.modules.get("pyopenvx.pythonic.base")
            log = pythonic._KEPT.get(pythonic._address(self.context), {}).get("log") if pythonic else None
            self.lib.vxRegisterLogCallback(self.context, log[0] if log else self.ffi.NULL, self.c.vx_true_e)
            p = self.ffi.new("vx_context *", self.context)
            assert self.lib.vxReleaseContext(p) == self.c.VX_SUCCESS
            self.context = self.ffi.NULL


@pytest.fixture
def vx():
    v = VX()
    yield v
    v.release()


def _release_fn():
    """pyopenvx.fn and pyopenvx.dask keep their graphs on a Context for the module's life;
    vxCreateContext gives the process's one context, so they would stay in every later test's:
    let them go."""
    for name in ("pyopenvx.fn", "pyopenvx.dask.graphs"):
        module = sys.modules.get(name)
        if module is not None:
            module.release()


@pytest.fixture(autouse=True)
def _fn_released_after_each_test():
    yield
    _release_fn()


@pytest.fixture
def ctx():
    """A Pythonic context (pyopenvx.pythonic) whose references come back to their start once the
    test's wrappers are collected. Test files that want another context define their own `ctx`."""
    import gc

    from pyopenvx.pythonic import Context
    with Context() as context:
        start = context.references
        yield context
        _release_fn()
        gc.collect()
        assert context.references == start
