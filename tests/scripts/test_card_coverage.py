"""scripts/card_coverage.py: the coverage per deck, its exit code when a named deck has unknown cards, and the
table docs/content.md gives."""
import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("card_coverage", ROOT / "scripts" / "card_coverage.py")
card_coverage = sys.modules.setdefault("card_coverage", importlib.util.module_from_spec(_spec))
_spec.loader.exec_module(card_coverage)


def test_a_deck_the_engine_knows_whole_passes_and_lists_nothing_unknown(capsys):
    assert card_coverage.main(["cyrenis-razors-rivals"]) == 0
    out = capsys.readouterr().out
    assert "cyrenis-razors-rivals" in out and "unknown:" not in out


def test_a_deck_with_unknown_cards_names_them_and_fails(capsys):
    """The second edition's decks carry no behaviour data yet (their rules are not in the app)."""
    assert card_coverage.main(["blazing-assault"]) == 1
    assert "unknown: BL1 Strike the Head (objective)" in capsys.readouterr().out


def test_no_such_deck_is_refused(capsys):
    assert card_coverage.main(["no-such-deck"]) == 2


def test_the_docs_give_one_run_of_the_table(capsys):
    assert card_coverage.main(["--markdown"]) == 0
    table = capsys.readouterr().out.strip()
    assert table in (ROOT / "docs" / "content.md").read_text(encoding="utf-8")


def test_conquest_core_set_has_no_unknown_card_and_the_docs_give_one_run(capsys):
    """Conquest: every core set card (the seven starter decks and the neutral cards) has a record."""
    assert card_coverage.main(["--conquest", "--markdown"]) == 0
    table = capsys.readouterr().out.strip()
    assert "| all | 174 |" in table and table.endswith("| 0 |")
    assert table in (ROOT / "docs" / "content.md").read_text(encoding="utf-8")
