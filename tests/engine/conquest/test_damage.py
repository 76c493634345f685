"""Dealing damage: shields, Armorbane, Flying, Brutal, Area Effect, indirect damage, destroyed units, warlords."""
from app.engine.conquest import damage
from app.engine.core import Event

from .support import RS, attack, codes, cons_types, place, play, start, to_combat


def battle(**p2_unit):
    """p1 attacker A (ATK 3) against p2 unit B at the first planet, p1's combat turn."""
    state = start()
    place(state, "p1", "A", 1, attack=p2_unit.pop("attacker_attack", 3), hp=5,
          keywords=p2_unit.pop("attacker_keywords", []), damage=p2_unit.pop("attacker_damage", 0))
    place(state, "p2", "B", 1, **{"attack": 1, "hp": 6, **p2_unit})
    state, _ = to_combat(state)
    return state


def test_one_shield_card_prevents_up_to_its_icons():
    """Shields: the controller may discard 1 shield card to prevent damage up to its shield icons."""
    state = battle()
    state, cons = play(state, "attack", "p1", attacker="p1.a", defender="p2.b")
    assert state["pending"][0]["turn"] == "p2"
    view = RS.suggest(state, "p2")
    assert view.reaction_window["kind"] == "shields" and {"shield", "no_shield"} <= {s.type for s in view.suggestions}
    # Beyond the window, p2's own combat turn: attacking with B says no shield was used (passes.py).
    assert next(s for s in view.suggestions if s.type == "no_shield").is_pass
    assert any(s.type == "attack" and s.data["attacker"] == "p2.b" for s in view.suggestions)
    hand = state["seats"]["p2"]["hand"]
    offer = next(s for s in view.suggestions if s.type == "shield")
    assert "card" in offer.bounds   # the card discarded may be named (the log shows it)
    state, cons = play(state, "shield", "p2", unit="p2.b", shields=2, card="Glorious Intervention")
    assert state["units"]["p2.b"]["damage"] == 1
    assert state["seats"]["p2"]["hand"] == hand - 1 and state["seats"]["p2"]["discard"] == 1
    assert "damage_prevented" in cons_types(cons)


def test_only_one_shield_per_unit_per_damage():
    """Shields: each time a unit is dealt damage, only 1 shield card can be used."""
    state = battle()
    state, _ = play(state, "attack", "p1", attacker="p1.a", defender="p2.b")
    pend = state["pending"][0]
    pend["shielded"].append("p2.b")  # as if one was used, with the window still open
    pend["turn"] = "p2"
    assert "one_shield" in codes(state, "shield", "p2", unit="p2.b", shields=1)


def test_attacker_cannot_shield_the_defender():
    """Shields: only the damaged unit's controller may shield it."""
    state = battle()
    state, _ = play(state, "attack", "p1", attacker="p1.a", defender="p2.b")
    assert codes(state, "shield", "p1", unit="p2.b", shields=1) == ["not_your_shield"]
    # The shield window comes first: the attacker cannot move past it; the defender's own pass closes it.
    assert codes(state, "attack", "p1", attacker="p1.a", defender="p2.b") == ["out_of_step"]
    assert codes(state, "pass", "p2") == []


def test_armorbane_means_no_shields():
    """Keywords, Armorbane: the opposing player cannot use shields against this attacker."""
    state = battle(attacker_keywords=["armorbane"])
    state, cons = play(state, "attack", "p1", attacker="p1.a", defender="p2.b")
    assert not state["pending"] and state["units"]["p2.b"]["damage"] == 3


def test_flying_halves_damage_rounding_up():
    """Keywords, Flying: halve damage from a non-flying attacker, rounding up (after additions)."""
    state = battle(keywords=["flying"])
    state, _ = attack(state, "p1", "p1.a", "p2.b")
    assert state["units"]["p2.b"]["damage"] == 2  # 3 halved, rounded up


def test_flying_attacker_is_not_halved():
    """Keywords, Flying: a flying attacker deals full damage to a flier."""
    state = battle(keywords=["flying"], attacker_keywords=["flying"])
    state, _ = attack(state, "p1", "p1.a", "p2.b")
    assert state["units"]["p2.b"]["damage"] == 3


def test_brutal_adds_damage_on_the_unit():
    """Keywords, Brutal: +1 ATK for each damage on the unit."""
    state = battle(attacker_keywords=["brutal"], attacker_damage=2)
    state, _ = attack(state, "p1", "p1.a", "p2.b")
    assert state["units"]["p2.b"]["damage"] == 5


def test_area_effect_hits_each_enemy_unit():
    """Keywords, Area Effect: damage equal to the AE value to each enemy unit instead of one defender."""
    state = start()
    place(state, "p1", "Flamer", 1, attack=1, keywords=["area effect 2"])
    place(state, "p2", "B1", 1, hp=5)
    place(state, "p2", "B2", 1, hp=5, keywords=["flying"])
    state, _ = to_combat(state)
    assert "ae_defender" in codes(state, "attack", "p1", attacker="p1.flamer", defender="p2.b1", area_effect=True)
    state, _ = attack(state, "p1", "p1.flamer", area_effect=True)
    assert state["units"]["p2.b1"]["damage"] == 2 and state["units"]["p2.b2"]["damage"] == 2


def test_excess_damage_is_ignored_and_units_are_destroyed():
    """Dealing damage / Damaged units: damage up to HP left; at its HP an army unit goes to the discard pile."""
    state = battle(hp=2)
    state, cons = attack(state, "p1", "p1.a", "p2.b")
    assert "p2.b" not in state["units"] and state["seats"]["p2"]["discard"] == 1
    assert [c.data["placed"] for c in cons if c.type == "damage_taken"] == [{"p2.b": 2}]
    # The log names the destroyed unit from the consequences, after it has left play.
    assert [c.data["names"] for c in cons if c.type == "damage_taken"] == [{"p2.b": "B"}]
    assert next(c for c in cons if c.type == "attack").data["names"] == {"p1.a": "A", "p2.b": "B"}


def test_token_units_return_to_the_bank():
    """Damaged units: a destroyed token unit goes back to the token bank, not the discard pile."""
    state = battle(hp=1, kind="token")
    state, cons = attack(state, "p1", "p1.a", "p2.b")
    assert state["seats"]["p2"]["discard"] == 0
    assert [c.data["to"] for c in cons if c.type == "unit_destroyed"] == ["token bank"]


def test_attachments_are_discarded_with_their_unit():
    """Attachment cards: if the card it is attached to leaves play, discard the attachment."""
    state = battle(hp=2)
    state["cards"]["p2.gun"] = {"id": "p2.gun", "owner": "p2", "name": "Gun", "kind": "attachment", "keywords": [],
                                "traits": [], "unique": False, "attached_to": "p2.b", "ready": True}
    state, cons = attack(state, "p1", "p1.a", "p2.b")
    assert "p2.gun" not in state["cards"] and state["seats"]["p2"]["discard"] == 2


def test_hale_warlord_defeated_becomes_bloodied():
    """Damaged units: a defeated hale warlord goes to HQ bloodied side up, exhausted, damage removed."""
    state = start()
    place(state, "p2", "Killer", 3, attack=9, hp=9)
    state, _ = to_combat(state, 3, 5)
    state, _ = play(state, "pass", "p1")
    state, cons = attack(state, "p2", "p2.killer", "p1.warlord")
    wl = state["units"]["p1.warlord"]
    assert (wl["side"], wl["at"], wl["ready"], wl["damage"], wl["attack"], wl["hp"]) == \
        ("bloodied", "hq", False, 0, 2, 5)
    assert "warlord_bloodied" in cons_types(cons) and RS.outcome(state) is None


def test_unknown_bloodied_side_is_asked_for():
    """Damaged units: the bloodied side's numbers are entered when they are not in the content."""
    state = start()
    place(state, "p1", "Killer", 3, attack=9, hp=9)
    state, _ = to_combat(state, 5, 3)
    assert state["battle"]["initiative"] == "p2"  # p2's warlord is alone at planet 3
    state, _ = play(state, "pass", "p2")
    state, cons = attack(state, "p1", "p1.killer", "p2.warlord")
    assert state["pending"][0]["kind"] == "bloodied_stats"
    assert codes(state, "pass", "p1") == ["out_of_step"]
    state, _ = play(state, "bloodied_stats", "p2", attack=1, hp=4)
    assert (state["units"]["p2.warlord"]["attack"], state["units"]["p2.warlord"]["hp"]) == (1, 4)


def test_bloodied_warlord_defeated_loses():
    """Winning & losing: if your bloodied warlord is defeated, you lose the game."""
    state = start()
    place(state, "p2", "Killer", 3, attack=9, hp=9)
    state["units"]["p1.warlord"].update(side="bloodied", attack=2, hp=5)
    state, _ = to_combat(state, 3, 5)
    state, _ = play(state, "pass", "p1")
    state, cons = attack(state, "p2", "p2.killer", "p1.warlord")
    assert RS.outcome(state)["winners"] == ["p2"] and RS.outcome(state)["decided_by"] == "warlord"
    assert codes(state, "pass", "p1") == ["game_over"]


def test_indirect_damage_is_divided_by_its_receiver():
    """Indirect damage: the receiving player divides it among his units, never more than HP left."""
    state = start()
    place(state, "p2", "B1", 1, hp=1)
    place(state, "p2", "B2", 2, hp=3)
    state, _ = play(state, "indirect_damage", "p1", seat="p2", amount=3, reason="test card")
    assert codes(state, "assign_indirect", "p1", unit="p2.b1", amount=1) == ["not_yours"]
    assert codes(state, "assign_indirect", "p2", unit="p2.b1", amount=2) == ["too_much"]
    state, _ = play(state, "assign_indirect", "p2", unit="p2.b1", amount=1)
    state, cons = play(state, "assign_indirect", "p2", unit="p2.b2", amount=2)
    # then it is dealt like any damage: a shield opportunity first
    assert state["pending"][0]["kind"] == "damage"
    state, cons = play(state, "no_shield", "p2")
    assert "p2.b1" not in state["units"] and state["units"]["p2.b2"]["damage"] == 2


def test_shield_opportunities_start_with_the_initiative_player():
    """Shields: damage to several units; the initiative player has the first shield opportunity."""
    state = start(first="p2")
    place(state, "p1", "A", 2, hp=3)
    place(state, "p2", "B", 2, hp=3)
    state, _ = play(state, "deal_damage", "p1", unit="p1.a", amount=1)
    state, _ = play(state, "no_shield", "p1")
    state["pending"] = []
    damage.start(state, {"p1.a": 1, "p2.b": 1}, "test", "rule")
    assert state["pending"][0]["turn"] == "p2"
    state, _ = play(state, "no_shield", "p2")
    assert state["pending"][0]["turn"] == "p1"


def test_no_shield_is_asked_when_no_shield_could_save_the_unit():
    """A shield only prevents damage: a unit the damage destroys even after the biggest shield (3 icons, the most
    a card prints) leaves play either way, so no shield opportunity opens (Other rules, Card effects: only what
    could change the game state); the damage is placed at once and the combat turn passes on."""
    state = battle(attacker_attack=5, hp=1)
    hand = state["seats"]["p2"]["hand"]
    state, cons = play(state, "attack", "p1", attacker="p1.a", defender="p2.b")
    assert not state["pending"] and "p2.b" not in state["units"] and state["seats"]["p2"]["hand"] == hand
    assert "unit_destroyed" in cons_types(cons)


def test_a_shield_that_could_save_the_unit_is_still_offered():
    """Damage that a 3-shield card would bring below the unit's HP left keeps the window open (it may matter)."""
    state = battle(attacker_attack=3, hp=1)
    state, _ = play(state, "attack", "p1", attacker="p1.a", defender="p2.b")
    assert state["pending"][0]["turn"] == "p2"
    assert any(s.type == "shield" for s in RS.suggest(state, "p2").suggestions)


def test_a_shield_that_changes_nothing_is_refused_unless_a_card_says_so():
    """Of two units hit by an Area Effect, the one the damage destroys whatever the shield is not offered, and a
    shield entered for it is refused (overridable: a card may say otherwise)."""
    state = battle(attacker_attack=1, attacker_keywords=["area effect 4"], hp=6)
    place(state, "p2", "C", 1, hp=1)
    state, _ = play(state, "attack", "p1", attacker="p1.a", area_effect=True)
    offered = {s.data.get("unit") for s in RS.suggest(state, "p2").suggestions if s.type == "shield"}
    assert offered == {"p2.b"}
    violations = RS.check(state, damage_event("p2", "p2.c"))
    assert [v.code for v in violations] == ["shield_no_effect"] and violations[0].overridable


def damage_event(seat, uid):
    """A shield of 3 icons for `uid`."""
    return Event("shield", seat, {"unit": uid, "shields": 3})
