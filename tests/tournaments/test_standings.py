"""Standings against a hand-worked five-player, three-round tournament (3/1/0, bye = a win 3-0 in glory).

Round 1: A beats B 10-6; C and D draw 7-7; E has the bye.
Round 2: E beats A 9-8; B beats C 12-5; D has the bye.
Round 3: A beats C 7-3; D beats E 8-2; B has the bye.

Worked by hand:
  player  MP  glory for-against  difference  opponents (their MP)   SoS  games lost
  D        7  18-9               +9          C(1), E(6)              7    0
  A        6  25-18              +7          B(6), E(6), C(1)       13    1
  B        6  21-15              +6          A(6), C(1)              7    1
  E        6  14-16              -2          A(6), D(7)             13    1
  C        1  15-26             -11          D(7), B(6), A(6)       19    2
Head-to-head among A, B, E (all on 6): A 3 (beat B), B 0, E 3 (beat A).
"""
from __future__ import annotations

from app.tournaments import model, tables
from app.tournaments.standings import roll_off

from .helpers import Log, result, settings


def five_player_tournament(tiebreakers):
    log = Log()
    for p in "ABCDE":
        log.add("register", player=p, name=f"Player {p}", warband="w")
        log.add("check_in", player=p)
    rounds = [
        ([("A", "B", result("A", {"A": 10, "B": 6})), ("C", "D", result(None, {"C": 7, "D": 7}))], "E"),
        ([("A", "E", result("E", {"A": 8, "E": 9})), ("B", "C", result("B", {"B": 12, "C": 5}))], "D"),
        ([("A", "C", result("A", {"A": 7, "C": 3})), ("D", "E", result("D", {"D": 8, "E": 2}))], "B"),
    ]
    for n, (games, bye) in enumerate(rounds, start=1):
        log.add("pair", round=n, bye=bye, tables=[{"table": i + 1, "players": [a, b]} for i, (a, b, _) in enumerate(games)])
        log.add("table_mode", round=n, table=1, mode="untracked")
        log.add("table_mode", round=n, table=2, mode="untracked")
        log.add("publish", round=n, games={})
        for i, (_, _, res) in enumerate(games):
            log.add("result", actor="scorekeeper", round=n, table=i + 1, result=res, source="scorekeeper")
    return model.fold(settings(tiebreakers=tiebreakers), log.entries)


def by_player(rows):
    return {r["player"]: r for r in rows}


def test_points_glory_and_tiebreaker_values_match_the_hand_worked_table():
    rows = by_player(tables.standings(five_player_tournament(["glory_difference", "total_glory", "games_lost",
                                                          "strength_of_schedule"]), "seed"))
    expected = {"D": (7, 9, 18, 0, 7), "A": (6, 7, 25, -1, 13), "B": (6, 6, 21, -1, 7),
                "E": (6, -2, 14, -1, 13), "C": (1, -11, 15, -2, 19)}
    for p, (mp, diff, total, lost, sos) in expected.items():
        tb = rows[p]["tiebreakers"]
        assert (rows[p]["points"], tb["glory_difference"], tb["total_glory"], tb["games_lost"],
                tb["strength_of_schedule"]) == (mp, diff, total, lost, sos), p
    assert (rows["D"]["wins"], rows["D"]["draws"], rows["D"]["byes"]) == (2, 1, 1)


def test_glory_difference_first_orders_and_separates_the_six_point_players():
    rows = tables.standings(five_player_tournament(["glory_difference", "total_glory"]), "seed")
    assert [r["player"] for r in rows] == ["D", "A", "B", "E", "C"]
    assert [r["separated_by"] for r in rows] == [None, "points", "glory_difference", "glory_difference", "points"]
    assert [r["rank"] for r in rows] == [1, 2, 3, 4, 5]


def test_head_to_head_counts_only_games_among_the_tied_players():
    rows = tables.standings(five_player_tournament(["head_to_head", "glory_difference"]), "seed")
    assert [r["player"] for r in rows] == ["D", "A", "E", "B", "C"]
    assert [r["separated_by"] for r in rows] == [None, "points", "glory_difference", "head_to_head", "points"]
    assert by_player(rows)["A"]["tiebreakers"]["head_to_head"] == 3
    assert by_player(rows)["B"]["tiebreakers"]["head_to_head"] == 0


def test_strength_of_schedule_then_roll_off():
    rows = tables.standings(five_player_tournament(["strength_of_schedule", "roll_off"]), "ev1")
    order = [r["player"] for r in rows]
    first, second = sorted(["A", "E"], key=lambda p: -roll_off("ev1", p))
    assert order == ["D", first, second, "B", "C"]
    assert [r["separated_by"] for r in rows][2:4] == ["roll_off", "strength_of_schedule"]


def test_players_equal_on_every_tiebreaker_share_a_rank():
    log = Log()
    for p in "AB":
        log.add("register", player=p, name=p, warband="w")
        log.add("check_in", player=p)
    state = model.fold(settings(tiebreakers=["glory_difference"]), log.entries)
    rows = tables.standings(state, "s")
    assert [r["rank"] for r in rows] == [1, 1] and rows[1]["separated_by"] == "tied"
