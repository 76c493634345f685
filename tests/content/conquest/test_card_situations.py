"""Core set cards in their windows: for a card of each kind of window, one situation where the engine offers it and
applies its fixed effects citing the card, and one where it refuses it (the window, the cost, the choice).

Games start from tests/engine/conquest/support.py (Ana p1, Ben p2, round 1's deploy phase, five planets face up);
each seat holds the ability records of the core set cards named (content/conquest/abilities-*.yaml), as a
starter deck's seat does. Units are placed on the table directly, or deployed when entering play is the trigger.
"""
from __future__ import annotations

from app.content import conquest as content
from app.content.conquest_abilities import for_deck
from tests.engine.conquest.support import RS, attack, codes, commit, cons_types, place, play, start, to_combat

CARD_RULE = "Warhammer 40,000: Conquest core set, card "


def game(p1: list[str] = (), p2: list[str] = (), **kw) -> dict:
    """A started game whose seats hold these cards' abilities (faction from the pool's own records)."""
    recs = content.abilities()
    seats = {"p1": {"abilities": for_deck(recs, list(p1))}, "p2": {"abilities": for_deck(recs, list(p2))}}
    return start(**seats, **kw)


def card(name: str) -> dict:
    """The card as a phone enters it from the pool."""
    c = content.pool()[name.casefold()]
    out = content.card_summary(c)
    return {"name": out["name"], "type": "army" if c["type"] == "army_unit" else c["type"], "cost": out["cost"],
            "attack": out["attack"], "hp": out["hp"], "command": out["command_icons"], "keywords": out["keywords"],
            "traits": out["traits"], "unique": out["unique"]}


def offered(state: dict, seat: str, name: str) -> list:
    return [s for s in RS.suggest(state, seat).suggestions if s.type == "card_ability" and s.data["card"] == name]


def test_weirdboy_maniak_damages_every_other_unit_at_its_planet_after_it_enters_play():
    """Weirdboy Maniak: Reaction after it enters play, 1 damage to each other unit at its planet."""
    state = game(p1=["Weirdboy Maniak"])
    place(state, "p2", "Scout", 2, hp=3)
    place(state, "p1", "Boy", 2, hp=3)
    state, _ = play(state, "deploy", "p1", card=card("Weirdboy Maniak"), planet=2)
    maniak = next(u for u in state["units"] if u.startswith("p1.weirdboy"))
    assert [s.data for s in offered(state, "p1", "Weirdboy Maniak")] == [{"card": "Weirdboy Maniak", "source": maniak}]
    state, cons = play(state, "card_ability", "p1", card="Weirdboy Maniak", source=maniak)
    assert cons[0].type == "card_ability" and cons[0].rule == CARD_RULE + "Weirdboy Maniak"
    while state["pending"]:
        state, _ = play(state, "no_shield", state["pending"][0]["turn"])
    assert state["units"]["p2.scout"]["damage"] == 1 and state["units"]["p1.boy"]["damage"] == 1
    assert state["units"][maniak]["damage"] == 0
    # Once per trigger: the window was answered by this card.
    assert codes(state, "card_ability", "p1", card="Weirdboy Maniak", source=maniak) == ["no_window"]


def test_a_window_closes_with_the_next_entry_of_the_game():
    """Reactions answer their trigger only: the next entry that is not a card ability closes the window."""
    state = game(p1=["Weirdboy Maniak"])
    state, _ = play(state, "deploy", "p1", card=card("Weirdboy Maniak"), planet=2)
    maniak = next(u for u in state["units"] if u.startswith("p1.weirdboy"))
    state, _ = play(state, "pass", "p2")
    assert not offered(state, "p1", "Weirdboy Maniak")
    assert codes(state, "card_ability", "p1", card="Weirdboy Maniak", source=maniak) == ["no_window"]


def test_khymeramasters_bring_a_khymera_token_to_their_planet():
    """Kith's Khymeramasters: Reaction after it enters play, a Khymera token at its planet."""
    state = game(p1=["Kith's Khymeramasters"])
    state["tokens"]["Khymera"] = {"name": "Khymera", "type": "token", "attack": 2, "hp": 1, "command": 0,
                                  "keywords": [], "traits": [], "unique": False}
    state, _ = play(state, "deploy", "p1", card=card("Kith's Khymeramasters"), planet=3)
    src = next(u for u in state["units"] if u.startswith("p1.kith"))
    state, cons = play(state, "card_ability", "p1", card="Kith's Khymeramasters", source=src)
    tokens = [u for u in state["units"].values() if u["name"] == "Khymera"]
    assert len(tokens) == 1 and tokens[0]["at"] == 3 and tokens[0]["owner"] == "p1"
    assert "put_into_play" in cons_types(cons)


def test_cato_sicarius_gains_a_resource_when_an_enemy_unit_at_his_planet_is_destroyed():
    """Captain Cato Sicarius: Reaction after an enemy unit at his planet is destroyed, gain 1 resource."""
    state = game(p2=["Captain Cato Sicarius"])
    state["units"]["p2.warlord"]["at"] = 2
    place(state, "p1", "Grot", 2, hp=1)
    place(state, "p1", "Far Grot", 4, hp=1)
    state, _ = play(state, "destroy", "p1", unit="p1.far-grot")
    assert not offered(state, "p2", "Captain Cato Sicarius")  # not at his planet
    state, _ = play(state, "destroy", "p1", unit="p1.grot")
    before = state["seats"]["p2"]["resources"]
    [sugg] = offered(state, "p2", "Captain Cato Sicarius")
    state, cons = play(state, "card_ability", "p2", **sugg.data)
    assert state["seats"]["p2"]["resources"] == before + 1
    assert any(c.type == "resources" and c.rule == CARD_RULE + "Captain Cato Sicarius" for c in cons)


def test_carnivore_pack_and_command_squad_answer_their_own_leaving_play():
    """Carnivore Pack: Interrupt when it is destroyed, gain 3. Straken's Command Squad: Interrupt when it leaves play,
    a Guardsman token where it was."""
    state = game(p1=["Carnivore Pack"], p2=["Straken's Command Squad"])
    place(state, "p1", "Carnivore Pack", 1, hp=1)
    squad = place(state, "p2", "Straken's Command Squad", 3, hp=2)
    state, _ = play(state, "destroy", "p1", unit="p1.carnivore-pack")
    before = state["seats"]["p1"]["resources"]
    state, _ = play(state, "card_ability", "p1", card="Carnivore Pack", source="p1.carnivore-pack")
    assert state["seats"]["p1"]["resources"] == before + 3
    state, _ = play(state, "destroy", "p2", unit=squad)
    [sugg] = offered(state, "p2", "Straken's Command Squad")
    state, _ = play(state, "card_ability", "p2", **sugg.data)
    assert [u["at"] for u in state["units"].values() if u["name"] == "Guardsman"] == [3]


def test_an_action_is_played_in_its_own_phase_on_its_players_turn():
    """Promise of Glory: Deploy Action, two Cultist tokens at HQ; an event is paid for and leaves the hand."""
    state = game(p1=["Promise of Glory"], p2=["Promise of Glory"])
    state["tokens"]["Cultist"] = {"name": "Cultist", "type": "token", "attack": 1, "hp": 1, "command": 0,
                                  "keywords": [], "traits": [], "unique": False}
    assert codes(state, "card_ability", "p2", card="Promise of Glory") == ["no_action_window"]
    hand, res = state["seats"]["p1"]["hand"], state["seats"]["p1"]["resources"]
    state, cons = play(state, "card_ability", "p1", card="Promise of Glory")
    assert [u["at"] for u in state["units"].values() if u["name"] == "Cultist"] == ["hq", "hq"]
    assert state["seats"]["p1"]["hand"] == hand - 1 and state["seats"]["p1"]["resources"] == res
    assert state["step"]["turn"] == "p2"  # the action used the deployment turn


def test_a_choice_is_asked_once_and_checked():
    """Zarathur's Flamers: Action, sacrifice itself to deal 2 damage to a non-warlord unit at its planet."""
    state = game(p1=["Zarathur's Flamers"])
    flamers = place(state, "p1", "Zarathur's Flamers", 2, hp=2)
    place(state, "p2", "Marine", 2, hp=3)
    place(state, "p2", "Far Marine", 4, hp=3)
    [sugg] = offered(state, "p1", "Zarathur's Flamers")
    assert sugg.choices == {"target": [flamers, "p2.marine"]}
    assert codes(state, "card_ability", "p1", card="Zarathur's Flamers",
                 source=flamers) == ["card_choice_needed"]
    assert codes(state, "card_ability", "p1", card="Zarathur's Flamers", source=flamers,
                 target="p2.far-marine") == ["card_bad_choice"]
    assert codes(state, "card_ability", "p1", card="Zarathur's Flamers", source=flamers,
                 target="p2.warlord") == ["card_bad_choice"]
    state, cons = play(state, "card_ability", "p1", card="Zarathur's Flamers", source=flamers,
                       target="p2.marine")
    assert flamers not in state["units"]
    while state["pending"]:
        state, _ = play(state, "no_shield", state["pending"][0]["turn"])
    assert state["units"]["p2.marine"]["damage"] == 2


def test_refusals_change_nothing_and_name_the_reason():
    """An unknown card, a card of the other deck, a card not in play, an event with an empty hand, a cost unpaid."""
    state = game(p1=["Zarathur's Flamers", "Promise of Glory", "Haemonculus Tormentor"])
    assert codes(state, "card_ability", "p1", card="Goff Nob") == ["unknown_ability"]
    assert codes(state, "card_ability", "p2", card="Promise of Glory") == ["unknown_ability"]
    assert codes(state, "card_ability", "p1", card="Zarathur's Flamers", source="p1.warlord") == ["unknown_ability"]
    state["seats"]["p1"]["hand"] = 0
    assert codes(state, "card_ability", "p1", card="Promise of Glory") == ["empty_hand"]
    place(state, "p1", "Haemonculus Tormentor", 2)
    state["seats"]["p1"]["resources"] = 0
    assert "cost" in codes(state, "card_ability", "p1", card="Haemonculus Tormentor", source="p1.haemonculus-tormentor")


def test_eldorath_exhausts_a_unit_where_he_commits():
    """Eldorath Starbane: Reaction after he commits to a planet, exhaust a non-warlord unit there."""
    state = game(p1=["Eldorath Starbane"])
    state["units"]["p1.warlord"]["name"] = "Eldorath Starbane"
    place(state, "p2", "Marine", 3, hp=3)
    state, _ = play(state, "pass", "p1")
    state, _ = play(state, "pass", "p2")
    state, _ = commit(state, 3, 4)
    [sugg] = offered(state, "p1", "Eldorath Starbane")
    assert sugg.choices == {"target": ["p2.marine"]}
    state, _ = play(state, "card_ability", "p1", card="Eldorath Starbane", source="p1.warlord", target="p2.marine")
    assert state["units"]["p2.marine"]["ready"] is False


def test_indomitable_prevents_the_damage_of_an_attack_and_opens_the_opportunity_without_a_shield():
    """Indomitable: Reaction after an attack assigns damage to a Space Marines unit, prevent all of it. The
    defender's opportunity opens for it even when no shield could save the unit."""
    state = game(p2=["Indomitable"])
    place(state, "p1", "Nob", 1, attack=6, hp=9)
    place(state, "p2", "Tactical Marines", 1, attack=1, hp=2)
    state["units"]["p2.tactical-marines"]["faction"] = "Space Marines"
    state, _ = to_combat(state)
    state, _ = play(state, "attack", "p1", attacker="p1.nob", defender="p2.tactical-marines")
    assert state["pending"] and state["pending"][0]["turn"] == "p2"
    [sugg] = offered(state, "p2", "Indomitable")
    state, _ = play(state, "card_ability", "p2", **sugg.data)
    state, _ = play(state, "no_shield", "p2")
    assert state["units"]["p2.tactical-marines"]["damage"] == 0


def test_burna_boyz_deal_1_to_another_enemy_after_attacking():
    """Burna Boyz: Reaction after it attacks, 1 damage to a different enemy unit at its planet."""
    state = game(p1=["Burna Boyz"])
    place(state, "p1", "Burna Boyz", 1, attack=1, hp=9)
    place(state, "p2", "A", 1, attack=0, hp=9)
    place(state, "p2", "B", 1, attack=0, hp=9)
    state, _ = to_combat(state)
    state, _ = play(state, "attack", "p1", attacker="p1.burna-boyz", defender="p2.a")
    [sugg] = offered(state, "p1", "Burna Boyz")
    assert "p2.a" not in sugg.choices["target"] and "p2.b" in sugg.choices["target"]
    state, _ = play(state, "card_ability", "p1", card="Burna Boyz", source="p1.burna-boyz", target="p2.b")
    while state["pending"]:
        state, _ = play(state, "no_shield", state["pending"][0]["turn"])
    assert state["units"]["p2.b"]["damage"] == 1


def test_an_asked_card_logs_what_the_players_carry_out():
    """Swordwind Farseer: its search is the players'; the engine logs that it was played and what is asked."""
    state = game(p1=["Swordwind Farseer"])
    state, _ = play(state, "deploy", "p1", card=card("Swordwind Farseer"), planet=2)
    src = next(u for u in state["units"] if u.startswith("p1.swordwind"))
    state, cons = play(state, "card_ability", "p1", card="Swordwind Farseer", source=src)
    asks = [c for c in cons if c.type == "card_asks"]
    assert asks and asks[0].data["ask"] == ["search"]


def test_limit_once_per_phase():
    """Nazdreg's Flash Gitz: Combat Action, take 1 damage to ready, once a phase; readying a ready unit changes
    nothing, so it cannot be used then."""
    state = game(p1=["Nazdreg's Flash Gitz"])
    gitz_id = place(state, "p1", "Nazdreg's Flash Gitz", 1, attack=1, hp=4, ready=False)
    place(state, "p1", "Boy", 1, attack=1, hp=4)
    place(state, "p2", "Wall", 1, attack=0, hp=20)
    assert codes(state, "card_ability", "p1", card="Nazdreg's Flash Gitz", source=gitz_id) == ["no_action_window"]
    state, _ = to_combat(state)
    state["units"][gitz_id]["ready"] = False  # committed units arrive exhausted; it stays so
    assert state["battle"]["turn"] == "p1"
    state, _ = play(state, "card_ability", "p1", card="Nazdreg's Flash Gitz", source=gitz_id)
    gitz = state["units"][gitz_id]
    assert gitz["ready"] and gitz["damage"] == 1
    assert "once" in codes(state, "card_ability", "p1", card="Nazdreg's Flash Gitz", source=gitz_id)
    state, _ = attack(state, "p1", gitz_id, "p2.wall")
    assert codes(state, "card_ability", "p1", card="Nazdreg's Flash Gitz", source=gitz_id) == ["no_action_window"]


def test_starter_decks_carry_their_cards_abilities_into_the_game():
    """A seat playing a starter deck holds its cards' ability records (the warlord's and each card's)."""
    setup = content.expand_setup("conquest/core", {"seats": [
        {"name": "Ana", "warlord": "nazdreg", "deck": "starter"},
        {"name": "Ben", "warlord": "captain-cato-sicarius", "deck": "starter"}]})
    state = RS.new_game(setup)
    assert "Weirdboy Maniak" in state["abilities"]["p1"] and "Nazdreg" in state["abilities"]["p1"]
    assert "Indomitable" in state["abilities"]["p2"] and "Weirdboy Maniak" not in state["abilities"]["p2"]
    assert "No Mercy" in state["abilities"]["p1"]  # one of each neutral card
    assert "abilities" not in RS.view(state, "p2")


def test_blood_angels_veterans_prevent_1_only_while_ready():
    """Blood Angels Veterans: while ready, Reaction after an attack assigns it damage, prevent 1 of it."""
    state = game(p2=["Blood Angels Veterans"])
    place(state, "p1", "Nob", 1, attack=2, hp=9)
    vets = place(state, "p2", "Blood Angels Veterans", 1, attack=1, hp=5)
    state, _ = to_combat(state)
    state, _ = play(state, "attack", "p1", attacker="p1.nob", defender=vets)
    [sugg] = offered(state, "p2", "Blood Angels Veterans")
    state["units"][vets]["ready"] = False
    assert not offered(state, "p2", "Blood Angels Veterans")
    state["units"][vets]["ready"] = True
    state, _ = play(state, "card_ability", "p2", **sugg.data)
    state, _ = play(state, "no_shield", "p2")
    assert state["units"][vets]["damage"] == 1
