"""scripts/replay_digest.py: the digest is the same for the same games, changes with what the engine answers, and
--check tells an identical run from a different one."""
import importlib.util
import sys
from pathlib import Path

import pytest

from app.engine import registry

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("replay_digest", ROOT / "scripts" / "replay_digest.py")
replay_digest = sys.modules.setdefault("replay_digest", importlib.util.module_from_spec(_spec))
_spec.loader.exec_module(replay_digest)

SMALL = {"games": 1, "max_events": 25}


def test_the_same_games_give_the_same_digest():
    first = replay_digest.report(["battlelore/second-edition"], **SMALL)
    assert replay_digest.report(["battlelore/second-edition"], **SMALL) == first
    assert first.splitlines()[0].startswith("battlelore/second-edition ")
    assert first.splitlines()[-1].startswith("all ")


def test_a_changed_answer_changes_the_digest(monkeypatch):
    before = replay_digest.ruleset_digest("battlelore/second-edition", **SMALL)
    rs = registry.get("battlelore/second-edition")
    plain_view = type(rs).view
    monkeypatch.setattr(type(rs), "view", lambda self, state, seat: {**plain_view(self, state, seat), "x": 1})
    assert replay_digest.ruleset_digest("battlelore/second-edition", **SMALL) != before


def test_check_compares_with_a_stored_run(tmp_path, capsys):
    stored = tmp_path / "digest.txt"
    stored.write_text(replay_digest.report(["battlelore/second-edition"], **SMALL))
    args = ["battlelore/second-edition", "--games", "1", "--max-events", "25", "--check", str(stored)]
    assert replay_digest.main(args) == 0
    assert "identical" in capsys.readouterr().out
    stored.write_text("battlelore/second-edition 0\n")
    assert replay_digest.main(args) == 1
    assert "DIFFERS" in capsys.readouterr().out


@pytest.mark.parametrize("ruleset_id", list(replay_digest.SETUPS))
def test_every_sample_ruleset_is_digested(ruleset_id):
    assert len(replay_digest.ruleset_digest(ruleset_id, games=1, max_events=5)) == 64
