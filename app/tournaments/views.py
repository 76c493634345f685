"""What each member sees of a tournament: the tournament, their own table, the log (staff) and the dashboard (staff)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.live import fastjson
from app.service import ApiError, GameService

from . import calls, cut, decklists, edits, model, overlay, penalties, playerlinks, progress, signup, timeext, victory
from .log import FoldedTournament, Member, TournamentLog
from .reads import is_cut_round
from .results import Results
from .types import Player, Round, Table, TournamentState


def off_fixed_table(s: TournamentState, table: Table) -> list[dict]:
    """The players of a table who keep a fixed table (accessibility) other than this one: both players of the match had
    one, a swap moved them, or their table was given after the round was paired. The staff's to see before the round
    is done."""
    players = [s["players"][p] for p in table["players"] if p is not None]
    return [{"player": p["id"], "name": p["name"], "fixed_table": p["fixed_table"]} for p in players
            if p.get("fixed_table") and p["fixed_table"] != table["table"]]


class Views:
    """The tournament as a role may see it (players' decks and join codes for the staff only)."""

    def __init__(self, log: TournamentLog, games: GameService, results: Results):
        self.log = log
        self.games = games
        self.results = results

    def view(self, member: Member) -> dict:
        """The tournament as this member may see it.

        The part every member of one kind sees alike (the public, the players, the table devices and the registration
        link see what the public sees; each staff role its own) is built once per head and shared by every read at
        that head (`FoldedTournament.shared`): at hundreds of players it is most of a read's work, and every open page
        reads it after each entry. A read adds the caller's own parts and marks the tables whose game is over."""
        tournament = self.log.folded(member.tournament_id)
        shared, rounds = self._shared_now(tournament, member)
        return {**shared, "rounds": rounds, **self._own(tournament, member)}

    def view_text(self, member: Member) -> str:
        """`view` as JSON text: the shared part encoded once per head (and per set of tables whose game is over),
        the caller's own parts added to it; what GET /api/tournaments/<id> answers every open page with."""
        tournament = self.log.folded(member.tournament_id)
        shared, rounds = self._shared_now(tournament, member)
        waiting = tuple((r["round"], t["table"]) for r in rounds for t in r["tables"] if t["status"] == "waiting")
        kind = member.role if member.is_staff else "public"
        text = tournament.shared(("text", kind, waiting), lambda: fastjson.dumps({**shared, "rounds": rounds}))
        own = fastjson.dumps(self._own(tournament, member))
        return text[:-1] + "," + own[1:]  # both are objects; the caller's keys are none of the shared ones

    def _shared_now(self, tournament: FoldedTournament, member: Member) -> tuple[dict, list[dict]]:
        """The part of the view a member's kind shares at this head, and its rounds with the finished games marked."""
        kind = member.role if member.is_staff else "public"
        shared = tournament.shared(kind, lambda: self._shared_view(tournament, kind))
        best_of = tournament.row["setup"].get("best_of", 1)
        return shared, [self._marked_waiting(r, best_of) for r in shared["rounds"]]

    def _own(self, tournament: FoldedTournament, member: Member) -> dict:
        """What only this member sees: who they are, and a player's own registration and table (a device's table)."""
        s = tournament.state
        out: dict[str, Any] = {"you": {"role": member.role, "subject": member.subject}}
        if member.role == "player":
            out["me"] = self._player_view(s["players"][member.subject], True, True)  # their own deck
            out["me"]["penalties"] = penalties.of_player(s, member.subject)  # their own record, nobody else's
        if member.role in ("player", "table"):
            out["mine"] = self._mine(tournament, member)
        return out

    def _shared_view(self, tournament: FoldedTournament, kind: str) -> dict:
        """What every member of a kind ("public", or a staff role) sees of the tournament at this head (not changed
        afterwards: each read copies what it adds to)."""
        s = tournament.state
        setup = {k: v for k, v in tournament.row["setup"].items() if k not in playerlinks.HIDDEN_SETUP}
        staff = kind != "public"
        decks = decklists.sees_decks(s, Member(tournament.row["id"], kind))
        rounds = [self._round_view(s, s["rounds"][n], staff) for n in sorted(s["rounds"])
                  if staff or s["rounds"][n]["published"]]
        out: dict[str, Any] = {"id": tournament.row["id"], "setup": setup, "head": tournament.head,
               "players": [self._player_view(s["players"][p], staff, decks) for p in s["order"]
                           if staff or s["players"][p]["status"] != "merged"],
               "rounds": rounds, "current_round": model.current_round(s),
               "standings": tournament.standings(), "cut": cut.bracket(s),
               "next": self._next_step(s) if staff else None,
               "signup": self._signup_view(s, kind),
               "decklists": decklists.listing(s) if s["decks_published"] else None,
               "deck_deadline": s.get("deck_deadline")}
        if out["next"] == "pair":
            out["next_name"] = cut.stage_name(s, out["current_round"] + 1)
        if kind == "organiser" and out["next"] == "finished" and s["cut"] is None:
            out["cut_sizes"] = [n for n in cut.CUT_SIZES if len(cut.seeds_from(s, n)) == n]
        if staff:
            out["rulings"] = s["rulings"]
            out["victory"] = victory.choices(tournament.row["setup"], kind)
            out["penalties"] = penalties.listing(s)
        return out

    @staticmethod
    def _signup_view(s: TournamentState, kind: str) -> dict:
        """Self-registration as this kind sees it, each request's deck named as the content names it (organiser)."""
        sig = signup.view(s, kind)
        if kind == "organiser" and sig.get("requests"):
            sig["requests"] = [{**r, "deck_name": decklists.deck_name(r.get("deck"))} for r in sig["requests"]]
        return sig

    def _marked_waiting(self, round_view: dict, best_of: int) -> dict:
        """A shared round view with its tables whose game is over marked waiting (`_mark_waiting`), copied where marked."""
        if not any(row["status"] == "playing" and row["game"] for row in round_view["tables"]):
            return round_view
        marked = {**round_view, "tables": [dict(row) if row["status"] == "playing" and row["game"] else row
                                           for row in round_view["tables"]]}
        self._mark_waiting(marked, best_of)
        return marked

    def _mark_waiting(self, round_view: dict, best_of: int) -> None:
        """A tracked game over that nobody has confirmed yet: its table is waiting for confirmation, not playing.

        Read from the folds this process already holds (the public view is read by everyone, often: no store read per
        table); a game not held here keeps *Playing* until it is next folded (by a seat's move, a confirmation, the
        dashboard).
        """
        for row in round_view["tables"]:
            if row["status"] != "playing" or not row["game"]:
                continue
            held = self.games.logs.held(row["game"])
            outcome: Mapping[str, Any] | None = held.rs.outcome(held.state) if held is not None else None
            if outcome is None:
                continue
            if best_of == 3 and not (outcome.get("match") or {}).get("over"):
                continue  # a best-of-three match goes on after this game
            row["status"] = "waiting"

    def _mine(self, tournament: FoldedTournament, member: Member) -> dict | None:
        """The caller's table in the latest published round: who, where, the clock and the game's outcome."""
        s = tournament.state
        rounds = model.published_rounds(s)
        if not rounds:
            return None
        rnd = rounds[-1]
        if member.role == "player":
            table = model.player_table(s, rnd["round"], member.subject)
            if table is None:
                # The bye, or not paired at all: dropped, joining later, or out of (or never in) the top cut.
                bye = rnd["bye"] == member.subject
                return {"round": rnd["round"], "name": cut.stage_name(s, rnd["round"]), "bye": bye,
                        "not_paired": not bye, "timer": rnd["timer"], "end_of_time": tournament.row["setup"]["end_of_time"]}
        else:
            table = model.table_of(s, rnd["round"], int(member.subject)) if member.subject.isdigit() else None
            if table is None:
                return {"round": rnd["round"], "bye": False, "no_table": True, "timer": rnd["timer"],
                        "end_of_time": tournament.row["setup"]["end_of_time"]}
        proposed = None
        if table["game"] and table["status"] in ("playing", "waiting"):
            try:
                proposed = self.results.outcome_result(table)
            except ApiError:
                proposed = None  # still being played
        me = member.subject if member.role == "player" else "device"
        return {"round": rnd["round"], "name": cut.stage_name(s, rnd["round"]), "table": table["table"],
                "players": table["players"],
                "names": [s["players"][p]["name"] for p in table["players"]],
                "warbands": [s["players"][p].get("warband_name") or s["players"][p]["warband"] for p in table["players"]],
                "mode": table["mode"], "game": table["game"], "join_code": table["join_code"],
                "status": "waiting" if proposed is not None and table["status"] == "playing" else table["status"],
                "result": table["result"], "proposed": proposed,
                "confirmed_by": sorted(table["confirmations"]), "i_confirmed": me in table["confirmations"],
                "timer": rnd["timer"], "end_of_time": tournament.row["setup"]["end_of_time"], "bye": False,
                **timeext.table_view(table, True)}

    @staticmethod
    def _player_view(p: Player, staff: bool, decks: bool) -> dict:
        """A player as a member sees them: the deck for the organiser, the player themselves, or once published."""
        keep = ("id", "name", "warband", "printing", "warband_name", "status", "from_round", "dropped_after")
        out = {k: p.get(k) for k in keep}
        if staff:
            # A fixed table answers an accessibility need: the staff's to know (and the player's own), nobody else's.
            out.update(merged_into=p.get("merged_into"), deck_override=p.get("deck_override"),
                       fixed_table=p.get("fixed_table"), paid=bool(p.get("paid")), edits=p.get("edits") or [])
        if decks:
            out.update(deck=p.get("deck"), deck_problems=p.get("deck_problems"), deck_override=p.get("deck_override"))
        return out

    @staticmethod
    def _round_view(s: TournamentState, rnd: Round, staff: bool) -> dict:
        names = {p: s["players"][p]["name"] for p in s["players"]}
        out_tables = []
        for t in rnd["tables"]:
            row = {"table": t["table"], "players": t["players"], "names": [names[p] for p in t["players"]],
                   "mode": t["mode"], "status": t["status"], "result": t["result"], "game": t["game"],
                   "confirmed_by": sorted(t["confirmations"]), "judge_calls": len(calls.open_calls(t)),
                   **timeext.table_view(t, staff)}
            if staff:
                row.update(join_code=t["join_code"], disputes=t["disputes"], history=t["history"],
                           calls=t["judge_calls"], confirmations=t["confirmations"])
                if not (rnd["published"] and model.round_complete(rnd)):
                    row["off_fixed"] = off_fixed_table(s, t)
                row["changes"] = edits.table_changes(s, t["players"], rnd["round"])
            out_tables.append(row)
        out = {"round": rnd["round"], "name": cut.stage_name(s, rnd["round"]),
               "stage": "cut" if is_cut_round(s, rnd["round"]) else "swiss",
               "published": rnd["published"], "bye": rnd["bye"],
               "bye_name": names.get(rnd["bye"]) if rnd["bye"] else None, "timer": rnd["timer"], "tables": out_tables,
               "complete": rnd["published"] and model.round_complete(rnd), "stale": rnd.get("stale", False)}
        if staff and rnd["bye"]:
            # The player with the bye sits at no table, but a judge still needs to know their registration changed.
            out["bye_changes"] = edits.table_changes(s, [rnd["bye"]], rnd["round"])
        return out

    @staticmethod
    def _next_step(s: TournamentState) -> str:
        n = model.current_round(s)
        if n == 0:
            return "pair" if len(model.active_players(s, 1)) >= 2 else "register"
        rnd = s["rounds"][n]
        if not rnd["published"]:
            return "publish"
        if not model.round_complete(rnd):
            return "results"
        last = s["setup"]["rounds"] + (cut.rounds_of(s["cut"]["size"]) if s["cut"] else 0)
        return "pair" if n < last else "finished"

    def feature_table(self, member: Member, table_no: int) -> dict:
        """A table of the latest published round for a stream's overlay: public, as a spectator of its game sees it.

        Before a round is published, or when this round has no such table, the answer says so (`seated: false`)
        rather than failing: an overlay is set up in the streaming program before the round starts."""
        tournament = self.log.folded(member.tournament_id)
        s = tournament.state
        rounds = model.published_rounds(s)
        rnd = rounds[-1] if rounds else None
        table = model.table_of(s, rnd["round"], table_no) if rnd else None
        out = {"id": member.tournament_id, "name": tournament.row["setup"]["name"], "table": table_no,
               "round": rnd["round"] if rnd else None, "rounds": tournament.row["setup"]["rounds"],
               "seated": table is not None}
        if table is None:
            return out
        players = [s["players"][p] for p in table["players"]]
        out.update(names=[p["name"] for p in players], warbands=[p.get("warband_name") or p["warband"] for p in players],
                   mode=table["mode"], status=table["status"], result=table["result"], players=table["players"],
                   game=None)
        if table["game"]:
            try:
                folded = self.games.logs.folded(table["game"])
            except ApiError:
                return out  # the game cannot be read now: the overlay shows the pairing without it
            out["game"] = overlay.game_summary(folded.rs, folded.state, folded.records[-1] if folded.records else None)
            for seat, warband in zip(out["game"]["seats"], out["warbands"]):
                seat["warband"] = warband  # seats p1, p2 are the table's players in order (rounds.publish)
        return out

    def entries(self, member: Member) -> list[dict]:
        """The whole log (staff only)."""
        if not member.is_staff:
            raise ApiError(403, "staff_only", "The event's log is for its organiser, scorekeepers and judges.")
        tournament = self.log.folded(member.tournament_id)
        return decklists.redacted_entries(tournament.entries, member, bool(tournament.state["decks_published"]))

    def dashboard(self, member: Member) -> dict:
        """Every table of the current round with its game's progress (staff)."""
        if not member.is_staff:
            raise ApiError(403, "staff_only", "The dashboard is for the organiser, scorekeepers and judges.")
        tournament = self.log.folded(member.tournament_id)
        s = tournament.state
        n = model.current_round(s)
        rnd = s["rounds"].get(n)
        slow_after = tournament.row["setup"].get("slow_minutes", 12)
        out = {"round": n, "timer": rnd["timer"] if rnd else None, "tables": [], "head": tournament.head,
               "end_of_time": tournament.row["setup"]["end_of_time"], "slow_minutes": slow_after}
        if rnd is None:
            return out
        view = self._round_view(s, rnd, True)
        for row, table in zip(view["tables"], rnd["tables"]):
            row["progress"] = progress.of_game(self.games.logs, row["game"]) if row["game"] else None
            row["slow"] = progress.is_slow(row["progress"], row["status"], slow_after)
            if row["progress"] and row["progress"]["over"] and row["status"] in ("playing", "waiting", "disputed"):
                # The game is over and its result not final: the staff see what the game says (a judge's
                # Settle result sheet starts from it), and a table nobody has confirmed yet is waiting, not playing.
                try:
                    row["outcome"] = self.results.outcome_result(table)
                except ApiError:
                    row["outcome"] = None  # a best-of-three match between two of its games
                if row["status"] == "playing" and row["outcome"] is not None:
                    row["status"] = "waiting"
            out["tables"].append(row)
        out["published"] = rnd["published"]
        out["bye_name"] = view["bye_name"]
        out["bye_changes"] = view.get("bye_changes", [])
        return out
