"""The entries about one table in the fold (table_entries.py): confirmations and disputes, a referee's flag, judge
calls, results and the rule of victory, a best-of-three match's games."""
from __future__ import annotations

from app.tournaments import model, table_entries
from app.tournaments.statuses import status_of

from .helpers import Log, published_round_one, refused, result, settings, tournament


def test_two_matching_confirmations_confirm_and_differing_ones_dispute():
    log = tournament()
    published_round_one(log)
    res = result("A", {"A": 5, "B": 3})
    log.add("confirm", actor="player:A", round=1, table=1, by="A", result=res)
    state = model.fold(settings(), log.entries)
    assert model.table_of(state, 1, 1)["status"] == "waiting"
    log.add("confirm", actor="player:B", round=1, table=1, by="B", result=res)
    log.add("confirm", actor="player:C", round=1, table=2, by="C", result=result("C", {"C": 5, "D": 3}))
    log.add("confirm", actor="player:D", round=1, table=2, by="D", result=result("D", {"C": 3, "D": 5}))
    state = model.fold(settings(), log.entries)
    assert model.table_of(state, 1, 1)["status"] == "confirmed"
    assert model.table_of(state, 1, 1)["result"] == res
    assert model.table_of(state, 1, 2)["status"] == "disputed"
    again = model.check(state, {"type": "confirm", "data": {"round": 1, "table": 2, "by": "C", "result": res}})
    assert again.code == "disputed"
    log.add("result", actor="judge:Kim", round=1, table=2, result=result("C", {"C": 5, "D": 3}), source="judge",
            reason="ruled on the last objective")
    state = model.fold(settings(), log.entries)
    assert model.table_of(state, 1, 2)["status"] == "confirmed" and model.round_complete(state["rounds"][1])


def test_a_table_device_confirms_alone_and_players_cannot_confirm_for_other_tables():
    log = tournament()
    published_round_one(log, modes=("device", "untracked"))
    state = model.fold(settings(), log.entries)
    res = result(None, {"A": 4, "B": 4})
    assert model.check(state, {"type": "confirm", "data": {"round": 1, "table": 1, "by": "C", "result": res}}).code == "not_at_table"
    assert model.check(state, {"type": "confirm", "data": {"round": 1, "table": 2, "by": "device", "result": res}}).code == "not_a_device_table"
    log.add("confirm", actor="table:1", round=1, table=1, by="device", result=res)
    assert model.table_of(model.fold(settings(), log.entries), 1, 1)["status"] == "confirmed"


def test_results_must_fit_the_table_and_corrections_need_a_reason():
    log = tournament()
    published_round_one(log, modes=("untracked", "untracked"))
    assert refused(log, "result", round=1, table=1, result=result("C", {"A": 1, "B": 0})).code == "bad_result"
    assert refused(log, "result", round=1, table=1, result=result("A", {"A": -1, "B": 0})).code == "bad_result"
    assert refused(log, "result", round=1, table=1, result={"winner": "A", "glory": {"A": 1}}).code == "bad_result"
    assert refused(log, "result", round=3, table=1, result=result("A", {"A": 1, "B": 0})).code == "not_published"
    log.add("result", actor="scorekeeper", round=1, table=1, result=result("A", {"A": 1, "B": 0}), source="scorekeeper")
    assert refused(log, "result", round=1, table=1, result=result("B", {"A": 1, "B": 2})).code == "reason_needed"
    assert refused(log, "result", round=1, table=1, result=result("B", {"A": 1, "B": 2}), reason="typo") is None


def test_best_of_three_results_need_the_games_won():
    problem = table_entries.check_result({"winner": "A", "glory": {"A": 9, "B": 7}}, ["A", "B"], 3)
    assert "games" in problem
    ok = {"winner": "A", "glory": {"A": 20, "B": 18}, "games_won": {"A": 2, "B": 1}}
    assert table_entries.check_result(ok, ["A", "B"], 3) is None
    assert table_entries.check_result({**ok, "winner": "B"}, ["A", "B"], 3) is not None


def test_a_level_match_has_a_winner_only_from_a_matched_play_tiebreaker():
    level = {"winner": "A", "glory": {"A": 12, "B": 10}, "games_won": {"A": 1, "B": 1}}
    assert table_entries.check_result(level, ["A", "B"], 3) is not None
    assert table_entries.check_result({**level, "decided_by": "glory"}, ["A", "B"], 3) is None
    assert table_entries.check_result({**level, "decided_by": "games"}, ["A", "B"], 3) is not None
    assert table_entries.check_result({**level, "winner": None}, ["A", "B"], 3) is None
    assert table_entries.check_result({**level, "decided_by": "ruling"}, ["A", "B"], 3) is None, "a judge's ruling (victory.py)"


def test_a_best_of_three_table_follows_its_matchs_next_game():
    log = Log()
    log.add("register", player="A", name="A", warband="w", deck=None, deck_problems=[], from_round=1)
    log.add("register", player="B", name="B", warband="w", deck=None, deck_problems=[], from_round=1)
    log.add("check_in", player="A")
    log.add("check_in", player="B")
    log.add("pair", round=1, bye=None, tables=[{"table": 1, "players": ["A", "B"]}])
    log.add("publish", round=1, games={"1": {"game": "g1", "join_code": "AAAA"}})
    state = model.fold(settings(best_of=3, format="matched"), log.entries)
    assert model.check(state, {"type": "match_game", "data": {"round": 1, "table": 1, "game": "g2", "join_code": "BBBB",
                                                               "follows": "g9"}}).code == "not_this_match"
    log.add("match_game", actor="game:A", round=1, table=1, game="g2", join_code="BBBB", follows="g1")
    table = model.fold(settings(best_of=3, format="matched"), log.entries)["rounds"][1]["tables"][0]
    assert table["games"] == ["g1", "g2"] and table["game"] == "g2" and table["join_code"] == "BBBB"
    one_game = model.fold(settings(), log.entries[:-1])
    assert model.check(one_game, {"type": "match_game", "data": {"round": 1, "table": 1, "game": "g2", "join_code": "B",
                                                                  "follows": "g1"}}).code == "not_a_match"


def test_a_referees_flag_disputes_a_tracked_table_until_a_judge_settles_it():
    log = tournament()
    published_round_one(log)
    state = model.fold(settings(), log.entries)
    flag = {"round": 1, "table": 1, "by": "judge:Kim", "reason": "a charge made twice"}
    assert model.check(state, {"type": "flag", "data": {**flag, "reason": " "}}).code == "reason_needed"
    log.add("flag", actor="judge:Kim", **flag)
    state = model.fold(settings(), log.entries)
    table = state["rounds"][1]["tables"][0]
    assert table["status"] == "disputed" and table["disputes"][-1]["flag"] is True
    a, b = table["players"]
    assert refused(log, "confirm", round=1, table=1, by=a, result=result(a, {a: 1, b: 0})).code == "disputed"
    log.add("result", actor="judge:Kim", round=1, table=1, result=result(a, {a: 1, b: 0}), reason="settled", source="judge")
    assert refused(log, "flag", **flag).code == "already_confirmed"


def test_only_a_tables_own_players_and_its_device_dispute_or_call_a_judge():
    log = tournament()
    published_round_one(log, modes=("phones", "device"))
    state = model.fold(settings(), log.entries)

    def code(etype, table, by):
        found = model.check(state, {"type": etype, "data": {"round": 1, "table": table, "by": by, "reason": "x", "note": "x"}})
        return found and found.code

    for etype in ("dispute", "judge_call"):
        assert code(etype, 1, "A") is None and code(etype, 2, "C") is None
        assert code(etype, 2, "A") == "not_at_table", "a player of another table"
        assert code(etype, 1, "judge:Kim") == "not_at_table", "staff act on a table by a flag or a result"
        assert code(etype, 2, "device") is None
    assert code("dispute", 1, "device") == "not_a_device_table", "at a phones table its players dispute"
    assert code("judge_call", 1, "device") is None, "the device at that table number may still call a judge"


def test_a_player_confirms_a_result_once():
    log = tournament()
    published_round_one(log)
    res = result("A", {"A": 5, "B": 3})
    log.add("confirm", actor="player:A", round=1, table=1, by="A", result=res)
    state = model.fold(settings(), log.entries)
    again = model.check(state, {"type": "confirm", "data": {"round": 1, "table": 1, "by": "A", "result": res}})
    assert again.code == "confirmed_already" and status_of(again) == 409
    assert model.check(state, {"type": "confirm", "data": {"round": 1, "table": 1, "by": "B", "result": res}}) is None
    # A game its referee corrected since has another outcome: the player confirms that one anew.
    corrected = result("A", {"A": 6, "B": 3})
    assert model.check(state, {"type": "confirm", "data": {"round": 1, "table": 1, "by": "A", "result": corrected}}) is None


def test_a_disputed_result_is_settled_with_a_reason_and_every_result_fits_the_rule_of_victory():
    log = tournament()
    published_round_one(log, modes=("untracked", "untracked"))
    log.add("dispute", actor="player:A", round=1, table=1, by="A", reason="glory miscounted")
    settle = {"round": 1, "table": 1, "result": result("A", {"A": 5, "B": 3}), "source": "judge"}
    assert refused(log, "result", **settle, reason="").code == "reason_needed"
    assert refused(log, "result", **settle, reason="recounted the glory") is None
    backwards = refused(log, "result", round=1, table=2, result=result("C", {"C": 2, "D": 3}), source="scorekeeper", reason="")
    assert backwards.code == "winner_has_less_glory" and backwards.rule == "Deathgorge rulebook, Victory (pg 39)"
    assert refused(log, "result", round=1, table=2, result=result("C", {"C": 3, "D": 3}), source="scorekeeper",
                   reason="").code == "tiebreak_needed"
    tracked_tiebreak = {"winner": "C", "glory": {"C": 3, "D": 3}, "decided_by": "surviving_fighters"}
    assert refused(log, "result", round=1, table=2, result=tracked_tiebreak, source="scorekeeper", reason="") is None
