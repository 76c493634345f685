"""Results: a tracked game's outcome (or a best-of-three match's) as the table's result, confirmations, flags,
results the scorekeeper enters, and judges' rulings."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.service import ApiError, GameService

from . import model
from .log import Member, TournamentLog
from .rounds import voice_of
from .schemas import NoteSchema, ResultSchema, RulingSchema
from .statuses import refused
from .types import Table


class Results:
    """Each table's result, from the game the app tracked or as entered."""

    def __init__(self, log: TournamentLog, games: GameService):
        self.log = log
        self.games = games

    def outcome_result(self, table: Table) -> dict:
        """The result of a tracked table's game from its outcome (409 while it is still being played).

        A best-of-three table follows the match's linked games (`match_game` entries): its result is
        the last game's match status once the match is over (winner, games won, glory over the games),
        with each game listed.
        """
        game = table["game"]
        if not game:
            raise ApiError(409, "not_tracked", "This table's game is not tracked; the scorekeeper enters its result.")
        seats = dict(zip(("p1", "p2"), table["players"]))
        folded = self.games.logs.folded(game)
        ended = folded.rs.outcome(folded.state)
        if ended is None:
            raise ApiError(409, "game_not_over", "The game is not over yet; confirm its result when it ends.")
        outcome: Mapping[str, Any] = ended   # with each game's own keys (glory, match) beside the common ones
        if self.folded_setup_best_of(table) == 3:
            return self._match_result(table, game, outcome, seats)
        winners = outcome.get("winners") or []
        winner = None if outcome.get("draw") or len(winners) != 1 else seats.get(winners[0])
        result = {"winner": winner, "glory": self._by_player(outcome.get("glory"), seats)}
        if winner is not None and outcome.get("decided_by") not in (None, "glory", "draw"):
            result["decided_by"] = outcome["decided_by"]  # a tiebreak (or a wipe-out) won it: victory.py checks it
        return result

    @staticmethod
    def _by_player(per_seat: dict | None, seats: dict) -> dict:
        out = {seats[s]: int(v) for s, v in (per_seat or {}).items() if s in seats}
        for p in seats.values():
            out.setdefault(p, 0)
        return out

    def _match_result(self, table: Table, game: str, outcome: Mapping[str, Any], seats: dict) -> dict:
        status = outcome.get("match")
        if status is None:
            raise ApiError(409, "not_a_match", "This table's game is not part of a matched-play match; "
                                               "the scorekeeper enters its result.")
        if not status["over"]:
            raise ApiError(409, "match_not_over", f"The match goes on (game {status['next_game'] or 3} next); "
                                                  "confirm its result when the match is over.")
        games = []
        for n, gid in enumerate(table.get("games") or [game], start=1):
            played = self.games.logs.folded(gid)
            done: Mapping[str, Any] = played.rs.outcome(played.state) or {}
            winners = done.get("winners") or []
            games.append({"game": n, "id": gid,
                          "winner": None if done.get("draw") or len(winners) != 1 else seats.get(winners[0]),
                          "glory": self._by_player(done.get("glory"), seats)})
        return {"winner": None if status["draw"] else seats.get(status["winner"]),
                "glory": self._by_player(status["glory"], seats),
                "games_won": self._by_player(status["wins"], seats),
                "decided_by": status["decided_by"], "games": games}

    def follow_match(self, game_id: str) -> dict | None:
        """A new game that follows a tournament table's game in its match: the table follows it (a log entry).

        None when the game is not the next game of a tournament's match.
        """
        meta = self.games.logs.game(game_id).get("meta") or {}
        if not meta.get("event") or not meta.get("follows"):
            return None
        joined = self.games.logs.game(game_id)
        tournament = self.log.folded(meta["event"])
        table = model.table_of(tournament.state, meta["round"], meta["table"])
        seat = meta.get("follows_seat")
        by = dict(zip(("p1", "p2"), table["players"] if table else [])).get(seat, seat) if seat is not None else None
        member = Member(meta["event"], "game", by or "")
        return self.log.append(member, "match_game", {"round": meta["round"], "table": meta["table"], "game": game_id,
                                                   "join_code": joined["join_code"], "follows": meta["follows"]},
                            f"match-{game_id}")

    def judge_call_on_entry(self, game_id: str, seat: str, entry: int, note: str, flag_id: str,
                            device: bool = False) -> dict | None:
        """A seat of a tournament table's game flagged one of its entries: the table calls a judge to that entry.

        None when the game is not a tournament table's. The call is keyed by the flag, so a resent flag calls once.
        """
        meta = self.games.logs.game(game_id).get("meta") or {}
        if not meta.get("event"):
            return None
        folded = self.log.folded(meta["event"])
        table = model.table_of(folded.state, meta["round"], meta["table"])
        if table is None or game_id not in [table.get("game"), *(table.get("games") or [])]:
            return None
        # The table's own voice: its device's token, else the player who holds that seat.
        by = "device" if device else dict(zip(("p1", "p2"), table["players"])).get(seat, "")
        return self.log.append(Member(meta["event"], "game", by), "judge_call",
                            {"round": meta["round"], "table": meta["table"], "by": by, "note": note,
                             "game": game_id, "entry": entry}, f"flag-{game_id}-{flag_id}"[:100])

    def folded_setup_best_of(self, table: Table) -> int:
        """Games per match of the tournament a table belongs to (1 or 3)."""
        game = table["game"]
        meta = (self.games.logs.game(game).get("meta") or {}) if game else {}
        tid = meta.get("event")
        return self.log.folded(tid).row["setup"]["best_of"] if tid else 1

    def confirm(self, member: Member, round_no: int, table_no: int, raw: Any) -> tuple[int, dict]:
        """One tap: the caller signs off the tracked game's outcome as the table's result.

        201 with the stored confirmation; 200 with the caller's earlier one when they already confirmed this
        same result (a second tap, a resend): it is stored once.
        """
        body = self.log.load(NoteSchema(), raw if raw is not None else {})
        tournament = self.log.folded(member.tournament_id)
        table = model.table_of(tournament.state, round_no, table_no)
        if table is None:
            raise ApiError(404, "no_such_table", f"Round {round_no} has no table {table_no}.")
        by = voice_of(member, table_no)
        # Another table's player (or device) is refused before the game is read: 403, never what its game is at.
        refusal = model.table_voice(table, by)
        if refusal is not None:
            raise refused(refusal)
        result = self.outcome_result(table)
        found: list[dict] = []

        def earlier(tournament) -> dict | None:
            entry = self._earlier_confirmation(tournament, round_no, table_no, by, result)
            if entry is not None:
                found.append(entry)
            return entry

        stored = self.log.append(member, "confirm", {"round": round_no, "table": table_no, "by": by, "result": result},
                              body["id"], earlier=earlier)
        return (200 if found else 201), stored

    @staticmethod
    def _earlier_confirmation(tournament, round_no: int, table_no: int, by: str, result: dict) -> dict | None:
        """The caller's confirmation of this same result at this table, when the table still holds it."""
        table = model.table_of(tournament.state, round_no, table_no)
        if table is None or table["confirmations"].get(by) != result:
            return None
        return next((e for e in reversed(tournament.entries) if e["type"] == "confirm" and e["data"]["round"] == round_no
                     and e["data"]["table"] == table_no and e["data"]["by"] == by), None)

    def flag(self, member: Member, round_no: int, table_no: int, raw: Any) -> dict:
        """A judge (the referee of any table) flags a tracked table's game with a reason: disputed until settled."""
        body = self.log.load(NoteSchema(), raw if raw is not None else {})
        reason = (body["reason"] or "").strip()
        return self.log.append(member, "flag", {"round": round_no, "table": table_no, "by": member.actor, "reason": reason},
                            body["id"])

    def enter_result(self, member: Member, round_no: int, table_no: int, raw: Any) -> dict:
        """The scorekeeper (or a judge settling a dispute) enters or corrects a result, with a reason for a correction."""
        body = self.log.load(ResultSchema(), raw)
        result = {"winner": body["winner"], "glory": body["glory"]}
        if body["games_won"] is not None:
            result["games_won"] = body["games_won"]
        if body["decided_by"] is not None:
            result["decided_by"] = body["decided_by"]
        return self.log.append(member, "result", {"round": round_no, "table": table_no, "result": result,
                                               "reason": body["reason"].strip(), "source": member.role}, body["id"])

    def ruling(self, member: Member, raw: Any) -> dict:
        """A judge's ruling in the tournament's rulings log."""
        body = self.log.load(RulingSchema(), raw)
        data = {k: body[k] for k in ("round", "table", "question", "answer", "rule")}
        if (data["round"] is None) != (data["table"] is None):
            raise ApiError(400, "invalid", "A ruling at a table names both its round and its table.",
                           fields={"table": "Give round and table together, or neither."})
        return self.log.append(member, "ruling", data, body["id"])
