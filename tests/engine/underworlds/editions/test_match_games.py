"""A whole best-of-three match played through the Shadespire ruleset (Shadespire rulebook, Matched Play, pg 26).

The scenario runner plays one game; here three games are played and linked by the match object: each game
gets the match so far in options.match, and its outcome's "record" goes into the match.
"""
import pytest

from app.engine.core import SetupError
from app.engine.underworlds import SHADESPIRE as S
from app.engine.underworlds.editions import matched_play as mp

from .helpers import Table, setup


def play_game(match, script):
    """One game of the match: set up with the match context, three rounds of `script(table, round)`."""
    t = Table(S, setup("underworlds/shadespire", format="matched", match=mp.game_context(match)))
    t.start()
    for rnd in (1, 2, 3):
        t.play("roll_off", "p1", purpose="first_turn", first="p1")
        script(t, rnd)
        total = 8 - t.state["turn"]["n"]
        t.pass_turns(total)
        t.finish_end_phase()
    return t


def scores(p1, p2):
    """Both players score end phase objectives worth these amounts in round 3."""
    def script(t, rnd):
        if rnd == 3:
            t.pass_turns(8)
            if p1:
                t.play("objective", "p1", action="score", glory=p1)
            t.play("end_phase_done", "p1")
            if p2:
                t.play("objective", "p2", action="score", glory=p2)
    return script


def test_match_decided_by_games_after_two():
    """Victory: a player who wins the first two games wins the match; no third game."""
    match = mp.new_match(["p1", "p2"], tiebreakers=True)
    for _ in range(2):
        t = play_game(match, scores(3, 1))
        out = S.outcome(t.state)
        assert out["winners"] == ["p1"] and out["record"]["glory"] == {"p1": 3, "p2": 1}
        match = mp.record_game(match, out["record"])
    status = mp.match_status(match)
    assert status["over"] and status["winner"] == "p1" and status["next_game"] is None


def test_match_decided_on_glory_then_by_sudden_death():
    """Tiebreakers: glory across the games; still tied - a sudden death round after round 3 of game 3."""
    match = mp.new_match(["p1", "p2"], tiebreakers=True)
    match = mp.record_game(match, S.outcome(play_game(match, scores(4, 2)).state)["record"])
    match = mp.record_game(match, S.outcome(play_game(match, scores(1, 3)).state)["record"])
    assert mp.match_status(match)["next_game"] == 3

    # Game 3 ends level (2-2) and the match is level on glory (7-7): the game goes on to round 4.
    t = play_game(match, scores(2, 2))
    assert t.state["round"] == 4 and t.state["phase"] == "action" and S.outcome(t.state) is None
    assert t.state["classic"]["sudden_death"]
    t.play("roll_off", "p1", purpose="first_turn", first="p2")
    assert t.refuse("player_action", "p2", action="draw_power") == ["sudden_death"]
    for fid in ("p1.severin", "p1.angharad", "p1.obryn"):
        t.kill(fid, by="p2")
    out = S.outcome(t.state)
    assert out["decided_by"] == "sudden_death" and out["match_winner"] == "p2"
    match = mp.record_game(match, out["record"])
    status = mp.match_status(match)
    assert status["over"] and status["winner"] == "p2" and status["decided_by"] == "sudden_death"


def test_sudden_death_rounds_continue_until_a_warband_is_eliminated():
    """Sudden death: continue to play rounds in this fashion until one warband has been eliminated."""
    match = mp.new_match(["p1", "p2"], tiebreakers=True)
    match = mp.record_game(match, S.outcome(play_game(match, scores(4, 2)).state)["record"])
    match = mp.record_game(match, S.outcome(play_game(match, scores(1, 3)).state)["record"])
    t = play_game(match, scores(0, 0))
    t.quiet_round()
    assert t.state["round"] == 5 and S.outcome(t.state) is None
    t.play("roll_off", "p1", purpose="first_turn", first="p1")
    assert t.state["seats"]["p1"]["hand"]["power"] == 5, "no cards drawn in a sudden death round"
    for fid in ("p2.garrek", "p2.karsus", "p2.saek", "p2.targor", "p2.arnulf"):
        t.kill(fid)
    assert S.outcome(t.state)["match_winner"] == "p1"


def test_sudden_death_first_warband_eliminated_loses():
    """Sudden death: whichever player eliminates their opponent's warband first wins the match."""
    match = mp.new_match(["p1", "p2"], tiebreakers=True)
    match = mp.record_game(match, S.outcome(play_game(match, scores(4, 2)).state)["record"])
    match = mp.record_game(match, S.outcome(play_game(match, scores(1, 3)).state)["record"])
    t = play_game(match, scores(0, 0))
    t.play("roll_off", "p1", purpose="first_turn", first="p1")
    for fid in ("p1.severin", "p1.angharad", "p2.garrek", "p2.karsus", "p2.saek", "p2.targor"):
        t.kill(fid, by="p2" if fid.startswith("p1") else "p1")
    t.kill("p1.obryn", by="p2")
    out = S.outcome(t.state)
    assert out["match_winner"] == "p2" and t.state["phase"] == "over"
    assert t.refuse("roll_off", "p1", purpose="match", first="p1") == ["not_now"]


def test_no_fighters_left_and_equal_glory_the_players_roll_off():
    """Tiebreaker: a tie with no fighters on the battlefield and equal glory across the games - roll off."""
    match = mp.new_match(["p1", "p2"], tiebreakers=True)
    match = mp.record_game(match, S.outcome(play_game(match, scores(4, 2)).state)["record"])
    match = mp.record_game(match, S.outcome(play_game(match, scores(1, 3)).state)["record"])

    def wipe_both(t, rnd):
        if rnd == 1:
            for fid in ("p2.garrek", "p2.karsus", "p2.saek", "p2.targor", "p2.arnulf"):
                t.kill(fid)                  # p1: 5 glory
            for fid in ("p1.severin", "p1.angharad", "p1.obryn"):
                t.kill(fid, by="p2")         # p2: 3 glory
        if rnd == 3:
            scores(0, 2)(t, rnd)             # p2 scores 2: 5 each

    t = play_game(match, wipe_both)
    out = S.outcome(t.state)
    assert t.state["phase"] == "over" and out["match"]["roll_off"] and out["match_winner"] is None
    advice = S.suggest(t.state, "p1")
    assert [s.data for s in advice.suggestions] == [{"purpose": "match"}]
    t.play("roll_off", "p1", purpose="match", first="p2", winner="p2")
    out = S.outcome(t.state)
    assert out["match_winner"] == "p2" and out["match_decided_by"] == "roll_off"
    assert mp.match_status(mp.record_game(match, out["record"]))["winner"] == "p2"


def test_each_player_keeps_their_warband_for_the_whole_match():
    """Matched play, Choosing a warband: each player uses the warband they chose for the whole match."""
    match = mp.new_match(["p1", "p2"], tiebreakers=True, warbands={"p1": "custom", "p2": "garreks-reavers"})
    data = setup("underworlds/shadespire", format="matched", match=mp.game_context(match))
    with pytest.raises(SetupError) as err:
        S.new_game(data)
    assert err.value.field == "seats[1].warband"
    data["seats"][1]["warband"] = "garreks-reavers"
    assert S.new_game(data)["classic"]["match"]["warbands"]["p2"] == "garreks-reavers"
