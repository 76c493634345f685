"""Shadespire matched play (Shadespire rulebook, Alternative Rules, Matched Play, pg 26)."""
import pytest

from app.engine.underworlds.editions import matched_play as mp


def game(winner=None, p1=5, p2=5, out=()):
    return {"winners": [winner] if winner else [], "draw": winner is None,
            "glory": {"p1": p1, "p2": p2}, "wiped_out": list(out)}


def play(games, tiebreakers=False):
    match = mp.new_match(["p1", "p2"], tiebreakers)
    for g in games:
        match = mp.record_game(match, g)
    return match


def test_two_wins_end_the_match_after_two_games():
    """Victory: one player has won two games at the end of the second game - the match is over."""
    st = mp.match_status(play([game("p2"), game("p2")]))
    assert st["over"] and st["winner"] == "p2" and st["decided_by"] == "games" and st["next_game"] is None


def test_split_first_two_games_need_a_third():
    """Victory: otherwise, play a third game."""
    st = mp.match_status(play([game("p1"), game("p2")]))
    assert not st["over"] and st["next_game"] == 3


def test_most_games_won_after_three_wins():
    """Victory: at the end of the third game, whoever won the most games wins (a win and two draws)."""
    st = mp.match_status(play([game(None), game("p1"), game(None)]))
    assert st["over"] and st["winner"] == "p1"


def test_equal_wins_without_agreed_tiebreakers_is_a_draw():
    """Victory: same number of games won, or all three drawn: the match is a draw."""
    st = mp.match_status(play([game("p1", 9, 1), game("p2"), game(None)]))
    assert st["over"] and st["draw"] and st["winner"] is None
    assert mp.match_status(play([game(None), game(None), game(None)]))["draw"]


def test_tiebreaker_glory_across_three_games():
    """Tiebreaker 1: the player with the most glory points across the three games wins."""
    st = mp.match_status(play([game("p1", 10, 4), game("p2", 3, 6), game(None, 5, 5)], tiebreakers=True))
    assert st["over"] and st["winner"] == "p1" and st["decided_by"] == "glory"
    assert "Tiebreaker" in st["rule"]


def test_tiebreaker_wiped_out_warband_in_third_game():
    """Tiebreaker 2: equal glory, one warband out of action at the end of the third game: the other wins."""
    st = mp.match_status(play([game("p1", 6, 4), game("p2", 4, 6), game(None, 5, 5, out=["p1"])], True))
    assert st["over"] and st["winner"] == "p2" and st["decided_by"] == "wiped_out"


def test_tiebreaker_sudden_death_then_its_winner():
    """Tiebreaker 3: still tied - a sudden death round; whoever eliminates the other warband first wins."""
    match = play([game("p1", 6, 4), game("p2", 4, 6), game(None, 5, 5)], True)
    st = mp.match_status(match)
    assert not st["over"] and st["sudden_death"] and st["next_game"] is None
    # The third game's record carries its sudden-death round (as victory.match_record gives it).
    third = {**game(None, 5, 5), "sudden_death": {"winner": "p2", "both_eliminated": False}}
    done = mp.match_status(play([game("p1", 6, 4), game("p2", 4, 6), third], True))
    assert done["over"] and done["winner"] == "p2" and done["decided_by"] == "sudden_death"


def test_no_fighters_left_and_equal_glory_is_a_roll_off():
    """Tiebreaker: a tie with no fighters on the battlefield and equal glory: the players roll off."""
    match = play([game("p1", 6, 4), game("p2", 4, 6), game(None, 5, 5, out=["p1", "p2"])], True)
    st = mp.match_status(match)
    assert not st["over"] and st["roll_off"] and not st["sudden_death"]
    # The third game's record carries the match's roll-off (as victory.match_record gives it).
    third = {**game(None, 5, 5, out=["p1", "p2"]), "match_roll_off": "p1"}
    done = mp.match_status(play([game("p1", 6, 4), game("p2", 4, 6), third], True))
    assert done["winner"] == "p1" and done["decided_by"] == "roll_off"


def test_sudden_death_needed_only_in_a_tied_third_game_with_tiebreakers():
    """Sudden death is played after the third round of the third game, only when tiebreakers leave a tie."""
    match = play([game("p1", 6, 4), game("p2", 4, 6)], True)
    ctx = mp.game_context(match)
    assert ctx["game"] == 3
    assert mp.sudden_death_needed(ctx, game(None, 5, 5))
    assert not mp.sudden_death_needed(ctx, game(None, 6, 5))      # glory decides
    assert not mp.sudden_death_needed(ctx, game("p1", 5, 5))      # a won game decides
    no_tb = mp.game_context(play([game("p1"), game("p2")]))
    assert not mp.sudden_death_needed(no_tb, game(None, 5, 5))


def test_no_game_after_the_match_is_decided():
    """Victory: the match is over after two wins - a third game cannot be recorded."""
    with pytest.raises(mp.MatchError):
        mp.record_game(play([game("p1"), game("p1")]), game("p2"))


@pytest.mark.parametrize("bad", [{"winners": ["p1"], "draw": False},
                                 {"winners": ["p3"], "draw": False, "glory": {"p1": 1, "p2": 1}},
                                 {"winners": [], "draw": False, "glory": {"p1": 1, "p2": 1}},
                                 {"winners": ["p1"], "draw": False, "glory": {"p1": -1, "p2": 1}}])
def test_bad_game_records_are_refused(bad):
    """A game record names the match's players, a winner or a draw, and whole glory counts."""
    with pytest.raises(mp.MatchError):
        mp.record_game(mp.new_match(["p1", "p2"]), bad)


def test_matched_play_is_for_two_players():
    """Matched play is for two players."""
    with pytest.raises(mp.MatchError):
        mp.new_match(["p1", "p2", "p3"])


def test_context_check():
    """A game's options.match must be a consistent match so far."""
    ctx = mp.game_context(play([game("p1"), game("p2")], True))
    assert mp.check_context(ctx) is None
    assert mp.check_context({**ctx, "game": 2}) is not None
    assert mp.check_context("x") is not None
    decided = {**ctx, "previous": [game("p1"), game("p1")]}
    assert mp.check_context(decided) is not None
