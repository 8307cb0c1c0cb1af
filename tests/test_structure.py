"""The package's module structure: no import circle, counting imports inside functions too (a
circle hidden in a function is still one)."""
import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "pyopenvx"


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


def test_the_context_and_the_registry_stay_below_the_graph_manager():
    graph = _graph()
    assert not any(t.startswith("pyopenvx.kernels") for t in graph["pyopenvx.context"])
    assert "pyopenvx.graph" not in graph["pyopenvx.kernels.registry"]
