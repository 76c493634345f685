"""Fighters: damage, heal, vulnerable, Large, out of action, returned fighters, tokens, Inspire, feature tokens
(Deathgorge rulebook pg 6, 7, 14, 19, 23-25)."""
import pytest

from app.engine import registry
from app.engine.underworlds import effects, per_state
from app.engine.underworlds.state import characteristic, is_large, is_vulnerable
from tests.support.play import SETUPS, play_random, underworlds_setup

from .helpers import RS, codes, play, started


def test_out_of_action_clears_tokens_and_counters_keeps_upgrades():
    """Advanced rules, Out of action (pg 24): tokens and counters cleared, upgrades not broken."""
    state = started()
    state, _ = play(state, "glory_adjust", "p1", seat="p1", unspent=1, spent=0, reason="t")
    state, _ = play(state, "player_action", "p1", action="pass")
    state, _ = play(state, "power", "p1", play="upgrade", fighter="p1.minion")
    state, _ = play(state, "token", "p2", fighter="p1.minion", token="stagger", action="give")
    state, _ = play(state, "position", "p1", fighter="p1.minion", feature="2")
    state, cons = play(state, "damage", "p2", fighter="p1.minion", amount=3, source="card")
    f = state["fighters"]["p1.minion"]
    assert f["out"] and f["damage"] == 0 and f["tokens"]["stagger"] == 0 and f["upgrades"] == ["upgrade"]
    assert state["features"]["2"]["fighter"] is None and "bounty" in cons
    assert state["reaction"]["steps"] == ["after_damage", "after_out_of_action"]


def test_heal_needs_a_wound_counter():
    """Heal (pg 23): remove wound counters; a fighter can only be healed with at least one wound counter."""
    state = started()
    assert "not_wounded" in codes(state, "heal", "p1", fighter="p1.brute", amount=1)
    state, _ = play(state, "damage", "p2", fighter="p1.brute", amount=2, source="card")
    state, _ = play(state, "heal", "p1", fighter="p1.brute", amount=5)
    assert state["fighters"]["p1.brute"]["damage"] == 0


def test_vulnerable_and_large():
    """Vulnerable (pg 23): one damage from out of action, never with Wounds 1; Large: Wounds 5 or more (pg 7)."""
    state = started()
    state, _ = play(state, "damage", "p2", fighter="p1.leader", amount=3, source="card")
    assert is_vulnerable(state, "p1.leader") and not is_vulnerable(state, "p1.brute")
    assert is_large(state, "p1.brute", 5) and not is_large(state, "p1.leader", 5)


def test_returned_fighter_comes_back_without_tokens_or_wounds():
    """Advanced rules, Out of action (pg 24): returned fighters keep no tokens or wound counters."""
    state = started()
    assert "not_out_of_action" in codes(state, "return_fighter", "p1", fighter="p1.minion")
    state, _ = play(state, "damage", "p2", fighter="p1.minion", amount=2, source="card")
    state, _ = play(state, "return_fighter", "p1", fighter="p1.minion")
    f = state["fighters"]["p1.minion"]
    assert not f["out"] and f["damage"] == 0 and state["seats"]["p1"]["returned"] == 1


def test_tokens_guard_and_stagger_exclude_each_other():
    """Stagger (pg 25) and Guard (pg 27): a Stagger token removes Guard tokens and a Guard token removes Stagger."""
    state = started()
    state, _ = play(state, "token", "p1", fighter="p1.leader", token="guard", action="give")
    state, cons = play(state, "token", "p2", fighter="p1.leader", token="stagger", action="give")
    t = state["fighters"]["p1.leader"]["tokens"]
    assert t["guard"] == 0 and t["stagger"] == 1 and "guard_removed" in cons
    assert "no_such_token" in codes(state, "token", "p1", fighter="p1.leader", token="move", action="remove")


def test_inspire_only_in_inspire_steps_keeps_tokens():
    """Inspire (pg 6): Inspire steps come before each activation step and after each activation and power step;
    tokens and upgrades are kept; an Inspired fighter cannot be Inspired again; un-Inspire flips back."""
    state = started()
    state, _ = play(state, "token", "p1", fighter="p1.leader", token="guard", action="give")
    state, _ = play(state, "inspire", "p1", fighter="p1.leader")
    assert state["fighters"]["p1.leader"]["inspired"] and state["fighters"]["p1.leader"]["tokens"]["guard"] == 1
    assert "already_inspired" in codes(state, "inspire", "p1", fighter="p1.leader")
    assert "not_friendly" in codes(state, "inspire", "p2", fighter="p1.brute")
    state, _ = play(state, "player_action", "p1", action="pass")
    state, _ = play(state, "power", "p1", play="ploy")   # the Inspire step after the activation has passed
    # ... but the one after the power step is next: an Inspire entered now waits for it (test_inspire.py).
    assert "no_inspire_step" not in codes(state, "inspire", "p1", fighter="p1.brute")
    state, _ = play(state, "uninspire", "p1", fighter="p1.leader")
    assert not state["fighters"]["p1.leader"]["inspired"]
    state, _ = play(state, "power", "p2", play="pass")
    state, _ = play(state, "power", "p1", play="pass")
    state, _ = play(state, "activate", "p2", action="attack", fighter="p2.leader")   # the activation step is under way
    assert "no_inspire_step" in codes(state, "inspire", "p1", fighter="p1.brute")


def test_machine_checkable_inspire_condition_inspires_automatically():
    """Advanced rules, Inspire (pg 6): each player Inspires each fighter whose condition is met in the Inspire step."""
    setup = underworlds_setup(2)
    setup["seats"][0]["fighters"][1]["inspire_condition"] = {"text": "wounded", "check": {"kind": "self_wounded_at_least",
                                                                                        "count": 1}}
    state = started(setup=setup)
    assert "inspire_condition_not_met" in codes(state, "inspire", "p1", fighter="p1.brute")
    state, _ = play(state, "damage", "p2", fighter="p1.brute", amount=1, source="card")
    state, cons = play(state, "player_action", "p1", action="pass")
    assert "inspired" in cons and state["fighters"]["p1.brute"]["inspired"]


def test_inspired_side_replaces_characteristics():
    """Inspire (pg 6): the Inspired side of the fighter card gives the Inspired characteristics."""
    state = started()
    assert characteristic(state, "p1.brute", "move") == 3
    state, _ = play(state, "inspire", "p1", fighter="p1.brute")
    assert characteristic(state, "p1.brute", "move") == 4


def test_feature_tokens_holding_and_flipping():
    """Feature tokens (pg 14): a fighter on an objective token holds it; a token cannot become blocked with a
    fighter on it; one fighter per hex."""
    state = started()
    state, _ = play(state, "position", "p1", fighter="p1.brute", feature="5")
    assert "hex_occupied" in codes(state, "position", "p2", fighter="p2.brute", feature="5")
    state, _ = play(state, "feature", "p2", feature="5", action="flip")
    assert state["features"]["5"]["face"] == "cover"
    assert "no_such_face" in codes(state, "feature", "p1", feature="5", action="place", face="blocked")
    state, _ = play(state, "feature", "p1", feature="b1", action="place", face="cover")
    state, _ = play(state, "position", "p2", fighter="p2.minion", feature="b1")
    assert "fighter_on_token" in codes(state, "feature", "p1", feature="b1", action="flip")
    assert "unknown_feature" in codes(state, "feature", "p1", feature="x9", action="flip")


def test_push_into_lethal_hex_deals_damage_dealt_by_the_hex():
    """Lethal hexes (pg 10) and Who dealt damage (pg 23): a push into a lethal hex deals 1 damage from the hex."""
    state = started()
    state, _ = play(state, "damage", "p1", fighter="p2.minion", amount=1, source="card")
    state, cons = play(state, "push", "p1", fighter="p2.minion", hexes=1, into="lethal")
    assert state["fighters"]["p2.minion"]["out"] and "bounty" in cons  # two players: the enemy still gains it
    assert state["seats"]["p1"]["glory"]["unspent"] == 1
    assert RS.outcome(state) is None


def test_unknown_wounds_the_table_declares_out_of_action():
    """Out of action (pg 24): with the Wounds characteristic unknown (content without it), damage is counted and
    the table declares the fighter out of action; the bounty follows as usual."""
    setup = underworlds_setup(2)
    setup["seats"][1]["fighters"][0]["wounds"] = None
    state = started(setup=setup)
    state, cons = play(state, "damage", "p1", fighter="p2.leader", amount=9, source="card")
    assert not state["fighters"]["p2.leader"]["out"] and state["fighters"]["p2.leader"]["damage"] == 9
    state, cons = play(state, "out_of_action", "p1", fighter="p2.leader")
    assert state["fighters"]["p2.leader"]["out"] and "bounty" in cons
    assert "not_enough_wounds" in codes(state, "out_of_action", "p2", fighter="p1.brute")


def test_wounds_modifier_and_large():
    """Modifying characteristics (pg 31) and Large (pg 7): +1 Wounds can make a fighter Large; counters reaching
    the new Wounds take it out of action; characteristics cannot go below 1."""
    state = started()
    state, _ = play(state, "wounds", "p1", fighter="p1.leader", change=1)
    assert is_large(state, "p1.leader", 5)
    assert "below_one" in codes(state, "wounds", "p1", fighter="p1.minion", change=-2)
    state, _ = play(state, "damage", "p2", fighter="p1.minion", amount=1, source="card")
    state, cons = play(state, "wounds", "p2", fighter="p1.minion", change=-1)
    assert "out_of_action" in cons and state["fighters"]["p1.minion"]["out"]


def test_hand_names_are_private_and_checked_against_the_deck():
    """Draw cards (pg 15): the hand is secret; named cards come from the player's deck."""
    setup = underworlds_setup(2)
    setup["seats"][0]["deck"] = ([{"name": f"O{i}", "type": "objective", "glory": 1} for i in range(12)]
                                 + [{"name": f"P{i}", "type": "ploy"} for i in range(20)])
    state = started(setup=setup)
    assert "card_not_in_deck" in codes(state, "hand", "p1", power=["Nope"])
    assert "hand_size" in codes(state, "hand", "p1", objectives=["O1", "O2", "O3", "O4"])
    state, _ = play(state, "hand", "p1", power=["P1", "P2"])
    assert RS.view(state, "p2")["seats"]["p1"]["cards"]["power"] == []
    assert RS.view(state, "p1")["seats"]["p1"]["cards"]["power"] == ["P1", "P2"]
    state, _ = play(state, "player_action", "p1", action="pass")
    ploys = [s.data.get("card") for s in RS.suggest(state, "p1").suggestions if s.data.get("play") == "ploy"]
    assert ploys[:2] == ["P1", "P2"] and len(ploys) == 20  # the cards in hand first, then the rest of the deck
    assert RS.view(state, "p1")["derived"]["p1.leader"] == {"vulnerable": False, "large": False, "wounds_left": 4}


def test_only_an_inspired_fighter_can_be_un_inspired_and_it_is_offered():
    """Advanced rules, Inspire (pg 6): an Inspired fighter can be un-Inspired (usually by an ability), keeping its
    tokens; the table is offered it for Inspired fighters only."""
    state = started()
    assert "not_inspired" in codes(state, "uninspire", "p1", fighter="p1.brute")
    state, _ = play(state, "inspire", "p1", fighter="p1.brute")
    state, _ = play(state, "token", "p1", fighter="p1.brute", token="guard", action="give")
    offer = [s for s in RS.suggest(state, "p2").suggestions if s.type == "uninspire"]
    assert offer and offer[0].choices["fighter"] == ["p1.brute"]
    state, _ = play(state, "uninspire", "p2", fighter="p1.brute")
    assert not state["fighters"]["p1.brute"]["inspired"] and state["fighters"]["p1.brute"]["tokens"]["guard"] == 1


def test_removing_a_token_is_offered_only_for_fighters_that_have_it():
    """Tokens and counters (pg 19): if the fighter has none of the token, you cannot remove it."""
    state = started()
    state, _ = play(state, "activate", "p1", action="move", fighter="p1.brute")
    offer = {s.data["token"]: s.choices["fighter"] for s in RS.suggest(state, "p2").suggestions
             if s.type == "token" and s.data.get("action") == "remove"}
    assert offer == {"move": ["p1.brute"]}
    assert "no_such_token" in codes(state, "token", "p2", fighter="p1.leader", token="move", action="remove")


def test_a_fighter_cannot_stand_on_a_blocked_hex_token():
    """Blocked hexes (pg 10) and Feature tokens (pg 14): a hex with a blocked hex token is a blocked hex."""
    state = started()
    state, _ = play(state, "feature", "p1", feature="b1", action="place", face="blocked")
    assert "blocked_hex" in codes(state, "position", "p1", fighter="p1.brute", feature="b1")
    assert "feature_on_board" in codes(state, "feature", "p1", feature="b1", action="place")
    assert "feature_not_on_board" in codes(state, "feature", "p1", feature="b2", action="flip")


def test_push_into_a_lethal_hex_opens_the_damage_reaction_steps():
    """Reactions: when a fighter is dealt damage (pg 36), for any reason: after a push into a lethal hex too."""
    state = started()
    state, _ = play(state, "push", "p1", fighter="p2.brute", hexes=1, into="lethal")
    assert state["reaction"]["steps"] == ["after_damage"]


@pytest.mark.parametrize("ruleset_id", ["underworlds/deathgorge", "underworlds/shadespire"])
def test_the_card_effects_offered_alike_are_made_once_per_state_each_seat_its_own_and_anew_after_a_change(
        ruleset_id, monkeypatch):
    """The card effects every seat is offered alike are worked out once per state (per_state.py); each seat's are
    entered by that seat, and an edition filtering one seat's choices (2018/2019: no Stagger token) leaves the
    next seat's as its own filter makes them; a state changed in place (apply_in_place) is offered what it holds
    now, as a fresh copy is."""
    rs = registry.get(ruleset_id)
    made = []
    everyone = effects._table_for_everyone
    monkeypatch.setattr(effects, "_table_for_everyone", lambda state: made.append(state) or everyone(state))
    seen = 0

    def table(state, seat):
        return [s.to_dict() for s in rs.suggest(state, seat).suggestions if s.group == "Table"]

    def check(state, event, _sugg):
        nonlocal seen
        made.clear()
        offered = {seat: table(state, seat) for seat in state["order"]}
        assert len(made) <= 1
        alive = [f for f, v in state["fighters"].items() if not v["out"]]
        wounded = [f for f in alive if state["fighters"][f]["damage"] > 0]
        for seat, dicts in offered.items():
            assert all((d.get("event") or d["template"])["by"] == seat for d in dicts)
            by_label = {d["label"]: d.get("choices", {}).get("fighter") for d in dicts}
            if dicts:  # (none while setting up) what this state holds, not what an earlier one did
                assert by_label.get("Deal damage (card effect)") == (alive or None)
                assert by_label.get("Heal") == (wounded or None)
            per_state.forget(state)
            assert table(state, seat) == dicts   # worked out for this seat alone, the same
        owned = rs.copy_state(state)
        before = {seat: table(owned, seat) for seat in owned["order"]}
        rs.apply_in_place(owned, event)
        assert {seat: table(owned, seat) for seat in owned["order"]} == {
            seat: table(rs.copy_state(owned), seat) for seat in owned["order"]}
        seen += {seat: table(owned, seat) for seat in owned["order"]} != before

    play_random(rs, SETUPS[ruleset_id][0], seed=3, max_events=120, on_event=check)
    assert seen, "the card effects offered changed during the game"
