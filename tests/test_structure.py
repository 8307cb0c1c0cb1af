"""The structure of both trees: the package's modules in floors that import only downward, with no
import circle, counting imports inside functions too (a circle or an upward arrow hidden in a function
is still one); and csrc/'s files in floors whose includes run only downward, with no include circle
between files (a .c and its .h are one file here, as a call needs a declaration to cross)."""
import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "pyopenvx"
CSRC = Path(__file__).resolve().parent.parent / "csrc"


def _modules():
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def _imports(name, path, modules):
    """The package's modules that `name` imports (an import of a package's submodule names it)."""
    here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            base = ".".join(here[:len(here) - node.level + 1] + ([node.module] if node.module else [])) \
                if node.level else (node.module or "")
            for alias in node.names:
                target = f"{base}.{alias.name}"
                yield target if target in modules else base
        elif isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)


def _graph():
    modules = _modules()
    return {name: {t for t in _imports(name, path, modules)
                   if t in modules and t != name and not name.startswith(t + ".")}
            for name, path in modules.items()}


def _cycle(graph):
    """One import circle as a list of modules, or None (depth-first search, colouring)."""
    state, stack = {}, []

    def visit(name):
        state[name] = "open"
        stack.append(name)
        for target in sorted(graph[name]):
            if state.get(target) == "open":
                return stack[stack.index(target):] + [target]
            if target not in state and (found := visit(target)):
                return found
        state[name] = "done"
        stack.pop()
        return None

    for name in sorted(graph):
        if name not in state and (found := visit(name)):
            return found
    return None


def test_the_checker_finds_a_circle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_no_module_imports_itself_through_others():
    graph = _graph()
    assert "pyopenvx.kernels.registry" in graph and "pyopenvx.context" in graph
    assert _cycle(graph) is None


# The floors, bottom to top, and the floors each may import besides its own. Top-level modules are the
# ground floor except those named in _TOP_LEVEL. pythonic/ drives the C library (pyopenvx.api) like any
# C program, so it stands on the ground floor only, beside the object model rather than on it.
FLOORS = {
    "ground": set(),
    "objects": {"ground"},
    "graph": {"ground", "objects"},
    "kernels": {"ground", "objects", "graph"},         # vxu calls build graphs (kernels/calls.py)
    "ix": {"ground", "objects", "graph"},               # exports and imports graphs and their objects
    "capi": {"ground", "objects", "graph", "kernels", "ix"},
    "pythonic": {"ground"},
    "dask": {"ground", "objects", "graph", "ix", "pythonic"},    # graphs on Dask: the face, and fusion's row maps
    "entry": {"ground", "objects", "graph", "kernels", "ix", "capi", "pythonic", "dask"},
}
_PACKAGES = ("objects", "graph", "kernels", "capi", "pythonic", "dask")
_TOP_LEVEL = {"pyopenvx.ix": "ix", "pyopenvx.embed": "entry", "pyopenvx.status": "entry",
              "pyopenvx.fn": "entry",       # one-call functions on numpy arrays, over the Pythonic layer
              "pyopenvx.__main__": "entry"}     # its `run` command is pyopenvx.dask's


def floor_of(name):
    parts = name.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in _PACKAGES else _TOP_LEVEL.get(name, "ground")


def _upward(graph):
    """The imports that leave a floor for one it may not use, as (module, imported) pairs."""
    return sorted((name, t) for name, targets in graph.items() for t in targets
                  if floor_of(t) != floor_of(name) and floor_of(t) not in FLOORS[floor_of(name)])


def _below(graph, name):
    """Every module `name` imports, directly or through others."""
    seen, todo = set(), [name]
    while todo:
        for t in graph[todo.pop()] - seen:
            seen.add(t)
            todo.append(t)
    return seen


def test_the_checker_finds_an_upward_import():
    assert _upward({"pyopenvx.objects.image": {"pyopenvx.graph.node"}, "pyopenvx.graph.node": set()}) == \
        [("pyopenvx.objects.image", "pyopenvx.graph.node")]
    assert _upward({"pyopenvx.reference": {"pyopenvx.capi"}, "pyopenvx.capi": set()}) == \
        [("pyopenvx.reference", "pyopenvx.capi")]
    assert _upward({"pyopenvx.capi.graph": {"pyopenvx.graph.graph"}, "pyopenvx.graph.graph": set()}) == []


def test_every_module_has_a_known_floor():
    assert set(_TOP_LEVEL) <= set(_graph())
    assert floor_of("pyopenvx.objects.image") == "objects" and floor_of("pyopenvx.graph") == "graph"
    assert floor_of("pyopenvx.context") == "ground" and floor_of("pyopenvx.capi") == "capi"


def test_imports_only_run_down_the_floors():
    assert _upward(_graph()) == []


def test_the_context_and_the_registry_stay_below_the_graph_manager():
    graph = _graph()
    assert not any(t.startswith("pyopenvx.kernels") for t in graph["pyopenvx.context"])
    # the registry (which capi.context loads) is below graph/ even through the kernel families it imports
    assert not any(floor_of(t) == "graph" for t in _below(graph, "pyopenvx.kernels.registry"))


# ---------------------------------------------------------------- csrc

C_FLOORS = ("base", "objects", "runtime", "kernels", "nn")     # bottom up; csrc/pvx.h is the roof


def _c_units():
    """csrc's files by unit (`runtime/graph` for graph.c and graph.h), and what each includes."""
    units = {}
    for path in sorted(CSRC.rglob("*")):
        if path.suffix in (".c", ".h", ".inc"):
            rel = path.relative_to(CSRC)
            unit = str(rel.with_suffix("")) if path.suffix != ".inc" else str(rel)
            includes = units.setdefault(unit, set())
            for name in re.findall(r'^\s*#\s*include\s+"([^"]+)"', path.read_text(), re.M):
                target = (path.parent / name).resolve().relative_to(CSRC.resolve())
                includes.add(str(target.with_suffix("")) if target.suffix != ".inc" else str(target))
    return {u: inc - {u} for u, inc in units.items()}


def _c_floor(unit):
    return C_FLOORS.index(unit.split("/")[0]) if "/" in unit else len(C_FLOORS)


def _c_upward(units):
    return sorted((u, t) for u, inc in units.items() for t in inc if _c_floor(t) > _c_floor(u))


def test_the_c_checker_finds_an_upward_include_and_a_circle():
    units = {"base/a": {"objects/b"}, "objects/b": {"base/a"}, "runtime/c": {"objects/b"}}
    assert _c_upward(units) == [("base/a", "objects/b")]
    assert _cycle(units) == ["base/a", "objects/b", "base/a"]


def test_csrc_includes_run_only_down_the_floors_without_a_circle():
    units = _c_units()
    assert {"base/base", "objects/objects", "runtime/runtime", "kernels/kernels", "nn/nn", "pvx"} <= set(units)
    assert all(u == "pvx" or u.split("/")[0] in C_FLOORS for u in units), sorted(units)
    assert _c_upward(units) == []
    assert _cycle(units) is None
    # the roof gathers every floor for cffi; nothing in csrc includes it
    assert not any("pvx" in inc for u, inc in units.items())


if __name__ == "__main__":
    # python tests/test_structure.py: the import graph, floor by floor from the bottom
    _g = _graph()
    for _floor in FLOORS:
        print(f"[{_floor}]")
        for _name in sorted(n for n in _g if floor_of(n) == _floor):
            print(f"  {_name[9:] or '(pyopenvx)'} -> {' '.join(sorted(t[9:] for t in _g[_name])) or '-'}")
    # and csrc's includes, floor by floor
    _units = _c_units()
    for _floor in (*C_FLOORS, "pvx"):
        print(f"[csrc/{_floor}]")
        for _unit in sorted(u for u in _units if u.split("/")[0] == _floor):
            print(f"  {_unit} -> {' '.join(sorted(_units[_unit])) or '-'}")
