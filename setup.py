"""setuptools glue: `build_py` also builds libopenvx.so, libvxu.so, constants, headers and the
pkg-config/CMake files into the package (build_ffi.py does the work)."""
import sys
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_ffi  # noqa: E402


class BuildWithLibrary(build_py):
    def run(self):
        super().run()
        build_ffi.build(Path(self.build_lib) / "pyopenvx")


class BinaryDistribution(Distribution):
    def has_ext_modules(self):
        return True


setup(cmdclass={"build_py": BuildWithLibrary}, distclass=BinaryDistribution)
