"""expand_setup (app/content.py): seats filled from content, custom seats validated, what is missing reported."""
from __future__ import annotations

import pytest

from app import content
from app.content.underworlds import listing
from app.content.underworlds import setup as setup_mod
from app.engine.core import SetupError

CUSTOM_FIGHTER = {"slug": "vexmor", "name": "Vexmor", "leader": True, "move": 3,
                  "defence": {"dice": 1, "symbol": "dodge"}, "wounds": 5,
                  "profiles": [{"name": "Claws", "range": 1, "dice": 2, "symbol": "fury", "damage": 2}]}


def setup(ruleset="underworlds/deathgorge", **options):
    return {"ruleset": ruleset, "options": options,
            "seats": [{"name": "Ana", "warband": "cyrenis-razors"},
                      {"name": "Ben", "warband": "custom", "fighters": [CUSTOM_FIGHTER]}]}


def test_known_warband_gets_fighters_name_and_alliance():
    """A seat naming a known warband gets its fighters, warband name and Grand Alliance."""
    out = content.expand_setup("underworlds/deathgorge", setup())
    ana = out["seats"][0]
    assert [f["slug"] for f in ana["fighters"]] == ["cyreni", "cephanyr", "renglaith", "alathyrr"]
    assert ana["warband_name"] == "Cyreni's Razors" and ana["grand_alliance"] == "order"
    # The Deathgorge rules go with the first-edition cards, whose numbers no source gives: asked for.
    assert ana["printing"] == "deathgorge"
    assert ana["missing"]["cyreni"][:4] == ["move", "defence", "wounds", "profiles"]
    held = content.expand_setup("underworlds/deathgorge", {"seats": [
        {"name": "Ana", "warband": "cyrenis-razors", "printing": "second-edition"}]})["seats"][0]
    assert listing.needs_typing(held["fighters"][0]) == []


def test_custom_seat_keeps_its_fighters_normalised():
    """Custom fighters stay, with the schema's defaults filled in."""
    ben = content.expand_setup("underworlds/deathgorge", setup())["seats"][1]
    assert ben["fighters"][0]["name"] == "Vexmor" and ben["fighters"][0]["traits"] == []
    assert ben["missing"] == {"vexmor": ["inspire_condition"]}


def test_input_is_not_mutated():
    """expand_setup returns a new setup."""
    raw = setup()
    content.expand_setup("underworlds/deathgorge", raw)
    assert "fighters" not in raw["seats"][0]


def test_printing_follows_the_ruleset():
    """2018/2019 rules pick the original printing, the current rules a first-edition one, else the original;
    a second-edition printing is never picked for a ruleset but a seat can name the printing it holds."""
    raw = {"seats": [{"name": "A", "warband": "ironsouls-condemnors"}]}
    old = content.expand_setup("underworlds/dreadfane", raw)["seats"][0]
    new = content.expand_setup("underworlds/deathgorge", raw)["seats"][0]
    assert (old["printing"], old["fighters"][0]["wounds"]) == ("dreadfane-2019", 4)
    assert new["printing"] == "dreadfane-2019"
    chosen = content.expand_setup("underworlds/deathgorge",
                                  {"seats": [{"name": "A", "warband": "ironsouls-condemnors",
                                              "printing": "second-edition"}]})["seats"][0]
    assert chosen["fighters"][0]["wounds"] == 5
    # Only second-edition cards are known: the 2018 rules do not offer them unasked.
    with pytest.raises(SetupError, match="These rules offer no printing of Kurnoth's Heralds"):
        content.expand_setup("underworlds/shadespire", {"seats": [{"name": "A", "warband": "kurnoths-heralds"}]})
    # Only an original printing exists: the current rules fall back to it.
    assert content.expand_setup("underworlds/deathgorge", {"seats": [{"name": "A", "warband": "garreks-reavers"}]}
                                )["seats"][0]["printing"] == "shadespire-2018"


@pytest.mark.parametrize("seat,field", [
    ({"name": "A", "warband": "no-such-band"}, "seats[0].warband"),
    ({"name": "A"}, "seats[0].warband"),
    ({"name": "A", "warband": "ironsouls-condemnors", "printing": "1999"}, "seats[0].printing"),
    ({"name": "A", "warband": "custom", "fighters": []}, "seats[0].fighters"),
    ({"name": "A", "warband": "custom", "fighters": [{**CUSTOM_FIGHTER, "wounds": "x"}]}, "seats[0].fighters[0].wounds"),
    ({"name": "A", "warband": "custom", "fighters": [CUSTOM_FIGHTER, CUSTOM_FIGHTER]}, "seats[0].fighters[1].slug"),
    ({"name": "A", "custom_id": "nope"}, "seats[0].custom_id"),
    ({"name": "A", "warband": "cyrenis-razors", "deck": "no-such-deck"}, "seats[0].deck"),
])
def test_bad_seats_raise_setup_error_naming_the_field(seat, field):
    """Unusable seats are refused with a SetupError naming the field."""
    with pytest.raises(SetupError) as exc:
        content.expand_setup("underworlds/deathgorge", {"seats": [seat]})
    assert exc.value.field == field, exc.value.message


def test_other_games_pass_through():
    """Setups of other games are returned unchanged."""
    raw = {"seats": [{"name": "A", "warband": "cyrenis-razors"}]}
    assert content.expand_setup("othergame/edition", raw) == raw
    assert content.expand_setup("underworlds/deathgorge", {"seats": "oops"}) == {"seats": "oops"}


def test_conquest_setups_go_to_the_conquest_loader():
    """Conquest setups are filled by app.content.conquest (planets, warlords by slug)."""
    out = content.expand_setup("conquest/core", {"seats": [{"warlord": "nazdreg"}, {"warlord": "nazdreg"}]})
    assert len(out["planets"]) == 10 and out["seats"][0]["warlord"]["hp"] == 7


def test_custom_warband_by_saved_id():
    """A seat can name a saved custom warband; lookup fetches it (the server passes its store)."""
    saved = {"name": "My band", "grand_alliance": "chaos", "fighters": [CUSTOM_FIGHTER]}
    out = content.expand_setup("underworlds/deathgorge", {"seats": [{"name": "A", "custom_id": "abc"}]},
                               lookup=lambda kind, cid: saved if (kind, cid) == ("warband", "abc") else None)
    seat = out["seats"][0]
    assert seat["warband"] == "custom" and seat["warband_name"] == "My band" and seat["grand_alliance"] == "chaos"
    assert seat["fighters"][0]["slug"] == "vexmor"


def test_deck_from_content_is_split_into_objectives_and_power():
    """A seat's deck id becomes its objective and power cards, each with its symbol and deck."""
    out = content.expand_setup("underworlds/shadespire",
                               {"seats": [{"name": "A", "warband": "garreks-reavers",
                                           "deck": "garreks-reavers-shadespire"}]})
    deck = out["seats"][0]["deck"]
    assert len(deck["objectives"]) == 9 and len(deck["power"]) == 20
    assert "Khorne Cares Not" in [c["name"] for c in deck["objectives"]]
    assert all(c["type"] != "objective" for c in deck["power"])
    assert {c["symbol"] for c in deck["power"]} == {"garreks-reavers"}
    assert deck["rivals"][0]["id"] == "garreks-reavers-shadespire"
    # The product's cards are the pool a deck is built from: the printed deck sizes hold.
    assert deck["complete"] is False and out["seats"][0]["deck_sizes"] == {"objectives": 12, "power": 20}


def test_built_deck_by_card_names():
    """A deck can be given as card names picked from content decks."""
    out = content.expand_setup("underworlds/shadespire", {"options": {"deck_override": {"reason": "short deck"}}, "seats": [{
        "name": "A", "warband": "steelhearts-champions",
        "deck": {"rivals": ["steelhearts-champions-shadespire", "shadespire-universal"],
                 "objectives": ["Slayers of Tyrants"], "power": ["Tireless Assault", "sidestep"]}}]})
    deck = out["seats"][0]["deck"]
    assert {p["code"] for p in out["seats"][0]["deck_problems"]} == {"objective_deck_size", "power_deck_too_small",
                                                                    "too_many_ploys"}
    assert [c["name"] for c in deck["power"]] == ["Tireless Assault", "Sidestep"]
    assert deck["power"][1]["symbol"] == "universal"
    with pytest.raises(SetupError) as exc:
        content.expand_setup("underworlds/shadespire", {"seats": [{
            "name": "A", "warband": "steelhearts-champions",
            "deck": {"rivals": ["shadespire-universal"], "power": ["Tireless Assault"]}}]})
    assert exc.value.field == "seats[0].deck.power[0]"


def test_custom_deck_cards_are_validated():
    """A deck of entered cards goes through the card schema."""
    good = {"name": "Mine", "objectives": [{"name": "O", "type": "objective", "scoring": "end", "glory": 1,
                                            "effect": "e"}],
            "power": [{"name": "P", "type": "ploy", "effect": "e"}]}
    deck = content.expand_setup("underworlds/shadespire", {"options": {"deck_override": {"reason": "demo"}},
                                                           "seats": [{"name": "A", "warband": "custom",
                                                                      "fighters": [CUSTOM_FIGHTER],
                                                                      "deck": good}]})["seats"][0]["deck"]
    assert deck["objectives"][0]["name"] == "O"
    bad = {**good, "power": [{"name": "P", "type": "ploy", "glory": 2, "effect": "e"}]}
    with pytest.raises(SetupError) as exc:
        content.expand_setup("underworlds/shadespire", {"seats": [{"name": "A", "warband": "custom",
                                                                   "fighters": [CUSTOM_FIGHTER], "deck": bad}]})
    assert exc.value.field == "seats[0].deck.power[0].glory"


def test_deck_checked_against_the_format():
    """With options.format, a seat's deck must follow that format's deck-building rules (current rules)."""
    seat = {"name": "A", "warband": "steelhearts-champions",
            "deck": {"rivals": ["steelhearts-champions-shadespire"], "objectives": ["Slayers of Tyrants"],
                     "power": ["Tireless Assault"]}}
    with pytest.raises(SetupError) as exc:
        content.expand_setup("underworlds/deathgorge", {"options": {"format": "relic"}, "seats": [seat]})
    assert exc.value.field == "seats[0].deck"
    assert "Deathgorge rulebook, Ways to play: Relic" in exc.value.message
    # The table can agree to play it anyway: the problems stay in the setup for everyone to see.
    out = content.expand_setup("underworlds/deathgorge",
                               {"options": {"format": "relic", "deck_override": {"reason": "casual"}},
                                "seats": [seat]})
    assert {p["code"] for p in out["seats"][0]["deck_problems"]} >= {"objective_deck_too_small"}
    # A whole Rivals deck is legal in Rivals; the 2018 rules have no format check.
    ok = content.expand_setup("underworlds/deathgorge", {"options": {"format": "rivals"}, "seats": [
        {"name": "A", "warband": "cyrenis-razors", "deck": "cyrenis-razors-rivals"}]})
    assert ok["seats"][0]["deck_problems"] == []
    # The 2018 rules have their own deck-building rule (Shadespire rulebook, Deck-building, pg 13).
    with pytest.raises(SetupError, match=r"Shadespire rulebook \(2018\), Deck-building \(pg 13\)"):
        content.expand_setup("underworlds/shadespire", {"options": {"format": "relic"}, "seats": [seat]})
    # The organiser reads the deck's name, not its id.
    with pytest.raises(SetupError, match="The Thricefold Discord Rivals Deck belongs to another warband"):
        content.expand_setup("underworlds/deathgorge", {"options": {"format": "rivals"}, "seats": [
            {"name": "A", "warband": "cyrenis-razors", "deck": "thricefold-discord-rivals"}]})


def test_rivals_game_refuses_a_products_loose_cards():
    """Rivals format: a Rivals deck is pre-built (Deathgorge rulebook, The decks, pg 7); Steelheart's Champions have
    none, so they play a universal Rivals deck, not their Shadespire cards or the core set's universal cards
    (Ways to play: Nemesis, pg 40)."""
    for did in ("steelhearts-champions-shadespire", "shadespire-universal"):
        with pytest.raises(SetupError, match="not a Rivals deck") as exc:
            content.expand_setup("underworlds/deathgorge", {"options": {"format": "rivals"}, "seats": [
                {"name": "A", "warband": "steelhearts-champions", "deck": did}]})
        assert exc.value.field == "seats[0].deck"
    ok = content.expand_setup("underworlds/deathgorge", {"options": {"format": "rivals"}, "seats": [
        {"name": "A", "warband": "steelhearts-champions", "deck": "force-of-frost"}]})
    assert ok["seats"][0]["deck_problems"] == []
    assert ok["seats"][0]["deck"]["rivals"][0]["kind"] == "rivals"


def test_nemesis_game_takes_the_other_deck_from_a_universal_rivals_deck():
    """Nemesis: the other deck's cards come from a universal Rivals deck (pg 40), not from a core set's universal
    cards; the problem is named even when the table plays the deck anyway."""
    seat = {"name": "A", "warband": "steelhearts-champions",
            "deck": {"rivals": ["steelhearts-champions-shadespire", "shadespire-universal"],
                     "objectives": ["Slayers of Tyrants"], "power": ["Sidestep"]}}
    out = content.expand_setup("underworlds/deathgorge", {"options": {"format": "nemesis",
                                                                      "deck_override": {"reason": "check"}},
                                                          "seats": [seat]})
    assert "nemesis_not_a_rivals_deck" in {p["code"] for p in out["seats"][0]["deck_problems"]}


def test_other_games_use_their_own_expanders():
    """Conquest and BattleLore setups go to their games' loaders (the server calls this one function)."""
    out = content.expand_setup("battlelore/second-edition", {"seats": [{"name": "A"}, {"name": "B"}]})
    assert all("units" in seat and "missing" in seat for seat in out["seats"])
    assert len(content.expand_setup("conquest/core", {"seats": [{"name": "A"}]})["planets"]) == 10


def test_whole_rivals_deck_lists_every_card():
    """A Deathgorge core Rivals deck comes whole: 12 objectives (6 surge) and 20 power cards, by name."""
    seat = content.expand_setup("underworlds/deathgorge", {"seats": [
        {"name": "A", "warband": "cyrenis-razors", "deck": "cyrenis-razors-rivals"}]})["seats"][0]
    deck = seat["deck"]
    assert deck["complete"] is True and "deck_sizes" not in seat
    assert (len(deck["objectives"]), len(deck["power"])) == (12, 20)
    assert sum(c["scoring"] == "surge" for c in deck["objectives"]) == 6
    crescendo = next(c for c in deck["objectives"] if c["name"] == "Crashing Crescendo")
    assert (crescendo["glory"], crescendo["scoring"], crescendo["number"]) == (1, "surge", "CR1")


def test_custom_deck_by_saved_id():
    """A seat can name a saved custom deck; it is validated like an entered one."""
    saved = {"name": "Mine", "warband": "custom",
             "objectives": [{"name": "O", "type": "objective", "scoring": "surge", "glory": 1, "effect": "e"}],
             "power": [{"name": "P", "type": "ploy", "effect": "e", "reaction": "after_attack"}]}
    out = content.expand_setup("underworlds/deathgorge", {"seats": [
        {"name": "A", "warband": "custom", "fighters": [CUSTOM_FIGHTER], "deck": {"custom_id": "d1"}}]},
        lookup=lambda kind, cid: saved if (kind, cid) == ("deck", "d1") else None)
    deck = out["seats"][0]["deck"]
    assert deck["power"][0]["reaction"] == "after_attack" and deck["objectives"][0]["scoring"] == "surge"
    with pytest.raises(SetupError) as exc:
        content.expand_setup("underworlds/deathgorge", {"seats": [
            {"name": "A", "warband": "custom", "fighters": [CUSTOM_FIGHTER], "deck": {"custom_id": "zz"}}]},
            lookup=lambda kind, cid: None)
    assert exc.value.field == "seats[0].deck.custom_id"


def test_weapons_no_source_names_are_named_from_their_numbers():
    """Second-edition cards of our sources name few weapons: each gets its range and symbol, never "Attack 1"."""
    held = content.expand_setup("underworlds/deathgorge", {"seats": [
        {"name": "Ana", "warband": "cyrenis-razors", "printing": "second-edition"}]})["seats"][0]
    cyreni = held["fighters"][0]
    assert [p["name"] for p in cyreni["profiles"]] == ["Range 1 Smash", "Range 2 Smash"]
    assert [p["name"] for p in cyreni["inspired"]["profiles"]] == ["Range 1 Smash", "Range 2 Smash"]


def test_a_repeated_stand_in_name_gets_its_number():
    profiles = [{"name": None, "range": 1, "symbol": "fury"}, {"name": None, "range": 1, "symbol": "fury"},
                {"name": "Claws", "range": 1, "symbol": "fury"}]
    setup_mod.name_unnamed_weapons(profiles)
    assert [p["name"] for p in profiles] == ["Range 1 Fury", "Range 1 Fury (2)", "Claws"]
