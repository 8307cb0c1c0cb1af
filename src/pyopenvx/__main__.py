"""python -m pyopenvx --cflags --libs [--tiovx --includedir --libdir --cmakedir --pkgconfigdir]

Prints the flags and paths to build C programs against this installation; --tiovx adds the define
that gives TI code TIOVX's values (VX_DF_IMAGE_RGBA, VX_STATUS_MIN -26: include/VX/vx_types.h).
python -m pyopenvx run GRAPH.ix --input 'frames/*.png' --output out/ [--scheduler ADDRESS | --workers N]
runs an exported graph over files on Dask (pip install 'pyopenvx[dask]'; run --help for more).
  --help      this text (also without arguments)        --version   the pyopenvx version"""
import sys

from .paths import CMAKEDIR, INCLUDEDIR, LIBDIR, PKGCONFIGDIR

FLAGS = {
    "--cflags": lambda: f"-I{INCLUDEDIR}",
    "--libs": lambda: f"-L{LIBDIR} -Wl,-rpath,{LIBDIR} -lopenvx -lvxu",
    "--tiovx": lambda: "-DPYOPENVX_TIOVX_VALUES",
    "--includedir": lambda: str(INCLUDEDIR),
    "--libdir": lambda: str(LIBDIR),
    "--cmakedir": lambda: str(CMAKEDIR),
    "--pkgconfigdir": lambda: str(PKGCONFIGDIR),
}


def main(argv):
    if argv[:1] == ["run"]:
        try:
            from .dask.cli import main as run
        except ImportError as err:
            print(f"python -m pyopenvx run needs the dask extra: pip install 'pyopenvx[dask]' ({err})", file=sys.stderr)
            return 2
        return run(argv[1:])
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
