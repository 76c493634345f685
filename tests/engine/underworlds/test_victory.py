"""Victory and tiebreaks (Deathgorge rulebook, Victory pg 39; Multiplayer games, Victory)."""
from app.engine.underworlds.state import hold_value
from app.engine.underworlds.victory import outcome
from tests.support.play import underworlds_setup

from .helpers import RS, play, started


def over(state, glory: dict, out=(), hold=()):
    for seat, g in glory.items():
        state["seats"][seat]["glory"] = {"unspent": g, "spent": 0}
    for fid in out:
        state["fighters"][fid]["out"] = True
    for fid, feat in hold:
        state["features"][feat]["fighter"] = fid
        state["fighters"][fid]["feature"] = feat
    state["phase"] = "over"
    return outcome(RS, state)


def test_most_glory_counts_spent_and_unspent():
    """Victory (pg 39): the most glory points, spent or unspent, wins."""
    state = started()
    state["seats"]["p1"]["glory"] = {"unspent": 1, "spent": 3}
    state["seats"]["p2"]["glory"] = {"unspent": 3, "spent": 0}
    state["phase"] = "over"
    assert outcome(RS, state)["winners"] == ["p1"] and outcome(RS, state)["decided_by"] == "glory"


def test_tie_the_only_side_with_survivors_wins():
    """Victory (pg 39): tied on glory, the only player with surviving fighters wins."""
    r = over(started(), {"p1": 4, "p2": 4}, out=["p2.leader", "p2.brute", "p2.minion"])
    assert r["winners"] == ["p1"] and r["decided_by"] == "surviving_fighters"


def test_tie_objective_value_held_decides():
    """Victory (pg 39): both with survivors, the highest combined value of objectives held wins."""
    r = over(started(), {"p1": 4, "p2": 4}, hold=[("p1.brute", "2"), ("p2.brute", "4"), ("p1.leader", "1")])
    assert r["winners"] == ["p2"] and r["decided_by"] == "objective_value" and r["objective_value"]["p1"] == 3


def test_still_tied_is_a_draw():
    """Victory (pg 39): if there is still a tie the game is a draw."""
    r = over(started(), {"p1": 4, "p2": 4}, hold=[("p1.brute", "3"), ("p2.brute", "1"), ("p2.leader", "2")])
    assert r["draw"] and r["winners"] == ["p1", "p2"]


def test_multiplayer_draw_between_the_tied_players_only():
    """Multiplayer games, Victory: a draw between the tied players; the other players lose."""
    r = over(started(3), {"p1": 5, "p2": 5, "p3": 9 - 7})
    assert r["draw"] and r["winners"] == ["p1", "p2"]


def test_multiplayer_tied_players_without_fighters_drop_out():
    """Multiplayer games, Victory: the winner is the tied player with fighters still on the battlefield."""
    r = over(started(3), {"p1": 5, "p2": 5, "p3": 5}, out=["p1.leader", "p1.brute", "p1.minion"],
             hold=[("p3.minion", "5")])
    assert r["winners"] == ["p3"] and r["decided_by"] == "objective_value"


def test_no_outcome_while_playing():
    """Victory: decided at the end of round 3 only."""
    state = started()
    state, _ = play(state, "damage", "p1", fighter="p2.minion", amount=2, source="card")
    assert RS.outcome(state) is None


def test_a_beast_cannot_hold_objectives_for_the_tiebreak():
    """Traits, Beast (pg 7): a beast cannot hold objectives, so its token does not count towards the combined value of
    objectives held (Victory pg 39)."""
    setup = underworlds_setup(2)
    setup["seats"][0]["fighters"][1]["traits"] = ["beast"]
    state = started(setup=setup)
    state, _ = play(state, "position", "p1", fighter="p1.brute", feature="5")
    state, _ = play(state, "position", "p1", fighter="p1.minion", feature="2")
    assert hold_value(state, "p1") == 2
