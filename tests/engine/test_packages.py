"""The engine's game packages import each other in one direction: no import cycles, no imports inside functions."""
import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "app" / "engine"
PACKAGES = sorted(p for p in ENGINE.iterdir() if (p / "__init__.py").exists())


def _graph(package: Path) -> dict[str, set[str]]:
    """Module -> modules of the same package it imports at module level ("editions.flow"; "" is the package)."""
    graph: dict[str, set[str]] = {}
    for path in package.rglob("*.py"):
        parts = list(path.relative_to(package).with_suffix("").parts)
        home = parts[:-1]  # the package the module is in, relative to `package`
        name = ".".join(home if parts[-1] == "__init__" else parts)
        deps = set()
        for node in ast.parse(path.read_text()).body:
            if not isinstance(node, ast.ImportFrom) or not node.level or node.level - 1 > len(home):
                continue  # absolute, or above the package (..core)
            base = home[:len(home) - (node.level - 1)]
            if node.module:
                deps.add(".".join([*base, *node.module.split(".")]))
            else:
                deps |= {".".join([*base, alias.name]) for alias in node.names}
        graph[name] = deps
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}

    def visit(node: str, path: list[str]) -> list[str] | None:
        state[node] = 1
        for dep in graph.get(node, ()):
            if dep not in graph:
                continue
            if state.get(dep) == 1:
                return [*path[path.index(dep):], dep] if dep in path else [node, dep]
            if not state.get(dep):
                found = visit(dep, [*path, dep])
                if found:
                    return found
        state[node] = 2
        return None

    for start in graph:
        if not state.get(start):
            found = visit(start, [start])
            if found:
                return found
    return None


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_no_import_cycles(package):
    assert _cycle(_graph(package)) is None


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_no_imports_inside_functions(package):
    inside = []
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inside += [f"{path.name}:{n.lineno}" for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert inside == []
