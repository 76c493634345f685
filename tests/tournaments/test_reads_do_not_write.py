"""Read models do not write: every view, export, standings table, deck list, bracket, scoreboard and progress summary
read over a whole day's tournament leaves its fold (and its log, and a table's game) exactly as it was.

The fold is cached and shared by every read at its head (log.FoldedTournament): a read that changed it would change
what every later read, and the next entry's apply, sees.
"""
from __future__ import annotations

import copy
import json
import random
from contextlib import contextmanager

import pytest

from app.tournaments import (
    calls,
    cut,
    decklists,
    edits,
    exports,
    model,
    overlay,
    penalties,
    progress,
    reads,
    signup,
    standings,
    tables,
    timeext,
    views,
)
from app.tournaments.log import Member
from tests.api.tournament_helpers import post_tournament

from .helpers import day_settings, full_day

TID = "the-day"
# Who reads the day: every role, a player of the final, a player out of the cut, a dropped player, two table devices.
READERS = [("organiser", ""), ("scorekeeper", "Sam"), ("judge", "Kim"), ("player", "p3"), ("player", "p5"),
           ("player", "p4"), ("table", "1"), ("table", "3"), ("registration", ""), ("public", "")]
SETUP_MOVES = [("p1", "roll_off", {"purpose": "boards", "first": "p1"}), ("p1", "do_over", {"choice": "none"}),
               ("p2", "do_over", {"choice": "none"}), ("p2", "roll_off", {"purpose": "deployment", "first": "p2"}),
               ("p1", "deployed", {"finished_first": "p1"})]


@pytest.fixture
def day(app, client):
    """The scripted full day stored as an event of the app's tournament service, its final played on a real game
    under way: (the tournament service, the game service, the final's game id)."""
    tournaments = app.extensions["tablewarden"]["tournaments"]
    games = app.extensions["tablewarden"]["service"]
    final = games.creating.create_game({"ruleset": "underworlds/deathgorge", "options": {"format": "rivals"},
                                        "seats": [{"name": "Player 3", "warband": "cyrenis-razors"},
                                                  {"name": "Asker", "warband": "garreks-reavers"}],
                                        "shared_device": False}, "http://localhost")
    tokens = {s["seat"]: s["token"] for s in final["seats"]}
    for by, etype, data in SETUP_MOVES:
        post_tournament(client, tokens[by], etype, by, final["id"], **data)
    store = tournaments.log.store
    store.create_tournament(TID, day_settings(), [])
    for entry in full_day(final_game=final["id"]).entries:
        stored, _ = store.append_entry(TID, entry["seq"] - 1, {k: entry[k] for k in ("id", "type", "actor", "data")})
        assert stored == "ok", entry
    return tournaments, games, final["id"]


@contextmanager
def unchanged(*values):
    """Fails unless each of these values is, after the block, equal to a deep copy of itself taken before it."""
    before = copy.deepcopy(values)
    yield
    for i, (now, then) in enumerate(zip(values, before)):
        assert now == then, f"value {i} was changed by a read"


def members():
    """A Member of the day for each reader."""
    return [Member(TID, role, subject) for role, subject in READERS]


def test_every_members_view_log_dashboard_and_feature_table_leave_the_fold_as_it_was(day):
    tournaments, _, _ = day
    folded = tournaments.log.folded(TID)
    assert model.current_round(folded.state) == 5 and folded.state["cut"] is not None
    # The final sits at its fixed-table player's table (accessibility), wherever that is.
    final_table = folded.state["rounds"][5]["tables"][0]["table"]
    part = tournaments.views
    with unchanged(folded.state, folded.entries):
        for member in members():
            view = part.view(member)
            assert json.loads(part.view_text(member))["you"] == view["you"] == {"role": member.role,
                                                                                "subject": member.subject}
            assert view["cut"] is not None and len(view["rounds"]) == 5
            featured = part.feature_table(member, final_table)
            assert featured["seated"] and featured["game"] is not None, "the final's game was read by the overlay"
            assert part.feature_table(member, 99)["seated"] is False
            if member.is_staff:
                assert view["next"] == "finished" and view["penalties"]
                assert part.entries(member)[-1]["type"] == "result"
                board = part.dashboard(member)
                assert board["round"] == 5 and board["tables"][0]["progress"] is not None, "the game's progress was read"
    assert folded.state == model.fold(folded.row["setup"], folded.entries)
    assert tournaments.log.folded(TID) is folded, "nothing was appended"


def test_every_export_of_every_view_leaves_the_view_and_the_fold_as_they_were(day):
    tournaments, _, _ = day
    folded = tournaments.log.folded(TID)
    for member in (Member(TID, "organiser"), Member(TID, "judge", "Kim"), Member(TID, "public")):
        view = tournaments.views.view(member)
        with unchanged(view, folded.state):
            for kind in exports.KINDS:
                header, body = exports.rows(view, kind)
                assert exports.as_csv(view, kind).startswith(",".join(header))
                if kind != "penalties" or member.is_staff:
                    assert body, (member.role, kind)
            assert exports.as_json(view)["event"] == TID


def test_standings_pairings_the_bracket_and_the_folds_other_reads_leave_it_as_it_was(day):
    tournaments, _, _ = day
    s = tournaments.log.folded(TID).state
    seed = s["setup"]["seed"]
    with unchanged(s):
        rows = tables.standings(s, seed)
        assert len(rows) == 9 and next(r for r in rows if r["player"] == "p1")["adjusted"] == {"points": -1, "glory": 0}
        for n in range(1, 7):
            tables.fixed_tables(s, n)
            reads.active_players(s, n)
            assert reads.is_cut_round(s, n) == (n > 3)
            cut.stage_name(s, n)
        pairing = tables.propose(s, 6, seed, random.Random(1))
        tables.pairing_entry(pairing, 6, tables.fixed_tables(s, 6))
        _, byes, matches = reads.history(s)
        recs = standings.tally([p for p in s["order"] if s["players"][p]["status"] != "merged"], matches, byes,
                               tables.scoring(s["setup"]))
        assert standings.rank(list(recs), recs, s["setup"]["tiebreakers"], seed)
        assert cut.placings(s)[0]["place"] == 1 and cut.bracket(s) is not None
        assert cut.seeds_from(s, 4) and cut.matches(s, 2)
        assert reads.started_cut(s)["size"] == 4 and reads.swiss_rounds(s) == 3
        for rnd in reads.published_rounds(s):
            assert reads.round_complete(rnd)
            for t in rnd["tables"]:
                reads.table_of(s, rnd["round"], t["table"])
                calls.open_calls(t)
                timeext.table_view(t, True)
                views.off_fixed_table(s, t)
                edits.table_changes(s, t["players"], rnd["round"])
        for p in s["order"]:
            reads.has_played(s, p)
            reads.player_table(s, 5, p)
            penalties.of_player(s, p)
        assert penalties.listing(s) and penalties.adjustments(s)
        for role in ("organiser", "scorekeeper", "judge", "public", "registration"):
            signup.view(s, role)
        assert (signup.places_taken(s), signup.places_free(s), signup.waitlist(s)) == (8, 2, [])
        assert signup.request_by_claim(s, "h1")["id"] == "r1" and signup.name_in_use(s, "Player 7")


def test_the_deck_lists_leave_the_fold_and_its_log_as_they_were(day):
    tournaments, _, _ = day
    folded = tournaments.log.folded(TID)
    with unchanged(folded.state, folded.entries):
        listed = decklists.listing(folded.state)
        assert [row["player"] for row in listed] == [p for p in folded.state["order"] if p != "p9"]
        for member in members():
            assert decklists.sees_decks(folded.state, member), "published: everyone sees the decks"
            redacted = decklists.redacted_entries(folded.entries, member, True)
            assert not any("claim_hash" in e["data"] for e in redacted)
        decklists.deck_name("cyrenis-razors-rivals")


def test_a_tables_scoreboard_and_progress_leave_its_game_as_it_was(day):
    _, games, final = day
    folded = games.logs.folded(final)
    with unchanged(folded.state, folded.records):
        board = overlay.game_summary(folded.rs, folded.state, folded.records[-1])
        assert board["last"]["label"] and len(board["seats"]) == 2
        outcome = folded.rs.outcome(folded.state)
        summary = progress.summary(folded.state, outcome)
        assert summary["over"] is False
        of_game = progress.of_game(games.logs, final)
        assert of_game is not None and of_game["head"] == len(SETUP_MOVES)
        assert progress.is_slow(of_game, "playing", 10_000) is False
