"""scripts/rules_index.py: the committed rule index is the one the code generates, and it finds what cites a rule."""
import importlib.util
import sys
from pathlib import Path

import pytest

from app.engine.core import Rule

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("rules_index", ROOT / "scripts" / "rules_index.py")
rules_index = sys.modules.setdefault("rules_index", importlib.util.module_from_spec(_spec))
_spec.loader.exec_module(rules_index)


@pytest.fixture(scope="module")
def index() -> str:
    return rules_index.render()


def test_the_committed_index_is_current(index):
    assert (ROOT / "docs" / "rules-index.md").read_text() == index, \
        "docs/rules-index.md is not current: run python scripts/rules_index.py and commit it"


def test_the_committed_headings_are_the_rulebooks_where_they_are_here():
    if not all((rules_index.RULES_DIR / name).exists() for name in rules_index.BOOK_FILES.values()):
        pytest.skip("the extracted rulebooks are not on this machine; the committed headings are used")
    assert rules_index.HEADINGS.read_text() == rules_index.headings_json()


def test_the_rulebooks_are_found_beside_the_repository_or_where_tw_rules_dir_says():
    assert rules_index.rules_dir({}) == ROOT / ".." / "shared" / "rules"
    assert rules_index.rules_dir({"TW_RULES_DIR": "books"}) == ROOT / "books"  # relative to the repository
    assert rules_index.rules_dir({"TW_RULES_DIR": "/srv/books"}) == Path("/srv/books")


def _section(index: str, heading: str) -> str:
    start = index.index(f"- **{heading}**")
    end = index.find("\n- **", start + 1)
    return index[start:end]


def test_a_section_lists_its_checks_consequences_and_tests(index):
    shields = _section(index, "3. Combat, Shields")
    assert "`one_shield` (conquest/damage.py)" in shields
    assert "`damage_prevented` (conquest/damage.py)" in shields
    assert "tests/engine/conquest/test_damage.py" in shields
    assert "`poison_dice` (battlelore/combat.py)" in _section(index, "Other rules, Poison")


def test_every_game_and_its_books_are_indexed_with_the_sections_no_code_cites(index):
    for title in ("## Warhammer 40,000: Conquest", "## BattleLore Second Edition", "## Warhammer Underworlds",
                  "### Deathgorge rulebook", "### Dreadfane rulebook (2019)", "### Shadespire rulebook (2018)"):
        assert title in index
    assert "Headings of this book no citation names:" in index


def test_citations_split_into_book_section_and_page():
    books = ["Warhammer 40,000: Conquest rules summary", "Deathgorge rulebook"]
    assert rules_index.split_citation(Rule("Deathgorge rulebook", "Push", 19), books) == \
        ("Deathgorge rulebook", "Push", "19")
    assert rules_index.split_citation("Deathgorge rulebook, Advanced rules, Push (pg 19)", books) == \
        ("Deathgorge rulebook", "Advanced rules, Push", "19")
    assert rules_index.split_citation("Warhammer 40,000: Conquest rules summary, 3. Combat, Shields", books) == \
        ("Warhammer 40,000: Conquest rules summary", "3. Combat, Shields", None)
    assert rules_index.split_citation("Tablewarden: the event log", books) == ("Tablewarden", "the event log", None)
