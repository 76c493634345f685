"""Deck registration checks (app/engine/conquest/decks.py) over the real card pool."""
from __future__ import annotations

import pytest

from app.content import conquest as cc
from app.engine.conquest import decks


def nazdreg_deck(extra=()) -> dict:
    """Nazdreg's signature squad and 3 copies of non-signature Ork cards up to at least 50 cards."""
    squad = [{"name": s["name"], "count": s["copies"]} for s in cc.warlord("nazdreg")["signature_squad"]]
    rest = [c for c in cc.cards() if c["faction"] == "Orks" and not c.get("signature_of")
            and c["type"] in ("army_unit", "support", "event", "attachment")]
    cards = squad + [{"name": c["name"], "count": 3} for c in rest[:14]]
    return {"cards": cards + list(extra)}


def problems(deck, warlord="Nazdreg", **kw):
    return decks.check_deck(deck, cc.pool().get(warlord.casefold()), cc.pool(), **kw)


def codes(found):
    return [p.code for p in found]


def test_a_legal_deck_has_no_problems():
    """Warlord, squad, 50 cards, 3 copies at most, Orks only."""
    deck = nazdreg_deck()
    assert sum(c["count"] for c in deck["cards"]) >= 50
    assert problems(deck) == []


def test_each_problem_names_its_rule():
    """Squad short, a fourth copy, a loyal ally card, a token, a warlord: one problem each, with its rule."""
    deck = nazdreg_deck()
    deck["cards"][3]["count"] = 3                                  # Nazdreg's Flash Gitz: 4 in the squad
    deck["cards"][4]["count"] = 4                                  # a fourth copy
    deck["cards"] += [{"name": "Honored Librarian", "count": 1},   # loyal Space Marines card
                      {"name": "Snotlings", "count": 1},           # a token unit
                      {"name": "Colonel Straken", "count": 1}]     # a warlord
    found = {p.code: p for p in problems(deck)}
    assert found["squad"].rule == decks.CUSTOM_SQUAD and "Flash Gitz" in found["squad"].message
    assert found["copies"].rule == decks.CUSTOM_COPIES
    assert found["ally"].rule == decks.CUSTOM_ALLY and "loyal" in found["ally"].message
    assert found["token_in_deck"].rule == decks.SUMMARY_TOKENS and not found["token_in_deck"].overridable
    assert found["warlord_in_deck"].rule == decks.SUMMARY_SETUP


def test_allies_follow_the_wheel():
    """Orks may take common Astra Militarum or Chaos cards, one of the two, never Tau."""
    assert decks.allies("Orks") == ["Astra Militarum", "Chaos"] and decks.allies("Tyranids") == []
    ok = problems(nazdreg_deck([{"name": "Ratling Deadeye", "count": 2}]))
    assert ok == []
    tau = next(c["name"] for c in cc.cards() if c["faction"] == "Tau" and c["loyalty"] == "common")
    chaos = next(c["name"] for c in cc.cards() if c["faction"] == "Chaos" and c["loyalty"] == "common")
    found = codes(problems(nazdreg_deck([{"name": tau, "count": 1}])))
    assert found == ["ally"]
    found = codes(problems(nazdreg_deck([{"name": "Ratling Deadeye", "count": 1}, {"name": chaos, "count": 1}])))
    assert found == ["two_allies"]


def test_relics_are_not_a_deckbuilding_limit():
    """Limit 1 Relic per player: 'This is not a deckbuilding restriction' (rules summary, Other rules)."""
    relic = cc.pool()["stc fragment"]
    assert "Relic" in relic["traits"] and relic["faction"] == "Neutral"
    assert problems(nazdreg_deck([{"name": relic["name"], "count": 3}])) == []


def test_small_deck_and_unknown_card():
    """Fewer than 50 cards; a deck no bigger than the starting hand; a name not in the data."""
    found = {p.code: p for p in problems({"cards": [{"name": "Goff Nob", "count": 3}, {"name": "Zzap Gun", "count": 1}]})}
    assert {"too_few", "deck_too_small", "unknown_card", "squad"} <= set(found)
    assert found["deck_too_small"].rule == decks.SUMMARY_DECK_OUT and not found["deck_too_small"].overridable


def test_community_cards_need_the_tables_choice():
    """A community-made card is a problem unless the game uses community cards."""
    card = next(c for c in cc.cards(community=True) if not c["official"] and c["faction"] == "Orks"
                and c["type"] == "event" and not c.get("signature_of"))
    deck = nazdreg_deck([{"name": card["name"], "count": 1}])
    assert codes(problems(deck)) == ["community_card"]
    assert problems(deck, community=True) == []


def core_starter(faction: str) -> list[dict]:
    """Every core set card of a faction in the copies the box holds (a signature squad whole: signature_copies),
    and one copy of each neutral card."""
    pool = cc.pool().values()
    cards = [{"name": c["name"], "count": c["signature_copies"] if c.get("signature_of") else c["copies_in_set"]}
             for c in pool if c["set"] == "Core Set" and c["faction"] == faction and c["type"] not in ("warlord", "token")]
    return cards + [{"name": c["name"], "count": 1} for c in pool
                    if c["set"] == "Core Set" and c["faction"] == "Neutral"]


def test_core_set_starter_deck():
    """Setup: a starter deck is every core set card of the faction and one copy of each neutral card."""
    cards = core_starter("Orks")
    assert problems({"cards": cards}, fmt="starter") == []
    found = problems({"cards": cards[1:]}, fmt="starter")
    assert codes(found) == ["starter_count"] and found[0].rule == decks.SUMMARY_STARTER


@pytest.mark.parametrize("warlord", ["Nazdreg", "Captain Cato Sicarius", "Colonel Straken", "Zarathur, High Sorcerer",
                                     "Packmaster Kith", "Eldorath Starbane", "Commander Shadowsun"])
def test_starter_deck_holds_the_whole_signature_squad(warlord):
    """Conquest rules summary, Setup: "all the cards from a given faction": the core set holds a signature squad
    in full (four Nazdreg's Flash Gitz, two Bigga Is Betta), so the squad's copies come from the content."""
    record = cc.pool()[warlord.casefold()]
    cards = core_starter(record["faction"])
    by_name = {c["name"]: c["count"] for c in cards}
    assert all(by_name[s["name"]] == s["copies"] for s in record["signature_squad"])
    assert problems({"cards": cards}, warlord=warlord, fmt="starter") == []
    if warlord == "Nazdreg":
        assert by_name["Nazdreg's Flash Gitz"] == 4 and by_name["Bigga Is Betta"] == 2
        one_each = [{**c, "count": 1} if c["name"] == "Nazdreg's Flash Gitz" else c for c in cards]
        found = problems({"cards": one_each}, fmt="starter")
        assert [(p.code, p.card) for p in found] == [("starter_count", "Nazdreg's Flash Gitz")]
        assert "holds 4" in found[0].message


def test_a_starter_deck_registered_as_a_constructed_deck_is_legal():
    """Conquest rules summary, Setup: a core set starter deck is a legal deck; the customisation rules (50 cards)
    do not apply to it. One card short, it is a built deck again and those rules judge it."""
    cards = core_starter("Orks")
    assert sum(c["count"] for c in cards) < decks.MIN_CARDS
    assert problems({"cards": cards}) == []
    assert "too_few" in codes(problems({"cards": cards[1:]}))


@pytest.mark.parametrize("deck", [{"cards": "x"}, {"cards": [{"name": "", "count": 1}]},
                                  {"cards": [{"name": "Goff Nob", "count": "3"}]}, {"cards": [], "format": "draft"}])
def test_malformed_registration_is_a_setup_error(deck):
    """A malformed registration is refused before any rule is checked."""
    with pytest.raises(cc.SetupError):
        cc.check_registered_deck(deck, cc.warlord("nazdreg"), False)


def test_setup_refuses_a_bad_deck_unless_overridden():
    """expand_setup: the first problem stops the game with its rule; deck_override plays it anyway;
    only the size stays in the setup (the list is the player's secret)."""
    bad = nazdreg_deck()
    bad["cards"].append({"name": next(c["name"] for c in cc.cards() if c["faction"] == "Tau"
                                      and c["loyalty"] == "common"), "count": 1})
    seats = [{"name": "Ana", "warlord": "nazdreg", "deck": bad}, {"name": "Ben", "warlord": "nazdreg"}]
    with pytest.raises(cc.SetupError) as err:
        cc.expand_setup("conquest/core", {"seats": seats})
    assert err.value.field == "seats[0].deck" and "Ana's deck" in err.value.message and "Deck customisation" in err.value.message
    out = cc.expand_setup("conquest/core", {"options": {"deck_override": {"reason": "casual game"}}, "seats": seats})
    total = sum(c["count"] for c in bad["cards"])
    assert out["seats"][0]["deck"]["cards"] == total and out["seats"][0]["deck_size"] == total
    assert bad["cards"][5]["name"] not in str(out["seats"][0])
    again = cc.expand_setup("conquest/core", out)   # an expanded setup (export, next game) is not checked a second time
    assert again["seats"][0]["deck"] == out["seats"][0]["deck"]
