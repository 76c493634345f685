"""Suggestions: what each seat is offered at each step, shaped so any choice is legal."""
import random

from app.engine.core import Event

from .helpers import POS, RS, battle, fill, play, setup


def offered(state, seat, group=None):
    return [s for s in RS.suggest(state, seat).suggestions if group is None or s.group == group]


def test_scenario_then_muster_suggestions():
    """Setup, Scenarios and Mustering: a scenario card, then a ready-made legal army."""
    s = RS.new_game(setup())
    (sc, card) = offered(s, "p1")
    assert card.type == "unit_card"
    assert sc.type == "choose_scenario" and "A1" in sc.choices["scenario"]
    s, _ = play(s, "p1", "choose_scenario", scenario="A1")
    s, _ = play(s, "p2", "choose_scenario", scenario="B1")
    (m, _card) = offered(s, "p1")
    assert m.complete and RS.check(s, Event("muster", "p1", m.data)) == []
    army = m.data
    assert sum(army["army"].values()) + army["decoys"] + (1 if army["command_tent"] else 0) == 18


def test_attack_templates_have_one_slot_per_die():
    """Combat, 2 and Forest: the template asks for exactly the dice to roll."""
    s = battle()
    s, _ = play(s, "p1", "reposition", unit="p2.u-foot-1", to={**POS, "terrain": "forest"})
    s, _ = play(s, "p1", "play_command", section="any", units=1)
    s, _ = play(s, "p1", "order", unit="p1.d-hero-1")
    s, _ = play(s, "p1", "end_step")
    s, _ = play(s, "p1", "end_step")
    atk = {s.data["target"]: s for s in offered(s, "p1", "Attack with D Hero")}
    assert len(atk["p2.u-foot-1"].data["roll"]) == 2 and len(atk["p2.u-foot-2"].data["roll"]) == 4
    ranged_ok = [x for x in atk.values() if x.data["kind"] == "melee"]
    assert all(x.data["distance"] == 1 for x in ranged_ok)


def test_the_game_waits_for_the_target_player_during_combat():
    """Combat, 4-5: the opponent resolves damage and retreats; the active player waits."""
    s = battle()
    s, _ = play(s, "p1", "play_command", section="any", units=1)
    s, _ = play(s, "p1", "order", unit="p1.d-foot-1")
    s, _ = play(s, "p1", "attack", attacker="p1.d-foot-1", target="p2.u-foot-1", kind="melee", distance=1,
                roll=["morale", "morale", "strike"])
    adv = RS.suggest(s, "p1")
    assert adv.waiting_for == ["p2"] and not [x for x in adv.suggestions if x.group not in ("Table", "Lore")]
    kinds = {x.label for x in offered(s, "p2") if x.type == "defend"}
    assert any("retreat 2" in k for k in kinds) and any("supported" in k for k in kinds)


def test_every_defend_suggestion_is_legal():
    """Retreat: each offered way to resolve retreats passes the rule checks."""
    rng = random.Random(3)
    s = battle()
    s, _ = play(s, "p1", "play_command", section="any", units=1)
    s, _ = play(s, "p1", "order", unit="p1.d-foot-1")
    s, _ = play(s, "p1", "attack", attacker="p1.d-foot-1", target="p2.u-foot-1", kind="melee", distance=1,
                roll=["morale", "morale", "morale"])
    for sugg in offered(s, "p2"):
        for _ in range(5):
            ev = Event.from_dict(fill(sugg, rng))
            assert RS.check(s, ev) == [], sugg.label


def test_upkeep_suggestions():
    """Upkeep phase: VP step then one of the three lore choices."""
    s = battle()
    s, _ = play(s, "p1", "play_command", section="any", units=1)
    s, _ = play(s, "p1", "score_vp")
    assert {x.data["choice"] for x in offered(s, "p1") if x.type == "lore_step"} == {
        "tokens", "token_and_card", "two_cards"}
