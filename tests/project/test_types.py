"""The type checker's place: .ci/run runs mypy on app/ after ruff, the engine and a tournament's fold strictly, the
rest with nothing relaxed, and a state's declared shape catches a misspelled key."""
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_ci_checks_the_types_of_app_after_ruff():
    lines = (ROOT / ".ci" / "run").read_text().splitlines()
    ruff = next(i for i, line in enumerate(lines) if "-m ruff check ." in line)
    mypy = next(i for i, line in enumerate(lines) if "-m mypy app" in line)
    assert ruff < mypy < next(i for i, line in enumerate(lines) if line.strip().startswith("scripts/test"))


STRICT = ("disallow_untyped_defs", "disallow_incomplete_defs", "disallow_untyped_calls", "disallow_any_generics",
          "disallow_untyped_decorators", "warn_return_any", "check_untyped_defs", "no_implicit_reexport",
          "strict_equality")


def test_the_engine_is_checked_strictly():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    engine = [o for o in config["overrides"] if "app.engine.*" in o["module"]]
    assert engine and all(engine[0].get(flag) is True for flag in STRICT), engine
    loose = [o for o in config["overrides"] if any(m.startswith("app.engine") for m in o["module"])
             and (o.get("disable_error_code") or o.get("strict_optional") is False or o.get("ignore_errors"))]
    assert not loose, "the engine has no relaxed checks"


def test_the_tournaments_narrow_every_optional():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    loose = [o["module"] for o in config["overrides"] if o.get("strict_optional") is False
             and any(m.startswith("app.tournaments") for m in o["module"])]
    assert not loose, "app.tournaments is checked with strict_optional"


def test_nothing_in_app_is_checked_with_a_check_relaxed():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    loose = [o["module"] for o in config["overrides"] if o.get("disable_error_code") or o.get("ignore_errors")
             or o.get("strict_optional") is False]
    assert not loose, "every override makes the checks stricter, none relaxes one"


def test_a_tournaments_fold_is_checked_as_strictly_as_the_engine():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    fold = [o for o in config["overrides"] if "app.tournaments.model" in o["module"]]
    assert fold and all(fold[0].get(flag) is True for flag in STRICT), fold
    assert "app.tournaments.types" in fold[0]["module"]


def test_a_misspelled_state_key_is_an_error(tmp_path):
    api = pytest.importorskip("mypy.api", reason="mypy is installed by scripts/setup (the test extra)")
    probe = tmp_path / "probe.py"
    probe.write_text("from app.engine.underworlds.state import UnderworldsState\n\n\n"
                     "def glory_of(state: UnderworldsState, seat: str) -> int:\n"
                     "    return state['seats'][seat]['glroy']['unspent']\n")
    out, _, status = api.run([str(probe), "--config-file", str(ROOT / "pyproject.toml"),
                              "--cache-dir", str(tmp_path / "cache")])
    assert status == 1 and '"glroy"' in out, out
