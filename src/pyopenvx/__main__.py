"""python -m pyopenvx --cflags --libs [--includedir --libdir --cmakedir --pkgconfigdir]

Prints the flags and paths to build C programs against this installation.
  --help      this text (also without arguments)        --version   the pyopenvx version"""
import sys

from .paths import CMAKEDIR, INCLUDEDIR, LIBDIR, PKGCONFIGDIR

FLAGS = {
    "--cflags": lambda: f"-I{INCLUDEDIR}",
    "--libs": lambda: f"-L{LIBDIR} -Wl,-rpath,{LIBDIR} -lopenvx -lvxu",
    "--includedir": lambda: str(INCLUDEDIR),
    "--libdir": lambda: str(LIBDIR),
    "--cmakedir": lambda: str(CMAKEDIR),
    "--pkgconfigdir": lambda: str(PKGCONFIGDIR),
}


def main(argv):
    if argv in ([], ["--help"], ["-h"]):
        print(__doc__.strip())
        return 0
    if argv == ["--version"]:
        from . import __version__
        print(__version__)
        return 0
    unknown = [a for a in argv if a not in FLAGS]
    if unknown:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    print(" ".join(FLAGS[a]() for a in argv))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
