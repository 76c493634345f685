"""The top cut: bracket seeding, when it may start, its rounds' pairings, a winner for every game, placings, replay."""
from __future__ import annotations

from app.tournaments import cut, model, tables
from app.tournaments.statuses import status_of

from .helpers import Log, result, settings

PLAYERS = "ABCDEFGH"


def swiss(players=PLAYERS, rounds=3, finish=True):
    """An event whose Swiss rounds are played: in every round the earlier-registered player of a table wins."""
    log = Log()
    for p in players:
        log.add("register", player=p, name=f"Player {p}", warband="w")
        log.add("check_in", player=p)
    setup = settings(rounds=rounds)
    for n in range(1, rounds + 1):
        state = model.fold(setup, log.entries)
        pairing = tables.propose(state, n, "", None)
        log.add("pair", **tables.pairing_entry(pairing, n))
        log.add("publish", round=n, games={})
        if n == rounds and not finish:
            break
        for a, b in pairing.pairs:
            winner = min(a, b)
            log.add("result", round=n, table=pairing.pairs.index((a, b)) + 1, source="scorekeeper", reason="",
                    result=result(winner, {winner: 4, max(a, b): 2}))
    return log, setup


def start(log, setup, size):
    state = model.fold(setup, log.entries)
    data = {"size": size, "seeds": cut.seeds_from(state, size)}
    refusal = model.check(state, {"type": "cut", "data": data})
    assert refusal is None, refusal
    log.add("cut", **data)
    return model.fold(setup, log.entries)


def play_cut_round(log, setup, round_no, upset=False):
    """Pair, publish and settle a cut round: the better seed wins every game (the worse one with `upset`)."""
    state = model.fold(setup, log.entries)
    entry = cut.pairing_entry(state, round_no)
    assert model.check(state, {"type": "pair", "data": entry}) is None
    log.add("pair", **entry)
    log.add("publish", round=round_no, games={})
    for t in entry["tables"]:
        w = sorted(t["players"], key=state["cut"]["seeds"].index)[-1 if upset else 0]
        loser = next(p for p in t["players"] if p != w)
        log.add("result", round=round_no, table=t["table"], source="scorekeeper", reason="",
                result=result(w, {w: 5, loser: 1}))
    return model.fold(setup, log.entries)


def test_bracket_order_keeps_the_top_seeds_apart_until_the_final():
    assert cut.bracket_order(4) == [1, 4, 2, 3]
    assert cut.bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    # 1 and 2 sit in different halves: they can meet only in the final.
    order = cut.bracket_order(8)
    assert 1 in order[:4] and 2 in order[4:]


def test_the_cut_is_seeded_from_the_swiss_standings():
    log, setup = swiss()
    state = start(log, setup, 8)
    ranked = [r["player"] for r in tables.standings(state, "")]
    assert state["cut"]["seeds"] == ranked
    first = cut.pairing_entry(state, 4)
    s = ranked
    assert [t["players"] for t in first["tables"]] == [[s[0], s[7]], [s[3], s[4]], [s[1], s[6]], [s[2], s[5]]]
    assert first["bye"] is None


def test_the_cut_waits_for_every_swiss_result():
    log, setup = swiss(finish=False)
    state = model.fold(setup, log.entries)
    refusal = model.check(state, {"type": "cut", "data": {"size": 4, "seeds": cut.seeds_from(state, 4)}})
    assert refusal.code == "swiss_not_finished" and status_of(refusal) == 409


def test_the_cut_waits_for_the_last_swiss_round():
    log, setup = swiss(rounds=2)
    setup = settings(rounds=3)
    state = model.fold(setup, log.entries)
    refusal = model.check(state, {"type": "cut", "data": {"size": 4, "seeds": cut.seeds_from(state, 4)}})
    assert refusal.code == "swiss_not_finished"


def test_a_cut_of_eight_needs_eight_checked_in_players():
    log, setup = swiss(players="ABCDEF")
    state = model.fold(setup, log.entries)
    refusal = model.check(state, {"type": "cut", "data": {"size": 8, "seeds": cut.seeds_from(state, 8)}})
    assert refusal.code == "too_few_players" and "6" in refusal.message
    log.add("drop", player="A", reason="")
    state = model.fold(setup, log.entries)
    assert cut.seeds_from(state, 4) == [p for p in cut.seeds_from(state, 8) if p != "A"][:4]


def test_only_4_or_8_and_only_once_and_only_as_the_standings_say():
    log, setup = swiss()
    state = model.fold(setup, log.entries)
    assert model.check(state, {"type": "cut", "data": {"size": 6, "seeds": cut.seeds_from(state, 6)}}).code == "bad_cut_size"
    wrong = list(reversed(cut.seeds_from(state, 4)))
    assert model.check(state, {"type": "cut", "data": {"size": 4, "seeds": wrong}}).code == "bad_seeding"
    state = start(log, setup, 4)
    assert model.check(state, {"type": "cut", "data": {"size": 4, "seeds": state["cut"]["seeds"]}}).code == "cut_started"


def test_a_cut_round_has_no_bye_no_swap_and_follows_the_bracket():
    log, setup = swiss()
    state = start(log, setup, 4)
    entry = cut.pairing_entry(state, 4)
    seeds = state["cut"]["seeds"]
    with_bye = {**entry, "bye": next(p for p in PLAYERS if p not in seeds)}
    assert model.check(state, {"type": "pair", "data": with_bye}).code == "no_bye_in_cut"
    other = {**entry, "tables": [{"table": 1, "players": [seeds[0], seeds[1]]}, {"table": 2, "players": [seeds[2], seeds[3]]}]}
    assert model.check(state, {"type": "pair", "data": other}).code == "bad_pairing"
    log.add("pair", **entry)
    state = model.fold(setup, log.entries)
    refusal = model.check(state, {"type": "swap", "data": {"round": 4, "a": seeds[0], "b": seeds[1]}})
    assert refusal.code == "bad_swap"


def test_a_swiss_event_without_a_cut_has_no_round_after_the_last():
    log, setup = swiss()
    state = model.fold(setup, log.entries)
    pairing = {"round": 4, "bye": None, "tables": [{"table": 1, "players": ["A", "B"]}]}
    assert model.check(state, {"type": "pair", "data": pairing}).code == "no_more_rounds"


def test_a_cut_game_needs_a_winner_by_the_editions_rule():
    log, setup = swiss()
    state = start(log, setup, 4)
    log.add("pair", **cut.pairing_entry(state, 4))
    log.add("publish", round=4, games={})
    state = model.fold(setup, log.entries)
    a, b = model.table_of(state, 4, 1)["players"]
    draw = {"round": 4, "table": 1, "source": "scorekeeper", "reason": "", "result": result(None, {a: 3, b: 3})}
    refusal = model.check(state, {"type": "result", "data": draw})
    assert refusal.code == "cut_needs_winner"
    assert "Victory" in refusal.message and "39" in refusal.message  # Deathgorge rulebook, Victory, pg 39
    assert "surviving_fighters" in refusal.message
    # Level on glory, the book's tiebreak names the winner; a judge may still settle a true draw by a ruling.
    tiebreak = {**draw, "result": {**result(a, {a: 3, b: 3}), "decided_by": "surviving_fighters"}}
    assert model.check(state, {"type": "result", "data": tiebreak}) is None
    ruled = {**draw, "source": "judge", "reason": "drawn game: the players rolled off as the event announced",
             "result": {**result(b, {a: 3, b: 3}), "decided_by": "ruling"}}
    assert model.check(state, {"type": "result", "data": ruled}) is None
    # A player's confirmation of a drawn tracked game is refused the same way.
    confirm = {"round": 4, "table": 1, "by": a, "result": result(None, {a: 3, b: 3})}
    assert model.check(state, {"type": "confirm", "data": confirm}).code == "cut_needs_winner"


def test_a_best_of_three_cut_match_names_the_matched_play_rule():
    log, setup = swiss()
    setup = {**setup, "best_of": 3}
    state = model.fold(setup, log.entries)
    refusal = cut.check_result(state, 4, {"winner": None, "glory": {}})
    assert refusal.code == "cut_needs_winner" and "Matched Play" in refusal.message


def test_winners_advance_to_a_champion_and_the_swiss_standings_stay():
    log, setup = swiss()
    before = tables.standings(model.fold(setup, log.entries), "")
    state = start(log, setup, 8)
    seeds = state["cut"]["seeds"]
    # Lower seeds win every game: the 8th seed becomes champion.
    state = play_cut_round(log, setup, 4, upset=True)
    semis = cut.pairing_entry(state, 5)
    assert [t["players"] for t in semis["tables"]] == [[seeds[4], seeds[7]], [seeds[5], seeds[6]]]
    state = play_cut_round(log, setup, 5, upset=True)
    assert [t["players"] for t in cut.pairing_entry(state, 6)["tables"]] == [[seeds[6], seeds[7]]]
    state = play_cut_round(log, setup, 6, upset=True)
    bracket = cut.bracket(state)
    assert bracket["champion"] == seeds[7]
    assert [r["name"] for r in bracket["rounds"]] == ["Quarter-finals", "Semi-finals", "Final"]
    placed = {r["player"]: r["place"] for r in bracket["placings"]}
    assert placed == {seeds[7]: 1, seeds[6]: 2, seeds[4]: 3, seeds[5]: 3, seeds[0]: 5, seeds[1]: 5, seeds[2]: 5, seeds[3]: 5}
    assert tables.standings(state, "") == before  # the cut's games are not Swiss results
    # No round after the final.
    final_again = {"round": 7, "bye": None, "tables": [{"table": 1, "players": [seeds[6], seeds[7]]}]}
    assert model.check(state, {"type": "pair", "data": final_again}).code == "no_more_rounds"


def test_the_next_cut_round_waits_for_every_result():
    log, setup = swiss()
    state = start(log, setup, 4)
    log.add("pair", **cut.pairing_entry(state, 4))
    log.add("publish", round=4, games={})
    state = model.fold(setup, log.entries)
    t1 = model.table_of(state, 4, 1)
    log.add("result", round=4, table=1, source="scorekeeper", reason="",
            result=result(t1["players"][0], {t1["players"][0]: 2, t1["players"][1]: 0}))
    state = model.fold(setup, log.entries)
    bracket = cut.bracket(state)
    assert bracket["rounds"][1]["matches"][0]["players"] == [t1["players"][0], None]
    assert bracket["rounds"][1]["matches"][0]["status"] == "waiting_for_players"
    final = {"round": 5, "bye": None, "tables": [{"table": 1, "players": [t1["players"][0], t1["players"][1]]}]}
    assert model.check(state, {"type": "pair", "data": final}).code == "previous_round_open"


def test_the_cut_replays_from_its_log():
    log, setup = swiss()
    start(log, setup, 4)
    state = play_cut_round(log, setup, 4)
    state = play_cut_round(log, setup, 5)
    again = model.fold(setup, log.entries)
    assert again == state and cut.bracket(again)["champion"] == again["cut"]["seeds"][0]


def test_a_cut_result_corrected_after_the_next_round_is_paired_cannot_change_who_went_through():
    log, setup = swiss()
    start(log, setup, 4)
    state = play_cut_round(log, setup, 4)
    t1 = model.table_of(state, 4, 1)
    winner = t1["result"]["winner"]
    loser = next(p for p in t1["players"] if p != winner)
    log.add("pair", **cut.pairing_entry(state, 5))
    state = model.fold(setup, log.entries)
    glory_fixed = {"round": 4, "table": 1, "source": "scorekeeper", "reason": "miscounted",
                   "result": result(winner, {winner: 6, loser: 1})}
    assert model.check(state, {"type": "result", "data": glory_fixed}) is None
    swapped = {**glory_fixed, "result": result(loser, {winner: 1, loser: 6})}
    refusal = model.check(state, {"type": "result", "data": swapped})
    assert refusal.code == "next_round_paired" and "Final" in refusal.message


def bracket_numbered(state, round_no):
    """The round's matches at tables 1..n in bracket order, as if nobody had a fixed table."""
    pairs = cut.matches(state, round_no - cut.swiss_rounds(state))
    return [{"table": i + 1, "players": pair} for i, pair in enumerate(pairs)]


def top_eight_with_fixed_tables(fixed: dict[int, int]):
    """A top 8 started, then the seeds given (by their place among the seeds, 0 first) these fixed tables: the log,
    the setup, the state and the seeds."""
    log, setup = swiss()
    s = start(log, setup, 8)["cut"]["seeds"]
    for seed, table in fixed.items():
        log.add("fixed_table", player=s[seed], table=table)
    return log, setup, model.fold(setup, log.entries), s


def test_a_cut_match_is_played_at_its_fixed_table_players_table():
    _, _, state, s = top_eight_with_fixed_tables({2: 1})
    entry = cut.pairing_entry(state, 4)
    # 3 v 6 sits at the 3rd seed's table 1; 1 v 8, 4 v 5, 2 v 7 take 2, 3, 4 in bracket order.
    assert entry == {"round": 4, "bye": None, "tables": [
        {"table": 1, "players": [s[2], s[5]]}, {"table": 2, "players": [s[0], s[7]]},
        {"table": 3, "players": [s[3], s[4]]}, {"table": 4, "players": [s[1], s[6]]}]}
    assert model.check(state, {"type": "pair", "data": entry}) is None
    # The bracket numbered 1..n, ignoring the fixed table, is refused; so is a wrong bracket at the fixed tables.
    ignored = {**entry, "tables": bracket_numbered(state, 4)}
    assert model.check(state, {"type": "pair", "data": ignored}).code == "bad_pairing"
    wrong = {**entry, "tables": [{"table": 1, "players": [s[2], s[4]]}, *entry["tables"][1:2],
                                 {"table": 3, "players": [s[3], s[5]]}, entry["tables"][3]]}
    assert model.check(state, {"type": "pair", "data": wrong}).code == "bad_pairing"


def test_a_match_of_two_fixed_table_players_is_played_at_the_better_seeds_table():
    _, _, state, s = top_eight_with_fixed_tables({7: 2, 0: 5})
    entry = cut.pairing_entry(state, 4)
    # 1 v 8 at the 1st seed's table 5; the 8th seed's table 2 is free, so the others take 1, 2, 3 in bracket order.
    assert entry["tables"] == [{"table": 1, "players": [s[3], s[4]]}, {"table": 2, "players": [s[1], s[6]]},
                               {"table": 3, "players": [s[2], s[5]]}, {"table": 5, "players": [s[0], s[7]]}]
    assert model.check(state, {"type": "pair", "data": entry}) is None


def test_a_fixed_table_of_a_player_out_of_the_cut_moves_no_cut_match():
    log, setup = swiss()
    state = start(log, setup, 4)
    out = next(p for p in PLAYERS if p not in state["cut"]["seeds"])
    log.add("fixed_table", player=out, table=1)
    state = model.fold(setup, log.entries)
    assert cut.pairing_entry(state, 4)["tables"] == bracket_numbered(state, 4)


def test_the_bracket_follows_each_match_to_its_fixed_table_through_to_the_final():
    log, setup, state, s = top_eight_with_fixed_tables({2: 1})

    def tables_of(state, k):
        return [m["table"] for m in cut.bracket(state)["rounds"][k]["matches"]]

    assert tables_of(state, 0) == [None] * 4  # told once published: a table told before would tell the fixed one
    state = play_cut_round(log, setup, 4)
    assert tables_of(state, 0) == [2, 3, 4, 1]
    bracket = cut.bracket(state)
    assert [m["match"] for m in bracket["rounds"][0]["matches"]] == [1, 2, 3, 4]
    assert [m["winner"] for m in bracket["rounds"][0]["matches"]] == [s[0], s[3], s[1], s[2]]
    # The winner of the match at table 1 (3 v 6, the bracket's 4th) meets the winner of 2 v 7, at table 1 again.
    assert [m["players"] for m in bracket["rounds"][1]["matches"]] == [[s[0], s[3]], [s[1], s[2]]]
    assert tables_of(state, 1) == [None, None]
    assert cut.pairing_entry(state, 5)["tables"] == [{"table": 1, "players": [s[1], s[2]]},
                                                     {"table": 2, "players": [s[0], s[3]]}]
    state = play_cut_round(log, setup, 5)
    assert cut.pairing_entry(state, 6)["tables"] == [{"table": 1, "players": [s[0], s[1]]}]
    state = play_cut_round(log, setup, 6)
    bracket = cut.bracket(state)
    assert bracket["champion"] == s[0] and tables_of(state, 0) == [2, 3, 4, 1] and tables_of(state, 1) == [2, 1]
    placed = {r["player"]: r["place"] for r in bracket["placings"]}
    assert placed == {s[0]: 1, s[1]: 2, s[2]: 3, s[3]: 3, s[4]: 5, s[5]: 5, s[6]: 5, s[7]: 5}
    assert model.fold(setup, log.entries) == state


def test_a_fixed_table_given_during_the_cut_moves_only_the_rounds_still_to_pair():
    log, setup = swiss()
    start(log, setup, 4)
    state = play_cut_round(log, setup, 4)
    s = state["cut"]["seeds"]
    log.add("fixed_table", player=s[1], table=3)  # the 2nd seed won the second semi-final, at table 2
    state = model.fold(setup, log.entries)
    bracket = cut.bracket(state)
    assert [(m["table"], m["winner"]) for m in bracket["rounds"][0]["matches"]] == [(1, s[0]), (2, s[1])]
    assert [(m["table"], m["players"]) for m in bracket["rounds"][1]["matches"]] == [(None, [s[0], s[1]])]
    assert cut.pairing_entry(state, 5)["tables"] == [{"table": 3, "players": [s[0], s[1]]}]
