"""Combat phase: battles in order, initiative, ranged skirmish, combat turns, retreats, winning, stalemate."""
from .support import RS, attack, codes, cons_types, place, play, start, to_combat


def test_battle_at_first_planet_then_planets_with_warlords_in_order():
    """3. Combat: a battle at the first planet, then at each planet with a warlord, in line order."""
    state = start()
    place(state, "p1", "A", 1, attack=1, hp=1)
    place(state, "p2", "B", 1, attack=1, hp=5)
    state, cons = to_combat(state, 4, 2)
    assert state["battle"]["planet"] == 1
    started = [c.data["planet"] for c in cons if c.type == "battle_started"]
    assert started == [1]


def test_lone_warlord_has_initiative_in_its_battle():
    """Fighting a battle: your warlord alone at the planet gives you the initiative there."""
    state = start(first="p1")
    place(state, "p1", "A", 1, attack=0)  # a battle at the first planet that p2 wins at once
    state, cons = to_combat(state, 4, 1)
    assert state["battle"]["planet"] == 1 and state["battle"]["initiative"] == "p2"


def test_ranged_skirmish_only_ranged_units_attack():
    """Ranged skirmish: in the first combat round only Ranged units attack; others pass automatically."""
    state = start()
    a = place(state, "p1", "Gunner", 1, attack=1, keywords=["ranged"])
    b = place(state, "p1", "Brawler", 1, attack=1)
    place(state, "p2", "Target", 1, attack=1, hp=4)
    state, _ = to_combat(state)
    assert state["battle"]["stage"] == "ranged" and state["battle"]["turn"] == "p1"
    assert "not_ranged" in codes(state, "attack", "p1", attacker=b, defender="p2.target")
    state, cons = attack(state, "p1", a, "p2.target")
    # p2 has no Ranged unit: passes automatically; p1 has none ready left: the skirmish ends.
    assert state["battle"]["stage"] == "melee" and "ranged_skirmish_over" in cons_types(cons)
    assert state["units"]["p2.target"]["damage"] == 1


def test_combat_turns_alternate_and_passing_is_final_for_the_round():
    """Combat turns: alternate attacks with ready units; after a pass the opponent goes on alone."""
    state = start()
    place(state, "p1", "A1", 1, attack=1, hp=9)
    place(state, "p1", "A2", 1, attack=1, hp=9)
    place(state, "p2", "B1", 1, attack=1, hp=9)
    state, _ = to_combat(state)
    assert state["battle"]["turn"] == "p1"
    assert codes(state, "attack", "p2", attacker="p2.b1", defender="p1.a1") == ["out_of_step"]
    state, _ = attack(state, "p1", "p1.a1", "p2.b1")
    assert state["battle"]["turn"] == "p2"
    state, _ = play(state, "pass", "p2")
    assert state["battle"]["turn"] == "p1"
    assert "exhausted" in codes(state, "attack", "p1", attacker="p1.a1", defender="p2.b1")


def test_round_end_readies_and_offers_retreats_initiative_first():
    """End of a combat round: units at the planet ready; each player (initiative first) may retreat."""
    state = start()
    place(state, "p1", "A", 1, attack=1, hp=9)
    place(state, "p2", "B", 1, attack=1, hp=9)
    state, _ = to_combat(state)
    state, _ = attack(state, "p1", "p1.a", "p2.b")
    state, cons = attack(state, "p2", "p2.b", "p1.a")
    assert "combat_round_over" in cons_types(cons)
    assert state["units"]["p1.a"]["ready"] and state["units"]["p2.b"]["ready"]
    assert state["battle"]["stage"] == "retreat" and state["battle"]["retreat_turn"] == "p1"
    # p2's opportunity comes after p1's: p2 retreating says p1 let his go (passes.py), logged as inferred.
    state, cons = play(state, "retreat", "p2", unit="p2.b")
    inferred = next(c for c in cons if c.type == "passes_inferred")
    assert inferred.data["events"] == [{"type": "retreat_done", "by": "p1", "data": {}}]
    assert state["units"]["p2.b"]["at"] == "hq" and not state["units"]["p2.b"]["ready"]
    # p2 has no units left there: on p1's combat turn the battle is won.
    assert "battle_won" in cons_types(cons) and state["battle"]["winner"] == "p1"


def test_winning_the_first_planet():
    """Winning a battle: battle ability choice, the first planet to the victory display, survivors to HQ."""
    state = start()
    place(state, "p1", "A", 1, attack=3, hp=2)
    place(state, "p2", "B", 1, attack=1, hp=2)
    state, cons = to_combat(state, 4, 4)
    state, cons = attack(state, "p1", "p1.a", "p2.b")
    assert "unit_destroyed" in cons_types(cons) and state["seats"]["p2"]["discard"] == 1
    assert state["battle"]["stage"] == "won"
    assert codes(state, "battle_ability", "p2", use=True) == ["out_of_step"]
    state, cons = play(state, "battle_ability", "p1", use=True)
    assert state["seats"]["p1"]["victory"] == ["Tarrus"]
    assert state["line"][0]["status"] == "captured" and state["first_planet"] == 1  # token stays
    assert state["units"]["p1.a"]["at"] == "hq" and not state["units"]["p1.a"]["ready"]
    assert state["battle"]["planet"] == 4  # then the battle where the warlords are


def test_battle_elsewhere_returns_only_the_winners_warlord():
    """Winning a battle at another planet: the warlord returns to HQ, the planet and other units stay."""
    state = start()
    place(state, "p1", "Guard", 3, attack=1, hp=3)
    state, cons = to_combat(state, 3, 5)
    assert "planet_removed" in cons_types(cons)  # nobody at the first planet
    assert state["battle"]["planet"] == 3 and state["battle"]["stage"] == "won"
    state, cons = play(state, "battle_ability", "p1", use=False)
    assert state["units"]["p1.warlord"]["at"] == "hq" and state["units"]["p1.guard"]["at"] == 3
    assert state["line"][2]["status"] == "line"


def test_empty_first_planet_is_removed():
    """Winning a battle: if neither player has a unit at the first planet, it is removed from the game."""
    state = start()
    state, cons = to_combat(state, 2, 2)
    assert state["line"][0]["status"] == "removed" and "stalemate" in cons_types(cons)


def test_warlord_retreat_ends_the_turn():
    """Warlord retreat: the warlord exhausts to retreat to HQ; the other player takes the next turn."""
    state = start()
    place(state, "p2", "B", 3, attack=1, hp=3)
    state, _ = to_combat(state, 3, 4)
    assert state["battle"]["planet"] == 3 and state["battle"]["turn"] == "p1"
    state, cons = play(state, "warlord_retreat", "p1")
    wl = state["units"]["p1.warlord"]
    assert (wl["at"], wl["ready"]) == ("hq", False)
    assert state["battle"] is not None and state["battle"]["planet"] == 4 or "battle_won" in cons_types(cons)


def test_stalemate_after_three_identical_rounds():
    """Ending the battle (b): a stalemate check, then 3 combat rounds ending identical: stalemate."""
    state = start()
    place(state, "p1", "Wall", 1, attack=0, hp=3)
    place(state, "p2", "Wall", 1, attack=0, hp=3)
    state, _ = to_combat(state)
    state, _ = play(state, "pass", "p1")  # end the ranged... (no Ranged units: already melee)
    state, _ = play(state, "pass", "p2")
    state, _ = play(state, "retreat_done", "p1")
    state, _ = play(state, "retreat_done", "p2")
    state, _ = play(state, "call_stalemate", "p2")
    for _ in range(3):
        state, cons = attack(state, "p1", "p1.wall", "p2.wall")
        state, cons = attack(state, "p2", "p2.wall", "p1.wall")
        if state["battle"] and state["battle"]["stage"] == "retreat":
            state, _ = play(state, "retreat_done", "p1")
            state, cons = play(state, "retreat_done", "p2")
    assert "stalemate" in cons_types(cons) and state["line"][0]["status"] == "removed"


def test_mobile_units_move_before_battles_initiative_first():
    """Keywords, Mobile: after the combat phase begins, move to an adjacent face-up planet."""
    state = start(first="p2")
    place(state, "p1", "Bikes", 2, keywords=["mobile"])
    place(state, "p2", "Jets", 3, keywords=["mobile"])
    state, _ = to_combat(state, 5, 5)
    assert state["step"]["name"] == "mobile" and state["step"]["turn"] == "p2"
    assert codes(state, "mobile_move", "p2", unit="p2.jets", planet=5) == ["not_adjacent"]
    state, _ = play(state, "mobile_move", "p2", unit="p2.jets", planet=2)
    assert state["step"]["turn"] == "p1"
    state, _ = play(state, "mobile_move", "p1", unit="p1.bikes", planet=1)
    assert state["step"]["name"] == "battle" and state["units"]["p1.bikes"]["at"] == 1


def test_attack_needs_an_enemy_defender_at_the_planet():
    """Making an attack: the defender is an enemy unit at the planet."""
    state = start()
    place(state, "p1", "A", 1)
    place(state, "p2", "B", 1)
    place(state, "p2", "Far", 2)
    state, _ = to_combat(state)
    assert "bad_defender" in codes(state, "attack", "p1", attacker="p1.a", defender="p2.far")
    assert "bad_defender" in codes(state, "attack", "p1", attacker="p1.a", defender="p1.a")
    assert "no_defender" in codes(state, "attack", "p1", attacker="p1.a")


def test_ambush_deploys_on_your_combat_turn():
    """Keywords, Ambush: deploy as an action during the combat phase, paying the cost."""
    state = start()
    place(state, "p1", "A", 1)
    place(state, "p2", "B", 1)
    state, _ = to_combat(state)
    card = {"name": "Lurker", "type": "army", "cost": 1, "attack": 2, "hp": 2, "keywords": ["ambush"]}
    assert codes(state, "deploy", "p2", card=card, planet=1) == ["out_of_step"]
    state, _ = play(state, "deploy", "p1", card=card, planet=1)
    assert state["units"]["p1.lurker"]["at"] == 1 and state["battle"]["turn"] == "p1"
    plain = {**card, "name": "Plain", "keywords": []}
    assert codes(state, "deploy", "p1", card=plain, planet=1) == ["out_of_step"]


def test_suggestions_in_a_battle():
    """Combat turns: the app offers attacks, pass and warlord retreat as buttons."""
    state = start()
    place(state, "p1", "A", 1)
    place(state, "p2", "B", 1)
    state, _ = to_combat(state, 1, 3)
    types = {s.type for s in RS.suggest(state, "p1").suggestions}
    assert {"attack", "pass", "warlord_retreat"} <= types
    atk = [s for s in RS.suggest(state, "p1").suggestions if s.type == "attack"][0]
    assert set(atk.choices["defender"]) == {"p2.b"}


def test_actions_on_your_combat_turn_do_not_end_it():
    """Cards, Actions: an Action used in a battle (on your combat turn) leaves the turn with you."""
    state = start()
    place(state, "p1", "A", 1)
    place(state, "p2", "B", 1)
    state, _ = to_combat(state)
    assert "action" in {s.type for s in RS.suggest(state, "p1").suggestions}
    state, _ = play(state, "action", "p1", card="Battle Cry", cost=1, from_hand=True)
    assert state["battle"]["turn"] == "p1" and state["seats"]["p1"]["discard"] == 1
    assert codes(state, "action", "p2", card="Battle Cry") == ["no_action_window"]
