"""How app/'s modules import each other: no circle anywhere, and the pure parts (the rules engine, a tournament's
fold with everything it is made of) import nothing of the web, the store or the service around them."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "app"
# What a pure part must not import (by module name or its prefix): it would tie the rules to one way of serving them.
OUTSIDE = ("flask", "flask_socketio", "socketio", "eventlet", "gevent", "app.api", "app.live", "app.service",
           "app.store", "app.web", "app.server", "app.tournaments.web", "app.tournaments.live")


def module_files() -> dict[str, Path]:
    """{dotted module name: its file} for every module of app/ (a package by its __init__.py)."""
    out = {}
    for path in APP.rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules `name` imports when it is loaded (module level; `from pkg import sub` counts as sub when sub is a
    module, as Python loads it), in app/ by their names and outside it by their top-level name."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([node.module] if node.module else []))
            subs = {f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in known}
            out.update(subs)
            if len(subs) < len(node.names):
                out.add(base)
    return {m for m in out if m != name}


def graph() -> dict[str, set[str]]:
    """Each app/ module's imports."""
    known = module_files()
    return {name: imports_of(name, path, known) for name, path in known.items()}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for start in edges:
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start] & edges.keys())))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child] & edges.keys()))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def reached(edges: dict[str, set[str]], roots: list[str]) -> set[str]:
    """Every app/ module the roots load, the roots included."""
    seen, todo = set(), list(roots)
    while todo:
        name = todo.pop()
        if name in seen or name not in edges:
            continue
        seen.add(name)
        todo.extend(edges[name])
    return seen


def test_the_circle_finder_finds_a_circle_and_only_it():
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e"}}
    assert circles(edges) == [["a", "b", "c"]]


def test_no_module_of_app_imports_itself_round_a_circle():
    assert circles(graph()) == []


def test_the_engine_and_a_tournaments_fold_import_nothing_of_the_web_the_store_or_the_service():
    edges = graph()
    pure = reached(edges, [m for m in edges if m.startswith("app.engine")] + ["app.tournaments.model"])
    assert "app.tournaments.cut" in pure and "app.engine.underworlds.ruleset" in pure
    tied = {m: sorted(i for i in edges[m] if i.startswith(OUTSIDE)) for m in pure}
    assert not {m: i for m, i in tied.items() if i}
