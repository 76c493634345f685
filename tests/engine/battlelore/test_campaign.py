"""Campaign variant: four linked scenarios, scenario choice rules, totals and the final bonus."""
import pytest

from app.engine.battlelore import campaign
from app.engine.core import SetupError

from .helpers import RS, codes, play, setup


def camp_setup(game, history):
    return setup(campaign={"game": game, "history": history})


def test_first_scenario_is_a1_and_first_player_is_random():
    """Campaign variant: each player begins with their faction's A1 card; first player randomly."""
    s = RS.new_game(camp_setup(1, []))
    assert codes(s, "p1", "choose_scenario", scenario="B1") == ["campaign_scenario"]
    s, _ = play(s, "p1", "choose_scenario", scenario="A1")
    s, _ = play(s, "p2", "choose_scenario", scenario="A1")
    assert s["phase"] == "first_player"


def test_winner_picks_any_next_letter_loser_takes_its_1():
    """Campaign variant: the winner chooses any card of the next letter; the loser its letter-1 card."""
    hist = [{"winner": "p2", "vp": {"p1": 9, "p2": 16}}]
    s = RS.new_game(camp_setup(2, hist))
    assert codes(s, "p1", "choose_scenario", scenario="B2") == ["campaign_scenario"]
    assert codes(s, "p2", "choose_scenario", scenario="C1") == ["campaign_scenario"]
    s, _ = play(s, "p1", "choose_scenario", scenario="B1")
    s, _ = play(s, "p2", "choose_scenario", scenario="B3")
    assert s["first"] == "p1", "then the usual order: B1 before B3"


def test_history_must_match_the_game_number():
    """A campaign's setup carries one result per earlier scenario."""
    with pytest.raises(SetupError):
        RS.new_game(camp_setup(3, [{"winner": "p1", "vp": {"p1": 16, "p2": 3}}]))
    with pytest.raises(SetupError):
        RS.new_game(camp_setup(5, []))


def test_next_setup_links_the_games():
    """Campaign variant: record each scenario's VPs and go on to the next letter."""
    st = camp_setup(1, [])
    s = RS.new_game(st)
    s["winner"] = {"winners": ["p1"], "draw": False, "decided_by": "victory_points"}
    s["seats"]["p1"]["vp"], s["seats"]["p2"]["vp"] = 17, 8
    nxt = campaign.next_setup(st, s)
    assert nxt["options"]["campaign"] == {"game": 2, "history": [{"winner": "p1", "vp": {"p1": 17, "p2": 8}}]}
    assert st["options"]["campaign"]["game"] == 1, "the old setup is unchanged"


def test_campaign_totals_and_final_bonus():
    """Campaign variant: totals of all four; the final winner adds 1 VP per scenario they won."""
    hist = [{"winner": "p1", "vp": {"p1": 16, "p2": 10}},
            {"winner": "p2", "vp": {"p1": 12, "p2": 16}},
            {"winner": "p2", "vp": {"p1": 14, "p2": 16}}]
    s = RS.new_game(camp_setup(4, hist))
    s["winner"] = {"winners": ["p1"], "draw": False, "decided_by": "victory_points"}
    s["seats"]["p1"]["vp"], s["seats"]["p2"]["vp"] = 16, 12
    out = RS.outcome(s)["campaign"]
    # p1: 16+12+14+16 = 58 + 2 wins (1st and 4th) = 60; p2: 10+16+16+12 = 54
    assert out["totals"] == {"p1": 60, "p2": 54} and out["winner"] == "p1"


def test_campaign_tie_goes_to_the_final_winner():
    """Campaign variant: on a tie, the winner of the final scenario wins the campaign."""
    hist = [{"winner": "p2", "vp": {"p1": 10, "p2": 16}}, {"winner": "p1", "vp": {"p1": 16, "p2": 10}},
            {"winner": "p2", "vp": {"p1": 10, "p2": 16}}, {"winner": "p1", "vp": {"p1": 16, "p2": 8}}]
    st = campaign.standings(hist)
    # p1: 52 + 2 = 54; p2: 50
    assert st["totals"] == {"p1": 54, "p2": 50}
    hist[-1]["vp"]["p2"] = 12
    st = campaign.standings(hist)
    assert st["totals"] == {"p1": 54, "p2": 54} and st["winner"] == "p1" and st["tiebreak"]
