"""Deploy phase and card rules: costs, placement, alternating turns, Limited, unique, Relic, No Attachments."""
from app.engine.core import Event

from .support import RS, codes, place, play, start, unit


def test_deploy_pays_the_cost_and_enters_ready_at_a_face_up_planet():
    """1. Deploy: pay the resource cost; army units go to a face-up planet; cards enter play ready."""
    state = start()
    state, cons = play(state, "deploy", "p1", card=unit("Ork Boyz", cost=3), planet=2)
    u = state["units"]["p1.ork-boyz"]
    assert (u["at"], u["ready"]) == (2, True)
    assert state["seats"]["p1"]["resources"] == 4 and state["seats"]["p1"]["hand"] == 6
    assert state["step"]["turn"] == "p2"


def test_cannot_pay_more_than_the_pool():
    """1. Deploy: the cost is paid from your resource pool."""
    state = start()
    assert "cost" in codes(state, "deploy", "p1", card=unit("Big", cost=8), planet=1)


def test_army_units_only_at_face_up_planets():
    """1. Deploy: army unit cards must be deployed at one of the face-up planets."""
    state = start()
    assert "not_face_up" in codes(state, "deploy", "p1", card=unit("A"), planet=6)
    assert "no_planet" in codes(state, "deploy", "p1", card=unit("A"))


def test_turns_alternate_and_a_pass_is_final():
    """1. Deploy: players alternate; a player who passes takes no more deployment turns this phase."""
    state = start()
    assert codes(state, "deploy", "p2", card=unit("A"), planet=1) == ["out_of_step"]
    state, _ = play(state, "pass", "p1")
    state, _ = play(state, "deploy", "p2", card=unit("A"), planet=1)
    assert state["step"]["turn"] == "p2"  # p1 passed: p2 goes on
    state, _ = play(state, "pass", "p2")
    assert state["phase"] == "command"


def test_supports_go_to_hq_and_attachments_onto_units():
    """1. Deploy: support cards in HQ; attachments attached to another card."""
    state = start()
    state, _ = play(state, "deploy", "p1", card={"name": "Kommando Camp", "type": "support", "cost": 1})
    assert state["cards"]["p1.kommando-camp"]["attached_to"] is None
    state, _ = play(state, "deploy", "p2", card={"name": "Blade", "type": "attachment", "cost": 1},
                    attach_to="p2.warlord")
    assert state["cards"]["p2.blade"]["attached_to"] == "p2.warlord"


def test_no_attachments_keyword():
    """Keywords, No Attachments: the card cannot have attachments."""
    state = start()
    place(state, "p2", "Khymera", 1, keywords=["no attachments"])
    assert "no_attachments" in codes(state, "deploy", "p1", card={"name": "Gun", "type": "attachment", "cost": 0},
                                     attach_to="p2.khymera")


def test_limited_one_per_round():
    """Keywords, Limited: no more than 1 Limited card deployed/played by each player each round."""
    state = start()
    state, _ = play(state, "deploy", "p1", card=unit("L1", keywords=["Limited"]), planet=1)
    state, _ = play(state, "pass", "p2")
    assert "limited" in codes(state, "deploy", "p1", card=unit("L2", keywords=["limited"]), planet=1)
    assert "limited" in codes(state, "action", "p1", card="Some event", from_hand=True, limited=True)
    assert codes(state, "deploy", "p1", card=unit("Plain"), planet=1) == []


def test_unique_cards():
    """Other rules, Unique: not while you control an in-play copy."""
    state = start()
    state, _ = play(state, "deploy", "p1", card=unit("Gorzod", unique=True), planet=1)
    state, _ = play(state, "pass", "p2")
    assert "unique" in codes(state, "deploy", "p1", card=unit("Gorzod", unique=True), planet=2)


def test_one_relic_per_player():
    """Other rules, Limit 1 Relic per player."""
    state = start()
    state, _ = play(state, "deploy", "p1", card={"name": "Relic A", "type": "support", "traits": ["Relic"]})
    state, _ = play(state, "pass", "p2")
    assert "relic" in codes(state, "deploy", "p1", card={"name": "Relic B", "type": "support", "traits": ["relic"]})


def test_an_override_lets_the_card_text_win():
    """Setup: if a card contradicts the rules, the card takes precedence (override with a reason)."""
    state = start()
    ev = Event("deploy", "p1", {"card": unit("Cheap", cost=9), "planet": 1}, override={"reason": "card reduces cost"})
    assert RS.judge(state, ev).blocked == []


def test_event_cards_use_an_action_and_go_to_discard():
    """1. Deploy: an Action is a deployment turn; event cards: pay, resolve, discard."""
    state = start()
    state, _ = play(state, "action", "p1", card="Squadron Redeployment", cost=1, from_hand=True)
    s = state["seats"]["p1"]
    assert (s["resources"], s["hand"], s["discard"]) == (6, 6, 1)
    assert state["step"]["turn"] == "p2"


def test_token_units_are_not_deployed_from_hand():
    """Other rules, Token units: used only as abilities say."""
    state = start()
    assert "token_from_hand" in codes(state, "deploy", "p1", card={"name": "Snotlings", "type": "token",
                                                                   "attack": 1, "hp": 1}, planet=1)


def test_overridden_cost_never_drives_the_pool_below_zero():
    """Card text over rules: an overridden cost takes what the pool holds, never a negative pool."""
    state = start()
    ev = Event("deploy", "p1", {"card": unit("Discounted", cost=9), "planet": 1}, override={"reason": "cost -2"})
    state, _ = RS.play(state, ev)
    assert state["seats"]["p1"]["resources"] == 0


def test_attachments_may_go_on_a_support_card():
    """1. Deploy: attachments attach to another card, element or area (here a support card)."""
    state = start()
    state, _ = play(state, "deploy", "p1", card={"name": "Camp", "type": "support", "cost": 0})
    state, _ = play(state, "deploy", "p2", card={"name": "Banner", "type": "attachment", "cost": 0},
                    attach_to="p1.camp")
    assert state["cards"]["p2.banner"]["attached_to"] == "p1.camp"
    state, cons = play(state, "destroy", "p1", unit="p1.camp")
    assert "p2.banner" not in state["cards"] and state["seats"]["p2"]["discard"] == 1
