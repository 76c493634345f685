"""The cards' behaviour data (content/underworlds/cards/): every term is one the engine knows and acts on, the
coverage the issue of card data asks for holds, and a bad behaviour file stops loading with its file, card and term."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from app.content.errors import ContentError
from app.content.underworlds.library import load, load_from
from app.engine.underworlds import card_effects, card_terms, conditions, tally
from app.engine.underworlds.coverage import CORE_SET_DECKS, DEATHGORGE_DECKS, classify, tally_deck
from tests.engine.underworlds.helpers import RS, started
from tests.support.play import underworlds_setup

CONTENT = Path(__file__).resolve().parents[3] / "content"


def _cards():
    for deck in load().all("underworlds", "decks"):
        yield from ((deck, card) for card in deck["cards"])


def test_every_card_names_only_terms_the_engine_knows():
    """card_terms.problems() passes every card of every deck (as the loader checks them)."""
    bad = [(d["id"], c["name"], card_terms.problems(c)) for d, c in _cards() if card_terms.problems(c)]
    assert not bad


def test_every_term_has_its_reader_in_the_engine():
    """Each clause has an evaluator (conditions.py), each tally fact is counted (tally.py), each fighter state is
    read (state.is_state), each effect kind is applied (card_effects.py)."""
    assert set(card_terms.CLAUSES) | {"round", "turn"} == set(conditions.CLAUSES)
    assert set(card_terms.TALLY_FACTS) == set(tally.RECORDED)
    state = started(setup=underworlds_setup(2))
    for status in card_terms.FIGHTER_IS:
        assert conditions.fighter_is(state, "p1.leader", status) in (True, False)
    for kind in card_terms.EFFECT_KINDS:
        effect = {"kind": kind, "to": "chosen_enemy", "amount": 1, "token": "guard", "deck": "power"}
        card = {"name": "Test", "type": "ploy", "does": [effect]}
        assert not card_terms.problems(card) or kind in ("glory", "draw")
        game = started(setup=underworlds_setup(2))
        game["fighters"]["p2.brute"]["damage"] = 1            # something to heal
        game["fighters"]["p2.brute"]["tokens"]["guard"] = 1   # something to remove
        cons = card_effects.apply(RS, game, "p1", card, {"chosen": "p2.brute"})
        assert cons and cons[0].type == "card_effect" and cons[0].rule == "Card: Test", kind


def test_conditions_name_only_what_the_game_tracks():
    """A clause of a condition reads the tally, the fighters, glory, hands, the round or the moment: what is not
    tracked is an ask, which the app puts to the players."""
    for _deck, card in _cards():
        cond = card.get("condition")
        if not cond:
            continue
        for clause in _flat(cond.get("all") or cond.get("any") or []):
            (key, body), = clause.items()
            assert key in conditions.CLAUSES or key == "ask", (card["name"], key)
            if key == "ask":
                assert body in card_terms.ASK


def _flat(clauses):
    for clause in clauses:
        (key, body), = clause.items()
        if key in ("any", "all"):
            yield from _flat(body)
        else:
            yield clause


def test_coverage_the_core_sets_know_every_card_and_the_rivals_decks_nearly_all():
    """The Deathgorge core set's four decks and the 2018/2019 core sets' cards: no unknown card; all 32
    first-edition Rivals decks: at most 5% unknown (scripts/card_coverage.py prints the same counts)."""
    lib = load()
    for did in (*DEATHGORGE_DECKS, *CORE_SET_DECKS):
        assert tally_deck(lib.deck(did))["unknown"] == 0, did
    first = [d for d in lib.all("underworlds", "decks") if d["edition"] == "first"]
    assert len(first) == 32
    cards = [c for d in first for c in d["cards"]]
    assert sum(classify(c) == "unknown" for c in cards) <= 0.05 * len(cards)


def test_a_power_step_gambit_is_never_classified_a_reaction():
    """Healing Ward-like cards (played in a power step) carry `play: power_step` and no reaction step."""
    for _deck, card in _cards():
        if card.get("play") == "power_step":
            assert not card.get("reaction"), card["name"]


@pytest.fixture
def content_copy(tmp_path: Path) -> Path:
    """A copy of the shipped content to break."""
    root = tmp_path / "content"
    shutil.copytree(CONTENT, root)
    return root


def _behaviour(root: Path, text: str) -> None:
    (root / "underworlds" / "cards" / "cyrenis-razors-rivals.yaml").write_text(text, encoding="utf-8")


def test_an_unknown_term_stops_loading_naming_file_card_and_term(content_copy: Path):
    _behaviour(content_copy, "id: cyrenis-razors-rivals\ngame: underworlds\nread: test\ncards:\n"
                             "  CR1:\n    name: Crashing Crescendo\n"
                             "    condition: {at: after_attack, all: [{weather: {rain: true}}]}\n")
    with pytest.raises(ContentError) as exc:
        load_from(content_copy)
    text = str(exc.value)
    assert "cyrenis-razors-rivals.yaml" in text and "CR1" in text and "weather" in text


def test_a_behaviour_entry_must_name_the_decks_card(content_copy: Path):
    _behaviour(content_copy, "id: cyrenis-razors-rivals\ngame: underworlds\nread: test\ncards:\n"
                             "  CR1:\n    name: Something Else\n    condition: {at: after_attack, all: [{round: 1}]}\n")
    with pytest.raises(ContentError, match="is not the deck's 'Crashing Crescendo'"):
        load_from(content_copy)


def test_a_field_set_in_both_files_stops_loading(content_copy: Path):
    """One place for each field: a behaviour entry cannot repeat what the deck file sets (here a glory value)."""
    _behaviour(content_copy, "id: cyrenis-razors-rivals\ngame: underworlds\nread: test\ncards:\n"
                             "  CR23:\n    name: Channelled Torment\n    restrictions: [cyreni]\n")
    deck = content_copy / "underworlds" / "decks" / "cyrenis-razors-rivals.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace(
        "{name: Channelled Torment, number: CR23, type: upgrade}",
        "{name: Channelled Torment, number: CR23, type: upgrade, restrictions: [cyreni]}"), encoding="utf-8")
    with pytest.raises(ContentError, match="already sets it"):
        load_from(content_copy)
