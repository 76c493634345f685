"""Winning the game: victory points when the first player starts a turn, elimination, the outcome."""
from .helpers import RS, battle, codes, command, play, to_upkeep


def test_vp_victory_is_checked_when_the_first_player_starts_a_turn():
    """Winning the game: when the first player starts a turn, 16+ VPs and more than the
    opponent wins."""
    s = battle()
    s["seats"]["p1"]["vp"] = 16
    s = to_upkeep(command(s))
    assert RS.outcome(s) is None, "not checked when the second player starts a turn"
    s["seats"]["p2"]["vp"] = 16
    s = to_upkeep(command(s))
    assert RS.outcome(s) is None, "16 each: nobody has more"
    s = to_upkeep(command(s))
    s["seats"]["p2"]["vp"] = 17
    s = to_upkeep(command(s))
    out = RS.outcome(s)
    assert out["winners"] == ["p2"] and out["decided_by"] == "victory_points"
    assert codes(s, "p1", "play_command", section="any", units=1) == ["game_over"]


def test_vp_target_is_an_option():
    """Pre-built scenarios: the scenario describes how to win; the VP target can change."""
    s = battle(vp_to_win=5)
    s["seats"]["p1"]["vp"] = 5
    s = to_upkeep(command(to_upkeep(command(s))))
    assert RS.outcome(s)["winners"] == ["p1"]


def test_elimination_wins_at_once():
    """Winning the game: you win at once when all opponent's units are eliminated."""
    s = battle(army_p2={"u-foot": 1})
    s, cons = play(s, "p1", "damage", unit="p2.u-foot-1", amount=4, source="Deadeye Marksmen")
    assert RS.outcome(s)["decided_by"] == "elimination" and RS.outcome(s)["winners"] == ["p1"]
    assert [c.type for c in cons][-2:] == ["eliminated", "game_over"]
