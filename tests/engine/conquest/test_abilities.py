"""Planet Battle abilities the engine resolves (Cards, Abilities: Battle abilities; Winning a battle)."""
import pytest

from app.content.conquest import planets
from app.engine.conquest import rules
from app.engine.core import Event

from .support import RS, codes, cons_types, place, play, start, to_combat


def won_at(first_planet: str, **arrange):
    """Ana wins the battle at the first planet, which is `first_planet` (content planets with effects)."""
    state = start()
    state["planets"] = {p["name"]: p for p in planets()}
    state["line"][0]["name"] = first_planet
    place(state, "p1", "A", 1, attack=1, hp=3)
    for uid, spec in arrange.items():
        seat, name = uid.split(".")
        place(state, seat, name, spec.pop("at"), **spec)
    state, _ = to_combat(state, 2, 2)
    assert state["battle"]["stage"] == "won" and state["battle"]["winner"] == "p1"
    return state


def ability(state, **data):
    """Ana uses the ability with these targets."""
    return play(state, "battle_ability", "p1", use=True, **data)


def test_osus_iv_takes_a_resource():
    """Osus IV: take 1 resource from your opponent."""
    state = won_at("Osus IV")
    before = state["seats"]["p1"]["resources"], state["seats"]["p2"]["resources"]
    state, cons = ability(state)
    assert (state["seats"]["p1"]["resources"], state["seats"]["p2"]["resources"]) == (before[0] + 1, before[1] - 1)
    assert state["seats"]["p1"]["victory"] == ["Osus IV"]


def test_an_ability_that_changes_nothing_cannot_be_used():
    """Card effects: an ability can only be initiated if its effect could change the game state."""
    state = won_at("Osus IV")
    state["seats"]["p2"]["resources"] = 0
    assert codes(state, "battle_ability", "p1", use=True) == ["no_effect"]
    assert [s.data for s in RS.suggest(state, "p1").suggestions if s.type == "battle_ability"] == [{"use": False}]


def test_ferrin_routs_a_non_warlord_unit():
    """Ferrin: rout a target non-warlord unit (Rout: to HQ, exhausted)."""
    state = won_at("Ferrin", **{"p2.B": {"at": 3}})
    assert "target_needed" in codes(state, "battle_ability", "p1", use=True)
    assert "bad_target" in codes(state, "battle_ability", "p1", use=True, unit="p2.warlord")
    state, _ = ability(state, unit="p2.b")
    assert state["units"]["p2.b"]["at"] == "hq" and not state["units"]["p2.b"]["ready"]


def test_a_missing_target_is_refused_even_overridden():
    """Battle abilities: the winner names the target the ability resolves with; an override lifts a rule, it does
    not supply a unit the ability would need."""
    state = won_at("Ferrin", **{"p2.B": {"at": 3}})
    overridden = Event("battle_ability", "p1", {"use": True}, override={"reason": "the table agreed"})
    assert [v.code for v in RS.judge(state, overridden).blocked] == ["target_needed"]


def test_iridial_removes_all_damage():
    """Iridial: remove all damage from a target unit."""
    state = won_at("Iridial", **{"p1.Hurt": {"at": 3, "hp": 5, "damage": 3}})
    state, _ = ability(state, unit="p1.hurt")
    assert state["units"]["p1.hurt"]["damage"] == 0


def test_plannum_moves_one_of_your_units():
    """Plannum: move a non-warlord unit you control to a planet of your choice."""
    state = won_at("Plannum")
    state, _ = ability(state, unit="p1.a", planet=4)
    assert state["units"]["p1.a"]["at"] == 4  # it moved before the survivors went home


def test_barlus_random_discard_and_elouith_search():
    """Barlus: the opponent discards 1 card at random. Elouith: 1 of your top 3 cards to hand."""
    state = won_at("Barlus")
    hand = state["seats"]["p2"]["hand"]
    state, _ = ability(state)
    assert state["seats"]["p2"]["hand"] == hand - 1 and state["seats"]["p2"]["discard"] == 1
    state = won_at("Elouith")
    hand, deck = state["seats"]["p1"]["hand"], state["seats"]["p1"]["deck"]
    state, _ = ability(state)
    assert (state["seats"]["p1"]["hand"], state["seats"]["p1"]["deck"]) == (hand + 1, deck - 1)


@pytest.mark.parametrize("choice,field,gain", [("resources", "resources", 3), ("cards", "hand", 3)])
def test_tarrus_helps_the_player_with_fewer_units(choice, field, gain):
    """Tarrus: if you control fewer units than your opponent, gain 3 resources or draw 3 cards."""
    state = won_at("Tarrus", **{"p2.X": {"at": 3}, "p2.Y": {"at": 3}})
    before = state["seats"]["p1"][field]
    state, _ = ability(state, choice=choice)
    assert state["seats"]["p1"][field] == before + gain


def test_tarrus_not_when_you_have_more_units():
    """Tarrus: no effect when you do not control fewer units; an ability that would change nothing cannot be
    initiated (Other rules, Card effects), so there is no choice to make: the battle finishes at once."""
    state = start()
    state["planets"] = {p["name"]: p for p in planets()}
    state["line"][0]["name"] = "Tarrus"
    place(state, "p1", "A", 1, attack=1, hp=3)
    state, cons = to_combat(state, 2, 2)
    unusable = next(c for c in cons if c.type == "battle_ability_unusable")
    assert unusable.rule == rules.CARD_EFFECTS and unusable.data["planet"] == 1
    assert state["seats"]["p1"]["victory"] == ["Tarrus"] and "planet_captured" in cons_types(cons)
    assert not [s for s in RS.suggest(state, "p1").suggestions if s.type == "battle_ability"]


def test_atrox_prime_damages_each_enemy_unit_with_shields_first():
    """Atrox Prime: 1 damage to each enemy unit at a target HQ or adjacent planet; shields may be used."""
    state = won_at("Atrox Prime", **{"p2.B1": {"at": 2}, "p2.B2": {"at": 2, "hp": 1}})
    assert "bad_target" in codes(state, "battle_ability", "p1", use=True, planet=4)
    state, cons = ability(state, planet=2)
    assert state["pending"][0]["kind"] == "damage" and state["seats"]["p1"]["victory"] == []
    state, cons = play(state, "no_shield", "p2")
    assert state["units"]["p2.b1"]["damage"] == 1 and "p2.b2" not in state["units"]
    assert state["seats"]["p1"]["victory"] == ["Atrox Prime"] and "planet_captured" in cons_types(cons)


def test_planets_without_a_known_effect_are_entered_by_hand():
    """Carnath and Y'varn: the engine records the choice; the players enter the effects."""
    state = won_at("Carnath")
    state, cons = ability(state)
    assert [c.data["resolved"] for c in cons if c.type == "battle_ability"] == [False]
    assert state["seats"]["p1"]["victory"] == ["Carnath"]
