"""Every public callable of pyopenvx.pythonic carries full type hints (and py.typed ships), so a
type checker sees the whole Python face."""
import inspect
import subprocess
import sys
import textwrap
from pathlib import Path

import pyopenvx.pythonic

_DUNDERS = {"__init__", "__call__", "__enter__", "__exit__", "__len__", "__getitem__", "__setitem__", "__iter__",
            "__array__"}


def _missing(name, function, method):
    """`name` for each parameter (and the return) of `function` without an annotation."""
    function = inspect.unwrap(function)
    signature = inspect.signature(function)
    out = [f"{name}({p})" for i, p in enumerate(signature.parameters)
           if not (method and i == 0) and signature.parameters[p].annotation is inspect.Parameter.empty]
    if signature.return_annotation is inspect.Signature.empty:
        out.append(f"{name} -> ?")
    return out


def _public_callables():
    """(qualified name, function, is a method) for every public function, method and property
    accessor of pyopenvx.pythonic's public names (members inherited from its own bases too)."""
    for name in pyopenvx.pythonic.__all__:
        obj = getattr(pyopenvx.pythonic, name)
        if not isinstance(obj, type):
            if callable(obj):
                yield name, obj, False
            continue
        members = {}
        for cls in reversed(obj.__mro__):
            if cls.__module__.startswith("pyopenvx.pythonic"):
                members.update(vars(cls))
        for attr, member in members.items():
            if attr.startswith("_") and attr not in _DUNDERS:
                continue
            qualified = f"{name}.{attr}"
            if isinstance(member, property) and any(attr in vars(cls).get("__annotations__", {}) for cls in obj.__mro__):
                continue            # a lean attribute (base.attribute): its class annotation is its type
            if isinstance(member, property):
                for accessor in (member.fget, member.fset):
                    if accessor is not None:
                        yield qualified, accessor, True
            elif isinstance(member, (classmethod, staticmethod)):
                yield qualified, member.__func__, isinstance(member, classmethod)
            elif inspect.isfunction(member):
                yield qualified, member, True


def test_every_public_callable_is_annotated():
    seen, missing = 0, []
    for name, function, method in _public_callables():
        seen += 1
        missing += _missing(name, function, method)
    assert seen > 150                      # the walk reaches the classes' members
    assert not missing, f"{len(missing)} missing annotations: {missing}"


def test_py_typed_ships():
    assert (Path(pyopenvx.pythonic.__file__).parents[1] / "py.typed").is_file()


ROOT = Path(__file__).resolve().parents[1]
# what a user writes, annotated: mypy must accept it against the face's hints
USER_SCRIPT = """
    import numpy as np
    import pyopenvx.fn as vxfn
    from pyopenvx.pythonic import Context, Graph, Image, InvalidValue, Scalar, Tensor, VXError

    def edges(frame: np.ndarray) -> np.ndarray:
        return vxfn.run(lambda g, src: g.canny(g.gaussian3x3(src), low=80, high=160), frame)

    with Context() as ctx:
        img: Image = Image.from_numpy(ctx, np.zeros((48, 64), np.uint8))
        width: int = img.width + img.height
        with img.map(usage="w") as view:
            view[:] = 1
        graph = Graph(ctx)
        out = graph.python(lambda a: 255 - a, img)
        graph.node("org.khronos.openvx.box_3x3", out, Image(ctx, 64, 48))
        graph.process()
        state: str = graph.state
        flag: bool = Scalar(ctx, "bool", True).value
        with Tensor(ctx, (2, 3), "int16").map() as t:
            total: int = int(t.sum())
        try:
            img.write(np.full((48, 64), 300))
        except InvalidValue as err:
            status: int = err.status
            lines: list = err.log
        for result in vxfn.stream(lambda g, src: g.gaussian3x3(src), [np.zeros((48, 64), np.uint8)]):
            mean: float = float(result.mean())
"""
# mistakes the hints must catch, one per line
WRONG_SCRIPT = """
    from pyopenvx.pythonic import Context, Image
    ctx = Context()
    img = Image(ctx, "64", 48)
    name: int = img.format
    img.map(usage=3)
    import numpy as np
    import pyopenvx.fn as vxfn
    from pyopenvx.pythonic import Graph
    g = Graph(ctx)
    g.gausian3x3(img)
    vxfn.gausian3x3(np.zeros((4, 4), np.uint8))
    vxfn.canny(np.zeros((4, 4), np.uint8), lo=80, high=160)
    small: Image = vxfn.resize(np.zeros((4, 4), np.uint8), (2, 2))
    g.scale_image(img, type=3.5)
"""


def _mypy(tmp_path, *targets):
    return subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
                           "--cache-dir", str(tmp_path / "cache"), "--no-error-summary", *targets],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)


def test_mypy_accepts_the_face_and_a_typed_user_script(tmp_path):
    """mypy (the test extra installs it) finds no error in pyopenvx.pythonic, pyopenvx.fn and a
    user's annotated script; and it does find the mistakes of a wrong one (the hints are real)."""
    user, wrong = tmp_path / "user.py", tmp_path / "wrong.py"
    user.write_text(textwrap.dedent(USER_SCRIPT))
    wrong.write_text(textwrap.dedent(WRONG_SCRIPT))
    proc = _mypy(tmp_path, "src/pyopenvx/pythonic", "src/pyopenvx/fn.py", str(user))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    proc = _mypy(tmp_path, str(wrong))
    assert proc.returncode == 1
    assert [int(line.split(":")[1]) for line in proc.stdout.splitlines() if ": error:" in line] == [4, 5, 6, 11, 12, 13, 14, 15], proc.stdout


def test_the_generated_signatures_are_current(ctx):
    """pythonic/helpers.py and fn_kernels.py are what `python -m pyopenvx.pythonic.signatures`
    writes from today's node table (a new kernel, default or keyword fails this until regenerated)."""
    from pyopenvx.pythonic import signatures
    for path, text in signatures.sources(ctx.handle):
        assert path.read_text() == text, f"{path.name} is stale: run python -m pyopenvx.pythonic.signatures"


def test_help_shows_the_python_signature():
    """help() (inspect.signature) of a helper and of a one-call function: the Python names, the
    defaults (spec's and ours), the extra keywords and the return type."""
    import pyopenvx.fn as vxfn
    from pyopenvx.pythonic import Graph
    from pyopenvx.pythonic.nodes import helper_names
    helper = str(inspect.signature(Graph.canny))
    assert helper.startswith("(self, input: 'Union[Image, np.ndarray, Tuple[np.ndarray, str]]', hyst: 'Optional[Threshold]' = None, "
                             "gradient_size: 'int' = 3, norm_type: 'Union[str, int]' = 'l1'"), helper
    assert "*, border: 'Union[str, Tuple[str, int], None]' = None, low: 'Optional[int]' = None, " \
           "high: 'Optional[int]' = None) -> 'Image'" in helper
    assert str(inspect.signature(vxfn.sobel3x3)) == (
        "(input: 'Union[np.ndarray, Tuple[np.ndarray, str]]', output_x: 'Union[str, Tuple[int, int], None]' = None, "
        "output_y: 'Union[str, Tuple[int, int], None]' = None, *, border: 'Union[str, Tuple[str, int], None]' = None)"
        " -> 'Tuple[np.ndarray, np.ndarray]'")
    assert "org.khronos.openvx.canny_edge_detector" in vxfn.canny.__doc__ and "low: " in vxfn.canny.__doc__
    for name in helper_names():              # every helper is a real method and function
        name = name + "_" if name in ("and", "or", "not") else name
        assert inspect.isfunction(getattr(Graph, name)) and inspect.isfunction(getattr(vxfn, name)), name


def test_fns_own_code_calls_no_generated_function():
    """fn.py ends with the generated functions, some named as builtins (max, min, copy): its own code
    above them must not call those names (it would run a kernel instead of the builtin)."""
    import ast
    from pyopenvx.pythonic import signatures
    own, generated = signatures.FN.read_text().split(signatures.FN_MARK)
    defined = {node.name for node in ast.parse(generated).body if isinstance(node, ast.FunctionDef)}
    assert {"max", "min", "copy"} <= defined
    used = {node.id for node in ast.walk(ast.parse(own)) if isinstance(node, ast.Name)}
    assert not used & defined, sorted(used & defined)
