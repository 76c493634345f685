"""The registry's rules version: a hash of the code a game's rules come from, the core's every part included."""
from __future__ import annotations

import ast
from pathlib import Path

from app.engine import core, registry

ENGINE = Path(core.__file__).resolve().parent


def engine_imports(name: str) -> set[str]:
    """The engine's top-level modules that `name` imports (relative imports of app/engine/<name>.py)."""
    tree = ast.parse((ENGINE / f"{name}.py").read_text())
    return {node.module.split(".")[0] for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module
            and (ENGINE / f"{node.module.split('.')[0]}.py").exists()}


def test_every_module_the_core_is_made_of_is_hashed_into_the_rules_version():
    seen, todo = set(), ["core"]
    while todo:
        for part in engine_imports(todo.pop()) - seen:
            seen.add(part)
            todo.append(part)
    assert seen == set(core.PARTS)


def test_a_change_to_a_part_of_the_core_changes_every_rules_version(tmp_path, monkeypatch):
    before = registry.rules_version("test/tally")
    copy = tmp_path / "engine"
    copy.mkdir()
    for path in ENGINE.glob("*.py"):
        (copy / path.name).write_bytes(path.read_bytes())
    (copy / "fields.py").write_text((ENGINE / "fields.py").read_text() + "\n# changed\n")
    monkeypatch.setattr(core, "__file__", str(copy / "core.py"))
    registry._rules_version.cache_clear()
    try:
        assert registry.rules_version("test/tally") != before
    finally:
        monkeypatch.undo()
        registry._rules_version.cache_clear()
    assert registry.rules_version("test/tally") == before
