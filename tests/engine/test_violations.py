"""Each ruleset declares its violation codes once (a ViolationCodes registry) and its checks build violations only
from them; the catalogue lists them all. Covers every ruleset that declares its codes."""
import ast
import importlib
from pathlib import Path

import pytest

from app.engine import registry
from app.engine.core import CORE_CODES

ENGINE = Path(__file__).resolve().parents[2] / "app" / "engine"
DECLARING = [rid for rid in registry.KNOWN if registry.get(rid).codes is not None]


def _package(ruleset_id: str) -> Path:
    path = Path(importlib.import_module(type(registry.get(ruleset_id)).__module__).__file__).resolve()
    while path.parent != ENGINE:
        path = path.parent
    return path


def _trees(ruleset_id: str) -> dict[Path, ast.Module]:
    return {path: ast.parse(path.read_text()) for path in sorted(_package(ruleset_id).rglob("*.py"))}


def _declarations(trees) -> dict[str, tuple[Path, str]]:
    """code -> (module, constant) for every `CONSTANT = <registry>.declare("code", ...)` (or .structural)."""
    out = {}
    for path, tree in trees.items():
        for node in tree.body:
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) \
                    and isinstance(node.value.func, ast.Attribute) and node.value.func.attr in ("declare", "structural"):
                out[node.value.args[0].value] = (path, node.targets[0].id)
    return out


def test_the_games_declare_their_codes():
    assert {"conquest/core", "battlelore/second-edition"} <= set(DECLARING)


@pytest.mark.parametrize("ruleset_id", DECLARING)
def test_checks_build_violations_only_from_declared_codes(ruleset_id):
    trees = _trees(ruleset_id)
    declaring = {path for path, _ in _declarations(trees).values()}
    built = [f"{path.name}:{node.lineno}" for path, tree in trees.items() if path not in declaring
             for node in ast.walk(tree) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
             and node.func.id in ("Violation", "structural")]
    assert built == []


@pytest.mark.parametrize("ruleset_id", DECLARING)
def test_every_declared_code_is_raised_by_a_check(ruleset_id):
    trees = _trees(ruleset_id)
    declared = _declarations(trees)
    used = {node.attr if isinstance(node, ast.Attribute) else node.id for path, tree in trees.items()
            for node in ast.walk(tree) if isinstance(node, (ast.Attribute, ast.Name))
            and isinstance(getattr(node, "ctx", None), ast.Load)}
    assert {code.code for code in registry.get(ruleset_id).codes} <= set(declared)
    assert [code for code, (_, constant) in declared.items() if constant not in used] == []


@pytest.mark.parametrize("ruleset_id", DECLARING)
def test_the_catalogue_lists_every_code_with_its_rules(ruleset_id):
    rs = registry.get(ruleset_id)
    listed = {entry["code"]: entry for entry in rs.violations()}
    assert {code.code for code in CORE_CODES} | {code.code for code in rs.codes} == set(listed)
    for code in rs.codes:
        assert listed[code.code]["meaning"] == code.meaning and listed[code.code]["rules"]
        assert set(map(str, code.rules)) <= set(listed[code.code]["rules"])
