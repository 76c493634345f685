"""Deck validation per format (app/engine/underworlds/decks.py): one test per deck-building rule."""
from __future__ import annotations

import pytest

from app.engine.underworlds.decks import validate_deck

WARBAND = {"id": "cyrenis-razors", "grand_alliance": "order"}
OWN = {"id": "cyrenis-razors-rivals", "kind": "rivals", "symbol": "cyrenis-razors", "warband": "cyrenis-razors",
       "plot": None, "complete": True}
UNIVERSAL = {"id": "force-of-frost", "kind": "rivals", "symbol": "universal", "warband": None, "plot": None, "complete": True}
OTHER_UNIVERSAL = {"id": "breakneck-slaughter", "kind": "rivals", "symbol": "universal", "warband": None, "plot": "Breakneck plot",
                   "complete": True}
FOREIGN = {"id": "thricefold-discord-rivals", "kind": "rivals", "symbol": "thricefold-discord", "warband": "thricefold-discord",
           "plot": None, "complete": True}
# An older product's loose cards: the pool a deck is built from, not a Rivals deck.
STEELHEART = {"id": "steelhearts-champions-shadespire", "kind": "collection", "symbol": "steelhearts-champions",
              "warband": "steelhearts-champions", "plot": None, "complete": False}
CORE_UNIVERSAL = {"id": "shadespire-universal", "kind": "collection", "symbol": "universal", "warband": None,
                  "plot": None, "complete": False}


def card(name, type_="ploy", scoring=None, deck=OWN):
    return {"name": name, "type": type_, "scoring": scoring, "symbol": deck["symbol"], "deck": deck["id"]}


def objectives(n, surge=0, deck=OWN, prefix="O"):
    return [card(f"{prefix}{i}", "objective", "surge" if i < surge else "end", deck) for i in range(n)]


def power(n, gambits=None, deck=OWN, prefix="P"):
    gambits = n // 2 if gambits is None else gambits
    return [card(f"{prefix}{i}", "ploy" if i < gambits else "upgrade", deck=deck) for i in range(n)]


def deck(objs, pows, rivals=(OWN,), plots=()):
    return {"objectives": objs, "power": pows, "rivals": list(rivals), "plots": list(plots)}


def codes(problems):
    return [p.code for p in problems]


# -- Rivals --------------------------------------------------------------------------------------

def test_rivals_own_deck_is_legal():
    """Rivals format: the warband's own Rivals deck, as it comes (Ways to play: Rivals, pg 40)."""
    assert validate_deck("rivals", WARBAND, deck(objectives(12, 3), power(20))) == []


def test_rivals_universal_deck_is_legal():
    """Rivals format: any warband may use a universal Rivals deck (The decks, pg 7)."""
    d = deck(objectives(12, deck=UNIVERSAL), power(20, deck=UNIVERSAL), rivals=[UNIVERSAL])
    assert validate_deck("rivals", WARBAND, d) == []


def test_rivals_other_warbands_deck_is_refused():
    """A warband cannot use another warband's Rivals deck (The decks, pg 7)."""
    d = deck(objectives(12, deck=FOREIGN), power(20, deck=FOREIGN), rivals=[FOREIGN])
    problems = validate_deck("rivals", WARBAND, d)
    assert codes(problems) == ["rivals_other_warband"]
    assert problems[0].rule == "Deathgorge rulebook, The decks (pg 7)"


def test_rivals_exactly_one_deck():
    """Rivals has no deck-building: exactly one Rivals deck (pg 40)."""
    assert "rivals_one_deck" in codes(validate_deck("rivals", WARBAND, deck([], [], rivals=[OWN, UNIVERSAL])))
    assert "rivals_one_deck" in codes(validate_deck("rivals", WARBAND, deck([], [], rivals=[])))


def test_rivals_no_cards_from_elsewhere():
    """Rivals decks are played as they come: no card from another deck (pg 40)."""
    d = deck(objectives(12), power(19) + [card("Intruder", deck=UNIVERSAL)])
    assert codes(validate_deck("rivals", WARBAND, d)) == ["rivals_foreign_card"]


def test_rivals_complete_deck_has_12_and_20():
    """A Rivals deck is 12 objective and 20 power cards (The decks, pg 7); incomplete content is not judged."""
    assert codes(validate_deck("rivals", WARBAND, deck(objectives(11), power(20)))) == ["rivals_incomplete"]
    partial = {**OWN, "complete": False}
    short = deck(objectives(2, deck=partial), power(3, deck=partial), rivals=[partial])
    assert validate_deck("rivals", WARBAND, short) == []


def test_rivals_refuses_a_collection_of_a_warbands_cards():
    """A Rivals deck is pre-built (The decks, pg 7); an older warband without one plays a universal Rivals deck
    (Ways to play: Nemesis, pg 40), not its Shadespire cards."""
    old = {"id": "steelhearts-champions", "grand_alliance": "order"}
    d = deck(objectives(3, deck=STEELHEART), power(5, deck=STEELHEART), rivals=[STEELHEART])
    problems = validate_deck("rivals", old, d)
    assert codes(problems) == ["rivals_not_a_rivals_deck"]
    assert problems[0].rule == "Deathgorge rulebook, Ways to play: Rivals (pg 40)"
    assert "universal Rivals deck" in problems[0].message
    ok = deck(objectives(12, deck=UNIVERSAL), power(20, deck=UNIVERSAL), rivals=[UNIVERSAL])
    assert validate_deck("rivals", old, ok) == []


def test_rivals_refuses_a_core_sets_universal_cards():
    """A core set's universal cards are universal, but not a Rivals deck (The decks, pg 7)."""
    d = deck(objectives(12, deck=CORE_UNIVERSAL), power(20, deck=CORE_UNIVERSAL), rivals=[CORE_UNIVERSAL])
    assert codes(validate_deck("rivals", WARBAND, d)) == ["rivals_not_a_rivals_deck"]


def test_rivals_deck_without_a_kind_is_not_taken_for_one():
    """Only the content says a deck is a Rivals deck: a source without that word is not one."""
    unknown = {k: v for k, v in UNIVERSAL.items() if k != "kind"}
    d = deck(objectives(12, deck=unknown), power(20, deck=unknown), rivals=[unknown])
    assert codes(validate_deck("rivals", WARBAND, d)) == ["rivals_not_a_rivals_deck"]


# -- Nemesis -------------------------------------------------------------------------------------

def nemesis_deck(**kw):
    objs = objectives(6, 2) + objectives(6, 1, UNIVERSAL, "UO")
    pows = power(10, 5) + power(10, 5, UNIVERSAL, "UP")
    return deck(kw.get("objs", objs), kw.get("pows", pows), rivals=kw.get("rivals", [OWN, UNIVERSAL]))


def test_nemesis_legal_deck():
    """Nemesis: own Rivals deck plus one universal Rivals deck, 12+/20+ cards (pg 40)."""
    assert validate_deck("nemesis", WARBAND, nemesis_deck()) == []


def test_nemesis_objective_minimum():
    """Nemesis: 12 or more objective cards (pg 40)."""
    problems = validate_deck("nemesis", WARBAND, nemesis_deck(objs=objectives(11)))
    assert codes(problems) == ["objective_deck_too_small"]
    assert problems[0].rule == "Deathgorge rulebook, Ways to play: Nemesis, Deck-building (pg 40)"


def test_nemesis_surge_limit():
    """Nemesis: no more than 6 surge objectives (pg 40)."""
    assert validate_deck("nemesis", WARBAND, nemesis_deck(objs=objectives(14, 6))) == []
    assert codes(validate_deck("nemesis", WARBAND, nemesis_deck(objs=objectives(14, 7)))) == ["too_many_surge"]


def test_nemesis_power_minimum_and_gambit_limit():
    """Nemesis: 20 or more power cards, no more than half gambits (pg 40)."""
    assert codes(validate_deck("nemesis", WARBAND, nemesis_deck(pows=power(19, 5)))) == ["power_deck_too_small"]
    assert validate_deck("nemesis", WARBAND, nemesis_deck(pows=power(22, 11))) == []
    assert codes(validate_deck("nemesis", WARBAND, nemesis_deck(pows=power(22, 12)))) == ["too_many_gambits"]


def test_nemesis_spells_count_as_gambits():
    """Gambits are ploys and spells (Gambit cards, pg 29)."""
    pows = power(20, 10)
    pows[-1] = {**pows[-1], "type": "spell"}
    assert codes(validate_deck("nemesis", WARBAND, nemesis_deck(pows=pows))) == ["too_many_gambits"]


def test_nemesis_unique_cards():
    """Every card in both decks is unique (Glossary: objective deck, power deck)."""
    objs = objectives(12)
    objs[1] = {**objs[1], "name": "O0"}
    assert codes(validate_deck("nemesis", WARBAND, nemesis_deck(objs=objs))) == ["duplicate_card"]


def test_nemesis_other_deck_must_be_universal():
    """Nemesis: the other Rivals deck must have the universal symbol (pg 40)."""
    objs = objectives(6) + objectives(6, deck=FOREIGN, prefix="F")
    problems = codes(validate_deck("nemesis", WARBAND, nemesis_deck(objs=objs, rivals=[OWN, FOREIGN])))
    assert "nemesis_other_warband" in problems and "nemesis_card_outside_decks" in problems


def test_nemesis_only_one_universal_deck():
    """Nemesis: one other Rivals deck, not two (pg 40)."""
    objs = objectives(6) + objectives(3, deck=UNIVERSAL, prefix="U") + objectives(3, deck=OTHER_UNIVERSAL, prefix="V")
    problems = codes(validate_deck("nemesis", WARBAND,
                                   nemesis_deck(objs=objs, rivals=[OWN, UNIVERSAL, OTHER_UNIVERSAL])))
    assert "nemesis_one_universal" in problems and "nemesis_card_outside_decks" in problems


def test_nemesis_older_warband_uses_its_symbol_cards():
    """Older warbands without a Rivals deck use their warband-symbol cards as their Rivals deck (pg 40)."""
    old = {"id": "garreks-reavers", "grand_alliance": "chaos"}
    garrek = {"id": "garreks-reavers-shadespire", "symbol": "garreks-reavers", "warband": "garreks-reavers",
              "plot": None, "complete": False}
    objs = objectives(6, deck=garrek) + objectives(6, deck=UNIVERSAL, prefix="U")
    pows = power(10, deck=garrek) + power(10, deck=UNIVERSAL, prefix="V")
    assert validate_deck("nemesis", old, deck(objs, pows, rivals=[UNIVERSAL])) == []


def test_nemesis_other_deck_is_a_universal_rivals_deck_not_loose_cards():
    """Nemesis: the other deck is a Rivals deck with the universal symbol (pg 40); a core set's universal cards
    are not one, while an older warband's own symbol cards count as its Rivals deck (same page)."""
    old = {"id": "steelhearts-champions", "grand_alliance": "order"}
    objs = objectives(6, deck=STEELHEART) + objectives(6, deck=CORE_UNIVERSAL, prefix="U")
    pows = power(10, deck=STEELHEART) + power(10, deck=CORE_UNIVERSAL, prefix="V")
    problems = validate_deck("nemesis", old, deck(objs, pows, rivals=[STEELHEART, CORE_UNIVERSAL]))
    assert codes(problems) == ["nemesis_not_a_rivals_deck", "nemesis_card_outside_decks"]
    assert all(p.rule == "Deathgorge rulebook, Ways to play: Nemesis, Deck-building (pg 40)" for p in problems)
    objs = objectives(6, deck=STEELHEART) + objectives(6, deck=UNIVERSAL, prefix="U")
    pows = power(10, deck=STEELHEART) + power(10, deck=UNIVERSAL, prefix="V")
    assert validate_deck("nemesis", old, deck(objs, pows, rivals=[STEELHEART, UNIVERSAL])) == []


# -- Relic ---------------------------------------------------------------------------------------

def relic_card(name, symbol, type_="upgrade"):
    return {"name": name, "type": type_, "scoring": None, "symbol": symbol, "deck": None}


def test_relic_symbols():
    """Relic: only warband, same Grand Alliance or universal cards (Ways to play: Relic)."""
    pows = power(17, 5) + [relic_card("Order card", "order"), relic_card("Any card", "universal"),
                           relic_card("Chaos card", "chaos")]
    problems = validate_deck("relic", WARBAND, deck(objectives(12), pows))
    assert codes(problems) == ["relic_symbol"] and "Chaos card" in problems[0].message
    assert problems[0].rule == "Deathgorge rulebook, Ways to play: Relic, Deck-building (pg 40-41)"
    pows[-1] = relic_card("Thricefold card", "thricefold-discord")
    assert codes(validate_deck("relic", WARBAND, deck(objectives(12), pows))) == ["relic_symbol"]


def test_relic_unknown_alliance_says_so():
    """A warband with no known Grand Alliance cannot use Grand Alliance cards until it is entered."""
    pows = power(19, 5) + [relic_card("Order card", "order")]
    problems = validate_deck("relic", {"id": "custom", "grand_alliance": None}, deck(objectives(12), pows))
    assert "Grand Alliance is not known" in problems[0].message


def test_relic_sizes_and_uniqueness():
    """Relic keeps the 12+/6 surge/20+/half gambits limits and unique names (pg 40-41)."""
    objs = objectives(11, 7)
    pows = power(19, 10)
    pows[0] = {**pows[0], "name": "P1"}
    got = codes(validate_deck("relic", WARBAND, deck(objs, pows)))
    assert got == ["objective_deck_too_small", "too_many_surge", "power_deck_too_small", "too_many_gambits",
                   "duplicate_card"]


def test_relic_one_plot_besides_the_warbands_own():
    """Relic: one plot card, besides the warband's own (pg 40-41)."""
    own_plot = {**OWN, "plot": "Cyreni plot"}
    first = {**UNIVERSAL, "plot": "Frost plot"}
    d = deck(objectives(12), power(20), rivals=[own_plot, first], plots=["Cyreni plot", "Frost plot"])
    assert validate_deck("relic", WARBAND, d) == []
    d = deck(objectives(12), power(20), rivals=[own_plot, first, OTHER_UNIVERSAL],
             plots=["Cyreni plot", "Frost plot", "Breakneck plot"])
    assert codes(validate_deck("relic", WARBAND, d)) == ["too_many_plots"]


def test_card_in_the_wrong_deck():
    """Objectives go in the objective deck; gambits and upgrades in the power deck (The decks, pg 7)."""
    objs = objectives(12)
    objs[0] = {**objs[0], "type": "ploy"}
    assert "card_in_wrong_deck" in codes(validate_deck("relic", WARBAND, deck(objs, power(20))))


# -- Championship --------------------------------------------------------------------------------

def test_championship_forbidden_and_restricted():
    """Championship: Relic plus the forbidden and restricted lists kept as data (pg 41)."""
    lists = {"forbidden": ["P0"], "restricted": ["P1", "P2", "O1"], "max_restricted": 2}
    problems = validate_deck("championship", WARBAND, deck(objectives(12), power(20)), lists)
    assert codes(problems) == ["forbidden_card", "too_many_restricted"]
    assert all(p.rule == "Deathgorge rulebook, Ways to play: Championship (pg 41); Championship lists of an "
               "unknown date" for p in problems)
    dated = validate_deck("championship", WARBAND, deck(objectives(12), power(20)),
                          {**lists, "name": "Club list", "as_of": "2026-11-01"})
    assert dated[0].rule.endswith("; Club list of 2026-11-01")
    assert validate_deck("championship", WARBAND, deck(objectives(12), power(20)),
                         {"restricted": ["P1"], "max_restricted": 1}) == []


def test_nemesis_lists_apply_too():
    """Nemesis is played with the organiser's forbidden and restricted lists as well (data, dated)."""
    lists = {"forbidden": ["P0"], "name": "Nemesis list", "as_of": "2026-10-01"}
    own = [{**c, "symbol": "cyrenis-razors"} for c in power(20)]
    problems = validate_deck("nemesis", WARBAND, deck([{**c, "symbol": "cyrenis-razors"} for c in objectives(12)],
                                                      own, rivals=[OWN]), lists)
    assert codes(problems) == ["forbidden_card"] and "Nemesis list of 2026-10-01" in problems[0].rule


def test_championship_includes_relic_rules():
    """Championship uses every Relic rule (pg 41)."""
    pows = power(19, 5) + [relic_card("Chaos card", "chaos")]
    assert codes(validate_deck("championship", WARBAND, deck(objectives(12), pows), {})) == ["relic_symbol"]


def test_unknown_format_is_structural():
    """An unknown format cannot be overridden."""
    problems = validate_deck("sealed", WARBAND, deck([], []))
    assert codes(problems) == ["unknown_format"] and not problems[0].overridable


@pytest.mark.parametrize("fmt", ["rivals", "nemesis", "relic", "championship"])
def test_every_problem_names_a_rule(fmt):
    """Each failure names the rule: book, section, page."""
    bad = deck(objectives(3, 3) * 2, power(4, 4), rivals=[FOREIGN, UNIVERSAL, OTHER_UNIVERSAL],
               plots=["a", "b"])
    for p in validate_deck(fmt, WARBAND, bad, {"forbidden": ["P0"]}):
        assert p.rule.startswith("Deathgorge rulebook, ") and "(pg " in p.rule


# -- 2018 / 2019 rules -----------------------------------------------------------------------------

OLD = {"id": "garreks-reavers", "grand_alliance": "chaos"}
GARREK = {"id": "garreks-reavers-shadespire", "symbol": "garreks-reavers", "warband": "garreks-reavers",
          "plot": None, "complete": False}


def old_deck(n_obj=12, n_pow=20, ploys=10, complete=True):
    d = deck(objectives(n_obj, deck=GARREK), power(n_pow, ploys, GARREK), rivals=[GARREK])
    d["complete"] = complete
    return d


def test_shadespire_deck_building():
    """Shadespire rulebook, Deck-building (pg 13): exactly 12 objectives; 20+ power, at most half ploys."""
    assert validate_deck("shadespire", OLD, old_deck()) == []
    problems = validate_deck("shadespire", OLD, old_deck(13, 19, 10))
    assert codes(problems) == ["objective_deck_size", "power_deck_too_small", "too_many_ploys"]
    assert all(p.rule == "Shadespire rulebook (2018), Deck-building (pg 13)" for p in problems)
    # Rounding down: 21 cards allow 10 ploys, not 11.
    assert codes(validate_deck("shadespire", OLD, old_deck(12, 21, 11))) == ["too_many_ploys"]


def test_dreadfane_deck_building_and_usable_cards():
    """Dreadfane rulebook, Glossary (pg 3): same sizes; only the warband's or universal cards."""
    d = old_deck()
    d["power"][0] = {**d["power"][0], "symbol": "steelhearts-champions"}
    problems = validate_deck("dreadfane", OLD, d)
    assert codes(problems) == ["not_usable_by_warband"]
    assert problems[0].rule.startswith("Dreadfane rulebook (2019), Glossary")


def test_older_edition_partial_deck_judged_on_what_is_known():
    """A pre-built deck our sources only partly list is not failed for its size."""
    assert validate_deck("shadespire", OLD, old_deck(2, 3, 3, complete=False)) == []
