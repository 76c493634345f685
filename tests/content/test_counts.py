"""What the Underworlds content holds, per ruleset (the numbers in docs/content.md): loading the shipped
files afresh fails on the first file that does not validate, and a change in the counts must update that page."""
from __future__ import annotations

from pathlib import Path

import pytest

from app.content import files
from app.content.underworlds import library, listing

CONTENT_PAGE = Path(__file__).resolve().parents[2] / "docs" / "content.md"

# ruleset -> (decks offered, their cards, warbands offered, of those with every number the game needs)
PER_RULESET = {
    "underworlds/deathgorge": (32, 1024, 28, 2),
    "underworlds/dreadfane": (65, 1502, 26, 2),
    "underworlds/shadespire": (65, 1502, 26, 2),
}
TOTAL = {"decks": 109, "cards": 2910, "warbands": 69, "printings": 47, "printings_complete": 21}


@pytest.fixture(scope="module")
def lib():
    return library.load_from(files.ROOT)   # uncached: every file validated again


def counts(lib, ruleset: str) -> tuple[int, int, int, int]:
    decks = [d for d in lib.all("underworlds", "decks") if listing.offers_deck(d, ruleset)]
    warbands = [w for w in lib.all("underworlds", "warbands") if listing.offered_printings(w, ruleset)]
    complete = [w for w in warbands
                if not any(listing.needs_typing(f) for f in listing.offered_printings(w, ruleset)[0]["fighters"])]
    return len(decks), sum(len(d["cards"]) for d in decks), len(warbands), len(complete)


@pytest.mark.parametrize("ruleset", sorted(PER_RULESET))
def test_what_each_ruleset_offers(lib, ruleset):
    """Decks, cards and warbands each ruleset offers, and how many warbands start with nothing to type."""
    assert counts(lib, ruleset) == PER_RULESET[ruleset]


def test_totals(lib):
    """Everything loaded, later editions included (kept for when their rules exist)."""
    printings = [p for w in lib.all("underworlds", "warbands") for p in w["printings"]]
    assert {
        "decks": len(lib.all("underworlds", "decks")),
        "cards": sum(len(d["cards"]) for d in lib.all("underworlds", "decks")),
        "warbands": len(lib.all("underworlds", "warbands")),
        "printings": len(printings),
        "printings_complete": sum(not any(listing.needs_typing(f) for f in p["fighters"]) for p in printings),
    } == TOTAL


def test_the_content_page_states_these_numbers():
    """docs/content.md's content table carries the same numbers (a count changed: update both)."""
    text = CONTENT_PAGE.read_text(encoding="utf-8")
    for ruleset, (decks, cards, warbands, complete) in PER_RULESET.items():
        assert f"| `{ruleset}` | {decks} | {cards:,} | {warbands} | {complete} |" in text, ruleset
    assert f"{TOTAL['decks']} card lists ({TOTAL['cards']:,} cards)" in text
    assert f"{TOTAL['warbands']} warbands ({TOTAL['printings']} printings" in text


def test_every_record_names_its_edition_and_sources(lib):
    """Each deck and printing says which generation of the cards it is and where its facts come from."""
    for deck in lib.all("underworlds", "decks"):
        assert deck["edition"] in ("original", "first", "second") and deck["sources"], deck["id"]
    for warband in lib.all("underworlds", "warbands"):
        for printing in warband["printings"]:
            assert printing["edition"] in ("original", "first", "second") and printing["sources"], printing["id"]
    # Card facts only: a card's own-words effect is short, and none carries printed rules text fields.
    for deck in lib.all("underworlds", "decks"):
        for card in deck["cards"]:
            assert not {"text", "rules", "flavour"} & set(card), card["name"]
