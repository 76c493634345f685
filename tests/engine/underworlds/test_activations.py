"""Activations and player actions (Deathgorge rulebook, Activation step pg 18, Move pg 18, Stun/Barge pg 26,
Charge/Guard pg 27)."""
from app.engine import registry
from app.engine.underworlds import activations as A
from app.engine.underworlds import suggest as S
from app.engine.underworlds.templates import legal
from app.engine.underworlds.turns import active_seat
from tests.support.play import SETUPS, play_random, underworlds_setup

from .helpers import RS, codes, pass_power, play, started


def tok(state, fid, t):
    return state["fighters"][fid]["tokens"][t]


def next_p1_turn(state):
    """Finish p1's power step and pass p2's turn so p1 activates again."""
    state = pass_power(state)
    state, _ = play(state, "player_action", "p2", action="pass")
    return pass_power(state)


def test_move_gives_a_move_token_and_uses_an_activation():
    """Move action (pg 18): the fighter gets a Move token; each activation uses one of four."""
    state = started()
    state, _ = play(state, "activate", "p1", action="move", fighter="p1.minion")
    assert tok(state, "p1.minion", "move") == 1
    assert state["seats"]["p1"]["activations_left"] == 3


def test_move_into_lethal_hexes_and_snare():
    """Lethal hexes (pg 10): 1 damage per lethal hex moved into (not for flyers); snare hexes stagger."""
    state = started()
    state, cons = play(state, "activate", "p1", action="move", fighter="p1.brute", lethal=2, snare=True)
    assert state["fighters"]["p1.brute"]["damage"] == 2 and tok(state, "p1.brute", "stagger") == 1


def test_fighter_with_a_move_token_cannot_charge():
    """Move action (pg 18): a fighter with one or more Move tokens cannot make a Charge superaction."""
    state = started()
    state, _ = play(state, "activate", "p1", action="move", fighter="p1.minion")
    state = next_p1_turn(state)
    assert "moved_cannot_charge" in codes(state, "activate", "p1", action="charge", fighter="p1.minion")


def test_charge_removes_guard_gives_charge_token_then_attack():
    """Charge superaction (pg 27): Guard tokens removed, Charge token after the move, then the Attack action."""
    state = started()
    state, _ = play(state, "activate", "p1", action="guard", fighter="p1.brute")
    state = next_p1_turn(state)
    state, cons = play(state, "activate", "p1", action="charge", fighter="p1.brute")
    assert tok(state, "p1.brute", "guard") == 0 and tok(state, "p1.brute", "charge") == 1
    assert tok(state, "p1.brute", "move") == 0
    assert state["pending"]["attacker"] == "p1.brute" and state["step"] == "activation"
    assert "attack_pending" in codes(state, "player_action", "p1", action="pass")
    state, cons = play(state, "abandon", "p1")
    assert state["step"] == "power"


def test_charged_fighter_cannot_activate_until_all_have_charged():
    """Charge superaction (pg 27): a fighter with a Charge token cannot be activated unless every surviving
    friendly fighter has one, and then makes no superaction."""
    state = started()
    state, _ = play(state, "token", "p1", fighter="p1.leader", token="charge", action="give")
    assert "charge_token" in codes(state, "activate", "p1", action="move", fighter="p1.leader")
    for f in ("p1.brute", "p1.minion"):
        state, _ = play(state, "token", "p1", fighter=f, token="charge", action="give")
    assert codes(state, "activate", "p1", action="move", fighter="p1.leader") == []
    assert "no_superaction_after_charge" in codes(state, "activate", "p1", action="barge", fighter="p1.leader",
                                                  target="p2.minion")


def test_guard_removes_stagger_and_cannot_be_repeated():
    """Guard action (pg 27): Guard token removes Stagger tokens; a fighter on Guard cannot make a Guard action."""
    state = started()
    state, _ = play(state, "token", "p1", fighter="p1.brute", token="stagger", action="give")
    state, cons = play(state, "activate", "p1", action="guard", fighter="p1.brute")
    assert tok(state, "p1.brute", "guard") == 1 and tok(state, "p1.brute", "stagger") == 0
    assert "stagger_removed" in cons
    state = next_p1_turn(state)
    assert "already_on_guard" in codes(state, "activate", "p1", action="guard", fighter="p1.brute")


def test_stun_staggers_an_enemy_without_stagger():
    """Stun action (pg 26): choose an adjacent enemy with no Stagger tokens and stagger it (Guard is removed)."""
    state = started()
    state, _ = play(state, "token", "p2", fighter="p2.minion", token="guard", action="give")
    state, _ = play(state, "activate", "p1", action="stun", fighter="p1.leader", target="p2.minion")
    assert tok(state, "p2.minion", "stagger") == 1 and tok(state, "p2.minion", "guard") == 0
    state = next_p1_turn(state)
    assert "target_staggered" in codes(state, "activate", "p1", action="stun", fighter="p1.brute", target="p2.minion")
    assert "not_enemy" in codes(state, "activate", "p1", action="stun", fighter="p1.brute", target="p1.leader")


def test_barge_moves_stuns_then_staggers_the_barger():
    """Barge superaction (pg 26): Move (Move token), Stun, then the barging fighter is staggered."""
    state = started()
    state, _ = play(state, "activate", "p1", action="barge", fighter="p1.brute", target="p2.leader")
    assert tok(state, "p1.brute", "move") == 1 and tok(state, "p1.brute", "stagger") == 1
    assert tok(state, "p2.leader", "stagger") == 1


def test_out_of_action_fighters_cannot_be_activated():
    """Out of action (pg 24): a fighter out of action cannot be activated."""
    state = started()
    state, _ = play(state, "damage", "p2", fighter="p1.minion", amount=2, source="card")
    assert "fighter_out_of_action" in codes(state, "activate", "p1", action="move", fighter="p1.minion")


def test_only_own_fighters_and_known_fighters():
    """Activation step (pg 18): you activate your own fighters; unknown fighters are structural errors."""
    state = started()
    assert "not_friendly" in codes(state, "activate", "p1", action="move", fighter="p2.minion")
    v = RS.check(state, __import__("app.engine.core", fromlist=["Event"]).Event(
        "activate", "p1", {"action": "move", "fighter": "p1.nobody"}))
    assert v[0].code == "unknown_fighter" and not v[0].overridable


def test_player_actions_draw_and_swap():
    """Activation step, player actions (pg 18): draw a power card; discard an objective and draw one."""
    state = started()
    state, cons = play(state, "player_action", "p1", action="draw_power")
    assert state["seats"]["p1"]["hand"]["power"] == 6 and state["seats"]["p1"]["deck"]["power"] == 14
    state = pass_power(state)
    state, _ = play(state, "player_action", "p2", action="swap_objective")
    s = state["seats"]["p2"]
    assert s["hand"]["objectives"] == 3 and s["deck"]["objectives"] == 8 and s["discards"]["objectives"] == 1


def test_empty_deck_cannot_be_drawn_from():
    """Running out of cards (pg 15): with the deck empty no card is drawn, nothing is reshuffled."""
    setup = underworlds_setup(2)
    setup["seats"][0]["deck_sizes"] = {"objectives": 12, "power": 5}
    state = started(setup=setup)
    state, _ = play(state, "player_action", "p1", action="draw_power")
    assert state["seats"]["p1"]["hand"]["power"] == 5 and state["seats"]["p1"]["deck"]["power"] == 0


def test_four_activations_each_per_phase():
    """Activation step (pg 18): four activations each; the fifth is refused (with an override it is allowed)."""
    state = started()
    for _ in range(4):
        assert state["seats"]["p1"]["activations_left"] > 0
        state = next_p1_turn(state) if state["step"] == "power" else state
        if state["phase"] != "action":
            break
        state, _ = play(state, "player_action", "p1", action="pass")
    assert state["seats"]["p1"]["activations_left"] == 0


def test_attack_and_charge_need_an_enemy_to_target():
    """Advanced rules, Attack actions (pg 20): a fighter must have a target to make an Attack action (and a Charge
    needs its Attack action, pg 27); with every enemy fighter out of action neither is legal nor offered."""
    state = started()
    for fid in ("p2.leader", "p2.brute", "p2.minion"):
        state, _ = play(state, "out_of_action", "p1", fighter=fid, override="test: taken out earlier")
    assert "no_target" in codes(state, "activate", "p1", action="attack", fighter="p1.leader")
    assert "no_target" in codes(state, "activate", "p1", action="charge", fighter="p1.leader")
    offered = {s.data["action"] for s in RS.suggest(state, "p1").suggestions if s.type == "activate"}
    assert not offered & {"attack", "charge"} and {"move", "guard"} <= offered


def test_attack_needs_an_attack_action_and_swapping_needs_an_objective_card():
    """Attack actions (pg 20) and player actions (pg 18): a fighter with no Attack action cannot attack; you discard
    an objective card only if you hold one."""
    setup = underworlds_setup(2)
    setup["seats"][0]["fighters"][2]["profiles"] = []
    setup["seats"][0]["deck_sizes"] = {"objectives": 0, "power": 20}
    state = started(setup=setup)
    assert "no_attack_action" in codes(state, "activate", "p1", action="attack", fighter="p1.minion")
    assert "no_card_in_hand" in codes(state, "player_action", "p1", action="swap_objective")
    offered = {s.data.get("action") for s in RS.suggest(state, "p1").suggestions if s.type == "player_action"}
    assert "swap_objective" not in offered


def test_a_charged_fighter_cannot_make_a_scything_superaction():
    """Advanced rules, Scything (pg 25): more than one Scything Attack action is a superaction, and a fighter with a
    Charge token makes no superaction (Charge superaction pg 27); a single Attack action is still allowed."""
    setup = underworlds_setup(2)
    setup["seats"][0]["fighters"] = setup["seats"][0]["fighters"][:1]
    setup["seats"][0]["fighters"][0]["profiles"][0]["keywords"] = ["scything"]
    state = started(setup=setup)
    state, _ = play(state, "token", "p1", fighter="p1.leader", token="charge", action="give")
    assert "no_superaction_after_charge" in codes(state, "activate", "p1", action="attack", fighter="p1.leader",
                                                  attacks=2)
    assert codes(state, "activate", "p1", action="attack", fighter="p1.leader", attacks=1) == []
    labels = [s.label for s in RS.suggest(state, "p1").suggestions if s.type == "activate"]
    assert "Attack (Scything)" not in labels and "Attack" in labels


def test_a_flying_fighter_takes_no_lethal_hex_damage_in_its_move_action_only():
    """Traits, Flying (pg 7): when making a Move action a flying fighter cannot be dealt damage by lethal hexes; a
    push into a lethal hex still deals 1 damage (Lethal hexes pg 10)."""
    setup = underworlds_setup(2)
    setup["seats"][0]["fighters"][1]["traits"] = ["flying"]
    state = started(setup=setup)
    state, _ = play(state, "activate", "p1", action="move", fighter="p1.brute", lethal=2)
    assert state["fighters"]["p1.brute"]["damage"] == 0
    state, cons = play(state, "push", "p2", fighter="p1.brute", hexes=1, into="lethal")
    assert state["fighters"]["p1.brute"]["damage"] == 1 and "damage_dealt" in cons


def _stuns(offers) -> dict:
    return {(s.data["action"], s.data["fighter"]): s.choices["target"] for s in offers
            if s.data.get("action") in ("stun", "barge")}


def test_stun_targets_are_checked_once_and_each_stun_still_judged_for_its_fighter():
    """Stun action, Barge superaction (pg 26): the enemies a Stun may choose (no Stagger tokens) are the same for
    every Stun and Barge of the seat, but a fighter that may not act (a Charge token, pg 27) is offered neither."""
    state = started()
    state, _ = play(state, "token", "p2", fighter="p2.brute", token="stagger", action="give")
    last = [fid for fid, f in state["fighters"].items() if f["seat"] == "p1"][-1]
    state, _ = play(state, "token", "p1", fighter=last, token="charge", action="give")
    assert not state.get("reaction")
    offered = _stuns(A.suggest_activations(RS, state, "p1"))
    enemies = [fid for fid, f in state["fighters"].items() if f["seat"] == "p2" and fid != "p2.brute"]
    mine = [fid for fid, f in state["fighters"].items() if f["seat"] == "p1" and fid != last]
    assert offered == {(a, fid): enemies for fid in mine for a in ("stun", "barge")}
    assert "charge_token" in codes(state, "activate", "p1", action="stun", fighter=last, target=enemies[0])


def test_stun_targets_checked_once_give_what_checking_each_gives(monkeypatch):
    """Over random games: the activations offered are the ones templates.legal() keeps checking each offer alone,
    at the game's position and at each position the optional steps ahead lead to."""

    def each_alone(rs, state, offers):
        return [s for s in (legal(rs, state, s) for s in offers) if s]
    seen = 0

    def compare(rs, state, _event, _sugg):
        nonlocal seen
        for st in [state, *(later for _, later in S._passes(rs, state, ""))]:
            if st["phase"] != "action" or st["step"] != "activation" or st.get("pending"):
                continue
            got = [s.to_dict() for s in A.suggest_activations(rs, st, active_seat(st))]
            with monkeypatch.context() as m:
                m.setattr(A, "legal_offers", each_alone)
                assert got == [s.to_dict() for s in A.suggest_activations(rs, st, active_seat(st))]
            seen += sum((d.get("template") or d["event"])["data"].get("action") in ("stun", "barge") for d in got)
    for ruleset_id, setup, seed in (("underworlds/deathgorge", underworlds_setup(4), 1),
                                    ("underworlds/deathgorge", underworlds_setup(3), 2),
                                    ("underworlds/shadespire", SETUPS["underworlds/shadespire"][0], 3)):
        rs = registry.get(ruleset_id)
        play_random(rs, setup, seed, max_events=300, on_event=lambda st, e, sg, rs=rs: compare(rs, st, e, sg))
    assert seen > 50
