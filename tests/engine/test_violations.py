"""Each ruleset declares its violation codes once (violations.py) and its checks build violations only from them."""
import ast
from pathlib import Path

import pytest

from app.engine import registry
from app.engine.core import CORE_CODES

ENGINE = Path(__file__).resolve().parents[2] / "app" / "engine"
DECLARING = {"conquest/core": "conquest", "battlelore/second-edition": "battlelore"}


def _calls(package: str, names: set[str]) -> list[str]:
    found = []
    for path in sorted((ENGINE / package).rglob("*.py")):
        if path.name == "violations.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names:
                found.append(f"{path.name}:{node.lineno}")
    return found


@pytest.mark.parametrize("ruleset_id", DECLARING)
def test_checks_build_violations_only_from_declared_codes(ruleset_id):
    assert _calls(DECLARING[ruleset_id], {"Violation", "structural"}) == []


@pytest.mark.parametrize("ruleset_id", DECLARING)
def test_every_declared_code_is_raised_by_a_check(ruleset_id):
    package = ENGINE / DECLARING[ruleset_id]
    used = {node.attr for path in package.rglob("*.py") if path.name != "violations.py"
            for node in ast.walk(ast.parse(path.read_text())) if isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name) and node.value.id == "V"}
    rs = registry.get(ruleset_id)
    assert {code.code.upper() for code in rs.codes} - used == set()


@pytest.mark.parametrize("ruleset_id", DECLARING)
def test_the_catalogue_lists_every_code_with_its_rules(ruleset_id):
    rs = registry.get(ruleset_id)
    listed = {entry["code"]: entry for entry in rs.violations()}
    assert {code.code for code in CORE_CODES} | {code.code for code in rs.codes} == set(listed)
    for code in rs.codes:
        assert listed[code.code]["meaning"] == code.meaning and listed[code.code]["rules"]
        assert set(map(str, code.rules)) <= set(listed[code.code]["rules"])
