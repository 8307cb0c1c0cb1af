"""Where the installed library, headers and build-system files are."""
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
LIBDIR = PACKAGE / "lib"
INCLUDEDIR = PACKAGE / "include"
CMAKEDIR = PACKAGE / "share" / "cmake" / "OpenVX"
PKGCONFIGDIR = PACKAGE / "share" / "pkgconfig"
LIBRARY = LIBDIR / "libopenvx.so"
