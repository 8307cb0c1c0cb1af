"""docs/python.md runs as written; the public names have docstrings; version and --help/--version."""
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pyopenvx
import pyopenvx.fn
import pyopenvx.pythonic

ROOT = Path(__file__).resolve().parents[1]


def test_the_tutorial_runs(tmp_path):
    """Every ```python block of docs/python.md, in order, in one fresh interpreter."""
    blocks = re.findall(r"```python\n(.*?)```", (ROOT / "docs" / "python.md").read_text(), re.S)
    assert len(blocks) >= 10
    script = tmp_path / "tutorial.py"
    script.write_text("\n".join(blocks))
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "<Image 640x480 U8>" in proc.stdout and "scalar parameter 2 is a int32, not a enum" in proc.stdout
    assert "Exception ignored" not in proc.stderr


def test_every_public_name_has_a_docstring():
    missing = []
    for name in pyopenvx.pythonic.__all__:
        obj = getattr(pyopenvx.pythonic, name)
        if isinstance(obj, int):
            continue                                  # INPUT, OUTPUT, ...: constants
        if not (obj.__doc__ or "").strip():
            missing.append(name)
        if isinstance(obj, type):
            for attr, member in vars(obj).items():
                if not attr.startswith("_") and callable(member) or isinstance(member, property):
                    if not attr.startswith("_") and not (getattr(member, "__doc__", None) or "").strip():
                        missing.append(f"{name}.{attr}")
    assert not missing


def test_reprs_show_what_an_object_is():
    from pyopenvx.pythonic import Context, Graph, Image, Scalar, Tensor
    with Context() as ctx, Image(ctx, 4, 2, "S16") as img, Graph(ctx) as graph, Tensor(ctx, (2, 3), "int16") as t, \
            Scalar(ctx, "bool", True) as flag:
        assert repr(img) == "<Image 4x2 S16>"
        assert repr(graph) == "<Graph unverified, 0 nodes>"
        assert repr(t) == "<Tensor (2, 3) int16>"
        assert repr(flag) == "<Scalar vx_bool True>"
        assert repr(ctx).startswith("<Context references=")


def test_version_and_command_line():
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert pyopenvx.__version__ == version
    assert (ROOT / "src" / "pyopenvx" / "py.typed").exists()
    for args, words in ((["--help"], "--cflags"), (["--version"], version)):
        proc = subprocess.run([sys.executable, "-m", "pyopenvx", *args], capture_output=True, text=True)
        assert proc.returncode == 0 and words in proc.stdout, proc.stderr
