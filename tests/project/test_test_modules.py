"""How the test modules are put together: no test module imports another one (what several share lives in a helper
module beside them, such as tests/api/tournament_helpers.py or tests/e2e/flows.py, and a shared fixture in a
conftest.py), and every browser test module carries the e2e marker, so `-m "not e2e"` leaves out every browser test."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"


def dotted(path: Path) -> str:
    """A test file's module name: tests/api/test_flags.py is tests.api.test_flags."""
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def imported_test_modules(name: str, source: str) -> list[str]:
    """The test modules of tests/ (a last part named test_*) that the module `name` imports, anywhere in its source,
    by their full names: `from .test_x import y`, `from . import test_x`, `import tests.api.test_x` and the like."""
    package = name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([node.module] if node.module else []))
            found |= {base} | {f"{base}.{alias.name}" for alias in node.names if alias.name.startswith("test_")}
    return sorted(m for m in found if m.startswith("tests.") and m.rpartition(".")[2].startswith("test_"))


def marks(source: str) -> set[str]:
    """The markers a module's own `pytestmark` gives all its tests (`pytest.mark.x`, or a list of them)."""
    out: set[str] = set()
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets):
            values = node.value.elts if isinstance(node.value, (ast.List, ast.Tuple)) else [node.value]
            out |= {ast.unparse(v).removeprefix("pytest.mark.") for v in values}
    return out


def test_the_finder_finds_every_way_of_importing_a_test_module_and_only_those():
    source = ("from .test_tournaments import link\nfrom . import test_game as game\nimport tests.api.test_flags\n"
              "from tests.engine.test_core_passes import Echo\nfrom ..support import test_data\n"
              "from .tournament_helpers import auth\nfrom . import flows\nimport pytest\n"
              "def later():\n    from .test_log_desk import entry\n")
    assert imported_test_modules("tests.e2e.test_x", source) == [
        "tests.api.test_flags", "tests.e2e.test_game", "tests.e2e.test_log_desk", "tests.e2e.test_tournaments",
        "tests.engine.test_core_passes", "tests.support.test_data"]


def test_no_test_module_imports_another_test_module():
    """A test module holds its tests: what another test module uses too (a helper, a fixture, a whole scenario) lives
    in a helper module beside them or in a conftest.py, where it is looked for."""
    found = {}
    for path in sorted(TESTS.rglob("test_*.py")):
        imported = imported_test_modules(dotted(path), path.read_text(encoding="utf-8"))
        if imported:
            found[str(path.relative_to(ROOT))] = imported
    assert found == {}


def test_the_marker_reader_reads_one_marker_or_a_list():
    assert marks("import pytest\npytestmark = pytest.mark.e2e\n") == {"e2e"}
    assert marks("pytestmark = [pytest.mark.live, pytest.mark.multiprocess]\n") == {"live", "multiprocess"}
    assert marks("import pytest\n\n@pytest.mark.e2e\ndef test_x():\n    pass\n") == set()


def test_every_browser_test_module_carries_the_e2e_marker():
    """The browser tests are marked per module, as the live ones are (a conftest.py's pytestmark marks nothing)."""
    unmarked = [str(path.relative_to(ROOT)) for path in sorted((TESTS / "e2e").glob("test_*.py"))
                if "e2e" not in marks(path.read_text(encoding="utf-8"))]
    assert unmarked == []
