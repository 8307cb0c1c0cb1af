"""docs/python.md runs as written; the public names have docstrings; version and --help/--version."""
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import numpy as np
import pytest

import pyopenvx
import pyopenvx.fn
import pyopenvx.pythonic

ROOT = Path(__file__).resolve().parents[1]
EVERYDAY = ("edge graph", "a 100-frame pipelined loop", "a Python kernel between C kernels",
            "colour conversion + resize")


def programs():
    """{name: {"ours": code, "cv2": code}} of the program pairs of docs/python.md."""
    found = {}
    text = (ROOT / "docs" / "python.md").read_text()
    for name, side, code in re.findall(r"<!-- program: (.+?), (ours|cv2) -->\n```python[^\n]*\n(.*?)```", text, re.S):
        found.setdefault(name, {})[side] = code
    return found


def lines(code):
    """Lines of code, imports and comments aside."""
    return [line for line in code.splitlines()
            if line.strip() and not line.lstrip().startswith(("#", "import ", "from "))]


def test_each_everyday_program_is_no_longer_than_its_cv2_version():
    found = programs()
    assert set(found) == set(EVERYDAY)
    for name, pair in found.items():
        assert set(pair) == {"ours", "cv2"}, name
        assert len(lines(pair["ours"])) <= len(lines(pair["cv2"])), (name, pair)


def _steps(shape, value=200):
    """Rectangles of `value` on 0: clean steps, where the Gaussians and Cannies of both agree."""
    a = np.zeros(shape, np.uint8)
    a[100:300, 200:400] = value
    a[320:400, 40:160] = value
    return a


def test_the_cv2_versions_give_the_same_results_where_definitions_agree():
    """Both versions of each program, run on images where the libraries' definitions agree (see
    the notes beside them in the docs): equal results (borders aside where ours leaves them undefined)."""
    cv2 = pytest.importorskip("cv2")
    grey = np.kron(np.random.default_rng(0).integers(0, 256, (240, 320)), np.ones((2, 2))).astype(np.uint8)
    whole, inside = np.s_[..., :, :], np.s_[..., 2:-2, 2:-2]
    cases = {   # name: (inputs, result, the part compared)
        "edge graph": ({"frame": _steps((480, 640))}, "edges", whole),
        "a 100-frame pipelined loop": ({"frames": [np.roll(_steps((480, 640)), 7 * i, axis=1) for i in range(12)]},
                                       "results", whole),
        "a Python kernel between C kernels": ({"frame": _steps((480, 640), 144)}, "out", inside),   # 144 = 16 * 9
        "colour conversion + resize": ({"rgb": np.repeat(grey[..., None], 3, axis=2)}, "small", whole),
    }
    for name, pair in programs().items():
        inputs, result, crop = cases[name]
        got = {}
        for side, code in pair.items():
            namespace = {"np": np, "cv2": cv2, "vxfn": pyopenvx.fn, **inputs}
            exec(code, namespace)
            got[side] = np.asarray(namespace[result])
        assert got["ours"].shape == got["cv2"].shape, name
        assert got["ours"].any(), name
        np.testing.assert_array_equal(got["ours"][crop], got["cv2"][crop], err_msg=name)


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


def test_the_video_section_runs(tmp_path):
    """The ```python video blocks of docs/python.md (the video extra: skipped without PyAV), in a
    fresh interpreter in a scratch directory (they write video files)."""
    pytest.importorskip("av")
    blocks = re.findall(r"```python video\n(.*?)```", (ROOT / "docs" / "python.md").read_text(), re.S)
    assert blocks
    script = tmp_path / "video.py"
    script.write_text("\n".join(blocks))
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "edges.mp4").stat().st_size > 0


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
    for args, words in ((["--help"], "--cflags"), ([], "--cflags"), (["--version"], version)):
        proc = subprocess.run([sys.executable, "-m", "pyopenvx", *args], capture_output=True, text=True)
        assert proc.returncode == 0 and words in proc.stdout, proc.stderr
