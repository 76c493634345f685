"""Rounds: pairing, the round's entries (swaps, modes, clock, disputes), publishing its tables' games, and a seat in
a table's game."""
from __future__ import annotations

import copy
import random
from typing import Any

from app.engine.underworlds.editions import matched_play
from app.service import ApiError, GameService
from app.service.access import DEVICE, DEVICE_SEAT

from . import cut, model, tables
from .log import Member, TournamentLog, a_link, now_stamp
from .reads import is_cut_round, started_cut, swiss_rounds
from .schemas import CutSchema, ModeSchema, NoteSchema, SwapSchema, TimerSchema
from .statuses import refused
from .types import Player, TournamentState

# The body each round entry takes; the others take a reason or a note.
ENTRY_SCHEMAS = {"swap": SwapSchema, "table_mode": ModeSchema, "timer": TimerSchema}


def voice_of(member: Member, table_no: int | None) -> str:
    """Who speaks for a table: the player (the fold checks they sit there), or "device" for its table device."""
    if member.role == "player":
        return member.subject
    if member.role == "table":
        if str(table_no) != member.subject:
            raise ApiError(403, "not_your_table", f"This device is for table {member.subject}.")
        return "device"
    if member.is_staff:
        raise ApiError(403, "not_at_table", f"Only the table's players and its table device can do this; "
                                            f"{a_link(member.role).lower()} cannot (a judge flags the game or "
                                            "settles the result).")
    raise ApiError(403, "not_allowed", f"{a_link(member.role)} cannot do this.")


class Rounds:
    """Each round from its pairing to its published tables; the tables' games are created through the GameService."""

    def __init__(self, log: TournamentLog, games: GameService):
        self.log = log
        self.games = games

    def pair(self, member: Member, round_no: int) -> dict:
        """Propose the round's pairings (a draft the organiser may swap before publishing).

        The role is checked before any work: a Swiss round of hundreds of players takes a noticeable time to pair,
        which runs off the event loop (`offload`), so the other tables are served meanwhile."""
        self.log.may(member, "pair")
        tournament = self.log.folded(member.tournament_id)
        state = tournament.state
        if is_cut_round(state, round_no) and state["cut"] and self._cut_round_ready(state, round_no):
            return self.log.append(member, "pair", cut.pairing_entry(state, round_no))
        refusal = model.check(state, {"type": "pair", "data": {"round": round_no, "tables": [], "bye": None}})
        if refusal is not None and refusal.code in ("no_more_rounds", "already_published", "previous_round_open"):
            raise refused(refusal)  # said before pairing
        pairing = self.games.logs.offload(tables.propose, state, round_no, tournament.row["setup"]["seed"],
                                          random.Random())
        fixed = tables.fixed_tables(state, round_no)
        return self.log.append(member, "pair", tables.pairing_entry(pairing, round_no, fixed))

    @staticmethod
    def _cut_round_ready(state: TournamentState, round_no: int) -> bool:
        """The cut round's bracket is known: within the cut, its feeding round complete (else the log's check says why)."""
        k = round_no - swiss_rounds(state)
        if k > cut.rounds_of(started_cut(state)["size"]):
            return False
        prev = state["rounds"].get(round_no - 1)
        return k == 1 or bool(prev and prev["published"] and model.round_complete(prev))

    def start_cut(self, member: Member, raw: Any) -> dict:
        """The organiser starts the top cut of 4 or 8, seeded from the Swiss standings (the log checks when it may)."""
        if member.role != "organiser":
            raise ApiError(403, "not_allowed", f"Only the organiser starts the top cut; {a_link(member.role).lower()} cannot.")
        body = self.log.load(CutSchema(), raw)
        state = self.log.folded(member.tournament_id).state
        return self.log.append(member, "cut", {"size": body["size"], "seeds": cut.seeds_from(state, body["size"])},
                            body["id"])

    def round_entry(self, member: Member, round_no: int, etype: str, raw: Any, table: int | None = None) -> dict:
        """swap, table_mode, timer, time_called, time_withdrawn, dispute, judge_call for a round (and table)."""
        body = self.log.load(ENTRY_SCHEMAS.get(etype, NoteSchema)(), raw if raw is not None else {})
        data: dict = {"round": round_no}
        if table is not None:
            data["table"] = table
        if etype == "swap":
            data.update(a=body["a"], b=body["b"])
        elif etype == "table_mode":
            data["mode"] = body["mode"]
        elif etype == "timer":
            tournament = self.log.folded(member.tournament_id)
            data.update(minutes=body["minutes"] or tournament.row["setup"]["round_minutes"], started_at=now_stamp())
        elif etype == "time_called":
            data["at"] = now_stamp()
        elif etype in ("dispute", "judge_call"):
            data["by"] = voice_of(member, table)
            data["reason" if etype == "dispute" else "note"] = body["reason"] or body["note"]
        if etype == "judge_call":
            return self.log.append(member, etype, data, body["id"], earlier=self._open_call(round_no, table, data["by"]))
        return self.log.append(member, etype, data, body["id"])

    def call_judge(self, member: Member, round_no: int, table_no: int, raw: Any) -> tuple[int, dict]:
        """A table calls a judge: 201 with the call; 200 with the caller's call still open at this table (or the
        original of a resend): a call is not repeated, nothing is stored."""
        before = self.log.folded(member.tournament_id).head
        entry = self.round_entry(member, round_no, "judge_call", raw, table_no)
        return (201 if entry["seq"] > before else 200), entry

    @staticmethod
    def _open_call(round_no: int, table_no: int | None, by: str):
        """The caller's call still open at this table, as its log entry: the answer to calling again (nothing stored)."""
        def earlier(tournament) -> dict | None:
            call = model.open_call(tournament.state, round_no, table_no, by) if table_no is not None else None
            return next((e for e in reversed(tournament.entries) if e["seq"] == call["seq"]), None) if call else None
        return earlier

    def publish(self, member: Member, round_no: int, base_url: str) -> dict:
        """Create each tracked table's game (seats, warbands and decks from registration), then publish."""
        if member.role not in ("organiser", "scorekeeper"):
            raise ApiError(403, "not_allowed", f"{a_link(member.role)} cannot publish a round.")
        tournament = self.log.folded(member.tournament_id)
        rnd = tournament.state["rounds"].get(round_no)
        if rnd is None:
            raise ApiError(404, "no_such_round", f"Round {round_no} has not been paired.")
        if rnd["published"]:
            raise ApiError(409, "already_published", f"Round {round_no} is already published.")
        if rnd.get("stale"):
            raise ApiError(409, "pairing_stale", "A player of this draft was merged away; pair the round again.")
        setup = tournament.row["setup"]
        games = {}
        for t in rnd["tables"]:
            if t["mode"] == "untracked":
                continue
            seats = [self._seat(tournament.state["players"][p]) for p in t["players"]]
            options = {"format": setup["format"]}
            if setup.get("card_list"):
                options["card_list"] = setup["card_list"]
            if setup["best_of"] == 3:
                options["match"] = self._first_game_of_match(setup, [tournament.state["players"][p] for p in t["players"]])
            overrides = [tournament.state["players"][p].get("deck_override") for p in t["players"]]
            if any(tournament.state["players"][p]["deck_problems"] for p in t["players"]):
                options["deck_override"] = {"reason": "accepted at registration: " + "; ".join(o for o in overrides if o)}
            created = self.games.creating.create_game({"ruleset": setup["ruleset"], "options": options, "seats": seats,
                                              "shared_device": t["mode"] == "device"}, base_url,
                                             meta={"event": member.tournament_id, "round": round_no, "table": t["table"]})
            games[str(t["table"])] = {"game": created["id"], "join_code": created["join_code"]}
        return self.log.append(member, "publish", {"round": round_no, "games": games})

    @staticmethod
    def _first_game_of_match(setup: dict, players: list[Player]) -> dict:
        """options.match of a best-of-three table's first game: each player keeps their warband (pg 26)."""
        match = matched_play.new_match(["p1", "p2"], tiebreakers=setup.get("match_tiebreakers", False),
                                       warbands={"p1": players[0]["warband"], "p2": players[1]["warband"]})
        return matched_play.game_context(match)

    @staticmethod
    def _seat(player: Player) -> dict:
        seat = {"name": player["name"], "warband": player["warband"]}
        if player.get("printing"):
            seat["printing"] = player["printing"]  # the fighter cards the player registered with
        if player.get("deck") is not None:
            seat["deck"] = copy.deepcopy(player["deck"])
        return seat

    def game_seat(self, member: Member, round_no: int, table_no: int) -> dict:
        """A fresh game token for the caller at a table: a player's seat, the table device, or a judge as referee."""
        tournament = self.log.folded(member.tournament_id)
        table = model.table_of(tournament.state, round_no, table_no)
        if table is None or not tournament.state["rounds"][round_no]["published"]:
            raise ApiError(404, "no_such_table", f"Round {round_no} has no published table {table_no}.")
        game = table["game"]
        if not game:
            raise ApiError(409, "not_tracked", "This table's game is not tracked in the app.")
        stored = None
        if member.role == "player" and member.subject in table["players"]:
            seat = "p1" if table["players"][0] == member.subject else "p2"
        elif member.role == "table" and member.subject == str(table_no) and table["mode"] == "device":
            seat, stored = DEVICE_SEAT, DEVICE  # the game is shared_device: the device's own token enters for both seats
        elif member.role in ("judge", "organiser"):
            seat = "referee"
        elif member.role == "scorekeeper":
            seat = "scorekeeper"
        else:
            raise ApiError(403, "not_your_table", "Only this table's players, its device and the judges open its game.")
        token = self.games.access.mint(game, stored or seat)
        names = {"p1": tournament.state["players"][table["players"][0]]["name"],
                 "p2": tournament.state["players"][table["players"][1]]["name"]}
        return {"game": table["game"], "join_code": table["join_code"], "seat": seat, "token": token,
                "name": names.get(seat, seat.capitalize()), "title": f"{names['p1']} vs {names['p2']}",
                "ruleset": tournament.row["setup"]["ruleset"], "shared_device": table["mode"] == "device"}
