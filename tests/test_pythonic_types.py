"""Every public callable of pyopenvx.pythonic carries full type hints (and py.typed ships), so a
type checker sees the whole Python face."""
import inspect
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
