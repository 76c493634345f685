"""Victory in the 2018 and 2019 rules (Shadespire pg 25 and 27; Dreadfane pg 19)."""
from app.engine.underworlds import DREADFANE, SHADESPIRE
from app.engine.underworlds.editions import victory

from .helpers import Table, setup


def finished(rs, players=2, glory=None, out=(), hold=None):
    t = Table(rs, setup(rs.id, players))
    st = t.state
    for seat, g in (glory or {}).items():
        st["seats"][seat]["glory"]["unspent"] = g
    for fid in out:
        st["fighters"][fid]["out"] = True
    for fid, feat in (hold or {}).items():
        st["features"][feat]["fighter"] = fid
        st["fighters"][fid]["feature"] = feat
    st["phase"] = "over"
    return st


def test_multiplayer_tie_is_a_draw_between_the_tied_players_and_the_others_lose():
    """Shadespire pg 27: still tied - a draw between those players, and the other players lose."""
    st = finished(SHADESPIRE, 4, glory={"p1": 5, "p2": 5, "p3": 2, "p4": 5},
                  out=["p4.garrek", "p4.karsus", "p4.saek", "p4.targor", "p4.arnulf"])
    res = victory.game_result(SHADESPIRE, st)
    assert res["draw"] and res["winners"] == ["p1", "p2"] and res["decided_by"] == "draw"


def test_multiplayer_tie_goes_to_the_most_objective_tokens_among_those_still_standing():
    """Shadespire pg 27: tied players with fighters left - whoever controls the most objective tokens."""
    st = finished(SHADESPIRE, 3, glory={"p1": 4, "p2": 4, "p3": 4}, hold={"p2.garrek": "1", "p3.severin": "7"})
    st["features"]["6"]["fighter"] = "p2.saek"
    st["fighters"]["p2.saek"]["feature"] = "6"
    res = victory.game_result(SHADESPIRE, st)
    assert res["winners"] == ["p2"] and res["objectives_held"] == {"p1": 0, "p2": 2, "p3": 1}


def test_dreadfane_sole_survivor_wins_whatever_the_glory():
    """Dreadfane pg 19: when the game ends, if only one player has surviving fighters, that player wins."""
    st = finished(DREADFANE, glory={"p1": 9, "p2": 0}, out=["p1.severin", "p1.angharad", "p1.obryn"])
    res = victory.game_result(DREADFANE, st)
    assert res["winners"] == ["p2"] and res["decided_by"] == "wipe_out"


def test_dreadfane_both_wiped_out_with_equal_glory_is_a_draw():
    """Dreadfane pg 19: both warbands out, tied glory - the objective hex tiebreak is only for games where neither
    warband was wiped out, so it is a draw."""
    st = finished(DREADFANE, glory={"p1": 4, "p2": 4},
                  out=["p1.severin", "p1.angharad", "p1.obryn", "p2.garrek", "p2.karsus", "p2.saek", "p2.targor",
                       "p2.arnulf"])
    res = victory.game_result(DREADFANE, st)
    assert res["draw"] and res["decided_by"] == "draw"
